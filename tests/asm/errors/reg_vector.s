// a vector register: the image has none (PTX's .reg .v4 would need element access)
.version 8.0
.target sm_80
.address_size 64
.visible .entry k()
{
	.reg .v4 .u32 %v;
	ret;
}
// error: 7:16: vector registers (.v2, .v4, .v8) are not supported: declare one register per element
