# mbarrier_overarrive: lanes 0 and 1 arrive twice each on a barrier expecting 5: lane 2's arrival of count 2 meets 1 pending
load ${SCRIPT_DIR}/kernel.ptx
alloc p u32 64
launch k 1 32 p
