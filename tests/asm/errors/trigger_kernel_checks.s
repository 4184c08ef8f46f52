// pc triggers whose kernel is in the same assembly, checked as the loader checks them
// (awasm wrote these images and loading them failed): a live-in bound to a register of
// another width, a register the kernel lacks, two names for one instruction
// (L1 and k+1), and KERNEL+N / LABEL+N past the kernel's end.
.version 8.0
.target sm_80
.address_size 64
.visible .entry k()
{
	.reg .b32 %r<3>;
	.reg .b64 %rd<2>;
	mov.u32 	%r1, 1;
L1:
	mov.u32 	%r2, 2;
	ret;
}
.subroutine wide
.trigger pc k, L1 (%rd1)
.livein %a
{
	.reg .b32 %a;
	exit;
}
.subroutine missing
.trigger pc k, k+2 (%f1)
.livein %a
{
	.reg .f32 %a;
	exit;
}
.subroutine same_insn
.trigger pc k, k+1
{
	exit;
}
.subroutine past
.trigger pc k, k+3
.trigger pc k, L1+2
{
	exit;
}
// error: 18:16: %rd1 is 64 bits wide, the live-in it is bound to 32 (%a)
// error: 25:16: kernel 'k' has no register %f1
// error: 32:16: subroutine same_insn: trigger 'pc k k+1' is at the instruction where subroutine wide's 'pc' trigger is (kernel 'k' pc 1): one event starts one subroutine (that one is on line 18)
// error: 37:16: 'k+3' is past the end of kernel 'k' (its 3 instructions are k+0 to k+2)
// error: 38:16: 'L1+2' is past the end of kernel 'k' (its 3 instructions are k+0 to k+2)
