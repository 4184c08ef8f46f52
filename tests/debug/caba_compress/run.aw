# caba_decompress and caba_compress: assist warps triggered by real loads and stores, in the
# debugger: design caba under caba-gtx480 with bdi.s's subroutines, on examples/saxpy (nvcc
# output), n = 64, one block of 64 threads (warps 0 and 1 on SM 0, schedulers 0 and 1).  x[i] = 1
# and y[i] = 2: every 128-byte block (the L2 sector of caba-gtx480) of x and y is BDI's 'repeated'
# (encoding 2), so each load's line arrives at L1 compressed and a high-priority bdi_dec_repeated
# assist warp decompresses it before the load completes; each warp's store writes
# y[i] = 2.5 * 1 + 2 = 4.5 over one whole 128-byte block, which triggers the low-priority
# bdi_compress_128 on that block (while half the table is free, no line waits and the compressibility
# predictor is not waiting for the verdict on an earlier block of the same store).
config caba-gtx480
set design=caba
# the launch waits for compression (by default it ends when its warps and its other assist warps
# are done, and kills the compressions at work: CABA 4.2.3), so that the transcript can step
# through one after both warps have finished
set awc_launch_end=wait
subroutines subroutines/bdi/bdi.s
load examples/saxpy/saxpy.ptx
alloc x f32 64
alloc y f32 64
fill x const 1
fill y const 2
launch saxpy 1 64 u32:64 f32:2.5 x y
expect y value 4.5
