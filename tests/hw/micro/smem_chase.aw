# tests/hw/micro/smem_chase.aw -- shared-memory latency: one thread follows 256 words in shared memory 33 words apart, 4096 timed steps
# Run by make hw-compare under awemu (CONFIG=h100) and by tests/hw/micro_host natively (tests/hw/README.md).
# A "#hw metric NAME UNIT = EXPR" line is computed for both (v0, v1: the values printed;
# t: the launch's seconds, the launch overhead taken off on the GPU; clk: the SM clock in Hz; sms: the SMs).
load ${SCRIPT_DIR}/../hw_micro.ptx
alloc out u64 2
config ${CONFIG}
launch smem_chase 1 1 u32:256 u32:33 u32:4096 out
print out 0 1
#hw metric smem_latency cycles = v0 / 4096
