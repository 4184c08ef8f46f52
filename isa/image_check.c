/* isa/image_check.c -- every cross-reference of an image, checked.
 *
 * Contract: isa_image_validate accepts exactly the images the assembler
 * can produce in structure (ranges, indices, decodable code, derived
 * tables that agree with their sources); it names the first bad field.
 */
#include "image.h"
#include "isa.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int bad(char *err, size_t cap, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  char msg[400];
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  if (cap) snprintf(err, cap, "corrupt image: %s", msg);
  return -1;
}

static int range_ok(uint32_t first, uint32_t n, uint32_t total) { return first <= total && n <= total - first; }

/* ---- names and strings as awasm reads them (asm/lexer.l), so that a
 * disassembly assembles back: an identifier with its .suffix chain (WORD) ---- */

static int id_start(int ch) { return (ch >= 'A' && ch <= 'Z') || (ch >= 'a' && ch <= 'z') || ch == '_' || ch == '$' || ch == '%'; }
static int id_char(int ch) { return id_start(ch) ? ch != '%' : ch >= '0' && ch <= '9'; }
static int sfx_char(int ch) { return (ch >= 'A' && ch <= 'Z') || (ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9') || ch == '_'; }

/* [A-Za-z_$%][A-Za-z0-9_$]* then (.[A-Za-z0-9_]+(::[A-Za-z0-9_]+)*)*; the length of the
 * word at s (0: none). */
static size_t word_len(const char *s) {
  size_t i = 0;
  if (!id_start((unsigned char)s[i])) return 0;
  for (i++; id_char((unsigned char)s[i]); i++) {}
  while (s[i] == '.' && sfx_char((unsigned char)s[i + 1])) {
    for (i++; sfx_char((unsigned char)s[i]); i++) {}
    while (s[i] == ':' && s[i + 1] == ':' && sfx_char((unsigned char)s[i + 2]))
      for (i += 2; sfx_char((unsigned char)s[i]); i++) {}
  }
  return i;
}

static int is_word(const char *s) { size_t n = word_len(s); return n && !s[n]; }

/* The text between the quotes of a .file string: ([^"\\\n]|\\.)*, no NUL. */
static int is_string_text(const char *s) {
  for (; *s; s++) {
    if (*s == '"' || *s == '\n') return 0;
    if (*s == '\\' && (!s[1] || s[1] == '\n')) return 0;
    if (*s == '\\') s++;
  }
  return 1;
}

/* .version: MAJOR.MINOR (asm_version); .target: words joined by ", " (asm_target). */
static int is_version(const char *s) {
  size_t i = 0, j;
  while (s[i] >= '0' && s[i] <= '9') i++;
  if (!i || s[i] != '.') return 0;
  for (j = ++i; s[j] >= '0' && s[j] <= '9'; j++) {}
  return j > i && !s[j];
}

static int is_target(const char *s) {
  for (;;) {
    size_t n = word_len(s);
    if (!n) return 0;
    s += n;
    if (!*s) return 1;
    if (s[0] != ',' || s[1] != ' ') return 0;
    s += 2;
  }
}

/* A name for a message: quoted, bytes awasm would not read as \xNN, at most 60 of them. */
static const char *shown(const char *s, char *buf, size_t cap) {
  size_t n = 0;
  if (cap < 8) return "";
  buf[n++] = '"';
  for (size_t i = 0; s[i] && n + 6 < cap; i++) {
    unsigned char ch = (unsigned char)s[i];
    if (i == 60) { memcpy(buf + n, "...", 3); n += 3; break; }
    if (ch >= 32 && ch < 127 && ch != '"' && ch != '\\') buf[n++] = (char)ch;
    else n += (size_t)snprintf(buf + n, cap - n, "\\x%02x", ch);
  }
  buf[n++] = '"';
  buf[n] = 0;
  return buf;
}

/* A name awasm could not have read: the message naming it. */
static int bad_name(char *err, size_t cap, const char *what, uint32_t i, const char *name) {
  char b[320];
  return bad(err, cap, "%s %u: the name %s is not one awasm reads (an identifier: a letter, _, $ or %%, then letters, digits, _ and $, "
             "and .suffixes), so its disassembly would not assemble", what, i, shown(name, b, sizeof b));
}
static int str_ok(const isa_image *img, uint32_t off) { return off < img->strtab_len; }
static int pow2_or_zero(uint32_t a) { return (a & (a - 1)) == 0; }

static int check_operand(const isa_image *img, uint32_t f, const isa_operand *o, char *err, size_t cap) {
  const isa_func *fn = &img->funcs[f];
  switch (o->kind) {
  case ISA_K_REG: case ISA_K_MREG:
    if (o->index >= fn->nslots) return bad(err, cap, "function %u uses register slot %u of %u", f, o->index, fn->nslots);
    break;
  case ISA_K_REGPAIR:
    if (o->index >= fn->nslots || o->index2 >= fn->nslots) return bad(err, cap, "function %u: register pair out of range", f);
    break;
  case ISA_K_SYM: case ISA_K_MSYM:
    if (o->kind == ISA_K_SYM && o->value) return bad(err, cap, "function %u: a symbol operand with an offset (only an address, [name+N], has one)", f);
    if (o->aux == ISA_SYM_VAR && o->index >= img->nvars) return bad(err, cap, "function %u refers to variable %u of %u", f, o->index, img->nvars);
    if (o->aux == ISA_SYM_FUNC && o->index >= img->nfuncs) return bad(err, cap, "function %u refers to function %u of %u", f, o->index, img->nfuncs);
    if (o->aux == ISA_SYM_LABEL && (o->index < fn->first_label || o->index - fn->first_label >= fn->nlabel))
      return bad(err, cap, "function %u refers to label %u outside its own", f, o->index);
    break;
  default: break;
  }
  return 0;
}

/* The assembler's rule for a register of type rt where an operand of type
 * 'want' stands: predicates only where a predicate is wanted; otherwise the
 * same width, or wider when the instruction is relaxed (ld, st, cvt, atom). */
static const char *reg_fits(int rt, int want, int relaxed) {
  if (want == ISA_T_PRED) return rt == ISA_T_PRED ? NULL : "a non-predicate register where a predicate is needed";
  if (rt == ISA_T_PRED) return "a predicate register where a value is needed";
  unsigned rb = isa_type_bits(rt), wb = isa_type_bits(want);
  if (rb == wb || (relaxed && rb > wb)) return NULL;
  return "a register of the wrong width";
}

/* Register operands against their declared types (slot_type), as the
 * assembler checks them: a message naming the operand, or NULL. */
static int check_types(const isa_image *img, uint32_t f, uint32_t n, const isa_insn *in, const uint8_t *slot_type,
                       char *err, size_t cap) {
  const char *fname = isa_str(img, img->funcs[f].name);
  if (in->guard && slot_type[in->guard_reg] != ISA_T_PRED)
    return bad(err, cap, "function %s, instruction %u: the guard is a .%s register, not a predicate", fname, n, isa_type_name(slot_type[in->guard_reg]));
  const isa_op_info *o = &isa_ops[in->op];
  if (o->flags & F_CALL) return 0;   /* argument lists: any register, copied by size */
  int relaxed = in->op == ISA_OP_LD || in->op == ISA_OP_LDU || in->op == ISA_OP_ST || in->op == ISA_OP_CVT ||
                in->op == ISA_OP_ATOM || in->op == ISA_OP_RED;
  for (unsigned i = 0; i < in->nopnd; i++) {
    const isa_operand *x = &in->opnd[i];
    char l = isa_shape_letter(o->shape, in->nopnd, (int)i);   /* as the assembler reads it */
    int want = isa_shape_type(in, l);
    isa_frag fr;
    if (l == 'f' && !isa_fragment(in, (int)i, &fr)) want = fr.type == ISA_T_F32 ? ISA_T_F32 : ISA_T_B32;   /* a fragment's registers */
    const char *why = NULL;
    uint32_t reg = x->index;
    int rt = 0;
    switch (x->kind) {
    case ISA_K_REG:
      rt = slot_type[reg];
      if (l == 'z' && rt == ISA_T_PRED) break;   /* cp.async's ignore-src */
      why = reg_fits(rt, x->aux & 1 ? ISA_T_PRED : want, x->aux & 1 ? 0 : relaxed);
      break;
    case ISA_K_REGPAIR:
      rt = slot_type[reg];
      if (l == 'E' && x->index == x->index2) { why = reg_fits(rt, ISA_T_PRED, 0); break; }   /* "_|%p" (match, elect) */
      why = reg_fits(rt, want, 0);
      if (!why) { reg = x->index2; rt = slot_type[reg]; why = reg_fits(rt, ISA_T_PRED, 0); }
      break;
    case ISA_K_MREG: {
      rt = slot_type[reg];
      unsigned b = isa_type_bits(rt);
      if (rt == ISA_T_PRED || (b != 32 && b != 64) || isa_type_kind(rt) == TK_FLT)
        return bad(err, cap, "function %s, instruction %u, operand %u: address register slot %u is .%s, not a 32- or 64-bit integer",
                   fname, n, i + 1, reg, isa_type_name(rt));
      break;
    }
    case ISA_K_SREG: {
      unsigned sb = x->index < ISA_SR_COUNT ? isa_sregs[x->index].bits : 0;
      if (!isa_sreg_fits(x->index, want, relaxed))
        return bad(err, cap, "function %s, instruction %u, operand %u: a %u-bit special register where %u bits are needed", fname, n, i + 1, sb, isa_type_bits(want));
      break;
    }
    case ISA_K_VEC: {
      int pack = in->op == ISA_OP_MOV;   /* mov: the elements split the type evenly */
      int et = want;
      if (pack) {
        unsigned eb = x->nelem ? isa_type_bits(want) / x->nelem : 0;
        et = eb == 8 ? ISA_T_B8 : eb == 16 ? ISA_T_B16 : eb == 32 ? ISA_T_B32 : ISA_T_B64;
      }
      for (unsigned e = 0; e < x->nelem && !why; e++) {
        const isa_operand *el = &in->elem[x->index2 + e];
        if (el->kind != ISA_K_REG) continue;
        reg = el->index; rt = slot_type[reg];
        if (l == 'x') et = e ? in->type[1] : ISA_T_B64;   /* tex: the handle, then the coordinates */
        why = reg_fits(rt, et, relaxed || pack);
        if (!why && pack && isa_type_bits(rt) != isa_type_bits(et)) why = "a vector element register of the wrong width";
      }
      break;
    }
    default: break;
    }
    if (why) return bad(err, cap, "function %s, instruction %u, operand %u: %s (register slot %u is .%s, the operand .%s)",
                        fname, n, i + 1, why, reg, isa_type_name(rt), isa_type_name(want));
  }
  return 0;
}

static int check_code(const isa_image *img, uint32_t f, const uint8_t *slot_type, char *err, size_t cap) {
  const isa_func *fn = &img->funcs[f];
  const uint64_t *w = img->code + fn->code_off;
  size_t left = fn->code_words;
  uint32_t n = 0;
  isa_insn in;
  while (left) {
    const char *why = NULL;
    size_t k = isa_decode(w, left, &in, &why);
    if (!k) return bad(err, cap, "function %s, instruction %u: %s", isa_str(img, fn->name), n, why);
    if (in.guard && in.guard_reg >= fn->nslots) return bad(err, cap, "function %u: guard register out of range", f);
    for (unsigned i = 0; i < in.nopnd; i++) if (check_operand(img, f, &in.opnd[i], err, cap)) return -1;
    for (unsigned i = 0; i < in.nelem; i++) if (check_operand(img, f, &in.elem[i], err, cap)) return -1;
    if (check_types(img, f, n, &in, slot_type, err, cap)) return -1;
    uint64_t again[2 + ISA_MAX_OPND + ISA_MAX_ELEM + 8];   /* the words awasm writes for it: no stray bits (the disassembly would drop them) */
    const char *ewhy = NULL;
    if (k > sizeof again / sizeof again[0] || isa_encode(&in, again, k, &ewhy) != k || memcmp(again, w, k * sizeof *w))
      return bad(err, cap, "function %s, instruction %u: not encoded as awasm encodes it (bits its fields do not use are set)", isa_str(img, fn->name), n);
    w += k; left -= k; n++;
  }
  if (n != fn->ninsn) return bad(err, cap, "function %s has %u instructions, its record says %u", isa_str(img, fn->name), n, fn->ninsn);
  return 0;
}

/* seen: for a function, its labels' marks (zeroed), each label having one outline item */
static int check_outline(const isa_image *img, uint32_t first, uint32_t n, int module, uint32_t f, uint8_t *seen,
                         char *err, size_t cap) {
  int depth = 0;
  uint64_t insns = 0, labels = 0;
  /* blocks are numbered as they open (the body is 0); a declaration's scope is the block it stands in */
  uint32_t blocks = 0, cur = 0, *parent = NULL, nopen = 0;
  for (uint32_t i = 0; i < n; i++) nopen += img->outline[first + i].kind == ISA_IT_OPEN;
  if (nopen && !(parent = malloc(nopen * sizeof *parent))) return bad(err, cap, "out of memory checking function %u", f);
  int rc = 0;
  for (uint32_t i = 0; i < n && !rc; i++) {
    const isa_item *it = &img->outline[first + i];
    switch (it->kind) {
    case ISA_IT_VAR:
      if (it->index >= img->nvars) { rc = bad(err, cap, "outline item %u: variable out of range", first + i); break; }
      if (img->vars[it->index].owner != (module ? 0 : f + 1)) { rc = bad(err, cap, "outline item %u: variable of another scope", first + i); break; }
      if (img->vars[it->index].scope != cur) rc = bad(err, cap, "variable %u: scope %u, but it is declared in block %u", it->index, img->vars[it->index].scope, cur);
      break;
    case ISA_IT_FDECL: case ISA_IT_FDEF:
      if (!module || it->index >= img->nfuncs) { rc = bad(err, cap, "outline item %u: bad function item", first + i); break; }
      if (it->kind == ISA_IT_FDEF && !img->funcs[it->index].has_body) rc = bad(err, cap, "outline item %u: definition of a function with no body", first + i);
      break;
    case ISA_IT_REG:
      if (module || it->index >= img->nregs || img->regs[it->index].owner != f) { rc = bad(err, cap, "outline item %u: bad register item", first + i); break; }
      if (img->regs[it->index].scope != cur) rc = bad(err, cap, "register declaration %u: scope %u, but it is declared in block %u", it->index, img->regs[it->index].scope, cur);
      break;
    case ISA_IT_LABEL:
      if (module || it->index >= img->nlabels || img->labels[it->index].func != f) { rc = bad(err, cap, "outline item %u: bad label item", first + i); break; }
      /* where the outline puts it (awdis writes it there) is where branches go (the emulator's pc) */
      if (img->labels[it->index].pc != insns) { rc = bad(err, cap, "label %u is at instruction %u, its outline item at %llu", it->index, img->labels[it->index].pc, (unsigned long long)insns); break; }
      if (seen[it->index - img->funcs[f].first_label]++) { rc = bad(err, cap, "outline item %u: label %u placed twice", first + i, it->index); break; }
      labels++;
      break;
    case ISA_IT_OPEN:
      if (module) { rc = bad(err, cap, "block at module scope"); break; }
      parent[depth++] = cur;
      cur = ++blocks;
      break;
    case ISA_IT_CLOSE:
      if (module || depth == 0) { rc = bad(err, cap, "outline item %u: unbalanced block", first + i); break; }
      cur = parent[--depth];
      break;
    case ISA_IT_INSNS: if (module || it->index == 0) rc = bad(err, cap, "outline item %u: bad instruction run", first + i); else insns += it->index; break;
    default: rc = bad(err, cap, "outline item %u: unknown kind %u", first + i, it->kind);
    }
  }
  free(parent);
  if (rc) return rc;
  if (depth) return bad(err, cap, "unbalanced blocks in function %u", f);
  if (!module && insns != img->funcs[f].ninsn) return bad(err, cap, "function %u outline covers %llu instructions of %u", f, (unsigned long long)insns, img->funcs[f].ninsn);
  if (!module && labels != img->funcs[f].nlabel) return bad(err, cap, "function %u: %llu of its %u labels have a place in the outline", f, (unsigned long long)labels, img->funcs[f].nlabel);
  return 0;
}

/* The declared type of register slot 'slot' of function fn (ISA_T_NONE: none declares it). */
static int slot_type(const isa_image *img, const isa_func *fn, uint32_t slot) {
  for (uint32_t r = 0; r < fn->nreg; r++) {
    const isa_regdecl *rd = &img->regs[fn->first_reg + r];
    if (slot >= rd->first_slot && slot - rd->first_slot < (rd->count ? rd->count : 1)) return rd->type;
  }
  return ISA_T_NONE;
}

/* A .b32/.u32/.s32 register (bits 32), or one of those or a .b64/.u64/.s64 (bits 64): as awasm requires of .lanes and .lastenc. */
static int int_reg(int t, unsigned bits) {
  return t == ISA_T_B32 || t == ISA_T_U32 || t == ISA_T_S32 || (bits == 64 && (t == ISA_T_B64 || t == ISA_T_U64 || t == ISA_T_S64));
}

/* Format 3.1's start and end of subroutine s (.lanes, .lanemask, .autoend, .active, .lastenc) as awasm
 * writes them (asm/asm_subr.c, asmi_finish_subr): their lists in the pool, each register one of the function's, of
 * the kind its directive takes, no register set at the start twice (by .livein, .keep or these),
 * numbers within their limits, .lastenc only with a 'compress' trigger. */
static int check_subr_start(const isa_image *img, uint32_t s, char *err, size_t cap) {
  const isa_subr *sr = &img->subrs[s];
  const isa_func *fn = &img->funcs[sr->func];
  if (sr->nlanes > ISA_MAX_LANES || sr->nlanemask > ISA_MAX_LANEMASK) return bad(err, cap, "subroutine %u: %u .lanes and %u .lanemask (at most %d and %d)", s, sr->nlanes, sr->nlanemask, ISA_MAX_LANES, ISA_MAX_LANEMASK);
  if (!range_ok(sr->lanes_off, 3 * sr->nlanes, img->npool) || (!sr->nlanes && sr->lanes_off)) return bad(err, cap, "subroutine %u: .lanes list", s);
  if (!range_ok(sr->lanemask_off, 2 * sr->nlanemask, img->npool) || (!sr->nlanemask && sr->lanemask_off)) return bad(err, cap, "subroutine %u: .lanemask list", s);
  if (sr->flags & ~ISA_SUBR_ALLFLAGS) return bad(err, cap, "subroutine %u: flags 0x%x", s, sr->flags);
  if (sr->lastenc > fn->nslots) return bad(err, cap, "subroutine %u: .lastenc register out of range", s);
  uint32_t set[ISA_MAX_LANES + ISA_MAX_LANEMASK + 1], nset = 0;   /* the registers these set */
  for (uint32_t k = 0; k < sr->nlanes; k++) {
    const uint32_t *e = &img->pool[sr->lanes_off + 3 * k];
    if (e[0] >= fn->nslots) return bad(err, cap, "subroutine %u: .lanes register out of range", s);
    if (!int_reg(slot_type(img, fn, e[0]), 64)) return bad(err, cap, "subroutine %u: a .lanes register is .%s, not a 32- or 64-bit integer", s, isa_type_name(slot_type(img, fn, e[0])));
    if (e[1] > ISA_MAX_LANES_SCALE || e[2] > ISA_MAX_LANES_OFFSET) return bad(err, cap, "subroutine %u: .lanes scale %u, offset %u (at most %d and %d)", s, e[1], e[2], ISA_MAX_LANES_SCALE, ISA_MAX_LANES_OFFSET);
    set[nset++] = e[0];
  }
  for (uint32_t k = 0; k < sr->nlanemask; k++) {
    const uint32_t *e = &img->pool[sr->lanemask_off + 2 * k];
    if (e[0] >= fn->nslots) return bad(err, cap, "subroutine %u: .lanemask register out of range", s);
    if (slot_type(img, fn, e[0]) != ISA_T_PRED) return bad(err, cap, "subroutine %u: a .lanemask register is not a predicate", s);
    if (e[1] > ISA_MAX_LANEMASK_OFFSET) return bad(err, cap, "subroutine %u: .lanemask offset %u (at most %d)", s, e[1], ISA_MAX_LANEMASK_OFFSET);
    set[nset++] = e[0];
  }
  if (sr->lastenc) {
    if (!int_reg(slot_type(img, fn, sr->lastenc - 1), 32)) return bad(err, cap, "subroutine %u: the .lastenc register is not a 32-bit integer", s);
    uint32_t compress = 0;
    for (uint32_t t = 0; t < sr->ntrigger; t++) compress += img->triggers[sr->first_trigger + t].event == ISA_TRIG_COMPRESS;
    if (!compress) return bad(err, cap, "subroutine %u: .lastenc without a 'compress' trigger", s);
    set[nset++] = sr->lastenc - 1;
  }
  for (uint32_t k = 0; k < nset; k++) {
    int twice = 0;
    for (uint32_t j = 0; j < k; j++) twice |= set[j] == set[k];
    for (uint32_t j = 0; j < sr->nlivein; j++) twice |= img->pool[sr->livein_off + j] == set[k];
    for (uint32_t j = 0; j < sr->nkeep; j++) twice |= img->pool[sr->keep_off + j] == set[k];
    if (twice) return bad(err, cap, "subroutine %u: register slot %u is set twice at the start (.livein, .keep, .lanes, .lanemask, .lastenc)", s, set[k]);
  }
  return 0;
}

/* The subroutine records and their triggers (part of isa_image_validate): each record's function,
 * registers and needs, every trigger's fields as awasm writes them, no two subroutines on one
 * trigger.  0, or -1 with the message in err. */
static int check_subrs(const isa_image *img, char *err, size_t cap) {
  for (uint32_t s = 0; s < img->nsubrs; s++) {
    const isa_subr *sr = &img->subrs[s];
    if (sr->func >= img->nfuncs || img->funcs[sr->func].kind != ISA_FN_SUBR) return bad(err, cap, "subroutine %u: not a subroutine function", s);
    if (sr->priority != ISA_PRIO_HIGH && sr->priority != ISA_PRIO_LOW) return bad(err, cap, "subroutine %u: priority %u", s, sr->priority);
    if (!range_ok(sr->first_trigger, sr->ntrigger, img->ntriggers)) return bad(err, cap, "subroutine %u: trigger range", s);
    if (!range_ok(sr->livein_off, sr->nlivein, img->npool) || !range_ok(sr->liveout_off, sr->nliveout, img->npool)) return bad(err, cap, "subroutine %u: live register lists", s);
    const isa_func *fn = &img->funcs[sr->func];
    for (uint32_t k = 0; k < sr->nlivein; k++) if (img->pool[sr->livein_off + k] >= fn->nslots) return bad(err, cap, "subroutine %u: live-in register out of range", s);
    for (uint32_t k = 0; k < sr->nliveout; k++) if (img->pool[sr->liveout_off + k] >= fn->nslots) return bad(err, cap, "subroutine %u: live-out register out of range", s);
    if (!range_ok(sr->keep_off, sr->nkeep, img->npool)) return bad(err, cap, "subroutine %u: kept register list", s);
    for (uint32_t k = 0; k < sr->nkeep; k++) if (img->pool[sr->keep_off + k] >= fn->nslots) return bad(err, cap, "subroutine %u: kept register out of range", s);
    if (sr->skipif > fn->nslots) return bad(err, cap, "subroutine %u: .skipif register out of range", s);
    if (sr->skipif && slot_type(img, fn, sr->skipif - 1) != ISA_T_PRED)   /* as awasm requires ('not a predicate register') */
      return bad(err, cap, "subroutine %u: the .skipif register is not a predicate", s);
    if (check_subr_start(img, s, err, cap)) return -1;
    for (uint32_t k = 0; k < sr->nlivein; k++)   /* each live-in once, as awasm requires */
      for (uint32_t j = 0; j < k; j++)
        if (img->pool[sr->livein_off + k] == img->pool[sr->livein_off + j]) return bad(err, cap, "subroutine %u: a live-in register given twice", s);
    if (sr->nregs != fn->nslots) return bad(err, cap, "subroutine %u: register need %u, function declares %u", s, sr->nregs, fn->nslots);
    isa_kernel k;
    isa_kernel_info(img, sr->func, &k);
    if (sr->shared_bytes != k.shared_bytes) return bad(err, cap, "subroutine %u: shared need %u, declarations give %u", s, sr->shared_bytes, k.shared_bytes);
    for (uint32_t o = 0; o < s; o++) if (img->subrs[o].func == sr->func) return bad(err, cap, "subroutine %u: function listed twice", s);
  }
  for (uint32_t f = 0; f < img->nfuncs; f++) {
    if (img->funcs[f].kind != ISA_FN_SUBR) continue;
    uint32_t s = 0;
    while (s < img->nsubrs && img->subrs[s].func != f) s++;
    if (s == img->nsubrs) return bad(err, cap, "subroutine function %u has no subroutine record", f);
  }
  for (uint32_t t = 0; t < img->ntriggers; t++) {
    const isa_trigger *tr = &img->triggers[t];
    if (tr->event >= ISA_TRIG_COUNT || !str_ok(img, tr->kernel) || !str_ok(img, tr->label) || !str_ok(img, tr->skip)) return bad(err, cap, "trigger %u: bad fields", t);
    if (tr->event != ISA_TRIG_PC && (tr->label_off || tr->skip || tr->skip_off)) return bad(err, cap, "trigger %u: a label offset or skip on a '%s' trigger", t, isa_trigger_names[tr->event]);
    if (!tr->skip && tr->skip_off) return bad(err, cap, "trigger %u: skip offset without a skip label", t);
    if (!range_ok(tr->bind_off, tr->nbind, img->npool)) return bad(err, cap, "trigger %u: binding range", t);
    if (tr->line && (tr->line < 4 || tr->line > ISA_TRIG_MAX_LINE || (tr->line & (tr->line - 1)) ||
                     (tr->event != ISA_TRIG_DECOMPRESS && tr->event != ISA_TRIG_COMPRESS)))
      return bad(err, cap, "trigger %u: line size %u", t, tr->line);
    for (uint32_t k = 0; k < tr->nbind; k++) if (!str_ok(img, img->pool[tr->bind_off + k])) return bad(err, cap, "trigger %u: binding name", t);
    /* what the disassembly writes (isa/disasm.c, put_subr_attrs) is what awasm reads back */
    int lined = tr->event == ISA_TRIG_DECOMPRESS || tr->event == ISA_TRIG_COMPRESS;
    if (tr->event == ISA_TRIG_DECOMPRESS ? tr->arg < 0 || tr->arg > 255 : tr->event == ISA_TRIG_COMPRESS ? tr->arg < -1 || tr->arg > 255 : tr->arg != 0)
      return bad(err, cap, "trigger %u: argument %d on a '%s' trigger", t, (int)tr->arg, isa_trigger_names[tr->event]);
    if (!lined && tr->line) return bad(err, cap, "trigger %u: a line size on a '%s' trigger", t, isa_trigger_names[tr->event]);
    if (tr->event != ISA_TRIG_PC && (tr->kernel || tr->label || tr->nbind))
      return bad(err, cap, "trigger %u: a kernel, label or registers on a '%s' trigger", t, isa_trigger_names[tr->event]);
    if (!tr->nbind && tr->bind_off) return bad(err, cap, "trigger %u: an empty register list at pool offset %u", t, tr->bind_off);
    if (tr->label_off > 1000000 || tr->skip_off > 1000000) return bad(err, cap, "trigger %u: an offset past 1000000 instructions", t);
    if (tr->event == ISA_TRIG_PC) {
      if (!tr->kernel || !tr->label) return bad(err, cap, "trigger %u: a 'pc' trigger without a kernel and a point", t);
      if (!is_word(img->strtab + tr->kernel)) return bad_name(err, cap, "trigger", t, img->strtab + tr->kernel);
      if (!is_word(img->strtab + tr->label)) return bad_name(err, cap, "trigger", t, img->strtab + tr->label);
      if (tr->skip && !is_word(img->strtab + tr->skip)) return bad_name(err, cap, "trigger", t, img->strtab + tr->skip);
      for (uint32_t k = 0; k < tr->nbind; k++)
        if (!is_word(img->strtab + img->pool[tr->bind_off + k])) return bad_name(err, cap, "trigger", t, img->strtab + img->pool[tr->bind_off + k]);
    }
  }
  for (uint32_t s = 0; s < img->nsubrs; s++) {
    const isa_subr *sr = &img->subrs[s];
    uint32_t skips = 0;
    for (uint32_t t = 0; t < sr->ntrigger; t++) skips += img->triggers[sr->first_trigger + t].skip != 0;
    if (skips && !sr->skipif) return bad(err, cap, "subroutine %u: a 'skip' trigger without .skipif", s);
    if (sr->skipif && skips != sr->ntrigger) return bad(err, cap, "subroutine %u: .skipif with a trigger that names no 'skip' label", s);
  }
  uint32_t ta, tb;
  if (isa_triggers_conflict(img->triggers, img->ntriggers, img->strtab, &ta, &tb)) {
    char what[160];
    isa_trigger_text(&img->triggers[ta], img->strtab, what, sizeof what);
    const char *na = "", *nb = "";
    for (uint32_t s = 0; s < img->nsubrs; s++) {
      const isa_subr *sr = &img->subrs[s];
      if (ta >= sr->first_trigger && ta < sr->first_trigger + sr->ntrigger) na = isa_str(img, img->funcs[sr->func].name);
      if (tb >= sr->first_trigger && tb < sr->first_trigger + sr->ntrigger) nb = isa_str(img, img->funcs[sr->func].name);
    }
    return bad(err, cap, "subroutines %s and %s are both bound to '%s'", na, nb, what);
  }
  return 0;
}

int isa_image_validate(const isa_image *img, char *err, size_t cap) {
  if (img->strtab_len == 0 || img->strtab[0] != 0 || img->strtab[img->strtab_len - 1] != 0)
    return bad(err, cap, "string table must start and end with a NUL byte");
  if (!str_ok(img, img->version) || !str_ok(img, img->target)) return bad(err, cap, "header strings out of range");
  char shownbuf[320];
  if (img->strtab[img->version] && !is_version(img->strtab + img->version))
    return bad(err, cap, "the version %s is not MAJOR.MINOR, as .version takes it", shown(img->strtab + img->version, shownbuf, sizeof shownbuf));
  if (img->strtab[img->target] && !is_target(img->strtab + img->target))
    return bad(err, cap, "the target %s is not a list of names, as .target takes it", shown(img->strtab + img->target, shownbuf, sizeof shownbuf));
  if (img->address_size != 0 && img->address_size != 32 && img->address_size != 64) return bad(err, cap, "address size %u", img->address_size);
  for (uint32_t i = 0; i < img->nfiles; i++) {
    char b[320];
    if (!str_ok(img, img->files[i])) return bad(err, cap, "file %u: name out of range", i);
    if (!is_string_text(img->strtab + img->files[i]))
      return bad(err, cap, "file %u: the name %s cannot stand between the quotes of a .file directive (a '\"', a newline or a lone '\\')",
                 i, shown(img->strtab + img->files[i], b, sizeof b));
  }

  for (uint32_t i = 0; i < img->nvars; i++) {
    const isa_var *v = &img->vars[i];
    if (!str_ok(img, v->name) || !img->strtab[v->name]) return bad(err, cap, "variable %u: bad name", i);
    if (!is_word(img->strtab + v->name)) return bad_name(err, cap, "variable", i, img->strtab + v->name);
    if (v->space == ISA_SP_GENERIC || v->space > ISA_SP_CONST || v->space == ISA_SP_SHARED_CTA) return bad(err, cap, "variable %u: bad state space %u", i, v->space);
    if (v->type == ISA_T_NONE || v->type >= ISA_T_COUNT || v->type == ISA_T_PRED) return bad(err, cap, "variable %u: bad type %u", i, v->type);
    if (v->vec > 3 || v->linkage >= ISA_LINK_COUNT || (v->flags & ~ISA_VAR_ALLFLAGS)) return bad(err, cap, "variable %u: bad attributes", i);
    if (v->ptr_space > ISA_SP_CONST || v->ndims > ISA_MAX_DIMS) return bad(err, cap, "variable %u: bad attributes", i);
    if (!pow2_or_zero(v->align) || !pow2_or_zero(v->ptr_align)) return bad(err, cap, "variable %u: alignment not a power of two", i);
    if (v->owner > img->nfuncs) return bad(err, cap, "variable %u: owner out of range", i);
    for (unsigned d = 0; d < ISA_MAX_DIMS; d++) {
      int unsized = (v->flags & ISA_VAR_UNSIZED) && d == 0;
      if (d < v->ndims && !v->dims[d] && !unsized) return bad(err, cap, "variable %u: zero dimension", i);
      if ((d >= v->ndims || unsized) && v->dims[d]) return bad(err, cap, "variable %u: stray dimension", i);
    }
    if ((v->flags & ISA_VAR_UNSIZED) && (!v->ndims || v->init_len)) return bad(err, cap, "variable %u: bad unsized array", i);
    /* fields the disassembly does not write must hold what awasm leaves there */
    if (!(v->flags & ISA_VAR_PTR) && (v->ptr_space || v->ptr_align)) return bad(err, cap, "variable %u: .ptr attributes without .ptr", i);
    if ((v->flags & ISA_VAR_PTR) && (!(v->flags & ISA_VAR_PARAM) || !v->owner || img->funcs[v->owner - 1].kind != ISA_FN_ENTRY ||
                                     (v->type != ISA_T_U64 && v->type != ISA_T_U32 && v->type != ISA_T_B64 && v->type != ISA_T_B32)))
      return bad(err, cap, "variable %u: .ptr on what is not a .u32 or .u64 kernel parameter", i);
    if ((v->flags & (ISA_VAR_PARAM | ISA_VAR_RET)) && (v->linkage || !v->owner)) return bad(err, cap, "variable %u: a parameter with linkage or no function", i);
    if (!v->init_len && v->init_off) return bad(err, cap, "variable %u: an initializer offset without an initializer", i);
    if (isa_var_bytes(v) > 0xffffffffu) return bad(err, cap, "variable %u: larger than 4 GiB", i);
    if (v->init_len) {
      if (!range_ok(v->init_off, v->init_len, img->ndata)) return bad(err, cap, "variable %u: initializer outside the data section", i);
      if (v->init_len != isa_var_bytes(v)) return bad(err, cap, "variable %u: initializer size %u, variable size %llu", i, v->init_len, (unsigned long long)isa_var_bytes(v));
    }
  }

  if (img->module_items > img->noutline) return bad(err, cap, "module outline longer than the outline table");
  if (check_outline(img, 0, img->module_items, 1, 0, NULL, err, cap)) return -1;
  for (uint32_t f = 0; f < img->nfuncs; f++) {
    const isa_func *fn = &img->funcs[f];
    if (!str_ok(img, fn->name) || !img->strtab[fn->name]) return bad(err, cap, "function %u: bad name", f);
    if (!is_word(img->strtab + fn->name)) return bad_name(err, cap, "function", f, img->strtab + fn->name);
    if (fn->kind >= ISA_FN_COUNT || fn->linkage >= ISA_LINK_COUNT || fn->has_body > 1) return bad(err, cap, "function %u: bad attributes", f);
    if (!range_ok(fn->first_param, fn->nparam, img->nvars) || !range_ok(fn->first_ret, fn->nret, img->nvars))
      return bad(err, cap, "function %u: parameter range out of bounds", f);
    if (fn->kind != ISA_FN_FUNC && fn->nret) return bad(err, cap, "kernel or subroutine %u has return parameters", f);
    if (fn->first_param != fn->first_ret + fn->nret) return bad(err, cap, "function %u: its parameters do not follow its return parameters", f);
    if (fn->kind == ISA_FN_SUBR && fn->nparam) return bad(err, cap, "subroutine %u has parameters", f);
    /* .maxntid and .reqntid: absent (0, 0, 0) or three positive sizes, on kernels only (asm_func_perf) */
    for (int k = 0; k < 2; k++) {
      const uint32_t *v = k ? fn->reqntid : fn->maxntid;
      const char *what = k ? "reqntid" : "maxntid";
      if (!v[0] && !v[1] && !v[2]) continue;
      if (fn->kind != ISA_FN_ENTRY) return bad(err, cap, "function %u: .%s on a function that is not a kernel", f, what);
      if (!v[0] || !v[1] || !v[2]) return bad(err, cap, "function %u: .%s %u, %u, %u (each size must be at least 1)", f, what, v[0], v[1], v[2]);
    }
    if (fn->kind != ISA_FN_ENTRY && (fn->minnctapersm || fn->maxnreg))
      return bad(err, cap, "function %u: .minnctapersm or .maxnreg on a function that is not a kernel", f);
    for (uint32_t k = 0; k < fn->nparam + fn->nret; k++) {
      int isret = k >= fn->nparam;
      const isa_var *v = &img->vars[isret ? fn->first_ret + k - fn->nparam : fn->first_param + k];
      if (v->owner != f + 1 || v->space != ISA_SP_PARAM || !(v->flags & (isret ? ISA_VAR_RET : ISA_VAR_PARAM)) || v->scope)
        return bad(err, cap, "function %u: parameter %u is not one of its parameters", f, k);
    }
    if (!fn->has_body && (fn->code_words || fn->ninsn || fn->nreg || fn->nlabel || fn->nitem || fn->nslots ||
                          fn->code_off || fn->first_insn || fn->first_reg || fn->first_label || fn->first_item))
      return bad(err, cap, "function %u: a declaration with a body", f);
    uint32_t defs = 0, decls = 0;
    for (uint32_t i = 0; i < img->module_items; i++) {
      if (img->outline[i].index != f) continue;
      if (img->outline[i].kind == ISA_IT_FDEF) defs++;
      if (img->outline[i].kind == ISA_IT_FDECL) decls++;
    }
    if (defs != fn->has_body || defs + decls == 0) return bad(err, cap, "function %u: %u definitions in the outline", f, defs);
  }
  /* Bodies lie one after another, in the order they were defined. */
  uint32_t next_code = 0, next_insn = 0, next_reg = 0, next_label = 0, next_item = img->module_items;
  for (uint32_t it = 0; it < img->module_items; it++) {
    if (img->outline[it].kind != ISA_IT_FDEF) continue;
    uint32_t f = img->outline[it].index;
    const isa_func *fn = &img->funcs[f];
    if (fn->code_off != next_code || !range_ok(fn->code_off, fn->code_words, img->ncode)) return bad(err, cap, "function %u: code range", f);
    if (fn->first_insn != next_insn || !range_ok(fn->first_insn, fn->ninsn, img->nlines)) return bad(err, cap, "function %u: line range", f);
    if (fn->first_reg != next_reg || !range_ok(fn->first_reg, fn->nreg, img->nregs)) return bad(err, cap, "function %u: register range", f);
    if (fn->first_label != next_label || !range_ok(fn->first_label, fn->nlabel, img->nlabels)) return bad(err, cap, "function %u: label range", f);
    if (fn->first_item != next_item || !range_ok(fn->first_item, fn->nitem, img->noutline)) return bad(err, cap, "function %u: outline range", f);
    next_code += fn->code_words; next_insn += fn->ninsn; next_reg += fn->nreg;
    next_label += fn->nlabel; next_item += fn->nitem;
    uint32_t slot = 0;
    for (uint32_t r = 0; r < fn->nreg; r++) {
      const isa_regdecl *rd = &img->regs[fn->first_reg + r];
      if (rd->owner != f || rd->first_slot != slot || !str_ok(img, rd->name) || !img->strtab[rd->name])
        return bad(err, cap, "register declaration %u of function %u", r, f);
      if (!is_word(img->strtab + rd->name)) return bad_name(err, cap, "register declaration", fn->first_reg + r, img->strtab + rd->name);
      if (rd->type == ISA_T_NONE || rd->type >= ISA_T_COUNT || rd->type == ISA_T_B128 || rd->vec) return bad(err, cap, "register declaration %u: bad type", fn->first_reg + r);
      uint64_t n = rd->count ? rd->count : 1;
      if (slot + n > ISA_MAX_INDEX) return bad(err, cap, "too many registers in function %u", f);
      slot += (uint32_t)n;
    }
    if (slot != fn->nslots) return bad(err, cap, "function %u: %u register slots declared, record says %u", f, slot, fn->nslots);
    for (uint32_t l = 0; l < fn->nlabel; l++) {
      const isa_label *lb = &img->labels[fn->first_label + l];
      if (lb->func != f || lb->pc > fn->ninsn || !str_ok(img, lb->name) || !img->strtab[lb->name]) return bad(err, cap, "label %u", fn->first_label + l);
      if (!is_word(img->strtab + lb->name)) return bad_name(err, cap, "label", fn->first_label + l, img->strtab + lb->name);
    }
    for (uint32_t k = 0; k < fn->ninsn; k++) {
      const isa_line *ln = &img->lines[fn->first_insn + k];
      if (ln->file > img->nfiles) return bad(err, cap, "line entry %u names file %u of %u", fn->first_insn + k, ln->file, img->nfiles);
      if (!ln->file) return bad(err, cap, "line entry %u names no file (awasm gives every instruction its source position)", fn->first_insn + k);
    }
    uint8_t *slot_type = malloc(fn->nslots ? fn->nslots : 1);
    if (!slot_type) return bad(err, cap, "out of memory checking function %u", f);
    for (uint32_t r = 0; r < fn->nreg; r++) {
      const isa_regdecl *rd = &img->regs[fn->first_reg + r];
      memset(slot_type + rd->first_slot, rd->type, rd->count ? rd->count : 1);
    }
    int rc = check_code(img, f, slot_type, err, cap);
    free(slot_type);
    if (rc) return -1;
    uint8_t *seen = calloc(fn->nlabel ? fn->nlabel : 1, 1);
    if (!seen) return bad(err, cap, "out of memory checking function %u", f);
    rc = check_outline(img, fn->first_item, fn->nitem, 0, f, seen, err, cap);
    free(seen);
    if (rc) return -1;
  }
  if (next_code != img->ncode || next_insn != img->nlines || next_reg != img->nregs || next_label != img->nlabels || next_item != img->noutline)
    return bad(err, cap, "tables hold entries that belong to no function");

  if (check_subrs(img, err, cap)) return -1;
  uint32_t nk = 0;
  for (uint32_t f = 0; f < img->nfuncs; f++) {
    if (img->funcs[f].kind != ISA_FN_ENTRY || !img->funcs[f].has_body) continue;
    if (nk >= img->nkernels) return bad(err, cap, "kernel table is missing kernel %s", isa_str(img, img->funcs[f].name));
    isa_kernel k;
    isa_kernel_info(img, f, &k);
    if (memcmp(&k, &img->kernels[nk], sizeof k) != 0) return bad(err, cap, "kernel table entry %u disagrees with kernel %s", nk, isa_str(img, img->funcs[f].name));
    nk++;
  }
  if (nk != img->nkernels) return bad(err, cap, "kernel table has %u entries, the image has %u kernels", img->nkernels, nk);
  return 0;
}

/* ---- triggers ---- */

static const char *tstr(const char *strtab, uint32_t off) { return strtab + off; }

int isa_triggers_conflict(const isa_trigger *tr, uint32_t n, const char *strtab, uint32_t *a, uint32_t *b) {
  for (uint32_t j = 1; j < n; j++)
    for (uint32_t i = 0; i < j; i++) {
      const isa_trigger *x = &tr[i], *y = &tr[j];
      if (x->event != y->event || x->event == ISA_TRIG_EXPLICIT) continue;
      int same = x->event == ISA_TRIG_PC ? !strcmp(tstr(strtab, x->kernel), tstr(strtab, y->kernel)) && !strcmp(tstr(strtab, x->label), tstr(strtab, y->label)) &&
                                           x->label_off == y->label_off
               : x->event == ISA_TRIG_MISS ? 1 : x->arg == y->arg && x->line == y->line;
      if (same) { *a = i; *b = j; return 1; }
    }
  return 0;
}

int isa_trigger_point(const isa_func *fn, const isa_label *labels, const char *strtab, uint32_t name, uint32_t off, uint64_t *pc) {
  const char *n = tstr(strtab, name);
  int entry = !strcmp(n, tstr(strtab, fn->name));
  uint32_t l = 0;
  while (l < fn->nlabel && strcmp(tstr(strtab, labels[fn->first_label + l].name), n)) l++;
  if (l < fn->nlabel && entry) return ISA_POINT_AMBIGUOUS;
  if (l == fn->nlabel && !entry) return ISA_POINT_NONE;
  *pc = (uint64_t)(entry ? 0 : labels[fn->first_label + l].pc) + off;
  return ISA_POINT_OK;
}

void isa_trigger_text(const isa_trigger *tr, const char *strtab, char *buf, size_t cap) {
  const char *ev = tr->event < ISA_TRIG_COUNT ? isa_trigger_names[tr->event] : "?";
  if (tr->event == ISA_TRIG_PC && tr->label_off) snprintf(buf, cap, "%s %s %s+%u", ev, tstr(strtab, tr->kernel), tstr(strtab, tr->label), (unsigned)tr->label_off);
  else if (tr->event == ISA_TRIG_PC) snprintf(buf, cap, "%s %s %s", ev, tstr(strtab, tr->kernel), tstr(strtab, tr->label));
  else if (tr->event == ISA_TRIG_DECOMPRESS || (tr->event == ISA_TRIG_COMPRESS && tr->arg >= 0)) snprintf(buf, cap, "%s %d", ev, (int)tr->arg);
  else snprintf(buf, cap, "%s", ev);
  size_t n = strlen(buf);
  if (tr->line && n < cap) snprintf(buf + n, cap - n, " line %u", (unsigned)tr->line);
}
