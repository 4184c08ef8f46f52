# tests/checks/record.sh -- awemu run --record (sourced by tests/run.sh): what tests/gpu/replay.c reads.
#
#   layout     saxpy recorded: module-0.ptx is the script's PTX; 0000/launch names the kernel,
#              grid, block, shared bytes, each parameter (offset, size, bytes) and each
#              allocation (address, size); before.bin and after.bin are every allocation's
#              bytes, in that order, before and after the launch (derived by hand below)
#   fault      a launch that faults leaves 'fault' instead of after.bin
#   refusal    a directory that is not empty is refused (exit 2) and left as it was
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
rm -rf "$T"
