# tests/hw/micro/alu_chain.aw -- ALU latency: one warp, 1024 iterations of 16 dependent fma, timed with %clock64
# Run by make hw-compare under awemu (CONFIG=h100) and by tests/hw/micro_host natively (tests/hw/README.md).
# A "#hw metric NAME UNIT = EXPR" line is computed for both (v0, v1: the values printed;
# t: the launch's seconds, the launch overhead taken off on the GPU; clk: the SM clock in Hz; sms: the SMs).
load ${SCRIPT_DIR}/../hw_micro.ptx
alloc fo f32 32
alloc out u64 1
config ${CONFIG}
launch alu_chain 1 32 fo u32:1024 out
print out 0 1
#hw metric fma_latency cycles = v0 / 16384
