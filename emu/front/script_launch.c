/* emu/front/script_launch.c -- running device code from a run script: launch (its grid, block
 * and arguments: buffers, scalars and structs) and runsub (an assist-warp subroutine on its
 * own), with the fault a run ends in (see script_int.h).
 */
#include "script_int.h"
#include "../core/core.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ---- launch ---- */

/* GRID or BLOCK: X, X,Y or X,Y,Z, each from 1 to 2^31-1. */
static int parse_dim(const char *t, aw_dim3 *d) {
  uint64_t v[3] = { 1, 1, 1 };
  char part[32];
  int n = 0;
  const char *p = t;
  for (;;) {
    const char *comma = strchr(p, ',');
    size_t len = comma ? (size_t)(comma - p) : strlen(p);
    if (n == 3 || len >= sizeof part) return -1;
    memcpy(part, p, len);
    part[len] = 0;
    if (scr_parse_u64(part, &v[n]) || !v[n] || v[n] > 0x7fffffff) return -1;
    n++;
    if (!comma) break;
    p = comma + 1;
  }
  d->x = (uint32_t)v[0]; d->y = (uint32_t)v[1]; d->z = (uint32_t)v[2];
  return 0;
}

static int find_kernel(aw_session *s, const char *name, aw_module **m) {
  for (int i = s->nmods; i-- > 0;) {
    int k = aw_kernel_find(s->mods[i], name);
    if (k >= 0) { *m = s->mods[i]; return k; }
  }
  return -1;
}

/* 1 when a fault ended a launch early but usefully: its statistics so far are printed. */
static int stopped_early(const aw_fault *f) {
  return !strncmp(f->what, "interrupted", 11) || !strncmp(f->what, "instruction limit", 17) || !strncmp(f->what, "time limit", 10);
}


/* After a launch or subroutine run that faulted: the message, and for one
 * stopped by a limit or Ctrl-C, what it did so far. */
static int report_fault(aw_session *s, const char *where, aw_fault *f, const char *what_ran) {
  char msg[1024];
  aw_fault_format(f, msg, sizeof msg);
  int rc = scr_error(s, where, "%s", msg);
  if (!s->quiet && stopped_early(f)) {
    fprintf(s->out, "statistics of the stopped %s so far:\n", what_ran);
    scr_print_stats(s, !strcmp(what_ran, "launch") ? "this launch" : "this run");
    fflush(s->out);
  }
  return rc;
}

/* ---- launch arguments ---- */

/* "NAME" or "NAME+N": the buffer and its element N (up to its element count:
 * one past the end, as C allows).  NULL with a message in msg. */
buffer *scr_buffer_element(aw_session *s, const char *text, uint64_t *first, char *msg, size_t cap) {
  char name[128];
  const char *plus = strchr(text, '+');
  size_t n = plus ? (size_t)(plus - text) : strlen(text);
  if (n >= sizeof name) { snprintf(msg, cap, "no buffer named '%s'", text); return NULL; }
  memcpy(name, text, n);
  name[n] = 0;
  buffer *b = scr_find_buffer(s, name);
  if (!b) { snprintf(msg, cap, "no buffer named '%s' (scalars are written TYPE:VALUE)", name); return NULL; }
  *first = 0;
  if (plus && (scr_parse_u64(plus + 1, first) || *first > b->count)) {
    snprintf(msg, cap, "'%s': the element offset must be a number from 0 to %llu (buffer '%s' has %llu elements)", text,
             (unsigned long long)b->count, name, (unsigned long long)b->count);
    return NULL;
  }
  return b;
}

/* A buffer's address, or that of its element N ("NAME+N").  0, or -1 with msg. */
static int buffer_address(aw_session *s, const char *text, uint64_t *addr, char *msg, size_t cap) {
  uint64_t off;
  const buffer *b = scr_buffer_element(s, text, &off, msg, cap);
  if (!b) return -1;
  *addr = b->addr + off * scr_type_bytes(b->type);
  return 0;
}

/* One scalar: a buffer address (NAME, NAME+N: 8 bytes) or TYPE:VALUE, TYPE
 * one of the element types or f16/bf16 (the number rounded to nearest even,
 * as __float2half_rn does).  *kind: 'a' address, 'i' integer, 'f' float, 'b'
 * bits (a .bN type).  0, or -1 with msg. */
static int scalar_value(aw_session *s, const char *arg, uint64_t *bits, unsigned *bytes, int *kind, char *msg, size_t cap) {
  const char *colon = strchr(arg, ':');
  if (!colon) { *bytes = 8; *kind = 'a'; return buffer_address(s, arg, bits, msg, cap); }
  char tname[16];
  size_t tl = (size_t)(colon - arg);
  if (tl >= sizeof tname) { snprintf(msg, cap, "bad type in '%s'", arg); return -1; }
  memcpy(tname, arg, tl);
  tname[tl] = 0;
  if (!strcmp(tname, "f16") || !strcmp(tname, "bf16")) {
    int bf = tname[0] == 'b';
    if (scr_parse_value(colon + 1, ISA_T_F64, bits, msg, cap)) return -1;
    double x = emu_bits_f64(*bits);
    *bits = emu_half_round(x, bf, 1);
    if (isfinite(x) && isinf(emu_half_value((uint32_t)*bits, bf))) {
      snprintf(msg, cap, "'%s' is out of range for %s (finite values at most %s in magnitude; write inf for infinity)", colon + 1, tname,
               bf ? "3.38953139e+38" : "65504");
      return -1;
    }
    *bytes = 2;
    *kind = 'f';
    return 0;
  }
  int t = scr_type_named(tname);
  if (!t) { snprintf(msg, cap, "unknown type '%s' in '%s'", tname, arg); return -1; }
  if (scr_parse_value(colon + 1, t, bits, msg, cap)) return -1;
  *bytes = scr_type_bytes(t);
  *kind = tname[0] == 'b' ? 'b' : scr_is_float(t) ? 'f' : 'i';
  return 0;
}

/* A by-value struct: {FIELD,FIELD,...}, each field a scalar as above laid
 * out as C lays out a struct (each at a multiple of its size, the whole
 * padded to a multiple of the largest), or hex:DIGITS, the bytes
 * themselves.  Writes *len bytes into out (cap bytes).  0, or -1 with msg. */
static int struct_value(aw_session *s, const char *arg, uint8_t *out, uint64_t cap_bytes, uint64_t *len, char *msg, size_t cap) {
  uint64_t at = 0, align = 1;
  if (!strncmp(arg, "hex:", 4)) {
    size_t n = strlen(arg + 4);
    if (n % 2 || n / 2 > cap_bytes) { snprintf(msg, cap, "'%s': hex: takes two digits a byte, at most %llu bytes here", arg, (unsigned long long)cap_bytes); return -1; }
    for (size_t i = 0; i < n / 2; i++) {
      int hi = arg[4 + 2 * i], lo = arg[5 + 2 * i];
      if (!isxdigit(hi) || !isxdigit(lo)) { snprintf(msg, cap, "'%s': '%c%c' is not a hexadecimal byte", arg, hi, lo); return -1; }
      out[i] = (uint8_t)((isdigit(hi) ? hi - '0' : tolower(hi) - 'a' + 10) << 4 | (isdigit(lo) ? lo - '0' : tolower(lo) - 'a' + 10));
    }
    *len = n / 2;
    return 0;
  }
  size_t n = strlen(arg);
  if (n < 2 || arg[n - 1] != '}') { snprintf(msg, cap, "'%s': a struct is written {FIELD,FIELD,...}", arg); return -1; }
  char field[256];
  for (const char *p = arg + 1; p < arg + n - 1;) {
    const char *e = p;
    while (e < arg + n - 1 && *e != ',') e++;
    if (e == p || (size_t)(e - p) >= sizeof field) { snprintf(msg, cap, "'%s': an empty or overlong field", arg); return -1; }
    memcpy(field, p, (size_t)(e - p));
    field[e - p] = 0;
    uint64_t bits;
    unsigned bytes;
    int kind;
    char why[200];
    if (scalar_value(s, field, &bits, &bytes, &kind, why, sizeof why)) { snprintf(msg, cap, "struct field '%.60s': %s", field, why); return -1; }
    at = (at + bytes - 1) / bytes * bytes;
    if (at + bytes > cap_bytes) { snprintf(msg, cap, "'%s' is larger than the parameter's %llu bytes", arg, (unsigned long long)cap_bytes); return -1; }
    scr_put_elem(out + at, bits, bytes);
    at += bytes;
    if (bytes > align) align = bytes;
    p = e + (*e == ',');
  }
  *len = (at + align - 1) / align * align;
  return 0;
}

/* Writes launch argument i (from 1) 'arg' for parameter pv (named pname, of
 * kernel kname) at out.  0, or -1 with the whole message in msg. */
static int launch_arg(aw_session *s, uint32_t i, const char *arg, const isa_var *pv, const char *pname, const char *kname, uint8_t *out,
                      char *msg, size_t cap) {
  uint64_t psize = isa_var_bytes(pv);
  int ptype = pv->type, scalar = !pv->vec && !pv->ndims;
  char why[400];
  if (arg[0] == '{' || !strncmp(arg, "hex:", 4)) {
    uint64_t len;
    if (struct_value(s, arg, out, psize, &len, why, sizeof why)) { snprintf(msg, cap, "argument %u: %s", i, why); return -1; }
    if (len != psize) {
      snprintf(msg, cap, "argument %u ('%s') is %llu bytes; parameter '%s' of %s is %llu bytes", i, arg, (unsigned long long)len, pname, kname,
               (unsigned long long)psize);
      return -1;
    }
    return 0;
  }
  uint64_t bits;
  unsigned bytes;
  int kind;
  if (scalar_value(s, arg, &bits, &bytes, &kind, why, sizeof why)) { snprintf(msg, cap, "argument %u: %s", i, why); return -1; }
  /* the kinds must agree (integer or float) and the sizes; .bN on either side is bits of any kind */
  if (scalar && kind == 'a' && (scr_is_float(ptype) || psize != 8)) {
    snprintf(msg, cap, "argument %u is buffer '%s' (a .u64 address) but parameter '%s' of %s is .%s", i, arg, pname, kname, isa_type_name(ptype));
    return -1;
  }
  if (scalar && kind != 'a' && (bytes != psize || (kind != 'b' && isa_type_kind(ptype) != TK_BIT && (kind == 'f') != scr_is_float(ptype)))) {
    snprintf(msg, cap, "launch: argument %u is %.*s but parameter '%s' of %s is .%s", i, (int)(strchr(arg, ':') - arg), arg, pname, kname,
             isa_type_name(ptype));
    return -1;
  }
  if (bytes != psize) {
    snprintf(msg, cap, "argument %u ('%s') is %u bytes; parameter '%s' of %s is %llu bytes", i, arg, bytes, pname, kname, (unsigned long long)psize);
    return -1;
  }
  scr_put_elem(out, bits, bytes);
  return 0;
}

int scr_cmd_launch(aw_session *s, char **argv, int argc, const char *where) {
  if (argc < 4) return scr_error(s, where, "usage: launch KERNEL GRID BLOCK [shared=BYTES] ARG ...");
  aw_module *m;
  int k = find_kernel(s, argv[1], &m);
  if (k < 0) return scr_error(s, where, "no kernel named '%s' in the loaded modules", argv[1]);
  aw_dim3 grid, block;
  if (parse_dim(argv[2], &grid)) return scr_error(s, where, "bad grid '%s' (X, X,Y or X,Y,Z; each from 1 to 2147483647)", argv[2]);
  if (parse_dim(argv[3], &block)) return scr_error(s, where, "bad block '%s' (X, X,Y or X,Y,Z; each from 1 to 2147483647)", argv[3]);
  int a = 4;
  uint32_t shared = 0;
  if (a < argc && !strncmp(argv[a], "shared=", 7)) {
    uint64_t v;
    int r = scr_parse_u64(argv[a] + 7, &v);
    if (r == -1) return scr_error(s, where, "shared size '%s' is not a number", argv[a] + 7);
    if (r == -2 || v > (1u << 24)) return scr_error(s, where, "shared size %s is too large: at most 16 MiB (16777216 bytes)", argv[a] + 7);
    shared = (uint32_t)v;
    a++;
  }
  const isa_func *fn = &m->img.funcs[m->kernels[k]];
  uint32_t count = fn->nparam;
  if ((uint32_t)(argc - a) != count) return scr_error(s, where, "kernel '%s' takes %u arguments, %d given", argv[1], count, argc - a);
  uint32_t pbytes = aw_kernel_param_bytes(m, k);
  uint8_t *params = calloc(pbytes ? pbytes : 1, 1);
  if (!params) return scr_error(s, where, "out of memory");
  for (uint32_t i = 0; i < count; i++, a++) {
    const isa_var *pv = &m->img.vars[fn->first_param + i];
    char msg[600];
    if (launch_arg(s, i + 1, argv[a], pv, isa_str(&m->img, pv->name), argv[1], params + m->var_off[fn->first_param + i], msg, sizeof msg)) {
      free(params);
      return scr_error(s, where, "%s", msg);
    }
  }
  aw_fault f;
  int recording = s->dev->record_dir != NULL;
  errno = 0;
  aw_status st = aw_launch(s->dev, m, k, grid, block, shared, params, pbytes, &f);
  free(params);
  if (st == AW_OK || st == AW_FAULT) s->launches++;
  int out_bad = scr_trace_after_run(s, where);
  if (st == AW_FAULT) return report_fault(s, where, &f, "launch");
  if (st != AW_OK) return scr_error(s, where, "launch of '%s' failed: %s", argv[1], f.what[0] ? f.what : "bad arguments");
  if (out_bad) return -1;
  return scr_record_check(s, where, recording);
}

/* ---- runsub ---- */

/* The trigger of subroutine function fn: ISA_TRIG_COMPRESS, _DECOMPRESS, ... or -1. */
static int subroutine_trigger(const aw_module *m, uint32_t fn) {
  const isa_image *img = &m->img;
  for (uint32_t i = 0; i < img->nsubrs; i++)
    if (img->subrs[i].func == fn && img->subrs[i].ntrigger && img->subrs[i].first_trigger < img->ntriggers)
      return (int)img->triggers[img->subrs[i].first_trigger].event;
  return -1;
}

/* Reads a whole (small) buffer; NULL with a message. */
static uint8_t *read_small(aw_session *s, const char *where, const buffer *b) {
  size_t n = (size_t)(b->count * scr_type_bytes(b->type));
  uint8_t *p = malloc(n ? n : 1);
  if (!p) { scr_error(s, where, "out of memory (%zu bytes for buffer '%s')", n, b->name); return NULL; }
  if (aw_memcpy_dtoh(s->dev, p, b->addr, n) != AW_OK) { free(p); scr_error(s, where, "cannot read buffer '%s'", b->name); return NULL; }
  return p;
}

int scr_cmd_runsub(aw_session *s, char **argv, int argc, const char *where) {
  if (argc != 5) return scr_error(s, where, "usage: runsub SUBROUTINE IN OUT META  (IN, OUT: u8 buffers; META: a u32 buffer of 8)");
  aw_module *m = NULL;
  uint32_t fn = 0;
  for (int i = s->nmods; i-- > 0 && !m;)
    for (uint32_t f = 0; f < s->mods[i]->img.nfuncs; f++)
      if (s->mods[i]->img.funcs[f].kind == ISA_FN_SUBR && !strcmp(isa_str(&s->mods[i]->img, s->mods[i]->img.funcs[f].name), argv[1])) { m = s->mods[i]; fn = f; }
  if (!m) return scr_error(s, where, "no subroutine named '%s' in the loaded modules", argv[1]);
  buffer *bi = scr_find_buffer(s, argv[2]), *bo = scr_find_buffer(s, argv[3]), *bm = scr_find_buffer(s, argv[4]);
  if (!bi || !bo || !bm) return scr_error(s, where, "no buffer named '%s'", !bi ? argv[2] : !bo ? argv[3] : argv[4]);
  if (scr_type_bytes(bi->type) != 1 || scr_type_bytes(bo->type) != 1) return scr_error(s, where, "IN and OUT must be u8 buffers");
  if (bi->count > UINT32_MAX || bo->count > UINT32_MAX) return scr_error(s, where, "IN and OUT may have at most 2^32-1 (4294967295) bytes");
  if (bm->count * scr_type_bytes(bm->type) != 32) return scr_error(s, where, "META must be 32 bytes (u32 x 8)");
  uint8_t *in = read_small(s, where, bi), *out = in ? read_small(s, where, bo) : NULL, *meta = out ? read_small(s, where, bm) : NULL;
  if (!meta) { free(in); free(out); return -1; }
  aw_line line;
  memset(&line, 0, sizeof line);
  line.in = in; line.in_bytes = (uint32_t)bi->count;
  line.out = out; line.out_bytes = (uint32_t)bo->count;
  memcpy(line.meta, meta, 32);
  /* .lmeta byte 8: line size, byte 12: MAG (isa/ISA.md); zeros get defaults, and a word saying so */
  uint32_t lsize = (uint32_t)scr_get_elem(line.meta + 8, 4), mag = (uint32_t)scr_get_elem(line.meta + 12, 4);
  if (!lsize || !mag) {
    int trig = subroutine_trigger(m, fn);
    uint32_t dl = trig == ISA_TRIG_COMPRESS ? line.in_bytes : trig == ISA_TRIG_DECOMPRESS ? line.out_bytes : 128;
    if (!dl) dl = 128;
    if (!lsize && !mag) fprintf(s->out, "runsub: metadata gives no line size; using %u bytes, MAG 32\n", dl);
    else if (!lsize) fprintf(s->out, "runsub: metadata gives no line size; using %u bytes\n", dl);
    else fprintf(s->out, "runsub: metadata gives no MAG; using 32 bytes\n");
    if (!lsize) scr_put_elem(line.meta + 8, dl, 4);
    if (!mag) scr_put_elem(line.meta + 12, 32, 4);
  }
  /* a decompression subroutine's .lin is the line buffer: the payload, then zeros up to the line size */
  uint32_t lbytes = (uint32_t)scr_get_elem(line.meta + 8, 4);
  if (subroutine_trigger(m, fn) == ISA_TRIG_DECOMPRESS && line.in_bytes < lbytes && lbytes <= 65536) {
    uint8_t *pad = calloc(lbytes, 1);
    if (!pad) { free(in); free(out); free(meta); return scr_error(s, where, "out of memory (%u bytes for the line buffer)", lbytes); }
    memcpy(pad, in, line.in_bytes);
    free(in);
    in = pad;
    line.in = in; line.in_bytes = lbytes;
  }
  aw_fault f;
  errno = 0;
  aw_status st = aw_run_subroutine(s->dev, m, argv[1], &line, &f);
  int out_bad = scr_trace_after_run(s, where);
  int rc = 0;
  if (out_bad) rc = -1;
  else if (st == AW_FAULT) rc = report_fault(s, where, &f, "subroutine run");
  else if (st != AW_OK) rc = scr_error(s, where, "%s", f.what);
  else if (aw_memcpy_htod(s->dev, bo->addr, out, (size_t)bo->count) != AW_OK || aw_memcpy_htod(s->dev, bm->addr, line.meta, 32) != AW_OK)
    rc = scr_error(s, where, "cannot write buffers '%s' and '%s'", bo->name, bm->name);
  else {
    aw_stats st2 = aw_get_stats(s->dev);
    fprintf(s->out, "%s: %llu warp instructions, %llu thread instructions (%.1f lanes active on average)\n", argv[1],
            (unsigned long long)st2.warp_insns, (unsigned long long)st2.thread_insns,
            st2.warp_insns ? (double)st2.thread_insns / (double)st2.warp_insns : 0.0);
  }
  free(in); free(out); free(meta);
  return rc;
}
