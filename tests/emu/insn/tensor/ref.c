/* Reference for tests/emu/insn/tensor: the tensor-core instructions (wmma.load, wmma.store,
 * wmma.mma, mma, ldmatrix), from the PTX ISA 9.0's definitions, §9.7.14:
 *   - fragment layouts as the ISA's "Matrix Fragments for mma.m16n8k16 / m16n8k8 / m8n8k4"
 *     give them (groupID = %laneid >> 2, threadID_in_group = %laneid % 4), written below in the
 *     ISA's own case-by-case form; ldmatrix's from its description (thread 8m + r supplies row r of
 *     matrix m; "a group of four threads loads an entire row": lane L gets elements 2(L%4) and
 *     2(L%4)+1 of row L/4, or with .trans of column L/4);
 *   - wmma's layout, which the ISA leaves unspecified: the one isa/ISA.md documents for awemu
 *     (sm_80's: per 8-column half the m16n8k16 fragments; .f16 A and B hold 16 elements, the
 *     second eight a copy, which wmma.mma does not read);
 *   - the accumulation isa/ISA.md defines: C, then each product in order of k, the exact sum
 *     (long double: exact for these inputs) rounded to f32 at nearest even (software rounding,
 *     to_f32); an .f16 D is that f32 rounded to f16 (to_f16); NaN results canonical.
 * movmatrix and stmatrix by the ISA's text on ldmatrix's layout (below).
 * Nothing here is shared with emu/core/tensor.c.  Writes DIR/NAME_a.bin (inputs) and NAME.bin. */
#include "../ref_common.h"

enum { A_, B_, C_ };
typedef struct { int q, row, col; } pos;

/* ---- the ISA's fragment layouts ---- */
static pos m16n8k16(int mat, int lane, int i) {
  int groupID = lane >> 2, tig = lane % 4;
  pos p = { 0, 0, 0 };
  if (mat == A_) {
    p.row = (i < 2 || (4 <= i && i < 6)) ? groupID : groupID + 8;
    p.col = i < 4 ? tig * 2 + (i & 1) : tig * 2 + (i & 1) + 8;
  } else if (mat == B_) {
    p.row = i < 2 ? tig * 2 + (i & 1) : tig * 2 + (i & 1) + 8;
    p.col = groupID;
  } else {
    p.row = i < 2 ? groupID : groupID + 8;
    p.col = tig * 2 + (i & 1);
  }
  return p;
}
static pos m16n8k8(int mat, int lane, int i) {
  int groupID = lane >> 2, tig = lane % 4;
  pos p = { 0, 0, 0 };
  if (mat == A_) { p.row = i < 2 ? groupID : groupID + 8; p.col = tig * 2 + (i & 1); }
  else if (mat == B_) { p.row = tig * 2 + i; p.col = groupID; }
  else { p.row = i < 2 ? groupID : groupID + 8; p.col = tig * 2 + (i & 1); }
  return p;
}
/* m8n8k4: four products; lanes 0-3 and 16-19 the first, 4-7 and 20-23 the second, ... */
static pos m8n8k4(int mat, int col_major, int f32, int lane, int i) {
  pos p = { (lane % 16) / 4, 0, 0 };
  int low = lane < 16;
  if (mat == A_) {
    if (!col_major) { p.row = low ? lane % 4 : lane % 4 + 4; p.col = i; }
    else { p.row = low ? i % 4 : i % 4 + 4; p.col = lane % 4; }
  } else if (mat == B_) {
    if (!col_major) { p.row = lane % 4; p.col = low ? i : i + 4; }
    else { p.row = i; p.col = low ? lane % 4 : lane % 4 + 4; }
  } else if (!f32) {
    p.row = low ? lane % 4 : lane % 4 + 4; p.col = i;
  } else {
    int X = (lane & 1) + (i & 2);
    p.row = low ? X : X + 4;
    p.col = (i & 4) + (lane & 2) + (i & 1);
  }
  return p;
}
/* wmma m16n16k16, awemu's layout (isa/ISA.md) */
static pos wmma(int mat, int lane, int i) {
  int g = lane >> 2, t = lane % 4, e = i % 8;
  pos p = { 0, 0, 0 };
  if (mat == B_) { p.row = 2 * t + (e & 1) + 8 * ((e >> 1) & 1); p.col = g + 8 * ((e >> 2) & 1); }
  else { p.row = g + 8 * ((e >> 1) & 1); p.col = 2 * t + (e & 1) + 8 * ((e >> 2) & 1); }
  return p;
}

/* ---- element values ---- */
static long double bf16_value(uint16_t h) { return (long double)b2f((uint32_t)h << 16); }
static uint16_t to_bf16(long double x) { return (uint16_t)(to_f32(round_fmt(x, 8, -126, 127, RN), RN) >> 16); }
static uint16_t rnd_f16(void) { return to_f16((long double)rnd_range(-4000, 4000) / 1000.0L, RN); }
static uint16_t rnd_bf16(void) { return to_bf16((long double)rnd_range(-4000, 4000) / 1000.0L); }
static uint32_t rnd_f32(void) { return to_f32((long double)rnd_range(-800000, 800000) / 100000.0L, RN); }

typedef struct {
  const char *name;
  int shape;          /* 0 m16n8k16, 1 m16n8k8, 2 m8n8k4, 3 wmma m16n16k16 */
  int a_col, b_col;   /* m8n8k4 layouts */
  int bf;             /* .bf16 A and B */
  int c_f32, d_f32;
  int na, nb, nc, nd; /* registers */
} variant;

static const variant V[] = {
  { "mma_m16n8k16_f32_f16", 0, 0, 0, 0, 1, 1, 4, 2, 4, 4 },
  { "mma_m16n8k16_f16_f16", 0, 0, 0, 0, 0, 0, 4, 2, 2, 2 },
  { "mma_m16n8k16_f32_bf16", 0, 0, 0, 1, 1, 1, 4, 2, 4, 4 },
  { "mma_m16n8k8_f32_f16", 1, 0, 0, 0, 1, 1, 2, 1, 4, 4 },
  { "mma_m16n8k8_f16_f16", 1, 0, 0, 0, 0, 0, 2, 1, 2, 2 },
  { "mma_m16n8k8_f32_bf16", 1, 0, 0, 1, 1, 1, 2, 1, 4, 4 },
  { "mma_m884_rr_f32", 2, 0, 0, 0, 1, 1, 2, 2, 8, 8 },
  { "mma_m884_rc_f32_f16c", 2, 0, 1, 0, 0, 1, 2, 2, 4, 8 },
  { "mma_m884_cr_f16", 2, 1, 0, 0, 0, 0, 2, 2, 4, 4 },
  { "mma_m884_cc_f32", 2, 1, 1, 0, 1, 1, 2, 2, 8, 8 },
  { "wmma_f32_f32", 3, 0, 0, 0, 1, 1, 8, 8, 8, 8 },
  { "wmma_f16_f32", 3, 0, 0, 0, 1, 0, 8, 8, 8, 4 },
  { "wmma_f32_f16", 3, 0, 0, 0, 0, 1, 8, 8, 4, 8 },
  { "wmma_bf16", 3, 0, 0, 1, 1, 1, 4, 4, 8, 8 },
};

static pos where(const variant *v, int mat, int lane, int i) {
  switch (v->shape) {
  case 0: return m16n8k16(mat, lane, i);
  case 1: return m16n8k8(mat, lane, i);
  case 2: return m8n8k4(mat, mat == A_ ? v->a_col : v->b_col, mat == C_ ? v->c_f32 : v->d_f32, lane, i);
  default: return wmma(mat, lane, i);
  }
}

static void mma_variant(const variant *v) {
  int nin = v->na + v->nb + v->nc, K = v->shape == 0 || v->shape == 3 ? 16 : v->shape == 1 ? 8 : 4;
  int M = v->shape == 2 ? 8 : 16, N = v->shape == 3 ? 16 : 8;
  static uint64_t in[32 * 24], out[32 * 8];
  for (int l = 0; l < 32; l++) {
    uint64_t *w = in + l * nin;
    for (int r = 0; r < v->na + v->nb; r++)
      w[r] = v->bf ? rnd_bf16() | (uint32_t)rnd_bf16() << 16 : rnd_f16() | (uint32_t)rnd_f16() << 16;
    for (int r = 0; r < v->nc; r++) w[v->na + v->nb + r] = v->c_f32 ? rnd_f32() : rnd_f16() | (uint32_t)rnd_f16() << 16;
  }
  /* special values: an infinity in A, a NaN in B, -0 in C, subnormals (in other products) */
  in[3 * nin] = (in[3 * nin] & 0xffff0000u) | (v->bf ? 0x7f80u : 0x7c00u);
  in[7 * nin + v->na] = (in[7 * nin + v->na] & 0xffffu) | (uint32_t)(v->bf ? 0x7fc0u : 0x7e00u) << 16;
  in[9 * nin + v->na + v->nb] = v->c_f32 ? 0x80000000u : (in[9 * nin + v->na + v->nb] & 0xffff0000u) | 0x8000u;
  in[12 * nin] = (in[12 * nin] & 0xffff0000u) | 0x0001u;
  in[13 * nin + v->na + v->nb] = v->c_f32 ? 0x00000001u : (in[13 * nin + v->na + v->nb] & 0xffff0000u) | 0x0001u;
  static long double A[4][16][16], B[4][16][16], C[4][16][16];
  int nea = v->shape == 3 && !v->bf ? 8 : 2 * v->na, neb = v->shape == 3 && !v->bf ? 8 : 2 * v->nb;   /* wmma .f16: the first 8 */
  int nec = v->c_f32 ? v->nc : 2 * v->nc;
  for (int l = 0; l < 32; l++) {
    const uint64_t *w = in + l * nin;
    for (int i = 0; i < nea; i++) {
      pos p = where(v, A_, l, i);
      uint16_t h = (uint16_t)(w[i / 2] >> (16 * (i % 2)));
      A[p.q][p.row][p.col] = v->bf ? bf16_value(h) : f16_value(h);
    }
    for (int i = 0; i < neb; i++) {
      pos p = where(v, B_, l, i);
      uint16_t h = (uint16_t)(w[v->na + i / 2] >> (16 * (i % 2)));
      B[p.q][p.row][p.col] = v->bf ? bf16_value(h) : f16_value(h);
    }
    for (int i = 0; i < nec; i++) {
      pos p = where(v, C_, l, i);
      uint64_t x = w[v->na + v->nb + (v->c_f32 ? i : i / 2)];
      C[p.q][p.row][p.col] = v->c_f32 ? (long double)b2f((uint32_t)x) : f16_value((uint16_t)(x >> (16 * (i % 2))));
    }
  }
  (void)M; (void)N;
  int ned = v->d_f32 ? v->nd : 2 * v->nd;
  memset(out, 0, sizeof out);
  for (int l = 0; l < 32; l++)
    for (int i = 0; i < ned; i++) {
      /* D's element i of lane l: the same place as C's, with D's type */
      pos p = v->shape == 2 ? m8n8k4(C_, 0, v->d_f32, l, i) : where(v, C_, l, i);
      long double acc = C[p.q][p.row][p.col];
      for (int k = 0; k < K; k++) acc = (long double)b2f(to_f32(acc + A[p.q][p.row][k] * B[p.q][k][p.col], RN));
      if (v->d_f32) out[l * v->nd + i] = canon32(to_f32(acc, RN));
      else out[l * v->nd + i / 2] |= (uint64_t)to_f16(acc, RN) << (16 * (i % 2));
    }
  char nm[96];
  snprintf(nm, sizeof nm, "%s_a.bin", v->name); ref_write(nm, in, (size_t)32 * nin, 4);
  snprintf(nm, sizeof nm, "%s.bin", v->name); ref_write(nm, out, (size_t)32 * v->nd, 4);
}

/* wmma.load: matrix 'mat' (A, B or C) of 16-bit (f32 = 0) or f32 elements at memory m, .col or
 * .row, stride s; lane l's registers (8, 16-bit elements 16 or 8 as bf16/f16; f32: 8). */
static void wmma_load(const char *name, int mat, int f32, int bf, int col, int s) {
  int esz = f32 ? 4 : 2, n = 16 * s * esz / 4 + 8;   /* words of memory */
  static uint64_t mem[2048], out[256];
  for (int i = 0; i < n; i++) mem[i] = f32 ? rnd_f32() : (bf ? rnd_bf16() | (uint32_t)rnd_bf16() << 16 : rnd_f16() | (uint32_t)rnd_f16() << 16);
  int nregs = f32 ? 8 : (mat != C_ && !bf) ? 8 : 4, nel = f32 ? 8 : 2 * nregs;
  memset(out, 0, sizeof out);
  for (int l = 0; l < 32; l++)
    for (int i = 0; i < nel; i++) {
      pos p = wmma(mat, l, i);
      long off = col ? (long)p.col * s + p.row : (long)p.row * s + p.col;   /* in elements */
      uint64_t v = f32 ? mem[off] : (mem[off / 2] >> (16 * (off % 2))) & 0xffff;
      if (f32) out[l * 8 + i] = v;
      else out[l * 8 + i / 2] |= v << (16 * (i % 2));
    }
  char nm[96];
  snprintf(nm, sizeof nm, "%s_a.bin", name); ref_write(nm, mem, (size_t)n, 4);
  snprintf(nm, sizeof nm, "%s.bin", name); ref_write(nm, out, 256, 4);
}

/* wmma.store of matrix D (f32 or f16) at a buffer of 'words' words first holding 0xa5a5a5a5. */
static void wmma_store(const char *name, int f32, int col, int s, int words) {
  static uint64_t regs[256], mem[2048];
  int nregs = f32 ? 8 : 4, nel = f32 ? 8 : 8;
  for (int i = 0; i < 256; i++) regs[i] = f32 ? rnd_f32() : rnd_f16() | (uint32_t)rnd_f16() << 16;
  for (int i = 0; i < words; i++) mem[i] = 0xa5a5a5a5u;
  for (int l = 0; l < 32; l++)
    for (int i = 0; i < nel; i++) {
      pos p = wmma(C_, l, i);
      long off = col ? (long)p.col * s + p.row : (long)p.row * s + p.col;
      if (f32) mem[off] = regs[l * 8 + i];
      else {
        uint64_t h = (regs[l * 8 + i / 2] >> (16 * (i % 2))) & 0xffff;
        mem[off / 2] = (mem[off / 2] & ~(0xffffull << (16 * (off % 2)))) | h << (16 * (off % 2));
      }
    }
  (void)nregs;
  char nm[96];
  snprintf(nm, sizeof nm, "%s_a.bin", name); ref_write(nm, regs, 256, 4);
  snprintf(nm, sizeof nm, "%s.bin", name); ref_write(nm, mem, (size_t)words, 4);
}

/* ldmatrix .xN (.trans): shared memory = the 256 words 'sh'; output d[l * 4 + m], the slots of
 * matrices not loaded keep 0xa5a5a5a5. */
static void ldmatrix(const char *name, int x, int trans, const uint64_t *sh) {
  static uint64_t out[128];
  for (int i = 0; i < 128; i++) out[i] = 0xa5a5a5a5u;
  for (int m = 0; m < x; m++)
    for (int L = 0; L < 32; L++) {
      uint32_t v = 0;
      for (int h = 0; h < 2; h++) {
        int r = trans ? 2 * (L % 4) + h : L / 4, c = trans ? L / 4 : 2 * (L % 4) + h;
        int row = (7 * (8 * m + r) + 3) % 64;            /* the row lane 8m + r addresses */
        int half = row * 8 + c;                         /* 16-bit element index in shared memory */
        v |= (uint32_t)((sh[half / 2] >> (16 * (half % 2))) & 0xffff) << (16 * h);
      }
      out[L * 4 + m] = v;
    }
  char nm[96];
  snprintf(nm, sizeof nm, "%s.bin", name); ref_write(nm, out, 128, 4);
}

/* movmatrix: the 8 x 8 matrix whose row L/4 holds lane L's a in elements 2(L%4), 2(L%4)+1 (the ISA's
 * "a group of four threads holds an entire row"), transposed: lane L's d holds elements 2(L%4) and
 * 2(L%4)+1 of column L/4 ("a group of four threads holds an entire column of the result"). */
static void movmatrix(void) {
  static uint64_t in[32], out[32];
  uint16_t A[8][8];
  for (int L = 0; L < 32; L++) in[L] = rnd32();
  for (int L = 0; L < 32; L++) { A[L / 4][2 * (L % 4)] = (uint16_t)in[L]; A[L / 4][2 * (L % 4) + 1] = (uint16_t)(in[L] >> 16); }
  for (int L = 0; L < 32; L++) out[L] = A[2 * (L % 4)][L / 4] | (uint32_t)A[2 * (L % 4) + 1][L / 4] << 16;
  ref_write("movm_a.bin", in, 32, 4);
  ref_write("movm.bin", out, 32, 4);
}

/* stmatrix .xN (.trans): the inverse of ldmatrix (the ISA: "each thread in a warp stores fragments of
 * a row ... a group of four threads stores an entire row"); shared memory starts zero. */
static void stmatrix(int x, int trans) {
  static uint64_t regs[128], sh[256];
  for (int i = 0; i < 128; i++) regs[i] = rnd32();
  memset(sh, 0, sizeof sh);
  for (int m = 0; m < x; m++)
    for (int L = 0; L < 32; L++)
      for (int h = 0; h < 2; h++) {
        int r = trans ? 2 * (L % 4) + h : L / 4, c = trans ? L / 4 : 2 * (L % 4) + h;
        int row = (7 * (8 * m + r) + 3) % 64, half = row * 8 + c;
        uint64_t v = (regs[L * 4 + m] >> (16 * h)) & 0xffff;
        sh[half / 2] = (sh[half / 2] & ~(0xffffull << (16 * (half % 2)))) | v << (16 * (half % 2));
      }
  char nm[32];
  snprintf(nm, sizeof nm, "stm_x%d%s_a.bin", x, trans ? "t" : ""); ref_write(nm, regs, 128, 4);
  snprintf(nm, sizeof nm, "stm_x%d%s.bin", x, trans ? "t" : ""); ref_write(nm, sh, 256, 4);
}

int main(int argc, char **argv) {
  ref_init(argc, argv);
  for (size_t i = 0; i < sizeof V / sizeof V[0]; i++) mma_variant(&V[i]);
  wmma_load("wld_a_row_f16_s24", A_, 0, 0, 0, 24);
  wmma_load("wld_b_col_f16_s16", B_, 0, 0, 1, 16);
  wmma_load("wld_a_col_bf16_s32", A_, 0, 1, 1, 32);
  wmma_load("wld_b_row_bf16_s24", B_, 0, 1, 0, 24);
  wmma_load("wld_c_col_f32_s24", C_, 1, 0, 1, 24);
  wmma_load("wld_c_row_f16_s16", C_, 0, 0, 0, 16);
  wmma_store("wst_d_row_f32_s24", 1, 0, 24, 400);
  wmma_store("wst_d_col_f16_s32", 0, 1, 32, 260);
  static uint64_t sh[256];
  for (int i = 0; i < 256; i++) sh[i] = rnd32();
  ref_write("ldm_a.bin", sh, 256, 4);
  for (int x = 1; x <= 4; x *= 2) {
    char nm[32];
    snprintf(nm, sizeof nm, "ldm_x%d", x); ldmatrix(nm, x, 0, sh);
    snprintf(nm, sizeof nm, "ldm_x%dt", x); ldmatrix(nm, x, 1, sh);
  }
  movmatrix();
  for (int x = 1; x <= 4; x *= 2) { stmatrix(x, 0); stmatrix(x, 1); }
  return 0;
}
