// two subroutines bound to one decompression encoding (the caret goes on the second binding's directive)
.version 8.0
.target sm_80
.address_size 64
.subroutine dec_a
.trigger decompress 3
{
	exit;
}
.subroutine dec_b
.trigger decompress 3
{
	exit;
}
// error: 11:1: 'decompress 3' is already bound to subroutine 'dec_a' (line 6): one event starts one subroutine
