// tex: tex.{1d,2d}.v4.dtype.ctype d, [a, {coordinates}]; a is a texture object (.u64 register),
// one coordinate per dimension (PTX ISA "tex"); texture references and the forms awemu does not
// run are refused
.version 8.0
.target sm_75
.address_size 64
.global .u64 g;
.visible .entry k()
{
	.reg .f32 %f<9>;
	.reg .b64 %rd<3>;
	.reg .b32 %r<3>;
	tex.2d.v4.f32.f32 {%f1, %f2, %f3, %f4}, [%rd1, {%f5}];
	tex.2d.f32.f32 {%f1, %f2, %f3, %f4}, [%rd1, {%f5, %f6}];
	tex.v4.f32.f32 {%f1, %f2, %f3, %f4}, [%rd1, {%f5, %f6}];
	tex.2d.v4.f32.f32 {%f1, %f2, %f3, %f4}, [%r1, {%f5, %f6}];
	tex.2d.v4.f32.f32 {%f1, %f2, %f3, %f4}, [%rd1+4];
	ld.global.f32 %f1, [%rd1, {%f1}];
	tex.2d.v4.f64.f32 {%f1, %f2, %f3, %f4}, [%rd1, {%f5, %f6}];
	tex.3d.v4.f32.f32 {%f1, %f2, %f3, %f4}, [%rd1, {%f5, %f6, %f7}];
	tex.1d.v4.f32.s32 {%f1, %f2, %f3, %f4}, [%rd1, {%rd2}];
	tex.1d.v4.f32.s32 {%f1, %f2}, [%rd1, {%r1}];
	add.f32 %f1, [%rd1, {%f1}], %f2;
	tex.1d.v4.s32.s32 {%r1, %r2, %r1, %r2}, [g, {%r1}];
	ret;
}
// error: 13:42: a .2d texture takes 2 coordinates, not 1
// error: 14:2: 'tex' writes four channels: it needs .v4 (tex.2d.v4.f32.f32)
// error: 15:2: 'tex' needs a geometry (.1d or .2d)
// error: 16:42: register '%r1' is .b32; this operand needs 64 bits
// error: 17:42: 'tex' reads a texture operand [texture, {coordinates}]
// error: 18:21: expected a memory operand [address]
// error: 19:11: type '.f64' is not valid for 'tex'
// error: 20:5: unknown suffix '.3d' on 'tex'
// error: 21:50: register '%rd2' is .b64; this operand needs 32 bits
// error: 22:20: vector has 2 elements; the instruction moves 4
// error: 23:15: 'add' does not take a texture operand here
// error: 24:42: 'g' is a variable: a texture object is a .u64 register (texture references are not supported)
