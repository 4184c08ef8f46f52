// linebuf_lout_oob: .lout holds one line (128 bytes here).  Lane i stores a word at 8i: lanes
// 0-15 stay inside, lane 16 writes bytes 128-131, past the end.
.subroutine lb_lout_oob
.priority high
.trigger decompress 1
{
	.reg .b32 %lane, %a;
	mov.u32 	%lane, %laneid;
	shl.b32 	%a, %lane, 3;
	st.lout.u32 	[%a], %lane;
	exit;
}
