#!/bin/sh
# tests/hw/run.sh [OUT.json] -- measures, on a machine with an NVIDIA GPU and nvcc, every kernel
# make hw-compare predicts: the microbenchmarks of tests/hw/micro/, every example
# (examples/*, examples/caba/*, examples/assist/*: their run.aw launches with their ref.c data)
# and the CUDA programs of examples/cuda, each timed with CUDA events over repeated launches;
# writes ONE JSON file (default $OUT/hw.json, else ./hw.json; tests/hw/README.md has the format)
# and prints what it did with the seconds it took.  Run from the repository root.
#   REPS=15    timed repetitions of each launch (after one untimed)
#   RUNS=5     runs of each examples/cuda program
#   AWEMU=...  the awemu that records the examples' launches (default: build/hw/awemu, the
#              static one `make hw-awemu` makes, else bin/awemu, else `make bin/awemu` here)
#   HW_LOCK_CLOCKS=1  lock the SM clock at its maximum (nvidia-smi -lgc) while measuring, and
#              reset it after (nvidia-smi -rgc); off by default: a lent machine's settings are
#              not ours to change.  The clock is read back either way.
# Exit status: 0 when the file was written (failed parts are listed in it), 1 when there is no
# nvcc, or no GPU (the file then says so and holds no kernel), 2 on a usage error.
set -u
start=$(date +%s)
log() { echo "run.sh: [$(( $(date +%s) - start )) s] $*" >&2; }
out=${1:-${OUT:-.}/hw.json}
case $out in -*) echo "usage: tests/hw/run.sh [OUT.json]" >&2; exit 2;; esac
[ -f tests/hw/run.sh ] || { echo "run.sh: run it from the repository root" >&2; exit 2; }
REPS=${REPS:-15}
RUNS=${RUNS:-5}
NVCC=${NVCC:-$(command -v nvcc || ls /usr/local/cuda/bin/nvcc 2>/dev/null)}
[ -n "$NVCC" ] && [ -x "$NVCC" ] || { echo "run.sh: nvcc not found${NVCC:+ at $NVCC} (set NVCC)" >&2; exit 1; }
JOBS=$(nproc 2>/dev/null || echo 4)
W=$(mktemp -d) || exit 2
trap 'rm -rf "$W"' EXIT
jstr() { printf '%s' "$1" | sed 's/\\/\\\\/g; s/"/\\"/g' | tr -d '\n\r' | tr '\t' ' '; }
failed=
fail() { log "FAILED: $1"; failed="$failed${failed:+, }\"$(jstr "$1")\""; }

# ---- the GPU, the driver, the clocks ----
smi() { command -v nvidia-smi > /dev/null && nvidia-smi "$@" 2> /dev/null; }
driver=$(smi --query-gpu=driver_version --format=csv,noheader | head -1)
clocks_before=$(smi --query-gpu=clocks.sm,clocks.max.sm,clocks.mem,clocks.max.mem,temperature.gpu,power.draw --format=csv,noheader | head -1)
lock="not locked (HW_LOCK_CLOCKS unset: the lent machine's settings stay as they are)"
if [ "${HW_LOCK_CLOCKS:-0}" = 1 ]; then
  max=$(smi --query-gpu=clocks.max.sm --format=csv,noheader,nounits | head -1)
  if [ -n "$max" ] && smi -lgc "$max,$max" > "$W/lgc" 2>&1; then
    lock="locked at $max MHz (nvidia-smi -lgc), reset after"
    trap 'smi -rgc > /dev/null; rm -rf "$W"' EXIT
  else lock="not locked: nvidia-smi -lgc refused ($(jstr "$(cat "$W/lgc" 2>/dev/null)"))"; fi
fi
log "GPU: $(smi --query-gpu=name --format=csv,noheader | head -1), driver ${driver:-?}; clocks: ${clocks_before:-?}; $lock"

# ---- the kit, built with nvcc (in the background while the examples are recorded) ----
(
  "$NVCC" -O2 -arch=sm_90 -o "$W/micro_host" tests/hw/micro_host.cu > "$W/b1.log" 2>&1 || echo micro_host >> "$W/buildfail"
) &
(
  "$NVCC" -O2 -arch=sm_90 -o "$W/hwtime" tests/hw/hwtime.cu -lcuda > "$W/b2.log" 2>&1 || echo hwtime >> "$W/buildfail"
  "$NVCC" -O2 -shared -Xcompiler -fPIC -cudart shared -o "$W/libhwshim.so" tests/hw/hwshim.cu -ldl > "$W/b3.log" 2>&1 || echo hwshim >> "$W/buildfail"
  "$NVCC" -O2 -o "$W/hwagg" tests/hw/hwagg.c > "$W/b4.log" 2>&1 || echo hwagg >> "$W/buildfail"
) &
# the CUDA programs as `make cuda` builds them (nvcc's defaults: the PTX awemu exec runs is the one
# the driver compiles here)
progs=$(ls examples/cuda/*.cu | grep -v -e /oob.cu -e /unsupported.cu)
mkdir -p "$W/cuda"
(echo "$progs" | xargs -P "$JOBS" -I{} sh -c '"$1" -cudart shared -o "$2/cuda/$(basename "$3" .cu)" "$3" > "$2/cuda/$(basename "$3" .cu).log" 2>&1' sh "$NVCC" "$W" {}) &

# ---- awemu: records every example's launches (functional mode, no GPU) ----
AWEMU=${AWEMU:-}
for a in $AWEMU build/hw/awemu bin/awemu; do "$a" --version > /dev/null 2>&1 && { AWEMU=$a; break; }; done
if ! "${AWEMU:-false}" --version > /dev/null 2>&1; then
  log "building bin/awemu (no usable build/hw/awemu or bin/awemu)"
  make -j"$JOBS" LTO= bin/awemu > "$W/make.log" 2>&1 && AWEMU=bin/awemu || { tail -20 "$W/make.log" >&2; AWEMU=; }
fi
scripts=$(ls examples/*/run.aw examples/caba/*/run.aw examples/assist/*/run.aw)
if [ -n "$AWEMU" ]; then
  BIN=$(dirname "$AWEMU") sh tests/gpu/record.sh "$W/rec" $scripts > "$W/record.log" 2>&1 || true
  log "recorded: $(tail -1 "$W/record.log")"
  # each module's PTX compiled by nvcc (ptxas) for sm_90, as hwtime loads it
  ls "$W"/rec/*/module-*.ptx 2>/dev/null | xargs -P "$JOBS" -I{} sh -c '"$1" -cubin -arch=sm_90 -o "${2%.ptx}.cubin" "$2" 2> "${2%.ptx}.cubin.log" || rm -f "${2%.ptx}.cubin"' sh "$NVCC" {}
else fail "awemu: none runs here and make failed: the examples were not recorded"; fi
wait
[ -f "$W/buildfail" ] && for b in $(cat "$W/buildfail"); do fail "build of $b: $(tail -5 "$W"/b*.log)"; done
log "kit built"

# ---- the GPU: its properties and measured clock, the microbenchmarks ----
: > "$W/kernels"
gpu='{}'
nogpu=0
if [ -x "$W/micro_host" ]; then
  gpu=$(timeout 60 "$W/micro_host" --info 2> "$W/info.err") || { fail "no GPU: micro_host --info: $(cat "$W/info.err")"; gpu='{}'; nogpu=1; }
fi
if [ $nogpu = 0 ] && [ -x "$W/micro_host" ]; then
  for s in tests/hw/micro/*.aw; do
    timeout 60 "$W/micro_host" "$REPS" "$s" >> "$W/kernels" 2> "$W/m.err" || fail "$s: $(head -3 "$W/m.err")"
  done
  log "microbenchmarks: $(grep -c . "$W/kernels") kernels"
fi

# ---- the examples: each script's launches, in order, timed ----
if [ $nogpu = 0 ] && [ -x "$W/hwtime" ] && [ -d "$W/rec" ]; then
  for s in $scripts; do
    d="$W/rec/$(dirname "$s" | tr / _)"
    [ -d "$d" ] || { fail "$s: not recorded ($(grep -F "$s" "$W/record.log" | head -1))"; continue; }
    timeout 120 "$W/hwtime" "$REPS" "$d" examples "$s" "$W/kernels" > "$W/e.out" 2> "$W/e.err" || fail "$s: $(head -3 "$W/e.err")"
  done
  log "examples: $(grep -c '"examples"' "$W/kernels") kernels"
fi

# ---- the CUDA programs, each run RUNS times under the timing shim ----
if [ $nogpu = 0 ] && [ -f "$W/libhwshim.so" ] && [ -x "$W/hwagg" ]; then
  for p in $progs; do
    n=$(basename "$p" .cu)
    [ -x "$W/cuda/$n" ] || { fail "$p: nvcc: $(tail -3 "$W/cuda/$n.log")"; continue; }
    : > "$W/cuda/$n.times"
    r=0 ok=0
    while [ $r -lt "$RUNS" ]; do
      r=$((r + 1))
      HWSHIM_OUT="$W/cuda/$n.times" LD_PRELOAD="$W/libhwshim.so" timeout 60 "$W/cuda/$n" > "$W/cuda/$n.out" 2>&1 && ok=$((ok + 1))
    done
    [ $ok = "$RUNS" ] || fail "$p: $((RUNS - ok)) of $RUNS runs failed: $(tail -2 "$W/cuda/$n.out")"
    "$W/hwagg" "$p" "$ok" < "$W/cuda/$n.times" >> "$W/kernels"
  done
  log "CUDA programs: $(grep -c '"cuda"' "$W/kernels") kernels"
fi

# ---- the file ----
clocks_after=$(smi --query-gpu=clocks.sm,clocks.max.sm,clocks.mem,clocks.max.mem,temperature.gpu,power.draw --format=csv,noheader | head -1)
commit=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)
[ -n "$(git status --porcelain 2>/dev/null)" ] && commit="$commit (with changes)"
mkdir -p "$(dirname "$out")"
{
  echo '{'
  echo '  "format": "awemu-hw 1",'
  echo '  "sample": false,'
  echo "  \"date\": \"$(date -u +%Y-%m-%dT%H:%M:%SZ)\","
  echo "  \"gpu\": $gpu,"
  echo "  \"driver\": \"$(jstr "${driver:-unknown}")\","
  echo "  \"clocks_before\": \"$(jstr "${clocks_before:-unknown}")\","
  echo "  \"clocks_after\": \"$(jstr "${clocks_after:-unknown}")\","
  echo "  \"clock_lock\": \"$(jstr "$lock")\","
  echo "  \"awemu_commit\": \"$(jstr "$commit")\","
  echo "  \"reps\": $REPS,"
  echo "  \"runs\": $RUNS,"
  echo "  \"seconds\": $(( $(date +%s) - start )),"
  echo "  \"failed\": [$failed],"
  echo '  "kernels": ['
  sed '$!s/$/,/; s/^/    /' "$W/kernels"
  echo '  ]'
  echo '}'
} > "$out.tmp" && mv "$out.tmp" "$out" || { echo "run.sh: cannot write $out" >&2; exit 2; }
log "wrote $out: $(grep -c '"suite"' "$out") kernels${failed:+; failed: $failed}"
exit $nogpu
