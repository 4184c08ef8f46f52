// .maxntid with four values
.version 8.0
.target sm_80
.address_size 64
.visible .entry k()
.maxntid 1, 2, 3, 4
{
	ret;
}
// error: 6:19: '.maxntid' takes one to three positive integers
