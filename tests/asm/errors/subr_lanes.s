// .lanes %r, SCALE[, OFFSET] (the assist-warp controller sets lane i's %r to OFFSET + SCALE * i):
// %r a 32- or 64-bit integer register of the subroutine, SCALE 0..4096, OFFSET 0..65535, at
// most 8 in a subroutine.  Before it, awasm said "unexpected unknown directive '.lanes'".
.subroutine kinds
.trigger explicit
.lanes %p, 4
.lanes %f, 4
.lanes %h, 4
.lanes %d, 4
.lanes %nope, 4
.lanes %r, 4
.autoend
{
	.reg .pred %p;
	.reg .f32 %f;
	.reg .b16 %h;
	.reg .f64 %d;
	.reg .b32 %r<2>;
}
.subroutine numbers
.trigger explicit
.lanes %a, 4097
.lanes %a, 4, 65536
.lanes %a, -1
.lanes %a, 1.5
.lanes %a
.lanes 4, %a
.lanes %a, 4, 0, 1
.lanes
.autoend
{
	.reg .b32 %a;
}
.subroutine nine
.trigger explicit
.lanes %r0, 1
.lanes %r1, 1
.lanes %r2, 1
.lanes %r3, 1
.lanes %r4, 1
.lanes %r5, 1
.lanes %r6, 1
.lanes %r7, 1
.lanes %r8, 1
.autoend
{
	.reg .u64 %r<9>;
}
.visible .entry k()
.lanes %x, 4
{
	ret;
}
// error: 6:8: '%p' in .lanes is a .pred register: .lanes sets a 32- or 64-bit integer (.b32, .u32, .s32, .b64, .u64 or .s64)
// error: 7:8: '%f' in .lanes is a .f32 register: .lanes sets a 32- or 64-bit integer (.b32, .u32, .s32, .b64, .u64 or .s64)
// error: 8:8: '%h' in .lanes is a .b16 register: .lanes sets a 32- or 64-bit integer (.b32, .u32, .s32, .b64, .u64 or .s64)
// error: 9:8: '%d' in .lanes is a .f64 register: .lanes sets a 32- or 64-bit integer (.b32, .u32, .s32, .b64, .u64 or .s64)
// error: 10:8: '%nope' in .lanes is not a register of this subroutine
// error: 11:8: '%r' in .lanes is not a register of this subroutine
// error: 22:12: .lanes: the scale is an integer from 0 to 4096
// error: 23:15: .lanes: the offset is an integer from 0 to 65535
// error: 24:12: .lanes: the scale is an integer from 0 to 4096
// error: 25:12: .lanes: the scale is an integer from 0 to 4096
// error: 26:8: .lanes needs a scale after the register: .lanes %r, SCALE[, OFFSET]
// error: 27:8: .lanes needs a register first: .lanes %r, SCALE[, OFFSET]
// error: 28:18: unexpected argument to .lanes (.lanes %r, SCALE[, OFFSET])
// error: 29:1: .lanes needs a register first: .lanes %r, SCALE[, OFFSET]
// error: 44:1: more than 8 .lanes in one subroutine
// error: 50:1: '.lanes' applies to .subroutine only
