/* tests/test_mpc.c -- the MPC reference codec (subroutines/mpc), bit-exact with the authors' RTL.
 *
 *   params    both parameter sets of subroutines/mpc/params load; malformed
 *             parameter text and files are refused with a message
 *   vectors   with rtl_params: every one of the 5000 vectors compresses to
 *             exactly the size of sizes.txt and the 259-bit codeword of
 *             codewords.txt; the worked examples of the spec (section 8) give
 *             its per-model zero-symbol counts; every vector's codeword (the
 *             file's, not ours) decompresses to its block, both from the
 *             259-bit container and from exactly its size bits placed before
 *             an unreadable page; the same through codec_mpc
 *   rtl       code points the encoder never emits decode as the RTL does
 *   trip      1,000,000 generated blocks (zeros, repeated words, narrow ints of
 *             8/16/32/64 bits, fp16/bf16/fp32/fp64 data, pointers, sparse,
 *             random, blocks built from chosen symbols of each model, blocks
 *             whose payload lands next to the 256-bit limit) compress,
 *             agree with a slow encoder written here from the spec, and
 *             decompress back from exactly their size bits (guard page), via
 *             the API and via codec_mpc; every class, every code and both
 *             sides of the class-7 limit occur
 *   ratio     compression ratio of the real blocks with rtl_params (1.77
 *             expected) and with config_params
 */
#define _DEFAULT_SOURCE         /* MAP_ANONYMOUS, mkdtemp */
#include "../subroutines/mpc/mpc.h"
#include "check.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define DATA "tests/data/mpc-rtl"
#define RTL_PARAMS "subroutines/mpc/params/rtl"
#define CONFIG_PARAMS "subroutines/mpc/params/config"
#define NVEC 5000
#define TRIPS 1000000u

static double seconds(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* ---- guard page ------------------------------------------------------------------ */

static uint8_t *guard_end;

static int guard_init(void) {
  long page = sysconf(_SC_PAGESIZE);
  uint8_t *p = mmap(NULL, 2 * (size_t)page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (p == MAP_FAILED) return -1;
  if (mprotect(p + page, (size_t)page, PROT_NONE)) return -1;
  guard_end = p + page;
  return 0;
}

/* decodes the first nbits of cw from a copy that ends at an unreadable page */
static int decompress_guarded(const mpc_params *p, const uint8_t *cw, unsigned nbits, uint8_t *block) {
  unsigned n = (nbits + 7) / 8;
  uint8_t *g = guard_end - n;
  memcpy(g, cw, n);
  return mpc_decompress(p, g, nbits, block);
}

static int codec_decompress_guarded(const uint8_t *payload, const codec_meta *m, uint8_t *line) {
  uint8_t out[48];
  memset(out, 0xa5, sizeof out);
  uint8_t *g = guard_end - m->size;
  memcpy(g, payload, m->size);
  int rc = codec_mpc.decompress(g, m, 32, 32, out);
  for (unsigned i = 32; i < sizeof out; i++) if (out[i] != 0xa5) return -2;
  memcpy(line, out, 32);
  return rc;
}

/* ---- bit strings ------------------------------------------------------------------- */

static void bits_to_text(const uint8_t *cw, unsigned n, char *text) {
  for (unsigned i = 0; i < n; i++) text[i] = (char)('0' + (cw[i / 8] >> (7 - i % 8) & 1));
  text[n] = 0;
}

static void text_to_bits(const char *text, unsigned n, uint8_t *cw, unsigned cap) {
  memset(cw, 0, cap);
  for (unsigned i = 0; i < n; i++) if (text[i] == '1') cw[i / 8] |= (uint8_t)(0x80u >> (i % 8));
}

static int hexval(int ch) {
  if (ch >= '0' && ch <= '9') return ch - '0';
  if (ch >= 'a' && ch <= 'f') return ch - 'a' + 10;
  if (ch >= 'A' && ch <= 'F') return ch - 'A' + 10;
  return -1;
}

/* ---- the vectors ------------------------------------------------------------------- */

static uint8_t vec_block[NVEC][32];
static unsigned vec_size[NVEC];
static char vec_cw[NVEC][MPC_MAX_BITS + 1];

static unsigned read_vectors(void) {
  FILE *fb = fopen(DATA "/blocks.txt", "r"), *fs = fopen(DATA "/sizes.txt", "r"), *fc = fopen(DATA "/codewords.txt", "r");
  unsigned n = 0;
  char lb[128], ls[32], lc[512];
  while (fb && fs && fc && n < NVEC && fgets(lb, sizeof lb, fb) && fgets(ls, sizeof ls, fs) && fgets(lc, sizeof lc, fc)) {
    int good = strlen(lb) == 65 && strlen(ls) == 4 && strlen(lc) == MPC_MAX_BITS + 1;
    for (unsigned i = 0; i < 32 && good; i++) {
      int hi = hexval(lb[2 * i]), lo = hexval(lb[2 * i + 1]);
      if (hi < 0 || lo < 0) good = 0;
      else vec_block[n][i] = (uint8_t)(hi << 4 | lo);
    }
    char *end;
    vec_size[n] = (unsigned)strtoul(ls, &end, 16);
    if (end != ls + 3) good = 0;
    for (unsigned i = 0; i < MPC_MAX_BITS && good; i++) if (lc[i] != '0' && lc[i] != '1') good = 0;
    if (!good) break;
    memcpy(vec_cw[n], lc, MPC_MAX_BITS);
    vec_cw[n][MPC_MAX_BITS] = 0;
    n++;
  }
  if (fb) fclose(fb);
  if (fs) fclose(fs);
  if (fc) fclose(fc);
  return n;
}

/* ---- a slow encoder written from the spec (sections 4.1-4.10), for cross-checks ---- */

static unsigned ref_w(unsigned x, int s) { return s >= 0 ? (x << s) & 255u : x >> -s; }

/* model k's symbols, bit by bit */
static void ref_symbols(const mpc_model *m, const uint8_t *b, unsigned sym[16]) {
  unsigned r[32], c = 1;
  r[0] = b[m->root];
  for (unsigned j = 0; j < 32; j++) {
    if (j == m->root) continue;
    r[c++] = (b[j] - ref_w(b[m->base[j]], m->shift[j])) & 255u;
  }
  unsigned bit[8][32], x[8][32];
  for (unsigned p = 0; p < 8; p++)
    for (unsigned cc = 0; cc < 32; cc++) bit[p][cc] = r[cc] >> (7 - p) & 1;
  for (unsigned p = 0; p < 8; p++)
    for (unsigned cc = 0; cc < 32; cc++) x[p][cc] = p == 0 || cc == 0 ? bit[p][cc] : bit[p][cc] ^ bit[p - 1][cc];
  for (unsigned i = 0; i < 16; i++) sym[i] = 0;
  for (unsigned t = 0; t < 256; t++) sym[t / 16] |= x[m->row[t]][m->col[t]] << (15 - t % 16);
}

static void ref_put(char *s, unsigned *n, unsigned v, unsigned bits) {
  for (unsigned i = 0; i < bits; i++) s[(*n)++] = (char)('0' + (v >> (bits - 1 - i) & 1));
}

/* the 259-character codeword; returns the size */
static unsigned ref_encode(const mpc_params *p, const uint8_t *b, char out[MPC_MAX_BITS + 1]) {
  memset(out, '0', MPC_MAX_BITS);
  out[MPC_MAX_BITS] = 0;
  unsigned n = 0, zero = 1, same = 1;
  for (unsigned i = 0; i < 32; i++) { if (b[i]) zero = 0; if (b[i] != b[i % 4]) same = 0; }
  if (zero) return 3;
  if (same) {
    ref_put(out, &n, 1, 3);
    for (unsigned i = 0; i < 4; i++) ref_put(out, &n, b[i], 8);
    return n;
  }
  unsigned best = 0, bestz = 0, sym[16];
  for (unsigned k = 2; k <= 6; k++) {
    ref_symbols(mpc_get_model(p, k), b, sym);
    unsigned z = 0;
    while (z < 16 && !sym[z]) z++;
    if (z == 16) z = 0;
    if (z >= bestz) { bestz = z; best = k; }
  }
  ref_symbols(mpc_get_model(p, best), b, sym);
  char pay[400];
  unsigned L = 0;
  for (unsigned i = 0; i < 16; i++) {
    unsigned s = sym[i];
    if (!s) {
      unsigned run = 1;
      while (i + run < 16 && !sym[i + run]) run++;
      if (run == 1) ref_put(pay, &L, 3, 4);
      else { ref_put(pay, &L, 2, 3); ref_put(pay, &L, run - 1, 4); }
      i += run - 1;
      continue;
    }
    unsigned ones = 0, pos[16];
    for (unsigned q = 0; q < 16; q++) if (s >> (15 - q) & 1) pos[ones++] = q;
    if (ones == 1) { ref_put(pay, &L, 3, 3); ref_put(pay, &L, pos[0], 4); }
    else if (ones == 2 && pos[1] == pos[0] + 1) { ref_put(pay, &L, 0, 4); ref_put(pay, &L, pos[0], 4); }
    else if (s < 256) { ref_put(pay, &L, 1, 4); ref_put(pay, &L, s, 8); }
    else if ((s & 255) == 0) { ref_put(pay, &L, 2, 4); ref_put(pay, &L, s >> 8, 8); }
    else { ref_put(pay, &L, 1, 1); ref_put(pay, &L, s, 16); }
  }
  if (L >= 256) {
    ref_put(out, &n, 7, 3);
    for (unsigned i = 0; i < 32; i++) ref_put(out, &n, b[i], 8);
    return n;
  }
  ref_put(out, &n, best, 3);
  memcpy(out + 3, pay, L);
  return 3 + L;
}

/* ---- parameters -------------------------------------------------------------------- */

static int count_field(void *ctx, const char *name, const int *values, unsigned n) {
  int *c = ctx;
  c[0]++;
  c[1] += (int)n;
  if (!strcmp(name, "SHIFT_VAL")) c[2] = values[0] + values[1];
  return 0;
}

static int copy_file(const char *from, const char *to, const char *find, const char *repl) {
  FILE *f = fopen(from, "rb");
  if (!f) return -1;
  static char buf[65536];
  size_t n = fread(buf, 1, sizeof buf - 1, f);
  fclose(f);
  buf[n] = 0;
  char *hit = find ? strstr(buf, find) : NULL;
  if (find && !hit) return -1;
  f = fopen(to, "wb");
  if (!f) return -1;
  if (hit) {
    fwrite(buf, 1, (size_t)(hit - buf), f);
    fputs(repl, f);
    fputs(hit + strlen(find), f);
  } else {
    fputs(buf, f);
  }
  return fclose(f);
}

/* a copy of rtl_params with one text replacement in one file must be refused */
static void refused_edit(const char *file, const char *find, const char *repl, const char *what) {
  char dir[] = "/tmp/test_mpc_XXXXXX", from[512], to[512], err[512] = "";
  if (!mkdtemp(dir)) { CHECK(0, "params: a temporary directory can be made"); return; }
  const char *stems[] = { "comp", "decomp" };
  int ok = 1;
  for (unsigned s = 0; s < 2; s++)
    for (unsigned k = 2; k <= 6; k++) {
      char name[32];
      snprintf(name, sizeof name, "%s_%u.txt", stems[s], k);
      snprintf(from, sizeof from, "%s/%s", RTL_PARAMS, name);
      snprintf(to, sizeof to, "%s/%s", dir, name);
      int edit = !strcmp(name, file);
      if (copy_file(from, to, edit ? find : NULL, repl)) ok = 0;
    }
  mpc_params *p = ok ? mpc_load(dir, err, sizeof err) : NULL;
  CHECK(ok && !p && err[0], "params: refused when %s (%s: \"%s\")", what, file, err);
  mpc_free(p);
  for (unsigned s = 0; s < 2; s++)
    for (unsigned k = 2; k <= 6; k++) {
      snprintf(to, sizeof to, "%s/%s_%u.txt", dir, stems[s], k);
      unlink(to);
    }
  rmdir(dir);
}

static void params_checks(const mpc_params *rtl, const mpc_params *cfg) {
  char err[256] = "";
  int c[3] = { 0, 0, 0 };
  int rc = mpc_parse_params(".ROOT_IDX\t\t(8'd8),\n.SHIFT_VAL\t\t({\n\t  8'd07, -8'd6,\n  8'd0\n}),\n\n\n.LEVEL   (8'd3)\n",
                            count_field, c, err, sizeof err);
  CHECK(rc == 0 && c[0] == 3 && c[1] == 5 && c[2] == 1, "params: parser reads fields, lists, leading zeros, '-8'dN', blank lines "
        "and a missing trailing comma (%d fields, %d values)", c[0], c[1]);
  const char *bad[] = { ".ROOT_IDX (8'hff)", ".ROOT_IDX (8'd256)", ".ROOT_IDX (8'd1", ".ROOT_IDX 8'd1", "ROOT_IDX (8'd1)",
                        ".ROOT_IDX ({8'd1, 8'd2)", ".ROOT_IDX (8'd1 8'd2)", ".root (8'd1)", ".ROOT_IDX\n(8'd1)" };
  unsigned refused = 0;
  for (unsigned i = 0; i < sizeof bad / sizeof *bad; i++) {
    char e[256] = "";
    if (mpc_parse_params(bad[i], count_field, c, e, sizeof e) == -1 && e[0]) refused++;
    else printf("     accepted: %s\n", bad[i]);
  }
  CHECK(refused == sizeof bad / sizeof *bad, "params: %u of %zu malformed texts refused with a message", refused,
        sizeof bad / sizeof *bad);
  CHECK(rtl && mpc_get_model(rtl, 6)->root == 8 && mpc_get_model(rtl, 6)->shift[31] == 6 &&
        mpc_get_model(rtl, 4)->shift[16] == 7 && mpc_get_model(rtl, 2)->root == 8 && !mpc_get_model(rtl, 7),
        "params: rtl_params models as the spec's table 3.1 lists them (roots 8/16/19/15/8, shifts)");
  CHECK(cfg && mpc_get_model(cfg, 6)->root == 0 && mpc_get_model(cfg, 6)->shift[3] == -6 &&
        mpc_get_model(cfg, 5)->shift[31] == -1, "params: config_params models as the spec's table lists them (negative shifts)");
  char e2[256] = "";
  mpc_params *none = mpc_load("/nonexistent-mpc-dir", e2, sizeof e2);
  CHECK(!none && e2[0], "params: a missing directory is refused (\"%s\")", e2);
  refused_edit("comp_3.txt", "8'd3, 8'd3, 8'd3", "8'd3, 8'd3, 8'd4", "the scan is not a permutation");
  refused_edit("comp_6.txt", ".BASE_IDX\t\t({\n\t 8'd08", ".BASE_IDX\t\t({\n\t 8'd00", "the bases form a cycle");
  refused_edit("decomp_6.txt", ".TARGET_IDX\t\t({\n\t 8'd00, 8'd09", ".TARGET_IDX\t\t({\n\t 8'd09, 8'd00",
               "TARGET_IDX disagrees with BASE_IDX");
  refused_edit("decomp_2.txt", ".ROOT_IDX\t\t(8'd8)", ".ROOT_IDX\t\t(8'd7)", "decomp disagrees with comp");
  refused_edit("comp_5.txt", ".ROOT_IDX", ".ROOT_IDX\t\t(8'd15),\n.ROOT_IDX", "a field occurs twice");
  refused_edit("comp_5.txt", ".ROOT_IDX", ".LEVEL\t\t(8'd1),\n.ROOT_IDX", "a decomp-only field is in a comp file");
  refused_edit("comp_4.txt", "8'd7", "8'd8", "a shift is out of -7..7");
  refused_edit("comp_4.txt", "8'd19", "8'd32", "the root is out of 0..31");
}

/* ---- vectors ------------------------------------------------------------------------ */

static void vector_checks(const mpc_params *p, unsigned n) {
  unsigned size_ok = 0, cw_ok = 0, ref_ok = 0, dec_ok = 0, dec259_ok = 0, codec_ok = 0, cls_count[8] = { 0 };
  unsigned shown = 0;
  for (unsigned i = 0; i < n; i++) {
    uint8_t cw[MPC_CODEWORD_BYTES], back[32], filecw[MPC_CODEWORD_BYTES];
    char text[MPC_MAX_BITS + 1], rtext[MPC_MAX_BITS + 1];
    mpc_info info;
    unsigned bits = mpc_compress(p, vec_block[i], cw, &info);
    bits_to_text(cw, MPC_MAX_BITS, text);
    size_ok += bits == vec_size[i];
    cw_ok += !strcmp(text, vec_cw[i]);
    ref_ok += ref_encode(p, vec_block[i], rtext) == vec_size[i] && !strcmp(rtext, vec_cw[i]);
    if ((bits != vec_size[i] || strcmp(text, vec_cw[i])) && shown++ < 3)
      printf("     vector %u: size %u (want %u), codeword\n       %s\n     want %s\n", i + 1, bits, vec_size[i], text,
             vec_cw[i]);
    cls_count[(vec_cw[i][0] - '0') * 4 + (vec_cw[i][1] - '0') * 2 + (vec_cw[i][2] - '0')]++;
    /* decode the file's codeword: from the 259-bit container and from exactly its size bits */
    text_to_bits(vec_cw[i], MPC_MAX_BITS, filecw, sizeof filecw);
    memset(back, 0, 32);
    dec259_ok += mpc_decompress(p, filecw, MPC_MAX_BITS, back) == (int)vec_size[i] && !memcmp(back, vec_block[i], 32);
    memset(back, 0, 32);
    dec_ok += decompress_guarded(p, filecw, vec_size[i], back) == (int)vec_size[i] && !memcmp(back, vec_block[i], 32);
    /* codec_mpc: encoding = (class + 1) mod 8, payload = the codeword after the class id */
    uint8_t payload[CODEC_MAX_PAYLOAD], want[40];
    codec_meta m;
    unsigned cls = filecw[0] >> 5;
    text_to_bits(vec_cw[i] + 3, vec_size[i] - 3, want, sizeof want);
    int ok = codec_mpc.compress(vec_block[i], 32, 32, payload, &m) == 0 && m.encoding == (cls + 1) % 8 &&
             m.size == (vec_size[i] - 3 + 7) / 8 && !memcmp(payload, want, m.size) &&
             (m.encoding != 0 || !memcmp(payload, vec_block[i], 32));
    memset(back, 0, 32);
    codec_ok += ok && codec_decompress_guarded(payload, &m, back) == 0 && !memcmp(back, vec_block[i], 32);
  }
  CHECK(size_ok == n, "vectors: %u of %u compressed sizes equal sizes.txt", size_ok, n);
  CHECK(cw_ok == n, "vectors: %u of %u codewords equal codewords.txt (all 259 characters)", cw_ok, n);
  CHECK(ref_ok == n, "vectors: the slow encoder of this test (from the spec) also gives %u of %u", ref_ok, n);
  CHECK(dec259_ok == n, "vectors: %u of %u codewords of codewords.txt decompress to their block from the 259-bit container "
        "and report their size", dec259_ok, n);
  CHECK(dec_ok == n, "vectors: %u of %u decompress from exactly their size bits ending at an unreadable page", dec_ok, n);
  CHECK(codec_ok == n, "vectors: codec_mpc: %u of %u give encoding (class+1)%%8, payload = codeword after the id "
        "(%s), and decompress back reading only meta.size bytes", codec_ok, n, "the line for class 7");
  CHECK(cls_count[0] && cls_count[1] && cls_count[7], "vectors: classes 0..7 occur %u %u %u %u %u %u %u %u times",
        cls_count[0], cls_count[1], cls_count[2], cls_count[3], cls_count[4], cls_count[5], cls_count[6], cls_count[7]);

  /* the spec's worked examples (section 8): vectors 2, 5, 6, 10 */
  struct { unsigned vec, cls, model, z[5]; } ex[] = {
    { 2, 6, 6, { 6, 0, 0, 0, 11 } }, { 5, 4, 4, { 6, 12, 15, 6, 10 } }, { 6, 7, 5, { 0, 0, 0, 1, 0 } }, { 10, 1, 0, { 0 } } };
  for (unsigned e = 0; e < 4; e++) {
    uint8_t cw[MPC_CODEWORD_BYTES];
    mpc_info info;
    unsigned bits = mpc_compress(p, vec_block[ex[e].vec - 1], cw, &info);
    CHECK(bits == vec_size[ex[e].vec - 1] && info.cls == ex[e].cls && info.model == ex[e].model &&
          !memcmp(info.zeros, ex[e].z, sizeof ex[e].z), "vectors: spec example vector %u: class %u, model %u, zero symbols "
          "Z2..Z6 = %u %u %u %u %u, payload %u bits, size %u", ex[e].vec, info.cls, info.model, info.zeros[0], info.zeros[1],
          info.zeros[2], info.zeros[3], info.zeros[4], info.payload_bits, bits);
  }
  uint16_t sym[16];
  mpc_symbols(p, 6, vec_block[1], sym);
  CHECK(sym[10] == 0 && sym[11] == 0x03ff && sym[12] == 0xe000 && sym[13] == 0 && sym[14] == 0 && sym[15] == 0x0018,
        "vectors: spec example vector 2, model 6 symbols ... %04x %04x %04x %04x %04x", sym[11], sym[12], sym[13], sym[14],
        sym[15]);
}

/* code points the encoder never emits (spec 5.1) */
static void rtl_decode_checks(const mpc_params *p) {
  uint8_t cw[MPC_CODEWORD_BYTES], b[32], want[32];
  uint16_t sym[16] = { 0 };
  /* class 2, zero run m = 15: sixteen zero symbols -> the all-zero block */
  text_to_bits("010" "0101111", 10, cw, sizeof cw);
  int r1 = mpc_decompress(p, cw, 10, b);
  int z1 = 1;
  for (unsigned i = 0; i < 32; i++) if (b[i]) z1 = 0;
  /* m = 0 is one zero symbol; then a run of 15 */
  text_to_bits("011" "0100000" "0101110", 17, cw, sizeof cw);
  int r2 = mpc_decompress(p, cw, 17, b);
  int z2 = 1;
  for (unsigned i = 0; i < 32; i++) if (b[i]) z2 = 0;
  CHECK(r1 == 10 && z1 && r2 == 17 && z2, "rtl: zero-run field m = 15 gives 16 zeros, m = 0 one zero");
  /* double one at p = 15: only the last bit; then a run that would go past symbol 15 is cut */
  text_to_bits("100" "00001111" "0101111", 18, cw, sizeof cw);
  int r3 = mpc_decompress(p, cw, 18, b);
  sym[0] = 1;
  mpc_unsymbols(p, 4, sym, want);
  CHECK(r3 == 18 && !memcmp(b, want, 32), "rtl: double-one code with p = 15 sets only bit 15; a run past symbol 15 is cut");
  /* truncated codewords are refused, nothing past nbits is read */
  unsigned refused = 0, tried = 0;
  for (unsigned v = 0; v < NVEC; v += 7) {
    uint8_t full[MPC_CODEWORD_BYTES];
    text_to_bits(vec_cw[v], MPC_MAX_BITS, full, sizeof full);
    for (unsigned cut = 0; cut < vec_size[v]; cut += 1 + cut / 4) {
      tried++;
      refused += decompress_guarded(p, full, cut, b) == -1;
    }
  }
  CHECK(refused == tried, "rtl: %u of %u codewords cut short of their size are refused (guard page behind the cut)", refused,
        tried);
  /* codec_mpc refuses payloads whose size does not fit their codes */
  codec_meta m;
  uint8_t pay[CODEC_MAX_PAYLOAD], line[32];
  unsigned bad = 0, tot = 0;
  for (unsigned v = 0; v < NVEC; v += 11) {
    if (codec_mpc.compress(vec_block[v], 32, 64, pay, &m)) continue;
    codec_meta shorter = m, longer = m;
    shorter.size--;
    longer.size++;
    pay[m.size] = 0;
    if (m.size) { tot++; bad += codec_decompress_guarded(pay, &shorter, line) == -1; }
    tot++;
    bad += codec_decompress_guarded(pay, &longer, line) == -1;
  }
  codec_meta odd = { 8, 1 };
  pay[0] = 0;
  tot += 2;
  bad += codec_decompress_guarded(pay, &odd, line) == -1;
  bad += codec_mpc.compress(vec_block[0], 64, 32, pay, &m) == -1;
  CHECK(bad == tot, "rtl: codec_mpc refuses %u of %u payloads one byte short or long, an unknown encoding, a 64-byte line",
        bad, tot);
}

/* ---- generated blocks ------------------------------------------------------------------ */

static uint64_t rng_state = 0x9e3779b97f4a7c15ull;
static uint64_t rnd(void) {
  uint64_t z = (rng_state += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}
static unsigned rndn(unsigned n) { return (unsigned)(rnd() % n); }
static double rndf(void) { return (double)(rnd() >> 11) * (1.0 / 9007199254740992.0); }

static void put_le(uint8_t *b, unsigned at, uint64_t v, unsigned bytes) {
  for (unsigned i = 0; i < bytes; i++) b[at + i] = (uint8_t)(v >> (8 * i));
}

static uint32_t f32_bits(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }
static uint64_t f64_bits(double d) { uint64_t u; memcpy(&u, &d, 8); return u; }
/* IEEE binary16 by truncation (subnormals flushed, overflow to infinity) */
static uint16_t f16_bits(float f) {
  uint32_t u = f32_bits(f), sign = u >> 16 & 0x8000u;
  int e = (int)(u >> 23 & 255) - 127 + 15;
  if (e <= 0) return (uint16_t)sign;
  if (e >= 31) return (uint16_t)(sign | 0x7c00u);
  return (uint16_t)(sign | (uint32_t)e << 10 | (u >> 13 & 0x3ffu));
}

/* a value sequence typical of floating-point arrays: v(i) for i = 0..n-1 */
static double float_value(unsigned mode, unsigned i, double a, double d) {
  switch (mode) {
  case 0: return a + d * i;                                 /* smooth ramp */
  case 1: return a * (1.0 + 0.01 * (rndf() - 0.5));         /* noise around a value */
  case 2: return (double)(int)(a * 8) + (double)rndn(8);    /* small integers */
  case 3: return rndn(4) ? 0.0 : a;                         /* mostly zeros */
  case 4: return a * exp(10.0 * (rndf() - 0.5));            /* wide range, same sign */
  default: return (rnd() & 1 ? -1.0 : 1.0) * a * rndf();    /* mixed signs */
  }
}

enum gen_kind {
  G_ZERO, G_WORD, G_WORD_NEAR, G_INT8, G_INT16, G_INT32, G_INT64, G_FP16, G_BF16, G_FP32, G_FP64, G_PTR, G_SPARSE,
  G_RANDOM, G_CRAFT, G_LIMIT, G_KINDS
};
static const char *const gen_names[G_KINDS] = { "zero", "word", "word-near", "int8", "int16", "int32", "int64", "fp16",
                                                "bf16", "fp32", "fp64", "pointer", "sparse", "random", "craft", "limit" };

/* code bits of a symbol list (spec 4.8), to aim at the 256-bit limit */
static unsigned code_bits(const uint16_t *sym) {
  unsigned L = 0;
  for (unsigned i = 0; i < 16; i++) {
    unsigned s = sym[i];
    if (!s) {
      unsigned run = 1;
      while (i + run < 16 && !sym[i + run]) run++;
      L += run == 1 ? 4 : 7;
      i += run - 1;
    } else {
      unsigned ones = (unsigned)__builtin_popcount(s);
      if (ones == 1) L += 7;
      else if (ones == 2 && (s & (s >> 1))) L += 8;
      else if (s < 256 || !(s & 255)) L += 12;
      else L += 17;
    }
  }
  return L;
}

/* a symbol of a chosen code type (0 zero, 1 one bit, 2 two adjacent, 3 low byte, 4 high byte, 5 raw) */
static uint16_t symbol_of_type(unsigned type) {
  unsigned v;
  switch (type) {
  case 0: return 0;
  case 1: return (uint16_t)(1u << rndn(16));
  case 2: return (uint16_t)(3u << rndn(15));
  case 3: do v = rndn(256); while (__builtin_popcount(v) < 2 || (__builtin_popcount(v) == 2 && (v & v >> 1))); return (uint16_t)v;
  case 4: do v = rndn(256); while (__builtin_popcount(v) < 2 || (__builtin_popcount(v) == 2 && (v & v >> 1))); return (uint16_t)(v << 8);
  default: do v = rndn(65536); while (!(v & 255) || !(v >> 8)); return (uint16_t)v;
  }
}

/* returns the model a crafted block was built for (0 if none) and its leading zero symbols */
static unsigned generate(const mpc_params *p, enum gen_kind kind, uint8_t *b, unsigned *craft_z) {
  memset(b, 0, 32);
  switch (kind) {
  case G_ZERO: break;
  case G_WORD: {
    uint32_t w = rndn(8) ? (uint32_t)rnd() : rndn(3) ? 0 : (uint32_t)rndn(256) << (8 * rndn(4));
    for (unsigned i = 0; i < 8; i++) put_le(b, 4 * i, w, 4);
    break;
  }
  case G_WORD_NEAR: {
    uint32_t w = (uint32_t)rnd();
    for (unsigned i = 0; i < 8; i++) put_le(b, 4 * i, w, 4);
    b[rndn(32)] ^= (uint8_t)(1u << rndn(8));
    break;
  }
  case G_INT8: case G_INT16: case G_INT32: case G_INT64: {
    unsigned bytes = kind == G_INT8 ? 1 : kind == G_INT16 ? 2 : kind == G_INT32 ? 4 : 8, n = 32 / bytes;
    unsigned width = 1 + rndn(8 * bytes < 24 ? 8 * bytes : 24), mode = rndn(3);
    int64_t base = (int64_t)(rnd() >> (64 - width)) - (rndn(2) ? (int64_t)1 << (width - 1) : 0), step = (int64_t)rndn(9) - 4;
    for (unsigned i = 0; i < n; i++) {
      int64_t v = mode == 0 ? base + step * (int64_t)i                                   /* stride */
                : mode == 1 ? (int64_t)(rnd() >> (64 - width)) - ((int64_t)1 << (width - 1)) / 2  /* narrow random */
                : base + (int64_t)rndn(4);                                               /* near a base */
      put_le(b, i * bytes, (uint64_t)v, bytes);
    }
    break;
  }
  case G_FP16: case G_BF16: case G_FP32: case G_FP64: {
    unsigned mode = rndn(6);
    double a = (rnd() & 1 ? 1 : -1) * exp(20.0 * (rndf() - 0.5)), d = a * 0.05 * (rndf() - 0.5);
    unsigned bytes = kind == G_FP64 ? 8 : kind == G_FP32 ? 4 : 2;
    for (unsigned i = 0; i < 32 / bytes; i++) {
      double v = float_value(mode, i, a, d);
      if (kind == G_FP64) put_le(b, 8 * i, f64_bits(v), 8);
      else if (kind == G_FP32) put_le(b, 4 * i, f32_bits((float)v), 4);
      else if (kind == G_FP16) put_le(b, 2 * i, f16_bits((float)v), 2);
      else put_le(b, 2 * i, f32_bits((float)v) >> 16, 2);
    }
    break;
  }
  case G_PTR: {
    uint64_t base = 0x00007f0000000000ull | (rnd() & 0xffffffffffull & ~7ull), stride = 8u << rndn(6);
    if (rndn(2)) for (unsigned i = 0; i < 4; i++) put_le(b, 8 * i, base + stride * i, 8);
    else for (unsigned i = 0; i < 8; i++) put_le(b, 4 * i, (uint32_t)base + (uint32_t)(stride * i), 4);
    break;
  }
  case G_SPARSE: { unsigned n = 1 + rndn(4); for (unsigned i = 0; i < n; i++) b[rndn(32)] = (uint8_t)rnd(); break; }
  case G_RANDOM: for (unsigned i = 0; i < 32; i++) b[i] = (uint8_t)rnd(); break;
  case G_CRAFT: case G_LIMIT: default: {
    /* symbols of model k with z leading zeros and a chosen mix of code types; G_LIMIT aims at L = 252..259 */
    unsigned k = 2 + rndn(5), z, tries = 0;
    uint16_t sym[16];
    do {
      z = kind == G_LIMIT ? rndn(2) : rndn(16);
      unsigned zero_odds = kind == G_LIMIT ? 16 : 1 + rndn(6), raw_odds = kind == G_LIMIT ? 12 : rndn(8);
      for (unsigned i = 0; i < 16; i++) {
        unsigned type = i < z ? 0 : i == z ? 1 + rndn(5) : rndn(zero_odds) == 0 ? 0 : rndn(8) < raw_odds ? 5 : 1 + rndn(5);
        sym[i] = symbol_of_type(type);
      }
      tries++;
    } while (kind == G_LIMIT && tries < 10000 && (code_bits(sym) < 252 || code_bits(sym) > 259));
    mpc_unsymbols(p, k, sym, b);
    *craft_z = z;
    return k;
  }
  }
  return 0;
}


/* ---- round trips ------------------------------------------------------------------------ */

static void trips(const mpc_params *p) {
  double t0 = seconds();
  unsigned long fails = 0, ref_checked = 0, ref_bad = 0, container_bad = 0, codec_bad = 0, craft_bad = 0;
  unsigned long cls_count[8] = { 0 }, model_raw[8] = { 0 }, kind_bits[G_KINDS] = { 0 }, kind_n[G_KINDS] = { 0 };
  unsigned long below_limit = 0, at_limit = 0;
  unsigned codes = 0, shown = 0, max_kept = 0, min_raw = 999;
  for (unsigned i = 0; i < TRIPS; i++) {
    enum gen_kind kind = (enum gen_kind)(i % G_KINDS);
    uint8_t b[32], back[32], cw[MPC_CODEWORD_BYTES];
    unsigned z = 0, k = generate(p, kind, b, &z);
    mpc_info info;
    unsigned bits = mpc_compress(p, b, cw, &info);
    memset(back, 0x5a, 32);
    int ok = decompress_guarded(p, cw, bits, back) == (int)bits && !memcmp(back, b, 32);
    if (!ok) {
      fails++;
      if (shown++ < 5) {
        printf("FAIL trip: block %u (%s) class %u size %u does not round trip:", i, gen_names[kind], info.cls, bits);
        for (unsigned j = 0; j < 32; j++) printf(" %02x", b[j]);
        printf("\n");
      }
      continue;
    }
    if (i % 8 == 0 && (mpc_decompress(p, cw, MPC_MAX_BITS, back) != (int)bits || memcmp(back, b, 32))) container_bad++;
    if (i % 4 == 0) {
      char text[MPC_MAX_BITS + 1], rtext[MPC_MAX_BITS + 1];
      bits_to_text(cw, MPC_MAX_BITS, text);
      ref_checked++;
      if (ref_encode(p, b, rtext) != bits || strcmp(text, rtext)) ref_bad++;
    }
    if (k && info.cls >= 2 && info.zeros[k - 2] != z) craft_bad++;
    /* codec_mpc: same class, payload = codeword bits after the id, back through a guard page */
    uint8_t payload[CODEC_MAX_PAYLOAD], want[MPC_CODEWORD_BYTES];
    codec_meta m;
    unsigned size = (bits - 3 + 7) / 8;
    for (unsigned j = 0; j < size; j++) want[j] = (uint8_t)(cw[j] << 3 | (j + 1 < MPC_CODEWORD_BYTES ? cw[j + 1] >> 5 : 0));
    if (codec_mpc.compress(b, 32, 16u << (i % 3), payload, &m) || m.encoding != (info.cls + 1) % 8 || m.size != size ||
        memcmp(payload, want, size) || codec_decompress_guarded(payload, &m, back) || memcmp(back, b, 32))
      codec_bad++;
    cls_count[info.cls]++;
    if (info.cls == 7) model_raw[info.model]++;
    codes |= info.codes;
    if (info.cls >= 2 && info.cls <= 6 && info.payload_bits > max_kept) max_kept = info.payload_bits;
    if (info.cls == 7 && info.payload_bits < min_raw) min_raw = info.payload_bits;
    if (info.cls >= 2 && info.cls <= 6 && info.payload_bits == 254) below_limit++;
    if (info.cls == 7 && info.payload_bits == 257) at_limit++;
    kind_bits[kind] += bits;
    kind_n[kind]++;
  }
  double dt = seconds() - t0;
  CHECK(fails == 0, "trip: %u generated blocks compress and decompress back from exactly their size bits ending at an "
        "unreadable page (%lu failed); %.2f s in all (%.2f us per block, with the checks below)", TRIPS, fails, dt,
        dt * 1e6 / TRIPS);
  CHECK(container_bad == 0, "trip: %lu blocks also decode from the 259-bit container and report the same size",
        (unsigned long)(TRIPS + 7) / 8);
  CHECK(ref_bad == 0, "trip: %lu blocks agree bit for bit with the slow encoder written from the spec (%lu differ)",
        ref_checked, ref_bad);
  CHECK(craft_bad == 0, "trip: blocks built from model k's symbols with z leading zero symbols report Z_k = z (%lu differ)",
        craft_bad);
  CHECK(codec_bad == 0, "trip: codec_mpc on every block (MAG 16/32/64): encoding (class+1)%%8, payload = codeword after "
        "the id, back through a guard page (%lu failed)", codec_bad);
  int all = 1;
  for (unsigned c = 0; c < 8; c++) if (!cls_count[c]) all = 0;
  CHECK(all, "trip: every class occurs: %lu %lu %lu %lu %lu %lu %lu %lu", cls_count[0], cls_count[1], cls_count[2],
        cls_count[3], cls_count[4], cls_count[5], cls_count[6], cls_count[7]);
  int every_model_raw = 1;
  for (unsigned k = 2; k <= 6; k++) if (!model_raw[k]) every_model_raw = 0;
  CHECK(every_model_raw, "trip: class 7 comes from each selected model: %lu %lu %lu %lu %lu (models 2..6)", model_raw[2],
        model_raw[3], model_raw[4], model_raw[5], model_raw[6]);
  CHECK(codes == (1u << MPC_NCODES) - 1, "trip: every symbol code occurs (mask %#x of %#x)", codes, (1u << MPC_NCODES) - 1);
  /* the code lengths (4/7 for zeros; 7, 8, 12, 17) cannot add up to 251, 255 or 256 bits over 16 symbols, so the
   * largest payload kept is 254 bits (size 257) and the smallest refused one 257 (FORMAT.md) */
  CHECK(below_limit && at_limit && max_kept == 254 && min_raw == 257, "trip: both sides of the class-7 limit occur: "
        "payload 254 bits kept (%lu blocks, the largest kept: %u), 257 bits stored uncompressed (%lu, the smallest: %u)",
        below_limit, max_kept, at_limit, min_raw);
  printf("     mean size in bits per generated kind:");
  for (unsigned g = 0; g < G_KINDS; g++) printf(" %s %.1f", gen_names[g], (double)kind_bits[g] / (double)kind_n[g]);
  printf("\n");
}

/* ---- compression ratio on the real blocks ------------------------------------------------- */

static void ratio(const char *name, const mpc_params *p, unsigned n, double expect) {
  unsigned long bits = 0, cw_bytes = 0, pay_bytes = 0, burst16 = 0, burst32 = 0, size_match = 0, cw_match = 0, trip = 0;
  for (unsigned i = 0; i < n; i++) {
    uint8_t cw[MPC_CODEWORD_BYTES], back[32];
    char text[MPC_MAX_BITS + 1];
    unsigned s = mpc_compress(p, vec_block[i], cw, NULL);
    bits_to_text(cw, MPC_MAX_BITS, text);
    size_match += s == vec_size[i];
    cw_match += !strcmp(text, vec_cw[i]);
    trip += decompress_guarded(p, cw, s, back) == (int)s && !memcmp(back, vec_block[i], 32);
    unsigned pb = (s - 3 + 7) / 8;
    bits += s;
    cw_bytes += (s + 7) / 8;
    pay_bytes += pb;
    burst16 += 16 * codec_bursts(pb, 16);
    burst32 += 32 * codec_bursts(pb, 32);
  }
  double r = 256.0 * n / (double)bits;
  CHECK(trip == n && (expect == 0 || fabs(r - expect) < 5e-5),
        "ratio %s: %.4f = %u x 256 bits / %lu codeword bits%s; in bytes %.4f (codeword bytes ceil(bits/8), %lu), %.4f "
        "(codec_mpc payload bytes without the class id, %lu); with MAG rounding %.4f at MAG 16, %.4f at MAG 32; "
        "%u blocks round trip; sizes %lu / %u and codewords %lu / %u equal the vectors'", name, r, n, bits,
        expect != 0 ? " (spec: 1.7718, i.e. 1.77)" : "", 32.0 * n / (double)cw_bytes, cw_bytes, 32.0 * n / (double)pay_bytes,
        pay_bytes, 32.0 * n / (double)burst16, 32.0 * n / (double)burst32, n, size_match, n, cw_match, n);
}

/* plain speed: compress + decompress the real blocks, no checks in the loop */
static void speed(const mpc_params *p, unsigned n) {
  const unsigned rounds = 200;
  unsigned long sum = 0;
  double t0 = seconds();
  for (unsigned r = 0; r < rounds; r++)
    for (unsigned i = 0; i < n; i++) {
      uint8_t cw[MPC_CODEWORD_BYTES], back[32];
      unsigned bits = mpc_compress(p, vec_block[i], cw, NULL);
      sum += bits + (unsigned)mpc_decompress(p, cw, bits, back) + back[i % 32];
    }
  double dt = seconds() - t0;
  CHECK(sum > 0, "speed: %u compress + decompress round trips of the real blocks in %.2f s (%.0f ns per block)",
        rounds * n, dt, dt * 1e9 / (rounds * (double)n));
}

int main(void) {
  if (guard_init()) { CHECK(0, "an unreadable guard page can be mapped"); return 1; }
  char err[512] = "";
  mpc_params *rtl = mpc_load(RTL_PARAMS, err, sizeof err);
  CHECK(rtl != NULL, "params: %s loads (%s)", RTL_PARAMS, rtl ? "5 models" : err);
  mpc_params *cfg = mpc_load(CONFIG_PARAMS, err, sizeof err);
  CHECK(cfg != NULL, "params: %s loads (%s)", CONFIG_PARAMS, cfg ? "5 models" : err);
  if (!rtl || !cfg) return 1;
  CHECK(mpc_set_default_params(RTL_PARAMS) == 0, "params: codec_mpc's model set to %s", RTL_PARAMS);
  params_checks(rtl, cfg);
  unsigned n = read_vectors();
  CHECK(n == NVEC, "vectors: %u of %u read from %s", n, NVEC, DATA);
  if (n != NVEC) return 1;
  vector_checks(rtl, n);
  rtl_decode_checks(rtl);
  trips(rtl);
  ratio("rtl_params", rtl, n, 1.7718);
  ratio("config_params", cfg, n, 0);
  speed(rtl, n);
  mpc_free(rtl);
  mpc_free(cfg);
  return check_failed ? 1 : 0;
}
