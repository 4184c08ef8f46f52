# tests/hw/micro/chase_dram.aw -- DRAM latency: 8192 pointers 4224 bytes apart (33 MiB), written untimed and out of every cache (awemu: a new GPU; the GPU: L2 flushed), each step a miss
# Run by make hw-compare under awemu (CONFIG=h100) and by tests/hw/micro_host natively (tests/hw/README.md).
# A "#hw metric NAME UNIT = EXPR" line is computed for both (v0, v1: the values printed;
# t: the launch's seconds, the launch overhead taken off on the GPU; clk: the SM clock in Hz; sms: the SMs).
load ${SCRIPT_DIR}/../hw_micro.ptx
alloc buf u64 4325376
alloc out u64 2
config off
launch chase_init 1 1 buf u32:8192 u64:528
config ${CONFIG}
launch chase 1 1 buf u32:0 u32:8192 out
print out 0 1
#hw metric dram_latency cycles = v0 / 8192
