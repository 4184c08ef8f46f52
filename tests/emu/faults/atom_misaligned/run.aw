# atom_misaligned: a 4-byte atomic at 0x200000002 ('a' is at 0x200000000) by lane 1; pc 4,
# line 31 of atom_misaligned.cu.  (The buffer is allocated before the module is loaded, so
# that it is at the first device address, 0x200000000.)
alloc a u32 64
load ${SCRIPT_DIR}/kernel.ptx
launch atom_misaligned 1 8 a
