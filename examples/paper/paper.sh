#!/bin/sh
# examples/paper/paper.sh BIN OUT [APP...] -- make paper: the CABA paper's own applications
# (examples/paper/README.md) built, their inputs made, run unmodified by awemu exec under every
# design as awemu sweeps, their outputs checked, and the results written:
#   OUT/summary.json     a list of {"app", "design", "status", "checked", "cycles", "warp_instructions"},
#                        one per application and design (functional base hw-mem hw caba ideal)
#   OUT/index.html, OUT/index.md   the report section "The paper's applications" as a page of its own
#   OUT/section.html, OUT/section.md   the same section for make report's page (examples/sweeps/report.sh)
#   OUT/status.tsv       every run's status and figures (examples/paper/check.sh)
#   OUT/runs/SWEEP/      each sweep's runs (awemu sweep --out), resumable: a run is not run again
#                        while its command and what it reads are unchanged
# Sources: $AWEMU_WORKLOADS (default ../shared/workloads), or PAPER_CLONE=1 (clones of the upstream
# commits).  JOBS=N runs at a time (default: the cores); PAPER_SWEEPS="functional designs ..." runs only
# those of examples/paper/sweeps.  Exit status 0 when it wrote its results (the status of each run is in
# them), 2 when it could not (no sources, no nvcc, no awemu).
set -u
BIN=${1:-bin}
OUT=${2:-build/paper}
[ $# -ge 2 ] && shift 2 || shift $#
REPO=$(pwd)
. examples/paper/lib.sh
APPS=${*:-$PAPER_APPS}
AWEMU=$(cd "$BIN" 2>/dev/null && pwd)/awemu
[ -x "$AWEMU" ] || { say "$BIN/awemu is not built (make)"; exit 2; }
JOBS=${JOBS:-$(nproc 2>/dev/null || echo 2)}
SWEEPS=${PAPER_SWEEPS:-functional designs algorithms best l2}
t_all=$(date +%s)

AWEMU=$AWEMU sh examples/paper/build.sh "$OUT" $APPS || exit 2
OUT=$(cd "$OUT" && pwd)
t_build=$(( $(date +%s) - t_all ))

# each sweep file with the applications built (those of APPS) as its workloads
mkdir -p "$OUT/sweeps" "$OUT/runs" || exit 2
wl=
for APP in $APPS; do [ -f "$OUT/apps/$APP.exec" ] && wl="$wl $OUT/apps/$APP.exec"; done
[ -n "$wl" ] || { say "no application was built (OUT/build.tsv)"; exit 2; }
: > "$OUT/runs/seconds.tsv"
for s in $SWEEPS; do
  f=$PAPER_DIR/sweeps/$s.sweep
  [ -f "$f" ] || { say "no sweep $f"; exit 2; }
  if [ $s = functional ]; then w=$(echo "$wl" | sed "s|$OUT/apps/|$OUT/functional/|g"); else w=$wl; fi
  sed "s|^workloads = .*|workloads =$w|" "$f" > "$OUT/sweeps/$s.sweep"
  say "sweep $s: $(sed -n '1s/^# //p' "$f")"
  t0=$(date +%s)
  "$AWEMU" sweep -j "$JOBS" --out "$OUT/runs/$s" "$OUT/sweeps/$s.sweep" 2> "$OUT/runs/$s.log"
  printf '%s\t%s\n' "$s" $(( $(date +%s) - t0 )) >> "$OUT/runs/seconds.tsv"
  tail -2 "$OUT/runs/$s.log" | sed 's/^/  /' >&2
done
AWEMU=$AWEMU sh examples/paper/check.sh "$OUT" $APPS || exit 2
T_ALL=$(( $(date +%s) - t_all )) T_BUILD=$t_build JOBS=$JOBS sh examples/paper/section.sh "$OUT" $APPS || exit 2
say "$OUT/summary.json, $OUT/index.html ($(( $(date +%s) - t_all )) s)"
