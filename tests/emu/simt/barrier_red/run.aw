# barrier_red: bar.red and barrier.red (kernel.ptx says what each kernel checks, with the values by
# hand; ref.c writes every thread's).  Before, the PTX did not assemble: "unknown suffix '.popc' on
# 'bar'" (nvcc's __syncthreads_count, _and, _or).
load ${SCRIPT_DIR}/kernel.ptx
alloc out u32 1536
launch red3 2 96 out
expect out file ${DATA}/red3.bin
# CTA 0, thread 0: 32, 0, 1, 64, 1, 96, 0, 0; CTA 1, thread 95: 5, 0, 1, 91, 1, 96, 0, 0
expect out at 0 32
expect out at 1 0
expect out at 2 1
expect out at 3 64
expect out at 4 1
expect out at 5 96
expect out at 6 0
expect out at 7 0
expect out at 1528 5
expect out at 1529 0
expect out at 1530 1
expect out at 1531 91
expect out at 1532 1
expect out at 1533 96
alloc part u32 96
launch partial 1 96 part
expect part file ${DATA}/partial.bin
expect part at 0 32
expect part at 63 32
expect part at 64 16
expect part at 95 16
alloc ex80 u32 384
launch exited 1 96 ex80 u32:80
expect ex80 file ${DATA}/exited80.bin
expect ex80 at 316 80
expect ex80 at 317 40
expect ex80 at 318 1
expect ex80 at 319 1
expect ex80 at 320 0
alloc ex40 u32 384
launch exited 1 96 ex40 u32:40
expect ex40 file ${DATA}/exited40.bin
expect ex40 at 0 40
expect ex40 at 1 0
expect ex40 at 2 1
expect ex40 at 3 0
expect ex40 at 160 0
alloc ex50 u32 384
launch exited 1 50 ex50 u32:999
expect ex50 file ${DATA}/exited50.bin
expect ex50 at 196 50
expect ex50 at 197 10
expect ex50 at 198 1
expect ex50 at 199 1
expect ex50 at 200 0
