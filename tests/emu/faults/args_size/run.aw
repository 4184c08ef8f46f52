# args_size: the launch passes a u64 for the kernel's .u32 parameter n: a script error.
load ${SCRIPT_DIR}/kernel.ptx
alloc out u32 1
launch args 1 1 out u64:5
