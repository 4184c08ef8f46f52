# tests/debug/printf: device printf under the debugger -- examples/printf's kernel, 8 threads
load examples/printf/printf.ptx
alloc name u8 8
fill name hex 6177656d7500
alloc v s32 8
fill v ramp -50 7
alloc x f64 8
fill x ramp -1.5 0.25
launch hello 1 8 name v x u32:8
