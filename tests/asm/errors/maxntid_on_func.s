// .maxntid on a .func
.version 8.0
.target sm_80
.address_size 64
.func f()
.maxntid 128
{
	ret;
}
// error: 6:1: '.maxntid' applies to kernels (.entry) only
