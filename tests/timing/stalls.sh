#!/bin/sh
# tests/timing/stalls.sh [BIN [BUILD]] -- CABA Fig. 2 for every example: where the issue slots
# go (active, compute stall, memory stall, data-dependence stall, idle) under caba-gtx480 at
# 0.5x, 1x and 2x DRAM bandwidth, one row per example and bandwidth, with cycles and DRAM
# bandwidth utilization.  `make stalls` runs it.  Each example's inputs come from its
# reference program (examples/NAME/ref.c), built into BUILD/stalls/.  Every example: those of
# examples/caba/ (CABA's workloads) and examples/assist/ (their kernels without subroutines)
# are named caba/NAME and assist/NAME.  Exits 1 when a run failed.
BIN=${1:-bin}
BUILD=${2:-build}
D=$BUILD/stalls
mkdir -p "$D"
failed=0
printf '%-17s %5s %9s %7s %8s %8s %8s %8s %8s\n' example bw cycles dram% active compute memory datadep idle
for script in examples/*/run.aw examples/caba/*/run.aw examples/assist/*/run.aw; do
  dir=$(dirname "$script"); name=${dir#examples/}; n=$(echo "$name" | tr / _)
  mkdir -p "$D/$n"
  if [ -f "$dir/ref.c" ]; then
    cc -std=c11 -O2 -ffp-contract=off -o "$D/$n.ref" "$dir/ref.c" -lm && "$D/$n.ref" "$D/$n" > /dev/null || { echo "$name: the reference failed"; failed=1; continue; }
  fi
  for bw in 0.5 1 2; do
    if ! "$BIN/awemu" run --config caba-gtx480 --set dram_bandwidth_scale=$bw --stats-json "$D/$n.$bw.json" "$script" DATA="$D/$n" > "$D/$n.$bw.log" 2>&1; then
      echo "$name: failed at ${bw}x (see $D/$n.$bw.log)"; failed=1; continue
    fi
    j="$D/$n.$bw.json"
    cyc=$(sed -n 's/^  "cycles": \([0-9]*\),/\1/p' "$j")
    util=$(sed -n 's/^  "dram_bandwidth_utilization": \([0-9.]*\),/\1/p' "$j")
    fr=$(sed -n 's/^  "issue_fractions": {\(.*\)},/\1/p' "$j" | sed 's/"[a-z_]*": //g; s/,//g')
    set -- $fr
    awk -v n="$name" -v bw="${bw}x" -v c="$cyc" -v u="$util" -v a="$1" -v cs="$2" -v ms="$3" -v ds="$4" -v id="$5" \
      'BEGIN { printf "%-17s %5s %9d %6.1f%% %7.1f%% %7.1f%% %7.1f%% %7.1f%% %7.1f%%\n", n, bw, c, 100*u, 100*a, 100*cs, 100*ms, 100*ds, 100*id }'
  done
done
exit $failed
