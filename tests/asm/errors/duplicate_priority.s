// two .priority directives on one subroutine
.version 8.0
.target sm_80
.address_size 64
.subroutine s
.priority high
.priority low
{
	exit;
}
// error: 7:1: duplicate .priority
