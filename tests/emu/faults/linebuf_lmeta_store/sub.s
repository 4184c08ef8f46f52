// linebuf_lmeta_store: .lmeta is writable below byte 8 only (bytes 8 and up: line size, MAG,
// address).  Lane i stores a word at 4i: lanes 0 and 1 (bytes 0-7) may, lane 2 (byte 8) faults.
.subroutine lb_lmeta_store
.priority high
.trigger decompress 1
{
	.reg .b32 %lane, %a;
	.reg .pred %p;
	mov.u32 	%lane, %laneid;
	shl.b32 	%a, %lane, 2;
	setp.lt.u32 	%p, %lane, 3;
	@%p st.lmeta.u32 	[%a], %lane;
	exit;
}
