// subroutines/bdi/bdi_awc.s -- BDI as CABA's assist warps with the controller's hardware support, for
// 128-byte lines (the L1 line of caba-gtx480 and mag-gddr5: design caba's blocks).
//
// The same encodings and payloads as bdi.s (FORMAT.md), written for what the CABA paper says the
// assist-warp controller and the core give an assist warp without an instruction (isa/ISA.md,
// "Assist-warp extensions"): per-lane line-buffer addresses from the address-generation logic
// (.lanes; CABA 5.1.3), the active mask from the line's encoding (.lanemask: the lanes whose element
// uses the explicit base; CABA 5.1.2) and the AWT's static active mask (.active; CABA 4.4), the end
// of the warp from the controller (.autoend: the AWT's SR.End, CABA 4.4), and for compression the
// encoding the same store's last line took (.lastenc), so that homogeneous data tests one encoding
// (CABA 5.1.2).  A decompression is then Algorithm 1: load the base and the deltas, add, store --
// 4 instructions for a base+delta encoding (bdi.s's 128-byte decoders take 6 to 9), 1 for zeros, 2
// for repeated and uncompressed lines, 7 for b2d1 (two elements a lane).  Compression is
// bdi_compress_128 with the hint tried first (a line that fits it: about half the instructions).
// Any encoding a compression chooses is valid when its decompression gives the line back (design
// caba checks the round trip, awc_verify); this one may choose a larger encoding than the smallest
// (the hint's) where bdi.c would not, so awc_reference (the reference codec's choice) does not hold
// for it.  Use bdi.s for the fully software assist warps (and any line size).

.subroutine bdi_dec_uncompressed_awc_128
.priority high
.trigger decompress 0 line 128
.lanes %a, 4
.autoend
{
	.reg .b32 %a, %x;

	ld.lin.u32 	%x, [%a];
	st.lout.u32 	[%a], %x;
}

.subroutine bdi_dec_zeros_awc_128
.priority high
.trigger decompress 1 line 128
.lanes %a, 4
.autoend
{
	.reg .b32 %a;

	st.lout.u32 	[%a], 0;
}

.subroutine bdi_dec_repeated_awc_128
.priority high
.trigger decompress 2 line 128
.active 0xffff                 // 16 elements of 8 bytes
.lanes %a, 8
.autoend
{
	.reg .b32 %a;
	.reg .b64 %v;

	ld.lin.u64 	%v, [0];
	st.lout.u64 	[%a], %v;
}

// b8d1: 16 elements; deltas at 8 + 1i, mask at 24
.subroutine bdi_dec_b8d1_awc_128
.priority high
.trigger decompress 3 line 128
.active 0xffff
.lanes %d, 1, 8
.lanes %a, 8
.lanemask %m, 24              // element i uses the explicit base
.autoend
{
	.reg .b32 %d, %a;
	.reg .b64 %base, %x;
	.reg .pred %m;

	ld.lin.u64 	%base, [0];
	ld.lin.s8 	%x, [%d];
	@%m add.u64 	%x, %x, %base;
	st.lout.u64 	[%a], %x;
}

// b8d2: 16 elements; deltas at 8 + 2i, mask at 40
.subroutine bdi_dec_b8d2_awc_128
.priority high
.trigger decompress 4 line 128
.active 0xffff
.lanes %d, 2, 8
.lanes %a, 8
.lanemask %m, 40              // element i uses the explicit base
.autoend
{
	.reg .b32 %d, %a;
	.reg .b64 %base, %x;
	.reg .pred %m;

	ld.lin.u64 	%base, [0];
	ld.lin.s16 	%x, [%d];
	@%m add.u64 	%x, %x, %base;
	st.lout.u64 	[%a], %x;
}

// b8d4: 16 elements; deltas at 8 + 4i, mask at 72
.subroutine bdi_dec_b8d4_awc_128
.priority high
.trigger decompress 5 line 128
.active 0xffff
.lanes %d, 4, 8
.lanes %a, 8
.lanemask %m, 72              // element i uses the explicit base
.autoend
{
	.reg .b32 %d, %a;
	.reg .b64 %base, %x;
	.reg .pred %m;

	ld.lin.u64 	%base, [0];
	ld.lin.s32 	%x, [%d];
	@%m add.u64 	%x, %x, %base;
	st.lout.u64 	[%a], %x;
}

// b4d1: 32 elements, one per lane; deltas at 4 + 1i, mask at 36
.subroutine bdi_dec_b4d1_awc_128
.priority high
.trigger decompress 6 line 128
.lanes %d, 1, 4
.lanes %a, 4
.lanemask %m, 36
.autoend
{
	.reg .b32 %d, %a, %base, %x;
	.reg .pred %m;

	ld.lin.u32 	%base, [0];
	ld.lin.s8 	%x, [%d];
	@%m add.u32 	%x, %x, %base;
	st.lout.u32 	[%a], %x;
}

// b4d2: 32 elements, one per lane; deltas at 4 + 2i, mask at 68
.subroutine bdi_dec_b4d2_awc_128
.priority high
.trigger decompress 7 line 128
.lanes %d, 2, 4
.lanes %a, 4
.lanemask %m, 68
.autoend
{
	.reg .b32 %d, %a, %base, %x;
	.reg .pred %m;

	ld.lin.u32 	%base, [0];
	ld.lin.s16 	%x, [%d];
	@%m add.u32 	%x, %x, %base;
	st.lout.u32 	[%a], %x;
}

// b2d1: 64 elements, lane i takes i and i + 32; deltas at 2 + i and 34 + i; mask bits of elements
// 0..31 from byte 66, of 32..63 from byte 70 (the 32-bit words there, not aligned)
.subroutine bdi_dec_b2d1_awc_128
.priority high
.trigger decompress 8 line 128
.lanes %d, 1, 2
.lanes %e, 1, 34
.lanes %a, 2
.lanemask %m, 66
.lanemask %n, 70
.autoend
{
	.reg .b32 %d, %e, %a, %base, %x, %y;
	.reg .pred %m, %n;

	ld.lin.u16 	%base, [0];
	ld.lin.s8 	%x, [%d];
	ld.lin.s8 	%y, [%e];
	@%m add.u32 	%x, %x, %base;     // 16 bits kept: the sums wrap as BDI's do
	@%n add.u32 	%y, %y, %base;
	st.lout.u16 	[%a], %x;
	st.lout.u16 	[%a+64], %y;
}

// ------------------------------------------------------------------------------------------------
// Compression: bdi_compress_128 (bdi.s) with the controller's addresses and hint
// ------------------------------------------------------------------------------------------------
.subroutine bdi_compress_awc_128
.priority low
.trigger compress line 128
.lanes %a, 4                   // the address logic: lane i's 4-byte element at 4i
.lanes %t, 8                   // ... and its 8-byte one at 8i
.lastenc %h                    // the controller: the encoding the same store's last line took
{
	.reg .b32 %a, %w, %t, %fm, %fm1, %b, %e, %h;
	.reg .b64 %x, %y, %d;
	.reg .pred %in8, %far, %far1, %ok, %p, %lane0;

	setp.eq.u32 	%lane0, %a, 0;
	setp.lt.u32 	%in8, %a, 64;              // lanes 0..15 hold an 8-byte element (4i < 64)
	@%in8 ld.lin.u64 	%x, [%t];              // 8-byte element i (%t = 8i: the address logic's)
	ld.lin.u32 	%w, [%a];                  // 4-byte element i
	// the encoding the store's last line took, tried first (CABA 5.1.2: homogeneous data keeps
	// one encoding; a line it does not fit goes through every trial below)
	setp.eq.u32 	%p, %h, 6;
	@%p bra 	H_B4D1;
	setp.eq.u32 	%p, %h, 3;
	@%p bra 	H_B8D1;
	setp.eq.u32 	%p, %h, 7;
	@%p bra 	H_B4D2;
	setp.eq.u32 	%p, %h, 4;
	@%p bra 	H_B8D2;
FULL:
	setp.eq.u32 	%ok, %w, 0;
	awand.pred 	%ok, %ok;                  // every byte zero?
	@%ok bra 	ZEROS;
	ld.lin.u64 	%y, [0];                   // element 0
	setp.eq.or.u64 	%ok, %x, %y, !%in8;
	awand.pred 	%ok, %ok;                  // every 8-byte element equal to element 0?
	@%ok bra 	REPEATED;

	// ---- b8d1 ----
	add.u64 	%y, %x, 0x80;
	setp.ge.and.u64 	%far, %y, 0x100, %in8;     // out of zero's 1-byte reach
	vote.sync.ballot.b32 	%fm, %far, 0xffffffff;  // the mask; its lowest bit names the base
	brev.b32 	%t, %fm;
	clz.b32 	%t, %t;
	and.b32 	%t, %t, 15;                // none (32): element 0, which the test then ignores
	shl.b32 	%t, %t, 3;
	ld.lin.u64 	%d, [%t];                  // the base
	sub.u64 	%d, %x, %d;
	add.u64 	%d, %d, 0x80;              // x - base + 2^7
	setp.lt.or.u64 	%ok, %d, 0x100, !%far;     // near the base, or near zero
	awand.pred 	%ok, %ok;
	@%ok bra 	P_B8D1;

	// ---- b4d1 ----
	add.u32 	%t, %w, 0x80;
	setp.ge.u32 	%far, %t, 0x100;
	vote.sync.ballot.b32 	%fm, %far, 0xffffffff;
	brev.b32 	%b, %fm;
	clz.b32 	%b, %b;
	shfl.sync.idx.b32 	%b, %w, %b, 0x1f, 0xffffffff;   // the base from its lane (none: lane 0's)
	sub.u32 	%t, %t, %b;                // w - base + 2^7
	setp.lt.or.u32 	%ok, %t, 0x100, !%far;
	awand.pred 	%ok, %ok;
	@%ok bra 	P_B4D1;

	// ---- b8d2 ----
	add.u64 	%y, %x, 0x8000;
	setp.ge.and.u64 	%far, %y, 0x10000, %in8;
	vote.sync.ballot.b32 	%fm, %far, 0xffffffff;
	brev.b32 	%t, %fm;
	clz.b32 	%t, %t;
	and.b32 	%t, %t, 15;
	shl.b32 	%t, %t, 3;
	ld.lin.u64 	%d, [%t];
	sub.u64 	%d, %x, %d;
	add.u64 	%d, %d, 0x8000;
	setp.lt.or.u64 	%ok, %d, 0x10000, !%far;
	awand.pred 	%ok, %ok;
	@%ok bra 	P_B8D2;

	// ---- b4d2 ----
	add.u32 	%t, %w, 0x8000;
	setp.ge.u32 	%far, %t, 0x10000;
	vote.sync.ballot.b32 	%fm, %far, 0xffffffff;
	brev.b32 	%b, %fm;
	clz.b32 	%b, %b;
	shfl.sync.idx.b32 	%b, %w, %b, 0x1f, 0xffffffff;
	sub.u32 	%t, %t, %b;
	setp.lt.or.u32 	%ok, %t, 0x10000, !%far;
	awand.pred 	%ok, %ok;
	@%ok bra 	P_B4D2;

	// ---- b8d4 ----
	add.u64 	%y, %x, 0x80000000;
	setp.ge.and.u64 	%far, %y, 0x100000000, %in8;
	vote.sync.ballot.b32 	%fm, %far, 0xffffffff;
	brev.b32 	%t, %fm;
	clz.b32 	%t, %t;
	and.b32 	%t, %t, 15;
	shl.b32 	%t, %t, 3;
	ld.lin.u64 	%d, [%t];
	sub.u64 	%d, %x, %d;
	add.u64 	%d, %d, 0x80000000;
	setp.lt.or.u64 	%ok, %d, 0x100000000, !%far;
	awand.pred 	%ok, %ok;
	@%ok bra 	P_B8D4;

	// ---- b2d1: lane i takes elements i and i+32, in the high halves of %w and %b plus 2^23
	// (their sums and differences wrap at 16 bits as BDI's do) ----
	shr.u32 	%t, %a, 1;
	ld.lin.u16 	%w, [%t];                  // (w is reloaded if nothing fits)
	ld.lin.u16 	%b, [%t+64];
	mad.lo.u32 	%w, %w, 0x10000, 0x800000;
	mad.lo.u32 	%b, %b, 0x10000, 0x800000;
	setp.ge.u32 	%far, %w, 0x1000000;
	setp.ge.u32 	%far1, %b, 0x1000000;
	vote.sync.ballot.b32 	%fm, %far, 0xffffffff;    // mask bits 0..31
	vote.sync.ballot.b32 	%fm1, %far1, 0xffffffff;  // mask bits 32..63
	mov.b64 	%y, {%fm, %fm1};
	brev.b64 	%y, %y;
	clz.b64 	%t, %y;                    // the base: the first far element of 0..63 (64: none)
	min.u32 	%t, %t, 63;
	shl.b32 	%t, %t, 1;
	ld.lin.u16 	%t, [%t];
	shl.b32 	%t, %t, 16;                // the base, in the high half
	sub.u32 	%e, %w, %t;
	setp.lt.or.u32 	%ok, %e, 0x1000000, !%far;
	sub.u32 	%e, %b, %t;
	setp.lt.or.u32 	%p, %e, 0x1000000, !%far1;
	and.pred 	%ok, %ok, %p;
	awand.pred 	%ok, %ok;
	@%ok bra 	P_B2D1;

	// ---- nothing fits: encoding 0, lane i copies word i ----
	ld.lin.u32 	%w, [%a];
	st.lout.u32 	[%a], %w;
	st.lmeta.u64 	[0], 0x0000008000000000;     // encoding 0, 128 bytes
	exit;

ZEROS:
	st.lmeta.u64 	[0], 1;                      // encoding 1, no payload
	exit;

REPEATED:	// %y: element 0
	@%lane0 st.lout.u64 	[0], %y;
	st.lmeta.u64 	[0], 0x0000000800000002;     // encoding 2, 8 bytes
	exit;

// ---- the hinted trials: as the ones above, but a line they do not fit goes to the full search ----
H_B4D1:	// ---- b4d1, the hint ----
	add.u32 	%t, %w, 0x80;
	setp.ge.u32 	%far, %t, 0x100;
	vote.sync.ballot.b32 	%fm, %far, 0xffffffff;
	brev.b32 	%b, %fm;
	clz.b32 	%b, %b;
	shfl.sync.idx.b32 	%b, %w, %b, 0x1f, 0xffffffff;   // the base from its lane (none: lane 0's)
	sub.u32 	%t, %t, %b;                // w - base + 2^7
	setp.lt.or.u32 	%ok, %t, 0x100, !%far;
	awand.pred 	%ok, %ok;
	@%ok bra 	P_B4D1;
	bra 	FULL;

H_B8D1:	// ---- b8d1, the hint ----
	add.u64 	%y, %x, 0x80;
	setp.ge.and.u64 	%far, %y, 0x100, %in8;     // out of zero's 1-byte reach
	vote.sync.ballot.b32 	%fm, %far, 0xffffffff;  // the mask; its lowest bit names the base
	brev.b32 	%t, %fm;
	clz.b32 	%t, %t;
	and.b32 	%t, %t, 15;                // none (32): element 0, which the test then ignores
	shl.b32 	%t, %t, 3;
	ld.lin.u64 	%d, [%t];                  // the base
	sub.u64 	%d, %x, %d;
	add.u64 	%d, %d, 0x80;              // x - base + 2^7
	setp.lt.or.u64 	%ok, %d, 0x100, !%far;     // near the base, or near zero
	awand.pred 	%ok, %ok;
	@%ok bra 	P_B8D1;
	bra 	FULL;

H_B4D2:	// ---- b4d2, the hint ----
	add.u32 	%t, %w, 0x8000;
	setp.ge.u32 	%far, %t, 0x10000;
	vote.sync.ballot.b32 	%fm, %far, 0xffffffff;
	brev.b32 	%b, %fm;
	clz.b32 	%b, %b;
	shfl.sync.idx.b32 	%b, %w, %b, 0x1f, 0xffffffff;
	sub.u32 	%t, %t, %b;
	setp.lt.or.u32 	%ok, %t, 0x10000, !%far;
	awand.pred 	%ok, %ok;
	@%ok bra 	P_B4D2;
	bra 	FULL;

H_B8D2:	// ---- b8d2, the hint ----
	add.u64 	%y, %x, 0x8000;
	setp.ge.and.u64 	%far, %y, 0x10000, %in8;
	vote.sync.ballot.b32 	%fm, %far, 0xffffffff;
	brev.b32 	%t, %fm;
	clz.b32 	%t, %t;
	and.b32 	%t, %t, 15;
	shl.b32 	%t, %t, 3;
	ld.lin.u64 	%d, [%t];
	sub.u64 	%d, %x, %d;
	add.u64 	%d, %d, 0x8000;
	setp.lt.or.u64 	%ok, %d, 0x10000, !%far;
	awand.pred 	%ok, %ok;
	@%ok bra 	P_B8D2;
	bra 	FULL;

// ---- packing: base | deltas | mask.  B = 8: %d = x - base + 2^(8k-1), so x - d + 2^(8k-1) is
// the base in every lane (0 when no element is far); a far lane stores the low k bytes of
// x - base, a near one those of x ----
P_B8D1:
	sub.u64 	%d, %x, %d;
	add.u64 	%d, %d, 0x80;
	setp.eq.u32 	%p, %fm, 0;
	@%p mov.b64 	%d, 0;
	@%lane0 st.lout.u64 	[0], %d;
	@%far sub.u64 	%x, %x, %d;
	shr.u32 	%t, %a, 2;
	@%in8 st.lout.u8 	[%t+8], %x;
	@%lane0 st.lout.u32 	[24], %fm;         // 16 mask bits at 24 (the bytes past them: not payload)
	st.lmeta.u64 	[0], 0x0000001a00000003;     // encoding 3, 26 bytes
	exit;

P_B8D2:
	sub.u64 	%d, %x, %d;
	add.u64 	%d, %d, 0x8000;
	setp.eq.u32 	%p, %fm, 0;
	@%p mov.b64 	%d, 0;
	@%lane0 st.lout.u64 	[0], %d;
	@%far sub.u64 	%x, %x, %d;
	shr.u32 	%t, %a, 1;
	@%in8 st.lout.u16 	[%t+8], %x;
	@%lane0 st.lout.u32 	[40], %fm;
	st.lmeta.u64 	[0], 0x0000002a00000004;     // encoding 4, 42 bytes
	exit;

P_B8D4:
	sub.u64 	%d, %x, %d;
	add.u64 	%d, %d, 0x80000000;
	setp.eq.u32 	%p, %fm, 0;
	@%p mov.b64 	%d, 0;
	@%lane0 st.lout.u64 	[0], %d;
	@%far sub.u64 	%x, %x, %d;
	@%in8 st.lout.u32 	[%a+8], %x;
	@%lane0 st.lout.u32 	[72], %fm;
	st.lmeta.u64 	[0], 0x0000004a00000005;     // encoding 5, 74 bytes
	exit;

// B = 4: %t = w - base + 2^(8k-1), %b the base
P_B4D1:
	setp.eq.u32 	%p, %fm, 0;
	@%p mov.u32 	%b, 0;
	@%lane0 st.lout.u32 	[0], %b;
	@%far sub.u32 	%w, %t, 0x80;
	shr.u32 	%t, %a, 2;
	st.lout.u8 	[%t+4], %w;
	@%lane0 st.lout.u32 	[36], %fm;
	st.lmeta.u64 	[0], 0x0000002800000006;     // encoding 6, 40 bytes
	exit;

P_B4D2:
	setp.eq.u32 	%p, %fm, 0;
	@%p mov.u32 	%b, 0;
	@%lane0 st.lout.u32 	[0], %b;
	@%far sub.u32 	%w, %t, 0x8000;
	shr.u32 	%t, %a, 1;
	st.lout.u16 	[%t+4], %w;
	@%lane0 st.lout.u32 	[68], %fm;
	st.lmeta.u64 	[0], 0x0000004800000007;     // encoding 7, 72 bytes
	exit;

// B = 2: %w, %b = element + 2^23 in the high half, %t the base in the high half
P_B2D1:
	@%far sub.u32 	%w, %w, %t;
	@%far1 sub.u32 	%b, %b, %t;
	or.b32 	%e, %fm, %fm1;
	setp.eq.u32 	%p, %e, 0;
	@%p mov.u32 	%t, 0;
	shr.u32 	%t, %t, 16;
	@%lane0 st.lout.u16 	[0], %t;
	shr.u32 	%e, %a, 2;                 // i
	sub.u32 	%w, %w, 0x800000;
	shr.u32 	%w, %w, 16;
	st.lout.u8 	[%e+2], %w;
	sub.u32 	%b, %b, 0x800000;
	shr.u32 	%b, %b, 16;
	st.lout.u8 	[%e+34], %b;
	// 64 mask bits at 66 (not word-aligned): lane j < 4 stores byte j of each half
	setp.lt.u32 	%p, %e, 4;
	shl.b32 	%a, %e, 3;
	shr.b32 	%w, %fm, %a;
	@%p st.lout.u8 	[%e+66], %w;
	shr.b32 	%w, %fm1, %a;
	@%p st.lout.u8 	[%e+70], %w;
	st.lmeta.u64 	[0], 0x0000004a00000008;     // encoding 8, 74 bytes
	exit;
}
