// .lmeta is writable below byte 8 only (bytes 8 and up: line size, MAG, line address):
// a store at a constant address that reaches byte 8 is refused (it faulted when run).
// Bytes 0-7 (encoding, size) are fine; a register address is checked when it runs.
.version 8.0
.target sm_80
.address_size 64
.subroutine meta
.trigger compress
{
	.reg .b32 %a, %x;
	st.lmeta.u32 	[0], 1;
	st.lmeta.u32 	[4], 0;
	st.lmeta.v2.u32 	[0], {%x, %x};
	st.lmeta.u32 	[%a], %x;
	st.lmeta.u32 	[8], %x;
	st.lmeta.v2.u32 	[4], {%x, %x};
	st.lmeta.u8 	[7], 1;
	st.lmeta.u16 	[7], 1;
	exit;
}
// error: 15:2: bytes 8 and up of '.lmeta' are read-only (line size, MAG, line address): this stores bytes 8 to 11
// error: 16:2: bytes 8 and up of '.lmeta' are read-only (line size, MAG, line address): this stores bytes 4 to 11
// error: 18:2: bytes 8 and up of '.lmeta' are read-only (line size, MAG, line address): this stores bytes 7 to 8
