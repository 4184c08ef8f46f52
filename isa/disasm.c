/* isa/disasm.c -- instructions and images as source text. */
#include "disasm.h"

#include <inttypes.h>
#include <stdarg.h>
#include <string.h>

typedef struct { char *buf; size_t cap, len; } sbuf;

static void sb_printf(sbuf *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void sb_printf(sbuf *s, const char *fmt, ...) {
  if (s->len + 1 >= s->cap) return;
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(s->buf + s->len, s->cap - s->len, fmt, ap);
  va_end(ap);
  if (n > 0) s->len = s->len + (size_t)n < s->cap ? s->len + (size_t)n : s->cap - 1;
}

void isa_dis_reg(const isa_image *img, uint32_t f, uint32_t slot, char *buf, size_t cap) {
  const isa_func *fn = &img->funcs[f];
  uint32_t lo = 0, hi = fn->nreg;
  while (lo < hi) {   /* the last declaration whose first slot is <= slot */
    uint32_t mid = (lo + hi) / 2;
    if (img->regs[fn->first_reg + mid].first_slot <= slot) lo = mid + 1; else hi = mid;
  }
  if (lo == 0) { snprintf(buf, cap, "%%?%u", slot); return; }
  const isa_regdecl *r = &img->regs[fn->first_reg + lo - 1];
  if (r->count) snprintf(buf, cap, "%s%u", isa_str(img, r->name), slot - r->first_slot);
  else snprintf(buf, cap, "%s", isa_str(img, r->name));
}

static void put_imm(sbuf *s, int64_t v, int t) {
  unsigned w = isa_type_bits(t);
  switch (isa_type_kind(t)) {
  case TK_FLT:
    if (w == 64) sb_printf(s, "0d%016" PRIX64, (uint64_t)v);
    else sb_printf(s, "0f%08" PRIX32, (uint32_t)v);
    break;
  case TK_SGN: case TK_PRED: sb_printf(s, "%" PRId64, v); break;
  default: {
    uint64_t u = w >= 64 ? (uint64_t)v : (uint64_t)v & ((1ull << w) - 1);
    if (u < 65536) sb_printf(s, "%" PRIu64, u); else sb_printf(s, "0x%" PRIX64, u);
  }
  }
}

static void put_operand(sbuf *s, const isa_image *img, uint32_t f, const isa_insn *in, const isa_operand *o, int t) {
  char r[96], r2[96];
  switch (o->kind) {
  case ISA_K_REG:
    isa_dis_reg(img, f, o->index, r, sizeof r);
    sb_printf(s, "%s%s", o->aux ? "!" : "", r);
    break;
  case ISA_K_REGPAIR:
    isa_dis_reg(img, f, o->index, r, sizeof r);
    isa_dis_reg(img, f, o->index2, r2, sizeof r2);
    sb_printf(s, "%s|%s", o->index == o->index2 && (in->op == ISA_OP_MATCH || in->op == ISA_OP_ELECT) ? "_" : r, r2);   /* there a pair of one register is "_|%p" */
    break;
  case ISA_K_SREG:
    sb_printf(s, "%s%s", o->index < ISA_SR_COUNT ? isa_sregs[o->index].name : "%?",
              o->value == 1 ? ".x" : o->value == 2 ? ".y" : o->value == 3 ? ".z" : "");
    break;
  case ISA_K_IMM: put_imm(s, o->value, t); break;
  case ISA_K_SINK: sb_printf(s, "_"); break;
  case ISA_K_SYM: case ISA_K_MSYM: {
    const char *name = "?";
    if (o->aux == ISA_SYM_VAR && o->index < img->nvars) name = isa_str(img, img->vars[o->index].name);
    if (o->aux == ISA_SYM_FUNC && o->index < img->nfuncs) name = isa_str(img, img->funcs[o->index].name);
    if (o->aux == ISA_SYM_LABEL && o->index < img->nlabels) name = isa_str(img, img->labels[o->index].name);
    if (o->kind == ISA_K_MSYM) {
      if (o->value) sb_printf(s, "[%s+%" PRId64 "]", name, o->value); else sb_printf(s, "[%s]", name);
    } else sb_printf(s, "%s", name);
    break;
  }
  case ISA_K_MREG:
    isa_dis_reg(img, f, o->index, r, sizeof r);
    if (o->value) sb_printf(s, "[%s+%" PRId64 "]", r, o->value); else sb_printf(s, "[%s]", r);
    break;
  case ISA_K_MABS: sb_printf(s, "[%" PRId64 "]", o->value); break;
  case ISA_K_VEC: case ISA_K_LIST: {
    int et = t;
    if (o->kind == ISA_K_VEC && in->op == ISA_OP_MOV && o->nelem) {
      unsigned b = isa_type_bits(t) / o->nelem;
      et = b == 8 ? ISA_T_B8 : b == 16 ? ISA_T_B16 : b == 32 ? ISA_T_B32 : ISA_T_B64;
    }
    sb_printf(s, o->kind == ISA_K_VEC ? "{" : "(");
    for (unsigned i = 0; i < o->nelem; i++) {
      if (i) sb_printf(s, ", ");
      put_operand(s, img, f, in, &in->elem[o->index2 + i], et);
    }
    sb_printf(s, o->kind == ISA_K_VEC ? "}" : ")");
    break;
  }
  default: sb_printf(s, "?"); break;
  }
}

void isa_dis_insn(const isa_image *img, uint32_t f, const isa_insn *in, char *buf, size_t cap) {
  sbuf s = { buf, cap, 0 };
  if (cap) buf[0] = 0;
  char r[96], mn[128];
  if (in->guard) {
    isa_dis_reg(img, f, in->guard_reg, r, sizeof r);
    sb_printf(&s, "@%s%s ", in->guard == 2 ? "!" : "", r);
  }
  isa_format_mnemonic(in, mn, sizeof mn);
  sb_printf(&s, "%s", mn);
  const char *shape = isa_ops[in->op].shape;
  for (unsigned i = 0; i < in->nopnd; i++) {
    char l = (isa_ops[in->op].flags & F_CALL) ? 'c' : isa_shape_letter(shape, in->nopnd, (int)i);
    sb_printf(&s, i ? ", " : " ");
    const isa_operand *o = &in->opnd[i];
    if (l == 'x' && o->kind == ISA_K_VEC && o->nelem >= 1) {   /* tex's [handle, {coordinates}] */
      sb_printf(&s, "[");
      put_operand(&s, img, f, in, &in->elem[o->index2], ISA_T_B64);
      isa_operand coords = *o;
      coords.index2++; coords.nelem--;
      sb_printf(&s, ", ");
      put_operand(&s, img, f, in, &coords, in->type[1]);
      sb_printf(&s, "]");
      continue;
    }
    put_operand(&s, img, f, in, o, isa_shape_type(in, l));
  }
}

/* ---- whole images ---- */

static const char *const link_text[ISA_LINK_COUNT] = { "", ".visible ", ".extern ", ".weak ", ".common " };

static const char *space_text(int sp) { int m = isa_mod_of(CAT_SPACE, sp); return m < 0 ? "?" : isa_mods[m].text; }

static void put_type(FILE *out, int vec, int type) {
  if (vec) fprintf(out, " .%s", isa_mods[isa_mod_of(CAT_VEC, vec)].text);
  fprintf(out, " .%s", isa_type_name(type));
}

static void put_dims(FILE *out, const isa_var *v) {
  for (unsigned d = 0; d < v->ndims; d++) {
    if (d == 0 && (v->flags & ISA_VAR_UNSIZED)) fputs("[]", out);
    else fprintf(out, "[%u]", v->dims[d]);
  }
}

static void put_var(FILE *out, const isa_image *img, const isa_var *v, const char *indent) {
  fprintf(out, "%s%s.%s", indent, link_text[v->linkage], space_text(v->space));
  if (v->align) fprintf(out, " .align %u", v->align);
  put_type(out, v->vec, v->type);
  fprintf(out, " %s", isa_str(img, v->name));
  put_dims(out, v);
  if (v->init_len) {
    uint64_t eb = isa_type_bits(v->type) <= 8 ? 1 : isa_type_bits(v->type) / 8;
    uint64_t n = v->init_len / eb;
    fputs(v->ndims ? " = {" : " = ", out);
    for (uint64_t i = 0; i < n; i++) {
      uint64_t x = 0;
      for (uint64_t k = 0; k < eb; k++) x |= (uint64_t)img->data[v->init_off + i * eb + k] << (8 * k);
      char b[64];
      sbuf s = { b, sizeof b, 0 };
      unsigned w = (unsigned)(eb * 8);
      int64_t sv = w >= 64 ? (int64_t)x : (int64_t)((x ^ (1ull << (w - 1))) - (1ull << (w - 1)));
      put_imm(&s, sv, v->type);
      fprintf(out, "%s%s", i ? ", " : "", b);
    }
    if (v->ndims) fputs("}", out);
  }
  fputs(";\n", out);
}

static void put_param(FILE *out, const isa_image *img, const isa_var *v) {
  fputs(".param", out);
  if (v->align) fprintf(out, " .align %u", v->align);
  put_type(out, v->vec, v->type);
  if (v->flags & ISA_VAR_PTR) {
    fputs(" .ptr", out);
    if (v->ptr_space) fprintf(out, " .%s", space_text(v->ptr_space));
    if (v->ptr_align) fprintf(out, " .align %u", v->ptr_align);
  }
  fprintf(out, " %s", isa_str(img, v->name));
  put_dims(out, v);
}

static void put_params(FILE *out, const isa_image *img, uint32_t first, uint32_t n, int multiline) {
  fputs("(", out);
  for (uint32_t i = 0; i < n; i++) {
    fputs(multiline ? (i ? ",\n\t" : "\n\t") : (i ? ", " : ""), out);
    put_param(out, img, &img->vars[first + i]);
  }
  fputs(multiline && n ? "\n)" : ")", out);
}

static void put_header(FILE *out, const isa_image *img, const isa_func *fn) {
  static const char *const kinds[ISA_FN_COUNT] = { ".entry", ".func", ".subroutine" };
  fprintf(out, "%s%s ", link_text[fn->linkage], kinds[fn->kind]);
  if (fn->kind == ISA_FN_FUNC && fn->nret) { put_params(out, img, fn->first_ret, fn->nret, 0); fputs(" ", out); }
  fputs(isa_str(img, fn->name), out);
  if (fn->kind != ISA_FN_SUBR) put_params(out, img, fn->first_param, fn->nparam, fn->kind == ISA_FN_ENTRY);
  fputs("\n", out);
}

static void put_subr_attrs(FILE *out, const isa_image *img, uint32_t f) {
  for (uint32_t s = 0; s < img->nsubrs; s++) {
    const isa_subr *sr = &img->subrs[s];
    if (sr->func != f) continue;
    fprintf(out, ".priority %s\n", sr->priority == ISA_PRIO_LOW ? "low" : "high");
    for (uint32_t t = 0; t < sr->ntrigger; t++) {
      const isa_trigger *tr = &img->triggers[sr->first_trigger + t];
      fprintf(out, ".trigger %s", isa_trigger_names[tr->event]);
      if ((tr->event == ISA_TRIG_DECOMPRESS || tr->event == ISA_TRIG_COMPRESS) && tr->arg >= 0) fprintf(out, " %d", tr->arg);
      if (tr->line) fprintf(out, " line %u", (unsigned)tr->line);
      if (tr->event == ISA_TRIG_PC) {
        fprintf(out, " %s, %s", isa_str(img, tr->kernel), isa_str(img, tr->label));
        if (tr->label_off) fprintf(out, "+%u", (unsigned)tr->label_off);
        if (tr->nbind) {
          fputs(" (", out);
          for (uint32_t k = 0; k < tr->nbind; k++) fprintf(out, "%s%s", k ? ", " : "", isa_str(img, img->pool[tr->bind_off + k]));
          fputs(")", out);
        }
        if (tr->skip) {
          fprintf(out, " skip %s", isa_str(img, tr->skip));
          if (tr->skip_off) fprintf(out, "+%u", (unsigned)tr->skip_off);
        }
      }
      fputs("\n", out);
    }
    static const char *const lists[3] = { "livein", "liveout", "keep" };
    for (int outp = 0; outp < 3; outp++) {
      uint32_t n = outp == 2 ? sr->nkeep : outp ? sr->nliveout : sr->nlivein, off = outp == 2 ? sr->keep_off : outp ? sr->liveout_off : sr->livein_off;
      if (!n) continue;
      fprintf(out, ".%s", lists[outp]);
      for (uint32_t k = 0; k < n; k++) {
        char r[96];
        isa_dis_reg(img, f, img->pool[off + k], r, sizeof r);
        fprintf(out, "%s %s", k ? "," : "", r);
      }
      fputs("\n", out);
    }
    if (sr->skipif) {
      char r[96];
      isa_dis_reg(img, f, sr->skipif - 1, r, sizeof r);
      fprintf(out, ".skipif %s\n", r);
    }
    for (uint32_t k = 0; k < sr->nlanes; k++) {   /* format 3.1: what the controller sets at the start and does at the end */
      const uint32_t *e = &img->pool[sr->lanes_off + 3 * k];
      char r[96];
      isa_dis_reg(img, f, e[0], r, sizeof r);
      fprintf(out, ".lanes %s, %u", r, e[1]);
      if (e[2]) fprintf(out, ", %u", e[2]);
      fputs("\n", out);
    }
    for (uint32_t k = 0; k < sr->nlanemask; k++) {
      const uint32_t *e = &img->pool[sr->lanemask_off + 2 * k];
      char r[96];
      isa_dis_reg(img, f, e[0], r, sizeof r);
      fprintf(out, ".lanemask %s, %u\n", r, e[1]);
    }
    if (sr->lastenc) {
      char r[96];
      isa_dis_reg(img, f, sr->lastenc - 1, r, sizeof r);
      fprintf(out, ".lastenc %s\n", r);
    }
    if (sr->active) fprintf(out, ".active 0x%08x\n", sr->active);
    if (sr->flags & ISA_SUBR_AUTOEND) fputs(".autoend\n", out);
  }
}

static void put_body(FILE *out, const isa_image *img, uint32_t f) {
  const isa_func *fn = &img->funcs[f];
  static const char tabs[] = "\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t";
  int depth = 1;
  uint32_t pc = 0, words = 0;
  isa_line prev = { UINT32_MAX, 0, 0 };
  isa_insn in;
  char buf[2048];
  fputs("{\n", out);
  for (uint32_t i = 0; i < fn->nitem; i++) {
    const isa_item *it = &img->outline[fn->first_item + i];
    const char *ind = tabs + sizeof tabs - 1 - (depth < 16 ? depth : 16);
    switch (it->kind) {
    case ISA_IT_VAR: put_var(out, img, &img->vars[it->index], ind); break;
    case ISA_IT_REG: {
      const isa_regdecl *r = &img->regs[it->index];
      fprintf(out, "%s.reg", ind);
      put_type(out, r->vec, r->type);
      fprintf(out, " %s", isa_str(img, r->name));
      if (r->count) fprintf(out, "<%u>", r->count);
      fputs(";\n", out);
      break;
    }
    case ISA_IT_LABEL: fprintf(out, "%s:\n", isa_str(img, img->labels[it->index].name)); break;
    case ISA_IT_OPEN: fprintf(out, "%s{\n", ind); depth++; break;
    case ISA_IT_CLOSE: depth--; fprintf(out, "%s}\n", tabs + sizeof tabs - 1 - (depth < 16 ? depth : 16)); break;
    case ISA_IT_INSNS:
      for (uint32_t k = 0; k < it->index; k++, pc++) {
        const isa_line *ln = &img->lines[fn->first_insn + pc];
        if (ln->file != prev.file || ln->line != prev.line || ln->col != prev.col) {
          if (ln->file) fprintf(out, "%s.loc %u %u %u\n", ind, ln->file, ln->line, ln->col);
          prev = *ln;
        }
        const char *why = NULL;
        size_t n = isa_decode(img->code + fn->code_off + words, fn->code_words - words, &in, &why);
        if (!n) { fprintf(out, "%s// undecodable: %s\n", ind, why); return; }
        words += (uint32_t)n;
        isa_dis_insn(img, f, &in, buf, sizeof buf);
        fprintf(out, "%s%s;\n", ind, buf);
      }
      break;
    }
  }
  fputs("}\n", out);
}

void isa_dis_image(const isa_image *img, FILE *out) {
  fputs("// AWS image disassembled by awdis; awasm turns it back into the same image.\n", out);
  if (img->strtab[img->version]) fprintf(out, ".version %s\n", isa_str(img, img->version));
  if (img->strtab[img->target]) fprintf(out, ".target %s\n", isa_str(img, img->target));
  if (img->address_size) fprintf(out, ".address_size %u\n", img->address_size);
  for (uint32_t i = 0; i < img->nfiles; i++) fprintf(out, ".file %u \"%s\"\n", i + 1, isa_str(img, img->files[i]));
  for (uint32_t i = 0; i < img->module_items; i++) {
    const isa_item *it = &img->outline[i];
    fputs("\n", out);
    if (it->kind == ISA_IT_VAR) { put_var(out, img, &img->vars[it->index], ""); continue; }
    const isa_func *fn = &img->funcs[it->index];
    put_header(out, img, fn);
    if (it->kind == ISA_IT_FDECL) { fputs(";\n", out); continue; }
    if (fn->maxntid[0]) fprintf(out, ".maxntid %u, %u, %u\n", fn->maxntid[0], fn->maxntid[1], fn->maxntid[2]);
    if (fn->reqntid[0]) fprintf(out, ".reqntid %u, %u, %u\n", fn->reqntid[0], fn->reqntid[1], fn->reqntid[2]);
    if (fn->minnctapersm) fprintf(out, ".minnctapersm %u\n", fn->minnctapersm);
    if (fn->maxnreg) fprintf(out, ".maxnreg %u\n", fn->maxnreg);
    if (fn->kind == ISA_FN_SUBR) put_subr_attrs(out, img, it->index);
    put_body(out, img, it->index);
  }
}
