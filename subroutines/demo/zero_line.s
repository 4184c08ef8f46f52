// subroutines/demo/zero_line.s -- the README tutorial's subroutine: is a cache line all zeros?
//
// Each of the 32 lanes loads one 4-byte word of the 128-byte line being compressed; a
// warp-wide AND of "my word is zero" (awand, the global predicate) says whether the whole
// line is zero.  If it is, the line's metadata records encoding 1 with 0 bytes of payload;
// otherwise the subroutine ends and leaves the line as it is.
.subroutine zero_line
.priority high                  // the parent warp waits for it
.trigger compress               // started when a line is written towards memory
{
	.reg .b32 %lane, %off, %word;
	.reg .pred %z, %all;

	mov.u32 	%lane, %laneid;
	shl.b32 	%off, %lane, 2;            // byte offset of this lane's word
	ld.lin.u32 	%word, [%off];             // .lin: the line being compressed
	setp.eq.u32 	%z, %word, 0;
	awand.pred 	%all, %z;                  // all 32 words zero?
	@!%all exit;
	st.lmeta.u32 	[0], 1;                    // .lmeta: the line's metadata; encoding 1
	st.lmeta.u32 	[4], 0;                    // compressed size: 0 bytes
	exit;
}
