// an instruction at module scope, outside any function
.version 8.0
.target sm_80
.address_size 64
ret;
.visible .entry k()
{
	ret;
}
// error: 5:1: instruction 'ret' outside a function body
