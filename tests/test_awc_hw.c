/* tests/test_awc_hw.c -- the assist-warp controller's hardware support as subroutine
 * directives (isa/ISA.md, "Assist-warp extensions"; CABA 4.4, 5.1.2, 5.1.3): .lanes,
 * .lanemask, .autoend, .active and .lastenc, run by the functional core (and, for a
 * 'pc' subroutine, the timing mode), every expected value derived by hand in the
 * comments.  Before them awasm refused each directive ("unexpected unknown directive").
 *
 *   lanes       lane i's register holds OFFSET + SCALE * i: 32- and 64-bit registers, the
 *               largest scale and offset; no instruction is counted for them
 *   lanemask    lane i's predicate is bit i of the u32 at the offset of .lin (unaligned,
 *               the last word of the line, a word past its end: 0)
 *   lastenc     the register holds the caller's aw_line.lastenc; 0 when it is 0
 *   autoend     control reaching the end ends the lanes there as exit would: a warp whose
 *               two paths reach the end one after the other runs both; a subroutine with
 *               no instruction; without .autoend (the flag cleared in the loaded module)
 *               the same code faults with the message it always had
 *   b4d1        a 4-instruction BDI b4d1 decoder (tests/emu/aw/awc_b4d1/b4d1.s) against
 *               the reference codec (subroutines/bdi) on lines that compress to b4d1
 *   awc_compress bdi_awc.s's compression against a model of CABA's Algorithm 2 written from the
 *               paper (every encoding, with and without the .lastenc hint), and its round trip
 *   pc          a 'pc' subroutine with .active 0xffff, .lanes, .lanemask and .autoend: the
 *               live-out reaches the parent's lanes 0..15 only, in functional and timing mode
 */
#include "../asm/asm.h"
#include "../emu/awemu.h"
#include "../emu/core/emu_int.h"
#include "../emu/timing/timing.h"
#include "../isa/isa.h"
#include "../subroutines/codec.h"
#include "check.h"

#include <stdlib.h>
#include <string.h>

#define HEAD ".version 8.0\n.target sm_80\n.address_size 64\n"

static uint32_t get32(const uint8_t *p) { return isa_get_u32(p); }
static uint64_t get64(const uint8_t *p) { return isa_get_u64(p); }

/* Runs subroutine 'name' of module m on .lin 'in' (in_bytes), .lout 'out' (out_bytes),
 * .lmeta 'meta' (32 bytes) and 'lastenc'.  AW_OK or the status, *st the statistics,
 * the fault's text in why. */
static aw_status run(aw_device *d, aw_module *m, const char *name, const uint8_t *in, uint32_t in_bytes, uint8_t *out,
                     uint32_t out_bytes, uint8_t *meta, uint32_t lastenc, aw_stats *st, char *why, size_t cap) {
  aw_line l;
  memset(&l, 0, sizeof l);
  static const uint8_t none[1] = { 0 };
  l.in = in_bytes ? in : none; l.in_bytes = in_bytes;
  l.out = out; l.out_bytes = out_bytes;
  if (meta) memcpy(l.meta, meta, 32);
  l.lastenc = lastenc;
  aw_fault f;
  aw_status s = aw_run_subroutine(d, m, name, &l, &f);
  if (s == AW_FAULT) aw_fault_format(&f, why, cap);
  else if (s != AW_OK) snprintf(why, cap, "%s", f.what);
  else why[0] = 0;
  if (meta) memcpy(meta, l.meta, 32);
  *st = aw_get_stats(d);
  return s;
}

static aw_module *load(aw_device *d, const char *name, const char *text) {
  char err[2048] = "";
  aw_module *m = aw_module_load_text(d, name, text, strlen(text), err, sizeof err);
  CHECK(m != NULL, "%s assembles and loads%s%s", name, m ? "" : ": ", err);
  return m;
}

/* ---- lanes ---- */

/* .lanes on a .u32 (the largest scale and offset: lane 31 holds 65535 + 4096 * 31 =
 * 192511), a .b64 (scale 3: lane i holds 3i), a .s32 (scale 0, offset 7: 7 in every lane)
 * and the two address registers.  Words 0..31 of .lout: %x; bytes 128..383: %y (8 bytes
 * each); words 96..127: %z.  Three stores: 3 warp instructions, 96 thread instructions. */
static const char lanes_src[] = HEAD
  ".subroutine lanes\n.trigger explicit\n"
  ".lanes %a, 4\n.lanes %a8, 8, 128\n.lanes %x, 4096, 65535\n.lanes %y, 3\n.lanes %z, 0, 7\n.autoend\n{\n"
  "\t.reg .u32 %a, %a8, %x;\n\t.reg .b64 %y;\n\t.reg .s32 %z;\n"
  "\tst.lout.u32 [%a], %x;\n\tst.lout.u64 [%a8], %y;\n\tst.lout.u32 [%a+384], %z;\n}\n";

static void lanes(void) {
  aw_device *d = aw_device_new();
  aw_module *m = load(d, "lanes.s", lanes_src);
  if (!m) { aw_device_free(d); return; }
  uint8_t out[512], in[4] = { 0 };
  memset(out, 0xee, sizeof out);
  aw_stats st;
  char why[600];
  aw_status s = run(d, m, "lanes", in, sizeof in, out, sizeof out, NULL, 0, &st, why, sizeof why);
  int bad = -1;
  for (uint32_t i = 0; i < 32 && bad < 0; i++)
    if (get32(out + 4 * i) != 65535 + 4096 * i || get64(out + 128 + 8 * i) != 3ull * i || get32(out + 384 + 4 * i) != 7) bad = (int)i;
  uint32_t b = bad < 0 ? 0 : (uint32_t)bad;
  CHECK(s == AW_OK && bad < 0, ".lanes: lane i holds 65535 + 4096i (.u32), 3i (.b64), 7 (.s32 scale 0)%s%s (first wrong lane %d: %u, %llu, %u)",
        why[0] ? ": " : "", why, bad, get32(out + 4 * b), (unsigned long long)get64(out + 128 + 8 * b), get32(out + 384 + 4 * b));
  CHECK(get32(out + 124) == 192511, ".lanes: lane 31 of .lanes %%x, 4096, 65535 holds 192511 (%u)", get32(out + 124));
  CHECK(st.warp_insns == 3 && st.thread_insns == 96, ".lanes take no instruction: 3 stores, 3 warp and 96 thread instructions (%llu, %llu)",
        (unsigned long long)st.warp_insns, (unsigned long long)st.thread_insns);
  aw_device_free(d);
}

/* ---- lanemask ---- */

/* .lin: 128 bytes, bytes 5..8 = 78 56 34 12 (the word 0x12345678 at the unaligned offset
 * 5), bytes 124..127 = ff ff ff ff.  %p (offset 5): lane i gets bit i of 0x12345678; %q
 * (offset 124, the line's last word): 1 in every lane; %r (offset 125: the word runs past
 * the line's end): 0 in every lane.  Lane i writes 1 + 2p + 4q + 8r to word i. */
static const char mask_src[] = HEAD
  ".subroutine masks\n.trigger decompress 5\n.lanes %a, 4\n.lanemask %p, 5\n.lanemask %q, 124\n.lanemask %r, 125\n{\n"
  "\t.reg .b32 %a, %v, %t;\n\t.reg .pred %p, %q, %r;\n"
  "\tmov.u32 %v, 1;\n\tselp.u32 %t, 2, 0, %p;\n\tadd.u32 %v, %v, %t;\n\tselp.u32 %t, 4, 0, %q;\n\tadd.u32 %v, %v, %t;\n"
  "\tselp.u32 %t, 8, 0, %r;\n\tadd.u32 %v, %v, %t;\n\tst.lout.u32 [%a], %v;\n\texit;\n}\n";

static void lanemask(void) {
  aw_device *d = aw_device_new();
  aw_module *m = load(d, "masks.s", mask_src);
  if (!m) { aw_device_free(d); return; }
  uint8_t in[128] = { 0 }, out[128];
  in[5] = 0x78; in[6] = 0x56; in[7] = 0x34; in[8] = 0x12;
  memset(in + 124, 0xff, 4);
  memset(out, 0, sizeof out);
  aw_stats st;
  char why[600];
  aw_status s = run(d, m, "masks", in, sizeof in, out, sizeof out, NULL, 0, &st, why, sizeof why);
  int bad = -1;
  for (uint32_t i = 0; i < 32 && bad < 0; i++) if (get32(out + 4 * i) != 1 + 2 * (0x12345678u >> i & 1) + 4) bad = (int)i;
  CHECK(s == AW_OK && bad < 0, ".lanemask: bit i of the word at offset 5 (0x12345678), 1 from the last word, 0 from a word past the end%s%s (first wrong lane %d: %u)",
        why[0] ? ": " : "", why, bad, get32(out + 4 * (uint32_t)(bad < 0 ? 0 : bad)));
  /* lanes 3 (0x...8: bit 3 set) and 0 (bit 0 of 0x78 clear): 1 + 2 + 4 = 7 and 1 + 4 = 5 */
  CHECK(get32(out + 12) == 7 && get32(out) == 5, ".lanemask: lane 3 writes 7, lane 0 writes 5 (%u, %u)", get32(out + 12), get32(out));
  aw_device_free(d);
}

/* ---- lastenc ---- */

/* A compression subroutine that writes its .lastenc register to .lmeta byte 0 (the
 * encoding) and exits: the caller's 5 comes out as 5; 0 as 0. */
static const char lastenc_src[] = HEAD
  ".subroutine le\n.trigger compress\n.lastenc %e\n{\n\t.reg .b32 %e;\n\tst.lmeta.u32 [0], %e;\n\texit;\n}\n";

static void lastenc(void) {
  aw_device *d = aw_device_new();
  aw_module *m = load(d, "lastenc.s", lastenc_src);
  if (!m) { aw_device_free(d); return; }
  uint8_t in[128] = { 0 }, out[128], meta[32];
  aw_stats st;
  char why[600];
  for (uint32_t v = 0; v <= 5; v += 5) {
    memset(meta, 0x33, sizeof meta);
    aw_status s = run(d, m, "le", in, sizeof in, out, sizeof out, meta, v, &st, why, sizeof why);
    CHECK(s == AW_OK && get32(meta) == v, ".lastenc: aw_line.lastenc %u reaches the register (.lmeta[0] %u)%s%s", v, get32(meta), why[0] ? ": " : "", why);
  }
  aw_device_free(d);
}

/* ---- autoend ---- */

/* 'split': lanes 0..15 branch to LOW and store 1 to their words, the others store 2 and
 * branch to END, the end of the subroutine.  The branch's reconvergence point is the
 * function's exit, so the taken lanes reach the end first: ended there, as by exit, the
 * others then run.  Instructions: setp, bra, st (LOW), st, bra: 5 warp instructions.
 * 'empty' has none and ends at once.  'plain' is split without .autoend: its image is
 * refused by awasm, so the test clears the flag in the loaded module. */
static const char autoend_src[] = HEAD
  ".subroutine split\n.trigger explicit\n.lanes %a, 4\n.autoend\n{\n\t.reg .b32 %a;\n\t.reg .pred %p;\n"
  "\tsetp.lt.u32 %p, %a, 64;\n\t@%p bra LOW;\n\tst.lout.u32 [%a], 2;\n\tbra END;\nLOW:\n\tst.lout.u32 [%a], 1;\nEND:\n}\n"
  ".subroutine empty\n.trigger explicit\n.autoend\n{\n}\n";

static void autoend(void) {
  aw_device *d = aw_device_new();
  aw_module *m = load(d, "autoend.s", autoend_src);
  if (!m) { aw_device_free(d); return; }
  uint8_t in[4] = { 0 }, out[128];
  memset(out, 0, sizeof out);
  aw_stats st;
  char why[600];
  aw_status s = run(d, m, "split", in, sizeof in, out, sizeof out, NULL, 0, &st, why, sizeof why);
  int bad = -1;
  for (uint32_t i = 0; i < 32 && bad < 0; i++) if (get32(out + 4 * i) != (i < 16 ? 1u : 2u)) bad = (int)i;
  CHECK(s == AW_OK && bad < 0 && st.warp_insns == 5, ".autoend: both paths to the end run (words 0..15 = 1, 16..31 = 2) in 5 warp instructions "
        "(%llu)%s%s (first wrong word %d)", (unsigned long long)st.warp_insns, why[0] ? ": " : "", why, bad);
  s = run(d, m, "empty", in, sizeof in, out, sizeof out, NULL, 0, &st, why, sizeof why);
  CHECK(s == AW_OK && st.warp_insns == 0, ".autoend: a subroutine with no instruction ends at once (%llu instructions)%s%s",
        (unsigned long long)st.warp_insns, why[0] ? ": " : "", why);
  /* the same code without .autoend: control runs past the end of the function, as always */
  for (uint32_t i = 0; i < m->img.nsubrs; i++) m->img.subrs[i].flags &= ~ISA_SUBR_AUTOEND;
  s = run(d, m, "split", in, sizeof in, out, sizeof out, NULL, 0, &st, why, sizeof why);
  CHECK(s == AW_FAULT && strstr(why, "control ran past the end of the function") && strstr(why, "pc 4"),
        "without .autoend, falling off the end faults at the last instruction (pc 4): %s", why);
  aw_device_free(d);
}

/* ---- b4d1 against the reference codec ---- */

static uint64_t rng = 0x9e3779b97f4a7c15ull;
static uint64_t rnd(void) { rng ^= rng << 13; rng ^= rng >> 7; rng ^= rng << 17; return rng; }

static void b4d1(void) {
  const codec *bdi = codec_find("bdi");
  size_t len = 0;
  char *text = asm_read_file("tests/emu/aw/awc_b4d1/b4d1.s", &len);
  aw_device *d = aw_device_new();
  char err[2048] = "";
  aw_module *m = text ? aw_module_load_text(d, "b4d1.s", text, len, err, sizeof err) : NULL;
  free(text);
  CHECK(bdi && m, "b4d1.s loads and the reference BDI codec is there%s%s", m ? "" : ": ", err);
  if (!bdi || !m) { aw_device_free(d); return; }
  /* 128-byte lines of 4-byte elements: a random base plus 1-byte deltas, a random third
   * of them from zero (mask bit 0); those the codec encodes as b4d1 (6) are decoded */
  int lines = 0, right = 0, tries = 0;
  uint64_t insns = 0;
  char why[600] = "";
  while (lines < 300 && tries++ < 100000) {
    uint8_t line[128], pay[CODEC_MAX_PAYLOAD], buf[CODEC_MAX_PAYLOAD], out[128], meta[32];
    uint32_t base = (uint32_t)rnd();
    for (int i = 0; i < 32; i++) {
      int32_t delta = (int32_t)(rnd() % 256) - 128;
      uint32_t v = (rnd() % 3 == 0 ? 0 : base) + (uint32_t)delta;
      for (int b = 0; b < 4; b++) line[4 * i + b] = (uint8_t)(v >> (8 * b));
    }
    codec_meta cm;
    if (bdi->compress(line, 128, 32, pay, &cm) || cm.encoding != 6) continue;
    lines++;
    uint32_t n = codec_line_buffer(buf, pay, cm.size, 128);
    memset(out, 0xa5, sizeof out);
    memset(meta, 0, sizeof meta);
    isa_put_u32(meta, 6); isa_put_u32(meta + 4, cm.size); isa_put_u32(meta + 8, 128); isa_put_u32(meta + 12, 32);
    aw_stats st;
    if (run(d, m, "b4d1_hw", buf, n, out, sizeof out, meta, 0, &st, why, sizeof why) != AW_OK) break;
    right += !memcmp(out, line, 128);
    insns += st.warp_insns;
  }
  CHECK(lines == 300 && right == lines && insns == 4ull * (uint64_t)lines,
        "b4d1_hw: %d of %d b4d1 lines decode to the line the codec compressed, 4 warp instructions each (%llu in all)%s%s",
        right, lines, (unsigned long long)insns, why[0] ? ": " : "", why);
  aw_device_free(d);
}

/* ---- bdi_awc.s's compression: CABA's Algorithm 2 ---- */

/* The model of Algorithm 2 (CABA 5.1.2) that subroutines/bdi/bdi_awc.s documents, written from
 * the paper and subroutines/bdi/FORMAT.md, not from the subroutine: the base of an encoding is
 * the line's first B bytes; an element fits when its value, or its value minus the base, is a
 * sign-extended k-byte number (modulo 2^(8B)); tried in the order zeros, repeated (every 8-byte
 * element equal to the first), b8d1, b8d2, b8d4, b4d1, b4d2, b2d1 (base size by base size, delta
 * sizes from the smallest), else raw; the encoding of .lastenc (3, 4, 6 or 7) is tried first.
 * Payload: base | the k low bytes of each element (minus the base where its mask bit is set) |
 * the mask, bit i set for the elements out of zero's reach. */
typedef struct { unsigned enc, B, k; } bdi_try;
static const bdi_try bdi_tries[] = { { 3, 8, 1 }, { 4, 8, 2 }, { 5, 8, 4 }, { 6, 4, 1 }, { 7, 4, 2 }, { 8, 2, 1 } };

static uint64_t elem(const uint8_t *l, unsigned B, unsigned i) {
  uint64_t v = 0;
  for (unsigned b = 0; b < B; b++) v |= (uint64_t)l[B * i + b] << (8 * b);
  return v;
}

static int near(uint64_t v, unsigned B, unsigned k) {   /* v (mod 2^(8B)) in [-2^(8k-1), 2^(8k-1)) */
  uint64_t mask = B == 8 ? ~0ull : (1ull << (8 * B)) - 1, bias = 1ull << (8 * k - 1);
  return ((v + bias) & mask) < 2 * bias;
}

static int bdi_model_try(const uint8_t *line, const bdi_try *t, uint8_t *pay, uint32_t *size) {
  unsigned n = 128 / t->B;
  uint64_t base = elem(line, t->B, 0);
  memset(pay, 0, 128);
  for (unsigned b = 0; b < t->B; b++) pay[b] = (uint8_t)(base >> (8 * b));
  for (unsigned i = 0; i < n; i++) {
    uint64_t x = elem(line, t->B, i);
    int zero = near(x, t->B, t->k);
    if (!zero && !near(x - base, t->B, t->k)) return 0;
    uint64_t d = zero ? x : x - base;
    for (unsigned b = 0; b < t->k; b++) pay[t->B + t->k * i + b] = (uint8_t)(d >> (8 * b));
    if (!zero) pay[t->B + n * t->k + i / 8] |= (uint8_t)(1u << (i % 8));
  }
  *size = t->B + n * t->k + n / 8;
  return 1;
}

static unsigned bdi_model(const uint8_t *line, uint32_t lastenc, uint8_t *pay, uint32_t *size) {
  for (unsigned j = 0; j < 6; j++)
    if (bdi_tries[j].enc == lastenc && lastenc != 5 && lastenc != 8 && bdi_model_try(line, &bdi_tries[j], pay, size)) return lastenc;
  int zeros = 1, rep = 1;
  for (unsigned i = 0; i < 128; i++) zeros &= line[i] == 0;
  for (unsigned i = 0; i < 16; i++) rep &= elem(line, 8, i) == elem(line, 8, 0);
  memset(pay, 0, 128);
  if (zeros) { *size = 0; return 1; }
  if (rep) { memcpy(pay, line, 8); *size = 8; return 2; }
  for (unsigned j = 0; j < 6; j++) if (bdi_model_try(line, &bdi_tries[j], pay, size)) return bdi_tries[j].enc;
  memcpy(pay, line, 128);
  *size = 128;
  return 0;
}

/* A line of one of several shapes: zeros, a repeated 8-byte value, a random base of 8, 4 or 2
 * bytes plus deltas of 1, 2 or 4 bytes with some elements near zero, the same with a small first
 * element (the base Algorithm 2 takes is near zero), random bytes. */
static void bdi_line(uint8_t *line) {
  static const unsigned Bs[] = { 8, 4, 2 }, ks[] = { 1, 2, 4 };
  unsigned kind = (unsigned)(rnd() % 6), B = Bs[rnd() % 3], k = ks[rnd() % 3];
  if (k >= B) k = B / 2;
  memset(line, 0, 128);
  if (kind == 0) return;
  if (kind == 1) { uint64_t v = rnd(); for (unsigned i = 0; i < 16; i++) for (unsigned b = 0; b < 8; b++) line[8 * i + b] = (uint8_t)(v >> (8 * b)); return; }
  if (kind == 5) { for (unsigned i = 0; i < 128; i++) line[i] = (uint8_t)rnd(); return; }
  uint64_t base = rnd() | 1ull << (8 * B - 2), lim = 1ull << (8 * k - 1);
  for (unsigned i = 0; i < 128 / B; i++) {
    uint64_t d = rnd() % (2 * lim) - lim, v = (kind >= 3 && rnd() % 3 == 0) ? d : base + d;
    if (kind == 4 && i == 0) v = d;
    for (unsigned b = 0; b < B; b++) line[B * i + b] = (uint8_t)(v >> (8 * b));
  }
}

/* bdi_compress_awc_128 makes the model's encoding, size and payload on 3000 lines, each with
 * .lastenc 0, 3, 4, 6 and 7; the module's decoder for the encoding gives each line back; every
 * encoding is made; some line takes a larger encoding than the reference codec's smallest (a
 * small first element, or a hint that fits) -- what the module's comment says of it. */
static void awc_compress(void) {
  size_t len = 0;
  char *text = asm_read_file("subroutines/bdi/bdi_awc.s", &len);
  aw_device *d = aw_device_new();
  char err[2048] = "";
  aw_module *m = text ? aw_module_load_text(d, "bdi_awc.s", text, len, err, sizeof err) : NULL;
  free(text);
  const codec *bdi = codec_find("bdi");
  CHECK(m && bdi, "bdi_awc.s loads%s%s", m ? "" : ": ", err);
  if (!m || !bdi) { aw_device_free(d); return; }
  static const char *const dec[9] = { "bdi_dec_uncompressed_awc_128", "bdi_dec_zeros_awc_128", "bdi_dec_repeated_awc_128",
                                      "bdi_dec_b8d1_awc_128", "bdi_dec_b8d2_awc_128", "bdi_dec_b8d4_awc_128",
                                      "bdi_dec_b4d1_awc_128", "bdi_dec_b4d2_awc_128", "bdi_dec_b2d1_awc_128" };
  static const uint32_t hints[5] = { 0, 3, 4, 6, 7 };
  unsigned runs = 0, agree = 0, back = 0, by_enc[9] = { 0 }, larger = 0;
  char why[600] = "", first[400] = "";
  for (int l = 0; l < 3000 && !why[0]; l++) {
    uint8_t line[128];
    bdi_line(line);
    uint8_t ref[CODEC_MAX_PAYLOAD];
    codec_meta rm;
    if (bdi->compress(line, 128, 32, ref, &rm)) rm.size = 128;
    for (unsigned h = 0; h < 5 && !why[0]; h++) {
      uint8_t want[128], out[CODEC_MAX_PAYLOAD], meta[32], buf[CODEC_MAX_PAYLOAD], back_line[128];
      uint32_t size = 0;
      unsigned enc = bdi_model(line, hints[h], want, &size);
      memset(out, 0, sizeof out);
      memset(meta, 0, sizeof meta);
      isa_put_u32(meta + 8, 128); isa_put_u32(meta + 12, 32);
      aw_stats st;
      if (run(d, m, "bdi_compress_awc_128", line, 128, out, sizeof out, meta, hints[h], &st, why, sizeof why) != AW_OK) break;
      runs++;
      int ok = get32(meta) == enc && get32(meta + 4) == size && !memcmp(out, want, size);
      agree += ok;
      if (!ok && !first[0])
        snprintf(first, sizeof first, "line %d hint %u: the model's encoding %u, %u bytes; the subroutine's %u, %u bytes", l, hints[h], enc, size, get32(meta), get32(meta + 4));
      by_enc[enc < 9 ? enc : 0]++;
      larger += size > rm.size;
      /* the round trip: the decoder of the encoding the subroutine made */
      uint32_t e = get32(meta), sz = get32(meta + 4);
      if (e > 8 || sz > 128) continue;
      uint32_t n = codec_line_buffer(buf, out, sz, 128);
      memset(back_line, 0xa5, sizeof back_line);
      uint8_t dm[32] = { 0 };
      isa_put_u32(dm, e); isa_put_u32(dm + 4, sz); isa_put_u32(dm + 8, 128); isa_put_u32(dm + 12, 32);
      if (run(d, m, dec[e], buf, n, back_line, sizeof back_line, dm, 0, &st, why, sizeof why) != AW_OK) break;
      back += !memcmp(back_line, line, 128);
    }
  }
  CHECK(!why[0] && runs == 15000 && agree == runs && back == runs,
        "bdi_compress_awc_128: %u of %u compressions as Algorithm 2's model, %u decode to their line%s%s%s%s",
        agree, runs, back, first[0] ? "; " : "", first, why[0] ? "; " : "", why);
  int all = 1;
  for (unsigned e = 0; e < 9; e++) all &= by_enc[e] > 0;
  CHECK(all && larger > 0, "bdi_compress_awc_128 makes every encoding (%u %u %u %u %u %u %u %u %u of 0..8) and sometimes a larger one than bdi.c (%u)",
        by_enc[0], by_enc[1], by_enc[2], by_enc[3], by_enc[4], by_enc[5], by_enc[6], by_enc[7], by_enc[8], larger);
  aw_device_free(d);
}

/* ---- a 'pc' subroutine, functional and timing mode ---- */

/* 64 threads (2 warps) each with %r1 = tid, %r2 = 7; at L the subroutine runs with
 * .active 0xffff: lanes 0..15 of each warp get %y = %x + %k (.lanes %k, 3, 100: 100 + 3
 * * lane), plus 1000 where %p holds (.lanemask %p, 0: a 'pc' subroutine's .lin is empty,
 * so never), and its live-out goes back to those lanes only; it ends by .autoend.  Then
 * out[tid] = %r2: tid + 100 + 3 * lane for lanes 0..15 (warp 0: 4i + 100; warp 1, tid 32
 * + l: 132 + 4l), 7 for lanes 16..31. */
static const char pc_src[] = HEAD
  ".visible .entry k(.param .u64 out)\n{\n\t.reg .b32 %r<3>;\n\t.reg .b64 %rd<3>;\n"
  "\tld.param.u64 %rd1, [out];\n\tmov.u32 %r1, %tid.x;\n\tmov.u32 %r2, 7;\n"
  "L:\n\tmul.wide.u32 %rd2, %r1, 4;\n\tadd.s64 %rd1, %rd1, %rd2;\n\tst.global.u32 [%rd1], %r2;\n\tret;\n}\n"
  ".subroutine s\n.priority high\n.trigger pc k, L (%r1, %r2)\n.livein %x\n.liveout %y\n"
  ".lanes %k, 3, 100\n.lanemask %p, 0\n.active 0xffff\n.autoend\n{\n"
  "\t.reg .b32 %x, %y, %k, %t;\n\t.reg .pred %p;\n\tadd.u32 %y, %x, %k;\n\tselp.u32 %t, 1000, 0, %p;\n\tadd.u32 %y, %y, %t;\n}\n";

static void pc(void) {
  for (int timed = 0; timed < 2; timed++) {
    char err[2048] = "";
    aw_device *d = aw_device_new();
    tm_config cfg;
    tm_config_defaults(&cfg);
    if (timed && (tm_config_load(&cfg, "caba-gtx480", err, sizeof err) || aw_set_timing(d, &cfg))) { CHECK(0, "caba-gtx480: %s", err); aw_device_free(d); return; }
    aw_module *m = load(d, "pc.ptx", pc_src);
    if (!m) { aw_device_free(d); return; }
    uint64_t buf = aw_malloc(d, 256);
    uint8_t params[8], out[256];
    memcpy(params, &buf, 8);
    aw_fault f;
    memset(&f, 0, sizeof f);
    aw_dim3 gd = { 1, 1, 1 }, bd = { 64, 1, 1 };
    aw_status s = aw_launch(d, m, aw_kernel_find(m, "k"), gd, bd, 0, params, sizeof params, &f);
    aw_memcpy_dtoh(d, out, buf, sizeof out);
    char why[600] = "";
    if (s != AW_OK) aw_fault_format(&f, why, sizeof why);
    int bad = -1;
    for (uint32_t t = 0; t < 64 && bad < 0; t++) {
      uint32_t l = t % 32, want = l < 16 ? t + 100 + 3 * l : 7;
      if (get32(out + 4 * t) != want) bad = (int)t;
    }
    CHECK(s == AW_OK && bad < 0, "%s mode: a 'pc' subroutine with .active 0xffff, .lanes, .lanemask and .autoend gives lanes 0..15 tid + 100 + 3 lane, "
          "the others keep 7%s%s (first wrong thread %d: %u)", timed ? "timing" : "functional", why[0] ? ": " : "", why, bad,
          get32(out + 4 * (uint32_t)(bad < 0 ? 0 : bad)));
    aw_device_free(d);
  }
}

int main(void) {
  lanes();
  lanemask();
  lastenc();
  autoend();
  b4d1();
  awc_compress();
  pc();
  printf("%s\n", check_failed ? "test_awc_hw: failures" : "test_awc_hw: ok");
  return check_failed ? 1 : 0;
}
