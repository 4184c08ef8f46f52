# tests/hw/micro/bank_8.aw -- shared-memory bank conflicts of degree 8: one warp, each lane loading word lane x 8, 1024 x 32 loads
# Run by make hw-compare under awemu (CONFIG=h100) and by tests/hw/micro_host natively (tests/hw/README.md).
# A "#hw metric NAME UNIT = EXPR" line is computed for both (v0, v1: the values printed;
# t: the launch's seconds, the launch overhead taken off on the GPU; clk: the SM clock in Hz; sms: the SMs).
load ${SCRIPT_DIR}/../hw_micro.ptx
alloc out u32 32
config ${CONFIG}
launch bank 1 32 u32:8 u32:1024 out
#hw metric bank_8_way cycles_per_warp_load = t * clk / 32768
