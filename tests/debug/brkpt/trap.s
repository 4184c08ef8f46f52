// tests/debug/brkpt: a brkpt instruction stops the debugger (as it stops cuda-gdb);
// outside the debugger it does nothing.  Lanes 0-3 reach it (a guarded branch skips the rest).
.version 8.0
.target sm_80
.address_size 64

.visible .entry trap(.param .u64 out)
{
	.reg .pred %p<2>;
	.reg .b32 %r<3>;
	.reg .b64 %rd<4>;
	ld.param.u64 %rd1, [out];
	mov.u32 %r1, %tid.x;
	mov.u32 %r2, %r1;
	setp.ge.u32 %p1, %r1, 4;
	@%p1 bra DONE;
	brkpt;
	add.u32 %r2, %r1, 10;
DONE:
	mul.wide.u32 %rd2, %r1, 4;
	add.s64 %rd3, %rd1, %rd2;
	st.global.u32 [%rd3], %r2;
	ret;
}
