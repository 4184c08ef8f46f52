# tests/hw/micro/chase_l1.aw -- L1 hit latency: one thread chases 64 pointers 128 bytes apart (8 KiB), written untimed, 256 steps to warm L1, 4096 timed with %clock64
# Run by make hw-compare under awemu (CONFIG=h100) and by tests/hw/micro_host natively (tests/hw/README.md).
# A "#hw metric NAME UNIT = EXPR" line is computed for both (v0, v1: the values printed;
# t: the launch's seconds, the launch overhead taken off on the GPU; clk: the SM clock in Hz; sms: the SMs).
load ${SCRIPT_DIR}/../hw_micro.ptx
alloc buf u64 1024
alloc out u64 2
config off
launch chase_init 1 1 buf u32:64 u64:16
config ${CONFIG}
launch chase 1 1 buf u32:256 u32:4096 out
print out 0 1
#hw metric l1_latency cycles = v0 / 4096
