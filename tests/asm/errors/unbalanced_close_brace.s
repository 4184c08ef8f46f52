// a closing brace with no opening one at module scope
.version 8.0
.target sm_80
.address_size 64
.visible .entry k()
{
	ret;
}
}
// error: 9:1: unexpected token '}'
