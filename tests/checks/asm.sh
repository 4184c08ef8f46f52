# tests/checks/asm.sh -- awasm's check-only mode and awdis on images awasm could
# not have written.  Sourced by tests/run.sh (pass, fail, $BIN).  Works inside one
# mktemp -d directory.
#
# What the code before did: 'awasm FILE' with neither -o nor -l said "nothing to
# do: give -o OUT or -l" and exited 2, checking nothing.
AS_T=$(mktemp -d)
AS_B=$(cd "$BIN" && pwd)
cp subroutines/demo/zero_line.s examples/saxpy/saxpy.ptx "$AS_T/"
printf '.subroutine s\n.trigger compress\n{\n\t.reg .b32 %%a;\n\tst.lin.u32 [0], %%a;\n\texit;\n}\n' > "$AS_T/bad.s"

# ---- check only: the errors and status 1, or one line and status 0; no image either way ----
(cd "$AS_T" && "$AS_B/awasm" saxpy.ptx zero_line.s > out 2> err); as_rc=$?
if [ $as_rc -eq 0 ] && [ "$(cat "$AS_T/out")" = "saxpy.ptx zero_line.s: no errors: 1 kernel, 1 subroutine (checked only: -o OUT writes the image)" ] &&
   [ ! -s "$AS_T/err" ] && [ "$(ls "$AS_T" | grep -c '\.aws$')" -eq 0 ]; then pass "asm: awasm FILE... with no -o checks: status 0 and one line"
else fail "asm: awasm FILE... with no -o checks" "status $as_rc; stdout: $(cat "$AS_T/out"); stderr: $(cat "$AS_T/err")"; fi
(cd "$AS_T" && "$AS_B/awasm" bad.s > out 2> err); as_rc=$?
if [ $as_rc -eq 1 ] && [ ! -s "$AS_T/out" ] && grep -q "^bad.s:5:2: error: '.lin' is read-only" "$AS_T/err" && [ "$(tail -1 "$AS_T/err")" = "1 error" ]; then
  pass "asm: awasm FILE with an error and no -o: the error, status 1"
else fail "asm: awasm FILE with an error and no -o" "status $as_rc; stdout: $(cat "$AS_T/out"); stderr: $(cat "$AS_T/err")"; fi
(cd "$AS_T" && "$AS_B/awasm" -q zero_line.s > out 2> err); as_rc=$?
if [ $as_rc -eq 0 ] && [ ! -s "$AS_T/out" ] && [ ! -s "$AS_T/err" ]; then pass "asm: awasm -q FILE checks silently"
else fail "asm: awasm -q FILE checks silently" "status $as_rc; stdout: $(cat "$AS_T/out"); stderr: $(cat "$AS_T/err")"; fi
"$AS_B/awasm" --help | grep -q 'With neither -o nor -l it only checks' && pass "asm: awasm --help describes the check-only mode" ||
  fail "asm: awasm --help describes the check-only mode"
rm -rf "$AS_T"
