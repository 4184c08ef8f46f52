#!/bin/sh
# tests/hw/compare.sh HW.json [CONFIG] -- make hw-compare: runs under awemu, with the timing
# preset CONFIG (default: h200 when the measured GPU's name says H200, else h100), every kernel the measurement file HW.json holds (made by
# tests/hw/run.sh on a GPU): the same scripts with the same data (each example's ref.c), the
# same launches; then prints per kernel the measured and predicted time and their ratio, the
# microbenchmarks' metrics, the worst five, and as the last line
#   MAPE X% over N kernels, correlation R (GPU, date of the measurement)
# (tests/hw/compare.awk has the arithmetic).  The CUDA programs of examples/cuda are built with
# nvcc as make cuda builds them and run under awemu exec; without nvcc, or in an AddressSanitizer
# build (AWEMU_ASAN), they are listed as not compared (no failure).  BIN (default bin) holds
# awemu; PRED=FILE keeps awemu's predictions in FILE;
# MIN_US (default 1): kernels whose measured time less the launch overhead is under this many
# microseconds a launch are too short to time and left out of the figures.
# Exit status: 0, 1 when awemu failed on some kernel (the rest are compared), 2 on a usage or
# input error.
set -u
hw=${1:-}
config=${2:-}
[ -n "$hw" ] && [ $# -le 2 ] || { echo "usage: tests/hw/compare.sh HW.json [CONFIG]" >&2; exit 2; }
[ -r "$hw" ] && [ -f "$hw" ] || { echo "compare.sh: $hw: cannot read the measurement file" >&2; exit 2; }
grep -q '"format": "awemu-hw 1"' "$hw" || { echo "compare.sh: $hw: not a measurement file of tests/hw/run.sh (no \"format\": \"awemu-hw 1\")" >&2; exit 2; }
if [ -z "$config" ]; then
  case $(grep -m1 '"gpu":' "$hw") in *H200*) config=h200;; *) config=h100;; esac
fi
BIN=${BIN:-bin}
awemu=$BIN/awemu
"$awemu" --version > /dev/null 2>&1 || { echo "compare.sh: $awemu does not run (make first)" >&2; exit 2; }
cfg=$("$awemu" config --show --config "$config" 2>&1) || { echo "compare.sh: $cfg" >&2; exit 2; }
clock=$(printf '%s\n' "$cfg" | sed -n 's/^core_clock_mhz = \([0-9.]*\).*/\1/p')
nsm=$(printf '%s\n' "$cfg" | sed -n 's/^n_sm = \([0-9]*\).*/\1/p')
T=$(mktemp -d) || exit 2
trap 'rm -rf "$T"' EXIT
pred=${PRED:-$T/pred}
status=0
NVCC=${NVCC-$(command -v nvcc 2>/dev/null || ls /usr/local/cuda/bin/nvcc 2>/dev/null)}   # NVCC= (empty): none

# awemu's statistics file, as 'KERNEL TAB CYCLES TAB CTAS' a launch
launches() {
  awk '/"launches": \[/ { on = 1; next }
       on && /"kernel":/ { k = $0; sub(/.*"kernel": *"/, "", k); sub(/".*/, "", k); c = "" }
       on && /^      "cycles":/ { c = $0; sub(/.*"cycles": */, "", c); sub(/,.*/, "", c) }
       on && /"occupancy":/ { o = $0; sub(/.*"ctas_per_sm": */, "", o); sub(/,.*/, "", o); print k "\t" c "\t" o }' "$1"
}

# one line per kernel of SCRIPT (its launches summed) from FILE (launches) and VALUES
sum_by_kernel() {
  awk -F '\t' -v s="$1" -v vals="$3" '{ if (!($1 in n)) order[++m] = $1; n[$1]++; c[$1] += $2; o[$1] = o[$1] (o[$1] == "" ? "" : ",") $3 }
       END { for (i = 1; i <= m; i++) { k = order[i]; printf "%s\t%s\t%d\t%d\t%s\t%s\n", s, k, n[k], c[k], o[k], vals } }' "$2"
}

# the values a script printed ('NAME[i] = V' lines), comma-separated
printed() { sed -n 's/^[A-Za-z_][A-Za-z0-9_]*\[[0-9]*\] = \(-\{0,1\}[0-9.eE+-]*\)$/\1/p' "$1" | paste -sd, -; }

echo "#awemu $config $clock $nsm" > "$pred"
scripts=$(sed -n 's/.*"suite": *"\([a-z]*\)", *"script": *"\([^"]*\)".*/\1 \2/p' "$hw" | sort -u)
[ -n "$scripts" ] || { echo "compare.sh: $hw: no kernels" >&2; exit 2; }
echo "$scripts" | while read -r suite script; do
  n=$(echo "$script" | tr '/.' '__')
  kernels=$(grep -F "\"script\": \"$script\"" "$hw" | sed -n 's/.*"kernel": *"\([^"]*\)".*/\1/p')
  why= here=
  case $suite in
    micro|examples)
      if [ ! -f "$script" ]; then why="no such script here"
      else
        data=$T/$n.data
        mkdir -p "$data"
        d=$(dirname "$script")
        if [ -f "$d/ref.c" ] && ! { ${CC:-cc} -std=c11 -O2 -ffp-contract=off -o "$data/ref" "$d/ref.c" -lm && "$data/ref" "$data" > /dev/null; }; then
          why="its ref.c failed"
        elif ! "$awemu" run --config "$config" --stats-json "$T/$n.json" "$script" DATA="$data" CONFIG="$config" > "$T/$n.out" 2>&1; then
          why="awemu failed: $(grep -m1 -i error "$T/$n.out" || tail -1 "$T/$n.out")"
        fi
      fi;;
    cuda)   # a program that cannot run here (no nvcc; an ASan build's libcudart.so, which cannot load into
            # a program built without ASan) is listed as not compared, and is no failure
      if [ -z "$NVCC" ]; then why="nvcc not found: the program is not built here"; here=no
      elif [ -n "${AWEMU_ASAN:-}" ]; then why="not run in an AddressSanitizer build (its libcudart.so cannot load into a program built without it)"; here=no
      elif ! "$NVCC" -cudart shared -o "$T/$n" "$script" > "$T/$n.nvcc" 2>&1; then why="nvcc failed: $(tail -1 "$T/$n.nvcc")"
      elif ! "$awemu" exec --config "$config" --stats-json "$T/$n.json" "$T/$n" > "$T/$n.out" 2>&1; then
        why="awemu exec failed: $(tail -1 "$T/$n.out")"
      fi;;
    *) why="unknown suite '$suite'";;
  esac
  if [ -z "$why" ]; then
    launches "$T/$n.json" > "$T/$n.l"
    # a CUDA program's kernels also under their demangled names, blanks made '_' (as tests/hw/hwshim.cu writes
    # what cudaFuncGetName gives, whichever form that is)
    if [ "$suite" = cuda ] && command -v c++filt > /dev/null; then
      cut -f1 "$T/$n.l" | c++filt | tr ' ' '_' | paste - "$T/$n.l" | awk -F '\t' '$1 != $2 { print $1 "\t" $3 "\t" $4 }' > "$T/$n.dm"
      cat "$T/$n.dm" >> "$T/$n.l"
    fi
    sum_by_kernel "$script" "$T/$n.l" "$(printed "$T/$n.out")" >> "$pred"
  else
    echo "compare.sh: $script: $why" >&2
    for k in $kernels; do printf '%s\t%s\t-\t%s\n' "$script" "$k" "$why" >> "$pred"; done
    [ "$here" = no ] || touch "$T/failed"
  fi
done
[ -f "$T/failed" ] && status=1
awk -v pred="$pred" -v min_us="${MIN_US:-1}" -f tests/hw/compare.awk "$hw" || exit 2
exit $status
