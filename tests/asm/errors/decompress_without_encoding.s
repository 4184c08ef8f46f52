// a decompress trigger with no encoding number
.version 8.0
.target sm_80
.address_size 64
.subroutine s
.trigger decompress
{
	exit;
}
// error: 6:1: 'decompress' trigger needs an encoding number (0-255)
