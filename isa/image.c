/* isa/image.c -- AWS image serialization and validation.
 *
 * Every table is an array of fixed-size records; each record type is
 * described once by a field list, which drives writing, reading and the
 * size check alike.
 */
#include "image.h"
#include "isa.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *const isa_trigger_names[ISA_TRIG_COUNT] = {
#define X(id, name, doc) name,
  ISA_TRIGGER_EVENTS(X)
#undef X
};

/* ---- record descriptions ---- */

typedef struct { uint16_t off; uint8_t width; } fld;
#define F8(T, f)  { (uint16_t)offsetof(T, f), 1 }
#define F32(T, f) { (uint16_t)offsetof(T, f), 4 }
#define F64(T, f) { (uint16_t)offsetof(T, f), 8 }

static const fld u32_fields[] = { { 0, 4 } };
static const fld u8_fields[] = { { 0, 1 } };
static const fld u64_fields[] = { { 0, 8 } };
static const fld var_fields[] = {
  F32(isa_var, name), F8(isa_var, space), F8(isa_var, type), F8(isa_var, vec), F8(isa_var, linkage),
  F8(isa_var, flags), F8(isa_var, ptr_space), F8(isa_var, ndims), F32(isa_var, align),
  F32(isa_var, ptr_align), F32(isa_var, owner), F32(isa_var, scope), F32(isa_var, dims[0]),
  F32(isa_var, dims[1]), F32(isa_var, dims[2]), F32(isa_var, dims[3]), F32(isa_var, init_off),
  F32(isa_var, init_len),
};
static const fld reg_fields[] = {
  F32(isa_regdecl, name), F8(isa_regdecl, type), F8(isa_regdecl, vec), F32(isa_regdecl, count),
  F32(isa_regdecl, first_slot), F32(isa_regdecl, owner), F32(isa_regdecl, scope),
};
static const fld func_fields[] = {
  F32(isa_func, name), F8(isa_func, kind), F8(isa_func, linkage), F8(isa_func, has_body),
  F32(isa_func, first_ret), F32(isa_func, nret), F32(isa_func, first_param), F32(isa_func, nparam),
  F32(isa_func, code_off), F32(isa_func, code_words), F32(isa_func, first_insn), F32(isa_func, ninsn),
  F32(isa_func, first_reg), F32(isa_func, nreg), F32(isa_func, nslots), F32(isa_func, first_label),
  F32(isa_func, nlabel), F32(isa_func, first_item), F32(isa_func, nitem),
  F32(isa_func, maxntid[0]), F32(isa_func, maxntid[1]), F32(isa_func, maxntid[2]),
  F32(isa_func, reqntid[0]), F32(isa_func, reqntid[1]), F32(isa_func, reqntid[2]),
  F32(isa_func, minnctapersm), F32(isa_func, maxnreg),
};
static const fld label_fields[] = { F32(isa_label, name), F32(isa_label, func), F32(isa_label, pc) };
static const fld item_fields[] = { F32(isa_item, kind), F32(isa_item, index) };
static const fld line_fields[] = { F32(isa_line, file), F32(isa_line, line), F32(isa_line, col) };
static const fld subr_fields[] = {
  F32(isa_subr, func), F32(isa_subr, priority), F32(isa_subr, first_trigger), F32(isa_subr, ntrigger),
  F32(isa_subr, livein_off), F32(isa_subr, nlivein), F32(isa_subr, liveout_off), F32(isa_subr, nliveout),
  F32(isa_subr, nregs), F32(isa_subr, shared_bytes),
  F32(isa_subr, keep_off), F32(isa_subr, nkeep), F32(isa_subr, skipif),
  /* format 3.1 */
  F32(isa_subr, lanes_off), F32(isa_subr, nlanes), F32(isa_subr, lanemask_off), F32(isa_subr, nlanemask),
  F32(isa_subr, flags), F32(isa_subr, active), F32(isa_subr, lastenc),
};
#define SUBR_FIELDS_3_0 13   /* the record of format 3.0: the fields up to skipif (52 bytes) */
static const fld trig_fields[] = {
  F32(isa_trigger, event), F32(isa_trigger, arg), F32(isa_trigger, line), F32(isa_trigger, kernel), F32(isa_trigger, label),
  F32(isa_trigger, bind_off), F32(isa_trigger, nbind),
  F32(isa_trigger, label_off), F32(isa_trigger, skip), F32(isa_trigger, skip_off),
};
static const fld kernel_fields[] = {
  F32(isa_kernel, func), F32(isa_kernel, param_bytes), F32(isa_kernel, shared_bytes), F32(isa_kernel, nregs),
};

/* One row per section, in file order; the id is the row number + 1. */
typedef struct {
  const char *name;
  size_t ptr_off, count_off;   /* where the array and its count live in isa_image */
  size_t elem_size;            /* sizeof the in-memory record */
  const fld *fields; size_t nfields;
  size_t nfields_3_0;          /* the fields a format 3.0 record has (0: all of them); the rest read as zero */
} section_desc;
#define SEC(name, arr, cnt, T, fl) { name, offsetof(isa_image, arr), offsetof(isa_image, cnt), sizeof(T), fl, sizeof fl / sizeof fl[0], 0 }
static const section_desc sections[] = {
  SEC("strtab", strtab, strtab_len, char, u8_fields),
  SEC("files", files, nfiles, uint32_t, u32_fields),
  SEC("vars", vars, nvars, isa_var, var_fields),
  SEC("regs", regs, nregs, isa_regdecl, reg_fields),
  SEC("funcs", funcs, nfuncs, isa_func, func_fields),
  SEC("labels", labels, nlabels, isa_label, label_fields),
  SEC("outline", outline, noutline, isa_item, item_fields),
  SEC("code", code, ncode, uint64_t, u64_fields),
  SEC("lines", lines, nlines, isa_line, line_fields),
  { "subroutines", offsetof(isa_image, subrs), offsetof(isa_image, nsubrs), sizeof(isa_subr), subr_fields,
    sizeof subr_fields / sizeof subr_fields[0], SUBR_FIELDS_3_0 },
  SEC("triggers", triggers, ntriggers, isa_trigger, trig_fields),
  SEC("pool", pool, npool, uint32_t, u32_fields),
  SEC("kernels", kernels, nkernels, isa_kernel, kernel_fields),
  SEC("data", data, ndata, uint8_t, u8_fields),
};
#define NSECTIONS (sizeof sections / sizeof sections[0])
#define HEADER_BYTES 40
#define DIR_ENTRY_BYTES 16

/* The fields of a record of image format 3.MINOR (writing: ISA_IMAGE_VERSION_MINOR). */
static size_t record_fields(const section_desc *s, unsigned minor) {
  return minor == 0 && s->nfields_3_0 ? s->nfields_3_0 : s->nfields;
}
static size_t record_bytes(const section_desc *s, unsigned minor) {
  size_t n = 0;
  for (size_t i = 0; i < record_fields(s, minor); i++) n += s->fields[i].width;
  return n;
}
static void **sec_ptr(const isa_image *img, const section_desc *s) { return (void **)((char *)img + s->ptr_off); }
static uint32_t *sec_count(const isa_image *img, const section_desc *s) { return (uint32_t *)((char *)img + s->count_off); }

/* The checksum covers every byte of the file but its own four (offset 12). */
uint32_t isa_image_checksum(const uint8_t *buf, size_t size) {
  return isa_crc32_update(isa_crc32(buf, 12), buf + 16, size - 16);
}

/* ---- writing ---- */

uint8_t *isa_image_write(const isa_image *img, size_t *size) {
  size_t off = HEADER_BYTES + NSECTIONS * DIR_ENTRY_BYTES;
  size_t offs[NSECTIONS];
  for (size_t i = 0; i < NSECTIONS; i++) {
    off = (off + 7) & ~(size_t)7;
    offs[i] = off;
    off += (size_t)*sec_count(img, &sections[i]) * record_bytes(&sections[i], ISA_IMAGE_VERSION_MINOR);
  }
  size_t total = off;
  uint8_t *buf = calloc(1, total ? total : 1);
  if (!buf) return NULL;
  memcpy(buf, ISA_IMAGE_MAGIC, 8);
  isa_put_u16(buf + 8, ISA_IMAGE_VERSION_MAJOR);
  isa_put_u16(buf + 10, ISA_IMAGE_VERSION_MINOR);
  isa_put_u32(buf + 16, (uint32_t)total);
  isa_put_u32(buf + 20, (uint32_t)NSECTIONS);
  isa_put_u32(buf + 24, img->version);
  isa_put_u32(buf + 28, img->target);
  isa_put_u32(buf + 32, img->address_size);
  isa_put_u32(buf + 36, img->module_items);
  for (size_t i = 0; i < NSECTIONS; i++) {
    const section_desc *s = &sections[i];
    uint8_t *d = buf + HEADER_BYTES + i * DIR_ENTRY_BYTES;
    uint32_t count = *sec_count(img, s);
    size_t rb = record_bytes(s, ISA_IMAGE_VERSION_MINOR);
    isa_put_u32(d, (uint32_t)(i + 1));
    isa_put_u32(d + 4, count);
    isa_put_u32(d + 8, (uint32_t)offs[i]);
    isa_put_u32(d + 12, (uint32_t)(count * rb));
    const char *src = *sec_ptr(img, s);
    uint8_t *p = buf + offs[i];
    for (uint32_t r = 0; r < count; r++, src += s->elem_size)
      for (size_t f = 0; f < s->nfields; f++) {
        const char *fp = src + s->fields[f].off;
        switch (s->fields[f].width) {
        case 1: *p = *(const uint8_t *)fp; break;
        case 4: { uint32_t v; memcpy(&v, fp, 4); isa_put_u32(p, v); break; }
        case 8: { uint64_t v; memcpy(&v, fp, 8); isa_put_u64(p, v); break; }
        }
        p += s->fields[f].width;
      }
  }
  isa_put_u32(buf + 12, isa_image_checksum(buf, total));
  *size = total;
  return buf;
}

const char *isa_image_difference(const uint8_t *a, size_t na, const uint8_t *b, size_t nb) {
  size_t dir = HEADER_BYTES + NSECTIONS * DIR_ENTRY_BYTES;
  if (na < dir || nb < dir) return "header";
  for (size_t i = 0; i < NSECTIONS; i++) {
    const uint8_t *da = a + HEADER_BYTES + i * DIR_ENTRY_BYTES, *db = b + HEADER_BYTES + i * DIR_ENTRY_BYTES;
    uint32_t oa = isa_get_u32(da + 8), ob = isa_get_u32(db + 8), la = isa_get_u32(da + 12), lb = isa_get_u32(db + 12);
    if (la != lb || (uint64_t)oa + la > na || (uint64_t)ob + lb > nb || memcmp(a + oa, b + ob, la)) return sections[i].name;
  }
  if (memcmp(a + 24, b + 24, HEADER_BYTES - 24)) return "header";
  return NULL;
}

/* ---- reading ---- */

void isa_image_free(isa_image *img) {
  for (size_t i = 0; i < NSECTIONS; i++) {
    free(*sec_ptr(img, &sections[i]));
    *sec_ptr(img, &sections[i]) = NULL;
    *sec_count(img, &sections[i]) = 0;
  }
}

int isa_image_read(const uint8_t *buf, size_t size, isa_image *img, char *err, size_t errcap) {
  memset(img, 0, sizeof *img);
  if (size < HEADER_BYTES) return isa_fail(err, errcap, "truncated image: %zu bytes, the header alone is %d", size, HEADER_BYTES);
  if (memcmp(buf, ISA_IMAGE_MAGIC, 8) != 0) return isa_fail(err, errcap, "not an AWS image (bad magic number)");
  unsigned major = isa_get_u16(buf + 8), minor = isa_get_u16(buf + 10);
  if (major != ISA_IMAGE_VERSION_MAJOR)
    return isa_fail(err, errcap, "image format version %u.%u is not supported (this build reads %d.x)", major, minor, ISA_IMAGE_VERSION_MAJOR);
  if (minor > ISA_IMAGE_VERSION_MINOR)   /* a newer build's: its records are longer than this one knows */
    return isa_fail(err, errcap, "image format version %u.%u is newer than this build reads (%d.0 to %d.%d)", major, minor,
                    ISA_IMAGE_VERSION_MAJOR, ISA_IMAGE_VERSION_MAJOR, ISA_IMAGE_VERSION_MINOR);
  uint32_t total = isa_get_u32(buf + 16);
  if (total != size) {
    if (size < total) return isa_fail(err, errcap, "truncated image: header says %u bytes, file has %zu", total, size);
    return isa_fail(err, errcap, "corrupt image: header says %u bytes, file has %zu", total, size);
  }
  uint32_t crc = isa_image_checksum(buf, size);
  if (crc != isa_get_u32(buf + 12)) return isa_fail(err, errcap, "corrupt image: checksum mismatch (stored %08x, computed %08x)", isa_get_u32(buf + 12), crc);
  if (isa_get_u32(buf + 20) != NSECTIONS) return isa_fail(err, errcap, "corrupt image: %u sections, expected %zu", isa_get_u32(buf + 20), NSECTIONS);
  if (size < HEADER_BYTES + NSECTIONS * DIR_ENTRY_BYTES) return isa_fail(err, errcap, "truncated image: section directory incomplete");
  img->version = isa_get_u32(buf + 24);
  img->target = isa_get_u32(buf + 28);
  img->address_size = isa_get_u32(buf + 32);
  img->module_items = isa_get_u32(buf + 36);
  size_t expect_off = HEADER_BYTES + NSECTIONS * DIR_ENTRY_BYTES;
  for (size_t i = 0; i < NSECTIONS; i++) {
    const section_desc *s = &sections[i];
    const uint8_t *d = buf + HEADER_BYTES + i * DIR_ENTRY_BYTES;
    uint32_t id = isa_get_u32(d), count = isa_get_u32(d + 4), off = isa_get_u32(d + 8), bytes = isa_get_u32(d + 12);
    size_t rb = record_bytes(s, minor), nf = record_fields(s, minor);
    expect_off = (expect_off + 7) & ~(size_t)7;
    if (id != i + 1) { isa_image_free(img); return isa_fail(err, errcap, "corrupt image: section %zu has id %u", i + 1, id); }
    if ((uint64_t)count * rb != bytes) { isa_image_free(img); return isa_fail(err, errcap, "corrupt image: %s section size %u does not match %u records", s->name, bytes, count); }
    if (off != expect_off || (uint64_t)off + bytes > size) { isa_image_free(img); return isa_fail(err, errcap, "corrupt image: %s section at offset %u, size %u lies outside the file or out of order", s->name, off, bytes); }
    void *arr = calloc(count ? count : 1, s->elem_size);
    if (!arr) { isa_image_free(img); return isa_fail(err, errcap, "out of memory reading the %s section", s->name); }
    *sec_ptr(img, s) = arr;
    *sec_count(img, s) = count;
    const uint8_t *p = buf + off;
    char *dst = arr;
    for (uint32_t r = 0; r < count; r++, dst += s->elem_size)
      for (size_t f = 0; f < nf; f++) {   /* (the fields an older record lacks stay zero: calloc) */
        char *fp = dst + s->fields[f].off;
        switch (s->fields[f].width) {
        case 1: *(uint8_t *)fp = *p; break;
        case 4: { uint32_t v = isa_get_u32(p); memcpy(fp, &v, 4); break; }
        case 8: { uint64_t v = isa_get_u64(p); memcpy(fp, &v, 8); break; }
        }
        p += s->fields[f].width;
      }
    expect_off = off + bytes;
    size_t next = (expect_off + 7) & ~(size_t)7;
    for (size_t z = expect_off; z < next && z < size; z++)
      if (buf[z]) { isa_image_free(img); return isa_fail(err, errcap, "corrupt image: nonzero padding after the %s section", s->name); }
  }
  if (expect_off != size) { isa_image_free(img); return isa_fail(err, errcap, "corrupt image: %zu trailing bytes", size - expect_off); }
  if (isa_image_validate(img, err, errcap) != 0) { isa_image_free(img); return -1; }
  return 0;
}

int isa_image_load(const char *path, isa_image *img, char *err, size_t errcap) {
  FILE *f = fopen(path, "rb");
  if (!f) return isa_fail(err, errcap, "%s: cannot open: %s", path, strerror(errno));
  uint8_t *buf = NULL;
  size_t len = 0, cap = 0;
  for (;;) {
    if (len == cap) {
      cap = cap ? cap * 2 : 65536;
      uint8_t *nb = realloc(buf, cap);
      if (!nb) { free(buf); fclose(f); return isa_fail(err, errcap, "%s: out of memory", path); }
      buf = nb;
    }
    size_t k = fread(buf + len, 1, cap - len, f);
    if (!k) break;
    len += k;
  }
  fclose(f);
  char inner[512];
  int rc = isa_image_read(buf, len, img, inner, sizeof inner);
  free(buf);
  if (rc) return isa_fail(err, errcap, "%s: %s", path, inner);
  return 0;
}

/* ---- sizes ---- */

uint64_t isa_var_elem_bytes(const isa_var *v) {
  uint64_t b = isa_type_bits(v->type);
  b = b <= 8 ? 1 : b / 8;
  return b * (uint64_t)isa_vec_count(v->vec);
}

uint64_t isa_var_bytes(const isa_var *v) {
  uint64_t n = isa_var_elem_bytes(v);
  for (unsigned i = 0; i < v->ndims && i < ISA_MAX_DIMS; i++) n *= v->dims[i];
  return n;
}

uint32_t isa_var_align(const isa_var *v) {
  return v->align ? v->align : (uint32_t)isa_var_elem_bytes(v);
}

static uint64_t align_up(uint64_t x, uint64_t a) { return a ? (x + a - 1) / a * a : x; }

void isa_kernel_info(const isa_image *img, uint32_t f, isa_kernel *out) {
  const isa_func *fn = &img->funcs[f];
  uint64_t pb = 0, sb = 0;
  for (uint32_t i = 0; i < fn->nparam; i++) {
    const isa_var *v = &img->vars[fn->first_param + i];
    pb = align_up(pb, isa_var_align(v)) + isa_var_bytes(v);
  }
  /* Static shared memory: the kernel's own, and (conservatively) every
   * sized shared variable at module scope. */
  for (uint32_t i = 0; i < img->nvars; i++) {
    const isa_var *v = &img->vars[i];
    if (v->space != ISA_SP_SHARED || (v->flags & ISA_VAR_UNSIZED)) continue;
    if (v->owner != 0 && v->owner != f + 1) continue;
    sb = align_up(sb, isa_var_align(v)) + isa_var_bytes(v);
  }
  out->func = f;
  out->param_bytes = pb > UINT32_MAX ? UINT32_MAX : (uint32_t)pb;
  out->shared_bytes = sb > UINT32_MAX ? UINT32_MAX : (uint32_t)sb;
  out->nregs = fn->nslots;
}
