# tests/checks/limits.sh -- the library refuses input it cannot trust, through the run
# script's 'load' (sourced by tests/run.sh: pass, fail, $BIN, $OUT).
#   - an AWS image whose magic number is damaged is reported as one ("not an AWS image
#     (bad magic number ...)"), not assembled as source with its bytes echoed back;
#   - a file holding NUL bytes is "not a text file";
#   - the messages are plain text whatever the file holds.
# Launch limits (call-stack budget, barrier waiters at a limit) are fault tests in
# tests/emu/faults/ (frame_budget, deep_recursion, barrier_runaway); the time limit
# between CTAs and out-of-memory faults are in tests/test_limits.c.
lim_dir=$(mktemp -d)
# plain: no byte outside printable ASCII, tab and newline
lim_plain() { ! LC_ALL=C grep -q '[^[:print:][:space:]]' "$1"; }
# lim_magic AT OCTAL BYTES...: byte AT of good.aws becomes OCTAL; the message must quote the
# first 8 bytes (BYTES).  A function, so that its arguments leave run.sh's own alone.
lim_magic() {
  lim_at=$1; lim_oct=$2; shift 2
  lim_want="not an AWS image (bad magic number: the first bytes are $*"
  { head -c "$lim_at" "$lim_dir/good.aws"; printf "\\$lim_oct"; tail -c +$((lim_at + 2)) "$lim_dir/good.aws"; } > "$lim_dir/bad$lim_at.aws"
  printf 'load %s\n' "$lim_dir/bad$lim_at.aws" > "$lim_dir/bad$lim_at.aw"
  "$BIN/awemu" run "$lim_dir/bad$lim_at.aw" > "$lim_dir/out" 2>&1
  lim_rc=$?
  if [ $lim_rc -ne 0 ] && grep -qF "$lim_want" "$lim_dir/out" && ! grep -q "assembly error" "$lim_dir/out" && lim_plain "$lim_dir/out"; then
    pass "limits: an image with magic byte $lim_at damaged is refused as one (exit $lim_rc)"
  else
    fail "limits: an image with magic byte $lim_at damaged: expected '$lim_want' in plain text (exit $lim_rc)" "$(LC_ALL=C cat -v "$lim_dir/out" | head -c 600)"
  fi
}
if "$BIN/awasm" -q examples/saxpy/saxpy.ptx -o "$lim_dir/good.aws"; then
  lim_magic 7 013 89 41 57 53 0d 0a 1a 0b    # the last byte, 0x0a, becomes 0x0b
  lim_magic 0 210 88 41 57 53 0d 0a 1a 0a    # the first, 0x89, becomes 0x88
else
  fail "limits: saxpy.ptx does not assemble"
fi
printf '.version 8.0\n\000\000\001\002binary\n' > "$lim_dir/nul.ptx"
printf 'load %s\n' "$lim_dir/nul.ptx" > "$lim_dir/nul.aw"
"$BIN/awemu" run "$lim_dir/nul.aw" > "$lim_dir/out" 2>&1
lim_rc=$?
# '.version 8.0\n' is 13 bytes: the first NUL is at offset 13
if [ $lim_rc -ne 0 ] && grep -qF "nul.ptx: not a text file (a NUL byte at offset 13)" "$lim_dir/out" && lim_plain "$lim_dir/out"; then
  pass "limits: a file with NUL bytes is refused as not text (exit $lim_rc)"
else
  fail "limits: a file with NUL bytes: expected 'not a text file (a NUL byte at offset 13)' (exit $lim_rc)" "$(LC_ALL=C cat -v "$lim_dir/out" | head -c 600)"
fi
# a NUL byte inside a string is an error (it ended the string: .file 1 "a" silently)
printf '.file 1 "a\000b"\n.subroutine s\n{\n\texit;\n}\n' > "$lim_dir/nulstr.s"
"$BIN/awasm" "$lim_dir/nulstr.s" -o "$lim_dir/nulstr.aws" > "$lim_dir/nulstr.out" 2>&1
lim_rc=$?
if [ $lim_rc -eq 1 ] && grep -q 'nulstr.s:1:9: error: a NUL byte in a string' "$lim_dir/nulstr.out" && [ ! -e "$lim_dir/nulstr.aws" ]; then pass "limits: a NUL byte in a string is an error"
else fail "limits: a NUL byte in a string (exit $lim_rc)" "$(LC_ALL=C cat -v "$lim_dir/nulstr.out" | head -3)"; fi
# an empty .aws file, and the first 3 bytes of an image under another name, are truncated images
# (the empty one loaded as an empty module, the other was assembled as text: "stray byte 0x89")
: > "$lim_dir/empty.aws"
printf '\211AW' > "$lim_dir/start.bin"
lim_bad=""
for lim_f in empty.aws:0 start.bin:3; do
  printf 'load %s\n' "$lim_dir/${lim_f%%:*}" > "$lim_dir/tr.aw"
  "$BIN/awemu" run "$lim_dir/tr.aw" > "$lim_dir/tr.out" 2>&1
  lim_rc=$?
  [ $lim_rc -eq 1 ] && grep -q "${lim_f%%:*}: truncated image: ${lim_f#*:} bytes" "$lim_dir/tr.out" || lim_bad="$lim_bad ${lim_f%%:*} (exit $lim_rc): $(head -2 "$lim_dir/tr.out");"
done
if [ -z "$lim_bad" ]; then pass "limits: an empty .aws file and the first bytes of an image are truncated images"
else fail "limits: truncated images" "$lim_bad"; fi
# --insn-limit 100 stops saxpy (640 warp instructions) at its 101st: the counters count the
# 100 that ran, in functional mode and as the timing model counts them (the one that was
# stopped was counted too: the table said 101 where the timing figures said 100)
printf 'load examples/saxpy/saxpy.ptx\nalloc x f32 1000\nalloc y f32 1000\nlaunch saxpy 4 256 u32:1000 f32:2.5 x y\n' > "$lim_dir/lim.aw"
lim_bad=""
for lim_cfg in "" "--config caba-gtx480"; do
  "$BIN/awemu" run $lim_cfg --insn-limit 100 "$lim_dir/lim.aw" > "$lim_dir/lim.out" 2>&1
  grep -q "instruction limit reached: more than 100 warp instructions" "$lim_dir/lim.out" &&
    grep -Eq '^warp instructions +100 +100$' "$lim_dir/lim.out" || lim_bad="$lim_bad ${lim_cfg:-functional}: $(grep '^warp instructions' "$lim_dir/lim.out");"
done
if [ -z "$lim_bad" ]; then pass "limits: an instruction limit of 100 counts the 100 warp instructions that ran, in functional and timing mode"
else fail "limits: the instruction count at the limit" "$lim_bad"; fi
rm -rf "$lim_dir"
