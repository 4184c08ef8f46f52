/* emu/core/operand.c -- operands: registers, special registers, immediates and symbols as
 * 32 lanes of values, and the destination registers written back in the active lanes.
 *
 * Registers are stored per function activation as nslots x 32 lanes of 64-bit cells; a cell
 * holds its register's value zero-extended from the register's declared width (predicates hold
 * 0 or 1).  Each instruction computes a result for all 32 lanes into a scratch array and
 * writes back only the active lanes, so the loops are simple enough to vectorize.
 */
#include "lanes.h"

uint32_t emu_f32_bits(float f) { uint32_t b; memcpy(&b, &f, 4); return b; }
float emu_bits_f32(uint32_t b) { float f; memcpy(&f, &b, 4); return f; }
uint64_t emu_f64_bits(double f) { uint64_t b; memcpy(&b, &f, 8); return b; }
double emu_bits_f64(uint64_t b) { double f; memcpy(&f, &b, 8); return f; }
uint64_t emu_type_mask(int t) { return t >= 0 && t < ISA_T_COUNT ? wmask(tbits[t]) : 0; }

void emu_sreg(cta *c, warp *w, uint32_t sreg, uint32_t comp, uint64_t *out) {
  uint64_t v = 0;
  switch (sreg) {
  case ISA_SR_TID: memcpy(out, w->tid[comp - 1], WARP * sizeof *out); return;
  case ISA_SR_LANEID: memcpy(out, w->laneid, WARP * sizeof *out); return;
  case ISA_SR_NTID: v = comp == 1 ? c->block.x : comp == 2 ? c->block.y : c->block.z; break;
  case ISA_SR_CTAID: v = comp == 1 ? c->cta.x : comp == 2 ? c->cta.y : c->cta.z; break;
  case ISA_SR_NCTAID: v = comp == 1 ? c->grid.x : comp == 2 ? c->grid.y : c->grid.z; break;
  case ISA_SR_WARPID: v = w->id; break;
  case ISA_SR_NWARPID: v = c->nwarps; break;
  case ISA_SR_SMID: v = c->smid; break;
  case ISA_SR_NSMID: v = c->nsmid ? c->nsmid : 1; break;
  case ISA_SR_GRIDID: v = c->d->launches; break;
  case ISA_SR_CLOCK: v = (uint32_t)w->clock; break;
  case ISA_SR_CLOCK_HI: v = (uint32_t)(w->clock >> 32); break;
  case ISA_SR_CLOCK64: v = w->clock; break;
  case ISA_SR_GLOBALTIMER: v = c->ns_per_clock > 0 ? (uint64_t)((double)w->clock * c->ns_per_clock) : w->clock; break;
  case ISA_SR_DYN_SMEM: v = c->dyn_shared; break;
  case ISA_SR_TOTAL_SMEM: v = c->shared_bytes; break;
  case ISA_SR_LANEMASK_EQ: for (int l = 0; l < WARP; l++) out[l] = 1u << l; return;
  case ISA_SR_LANEMASK_LE: for (int l = 0; l < WARP; l++) out[l] = (uint32_t)((2ull << l) - 1); return;
  case ISA_SR_LANEMASK_LT: for (int l = 0; l < WARP; l++) out[l] = (1u << l) - 1; return;
  case ISA_SR_LANEMASK_GE: for (int l = 0; l < WARP; l++) out[l] = ~((1u << l) - 1) & 0xffffffffu; return;
  case ISA_SR_LANEMASK_GT: for (int l = 0; l < WARP; l++) out[l] = ~(uint32_t)((2ull << l) - 1) & 0xffffffffu; return;
  }
  for (int l = 0; l < WARP; l++) out[l] = v;
}

/* The exported forms of lanes.h's src and writeback (tensor.c and the files off the fast path). */
const uint64_t *emu_src(cta *c, warp *w, const emu_opnd *o, uint64_t *tmp) { return src(c, w, o, tmp); }
void emu_writeback(warp *w, uint32_t slot, const uint64_t *val, uint32_t mask) { writeback(w, slot, val, mask); }
void emu_write(warp *w, const emu_opnd *o, const uint64_t *val, uint32_t mask) { write_dst(w, o, val, mask); }
