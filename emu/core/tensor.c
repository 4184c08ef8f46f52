/* emu/core/tensor.c -- the tensor-core instructions: wmma.load, wmma.store,
 * wmma.mma, mma, ldmatrix, stmatrix and movmatrix (PTX ISA 9.0, §9.7.14).
 *
 * A warp executes each of them as one: every lane holds a fragment of each
 * matrix in a {vector} of registers, element e of a 16-bit type in bits
 * 16*(e%2) of register e/2, of .f32 in register e.  Where each element of
 * a lane's fragment sits in its matrix (frag_at):
 *   mma, ldmatrix  as the PTX ISA defines it (groupID g = lane / 4,
 *                  threadID_in_group t = lane % 4; m8n8k4: four products,
 *                  by quad-pair);
 *   wmma           the ISA leaves it unspecified; awemu uses sm_80's (the
 *                  m16n8k16 fragments of the two 8-column halves: A element
 *                  e at row g + 8*(e/2%2), column 2t + e%2 + 8*(e/4%2); B at
 *                  row 2t + e%2 + 8*(e/2%2), column g + 8*(e/4%2); C and D
 *                  as A), with .f16 A and B holding 16 elements, the second
 *                  eight a copy of the first (.bf16: eight).  The layout
 *                  (.row/.col) says where the matrix is in memory only.
 *
 * Arithmetic (the ISA leaves order and rounding to the implementation;
 * ISA.md §"Tensor-core instructions" states the tolerance against a GPU):
 * D[i][j] = C[i][j] accumulated in .f32 over k = 0 .. K-1 in order, each
 * step fmaf(A[i][k], B[k][j], acc): the product of two .f16 or .bf16 values
 * is exact in .f32, so each step is the exact sum rounded once to nearest
 * even.  An .f16 C is widened exactly first; an .f16 D is the .f32 result
 * rounded to nearest even once.  NaN results are the canonical NaN.
 *
 * Every lane of the warp must execute them (.sync.aligned), and the lanes
 * of a wmma.load or wmma.store must agree on the address and stride: a
 * fault otherwise, not the ISA's undefined behaviour.
 */
#include "core_int.h"

#include <math.h>
#include <string.h>

enum { MX_A = ISA_MX_A, MX_B = ISA_MX_B, MX_C = ISA_MX_C, MX_D = ISA_MX_D };
enum { MAXD = 16 };   /* the largest M, N or K */

typedef struct { int m, n, k, groups; } dims;

static dims shape_dims(int shape) {
  switch (shape) {
  case ISA_SHAPE(M16N8K16): return (dims){ 16, 8, 16, 1 };
  case ISA_SHAPE(M16N8K8): return (dims){ 16, 8, 8, 1 };
  case ISA_SHAPE(M8N8K4): return (dims){ 8, 8, 4, 4 };
  default: return (dims){ 16, 16, 16, 1 };   /* m16n16k16 */
  }
}

/* Where element e of lane l's fragment of matrix mx sits: the product it
 * belongs to (*q; m8n8k4 computes four), its row and column.  col_major:
 * mma.m8n8k4's layout of A or B; f32: the accumulator is .f32 (m8n8k4's
 * differ by type). */
static void frag_at(int shape, int mx, int col_major, int f32, uint32_t l, uint32_t e, int *q, int *row, int *col) {
  int g = (int)(l >> 2), t = (int)(l & 3), i = (int)e;
  *q = 0;
  if (mx == MX_D) mx = MX_C;
  switch (shape) {
  case ISA_SHAPE(M16N16K16):
    i &= 7;   /* .f16 A and B: elements 8-15 repeat 0-7 */
    if (mx == MX_B) { *row = 2 * t + (i & 1) + 8 * (i >> 1 & 1); *col = g + 8 * (i >> 2 & 1); }
    else { *row = g + 8 * (i >> 1 & 1); *col = 2 * t + (i & 1) + 8 * (i >> 2 & 1); }
    return;
  case ISA_SHAPE(M16N8K16):
    if (mx == MX_A) { *row = g + 8 * (i >> 1 & 1); *col = 2 * t + (i & 1) + 8 * (i >> 2); }
    else if (mx == MX_B) { *row = 2 * t + (i & 1) + 8 * (i >> 1); *col = g; }
    else { *row = g + 8 * (i >> 1); *col = 2 * t + (i & 1); }
    return;
  case ISA_SHAPE(M16N8K8):
    if (mx == MX_A) { *row = g + 8 * (i >> 1); *col = 2 * t + (i & 1); }
    else if (mx == MX_B) { *row = 2 * t + i; *col = g; }
    else { *row = g + 8 * (i >> 1); *col = 2 * t + (i & 1); }
    return;
  default: {   /* m8n8k4: quad-pair q is lanes 4q..4q+3 (rows or columns 0-3) and 4q+16.. (4-7) */
    int hi = l >= 16 ? 4 : 0, r4 = (int)(l & 3);
    *q = (int)(l >> 2 & 3);
    if (mx == MX_A) { if (col_major) { *row = i + hi; *col = r4; } else { *row = r4 + hi; *col = i; } }
    else if (mx == MX_B) { if (col_major) { *row = i; *col = r4 + hi; } else { *row = r4; *col = i + hi; } }
    else if (f32) { *row = (int)(l & 1) + (i & 2) + hi; *col = (i & 4) + (int)(l & 2) + (i & 1); }
    else { *row = r4 + hi; *col = i; }
    return;
  }
  }
}

/* The value of a 16-bit or .f32 element's bits. */
static float elem_value(uint32_t bits, int type) {
  if (type == ISA_T_F32) { float f; memcpy(&f, &bits, 4); return f; }
  return (float)emu_half_value(bits & 0xffff, type == ISA_T_BF16);
}

static uint32_t elem_bits(float v, int type) {
  if (type == ISA_T_F32) {
    uint32_t b;
    if (v != v) return 0x7fffffffu;
    memcpy(&b, &v, 4);
    return b;
  }
  if (v != v) return 0x7fffu;
  return emu_half_round((double)v, type == ISA_T_BF16, 1);
}

/* Element e of a lane's fragment from its registers' values r (all 32
 * lanes of each), and back. */
static uint32_t frag_get(const uint64_t *const *r, uint32_t l, uint32_t e, int type) {
  if (type == ISA_T_F32) return (uint32_t)r[e][l];
  return (uint32_t)(r[e / 2][l] >> (16 * (e % 2))) & 0xffffu;
}
static void frag_put(uint64_t (*r)[WARP], uint32_t l, uint32_t e, int type, uint32_t bits) {
  if (type == ISA_T_F32) { r[e][l] = bits; return; }
  int sh = 16 * (int)(e % 2);
  r[e / 2][l] = (r[e / 2][l] & ~(0xffffull << sh)) | (uint64_t)(bits & 0xffff) << sh;
}

static int whole_warp(cta *c, warp *w, uint32_t pc, const emu_insn *in, uint32_t active) {
  if (active == 0xffffffffu) return 0;
  emu_fault(c, w, pc, EMU_ANYLANE, 0, 0, "%s needs every lane of the warp (.sync.aligned); lanes 0x%08x execute it",
            isa_ops[in->op].name, active);
  return -1;
}

/* ---- wmma.load, wmma.store ---- */

static int exec_wmma_mem(cta *c, warp *w, uint32_t pc, const emu_insn *in) {
  int store = in->op == ISA_OP_WMMAST;
  const emu_opnd *fo = &in->o[store ? 1 : 0], *mo = &in->o[store ? 0 : 1];
  int mx = in->mx.frag - 1, type = in->t0, col_major = (in->mx.lay & 3) == ISA_COL;
  uint32_t esz = type == ISA_T_F32 ? 4 : 2, nregs = fo->nelem, nelem = type == ISA_T_F32 ? nregs : 2 * nregs;
  uint64_t addr[WARP], tmp[WARP];
  int space = emu_addresses(c, w, in->space, mo, addr);
  const uint64_t *stv = in->nopnd > 2 ? emu_src(c, w, &in->o[2], tmp) : NULL;
  uint32_t stride = stv ? (uint32_t)stv[0] : 16;
  for (uint32_t l = 1; l < WARP; l++)
    if (addr[l] != addr[0] || (stv && (uint32_t)stv[l] != stride)) {
      emu_fault(c, w, pc, l, 1, addr[l], "%s: lane %u's %s differs from lane 0's (one matrix per warp)", isa_ops[in->op].name, l,
                addr[l] != addr[0] ? "address" : "stride");
      return -1;
    }
  /* CUDA's rules (wmma::load_matrix_sync): the matrix 256-bit aligned, the stride a multiple of 16 bytes */
  if (stride < 16) { emu_fault(c, w, pc, 0, 0, 0, "%s: stride %u is less than the matrix's 16 elements", isa_ops[in->op].name, stride); return -1; }
  if (addr[0] % 32) { emu_fault(c, w, pc, 0, 1, addr[0], "%s: the matrix's address is not a multiple of 32 bytes", isa_ops[in->op].name); return -1; }
  if (((uint64_t)stride * esz) % 16) {
    emu_fault(c, w, pc, 0, 0, 0, "%s: stride %u (%llu bytes) is not a multiple of 16 bytes", isa_ops[in->op].name, stride, (unsigned long long)stride * esz);
    return -1;
  }
  /* the 16 rows (.row) or columns (.col) in memory, each resolved once in 16-byte pieces (aligned
   * by the rules above), by a lane that holds part of it */
  uint8_t *line[MAXD][4];
  int owner[MAXD];
  for (int i = 0; i < MAXD; i++) owner[i] = -1;
  for (uint32_t l = 0; l < WARP; l++)
    for (uint32_t e = 0; e < nelem; e++) {
      int q, r, cc;
      frag_at(in->mx.shape, mx, 0, 0, l, e, &q, &r, &cc);
      int k = col_major ? cc : r;
      if (owner[k] < 0) owner[k] = (int)l;
    }
  for (int i = 0; i < MAXD; i++)
    for (uint32_t j = 0; j < esz; j++) {   /* 16 elements: 2 (16-bit) or 4 (.f32) pieces */
      line[i][j] = emu_resolve(c, w, pc, (uint32_t)(owner[i] < 0 ? 0 : owner[i]), space, addr[0] + (uint64_t)i * stride * esz + 16 * j, 16, store);
      if (!line[i][j]) return -1;
    }
  uint64_t note[WARP];   /* for the timing side: the tile as 32 pieces of 8 elements */
  for (uint32_t l = 0; l < WARP; l++) note[l] = addr[0] + (uint64_t)(l / 2) * stride * esz + (l % 2) * 8 * esz;
  emu_note_access(c, space, note, 0xffffffffu, 8 * esz);
  const emu_opnd *el = &c->m->elems[fo->elem_first];
  if (store) {
    const uint64_t *r[8];
    uint64_t rt[8][WARP];
    for (uint32_t k = 0; k < nregs; k++) r[k] = emu_src(c, w, &el[k], rt[k]);
    for (uint32_t l = 0; l < WARP; l++)
      for (uint32_t e = 0; e < nelem; e++) {
        int q, row, cc;
        frag_at(in->mx.shape, mx, 0, 0, l, e, &q, &row, &cc);
        uint32_t b0 = (uint32_t)(col_major ? row : cc) * esz;   /* byte within the row (column) */
        uint8_t *p = line[col_major ? cc : row][b0 / 16] + b0 % 16;
        uint32_t b = frag_get(r, l, e, type);
        if (esz == 4) memcpy(p, &b, 4);
        else { p[0] = (uint8_t)b; p[1] = (uint8_t)(b >> 8); }
      }
    c->d->stats.stores += WARP;
    return 0;
  }
  uint64_t val[8][WARP];
  memset(val, 0, sizeof val);
  for (uint32_t l = 0; l < WARP; l++)
    for (uint32_t e = 0; e < nelem; e++) {
      int q, row, cc;
      frag_at(in->mx.shape, mx, 0, 0, l, e, &q, &row, &cc);
      uint32_t b0 = (uint32_t)(col_major ? row : cc) * esz;
      const uint8_t *p = line[col_major ? cc : row][b0 / 16] + b0 % 16;
      uint32_t b = esz == 4 ? (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24
                            : (uint32_t)p[0] | (uint32_t)p[1] << 8;
      frag_put(val, l, e, type, b);
    }
  for (uint32_t k = 0; k < nregs; k++) emu_write(w, &el[k], val[k], 0xffffffffu);
  c->d->stats.loads += WARP;
  return 0;
}

/* ---- mma, wmma.mma ---- */

static int exec_mma(cta *c, warp *w, const emu_insn *in) {
  dims d = shape_dims(in->mx.shape);
  int ta = in->t1, tc = in->mx.t2, td = in->t0;
  int la_col = (in->mx.lay & 3) == ISA_COL, lb_col = (in->mx.lay >> 2 & 3) == ISA_COL;
  float A[4][MAXD][MAXD], B[4][MAXD][MAXD], C[4][MAXD][MAXD];
  const int mxs[3] = { MX_A, MX_B, MX_C };
  for (int op = 1; op <= 3; op++) {   /* the fragments of a, b, c into the matrices */
    const emu_opnd *fo = &in->o[op];
    const emu_opnd *el = &c->m->elems[fo->elem_first];
    int mx = mxs[op - 1], type = op == 3 ? tc : ta;
    uint32_t nregs = fo->nelem, nelem = type == ISA_T_F32 ? nregs : 2 * nregs;
    if (in->mx.shape == ISA_SHAPE(M16N16K16) && nelem > 8) nelem = 8;   /* .f16 A, B: the copies are not read */
    const uint64_t *r[8];
    uint64_t rt[8][WARP];
    for (uint32_t k = 0; k < nregs; k++) r[k] = emu_src(c, w, &el[k], rt[k]);
    float (*M)[MAXD][MAXD] = mx == MX_A ? A : mx == MX_B ? B : C;
    for (uint32_t l = 0; l < WARP; l++)
      for (uint32_t e = 0; e < nelem; e++) {
        int q, row, col;
        frag_at(in->mx.shape, mx, mx == MX_A ? la_col : lb_col, type == ISA_T_F32, l, e, &q, &row, &col);
        M[q][row][col] = elem_value(frag_get(r, l, e, type), type);
      }
  }
  const emu_opnd *fo = &in->o[0];
  const emu_opnd *el = &c->m->elems[fo->elem_first];
  uint32_t nregs = fo->nelem, nelem = td == ISA_T_F32 ? nregs : 2 * nregs;
  uint64_t val[8][WARP];
  memset(val, 0, sizeof val);
  for (uint32_t l = 0; l < WARP; l++)
    for (uint32_t e = 0; e < nelem; e++) {
      int q, row, col;
      frag_at(in->mx.shape, MX_D, 0, td == ISA_T_F32, l, e, &q, &row, &col);
      float acc = C[q][row][col];
      for (int k = 0; k < d.k; k++) acc = fmaf(A[q][row][k], B[q][k][col], acc);
      frag_put(val, l, e, td, elem_bits(acc, td));
    }
  for (uint32_t k = 0; k < nregs; k++) emu_write(w, &el[k], val[k], 0xffffffffu);
  return 0;
}

/* ---- ldmatrix ---- */

/* ldmatrix and stmatrix: lane l, register m holds elements 2t and 2t + 1 of row g of matrix m
 * (with .trans: elements g of rows 2t and 2t + 1), the rows at the addresses lanes 8m + r give. */
static int exec_ldmatrix(cta *c, warp *w, uint32_t pc, const emu_insn *in) {
  int store = in->op == ISA_OP_STMATRIX;
  const emu_opnd *fo = &in->o[store ? 1 : 0];
  uint32_t nmat = fo->nelem, rows = 8 * nmat;
  int trans = (in->flags & FL_TRANS) != 0;
  uint64_t addr[WARP];
  int space = emu_addresses(c, w, in->space, &in->o[store ? 0 : 1], addr);
  uint8_t *row[WARP];
  for (uint32_t l = 0; l < rows; l++) {   /* lane 8m + r gives row r of matrix m; the other lanes' addresses are not read */
    uint64_t a = addr[l];
    if (space == ISA_SP_GENERIC) {
      if (a - GENERIC_SHARED_BASE >= GENERIC_WINDOW) {
        emu_fault(c, w, pc, l, 1, a, "%s %s shared memory; lane %u's generic address is not in it", isa_ops[in->op].name, store ? "writes" : "reads", l);
        return -1;
      }
    }
    if (a % 16) { emu_fault(c, w, pc, l, 1, a, "%s: lane %u's row address is not a multiple of 16", isa_ops[in->op].name, l); return -1; }
    row[l] = emu_resolve(c, w, pc, l, space, a, 16, store);
    if (!row[l]) return -1;
  }
  uint64_t note[WARP];   /* for the timing side: the rows as 32 equal pieces */
  uint32_t piece = rows * 16 / WARP;
  for (uint32_t l = 0; l < WARP; l++) note[l] = addr[l * piece / 16] + (l * piece) % 16;
  emu_note_access(c, space, note, 0xffffffffu, piece);
  const emu_opnd *el = &c->m->elems[fo->elem_first];
  for (uint32_t m = 0; m < nmat; m++) {
    uint64_t val[WARP], tmp[WARP];
    const uint64_t *src = store ? emu_src(c, w, &el[m], tmp) : NULL;
    for (uint32_t l = 0; l < WARP; l++) {
      uint32_t g = l / 4, t = l % 4, v = store ? (uint32_t)src[l] : 0;
      for (uint32_t h = 0; h < 2; h++) {
        uint32_t r = trans ? 2 * t + h : g, k = trans ? g : 2 * t + h;   /* element k of row r of matrix m */
        uint8_t *p = row[8 * m + r] + 2 * k;
        if (store) { p[0] = (uint8_t)(v >> (16 * h)); p[1] = (uint8_t)(v >> (16 * h + 8)); }
        else v |= ((uint32_t)p[0] | (uint32_t)p[1] << 8) << (16 * h);
      }
      val[l] = v;
    }
    if (!store) emu_write(w, &el[m], val, 0xffffffffu);
  }
  if (store) c->d->stats.stores += WARP;
  else c->d->stats.loads += WARP;
  return 0;
}

/* movmatrix: the 8 x 8 matrix the warp's a hold as ldmatrix lays one out (lane l: elements 2t
 * and 2t + 1 of row g), transposed into d in the same layout. */
static int exec_movmatrix(cta *c, warp *w, const emu_insn *in) {
  uint64_t tmp[WARP], val[WARP];
  const uint64_t *a = emu_src(c, w, &in->o[1], tmp);
  uint16_t m[8][8];
  for (uint32_t l = 0; l < WARP; l++)
    for (uint32_t h = 0; h < 2; h++) m[l / 4][2 * (l % 4) + h] = (uint16_t)(a[l] >> (16 * h));
  for (uint32_t l = 0; l < WARP; l++) val[l] = (uint32_t)m[2 * (l % 4)][l / 4] | (uint32_t)m[2 * (l % 4) + 1][l / 4] << 16;
  emu_write(w, &in->o[0], val, 0xffffffffu);
  return 0;
}

int emu_exec_tensor(cta *c, warp *w, uint32_t pc, const emu_insn *in, uint32_t active) {
  if (whole_warp(c, w, pc, in, active)) return -1;
  switch (in->op) {
  /* wmma.load: d = this lane's fragment of matrix .a, .b or .c (16 x 16) at a, its rows (.row) or columns (.col) b elements apart (default 16)
   * wmma.store: matrix .d (16 x 16) at a = the warp's fragments b, its rows (.row) or columns (.col) c elements apart (default 16) */
  case ISA_OP_WMMALD: case ISA_OP_WMMAST: return exec_wmma_mem(c, w, pc, in);
  /* wmma.mma: D = A x B + C (16 x 16 x 16) on the warp's fragments d, a, b, c
   * mma: D = A x B + C (m16n8k16, m16n8k8; m8n8k4: four 8 x 8 x 4 products) on the warp's fragments d, a, b, c */
  case ISA_OP_WMMAMMA: case ISA_OP_MMA: return exec_mma(c, w, in);
  /* ldmatrix: d = this lane's part of 1, 2 or 4 8 x 8 .b16 matrices whose rows lanes 0-7, 8-15, 16-23, 24-31 address (.trans: each transposed)
   * stmatrix: store 1, 2 or 4 8 x 8 .b16 matrices held as ldmatrix loads them, to rows whose addresses lanes 0-7, 8-15, ... give (.trans: each transposed) */
  case ISA_OP_LDMATRIX: case ISA_OP_STMATRIX: return exec_ldmatrix(c, w, pc, in);
  /* movmatrix: d = this lane's part of the transpose of the 8 x 8 .b16 matrix the warp's a hold (as ldmatrix lays it out) */
  case ISA_OP_MOVMATRIX: return exec_movmatrix(c, w, in);
  default:
    emu_fault(c, w, pc, EMU_ANYLANE, 0, 0, "internal: %s reached emu_exec_tensor", isa_ops[in->op].name);
    return -1;
  }
}
