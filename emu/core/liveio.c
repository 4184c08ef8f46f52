/* emu/core/liveio.c -- what passes between an assist warp and its parent warp (core.h): a
 * 'pc' trigger's live-ins and its parent's active lanes at the start, the live-outs at its
 * exit (the lanes its .skipif predicate picks going on at the skip label), and a
 * subroutine's kept registers (.keep), which stay with the parent from one run to the next.
 */
#include "lanes.h"

#include <stdlib.h>

void emu_assist_livein(cta *ac, const warp *pw, const emu_pc_bind *b) {
  warp *aw = &ac->warps[0];
  uint32_t mask = pw->sp ? pw->stack[pw->sp - 1].mask & pw->alive : 0;
  uint32_t active = ac->m->img.subrs[b->subr].active;
  if (active) mask &= active;   /* .active: of the parent's lanes, those */
  aw->alive = mask;
  for (uint32_t i = 0; i < aw->sp; i++) aw->stack[i].mask &= mask;
  const uint64_t *from = pw->frames[pw->nframes - 1].regs;
  uint64_t *to = aw->frames[0].regs;
  for (uint32_t i = 0; i < b->nin; i++) memcpy(&to[(size_t)b->sub_in[i] * WARP], &from[(size_t)b->parent_in[i] * WARP], WARP * sizeof *to);
  aw->start_mask = mask;   /* the live-outs go back to these lanes */
}

/* Lanes 'hit' of warp w, at pc (a 'skip' trigger's), go on at skip_pc and the
 * others at pc; they reconverge at skip_pc (the loader checked that every path
 * from pc passes it), as if '@hit bra skip_pc' stood at pc.  -1 on a fault. */
static int skip_lanes(cta *c, warp *w, uint32_t hit, uint32_t skip_pc) {
  simt_entry *e = &w->stack[w->sp - 1];
  uint32_t pc = e->pc, nt = e->mask & ~hit;
  if (!(hit &= e->mask)) return 0;
  if (!nt) { e->pc = skip_pc; return 0; }
  if (skip_pc == e->rpc) { e->mask = nt; return 0; }   /* the hit lanes wait in the entry below */
  e->pc = skip_pc;
  return emu_push(c, w, pc, pc, skip_pc, nt, 0);
}

uint32_t emu_assist_skips(const cta *ac, const emu_pc_bind *b) {
  const warp *aw = &ac->warps[0];
  if (aw->killed || !b->skipif) return 0;
  return aw->start_mask & pred_mask(&aw->frames[0].regs[(size_t)(b->skipif - 1) * WARP], 0);
}

int emu_assist_liveout(const cta *ac, cta *pc, warp *pw, const emu_pc_bind *b) {
  const warp *aw = &ac->warps[0];
  if (aw->killed) return 1;
  const uint64_t *from = aw->frames[0].regs;
  uint64_t *to = pw->frames[pw->nframes - 1].regs;
  uint32_t lanes = b->skipif ? emu_assist_skips(ac, b) : aw->start_mask;   /* .skipif: those lanes only */
  for (uint32_t i = 0; i < b->nout; i++)
    for (int l = 0; l < WARP; l++)
      if (lanes >> l & 1) to[(size_t)b->parent_out[i] * WARP + l] = from[(size_t)b->sub_out[i] * WARP + l];
  if (b->skipif && skip_lanes(pc, pw, lanes, b->skip_pc)) return -1;
  return 0;
}

int emu_assist_keep_load(cta *ac, warp *pw, uint32_t sr) {
  const aw_module *m = ac->m;
  const isa_subr *s = &m->img.subrs[sr];
  if (!s->nkeep) return 0;
  if (!pw->keep && !(pw->keep = calloc((size_t)m->nkeep * WARP, sizeof *pw->keep))) return -1;
  uint64_t *to = ac->warps[0].frames[0].regs;
  for (uint32_t k = 0; k < s->nkeep; k++)
    memcpy(&to[(size_t)m->img.pool[s->keep_off + k] * WARP], &pw->keep[(size_t)(m->keep_base[sr] + k) * WARP], WARP * sizeof *to);
  return 0;
}

void emu_assist_keep_save(const cta *ac, warp *pw, uint32_t sr) {
  const aw_module *m = ac->m;
  const isa_subr *s = &m->img.subrs[sr];
  if (!s->nkeep || !pw->keep) return;
  const uint64_t *from = ac->warps[0].frames[0].regs;
  for (uint32_t k = 0; k < s->nkeep; k++)
    memcpy(&pw->keep[(size_t)(m->keep_base[sr] + k) * WARP], &from[(size_t)m->img.pool[s->keep_off + k] * WARP], WARP * sizeof *from);
}
