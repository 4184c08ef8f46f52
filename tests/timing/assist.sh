#!/bin/sh
# tests/timing/assist.sh [BIN [BUILD]] -- assist warps beyond compression (CABA section 8):
# every workload of examples/assist under caba-gtx480 without and with its memoization or
# prefetching subroutines: cycles, speedup, the memoization statistics (lanes that hit and
# skipped the region, lanes that missed, warp instructions the parent did not run) and the
# prefetch statistics (issued, useful, late, useless, redundant, throttled), then the targets
# of the issue checked.  `make assist` runs it.  The table goes to standard output, every
# run's statistics (one JSON array) to BUILD/assist/assist.json, and the cycles of each
# table row without and with its subroutines to BUILD/assist/results.csv (in awemu sweep's
# columns: make report draws the speedups from it with examples/sweeps/assist.figs); each
# workload's inputs come from its reference program (examples/assist/W/ref.c), built into
# BUILD/assist/.
#
# The runs (workload script, subroutine file, extra settings, what it shows):
#   tonemap   memo/tonemap.s          exact memoization, compute-bound: target +20%
#   options   memo/options.s          exact memoization, compute-bound: target +20%
#   walk      prefetch/stride.s       stride prefetcher, latency-bound: target +15%
#   gather    prefetch/gather.s       indirect a[b[i]] prefetcher, latency-bound: target +15%
#   gather    prefetch/stride.s       the stride prefetcher on the indirect pattern (it misses it)
#   walk/run_bw   prefetch/stride.s   bandwidth-bound: throttled, target at most 2% slower
#   walk/run_bw   prefetch/stride.s   the same unthrottled (awc_mshr_fraction, awc_busy_fraction,
#                                     awc_alu_fraction = 1): shown hurting
#   tonemap/run_noisy   memo/tonemap.s         exact memoization with nothing to reuse
#   tonemap/run_approx  memo/tonemap_approx.s  approximate memoization: its error against
#                                              the exact output (the run's expect, rel=1e-2)
BIN=${1:-bin}
BUILD=${2:-build}
D=$BUILD/assist
mkdir -p "$D"
J="$D/assist.json"
printf '[' > "$J"
CSV="$D/results.csv"
echo "run,workload,config,design,algorithm,status,host_seconds,cycles" > "$CSV"
sep=
fails=0
UNTHROTTLED="--set awc_mshr_fraction=1 --set awc_busy_fraction=1 --set awc_alu_fraction=1"
num() { sed -n "s/^  \"$1\": \\([0-9.]*\\),*/\\1/p" "$2" | head -1; }
pf() { sed -n "s/^  \"prefetch\": {.*\"$1\": \\([0-9]*\\).*/\\1/p" "$2" | head -1; }

for w in tonemap options walk gather; do
  cc -std=c11 -O2 -ffp-contract=off -o "$D/$w.ref" "examples/assist/$w/ref.c" -lm && "$D/$w.ref" "$D/$w" > /dev/null ||
    { echo "$w: the reference failed"; exit 1; }
done

# run NAME SCRIPT SUBROUTINES EXTRA: one timing run; its JSON in $D/NAME.json, output in $D/NAME.log
run() {
  sub=; [ "$3" != - ] && sub="--subroutines subroutines/$3"
  w=$(echo "$2" | cut -d/ -f1)
  if ! "$BIN/awemu" run --config caba-gtx480 $sub $4 --stats-json "$D/$1.json" "examples/assist/$2" DATA="$D/$w" > "$D/$1.log" 2>&1; then
    echo "$1: the run failed (see $D/$1.log)"; fails=$((fails + 1)); return 1
  fi
  printf '%s\n  {"run": "%s", "script": "examples/assist/%s", "subroutines": "%s", "settings": "%s", "stats": ' "$sep" "$1" "$2" "$3" "$4" >> "$J"
  cat "$D/$1.json" >> "$J"
  printf '}' >> "$J"
  sep=,
}

printf '%-22s %-22s %9s %9s %8s %8s %8s %9s %8s %9s | %8s %8s %6s %8s %9s %9s\n' \
  workload subroutines cycles0 cycles speedup hits misses saved-wi assists assist-in pf-issued useful late useless redundant throttled
# row NAME BASE SUBROUTINES: a line of the table (BASE: the run without subroutines), and two of the CSV
row() {
  c0=$(num cycles "$D/$2.json"); c=$(num cycles "$D/$1.json")
  l=$(echo "$1" | tr . +)
  echo "$l.without,$l,caba-gtx480,without,-,ok,0,$c0" >> "$CSV"
  echo "$l.with,$l,caba-gtx480,with,-,ok,0,$c" >> "$CSV"
  w0=$(num warp_instructions "$D/$2.json"); wi=$(num warp_instructions "$D/$1.json")
  printf '%-22s %-22s %9s %9s %8s %8s %8s %9s %8s %9s | %8s %8s %6s %8s %9s %9s\n' "$1" "$3" "$c0" "$c" \
    "$(awk "BEGIN { printf \"%.3f\", $c0 / $c }")" "$(num skip_lanes_hit "$D/$1.json")" "$(num skip_lanes_miss "$D/$1.json")" "$((w0 - wi))" \
    "$(num assist_warps_triggered "$D/$1.json")" "$(num assist_warp_instructions "$D/$1.json")" \
    "$(pf issued "$D/$1.json")" "$(pf useful "$D/$1.json")" "$(pf late "$D/$1.json")" "$(pf useless "$D/$1.json")" \
    "$(pf redundant "$D/$1.json")" "$(pf throttled "$D/$1.json")"
}
# target NAME BASE MIN WHAT: the speedup of NAME over BASE is at least MIN
target() {
  c0=$(num cycles "$D/$2.json"); c=$(num cycles "$D/$1.json")
  if awk "BEGIN { exit !($c0 / $c >= $3) }"; then echo "  met:     $4: $(awk "BEGIN { printf \"%.3f\", $c0 / $c }")x (target $3x)"
  else echo "  NOT MET: $4: $(awk "BEGIN { printf \"%.3f\", $c0 / $c }")x (target $3x)"; fails=$((fails + 1)); fi
}

run tonemap.base tonemap/run.aw - "" && run tonemap.memo tonemap/run.aw memo/tonemap.s "" && row tonemap.memo tonemap.base memo/tonemap.s
run options.base options/run.aw - "" && run options.memo options/run.aw memo/options.s "" && row options.memo options.base memo/options.s
run walk.base walk/run.aw - "" && run walk.stride walk/run.aw prefetch/stride.s "" && row walk.stride walk.base prefetch/stride.s
run gather.base gather/run.aw - "" && run gather.indirect gather/run.aw prefetch/gather.s "" && row gather.indirect gather.base prefetch/gather.s
run gather.stride gather/run.aw prefetch/stride.s "" && row gather.stride gather.base prefetch/stride.s
run walk-bw.base walk/run_bw.aw - "" && run walk-bw.throttled walk/run_bw.aw prefetch/stride.s "" && row walk-bw.throttled walk-bw.base prefetch/stride.s
run walk-bw.unthrottled walk/run_bw.aw prefetch/stride.s "$UNTHROTTLED" && row walk-bw.unthrottled walk-bw.base "prefetch/stride.s (1)"
run noisy.base tonemap/run_noisy.aw - "" && run noisy.memo tonemap/run_noisy.aw memo/tonemap.s "" && row noisy.memo noisy.base memo/tonemap.s
run noisy.approx tonemap/run_approx.aw memo/tonemap_approx.s "" && row noisy.approx noisy.base memo/tonemap_approx.s
printf '\n]\n' >> "$J"
echo "(1) unthrottled: $UNTHROTTLED"
echo "cycles0: without the subroutines; saved-wi: warp instructions the parent warps did not run; assists, assist-in: assist"
echo "warps started and their instructions; prefetches into L1: issued (missed, went below), useful (read before they left),"
echo "late (read while in flight), useless (never read), redundant (there already), throttled (prefetchers not deployed)"
err=$(sed -n 's/.*expect out: \(.*\)/\1/p' "$D/noisy.approx.log")
echo "approximate memoization (tonemap on the noisy image, inputs within 2^-11 share a result): $err"
echo "targets (CABA section 8; every output above is checked bit for bit by its script, the approximate one within rel=1e-2):"
target tonemap.memo tonemap.base 1.20 "memoization speeds up tonemap by at least 20%"
target options.memo options.base 1.20 "memoization speeds up options by at least 20%"
target walk.stride walk.base 1.15 "the stride prefetcher speeds up walk by at least 15%"
target gather.indirect gather.base 1.15 "the indirect prefetcher speeds up gather by at least 15%"
target walk-bw.throttled walk-bw.base 0.98 "throttled prefetching costs the bandwidth-bound walk at most 2%"
c0=$(num cycles "$D/walk-bw.base.json"); c=$(num cycles "$D/walk-bw.unthrottled.json")
if [ "$c" -gt "$c0" ]; then echo "  met:     unthrottled prefetching hurts the bandwidth-bound walk: $(awk "BEGIN { printf \"%.3f\", $c0 / $c }")x"
else echo "  NOT MET: unthrottled prefetching does not hurt the bandwidth-bound walk ($c0 -> $c cycles)"; fails=$((fails + 1)); fi
echo "every run's statistics: $J"
[ "$fails" -eq 0 ]
