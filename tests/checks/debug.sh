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

rm -rf "$T"
