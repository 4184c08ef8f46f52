/* emu/core/texture.c -- texture objects and the 'tex' instruction (X_MEM's, dispatched by
 * emu_exec_mem).
 *
 * Owns: a device's texture objects (aw_texture_create, aw_texture_destroy: a sampler over
 * texels in device memory, named by a handle counted up from 1 and never reused, as the
 * runtime's cudaTextureObject_t), and the fetch: addressing, filtering and conversion as the
 * CUDA C++ Programming Guide's appendix "Texture Fetching" defines them (isa/ISA.md, section 7,
 * "Textures").  A fetch outside the texture follows its address mode and never faults; a
 * handle that names no texture object faults, naming kernel, CTA, warp, lane and pc.
 * Timing mode sees a fetch as a global load of the texels it reads (the first of each lane's;
 * no texture cache is modelled).
 */
#include "lanes.h"

#include <stdlib.h>

/* ---- the device's texture objects ---- */

static unsigned texel_bytes(const aw_texture *t) { return (unsigned)t->channels * t->bits / 8; }

uint64_t aw_texture_create(aw_device *d, const aw_texture *t) {
  if (!d || !t || !t->width || !t->height) return 0;
  if (t->channels != 1 && t->channels != 2 && t->channels != 4) return 0;
  if (t->kind == AW_TEX_FLOAT ? t->bits != 16 && t->bits != 32 : t->kind > AW_TEX_FLOAT || (t->bits != 8 && t->bits != 16 && t->bits != 32)) return 0;
  if (t->filter > AW_TEX_LINEAR || t->address[0] > AW_TEX_BORDER || t->address[1] > AW_TEX_BORDER) return 0;
  if (t->read_normalized && (t->kind == AW_TEX_FLOAT || t->bits == 32)) return 0;
  uint64_t row = (uint64_t)t->width * texel_bytes(t);
  if (t->pitch < row || (t->height > 1 && t->pitch > (UINT64_MAX - row) / (t->height - 1))) return 0;
  if (!emu_find_alloc(d, t->addr, t->pitch * (t->height - 1) + row)) return 0;   /* its texels: device memory */
  aw_texture *l = realloc(d->textures, (d->ntextures + 1) * sizeof *l);
  if (!l) return 0;
  d->textures = l;
  uint64_t *h = realloc(d->texture_handles, (d->ntextures + 1) * sizeof *h);
  if (!h) return 0;
  d->texture_handles = h;
  d->textures[d->ntextures] = *t;
  d->texture_handles[d->ntextures] = ++d->last_texture;
  return d->texture_handles[d->ntextures++];
}

aw_status aw_texture_destroy(aw_device *d, uint64_t handle) {
  for (uint32_t i = 0; d && i < d->ntextures; i++)
    if (d->texture_handles[i] == handle) {
      d->ntextures--;
      d->textures[i] = d->textures[d->ntextures];
      d->texture_handles[i] = d->texture_handles[d->ntextures];
      return AW_OK;
    }
  return AW_ERR_ARG;
}

static const aw_texture *texture_of(const aw_device *d, uint64_t handle) {
  for (uint32_t i = 0; i < d->ntextures; i++) if (d->texture_handles[i] == handle) return &d->textures[i];
  return NULL;
}

/* ---- the fetch ---- */

/* Texel index i of a dimension of n texels, by address mode 'mode': -1 outside it under
 * border (the border colour), else the texel read. */
static int64_t address(int64_t i, uint32_t n, int mode) {
  if (i >= 0 && i < (int64_t)n) return i;
  switch (mode) {
  case AW_TEX_WRAP: return (i % n + n) % n;
  case AW_TEX_MIRROR: {   /* the texture, then its mirror image, repeated: ... 1 0 | 0 1 ... n-1 | n-1 ... 0 | 0 ... */
    int64_t m = (i % (2 * (int64_t)n) + 2 * (int64_t)n) % (2 * (int64_t)n);
    return m < n ? m : 2 * (int64_t)n - 1 - m;
  }
  case AW_TEX_BORDER: return -1;
  default: return i < 0 ? 0 : (int64_t)n - 1;   /* clamp */
  }
}

/* floor(x) as an index: NaN reads as 0, and an index far outside any texture is kept far. */
static int64_t floor_index(float x) {
  if (x != x) return 0;
  if (x < -1e9f) return -1000000000;
  if (x > 1e9f) return 1000000000;
  return (int64_t)floorf(x);
}

/* Texel (i, j)'s four channels (a missing channel reads 0): as floats for a float texture or a
 * normalized read of an integer one, else the integers' bits.  The border colour where the
 * address mode gives no texel. */
typedef struct { const aw_texture *t; const uint8_t *base; int as_float; } fetch;

static void texel(const fetch *f, int64_t i, int64_t j, uint32_t out[4]) {
  const aw_texture *t = f->t;
  int64_t x = address(i, t->width, t->address[0]), y = address(j, t->height, t->height > 1 ? t->address[1] : AW_TEX_CLAMP);
  if (x < 0 || y < 0) {
    memcpy(out, t->border, 4 * sizeof *out);   /* (an integer texture's border colour: the floats' bits, as CUDA documents) */
    return;
  }
  const uint8_t *p = f->base + (uint64_t)y * t->pitch + (uint64_t)x * texel_bytes(t);
  unsigned cb = t->bits / 8;
  for (int k = 0; k < 4; k++) {
    if (k >= t->channels) { out[k] = 0; continue; }
    uint64_t v = load_value(p + (unsigned)k * cb, cb);
    if (t->kind == AW_TEX_FLOAT) {
      float fv;
      if (t->bits == 16) fv = (float)emu_half_value((uint32_t)v, 0);
      else { uint32_t b = (uint32_t)v; memcpy(&fv, &b, 4); }
      memcpy(&out[k], &fv, 4);
    } else if (t->read_normalized) {   /* cudaReadModeNormalizedFloat: [0, 1], or [-1, 1] for signed */
      float fv = t->kind == AW_TEX_SIGNED ? fmaxf((float)sext_w(v, t->bits) / (float)((1u << (t->bits - 1)) - 1), -1.0f)
                                          : (float)v / (float)((1u << t->bits) - 1);
      memcpy(&out[k], &fv, 4);
    } else out[k] = (uint32_t)(t->kind == AW_TEX_SIGNED ? (uint64_t)sext_w(v, t->bits) : v);
  }
}

static float as_f(uint32_t b) { float f; memcpy(&f, &b, 4); return f; }

/* One lane's fetch at (x, y) (y 0 in 1D; integer coordinates when ints): its four channels,
 * and *first, the offset of the first texel it reads (-1: none, all border). */
static void sample(const fetch *f, int dims, int ints, uint32_t xb, uint32_t yb, uint32_t out[4], int64_t *first) {
  const aw_texture *t = f->t;
  float u = 0, v = 0;
  int64_t i, j;
  if (ints) { i = (int32_t)xb; j = dims > 1 ? (int32_t)yb : 0; }
  else {
    u = as_f(xb); v = dims > 1 ? as_f(yb) : 0.5f;
    if (t->normalized_coords) { u *= (float)t->width; if (dims > 1) v *= (float)t->height; }
    i = floor_index(u); j = dims > 1 ? floor_index(v) : 0;
  }
  int linear = !ints && t->filter == AW_TEX_LINEAR && f->as_float;
  if (linear) {   /* the four texels around (u - 0.5, v - 0.5), weighted by 1.8 fixed-point fractions */
    float ub = u - 0.5f, vb = v - 0.5f;
    i = floor_index(ub); j = dims > 1 ? floor_index(vb) : 0;
    float a = ub == ub ? rintf((ub - floorf(ub)) * 256.0f) / 256.0f : 0, b = dims > 1 && vb == vb ? rintf((vb - floorf(vb)) * 256.0f) / 256.0f : 0;
    uint32_t t00[4], t10[4], t01[4], t11[4];
    texel(f, i, j, t00);
    texel(f, i + 1, j, t10);
    if (dims > 1) { texel(f, i, j + 1, t01); texel(f, i + 1, j + 1, t11); }
    for (int k = 0; k < 4; k++) {
      float r = (1 - a) * as_f(t00[k]) + a * as_f(t10[k]);
      if (dims > 1) r = (1 - a) * (1 - b) * as_f(t00[k]) + a * (1 - b) * as_f(t10[k]) + (1 - a) * b * as_f(t01[k]) + a * b * as_f(t11[k]);
      memcpy(&out[k], &r, 4);
    }
  } else texel(f, i, j, out);
  int64_t x = address(i, t->width, t->address[0]), y = address(j, t->height, t->height > 1 ? t->address[1] : AW_TEX_CLAMP);
  *first = x < 0 || y < 0 ? -1 : y * (int64_t)t->pitch + x * (int64_t)texel_bytes(t);
}

/* tex: d = the four channels of texture object a at coordinates b, addressed and filtered as its sampler says */
int emu_exec_tex(cta *c, warp *w, uint32_t pc, const emu_insn *in, uint32_t active) {
  const emu_opnd *el = &c->m->elems[in->o[1].elem_first];
  int dims = ISA_GEOM_DIMS(in->sub), ints = in->t1 == ISA_T_S32;
  uint64_t th[WARP], tx[WARP], ty[WARP];
  const uint64_t *h = src(c, w, &el[0], th), *x = src(c, w, &el[1], tx), *y = dims > 1 ? src(c, w, &el[2], ty) : tx;
  uint64_t out[4][WARP], addr[WARP];
  fetch f = { NULL, NULL, 0 };
  uint64_t fh = 0;
  for (int l = 0; l < WARP; l++) {
    addr[l] = 0;
    if (!(active >> l & 1)) continue;
    if (!f.t || h[l] != fh) {
      fh = h[l];
      f.t = texture_of(c->d, fh);
      if (!f.t) {
        emu_fault(c, w, pc, (uint32_t)l, 0, 0, "tex: 0x%llx is not a texture object (never created, or destroyed)", (unsigned long long)fh);
        return -1;
      }
      const aw_texture *t = f.t;
      const emu_alloc *a = emu_find_alloc(c->d, t->addr, t->pitch * (t->height - 1) + (uint64_t)t->width * texel_bytes(t));
      if (!a) {
        emu_fault(c, w, pc, (uint32_t)l, 1, t->addr, "tex: texture object 0x%llx reads memory that is no longer allocated", (unsigned long long)fh);
        return -1;
      }
      f.base = a->data + (t->addr - a->addr);
      f.as_float = t->kind == AW_TEX_FLOAT || t->read_normalized;
    }
    uint32_t v[4];
    int64_t first;
    sample(&f, dims, ints, (uint32_t)x[l], (uint32_t)y[l], v, &first);
    for (int k = 0; k < 4; k++) out[k][l] = v[k];
    addr[l] = f.t->addr + (uint64_t)(first < 0 ? 0 : first);
  }
  if (c->issue) emu_note_access(c, ISA_SP_GLOBAL, addr, active, texel_bytes(f.t) * (f.t->filter == AW_TEX_LINEAR && !ints ? 2u : 1u));
  c->d->stats.loads += (uint64_t)emu_popc32(active);
  const emu_opnd *d = &in->o[0];
  for (unsigned k = 0; k < 4 && k < d->nelem; k++) write_dst(w, &c->m->elems[d->elem_first + k], out[k], active);
  return 0;
}
