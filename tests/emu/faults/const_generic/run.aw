# const_generic: a generic load from a cvta.const address reads the constant (no fault).
load ${SCRIPT_DIR}/kernel.ptx
alloc out u32 4
launch const_generic 1 4 out
expect out at 0 11
expect out at 1 22
expect out at 2 33
expect out at 3 44
