# sreg16: mov.u16 and cvt of special registers (kernel.ptx says what each word
# holds).  70001 blocks of one thread, so %ctaid.x passes 2^15 and 2^16.
# Expected values by hand: block 40000 = 0x9c40 (bit 15 set: as .s16,
# 40000 - 65536 = -25536); block 70000 = 65536 + 4464, low 16 bits 4464.
load ${SCRIPT_DIR}/kernel.ptx
alloc out s32 350005
launch sreg16 70001 1 out
# block 0
expect out at 0 0
expect out at 1 0
expect out at 2 0
expect out at 3 0
expect out at 4 1
# block 40000: words 200000..200004
expect out at 200000 40000
expect out at 200001 40000
expect out at 200002 -25536
expect out at 200003 0
expect out at 200004 1
# block 70000: words 350000..350004
expect out at 350000 4464
expect out at 350001 4464
expect out at 350002 4464
expect out at 350003 0
expect out at 350004 1
