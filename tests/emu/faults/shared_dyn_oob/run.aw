# shared_dyn_oob: a load past the dynamic shared memory of the launch (shared=32, no static
# shared): lane 4 loads at offset 0x20; pc 5, line 41 of shared_dyn_oob.cu.
load ${SCRIPT_DIR}/kernel.ptx
alloc out u32 8
launch shared_dyn_oob 1 8 shared=32 out
