# unmapped: a load from address 0x10, where nothing is mapped, by lanes 5-7 (lane 5 is
# reported); pc 5, line 12 of unmapped.cu.
load ${SCRIPT_DIR}/kernel.ptx
alloc out u32 8
launch unmapped 1 8 out
