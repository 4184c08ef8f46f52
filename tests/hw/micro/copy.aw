# tests/hw/micro/copy.aw -- streaming bandwidth: 64 MiB copied (read and written: 128 MiB moved, more than L2 holds) by 1056 blocks of 256 threads, 16 bytes a thread a step
# Run by make hw-compare under awemu (CONFIG=h100) and by tests/hw/micro_host natively (tests/hw/README.md).
# A "#hw metric NAME UNIT = EXPR" line is computed for both (v0, v1: the values printed;
# t: the launch's seconds, the launch overhead taken off on the GPU; clk: the SM clock in Hz; sms: the SMs).
load ${SCRIPT_DIR}/../hw_micro.ptx
alloc src f32 16777216
alloc dst f32 16777216
config ${CONFIG}
launch copy 1056 256 src dst u32:4194304
#hw metric copy_bandwidth GB/s = 134217728 / t / 1e9
