// one subroutine for any line size and one for 128-byte lines may share an encoding;
// two for 128-byte lines may not
.version 8.0
.target sm_80
.address_size 64
.subroutine dec_any
.trigger decompress 3
{
	exit;
}
.subroutine dec_a
.trigger decompress 3 line 128
{
	exit;
}
.subroutine dec_b
.trigger decompress 3 line 128
{
	exit;
}
// error: 17:1: 'decompress 3 line 128' is already bound to subroutine 'dec_a' (line 12): one event starts one subroutine
