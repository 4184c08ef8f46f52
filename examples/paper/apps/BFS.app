# ISPASS-2009 BFS (Harish and Narayanan, HiPC 2007): breadth-first search, one kernel per level.
SUITE="CUDA SDK / ISPASS-2009"
ORIGIN=ispass-2009/BFS
SHARED=
build() { nvcc_build -I"$REPO/$PAPER_DIR/cutil" -I. bfs.cu; }
# a random graph as ISPASS's graph65536.txt: 65,536 nodes, each joined to 1..5 others both ways
inputs() { gen bfstext 65536 3 1 graph65536.txt && gen levels-bfstext graph65536.txt graph65536.levels; }
INPUT_DESC="graph65536.txt: random graph, 65,536 nodes, 1 to 5 edges drawn per node (both directions), seed 1 (gen bfstext)"
ARGS='${INPUTS}/graph65536.txt'
# The kernel marks a node's neighbours in the launch that visits it, so a node can be visited in
# the launch that found it and its cost depends on the order the threads run in (a race of the
# original code): the costs are walk lengths, not always BFS levels, and differ between designs.
# What every order must give: the source at 0, every node of its component reached, none
# outside it, and no cost below the node's BFS level (our CPU's, gen levels-bfstext).
check() { gen check-bfstext "$INPUTS/graph65536.levels" "$WORK/result.txt" > /dev/null 2> "$WORK/../check.err" || { REASON=$(head -1 "$WORK/../check.err"); return 1; }; }
HOW="result.txt a valid traversal by our CPU's BFS (order-dependent kernel: costs differ by design)"
VARY='^Processing time'
