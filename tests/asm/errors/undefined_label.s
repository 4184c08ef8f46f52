// bra to a label that is never defined
.version 8.0
.target sm_80
.address_size 64
.visible .entry k()
{
	bra L1;
	ret;
}
// error: 7:6: label 'L1' is used but not defined
