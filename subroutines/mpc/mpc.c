/* subroutines/mpc/mpc.c -- Multi-Prediction Compression, bit-exact with the authors' RTL.
 *
 * Owns the reference (golden) model of MPC (Jin et al., IEEE CAL 2022) for
 * 32-byte blocks as subroutines/mpc/SPEC.md specifies it and
 * subroutines/mpc/FORMAT.md restates it bit by bit: the parameter-file parser
 * and checker, the compressor (class 0 zero, class 1 word repeated, classes
 * 2..6 one learned prediction model each, class 7 uncompressed), the
 * decompressor, and codec_mpc (the subroutines/codec.h face).
 * Promises: see mpc.h -- the RTL's codeword and size for every block, exact
 * round trips for every accepted parameter set, no read past the bits given,
 * and no model compiled in (everything comes from the parameter files).
 *
 * How one model k turns a block B into sixteen 16-bit symbols:
 *   R[0] = B[root]; the other 31 bytes in increasing position j become
 *   residues B[j] - (B[base[j]] << shift[j]) (mod 256, right shift when
 *   negative) in columns 1..31; every residue but R[0] is Gray-coded
 *   (G = R ^ R>>1); the 256 bits (plane p = bit 7-p of column c) are permuted
 *   by the scan into s_0..s_255, symbol i = s_16i..s_16i+15, MSB first.
 * The scan and its inverse run on nibble lookup tables built at load time.
 */
#include "mpc.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct mpc_params {
  mpc_model m[MPC_NMODELS];
  uint8_t col_of[MPC_NMODELS][32];         /* column of byte j: j+1 below the root, j above, 0 for the root */
  uint8_t order[MPC_NMODELS][31];          /* non-root bytes, each after its base (by depth) */
  /* scan: column c's high (h = 0) or low (h = 1) nibble of G with value v sets
   * these scanned bits; s_t is bit 63 - t%64 of word t/64 */
  uint64_t fwd[MPC_NMODELS][32][2][16][4];
  /* unscan: nibble n (s_4n..s_4n+3, s_4n the MSB) with value v sets these G
   * bits; G[c] is byte 7 - c%8 (little-endian numbering) of word c/8 */
  uint64_t inv[MPC_NMODELS][64][16][4];
};

static void fail(char *err, size_t cap, const char *fmt, ...) {
  if (!err || !cap) return;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(err, cap, fmt, ap);
  va_end(ap);
}

/* ---- parameter files ---------------------------------------------------------- */

static int is_blank(int ch) { return ch == ' ' || ch == '\t'; }
static int is_space(int ch) { return ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r'; }
static int is_name(int ch) { return (ch >= 'A' && ch <= 'Z') || ch == '_' || (ch >= '0' && ch <= '9'); }

#define MAX_VALUES 256

int mpc_parse_params(const char *text, int (*field)(void *ctx, const char *name, const int *values, unsigned n),
                     void *ctx, char *err, size_t err_cap) {
  const char *s = text;
  unsigned line = 1;
  int values[MAX_VALUES];
#define SKIP(pred) while (*s && (pred)) { if (*s == '\n') line++; s++; }
  for (;;) {
    SKIP(is_space(*s) || *s == ',');
    if (!*s) return 0;
    if (*s != '.') { fail(err, err_cap, "line %u: expected '.NAME', found '%c'", line, *s); return -1; }
    s++;
    char name[32];
    unsigned nl = 0;
    while (is_name(*s)) {
      if (nl + 1 >= sizeof name) { fail(err, err_cap, "line %u: field name too long", line); return -1; }
      name[nl++] = *s++;
    }
    name[nl] = 0;
    if (!nl || !(name[0] >= 'A' && name[0] <= 'Z')) { fail(err, err_cap, "line %u: bad field name", line); return -1; }
    while (is_blank(*s)) s++;
    if (*s != '(') { fail(err, err_cap, "line %u: '(' expected after .%s", line, name); return -1; }
    s++;
    SKIP(is_space(*s));
    int list = *s == '{';
    if (list) s++;
    unsigned n = 0;
    for (;;) {
      SKIP(is_space(*s) || (list && *s == ','));
      if (list && *s == '}') { s++; break; }
      if (!list && n == 1) break;
      /* a literal: [-[blanks]]8'dDIGITS */
      int neg = 0;
      if (*s == '-') { neg = 1; s++; while (is_blank(*s)) s++; }
      if (s[0] != '8' || s[1] != '\'' || s[2] != 'd' || !(s[3] >= '0' && s[3] <= '9')) {
        fail(err, err_cap, "line %u: .%s: expected a literal 8'dN, found '%.8s'", line, name, s);
        return -1;
      }
      s += 3;
      long v = 0;
      while (*s >= '0' && *s <= '9') {
        v = v * 10 + (*s++ - '0');
        if (v > 255) { fail(err, err_cap, "line %u: .%s: literal exceeds 8 bits", line, name); return -1; }
      }
      if (n == MAX_VALUES) { fail(err, err_cap, "line %u: .%s: more than %d values", line, name, MAX_VALUES); return -1; }
      values[n++] = (int)(neg ? -v : v);
    }
    SKIP(is_space(*s));
    if (*s != ')') { fail(err, err_cap, "line %u: .%s: ')' expected", line, name); return -1; }
    s++;
    int rc = field(ctx, name, values, n);
    if (rc) return rc;
  }
#undef SKIP
}

enum { F_ROOT, F_BASE, F_SHIFT, F_ROW, F_COL, F_LEVEL, F_LEN_LEVEL, F_LEVEL_START, F_TARGET, NFIELDS };
static const char *const field_names[NFIELDS] = { "ROOT_IDX", "BASE_IDX", "SHIFT_VAL", "SCAN_ROW", "SCAN_COL", "LEVEL", "LEN_LEVEL", "LEVEL_START",
                                                   "TARGET_IDX" };
static const unsigned field_count[NFIELDS] = { 1, 32, 32, 256, 256, 1, 32, 32, 32 };

typedef struct {
  unsigned nallowed;                       /* fields 0..nallowed-1 may occur (5: comp, 9: decomp) */
  int have[NFIELDS];
  int v[NFIELDS][MAX_VALUES];
  char *err;
  size_t cap;
} fields;

static int on_field(void *ctx, const char *name, const int *values, unsigned n) {
  fields *f = ctx;
  for (unsigned i = 0; i < f->nallowed; i++) {
    if (strcmp(name, field_names[i])) continue;
    if (f->have[i]) { fail(f->err, f->cap, ".%s occurs twice", name); return -2; }
    if (n != field_count[i]) { fail(f->err, f->cap, ".%s has %u values, not %u", name, n, field_count[i]); return -2; }
    f->have[i] = 1;
    memcpy(f->v[i], values, n * sizeof *values);
    return 0;
  }
  fail(f->err, f->cap, "unknown field .%s", name);
  return -2;
}

static char *read_text(const char *path, char *err, size_t cap) {
  FILE *fp = fopen(path, "rb");
  if (!fp) { fail(err, cap, "%s: %s", path, strerror(errno)); return NULL; }
  size_t size = 0, room = 4096;
  char *buf = malloc(room);
  for (;;) {
    if (!buf) break;
    size += fread(buf + size, 1, room - size - 1, fp);
    if (size < room - 1) break;
    if (room >= (1u << 20)) { free(buf); buf = NULL; fail(err, cap, "%s: larger than 1 MiB", path); fclose(fp); return NULL; }
    char *more = realloc(buf, room *= 2);
    if (!more) { free(buf); buf = NULL; }
    buf = more;
  }
  int bad = ferror(fp);
  fclose(fp);
  if (!buf) { fail(err, cap, "%s: out of memory", path); return NULL; }
  if (bad) { free(buf); fail(err, cap, "%s: read error", path); return NULL; }
  if (memchr(buf, 0, size)) { free(buf); fail(err, cap, "%s: contains a NUL byte", path); return NULL; }
  buf[size] = 0;
  return buf;
}

static int load_file(const char *dir, const char *stem, unsigned k, fields *f, char *err, size_t cap) {
  char path[4096], why[256] = "";
  snprintf(path, sizeof path, "%s/%s_%u.txt", dir, stem, k);
  char *text = read_text(path, err, cap);
  if (!text) return -1;
  f->err = why;
  f->cap = sizeof why;
  int rc = mpc_parse_params(text, on_field, f, why, sizeof why);
  free(text);
  if (rc) { fail(err, cap, "%s: %s", path, why); return -1; }
  for (unsigned i = 0; i < f->nallowed; i++)
    if (!f->have[i]) { fail(err, cap, "%s: .%s missing", path, field_names[i]); return -1; }
  return 0;
}

static int in_range(const int *v, unsigned n, int lo, int hi) {
  for (unsigned i = 0; i < n; i++) if (v[i] < lo || v[i] > hi) return 0;
  return 1;
}

/* Checks the comp fields and fills model slot mi; depth[] receives each byte's depth. */
static int check_model(const fields *f, mpc_params *p, unsigned mi, unsigned depth[32], const char *what, char *err,
                       size_t cap) {
  mpc_model *m = &p->m[mi];
  if (!in_range(f->v[F_ROOT], 1, 0, 31)) { fail(err, cap, "%s: ROOT_IDX not in 0..31", what); return -1; }
  if (!in_range(f->v[F_BASE], 32, 0, 31)) { fail(err, cap, "%s: a BASE_IDX value is not in 0..31", what); return -1; }
  if (!in_range(f->v[F_SHIFT], 32, -7, 7)) { fail(err, cap, "%s: a SHIFT_VAL value is not in -7..7", what); return -1; }
  if (!in_range(f->v[F_ROW], 256, 0, 7)) { fail(err, cap, "%s: a SCAN_ROW value is not in 0..7", what); return -1; }
  if (!in_range(f->v[F_COL], 256, 0, 31)) { fail(err, cap, "%s: a SCAN_COL value is not in 0..31", what); return -1; }
  m->root = (uint8_t)f->v[F_ROOT][0];
  for (unsigned j = 0; j < 32; j++) { m->base[j] = (uint8_t)f->v[F_BASE][j]; m->shift[j] = (int8_t)f->v[F_SHIFT][j]; }
  uint8_t seen[8][32] = { { 0 } };
  for (unsigned t = 0; t < 256; t++) {
    m->row[t] = (uint8_t)f->v[F_ROW][t];
    m->col[t] = (uint8_t)f->v[F_COL][t];
    if (seen[m->row[t]][m->col[t]]++) {
      fail(err, cap, "%s: the scan visits plane %u column %u twice (not a permutation)", what, m->row[t], m->col[t]);
      return -1;
    }
  }
  if (m->base[m->root] != m->root) { fail(err, cap, "%s: BASE_IDX[root] is not the root", what); return -1; }
  for (unsigned j = 0; j < 32; j++) {
    unsigned d = 0, x = j;
    while (x != m->root && d <= 32) { x = m->base[x]; d++; }
    if (x != m->root) { fail(err, cap, "%s: following BASE_IDX from byte %u never reaches the root", what, j); return -1; }
    depth[j] = d;
  }
  return 0;
}

/* The decomp file must repeat the comp values and hold the depth order. */
static int check_decomp(const fields *c, const fields *d, const unsigned depth[32], unsigned root, const char *what,
                        char *err, size_t cap) {
  static const unsigned same[] = { F_ROOT, F_BASE, F_SHIFT, F_ROW, F_COL };
  for (unsigned i = 0; i < 5; i++) {
    unsigned fi = same[i];
    if (memcmp(c->v[fi], d->v[fi], field_count[fi] * sizeof(int))) {
      fail(err, cap, "%s: .%s differs from the comp file's", what, field_names[fi]);
      return -1;
    }
  }
  unsigned maxd = 0, len[32] = { 0 };
  for (unsigned j = 0; j < 32; j++) {
    if (depth[j] > maxd) maxd = depth[j];
    if (j != root) len[depth[j] - 1]++;
  }
  int want_len[32] = { 0 }, want_start[32] = { 0 }, want_target[32] = { 0 };
  unsigned sum = 0, nt = 0;
  for (unsigned l = 0; l <= maxd && l < 32; l++) {
    want_start[l] = (int)sum;
    if (l < maxd) { want_len[l] = (int)len[l]; sum += len[l]; }
  }
  for (unsigned dd = 1; dd <= maxd; dd++)
    for (unsigned j = 0; j < 32; j++) if (j != root && depth[j] == dd) want_target[nt++] = (int)j;
  if (d->v[F_LEVEL][0] != (int)maxd) { fail(err, cap, "%s: LEVEL is not the tree depth %u", what, maxd); return -1; }
  if (memcmp(d->v[F_LEN_LEVEL], want_len, sizeof want_len)) { fail(err, cap, "%s: LEN_LEVEL disagrees with BASE_IDX", what); return -1; }
  if (memcmp(d->v[F_LEVEL_START], want_start, sizeof want_start)) { fail(err, cap, "%s: LEVEL_START disagrees with BASE_IDX", what); return -1; }
  if (memcmp(d->v[F_TARGET], want_target, sizeof want_target)) { fail(err, cap, "%s: TARGET_IDX disagrees with BASE_IDX", what); return -1; }
  return 0;
}

static void build_tables(mpc_params *p, unsigned mi, const unsigned depth[32]) {
  const mpc_model *m = &p->m[mi];
  for (unsigned j = 0; j < 32; j++) p->col_of[mi][j] = (uint8_t)(j == m->root ? 0 : j < m->root ? j + 1 : j);
  unsigned n = 0;
  for (unsigned dd = 1; dd <= 32; dd++)
    for (unsigned j = 0; j < 32; j++) if (j != m->root && depth[j] == dd) p->order[mi][n++] = (uint8_t)j;
  memset(p->fwd[mi], 0, sizeof p->fwd[mi]);
  memset(p->inv[mi], 0, sizeof p->inv[mi]);
  for (unsigned t = 0; t < 256; t++) {
    unsigned plane = m->row[t], c = m->col[t];
    unsigned h = plane / 4, nbit = 3 - plane % 4;           /* G bit 7-plane: nibble h, bit nbit in it */
    uint64_t sbit = 1ull << (63 - t % 64);
    for (unsigned v = 0; v < 16; v++) if (v >> nbit & 1) p->fwd[mi][c][h][v][t / 64] |= sbit;
    unsigned sn = t / 4, sb = 3 - t % 4;                    /* scanned nibble t/4, s_t its bit 3 - t%4 */
    uint64_t gbit = 1ull << (8 * (7 - c % 8) + 7 - plane);
    for (unsigned v = 0; v < 16; v++) if (v >> sb & 1) p->inv[mi][sn][v][c / 8] |= gbit;
  }
}

mpc_params *mpc_load(const char *dir, char *err, size_t err_cap) {
  mpc_params *p = calloc(1, sizeof *p);
  fields *c = malloc(sizeof *c), *d = malloc(sizeof *d);
  if (!p || !c || !d) { fail(err, err_cap, "out of memory"); goto bad; }
  for (unsigned k = MPC_FIRST_MODEL; k <= MPC_LAST_MODEL; k++) {
    unsigned mi = k - MPC_FIRST_MODEL, depth[32];
    char what[4200];
    memset(c, 0, sizeof *c);
    memset(d, 0, sizeof *d);
    c->nallowed = 5;
    d->nallowed = NFIELDS;
    if (load_file(dir, "comp", k, c, err, err_cap) || load_file(dir, "decomp", k, d, err, err_cap)) goto bad;
    snprintf(what, sizeof what, "%s/comp_%u.txt", dir, k);
    if (check_model(c, p, mi, depth, what, err, err_cap)) goto bad;
    snprintf(what, sizeof what, "%s/decomp_%u.txt", dir, k);
    if (check_decomp(c, d, depth, p->m[mi].root, what, err, err_cap)) goto bad;
    build_tables(p, mi, depth);
  }
  free(c);
  free(d);
  return p;
bad:
  free(c);
  free(d);
  free(p);
  return NULL;
}

void mpc_free(mpc_params *p) { free(p); }

const mpc_model *mpc_get_model(const mpc_params *p, unsigned k) {
  return k >= MPC_FIRST_MODEL && k <= MPC_LAST_MODEL ? &p->m[k - MPC_FIRST_MODEL] : NULL;
}

/* ---- transform ------------------------------------------------------------------ */

/* the prediction of a byte from its base byte x */
static inline uint8_t weigh(uint8_t x, int shift) {
  return shift >= 0 ? (uint8_t)(x << shift) : (uint8_t)(x >> -shift);
}

static inline uint8_t gray(uint8_t x) { return (uint8_t)(x ^ x >> 1); }
static inline uint8_t ungray(uint8_t x) { x ^= (uint8_t)(x >> 1); x ^= (uint8_t)(x >> 2); return (uint8_t)(x ^ x >> 4); }

/* scanned bits s_0..s_255 of model slot mi (s_t = bit 63 - t%64 of q[t/64]) */
static void scan(const mpc_params *p, unsigned mi, const uint8_t *b, uint64_t q[4]) {
  const mpc_model *m = &p->m[mi];
  const uint8_t *col = p->col_of[mi];
  uint8_t g[32];
  for (unsigned j = 0; j < 32; j++) g[col[j]] = gray((uint8_t)(b[j] - weigh(b[m->base[j]], m->shift[j])));
  g[0] = b[m->root];
  uint64_t q0 = 0, q1 = 0, q2 = 0, q3 = 0;
  for (unsigned c = 0; c < 32; c++) {
    const uint64_t *hi = p->fwd[mi][c][0][g[c] >> 4], *lo = p->fwd[mi][c][1][g[c] & 15];
    q0 |= hi[0] | lo[0]; q1 |= hi[1] | lo[1]; q2 |= hi[2] | lo[2]; q3 |= hi[3] | lo[3];
  }
  q[0] = q0; q[1] = q1; q[2] = q2; q[3] = q3;
}

static inline unsigned symbol(const uint64_t q[4], unsigned i) { return (unsigned)(q[i >> 2] >> (48 - 16 * (i & 3))) & 0xffffu; }

/* leading zero symbols; 0 when all are zero (as the RTL reports it) */
static unsigned leading_zero_symbols(const uint64_t q[4]) {
  for (unsigned w = 0; w < 4; w++)
    if (q[w]) return 4 * w + (unsigned)__builtin_clzll(q[w]) / 16;
  return 0;
}

/* block from scanned symbols of model slot mi */
static void unscan(const mpc_params *p, unsigned mi, const uint16_t sym[16], uint8_t *b) {
  const mpc_model *m = &p->m[mi];
  uint64_t g[4] = { 0, 0, 0, 0 };
  for (unsigned n = 0; n < 64; n++) {
    const uint64_t *x = p->inv[mi][n][sym[n / 4] >> (12 - 4 * (n % 4)) & 15];
    g[0] |= x[0]; g[1] |= x[1]; g[2] |= x[2]; g[3] |= x[3];
  }
  uint8_t r[32];
  for (unsigned c = 0; c < 32; c++) r[c] = (uint8_t)(g[c / 8] >> (56 - 8 * (c % 8)));
  for (unsigned c = 1; c < 32; c++) r[c] = ungray(r[c]);
  b[m->root] = r[0];
  const uint8_t *col = p->col_of[mi];
  for (unsigned i = 0; i < 31; i++) {
    unsigned j = p->order[mi][i];
    b[j] = (uint8_t)(r[col[j]] + weigh(b[m->base[j]], m->shift[j]));
  }
}

void mpc_symbols(const mpc_params *p, unsigned k, const uint8_t block[MPC_BLOCK_BYTES], uint16_t sym[MPC_NSYMBOLS]) {
  uint64_t q[4];
  scan(p, k - MPC_FIRST_MODEL, block, q);
  for (unsigned i = 0; i < 16; i++) sym[i] = (uint16_t)symbol(q, i);
}

void mpc_unsymbols(const mpc_params *p, unsigned k, const uint16_t sym[MPC_NSYMBOLS], uint8_t block[MPC_BLOCK_BYTES]) {
  unscan(p, k - MPC_FIRST_MODEL, sym, block);
}

/* ---- bit strings (MSB first) ---------------------------------------------------- */

/* writes the n (1..17) low bits of v at bit pos of a zeroed buffer with 3 spare bytes */
static inline void put_bits(uint8_t *buf, unsigned pos, uint32_t v, unsigned n) {
  uint32_t x = v << (32 - n) >> (pos & 7);
  uint8_t *q = buf + pos / 8;
  q[0] |= (uint8_t)(x >> 24); q[1] |= (uint8_t)(x >> 16); q[2] |= (uint8_t)(x >> 8); q[3] |= (uint8_t)x;
}

/* reads n (1..17) bits at *pos; -1 if that needs a bit at or past limit (nothing read then) */
static inline int get_bits(const uint8_t *buf, unsigned *pos, unsigned limit, unsigned n) {
  unsigned at = *pos;
  if (at > limit || n > limit - at) return -1;
  unsigned first = at / 8, last = (at + n - 1) / 8;
  uint32_t x = 0;
  for (unsigned i = first; i <= last; i++) x = x << 8 | buf[i];
  unsigned shift = 8 * (last - first + 1) - at % 8 - n;
  *pos = at + n;
  return (int)(x >> shift & ((1u << n) - 1));
}

/* ---- compressor ----------------------------------------------------------------- */

/* the 3-bit class id followed by n bytes, MSB first, into cw (zeroed past that) */
static void id_and_bytes(uint8_t cw[MPC_CODEWORD_BYTES], unsigned cls, const uint8_t *src, unsigned n) {
  memset(cw, 0, MPC_CODEWORD_BYTES);
  uint8_t prev = (uint8_t)(cls << 5);
  cw[0] = prev;
  for (unsigned i = 0; i < n; i++) {
    cw[i] = (uint8_t)(cw[i] | src[i] >> 3);
    cw[i + 1] = (uint8_t)(src[i] << 5);
  }
}

/* the payload of the symbols in q written from bit 3 of buf (zeroed, >= 40 bytes); returns its bits */
static unsigned encode(const uint64_t q[4], uint8_t *buf, unsigned *codes) {
  unsigned pos = MPC_CLASS_BITS, used = 0;
  for (unsigned i = 0; i < 16;) {
    unsigned s = symbol(q, i);
    if (!s) {
      unsigned n = 1;
      while (i + n < 16 && !symbol(q, i + n)) n++;
      if (n == 1) { put_bits(buf, pos, 0x3, 4); pos += 4; used |= 1u << MPC_CODE_ZERO1; }
      else { put_bits(buf, pos, 0x2u << 4 | (n - 1), 7); pos += 7; used |= 1u << MPC_CODE_ZRUN; }
      i += n;
      continue;
    }
    unsigned ones = (unsigned)__builtin_popcount(s), low = (unsigned)__builtin_ctz(s);
    if (ones == 1) { put_bits(buf, pos, 0x3u << 4 | (15 - low), 7); pos += 7; used |= 1u << MPC_CODE_ONE; }
    else if (ones == 2 && s >> low == 3) { put_bits(buf, pos, 14 - low, 8); pos += 8; used |= 1u << MPC_CODE_TWO; }
    else if (s < 256) { put_bits(buf, pos, 0x1u << 8 | s, 12); pos += 12; used |= 1u << MPC_CODE_LOW; }
    else if (!(s & 0xff)) { put_bits(buf, pos, 0x2u << 8 | s >> 8, 12); pos += 12; used |= 1u << MPC_CODE_HIGH; }
    else { put_bits(buf, pos, 0x10000u | s, 17); pos += 17; used |= 1u << MPC_CODE_RAW; }
    i++;
  }
  *codes = used;
  return pos - MPC_CLASS_BITS;
}

unsigned mpc_compress(const mpc_params *p, const uint8_t block[MPC_BLOCK_BYTES], uint8_t cw[MPC_CODEWORD_BYTES],
                      mpc_info *info) {
  mpc_info dummy;
  if (!info) info = &dummy;
  memset(info, 0, sizeof *info);
  unsigned any = 0, word_same = 1;
  for (unsigned i = 0; i < 32; i++) {
    any |= block[i];
    if (block[i] != block[i % 4]) word_same = 0;
  }
  if (!any) {
    memset(cw, 0, MPC_CODEWORD_BYTES);
    info->cls = MPC_CLASS_ZERO;
    return MPC_CLASS_BITS;
  }
  if (word_same) {
    id_and_bytes(cw, MPC_CLASS_WORD, block, 4);
    info->cls = MPC_CLASS_WORD;
    return MPC_CLASS_BITS + 32;
  }
  uint64_t q[MPC_NMODELS][4];
  unsigned best = 0, bestz = 0;
  for (unsigned mi = 0; mi < MPC_NMODELS; mi++) {
    scan(p, mi, block, q[mi]);
    unsigned z = leading_zero_symbols(q[mi]);
    info->zeros[mi] = z;
    if (z >= bestz) { bestz = z; best = mi; }                /* ties: the larger model */
  }
  uint8_t buf[40] = { 0 };
  unsigned bits = encode(q[best], buf, &info->codes);
  info->model = best + MPC_FIRST_MODEL;
  info->payload_bits = bits;
  if (bits >= 256) {
    id_and_bytes(cw, MPC_CLASS_RAW, block, 32);
    info->cls = MPC_CLASS_RAW;
    info->codes = 0;
    return MPC_MAX_BITS;
  }
  info->cls = info->model;
  buf[0] = (uint8_t)(buf[0] | info->cls << 5);
  memcpy(cw, buf, MPC_CODEWORD_BYTES);
  return MPC_CLASS_BITS + bits;
}

/* ---- decompressor --------------------------------------------------------------- */

/* decodes 16 symbols from bit *pos; -1 when a code needs a bit at or past limit */
static int decode_symbols(const uint8_t *buf, unsigned *pos, unsigned limit, uint16_t sym[16]) {
  for (unsigned i = 0; i < 16;) {
    int b = get_bits(buf, pos, limit, 1), v;
    if (b < 0) return -1;
    if (b) {                                                   /* 1 + 16 bits */
      if ((v = get_bits(buf, pos, limit, 16)) < 0) return -1;
      sym[i++] = (uint16_t)v;
      continue;
    }
    if ((b = get_bits(buf, pos, limit, 1)) < 0) return -1;
    if (b) {                                                   /* 01x */
      if ((b = get_bits(buf, pos, limit, 1)) < 0 || (v = get_bits(buf, pos, limit, 4)) < 0) return -1;
      if (b) sym[i++] = (uint16_t)(0x8000u >> v);              /* 011 + p: one bit */
      else                                                     /* 010 + m: m + 1 zeros, cut at 16 */
        for (int z = 0; z <= v && i < 16; z++) sym[i++] = 0;
      continue;
    }
    if ((b = get_bits(buf, pos, limit, 2)) < 0) return -1;     /* 00xx */
    if (b == 3) { sym[i++] = 0; continue; }                    /* 0011: one zero */
    if (b == 0) {                                              /* 0000 + p: bits p, p+1 (p+1 may fall off) */
      if ((v = get_bits(buf, pos, limit, 4)) < 0) return -1;
      sym[i++] = (uint16_t)(0xc000u >> v);
      continue;
    }
    if ((v = get_bits(buf, pos, limit, 8)) < 0) return -1;
    sym[i++] = (uint16_t)(b == 1 ? (unsigned)v : (unsigned)v << 8);   /* 0001: low byte, 0010: high byte */
  }
  return 0;
}

int mpc_decompress(const mpc_params *p, const uint8_t *cw, unsigned nbits, uint8_t block[MPC_BLOCK_BYTES]) {
  unsigned pos = 0;
  int cls = get_bits(cw, &pos, nbits, MPC_CLASS_BITS);
  if (cls < 0) return -1;
  if (cls == MPC_CLASS_ZERO) { memset(block, 0, 32); return MPC_CLASS_BITS; }
  if (cls == MPC_CLASS_WORD) {
    if (nbits < MPC_CLASS_BITS + 32) return -1;
    for (unsigned i = 0; i < 4; i++) block[i] = (uint8_t)get_bits(cw, &pos, nbits, 8);
    for (unsigned i = 4; i < 32; i++) block[i] = block[i % 4];
    return (int)pos;
  }
  if (cls == MPC_CLASS_RAW) {
    if (nbits < MPC_MAX_BITS) return -1;
    for (unsigned i = 0; i < 32; i++) block[i] = (uint8_t)get_bits(cw, &pos, nbits, 8);
    return (int)pos;
  }
  uint16_t sym[16];
  if (decode_symbols(cw, &pos, nbits, sym)) return -1;
  unscan(p, (unsigned)cls - MPC_FIRST_MODEL, sym, block);
  return (int)pos;
}

/* ---- codec_mpc -------------------------------------------------------------------- */

static mpc_params *default_params;
static int default_tried;
static char *default_dir;                  /* given to mpc_set_default_params */
static char *fallback_dir;                 /* given to mpc_set_default_dir */
static char fallback_missing[512];         /* why there is no fallback_dir */
static char default_err[1024];

const char *mpc_default_error(void) { return default_err; }

static char *copy_str(const char *s) {
  char *c = malloc(strlen(s) + 1);
  if (c) strcpy(c, s);
  return c;
}

void mpc_set_default_dir(const char *dir, const char *missing) {
  if (dir && fallback_dir && !strcmp(dir, fallback_dir)) return;   /* the same: keep the model loaded from it */
  free(fallback_dir);
  fallback_dir = dir ? copy_str(dir) : NULL;
  snprintf(fallback_missing, sizeof fallback_missing, "%s", dir ? "" : missing ? missing : "");
  if (!default_dir) { mpc_free(default_params); default_params = NULL; default_tried = 0; default_err[0] = 0; }
}

/* the model of codec_mpc, loaded on first use; 'loud': say on stderr (once) when it fails */
static const mpc_params *get_default(int loud) {
  if (default_params || default_tried) return default_params;
  default_tried = 1;
  const char *dir = default_dir, *from = "";
  if (!dir && (dir = getenv("AWEMU_MPC_PARAMS")) && *dir) from = " (AWEMU_MPC_PARAMS)";
  if (!dir || !*dir) dir = fallback_dir;
  if (!dir) {
    snprintf(default_err, sizeof default_err, "no model directory: %s",
             fallback_missing[0] ? fallback_missing : "none given (mpc_set_default_params, AWEMU_MPC_PARAMS)");
  } else {
    char e[768];
    default_params = mpc_load(dir, e, sizeof e);
    if (!default_params) snprintf(default_err, sizeof default_err, "%s%s", e, from);
  }
  if (!default_params && loud) fprintf(stderr, "mpc: cannot load the prediction models: %s\n", default_err);
  return default_params;
}

const mpc_params *mpc_default_params(void) { return get_default(0); }

int mpc_set_default_params(const char *dir) {
  if (!dir) {
    mpc_free(default_params);
    default_params = NULL;
    default_tried = 0;
    free(default_dir);
    default_dir = NULL;
    default_err[0] = 0;
    return 0;
  }
  mpc_params *p = mpc_load(dir, default_err, sizeof default_err);
  if (!p) return -1;
  char *copy = copy_str(dir);
  if (!copy) { mpc_free(p); snprintf(default_err, sizeof default_err, "out of memory"); return -1; }
  mpc_free(default_params);
  free(default_dir);
  default_params = p;
  default_dir = copy;
  default_tried = 1;
  default_err[0] = 0;
  return 0;
}

static const char *const mpc_encoding_names[] = { "uncompressed", "zero", "word", "model2", "model3",
                                                  "model4",       "model5", "model6" };

static int mag_ok(unsigned mag) { return mag == 16 || mag == 32 || mag == 64; }

static int codec_compress(const uint8_t *line, unsigned line_bytes, unsigned mag, uint8_t *payload, codec_meta *meta) {
  if (line_bytes != MPC_BLOCK_BYTES || !mag_ok(mag)) return -1;
  const mpc_params *p = get_default(1);
  if (!p) return -1;
  uint8_t cw[MPC_CODEWORD_BYTES + 1];
  mpc_info info;
  unsigned bits = mpc_compress(p, line, cw, &info);
  cw[MPC_CODEWORD_BYTES] = 0;
  unsigned size = (bits - MPC_CLASS_BITS + 7) / 8;
  for (unsigned i = 0; i < size; i++) payload[i] = (uint8_t)(cw[i] << 3 | cw[i + 1] >> 5);
  meta->encoding = mpc_encoding_of_class(info.cls);
  meta->size = size;
  return 0;
}

static int codec_decompress(const uint8_t *payload, const codec_meta *meta, unsigned line_bytes, unsigned mag,
                            uint8_t *line) {
  if (line_bytes != MPC_BLOCK_BYTES || !mag_ok(mag) || meta->encoding > 7) return -1;
  unsigned cls = mpc_class_of_encoding(meta->encoding), size = meta->size;
  if (cls == MPC_CLASS_ZERO) { if (size) return -1; memset(line, 0, 32); return 0; }
  if (cls == MPC_CLASS_WORD) {
    if (size != 4) return -1;
    for (unsigned i = 0; i < 32; i++) line[i] = payload[i % 4];
    return 0;
  }
  if (cls == MPC_CLASS_RAW) { if (size != 32) return -1; memcpy(line, payload, 32); return 0; }
  if (size == 0 || size > 32) return -1;
  const mpc_params *p = get_default(1);
  if (!p) return -1;
  uint8_t cw[MPC_CODEWORD_BYTES + 1];
  cw[0] = (uint8_t)(cls << 5 | payload[0] >> 3);
  for (unsigned i = 1; i < size; i++) cw[i] = (uint8_t)(payload[i - 1] << 5 | payload[i] >> 3);
  cw[size] = (uint8_t)(payload[size - 1] << 5);
  unsigned limit = MPC_CLASS_BITS + 8 * size;
  int bits = mpc_decompress(p, cw, limit, line);
  /* the payload must be exactly as long as its codes, at most 255 bits, padded with zeros */
  if (bits < 0 || (unsigned)bits - MPC_CLASS_BITS + 7 < 8 * size || (unsigned)bits > MPC_MAX_BITS - 1) return -1;
  for (unsigned b = (unsigned)bits; b < limit; b++) if (cw[b / 8] >> (7 - b % 8) & 1) return -1;
  return 0;
}

const codec codec_mpc = {
  .name = "mpc",
  .encodings = mpc_encoding_names,
  .nencodings = 8,
  .compress = codec_compress,
  .decompress = codec_decompress,
};
