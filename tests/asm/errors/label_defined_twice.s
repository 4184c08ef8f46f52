// the same label defined twice in one function
.version 8.0
.target sm_80
.address_size 64
.visible .entry k()
{
L1:
L1:
	ret;
}
// error: 8:1: label 'L1' is defined twice
