// subroutines/bdi/bdi_awc.s -- BDI as CABA's assist warps with the controller's hardware support, for
// 128-byte lines (the L1 line of caba-gtx480 and mag-gddr5: design caba's blocks).
//
// The same encodings and payload layouts as bdi.s (FORMAT.md), written for what the CABA paper says the
// assist-warp controller and the core give an assist warp without an instruction (isa/ISA.md,
// "Assist-warp extensions"): per-lane line-buffer addresses from the address-generation logic
// (.lanes; CABA 5.1.3), the active mask from the line's encoding (.lanemask: the lanes whose element
// uses the explicit base; CABA 5.1.2) and the AWT's static active mask (.active; CABA 4.4), the end
// of the warp from the controller (.autoend: the AWT's SR.End, CABA 4.4), and for compression the
// encoding the same store's last line took (.lastenc), so that homogeneous data tests one encoding
// (CABA 5.1.2).  A decompression is then Algorithm 1: load the base and the deltas, add, store --
// 4 instructions for a base+delta encoding (bdi.s's 128-byte decoders take 6 to 9), 1 for zeros, 2
// for repeated and uncompressed lines, 7 for b2d1 (two elements a lane).  Compression is
// Algorithm 2 with the hint tested first (below): 22 warp instructions for a 4-byte line the
// b4d1 hint fits, with 6 registers live (bdi.s's bdi_compress_128 with the same hint: 28, its
// base found with a ballot and a shuffle, 7 registers; transpose under caba-gtx480 kept 5 CTAs
// per SM with it, 6 with this one).
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
// Compression: CABA's Algorithm 2 (5.1.2) with the controller's addresses and hint.  As the paper
// maps BDI onto a warp, the base of an encoding is the line's first bytes, loaded with the values
// ("the first few bytes (2-8 depending on the encoding tested) ... are always used as the base"),
// and the encodings are tested base size by base size (8, 4, then 2 bytes), each with its delta
// sizes from the smallest; a lane's element fits when it is within the delta's reach of zero (the
// immediate base) or of the base; a global predicate ANDs the lanes (awand); the first encoding
// that fits stores base, deltas and the mask of the lanes that add the base.  Two differences from
// bdi.c and bdi.s, both decoded by the same subroutines above: the base is the first element where
// BDI takes the first one out of zero's reach (a small first element with large others finds no
// encoding here), and b8d2 (42 bytes) comes before b4d1 (40), b8d4 (74) before b4d2 (72) -- the
// same number of 32-byte bursts.  Tested by base size, the values of one size are live at a time:
// the subroutine needs 6 registers (bdi.s's bdi_compress_128: 14).
// ------------------------------------------------------------------------------------------------
.subroutine bdi_compress_awc_128
.priority low
.trigger compress line 128
.lanes %a, 4                   // the address logic: lane i's 4-byte element at 4i
.lastenc %h                    // the controller: the encoding the same store's last line took
{
	.reg .b32 %a, %h, %w, %b, %t, %fm, %fm1;
	.reg .b64 %x, %y;
	.reg .pred %in8, %near, %far, %far1, %ok, %p, %lane0;

	setp.lt.u32 	%in8, %a, 64;              // lanes 0..15 hold an 8-byte element (4i < 64)
	setp.eq.u32 	%lane0, %a, 0;
	// the encoding the store's last line took, tested first (5.1.2: homogeneous data keeps one
	// encoding; a line it does not fit goes through every test below)
	setp.eq.u32 	%p, %h, 6;
	@%p bra 	H_B4D1;
	setp.eq.u32 	%p, %h, 7;
	@%p bra 	H_B4D2;
FULL:	// ---- 8-byte base and values ----
	mov.b64 	%x, 0;
	add.u32 	%t, %a, %a;                // 8i
	@%in8 ld.lin.u64 	%x, [%t];              // element i
	ld.lin.u64 	%y, [0];                   // the base: the line's first 8 bytes
	setp.eq.u32 	%p, %h, 3;
	@%p bra 	H_B8D1;
	setp.eq.u32 	%p, %h, 4;
	@%p bra 	H_B8D2;
ALL:
	setp.eq.u64 	%ok, %x, 0;
	awand.pred 	%ok, %ok;                  // every byte zero?
	@%ok bra 	ZEROS;
	setp.eq.or.u64 	%ok, %x, %y, !%in8;
	awand.pred 	%ok, %ok;                  // every 8-byte element equal to the first?
	@%ok bra 	REPEATED;
	// b8d1
	setp.ge.s64 	%near, %x, -0x80;
	setp.lt.and.s64 	%near, %x, 0x80, %near;   // within zero's reach (lanes 16..31: x = 0)
	sub.u64 	%x, %x, %y;
	setp.ge.s64 	%ok, %x, -0x80;
	setp.lt.and.s64 	%ok, %x, 0x80, %ok;       // ... or the base's
	add.u64 	%x, %x, %y;
	or.pred 	%ok, %ok, %near;
	awand.pred 	%ok, %ok;
	@%ok bra 	P_B8D1;
	// b8d2
	setp.ge.s64 	%near, %x, -0x8000;
	setp.lt.and.s64 	%near, %x, 0x8000, %near;   // within zero's reach (lanes 16..31: x = 0)
	sub.u64 	%x, %x, %y;
	setp.ge.s64 	%ok, %x, -0x8000;
	setp.lt.and.s64 	%ok, %x, 0x8000, %ok;       // ... or the base's
	add.u64 	%x, %x, %y;
	or.pred 	%ok, %ok, %near;
	awand.pred 	%ok, %ok;
	@%ok bra 	P_B8D2;
	// b8d4
	setp.ge.s64 	%near, %x, -0x80000000;
	setp.lt.and.s64 	%near, %x, 0x80000000, %near;   // within zero's reach (lanes 16..31: x = 0)
	sub.u64 	%x, %x, %y;
	setp.ge.s64 	%ok, %x, -0x80000000;
	setp.lt.and.s64 	%ok, %x, 0x80000000, %ok;       // ... or the base's
	add.u64 	%x, %x, %y;
	or.pred 	%ok, %ok, %near;
	awand.pred 	%ok, %ok;
	@%ok bra 	P_B8D4;

B4:	// ---- 4-byte base and values ----
	ld.lin.u32 	%w, [%a];                  // element i
	ld.lin.u32 	%b, [0];                   // the base: the line's first 4 bytes
	// b4d1
	add.u32 	%t, %w, 0x80;
	setp.ge.u32 	%far, %t, 0x100;            // out of zero's reach
	sub.u32 	%t, %w, %b;
	add.u32 	%t, %t, 0x80;
	setp.lt.or.u32 	%ok, %t, 0x100, !%far;       // ... and of the base's?
	awand.pred 	%ok, %ok;
	@%ok bra 	P_B4D1;
	// b4d2
	add.u32 	%t, %w, 0x8000;
	setp.ge.u32 	%far, %t, 0x10000;            // out of zero's reach
	sub.u32 	%t, %w, %b;
	add.u32 	%t, %t, 0x8000;
	setp.lt.or.u32 	%ok, %t, 0x10000, !%far;       // ... and of the base's?
	awand.pred 	%ok, %ok;
	@%ok bra 	P_B4D2;

	// ---- 2-byte base and values: b2d1; lane i takes elements i and i+32, each in the high half
	// plus 2^23, so that sums and differences wrap at 16 bits as BDI's do ----
	shr.u32 	%t, %a, 1;                 // 2i
	ld.lin.u16 	%w, [%t];
	ld.lin.u16 	%t, [%t+64];
	ld.lin.u16 	%b, [0];                   // the base: the line's first 2 bytes
	mad.lo.u32 	%w, %w, 0x10000, 0x800000;
	mad.lo.u32 	%t, %t, 0x10000, 0x800000;
	shl.b32 	%b, %b, 16;                // the base, in the high half
	setp.ge.u32 	%far, %w, 0x1000000;
	setp.ge.u32 	%far1, %t, 0x1000000;
	sub.u32 	%fm, %w, %b;
	setp.lt.or.u32 	%ok, %fm, 0x1000000, !%far;
	sub.u32 	%fm, %t, %b;
	setp.lt.or.u32 	%p, %fm, 0x1000000, !%far1;
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

REPEATED:	// %y: the first element
	@%lane0 st.lout.u64 	[0], %y;
	st.lmeta.u64 	[0], 0x0000000800000002;     // encoding 2, 8 bytes
	exit;

// ---- the hinted tests: as the ones above; a line they do not fit goes through every test ----
H_B4D1:
	ld.lin.u32 	%w, [%a];
	ld.lin.u32 	%b, [0];
	add.u32 	%t, %w, 0x80;
	setp.ge.u32 	%far, %t, 0x100;            // out of zero's reach
	sub.u32 	%t, %w, %b;
	add.u32 	%t, %t, 0x80;
	setp.lt.or.u32 	%ok, %t, 0x100, !%far;       // ... and of the base's?
	awand.pred 	%ok, %ok;
	@%ok bra 	P_B4D1;
	bra 	FULL;

H_B4D2:
	ld.lin.u32 	%w, [%a];
	ld.lin.u32 	%b, [0];
	add.u32 	%t, %w, 0x8000;
	setp.ge.u32 	%far, %t, 0x10000;            // out of zero's reach
	sub.u32 	%t, %w, %b;
	add.u32 	%t, %t, 0x8000;
	setp.lt.or.u32 	%ok, %t, 0x10000, !%far;       // ... and of the base's?
	awand.pred 	%ok, %ok;
	@%ok bra 	P_B4D2;
	bra 	FULL;

H_B8D1:
	setp.ge.s64 	%near, %x, -0x80;
	setp.lt.and.s64 	%near, %x, 0x80, %near;   // within zero's reach (lanes 16..31: x = 0)
	sub.u64 	%x, %x, %y;
	setp.ge.s64 	%ok, %x, -0x80;
	setp.lt.and.s64 	%ok, %x, 0x80, %ok;       // ... or the base's
	add.u64 	%x, %x, %y;
	or.pred 	%ok, %ok, %near;
	awand.pred 	%ok, %ok;
	@%ok bra 	P_B8D1;
	bra 	ALL;

H_B8D2:
	setp.ge.s64 	%near, %x, -0x8000;
	setp.lt.and.s64 	%near, %x, 0x8000, %near;   // within zero's reach (lanes 16..31: x = 0)
	sub.u64 	%x, %x, %y;
	setp.ge.s64 	%ok, %x, -0x8000;
	setp.lt.and.s64 	%ok, %x, 0x8000, %ok;       // ... or the base's
	add.u64 	%x, %x, %y;
	or.pred 	%ok, %ok, %near;
	awand.pred 	%ok, %ok;
	@%ok bra 	P_B8D2;
	bra 	ALL;

// ---- storing: base | deltas | mask (FORMAT.md).  A lane in the mask stores the low bytes of its
// element minus the base, one out of it those of its element ----
P_B8D1:
	vote.sync.ballot.b32 	%fm, !%near, 0xffffffff;   // the mask: the lanes that add the base
	@%lane0 st.lout.u64 	[0], %y;
	@!%near sub.u64 	%x, %x, %y;
	shr.u32 	%a, %a, 2;                 // i
	@%in8 st.lout.u8 	[%a+8], %x;
	@%lane0 st.lout.u32 	[24], %fm;         // 16 mask bits at 24 (the bytes past them: not payload)
	st.lmeta.u64 	[0], 0x0000001a00000003;     // encoding 3, 26 bytes
	exit;

P_B8D2:
	vote.sync.ballot.b32 	%fm, !%near, 0xffffffff;   // the mask: the lanes that add the base
	@%lane0 st.lout.u64 	[0], %y;
	@!%near sub.u64 	%x, %x, %y;
	shr.u32 	%a, %a, 1;                 // 2i
	@%in8 st.lout.u16 	[%a+8], %x;
	@%lane0 st.lout.u32 	[40], %fm;
	st.lmeta.u64 	[0], 0x0000002a00000004;     // encoding 4, 42 bytes
	exit;

P_B8D4:
	vote.sync.ballot.b32 	%fm, !%near, 0xffffffff;   // the mask: the lanes that add the base
	@%lane0 st.lout.u64 	[0], %y;
	@!%near sub.u64 	%x, %x, %y;
	@%in8 st.lout.u32 	[%a+8], %x;
	@%lane0 st.lout.u32 	[72], %fm;
	st.lmeta.u64 	[0], 0x0000004a00000005;     // encoding 5, 74 bytes
	exit;

P_B4D1:
	vote.sync.ballot.b32 	%fm, %far, 0xffffffff;
	@%lane0 st.lout.u32 	[0], %b;
	@%far sub.u32 	%w, %w, %b;
	shr.u32 	%a, %a, 2;                 // i
	st.lout.u8 	[%a+4], %w;
	@%lane0 st.lout.u32 	[36], %fm;
	st.lmeta.u64 	[0], 0x0000002800000006;     // encoding 6, 40 bytes
	exit;

P_B4D2:
	vote.sync.ballot.b32 	%fm, %far, 0xffffffff;
	@%lane0 st.lout.u32 	[0], %b;
	@%far sub.u32 	%w, %w, %b;
	shr.u32 	%a, %a, 1;                 // 2i
	st.lout.u16 	[%a+4], %w;
	@%lane0 st.lout.u32 	[68], %fm;
	st.lmeta.u64 	[0], 0x0000004800000007;     // encoding 7, 72 bytes
	exit;

// B = 2: %w, %t = element + 2^23 in the high half, %b the base in the high half
P_B2D1:
	vote.sync.ballot.b32 	%fm, %far, 0xffffffff;     // mask bits 0..31
	vote.sync.ballot.b32 	%fm1, %far1, 0xffffffff;   // mask bits 32..63
	@%far sub.u32 	%w, %w, %b;
	@%far1 sub.u32 	%t, %t, %b;
	shr.u32 	%b, %b, 16;
	@%lane0 st.lout.u16 	[0], %b;
	shr.u32 	%a, %a, 2;                 // i
	sub.u32 	%w, %w, 0x800000;
	shr.u32 	%w, %w, 16;
	st.lout.u8 	[%a+2], %w;
	sub.u32 	%t, %t, 0x800000;
	shr.u32 	%t, %t, 16;
	st.lout.u8 	[%a+34], %t;
	// 64 mask bits at 66 (not word-aligned): lane j < 4 stores byte j of each half
	setp.lt.u32 	%p, %a, 4;
	shl.b32 	%t, %a, 3;                 // 8j
	shr.b32 	%w, %fm, %t;
	@%p st.lout.u8 	[%a+66], %w;
	shr.b32 	%w, %fm1, %t;
	@%p st.lout.u8 	[%a+70], %w;
	st.lmeta.u64 	[0], 0x0000004a00000008;     // encoding 8, 74 bytes
	exit;
}
