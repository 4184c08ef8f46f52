// subroutines/bdi/bdi.s -- Base-Delta-Immediate compression as CABA assist warps.
//
// Byte for byte the codec of bdi.c (format: FORMAT.md beside this file): encodings 0 uncompressed,
// 1 zeros, 2 repeated, 3 b8d1, 4 b8d2, 5 b8d4, 6 b4d1, 7 b4d2, 8 b2d1; two bases (an implicit
// zero and an explicit one, the first element out of zero's reach); a mask bit per element.
//
// The parallel scheme (CABA, ISCA 2015, section 5.1): the warp's 32 lanes each take one element
// of the line and the warp-wide AND (awand, the global predicate) decides for the whole line.
// Lines are L = 32, 64 or 128 bytes (.lmeta[8]); lane i takes element i of B bytes when
// i < L/B (a predicate per base size), and with B = 2 and L = 128 (64 elements) also element
// i+32.  Every lane stays active: lanes without an element vote "yes" in awand and "no" in the
// ballots, and their loads and stores are predicated off.
//
// What these subroutines cost is what a CABA design pays, in issue slots and in registers (the
// registers the busiest one keeps live are added to every thread of the parent kernel, so they
// cut occupancy): both are kept small.  Element tests take no loops and no computed constants:
// each trial is straight-line code with its own immediates.
//
//  * bdi_compress (low priority).
//      1. zeros / repeated: each lane compares its 8-byte element with 0 and with element 0.
//      2. the base+delta encodings in the order bdi.c tries them (ascending payload size, ties
//         to the lower encoding number; the order depends on L, so each trial that fails goes
//         on to the next one of its line size).  One trial, base size B and delta size k:
//           - x is within k-byte reach of zero when (x + 2^(8k-1)) mod 2^(8B) < 2^(8k); a ballot
//             of the lanes whose element is not gives the mask, and its lowest set bit the
//             explicit base (0 when the ballot is empty);
//           - each lane tests "near zero, or near the base"; awand says whether the line fits;
//           - if it fits: lane 0 stores the base and the mask, every lane its k-byte delta at
//             B + i*k, and the metadata is written.
//         2-byte elements are kept in the high half of 32-bit registers, so that their sums
//         and differences wrap at 16 bits as BDI's arithmetic does.
//      3. nothing fits: encoding 0, every lane copies one 4-byte word of the line.
//  * bdi_dec_<encoding> (high priority): one subroutine per encoding (the Assist Warp Store is
//    indexed by the encoding).  Lane i rebuilds element i: the base, its own sign-extended
//    delta, plus the base when its mask bit is set (bfe of the mask word, which .lin holds
//    whole: the line buffer reads zeros past the payload).
//
// Loads and stores are aligned to their size: elements sit at multiples of B, deltas at
// multiples of k, the base at 0; the mask (at B + n*k) is a word at a multiple of 4 for every
// encoding but b2d1, whose mask is written and read a byte at a time.  In a trial the base comes
// from the lane that holds it (shfl) for B = 4, from the line for B = 8 (a 64-bit value).

// ------------------------------------------------------------------------------------------------
// Compression
// ------------------------------------------------------------------------------------------------
.subroutine bdi_compress
.priority low                  // compression is off the loads' path: it takes issue slots the warps leave idle (CABA)
.trigger compress
{
	.reg .b32 %lane, %L, %a, %t, %fm0, %fm1, %w, %w1, %b;
	.reg .b64 %x, %y;
	.reg .pred %p, %ok, %far, %far1, %in8, %in4, %in2, %two, %is32, %is64, %lane0;

	mov.u32 	%lane, %laneid;
	ld.lmeta.u32 	%L, [8];                   // line size: 32, 64 or 128 bytes
	setp.eq.u32 	%lane0, %lane, 0;
	setp.eq.u32 	%is32, %L, 32;
	setp.eq.u32 	%is64, %L, 64;
	setp.eq.u32 	%two, %L, 128;             // b2d1 on 128-byte lines: lane i also takes element i+32
	shl.b32 	%a, %lane, 2;
	setp.lt.u32 	%in4, %a, %L;              // lane i holds 4-byte element i
	shl.b32 	%a, %lane, 1;
	setp.lt.u32 	%in2, %a, %L;              // 2-byte element i
	shl.b32 	%a, %lane, 3;
	setp.lt.u32 	%in8, %a, %L;              // 8-byte element i

	// ---- zeros and repeated: lane i takes the 8-byte element i ----
	@%in8 ld.lin.u64 	%x, [%a];              // element i (kept for the first trial)
	ld.lin.u64 	%y, [0];                   // element 0, in every lane
	setp.eq.or.u64 	%p, %x, 0, !%in8;
	awand.pred 	%p, %p;                    // every element zero?
	@%p bra 	ZEROS;
	setp.eq.or.u64 	%p, %x, %y, !%in8;
	awand.pred 	%p, %p;                    // every element equal to element 0?
	@%p bra 	REPEATED;

	// ---- b8d1 (every line size tries it first); %x is element i ----
	add.u64 	%y, %x, 0x80;
	setp.ge.and.u64 	%far, %y, 0x100, %in8;     // out of zero's 1-byte reach
	vote.sync.ballot.b32 	%fm0, %far, 0xffffffff; // the mask; its lowest bit names the base
	brev.b32 	%t, %fm0;
	clz.b32 	%t, %t;
	and.b32 	%t, %t, 31;                // none (32): element 0, which the fit test then ignores
	shl.b32 	%t, %t, 3;
	ld.lin.u64 	%y, [%t];
	sub.u64 	%x, %x, %y;
	add.u64 	%x, %x, 0x80;
	setp.lt.or.u64 	%ok, %x, 0x100, !%far;     // near the base, or near zero
	awand.pred 	%ok, %ok;
	@%ok bra 	P_B8D1;

	// ---- b4d1 (second for every line size) ----
	mov.u32 	%w, 0;
	shl.b32 	%a, %lane, 2;
	@%in4 ld.lin.u32 	%w, [%a];
	add.u32 	%t, %w, 0x80;
	setp.ge.and.u32 	%far, %t, 0x100, %in4;
	vote.sync.ballot.b32 	%fm0, %far, 0xffffffff;
	brev.b32 	%t, %fm0;
	clz.b32 	%t, %t;
	shfl.sync.idx.b32 	%b, %w, %t, 0x1f, 0xffffffff;   // the base from its lane (none: lane 0's)
	sub.u32 	%w, %w, %b;
	add.u32 	%t, %w, 0x80;
	setp.lt.or.u32 	%ok, %t, 0x100, !%far;
	awand.pred 	%ok, %ok;
	@%ok bra 	P_B4D1;

	// ---- b8d2 (third for every line size) ----
	mov.b64 	%x, 0;                     // (x is dead up to here: the predicated load alone would not say so)
	shl.b32 	%a, %lane, 3;
	@%in8 ld.lin.u64 	%x, [%a];
	add.u64 	%y, %x, 0x8000;
	setp.ge.and.u64 	%far, %y, 0x10000, %in8;
	vote.sync.ballot.b32 	%fm0, %far, 0xffffffff;
	brev.b32 	%t, %fm0;
	clz.b32 	%t, %t;
	and.b32 	%t, %t, 31;
	shl.b32 	%t, %t, 3;
	ld.lin.u64 	%y, [%t];
	sub.u64 	%x, %x, %y;
	add.u64 	%x, %x, 0x8000;
	setp.lt.or.u64 	%ok, %x, 0x10000, !%far;
	awand.pred 	%ok, %ok;
	@%ok bra 	P_B8D2;
	@%is32 bra 	B2D1;                      // 32 B: b2d1 (20) before b4d2 (21)

B4D2:	// ---- b4d2: fourth for 64 and 128 B, fifth for 32 B ----
	mov.u32 	%w, 0;
	shl.b32 	%a, %lane, 2;
	@%in4 ld.lin.u32 	%w, [%a];
	add.u32 	%t, %w, 0x8000;
	setp.ge.and.u32 	%far, %t, 0x10000, %in4;
	vote.sync.ballot.b32 	%fm0, %far, 0xffffffff;
	brev.b32 	%t, %fm0;
	clz.b32 	%t, %t;
	shfl.sync.idx.b32 	%b, %w, %t, 0x1f, 0xffffffff;   // the base from its lane (none: lane 0's)
	sub.u32 	%w, %w, %b;
	add.u32 	%t, %w, 0x8000;
	setp.lt.or.u32 	%ok, %t, 0x10000, !%far;
	awand.pred 	%ok, %ok;
	@%ok bra 	P_B4D2;
	@%is64 bra 	B2D1;                      // 64 B: b2d1 (38, ties to b4d2's 38) before b8d4 (41)

B8D4:	// ---- b8d4: last for 32 and 64 B, fifth for 128 B ----
	mov.b64 	%x, 0;
	shl.b32 	%a, %lane, 3;
	@%in8 ld.lin.u64 	%x, [%a];
	add.u64 	%y, %x, 0x80000000;
	setp.ge.and.u64 	%far, %y, 0x100000000, %in8;
	vote.sync.ballot.b32 	%fm0, %far, 0xffffffff;
	brev.b32 	%t, %fm0;
	clz.b32 	%t, %t;
	and.b32 	%t, %t, 31;
	shl.b32 	%t, %t, 3;
	ld.lin.u64 	%y, [%t];
	sub.u64 	%x, %x, %y;
	add.u64 	%x, %x, 0x80000000;
	setp.lt.or.u64 	%ok, %x, 0x100000000, !%far;
	awand.pred 	%ok, %ok;
	@%ok bra 	P_B8D4;
	@!%two bra 	UNCOMPRESSED;              // 128 B: b2d1 (74, ties to b8d4's 74) is last

B2D1:	// ---- b2d1: 2-byte elements in the high half of 32-bit registers; on 128-byte lines lane i
	// also takes element i+32 (%w1, 0 elsewhere: near zero, so it changes nothing) ----
	mov.u32 	%w, 0;
	shl.b32 	%a, %lane, 1;
	@%in2 ld.lin.u16 	%w, [%a];
	mov.u32 	%w1, 0;
	@%two ld.lin.u16 	%w1, [%a+64];
	shl.b32 	%w, %w, 16;
	shl.b32 	%w1, %w1, 16;
	add.u32 	%t, %w, 0x800000;
	setp.ge.and.u32 	%far, %t, 0x1000000, %in2;
	add.u32 	%t, %w1, 0x800000;
	setp.ge.u32 	%far1, %t, 0x1000000;
	vote.sync.ballot.b32 	%fm0, %far, 0xffffffff;    // mask bits 0..31
	vote.sync.ballot.b32 	%fm1, %far1, 0xffffffff;   // mask bits 32..63
	brev.b32 	%t, %fm0;                  // the base: the first far element of 0..63
	clz.b32 	%t, %t;
	setp.eq.u32 	%p, %fm0, 0;
	@%p brev.b32 	%t, %fm1;
	@%p clz.b32 	%t, %t;
	@%p add.u32 	%t, %t, 32;                // 64: none at all
	mov.u32 	%b, 0;
	setp.lt.u32 	%p, %t, 64;
	shl.b32 	%t, %t, 1;
	@%p ld.lin.u16 	%b, [%t];
	shl.b32 	%b, %b, 16;
	sub.u32 	%w, %w, %b;
	add.u32 	%t, %w, 0x800000;
	setp.lt.or.u32 	%ok, %t, 0x1000000, !%far;
	sub.u32 	%w1, %w1, %b;
	add.u32 	%t, %w1, 0x800000;
	setp.lt.or.u32 	%p, %t, 0x1000000, !%far1;
	and.pred 	%ok, %ok, %p;
	awand.pred 	%ok, %ok;
	@%ok bra 	P_B2D1;
	@%is32 bra 	B4D2;                      // 32 B: b4d2 and b8d4 follow
	@%is64 bra 	B8D4;                      // 64 B: b8d4 follows

UNCOMPRESSED:	// ---- nothing fits: lane i < L/4 copies word i ----
	mov.u32 	%w, 0;
	shl.b32 	%a, %lane, 2;
	@%in4 ld.lin.u32 	%w, [%a];
	@%in4 st.lout.u32 	[%a], %w;
	st.lmeta.u32 	[0], 0;
	ld.lmeta.u32 	%t, [8];
	st.lmeta.u32 	[4], %t;
	exit;

ZEROS:	// ---- every byte zero: no payload ----
	st.lmeta.u32 	[0], 1;
	st.lmeta.u32 	[4], 0;
	exit;

REPEATED:	// ---- one 8-byte value repeated: the payload is that value ----
	@%lane0 st.lout.u64 	[0], %y;
	st.lmeta.u32 	[0], 2;
	st.lmeta.u32 	[4], 8;
	exit;

// ---- packing: %x (or %w) is delta-from-base + 2^(8k-1) (or delta-from-base), %y (%b) the base,
// %far the lanes that use it; then MASK with %t = the mask's offset B + n*k and %a = n ----
P_B8D1:
	sub.u64 	%x, %x, 0x80;              // x - base
	@!%far add.u64 	%x, %x, %y;                // near zero: x itself
	setp.eq.u32 	%p, %fm0, 0;
	@%p mov.b64 	%y, 0;                 // no element out of zero's reach: base 0
	@%lane0 st.lout.u64 	[0], %y;
	@%in8 st.lout.u8 	[%lane+8], %x;
	st.lmeta.u32 	[0], 3;
	ld.lmeta.u32 	%a, [8];
	shr.u32 	%a, %a, 3;                 // n = L/8
	add.u32 	%t, %a, 8;
	bra 	MASK;

P_B8D2:
	sub.u64 	%x, %x, 0x8000;
	@!%far add.u64 	%x, %x, %y;
	setp.eq.u32 	%p, %fm0, 0;
	@%p mov.b64 	%y, 0;                 // no element out of zero's reach: base 0
	@%lane0 st.lout.u64 	[0], %y;
	shl.b32 	%t, %lane, 1;
	@%in8 st.lout.u16 	[%t+8], %x;
	st.lmeta.u32 	[0], 4;
	ld.lmeta.u32 	%a, [8];
	shr.u32 	%a, %a, 3;
	shl.b32 	%t, %a, 1;
	add.u32 	%t, %t, 8;
	bra 	MASK;

P_B8D4:
	sub.u64 	%x, %x, 0x80000000;
	@!%far add.u64 	%x, %x, %y;
	setp.eq.u32 	%p, %fm0, 0;
	@%p mov.b64 	%y, 0;                 // no element out of zero's reach: base 0
	@%lane0 st.lout.u64 	[0], %y;
	shl.b32 	%t, %lane, 2;
	@%in8 st.lout.u32 	[%t+8], %x;
	st.lmeta.u32 	[0], 5;
	ld.lmeta.u32 	%a, [8];
	shr.u32 	%a, %a, 3;
	shl.b32 	%t, %a, 2;
	add.u32 	%t, %t, 8;
	bra 	MASK;

P_B4D1:
	@!%far add.u32 	%w, %w, %b;
	setp.eq.u32 	%p, %fm0, 0;
	@%p mov.u32 	%b, 0;
	@%lane0 st.lout.u32 	[0], %b;
	@%in4 st.lout.u8 	[%lane+4], %w;
	st.lmeta.u32 	[0], 6;
	ld.lmeta.u32 	%a, [8];
	shr.u32 	%a, %a, 2;                 // n = L/4
	add.u32 	%t, %a, 4;
	bra 	MASK;

P_B4D2:
	@!%far add.u32 	%w, %w, %b;
	setp.eq.u32 	%p, %fm0, 0;
	@%p mov.u32 	%b, 0;
	@%lane0 st.lout.u32 	[0], %b;
	shl.b32 	%t, %lane, 1;
	@%in4 st.lout.u16 	[%t+4], %w;
	st.lmeta.u32 	[0], 7;
	ld.lmeta.u32 	%a, [8];
	shr.u32 	%a, %a, 2;
	shl.b32 	%t, %a, 1;
	add.u32 	%t, %t, 4;
	bra 	MASK;

P_B2D1:	// deltas and base back from the high halves
	@!%far add.u32 	%w, %w, %b;
	@!%far1 add.u32 	%w1, %w1, %b;
	shr.u32 	%b, %b, 16;
	@%lane0 st.lout.u16 	[0], %b;
	shr.u32 	%w, %w, 16;
	@%in2 st.lout.u8 	[%lane+2], %w;
	shr.u32 	%w1, %w1, 16;
	@%two st.lout.u8 	[%lane+34], %w1;
	st.lmeta.u32 	[0], 8;
	ld.lmeta.u32 	%a, [8];
	shr.u32 	%a, %a, 1;                 // n = L/2
	add.u32 	%t, %a, 2;
	@!%two bra 	MASK_B2D1;
	// 64 mask bits at 66: lane j < 4 stores byte j of each half
	setp.lt.u32 	%p, %lane, 4;
	shl.b32 	%a, %lane, 3;
	shr.b32 	%w, %fm0, %a;
	@%p st.lout.u8 	[%lane+66], %w;
	shr.b32 	%w, %fm1, %a;
	@%p st.lout.u8 	[%lane+70], %w;
	st.lmeta.u32 	[4], 74;
	exit;

MASK:	// ---- the n-bit mask (n <= 32, in %fm0; its bits past n are 0) at %t, a multiple of 4: lane 0
	// stores it as one word (its bytes past the payload are not part of it); the size ----
	@%lane0 st.lout.u32 	[%t], %fm0;
	add.u32 	%a, %a, 7;
	shr.u32 	%a, %a, 3;                 // mask bytes
	add.u32 	%a, %a, %t;
	st.lmeta.u32 	[4], %a;                   // payload size: the mask's offset + its bytes
	exit;

MASK_B2D1:	// ---- b2d1 on 32- and 64-byte lines: the mask (16 or 32 bits) at 18 or 34, a byte per lane ----
	add.u32 	%a, %a, 7;
	shr.u32 	%a, %a, 3;
	setp.lt.u32 	%p, %lane, %a;
	add.u32 	%a, %a, %t;
	st.lmeta.u32 	[4], %a;
	add.u32 	%t, %t, %lane;
	shl.b32 	%a, %lane, 3;
	shr.b32 	%a, %fm0, %a;
	@%p st.lout.u8 	[%t], %a;
	exit;
}

// ------------------------------------------------------------------------------------------------
// Decompression: one subroutine per encoding
// ------------------------------------------------------------------------------------------------

// encoding 0: the payload is the line; lane i < L/4 copies word i
.subroutine bdi_dec_uncompressed
.priority high
.trigger decompress 0
{
	.reg .b32 %L, %a, %x;
	.reg .pred %in;

	mov.u32 	%a, %laneid;
	shl.b32 	%a, %a, 2;
	ld.lmeta.u32 	%L, [8];
	setp.lt.u32 	%in, %a, %L;
	@%in ld.lin.u32 	%x, [%a];
	@%in st.lout.u32 	[%a], %x;
	exit;
}

// encoding 1: no payload; lane i < L/8 writes a zero 8-byte element
.subroutine bdi_dec_zeros
.priority high
.trigger decompress 1
{
	.reg .b32 %L, %a;
	.reg .pred %in;

	mov.u32 	%a, %laneid;
	shl.b32 	%a, %a, 3;
	ld.lmeta.u32 	%L, [8];
	setp.lt.u32 	%in, %a, %L;
	@%in st.lout.u64 	[%a], 0;
	exit;
}

// encoding 2: the payload is one 8-byte value; lane i < L/8 writes it as element i
.subroutine bdi_dec_repeated
.priority high
.trigger decompress 2
{
	.reg .b32 %L, %a;
	.reg .b64 %v;
	.reg .pred %in;

	mov.u32 	%a, %laneid;
	shl.b32 	%a, %a, 3;
	ld.lmeta.u32 	%L, [8];
	setp.lt.u32 	%in, %a, %L;
	ld.lin.u64 	%v, [0];                   // the same address in every lane
	@%in st.lout.u64 	[%a], %v;
	exit;
}

// The base+delta decoders: lane i < n rebuilds element i from base | deltas | mask:
//   element = sign-extended delta i + (mask bit i ? base : 0)
// The mask of n <= 32 bits starts at B + n*k, a multiple of 4 for every encoding but b2d1, and
// is read as one 4-byte word (n < 32: the word runs past the payload into the line buffer's
// zeros); bit i is bfe(mask, i, 1).

// encoding 3, b8d1: base 8 bytes at 0, delta i (1 byte) at 8 + i, mask at 8 + n
.subroutine bdi_dec_b8d1
.priority high
.trigger decompress 3
{
	.reg .b32 %lane, %n, %a, %bit;
	.reg .b64 %base, %x;
	.reg .pred %in, %use;

	mov.u32 	%lane, %laneid;
	ld.lmeta.u32 	%n, [8];
	shr.u32 	%n, %n, 3;                 // n = L/8 elements
	setp.lt.u32 	%in, %lane, %n;
	ld.lin.u64 	%base, [0];
	@%in ld.lin.s8 	%x, [%lane+8];             // delta i, sign-extended
	ld.lin.u32 	%bit, [%n+8];              // the mask
	bfe.u32 	%bit, %bit, %lane, 1;
	setp.ne.u32 	%use, %bit, 0;
	@%use add.u64 	%x, %x, %base;
	shl.b32 	%a, %lane, 3;
	@%in st.lout.u64 	[%a], %x;
	exit;
}

// encoding 4, b8d2: base 8 bytes at 0, delta i (2 bytes) at 8 + 2i, mask at 8 + 2n
.subroutine bdi_dec_b8d2
.priority high
.trigger decompress 4
{
	.reg .b32 %lane, %n, %a, %bit;
	.reg .b64 %base, %x;
	.reg .pred %in, %use;

	mov.u32 	%lane, %laneid;
	ld.lmeta.u32 	%n, [8];
	shr.u32 	%n, %n, 3;                 // n = L/8 elements
	setp.lt.u32 	%in, %lane, %n;
	ld.lin.u64 	%base, [0];
	shl.b32 	%a, %lane, 1;
	@%in ld.lin.s16 	%x, [%a+8];                // delta i, sign-extended
	shl.b32 	%a, %n, 1;
	ld.lin.u32 	%bit, [%a+8];              // the mask
	bfe.u32 	%bit, %bit, %lane, 1;
	setp.ne.u32 	%use, %bit, 0;
	@%use add.u64 	%x, %x, %base;
	shl.b32 	%a, %lane, 3;
	@%in st.lout.u64 	[%a], %x;
	exit;
}

// encoding 5, b8d4: base 8 bytes at 0, delta i (4 bytes) at 8 + 4i, mask at 8 + 4n
.subroutine bdi_dec_b8d4
.priority high
.trigger decompress 5
{
	.reg .b32 %lane, %n, %a, %bit;
	.reg .b64 %base, %x;
	.reg .pred %in, %use;

	mov.u32 	%lane, %laneid;
	ld.lmeta.u32 	%n, [8];
	shr.u32 	%n, %n, 3;                 // n = L/8 elements
	setp.lt.u32 	%in, %lane, %n;
	ld.lin.u64 	%base, [0];
	shl.b32 	%a, %lane, 2;
	@%in ld.lin.s32 	%x, [%a+8];                // delta i, sign-extended
	shl.b32 	%a, %n, 2;
	ld.lin.u32 	%bit, [%a+8];              // the mask
	bfe.u32 	%bit, %bit, %lane, 1;
	setp.ne.u32 	%use, %bit, 0;
	@%use add.u64 	%x, %x, %base;
	shl.b32 	%a, %lane, 3;
	@%in st.lout.u64 	[%a], %x;
	exit;
}

// encoding 6, b4d1: base 4 bytes at 0, delta i (1 byte) at 4 + i, mask at 4 + n
.subroutine bdi_dec_b4d1
.priority high
.trigger decompress 6
{
	.reg .b32 %lane, %n, %a, %bit, %base, %x;
	.reg .pred %in;

	mov.u32 	%lane, %laneid;
	ld.lmeta.u32 	%n, [8];
	shr.u32 	%n, %n, 2;                 // n = L/4 elements
	setp.lt.u32 	%in, %lane, %n;
	ld.lin.u32 	%base, [0];
	@%in ld.lin.s8 	%x, [%lane+4];             // delta i, sign-extended
	ld.lin.u32 	%bit, [%n+4];              // the mask
	bfe.u32 	%bit, %bit, %lane, 1;
	mad.lo.u32 	%x, %bit, %base, %x;       // + the base where bit i is set
	shl.b32 	%a, %lane, 2;
	@%in st.lout.u32 	[%a], %x;
	exit;
}

// encoding 7, b4d2: base 4 bytes at 0, delta i (2 bytes) at 4 + 2i, mask at 4 + 2n
.subroutine bdi_dec_b4d2
.priority high
.trigger decompress 7
{
	.reg .b32 %lane, %n, %a, %bit, %base, %x;
	.reg .pred %in;

	mov.u32 	%lane, %laneid;
	ld.lmeta.u32 	%n, [8];
	shr.u32 	%n, %n, 2;                 // n = L/4 elements
	setp.lt.u32 	%in, %lane, %n;
	ld.lin.u32 	%base, [0];
	shl.b32 	%a, %lane, 1;
	@%in ld.lin.s16 	%x, [%a+4];                // delta i, sign-extended
	shl.b32 	%a, %n, 1;
	ld.lin.u32 	%bit, [%a+4];              // the mask
	bfe.u32 	%bit, %bit, %lane, 1;
	mad.lo.u32 	%x, %bit, %base, %x;
	shl.b32 	%a, %lane, 2;
	@%in st.lout.u32 	[%a], %x;
	exit;
}

// encoding 8, b2d1: base 2 bytes at 0, delta i (1 byte) at 2 + i, mask at 2 + n (not aligned:
// read a byte per lane).  n = L/2 is up to 64: lane i rebuilds element i, and element i+32 on
// 128-byte lines.
.subroutine bdi_dec_b2d1
.priority high
.trigger decompress 8
{
	.reg .b32 %lane, %n, %a, %t, %bit, %base, %x;
	.reg .pred %in, %two;

	mov.u32 	%lane, %laneid;
	ld.lmeta.u32 	%n, [8];
	shr.u32 	%n, %n, 1;                 // n = L/2 elements: 16, 32 or 64
	setp.lt.u32 	%in, %lane, %n;
	setp.eq.u32 	%two, %n, 64;
	ld.lin.u16 	%base, [0];
	shr.u32 	%a, %lane, 3;              // element i's mask byte: 2 + n + i/8, bit i%8
	add.u32 	%a, %a, %n;
	and.b32 	%t, %lane, 7;
	@%in ld.lin.u8 	%bit, [%a+2];
	bfe.u32 	%bit, %bit, %t, 1;
	@%in ld.lin.s8 	%x, [%lane+2];
	mad.lo.u32 	%x, %bit, %base, %x;       // 16 bits kept: the sum wraps as BDI's does
	shl.b32 	%a, %lane, 1;
	@%in st.lout.u16 	[%a], %x;
	@!%two exit;
	// element i+32 (128-byte lines): delta at 34 + i, mask byte 4 + i/8 further on
	shr.u32 	%a, %lane, 3;
	add.u32 	%a, %a, %n;
	ld.lin.u8 	%bit, [%a+6];
	bfe.u32 	%bit, %bit, %t, 1;
	ld.lin.s8 	%x, [%lane+34];
	mad.lo.u32 	%x, %bit, %base, %x;
	shl.b32 	%a, %lane, 1;
	st.lout.u16 	[%a+64], %x;
	exit;
}

// ------------------------------------------------------------------------------------------------
// Decompression of 128-byte lines (the L1 line of caba-gtx480 and mag-gddr5)
// ------------------------------------------------------------------------------------------------
// The Assist Warp Store prefers a subroutine bound to the line's size ('line 128') to the one for
// any size above: these know n = 128/B and where the mask sits, so they skip reading .lmeta and
// the lane predicates it decides -- 2 to 11 instructions fewer per line, on the loads' path.
// Same bytes out as the subroutines above (tests/test_subroutines.c checks every one against
// bdi.c at each line size, with the subroutine the store picks for that size).
// The 64-bit decoders take the mask bit as a 64-bit 0 or 1 (bfe.u64 of the mask read as a u64:
// the mask sits at an 8-byte boundary, the bytes past the payload are zeros) and add the base
// with mad, one instruction instead of a setp and a predicated add.

.subroutine bdi_dec_uncompressed_128
.priority high
.trigger decompress 0 line 128
{
	.reg .b32 %a, %x;

	mov.u32 	%a, %laneid;
	shl.b32 	%a, %a, 2;
	ld.lin.u32 	%x, [%a];
	st.lout.u32 	[%a], %x;
	exit;
}

.subroutine bdi_dec_zeros_128
.priority high
.trigger decompress 1 line 128
{
	.reg .b32 %a;

	mov.u32 	%a, %laneid;
	shl.b32 	%a, %a, 2;
	st.lout.u32 	[%a], 0;
	exit;
}

.subroutine bdi_dec_repeated_128
.priority high
.trigger decompress 2 line 128
{
	.reg .b32 %lane, %a;
	.reg .b64 %v;
	.reg .pred %in;

	mov.u32 	%lane, %laneid;
	setp.lt.u32 	%in, %lane, 16;            // 16 elements of 8 bytes
	ld.lin.u64 	%v, [0];
	shl.b32 	%a, %lane, 3;
	@%in st.lout.u64 	[%a], %v;
	exit;
}

// b8d1: 16 elements; deltas at 8 + i, mask at 24
.subroutine bdi_dec_b8d1_128
.priority high
.trigger decompress 3 line 128
{
	.reg .b32 %lane, %a;
	.reg .b64 %base, %x, %bit;
	.reg .pred %in;

	mov.u32 	%lane, %laneid;
	setp.lt.u32 	%in, %lane, 16;
	ld.lin.u64 	%base, [0];
	@%in ld.lin.s8 	%x, [%lane+8];
	ld.lin.u64 	%bit, [24];
	bfe.u64 	%bit, %bit, %lane, 1;
	mad.lo.u64 	%x, %bit, %base, %x;
	shl.b32 	%a, %lane, 3;
	@%in st.lout.u64 	[%a], %x;
	exit;
}

// b8d2: 16 elements; deltas at 8 + 2i, mask at 40
.subroutine bdi_dec_b8d2_128
.priority high
.trigger decompress 4 line 128
{
	.reg .b32 %lane, %a;
	.reg .b64 %base, %x, %bit;
	.reg .pred %in;

	mov.u32 	%lane, %laneid;
	setp.lt.u32 	%in, %lane, 16;
	ld.lin.u64 	%base, [0];
	shl.b32 	%a, %lane, 1;
	@%in ld.lin.s16 	%x, [%a+8];
	ld.lin.u64 	%bit, [40];
	bfe.u64 	%bit, %bit, %lane, 1;
	mad.lo.u64 	%x, %bit, %base, %x;
	shl.b32 	%a, %lane, 3;
	@%in st.lout.u64 	[%a], %x;
	exit;
}

// b8d4: 16 elements; deltas at 8 + 4i, mask at 72
.subroutine bdi_dec_b8d4_128
.priority high
.trigger decompress 5 line 128
{
	.reg .b32 %lane, %a;
	.reg .b64 %base, %x, %bit;
	.reg .pred %in;

	mov.u32 	%lane, %laneid;
	setp.lt.u32 	%in, %lane, 16;
	ld.lin.u64 	%base, [0];
	shl.b32 	%a, %lane, 2;
	@%in ld.lin.s32 	%x, [%a+8];
	ld.lin.u64 	%bit, [72];
	bfe.u64 	%bit, %bit, %lane, 1;
	mad.lo.u64 	%x, %bit, %base, %x;
	shl.b32 	%a, %lane, 3;
	@%in st.lout.u64 	[%a], %x;
	exit;
}

// b4d1: 32 elements, one per lane; deltas at 4 + i, mask at 36
.subroutine bdi_dec_b4d1_128
.priority high
.trigger decompress 6 line 128
{
	.reg .b32 %lane, %a, %bit, %base, %x;

	mov.u32 	%lane, %laneid;
	ld.lin.u32 	%base, [0];
	ld.lin.s8 	%x, [%lane+4];
	ld.lin.u32 	%bit, [36];
	bfe.u32 	%bit, %bit, %lane, 1;
	mad.lo.u32 	%x, %bit, %base, %x;
	shl.b32 	%a, %lane, 2;
	st.lout.u32 	[%a], %x;
	exit;
}

// b4d2: 32 elements, one per lane; deltas at 4 + 2i, mask at 68
.subroutine bdi_dec_b4d2_128
.priority high
.trigger decompress 7 line 128
{
	.reg .b32 %lane, %a, %bit, %base, %x;

	mov.u32 	%lane, %laneid;
	ld.lin.u32 	%base, [0];
	shl.b32 	%a, %lane, 1;
	ld.lin.s16 	%x, [%a+4];
	ld.lin.u32 	%bit, [68];
	bfe.u32 	%bit, %bit, %lane, 1;
	mad.lo.u32 	%x, %bit, %base, %x;
	shl.b32 	%a, %lane, 2;
	st.lout.u32 	[%a], %x;
	exit;
}

// b2d1: 64 elements, lane i takes i and i+32; deltas at 2 + i, mask bytes at 66 (elements 0..31)
// and 70 (32..63), a byte each (not aligned for a word)
.subroutine bdi_dec_b2d1_128
.priority high
.trigger decompress 8 line 128
{
	.reg .b32 %lane, %a, %m, %t, %bit, %base, %x;

	mov.u32 	%lane, %laneid;
	ld.lin.u16 	%base, [0];
	shr.u32 	%m, %lane, 3;              // element i's mask byte: 66 + i/8, bit i%8
	and.b32 	%t, %lane, 7;
	ld.lin.u8 	%bit, [%m+66];
	ld.lin.s8 	%x, [%lane+2];
	bfe.u32 	%bit, %bit, %t, 1;
	mad.lo.u32 	%x, %bit, %base, %x;       // 16 bits kept: the sum wraps as BDI's does
	shl.b32 	%a, %lane, 1;
	st.lout.u16 	[%a], %x;
	ld.lin.u8 	%bit, [%m+70];             // element i+32
	ld.lin.s8 	%x, [%lane+34];
	bfe.u32 	%bit, %bit, %t, 1;
	mad.lo.u32 	%x, %bit, %base, %x;
	st.lout.u16 	[%a+64], %x;
	exit;
}

// ------------------------------------------------------------------------------------------------
// Compression of 128-byte lines (the line of caba-gtx480 and mag-gddr5)
// ------------------------------------------------------------------------------------------------
// The Assist Warp Store prefers it to bdi_compress for 128-byte lines ('line 128'): the same bytes
// out (tests/test_subroutines.c checks it against bdi.c), in fewer instructions, because it knows
// the line's size:
//   - no .lmeta read and no lane predicates but one: every lane holds a 4-byte element (%w,
//     loaded once), lanes 0..15 an 8-byte one (%x, loaded once); 2-byte elements i and i+32 only
//     for the last trial;
//   - a trial keeps x + 2^(8k-1) (or w + 2^(8k-1)) from its zero test, so the fit test is one
//     subtraction from it;
//   - the payload's offsets and size are constants; the encoding and size go to .lmeta in one
//     8-byte store;
//   - b2d1's base comes from one 64-bit ballot word (brev, clz).
// The order is bdi_compress's for 128 bytes: zeros, repeated, b8d1 (26), b4d1 (40), b8d2 (42),
// b4d2 (72), b8d4 (74), b2d1 (74, ties to b8d4), uncompressed.  At most 7 registers are live at
// once, as in bdi_compress (the assist registers each parent thread gives up).
.subroutine bdi_compress_128
.priority low
.trigger compress line 128
{
	.reg .b32 %a, %w, %t, %fm, %fm1, %b, %e;
	.reg .b64 %x, %y, %d;
	.reg .pred %in8, %far, %far1, %ok, %p, %lane0;

	mov.u32 	%a, %laneid;
	setp.eq.u32 	%lane0, %a, 0;
	setp.lt.u32 	%in8, %a, 16;              // lanes 0..15 hold an 8-byte element
	shl.b32 	%t, %a, 3;
	@%in8 ld.lin.u64 	%x, [%t];              // 8-byte element i
	shl.b32 	%a, %a, 2;                 // %a = 4i from here on
	ld.lin.u32 	%w, [%a];                  // 4-byte element i
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
