// .lanemask %p, OFFSET (lane i's %p = bit i of the u32 at byte OFFSET of .lin): %p a
// predicate of the subroutine, OFFSET 0..4092, at most 4 in a subroutine.  Before it,
// awasm said "unexpected unknown directive '.lanemask'".
.subroutine kinds
.trigger decompress 6
.lanemask %r, 0
.lanemask %q, 0
.lanemask %p, 4093
.lanemask %p
.lanemask %p, 4, 8
.lanemask %p, -4
.autoend
{
	.reg .b32 %r;
	.reg .pred %p;
}
.subroutine five
.trigger decompress 7
.lanemask %p0, 0
.lanemask %p1, 4
.lanemask %p2, 8
.lanemask %p3, 4092
.lanemask %p4, 16
.autoend
{
	.reg .pred %p<5>;
}
// error: 8:15: .lanemask: the offset is an integer from 0 to 4092
// error: 9:11: .lanemask needs the mask's byte offset in .lin after the register: .lanemask %p, OFFSET
// error: 10:18: unexpected argument to .lanemask (.lanemask %p, OFFSET)
// error: 11:15: .lanemask: the offset is an integer from 0 to 4092
// error: 6:11: '%r' in .lanemask is not a predicate register
// error: 7:11: '%q' in .lanemask is not a register of this subroutine
// error: 23:1: more than 4 .lanemask in one subroutine
