// a trigger event that does not exist
.version 8.0
.target sm_80
.address_size 64
.subroutine s
.trigger boot
{
	exit;
}
// error: 6:10: unknown trigger event 'boot'
