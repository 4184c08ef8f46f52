# shared_oob: a shared store past the CTA's shared memory (the 64-byte sbuf is all of it):
# lane 4 stores 4 bytes at shared offset 0x40; pc 4, line 31 of shared_oob.cu.
load ${SCRIPT_DIR}/kernel.ptx
launch shared_oob 1 8
