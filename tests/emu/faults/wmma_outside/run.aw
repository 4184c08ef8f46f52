# wmma_outside: a wmma.load of a 16 x 16 .f32 matrix starting 512 bytes before the end of shared memory (it spans 1 KiB)
load ${SCRIPT_DIR}/kernel.ptx
alloc p u32 2048
launch k 1 32 p
