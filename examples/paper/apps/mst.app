# LonestarGPU 2.0 mst: Boruvka's minimum spanning tree, with a software global barrier.
SUITE="Lonestar"
ORIGIN=lonestargpu-2.0/apps/mst
SHARED=lonestargpu-2.0/include
build() { nvcc_build -I../../include main.cu; }
inputs() { gen grid 192 192 1 road-192.sym.gr && gen ref-mst road-192.sym.gr mst.ref; }
INPUT_DESC="road-192.sym.gr: bfs's road-like grid, 192 x 192, symmetric as every grid edge is stored both ways with one weight (Lonestar runs mst on 2d-2e20.sym, a grid), seed 1 (gen grid)"
ARGS='${INPUTS}/road-192.sym.gr'
# dfindcompmintwo waits at a software global barrier (GlobalBarrier, include/gbar.cuh) for all its
# CTAs, launched as many as fit the GPU at once: functional mode keeps every CTA of a launch
# resident (--resident-ctas all; one after another, the first would spin until the instruction
# limit stopped it); timing mode keeps them resident as its config allows, as the GPU does
OPTS='--insn-limit 50000000 --resident-ctas all'
# timing runs: registers as for bfs (bfs.app)
TIMING_OPTS='--set kernel_regs=32 --set assist_regs=0'
check() {
  log_has ' result: weight: ' || return 1
  got=$(sed -n 's/.* \(result: weight: .*\)/\1/p' "$LOG" | head -1)
  [ "$got" = "$(cat "$INPUTS/mst.ref")" ] || { REASON="'$got', our CPU's Kruskal: '$(cat "$INPUTS/mst.ref")'"; return 1; }
}
HOW="its result line (weight, components, edges) equal to our CPU's Kruskal (its REF-RESULTS are for the Lonestar inputs)"
VARY='runtime \['
