# Per-instruction semantics tests (expected words: ref.c writes the pattern derived here): alloca, stacksave, stackrestore, isspacep, and pmevent,
# griddepcontrol, setmaxnreg, applypriority, discard (tests/emu/insn/stack).  Every expected value is
# derived by hand below from the PTX ISA (kernel.ptx lists the 16 words each thread writes):
#   alloca returns memory aligned as asked (p1 mod 16 = 0, p2 mod 8 = 0), two live allocations do not
#   overlap (1), stackrestore to stacksave's pointer frees what was allocated since, so the next
#   alloca of the same size and alignment returns the same pointer (1; per thread on a GPU, whose
#   stack pointers are per thread and grow down), and the memory keeps what was stored
#   (t; 3 t through the generic address); isspacep: a generic local address is .local and not
#   .global, a generic shared one .shared, a global buffer .global but not .shared::cta, a generic
#   .const address .const: 1 0 1 1 1 0; discard leaves an indeterminate value: awemu keeps the old
#   one (buf[t] = 1000 + t here, awemu's documented choice), applypriority changes nothing; a call
#   whose callee allocas returns with the stack pointer where it was (1).
load ${SCRIPT_DIR}/kernel.ptx
alloc out u32 1024
alloc buf u32 64
fill buf ramp 1000 1
launch stk 1 64 out buf
expect out file ${DATA}/stk.bin
