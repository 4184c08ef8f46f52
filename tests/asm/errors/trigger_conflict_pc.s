// two subroutines bound to one program point of a kernel (the caret goes on the second binding's label)
.version 8.0
.target sm_80
.address_size 64
.visible .entry k()
{
L1:
	ret;
}
.subroutine s1
.trigger pc k L1
{
	exit;
}
.subroutine s2
.trigger decompress 1
.trigger pc k L1
{
	exit;
}
// error: 17:15: 'pc k L1' is already bound to subroutine 's1' (line 11): one event starts one subroutine
