// .version, .target and .address_size once per file, as ptxas requires (a second
// was taken silently, or the targets joined); each file of several has its own
.version 8.0
.target sm_80
.address_size 64
.version 7.0
.target sm_90
.address_size 64
.visible .entry k()
{
	ret;
}
// error: 6:1: a second .version directive (the first is at line 3)
// error: 7:1: a second .target directive (the first is at line 4)
// error: 8:1: a second .address_size directive (the first is at line 5)
