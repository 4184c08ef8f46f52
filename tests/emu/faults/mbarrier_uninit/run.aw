# mbarrier_uninit: an arrival on an mbarrier object no mbarrier.init set up (shared memory starts zeroed here; on a GPU it holds garbage)
load ${SCRIPT_DIR}/kernel.ptx
alloc p u32 64
launch k 1 32 p
