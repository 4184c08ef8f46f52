// call of a function that is declared nowhere
.version 8.0
.target sm_80
.address_size 64
.visible .entry k()
{
	call foo;
	ret;
}
// error: 7:7: call to undeclared function 'foo'
