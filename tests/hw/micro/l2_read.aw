# tests/hw/micro/l2_read.aw -- L2 read bandwidth: 4 MiB read 16 times over by 1056 blocks of 256 threads
# Run by make hw-compare under awemu (CONFIG=h100) and by tests/hw/micro_host natively (tests/hw/README.md).
# A "#hw metric NAME UNIT = EXPR" line is computed for both (v0, v1: the values printed;
# t: the launch's seconds, the launch overhead taken off on the GPU; clk: the SM clock in Hz; sms: the SMs).
load ${SCRIPT_DIR}/../hw_micro.ptx
alloc src f32 1048576
alloc out f32 270336
config ${CONFIG}
launch l2_read 1056 256 src u32:262144 u32:16 out
#hw metric l2_bandwidth GB/s = 4194304 * 16 / t / 1e9
