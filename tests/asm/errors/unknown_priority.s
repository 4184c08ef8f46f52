// a priority other than high or low
.version 8.0
.target sm_80
.address_size 64
.subroutine s
.priority medium
{
	exit;
}
// error: 6:11: unknown priority 'medium' (expected 'high' or 'low')
