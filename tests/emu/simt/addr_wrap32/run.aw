# addr_wrap32: 32-bit shared and local addresses wrap at 2^32 (PTX ISA: the address is computed
# in the register's width; nvcc relies on it).  Expected, by hand: sh[tid] = 3 * tid, read through
# a base 64 bytes below it; loc[1] = tid, written through a base 1000 bytes below loc; so
# out[tid] = 3 * tid + tid = 4 * tid.  Before the wrap, thread 0's load faulted at 0x100000000.
load ${SCRIPT_DIR}/kernel.ptx
alloc out u32 32
launch wrap 1 32 out
expect out at 0 0
expect out at 1 4
expect out at 15 60
expect out at 16 64
expect out at 31 124
