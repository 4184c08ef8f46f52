// two parameters with the same name (the caret goes on the second one, not on the kernel name)
.version 8.0
.target sm_80
.address_size 64
.visible .entry k(.param .u32 a, .param .u32 a)
{
	ret;
}
// error: 5:46: redeclaration of 'a'
