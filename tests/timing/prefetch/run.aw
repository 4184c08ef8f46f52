# tests/timing/prefetch/run.aw -- the kernel of stride.ptx on a zeroed 16 KiB buffer, one thread.
load ${SCRIPT_DIR}/stride.ptx
alloc buf u32 4096
fill buf const 0
launch sp 1 1 buf
