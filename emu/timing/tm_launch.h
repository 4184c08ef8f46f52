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
/* Frees a GPU model kept by a device (d->tm_gpu). */
void tm_gpu_release(void *g);

#endif
