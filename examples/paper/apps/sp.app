# LonestarGPU 2.0 sp (nsp): survey propagation for random K-SAT.
SUITE="Lonestar"
ORIGIN=lonestargpu-2.0/apps/sp
SHARED=lonestargpu-2.0/include
build() { nvcc_build -I../../include newsp.cu && g++ -O -o genformula genformula.c && cp genformula "$BIN_OUT.genformula"; }
inputs() { "$BIN/sp.genformula" 1 4200 1000 3 random-4200-1000-3.cnf; }
INPUT_DESC="random-4200-1000-3.cnf: 1,000 variables, 4,200 3-literal clauses (ratio 4.2, near random 3-SAT's satisfiability threshold of about 4.27), seed 1 (the suite's genformula)"
ARGS='${INPUTS}/random-4200-1000-3.cnf 3'
check() { same_log && same sp_sol.dat; }
HOW="its printed results and sp_sol.dat the same as in functional mode"
VARY='runtime \['
