// examples/tutorial/prefetch_y.s -- the README tutorial's own subroutine: when a warp of saxpy
// (examples/saxpy, nvcc's PTX, unmodified) reaches its load of x, an assist warp prefetches
// into L1 the line of y that the warp loads two instructions later.
//
// At saxpy+14 (ld.global.f32 %f2, [%rd6]: bin/awasm -l examples/saxpy/saxpy.ptx) the kernel
// holds y's global address in %rd3 and each thread's byte offset, 4 * i, in %rd5; they are
// copied into the live-ins %y and %off.  Low priority: it issues only in cycles the warps
// leave idle, and the warp does not wait for it (so it has no live-outs).
.subroutine prefetch_y
.priority low
.trigger pc saxpy, saxpy+14 (%rd3, %rd5)
.livein %y, %off
{
	.reg .u64 %y, %off, %p;

	add.u64 	%p, %y, %off;              // this thread's y[i]
	prefetch.global.L1 	[%p];              // its line into L1
	exit;
}
