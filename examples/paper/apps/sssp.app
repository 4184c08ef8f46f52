# LonestarGPU 2.0 sssp, the topology-driven variant (VARIANT 0, LSG 1.02's Bellman-Ford).
SUITE="Lonestar"
ORIGIN=lonestargpu-2.0/apps/sssp
SHARED=lonestargpu-2.0/include
build() { nvcc_build -I../../include -DVARIANT=0 main.cu; }
inputs() { gen rmat 14 8 1 rmat14.gr && gen ref-sssp rmat14.gr sssp-output.ref; }
INPUT_DESC="rmat14.gr: R-MAT (a=0.57, b=c=0.19; Lonestar runs sssp on rmat22 too), 16,384 nodes, 8 edges drawn per node, weights 1..1000, seed 1 (gen rmat); the topology-driven sssp iterates to the fixed point, so a road graph of the same size costs several times more"
ARGS='${INPUTS}/rmat14.gr'
# timing runs: registers as for bfs (bfs.app)
TIMING_OPTS='--set kernel_regs=32 --set assist_regs=0'
check() { log_has 'no of errors = 0\.' "its own check: $(grep -m1 'no of errors' "$LOG" || echo 'no verification line')" && output_is sssp-output.txt sssp-output.ref; }
HOW="its own check (no errors), and sssp-output.txt equal to our CPU's Dijkstra"
# the iterations to the fixed point depend on the order the threads update distances in
VARY='runtime \[|^read [0-9]+ bytes in|iterations = |^	 *[0-9]+%'
