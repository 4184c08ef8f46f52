# args_count: the launch line gives one argument to a kernel of two: a script error,
# reported before anything runs.
load ${SCRIPT_DIR}/kernel.ptx
alloc out u32 1
launch args 1 1 out
