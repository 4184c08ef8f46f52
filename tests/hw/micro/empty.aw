# tests/hw/micro/empty.aw -- a launch that does nothing: the launch overhead every time the GPU measures holds and the model leaves out
# Run by make hw-compare under awemu (CONFIG=h100) and by tests/hw/micro_host natively (tests/hw/README.md).
# A "#hw metric NAME UNIT = EXPR" line is computed for both (v0, v1: the values printed;
# t: the launch's seconds, the launch overhead taken off on the GPU; clk: the SM clock in Hz; sms: the SMs).
load ${SCRIPT_DIR}/../hw_micro.ptx
config ${CONFIG}
launch empty 1 32
