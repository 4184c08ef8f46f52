// a .reg declaration with a state space
.version 8.0
.target sm_80
.address_size 64
.visible .entry k()
{
	.reg .global .b32 %q;
	ret;
}
// error: 7:7: .reg declarations take a type only
