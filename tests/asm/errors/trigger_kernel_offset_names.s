// KERNEL+N names the kernel's entry; a label of the same name as the kernel makes it
// ambiguous, and a name that is neither is refused, for the trigger's point and its skip.
.version 8.0
.target sm_80
.address_size 64
.visible .entry k()
{
	.reg .pred %p;
	setp.eq.u32 	%p, 1, 1;
k:
	ret;
}
.visible .entry j()
{
	ret;
}
.subroutine amb
.trigger pc k, k+1
{
	exit;
}
.subroutine nolabel
.priority high
.trigger pc j, jj skip j+1
.skipif %p
{
	.reg .pred %p;
	exit;
}
.subroutine badskip
.trigger pc j, j skip x
.skipif %p
{
	.reg .pred %p;
	exit;
}
// error: 18:16: 'k' is both kernel 'k' (its entry) and one of its labels: give the point as another label+N
// error: 24:16: kernel 'j' has no label 'jj' (a point is LABEL+N, or j+N: the N-th instruction after the kernel's first)
// error: 24:16: the 'skip' point 'j+1' is past the end of kernel 'j' (its one instruction is j+0)
// error: 31:16: kernel 'j' has no label 'x' for the trigger's 'skip' (a point is LABEL+N, or j+N: the N-th instruction after the kernel's first)
