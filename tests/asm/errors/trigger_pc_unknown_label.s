// a pc trigger naming a label the kernel does not have (the caret goes on the label)
.version 8.0
.target sm_80
.address_size 64
.visible .entry k()
{
L1:
	ret;
}
.subroutine s
.trigger pc k L2
{
	exit;
}
// error: 11:15: kernel 'k' has no label 'L2' (a point is LABEL+N, or k+N: the N-th instruction after the kernel's first)
