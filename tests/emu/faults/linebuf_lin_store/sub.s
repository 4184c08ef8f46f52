// linebuf_lin_store: .lin is read-only (isa/ISA.md, assist-warp spaces): every lane loads its
// word of .lin, stores it to .lout, then stores it back to .lin: lane 0 faults first, address 0.
.subroutine lb_lin_store
.priority high
.trigger decompress 1
{
	.reg .b32 %lane, %a, %x;
	mov.u32 	%lane, %laneid;
	shl.b32 	%a, %lane, 2;
	ld.lin.u32 	%x, [%a];
	st.lout.u32 	[%a], %x;
	st.lin.u32 	[%a], %x;
	exit;
}
