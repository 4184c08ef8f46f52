// a function with the name of a variable
.version 8.0
.target sm_80
.address_size 64
.global .u32 f;
.func f()
{
	ret;
}
// error: 6:7: 'f' redeclared as a different kind of symbol
