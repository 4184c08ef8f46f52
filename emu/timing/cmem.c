/* emu/timing/cmem.c -- design caba's compressed memory: every block as the module's own subroutines store it.
 *
 * Under design caba the algorithm is assist-warp code, not hardware (CABA 5.1: a new algorithm is
 * a new subroutine), so a block is stored as the module's 'compress' subroutine leaves it: an
 * encoding and a payload of some bytes.  Any encoding it chooses is valid when the module's
 * 'decompress ENC' subroutine for that encoding gives the block back bit for bit; that round trip
 * runs on the functional core each time a compression is made (awc_verify, on by default), and a
 * difference is a fault naming both subroutines.  The reference codec of the 'compression' key is
 * only an optional cross-check of the shipped subroutines (awc_reference).
 *
 * The form of each block is recorded (tmdev.c): RAW when a kernel's store wrote it uncompressed and
 * no compression has reached L2 since; PACKED (encoding, size) when one has (awc.c), or when
 * the block still holds what the host copied, which the initial setup compressed (CABA 5.3.1: the
 * data is compressed before it is transferred to the GPU).  The setup's compression is the same
 * subroutine run on the functional core, untimed, when the model first needs the block's form.
 * Untimed runs are the model's bookkeeping, not the program's execution: they count in no
 * statistic, and the debugger and the instruction trace do not see them.
 */
#include "tm_int.h"

#include <stdio.h>
#include <string.h>

int tm_codec_subr(tm_gpu *g, int decompress, int enc) {
  if (decompress && (enc < 0 || enc >= TM_SUBR_ENCS)) return emu_subroutine_for(g->m, 1, enc, g->z.unit);
  int32_t *c = &g->codec_subr[decompress ? 1 + enc : 0];
  if (*c == TM_SUBR_UNKNOWN) *c = emu_subroutine_for(g->m, decompress, decompress ? enc : -1, g->z.unit);
  return *c;
}

/* The functional runner of the untimed runs (one per GPU model, bound to its module). */
static cta *runner(tm_gpu *g) {
  if (g->fr && g->fr_m != g->m) { emu_cta_free(g->fr); g->fr = NULL; }
  if (!g->fr) { g->fr = emu_assist_new(g->d, g->m, g->fault); g->fr_m = g->m; }
  if (!g->fr) tm_fail(g, "out of host memory for an assist warp");
  return g->fr;
}

static const char *subr_name(const tm_gpu *g, int sr) { return isa_str(&g->m->img, g->m->img.funcs[g->m->img.subrs[sr].func].name); }

/* Runs subroutine sr to its end on the functional core on 'line', untimed.  0, or -1 with the
 * fault recorded (g->failed). */
static int run_untimed(tm_gpu *g, int sr, aw_line *line) {
  cta *c = runner(g);
  if (!c) return -1;
  aw_device *d = g->d;
  aw_stats saved = d->stats;
  emu_hook_fn hook = d->hook;
  FILE *trace = d->trace;
  d->hook = NULL;
  d->trace = NULL;
  int rc = emu_assist_start(c, g->m->img.subrs[sr].func, line, g->fault, NULL);
  warp *w = &c->warps[0];
  for (uint32_t n = 0; !rc; n++) {
    int st = emu_step(c, w, NULL);
    if (st == EMU_STEP_DONE) break;
    if (st == EMU_STEP_FAULT) rc = -1;
    else if (n >= EMU_ASSIST_MAX_INSNS) {
      char why[200];
      snprintf(why, sizeof why, "assist warp %s ran more than %d instructions (an untimed run of it)", subr_name(g, sr), EMU_ASSIST_MAX_INSNS);
      tm_fail(g, why);
      rc = -2;
    }
  }
  d->hook = hook;
  d->trace = trace;
  d->stats = saved;
  if (rc == -1) g->failed = 1;
  return rc ? -1 : 0;
}

static void set_meta(aw_line *l, uint32_t enc, uint32_t size, uint32_t line, uint32_t mag, uint64_t addr) {
  uint32_t v[4] = { enc, size, line, mag };
  memset(l->meta, 0, sizeof l->meta);
  for (int i = 0; i < 4; i++) for (int b = 0; b < 4; b++) l->meta[4 * i + b] = (uint8_t)(v[i] >> (8 * b));
  for (int b = 0; b < 8; b++) l->meta[16 + b] = (uint8_t)(addr >> (8 * b));
}

static uint32_t meta_word(const aw_line *l, int i) {
  uint32_t v = 0;
  for (int b = 0; b < 4; b++) v |= (uint32_t)l->meta[4 * i + b] << (8 * b);
  return v;
}

void tm_cmem_line(tm_gpu *g, aw_line *l, const uint8_t *in, uint32_t in_bytes, uint8_t *out, uint32_t out_bytes,
                  uint32_t enc, uint32_t size, uint64_t addr) {
  memset(l, 0, sizeof *l);
  l->in = in;
  l->in_bytes = in_bytes;
  l->out = out;
  l->out_bytes = out_bytes;
  set_meta(l, enc, size, g->z.unit, g->z.mag, addr);
}

void tm_cmem_result(const tm_gpu *g, const aw_line *l, codec_meta *meta) {
  meta->encoding = meta_word(l, 0);
  meta->size = meta_word(l, 1);
  /* a payload that saves nothing is stored as the block is (encoding 0: what the memory
   * controller's metadata then says, with no decompression to run) */
  if (!meta->encoding || meta->size >= g->z.unit) { meta->encoding = 0; meta->size = g->z.unit; }
}

int tm_cmem_check(tm_gpu *g, uint64_t addr, const uint8_t *block, const uint8_t *payload, const codec_meta *meta, int compressor) {
  char why[400];
  if (!meta->encoding) return 0;
  if (meta->encoding >= 256) {
    snprintf(why, sizeof why, "assist warp %s compressing the line at 0x%llx chose encoding %u: encodings are 0 to 255",
             subr_name(g, compressor), (unsigned long long)addr, meta->encoding);
    tm_fail(g, why);
    return -1;
  }
  if (g->cfg->awc_verify) {   /* the round trip: the module's decompression gives the block back */
    int sr = tm_codec_subr(g, 1, (int)meta->encoding);
    if (sr < 0) {
      snprintf(why, sizeof why, "assist warp %s compressing the line at 0x%llx chose encoding %u, and the module has no 'decompress %u' subroutine "
               "to give it back", subr_name(g, compressor), (unsigned long long)addr, meta->encoding, meta->encoding);
      tm_fail(g, why);
      return -1;
    }
    uint8_t in[CODEC_MAX_PAYLOAD], out[CODEC_MAX_PAYLOAD];
    aw_line l;
    uint32_t n = codec_line_buffer(in, payload, meta->size, g->z.unit);
    memset(out, 0, sizeof out);
    tm_cmem_line(g, &l, in, n, out, g->z.unit, meta->encoding, meta->size, addr);
    if (run_untimed(g, sr, &l)) return -1;
    if (memcmp(out, block, g->z.unit)) {
      uint32_t i = 0;
      while (out[i] == block[i]) i++;
      snprintf(why, sizeof why, "the round trip of the line at 0x%llx fails: %s compressed it with encoding %u into %u bytes, and %s gives back "
               "0x%02x at byte %u where the line holds 0x%02x", (unsigned long long)addr, subr_name(g, compressor), meta->encoding, meta->size,
               subr_name(g, sr), out[i], i, block[i]);
      tm_fail(g, why);
      return -1;
    }
  }
  return 0;
}

/* The reference codec's cross-check (awc_reference on): the subroutine's encoding, size and
 * payload are the codec's. */
static int reference(tm_gpu *g, uint64_t addr, const uint8_t *block, const uint8_t *payload, const codec_meta *meta, int compressor) {
  uint8_t want[CODEC_MAX_PAYLOAD];
  codec_meta ref;
  char why[400];
  if (g->z.codecs[0]->compress(block, g->z.unit, g->z.mag, want, &ref) != 0 || !ref.encoding || ref.size >= g->z.unit) { ref.encoding = 0; ref.size = g->z.unit; }
  uint32_t i = 0;
  if (ref.encoding == meta->encoding && ref.size == meta->size) {
    if (!ref.encoding) return 0;
    while (i < ref.size && payload[i] == want[i]) i++;
    if (i == ref.size) return 0;
    snprintf(why, sizeof why, "assist warp %s compressing the line at 0x%llx: byte %u of its .lout is 0x%02x, the reference codec's is 0x%02x (awc_reference)",
             subr_name(g, compressor), (unsigned long long)addr, i, payload[i], want[i]);
  } else
    snprintf(why, sizeof why, "assist warp %s compressing the line at 0x%llx: encoding %u, %u bytes; the reference codec's: encoding %u, %u bytes (awc_reference)",
             subr_name(g, compressor), (unsigned long long)addr, meta->encoding, meta->size, ref.encoding, ref.size);
  tm_fail(g, why);
  return -1;
}

int tm_cmem_made(tm_gpu *g, uint64_t addr, const uint8_t *block, const uint8_t *payload, const codec_meta *meta, int compressor) {
  if (tm_cmem_check(g, addr, block, payload, meta, compressor)) return -1;
  if (g->cfg->awc_reference && reference(g, addr, block, payload, meta, compressor)) return -1;
  return 0;
}

int tm_cmem_compress(tm_gpu *g, uint64_t addr, uint8_t *block, uint8_t *payload, codec_meta *meta) {
  if (!tm_block_read(&g->z, g->d, addr, block)) {   /* not device memory: stored as it is */
    codec_store_raw(block, g->z.unit, payload, meta);
    return 0;
  }
  int sr = tm_codec_subr(g, 0, -1);
  if (sr < 0) {
    tm_fail(g, "design caba: the module has no 'compress' subroutine to store its data with "
               "(assemble the kernel with the subroutines of its algorithm, e.g. subroutines/bdi/bdi.s)");
    return -1;
  }
  aw_line l;
  memset(payload, 0, CODEC_MAX_PAYLOAD);
  tm_cmem_line(g, &l, block, g->z.unit, payload, CODEC_MAX_PAYLOAD, 0, 0, addr);
  if (run_untimed(g, sr, &l)) return -1;
  tm_cmem_result(g, &l, meta);
  if (!meta->encoding) { codec_store_raw(block, g->z.unit, payload, meta); return 0; }
  return tm_cmem_made(g, addr, block, payload, meta, sr);
}

int tm_cmem_form(tm_gpu *g, uint64_t addr, codec_meta *form) {
  uint64_t b = addr / g->z.unit * g->z.unit;
  uint8_t block0[CODEC_MAX_PAYLOAD];
  uint32_t enc = 0, size = 0;
  int state = tm_device_block_get(g->d, b, g->z.unit, &enc, &size);
  if (state != TM_BLOCK_PACKED && tm_device_page_hint(g->d, b, g->z.unit) == TM_PAGE_RAW) { form->encoding = 0; form->size = g->z.unit; return 0; }
  if (state == TM_BLOCK_PACKED) { form->encoding = enc; form->size = enc ? size : g->z.unit; return 0; }
  if (state == TM_BLOCK_RAW) { form->encoding = 0; form->size = g->z.unit; return 0; }
  if (!emu_host_written(g->d, b)) {   /* nothing has set it up: what only kernels wrote (or none) is as it is */
    form->encoding = 0; form->size = g->z.unit;
    if (tm_block_read(&g->z, g->d, b, block0) && tm_device_block_set(g->d, b, g->z.unit, TM_BLOCK_RAW, 0, g->z.unit)) { tm_fail(g, "out of host memory"); return -1; }
    return 0;
  }
  /* the host's copy: the initial setup compressed it (CABA 5.3.1, "the input data is stored in CPU
   * memory in the compressed form ... before transferring the data to GPU memory"); the subroutine, untimed */
  uint8_t block[CODEC_MAX_PAYLOAD], payload[CODEC_MAX_PAYLOAD];
  if (tm_cmem_compress(g, b, block, payload, form)) { form->encoding = 0; form->size = g->z.unit; return -1; }
  if (!tm_block_read(&g->z, g->d, b, block)) return 0;   /* (not device memory: nothing to record) */
  if (tm_device_block_set(g->d, b, g->z.unit, TM_BLOCK_PACKED, form->encoding, form->size)) { tm_fail(g, "out of host memory"); return -1; }
  return 0;
}

int tm_cmem_payload(tm_gpu *g, uint64_t addr, uint8_t *block, uint8_t *payload, codec_meta *meta) {
  /* The bytes the assist warp must give back are the block's now (the functional core's); its form
   * recorded when its bytes moved may be of older ones (a partial store to it is on its way), so
   * the payload is the compression of the bytes as they are now. */
  return tm_cmem_compress(g, addr, block, payload, meta);
}

uint64_t tm_cmem_algorithm(const tm_gpu *g) {
  const isa_image *img = &g->m->img;
  uint64_t h = 0xcbf29ce484222325ull;   /* FNV-1a over the code and triggers of the compression subroutines */
  for (uint32_t s = 0; s < img->nsubrs; s++) {
    const isa_subr *sr = &img->subrs[s];
    int is_codec = 0;
    for (uint32_t t = 0; t < sr->ntrigger; t++) {
      const isa_trigger *tr = &img->triggers[sr->first_trigger + t];
      if (tr->event != ISA_TRIG_COMPRESS && tr->event != ISA_TRIG_DECOMPRESS) continue;
      is_codec = 1;
      const uint8_t *p = (const uint8_t *)tr;
      for (size_t i = 0; i < sizeof *tr; i++) h = (h ^ p[i]) * 0x100000001b3ull;
    }
    if (!is_codec) continue;
    const isa_func *f = &img->funcs[sr->func];
    const uint8_t *p = (const uint8_t *)(img->code + f->code_off);
    for (size_t i = 0; i < (size_t)f->code_words * sizeof *img->code; i++) h = (h ^ p[i]) * 0x100000001b3ull;
  }
  return h;
}

int tm_cmem_page_raw(tm_gpu *g, uint64_t addr) {
  uint64_t page = addr / TM_PAGE_BYTES * TM_PAGE_BYTES;
  int hint = tm_device_page_hint(g->d, page, g->z.unit);
  if (hint) return hint == TM_PAGE_RAW;
  if (!emu_host_written(g->d, page)) return 0;   /* no setup looked at it: kernels' stores to it may be compressed */
  /* the initial setup (CABA 5.3.1) compresses the page's blocks; when none of them compresses, the
   * page is marked incompressible (as a page-table attribute, which the requests carry) */
  uint8_t block[CODEC_MAX_PAYLOAD];
  int packed = 0;
  for (uint64_t b = page; b < page + TM_PAGE_BYTES && !packed; b += g->z.unit) {
    codec_meta f;
    if (!tm_block_read(&g->z, g->d, b, block)) continue;
    if (tm_cmem_form(g, b, &f)) return 0;   /* (the fault is in g->failed) */
    packed = f.encoding != 0;
  }
  if (tm_device_page_hint_set(g->d, page, g->z.unit, packed ? TM_PAGE_PACKED : TM_PAGE_RAW)) { tm_fail(g, "out of host memory"); return 0; }
  return !packed;
}
