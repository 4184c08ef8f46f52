/* tests/test_subroutines.c -- assist-warp subroutines agree with the reference codecs.
 *
 * For each algorithm, lines are generated until every encoding the codec
 * produces has at least LINES_PER_ENCODING of them (over line sizes 32, 64
 * and 128 and, for MAG-aware codecs, MAG 16, 32 and 64).  Each line is
 * compressed by the reference codec and by the compression subroutine run
 * in the emulator (payload bytes and metadata must be equal), and the
 * reference payload is decompressed by the subroutine the AWS selects for
 * its encoding (the line must come back).  Then one instruction of each
 * subroutine is corrupted and the agreement must fail: the check can fail.
 * With --stats it prints warp instructions and lanes per line (make bench).
 */
#include "../asm/asm.h"
#include "../emu/awemu.h"
#include "../isa/image.h"
#include "../isa/isa.h"
#include "../subroutines/codec.h"
#include "../subroutines/mpc/mpc.h"
#include "check.h"

#include <stdlib.h>
#include <string.h>

#ifndef LINES_PER_ENCODING
#define LINES_PER_ENCODING 10000
#endif

typedef struct { const char *codec, *module; int mag_aware; } alg;
static const alg algs[] = {
  { "bdi", "subroutines/bdi/bdi.s", 0 },
  { "fpc", "subroutines/fpc/fpc.s", 0 },
  { "cpack", "subroutines/cpack/cpack.s", 0 },
  { "magbdi", "subroutines/magbdi/magbdi.s", 1 },
  { "mpc", "subroutines/mpc/mpc.s", 0 },
};

/* ---- lines ---- */

static uint64_t rng = 0x243f6a8885a308d3ull;
static uint64_t rnd(void) { rng ^= rng << 13; rng ^= rng >> 7; rng ^= rng << 17; return rng; }

static void put(uint8_t *p, uint64_t v, unsigned bytes) { for (unsigned i = 0; i < bytes; i++) p[i] = (uint8_t)(v >> (8 * i)); }

/* A line of one of many shapes: zeros, repeats, base+delta at every base and
 * delta width (with some elements near zero), narrow integers, few distinct
 * words, low-byte variations, small-range floats, random bytes. */
static void gen_line(uint8_t *line, unsigned n) {
  unsigned kind = (unsigned)(rnd() % 16);
  memset(line, 0, n);
  switch (kind) {
  case 0: break;
  case 1: { uint64_t v = rnd(); for (unsigned i = 0; i < n; i += 8) put(line + i, v, 8); break; }
  case 2: case 3: case 4: case 5: {   /* base + deltas */
    static const unsigned bases[] = { 8, 4, 2 }, deltas[] = { 1, 2, 4 };
    unsigned b = bases[rnd() % 3], d = deltas[rnd() % 3];
    if (d >= b) d = b / 2 ? b / 2 : 1;
    uint64_t base = rnd();
    int zeros = kind == 5;
    for (unsigned i = 0; i < n; i += b) {
      int64_t lim = (int64_t)1 << (8 * d - 1);
      int64_t delta = (int64_t)(rnd() % (uint64_t)(2 * lim)) - lim;
      if (rnd() % 16 == 0) delta = rnd() % 2 ? lim - 1 : -lim;
      uint64_t v = (zeros && rnd() % 3 == 0) ? (uint64_t)delta : base + (uint64_t)delta;
      put(line + i, v, b);
    }
    break;
  }
  case 6: for (unsigned i = 0; i < n; i += 4) { int w = (int)(rnd() % 5); int64_t v = (int64_t)(rnd() % (1u << (4 * w + 1))) - (1 << (4 * w)); put(line + i, (uint64_t)v, 4); } break;
  case 7: {
    uint32_t dict[4] = { (uint32_t)rnd(), (uint32_t)rnd(), (uint32_t)rnd(), (uint32_t)rnd() };
    unsigned nd = 1 + (unsigned)(rnd() % 4);
    for (unsigned i = 0; i < n; i += 4) put(line + i, rnd() % 5 == 0 ? rnd() % 256 : dict[rnd() % nd], 4);
    break;
  }
  case 8: { uint32_t w = (uint32_t)rnd() & 0xffffff00u; for (unsigned i = 0; i < n; i += 4) put(line + i, w | (rnd() % 256), 4); break; }
  case 9: for (unsigned i = 0; i < n; i += 4) { float f = 1.0f + (float)(rnd() % 1000) / 1000.0f; uint32_t b; memcpy(&b, &f, 4); put(line + i, b, 4); } break;
  case 10: for (unsigned i = 0; i < n; i += 4) put(line + i, rnd() % 3 ? 0 : rnd(), 4); break;
  case 12: case 13: {   /* 4-byte words: a base plus signed deltas of one random width (1-28 bits), some taken from zero */
    unsigned wbits = 1 + (unsigned)(rnd() % 28);
    uint32_t base = (uint32_t)rnd();
    for (unsigned i = 0; i < n; i += 4) {
      int64_t lim = (int64_t)1 << (wbits - 1);
      int64_t delta = (int64_t)(rnd() % (uint64_t)(2 * lim)) - lim;
      put(line + i, (uint32_t)((rnd() % 4 == 0 ? 0 : base) + (uint32_t)delta), 4);
    }
    break;
  }
  case 11: {   /* 2-byte elements, each near zero or near one base: b2d1 with a mask of both kinds of bit */
    uint64_t base = 0x100 + rnd() % 0xfe00;
    for (unsigned i = 0; i < n; i += 2) put(line + i, (rnd() % 2 ? base : 0) + (uint64_t)((int)(rnd() % 256) - 128), 2);
    break;
  }
  case 14: for (unsigned i = 0; i < n; i += 2) put(line + i, (uint64_t)(int64_t)((int)(rnd() % 256) - 128), 2); break;
  case 15: {   /* 2-byte halves: a fixed high half, small low halves: b4d2 and b2d1 both fit, the trial order decides */
    uint16_t hi = (uint16_t)((int)(rnd() % 256) - 128);
    for (unsigned i = 0; i < n; i += 4) { put(line + i, (uint64_t)(int64_t)((int)(rnd() % 256) - 128), 2); put(line + i + 2, hi, 2); }
    break;
  }
  default: for (unsigned i = 0; i < n; i++) line[i] = (uint8_t)rnd(); break;
  }
}

/* ---- running ---- */

typedef struct { uint64_t runs, warp_insns, thread_insns; } tally;

static int run_sub(aw_device *d, aw_module *m, const char *name, const uint8_t *in, uint32_t in_bytes,
                   uint8_t *out, uint32_t out_bytes, uint8_t *meta, tally *t, char *why, size_t cap) {
  aw_line l;
  memset(&l, 0, sizeof l);
  l.in = in; l.in_bytes = in_bytes ? in_bytes : 1;
  uint8_t dummy = 0;
  if (!in_bytes) l.in = &dummy;
  l.out = out; l.out_bytes = out_bytes;
  memcpy(l.meta, meta, 32);
  aw_fault f;
  aw_status st = aw_run_subroutine(d, m, name, &l, &f);
  if (st != AW_OK) { char msg[600]; aw_fault_format(&f, msg, sizeof msg); snprintf(why, cap, "%s: %s", name, st == AW_FAULT ? msg : f.what); return -1; }
  memcpy(meta, l.meta, 32);
  aw_stats s = aw_get_stats(d);
  t->runs++; t->warp_insns += s.warp_insns; t->thread_insns += s.thread_insns;
  return 0;
}

static void set_meta(uint8_t *meta, uint32_t enc, uint32_t size, uint32_t line, uint32_t mag) {
  memset(meta, 0, 32);
  isa_put_u32(meta, enc); isa_put_u32(meta + 4, size); isa_put_u32(meta + 8, line); isa_put_u32(meta + 12, mag);
}

/* Checks one line both ways, with the subroutines the Assist Warp Store picks
 * for its size; returns 0 when they agree with the codec. */
static int check_line(aw_device *d, aw_module *m, const codec *cd, const uint8_t *line, unsigned n,
                      unsigned mag, tally *tc, tally *td, uint32_t *enc_out, char *why, size_t cap) {
  uint8_t pay[CODEC_MAX_PAYLOAD], out[CODEC_MAX_PAYLOAD], meta[32], back[CODEC_MAX_LINE];
  codec_meta cm;
  if (cd->compress(line, n, mag, pay, &cm)) { snprintf(why, cap, "reference refuses line size %u, MAG %u", n, mag); return -1; }
  const char *csub = aw_subroutine_for(m, 0, -1, n);
  if (!csub) { snprintf(why, cap, "no subroutine has '.trigger compress' for %u-byte lines", n); return -1; }
  *enc_out = cm.encoding;
  memset(out, 0xa5, sizeof out);
  set_meta(meta, 0xdead, 0xdead, n, mag);
  if (run_sub(d, m, csub, line, n, out, sizeof out, meta, tc, why, cap)) return -1;
  uint32_t enc = isa_get_u32(meta), size = isa_get_u32(meta + 4);
  if (enc != cm.encoding || size != cm.size || memcmp(out, pay, cm.size)) {
    snprintf(why, cap, "%s: line %u B, MAG %u: encoding %u size %u, reference %u size %u%s", csub, n, mag, enc, size,
             cm.encoding, cm.size, enc == cm.encoding && size == cm.size ? " (payload bytes differ)" : "");
    return -1;
  }
  const char *dsub = aw_subroutine_for(m, 1, (int)cm.encoding, n);
  if (!dsub) { snprintf(why, cap, "no subroutine has '.trigger decompress %u' for %u-byte lines", cm.encoding, n); return -1; }
  memset(back, 0x5a, sizeof back);
  set_meta(meta, cm.encoding, cm.size, n, mag);
  uint8_t lin[CODEC_MAX_PAYLOAD];
  uint32_t lin_bytes = codec_line_buffer(lin, pay, cm.size, n);
  if (run_sub(d, m, dsub, lin, lin_bytes, back, n, meta, td, why, cap)) return -1;
  if (memcmp(back, line, n)) { snprintf(why, cap, "%s: line %u B, MAG %u: the decompressed line differs", dsub, n, mag); return -1; }
  return 0;
}

/* Assembles a source file into an image. */
static int assemble(const char *path, isa_image *img) {
  size_t len;
  char *text = asm_read_file(path, &len);
  if (!text) return -1;
  asm_ctx *c = asm_new();
  asm_set_diag(c, NULL);
  asm_add_source(c, path, text, len);
  int errs = asm_finish(c, img);
  asm_free(c);
  free(text);
  return errs ? -1 : 0;
}

/* The module with one instruction of subroutine 'name' changed: the k-th
 * instruction with an immediate operand gets the immediate plus one. */
static aw_module *mutated(aw_device *d, const char *path, const char *name, unsigned which, char *what, size_t cap) {
  isa_image img;
  if (assemble(path, &img)) return NULL;
  aw_module *m = NULL;
  for (uint32_t fi = 0; fi < img.nfuncs && !m; fi++) {
    if (strcmp(isa_str(&img, img.funcs[fi].name), name)) continue;
    isa_func *fn = &img.funcs[fi];
    uint32_t w = 0;
    unsigned seen = 0;
    for (uint32_t k = 0; k < fn->ninsn && !m; k++) {
      isa_insn in;
      const char *why;
      size_t nw = isa_decode(img.code + fn->code_off + w, fn->code_words - w, &in, &why);
      if (!nw) break;
      for (unsigned o = 0; o < in.nopnd && !m; o++) {
        if (in.opnd[o].kind != ISA_K_IMM || seen++ != which) continue;
        in.opnd[o].value += 1;
        uint64_t enc[64];
        if (isa_encode(&in, enc, 64, &why) != nw) continue;   /* same length, so nothing else moves */
        memcpy(img.code + fn->code_off + w, enc, nw * 8);
        snprintf(what, cap, "%s pc %u: immediate %lld -> %lld", name, k, (long long)(in.opnd[o].value - 1), (long long)in.opnd[o].value);
        size_t n;
        uint8_t *bytes = isa_image_write(&img, &n);
        char err[512];
        m = aw_module_load_text(d, "mutated.aws", (const char *)bytes, n, err, sizeof err);
        free(bytes);
      }
      w += (uint32_t)nw;
    }
  }
  isa_image_free(&img);
  return m;
}

int main(int argc, char **argv) {
  int stats = argc > 1 && !strcmp(argv[1], "--stats");
  /* AWEMU_SUBR_LINES lowers the count (make asan, where the emulator runs ten times slower) */
  uint64_t per_enc = LINES_PER_ENCODING;
  if (getenv("AWEMU_SUBR_LINES")) per_enc = strtoull(getenv("AWEMU_SUBR_LINES"), NULL, 10);
  static const unsigned sizes[] = { 32, 64, 128 }, mags[] = { 16, 32, 64 };
  /* the tests run from the repository root */
  CHECK(mpc_set_default_params(MPC_DEFAULT_PARAMS) == 0, "mpc: the models of %s load (%s)", MPC_DEFAULT_PARAMS, mpc_default_error());
  for (size_t a = 0; a < sizeof algs / sizeof algs[0]; a++) {
    const alg *al = &algs[a];
    const codec *cd = codec_find(al->codec);
    aw_device *d = aw_device_new();
    aw_set_insn_limit(d, 100000);
    char err[8192];
    aw_module *m = aw_module_load_file(d, al->module, err, sizeof err);
    CHECK(m != NULL, "%s: %s assembles and loads%s%s", al->codec, al->module, m ? "" : ": ", m ? "" : err);
    if (!m || !cd) { aw_device_free(d); continue; }
    const char *csub = aw_subroutine_for(m, 0, -1, 0);
    CHECK(csub != NULL, "%s: a subroutine has '.trigger compress' for lines of any size", al->codec);
    if (!csub) { aw_device_free(d); continue; }
    uint64_t count[64] = { 0 };
    /* the first SAMPLES lines of each encoding at each line size, replayed to every mutant:
     * an encoding the random lines of the mutation check rarely produce is still exercised,
     * by the subroutines of every line size */
    enum { SAMPLES = 24 };
    static uint8_t sample[64][SAMPLES][CODEC_MAX_LINE];
    unsigned nsample[64] = { 0 }, sample_n[64][SAMPLES], sample_mag[64][SAMPLES], per_size[64][3];
    memset(per_size, 0, sizeof per_size);
    tally tc[3], td[64][3];   /* by line size (sizes[]): each size may have its own subroutines */
    memset(tc, 0, sizeof tc);
    memset(td, 0, sizeof td);
    uint8_t line[CODEC_MAX_LINE];
    char why[1024] = "";
    int bad = 0;
    uint64_t lines = 0;
    for (uint64_t attempt = 0; attempt < 20000000 && !bad; attempt++) {
      /* enough of every encoding seen so far (and of the stored lines) */
      int need = 0;
      for (uint32_t e = 0; e < cd->nencodings; e++) if (count[e] && count[e] < per_enc) need = 1;
      if (!need && attempt > 20000) break;
      unsigned n = sizes[attempt % 3], mag = al->mag_aware ? mags[(attempt / 3) % 3] : 32;
      gen_line(line, n);
      uint32_t enc = 0;
      codec_meta cm;
      uint8_t pay[CODEC_MAX_PAYLOAD];
      if (cd->compress(line, n, mag, pay, &cm) || cm.encoding >= 64) continue;
      if (count[cm.encoding] >= per_enc) continue;   /* this encoding has its share */
      if (check_line(d, m, cd, line, n, mag, &tc[attempt % 3], &td[cm.encoding][attempt % 3], &enc, why, sizeof why)) bad = 1;
      if (!bad && nsample[cm.encoding] < SAMPLES && per_size[cm.encoding][attempt % 3] < SAMPLES / 3) {
        per_size[cm.encoding][attempt % 3]++;
        unsigned k = nsample[cm.encoding]++;
        memcpy(sample[cm.encoding][k], line, n);
        sample_n[cm.encoding][k] = n;
        sample_mag[cm.encoding][k] = mag;
      }
      count[cm.encoding]++;
      lines++;
    }
    CHECK(!bad, "%s: subroutines agree with the reference on %llu lines%s%s", al->codec, (unsigned long long)lines, bad ? ": " : "", why);
    for (uint32_t e = 0; e < cd->nencodings; e++) {
      const char *en = cd->encodings[e];
      REQUIRE(bad || count[e] >= per_enc || !count[e], "%s: encoding %s met only %llu times", al->codec, en, (unsigned long long)count[e]);
      if (count[e]) CHECK(bad || count[e] >= per_enc, "%s encoding %-8s %6llu lines: decompression by %s", al->codec, en,
                          (unsigned long long)count[e], aw_subroutine_for(m, 1, (int)e, 0) ? aw_subroutine_for(m, 1, (int)e, 0) : "(none)");
    }
    for (int si = 0; si < 3 && stats; si++) {
      const char *cs = aw_subroutine_for(m, 0, -1, sizes[si]);
      char label[96];
      if (tc[si].runs) {
        snprintf(label, sizeof label, "%s (%u B)", cs ? cs : "?", sizes[si]);
        printf("%-8s %-36s %7.1f warp instructions/line  %5.1f lanes active on average\n", al->codec, label,
               (double)tc[si].warp_insns / (double)tc[si].runs, (double)tc[si].thread_insns / (double)tc[si].warp_insns);
      }
      for (uint32_t e = 0; e < 64; e++) if (td[e][si].runs) {
        const char *ds = aw_subroutine_for(m, 1, (int)e, sizes[si]);
        snprintf(label, sizeof label, "%s (%s, %u B)", ds ? ds : "?", e < cd->nencodings ? cd->encodings[e] : "?", sizes[si]);
        printf("%-8s %-36s %7.1f warp instructions/line  %5.1f lanes active on average\n", al->codec, label,
               (double)td[e][si].warp_insns / (double)td[e][si].runs, (double)td[e][si].thread_insns / (double)td[e][si].warp_insns);
      }
    }
    /* corrupt one instruction of each subroutine (those for any line size and
     * those for one): the agreement must fail */
    enum { MAXSUBS = 4 * 65 };
    const char *subs[MAXSUBS];
    int nsubs = 0;
    for (int si = -1; si < 3; si++)
      for (int e = -1; e < 64 && nsubs < MAXSUBS; e++) {
        const char *ds = aw_subroutine_for(m, e >= 0, e, si < 0 ? 0 : sizes[si]);
        int dup = 0;
        for (int k = 0; k < nsubs && ds; k++) dup |= !strcmp(subs[k], ds);   /* one subroutine may serve several encodings */
        if (ds && !dup) subs[nsubs++] = ds;
      }
    for (int k = 0; k < nsubs; k++) {
      /* up to 8 immediates spread over the subroutine, each changed by one:
       * every such mutant is run on up to 600 lines until it disagrees */
      unsigned nimm = 0;
      {
        char w0[8];
        aw_device *dc = aw_device_new();
        while (nimm < 256) { aw_module *t = mutated(dc, al->module, subs[k], nimm, w0, sizeof w0); if (!t) break; nimm++; }
        aw_device_free(dc);
      }
      int killed = 0, tried = 0;
      char what[256] = "", first_kill[256] = "";
      for (unsigned s8 = 0; s8 < 8 && s8 < nimm; s8++) {
        unsigned which = nimm <= 8 ? s8 : s8 * nimm / 8;
        aw_device *d2 = aw_device_new();
        aw_set_insn_limit(d2, 100000);   /* a mutant that loops forever is caught by the limit */
        aw_module *mm = mutated(d2, al->module, subs[k], which, what, sizeof what);
        if (!mm) { aw_device_free(d2); continue; }
        tried++;
        rng = 0x9e3779b97f4a7c15ull + which;
        int caught = 0;
        for (uint32_t e = 0; e < 64 && !caught; e++)
          for (unsigned si = 0; si < nsample[e] && !caught; si++) {
            uint32_t enc;
            tally x = { 0 }, y = { 0 };
            if (check_line(d2, mm, cd, sample[e][si], sample_n[e][si], sample_mag[e][si], &x, &y, &enc, why, sizeof why)) caught = 1;
          }
        for (int t = 0; t < 600 && !caught; t++) {
          unsigned n = sizes[t % 3], mag = al->mag_aware ? mags[(t / 3) % 3] : 32;
          gen_line(line, n);
          uint32_t enc;
          tally x = { 0 }, y = { 0 };
          codec_meta rm;
          uint8_t rp[CODEC_MAX_PAYLOAD];
          if (cd->compress(line, n, mag, rp, &rm)) continue;   /* a line size the codec refuses catches nothing */
          if (check_line(d2, mm, cd, line, n, mag, &x, &y, &enc, why, sizeof why)) caught = 1;
        }
        if (caught && !killed++) snprintf(first_kill, sizeof first_kill, "%s", what);
        aw_device_free(d2);
      }
      CHECK(killed > 0 || !tried, "%s: corrupting one instruction of %s breaks the agreement: %d of %d single-immediate mutants caught (e.g. %s)",
            al->codec, subs[k], killed, tried, tried ? first_kill : "no immediate to change");
    }
    aw_device_free(d);
  }
  printf("%s\n", check_failed ? "test_subroutines: failures" : "test_subroutines: ok");
  return check_failed ? 1 : 0;
}
