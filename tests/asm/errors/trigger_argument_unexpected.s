// the miss trigger takes no argument
.version 8.0
.target sm_80
.address_size 64
.subroutine s
.trigger miss 3
{
	exit;
}
// error: 6:15: unexpected argument to the 'miss' trigger
