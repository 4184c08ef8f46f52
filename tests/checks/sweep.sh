# tests/checks/sweep.sh -- awemu sweep (emu/SWEEP.md), sourced by tests/run.sh (pass, fail, $BIN).
#   expansion   2 workloads x 2 designs x 2 algorithms x 2 bandwidths = 16 runs, in the documented
#               order and names, each algorithm with its own subroutines (from --list)
#   errors      a bad key, set key, design value or workload pattern names file and line; runs
#               that would share a directory, subroutines.ALG twice, a count of runs past a million,
#               a workload named shorter than '.aw', an overlong line or run name, timeout nan, a
#               figure without a name, -j/--tasks/--task numbers out of range
#   run + fail  3 runs with -j 2, one of which fails: reported with its command, the others done,
#               exit 1, and the merge has the 3 rows with their statuses and figures
#   resume      a sweep killed (SIGKILL to its process group) while its runs go on: run again,
#               it runs only what has no statistics, and the runs done before keep their files
#   merge       results.csv's cycles of a run are those of its stats.json
#   stale       a run is reused only while its command and the contents of what it reads are the
#               same (7 edits, each undone); a damaged stats.json is failed, named, and run again
#   timeout     a run blocked on a FIFO is killed at the sweep's timeout; a second sweep into the
#               same directory meanwhile is refused
#   signals     SIGTERM and SIGINT stop the runs too and leave no partial statistics (143, 130)
#   no gnuplot  every run ok: the table is written, a warning, status 0
#   figures     from a results.csv written by hand, as derived in the comments
#   exec        .exec workloads (CUDA programs by awemu exec): the command (quotes, ${SCRIPT_DIR},
#               its own directory), a quote not closed and an empty file refused with their line;
#               with nvcc, vecadd in functional and timing mode, reused, and run again when changed
# Everything is written inside one mktemp -d directory, removed at the end.
SW=$(mktemp -d)
awemu=$(cd "$BIN" && pwd)/awemu
root=$PWD

# ---- expansion ----
cat > "$SW/grid.sweep" <<EOF
# a grid: the order is workloads, configs, designs, algorithms, then the set lines
workloads = $root/examples/saxpy $root/examples/reduce
designs = base caba
algorithms = bdi fpc
subroutines.bdi = $root/subroutines/bdi/bdi.s
subroutines.fpc = $root/subroutines/fpc/fpc.s
set dram_bandwidth_scale = 0.5 2
EOF
(cd "$SW" && "$awemu" sweep --list grid.sweep) > "$SW/list" 2> "$SW/list.err"
n=$(wc -l < "$SW/list")
# each line: mkdir -p DIR && rm -f DIR/stats.json DIR/inputs && AWEMU run ... > DIR/log 2>&1 &&
# printf '%s\n' INPUTS... > DIR/inputs && mv DIR/stats.part.json DIR/stats.json
first=$(head -1 "$SW/list" | sed 's/^mkdir -p [^ ]* && rm -f [^ ]* [^ ]* && [^ ]* //; s/ > .*//')
last=$(tail -1 "$SW/list" | sed 's/^mkdir -p [^ ]* && rm -f [^ ]* [^ ]* && [^ ]* //; s/ > .*//')
want_first="run --config caba-gtx480 --set design=base --set compression=bdi --set dram_bandwidth_scale=0.5 --subroutines $root/subroutines/bdi/bdi.s --stats-json grid.runs/runs/saxpy.caba-gtx480.base.bdi.dram_bandwidth_scale=0.5/stats.part.json $root/examples/saxpy/run.aw DATA=grid.runs/data/saxpy"
want_last="run --config caba-gtx480 --set design=caba --set compression=fpc --set dram_bandwidth_scale=2 --subroutines $root/subroutines/fpc/fpc.s --stats-json grid.runs/runs/reduce.caba-gtx480.caba.fpc.dram_bandwidth_scale=2/stats.part.json $root/examples/reduce/run.aw DATA=grid.runs/data/reduce"
if [ "$n" -eq 16 ] && [ "$first" = "$want_first" ] && [ "$last" = "$want_last" ] && [ -f "$SW/grid.runs/data/saxpy/.prepared" ]; then
  pass "sweep: 2 x 2 x 2 x 2 expands into 16 runs in order, each algorithm with its subroutines"
else
  fail "sweep: expansion ($n runs)" "$(head -1 "$SW/list"; tail -1 "$SW/list"; cat "$SW/list.err")"
fi

# ---- errors ----
sw_err() {   # NAME TEXT FILE-CONTENTS: the sweep is refused (status 2) with TEXT
  printf '%s\n' "$3" > "$SW/$1.sweep"
  (cd "$SW" && "$awemu" sweep --list "$1.sweep") > /dev/null 2> "$SW/$1.err"
  rc=$?
  if [ $rc -eq 2 ] && grep -qF -- "$2" "$SW/$1.err"; then pass "sweep refuses $1: $2"
  else fail "sweep $1: expected status 2 and: $2 (status $rc)" "$(cat "$SW/$1.err")"; fi
}
sw_err badkey "badkey.sweep:2: error: unknown key 'workload'" "name = x
workload = a"
sw_err badset "badset.sweep:2: error: set: unknown config key 'dram_speed'" "workloads = $root/examples/saxpy
set dram_speed = 1 2"
sw_err baddesign "baddesign.sweep:2: error: design" "workloads = $root/examples/saxpy
designs = base fast"
sw_err nomatch "workloads: '$root/examples/nosuch*' matches nothing" "workloads = $root/examples/nosuch*"
# two runs that would share a directory (the second skipped as done, the merge wrong): configs
# whose names agree (a file named like a preset), and a workload given twice, where the two
# are not next to each other in the order of the runs
mkdir -p "$SW/cfgdir"
"$awemu" config --show > "$SW/cfgdir/caba-gtx480.cfg"
sw_err dupconfig "dupconfig.sweep:2: error: two runs are both named saxpy.caba-gtx480.base" "workloads = $root/examples/saxpy
configs = caba-gtx480 cfgdir/caba-gtx480.cfg
designs = base caba"
sw_err dupworkload "dupworkload.sweep:1: error: two runs are both named saxpy.caba-gtx480" "workloads = $root/examples/saxpy $root/examples/saxpy
configs = caba-gtx480 mag-gddr5"
# subroutines.ALG twice: the files of all its lines went into a fixed argument list (overflowed)
sw_err dupalgsubs "dupalgsubs.sweep:4: error: subroutines.bdi given twice" "workloads = $root/examples/saxpy
algorithms = bdi
subroutines.bdi = $root/subroutines/bdi/bdi.s
subroutines.bdi = $root/subroutines/bdi/bdi.s"
# 8 var axes of 256 values: 2^64 runs, whose count wrapped to 0 (a sweep of no runs, status 0)
vals=$(seq -s ' ' 256)
sw_err manyruns "more than 1000000 runs" "workloads = $root/examples/saxpy
$(for k in A B C D E F G H; do echo "var $k = $vals"; done)"
# an axis and a 'set' of its key: every run got both on its command line, the set last, and
# results.csv two columns of one name
sw_err setdesign "setdesign.sweep:3: error: set design: 'designs' (line 2) is the design axis already" "workloads = $root/examples/saxpy
designs = base caba
set design = hw"
sw_err setcompression "setcompression.sweep:3: error: set compression: 'algorithms' (line 2) is the compression axis already" "workloads = $root/examples/saxpy
algorithms = bdi fpc
set compression = fpc"
# values that only the checks spanning keys refuse went through, and every such run failed
# when it started: caba-gtx480's L2 is 12 slices (6 partitions x 2) of 16 ways of 128-byte
# lines, 24 KiB a set round, and 512 KiB is no whole number of them (768 KiB is 32); 2 tags a
# way are refused with design base (it compresses nothing), fine with caba.  Refused before
# anything is made (no crosskey.runs directory, no reference program built)
sw_err crosskey "crosskey.sweep:2: error: l2_bytes: l2_bytes = 524288 do not divide into 12 slices" "workloads = $root/examples/saxpy
set l2_bytes = 768K 512K"
sw_err crosskey2 "the runs with config caba-gtx480, design=base, l2_tags=2 would stop with that error" "workloads = $root/examples/saxpy
designs = caba base
set l2_tags = 1 2"
if [ -e "$SW/crosskey.runs" ] || [ -e "$SW/crosskey2.runs" ]; then fail "sweep refused for a cross-key error still made its directory" "$(ls "$SW")"
else pass "sweep refused for a cross-key error made nothing"; fi
# Ctrl-C while a workload's reference program is built: system() holds SIGINT off the sweep, and
# the sweep reported "the reference program failed" with status 2; it stops as Ctrl-C stops it
# while runs run, killed by SIGINT (status 130).  The interrupt here goes to the shell that
# system() started (the compiler's parent) and to the compiler, as the terminal's Ctrl-C does (the
# foreground process group), and to nothing else.  (It went to the shell alone: whether the shell
# then stopped, or ran on to the missing reference program, depended on when it came, and the
# check failed now and then on a loaded machine.)
# (A shell started in the background by a non-interactive one ignores SIGINT, and its children
# cannot undo that: there the interrupt cannot be delivered, and the check is skipped.)
sw_sigign=$(sed -n 's/^SigIgn:[[:space:]]*//p' /proc/$$/status 2>/dev/null)
if [ -n "$sw_sigign" ] && [ $(( 0x$sw_sigign & 2 )) -ne 0 ]; then
  skip "sweep: Ctrl-C while the reference data is made" "SIGINT is ignored in this shell (a background job): it cannot reach the sweep"
else
  mkdir -p "$SW/intr"
  printf '#!/bin/sh\nkill -INT $PPID\nkill -INT $$\nsleep 1\n' > "$SW/intr/cc"
  chmod +x "$SW/intr/cc"
  printf 'workloads = %s/examples/saxpy\n' "$root" > "$SW/intr.sweep"
  (cd "$SW" && CC="$SW/intr/cc" "$awemu" sweep --list intr.sweep) > /dev/null 2> "$SW/intr.err"
  rc=$?
  if [ $rc -eq 130 ] && grep -q "interrupted while preparing" "$SW/intr.err" && ! grep -q "failed" "$SW/intr.err" && [ ! -e "$SW/intr.runs/data/saxpy/.prepared" ]; then
    pass "sweep: Ctrl-C while the reference data is made stops it with status 130"
  else fail "sweep: Ctrl-C while preparing data (status $rc, expected 130)" "$(cat "$SW/intr.err")"; fi
fi
# a workload file whose name is shorter than '.aw' (read before its name under AddressSanitizer)
printf 'alloc x u8 1\n' > "$SW/x"
sw_err shortname "shortname.sweep:1: error: workloads: x: no run script" "workloads = x"
# a line longer than the line buffer was read as two lines
sw_err longline "longline.sweep:2: error: line longer than" "workloads = $root/examples/saxpy
var X = $(seq -s ' ' 2000)"
sw_err timeoutnan "timeoutnan.sweep:2: error: timeout: one number of seconds" "workloads = $root/examples/saxpy
timeout = nan"
sw_err nofigname "nofigname.sweep:2: error: figure: a NAME before '='" "workloads = $root/examples/saxpy
figure = bars cycles by design"
sw_err longvalue "longvalue.sweep:2: error: a run's name" "workloads = $root/examples/saxpy
var X = $(printf 'v%.0s' $(seq 700))"
# options whose numbers wrapped (-j 4294967297 was -j 1) or had trailing text (--task 0/2x)
printf 'workloads = %s/examples/saxpy\n' "$root" > "$SW/opt.sweep"
for bad in "-j 4294967297" "--tasks 4294967297" "--task 0/2x"; do
  (cd "$SW" && "$awemu" sweep $bad --list opt.sweep) > /dev/null 2> "$SW/opt.err"
  rc=$?
  if [ $rc -eq 2 ] && grep -q "^awemu sweep: ${bad%% *} " "$SW/opt.err"; then pass "sweep refuses $bad"
  else fail "sweep $bad: expected status 2 (status $rc)" "$(cat "$SW/opt.err")"; fi
done

# ---- functional runs beside timing ones ----
# saxpy (1000 threads in CTAs of 256: 4 CTAs, 32 warps): the functional core's warp instruction
# count (awemu run --stats-json without a config) must equal the timing model's for the same run
printf 'workloads = %s/examples/saxpy\nconfigs = functional caba-gtx480\n' "$root" > "$SW/fn.sweep"
(cd "$SW" && "$awemu" sweep -j 2 fn.sweep) > "$SW/fn.out" 2> "$SW/fn.err"
rc=$?
fcsv="$SW/fn.runs/results.csv"
wcol=$(head -1 "$fcsv" 2>/dev/null | tr ',' '\n' | grep -n '^warp_instructions$' | cut -d: -f1)
fw=$(grep '^saxpy.functional,' "$fcsv" 2>/dev/null | cut -d, -f"${wcol:-1}")
tw=$(grep '^saxpy.caba-gtx480,' "$fcsv" 2>/dev/null | cut -d, -f"${wcol:-1}")
if [ $rc -eq 0 ] && [ -n "$fw" ] && [ "$fw" = "$tw" ] && grep -q '"ctas": 4,' "$SW/fn.runs/runs/saxpy.functional/stats.json" &&
   grep -q '"warps": 32,' "$SW/fn.runs/runs/saxpy.functional/stats.json" && ! grep -q -- '--config' "$SW/fn.runs/runs/saxpy.functional/command"; then
  pass "sweep: configs = functional runs awemu run without a config; its $fw warp instructions are the timing model's too"
else
  fail "sweep: functional runs (exit $rc; functional $fw, timing $tw)" "$(cat "$SW/fn.err"; head -3 "$fcsv")"
fi
sw_err fndesign "fndesign.sweep:2: error: configs: functional runs take no designs, algorithms or set axes" "workloads = $root/examples/saxpy
configs = functional
designs = base"

# ---- a run that fails, and the merge ----
mkdir -p "$SW/bad"
printf 'load %s/examples/saxpy/saxpy.ptx\nalloc y f32 32\nexpect y at 0 1\n' "$root" > "$SW/bad/run.aw"
cat > "$SW/fail.sweep" <<EOF
workloads = $root/examples/saxpy $SW/bad $root/examples/reduce
EOF
(cd "$SW" && "$awemu" sweep -j 2 fail.sweep) > "$SW/fail.out" 2> "$SW/fail.err"
rc=$?
csv="$SW/fail.runs/results.csv"
st=$(cut -d, -f1,6 "$csv" 2>/dev/null | tr '\n' ' ')
if [ $rc -eq 1 ] && grep -q "^\[sweep\] FAILED bad.caba-gtx480 (exit 1; log fail.runs/runs/bad.caba-gtx480/log): .* run --config caba-gtx480 --stats-json fail.runs/runs/bad.caba-gtx480/stats.part.json $SW/bad/run.aw" "$SW/fail.err" &&
   [ "$st" = "run,status saxpy.caba-gtx480,ok bad.caba-gtx480,failed reduce.caba-gtx480,ok " ]; then
  pass "sweep: a failing run is reported with its command, the others finish, the merge marks it"
else
  fail "sweep: a failing run (exit $rc; statuses: $st)" "$(cat "$SW/fail.err")"
fi
# the merge: saxpy's cycles in the CSV are its stats.json's
col=$(head -1 "$csv" | tr ',' '\n' | grep -n '^cycles$' | cut -d: -f1)
c_csv=$(sed -n 2p "$csv" | cut -d, -f"${col:-1}")
c_json=$(sed -n 's/^  "cycles": \([0-9]*\),/\1/p' "$SW/fail.runs/runs/saxpy.caba-gtx480/stats.json")
if [ -n "$c_json" ] && [ "$c_csv" = "$c_json" ] && grep -q '"run": "reduce.caba-gtx480", .*"status": "ok"' "$SW/fail.runs/results.json" &&
   grep -q '"run": "bad.caba-gtx480", .*"status": "failed", .*"stats": null' "$SW/fail.runs/results.json"; then
  pass "sweep: merged CSV and JSON carry each run's statistics ($c_csv cycles for saxpy)"
else
  fail "sweep: merge (cycles $c_csv in the CSV, $c_json in stats.json)" "$(head -3 "$csv")"
fi

# ---- resume after a kill ----
# 6 runs of about half a second each (alu under timing mode); -j 1; kill the sweep and the run in
# flight once two are done, then sweep again
printf 'load %s/tests/bench/alu.ptx\nalloc out u32 16384\nlaunch alu 64 256 out u32:${N}\n' "$root" > "$SW/alu.aw"
cat > "$SW/resume.sweep" <<EOF
workloads = $SW/alu.aw
var N = 200 210 220 230 240 250
EOF
(cd "$SW" && exec setsid "$awemu" sweep -j 1 resume.sweep > resume1.out 2> resume1.err) &
sw_pid=$!
k=0
while [ "$(ls "$SW"/resume.runs/runs/*/stats.json 2>/dev/null | wc -l)" -lt 2 ] && [ $k -lt 600 ]; do sleep 0.1; k=$((k + 1)); done
kill -9 -"$sw_pid" 2>/dev/null
wait "$sw_pid" 2>/dev/null
done1=$(ls "$SW"/resume.runs/runs/*/stats.json 2>/dev/null | wc -l)
ls -l --time-style=+%s.%N "$SW"/resume.runs/runs/*/stats.json 2>/dev/null | awk '{print $6, $7}' > "$SW/before.lst"
(cd "$SW" && "$awemu" sweep -j 2 resume.sweep) > "$SW/resume2.out" 2> "$SW/resume2.err"
rc=$?
ls -l --time-style=+%s.%N "$SW"/resume.runs/runs/*/stats.json 2>/dev/null | awk '{print $6, $7}' > "$SW/after.lst"
kept=1
while read -r t f; do grep -qF "$t $f" "$SW/after.lst" || kept=0; done < "$SW/before.lst"
if [ $rc -eq 0 ] && [ "$done1" -ge 2 ] && [ "$done1" -lt 6 ] && grep -q "^\[sweep\] 6 runs: $done1 done before, $((6 - done1)) to run" "$SW/resume2.err" &&
   [ "$(wc -l < "$SW/after.lst")" -eq 6 ] && [ $kept -eq 1 ] && [ "$(grep -c ',ok,' "$SW/resume.runs/results.csv")" -eq 6 ]; then
  pass "sweep: killed after $done1 of 6 runs, it resumes with the other $((6 - done1)), the finished ones untouched"
else
  fail "sweep: resume after a kill ($done1 done before; exit $rc; kept $kept)" "$(cat "$SW/resume1.err" "$SW/resume2.err")"
fi

# ---- stale runs and damaged statistics ----
# A run is reused only while its command and the contents of everything it reads are those it ran
# with (DIR/runs/ID/inputs).  Before, a run was done once its stats.json existed: after editing the
# timeout, the subroutines.ALG line, or the contents of a config, workload, loaded PTX, data or
# subroutine file, --merge called the old run "ok" (status 0) and the sweep never ran it again.
# One real run (saxpy under CABA-BDI, its own copies of every input), then each edit is made, --merge
# must call the run stale naming what changed (status 1), and the edit is undone: back to ok.
ST="$SW/st"
mkdir -p "$ST/wl"
cp "$root/examples/saxpy/run.aw" "$root/examples/saxpy/saxpy.ptx" "$root/examples/saxpy/ref.c" "$ST/wl/"
cp "$root/examples/ref_common.h" "$ST/"
cp "$root/subroutines/bdi/bdi.s" "$ST/bdi.s"
cp "$ST/bdi.s" "$ST/bdi2.s"
"$awemu" config --show > "$ST/my.cfg"
st_sweep() {   # SUBROUTINES TIMEOUT
  printf 'workloads = %s/wl\nconfigs = %s/my.cfg\ndesigns = caba\nalgorithms = bdi\nsubroutines.bdi = %s\ntimeout = %s\n' "$ST" "$ST" "$1" "$2" > "$ST/st.sweep"
}
st_id=wl.my.caba.bdi
st_status() { grep "^$st_id," "$ST/st.runs/results.csv" 2>/dev/null | cut -d, -f6; }
st_merge() { (cd "$ST" && "$awemu" sweep --merge st.sweep) > /dev/null 2> "$ST/merge.err"; }
st_sweep "$ST/bdi.s" 60
(cd "$ST" && "$awemu" sweep st.sweep) > /dev/null 2> "$ST/run1.err"
rc=$?
if [ $rc -eq 0 ] && [ "$(st_status)" = ok ] && grep -q "^[0-9a-f]\{16\} file $ST/wl/saxpy.ptx$" "$ST/st.runs/runs/$st_id/inputs"; then
  pass "sweep: a run records what it read (DIR/runs/ID/inputs: the command, config, subroutines, script, PTX and data)"
else fail "sweep: the first run of the stale-run checks (exit $rc)" "$(cat "$ST/run1.err" "$ST/st.runs/runs/$st_id/inputs" 2>&1)"; fi
cp -p "$ST/st.runs/data/wl/x.bin" "$ST/x.bin.orig"
for edit in timeout subroutines.bdi bdi.s my.cfg run.aw saxpy.ptx x.bin; do
  case $edit in
    timeout) st_sweep "$ST/bdi.s" 61; why="its command changed since it ran" ;;
    subroutines.bdi) st_sweep "$ST/bdi2.s" 60; why="its command changed since it ran" ;;
    bdi.s) echo '// an edit' >> "$ST/bdi.s"; why="its file $ST/bdi.s changed since it ran" ;;
    my.cfg) sed -i 's/^n_sm = 15 /n_sm = 14 /' "$ST/my.cfg"; why="its config $ST/my.cfg changed since it ran" ;;
    run.aw) echo '# an edit' >> "$ST/wl/run.aw"; why="its file $ST/wl/run.aw changed since it ran" ;;
    saxpy.ptx) echo '// an edit' >> "$ST/wl/saxpy.ptx"; why="its file $ST/wl/saxpy.ptx changed since it ran" ;;
    x.bin) printf 'x' >> "$ST/st.runs/data/wl/x.bin"; why="its file st.runs/data/wl/x.bin changed since it ran" ;;
  esac
  st_merge
  rc=$?
  s1=$(st_status)
  err1=$(cat "$ST/merge.err")
  # undone: the same contents again (the hashes are of contents, not of times)
  st_sweep "$ST/bdi.s" 60
  cp "$root/subroutines/bdi/bdi.s" "$ST/bdi.s"
  "$awemu" config --show > "$ST/my.cfg"
  cp "$root/examples/saxpy/run.aw" "$root/examples/saxpy/saxpy.ptx" "$ST/wl/"
  cp "$ST/x.bin.orig" "$ST/st.runs/data/wl/x.bin"
  st_merge
  rc2=$?
  if [ $rc -eq 1 ] && [ "$s1" = stale ] && echo "$err1" | grep -qF "[sweep] STALE $st_id: $why" && [ $rc2 -eq 0 ] && [ "$(st_status)" = ok ]; then
    pass "sweep --merge: a run made before $edit was edited is stale, named with what changed; undone, it is ok again"
  else fail "sweep --merge after an edit of $edit: status $rc, row '$s1' (expected 1, stale: $why); undone: status $rc2, row '$(st_status)'" "$err1"; fi
done
# The model is an input too: a run made by another awemu (rebuilt with another timing model) is
# stale.  Before, the command was hashed without awemu and awemu's bytes were not: after a rebuild,
# make paper's sweeps reported the old model's cycles as ok and ran nothing again.  A copy of awemu
# with one byte more (the ELF loader ignores it) merges the same sweep: stale, naming the model;
# the awemu that ran it merges it ok.
cp "$awemu" "$ST/awemu2" && printf 'x' >> "$ST/awemu2"
(cd "$ST" && ./awemu2 sweep --merge st.sweep) > /dev/null 2> "$ST/merge.err"
rc=$?
s1=$(st_status)
err1=$(cat "$ST/merge.err")
st_merge
rc2=$?
if [ $rc -eq 1 ] && [ "$s1" = stale ] && echo "$err1" | grep -qF "[sweep] STALE $st_id: its model awemu changed since it ran" && [ $rc2 -eq 0 ] && [ "$(st_status)" = ok ]; then
  pass "sweep --merge: a run made by another awemu is stale, named (its model changed); merged by the awemu that made it, ok"
else fail "sweep --merge by another awemu: status $rc, row '$s1' (expected 1, stale); by the same: status $rc2, row '$(st_status)'" "$err1"; fi
rm -f "$ST/awemu2"
# the sweep runs a stale run again, and keeps the new inputs
echo '// an edit' >> "$ST/bdi.s"
(cd "$ST" && "$awemu" sweep st.sweep) > /dev/null 2> "$ST/run2.err"
rc=$?
st_merge
rc2=$?
if [ $rc -eq 0 ] && grep -qF "[sweep] $st_id runs again: its file $ST/bdi.s changed since it ran" "$ST/run2.err" && grep -q '^\[sweep\] 1 runs: 0 done before, 1 to run' "$ST/run2.err" &&
   [ $rc2 -eq 0 ] && [ "$(st_status)" = ok ]; then
  pass "sweep: a run whose subroutine file changed runs again, and is then ok"
else fail "sweep: the stale run again (exit $rc, then --merge $rc2)" "$(cat "$ST/run2.err" "$ST/merge.err")"; fi
# --list | sh (GNU parallel's way) does the same: the stale run is listed, its line records what it read
cp "$root/subroutines/bdi/bdi.s" "$ST/bdi.s"
(cd "$ST" && "$awemu" sweep --list st.sweep) > "$ST/list" 2> "$ST/list.err"
(cd "$ST" && sh list) > /dev/null 2>&1
st_merge
rc2=$?
if [ "$(wc -l < "$ST/list")" -eq 1 ] && grep -q "^mkdir -p st.runs/runs/$st_id && rm -f st.runs/runs/$st_id/stats.json st.runs/runs/$st_id/inputs && timeout -s KILL 61 " "$ST/list" &&
   [ $rc2 -eq 0 ] && [ "$(st_status)" = ok ] && [ -z "$(cd "$ST" && "$awemu" sweep --list st.sweep 2>/dev/null)" ]; then
  pass "sweep --list: the stale run's line runs it under the timeout and records its inputs; then nothing is left to list"
else fail "sweep --list of a stale run (merge $rc2, row $(st_status))" "$(cat "$ST/list" "$ST/list.err" "$ST/merge.err")"; fi
# A damaged stats.json (a disk that filled, a copy cut short): --merge made an "ok" row with empty
# statistics and a results.json that is not JSON, status 0.  It is failed, named, left out of the
# statistics; results.json stays valid; the sweep runs it again.
cp "$ST/st.runs/runs/$st_id/stats.json" "$ST/good.json"
head -c 300 "$ST/good.json" > "$ST/st.runs/runs/$st_id/stats.json"
st_merge
rc=$?
jv=skip
if command -v jq > /dev/null 2>&1; then jq empty "$ST/st.runs/results.json" > /dev/null 2>&1 && jv=valid || jv=invalid
elif command -v python3 > /dev/null 2>&1; then python3 -m json.tool "$ST/st.runs/results.json" > /dev/null 2>&1 && jv=valid || jv=invalid; fi
if [ $rc -eq 1 ] && [ "$(st_status)" = failed ] && grep -qF "[sweep] FAILED $st_id: st.runs/runs/$st_id/stats.json is damaged (not a JSON object" "$ST/merge.err" &&
   grep -q '"status": "failed", .*"stats": null}' "$ST/st.runs/results.json" && [ $jv != invalid ]; then
  pass "sweep --merge: a damaged stats.json is a failed run, named; results.json stays valid JSON ($jv)"
else fail "sweep --merge of a damaged stats.json (exit $rc, row '$(st_status)', results.json $jv)" "$(cat "$ST/merge.err")"; fi
(cd "$ST" && "$awemu" sweep st.sweep) > /dev/null 2> "$ST/run3.err"
rc=$?
if [ $rc -eq 0 ] && grep -qF "[sweep] $st_id runs again: st.runs/runs/$st_id/stats.json is damaged" "$ST/run3.err" && [ "$(st_status)" = ok ]; then
  pass "sweep: a run with a damaged stats.json runs again"
else fail "sweep: the damaged run again (exit $rc)" "$(cat "$ST/run3.err")"; fi
# --merge over a stats.json that awemu did not write: a value longer than the merge's buffer ended
# awemu sweep ("a path or name is too long"); it is left out, the other statistics merged
{ printf '{\n  "cycles": 123,\n  "note": "%s",\n' "$(printf 'n%.0s' $(seq 700))"; printf '  "l1": {"hits": 5, "odd": "x"}\n}\n'; } > "$ST/st.runs/runs/$st_id/stats.json"
st_merge
rc=$?
if [ $rc -eq 0 ] && grep -q "^$st_id,.*,ok,.*123" "$ST/st.runs/results.csv" && grep -q 'l1.hits' "$ST/st.runs/results.csv" &&
   ! grep -q '^run.*,note' "$ST/st.runs/results.csv"; then pass "sweep --merge: an overlong value in a stats.json is left out, the rest merged"
else fail "sweep --merge of an odd stats.json (status $rc)" "$(cat "$ST/merge.err"; head -2 "$ST/st.runs/results.csv" 2>/dev/null | cut -c1-200)"; fi

# ---- the whole run under the timeout; one sweep at a time in a directory ----
# alive FILE: the processes whose command line holds the text in FILE (grep -f: not grep's own)
alive() { grep -l -a -F -f "$1" /proc/[0-9]*/cmdline 2>/dev/null | sed 's,^/proc/,,; s,/cmdline$,,' | grep -v "^self$" | tr '\n' ' '; }
# A run blocked outside a launch (here opening a FIFO no one writes) hung the whole sweep: the
# timeout (awemu run --timeout) covered launches only.  It covers the whole run: the run is killed a
# second after it.  While that sweep runs, a second one into the same directory ran every run a
# second time into the same log and files; it is refused, naming the first.
mkfifo "$SW/fifo"
printf 'alloc x u32 4\nfill x text %s/fifo\n' "$SW" > "$SW/block.aw"
printf '%s' "$SW/block.aw" > "$SW/block.pat"
printf 'workloads = %s/block.aw\nconfigs = functional\ntimeout = 2\n' "$SW" > "$SW/block.sweep"
t0=$(date +%s)
(cd "$SW" && exec timeout 30 "$awemu" sweep block.sweep > block1.out 2> block1.err) &
b_pid=$!
k=0
while [ ! -f "$SW/block.runs/runs/block.functional/log" ] && [ $k -lt 100 ]; do sleep 0.1; k=$((k + 1)); done
(cd "$SW" && timeout 30 "$awemu" sweep block.sweep) > "$SW/block2.out" 2> "$SW/block2.err"
rc2=$?
wait "$b_pid"
rc=$?
secs=$(( $(date +%s) - t0 ))
left=$(alive "$SW/block.pat")
exec 3<> "$SW/fifo"; exec 3>&-   # (a writer that comes and goes: a reader still blocked, before the fix, ends)
if [ $rc -eq 1 ] && [ $secs -lt 20 ] && grep -q "^\[sweep\] FAILED block.functional (timed out: .*sweep's timeout of 2 s at block.sweep:3" "$SW/block1.err" &&
   [ -z "$left" ] && [ ! -e "$SW/block.runs/runs/block.functional/stats.part.json" ]; then
  pass "sweep: a run blocked outside a launch is killed at the sweep's timeout (the whole run); the sweep ends (status 1, ${secs} s)"
else fail "sweep: a run blocked on a FIFO with timeout = 2 (status $rc after $secs s; still running: '$left')" "$(cat "$SW/block1.err")"; fi
if [ $rc2 -eq 2 ] && grep -q "^awemu sweep: block.runs is in use by another sweep (pid [0-9]*: awemu sweep block.sweep, since .*): wait for it to end, or give this one another --out" "$SW/block2.err" &&
   [ "$(grep -c 'block.functional' "$SW/block1.err")" -eq 1 ]; then
  pass "sweep: a second sweep into the same directory is refused, naming the first"
else fail "sweep: a second sweep into one directory (status $rc2, expected 2)" "$(cat "$SW/block2.err")"; fi

# ---- SIGTERM and SIGINT ----
# The sweep died and its runs went on (SIGTERM reached the sweep alone; a terminal's Ctrl-C reached
# the runs too, which then wrote their statistics of the part done): each left a stats.part.json
# behind.  The sweep passes the signal on, waits for its runs, leaves no partial file, and ends by
# the signal (status 143, 130).  Two runs of about 30 s each; the signal once both have started.
printf 'load %s/tests/bench/alu.ptx\nalloc out u32 16384\nlaunch alu 64 256 out u32:${N}\n' "$root" > "$SW/long.aw"
printf '%s' "$SW/long.aw" > "$SW/long.pat"
for sig in TERM INT; do
  want=143
  [ $sig = INT ] && want=130
  if [ $sig = INT ] && ! env --default-signal=INT true 2> /dev/null; then
    skip "sweep: SIGINT passed on to the runs" "env --default-signal (coreutils 8.31) is missing: a background job here ignores SIGINT"
    continue
  fi
  printf 'workloads = %s/long.aw\nvar N = 20000 20001\n' "$SW" > "$SW/sig$sig.sweep"
  if [ $sig = INT ]; then (cd "$SW" && exec env --default-signal=INT setsid "$awemu" sweep -j 2 "sig$sig.sweep" > "sig$sig.out" 2> "sig$sig.err") &
  else (cd "$SW" && exec setsid "$awemu" sweep -j 2 "sig$sig.sweep" > "sig$sig.out" 2> "sig$sig.err") & fi
  s_pid=$!
  k=0
  while [ "$(ls "$SW"/sig$sig.runs/runs/*/log 2>/dev/null | wc -l)" -lt 2 ] && [ $k -lt 100 ]; do sleep 0.1; k=$((k + 1)); done
  sleep 0.5
  if [ $sig = INT ]; then kill -INT -"$s_pid"; else kill -TERM "$s_pid"; fi   # Ctrl-C goes to the terminal's process group
  wait "$s_pid" 2> /dev/null
  rc=$?
  left=$(alive "$SW/long.pat")
  for p in $left; do kill "$p" 2> /dev/null; done   # (before the fix: the runs the sweep left)
  k=0
  while [ -n "$(alive "$SW/long.pat")" ] && [ $k -lt 100 ]; do sleep 0.1; k=$((k + 1)); done
  parts=$(ls "$SW"/sig$sig.runs/runs/*/stats.part.json "$SW"/sig$sig.runs/runs/*/stats.json 2>/dev/null)
  if [ $rc -eq $want ] && [ -z "$left" ] && [ -z "$parts" ] && grep -q "^\[sweep\] stopped by .*: 0 runs done, 0 failed, 2 stopped part way" "$SW/sig$sig.err"; then
    pass "sweep: SIG$sig stops the runs too, leaves no partial statistics, and ends the sweep with status $want"
  else fail "sweep: SIG$sig (status $rc, expected $want; runs still running: '$left'; files: $parts)" "$(cat "$SW/sig$sig.err")"; fi
done

# ---- no gnuplot ----
# Every run succeeded but gnuplot is missing: the sweep exited 2.  It writes the figure's table,
# warns, and exits 0.  (A figure with one series: its table's header says what the bars are.)
printf 'load %s/tests/bench/alu.ptx\nalloc out u32 64\nlaunch alu 1 32 out u32:${N}\n' "$root" > "$SW/tiny.aw"
printf 'workloads = %s/tiny.aw\nvar N = 10\nfigure f = bars cycles by N : tiny\n' "$SW" > "$SW/nognuplot.sweep"
(cd "$SW" && PATH=/nonexistent "$awemu" sweep nognuplot.sweep) > /dev/null 2> "$SW/nognuplot.err"
rc=$?
if [ $rc -eq 0 ] && grep -q "^nognuplot.sweep:3: warning: figure f: gnuplot is not installed" "$SW/nognuplot.err" &&
   grep -q '^| workload | cycles |$' "$SW/nognuplot.runs/figures/f.md"; then
  pass "sweep: all runs ok but no gnuplot: the table is written, a warning, status 0"
else fail "sweep without gnuplot (status $rc, expected 0)" "$(cat "$SW/nognuplot.err")"; fi

# ---- figures ----
# A results.csv written by hand (workloads a and b; designs base and caba; 2 bandwidths), drawn by
# --plot: bars of cycles vs base where bw=1 (a: 100/50 = 2, b: 300/100 = 3, geometric mean
# sqrt(6) = 2.449), bars of a ratio of two columns (insns/secs: 10/2 = 5), vs another axis
# (design=base, per bw: a at bw 2: 80/40 = 2; b's caba run at bw 2 failed: no bar) and a stack
# of the f.* columns; a figure over runs that differ in an axis it does not fix is refused.
mkdir -p "$SW/fig.runs"
cat > "$SW/fig.runs/results.csv" <<EOF
run,workload,config,design,algorithm,bw,status,host_seconds,cycles,insns,secs,f.x,f.y
r1,a,c,base,,1,ok,1,100,10,2,0.25,0.75
r2,a,c,caba,,1,ok,1,50,10,2,0.5,0.5
r3,b,c,base,,1,ok,1,300,10,2,0.1,0.9
r4,b,c,caba,,1,ok,1,100,10,2,0.2,0.8
r5,a,c,base,,2,ok,1,80,10,2,0.3,0.7
r6,a,c,caba,,2,ok,1,40,10,2,0.6,0.4
r7,b,c,caba,,2,failed,1,,,,,
EOF
cat > "$SW/fig.sweep" <<EOF
workloads = $root/examples/saxpy
figure sp = bars cycles by design vs base where bw=1 : Speedup
figure rate = bars insns/secs by design where bw=1
figure bwsp = bars cycles by bw vs design=base where design=caba
figure parts = stack f by design where bw=1
figure twice = bars cycles by design
figure one = bars cycles by bw where bw=1 where design=caba
EOF
(cd "$SW" && "$awemu" sweep --plot --out fig.runs fig.sweep) > "$SW/fig.out" 2> "$SW/fig.err"
rc=$?
printf '| workload | base | caba |\n|---|---:|---:|\n| a | 1.000 | 2.000 |\n| b | 1.000 | 3.000 |\n| **GMEAN** | **1.000** | **2.449** |\n' > "$SW/sp.want"
printf '| workload | base | caba |\n|---|---:|---:|\n| a | 5.000 | 5.000 |\n| b | 5.000 | 5.000 |\n| **MEAN** | **5.000** | **5.000** |\n' > "$SW/rate.want"
printf '| workload | bw=1 | bw=2 |\n|---|---:|---:|\n| a | 2.000 | 2.000 |\n| b | 3.000 | - |\n| **GMEAN** | **2.449** | **2.000** |\n' > "$SW/bwsp.want"
printf '| workload | cycles |\n|---|---:|\n| a | 50.000 |\n| b | 100.000 |\n| **MEAN** | **75.000** |\n' > "$SW/one.want"
printf '| workload | design | x | y |\n|---|---|---:|---:|\n| a | base | 0.250 | 0.750 |\n| a | caba | 0.500 | 0.500 |\n| b | base | 0.100 | 0.900 |\n| b | caba | 0.200 | 0.800 |\n' > "$SW/parts.want"
ok=1
for fg in sp rate bwsp parts one; do cmp -s "$SW/$fg.want" "$SW/fig.runs/figures/$fg.md" || ok=0; done
# the legend (gnuplot's columnheader) is the data's header: what each series is, never a bare "1"
[ "$(head -1 "$SW/fig.runs/figures/bwsp.dat" 2>/dev/null)" = "$(printf 'workload\tbw=1\tbw=2')" ] || ok=0
[ "$(head -1 "$SW/fig.runs/figures/one.dat" 2>/dev/null)" = "$(printf 'workload\tcycles')" ] || ok=0
if [ $rc -eq 2 ] && [ $ok -eq 1 ] && grep -q "fig.sweep:6: error: figure twice: workload a has several runs with design = base: fix the other axes with 'where KEY=VALUE'" "$SW/fig.err"; then
  pass "sweep figures: speedups, geometric means, ratios, a baseline on another axis and stacks as derived by hand, series named (bw=1, cycles); an ambiguous figure refused"
else
  fail "sweep figures (exit $rc)" "$(cat "$SW/fig.err"; for fg in sp rate bwsp parts one; do diff "$SW/$fg.want" "$SW/fig.runs/figures/$fg.md"; done; head -1 "$SW/fig.runs/figures/bwsp.dat" "$SW/fig.runs/figures/one.dat")"
fi
if command -v gnuplot > /dev/null 2>&1; then
  if [ -s "$SW/fig.runs/figures/sp.svg" ] && [ -s "$SW/fig.runs/figures/parts.png" ] && grep -q '<svg' "$SW/fig.runs/figures/sp.svg"; then
    pass "sweep figures drawn by gnuplot: SVG and PNG"
  else fail "sweep figures: gnuplot's SVG and PNG" "$(cat "$SW/fig.err")"; fi
else
  skip "sweep figures drawn by gnuplot" "gnuplot is not installed (Debian's gnuplot-nox; .ci/run installs it)"
fi
# ---- .exec workloads: CUDA programs run by awemu exec (the code before took only run scripts:
# "no run script (a directory with run.aw, or an .aw file)") ----
mkdir -p "$SW/ex"
printf -- "--insn-limit 9 \${SCRIPT_DIR}/prog 'a b'  # a comment\n\"c d\" e\n" > "$SW/ex/q.exec"
printf "prog 'open\n" > "$SW/ex/bad.exec"
printf "# no command\n" > "$SW/ex/empty.exec"
sw_err badexec "workloads: ex/bad.exec:1: the quote (') opened here is not closed" "workloads = ex/bad.exec"
sw_err emptyexec "workloads: ex/empty.exec: no program" "workloads = ex/empty.exec"
printf 'workloads = ex/q.exec\ndesigns = base\n' > "$SW/q.sweep"
(cd "$SW" && "$awemu" sweep --list q.sweep) > "$SW/q.list" 2> "$SW/q.err"
exd=$(cd "$SW/ex" && pwd -P) run=$(cd "$SW" && pwd)/q.runs/runs/q.caba-gtx480.base
want="mkdir -p q.runs/runs/q.caba-gtx480.base && rm -f q.runs/runs/q.caba-gtx480.base/stats.json q.runs/runs/q.caba-gtx480.base/inputs && rm -rf $run/work && mkdir $run/work && (cd $run/work && exec $awemu exec --config caba-gtx480 --set design=base --stats-json $run/stats.part.json --insn-limit 9 $exd/prog 'a b' 'c d' e) > q.runs/runs/q.caba-gtx480.base/log 2>&1 && printf"
if [ "$(sed 's/ printf .*/ printf/' "$SW/q.list")" = "$want" ] && grep -q "file ex/q.exec'" "$SW/q.list"; then
  pass "sweep: an .exec workload runs awemu exec in an empty directory of its own, its words quoted and \${SCRIPT_DIR} absolute"
else fail "sweep: an .exec workload's command" "$(cat "$SW/q.list" "$SW/q.err"; echo "want: $want")"; fi
NVCC_SW=${NVCC:-$(command -v nvcc 2>/dev/null || ls /usr/local/cuda/bin/nvcc 2>/dev/null)}
if [ -z "$NVCC_SW" ]; then
  skip "sweep: a CUDA program as an .exec workload" "nvcc is not installed (it builds the program)"
elif [ -n "$AWEMU_ASAN" ]; then
  skip "sweep: a CUDA program as an .exec workload" "an AddressSanitizer build of libcudart.so.13 cannot load into a program built without it"
elif ! "$NVCC_SW" -cudart shared -o "$SW/ex/vecadd" examples/cuda/vecadd.cu > "$SW/nvcc.log" 2>&1; then
  fail "sweep: a CUDA program as an .exec workload: nvcc" "$(cat "$SW/nvcc.log")"
else
  # the program writes out.txt where it runs; in functional mode and timing mode, 2 runs
  printf "/bin/sh -c 'echo made > out.txt && exec \"\$@\"' sh \${SCRIPT_DIR}/vecadd\n" > "$SW/ex/vec.exec"
  printf 'workloads = ex/vec.exec\nconfigs = functional caba-gtx480\n' > "$SW/vec.sweep"
  (cd "$SW" && "$awemu" sweep -j 2 vec.sweep) > "$SW/vec.out" 2> "$SW/vec.err"
  rc=$?
  R=$SW/vec.runs/runs
  # vecadd: one launch of 36004 warp instructions (tests/checks/cudart.sh), PASSED by its own check
  if [ $rc -eq 0 ] && grep -q '^  "warp_instructions": 36004,$' "$R/vec.functional/stats.json" && grep -q '"mode": "functional"' "$R/vec.functional/stats.json" &&
     grep -q '^  "cycles": [1-9]' "$R/vec.caba-gtx480/stats.json" && [ "$(cat "$R/vec.caba-gtx480/work/out.txt")" = made ] &&
     grep -q 'PASSED' "$R/vec.functional/log" && grep -q "file $(cd "$SW/ex" && pwd -P)/vecadd$" "$R/vec.caba-gtx480/inputs"; then
    pass "sweep: a CUDA program as an .exec workload, functional and timing: statistics, its files in its run's directory, the program among what it read"
  else fail "sweep: a CUDA program as an .exec workload (exit $rc)" "$(cat "$SW/vec.err"; head -5 "$R"/*/log)"; fi
  # run again: nothing to do; the program changed: both run again, and what an earlier run left in its
  # directory is gone
  (cd "$SW" && "$awemu" sweep -j 2 vec.sweep) > /dev/null 2> "$SW/vec2.err"
  touch "$R/vec.caba-gtx480/work/left-over"
  printf '\0' >> "$SW/ex/vecadd"
  (cd "$SW" && "$awemu" sweep -j 2 vec.sweep) > /dev/null 2> "$SW/vec3.err"
  rc=$?
  if grep -q '2 runs: 2 done before, 0 to run' "$SW/vec2.err" && [ $rc -eq 0 ] && grep -q '2 runs: 0 done before, 2 to run' "$SW/vec3.err" &&
     grep -q "vec.caba-gtx480 runs again: its file $(cd "$SW/ex" && pwd -P)/vecadd changed since it ran" "$SW/vec3.err" && [ ! -e "$R/vec.caba-gtx480/work/left-over" ] &&
     [ "$(cat "$R/vec.caba-gtx480/work/out.txt")" = made ]; then
    pass "sweep: an .exec run is reused while its program is the same, run again in an empty directory when it changed"
  else fail "sweep: an .exec workload resumed (exit $rc)" "$(cat "$SW/vec2.err" "$SW/vec3.err")"; fi
fi
rm -rf "$SW"
