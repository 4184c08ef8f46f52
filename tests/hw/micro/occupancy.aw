# tests/hw/micro/occupancy.aw -- occupancy: CTAs per SM for six block sizes and dynamic shared-memory sizes (the GPU: cudaOccupancyMaxActiveBlocksPerMultiprocessor; awemu: its occupancy)
# Run by make hw-compare under awemu (CONFIG=h100) and by tests/hw/micro_host natively (tests/hw/README.md).
# A "#hw metric NAME UNIT = EXPR" line is computed for both (v0, v1: the values printed;
# t: the launch's seconds, the launch overhead taken off on the GPU; clk: the SM clock in Hz; sms: the SMs).
load ${SCRIPT_DIR}/../hw_micro.ptx
alloc out f32 135168
config ${CONFIG}
launch occ 132 64 shared=1024 out
launch occ 132 64 shared=8192 out
launch occ 132 64 shared=32768 out
launch occ 132 128 shared=102400 out
launch occ 132 256 shared=32768 out
launch occ 132 1024 shared=4096 out
