# ISPASS-2009 LPS: 3D Laplace solver (Jacobi), checked by the program against its CPU gold version.
SUITE="ISPASS-2009"
ORIGIN=ispass-2009/LPS
build() { nvcc_build -I"$REPO/$PAPER_DIR/cutil" -I. laplace3d.cu laplace3d_gold.cpp; }
inputs() { :; }
INPUT_DESC="none: a 100 x 100 x 100 grid built by the program (its default), one iteration"
ARGS=''
check() {
  log_has '^ rms error = ' || return 1
  rms=$(sed -n 's/^ rms error = \([0-9.e+-]*\).*/\1/p' "$LOG" | head -1)
  awk -v r="$rms" 'BEGIN { exit !(r + 0 <= 1e-6) }' || { REASON="its CPU check: rms error $rms"; return 1; }
}
HOW="its own CPU check (rms error 0)"
VARY='\(ms\)'
