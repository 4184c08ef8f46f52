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
# usage errors: status 2 and a message naming the argument
for args in "-x" "--eval-command" "--batch=1" "--frobnicate"; do
  "$BIN/awemu" debug $args < /dev/null > "$T/bad.out" 2>&1; rc=$?
  name=${args%%=*}
  if [ $rc -eq 2 ] && grep -q "'$name'" "$T/bad.out" && grep -q '^usage: awemu debug' "$T/bad.out"; then pass "awemu debug $args: status 2, names '$name'"
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
