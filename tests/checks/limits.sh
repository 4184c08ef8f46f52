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

# ---- host memory: the timing model's pre-check counts every structure the config sizes ----
# Each under ulimit -v 2 GiB (which the pre-check takes as what the host has), so that a
# regression stops there instead of taking the machine.  Issue 39: with no L2 (l2_bytes = 0) the
# slices' MSHR tables were still built (they merge reads) but not counted: 65536 MSHRs in each of
# 1024 x 64 slices touched about 51 GB; under the limit the build failed at launch with "out of
# host memory building the GPU model" (exit 1).  Now refused as a config error (exit 2) naming
# the key set last and what it sizes; so are 4096 slices (3.2 GB touched), 1024 SMs of 32768
# warp slots, and at launch a grid whose resident warps' registers would not fit (the launch
# allocated CTA after CTA until it failed).  The default model runs under the same limit.
if [ -n "$AWEMU_ASAN" ]; then
  skip "limits: the host-memory pre-check under ulimit -v" "AddressSanitizer reserves more address space than the limit allows"
else
  lim_run() {   # SCRIPT SETS...: awemu run under ulimit -v 2 GiB; output in $lim_dir/host.out, status in $lim_rc
    lim_aw=$1; shift
    lim_args=""
    for lim_kv in "$@"; do lim_args="$lim_args --set $lim_kv"; done
    # shellcheck disable=SC2086
    ( ulimit -v 2097152 && exec "$BIN/awemu" run $lim_args "$lim_aw" ) > "$lim_dir/host.out" 2>&1
    lim_rc=$?
  }
  lim_bad=""
  lim_want="more than three quarters of the 2.0 GiB this process may take (ulimit -v)"
  lim_run "$lim_dir/lim.aw" l2_bytes=0 l2_mshrs=65536 n_mem=1024 l2_slices_per_mem=64
  [ $lim_rc -eq 2 ] && grep -q "^awemu run: --set: error: l2_slices_per_mem: the timing model would take [0-9.]* GiB of host memory, [0-9.]* of them for the L2 slices' MSHRs (with or without an L2): l2_mshrs = 65536 x n_mem = 1024 x l2_slices_per_mem = 64; $lim_want" "$lim_dir/host.out" ||
    lim_bad="$lim_bad 65536 slices (exit $lim_rc): $(head -1 "$lim_dir/host.out");"
  lim_run "$lim_dir/lim.aw" l2_bytes=0 l2_mshrs=65536 n_mem=1024 l2_slices_per_mem=4
  [ $lim_rc -eq 2 ] && grep -q "^awemu run: --set: error: l2_slices_per_mem: .* L2 slices' MSHRs (with or without an L2): l2_mshrs = 65536 x n_mem = 1024 x l2_slices_per_mem = 4; $lim_want" "$lim_dir/host.out" ||
    lim_bad="$lim_bad 4096 slices (exit $lim_rc): $(head -1 "$lim_dir/host.out");"
  lim_run "$lim_dir/lim.aw" n_sm=1024 sm_schedulers=64 sm_max_warps=32768
  [ $lim_rc -eq 2 ] && grep -q "^awemu run: --set: error: sm_max_warps: .* for the SMs' warp slots: n_sm = 1024 x sm_max_warps = 32768, sm_schedulers = 64; $lim_want" "$lim_dir/host.out" ||
    lim_bad="$lim_bad warp slots (exit $lim_rc): $(head -1 "$lim_dir/host.out");"
  # 1024 SMs of 2048 warps hold 65536 CTAs of 32 warps at once: 2^21 warps of saxpy's registers
  printf 'load examples/saxpy/saxpy.ptx\nalloc x f32 4\nalloc y f32 4\nlaunch saxpy 1048576 1024 u32:0 f32:2.5 x y\n' > "$lim_dir/grid.aw"
  lim_run "$lim_dir/grid.aw" n_sm=1024 sm_max_warps=2048 sm_max_threads=65536 sm_max_ctas=1024 sm_registers=16777216 sm_shared_bytes=1G
  [ $lim_rc -eq 1 ] && grep -q "grid.aw:4: error: fault in kernel saxpy: the launch would take [0-9.]* GiB of host memory (65536 CTAs of 32 warps at once: n_sm = 1024, and sm_max_warps per SM; [0-9]* register slots a thread), $lim_want" "$lim_dir/host.out" ||
    lim_bad="$lim_bad resident warps (exit $lim_rc): $(head -1 "$lim_dir/host.out");"
  lim_run "$lim_dir/lim.aw" n_sm=15
  [ $lim_rc -eq 0 ] || lim_bad="$lim_bad the default model (exit $lim_rc): $(head -1 "$lim_dir/host.out");"
  if [ -z "$lim_bad" ]; then pass "limits: under ulimit -v 2 GiB the timing model's pre-check refuses 65536 and 4096 L2 slices of 65536 MSHRs with no L2, 1024 SMs of 32768 warp slots and a grid of 2^21 resident warps, naming the keys; the default model runs"
  else fail "limits: the host-memory pre-check under ulimit -v 2 GiB" "$lim_bad"; fi
fi
rm -rf "$lim_dir"
