/* emu/core/fault.c -- faults: where a lane of a warp is (kernel, CTA, warp, lane, function,
 * pc, source line; an assist warp's parent), the launch's first fault recorded with its
 * reason, and the text a fault is written as (aw_fault_format).
 */
#include "core_int.h"

#include <stdarg.h>
#include <string.h>

/* Fills f with where lane 'lane' of warp w (EMU_ANYLANE: its first running lane) is at pc. */
void emu_where(const cta *c, const warp *w, uint32_t pc, uint32_t lane, aw_fault *f) {
  memset(f, 0, sizeof *f);
  const isa_image *img = &c->m->img;
  snprintf(f->kernel, sizeof f->kernel, "%s", isa_str(img, img->funcs[c->kfunc].name));
  f->cta = c->cta;
  f->warp = w ? w->id : 0;
  if (c->line && c->has_parent)
    snprintf(f->parent, sizeof f->parent, "the assist warp of kernel %s, block (%u,%u,%u), warp %u", isa_str(img, img->funcs[c->parent_kfunc].name),
             c->parent_cta.x, c->parent_cta.y, c->parent_cta.z, c->parent_warp);
  else if (c->line) snprintf(f->parent, sizeof f->parent, "an assist warp with no parent warp");   /* (runsub's, a fill's) */
  if (lane == EMU_ANYLANE) {
    uint32_t m = w && w->sp ? w->stack[w->sp - 1].mask & w->alive : 0;
    if (!m && w) m = w->alive;
    lane = m ? (uint32_t)__builtin_ctz(m) : 0;
  }
  f->lane = lane;
  if (pc < c->m->ncode) {
    const emu_insn *in = &c->m->code[pc];
    f->pc = pc - c->m->funcs[in->func].first_pc;
    snprintf(f->function, sizeof f->function, "%s", isa_str(img, img->funcs[in->func].name));
    const isa_line *ln = &img->lines[in->line];
    if (ln->file) snprintf(f->file, sizeof f->file, "%s", isa_str(img, img->files[ln->file - 1]));
    f->line = ln->line;
    f->col = ln->col;
  }
}

void emu_fault(cta *c, warp *w, uint32_t pc, uint32_t lane, int has_addr, uint64_t addr, const char *fmt, ...) {
  if (c->faulted) return;
  c->faulted = 1;
  aw_fault *f = c->fault;
  emu_where(c, w, pc, lane, f);
  f->has_address = has_addr;
  f->address = addr;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(f->what, sizeof f->what, fmt, ap);
  va_end(ap);
  if (c->d->hook) c->d->hook(c->d->hook_ctx, EMU_EV_FAULT, c, w, pc);
}

void aw_fault_format(const aw_fault *f, char *buf, size_t cap) {
  if (f->placeless) {
    if (f->kernel[0]) snprintf(buf, cap, "fault in kernel %s: %s", f->kernel, f->what);
    else snprintf(buf, cap, "%s", f->what);
    return;
  }
  int n = f->parent[0] ? snprintf(buf, cap, "fault in subroutine %s (%s), lane %u, %s pc %u", f->kernel, f->parent, f->lane, f->function, f->pc)
                       : snprintf(buf, cap, "fault in kernel %s, CTA (%u,%u,%u), warp %u, lane %u, %s pc %u",
                                  f->kernel, f->cta.x, f->cta.y, f->cta.z, f->warp, f->lane, f->function, f->pc);
  if (n < 0 || (size_t)n >= cap) return;
  if (f->file[0]) n += snprintf(buf + n, cap - (size_t)n, " (%s:%u)", f->file, f->line);
  if (n < 0 || (size_t)n >= cap) return;
  n += snprintf(buf + n, cap - (size_t)n, ": %s", f->what);
  if (n >= 0 && (size_t)n < cap && f->has_address) snprintf(buf + n, cap - (size_t)n, ", address 0x%llx", (unsigned long long)f->address);
}
