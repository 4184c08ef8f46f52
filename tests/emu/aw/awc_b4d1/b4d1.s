// BDI's b4d1 decoder (CABA Algorithm 1) with the assist-warp controller's hardware
// doing the rest (CABA 4.4, 5.1.2, 5.1.3): the per-lane addresses come from .lanes,
// the lanes that add the base from the line's mask (.lanemask), the end from .autoend.
// A 128-byte line of 32 4-byte elements: base at byte 0, delta i (1 byte, signed) at
// 4 + i, the mask at 36 (bit i: element i adds the base).  Four instructions.
.subroutine b4d1_hw
.priority high
.trigger decompress 6 line 128
.lanes %d, 1, 4                 // lane i: its delta's byte, 4 + i
.lanes %a, 4                    // lane i: its element's byte in .lout, 4i
.lanemask %use, 36              // lane i: bit i of the mask
.autoend
{
	.reg .b32 %d, %a, %base, %x;
	.reg .pred %use;
	ld.lin.u32 	%base, [0];
	ld.lin.s8 	%x, [%d];
	@%use add.u32 	%x, %x, %base;
	st.lout.u32 	[%a], %x;
}

// .active 0xffff: the warp starts with lanes 0..15; each writes its lane number + 1000
// to word i of .lout, and ends with exit.
.subroutine half
.trigger explicit
.active 0xffff
.lanes %a, 4
.lanes %v, 1, 1000
{
	.reg .b32 %a, %v;
	st.lout.u32 	[%a], %v;
	exit;
}
