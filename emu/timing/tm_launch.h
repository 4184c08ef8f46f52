/* emu/timing/tm_launch.h -- the entry of a launch in timing mode (called by aw_launch). */
#ifndef AWEMU_TM_LAUNCH_H
#define AWEMU_TM_LAUNCH_H

#include "../awemu.h"
#include "config.h"
#include "timing.h"

/* Runs the launch on the cycle-level model of 'cfg' (checked), adding its
 * figures to *st (zeroed by the caller).  Results are those of the functional
 * core; AW_FAULT with *f on a fault of the kernel or a launch that cannot be
 * scheduled. */
aw_status tm_launch(aw_device *d, const tm_config *cfg, tm_stats *st, aw_module *m, int kernel, aw_dim3 grid, aw_dim3 block,
                    uint32_t dyn_shared, const void *params, size_t param_bytes, aw_fault *f);

/* The occupancy a launch of m's kernel with 'threads' threads per CTA and
 * dyn_shared bytes would get under cfg (checked), by the rules tm_launch
 * uses (CUDA's occupancy formula over the model's registers per thread and
 * the shared memory the kernel really uses): CTAs per SM (0: it fits no SM),
 * registers per thread, static shared bytes.  0, or -1 out of memory. */
int tm_occupancy_of(aw_device *d, const tm_config *cfg, aw_module *m, int kernel, uint32_t threads, uint32_t dyn_shared,
                    uint32_t *ctas, uint32_t *regs, uint32_t *shared);

/* The device's timing statistics: tm_device_begin adds a zeroed entry for a
 * launch of 'kernel' and returns it (NULL: out of memory); tm_device_end adds
 * the last entry into the totals. */
tm_stats *tm_device_begin(aw_device *d, const char *kernel);
void tm_device_end(aw_device *d);
void tm_device_free(aw_device *d);
/* Makes d's timing_ops the model's (emu/core/emu_int.h): every function that keeps timing state
 * in a device calls it first. */
void tm_device_attach(aw_device *d);
/* timing/tmdev.c: design caba's record of the blocks the kernels wrote,
 * which the host's writes to [addr, addr + n) clear (the host's copies are
 * stored compressed); block_written: 0, or -1 out of memory (the record
 * unchanged) */
void tm_device_host_wrote(aw_device *d, uint64_t addr, uint64_t n);
/* Design caba's record of each block's stored form (emu/timing/tmdev.c, cmem.c): the state of
 * the block of 'unit' bytes at addr, 0 (as the host's copy left it, not looked at), TM_BLOCK_RAW
 * or TM_BLOCK_PACKED (then *enc, *size set); tm_device_block_set records one (-1 out of memory);
 * tm_device_block_algorithm drops the record when the compression subroutines change. */
enum { TM_BLOCK_RAW = 1, TM_BLOCK_PACKED = 2 };
int tm_device_block_get(const aw_device *d, uint64_t addr, uint32_t unit, uint32_t *enc, uint32_t *size);
int tm_device_block_set(aw_device *d, uint64_t addr, uint32_t unit, int state, uint32_t enc, uint32_t size);
void tm_device_block_algorithm(aw_device *d, uint64_t algorithm);
/* ... and per 4 KiB page the initial setup's verdict: 0 (not looked at since the host wrote it),
 * TM_PAGE_PACKED (some block of it compresses) or TM_PAGE_RAW (none does: stored uncompressed). */
enum { TM_PAGE_PACKED = 1, TM_PAGE_RAW = 2 };
#define TM_PAGE_BYTES 4096
int tm_device_page_hint(const aw_device *d, uint64_t addr, uint32_t unit);
int tm_device_page_hint_set(aw_device *d, uint64_t addr, uint32_t unit, int hint);

/* Frees a GPU model kept by a device (d->tm_gpu). */
void tm_gpu_release(void *g);

#endif
