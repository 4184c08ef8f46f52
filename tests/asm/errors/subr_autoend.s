// .autoend: the controller ends the warp after its last instruction, so a subroutine that
// says it may run past its end ('fine' has no error); without it, that is still an error.
// Before it, awasm said "unexpected unknown directive '.autoend'".
.subroutine fine
.trigger decompress 1
.autoend
{
	.reg .b32 %a;
	mov.u32 	%a, 1;
}
.subroutine args
.trigger decompress 2
.autoend 1
{
	exit;
}
.subroutine twice
.trigger decompress 3
.autoend
.autoend
{
	exit;
}
.subroutine no_autoend
.trigger decompress 4
{
	.reg .b32 %a;
	mov.u32 	%a, 1;
}
// error: 13:10: .autoend takes no argument
// error: 20:1: duplicate .autoend
// error: 28:2: control runs past the end of subroutine 'no_autoend' after this instruction (end every path with 'exit', or 'awkill')
