# tests/hw/micro/chase_l2.aw -- L2 hit latency: 8192 pointers 128 bytes apart (1 MiB, more than L1 holds), a first lap untimed, 8192 steps timed
# Run by make hw-compare under awemu (CONFIG=h100) and by tests/hw/micro_host natively (tests/hw/README.md).
# A "#hw metric NAME UNIT = EXPR" line is computed for both (v0, v1: the values printed;
# t: the launch's seconds, the launch overhead taken off on the GPU; clk: the SM clock in Hz; sms: the SMs).
load ${SCRIPT_DIR}/../hw_micro.ptx
alloc buf u64 131072
alloc out u64 2
config off
launch chase_init 1 1 buf u32:8192 u64:16
config ${CONFIG}
launch chase 1 1 buf u32:8192 u32:8192 out
print out 0 1
#hw metric l2_latency cycles = v0 / 8192
