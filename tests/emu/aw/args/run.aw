# Launch arguments as a host program passes them, and the memory commands a converted host
# program needs (tests/emu/aw/args).  Expected values derived by hand from args.cu:
#   the struct {f32:3,s32:8,f64:0.25,src+4,f16:1.5} is a=3 @0, n=8 @4, b=0.25 @8, src=&src[4]
#   @16, h=1.5 @24, padded to 32 bytes (align 8) as C lays out struct P; so for i < 8
#   dst[2+i] = src[4+i]*2 + 3 = (4+i)*2 + 3: 11 at dst[2] ... 25 at dst[9]; dst[0], dst[1],
#   dst[10] stay 0.  fout = &f[1]: f[1] = 0.25, f[2] = 1.5, f[3] = -2.5 (f16:-2.5, exact in
#   binary16), f[4] = 3 (bf16:3); f16:0.1 rounds to nearest even: 0x2e66 = 0.0999755859375.
load ${SCRIPT_DIR}/args.ptx
alloc src s32 16
fill src ramp 0 1
alloc dst s32 16
alloc f f32 8
launch sargs 1 32 {f32:3,s32:8,f64:0.25,src+4,f16:1.5} dst+2 f16:-2.5 bf16:3.0 f+1
expect dst at 0 0
expect dst at 1 0
expect dst at 2 11
expect dst at 9 25
expect dst at 10 0
expect f at 0 0
expect f at 1 0.25
expect f at 2 1.5
expect f at 3 -2.5
expect f at 4 3
# a second struct: a=1, n=2, b=-4, src=&src[0], h=0.3 (rounds up to 0x34cd = 0.300048828125: 0.2*1024 = 204.8 mantissa units); dst[i] = src[i]*2 + 1 for i < 2: 1, 3;
# dst[2] keeps 11; f16:65504 is binary16's largest finite value, bf16:-0.5 exact
launch sargs 1 32 {f32:1,s32:2,f64:-4,src,f16:0.3} dst f16:65504 bf16:-0.5 f
expect dst at 0 1
expect dst at 1 3
expect dst at 2 11
expect f at 0 -4
expect f at 1 0.300048828125
expect f at 2 65504
expect f at 3 -0.5
# copy: dst[12..15] = src[0..3]; an overlapping copy within src moves as memmove does
copy dst+12 src 4
expect dst at 12 0
expect dst at 15 3
copy src+1 src 4
expect src at 0 0
expect src at 1 0
expect src at 4 3
expect src at 5 5
# memset: bytes 0xff over elements 6..8 of src: each -1; element 9 keeps 9
memset src 0xff 6 3
expect src at 6 -1
expect src at 8 -1
expect src at 9 9
memset f 0
expect f value 0
# free, then the name is free for a new buffer
free f
alloc f u8 3
expect f value 0
