// .loc with a line number that does not fit in 32 bits (the caret goes on that number)
.version 8.0
.target sm_80
.address_size 64
.file 1 "k.cu"
.visible .entry k()
{
	.loc 1 99999999999 1
	ret;
}
// error: 8:9: .loc takes three non-negative integers: file, line, column
