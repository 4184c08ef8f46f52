# LonestarGPU 2.0 bfs, the topology-driven variant (VARIANT 0, LSG 1.02's algorithm).
SUITE="Lonestar"
ORIGIN=lonestargpu-2.0/apps/bfs
SHARED=lonestargpu-2.0/include
build() { nvcc_build -I../../include -DVARIANT=0 main.cu; }
inputs() { gen grid 192 192 1 road-192.gr && gen ref-bfs road-192.gr bfs-output.ref; }
INPUT_DESC="road-192.gr: a road-like grid (Lonestar runs bfs on USA-road-d), 192 x 192 nodes joined to their 4 neighbours both ways, weights 1..1000, seed 1 (gen grid)"
ARGS='${INPUTS}/road-192.gr'
# timing runs: a CTA of 1024 threads (the program's block size) fits a GTX 480's 32,768 registers
# only at 32 registers a thread, where ptxas would spill the rest; awemu counts the PTX's live
# registers (40), so the timing model is told ptxas's count (kernel_regs), and that the assist warps
# add none (assist_regs: CABA finds none unallocated here; see README.md, "Registers").  Functional
# mode has no registers to count (and --set there would mean timing mode).
TIMING_OPTS='--set kernel_regs=32 --set assist_regs=0'
check() { log_has 'no of errors = 0\.' "its own check: $(grep -m1 'no of errors' "$LOG" || echo 'no verification line')" && output_is bfs-output.txt bfs-output.ref; }
HOW="its own check (no errors), and bfs-output.txt equal to our CPU's BFS"
VARY='runtime \[|^read [0-9]+ bytes in|^	 *[0-9]+%'
