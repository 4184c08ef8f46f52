# mbarrier_global_generic: mbarrier.init through a generic address of global memory
load ${SCRIPT_DIR}/kernel.ptx
alloc p u32 64
launch k 1 32 p
