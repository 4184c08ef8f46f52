# tests/checks/record.sh -- awemu run --record (sourced by tests/run.sh): what tests/gpu/replay.c reads.
#
#   layout     saxpy recorded: module-0.ptx is the script's PTX; 0000/launch names the kernel,
#              grid, block, shared bytes, each parameter (offset, size, bytes) and each
#              allocation (address, size); before.bin and after.bin are every allocation's
#              bytes, in that order, before and after the launch (derived by hand below)
#   fault      a launch that faults leaves 'fault' instead of after.bin
#   refusal    a directory that is not empty is refused (exit 2) and left as it was
#   full disk  a record on a full file system (a small tmpfs in a private mount namespace) stops
#              with a message naming the file, the partial file removed, and the script fails
#              at that line (exit 1); before, a module that could not be written was closed
#              twice: "free(): double free detected", exit 134; a snapshot that could not be
#              written left a partial file and the run exited 0 with the record incomplete
T=$(mktemp -d)
cc -std=c11 -O2 -ffp-contract=off -o "$T/ref" examples/saxpy/ref.c -lm && "$T/ref" "$T" > /dev/null 2>&1
"$BIN/awemu" run --record "$T/rec" examples/saxpy/run.aw DATA="$T" > "$T/log" 2>&1
rc=$?
# saxpy: allocations x, y of 1000 f32 (4000 bytes each) after the module's constant bank (1 byte,
# the first allocation, at 0x200000000, its slot 512 bytes); x at 0x200000200, y 4000 rounded up
# to 4096 plus a 256-byte gap after it: 0x200000200 + 4352 = 0x200001300.  Parameters
# (.u32 n, .f32 a, .u64 x, .u64 y): 1000 = e8030000, 2.5f = 0x40200000 -> 00002040, then x and
# y little-endian.
cat > "$T/want" <<'W'
module module-0.ptx
kernel saxpy
grid 4 1 1
block 256 1 1
shared 0
param 0 4 e8030000
param 4 4 00002040
param 8 8 0002000002000000
param 16 8 0013000002000000
alloc 0x200000000 1
alloc 0x200000200 4000
alloc 0x200001300 4000
W
{ head -c 1 /dev/zero; cat "$T/x.bin" "$T/y.bin"; } > "$T/before"
{ head -c 1 /dev/zero; cat "$T/x.bin" "$T/y_expected.bin"; } > "$T/after"
if [ $rc -eq 0 ] && cmp -s "$T/want" "$T/rec/0000/launch" && cmp -s examples/saxpy/saxpy.ptx "$T/rec/module-0.ptx" &&
   cmp -s "$T/before" "$T/rec/0000/before.bin" && cmp -s "$T/after" "$T/rec/0000/after.bin" && [ ! -e "$T/rec/0001" ]; then
  pass "record: saxpy's launch, module, parameters, allocations and their bytes before and after"
else
  fail "record: saxpy's record (exit $rc)" "$(diff "$T/want" "$T/rec/0000/launch" 2>&1; cat "$T/log")"
fi
# a faulting launch: a load 16 bytes past a 4-word buffer, with memcheck stopping at it
cat > "$T/fault.aw" <<'W'
load ${K}
alloc a u32 4
set memcheck stop
launch oob 1 1 a
W
cat > "$T/k.ptx" <<'W'
.version 8.0
.target sm_80
.address_size 64
.visible .entry oob(.param .u64 a)
{
	.reg .b64 %rd<2>;
	.reg .b32 %r<2>;
	ld.param.u64 %rd1, [a];
	ld.global.u32 %r1, [%rd1+16];
	ret;
}
W
"$BIN/awemu" run --record "$T/rec2" "$T/fault.aw" K="$T/k.ptx" > "$T/log2" 2>&1
rc=$?
if [ $rc -eq 1 ] && [ -f "$T/rec2/0000/fault" ] && [ ! -e "$T/rec2/0000/after.bin" ] && [ -f "$T/rec2/0000/before.bin" ]; then
  pass "record: a launch that faults leaves 'fault', not after.bin"
else fail "record: a faulting launch (exit $rc)" "$(ls -R "$T/rec2"; cat "$T/log2")"; fi
# refusal: the directory holds a file of the user's
mkdir "$T/mine"; echo keep > "$T/mine/notes"
"$BIN/awemu" run --record "$T/mine" examples/saxpy/run.aw DATA="$T" > "$T/log3" 2>&1
rc=$?
if [ $rc -eq 2 ] && grep -q "not empty" "$T/log3" && [ "$(ls "$T/mine")" = notes ] && [ "$(cat "$T/mine/notes")" = keep ]; then
  pass "record: a directory that is not empty is refused and left as it was"
else fail "record: --record into a non-empty directory (exit $rc)" "$(cat "$T/log3"; ls "$T/mine")"; fi
# full disk: DIR on a tmpfs of 8 KiB (two pages) in a private mount namespace.  'full': a filler
# takes every page first, so module-0.ptx (saxpy's 1035 bytes, written at 'load', line 3 of
# run.aw) fails at its close; '8k': module-0.ptx and 0000/launch take a page each and
# 0000/before.bin (1 + 4000 + 4000 bytes, at the launch, line 9) finds no room
mkdir "$T/mnt"
for case in "full|module-0.ptx|3" "8k|0000/before.bin|9"; do
  what=${case%%|*}; rest=${case#*|}; file=${rest%%|*}; line=${rest#*|}
  unshare -m sh -c "mount -t tmpfs -o size=8k tmpfs '$T/mnt' || exit 99
    [ $what = full ] && { cat /dev/zero > '$T/mnt/fill' 2> /dev/null; true; }
    '$BIN/awemu' run --record '$T/mnt/rec' examples/saxpy/run.aw DATA='$T' > '$T/log4' 2>&1; echo \$? > '$T/rc4'
    ls -R '$T/mnt/rec' > '$T/ls4'" 2> "$T/unshare.err"
  urc=$?
  if [ $urc -ne 0 ] && [ ! -s "$T/rc4" ]; then
    skip "record: a full disk ($what)" "no private mount namespace with a tmpfs here (unshare -m, mount: $(head -1 "$T/unshare.err"))"
    continue
  fi
  rc=$(cat "$T/rc4"); rm -f "$T/rc4"
  if [ "$rc" = 1 ] && grep -q "^awemu: recording stopped: cannot write $T/mnt/rec/$file: No space left on device$" "$T/log4" &&
     grep -q "^examples/saxpy/run.aw:$line: error: the record (awemu run --record) stopped here; it is incomplete$" "$T/log4" &&
     ! grep -q "$(basename "$file")" "$T/ls4"; then
    pass "record: a full disk stops the record at $file with a message, the partial file removed, exit 1"
  else fail "record: a full disk at $file (exit $rc, want 1, the messages, no partial file)" "$(cat "$T/log4" "$T/ls4")"; fi
done
rm -rf "$T"

# ---- the reader of tests/gpu/replay.c and tests/hw/hwtime.cu (tests/gpu/launch_record.h) ----
# Both programs run only on a GPU machine; the reader they share is compiled here and reads what
# awemu run --record wrote for examples/saxpy/run.aw ('launch saxpy 4 256 u32:1000 f32:2.5 x y':
# grid 4, block 256, parameters at 0 (4 bytes), 4 (4), 8 (8) and 16 (8), 24 bytes; x and y are
# 1000 f32, two allocations of 4000 bytes); a file that is not a record is -2, a missing one -1.
T=$(mktemp -d)
cc -std=c11 -O2 -o "$T/ref" examples/saxpy/ref.c -lm && mkdir "$T/d" && "$T/ref" "$T/d" > /dev/null &&
  "$BIN/awemu" run --record "$T/rec" examples/saxpy/run.aw DATA="$T/d" > /dev/null 2>&1
cat > "$T/rd.c" <<'EOF'
#include "launch_record.h"
int main(int argc, char **argv) {
  static launch_record L;
  int rc = launch_record_read(argv[argc - 1], &L), n4000 = 0;
  for (int i = 0; i < L.na; i++) n4000 += L.a[i].size == 4000;
  printf("%d %s %s %u %u %u %u %d", rc, L.module, L.kernel, L.grid[0], L.grid[1], L.block[0], L.param_bytes, L.np);
  for (int i = 0; i < L.np; i++) printf(" %u:%u", L.p[i].off, L.p[i].size);
  printf(" %d\n", n4000);
  (void)read_file;
  return 0;
}
EOF
echo junk > "$T/junk"
if cc -std=c11 -D_POSIX_C_SOURCE=200809L -Itests/gpu -o "$T/rd" "$T/rd.c" &&
   [ "$("$T/rd" "$T/rec/0000/launch")" = "0 module-0.ptx saxpy 4 1 256 24 4 0:4 4:4 8:8 16:8 2" ] &&
   [ "$("$T/rd" "$T/junk" | cut -d' ' -f1)" = -2 ] && [ "$("$T/rd" "$T/none" | cut -d' ' -f1)" = -1 ]; then
  pass "record: the GPU programs' reader (tests/gpu/launch_record.h) reads saxpy's launch as the script made it"
else fail "record: tests/gpu/launch_record.h on saxpy's record" "$("$T/rd" "$T/rec/0000/launch" 2>&1)"; fi
rm -rf "$T"
