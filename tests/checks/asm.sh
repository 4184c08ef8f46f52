# tests/checks/asm.sh -- awasm's check-only mode and awdis on images awasm could
# not have written.  Sourced by tests/run.sh (pass, fail, $BIN).  Works inside one
# mktemp -d directory.
#
# What the code before did: 'awasm FILE' with neither -o nor -l said "nothing to
# do: give -o OUT or -l" and exited 2, checking nothing.  awdis printed an image
# whose name held a stray '^' (status 0), and awasm refused the text it printed
# ("stray '^' in program"); the loader ran it.  A source whose file name holds a
# '"' gave an image whose disassembly awasm refused (the name went between the
# quotes of .file as it was).  awasm wrote image format 3.0; it writes 3.1 (the subroutine
# record's .lanes, .lanemask, .autoend, .active, .lastenc) and still reads 3.0.
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

# ---- images awasm could not have written are refused by awdis and the loader ----
# as_fix_crc FILE: the image's checksum (bytes 12-15: CRC-32 of every other byte, as
# gzip computes it) made right again after a change
as_fix_crc() {
  { head -c 12 "$1"; tail -c +17 "$1"; } | gzip -c | tail -c 8 | head -c 4 > "$AS_T/crc"
  dd if="$AS_T/crc" of="$1" bs=1 seek=12 conv=notrunc 2> /dev/null
}
(cd "$AS_T" && "$AS_B/awasm" -q saxpy.ptx -o saxpy.aws)
cp "$AS_T/saxpy.aws" "$AS_T/caret.aws"
as_at=$(grep -obUa 'saxpy_param_1' "$AS_T/caret.aws" | head -1 | cut -d: -f1)
printf '^' | dd of="$AS_T/caret.aws" bs=1 seek=$((as_at + 3)) conv=notrunc 2> /dev/null
as_fix_crc "$AS_T/caret.aws"
(cd "$AS_T" && "$AS_B/awdis" caret.aws > out 2> err); as_rc=$?
if [ $as_rc -eq 1 ] && [ ! -s "$AS_T/out" ] && grep -q '^awdis: caret.aws: corrupt image: variable 1: the name "sax^y_param_1" is not one awasm reads' "$AS_T/err"; then
  pass "asm: awdis refuses an image with a name awasm cannot read (a stray '^')"
else fail "asm: awdis refuses an image with a name awasm cannot read" "status $as_rc; stdout: $(head -3 "$AS_T/out"); stderr: $(cat "$AS_T/err")"; fi
printf 'load caret.aws\n' > "$AS_T/caret.aw"
(cd "$AS_T" && "$AS_B/awemu" run caret.aw > out 2> err); as_rc=$?
if [ $as_rc -eq 1 ] && grep -q 'caret.aws: corrupt image: variable 1: the name "sax^y_param_1"' "$AS_T/err"; then pass "asm: the loader refuses it too"
else fail "asm: the loader refuses an image with a name awasm cannot read" "status $as_rc; $(cat "$AS_T/err")"; fi
# the image itself, unchanged but for its checksum fixed the same way, still loads (the CRC is right)
cp "$AS_T/saxpy.aws" "$AS_T/same.aws"; as_fix_crc "$AS_T/same.aws"
cmp -s "$AS_T/saxpy.aws" "$AS_T/same.aws" && pass "asm: the checksum as gzip computes it is the image's" || fail "asm: the checksum as gzip computes it is the image's"

# ---- a file name that cannot stand between quotes as it is ----
mkdir "$AS_T/a\"b"
cp subroutines/demo/zero_line.s "$AS_T/a\"b/z\\"
if (cd "$AS_T" && "$AS_B/awasm" -q 'a"b/z\' -o q.aws && "$AS_B/awdis" q.aws -o q.s && "$AS_B/awasm" -q q.s -o q2.aws) 2> "$AS_T/err" &&
   cmp -s "$AS_T/q.aws" "$AS_T/q2.aws" && grep -q '^\.file 1 "a\\"b/z\\\\"$' "$AS_T/q.s"; then
  pass "asm: a source named a\"b/z\\ round-trips (recorded as a\\\"b/z\\\\)"
else fail "asm: a source named a\"b/z\\ round-trips" "$(cat "$AS_T/err"; grep '^\.file' "$AS_T/q.s")"; fi
# ---- images of format 3.0 (before .lanes, .lanemask, .autoend, .active, .lastenc) ----
# tests/data/image-3.0: written by awasm 0.2.0.  This build writes 3.1 (bytes 8-11: 03 00 01 00)
# and reads both: each old image prints as source that assembles to an image that prints the
# same, and zero_line's runs (an all-zero line: encoding 1, size 0 in its metadata).
"$AS_B/awasm" -q subroutines/demo/zero_line.s -o "$AS_T/new.aws"
[ "$(od -A n -t x1 -j 8 -N 4 "$AS_T/new.aws" | tr -d ' ')" = 03000100 ] && pass "asm: awasm writes image format 3.1" ||
  fail "asm: awasm writes image format 3.1" "$(od -A n -t x1 -j 8 -N 4 "$AS_T/new.aws")"
for as_old in tests/data/image-3.0/*.aws; do
  as_n=$(basename "$as_old" .aws)
  if [ "$(od -A n -t x1 -j 8 -N 4 "$as_old" | tr -d ' ')" = 03000000 ] && "$AS_B/awdis" "$as_old" -o "$AS_T/$as_n.s" 2> "$AS_T/err" &&
     "$AS_B/awasm" -q "$AS_T/$as_n.s" -o "$AS_T/$as_n.31.aws" 2>> "$AS_T/err" && "$AS_B/awdis" "$AS_T/$as_n.31.aws" -o "$AS_T/$as_n.31.s" 2>> "$AS_T/err" &&
     cmp -s "$AS_T/$as_n.s" "$AS_T/$as_n.31.s"; then pass "asm: a format 3.0 image ($as_n) reads, and prints as it does in 3.1"
  else fail "asm: a format 3.0 image ($as_n) reads" "$(cat "$AS_T/err"; diff "$AS_T/$as_n.s" "$AS_T/$as_n.31.s" 2>&1 | head -5)"; fi
done
printf 'load %s/tests/data/image-3.0/zero_line.aws\nalloc line u8 128\nalloc out u8 128\nalloc meta u32 8\nfill meta const 7\nrunsub zero_line line out meta\nexpect meta at 0 1\nexpect meta at 1 0\n' "$PWD" > "$AS_T/old.aw"
(cd "$AS_T" && "$AS_B/awemu" run old.aw > out 2> err); as_rc=$?
[ $as_rc -eq 0 ] && pass "asm: awemu runs a format 3.0 image" || fail "asm: awemu runs a format 3.0 image" "status $as_rc; $(cat "$AS_T/out" "$AS_T/err")"
rm -rf "$AS_T"
