// a .global variable declared inside a function body
.version 8.0
.target sm_80
.address_size 64
.visible .entry k()
{
	.global .u32 g;
	ret;
}
// error: 7:2: .global and .const variables must be declared at module scope
