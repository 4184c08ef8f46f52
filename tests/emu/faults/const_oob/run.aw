# const_oob: a constant load past the module's 16 bytes of constant memory: lane 4 loads
# at constant address 0x10 (tbl is at 0); pc 5, line 9 of const_oob.cu.
load ${SCRIPT_DIR}/kernel.ptx
alloc out u32 8
launch const_oob 1 8 out
