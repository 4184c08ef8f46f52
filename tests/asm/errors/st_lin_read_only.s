// .lin, the line as it arrives, is read-only (isa/ISA.md, assist-warp spaces): awasm
// refuses a store to it (the image used to be written, and the assist warp faulted with
// "store to .lin, which is read-only" when it ran).  Loads and .lout stores are fine.
.version 8.0
.target sm_80
.address_size 64
.subroutine lb_lin_store
.trigger decompress 1
{
	.reg .b32 %lane, %a, %x;
	mov.u32 	%lane, %laneid;
	shl.b32 	%a, %lane, 2;
	ld.lin.u32 	%x, [%a];
	st.lout.u32 	[%a], %x;
	st.lin.u32 	[%a], %x;
	st.lin.v2.u32 	[0], {%x, %x};
	exit;
}
// error: 15:2: '.lin' is read-only (the line as it arrives): a subroutine writes its line to .lout
// error: 16:2: '.lin' is read-only (the line as it arrives): a subroutine writes its line to .lout
