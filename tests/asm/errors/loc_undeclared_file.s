// .loc naming a file number no .file directive declared
.version 8.0
.target sm_80
.address_size 64
.visible .entry k()
{
	.loc 3 10 1
	ret;
}
// error: 7:7: file number 3 is not declared by a .file directive
