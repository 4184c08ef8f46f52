// .lastenc %r: the encoding the trigger's last compression ended with, in a 32-bit integer
// register, only in a subroutine a 'compress' trigger starts.  Before it, awasm said
// "unexpected unknown directive '.lastenc'".
.subroutine dec
.trigger decompress 3
.lastenc %e
.autoend
{
	.reg .b32 %e;
}
.subroutine at_pc
.trigger pc k, k
.lastenc %e
.autoend
{
	.reg .b32 %e;
}
.subroutine kinds
.trigger compress
.lastenc %d
.autoend
{
	.reg .b64 %d;
}
.subroutine pred
.trigger compress line 64
.lastenc %p
.autoend
{
	.reg .pred %p;
}
.subroutine forms
.trigger compress line 128
.lastenc %a, %b
.lastenc 3
.lastenc
.autoend
{
	.reg .b32 %a, %b;
}
.visible .entry k()
{
	ret;
}
// error: 6:10: .lastenc needs a 'compress' trigger: it holds the encoding the trigger's last compression ended with
// error: 13:10: .lastenc needs a 'compress' trigger: it holds the encoding the trigger's last compression ended with
// error: 20:10: '%d' in .lastenc is a .b64 register: .lastenc sets a 32-bit integer (.b32, .u32 or .s32)
// error: 27:10: '%p' in .lastenc is a .pred register: .lastenc sets a 32-bit integer (.b32, .u32 or .s32)
// error: 34:14: .lastenc takes one register
// error: 35:10: .lastenc needs a register
// error: 36:1: .lastenc needs a register
