# local_oob: a local store past the thread's 16 bytes of local memory: lane 4 stores at
# local address 0x10; pc 4, line 51 of local_oob.cu.
load ${SCRIPT_DIR}/kernel.ptx
launch local_oob 1 8
