#!/bin/sh
# tests/timing/designs.sh [BIN [BUILD [DIR]]] -- every workload of DIR (examples by default;
# examples/caba for CABA's evaluation) under each design of CABA section 7 (base, hw-mem, hw,
# ideal, caba) with BDI under caba-gtx480: cycles, speedup over base, DRAM bandwidth utilization,
# compression ratio in bursts, assist warps and their instructions, and where the issue slots went;
# on the bandwidth-bound workloads also caba-free, caba with awc_compress=free (a what-if: stores
# compressed at no cost), whose distance to ideal is what decompression costs.
# `make designs` runs it on examples/, `make caba` on examples/caba/.  It writes the table to
# standard output and every run's statistics, one JSON array, to BUILD/designs/NAME.json (NAME:
# the directory's last part).  Each workload's inputs come from its reference program
# (DIR/W/ref.c), built into BUILD/designs/.  A workload whose run.aw says "# class: bandwidth" or
# "# class: compute" is counted in the summary after the table: CABA section 7.1's figures side by
# side with ours (speedup of caba over base, caba against ideal, DRAM bandwidth utilization), and
# the targets of the issue: caba faster than base on every bandwidth-bound workload whose data
# compresses by at least 10% in bursts, within 10% of ideal on average, and on the compute-bound
# ones no more than 1% slower than base.
BIN=${1:-bin}
BUILD=${2:-build}
DIR=${3:-examples}
# the subroutines of design caba: BDI with the assist-warp controller's hardware support (CABA 4.4,
# 5.1: the default); SUBR=subroutines/bdi/bdi.s for fully software assist warps
SUBR=${SUBR:-subroutines/bdi/bdi_awc.s}
NAME=$(basename "$DIR")
D=$BUILD/designs
mkdir -p "$D"
J="$D/$NAME.json"
R="$D/$NAME.rows"
: > "$R"
printf '[' > "$J"
sep=
field() { sed -n "s/^  \"$1\": \\([0-9.]*\\),*/\\1/p" "$2"; }
printf '%-10s %-9s %9s %8s %6s %6s %7s %9s %7s %7s %7s %7s %7s %7s\n' workload design cycles speedup dram% ratio assists assist-in active compute memory datadep idle assist
for script in "$DIR"/*/run.aw; do
  dir=$(dirname "$script"); n=$(basename "$dir")
  class=$(sed -n 's/^# class: \([a-z]*\).*/\1/p' "$script" | head -1)
  mkdir -p "$D/$NAME.$n"
  if [ -f "$dir/ref.c" ]; then
    cc -std=c11 -O2 -ffp-contract=off -o "$D/$NAME.$n.ref" "$dir/ref.c" -lm && "$D/$NAME.$n.ref" "$D/$NAME.$n" > /dev/null || { echo "$n: the reference failed"; continue; }
  fi
  base=
  # caba-free (bandwidth-bound workloads): caba with awc_compress=free, a what-if whose stores
  # leave compressed at no cost, so that what is left of caba's gap to ideal is decompression's
  extra=; [ "$class" = bandwidth ] && extra=caba-free
  for design in base hw-mem hw ideal caba $extra; do
    j="$D/$NAME.$n.$design.json"; what=; [ "$design" = caba-free ] && what="--set awc_compress=free"
    if ! "$BIN/awemu" run --config caba-gtx480 --set design=${design%-free} $what --set compression=bdi --subroutines "$SUBR" \
         --stats-json "$j" "$script" DATA="$D/$NAME.$n" > "${j%.json}.log" 2>&1; then
      echo "$n: failed under $design (see ${j%.json}.log)"; continue
    fi
    cyc=$(field cycles "$j"); [ "$design" = base ] && base=$cyc
    fr=$(sed -n 's/^  "issue_fractions": {\(.*\)},/\1/p' "$j" | sed 's/"[a-z_]*": //g; s/,//g')
    u=$(field dram_bandwidth_utilization "$j"); r=$(field compression_ratio_bursts "$j")
    at=$(field assist_warps_triggered "$j"); ai=$(field assist_warp_instructions "$j")
    awk -v n="$n" -v d="$design" -v c="$cyc" -v b="${base:-$cyc}" -v u="$u" -v r="$r" -v at="$at" -v ai="$ai" \
        -v f="$fr" 'BEGIN { split(f, x, " ");
          printf "%-10s %-9s %9d %7.3fx %5.1f%% %6.3f %7d %9d %6.1f%% %6.1f%% %6.1f%% %6.1f%% %6.1f%% %6.1f%%\n",
                 n, d, c, b / c, 100 * u, r, at, ai, 100 * x[1], 100 * x[2], 100 * x[3], 100 * x[4], 100 * x[5], 100 * x[6] }'
    # the floor below: the kernel's warp instructions, its decompression assist warps' instructions,
    # and the issue slots per cycle (every scheduler of every SM)
    wi=$(field warp_instructions "$j")
    di=$(sed -n 's/^  "assist_by_trigger": {"decompress_warps": [0-9]*, "decompress_instructions": \([0-9]*\),.*/\1/p' "$j")
    slots=$(sed -n 's/^  "issue_slots": {\(.*\)},/\1/p' "$j" | sed 's/"[a-z_]*": //g; s/,//g' | awk '{ for (i = 1; i <= NF; i++) t += $i; print t }')
    echo "$n $class $design $cyc $u $r $wi ${di:-0} $slots" >> "$R"
    if [ "$design" = caba-free ]; then printf '%s\n{"workload": "%s", "class": "%s", "design": "caba", "what_if": "awc_compress=free", "stats": ' "$sep" "$n" "${class:-}" >> "$J"
    else printf '%s\n{"workload": "%s", "class": "%s", "design": "%s", "stats": ' "$sep" "$n" "${class:-}" "$design" >> "$J"; fi
    cat "$j" >> "$J"
    printf '}' >> "$J"
    sep=,
  done
done
printf '\n]\n' >> "$J"
echo "(every run's statistics: $J)"
# ---- the summary: CABA section 7.1 beside ours ----
if grep -q ' bandwidth \| compute ' "$R"; then
  awk '
    { cyc[$1, $3] = $4; util[$1, $3] = $5; ratio[$1, $3] = $6; class[$1] = $2; if (!($1 in seen)) { seen[$1] = 1; order[++nw] = $1 }
      wi[$1, $3] = $7; di[$1, $3] = $8; per[$1, $3] = $4 ? $9 / $4 : 0 }
    END {
      nb = 0; sp = 0; lsp = 0; gap = 0; ub = 0; uc = 0; bad = ""; nc = 0; worst = 0; worstw = ""
      for (i = 1; i <= nw; i++) {
        w = order[i]
        if (class[w] == "bandwidth" && cyc[w, "base"] && cyc[w, "caba"] && cyc[w, "ideal"]) {
          nb++; s = cyc[w, "base"] / cyc[w, "caba"]; sp += s; lsp += log(s)
          gap += cyc[w, "caba"] / cyc[w, "ideal"] - 1; ub += util[w, "base"]; uc += util[w, "caba"]
          if (ratio[w, "caba"] >= 1.1 && s <= 1) bad = bad " " w
        }
        if (class[w] == "compute" && cyc[w, "base"] && cyc[w, "caba"]) {
          nc++; slow = cyc[w, "caba"] / cyc[w, "base"] - 1; if (slow > worst) { worst = slow; worstw = w }
        }
      }
      print ""
      printf "CABA section 7.1 (BDI, CABA'"'"'s 12 workloads) beside ours (%d bandwidth-bound, %d compute-bound workloads):\n", nb, nc
      if (nb) {
        printf "  caba over base, average speedup:       paper +41.7%%   ours %+.1f%% (arithmetic), %+.1f%% (geometric)\n", 100 * (sp / nb - 1), 100 * (exp(lsp / nb) - 1)
        printf "  caba against ideal, average:           paper within 2.8%%   ours %.1f%% slower\n", 100 * gap / nb
        printf "  DRAM bandwidth utilization, base->caba: paper 53.6%% -> 35.6%%   ours %.1f%% -> %.1f%%\n", 100 * ub / nb, 100 * uc / nb
        printf "  target: caba faster than base wherever caba'"'"'s bursts compress by >= 10%%: %s\n", bad == "" ? "met" : "NOT met:" bad
        printf "  target: caba within 10%% of ideal on average: %s\n", gap / nb <= 0.10 ? "met" : "NOT met"
        # A bound no scheduling or controller policy can beat: every warp instruction, the
        # kernel'"'"'s and its decompression assist warps'"'"', takes an issue slot (compression is
        # counted as free), so caba needs at least (kernel + decompression) / slots-per-cycle cycles.
        printf "  the issue-slot floor of caba (kernel + decompression instructions / issue slots per cycle; compression free):\n"
        fl = 0
        for (i = 1; i <= nw; i++) {
          w = order[i]
          if (class[w] != "bandwidth" || !cyc[w, "caba"] || !cyc[w, "ideal"] || !per[w, "caba"]) continue
          f = (wi[w, "caba"] + di[w, "caba"]) / per[w, "caba"]
          over = f / cyc[w, "ideal"] - 1; if (over < 0) over = 0; fl += over
          printf "    %-10s %8d decompression instructions: floor %9.0f cycles, %+6.1f%% over ideal (caba %+6.1f%%)\n", w, di[w, "caba"], f, 100 * over, 100 * (cyc[w, "caba"] / cyc[w, "ideal"] - 1)
        }
        printf "    average: caba cannot come closer to ideal than %.1f%% with these subroutines on these workloads\n", 100 * fl / nb
        # caba-free (awc_compress=free): compression costs nothing; what is left is the cost of decompression
        nf = 0; gf = 0
        for (i = 1; i <= nw; i++) { w = order[i]; if (class[w] == "bandwidth" && cyc[w, "caba-free"] && cyc[w, "ideal"]) { nf++; gf += cyc[w, "caba-free"] / cyc[w, "ideal"] - 1 } }
        if (nf) printf "  caba-free against ideal, average (caba with awc_compress=free, its stores compressed at no cost): %.1f%% slower: decompression'"'"'s part\n", 100 * gf / nf
      }
      if (nc) printf "  target: compute-bound workloads no more than 1%% slower under caba: %s (worst %+.2f%%%s)\n",
                      worst <= 0.01 ? "met" : "NOT met", 100 * worst, worstw == "" ? "" : ", " worstw
    }' "$R"
fi
