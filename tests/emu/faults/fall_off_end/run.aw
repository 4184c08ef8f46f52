# fall_off_end: the kernel runs off its end; next_function follows it in the module and
# must not be executed.  Every lane is active; lane 0 is reported.
load ${SCRIPT_DIR}/kernel.ptx
alloc out u32 1
launch fall_off_end 1 8 out
