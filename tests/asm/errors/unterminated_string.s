// a string literal with no closing quote
.version 8.0
.target sm_80
.address_size 64
.file 1 "kernel.cu
.visible .entry k()
{
	ret;
}
// error: 5:9: missing terminating '"' character
