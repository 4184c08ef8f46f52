# trigger_no_kernel: a pc trigger naming a kernel the module lacks is an error at load
load ${SCRIPT_DIR}/sub.s
