// subroutines/cpack/cpack.s -- C-Pack (CABA's parallel form, codec "cpack") as assist-warp
// subroutines.
//
// The format is the `cpack` part of subroutines/cpack/FORMAT.md; subroutines/cpack/cpack.c
// is the golden model and these subroutines produce and accept the same bytes.
//
// Parallel scheme (CABA, ISCA 2015, section 5.1.4): one 32-bit word per lane.  A line of
// L = 32, 64 or 128 bytes (.lmeta byte 8) is N = L/4 words, so every subroutine first
// `awmask`s the warp down to lanes 0..N-1: lanes past the last word never run.
//
// cpack_compress
//   1. Each lane classifies its word: zero (zzzz), at most 0xFF (zzzx), or a candidate for
//      the dictionary ("pending" until a dictionary value matches its upper 24 bits).
//   2. The dictionary is built as cpack.c builds it, in word order, in at most four
//      rounds: a ballot of the pending lanes; none left: done; otherwise the lowest
//      pending lane (brev + clz) is the next value d, broadcast with shfl.idx and stored
//      at byte N/2 + 4d; every pending lane whose word matches it in the upper 24 bits
//      records d and the low-byte difference and stops pending (one setp.and with a
//      predicate pair).  A lane still pending after four rounds needs a fifth value: the
//      line is stored uncompressed (every lane stores its word, encoding 0).
//   3. Each lane forms its 4-bit code (pattern | d << 2) and its byte (the low byte for
//      zzzx and mmmx, else 0).  A vote says whether any word needs its byte (encoding 2)
//      or none does (encoding 1).  Even lanes pull the odd neighbour's code with
//      shfl.down and store the code byte at N/2 ... i/2; with encoding 2 every lane
//      stores its byte at N/2 + 4D + i.
//
// cpack_dec_codes (1), cpack_dec_codes_bytes (2)
//   D follows from the size.  Lane i reads its code nibble (byte i/2), loads dictionary
//   value d for mmmm/mmmx, and with encoding 2 puts byte N/2 + 4D + i in the low byte of
//   zzzx and mmmx words.  No lane depends on another.
// cpack_dec_uncompressed (0): every lane copies its word.

.subroutine cpack_compress
.priority low                  // compression is off the loads' path: it takes issue slots the warps leave idle (CABA)
.trigger compress
{
	.reg .b32 %lsize, %n, %half, %amask, %lane, %off, %w, %bal, %src, %v, %t, %mx, %doff;
	.reg .b32 %code, %cs, %byte, %g, %size;
	.reg .pred %p, %pend, %m, %small, %odd, %need;

	// ---- lanes: one per word of the line
	ld.lmeta.u32 	%lsize, [8];               // line size L in bytes
	shr.u32 	%n, %lsize, 2;             // N words
	shl.b32 	%amask, 1, %n;             // (1 << N) - 1; shl by 32 gives 0, so 0xffffffff
	sub.u32 	%amask, %amask, 1;
	awmask.b32 	%amask;
	shr.u32 	%half, %n, 1;              // N/2: code bytes, where the dictionary starts
	mov.u32 	%lane, %laneid;
	shl.b32 	%off, %lane, 2;
	ld.lin.u32 	%w, [%off];

	// ---- 1. zzzz / zzzx words need no dictionary; the others are pending
	setp.le.u32 	%small, %w, 0xff;
	not.pred 	%pend, %small;
	mov.u32 	%doff, %half;              // where the next dictionary value goes

	// ---- 2. the dictionary, one value a round, in word order
	vote.sync.ballot.b32 	%bal, %pend, %amask;
	setp.eq.u32 	%p, %bal, 0;
	@%p bra 	$codes;
	brev.b32 	%t, %bal;
	clz.b32 	%src, %t;                  // the lowest pending word
	shfl.sync.idx.b32 	%v, %w, %src, 0x1f, %amask;
	st.lout.u32 	[%doff], %v;               // value 0
	xor.b32 	%t, %w, %v;
	setp.lt.and.u32 	%m|%pend, %t, 0x100, %pend;   // m: matches value 0; pend: still pending
	@%m or.b32 	%mx, %t, 0x000;            // matched: mx = d << 10 | (w ^ value d)
	add.u32 	%doff, %doff, 4;

	vote.sync.ballot.b32 	%bal, %pend, %amask;
	setp.eq.u32 	%p, %bal, 0;
	@%p bra 	$codes;
	brev.b32 	%t, %bal;
	clz.b32 	%src, %t;
	shfl.sync.idx.b32 	%v, %w, %src, 0x1f, %amask;
	st.lout.u32 	[%doff], %v;               // value 1
	xor.b32 	%t, %w, %v;
	setp.lt.and.u32 	%m|%pend, %t, 0x100, %pend;
	@%m or.b32 	%mx, %t, 0x400;
	add.u32 	%doff, %doff, 4;

	vote.sync.ballot.b32 	%bal, %pend, %amask;
	setp.eq.u32 	%p, %bal, 0;
	@%p bra 	$codes;
	brev.b32 	%t, %bal;
	clz.b32 	%src, %t;
	shfl.sync.idx.b32 	%v, %w, %src, 0x1f, %amask;
	st.lout.u32 	[%doff], %v;               // value 2
	xor.b32 	%t, %w, %v;
	setp.lt.and.u32 	%m|%pend, %t, 0x100, %pend;
	@%m or.b32 	%mx, %t, 0x800;
	add.u32 	%doff, %doff, 4;

	vote.sync.ballot.b32 	%bal, %pend, %amask;
	setp.eq.u32 	%p, %bal, 0;
	@%p bra 	$codes;
	brev.b32 	%t, %bal;
	clz.b32 	%src, %t;
	shfl.sync.idx.b32 	%v, %w, %src, 0x1f, %amask;
	st.lout.u32 	[%doff], %v;               // value 3
	xor.b32 	%t, %w, %v;
	setp.lt.and.u32 	%m|%pend, %t, 0x100, %pend;
	@%m or.b32 	%mx, %t, 0xc00;
	add.u32 	%doff, %doff, 4;

	vote.sync.any.pred 	%p, %pend, %amask;
	@%p bra 	$uncompressed;             // a fifth value would be needed

	// ---- 3. codes and bytes (mx is set in every lane but the zzzz and zzzx ones,
	//      whose code the selp below replaces)
$codes:
	and.b32 	%t, %mx, 0xff;
	setp.ne.u32 	%p, %t, 0;                 // mmmx: the low byte differs
	selp.u32 	%code, 3, 2, %p;
	shr.u32 	%t, %mx, 8;                // d << 2
	add.u32 	%code, %code, %t;
	min.u32 	%cs, %w, 1;                // zzzz 0, zzzx 1
	selp.u32 	%code, %cs, %code, %small;
	and.b32 	%t, %code, 1;              // zzzx and mmmx keep their low byte
	and.b32 	%byte, %w, 0xff;
	mul.lo.u32 	%byte, %byte, %t;
	setp.ne.u32 	%odd, %t, 0;
	vote.sync.any.pred 	%need, %odd, %amask;   // encoding 2 when any word needs its byte

	selp.u32 	%t, %n, 0, %need;          // doff = N/2 + 4D: the bytes, and the size of
	add.u32 	%size, %doff, %t;          // encoding 1
	setp.ge.u32 	%p, %size, %lsize;
	@%p bra 	$uncompressed;             // never taken: at most 1.5 N + 16 < 4 N bytes

	shfl.sync.down.b32 	%g, %code, 1, 0x1f, %amask;
	bfi.b32 	%g, %g, %code, 4, 4;       // my code, the next word's on top
	and.b32 	%t, %lane, 1;
	setp.eq.u32 	%p, %t, 0;
	shr.u32 	%t, %lane, 1;
	@%p st.lout.u8 	[%t], %g;                  // even lanes: code byte i/2
	add.u32 	%t, %doff, %lane;
	@%need st.lout.u8 	[%t], %byte;           // encoding 2: byte N/2 + 4D + i
	selp.u32 	%t, 2, 1, %need;
	st.lmeta.u32 	[0], %t;
	st.lmeta.u32 	[4], %size;
	exit;

$uncompressed:                             // the line as it is
	st.lout.u32 	[%off], %w;
	st.lmeta.u32 	[0], 0;
	st.lmeta.u32 	[4], %lsize;
	exit;
}

.subroutine cpack_dec_uncompressed
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

.subroutine cpack_dec_codes
.priority high
.trigger decompress 1
{
	.reg .b32 %n, %amask, %lane, %half, %t, %c, %w;
	.reg .pred %p;

	ld.lmeta.u32 	%n, [8];
	shr.u32 	%n, %n, 2;                 // N words
	shl.b32 	%amask, 1, %n;
	sub.u32 	%amask, %amask, 1;
	awmask.b32 	%amask;                    // one lane per word
	shr.u32 	%half, %n, 1;              // N/2: the dictionary
	mov.u32 	%lane, %laneid;

	shr.u32 	%t, %lane, 1;
	ld.lin.u8 	%c, [%t];                  // code byte i/2
	and.b32 	%t, %lane, 1;
	shl.b32 	%t, %t, 2;
	bfe.u32 	%c, %c, %t, 4;             // my nibble: pattern | d << 2
	mov.u32 	%w, 0;                     // zzzz
	setp.eq.u32 	%p, %c, 0;
	shr.u32 	%t, %c, 2;                 // d
	shl.b32 	%t, %t, 2;
	add.u32 	%t, %half, %t;
	@!%p ld.lin.u32 	%w, [%t];              // mmmm: value d
	shl.b32 	%t, %lane, 2;
	st.lout.u32 	[%t], %w;
	exit;
}

.subroutine cpack_dec_codes_bytes
.priority high
.trigger decompress 2
{
	.reg .b32 %n, %amask, %lane, %half, %t, %c, %w, %lo, %boff;
	.reg .pred %p;

	ld.lmeta.u32 	%n, [8];
	shr.u32 	%n, %n, 2;                 // N words
	shl.b32 	%amask, 1, %n;
	sub.u32 	%amask, %amask, 1;
	awmask.b32 	%amask;                    // one lane per word
	shr.u32 	%half, %n, 1;              // N/2: the dictionary
	mov.u32 	%lane, %laneid;

	//      N/2 + 4D = size - N: where the bytes start
	ld.lmeta.u32 	%boff, [4];
	sub.u32 	%boff, %boff, %n;
	add.u32 	%t, %boff, %lane;
	ld.lin.u8 	%lo, [%t];                 // my byte

	shr.u32 	%t, %lane, 1;
	ld.lin.u8 	%c, [%t];                  // code byte i/2
	and.b32 	%t, %lane, 1;
	shl.b32 	%t, %t, 2;
	bfe.u32 	%c, %c, %t, 4;             // my nibble: pattern | d << 2
	mov.u32 	%w, 0;                     // zzzz, zzzx
	and.b32 	%t, %c, 2;
	setp.ne.u32 	%p, %t, 0;                 // mmmm, mmmx: value d
	shr.u32 	%t, %c, 2;
	shl.b32 	%t, %t, 2;
	add.u32 	%t, %half, %t;
	@%p ld.lin.u32 	%w, [%t];
	and.b32 	%t, %c, 1;
	setp.ne.u32 	%p, %t, 0;                 // zzzx, mmmx: the low byte is stored
	@%p bfi.b32 	%w, %lo, %w, 0, 8;
	shl.b32 	%t, %lane, 2;
	st.lout.u32 	[%t], %w;
	exit;
}
