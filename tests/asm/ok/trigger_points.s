// pc trigger points: KERNEL+N (the N-th instruction after the kernel's first, for PTX
// with no label where the subroutine must start), LABEL+N, and a 'skip' given either
// way.  'tail' names its registers with an empty list '()' after 'head' has put its own
// in the pool: awasm used to record where that empty list stood, which the disassembly
// cannot say, so the round trip gave a different image.
.version 8.0
.target sm_80
.address_size 64
.visible .entry k(.param .u64 k_param_0)
{
	.reg .b32 %r<4>;
	.reg .b64 %rd<3>;
	ld.param.u64 	%rd1, [k_param_0];
	mov.u32 	%r1, %tid.x;
	mul.wide.u32 	%rd2, %r1, 4;
	add.s64 	%rd1, %rd1, %rd2;
	ld.global.u32 	%r2, [%rd1];
	add.s32 	%r3, %r2, 1;
L_store:
	st.global.u32 	[%rd1], %r3;
	ret;
}
.subroutine head
.trigger pc k, k+4 (%rd1, %r3) skip L_store
.livein %a
.liveout %b
.skipif %p
{
	.reg .b64 %a;
	.reg .b32 %b;
	.reg .pred %p;
	setp.ne.u64 	%p, %a, 0;
	mov.u32 	%b, 7;
	exit;
}
.subroutine tail
.trigger pc k, L_store+1 ()
{
	exit;
}
.subroutine start
.priority low
.trigger pc k, k
{
	exit;
}
