# tests/checks/script.sh -- the run-script language (emu/RUNSCRIPT.md): strict values,
# exact fills, limits named, directories refused, bounded memory, safe output files,
# the trace's cap, statistics.  Sourced by tests/run.sh (pass/fail, $BIN, $BUILD).
# Everything is written inside one mktemp -d directory, removed at the end.
sd=$(mktemp -d "${TMPDIR:-/tmp}/awemu-script.XXXXXX")
saxpy=$PWD/examples/saxpy/saxpy.ptx
runaway=$PWD/tests/emu/faults/runaway/kernel.ptx
zero_line=$PWD/subroutines/demo/zero_line.s
awemu=$(cd "$BIN" && pwd)/awemu

# sc NAME: runs $sd/NAME.aw (written by the caller) from $sd; output in $sd/NAME.log, status in $rc
sc() { (cd "$sd" && "$awemu" run "$1.aw") > "$sd/$1.log" 2>&1; rc=$?; }
# sc_fails NAME TEXT: the script must fail (status 1) and print TEXT
sc_fails() {
  sc "$1"
  if [ $rc -eq 1 ] && grep -qF -- "$2" "$sd/$1.log"; then pass "script $1: $2"
  else fail "script $1: expected status 1 and: $2 (status $rc)" "$(cat "$sd/$1.log")"; fi
}
# sc_ok NAME: the script must succeed
sc_ok() {
  sc "$1"
  if [ $rc -eq 0 ]; then pass "script $1"; else fail "script $1: status $rc" "$(cat "$sd/$1.log")"; fi
}
# sc_says NAME TEXT: the script must succeed and print TEXT
sc_says() {
  sc "$1"
  if [ $rc -eq 0 ] && grep -qF -- "$2" "$sd/$1.log"; then pass "script $1: $2"
  else fail "script $1: expected status 0 and: $2 (status $rc)" "$(cat "$sd/$1.log")"; fi
}

# ---- strict values ----
# saxpy(.u32 n, .f32 a, .u64 x, .u64 y): a u32 for the .f32 parameter is an error naming it
printf 'load %s\nalloc x f32 32\nalloc y f32 32\nlaunch saxpy 1 32 u32:32 u32:2 x y\n' "$saxpy" > "$sd/argtype.aw"
sc_fails argtype "argtype.aw:4: error: launch: argument 2 is u32 but parameter 'saxpy_param_1' of saxpy is .f32"
printf 'load %s\nalloc x f32 32\nalloc y f32 32\nlaunch saxpy 1 32 u32:32 f32:2 y x\nlaunch saxpy 1 32 u32:32 f32:2 x f64:1\n' "$saxpy" > "$sd/argsize.aw"
sc_fails argsize "argsize.aw:5: error: launch: argument 4 is f64 but parameter 'saxpy_param_3' of saxpy is .u64"
# by-value structs, buffer+offset, f16 (tests/emu/aw/args runs them; here what is refused):
# struct P is 32 bytes; {f32:1} is 4; a field that is not a value; binary16 holds at most 65504
args=$PWD/tests/emu/aw/args/args.ptx
printf 'load %s\nalloc d s32 4\nalloc f f32 4\nlaunch sargs 1 1 {f32:1} d f16:1 bf16:1 f\n' "$args" > "$sd/structsize.aw"
sc_fails structsize "structsize.aw:4: error: argument 1 ('{f32:1}') is 4 bytes; parameter 'sargs_param_0' of sargs is 32 bytes"
printf 'load %s\nalloc d s32 4\nalloc f f32 4\nlaunch sargs 1 1 {f32:1,s32:x,f64:0,d,f16:0} d f16:1 bf16:1 f\n' "$args" > "$sd/structfield.aw"
sc_fails structfield "argument 1: struct field 's32:x': 'x' is not a s32 value"
printf 'load %s\nalloc d s32 4\nalloc f f32 4\nlaunch sargs 1 1 {f32:1,s32:1,f64:0,d,f16:0} d f16:65520 bf16:1 f\n' "$args" > "$sd/f16range.aw"
sc_fails f16range "argument 3: '65520' is out of range for f16 (finite values at most 65504"
printf 'load %s\nalloc d s32 4\nalloc f f32 4\nlaunch sargs 1 1 {f32:1,s32:1,f64:0,d,f16:0} d+5 f16:1 bf16:1 f\n' "$args" > "$sd/argoffset.aw"
sc_fails argoffset "argument 2: 'd+5': the element offset must be a number from 0 to 4 (buffer 'd' has 4 elements)"
# copy, memset and free out of range or twice
printf 'alloc a u32 8\nalloc b u32 4\ncopy b a+2 5\n' > "$sd/copyrange.aw"
sc_fails copyrange "copyrange.aw:3: error: copy: 20 bytes do not fit in 'b' from element 0 (16 bytes there)"
printf 'alloc a u32 8\ncopy a a+6 3\n' > "$sd/copysrc.aw"
sc_fails copysrc "copy: 3 elements from element 6 run past the end of 'a' (8 elements)"
printf 'alloc a u32 8\nmemset a 0x100\n' > "$sd/memsetbyte.aw"
sc_fails memsetbyte "bad BYTE '0x100' (0 to 255, or 0x00 to 0xff)"
printf 'alloc a u32 8\nmemset a 1 6 3\n' > "$sd/memsetrange.aw"
sc_fails memsetrange "memset: elements 6 to 6 + 3 are not all in 'a' (8 elements)"
printf 'alloc a u32 8\nfree a\nfree a\n' > "$sd/freetwice.aw"
sc_fails freetwice "freetwice.aw:3: error: no buffer named 'a'"
# f32:1e999 is beyond FLT_MAX (about 3.4e38): an error, not inf; inf spelled out stays allowed
printf 'load %s\nalloc x f32 32\nalloc y f32 32\nlaunch saxpy 1 32 u32:32 f32:inf x y\nlaunch saxpy 1 32 u32:32 f32:1e999 x y\n' "$saxpy" > "$sd/argrange.aw"
sc_fails argrange "argrange.aw:5: error: argument 2: '1e999' is out of range for f32"
printf 'alloc x f64 4\nfill x const 1e400\n' > "$sd/f64range.aw"
sc_fails f64range "'1e400' is out of range for f64"
# u8 ramp 250 + i over 1024 elements ends at 250 + 1023 = 1273
printf 'alloc x u8 1024\nfill x ramp 250 1\n' > "$sd/ramp.aw"
sc_fails ramp "ramp reaches 1273 at element 1023, more than u8 holds (at most 255)"
printf 'alloc x s8 10\nfill x ramp 100 -25\nexpect x at 9 -125\nfill x ramp 100 -26\n' > "$sd/ramp_low.aw"   # 100 - 9 * 26 = -134
sc_fails ramp_low "ramp reaches -134 at element 9, less than s8 holds (at least -128)"
printf 'alloc x u32 4\nfill x const -1\n' > "$sd/negative.aw"
sc_fails negative "'-1' is negative; u32 holds 0 to 4294967295"
printf 'alloc x u16 4\nfill x const 65536\n' > "$sd/u16range.aw"
sc_fails u16range "'65536' is out of range for u16 (0 to 65535)"
printf 'alloc x s64 4\nexpect x value 9223372036854775808\n' > "$sd/s64range.aw"
sc_fails s64range "'9223372036854775808' is out of range for s64 (-9223372036854775808 to 9223372036854775807)"
# integers are decimal or 0x hexadecimal: 010 is ten elements, not octal eight
printf 'alloc x u8 010\nprint x 9\nalloc y u8 0x10\nprint y 15\n' > "$sd/decimal.aw"
sc_ok decimal
printf 'alloc x u8 4\nprint x 1x\n' > "$sd/printidx.aw"
sc_fails printidx "FIRST '1x' is not an index"
printf 'set limit -1\n' > "$sd/limit.aw"
sc_fails limit "limit '-1' is not a number of warp instructions"
printf 'alloc x u8 4\nexpect x value 0 abs=nan\n' > "$sd/tolnan.aw"
sc_fails tolnan "bad tolerance 'abs=nan'"
# a text file with more values than the buffer holds
printf '1 2 3 4 5\n' > "$sd/five.txt"
printf 'alloc x u8 4\nfill x text five.txt\n' > "$sd/textmore.aw"
sc_fails textmore "five.txt has more than 4 values; buffer 'x' holds 4"
printf '1 2\n3 300\n' > "$sd/bad.txt"
printf 'alloc x u8 4\nfill x text bad.txt\n' > "$sd/textbad.aw"
sc_fails textbad "bad.txt:2: '300' is out of range for u8 (0 to 255)"
# fill file: whole elements only (5 bytes are not a number of u32)
printf 'abcde' > "$sd/five.bin"
printf 'alloc x u32 4\nfill x file five.bin\n' > "$sd/fillpart.aw"
sc_fails fillpart "five.bin has 5 bytes, not a whole number of u32 elements (4 bytes each)"
printf 'alloc x u8 4\nexpect x at 1x 0\n' > "$sd/atidx.aw"
sc_fails atidx "INDEX '1x' is not an index"
# 64 words at most on a line: more is an error, not silently cut
printf 'echo %s\n' "$(seq 1 70 | tr '\n' ' ')" > "$sd/words.aw"
sc_fails words "more than 64 words on one line"

# ---- expect tolerances: exact, never through a rounded difference ----
# tol NAME TYPE GOT WANT TOL: $sd/NAME.aw holds one TYPE element GOT and expects WANT within TOL
tol() { printf 'alloc x %s 1\nfill x const %s\nexpect x value %s %s\n' "$2" "$3" "$4" "$5" > "$sd/$1.aw"; }
# f64: 1.0 is 0x3FF0000000000000 and 0x3FF00000000000FF has the same exponent and 0xFF = 255
# more in the fraction: 255 ulps above 1.0 (a difference of 2^9 ulps or less once rounded to 0)
tol ulp64_0 f64 0d3FF00000000000FF 1 ulp=0
sc_fails ulp64_0 "1 of 1 elements differ"
tol ulp64_254 f64 0d3FF00000000000FF 1 ulp=254
sc_fails ulp64_254 "1 of 1 elements differ"
tol ulp64_255 f64 0d3FF00000000000FF 1 ulp=255
sc_ok ulp64_255
# -1.0 and 1.0: 0x3FF0000000000000 = 4607182418800017408 steps from +0 each way (-0 and +0 are
# one place), 9214364837600034816 apart; N is read exactly (as a double both round to 2^63 - 2^53)
tol ulp64_wide_short f64 -1 1 ulp=9214364837600034815
sc_fails ulp64_wide_short "1 of 1 elements differ"
tol ulp64_wide f64 -1 1 ulp=9214364837600034816
sc_ok ulp64_wide
# the largest finite f64 (0x7FEFFFFFFFFFFFFF) is 1 ulp below inf (0x7FF0000000000000); a NaN
# matches only a NaN, whatever N (0x7FF8000000000000 is one place above inf as an integer)
tol ulp64_inf0 f64 inf 0d7FEFFFFFFFFFFFFF ulp=0
sc_fails ulp64_inf0 "1 of 1 elements differ"
tol ulp64_inf1 f64 inf 0d7FEFFFFFFFFFFFFF ulp=1
sc_ok ulp64_inf1
tol ulp64_nan f64 nan inf ulp=18446744073709551615
sc_fails ulp64_nan "1 of 1 elements differ"
tol ulp64_nans f64 nan 0dFFF0000000000001 ulp=0
sc_ok ulp64_nans
# f32: 0x3F8000FF is 255 ulps above 1.0 (0x3F800000); the smallest subnormals of either sign,
# 0x80000001 and 0x00000001, are 2 apart (-min, then -0 = +0, then +min)
tol ulp32_254 f32 0f3F8000FF 1 ulp=254
sc_fails ulp32_254 "1 of 1 elements differ"
tol ulp32_255 f32 0f3F8000FF 1 ulp=255
sc_ok ulp32_255
tol ulp32_sub1 f32 0f80000001 0f00000001 ulp=1
sc_fails ulp32_sub1 "1 of 1 elements differ"
tol ulp32_sub2 f32 0f80000001 0f00000001 ulp=2
sc_ok ulp32_sub2
# u64: 2^53 + 1 and 2^53 differ by 1 (as doubles both are 2^53); 1 <= 1e-16 * 2^53 (0.9007) is false
tol u64_abs0 u64 9007199254740993 9007199254740992 abs=0
sc_fails u64_abs0 "largest error 1 absolute (element 0)"
tol u64_rel u64 9007199254740993 9007199254740992 rel=1e-16
sc_fails u64_rel "1 of 1 elements differ"
tol u64_abs1 u64 9007199254740993 9007199254740992 abs=1
sc_says u64_abs1 "largest error 1 absolute (element 0)"
tol u64_rel_ok u64 9007199254740993 9007199254740992 rel=1.2e-16   # 1.2e-16 * 2^53 is 1.08
sc_ok u64_rel_ok
# u64 at the top: 2^64 - 1 and 2^64 - 2 differ by 1; 2^64 - 1 and 0 by 2^64 - 1, printed exactly
tol u64_top0 u64 18446744073709551615 18446744073709551614 abs=0
sc_fails u64_top0 "largest error 1 absolute (element 0)"
tol u64_span_short u64 18446744073709551615 0 abs=18446744073709551614
sc_fails u64_span_short "largest error 18446744073709551615 absolute (element 0)"
tol u64_span u64 18446744073709551615 0 abs=18446744073709551615
sc_says u64_span "largest error 18446744073709551615 absolute (element 0)"
# s64: -2^53 - 1 and -2^53 differ by 1; INT64_MIN and INT64_MAX by 2^64 - 1 (beyond int64_t),
# which is 2^64 - 1 <= 2 * |-2^63| = 2^64 for rel=2
tol s64_neg0 s64 -9007199254740993 -9007199254740992 abs=0
sc_fails s64_neg0 "largest error 1 absolute (element 0)"
tol s64_span_short s64 -9223372036854775808 9223372036854775807 abs=18446744073709551614
sc_fails s64_span_short "largest error 18446744073709551615 absolute (element 0)"
tol s64_span s64 9223372036854775807 -9223372036854775808 abs=18446744073709551615
sc_says s64_span "largest error 18446744073709551615 absolute (element 0)"
tol s64_rel s64 9223372036854775807 -9223372036854775808 rel=2
sc_says s64_rel "largest error 18446744073709551615 absolute (element 0), 2 relative (element 0)"
# s8: -128 and 127 are 255 apart
tol s8_254 s8 -128 127 abs=254
sc_fails s8_254 "largest error 255 absolute (element 0)"
tol s8_255 s8 -128 127 abs=255
sc_says s8_255 "largest error 255 absolute (element 0)"
# f64 -DBL_MAX and DBL_MAX: 2 * DBL_MAX apart, more than 1.5 * |DBL_MAX| (as doubles both
# sides overflow to inf), not more than 2 * |DBL_MAX|
tol f64_rel_big f64 0dFFEFFFFFFFFFFFFF 0d7FEFFFFFFFFFFFFF rel=1.5
sc_fails f64_rel_big "1 of 1 elements differ"
tol f64_rel_big2 f64 0dFFEFFFFFFFFFFFFF 0d7FEFFFFFFFFFFFFF rel=2
sc_ok f64_rel_big2

# ---- random fill: exact for every type and bound ----
# splitmix64 from state 0 gives 0xe220a8397b1dcdaf = 16294208416658607535 first (Vigna's
# reference).  Over all of s64 the value is LO + z mod 2^64 = z - 2^63 = 7070836379803831727;
# over all of u64 it is z itself.
printf 'alloc x s64 2\nfill x random 0 -9223372036854775808 9223372036854775807\nexpect x at 0 7070836379803831727\n' > "$sd/rand_s64.aw"
printf 'alloc y u64 2\nfill y random 0 0 18446744073709551615\nexpect y at 0 16294208416658607535\n' >> "$sd/rand_s64.aw"
sc_ok rand_s64
printf 'alloc x s64 2\nfill x random 1 -9e18 9e18\n' > "$sd/rand_float_bounds.aw"
sc_fails rand_float_bounds "random LO: '-9e18' is not a s64 value"
printf 'alloc x f32 2\nfill x random 1 nan 1\n' > "$sd/rand_nan.aw"
sc_fails rand_nan "random LO 'nan' is not finite"
printf 'alloc x f64 2\nfill x random 1 0 inf\n' > "$sd/rand_inf.aw"
sc_fails rand_inf "random HI 'inf' is not finite"
printf 'alloc x u8 2\nfill x random 1 9 3\n' > "$sd/rand_order.aw"
sc_fails rand_order "random LO 9 is more than HI 3"
# HI - LO beyond the largest double: every value still finite and within the bounds
printf 'alloc x f64 1000\nfill x random 7 -1.7e308 1.7e308\nexpect x value 0 abs=1.7e308\ndump x vals.txt text\n' > "$sd/rand_wide.aw"
sc rand_wide
if [ $rc -eq 0 ] && ! grep -qi 'inf\|nan' "$sd/vals.txt" 2>/dev/null && [ "$(wc -l < "$sd/vals.txt")" -eq 1000 ]; then pass "random f64 over [-1.7e308, 1.7e308]: 1000 finite values"
else fail "random f64 over [-1.7e308, 1.7e308]: status $rc" "$(cat "$sd/rand_wide.log"; grep -i 'inf\|nan' "$sd/vals.txt" | head -3)"; fi

# ---- limits named, directories refused, standard input ----
printf 'alloc x u8 4294967297\n' > "$sd/count.aw"
sc_fails count "element count 4294967297 is too large: at most 2^32 (4294967296) elements"
mkdir "$sd/adir"
(cd "$sd" && "$awemu" run adir) > "$sd/rundir.log" 2>&1
rc=$?
if [ $rc -ne 0 ] && grep -qF "adir: is a directory" "$sd/rundir.log"; then pass "awemu run DIR fails: $(cat "$sd/rundir.log")"
else fail "awemu run DIR: status $rc" "$(cat "$sd/rundir.log")"; fi
printf 'alloc x u8 4\nfill x file adir\n' > "$sd/filldir.aw"
sc_fails filldir "filldir.aw:2: error: adir: is a directory"
printf 'alloc x u8 4\nexpect x text adir\n' > "$sd/expectdir.aw"
sc_fails expectdir "expectdir.aw:2: error: adir: is a directory"
printf 'load adir\n' > "$sd/loaddir.aw"
sc_fails loaddir "loaddir.aw:1: error: adir: is a directory"
printf 'alloc x u8 4\ndump x adir\n' > "$sd/dumpdir.aw"
sc_fails dumpdir "dumpdir.aw:2: error: adir: cannot write: is a directory"
out=$(printf 'alloc x u8 4\nfill x ramp 3 1\nprint x 3 1\n' | "$BIN/awemu" run - 2>&1)
if [ "$out" = "x[3] = 6" ]; then pass "awemu run - reads the script from standard input"
else fail "awemu run -: expected x[3] = 6" "$out"; fi

# ---- chunks: buffers bigger than one chunk (2^20 elements) compare and fill right ----
seq 0 2999999 > "$sd/seq.txt"
printf 'alloc x u32 3000000\nfill x text seq.txt\nexpect x at 2999999 2999999\nfill x ramp 0 1\nexpect x text seq.txt\ndump x seq.bin\nexpect x file seq.bin\nexpect x value 7\n' > "$sd/chunks.aw"
sc chunks
# every element but x[7] differs from 7
if [ $rc -eq 1 ] && grep -qF "2999999 of 3000000 elements differ" "$sd/chunks.log" && [ "$(wc -c < "$sd/seq.bin")" -eq 12000000 ]; then pass "fill, expect and dump across chunks"
else fail "fill, expect and dump across chunks: status $rc" "$(cat "$sd/chunks.log")"; fi

# ---- memory: expect and fill need a chunk, not 8 bytes per element ----
# 16 Mi u32 elements = 64 MiB of device memory; before, expect needed 64 MiB more for a copy
# and 128 MiB for the expected values (peak over 256 MiB); allowed: 160 MiB.  fill text read the
# whole buffer and wrote it back (64 MiB touched) for three values; allowed: 32 MiB.
printf 'alloc x u32 16777216\nfill x ramp 0 1\nexpect x at 16777215 16777215\nexpect x value 5 abs=16777216\n' > "$sd/mem_expect.aw"
printf '1 2 3\n' > "$sd/three.txt"
printf 'alloc x u32 16777216\nfill x text three.txt\nexpect x at 2 3\nexpect x at 3 0\n' > "$sd/mem_text.aw"
for n in mem_expect:163840 mem_text:32768; do
  max=${n#*:}; n=${n%:*}
  if [ -n "$AWEMU_ASAN" ]; then
    skip "$n peak memory" "not meaningful under AddressSanitizer (its shadow memory counts too)"
  elif [ -x /usr/bin/time ]; then
    (cd "$sd" && /usr/bin/time -f 'peak %M KB' "$awemu" run "$n.aw") > "$sd/$n.log" 2>&1
    rc=$?
    kb=$(sed -n 's/^peak \([0-9]*\) KB$/\1/p' "$sd/$n.log")
    if [ $rc -eq 0 ] && [ -n "$kb" ] && [ "$kb" -lt "$max" ]; then pass "$n on a 64 MiB buffer: peak $kb KB"
    else fail "$n on a 64 MiB buffer: status $rc, peak ${kb:-?} KB (at most $max)" "$(tail -5 "$sd/$n.log")"; fi
  else
    skip "$n peak memory" "/usr/bin/time (Debian package time) is not installed"
  fi
done
# a 4 GiB buffer: allocated lazily, filled from a short text file and checked without touching it all
printf 'alloc big u8 4294967296\nfill big text three.txt\nexpect big at 2 3\nexpect big at 4294967295 0\n' > "$sd/big.aw"
sc big
if [ $rc -eq 0 ] || grep -qF "cannot allocate 4294967296 elements of u8 (4294967296 bytes): out of memory" "$sd/big.log"; then pass "a 4 GiB buffer: fill text and expect at (status $rc)"
else fail "a 4 GiB buffer: status $rc" "$(cat "$sd/big.log")"; fi

# ---- output files: dump, trace and stats json never replace a FIFO or a symbolic link ----
printf 'hello\n' > "$sd/target.txt"
ln -s target.txt "$sd/link"
mkfifo "$sd/fifo"
printf 'alloc x u8 4\nfill x hex 41424344\ndump x link\n' > "$sd/dumplink.aw"
sc dumplink
if [ $rc -eq 0 ] && [ -L "$sd/link" ] && [ "$(cat "$sd/target.txt")" = "ABCD" ]; then pass "dump through a symbolic link writes its target, the link stays"
else fail "dump through a symbolic link: status $rc" "$(cat "$sd/dumplink.log"; ls -l "$sd")"; fi
for what in dump trace stats; do
  case $what in
    dump) printf 'alloc x u8 4\nfill x hex 41424344\ndump x fifo\n' > "$sd/fifo_$what.aw" ;;
    trace) printf 'load %s\nset limit 10\ntrace fifo\nlaunch runaway 1 8\n' "$runaway" > "$sd/fifo_$what.aw" ;;
    stats) printf 'stats json fifo\n' > "$sd/fifo_$what.aw" ;;
  esac
  timeout 10 cat "$sd/fifo" > "$sd/fromfifo" &
  reader=$!
  sc "fifo_$what"
  wait $reader
  if [ -p "$sd/fifo" ] && [ -s "$sd/fromfifo" ]; then pass "$what into a FIFO: written in place ($(wc -c < "$sd/fromfifo") bytes), the FIFO stays"
  else fail "$what into a FIFO: status $rc" "$(cat "$sd/fifo_$what.log"; ls -l "$sd")"; fi
done
printf 'stats json link\n' > "$sd/statslink.aw"
sc statslink
if [ -L "$sd/link" ] && grep -q '"total"' "$sd/target.txt"; then pass "stats json through a symbolic link"
else fail "stats json through a symbolic link: status $rc" "$(cat "$sd/statslink.log")"; fi
left=$(ls "$sd" | grep -c '\.[A-Za-z0-9]\{6\}$')
if [ "$left" -eq 0 ]; then pass "no temporary files left behind"; else fail "temporary files left behind" "$(ls "$sd")"; fi

# ---- trace: a cap with one message ----
# the runaway kernel writes a line of about 66 bytes per warp instruction: 2000 of them pass 300 bytes
printf 'load %s\nset limit 2000\ntrace tr.txt 300\nlaunch runaway 1 8\n' "$runaway" > "$sd/tracecap.aw"
sc tracecap
size=$(wc -c 2>/dev/null < "$sd/tr.txt" || echo 0)
if [ "$size" -gt 0 ] && [ "$size" -le 300 ] && [ "$(tail -c 1 "$sd/tr.txt" | od -An -c | tr -d ' ')" = '\n' ] &&
   [ "$(grep -c 'trace: stopped at the limit of 300 bytes; trace FILE BYTES raises it' "$sd/tracecap.log")" -eq 1 ]; then
  pass "trace FILE 300: $size bytes of whole lines and one message"
else fail "trace FILE 300: $size bytes" "$(cat "$sd/tracecap.log")"; fi
printf 'trace t.txt -5\n' > "$sd/tracebad.aw"
sc_fails tracebad "trace limit '-5' is not a number of bytes"

# ---- stats: the last launch and all launches, in text and JSON ----
# the same launch twice: every total is twice the last launch's count
printf 'load %s\nalloc x f32 64\nalloc y f32 64\nlaunch saxpy 2 32 u32:64 f32:2 x y\nlaunch saxpy 2 32 u32:64 f32:2 x y\nstats\nstats json st.json\n' "$saxpy" > "$sd/stats.aw"
sc stats
line=$(grep '^warp instructions' "$sd/stats.log")
last=$(echo "$line" | awk '{print $3}')
all=$(echo "$line" | awk '{print $4}')
ok=1
[ -n "$last" ] && [ -n "$all" ] && [ "$last" -gt 0 ] && [ "$all" -eq $((last * 2)) ] || ok=0
grep -q 'all 2 launches' "$sd/stats.log" || ok=0
for key in last total warp_insns thread_insns loads stores atomics barriers branches divergent_branches ctas warps seconds launches; do
  grep -q "\"$key\":" "$sd/st.json" 2>/dev/null || ok=0
done
lw=$(sed -n '/"last"/,/}/s/.*"warp_insns": \([0-9]*\).*/\1/p' "$sd/st.json" 2>/dev/null)
tw=$(sed -n '/"total"/,/}/s/.*"warp_insns": \([0-9]*\).*/\1/p' "$sd/st.json" 2>/dev/null)
[ "$lw" = "$last" ] && [ "$tw" = "$all" ] || ok=0
grep -q '"launches": 2' "$sd/st.json" 2>/dev/null || ok=0
if [ $rc -eq 0 ] && [ $ok -eq 1 ]; then pass "stats and stats json: last launch $last, all 2 launches $all warp instructions"
else fail "stats and stats json: status $rc" "$(cat "$sd/stats.log" "$sd/st.json" 2>&1)"; fi

# a launch stopped by the instruction limit prints what it did so far.  From the runaway
# kernel's comments: instruction 100001 (the first past the limit) faults and does not run:
# 100000 ran, of 8 lanes each; the bra.uni are instructions 3, 5, ..., 99999: 49999 branches.
printf 'load %s\nset limit 100000\nlaunch runaway 1 8\n' "$runaway" > "$sd/stopped.aw"
sc stopped
if [ $rc -eq 1 ] && grep -q 'statistics of the stopped launch so far' "$sd/stopped.log" &&
   grep -q '^warp instructions  *100000  *100000$' "$sd/stopped.log" && grep -q '^thread instructions  *800000  *800000$' "$sd/stopped.log" &&
   grep -q '^branches  *49999  *49999$' "$sd/stopped.log"; then pass "a launch stopped by the instruction limit prints its statistics"
else fail "a launch stopped by the instruction limit prints its statistics: status $rc" "$(cat "$sd/stopped.log")"; fi

# Ctrl-C: NEEDS emu/front/main.c's SIGINT handler (helper H1's branch), which calls aw_interrupt;
# the launch faults "interrupted", the statistics so far are printed, the status is 130.
# Without that handler SIGINT kills awemu at once and this check fails.
printf 'load %s\nset limit 0\nlaunch runaway 1 8\n' "$runaway" > "$sd/sigint.aw"
# (--foreground: timeout signals awemu alone; without it, it signals its process group too, and
# awemu, getting SIGINT twice, takes the second as the user's insistence and dies at once)
(cd "$sd" && timeout --foreground --preserve-status -k 10 -s INT 1 "$awemu" run sigint.aw) > "$sd/sigint.log" 2>&1
rc=$?
if [ $rc -eq 130 ] && grep -q 'interrupted' "$sd/sigint.log" && grep -q 'statistics of the stopped launch so far' "$sd/sigint.log"; then
  pass "Ctrl-C during a launch prints its statistics and exits 130"
else fail "Ctrl-C during a launch prints its statistics and exits 130 (needs the SIGINT handler of emu/front/main.c, helper H1): status $rc" "$(cat "$sd/sigint.log")"; fi

# ---- runsub: zeroed metadata gets a line size and a MAG, and says so ----
# zero_line is a compress subroutine: its line is IN (128 bytes); MAG defaults to 32
printf 'load %s\nalloc line u8 128\nalloc out u8 128\nalloc meta u32 8\nrunsub zero_line line out meta\nexpect meta at 0 1\nexpect meta at 2 128\nexpect meta at 3 32\n' "$zero_line" > "$sd/runsub.aw"
sc runsub
if [ $rc -eq 0 ] && [ "$(grep -c '^runsub: metadata gives no line size; using 128 bytes, MAG 32$' "$sd/runsub.log")" -eq 1 ]; then pass "runsub with zeroed metadata: line size 128, MAG 32, said once"
else fail "runsub with zeroed metadata: status $rc" "$(cat "$sd/runsub.log")"; fi

# a subroutine run alone faults: the fault names the subroutine, and that it has no parent warp
# (it said "fault in kernel poke", though no kernel ran).  Its store to address 16 is outside
# every allocation: pc 2 (after two movs), lane 0
printf '.version 8.0\n.target sm_80\n.address_size 64\n.subroutine poke\n{\n\t.reg .b64 %%a;\n\t.reg .b32 %%v;\n\tmov.u64 %%a, 16;\n\tmov.u32 %%v, 1;\n\tst.global.u32 [%%a], %%v;\n\texit;\n}\n' > "$sd/poke.s"
printf 'load poke.s\nalloc line u8 128\nalloc out u8 128\nalloc meta u32 8\nrunsub poke line out meta\n' > "$sd/runsub_fault.aw"
sc runsub_fault
if [ $rc -eq 1 ] && grep -q '^runsub_fault.aw:5: error: fault in subroutine poke (an assist warp with no parent warp), lane 0, poke pc 2 (poke.s:10): 4-byte global store outside every allocation, address 0x10$' "$sd/runsub_fault.log"; then
  pass "a subroutine run alone by runsub faults as a subroutine with no parent warp"
else fail "runsub of a faulting subroutine: status $rc" "$(cat "$sd/runsub_fault.log")"; fi

# a script in a directory whose name has a blank and a '#', with a value that has them too: the
# line was expanded before it was split, so ${SCRIPT_DIR}/saxpy.ptx became two words ('load' got
# a third and refused it) and '#' began a comment.  saxpy over 4 elements: y = 2.5 * 1 + 2 = 4.5
mkdir -p "$sd/my runs #2"
cp "$saxpy" "$sd/my runs #2/saxpy.ptx"
cat > "$sd/my runs #2/run.aw" <<'EOF2'
load ${SCRIPT_DIR}/saxpy.ptx
alloc x f32 4
alloc y f32 4
fill x const 1
fill y const 2
launch saxpy 1 32 u32:4 f32:2.5 x y
expect y value 4.5
dump y ${DEST}/y.bin
EOF2
(cd "$sd" && "$awemu" run "my runs #2/run.aw" "DEST=$sd/my runs #2") > "$sd/blanks.log" 2>&1
rc=$?
if [ $rc -eq 0 ] && [ "$(wc -c < "$sd/my runs #2/y.bin")" -eq 16 ]; then pass "script: \${SCRIPT_DIR} and a value with a blank and '#' stay one word"
else fail "script in a directory with a blank and '#' (status $rc)" "$(cat "$sd/blanks.log")"; fi
# subroutines are source, assembled with each module loaded after them: an image of them is
# refused saying so ('subroutines' and --subroutines read it as text: "stray byte 0x89")
"$BIN/awasm" -q tests/debug/assist_watch/poke.s -o "$sd/poke.aws"
printf 'subroutines %s\nload %s\n' "$sd/poke.aws" "$saxpy" > "$sd/subimg.aw"
sc_fails subimg "poke.aws: an AWS image: subroutines are given as assembly source (.s)"
# forms nvcc writes (tests/asm/ok/nvcc_forms.ptx, whose comment derives the values): nested
# initializers as C reads them, a call of a function without parameters, cluster directives
printf '1\n0\n2\n3\n4\n0\n' > "$sd/nf_tab.txt"; printf '5\n6\n7\n0\n' > "$sd/nf_flat.txt"; printf -- '-1\n0\n0\n-1\n1\n0\n0\n1\n' > "$sd/nf_off.txt"
printf 'load %s\nsymbol tab u32\nsymbol flat u32\nsymbol offset s32\nexpect tab text %s\nexpect flat text %s\nexpect offset text %s\nalloc out u32 1\nlaunch k 1 32 out\nexpect out value 7\n' \
  "$PWD/tests/asm/ok/nvcc_forms.ptx" "$sd/nf_tab.txt" "$sd/nf_flat.txt" "$sd/nf_off.txt" > "$sd/nvcc_forms.aw"
sc nvcc_forms
if [ $rc -eq 0 ]; then pass "script: nvcc's nested initializers, a call without parameters and cluster directives"
else fail "script: nvcc forms (status $rc)" "$(cat "$sd/nvcc_forms.log")"; fi

# ---- no output replaces a file the script reads, before or after the output's line ----
# (issue 39) The check ran only when an output was opened, against the files read so far:
# 'trace k.ptx' or 'printf k.ptx' before 'load k.ptx' replaced the module with a trace (or an
# empty file) and the run exited 0, as did 'stats json', 'dump' or 'trace' onto a file given
# to 'subroutines', --subroutines, 'config' or --config, or read by fill/expect; a script read
# from standard input was not checked at all.  Now the whole script is read first and such an
# output is an error at its line, before any line runs (the first line's echo never prints).
cp "$saxpy" "$sd/k.ptx"; cp "$zero_line" "$sd/z.s"; "$awemu" config --show > "$sd/my.cfg"; printf '1 2 3 4\n' > "$sd/d.txt"
printf 'alloc x u8 4\nfill x text d.txt\ndump x e.bin\n' > "$sd/mk.aw"; sc mk   # e.bin: 4 bytes for 'fill x file'
for case in "trace k.ptx|load k.ptx|a module the script loaded" \
            "printf k.ptx|load k.ptx|a module the script loaded" \
            "stats json z.s|subroutines z.s|a subroutines file the script assembled" \
            "trace ./z.s|subroutines z.s|a subroutines file the script assembled" \
            "dump x my.cfg|config my.cfg|a config file the script used" \
            "dump x \${F}|fill x text \${F}|a data file the script read" \
            "stats json e.bin|expect x file e.bin|a data file the script read" \
            "printf d.txt|compare e.bin d.txt|a file the script compared with" \
            "dump x z.s|--subroutines z.s|a --subroutines file" \
            "trace my.cfg|--config my.cfg|the --config file"; do
  out=${case%%|*}; rest=${case#*|}; in=${rest%%|*}; kind=${rest#*|}
  opts=; [ "${in#--}" != "$in" ] && { opts=$in; in=; }
  printf 'echo RAN\nset var F d.txt\nalloc x u8 4\n%s\n%s\n' "$out" "$in" > "$sd/prot.aw"
  for f in k.ptx z.s my.cfg d.txt e.bin; do cp "$sd/$f" "$sd/$f.keep"; done
  (cd "$sd" && timeout 60 "$awemu" run $opts prot.aw) > "$sd/prot.log" 2>&1; rc=$?
  path=$(echo "$out" | sed 's/^stats json //; s/^[a-z]* //; s/^x //; s/\${F}/d.txt/')
  same=1; for f in k.ptx z.s my.cfg d.txt e.bin; do cmp -s "$sd/$f" "$sd/$f.keep" || { same=0; cp "$sd/$f.keep" "$sd/$f"; }; done
  if [ $rc -eq 1 ] && grep -qx "prot.aw:4: error: $path is $kind: it would be overwritten" "$sd/prot.log" && ! grep -q RAN "$sd/prot.log" && [ $same -eq 1 ]; then
    pass "script: '$out' with '$in$opts' after it: refused before the run, the file kept"
  else fail "script: '$out' with '$in$opts' (status $rc, want 1, 'prot.aw:4: error: $path is $kind', nothing run, files kept: $same)" "$(cat "$sd/prot.log")"; fi
done
# the same from standard input
printf 'echo RAN\ntrace k.ptx\nload k.ptx\n' | (cd "$sd" && timeout 60 "$awemu" run -) > "$sd/prot.log" 2>&1; rc=$?
if [ $rc -eq 1 ] && grep -qx "<stdin>:2: error: k.ptx is a module the script loaded: it would be overwritten" "$sd/prot.log" && ! grep -q RAN "$sd/prot.log" && cmp -s "$sd/k.ptx" "$sd/k.ptx.keep"; then
  pass "script: a script on standard input: 'trace k.ptx' before 'load k.ptx' is refused, the module kept"
else fail "script: standard input, 'trace k.ptx' before 'load k.ptx' (status $rc)" "$(cat "$sd/prot.log")"; cp "$sd/k.ptx.keep" "$sd/k.ptx"; fi
# awemu run --stats-json and --trace-timeline onto a file the script reads: not written, kept
for case in "--stats-json d.txt|fill x text d.txt|a data file the script read" \
            "--config caba-gtx480 --trace-timeline my.cfg|config my.cfg|a config file the script used"; do
  opts=${case%%|*}; rest=${case#*|}; in=${rest%%|*}; kind=${rest#*|}
  printf 'alloc x u8 4\n%s\n' "$in" > "$sd/prot.aw"
  (cd "$sd" && timeout 60 "$awemu" run $opts prot.aw) > "$sd/prot.log" 2>&1; rc=$?
  opt=$(echo "$opts" | sed 's/.*\(--[a-z-]*\) \([^ ]*\)$/\1 \2/')
  if [ $rc -eq 1 ] && grep -qx "awemu run: $opt is $kind: not written (it would be overwritten)" "$sd/prot.log" &&
     cmp -s "$sd/d.txt" "$sd/d.txt.keep" && cmp -s "$sd/my.cfg" "$sd/my.cfg.keep"; then
    pass "script: awemu run $opt, $kind: not written, the file kept"
  else fail "script: awemu run $opts with '$in' (status $rc)" "$(cat "$sd/prot.log")"; cp "$sd/d.txt.keep" "$sd/d.txt"; cp "$sd/my.cfg.keep" "$sd/my.cfg"; fi
done
# what stays allowed: a trace (or printf file) compared with the expected text afterwards
printf 'load k.ptx\nalloc x f32 32\nalloc y f32 32\ntrace %s\nlaunch saxpy 1 32 u32:32 f32:2 x y\ntrace off\n%s\n' exp.txt '' > "$sd/texp.aw"
printf 'load k.ptx\nalloc x f32 32\nalloc y f32 32\ntrace %s\nlaunch saxpy 1 32 u32:32 f32:2 x y\ntrace off\n%s\n' t.txt 'compare t.txt exp.txt' > "$sd/tcmp.aw"
sc texp
sc_ok tcmp

# ---- a trace or printf file that cannot be written fails the script at its line ----
# (issue 39) On a full disk, 'printf FILE' and 'trace FILE' printed an error without a script
# line ("error: printed.txt: cannot write: ..." when the script ended) and the run exited 0.
# DIR is a tmpfs of 4 KiB in a private mount namespace: 'big' traces saxpy over 1000 elements
# (32 warps, far more than 4 KiB: fails at the launch, line 5); 'full' fills the tmpfs first and
# writes a small trace (one warp) and printf, which fail when the file is completed (at the
# script's end, named by the line that opened it, 4).  The old file is kept either way.
printf 'load %s\nalloc name u8 8\nalloc v s32 100\nalloc x f64 100\nprintf mnt/p.txt\nlaunch hello 2 64 name v x u32:100\necho AFTER\n' "$PWD/examples/printf/printf.ptx" > "$sd/pfull.aw"
printf 'load k.ptx\nalloc x f32 1000\nalloc y f32 1000\ntrace mnt/t.txt\nlaunch saxpy 4 256 u32:1000 f32:2 x y\necho AFTER\n' > "$sd/tbig.aw"
printf 'load k.ptx\nalloc x f32 32\nalloc y f32 32\ntrace mnt/t.txt\nlaunch saxpy 1 32 u32:32 f32:2 x y\necho AFTER\n' > "$sd/tfull.aw"
mkdir "$sd/mnt"
for case in "pfull|no|6|mnt/p.txt: cannot write the device printf: No space left on device|p.txt|printf" \
            "tbig|no|5|mnt/t.txt: cannot write the trace: No space left on device|t.txt|trace" \
            "tfull|yes|4|mnt/t.txt: cannot write: No space left on device|t.txt|trace"; do
  IFS='|' read -r name fill line msg file what <<EOF3
$case
EOF3
  (cd "$sd" && unshare -m sh -c "mount -t tmpfs -o size=4k tmpfs mnt || exit 99
     echo old > mnt/$file
     [ $fill = yes ] && { cat /dev/zero > mnt/fill 2> /dev/null; true; }
     '$awemu' run $name.aw > $name.log 2>&1; echo \$? > $name.rc; cat mnt/$file > $name.kept; ls -A mnt > $name.ls") 2> "$sd/unshare.err"
  urc=$?
  if [ $urc -ne 0 ] && [ ! -s "$sd/$name.rc" ]; then
    skip "script: $name on a full disk" "no private mount namespace with a tmpfs here (unshare -m, mount: $(head -1 "$sd/unshare.err"))"; continue
  fi
  rc=$(cat "$sd/$name.rc")
  if [ "$rc" = 1 ] && grep -qx "$name.aw:$line: error: $msg" "$sd/$name.log" && [ "$(cat "$sd/$name.kept")" = old ] &&
     [ "$(grep -cv '^fill$' "$sd/$name.ls")" -eq 1 ]; then
    pass "script: $name: a $what file that cannot be written is an error at line $line, exit 1, the old file kept"
  else fail "script: $name on a full disk (status $rc, want 1 and '$name.aw:$line: error: $msg')" "$(cat "$sd/$name.log" "$sd/$name.ls")"; fi
done
rm -rf "$sd"
