# end_label: "@%p1 bra END" where END follows the last instruction of the kernel.
# Loading the module must work (a branch may target the end of its function) and the
# launch must fault at the end of the code; lane 0 is the first lane there.
load ${SCRIPT_DIR}/kernel.ptx
launch end_label 1 8
