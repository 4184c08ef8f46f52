/* subroutines/mpc/mpc_train.c -- MPC parameter extraction (see mpc_train.h). */
#include "mpc_train.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>

enum { NB = MPC_BLOCK_BYTES, MIN_CLASS_BLOCKS = 32 };

static void terr(char *err, size_t cap, const char *fmt, ...) {
  if (!err || cap == 0) return;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(err, cap, fmt, ap);
  va_end(ap);
}

static int ext(uint8_t b) { return b == 0 || b == 0xff; }
static unsigned near7(uint8_t a, uint8_t b) {
  int d = (int)(a & 0x7f) - (int)(b & 0x7f);
  return d >= -1 && d <= 1;
}

unsigned mpc_train_classify(const uint8_t b[MPC_BLOCK_BYTES]) {
  unsigned zero = 1, word = 1;
  for (unsigned i = 0; i < NB; i++) {
    if (b[i]) zero = 0;
    if (b[i] != b[i & 3]) word = 0;
  }
  if (zero || word) return 0;
  unsigned i32 = 0, i16 = 0, f32 = 0, f64 = 0;
  for (unsigned w = 0; w < 8; w++)             /* little-endian 32-bit words, upper half sign extension */
    if (ext(b[4 * w + 3]) && b[4 * w + 2] == b[4 * w + 3]) i32++;
  for (unsigned h = 0; h < 16; h++)
    if (ext(b[2 * h + 1])) i16++;
  for (unsigned w = 1; w < 8; w++)             /* fp32: neighbouring words share sign/exponent byte */
    if (!ext(b[4 * w + 3]) && !ext(b[4 * w - 1]) && near7(b[4 * w + 3], b[4 * w - 1])) f32++;
  for (unsigned w = 1; w < 4; w++)             /* fp64: neighbouring doublewords share the top byte */
    if (!ext(b[8 * w + 7]) && !ext(b[8 * w - 1]) && near7(b[8 * w + 7], b[8 * w - 1])) f64++;
  if (i32 >= 6) return 4;
  if (f32 >= 5) return 5;
  if (f64 >= 2) return 6;
  if (i16 >= 12) return 3;
  return 2;
}

static inline uint8_t weigh(uint8_t x, int s) { return s >= 0 ? (uint8_t)(x << s) : (uint8_t)(x >> -s); }
static inline uint8_t gray(uint8_t x) { return (uint8_t)(x ^ x >> 1); }

/* shifts in order of preference on equal entropy */
static const int SHIFTS[15] = {0, 1, -1, 2, -2, 3, -3, 4, -4, 5, -5, 6, -6, 7, -7};

/* entropy (bits) of a 256-bin histogram of n samples; clog[c] = c log2 c */
static double hist_entropy(const unsigned h[256], size_t n, const double *clog) {
  if (n == 0) return 0.0;
  double s = 0.0;
  for (unsigned v = 0; v < 256; v++) s += clog[h[v]];
  return (clog[n] - s) / (double)n;
}

/* One model from the blocks listed in idx. */
static int train_one(const uint8_t *blocks, const size_t *idx, size_t n, const double *clog, mpc_model *m) {
  double W[NB][NB];
  int S[NB][NB];
  double H1[NB];
  unsigned h[256];
  for (unsigned i = 0; i < NB; i++) {
    memset(h, 0, sizeof h);
    for (size_t t = 0; t < n; t++) h[blocks[idx[t] * NB + i]]++;
    H1[i] = hist_entropy(h, n, clog);
  }
  for (unsigned i = 0; i < NB; i++)
    for (unsigned j = 0; j < NB; j++) {
      W[i][j] = 1e30;
      S[i][j] = 0;
      if (i == j) continue;
      for (unsigned si = 0; si < 15; si++) {
        int s = SHIFTS[si];
        memset(h, 0, sizeof h);
        for (size_t t = 0; t < n; t++) {
          const uint8_t *b = blocks + idx[t] * NB;
          h[(uint8_t)(b[j] - weigh(b[i], s))]++;
        }
        double e = hist_entropy(h, n, clog);
        if (e < W[i][j] - 1e-12) { W[i][j] = e; S[i][j] = s; }
      }
    }
  /* Prim from every root (directed weights: parent -> child); keep the cheapest */
  double best_total = 1e300;
  for (unsigned r = 0; r < NB; r++) {
    unsigned in[NB] = {0}, par[NB];
    double key[NB];
    for (unsigned j = 0; j < NB; j++) { key[j] = W[r][j]; par[j] = r; }
    in[r] = 1;
    double total = H1[r];
    for (unsigned step = 1; step < NB; step++) {
      unsigned u = NB;
      for (unsigned j = 0; j < NB; j++)
        if (!in[j] && (u == NB || key[j] < key[u] - 1e-12)) u = j;
      in[u] = 1;
      total += key[u];
      for (unsigned j = 0; j < NB; j++)
        if (!in[j] && W[u][j] < key[j] - 1e-12) { key[j] = W[u][j]; par[j] = u; }
    }
    if (total < best_total - 1e-12) {
      best_total = total;
      m->root = (uint8_t)r;
      for (unsigned j = 0; j < NB; j++) {
        m->base[j] = (uint8_t)(j == r ? r : par[j]);
        m->shift[j] = (int8_t)(j == r ? 0 : S[par[j]][j]);
      }
    }
  }
  /* scan: greedy.  Bitset ones[cell] = the blocks whose Gray-coded residue has
   * a one in that cell.  Symbol by symbol, add the cell that keeps the most
   * blocks whose symbol so far (and, with the leading-zero criterion the
   * codec selects models by, whose earlier symbols) are all zero; ties go to
   * the cell with fewer ones overall, then to the lower (plane, column). */
  size_t words = (n + 63) / 64;
  uint64_t *bits = calloc(256 * (words ? words : 1) + 2 * (words ? words : 1), sizeof *bits);
  if (!bits) return -1;
  uint64_t *alive = bits + 256 * (words ? words : 1), *lead = alive + (words ? words : 1);
  unsigned cnt[256] = {0};
  unsigned r = m->root;
  for (size_t t = 0; t < n; t++) {
    const uint8_t *b = blocks + idx[t] * NB;
    uint8_t G[NB];
    G[0] = b[r];
    for (unsigned j = 0; j < NB; j++) {
      if (j == r) continue;
      unsigned c = j < r ? j + 1 : j;
      G[c] = gray((uint8_t)(b[j] - weigh(b[m->base[j]], m->shift[j])));
    }
    for (unsigned c = 0; c < NB; c++)
      for (unsigned p = 0; p < 8; p++)
        if ((G[c] >> (7 - p)) & 1u) {
          bits[(p * NB + c) * words + t / 64] |= (uint64_t)1 << (t % 64);
          cnt[p * NB + c]++;
        }
  }
  for (size_t w = 0; w < words; w++) lead[w] = ~(uint64_t)0;
  if (n % 64) lead[words - 1] = ((uint64_t)1 << (n % 64)) - 1;
  unsigned char used[256] = {0};
  for (unsigned t = 0; t < 256; t++) {
    if (t % 16 == 0) memcpy(alive, lead, words * sizeof *alive);
    unsigned best = 256;
    size_t best_lost = 0, best_lead = 0;
    for (unsigned k = 0; k < 256; k++) {
      if (used[k]) continue;
      const uint64_t *o = bits + (size_t)k * words;
      size_t lost = 0, lost_lead = 0;
      for (size_t w = 0; w < words; w++) {
        lost += (size_t)__builtin_popcountll(alive[w] & o[w]);
        lost_lead += (size_t)__builtin_popcountll(lead[w] & o[w]);
      }
      if (best == 256 || lost < best_lost || (lost == best_lost && (lost_lead < best_lead ||
          (lost_lead == best_lead && cnt[k] < cnt[best])))) {
        best = k; best_lost = lost; best_lead = lost_lead;
      }
    }
    used[best] = 1;
    const uint64_t *o = bits + (size_t)best * words;
    for (size_t w = 0; w < words; w++) alive[w] &= ~o[w];
    if (t % 16 == 15) memcpy(lead, alive, words * sizeof *lead);
    m->row[t] = (uint8_t)(best / NB);
    m->col[t] = (uint8_t)(best % NB);
  }
  free(bits);
  return 0;
}

int mpc_train_models(const uint8_t *blocks, size_t n, mpc_model out[MPC_NMODELS], char *err, size_t cap) {
  if (n > 0 && !blocks) { terr(err, cap, "mpc_train: no blocks"); return -1; }
  size_t *idx = malloc((n ? n : 1) * sizeof *idx);
  size_t *all = malloc((n ? n : 1) * sizeof *all);
  double *clog = malloc((n + 1) * sizeof *clog);
  unsigned *cls = malloc((n ? n : 1) * sizeof *cls);
  if (!idx || !all || !clog || !cls) {
    free(idx); free(all); free(clog); free(cls);
    terr(err, cap, "mpc_train: out of memory");
    return -1;
  }
  for (size_t c = 0; c <= n; c++) clog[c] = c ? (double)c * log2((double)c) : 0.0;
  size_t nall = 0;
  for (size_t t = 0; t < n; t++) {
    cls[t] = mpc_train_classify(blocks + t * NB);
    if (cls[t]) all[nall++] = t;
  }
  if (nall == 0)                                 /* nothing modelled: train on everything */
    for (size_t t = 0; t < n; t++) all[nall++] = t;
  for (unsigned k = MPC_FIRST_MODEL; k <= MPC_LAST_MODEL; k++) {
    size_t m = 0;
    for (size_t t = 0; t < n; t++)
      if (cls[t] == k) idx[m++] = t;
    int rc = m < MIN_CLASS_BLOCKS ? train_one(blocks, all, nall, clog, &out[k - MPC_FIRST_MODEL])
                                  : train_one(blocks, idx, m, clog, &out[k - MPC_FIRST_MODEL]);
    if (rc != 0) {
      free(idx); free(all); free(clog); free(cls);
      terr(err, cap, "mpc_train: out of memory");
      return -1;
    }
  }
  free(idx); free(all); free(clog); free(cls);
  return 0;
}

static void put_list(FILE *f, const char *name, const int *v, unsigned cnt, int wide, int last) {
  fprintf(f, ".%s\t\t({\n", name);
  for (unsigned i = 0; i < cnt; i++) {
    if (i % 8 == 0) fputc('\t', f);
    if (wide) fprintf(f, " 8'd%02d", v[i]);
    else if (v[i] < 0) fprintf(f, " -8'd%d", -v[i]);
    else fprintf(f, "  8'd%d", v[i]);
    if (i + 1 < cnt) fputc(',', f);
    if (i % 8 == 7 || i + 1 == cnt) fputc('\n', f);
  }
  fprintf(f, "})%s\n", last ? "" : ",");
}

static void put_model(FILE *f, const mpc_model *m, int decomp) {
  int base[NB], shift[NB], row[256], col[256];
  for (unsigned j = 0; j < NB; j++) { base[j] = m->base[j]; shift[j] = m->shift[j]; }
  for (unsigned t = 0; t < 256; t++) { row[t] = m->row[t]; col[t] = m->col[t]; }
  if (!decomp) {
    fprintf(f, ".ROOT_IDX\t\t(8'd%u),\n", m->root);
    put_list(f, "BASE_IDX", base, NB, 1, 0);
    put_list(f, "SHIFT_VAL", shift, NB, 0, 0);
    put_list(f, "SCAN_ROW", row, 256, 0, 0);
    put_list(f, "SCAN_COL", col, 256, 1, 1);
    return;
  }
  /* depths */
  unsigned depth[NB], maxd = 0;
  for (unsigned j = 0; j < NB; j++) {
    unsigned d = 0, x = j;
    while (x != m->root && d <= NB) { x = m->base[x]; d++; }
    depth[j] = d;
    if (d > maxd) maxd = d;
  }
  int len[NB] = {0}, start[NB] = {0}, target[NB] = {0};
  unsigned nt = 0;
  for (unsigned d = 1; d <= maxd; d++)
    for (unsigned j = 0; j < NB; j++)
      if (depth[j] == d) { len[d - 1]++; target[nt++] = (int)j; }
  for (unsigned d = 1; d <= maxd; d++) start[d] = start[d - 1] + len[d - 1];
  put_list(f, "SCAN_ROW", row, 256, 0, 0);
  put_list(f, "SCAN_COL", col, 256, 1, 0);
  fprintf(f, "\n\n.ROOT_IDX\t\t(8'd%u),\n", m->root);
  fprintf(f, ".LEVEL   \t\t(8'd%u),\n", maxd);
  put_list(f, "LEN_LEVEL", len, NB, 1, 0);
  put_list(f, "LEVEL_START", start, NB, 1, 0);
  put_list(f, "TARGET_IDX", target, NB, 1, 0);
  put_list(f, "BASE_IDX", base, NB, 1, 0);
  put_list(f, "SHIFT_VAL", shift, NB, 0, 1);
}

int mpc_write_params(const char *outdir, const mpc_model models[MPC_NMODELS], char *err, size_t cap) {
  if (mkdir(outdir, 0777) != 0 && errno != EEXIST) {
    terr(err, cap, "mpc_train: cannot create %s: %s", outdir, strerror(errno));
    return -1;
  }
  for (unsigned k = MPC_FIRST_MODEL; k <= MPC_LAST_MODEL; k++)
    for (int decomp = 0; decomp < 2; decomp++) {
      char path[4096];
      snprintf(path, sizeof path, "%s/%s_%u.txt", outdir, decomp ? "decomp" : "comp", k);
      FILE *f = fopen(path, "w");
      if (!f) { terr(err, cap, "mpc_train: cannot write %s: %s", path, strerror(errno)); return -1; }
      put_model(f, &models[k - MPC_FIRST_MODEL], decomp);
      if (fclose(f) != 0) { terr(err, cap, "mpc_train: error writing %s", path); return -1; }
    }
  return 0;
}

int mpc_train(const uint8_t *blocks, size_t n, const char *outdir, char *err, size_t cap) {
  mpc_model models[MPC_NMODELS];
  if (mpc_train_models(blocks, n, models, err, cap) != 0) return -1;
  return mpc_write_params(outdir, models, err, cap);
}
