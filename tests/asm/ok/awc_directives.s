// The assist-warp controller's directives (isa/ISA.md, "Assist-warp extensions"): .lanes,
// .lanemask, .autoend, .active and .lastenc, written in an order other than the one awdis
// writes them in, with the forms that say the same thing (an offset of 0 given or not, a
// mask in decimal), beside .livein, .liveout, .keep and a 'pc' trigger: assemble,
// disassemble and assemble again gives the same image (tests/run.sh, "sources").
.version 8.0
.target sm_80
.address_size 64
.visible .entry k(.param .u64 k_param_0)
{
	.reg .b32 %r<4>;
	.reg .b64 %rd<3>;
	ld.param.u64 	%rd1, [k_param_0];
	mov.u32 	%r1, %tid.x;
	mov.u32 	%r2, 7;
L_sub:
	mul.wide.u32 	%rd2, %r1, 4;
	add.s64 	%rd1, %rd1, %rd2;
	st.global.u32 	[%rd1], %r2;
	ret;
}
// a 'pc' subroutine: the parent's lanes 0..15, a lane index from the controller, a kept
// register, and a .lanemask that reads nothing (.lin is empty)
.subroutine at_pc
.autoend
.active 65535
.lanemask %none, 0
.trigger pc k, L_sub (%r1, %r2)
.lanes %k, 3, 100
.livein %x
.keep %total
.liveout %y
{
	.reg .b32 %x, %y, %k, %total;
	.reg .pred %none;
	add.u32 	%y, %x, %k;
	add.u32 	%total, %total, %y;
}
// BDI's b4d1 decoder of 128-byte lines in four instructions
.subroutine b4d1
.priority high
.trigger decompress 6 line 128
.lanemask %use, 36
.lanes %d, 1, 4
.lanes %a, 4, 0
.autoend
{
	.reg .b32 %d, %a, %base, %x;
	.reg .pred %use;
	ld.lin.u32 	%base, [0];
	ld.lin.s8 	%x, [%d];
	@%use add.u32 	%x, %x, %base;
	st.lout.u32 	[%a], %x;
}
// a compressor that tries the encoding the last line of its trigger got first: 64-bit
// addresses, the largest scale and offset, two masks, and an exit of its own
.subroutine comp
.lastenc %last
.trigger compress line 128
.active 0xffffffff
.lanes %a64, 4096, 65535
.lanemask %m0, 0
.lanemask %m1, 4092
.priority low
{
	.reg .b32 %last;
	.reg .u64 %a64;
	.reg .pred %m0, %m1;
	st.lmeta.u32 	[0], %last;
	exit;
}
