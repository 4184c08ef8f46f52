#!/bin/sh
# tests/timing/gpgpusim.sh [BIN [BUILD [CONFIG [SET...]]]] -- awemu's time for the three kernels that GPGPU-Sim 4
# ran as a reference (../shared/data/gpgpusim-ref/README.md: saxpy with n = 1,048,576 in blocks of 256,
# matmul 256 x 256 x 256 in 16 x 16 blocks, bfs over 100,000 vertices in blocks of 128, 18 launches; the
# examples' own PTX and their ref.c generators with the sizes raised), beside GPGPU-Sim's cycles and times
# under its SM2_GTX480 config (the dev branch, and with GPGPU-Sim 3.x's unsectored L1/L2 lines).  `make
# gpgpusim` runs it under caba-gtx480; CONFIG and --set's (e.g. "--set dram_bandwidth_scale=2") change it.
# The warp instructions are checked against GPGPU-Sim's (the same work); the last line is the geometric
# mean of awemu's time over GPGPU-Sim's (unsectored lines where measured, else the dev branch's).
BIN=${1:-bin}
BUILD=${2:-build}
CONFIG=${3:-caba-gtx480}
SETS=
if [ $# -gt 3 ]; then shift 3; SETS="$*"; fi
D=$BUILD/gpgpusim
mkdir -p "$D"
CC=${CC:-cc}
ref() {   # ref NAME DEFINES...: the example's reference at the reference sizes, its data in D/NAME
  n=$1; shift
  $CC -std=c11 -O2 -ffp-contract=off "$@" -o "$D/$n.ref" "examples/$n/ref.c" -lm && mkdir -p "$D/$n" && "$D/$n.ref" "$D/$n" > "$D/$n.refout"
}
ref saxpy -DN=1048576 || exit 1
ref matmul -DM=256 -DN=256 -DK=256 || exit 1
ref bfs -DNV=100000 || exit 1
# the run scripts, as the examples' with the sizes raised
cat > "$D/saxpy.aw" <<EOF
load examples/saxpy/saxpy.ptx
alloc x f32 1048576
alloc y f32 1048576
fill x file \${DATA}/x.bin
fill y file \${DATA}/y.bin
launch saxpy 4096 256 u32:1048576 f32:2.5 x y
expect y file \${DATA}/y_expected.bin
EOF
cat > "$D/matmul.aw" <<EOF
load examples/matmul/matmul.ptx
alloc A f32 65536
alloc B f32 65536
alloc C f32 65536
fill A file \${DATA}/A.bin
fill B file \${DATA}/B.bin
launch matmul 16,16 16,16 A B C u32:256 u32:256 u32:256
expect C file \${DATA}/C_expected.bin
EOF
ne=$(($(wc -c < "$D/bfs/col_idx.bin") / 4))
nl=$(ls "$D"/bfs/levels_after_*.bin | wc -l)
{ echo "load examples/bfs/bfs.ptx"
  echo "alloc row_ptr s32 100001"; echo "alloc col_idx s32 $ne"; echo "alloc levels s32 100000"; echo "alloc changed s32 1"
  echo "fill row_ptr file \${DATA}/row_ptr.bin"; echo "fill col_idx file \${DATA}/col_idx.bin"; echo "fill levels file \${DATA}/levels_init.bin"
  l=0
  while [ $l -lt "$nl" ]; do
    echo "fill changed const 0"
    echo "launch bfs_level 782 128 row_ptr col_idx levels changed u32:100000 u32:$l"
    l=$((l + 1))
  done
  echo "expect levels file \${DATA}/levels_expected.bin"
} > "$D/bfs.aw"
field() { sed -n "s/^  \"$1\": \\([0-9.]*\\),*/\\1/p" "$2"; }
# GPGPU-Sim 4 (../shared/data/gpgpusim-ref/README.md): warp instructions; cycles at 700 MHz under
# SM2_GTX480 (dev) and with 3.x's unsectored lines (- where not measured)
printf "%-7s %10s %10s %9s %9s %10s %9s %9s %7s\n" kernel warp-insns awemu-cyc MHz awemu-us gpgpusim-c gpgpu-us lines ratio
logsum=0; nk=0
for k in "saxpy 655360 86224 54219" "matmul 2529280 130838 -" "bfs 2790532 301528 270645"; do
  set -- $k
  j="$D/$1.json"
  if ! "$BIN/awemu" run --config "$CONFIG" $SETS --stats-json "$j" "$D/$1.aw" DATA="$D/$1" > "$D/$1.log" 2>&1; then
    echo "$1: the run failed (see $D/$1.log)"; continue
  fi
  cyc=$(field cycles "$j"); wi=$(field warp_instructions "$j")
  mhz=$("$BIN/awemu" config --show --config "$CONFIG" $SETS | sed -n 's/^core_clock_mhz *= *\([0-9.]*\).*/\1/p')
  ref=$4; [ "$ref" = - ] && ref=$3
  awk -v k="$1" -v wi="$wi" -v want="$2" -v c="$cyc" -v mhz="$mhz" -v dev="$3" -v un="$4" -v ref="$ref" 'BEGIN {
    us = c / mhz; rus = ref / 700; note = (wi + 0 >= want * 0.999 && wi + 0 <= want * 1.001) ? "" : " (warp instructions differ: " want ")"
    printf "%-7s %10d %10d %9.0f %9.1f %10d %9.1f %9s %7.3f%s\n", k, wi, c, mhz, us, ref, rus, un == "-" ? "dev" : "3.x", us / rus, note }'
  r=$(awk -v c="$cyc" -v mhz="$mhz" -v ref="$ref" 'BEGIN { printf "%.6f", log((c / mhz) / (ref / 700)) }')
  logsum=$(awk -v a="$logsum" -v b="$r" 'BEGIN { print a + b }'); nk=$((nk + 1))
done
[ $nk -gt 0 ] && awk -v s="$logsum" -v n="$nk" 'BEGIN { printf "geometric mean of awemu time / GPGPU-Sim time over %d kernels: %.3f\n", n, exp(s / n) }'
