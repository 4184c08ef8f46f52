// wait_group takes an immediate
.version 8.0
.target sm_80
.address_size 64
.visible .entry k()
{
	.shared .align 16 .b8 sh[64];
	.reg .b32 %r<4>;
	.reg .b64 %rd<4>;
	.reg .pred %p<2>;
	cp.async.wait_group %r1;
	ret;
}
// error: 11:22: cp.async.wait_group takes a group count (an immediate, 0 or more)
