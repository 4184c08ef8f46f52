// a .reg declaration with no type
.version 8.0
.target sm_80
.address_size 64
.visible .entry k()
{
	.reg %q;
	ret;
}
// error: 7:7: .reg declaration of '%q' has no type
