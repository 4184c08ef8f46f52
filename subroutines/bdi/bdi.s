// subroutines/bdi/bdi.s -- Base-Delta-Immediate compression as CABA assist warps.
//
// Byte for byte the codec of bdi.c (format: FORMAT.md beside this file): encodings 0 uncompressed,
// 1 zeros, 2 repeated, 3 b8d1, 4 b8d2, 5 b8d4, 6 b4d1, 7 b4d2, 8 b2d1; two bases (an implicit
// zero and an explicit one, the first element out of zero's reach); a mask bit per element.
//
// The parallel scheme (CABA, ISCA 2015, section 5.1): the warp's 32 lanes each take one element
// of the line and the warp-wide AND (awand, the global predicate) decides for the whole line.
//
//  * bdi_compress.  n = L/B elements of B bytes for a line of L = 32, 64 or 128 bytes
//    (.lmeta[8]).  awmask leaves exactly the lanes that hold an element active, so the lanes
//    past the element count neither vote nor store.  Lane i takes element i; with B = 2 and
//    L = 128 (64 elements) lane i takes elements i and i+32.
//      1. zeros / repeated: each lane compares its 8-byte element with 0 and with element 0;
//         awand over the lanes.
//      2. the base+delta encodings, in the order bdi.c tries them (ascending payload size,
//         ties to the lower encoding number; the order depends on L and is kept as one nibble
//         per trial in a 32-bit immediate).  One trial, for base size B and delta size k:
//           - each lane tests whether its element is within k-byte reach of zero
//             ((x + 2^(8k-1)) mod 2^(8B) < 2^(8k)); a ballot of the lanes that are not gives
//             the mask, and its lowest set bit the explicit base (loaded once, same address in
//             every lane; 0 when the ballot is empty);
//           - each lane tests "near zero, or near the base"; awand says whether the line fits;
//           - if it fits: lane 0 stores the base, every lane stores its own k-byte delta at
//             B + i*k (aligned, as B is a multiple of k), lane j < ceil(n/8) stores mask byte j
//             (byte stores, so the mask's own alignment never matters), and the metadata is
//             written.  The first trial that fits is the answer.
//      3. nothing fits: encoding 0, every lane copies one 4-byte word of the line.
//  * bdi_dec_<encoding>: one subroutine per encoding (the Assist Warp Store is indexed by the
//    encoding).  Lane i rebuilds element i (and i+32 for b2d1 on 128-byte lines): it loads the
//    base, its own sign-extended delta and its mask bit, adds the base when the bit is set and
//    stores the element.  The payload is never read past .lmeta[4] bytes.
//
// Loads and stores are aligned to their size: elements sit at multiples of B, deltas at
// multiples of k, the base at 0, and the mask is read and written a byte at a time.
// The registers every trial needs (%lane, %L, the element counts %n8/%n4/%n2, the lane masks
// %m8/%m4/%m2/%all, the trial order) are set, and the trial loop is run, with all 32 lanes
// active; a lane that awmask switches off keeps stale values only in the per-trial registers.
// Every branch is warp-uniform (its predicate comes from awand or from uniform values).

// ------------------------------------------------------------------------------------------------
// Compression
// ------------------------------------------------------------------------------------------------
.subroutine bdi_compress
.priority low                  // compression is off the loads' path: it takes issue slots the warps leave idle (CABA)
.trigger compress
{
	.reg .b32 %lane, %L, %all, %n8, %n4, %n2, %m8, %m4, %m2, %n, %a, %t;
	.reg .b32 %order, %enc, %klog, %kb, %idx, %moff, %nmb, %size, %fm0, %fm1;
	.reg .b32 %x, %d, %base, %lim, %half, %outm, %y1, %d1;
	.reg .b64 %x8, %first, %base8, %d8, %r8, %lim8, %half8, %out8, %fm;
	.reg .pred %p, %lane0, %far, %far1, %ok, %ok1, %fit, %hasb, %two, %k1, %k2, %k4, %pm;

	mov.u32 	%lane, %laneid;
	setp.eq.u32 	%lane0, %lane, 0;
	ld.lmeta.u32 	%L, [8];                   // line size: 32, 64 or 128 bytes
	mov.u32 	%all, 0xffffffff;

	// ---- element counts and the lanes that hold an element, per base size ----
	shr.u32 	%n8, %L, 3;                // 4, 8 or 16 elements of 8 bytes
	shr.u32 	%n4, %L, 2;                // 8, 16 or 32 of 4 bytes
	shr.u32 	%n2, %L, 1;                // 16, 32 or 64 of 2 bytes
	shl.b32 	%m8, 1, %n8;               // lanes 0 .. n-1: (1 << n) - 1, where
	sub.u32 	%m8, %m8, 1;               // 1 << 32 (and 1 << 64) is 0: all lanes
	shl.b32 	%m4, 1, %n4;
	sub.u32 	%m4, %m4, 1;
	shl.b32 	%m2, 1, %n2;
	sub.u32 	%m2, %m2, 1;
	setp.eq.u32 	%two, %n2, 64;             // b2d1 on 128-byte lines: lane i also takes element i+32

	// ---- zeros and repeated: lane i < L/8 takes the 8-byte element i ----
	awmask.b32 	%m8;
	shl.b32 	%a, %lane, 3;
	ld.lin.u64 	%x8, [%a];                 // element i (kept for the 8-byte trials)
	ld.lin.u64 	%first, [0];               // element 0, in every lane
	setp.eq.u64 	%p, %x8, 0;
	awand.pred 	%p, %p;                    // every element zero?
	@%p bra 	ZEROS;
	setp.eq.u64 	%p, %x8, %first;
	awand.pred 	%p, %p;                    // every element equal to element 0?
	@%p bra 	REPEATED;

	// ---- the order of the base+delta trials: nibble t (from the low end) = encoding tried t-th ----
	awmask.b32 	%all;
	mov.u32 	%order, 0x578463;          // 32 B: b8d1 b4d1 b8d2 b2d1 b4d2 b8d4 (13 13 17 20 21 25)
	setp.eq.u32 	%p, %L, 64;
	@%p mov.u32 	%order, 0x587463;          // 64 B: b8d1 b4d1 b8d2 b4d2 b2d1 b8d4 (17 22 25 38 38 41)
	setp.eq.u32 	%p, %L, 128;
	@%p mov.u32 	%order, 0x857463;          // 128 B: b8d1 b4d1 b8d2 b4d2 b8d4 b2d1 (26 40 42 72 74 74)

TRY:	// all 32 lanes active here: take the next encoding and go to its base size's trial
	and.b32 	%enc, %order, 15;
	shr.u32 	%order, %order, 4;
	setp.ge.u32 	%p, %enc, 8;
	@%p bra 	B2;
	setp.ge.u32 	%p, %enc, 6;
	@%p bra 	B4;

	// ---- B = 8 (b8d1, b8d2, b8d4): lane i < L/8 tests element i (%x8, loaded above) ----
	sub.u32 	%klog, %enc, 3;            // k = 1 << klog
	awmask.b32 	%m8;
	shl.b32 	%kb, 8, %klog;             // 8k: the bits a delta keeps
	shl.b64 	%lim8, 1, %kb;             // 2^(8k)
	shr.u64 	%half8, %lim8, 1;          // 2^(8k-1)
	neg.s64 	%out8, %lim8;              // the bits that must be clear after adding half
	add.u64 	%r8, %x8, %half8;
	and.b64 	%r8, %r8, %out8;
	setp.ne.u64 	%far, %r8, 0;              // out of zero's reach: must use the explicit base
	vote.sync.ballot.b32 	%fm0, %far, %m8;   // the mask; its lowest bit names the base
	brev.b32 	%t, %fm0;
	clz.b32 	%idx, %t;
	setp.ne.u32 	%hasb, %fm0, 0;
	mov.b64 	%base8, 0;                 // no element out of zero's reach: base 0
	shl.b32 	%a, %idx, 3;
	@%hasb ld.lin.u64 	%base8, [%a];
	sub.u64 	%d8, %x8, %base8;
	add.u64 	%r8, %d8, %half8;
	and.b64 	%r8, %r8, %out8;
	setp.eq.or.u64 	%ok, %r8, 0, !%far;        // near the base, or near zero
	awand.pred 	%fit, %ok;
	@!%fit bra 	NEXT;
	// pack: base at 0, delta i at 8 + i*k, mask at 8 + n*k
	@%lane0 st.lout.u64 	[0], %base8;
	selp.b64 	%d8, %d8, %x8, %far;       // delta from the base, or from zero
	shl.b32 	%a, %lane, %klog;
	add.u32 	%a, %a, 8;
	setp.eq.u32 	%k1, %klog, 0;
	setp.eq.u32 	%k2, %klog, 1;
	setp.eq.u32 	%k4, %klog, 2;
	@%k1 st.lout.u8 	[%a], %d8;
	@%k2 st.lout.u16 	[%a], %d8;
	@%k4 st.lout.u32 	[%a], %d8;
	mov.u32 	%n, %n8;
	shl.b32 	%moff, %n, %klog;
	add.u32 	%moff, %moff, 8;
	bra 	MASK;

B4:	// ---- B = 4 (b4d1, b4d2): lane i < L/4 tests the 4-byte element i ----
	sub.u32 	%klog, %enc, 6;
	awmask.b32 	%m4;
	shl.b32 	%kb, 8, %klog;
	shl.b32 	%lim, 1, %kb;              // 2^(8k)
	shr.u32 	%half, %lim, 1;            // 2^(8k-1)
	neg.s32 	%outm, %lim;
	shl.b32 	%a, %lane, 2;
	ld.lin.u32 	%x, [%a];
	add.u32 	%t, %x, %half;
	and.b32 	%t, %t, %outm;
	setp.ne.u32 	%far, %t, 0;               // out of zero's reach
	vote.sync.ballot.b32 	%fm0, %far, %m4;
	brev.b32 	%t, %fm0;
	clz.b32 	%idx, %t;
	setp.ne.u32 	%hasb, %fm0, 0;
	mov.u32 	%base, 0;
	shl.b32 	%a, %idx, 2;
	@%hasb ld.lin.u32 	%base, [%a];
	sub.u32 	%d, %x, %base;
	add.u32 	%t, %d, %half;
	and.b32 	%t, %t, %outm;
	setp.eq.or.u32 	%ok, %t, 0, !%far;
	awand.pred 	%fit, %ok;
	@!%fit bra 	NEXT;
	// pack: base at 0, delta i at 4 + i*k, mask at 4 + n*k
	@%lane0 st.lout.u32 	[0], %base;
	selp.b32 	%d, %d, %x, %far;
	shl.b32 	%a, %lane, %klog;
	add.u32 	%a, %a, 4;
	setp.eq.u32 	%k1, %klog, 0;
	setp.eq.u32 	%k2, %klog, 1;
	@%k1 st.lout.u8 	[%a], %d;
	@%k2 st.lout.u16 	[%a], %d;
	mov.u32 	%n, %n4;
	shl.b32 	%moff, %n, %klog;
	add.u32 	%moff, %moff, 4;
	bra 	MASK;

B2:	// ---- B = 2 (b2d1): lane i < min(L/2, 32) tests element i, and element i+32 on 128-byte lines ----
	awmask.b32 	%m2;
	shl.b32 	%a, %lane, 1;
	ld.lin.u16 	%x, [%a];                  // element i
	mov.u32 	%y1, 0;                    // no element i+32: 0 is near zero and changes nothing
	@%two ld.lin.u16 	%y1, [%a+64];          // element i+32
	add.u32 	%t, %x, 0x80;              // 16-bit elements in 32-bit registers: the bits
	and.b32 	%t, %t, 0xff00;            // 8..15 of (x + 0x80) must be clear
	setp.ne.u32 	%far, %t, 0;
	add.u32 	%t, %y1, 0x80;
	and.b32 	%t, %t, 0xff00;
	setp.ne.u32 	%far1, %t, 0;
	vote.sync.ballot.b32 	%fm0, %far, %m2;   // mask bits 0..31
	vote.sync.ballot.b32 	%fm1, %far1, %m2;  // mask bits 32..63
	mov.b64 	%fm, {%fm0, %fm1};
	brev.b64 	%r8, %fm;
	clz.b64 	%idx, %r8;
	setp.ne.u64 	%hasb, %fm, 0;
	mov.u32 	%base, 0;
	shl.b32 	%a, %idx, 1;
	@%hasb ld.lin.u16 	%base, [%a];
	sub.u32 	%d, %x, %base;
	add.u32 	%t, %d, 0x80;
	and.b32 	%t, %t, 0xff00;
	setp.eq.or.u32 	%ok, %t, 0, !%far;
	sub.u32 	%d1, %y1, %base;
	add.u32 	%t, %d1, 0x80;
	and.b32 	%t, %t, 0xff00;
	setp.eq.or.u32 	%ok1, %t, 0, !%far1;
	and.pred 	%ok, %ok, %ok1;
	awand.pred 	%fit, %ok;
	@!%fit bra 	NEXT;
	// pack: base at 0, delta i at 2 + i, mask at 2 + n
	@%lane0 st.lout.u16 	[0], %base;
	selp.b32 	%d, %d, %x, %far;
	selp.b32 	%d1, %d1, %y1, %far1;
	add.u32 	%a, %lane, 2;
	st.lout.u8 	[%a], %d;
	@%two st.lout.u8 	[%a+32], %d1;
	mov.u32 	%n, %n2;
	add.u32 	%moff, %n, 2;
	bra 	MASK;

NEXT:	// this encoding does not fit: all lanes back, next one
	awmask.b32 	%all;
	setp.ne.u32 	%p, %order, 0;
	@%p bra 	TRY;

	// ---- nothing fits: uncompressed, lane i < L/4 copies word i ----
	awmask.b32 	%m4;
	shl.b32 	%a, %lane, 2;
	ld.lin.u32 	%x, [%a];
	st.lout.u32 	[%a], %x;
	st.lmeta.u32 	[0], 0;
	st.lmeta.u32 	[4], %L;
	exit;

MASK:	// ---- the mask {fm1:fm0} of n bits at moff: lane j < ceil(n/8) stores byte j; metadata ----
	// (%fm1, mask bits 32..63, is read only when n = 64, i.e. by b2d1 on 128-byte lines)
	add.u32 	%nmb, %n, 7;
	shr.u32 	%nmb, %nmb, 3;
	mov.b64 	%fm, {%fm0, %fm1};
	shl.b32 	%t, %lane, 3;
	shr.b64 	%r8, %fm, %t;
	setp.lt.u32 	%pm, %lane, %nmb;
	add.u32 	%a, %moff, %lane;
	@%pm st.lout.u8 	[%a], %r8;
	add.u32 	%size, %moff, %nmb;
	st.lmeta.u32 	[0], %enc;
	st.lmeta.u32 	[4], %size;
	exit;

ZEROS:	// ---- every byte zero: no payload ----
	st.lmeta.u32 	[0], 1;
	st.lmeta.u32 	[4], 0;
	exit;

REPEATED:	// ---- one 8-byte value repeated: the payload is that value ----
	@%lane0 st.lout.u64 	[0], %first;
	st.lmeta.u32 	[0], 2;
	st.lmeta.u32 	[4], 8;
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
	.reg .b32 %lane, %L, %n, %m, %a, %x;

	mov.u32 	%lane, %laneid;
	ld.lmeta.u32 	%L, [8];
	shr.u32 	%n, %L, 2;
	shl.b32 	%m, 1, %n;                 // 32 words: all lanes
	sub.u32 	%m, %m, 1;
	awmask.b32 	%m;
	shl.b32 	%a, %lane, 2;
	ld.lin.u32 	%x, [%a];
	st.lout.u32 	[%a], %x;
	exit;
}

// encoding 1: no payload; lane i < L/8 writes a zero 8-byte element
.subroutine bdi_dec_zeros
.priority high
.trigger decompress 1
{
	.reg .b32 %lane, %L, %n, %m, %a;

	mov.u32 	%lane, %laneid;
	ld.lmeta.u32 	%L, [8];
	shr.u32 	%n, %L, 3;
	shl.b32 	%m, 1, %n;
	sub.u32 	%m, %m, 1;
	awmask.b32 	%m;
	shl.b32 	%a, %lane, 3;
	st.lout.u64 	[%a], 0;
	exit;
}

// encoding 2: the payload is one 8-byte value; lane i < L/8 writes it as element i
.subroutine bdi_dec_repeated
.priority high
.trigger decompress 2
{
	.reg .b32 %lane, %L, %n, %m, %a;
	.reg .b64 %v;

	mov.u32 	%lane, %laneid;
	ld.lmeta.u32 	%L, [8];
	shr.u32 	%n, %L, 3;
	shl.b32 	%m, 1, %n;
	sub.u32 	%m, %m, 1;
	awmask.b32 	%m;
	ld.lin.u64 	%v, [0];                   // the same address in every lane
	shl.b32 	%a, %lane, 3;
	st.lout.u64 	[%a], %v;
	exit;
}

// The base+delta decoders: lane i < n rebuilds element i from base | deltas | mask:
//   element = sign-extended delta i + (mask bit i ? base : 0)
// mask bit i is bit i%8 of the byte at B + n*k + i/8.

// encoding 3, b8d1: base 8 bytes at 0, delta i (1 byte) at 8 + i, mask at 8 + n
.subroutine bdi_dec_b8d1
.priority high
.trigger decompress 3
{
	.reg .b32 %lane, %L, %n, %m, %a, %t, %bit;
	.reg .b64 %base, %x;
	.reg .pred %use;

	mov.u32 	%lane, %laneid;
	ld.lmeta.u32 	%L, [8];
	shr.u32 	%n, %L, 3;                 // n = L/8 elements
	shl.b32 	%m, 1, %n;
	sub.u32 	%m, %m, 1;
	awmask.b32 	%m;
	ld.lin.u64 	%base, [0];
	add.u32 	%a, %lane, 8;
	ld.lin.s8 	%x, [%a];                  // delta i, sign-extended
	shr.u32 	%a, %lane, 3;              // mask byte i/8 at 8 + n
	add.u32 	%a, %a, %n;
	ld.lin.u8 	%bit, [%a+8];
	and.b32 	%t, %lane, 7;
	shr.u32 	%bit, %bit, %t;
	and.b32 	%bit, %bit, 1;
	setp.ne.u32 	%use, %bit, 0;
	@%use add.u64 	%x, %x, %base;
	shl.b32 	%a, %lane, 3;
	st.lout.u64 	[%a], %x;
	exit;
}

// encoding 4, b8d2: base 8 bytes at 0, delta i (2 bytes) at 8 + 2i, mask at 8 + 2n
.subroutine bdi_dec_b8d2
.priority high
.trigger decompress 4
{
	.reg .b32 %lane, %L, %n, %m, %a, %t, %bit;
	.reg .b64 %base, %x;
	.reg .pred %use;

	mov.u32 	%lane, %laneid;
	ld.lmeta.u32 	%L, [8];
	shr.u32 	%n, %L, 3;                 // n = L/8 elements
	shl.b32 	%m, 1, %n;
	sub.u32 	%m, %m, 1;
	awmask.b32 	%m;
	ld.lin.u64 	%base, [0];
	shl.b32 	%a, %lane, 1;
	ld.lin.s16 	%x, [%a+8];                // delta i, sign-extended
	shr.u32 	%a, %lane, 3;              // mask byte i/8 at 8 + 2n
	shl.b32 	%t, %n, 1;
	add.u32 	%a, %a, %t;
	ld.lin.u8 	%bit, [%a+8];
	and.b32 	%t, %lane, 7;
	shr.u32 	%bit, %bit, %t;
	and.b32 	%bit, %bit, 1;
	setp.ne.u32 	%use, %bit, 0;
	@%use add.u64 	%x, %x, %base;
	shl.b32 	%a, %lane, 3;
	st.lout.u64 	[%a], %x;
	exit;
}

// encoding 5, b8d4: base 8 bytes at 0, delta i (4 bytes) at 8 + 4i, mask at 8 + 4n
.subroutine bdi_dec_b8d4
.priority high
.trigger decompress 5
{
	.reg .b32 %lane, %L, %n, %m, %a, %t, %bit;
	.reg .b64 %base, %x;
	.reg .pred %use;

	mov.u32 	%lane, %laneid;
	ld.lmeta.u32 	%L, [8];
	shr.u32 	%n, %L, 3;                 // n = L/8 elements
	shl.b32 	%m, 1, %n;
	sub.u32 	%m, %m, 1;
	awmask.b32 	%m;
	ld.lin.u64 	%base, [0];
	shl.b32 	%a, %lane, 2;
	ld.lin.s32 	%x, [%a+8];                // delta i, sign-extended
	shr.u32 	%a, %lane, 3;              // mask byte i/8 at 8 + 4n
	shl.b32 	%t, %n, 2;
	add.u32 	%a, %a, %t;
	ld.lin.u8 	%bit, [%a+8];
	and.b32 	%t, %lane, 7;
	shr.u32 	%bit, %bit, %t;
	and.b32 	%bit, %bit, 1;
	setp.ne.u32 	%use, %bit, 0;
	@%use add.u64 	%x, %x, %base;
	shl.b32 	%a, %lane, 3;
	st.lout.u64 	[%a], %x;
	exit;
}

// encoding 6, b4d1: base 4 bytes at 0, delta i (1 byte) at 4 + i, mask at 4 + n
.subroutine bdi_dec_b4d1
.priority high
.trigger decompress 6
{
	.reg .b32 %lane, %L, %n, %m, %a, %t, %bit, %base, %x;
	.reg .pred %use;

	mov.u32 	%lane, %laneid;
	ld.lmeta.u32 	%L, [8];
	shr.u32 	%n, %L, 2;                 // n = L/4 elements
	shl.b32 	%m, 1, %n;                 // 32 elements: all lanes
	sub.u32 	%m, %m, 1;
	awmask.b32 	%m;
	ld.lin.u32 	%base, [0];
	ld.lin.s8 	%x, [%lane+4];             // delta i, sign-extended
	shr.u32 	%a, %lane, 3;              // mask byte i/8 at 4 + n
	add.u32 	%a, %a, %n;
	ld.lin.u8 	%bit, [%a+4];
	and.b32 	%t, %lane, 7;
	shr.u32 	%bit, %bit, %t;
	and.b32 	%bit, %bit, 1;
	setp.ne.u32 	%use, %bit, 0;
	@%use add.u32 	%x, %x, %base;
	shl.b32 	%a, %lane, 2;
	st.lout.u32 	[%a], %x;
	exit;
}

// encoding 7, b4d2: base 4 bytes at 0, delta i (2 bytes) at 4 + 2i, mask at 4 + 2n
.subroutine bdi_dec_b4d2
.priority high
.trigger decompress 7
{
	.reg .b32 %lane, %L, %n, %m, %a, %t, %bit, %base, %x;
	.reg .pred %use;

	mov.u32 	%lane, %laneid;
	ld.lmeta.u32 	%L, [8];
	shr.u32 	%n, %L, 2;                 // n = L/4 elements
	shl.b32 	%m, 1, %n;
	sub.u32 	%m, %m, 1;
	awmask.b32 	%m;
	ld.lin.u32 	%base, [0];
	shl.b32 	%a, %lane, 1;
	ld.lin.s16 	%x, [%a+4];                // delta i, sign-extended
	shr.u32 	%a, %lane, 3;              // mask byte i/8 at 4 + 2n
	shl.b32 	%t, %n, 1;
	add.u32 	%a, %a, %t;
	ld.lin.u8 	%bit, [%a+4];
	and.b32 	%t, %lane, 7;
	shr.u32 	%bit, %bit, %t;
	and.b32 	%bit, %bit, 1;
	setp.ne.u32 	%use, %bit, 0;
	@%use add.u32 	%x, %x, %base;
	shl.b32 	%a, %lane, 2;
	st.lout.u32 	[%a], %x;
	exit;
}

// encoding 8, b2d1: base 2 bytes at 0, delta i (1 byte) at 2 + i, mask at 2 + n.
// n = L/2 is up to 64: lane i rebuilds element i, and element i+32 on 128-byte lines.
.subroutine bdi_dec_b2d1
.priority high
.trigger decompress 8
{
	.reg .b32 %lane, %L, %n, %m, %a, %t, %bit, %base, %x, %moff;
	.reg .pred %use, %two;

	mov.u32 	%lane, %laneid;
	ld.lmeta.u32 	%L, [8];
	shr.u32 	%n, %L, 1;                 // n = L/2 elements: 16, 32 or 64
	setp.eq.u32 	%two, %n, 64;
	shl.b32 	%m, 1, %n;                 // 32 or 64 elements: all lanes
	sub.u32 	%m, %m, 1;
	awmask.b32 	%m;
	ld.lin.u16 	%base, [0];
	add.u32 	%moff, %n, 2;              // the mask
	and.b32 	%t, %lane, 7;              // bit i%8 of a mask byte (the same for element i+32)
	// element i
	ld.lin.s8 	%x, [%lane+2];
	shr.u32 	%a, %lane, 3;
	add.u32 	%a, %a, %moff;
	ld.lin.u8 	%bit, [%a];
	shr.u32 	%bit, %bit, %t;
	and.b32 	%bit, %bit, 1;
	setp.ne.u32 	%use, %bit, 0;
	@%use add.u32 	%x, %x, %base;
	shl.b32 	%a, %lane, 1;
	st.lout.u16 	[%a], %x;
	@!%two exit;
	// element i+32 (128-byte lines): delta at 34 + i, mask byte 4 + i/8
	ld.lin.s8 	%x, [%lane+34];
	shr.u32 	%a, %lane, 3;
	add.u32 	%a, %a, %moff;
	ld.lin.u8 	%bit, [%a+4];
	shr.u32 	%bit, %bit, %t;
	and.b32 	%bit, %bit, 1;
	setp.ne.u32 	%use, %bit, 0;
	@%use add.u32 	%x, %x, %base;
	shl.b32 	%a, %lane, 1;
	st.lout.u16 	[%a+64], %x;
	exit;
}
