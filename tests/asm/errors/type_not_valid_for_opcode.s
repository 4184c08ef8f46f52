// popc counts bits of .b32/.b64 only, not .f32
.version 8.0
.target sm_80
.address_size 64
.visible .entry k()
{
	.reg .b32 %r<4>;
	popc.f32 %r1, %r1;
	ret;
}
// error: 8:6: type '.f32' is not valid for 'popc'
