// a trigger's line size must be a power of two from 4 to 4096
.version 8.0
.target sm_80
.address_size 64
.subroutine dec_a
.trigger decompress 3 line 100
{
	exit;
}
// error: 6:28: 'line' needs a line size in bytes, a power of two from 4 to 4096
