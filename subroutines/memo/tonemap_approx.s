// subroutines/memo/tonemap_approx.s -- approximate memoization (CABA section 8.1 mentions
// it): subroutines/memo/tonemap.s with the key made of the input less the low 12 bits of its
// mantissa, so inputs within a relative 2^-11 of each other share one stored result (the
// first one computed).  It trades exactness for hits where an image's values are noisy: on
// examples/assist/tonemap/run_approx.aw (the noisy image) the exact memoizer finds almost
// nothing, this one almost everything; run_approx.aw reports its error against the exact
// output.  Everything else (table, hashing, replacement, where it attaches) is as in
// tonemap.s; load one of the two, not both (they bind the same trigger points).
.shared .align 16 .b32 memo_tonemap_approx[1024];

.subroutine tonemap_lookup_approx
.priority high
.trigger pc tonemap, $L__BB0_2+2 (%r10, %r37) skip $L__BB0_2+183
.livein %x
.liveout %y
.skipif %hit
{
	.reg .u32 %x, %y, %h, %t0, %v0, %t1, %v1;
	.reg .u64 %a, %o;
	.reg .pred %hit, %e;

	and.b32 	%x, %x, 0xfffff000;             // the key: the input less its low 12 mantissa bits
	mul.lo.u32 	%h, %x, 0x9e3779b1;
	shr.u32 	%h, %h, 25;                     // the set: 0 .. 127
	mul.wide.u32 	%o, %h, 32;
	mov.u64 	%a, memo_tonemap_approx;
	add.u64 	%a, %a, %o;
	ld.shared.v4.u32 	{%t0, %v0, %t1, %v1}, [%a];
	setp.eq.u32 	%hit, %t0, %x;
	setp.eq.u32 	%e, %t1, %x;
	selp.b32 	%y, %v1, %v0, %e;
	or.pred 	%hit, %hit, %e;
	ld.shared.v4.u32 	{%t0, %v0, %t1, %v1}, [%a+16];
	setp.eq.u32 	%e, %t0, %x;
	selp.b32 	%y, %v0, %y, %e;
	or.pred 	%hit, %hit, %e;
	setp.eq.u32 	%e, %t1, %x;
	selp.b32 	%y, %v1, %y, %e;
	or.pred 	%hit, %hit, %e;
	setp.ne.and.u32 	%hit, %x, 0, %hit;   // (tag 0: an empty way)
	exit;
}

.subroutine tonemap_insert_approx
.priority high
.trigger pc tonemap, $L__BB0_2+183 (%r10, %r37)
.livein %x, %y
{
	.reg .u32 %x, %y, %h, %t0, %t1, %t2, %t3, %w;
	.reg .u64 %a, %o;
	.reg .pred %there, %e;

	and.b32 	%x, %x, 0xfffff000;             // the key, as in the lookup
	mul.lo.u32 	%h, %x, 0x9e3779b1;
	shr.u32 	%h, %h, 25;
	mul.wide.u32 	%o, %h, 32;
	mov.u64 	%a, memo_tonemap_approx;
	add.u64 	%a, %a, %o;
	ld.shared.u32 	%t0, [%a];
	ld.shared.u32 	%t1, [%a+8];
	ld.shared.u32 	%t2, [%a+16];
	ld.shared.u32 	%t3, [%a+24];
	setp.eq.u32 	%there, %t0, %x;
	setp.eq.or.u32 	%there, %t1, %x, %there;
	setp.eq.or.u32 	%there, %t2, %x, %there;
	setp.eq.or.u32 	%there, %t3, %x, %there;
	setp.eq.or.u32 	%there, %x, 0, %there;
	awand.pred 	%e, %there;                   // every lane's input is there already
	@%e exit;
	shr.u32 	%w, %x, 7;                      // the way it replaces: an empty one, else (x >> 7) & 3
	and.b32 	%w, %w, 3;
	setp.eq.u32 	%e, %t3, 0;
	selp.b32 	%w, 3, %w, %e;
	setp.eq.u32 	%e, %t2, 0;
	selp.b32 	%w, 2, %w, %e;
	setp.eq.u32 	%e, %t1, 0;
	selp.b32 	%w, 1, %w, %e;
	setp.eq.u32 	%e, %t0, 0;
	selp.b32 	%w, 0, %w, %e;
	mul.wide.u32 	%o, %w, 8;
	add.u64 	%a, %a, %o;
	@!%there st.shared.v2.u32 	[%a], {%x, %y};
	exit;
}
