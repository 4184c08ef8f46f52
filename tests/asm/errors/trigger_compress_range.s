// a 'compress' trigger's optional encoding is 0-255, as a 'decompress' trigger's is
.subroutine s
.trigger compress 300
// error: 3:19: 'compress' trigger: an encoding number is 0-255
{
	exit;
}
