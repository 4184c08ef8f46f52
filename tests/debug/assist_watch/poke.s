// tests/debug/assist_watch/poke.s -- a 'pc' subroutine that stores each lane's %laneid, as a
// float, over its thread's y[i] when saxpy reaches its ret (label $L__BB0_2).
.subroutine poke
.priority high
.trigger pc saxpy, $L__BB0_2 (%rd7)
.livein %p
{
	.reg .u64 %p;
	.reg .f32 %v;
	.reg .u32 %l;
	mov.u32 %l, %laneid;
	cvt.rn.f32.u32 %v, %l;
	st.global.f32 [%p], %v;
	exit;
}
