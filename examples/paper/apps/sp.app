# LonestarGPU 2.0 sp (nsp): survey propagation for random K-SAT.
SUITE="Lonestar"
ORIGIN=lonestargpu-2.0/apps/sp
SHARED=lonestargpu-2.0/include
build() { nvcc_build -I../../include newsp.cu && g++ -O -o genformula genformula.c && cp genformula "$BIN_OUT.genformula"; }
inputs() { "$BIN/sp.genformula" 1 16800 4000 3 random-16800-4000-3.cnf; }
INPUT_DESC="random-16800-4000-3.cnf: 4,000 variables, 16,800 3-literal clauses (ratio 4.2), seed 1 (the suite's genformula)"
ARGS='${INPUTS}/random-16800-4000-3.cnf 3'
check() { same_log && same sp_sol.dat; }
HOW="its printed results and sp_sol.dat the same as in functional mode"
VARY='runtime \['
