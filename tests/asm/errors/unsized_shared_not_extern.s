// an unsized .shared array that is not .extern
.version 8.0
.target sm_80
.address_size 64
.shared .u32 s[];
.visible .entry k()
{
	ret;
}
// error: 5:14: only .extern .shared arrays may be unsized
