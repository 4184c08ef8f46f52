# tests/checks/debug.sh -- the debugger's command line and the README's example (sourced by
# tests/run.sh: pass, fail, $BIN, $OUT).  Everything it writes is in its own mktemp -d directory.
T=$(mktemp -d) || { fail "debug checks: mktemp -d"; return 0; }

# ---- the README's "Debugging" example is tests/debug/readme, exactly ----
# The README shows "$ bin/awemu debug ARGS" and "(awemu) COMMAND" lines (indented four spaces)
# in its Debugging section; tests/debug/readme/args and the commands that are not comments
# must be the same, so the example is a checked transcript and cannot drift.
sed -n '/^## Debugging/,/^## /p' README.md > "$T/section"
sed -n 's/^    \$ bin\/awemu debug //p' "$T/section" > "$T/readme_args"
sed -n 's/^    (awemu) //p' "$T/section" > "$T/readme_commands"
grep -v '^#' tests/debug/readme/commands > "$T/transcript_commands"
if [ ! -s "$T/readme_commands" ]; then fail "README Debugging example: no '(awemu) ' lines found"
elif ! cmp -s "$T/readme_commands" "$T/transcript_commands"; then
  fail "README Debugging example differs from tests/debug/readme/commands" "$(diff "$T/readme_commands" "$T/transcript_commands")"
elif ! cmp -s "$T/readme_args" tests/debug/readme/args; then
  fail "README Debugging example's script differs from tests/debug/readme/args" "$(diff "$T/readme_args" tests/debug/readme/args)"
else pass "README Debugging example = tests/debug/readme ($(wc -l < "$T/readme_commands") commands)"; fi
# ... and it stops (the old example's condition never held: no "Breakpoint 1," in its transcript)
if grep -q '^Breakpoint 1, _Z3fibi' tests/debug/readme/expected; then pass "README Debugging example stops at its breakpoint"
else fail "README Debugging example never stops at its breakpoint"; fi

# ---- options: --help, --version, --opt=value, usage errors ----
"$BIN/awemu" debug --help > "$T/help.out" 2> "$T/help.err"; rc=$?
if [ $rc -eq 0 ] && grep -q '^usage: awemu debug' "$T/help.out" && [ ! -s "$T/help.err" ]; then pass "awemu debug --help: usage on stdout, status 0"
else fail "awemu debug --help: status $rc" "$(cat "$T/help.out" "$T/help.err")"; fi
"$BIN/awemu" debug --version > "$T/ver.out" 2>&1; rc=$?
if [ $rc -eq 0 ] && [ "$(cat "$T/ver.out")" = "awemu debug (awemu) 0.2.0" ]; then pass "awemu debug --version: 'awemu debug (awemu) 0.2.0', status 0"
else fail "awemu debug --version: status $rc" "$(cat "$T/ver.out")"; fi
# --command=FILE and --eval-command=CMD as -x FILE and -ex CMD: 6 * 7 = 42, 2^10 = 1024 (0x400)
printf 'print 6 * 7\n' > "$T/cmds"
"$BIN/awemu" debug --command="$T/cmds" --eval-command='print/x 1024' --batch < /dev/null > "$T/long.out" 2>&1; rc=$?
if [ $rc -eq 0 ] && grep -qx '6 \* 7 = 42' "$T/long.out" && grep -qx '1024 = 0x400' "$T/long.out"; then pass "awemu debug --command=FILE --eval-command=CMD --batch"
else fail "awemu debug --command=FILE --eval-command=CMD: status $rc" "$(cat "$T/long.out")"; fi
"$BIN/awemu" debug --command "$T/cmds" --batch < /dev/null > "$T/long2.out" 2>&1; rc=$?
if [ $rc -eq 0 ] && grep -qx '6 \* 7 = 42' "$T/long2.out"; then pass "awemu debug --command FILE (value as the next argument)"
else fail "awemu debug --command FILE: status $rc" "$(cat "$T/long2.out")"; fi
# usage errors: status 2 and a message naming the argument (a missing value as awemu run says it:
# "-x needs a FILE of commands, got nothing"; the options of the three commands are one table)
for args in "-x" "--eval-command" "--batch=1" "--frobnicate"; do
  "$BIN/awemu" debug $args < /dev/null > "$T/bad.out" 2>&1; rc=$?
  name=${args%%=*}
  if [ $rc -eq 2 ] && grep -q -e "'$name'" -e "^awemu debug: $name needs .*, got nothing$" "$T/bad.out" && grep -q '^usage: awemu debug' "$T/bad.out"; then pass "awemu debug $args: status 2, names '$name'"
  else fail "awemu debug $args: status $rc (want 2 and a message naming '$name')" "$(cat "$T/bad.out")"; fi
done

# ---- bad inputs on the command line ----
# a directory as the script or as -x FILE: refused (it used to start a session with nothing in it)
mkdir "$T/dir"
for args in "-batch $T/dir" "-batch -x $T/dir"; do
  "$BIN/awemu" debug $args < /dev/null > "$T/dir.out" 2>&1; rc=$?
  if [ $rc -eq 2 ] && grep -q "^awemu debug: $T/dir: is a directory" "$T/dir.out"; then pass "awemu debug $(echo "$args" | sed "s|$T/||"): a directory is refused, status 2"
  else fail "awemu debug $args: status $rc (want 2, 'is a directory')" "$(cat "$T/dir.out")"; fi
done
# a module whose name has a blank, '#' or '${X}' is loaded by that name, not read as a script line
# (which split it, cut it at the '#', or, with X=1 given, loaded another module, e1.ptx)
cp examples/saxpy/saxpy.ptx "$T/a b.ptx"
cp examples/saxpy/saxpy.ptx "$T/c#d.ptx"
cp examples/saxpy/saxpy.ptx "$T/e\${X}.ptx"
cp examples/reduce/reduce.ptx "$T/e1.ptx"
for m in "a b.ptx" "c#d.ptx" "e\${X}.ptx"; do
  "$BIN/awemu" debug -batch -ex 'info functions' "$T/$m" X=1 < /dev/null > "$T/mod.out" 2>&1; rc=$?
  if [ $rc -eq 0 ] && grep -q '^kernel *saxpy ' "$T/mod.out"; then pass "awemu debug MODULE named '$m': that file is loaded"
  else fail "awemu debug MODULE named '$m': status $rc" "$(cat "$T/mod.out")"; fi
done
# a command line longer than the debugger's line (1023 characters) is refused, never cut: cut, the
# expression lost its tail ("print 1 ... + 2" printed 1), and a -x line past 4095 became two commands
sp=$(printf '%1100s' '')
"$BIN/awemu" debug -batch -ex "print 1${sp}+ 2" < /dev/null > "$T/long.out" 2>&1; rc=$?
if [ $rc -eq 1 ] && grep -q '^A command line of 1110 characters: at most 1023\.$' "$T/long.out" && ! grep -q ' = 1$' "$T/long.out"; then
  pass "awemu debug: a command line over 1023 characters is refused, not cut"
else fail "awemu debug: an overlong command line (status $rc)" "$(cut -c1-200 "$T/long.out")"; fi
{ printf 'print 1'; printf '%5000s' ''; printf '+ 2\nprint 6 * 7\n'; } > "$T/longx"
"$BIN/awemu" debug -batch -x "$T/longx" < /dev/null > "$T/longx.out" 2>&1; rc=$?
if [ $rc -eq 1 ] && grep -q '^A command line of 5010 characters' "$T/longx.out" && ! grep -q 'Undefined command' "$T/longx.out" &&
   grep -qx '6 \* 7 = 42' "$T/longx.out"; then pass "awemu debug -x FILE: a line of 5010 characters is one (refused) command"
else fail "awemu debug -x FILE with a long line (status $rc)" "$(cut -c1-200 "$T/longx.out")"; fi
printf 'print 1\000\nprint 2\n' > "$T/nul"
"$BIN/awemu" debug -batch -x "$T/nul" < /dev/null > "$T/nul.out" 2>&1; rc=$?
if [ $rc -eq 2 ] && grep -q "^$T/nul:1: error: a NUL byte" "$T/nul.out"; then pass "awemu debug -x FILE with a NUL byte: FILE:LINE: error, status 2"
else fail "awemu debug -x FILE with a NUL byte (status $rc)" "$(cat "$T/nul.out")"; fi


# ---- the options awemu run and awemu exec take (one table, emu/front/options.c) ----
# awemu debug refused --config, --set, --subroutines, --stats-json and --trace-timeline ("unknown
# option"): now they apply to every run of the script, and the figures of the last run are written
# at the end (saxpy of tests/debug/watch: 2 blocks of 2 warps, 80 warp instructions in all, as its
# functional run counts them)
"$BIN/awemu" debug --config caba-gtx480 --set sched_policy=lrr --subroutines subroutines/bdi/bdi.s --stats-json "$T/d.json" \
  --trace-timeline "$T/d.tl.json" tests/debug/watch/run.aw -batch -ex 'break saxpy' -ex run -ex 'info cuda blocks' -ex delete -ex continue \
  < /dev/null > "$T/dopt.out" 2>&1; rc=$?
if [ $rc -eq 0 ] && grep -q 'resident at cycle 0' "$T/dopt.out" && grep -q '"warp_instructions": 80,' "$T/d.json" && grep -q '"cycles": [1-9]' "$T/d.json" &&
   [ "$(grep -c '"ph": "X"' "$T/d.tl.json")" -eq 80 ] && tail -1 "$T/d.tl.json" | grep -q '^\]}$'; then
  pass "awemu debug --config --set --subroutines --stats-json --trace-timeline: timing mode, the last run's figures and timeline (80 instructions)"
else fail "awemu debug with awemu run's options (exit $rc)" "$(tail -5 "$T/dopt.out"; head -c 300 "$T/d.json")"; fi
# what cannot apply says why: --record (the debugger changes what it runs), --ptx for a script
"$BIN/awemu" debug --record "$T/rec" tests/debug/watch/run.aw -batch < /dev/null > "$T/drec.out" 2>&1; rc=$?
"$BIN/awemu" debug --ptx examples/saxpy/saxpy.ptx tests/debug/watch/run.aw -batch < /dev/null > "$T/dptx.out" 2>&1; rc2=$?
if [ $rc -eq 2 ] && grep -q "^awemu debug: --record is an option of awemu run and awemu exec, not of awemu debug: the debugger changes" "$T/drec.out" &&
   [ ! -e "$T/rec" ] && [ $rc2 -eq 2 ] && grep -q "^awemu debug: --ptx does not apply to a run script or module: it replaces a CUDA program's fat binary" "$T/dptx.out"; then
  pass "awemu debug --record, and --ptx for a script: refused, saying why"
else fail "awemu debug --record / --ptx (exit $rc, $rc2)" "$(cat "$T/drec.out" "$T/dptx.out")"; fi
# a script that selects its config itself ('config' line) under --trace-timeline (it was refused:
# "needs timing mode (--config NAME|FILE)")
printf 'config caba-gtx480\n' > "$T/cfg.aw"; grep -v '^#' tests/debug/watch/run.aw >> "$T/cfg.aw"
"$BIN/awemu" debug --trace-timeline "$T/c.tl.json" "$T/cfg.aw" -batch -ex run < /dev/null > "$T/dcfg.out" 2>&1; rc=$?
if [ $rc -eq 0 ] && [ "$(grep -c '"ph": "X"' "$T/c.tl.json")" -eq 80 ]; then pass "awemu debug --trace-timeline: a script with its own 'config' line"
else fail "awemu debug --trace-timeline with a script's config line (exit $rc)" "$(tail -5 "$T/dcfg.out")"; fi
# time stopped at the prompt is no launch's time: a launch of 600000 warp instructions (about 0.3 s)
# under 'set time-limit 5', stopped 6 s at its first instruction, then continued, finishes; the
# time at the prompt counted, and it faulted "time limit reached" as soon as it went on
printf '.version 8.0\n.target sm_80\n.address_size 64\n.visible .entry loop(.param .u32 n)\n{\n.reg .pred %%p<2>;\n.reg .b32 %%r<3>;\n' > "$T/loop.ptx"
printf 'ld.param.u32 %%r1, [n];\nmov.u32 %%r2, 0;\n$L:\nadd.u32 %%r2, %%r2, 1;\nsetp.lt.u32 %%p1, %%r2, %%r1;\n@%%p1 bra $L;\nret;\n}\n' >> "$T/loop.ptx"
printf 'set time-limit 5\nload %s\nlaunch loop 1 32 u32:200000\n' "$T/loop.ptx" > "$T/loop.aw"
{ printf 'break loop\nrun\n'; sleep 6; printf 'continue\n'; } | "$BIN/awemu" debug -q "$T/loop.aw" > "$T/loop.out" 2>&1; rc=$?
if [ $rc -eq 0 ] && grep -q '^\[script .* finished\]' "$T/loop.out" && ! grep -q 'time limit' "$T/loop.out"; then
  pass "awemu debug: 6 s stopped at the prompt do not count toward a launch's 5 s time limit"
else fail "awemu debug: time at the prompt counted toward the launch's time limit (exit $rc)" "$(tail -4 "$T/loop.out")"; fi

# ---- a file that is no run script is never read as one ----
# an ELF file that is no CUDA program (/bin/true), and binary data: refused at once (they were read
# as scripts: "a NUL byte in the line" at 'run')
printf '\037\213\010\000\000\000' > "$T/data.bin"
for case in "/bin/true|not a CUDA program: it neither loads libcudart.so.13 or libcudart.so.12 nor carries CUDA code" \
            "$T/data.bin|binary data, neither a run script (text), a module (.ptx, .s, .aws) nor a program (an ELF file)"; do
  f=${case%%|*} want=${case#*|}
  "$BIN/awemu" debug -batch -ex run "$f" < /dev/null > "$T/bin.out" 2>&1; rc=$?
  if [ $rc -eq 2 ] && grep -qF "$want" "$T/bin.out" && ! grep -q 'NUL byte' "$T/bin.out"; then pass "awemu debug $(basename "$f"): refused, never read as a script"
  else fail "awemu debug $f (exit $rc, want 2 and: $want)" "$(cat "$T/bin.out")"; fi
done

# ---- CUDA programs under the debugger: awemu debug PROGRAM ARGS ----
# tests/debug/cuda/NAME: transcripts of nvcc-built programs (tests/debug/cuda/cuda.sh builds and runs
# them).  The code before this read the program as a run script ("a NUL byte in the line").
NVCC_BIN=${NVCC:-$(command -v nvcc 2>/dev/null || ls /usr/local/cuda/bin/nvcc 2>/dev/null)}
if [ -z "$NVCC_BIN" ]; then
  for d in tests/debug/cuda/*/; do skip "debugger transcript ${d%/}" "nvcc is not installed (it builds the programs)"; done
  skip "awemu debug PROGRAM: banner, arguments" "nvcc is not installed (it builds the programs)"
elif [ -n "$AWEMU_ASAN" ]; then
  skip "debugger transcripts of CUDA programs" "an AddressSanitizer build of libcudart.so.13 cannot load into a program built without it"
elif ! NVCC=$NVCC_BIN sh tests/debug/cuda/cuda.sh build "$T/cuda" > "$T/cuda.log" 2>&1; then
  fail "debugger on CUDA programs: nvcc" "$(tail -5 "$T/cuda.log")"
else
  for d in tests/debug/cuda/*/; do
    d=${d%/}
    BIN=$BIN sh tests/debug/cuda/cuda.sh run "$T/cuda" "$(basename "$d")" > "$T/transcript" 2>&1
    if cmp -s "$d/expected" "$T/transcript"; then pass "debugger transcript $d"
    else fail "debugger transcript $d (after a deliberate change: sh tests/debug/update.sh cuda/$(basename "$d"))" "$(diff "$d/expected" "$T/transcript")"; fi
  done
  # without -batch: the banner, then the end of input is quit (the program ends, killed); the
  # program's arguments are its own (vecadd takes none and ignores them), NAME=VALUE before it is refused
  "$BIN/awemu" debug "$T/cuda/vecadd" -batch extra < /dev/null > "$T/banner.out" 2>&1; rc=$?
  "$BIN/awemu" debug X=1 "$T/cuda/vecadd" < /dev/null > "$T/var.out" 2>&1; rc2=$?
  if [ $rc -eq 0 ] && grep -q "^awemu debugger: $T/cuda/vecadd, a CUDA program on awemu, stopped before its first CUDA call\.$" "$T/banner.out" &&
     grep -q "^\[program $T/cuda/vecadd killed\]$" "$T/banner.out" && [ $rc2 -eq 2 ] &&
     grep -q "^awemu debug: X=1: NAME=VALUE defines a run script's variable; a PROGRAM's arguments come after it$" "$T/var.out"; then
    pass "awemu debug PROGRAM ARGS: the banner, the arguments after PROGRAM its own; NAME=VALUE before it refused"
  else fail "awemu debug PROGRAM: banner and arguments (exit $rc, $rc2)" "$(cat "$T/banner.out" "$T/var.out")"; fi
fi
rm -rf "$T"

# ---- the run-script fuzzer's seeds are usable ----
# fuzz_script skips an input with a '/' in a line's code (it may name only files of its own
# directory), and every run.aw names its modules and data as ${SCRIPT_DIR}/... and ${DATA}/...:
# every seed was skipped (make fuzz's script target reached 250 edges).  tests/fuzz/run.sh now
# makes those names files without '/' that it copies into files_script for the harness.
T=$(mktemp -d) || { fail "fuzz seeds: mktemp -d"; return 0; }
FUZZ_DIR=$T sh tests/fuzz/run.sh --seed script "$T/corpus" > "$T/seed.out" 2>&1; rc=$?
nrun=$(ls examples/*/run.aw tests/emu/*/*/run.aw | wc -l)
nseed=$(ls "$T/corpus" 2>/dev/null | wc -l)
slash=$(cat "$T"/corpus/* 2>/dev/null | sed 's/#.*//' | grep -c '/')
missing=$(cat "$T"/corpus/* 2>/dev/null | sed 's/#.*//' | awk '$1 == "load" || $1 == "subroutines" { print $2 }' | sort -u |
  while read -r m; do [ -f "$T/files_script/$m" ] || echo "$m"; done)
if [ $rc -ne 0 ] || [ "$nseed" -ne "$nrun" ]; then fail "fuzz seeds: tests/fuzz/run.sh --seed script: status $rc, $nseed seeds for $nrun run.aw" "$(cat "$T/seed.out")"
elif [ "$slash" -ne 0 ]; then fail "fuzz seeds: $slash seed lines keep a '/' (fuzz_script skips their seed)" "$(grep -l '^[^#]*/' "$T"/corpus/* | head -5)"
elif [ -n "$missing" ]; then fail "fuzz seeds: modules the seeds load are not in files_script" "$(echo "$missing" | head -5)"
else pass "fuzz seeds: $nseed run-script seeds without '/', their $(ls "$T/files_script" | wc -l) files beside them"; fi
rm -rf "$T"
