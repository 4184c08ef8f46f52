#!/bin/sh
# examples/paper/check.sh OUT [APP...] -- the status of every run of make paper's sweeps
# (OUT/runs/SWEEP/runs/ID, examples/paper/sweeps) into OUT/status.tsv, one line a run:
#
#   app sweep run design algorithm status checked cycles warp_instructions seconds
#   dram_bandwidth_utilization compression_ratio_bursts memory_stall assist_warp_instructions
#
# status is "ok" only when the run finished (its statistics written), no launch faulted or was
# refused, it is not stale (made by another awemu or with other inputs: awemu sweep --list would run
# it again), and the application's check (examples/paper/apps/APP.app: its own CPU check, our CPU
# reference, or the same results as its reference run) passed; else it says why.  checked is 1
# when the check ran and passed.  A figure the run has not is "-".  Run from the repository's root.
set -u
OUT=${1:?usage: examples/paper/check.sh OUT [APP...]}
shift
REPO=$(pwd)
. examples/paper/lib.sh
APPS=${*:-$PAPER_APPS}
GEN=$OUT/bin/gen

# stat FILE KEY: a top-level scalar of a stats.json ("-" when absent)
stat() {
  v=$(sed -n "s/^  \"$2\": \\([^,]*\\),*\$/\\1/p" "$1" 2>/dev/null | head -1)
  echo "${v:--}"
}
# warps STATS LOG: the warp instructions of the statistics, else of the summary line awemu wrote at
# the program's exit (a run that failed), else 0 (nothing ran)
warps() {
  v=$(stat "$1" warp_instructions)
  [ "$v" = - ] && v=$(sed -n 's/^awemu: [0-9]* launch.*, \([0-9]*\) warp instruction.*/\1/p' "$2" 2>/dev/null | head -1)
  echo "${v:-0}"
}
# one line: tabs, newlines and carriage returns (a progress line's) made blanks, at most 400 characters
oneline() { tr '\t\n\r' '   ' | sed 's/  */ /g; s/^ //; s/ $//' | cut -c1-400; }

# why_failed SWEEP ID DIR: what the log and the sweep say about a run that left no statistics
why_failed() {
  fault=$(grep -o -m 1 'awemu: fault in kernel.*' "$3/log" 2>/dev/null)
  [ -n "$fault" ] && { echo "$fault"; return; }
  aw=$(grep '^awemu' "$3/log" 2>/dev/null | grep -v '^awemu: [0-9]* launch' | head -1)
  err=$(grep -m 1 ': error: ' "$3/log" 2>/dev/null)
  [ -n "$aw" ] && { echo "$aw${err:+ $err}"; return; }
  sw=$(grep -m 1 "FAILED $2 " "$OUT/runs/$1.log" 2>/dev/null | sed 's/^\[sweep\] FAILED [^ ]* (\([^;:)]*\).*/\1/')
  last=$(grep -v '^\s*$' "$3/log" 2>/dev/null | tail -1)
  echo "${sw:-did not run}${last:+: $last}"
}

# the runs each sweep would run again (awemu sweep --list): a run made by another awemu (another
# timing model) or with other inputs is stale, and its statistics are not reported ok
AWEMU=${AWEMU:-$REPO/bin/awemu}
for d in "$OUT"/runs/*/; do   # (each sweep that ran: its directory of runs)
  [ -d "$d" ] || continue
  s=$(basename "$d")
  : > "$OUT/runs/$s.todo"
  [ -f "$OUT/sweeps/$s.sweep" ] && "$AWEMU" sweep --list --out "$OUT/runs/$s" "$OUT/sweeps/$s.sweep" > "$OUT/runs/$s.todo" 2> /dev/null
done

printf 'app\tsweep\trun\tdesign\talgorithm\tstatus\tchecked\tcycles\twarp_instructions\tseconds\tdram_bandwidth_utilization\tcompression_ratio_bursts\tmemory_stall\tassist_warp_instructions\n' > "$OUT/status.tsv.part"
for APP in $APPS; do
  app_load "$APP" || exit 2
  built=$(awk -F'\t' -v a="$APP" '$1 == a { print $2 }' "$OUT/build.tsv" 2>/dev/null)
  INPUTS=$OUT/inputs/$APP
  if [ "$REF" = functional ]; then R=$OUT/runs/functional/runs/$APP.functional
  else R=$OUT/runs/designs/runs/$APP.caba-gtx480.$REF.bdi; fi
  REFWORK=$R/work REFLOG=$R/log
  # the runs of every sweep, by name
  for run in "functional $APP.functional functional -" \
             "designs $APP.caba-gtx480.base.bdi base bdi" "designs $APP.caba-gtx480.hw-mem.bdi hw-mem bdi" \
             "designs $APP.caba-gtx480.hw.bdi hw bdi" "designs $APP.caba-gtx480.caba.bdi caba bdi" "designs $APP.caba-gtx480.ideal.bdi ideal bdi" \
             "algorithms $APP.caba-gtx480.ideal.fpc ideal fpc" "algorithms $APP.caba-gtx480.ideal.cpack ideal cpack" \
             "algorithms $APP.caba-gtx480.caba.fpc caba fpc" "algorithms $APP.caba-gtx480.caba.cpack caba cpack" \
             "best $APP.caba-gtx480.ideal.best ideal best" "l2 $APP.caba-gtx480.caba.bdi.l2_compressed=off caba-l2off bdi"; do
    set -- $run
    sweep=$1 id=$2 design=$3 alg=$4
    D=$OUT/runs/$sweep/runs/$id
    WORK=$D/work LOG=$D/log
    S=$D/stats.json
    checked=0
    if [ "$built" != ok ]; then
      status=${built:-not built}
    elif [ ! -d "$OUT/runs/$sweep" ]; then
      continue   # (a sweep not run: PAPER_SWEEPS)
    elif [ ! -f "$S" ]; then
      status="failed: $(why_failed "$sweep" "$id" "$D" | oneline)"
      [ "$sweep" = functional ] && [ "$REF" != functional ] && status="not run in functional mode: $(echo "$REF_WHY" | oneline) ($status)"
    elif grep -qF "/runs/$id && " "$OUT/runs/$sweep.todo"; then
      status="stale: made by another awemu (timing model) or with other inputs than now: run its sweep again"
    elif summary=$(grep -E '^awemu: [0-9]+ launch.*(faulted|refused)' "$LOG" | head -1) && [ -n "$summary" ]; then
      status="failed: $(echo "$summary" | sed 's/^awemu: //; s/,.*//') - $( { grep -o -m 1 'awemu: fault in kernel.*' "$LOG" || grep '^awemu' "$LOG" | grep -v '^awemu: [0-9]* launch' | head -1; grep -m 1 ': error: ' "$LOG"; } | oneline)"
    elif [ "$D" != "$R" ] && [ "$REF" != functional ] && [ ! -f "$R/stats.json" ]; then
      status="not checked: its reference run ($REF) failed"
    else
      REASON=
      if check > "$D/check.out" 2>&1; then status=ok checked=1
      else status="output check failed: $(echo "${REASON:-$(tail -1 "$D/check.out")}" | oneline)"; fi
    fi
    sec=$(cat "$D/seconds" 2>/dev/null || echo -)
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$APP" "$sweep" "$id" "$design" "$alg" "$status" "$checked" \
      "$(stat "$S" cycles)" "$(warps "$S" "$LOG")" "${sec:--}" "$(stat "$S" dram_bandwidth_utilization)" \
      "$(stat "$S" compression_ratio_bursts)" "$(sed -n 's/^  "issue_fractions": {.*"memory_stall": \([0-9.]*\).*/\1/p' "$S" 2>/dev/null | head -1)" \
      "$(stat "$S" assist_warp_instructions)" >> "$OUT/status.tsv.part"
  done
done
mv "$OUT/status.tsv.part" "$OUT/status.tsv"
