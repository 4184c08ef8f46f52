// subroutines/memo/options.s -- memoization by assist warps (CABA section 8.1) for the
// unmodified nvcc kernel examples/assist/options: Black-Scholes prices (as a mixture of six
// lognormals, about 600 instructions, straight-line) of options whose parameters (spot S,
// strike K, expiry T) repeat; rate r and volatility v are the launch's parameters, the same
// for every option of a launch (the table lives within one CTA of one launch).
//
// Where it attaches (options.ptx, loop head $L__BB0_2): S, K and T are loaded into %f4, %f5
// and %f6 by $L__BB0_2+9; the pricing runs from $L__BB0_2+10 to $L__BB0_2+606 and leaves the
// call and put prices in %f544 and %f545, which the kernel stores from $L__BB0_2+607 on.
// Nothing else the region computes is read after it.
//
// options_lookup (high priority) runs at $L__BB0_2+10 with S, K, T as live-ins; lanes that
// find their (S, K, T) get the stored prices as %f544 and %f545 and skip to $L__BB0_2+607.
// options_insert (high priority) runs there with S, K, T and the prices, and enters the
// lanes' keys that are not in the table yet.  Exact: the whole key is the tag.
//
// The table (memo_options, 16 KiB of shared memory per CTA): 128 sets of 4 ways of 32
// bytes: S K T call | put S K T.  The key is stored twice, once in each 16-byte half, and
// each half is written with one 16-byte store: a lookup matches a way only when both copies
// are its key, so two warps that fill the same way at once can never pair one's prices
// with the other's key.  Set = the top 7 bits of S * 0x9e3779b1 ^ K * 0x85ebca6b ^
// T * 0xc2b2ae35.  Replacement: an empty way first (the lowest), else way (hash >> 5) & 3.
// A key of all-zero bits marks an empty way and is never entered.
//
// Run with
//     awemu run --config caba-gtx480 --subroutines subroutines/memo/options.s \
//         examples/assist/options/run.aw DATA=...
.shared .align 16 .b32 memo_options[4096];

.subroutine options_lookup
.priority high
.trigger pc options, $L__BB0_2+10 (%f4, %f5, %f6, %f544, %f545) skip $L__BB0_2+607
.livein %xs, %xk, %xt
.liveout %yc, %yp
.skipif %hit
{
	.reg .b32 %xs, %xk, %xt, %yc, %yp, %h, %g, %s, %k, %t, %c, %a;
	.reg .pred %hit, %e;

	mul.lo.u32 	%h, %xs, 0x9e3779b1;
	mul.lo.u32 	%g, %xk, 0x85ebca6b;
	xor.b32 	%h, %h, %g;
	mul.lo.u32 	%g, %xt, 0xc2b2ae35;
	xor.b32 	%h, %h, %g;
	shr.u32 	%h, %h, 25;                     // the set: 0 .. 127
	mov.u32 	%a, memo_options;               // (a shared address: 32 bits)
	mad.lo.u32 	%a, %h, 128, %a;
	setp.ne.u32 	%hit, %h, %h;                   // false
	ld.shared.v4.u32 	{%s, %k, %t, %c}, [%a+0];
	setp.eq.b32 	%e, %s, %xs;
	setp.eq.and.b32 	%e, %k, %xk, %e;
	setp.eq.and.b32 	%e, %t, %xt, %e;
	selp.b32 	%yc, %c, %yc, %e;                 // a call beside its key is that key's
	ld.shared.v4.u32 	{%c, %s, %k, %t}, [%a+16];
	setp.eq.and.b32 	%e, %s, %xs, %e;             // the second copy of the key: a half written
	setp.eq.and.b32 	%e, %k, %xk, %e;             // by another warp does not match
	setp.eq.and.b32 	%e, %t, %xt, %e;
	selp.b32 	%yp, %c, %yp, %e;
	or.pred 	%hit, %hit, %e;
	ld.shared.v4.u32 	{%s, %k, %t, %c}, [%a+32];
	setp.eq.b32 	%e, %s, %xs;
	setp.eq.and.b32 	%e, %k, %xk, %e;
	setp.eq.and.b32 	%e, %t, %xt, %e;
	selp.b32 	%yc, %c, %yc, %e;                 // a call beside its key is that key's
	ld.shared.v4.u32 	{%c, %s, %k, %t}, [%a+48];
	setp.eq.and.b32 	%e, %s, %xs, %e;             // the second copy of the key: a half written
	setp.eq.and.b32 	%e, %k, %xk, %e;             // by another warp does not match
	setp.eq.and.b32 	%e, %t, %xt, %e;
	selp.b32 	%yp, %c, %yp, %e;
	or.pred 	%hit, %hit, %e;
	ld.shared.v4.u32 	{%s, %k, %t, %c}, [%a+64];
	setp.eq.b32 	%e, %s, %xs;
	setp.eq.and.b32 	%e, %k, %xk, %e;
	setp.eq.and.b32 	%e, %t, %xt, %e;
	selp.b32 	%yc, %c, %yc, %e;                 // a call beside its key is that key's
	ld.shared.v4.u32 	{%c, %s, %k, %t}, [%a+80];
	setp.eq.and.b32 	%e, %s, %xs, %e;             // the second copy of the key: a half written
	setp.eq.and.b32 	%e, %k, %xk, %e;             // by another warp does not match
	setp.eq.and.b32 	%e, %t, %xt, %e;
	selp.b32 	%yp, %c, %yp, %e;
	or.pred 	%hit, %hit, %e;
	ld.shared.v4.u32 	{%s, %k, %t, %c}, [%a+96];
	setp.eq.b32 	%e, %s, %xs;
	setp.eq.and.b32 	%e, %k, %xk, %e;
	setp.eq.and.b32 	%e, %t, %xt, %e;
	selp.b32 	%yc, %c, %yc, %e;                 // a call beside its key is that key's
	ld.shared.v4.u32 	{%c, %s, %k, %t}, [%a+112];
	setp.eq.and.b32 	%e, %s, %xs, %e;             // the second copy of the key: a half written
	setp.eq.and.b32 	%e, %k, %xk, %e;             // by another warp does not match
	setp.eq.and.b32 	%e, %t, %xt, %e;
	selp.b32 	%yp, %c, %yp, %e;
	or.pred 	%hit, %hit, %e;
	or.b32 	%g, %xs, %xk;
	or.b32 	%g, %g, %xt;
	setp.ne.and.u32 	%hit, %g, 0, %hit;      // (an all-zero key marks an empty way: never a hit)
	exit;
}

.subroutine options_insert
.priority high
.trigger pc options, $L__BB0_2+607 (%f4, %f5, %f6, %f544, %f545)
.livein %xs, %xk, %xt, %yc, %yp
{
	.reg .b32 %xs, %xk, %xt, %yc, %yp, %h, %g, %s, %k, %t, %w, %a;
	.reg .pred %there, %e, %one;

	mul.lo.u32 	%h, %xs, 0x9e3779b1;
	mul.lo.u32 	%g, %xk, 0x85ebca6b;
	xor.b32 	%h, %h, %g;
	mul.lo.u32 	%g, %xt, 0xc2b2ae35;
	xor.b32 	%h, %h, %g;
	shr.u32 	%w, %h, 5;                      // the way it replaces when none is empty
	and.b32 	%w, %w, 3;
	shr.u32 	%h, %h, 25;
	mov.u32 	%a, memo_options;
	mad.lo.u32 	%a, %h, 128, %a;
	setp.eq.u32 	%one, %xs, %xs;                 // true
	or.b32 	%g, %xs, %xk;
	or.b32 	%g, %g, %xt;
	setp.eq.u32 	%there, %g, 0;                  // an all-zero key is never entered
	ld.shared.v2.u32 	{%s, %k}, [%a+96];
	ld.shared.u32 	%t, [%a+104];
	setp.eq.and.b32 	%e, %s, %xs, %one;
	setp.eq.and.u32 	%e, %k, %xk, %e;
	setp.eq.and.u32 	%e, %t, %xt, %e;
	or.pred 	%there, %there, %e;
	setp.eq.u32 	%e, %s, 0;
	setp.eq.and.u32 	%e, %k, 0, %e;
	setp.eq.and.u32 	%e, %t, 0, %e;
	@%e mov.u32 	%w, 3;                          // an empty way (the first one found wins below)
	ld.shared.v2.u32 	{%s, %k}, [%a+64];
	ld.shared.u32 	%t, [%a+72];
	setp.eq.and.b32 	%e, %s, %xs, %one;
	setp.eq.and.u32 	%e, %k, %xk, %e;
	setp.eq.and.u32 	%e, %t, %xt, %e;
	or.pred 	%there, %there, %e;
	setp.eq.u32 	%e, %s, 0;
	setp.eq.and.u32 	%e, %k, 0, %e;
	setp.eq.and.u32 	%e, %t, 0, %e;
	@%e mov.u32 	%w, 2;                          // an empty way (the first one found wins below)
	ld.shared.v2.u32 	{%s, %k}, [%a+32];
	ld.shared.u32 	%t, [%a+40];
	setp.eq.and.b32 	%e, %s, %xs, %one;
	setp.eq.and.u32 	%e, %k, %xk, %e;
	setp.eq.and.u32 	%e, %t, %xt, %e;
	or.pred 	%there, %there, %e;
	setp.eq.u32 	%e, %s, 0;
	setp.eq.and.u32 	%e, %k, 0, %e;
	setp.eq.and.u32 	%e, %t, 0, %e;
	@%e mov.u32 	%w, 1;                          // an empty way (the first one found wins below)
	ld.shared.v2.u32 	{%s, %k}, [%a+0];
	ld.shared.u32 	%t, [%a+8];
	setp.eq.and.b32 	%e, %s, %xs, %one;
	setp.eq.and.u32 	%e, %k, %xk, %e;
	setp.eq.and.u32 	%e, %t, %xt, %e;
	or.pred 	%there, %there, %e;
	setp.eq.u32 	%e, %s, 0;
	setp.eq.and.u32 	%e, %k, 0, %e;
	setp.eq.and.u32 	%e, %t, 0, %e;
	@%e mov.u32 	%w, 0;                          // an empty way (the first one found wins below)
	awand.pred 	%e, %there;                     // every lane's key is there already
	@%e exit;
	mad.lo.u32 	%a, %w, 32, %a;
	@!%there st.shared.v4.u32 	[%a], {%xs, %xk, %xt, %yc};
	@!%there st.shared.v4.u32 	[%a+16], {%yp, %xs, %xk, %xt};
	exit;
}
