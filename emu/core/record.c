/* emu/core/record.c -- launches recorded for replay on a real GPU (aw_set_record).
 *
 * The record directory holds each module's source as module-K.ptx and one
 * directory per launch, NNNN/ (from 0000):
 *   launch      text, a line each: 'module module-K.ptx', 'kernel NAME',
 *               'grid X Y Z', 'block X Y Z', 'shared BYTES' (dynamic),
 *               'param OFFSET SIZE HEX' (each parameter, its bytes in
 *               memory order), 'alloc ADDR BYTES' (each allocation, in the
 *               order of the snapshots), 'symbol NAME ADDR BYTES' (each
 *               module-scope .global or .const variable, which a GPU keeps
 *               in its own module; its bytes are in its allocation's)
 *   before.bin  every allocation's bytes before the launch, one after another
 *   after.bin   the same after it, when it ended without a fault
 *   fault       instead of after.bin, when it faulted
 * tests/gpu/replay.c reads it: it runs each launch on a GPU from before.bin
 * and compares what the GPU leaves with after.bin.  Recording changes
 * nothing a launch computes; it costs one test per launch when off.
 */
#include "emu_int.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <dirent.h>
#include <unistd.h>

static void record_fail(aw_device *d, const char *what, const char *path) {
  fprintf(stderr, "awemu: recording stopped: %s %s: %s\n", what, path, strerror(errno));
  free(d->record_dir);
  d->record_dir = NULL;
}

/* Closes f, a file made here (fopen "wx", so never one of the user's), after 'bad' (a write
 * failed) or when its close fails: then the partial file is removed.  fclose is called once
 * whatever happens (a second fclose after a failed one was a double free).  0, or -1. */
static int close_made(FILE *f, const char *path, int bad) {
  int e = 0;
  if (bad) e = errno;
  if (fclose(f) != 0 && !bad) { bad = 1; e = errno; }
  if (!bad) return 0;
  unlink(path);
  errno = e;
  return -1;
}

int aw_set_record(aw_device *d, const char *dir) {
  free(d->record_dir);
  d->record_dir = NULL;
  if (!dir) return 0;
  /* a directory of its own: made here, or empty, so nothing the user had is overwritten */
  if (mkdir(dir, 0777) && errno != EEXIST) return -1;
  DIR *dd = opendir(dir);
  if (!dd) return -1;
  struct dirent *e;
  int empty = 1;
  while ((e = readdir(dd))) if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..")) empty = 0;
  closedir(dd);
  if (!empty) { errno = ENOTEMPTY; return -1; }
  if (!(d->record_dir = strdup(dir))) return -1;
  d->record_launches = d->record_modules = 0;
  return 0;
}

void emu_record_module(aw_device *d, aw_module *m, const char *text, size_t len) {
  if (!d->record_dir || (len >= 8 && !memcmp(text, ISA_IMAGE_MAGIC, 8))) return;
  char path[4096];
  snprintf(path, sizeof path, "%s/module-%u.ptx", d->record_dir, d->record_modules);
  FILE *f = fopen(path, "wx");
  if (!f || close_made(f, path, fwrite(text, 1, len, f) != len)) { record_fail(d, "cannot write", path); return; }
  m->record_id = (int)d->record_modules++;
}

/* Every allocation's bytes, one after another, into DIR/NNNN/name. */
static int write_snapshot(aw_device *d, const char *name) {
  char path[4096];
  snprintf(path, sizeof path, "%s/%04u/%s", d->record_dir, d->record_launches, name);
  FILE *f = fopen(path, "wx");
  int bad = !f;
  for (uint32_t i = 0; i < d->nallocs && !bad; i++)
    bad = fwrite(d->allocs[i].data, 1, d->allocs[i].size, f) != d->allocs[i].size;
  if (f) bad = close_made(f, path, bad) != 0;
  if (bad) record_fail(d, "cannot write", path);
  return bad ? -1 : 0;
}

void emu_record_begin(aw_device *d, const aw_module *m, int kernel, aw_dim3 grid, aw_dim3 block,
                      uint32_t dyn_shared, const void *params, size_t param_bytes) {
  if (!d->record_dir) return;
  char path[4096];
  snprintf(path, sizeof path, "%s/%04u", d->record_dir, d->record_launches);
  if (mkdir(path, 0777)) { record_fail(d, "cannot make", path); return; }
  snprintf(path, sizeof path, "%s/%04u/launch", d->record_dir, d->record_launches);
  FILE *f = fopen(path, "wx");
  if (!f) { record_fail(d, "cannot write", path); return; }
  const isa_image *img = &m->img;
  if (m->record_id >= 0) fprintf(f, "module module-%d.ptx\n", m->record_id);
  else fprintf(f, "module -\n");   /* loaded from an image: no source to replay */
  fprintf(f, "kernel %s\ngrid %u %u %u\nblock %u %u %u\nshared %u\n", isa_str(img, img->funcs[m->kernels[kernel]].name),
          grid.x, grid.y, grid.z, block.x, block.y, block.z, dyn_shared);
  uint32_t n = 0, sizes[256], offs[256];
  aw_kernel_params(m, kernel, &n, sizes, offs, 256);
  const uint8_t *p = params;
  for (uint32_t k = 0; k < n && k < 256; k++) {
    fprintf(f, "param %u %u ", offs[k], sizes[k]);
    for (uint32_t b = 0; b < sizes[k] && offs[k] + b < param_bytes; b++) fprintf(f, "%02x", p[offs[k] + b]);
    fputc('\n', f);
  }
  for (uint32_t i = 0; i < d->nallocs; i++)
    fprintf(f, "alloc 0x%llx %llu\n", (unsigned long long)d->allocs[i].addr, (unsigned long long)d->allocs[i].size);
  for (uint32_t i = 0; i < img->nvars; i++) {
    const isa_var *v = &img->vars[i];
    uint64_t addr, bytes;
    if (v->owner || (v->space != ISA_SP_GLOBAL && v->space != ISA_SP_CONST)) continue;
    if (!aw_module_symbol(m, isa_str(img, v->name), &addr, &bytes))
      fprintf(f, "symbol %s 0x%llx %llu\n", isa_str(img, v->name), (unsigned long long)addr, (unsigned long long)bytes);
  }
  if (close_made(f, path, ferror(f) != 0)) { record_fail(d, "cannot write", path); return; }
  write_snapshot(d, "before.bin");
}

void emu_record_end(aw_device *d, int rc) {
  if (!d->record_dir) return;
  if (rc) {
    char path[4096];
    snprintf(path, sizeof path, "%s/%04u/fault", d->record_dir, d->record_launches);
    FILE *f = fopen(path, "wx");
    if (!f || close_made(f, path, 0)) { record_fail(d, "cannot write", path); return; }
  } else if (write_snapshot(d, "after.bin")) return;
  d->record_launches++;
}
