# stackrestore_bad: stackrestore to a pointer above the stack (not one stacksave returned)
load ${SCRIPT_DIR}/kernel.ptx
alloc p u32 2048
launch k 1 32 p
