// subroutines/fpc/fpc.s -- FPC (CABA's segmented form) as assist-warp subroutines.
//
// The format is subroutines/fpc/FORMAT.md; subroutines/fpc/fpc.c is the golden model and
// these subroutines produce and accept the same bytes.
//
// Parallel scheme (CABA, ISCA 2015, section 5.1.4): one 32-bit word per lane.  A line of
// L = 32, 64 or 128 bytes (.lmeta byte 8) is N = L/4 words, so the first thing every
// subroutine does is `awmask` the warp down to lanes 0..N-1: lanes past the last word
// never run, load or store.  Lane i holds word i, of segment s = i/4, position j = i%4.
//
// fpc_compress
//   1. Each lane tests its word against the seven compressible patterns and builds a fit
//      mask whose bits are in the order the format chooses them (bit 0 zero, 1 4-bit,
//      2 8-bit, 3 repeated byte, 4 16-bit, 5 padded 16, 6 two bytes, 7 raw).
//   2. Two butterfly shuffles (xor 1, xor 2) AND the masks of the segment's four lanes:
//      the segment's pattern is the lowest set bit (brev + clz), mapped to its prefix and
//      to the field width in nibbles nb (0, 1, 2, 4 or 8) through nibble tables.
//   3. An inclusive shfl.up scan of nb over the lanes gives each word's nibble offset in
//      the data area and (from lane N-1) the total; the header is the OR of
//      prefix << 3s, reduced over the segments with clamped butterflies (xor 4, 8, 16).
//   4. size = H + total/2.  When size >= L every lane stores its word (encoding 0);
//      otherwise lanes 0..H-1 store the header bytes and every lane stores its field
//      bytes at byte H + offset/2 (4-bit fields: the even lane merges its odd neighbour's
//      nibble, fetched with shfl.down, and stores the byte).
//
// fpc_dec (encoding 1)
//   Every lane reads the H header bytes, takes its segment's prefix, runs the same
//   shfl.up scan of the field widths for its field's offset, reads the field's bytes and
//   rebuilds the word (bfe.s32 sign-extends fields of width 0, 4, 8, 16, 32; padded,
//   two-byte and repeated patterns are fixed up with shl / prmt).
// fpc_dec_uncompressed (encoding 0): every lane copies its word.

.subroutine fpc_compress
.priority low                  // compression is off the loads' path: it takes issue slots the warps leave idle (CABA)
.trigger compress
{
	.reg .b32 %lsize, %n, %nm1, %amask, %lane, %off, %w, %t, %fit, %rank, %r4;
	.reg .b32 %pat, %nb, %inc, %exnib, %tot, %seg, %hdr, %hsize, %size, %boff, %f, %g, %h;
	.reg .pred %p, %pe, %q0, %q1, %q2;

	// ---- lanes: one per word of the line
	ld.lmeta.u32 	%lsize, [8];               // line size L in bytes
	shr.u32 	%n, %lsize, 2;             // N words
	shl.b32 	%amask, 1, %n;             // (1 << N) - 1; shl by 32 gives 0, so 0xffffffff
	sub.u32 	%amask, %amask, 1;
	awmask.b32 	%amask;
	sub.u32 	%nm1, %n, 1;               // last lane: clamp of the butterflies
	mov.u32 	%lane, %laneid;
	shl.b32 	%off, %lane, 2;
	ld.lin.u32 	%w, [%off];

	// ---- 1. the patterns my word fits, in choice order
	mov.b32 	%fit, 0x80;                // raw: always
	setp.eq.u32 	%p, %w, 0;
	@%p or.b32 	%fit, %fit, 0x01;          // zero
	bfe.s32 	%t, %w, 0, 4;
	setp.eq.u32 	%p, %t, %w;
	@%p or.b32 	%fit, %fit, 0x02;          // 4-bit sign-extended
	bfe.s32 	%t, %w, 0, 8;
	setp.eq.u32 	%p, %t, %w;
	@%p or.b32 	%fit, %fit, 0x04;          // 8-bit sign-extended
	prmt.b32 	%t, %w, 0, 0x0000;         // byte 0 four times
	setp.eq.u32 	%p, %t, %w;
	@%p or.b32 	%fit, %fit, 0x08;          // repeated bytes
	bfe.s32 	%t, %w, 0, 16;
	setp.eq.u32 	%p, %t, %w;
	@%p or.b32 	%fit, %fit, 0x10;          // 16-bit sign-extended
	and.b32 	%t, %w, 0xffff;
	setp.eq.u32 	%p, %t, 0;
	@%p or.b32 	%fit, %fit, 0x20;          // 16-bit padded with zeros
	prmt.b32 	%t, %w, 0, 0xa280;         // bytes 0 and 2, each sign-extended to a halfword
	setp.eq.u32 	%p, %t, %w;
	@%p or.b32 	%fit, %fit, 0x40;          // two sign-extended bytes

	// ---- 2. the segment's pattern: AND over its four lanes, lowest set bit
	shfl.sync.bfly.b32 	%t, %fit, 1, 0x1f, %amask;
	and.b32 	%fit, %fit, %t;
	shfl.sync.bfly.b32 	%t, %fit, 2, 0x1f, %amask;
	and.b32 	%fit, %fit, %t;
	brev.b32 	%t, %fit;
	clz.b32 	%rank, %t;                 // 0..7 in choice order
	shl.b32 	%r4, %rank, 2;
	bfe.u32 	%pat, 0x75436210, %r4, 4;  // prefix by rank: 0 1 2 6 3 4 5 7
	bfe.u32 	%nb, 0x84442210, %r4, 4;   // field nibbles by rank: 0 1 2 2 4 4 4 8

	// ---- 3. nibble offsets: inclusive scan of nb over lanes 0..N-1
	mov.u32 	%inc, %nb;
	shfl.sync.up.b32 	%t|%p, %inc, 1, 0, %amask;
	@%p add.u32 	%inc, %inc, %t;
	shfl.sync.up.b32 	%t|%p, %inc, 2, 0, %amask;
	@%p add.u32 	%inc, %inc, %t;
	shfl.sync.up.b32 	%t|%p, %inc, 4, 0, %amask;
	@%p add.u32 	%inc, %inc, %t;
	shfl.sync.up.b32 	%t|%p, %inc, 8, 0, %amask;
	@%p add.u32 	%inc, %inc, %t;
	shfl.sync.up.b32 	%t|%p, %inc, 16, 0, %amask;
	@%p add.u32 	%inc, %inc, %t;
	sub.u32 	%exnib, %inc, %nb;         // nibbles before my field
	shfl.sync.idx.b32 	%tot, %inc, %nm1, 0x1f, %amask;   // all the data, in nibbles

	//      header = OR over segments of prefix << 3s (butterflies clamped at lane N-1)
	shr.u32 	%seg, %lane, 2;
	mul.lo.u32 	%t, %seg, 3;
	shl.b32 	%hdr, %pat, %t;
	shfl.sync.bfly.b32 	%t, %hdr, 4, %nm1, %amask;
	or.b32 	%hdr, %hdr, %t;
	shfl.sync.bfly.b32 	%t, %hdr, 8, %nm1, %amask;
	or.b32 	%hdr, %hdr, %t;
	shfl.sync.bfly.b32 	%t, %hdr, 16, %nm1, %amask;
	or.b32 	%hdr, %hdr, %t;

	// ---- 4. size = H + data; H = ceil(3S/8) with S = N/4 segments
	shr.u32 	%t, %n, 2;
	mad.lo.u32 	%t, %t, 3, 7;
	shr.u32 	%hsize, %t, 3;
	shr.u32 	%t, %tot, 1;
	add.u32 	%size, %hsize, %t;
	setp.ge.u32 	%p, %size, %lsize;
	@%p bra 	$uncompressed;             // uniform: the same size in every lane

	//      header bytes: lane k < H stores byte k
	setp.lt.u32 	%p, %lane, %hsize;
	shl.b32 	%t, %lane, 3;
	shr.b32 	%t, %hdr, %t;
	@%p st.lout.u8 	[%lane], %t;

	//      my field: the word, or its stored bits for padded and two-byte patterns
	mov.b32 	%f, %w;
	setp.eq.u32 	%p, %pat, 4;
	@%p shr.b32 	%f, %w, 16;                // padded: the high halfword
	setp.eq.u32 	%p, %pat, 5;
	@%p prmt.b32 	%f, %w, 0, 0x20;           // two bytes: bytes 0 and 2
	setp.eq.u32 	%p, %nb, 1;                // 4-bit fields: two to a byte
	@%p and.b32 	%f, %f, 0xf;
	shfl.sync.down.b32 	%g, %f, 1, 0x1f, %amask;
	@%p bfi.b32 	%f, %g, %f, 4, 4;          // the odd neighbour's nibble on top

	//      store the field's nb/2 bytes (a 4-bit field: the even lane stores the pair)
	shr.u32 	%t, %exnib, 1;
	add.u32 	%boff, %hsize, %t;
	and.b32 	%t, %exnib, 1;
	setp.eq.u32 	%pe, %t, 0;                // my field starts on a byte
	setp.gt.and.u32 	%q0, %nb, 0, %pe;
	setp.gt.and.u32 	%q1, %nb, 2, %pe;
	setp.gt.and.u32 	%q2, %nb, 4, %pe;
	@%q0 st.lout.u8 	[%boff], %f;
	shr.b32 	%h, %f, 8;
	@%q1 st.lout.u8 	[%boff+1], %h;
	shr.b32 	%h, %f, 16;
	@%q2 st.lout.u8 	[%boff+2], %h;
	shr.b32 	%h, %f, 24;
	@%q2 st.lout.u8 	[%boff+3], %h;
	st.lmeta.u32 	[0], 1;                    // encoding 1: fpc
	st.lmeta.u32 	[4], %size;
	exit;

$uncompressed:                             // not smaller: the line as it is
	st.lout.u32 	[%off], %w;
	st.lmeta.u32 	[0], 0;
	st.lmeta.u32 	[4], %lsize;
	exit;
}

.subroutine fpc_dec_uncompressed
.priority high
.trigger decompress 0
{
	.reg .b32 %n, %amask, %off, %w;

	ld.lmeta.u32 	%n, [8];
	shr.u32 	%n, %n, 2;                 // N words
	shl.b32 	%amask, 1, %n;
	sub.u32 	%amask, %amask, 1;
	awmask.b32 	%amask;                    // one lane per word
	mov.u32 	%off, %laneid;
	shl.b32 	%off, %off, 2;
	ld.lin.u32 	%w, [%off];
	st.lout.u32 	[%off], %w;
	exit;
}

.subroutine fpc_dec
.priority high
.trigger decompress 1
{
	.reg .b32 %n, %amask, %lane, %hsize, %hdr, %b1, %b2, %t, %pat, %nb, %inc, %exnib;
	.reg .b32 %boff, %f, %x0, %x1, %x2, %x3, %len, %pos, %w;
	.reg .pred %p, %pe, %q0, %q1, %q2;

	ld.lmeta.u32 	%n, [8];
	shr.u32 	%n, %n, 2;                 // N words
	shl.b32 	%amask, 1, %n;
	sub.u32 	%amask, %amask, 1;
	awmask.b32 	%amask;                    // one lane per word
	mov.u32 	%lane, %laneid;

	// ---- the header: H = ceil(3S/8) bytes, read by every lane (bytes past H are not
	//      read and their bits not used: the S prefixes lie in the first 3S bits)
	shr.u32 	%t, %n, 2;
	mad.lo.u32 	%t, %t, 3, 7;
	shr.u32 	%hsize, %t, 3;
	ld.lin.u8 	%hdr, [0];
	setp.gt.u32 	%p, %hsize, 1;
	@%p ld.lin.u8 	%b1, [1];
	setp.gt.u32 	%p, %hsize, 2;
	@%p ld.lin.u8 	%b2, [2];
	prmt.b32 	%hdr, %hdr, %b1, 0x0040;
	bfi.b32 	%hdr, %b2, %hdr, 16, 8;

	// ---- my segment's prefix and field width in nibbles
	shr.u32 	%t, %lane, 2;
	mul.lo.u32 	%t, %t, 3;
	bfe.u32 	%pat, %hdr, %t, 3;
	shl.b32 	%t, %pat, 2;
	bfe.u32 	%nb, 0x82444210, %t, 4;    // nibbles by prefix: 0 1 2 4 4 4 2 8

	// ---- nibble offsets: inclusive scan of nb over lanes 0..N-1
	mov.u32 	%inc, %nb;
	shfl.sync.up.b32 	%t|%p, %inc, 1, 0, %amask;
	@%p add.u32 	%inc, %inc, %t;
	shfl.sync.up.b32 	%t|%p, %inc, 2, 0, %amask;
	@%p add.u32 	%inc, %inc, %t;
	shfl.sync.up.b32 	%t|%p, %inc, 4, 0, %amask;
	@%p add.u32 	%inc, %inc, %t;
	shfl.sync.up.b32 	%t|%p, %inc, 8, 0, %amask;
	@%p add.u32 	%inc, %inc, %t;
	shfl.sync.up.b32 	%t|%p, %inc, 16, 0, %amask;
	@%p add.u32 	%inc, %inc, %t;
	sub.u32 	%exnib, %inc, %nb;

	// ---- read my field's bytes (a 4-bit field: the byte holding it); the bytes past
	//      the field are not read and never used: the rebuilding takes the field's bits
	shr.u32 	%t, %exnib, 1;
	add.u32 	%boff, %hsize, %t;
	setp.gt.u32 	%q0, %nb, 0;
	setp.gt.u32 	%q1, %nb, 2;
	setp.gt.u32 	%q2, %nb, 4;
	@%q0 ld.lin.u8 	%x0, [%boff];
	@%q1 ld.lin.u8 	%x1, [%boff+1];
	@%q2 ld.lin.u8 	%x2, [%boff+2];
	@%q2 ld.lin.u8 	%x3, [%boff+3];
	prmt.b32 	%f, %x0, %x1, 0x0040;
	prmt.b32 	%t, %x2, %x3, 0x0040;
	prmt.b32 	%f, %f, %t, 0x5410;

	// ---- rebuild the word: bfe.s32 of the field's width (0, 4, 8, 16 or 32 bits;
	//      a 4-bit field is nibble exnib%2 of its byte), then the other patterns
	and.b32 	%t, %exnib, 1;
	shl.b32 	%pos, %t, 2;
	shl.b32 	%len, %nb, 2;
	bfe.s32 	%w, %f, %pos, %len;
	setp.eq.u32 	%p, %pat, 4;
	@%p shl.b32 	%w, %f, 16;                // padded: field << 16
	setp.eq.u32 	%p, %pat, 5;
	@%p prmt.b32 	%w, %f, 0, 0x9180;         // two bytes, each sign-extended to a halfword
	setp.eq.u32 	%p, %pat, 6;
	@%p prmt.b32 	%w, %f, 0, 0x0000;         // the byte four times
	shl.b32 	%t, %lane, 2;
	st.lout.u32 	[%t], %w;
	exit;
}
