#!/bin/sh
# tests/timing/designs.sh [BIN [BUILD]] -- every example under each design of CABA section 7
# (base, hw-mem, hw, ideal, caba) with BDI under caba-gtx480: cycles, speedup over base, DRAM
# bandwidth utilization, compression ratio in bursts, assist warps and their instructions, and
# where the issue slots went.  `make designs` runs it; it writes the table to standard output and
# every run's statistics, one JSON array, to BUILD/designs/designs.json.  Each example's inputs
# come from its reference program (examples/NAME/ref.c), built into BUILD/designs/.
BIN=${1:-bin}
BUILD=${2:-build}
D=$BUILD/designs
mkdir -p "$D"
J="$D/designs.json"
printf '[' > "$J"
sep=
field() { sed -n "s/^  \"$1\": \\([0-9.]*\\),*/\\1/p" "$2"; }
printf '%-10s %-7s %9s %8s %6s %6s %7s %9s %7s %7s %7s %7s %7s %7s\n' example design cycles speedup dram% ratio assists assist-in active compute memory datadep idle assist
for script in examples/*/run.aw; do
  dir=$(dirname "$script"); n=$(basename "$dir")
  mkdir -p "$D/$n"
  if [ -f "$dir/ref.c" ]; then
    cc -std=c11 -O2 -ffp-contract=off -o "$D/$n.ref" "$dir/ref.c" -lm && "$D/$n.ref" "$D/$n" > /dev/null || { echo "$n: the reference failed"; continue; }
  fi
  base=
  for design in base hw-mem hw ideal caba; do
    j="$D/$n.$design.json"
    if ! "$BIN/awemu" run --config caba-gtx480 --set design=$design --set compression=bdi --subroutines subroutines/bdi/bdi.s \
         --stats-json "$j" "$script" DATA="$D/$n" > "$D/$n.$design.log" 2>&1; then
      echo "$n: failed under $design (see $D/$n.$design.log)"; continue
    fi
    cyc=$(field cycles "$j"); [ "$design" = base ] && base=$cyc
    fr=$(sed -n 's/^  "issue_fractions": {\(.*\)},/\1/p' "$j" | sed 's/"[a-z_]*": //g; s/,//g')
    awk -v n="$n" -v d="$design" -v c="$cyc" -v b="${base:-$cyc}" -v u="$(field dram_bandwidth_utilization "$j")" \
        -v r="$(field compression_ratio_bursts "$j")" -v at="$(field assist_warps_triggered "$j")" -v ai="$(field assist_warp_instructions "$j")" \
        -v f="$fr" 'BEGIN { split(f, x, " ");
          printf "%-10s %-7s %9d %7.3fx %5.1f%% %6.3f %7d %9d %6.1f%% %6.1f%% %6.1f%% %6.1f%% %6.1f%% %6.1f%%\n",
                 n, d, c, b / c, 100 * u, r, at, ai, 100 * x[1], 100 * x[2], 100 * x[3], 100 * x[4], 100 * x[5], 100 * x[6] }'
    printf '%s\n{"example": "%s", "design": "%s", "stats": ' "$sep" "$n" "$design" >> "$J"
    cat "$j" >> "$J"
    printf '}' >> "$J"
    sep=,
  done
done
printf '\n]\n' >> "$J"
echo "(every run's statistics: $J)"
