// subroutines/magbdi/magbdi.s -- MAG-aware BDI as assist-warp subroutines.
//
// The same bytes as the reference codec subroutines/magbdi/magbdi.c; the format is
// subroutines/magbdi/FORMAT.md.  A line of L bytes (32, 64, 128; .lmeta byte 8) is n = L/4
// words; the memory access granularity MAG (16, 32, 64) is .lmeta byte 12.  Every subroutine
// first restricts the warp to n lanes (awmask): lane i owns word i of the line.
//
// magbdi_compress -- parallel scheme
//   1. Lane i loads word x_i.  An all-zero line (awand) is encoding 1, size 0.
//   2. Lane i computes zw_i, the fewest bits whose sign extension gives x_i back.
//   3. For k = 1, 2, ... while k*MAG < L (a uniform loop, the reference's order):
//      w = (8*k*MAG - 32 - n) / n, a shift since n is a power of two, growing by 8*MAG/n per k.
//      nz_i = zw_i > w (word i out of zero's reach); B = ballot(nz) is the mask, and its lowest
//      set bit (brev + clz) is the first such word, whose value (shfl.idx) is the explicit base
//      (0 when B is 0).  Lane i fits when !nz_i or x_i - base sign-extends from w bits; awand
//      over the lanes (CABA's global predicate) says whether k wins.  When no k fits, every
//      lane stores its word: encoding 0.
//   4. Bit-packing the winner, whose stream is base (32 bits), mask (n bits), then delta i at
//      bit p_i = 32 + n + i*w.  Lane i shifts its w-bit delta to bit r_i = p_i % 32 of output
//      word p_i / 32 (lo_i) and keeps the bits that spill into the next word (hi_i; only the
//      last field starting in a word can spill).  The lanes that start in the same output word
//      are consecutive, so a segmented inclusive OR-scan of lo (shfl.up by 1, 2, 4, 8: as many
//      steps as 31/w needs; lane i takes lane i-s when s <= r_i / w, i.e. when lane i-s starts
//      in the same word) leaves each whole word in the last lane starting in it.  Then lane j
//      owns output word j: it fetches the word from that lane, a_j = (32j + 31 - 32 - n) / w,
//      ORs in the spill hi_(a_(j-1)) that lane j-1 fetched (shfl.up by 1), takes the base as
//      word 0 and ORs the mask into word 1, and the k*MAG/4 first lanes store one word each.
//
// magbdi_dec_uncompressed / magbdi_dec_zeros: lane i copies word i, or stores 0.
// magbdi_dec_k (encodings 2..8 = k1..k7; k from .lmeta byte 0): lane i loads the payload words
//   that hold the first and the last bit of its field (the same word unless the field
//   straddles, so nothing past the payload is read), funnel-shifts them, sign-extends w bits
//   (bfe.s32) and adds the base when its mask bit is set.

.subroutine magbdi_compress
.priority low                  // compression is off the loads' path: it takes issue slots the warps leave idle (CABA)
.trigger compress
{
	.reg .b32 %lane, %off, %L, %mag, %n, %lg, %lmask, %D0, %x, %t, %zw;
	.reg .b32 %kmag, %w, %dw, %B, %base, %dv, %p, %r, %m, %hi;
	.reg .b32 %V, %a, %P, %H, %W, %kw, %enc;
	.reg .pred %z, %all, %more, %nz, %ok, %same, %valid, %l0, %l1;

	ld.lmeta.u32 	%L, [8];                   // line size in bytes
	ld.lmeta.u32 	%mag, [12];                // memory access granularity in bytes
	shr.u32 	%n, %L, 2;                 // n words
	bfind.u32 	%lg, %n;                   // log2(n)
	shl.b32 	%lmask, 1, %n;             // 1 << 32 is 0, so n = 32 gives all ones
	sub.u32 	%lmask, %lmask, 1;
	awmask.b32 	%lmask;                    // lanes 0 .. n-1

	mov.u32 	%lane, %laneid;
	shl.b32 	%off, %lane, 2;
	ld.lin.u32 	%x, [%off];

	// the zero line
	setp.eq.u32 	%z, %x, 0;
	awand.pred 	%all, %z;
	@!%all bra.uni 	$NONZERO;
	st.lmeta.u32 	[0], 1;
	st.lmeta.u32 	[4], 0;
	exit;

$NONZERO:
	// zw = the signed width of x from the zero base: 33 - clz(x ^ sign(x))  (1 for 0 and -1)
	shr.s32 	%t, %x, 31;
	xor.b32 	%t, %x, %t;
	clz.b32 	%t, %t;
	sub.u32 	%zw, 33, %t;

	// k = 1: kmag = MAG, w = (8*MAG - D0) / n with D0 = 32 + n the header bits; each further
	// k adds dw = 8*MAG / n bits (n is a power of two, so the divisions are shifts)
	add.u32 	%D0, %n, 32;
	mov.u32 	%kmag, %mag;
	shl.b32 	%t, %mag, 3;
	shr.u32 	%dw, %t, %lg;
	sub.u32 	%w, %t, %D0;
	shr.u32 	%w, %w, %lg;
	setp.ge.u32 	%more, %kmag, %L;
	@%more bra.uni 	$UNCOMPRESSED;         // no k with k*MAG < L
$TRYK:
	setp.gt.u32 	%nz, %zw, %w;              // out of zero's reach: uses the explicit base
	vote.sync.ballot.b32 	%B, %nz, %lmask;  // the mask
	brev.b32 	%t, %B;
	clz.b32 	%t, %t;                    // the first such word (32, read as 0, when none)
	shfl.sync.idx.b32 	%base, %x, %t, 31, %lmask;
	sub.u32 	%dv, %x, %base;
	bfe.s32 	%t, %dv, 0, %w;
	setp.eq.or.u32 	%ok, %t, %dv, !%nz;      // within reach of zero, or of the base
	awand.pred 	%all, %ok;
	@%all bra.uni 	$PACK;
	add.u32 	%w, %w, %dw;
	add.u32 	%kmag, %kmag, %mag;
	setp.lt.u32 	%more, %kmag, %L;
	@%more bra.uni 	$TRYK;

$UNCOMPRESSED:
	st.lout.u32 	[%off], %x;
	st.lmeta.u32 	[0], 0;
	st.lmeta.u32 	[4], %L;
	exit;

$PACK:
	setp.eq.u32 	%z, %B, 0;
	selp.b32 	%base, 0, %base, %z;       // no word uses the base: it is 0
	// this lane's field: low w bits of x - base (mask 1) or x (mask 0), at stream bit
	// p = D0 + i*w: output word p/32, bit r = p%32; lo goes to that word, hi spills into the next
	selp.b32 	%t, %base, 0, %nz;
	sub.u32 	%dv, %x, %t;
	bfe.u32 	%dv, %dv, 0, %w;
	mad.lo.u32 	%p, %lane, %w, %D0;
	and.b32 	%r, %p, 31;
	shl.b32 	%V, %dv, %r;               // lo: the scan below ORs it in place
	shf.l.wrap.b32 	%hi, %dv, 0, %p;           // dv >> (32 - r), 0 when r = 0
	div.u32 	%m, %r, %w;                // lanes i-1 .. i-m start in the same word

	// segmented inclusive OR-scan of lo: step s takes lane i-s when s <= m; steps while
	// s <= 31/w (no word holds more than that many field starts after its first).  A lane
	// i < s gets its own value back from shfl.up, and ORing it again changes nothing.
	shfl.sync.up.b32 	%t, %V, 1, 0, %lmask;
	setp.ge.u32 	%same, %m, 1;
	@%same or.b32 	%V, %V, %t;
	setp.lt.u32 	%more, %w, 16;             // 2w <= 31
	@!%more bra.uni 	$GATHER;
	shfl.sync.up.b32 	%t, %V, 2, 0, %lmask;
	setp.ge.u32 	%same, %m, 2;
	@%same or.b32 	%V, %V, %t;
	setp.lt.u32 	%more, %w, 8;              // 4w <= 31
	@!%more bra.uni 	$GATHER;
	shfl.sync.up.b32 	%t, %V, 4, 0, %lmask;
	setp.ge.u32 	%same, %m, 4;
	@%same or.b32 	%V, %V, %t;
	setp.lt.u32 	%more, %w, 4;              // 8w <= 31
	@!%more bra.uni 	$GATHER;
	shfl.sync.up.b32 	%t, %V, 8, 0, %lmask;
	setp.ge.u32 	%same, %m, 8;
	@%same or.b32 	%V, %V, %t;

$GATHER:
	// lane j owns output word j: the last field starting in it is a = (32j + 31 - D0) / w
	sub.u32 	%t, 31, %D0;
	mad.lo.u32 	%t, %lane, 32, %t;         // 32j + 31 - D0
	setp.ge.s32 	%valid, %t, 0;             // word j holds deltas (not words 0, and 1 when n = 32)
	div.u32 	%a, %t, %w;
	sub.u32 	%t, %n, 1;
	min.u32 	%a, %a, %t;                // in range even for the lanes that do not use it
	shfl.sync.idx.b32 	%P, %V, %a, 31, %lmask;
	shfl.sync.idx.b32 	%H, %hi, %a, 31, %lmask;
	selp.b32 	%P, %P, 0, %valid;
	selp.b32 	%H, %H, 0, %valid;
	shfl.sync.up.b32 	%H, %H, 1, 0, %lmask;  // the spill of word j - 1 (lane 0 keeps its own 0)
	or.b32 	%W, %P, %H;
	setp.eq.u32 	%l0, %lane, 0;
	selp.b32 	%W, %base, %W, %l0;        // word 0: the base
	setp.eq.u32 	%l1, %lane, 1;
	@%l1 or.b32 	%W, %W, %B;                // word 1: the mask in its low n bits
	shr.u32 	%kw, %kmag, 2;
	setp.lt.u32 	%ok, %lane, %kw;
	@%ok st.lout.u32 	[%off], %W;            // the k*MAG/4 payload words
	div.u32 	%enc, %kmag, %mag;
	add.u32 	%enc, %enc, 1;             // encoding k + 1
	st.lmeta.u32 	[0], %enc;
	st.lmeta.u32 	[4], %kmag;
	exit;
}

.subroutine magbdi_dec_uncompressed
.priority high
.trigger decompress 0
{
	.reg .b32 %L, %n, %lmask, %off, %x;

	ld.lmeta.u32 	%L, [8];
	shr.u32 	%n, %L, 2;
	shl.b32 	%lmask, 1, %n;
	sub.u32 	%lmask, %lmask, 1;
	awmask.b32 	%lmask;                    // lanes 0 .. n-1
	mov.u32 	%off, %laneid;
	shl.b32 	%off, %off, 2;
	ld.lin.u32 	%x, [%off];
	st.lout.u32 	[%off], %x;
	exit;
}

.subroutine magbdi_dec_zeros
.priority high
.trigger decompress 1
{
	.reg .b32 %L, %n, %lmask, %off;

	ld.lmeta.u32 	%L, [8];
	shr.u32 	%n, %L, 2;
	shl.b32 	%lmask, 1, %n;
	sub.u32 	%lmask, %lmask, 1;
	awmask.b32 	%lmask;                    // lanes 0 .. n-1
	mov.u32 	%off, %laneid;
	shl.b32 	%off, %off, 2;
	st.lout.u32 	[%off], 0;
	exit;
}

.subroutine magbdi_dec_k
.priority high
.trigger decompress 2
.trigger decompress 3
.trigger decompress 4
.trigger decompress 5
.trigger decompress 6
.trigger decompress 7
.trigger decompress 8
{
	.reg .b32 %lane, %off, %enc, %L, %mag, %n, %lg, %lmask, %D0, %w, %wm1, %t;
	.reg .b32 %p, %a0, %a1, %w0, %w1, %d, %base, %mask, %sel;

	ld.lmeta.u32 	%enc, [0];                 // k + 1
	ld.lmeta.u32 	%L, [8];
	ld.lmeta.u32 	%mag, [12];
	shr.u32 	%n, %L, 2;
	bfind.u32 	%lg, %n;                   // log2(n)
	shl.b32 	%lmask, 1, %n;
	sub.u32 	%lmask, %lmask, 1;
	awmask.b32 	%lmask;                    // lanes 0 .. n-1
	add.u32 	%D0, %n, 32;               // header bits
	sub.u32 	%t, %enc, 1;
	mul.lo.u32 	%t, %t, %mag;              // payload bytes k * MAG
	shl.b32 	%t, %t, 3;
	sub.u32 	%t, %t, %D0;
	shr.u32 	%w, %t, %lg;               // w(k) = (8*k*MAG - D0) / n
	sub.u32 	%wm1, %w, 1;

	// this lane's field holds stream bits p .. p+w-1, p = D0 + i*w: load the payload words
	// holding its first and its last bit (the same word when it does not straddle)
	mov.u32 	%lane, %laneid;
	mad.lo.u32 	%p, %lane, %w, %D0;
	shr.u32 	%a0, %p, 3;
	and.b32 	%a0, %a0, 0xfffffffc;      // byte address of word p/32
	ld.lin.u32 	%w0, [%a0];
	add.u32 	%t, %p, %wm1;
	shr.u32 	%a1, %t, 3;
	and.b32 	%a1, %a1, 0xfffffffc;      // byte address of word (p+w-1)/32
	ld.lin.u32 	%w1, [%a1];
	shf.r.wrap.b32 	%d, %w0, %w1, %p;          // {w1, w0} >> p%32
	bfe.s32 	%d, %d, 0, %w;             // the sign-extended delta

	ld.lin.u32 	%base, [0];
	ld.lin.u32 	%mask, [4];
	bfe.s32 	%sel, %mask, %lane, 1;     // mask bit i: all ones or 0
	and.b32 	%t, %base, %sel;
	add.u32 	%d, %d, %t;
	shl.b32 	%off, %lane, 2;
	st.lout.u32 	[%off], %d;
	exit;
}
