// An assist warp that runs past its subroutine's last instruction faults ("control ran
// past the end of the function"); awasm wrote such images.  Every path must end with
// exit or awkill (ret and trap end it too).  'fine' is: its last instruction is dead.
.version 8.0
.target sm_80
.address_size 64
.subroutine no_exit
.trigger compress
{
	.reg .b32 %a;
	mov.u32 	%a, 1;
}
.subroutine guarded_exit
.trigger decompress 1
{
	.reg .pred %p;
	setp.eq.u32 	%p, 1, 1;
	@%p exit;
}
.subroutine to_the_end
.trigger decompress 2
{
	.reg .pred %p;
	setp.eq.u32 	%p, 1, 1;
	@%p bra 	DONE;
	exit;
DONE:
}
.subroutine empty
.trigger decompress 3
{
}
.subroutine fine
.trigger decompress 4
{
	.reg .pred %p;
	setp.eq.u32 	%p, 1, 1;
	@%p awkill;
	exit;
	exit;
}
// error: 11:2: control runs past the end of subroutine 'no_exit' after this instruction (end every path with 'exit', or 'awkill')
// error: 18:6: control runs past the end of subroutine 'guarded_exit' after this instruction (end every path with 'exit', or 'awkill')
// error: 27:1: label 'DONE' is at the end of subroutine 'to_the_end': a branch to it runs past the end (put 'exit' after it)
// error: 29:13: subroutine 'empty' has no instructions: it needs at least 'exit'
