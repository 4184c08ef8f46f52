// a function defined twice
.version 8.0
.target sm_80
.address_size 64
.func f()
{
	ret;
}
.func f()
{
	ret;
}
// error: 9:7: redefinition of 'f'
