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
# (DIR/W/ref.c), built into BUILD/designs/.  The summary after the table gives each workload's
# class as measured (the rule is written above the summary's code: the paper's class is
# bandwidth-bound with idle issue slots), CABA section 7.1's figures beside ours over the paper's
# class (speedup of caba over base, caba against ideal, DRAM bandwidth utilization) and the targets.
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
    act=$(echo "$fr" | awk '{ print $1 }'); bu=$(field dram_bursts "$j"); at=${at:-0}
    echo "$n $class $design $cyc $u $r $wi ${di:-0} $slots $act $bu $at" >> "$R"
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
# The workloads' class, measured (CABA section 3 and 5.3.1: compression is for memory-bandwidth-bound
# applications, found by profiling, and CABA uses issue slots the kernel leaves idle):
#   paper     bandwidth-bound with idle slots, the paper's class: Base's DRAM bandwidth utilization at
#             least 50% (the paper's Base averages 53.6%) and Ideal-BDI leaving at least half of the
#             issue slots without a kernel instruction (the paper's memory-bound applications spend 61%
#             of their issue cycles in memory and data-dependence stalls at 1x bandwidth, 51% at 2x)
#   busy      bandwidth-bound under Base, but Ideal-BDI's kernel instructions fill more than half of
#             the issue slots (little room for assist warps: outside the paper's class)
#   compute   Base's DRAM utilization under 50% (run.aw's '# class: compute' workloads)
#   incompressible   run.aw's '# class: incompressible' (data that does not compress: CABA section 6's
#             control case, no assist warp may start and caba may cost nothing)
# Targets (the issue's): on the paper's class Ideal >= HW >= CABA > Base on each workload (ties within
# 1%), CABA within 10% of Ideal on average and within 15% on each, CABA's DRAM bursts within 10% of
# Ideal's on each; compute-bound and incompressible workloads no more than 1% slower under caba.
if grep -q ' base ' "$R"; then
  awk '
    { w = $1; d = $3; cyc[w, d] = $4; util[w, d] = $5; ratio[w, d] = $6; decl[w] = $2; wi[w, d] = $7; di[w, d] = $8
      per[w, d] = $4 ? $9 / $4 : 0; act[w, d] = $10; bu[w, d] = $11; ast[w, d] = $12
      if (!(w in seen)) { seen[w] = 1; order[++nw] = w } }
    function cls(w) {
      if (decl[w] == "incompressible") return "incompressible"
      if (util[w, "base"] < 0.5) return "compute"
      return 1 - act[w, "ideal"] >= 0.5 ? "paper" : "busy"
    }
    END {
      print ""
      printf "%-10s %-14s %-9s %6s %7s %8s %8s %8s %8s %9s %9s\n", "workload", "class", "declared", "base%", "ideal-i", "hw-mem", "hw", "caba", "ideal", "caba/ideal", "bursts"
      np = 0; sp = 0; lsp = 0; gap = 0; ub = 0; uc = 0; badord = ""; badeach = ""; badbu = ""; worst = 0; worstw = ""
      for (i = 1; i <= nw; i++) {
        w = order[i]; c = cls(w); b = cyc[w, "base"]
        if (!b) continue
        printf "%-10s %-14s %-9s %5.1f%% %6.1f%% %7.3fx %7.3fx %7.3fx %7.3fx %+8.1f%% %+8.1f%%\n", w, c, decl[w], 100 * util[w, "base"],
               100 * (1 - act[w, "ideal"]), cyc[w, "hw-mem"] ? b / cyc[w, "hw-mem"] : 0, cyc[w, "hw"] ? b / cyc[w, "hw"] : 0,
               cyc[w, "caba"] ? b / cyc[w, "caba"] : 0, cyc[w, "ideal"] ? b / cyc[w, "ideal"] : 0,
               cyc[w, "ideal"] ? 100 * (cyc[w, "caba"] / cyc[w, "ideal"] - 1) : 0, bu[w, "ideal"] ? 100 * (bu[w, "caba"] / bu[w, "ideal"] - 1) : 0
        if (c == "paper" && cyc[w, "caba"] && cyc[w, "ideal"] && cyc[w, "hw"]) {
          np++; s = b / cyc[w, "caba"]; sp += s; lsp += log(s)
          g = cyc[w, "caba"] / cyc[w, "ideal"] - 1; gap += g; ub += util[w, "base"]; uc += util[w, "caba"]
          if (!(cyc[w, "ideal"] <= 1.01 * cyc[w, "hw"] && cyc[w, "hw"] <= 1.01 * cyc[w, "caba"] && cyc[w, "caba"] < b)) badord = badord " " w
          if (g > 0.15) badeach = badeach " " w
          if (bu[w, "caba"] > 1.10 * bu[w, "ideal"]) badbu = badbu " " w
        }
        if ((c == "compute" || c == "incompressible") && cyc[w, "caba"]) {
          slow = cyc[w, "caba"] / b - 1; if (slow > worst) { worst = slow; worstw = w }
          if (c == "incompressible" && ast[w, "caba"] > 0) badinc = badinc " " w
        }
      }
      print "  (class: see designs.sh; base% Base'"'"'s DRAM bandwidth utilization; ideal-i the issue slots Ideal-BDI leaves without a kernel"
      print "  instruction; speedups over Base; caba/ideal caba'"'"'s cycles over ideal'"'"'s; bursts caba'"'"'s DRAM bursts over ideal'"'"'s)"
      print ""
      printf "CABA section 7.1 (BDI, the paper'"'"'s bandwidth-bound workloads) beside ours (%d in the paper'"'"'s class):\n", np
      if (np) {
        printf "  caba over base, average speedup:       paper +41.7%%   ours %+.1f%% (arithmetic), %+.1f%% (geometric)\n", 100 * (sp / np - 1), 100 * (exp(lsp / np) - 1)
        printf "  caba against ideal, average:           paper within 2.8%%   ours %.1f%% slower\n", 100 * gap / np
        printf "  DRAM bandwidth utilization, base->caba: paper 53.6%% -> 35.6%%   ours %.1f%% -> %.1f%%\n", 100 * ub / np, 100 * uc / np
        printf "  target: ideal >= hw >= caba > base on each (ties within 1%%): %s\n", badord == "" ? "met" : "NOT met:" badord
        printf "  target: caba within 10%% of ideal on average: %s; within 15%% on each: %s\n", gap / np <= 0.10 ? "met" : "NOT met", badeach == "" ? "met" : "NOT met:" badeach
        printf "  target: caba'"'"'s DRAM bursts within 10%% of ideal'"'"'s on each: %s\n", badbu == "" ? "met" : "NOT met:" badbu
      }
      printf "  target: compute-bound and incompressible workloads no more than 1%% slower under caba: %s (worst %+.2f%%%s)\n",
             worst <= 0.01 ? "met" : "NOT met", 100 * worst, worstw == "" ? "" : ", " worstw
      printf "  target: no assist warp started on incompressible data: %s\n", badinc == "" ? "met" : "NOT met:" badinc
    }' "$R"
fi
