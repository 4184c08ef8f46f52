# tests/hw/micro/alu_indep.aw -- issue rate: 1056 blocks (8 per SM of 132) of 256 threads, 256 iterations of 4 independent fma
# Run by make hw-compare under awemu (CONFIG=h100) and by tests/hw/micro_host natively (tests/hw/README.md).
# A "#hw metric NAME UNIT = EXPR" line is computed for both (v0, v1: the values printed;
# t: the launch's seconds, the launch overhead taken off on the GPU; clk: the SM clock in Hz; sms: the SMs).
load ${SCRIPT_DIR}/../hw_micro.ptx
alloc fo f32 270336
config ${CONFIG}
launch alu_indep 1056 256 fo u32:256
#hw metric fma_issue warp_fma_per_sm_cycle = 1056 * 8 * 256 * 4 / (t * sms * clk)
