/* asm/asm_subr.c -- subroutines: their directives (.priority, .trigger, .livein, ...), the
 * checks at a subroutine's end, and 'pc' triggers checked against the kernels. */
#include "asm_int.h"
#include "util.h"
#include "../isa/disasm.h"

#include <string.h>

/* A register a subroutine directive names, resolved at the subroutine's end.  is_out: 0 .livein,
 * 1 .liveout, 2 .keep, 3 .skipif, 4 .lanes (n1 its scale, n2 its offset), 5 .lanemask (n1 its
 * offset), 6 .lastenc. */
enum { LIVE_IN, LIVE_OUT, LIVE_KEEP, LIVE_SKIPIF, LIVE_LANES, LIVE_LANEMASK, LIVE_LASTENC };
typedef struct { int is_out; asm_tok name; uint32_t n1, n2; } live_ref;

/* ---- subroutine directives ---- */

void asm_subr_attr(asm_ctx *c, asm_tok dir, asm_opnd *args) {
  if (c->func == UINT32_MAX) return;
  isa_func *fn = &FUNCS(c)[c->func];
  asm_loc at = asmi_tokloc(&dir);
  if (fn->kind != ISA_FN_SUBR) { asm_error(c, at, "'%.*s' applies to .subroutine only", dir.len, dir.s); return; }
  const char *s = dir.s + 1;
  if (strncmp(s, "priority", 8) == 0) {
    if (!args || args->next || args->kind != AO_NAME) { asm_error(c, at, ".priority takes 'high' or 'low'"); return; }
    int p = 0;
    if (args->name.len == 4 && memcmp(args->name.s, "high", 4) == 0) p = ISA_PRIO_HIGH;
    else if (args->name.len == 3 && memcmp(args->name.s, "low", 3) == 0) p = ISA_PRIO_LOW;
    if (!p) { asm_error(c, args->loc, "unknown priority '%.*s' (expected 'high' or 'low')", args->name.len, args->name.s); return; }
    if (c->subr_priority) { asm_error(c, at, "duplicate .priority"); return; }
    c->subr_priority = p;
  } else if (strncmp(s, "trigger", 7) == 0) {
    if (!args || args->kind != AO_NAME) { asm_error(c, at, ".trigger needs an event name"); return; }
    int ev = -1;
    for (int i = 0; i < ISA_TRIG_COUNT; i++)
      if (strlen(isa_trigger_names[i]) == (size_t)args->name.len && memcmp(isa_trigger_names[i], args->name.s, (size_t)args->name.len) == 0) ev = i;
    if (ev < 0) { asm_error(c, args->loc, "unknown trigger event '%.*s'", args->name.len, args->name.s); return; }
    isa_trigger t;
    memset(&t, 0, sizeof t);
    t.event = (uint32_t)ev;
    asm_opnd *a = args->next;
    if (ev == ISA_TRIG_DECOMPRESS || ev == ISA_TRIG_COMPRESS) {
      t.arg = -1;
      if (a && a->kind == AO_NUM && !a->num.fkind && a->num.u < 256 && !a->neg) { t.arg = (int32_t)a->num.u; a = a->next; }
      else if (ev == ISA_TRIG_DECOMPRESS) { asm_error(c, a ? a->loc : at, "'decompress' trigger needs an encoding number (0-255)"); return; }
      else if (a && a->kind == AO_NUM) { asm_error(c, a->loc, "'compress' trigger: an encoding number is 0-255"); return; }   /* (it said "unexpected argument") */
      if (a && a->kind == AO_NAME && a->name.len == 4 && memcmp(a->name.s, "line", 4) == 0) {   /* for lines of one size only */
        asm_opnd *n = a->next;
        if (!n || n->kind != AO_NUM || n->num.fkind || n->neg || n->num.u < 4 || n->num.u > ISA_TRIG_MAX_LINE || (n->num.u & (n->num.u - 1))) {
          asm_error(c, n ? n->loc : a->loc, "'line' needs a line size in bytes, a power of two from 4 to %d", ISA_TRIG_MAX_LINE);
          return;
        }
        t.line = (uint32_t)n->num.u;
        a = n->next;
      }
    } else if (ev == ISA_TRIG_PC) {
      if (!a || a->kind != AO_NAME || !a->next || a->next->kind != AO_NAME) { asm_error(c, a ? a->loc : at, "'pc' trigger needs a kernel name and a label"); return; }
      t.kernel = asmi_intern(c, a->name.s, (size_t)a->name.len);
      t.label = asmi_intern(c, a->next->name.s, (size_t)a->next->name.len);
      a = a->next->next;
      if (a && a->kind == AO_NUM && a->plus) {   /* LABEL+N: N instructions after the label */
        if (a->num.fkind || a->num.u > 1000000) { asm_error(c, a->loc, "a label offset is a number of instructions (0 to 1000000)"); return; }
        t.label_off = (uint32_t)a->num.u;
        a = a->next;
      }
      if (a && a->kind == AO_LIST) {
        t.bind_off = c->pool.n;
        for (asm_opnd *e = a->elems; e; e = e->next) { *VEC_PUSH(c, c->pool, uint32_t) = asmi_intern(c, e->name.s, (size_t)e->name.len); t.nbind++; }
        if (!t.nbind) t.bind_off = 0;   /* '()' is no list: as the disassembler writes it (it pointed into the pool) */
        a = a->next;
      }
      if (a && a->kind == AO_NAME && a->name.len == 4 && memcmp(a->name.s, "skip", 4) == 0) {   /* skip LABEL[+N]: where lanes that skip resume */
        asm_opnd *l = a->next;
        if (!l || l->kind != AO_NAME) { asm_error(c, l ? l->loc : a->loc, "'skip' needs a label of the kernel"); return; }
        t.skip = asmi_intern(c, l->name.s, (size_t)l->name.len);
        a = l->next;
        if (a && a->kind == AO_NUM && a->plus) {
          if (a->num.fkind || a->num.u > 1000000) { asm_error(c, a->loc, "a label offset is a number of instructions (0 to 1000000)"); return; }
          t.skip_off = (uint32_t)a->num.u;
          a = a->next;
        }
      }
    }
    if (a) { asm_error(c, a->loc, "unexpected argument to the '%s' trigger", isa_trigger_names[ev]); return; }
    *VEC_PUSH(c, c->subr_trigs, isa_trigger) = t;
    *VEC_PUSH(c, c->trig_locs_cur, asm_loc) = ev == ISA_TRIG_PC ? args->next->next->loc : at;
  } else if (dir.len == 8 && strncmp(s, "autoend", 7) == 0) {   /* the controller ends the warp after its last instruction */
    if (args) { asm_error(c, args->loc, ".autoend takes no argument"); return; }
    if (c->subr_autoend) { asm_error(c, at, "duplicate .autoend"); return; }
    c->subr_autoend = 1;
  } else if (dir.len == 7 && strncmp(s, "active", 6) == 0) {   /* the lanes the warp starts with */
    if (!args || args->kind != AO_NUM || args->num.fkind || args->neg || args->plus || args->num.u > 0xffffffffu) {
      asm_error(c, args ? args->loc : at, ".active takes a lane mask: an integer from 1 to 0xffffffff (bit i: lane i)");
      return;
    }
    if (args->next) { asm_error(c, args->next->loc, ".active takes one lane mask"); return; }
    if (!args->num.u) { asm_error(c, args->loc, ".active 0 starts no lane: the mask needs at least one"); return; }
    if (c->subr_active) { asm_error(c, at, "duplicate .active"); return; }
    c->subr_active = (uint32_t)args->num.u;
  } else if ((dir.len == 6 && strncmp(s, "lanes", 5) == 0) || (dir.len == 9 && strncmp(s, "lanemask", 8) == 0)) {
    int mask = s[4] == 'm';
    const char *d = mask ? ".lanemask" : ".lanes", *form = mask ? ".lanemask %p, OFFSET" : ".lanes %r, SCALE[, OFFSET]";
    if (!args || args->kind != AO_NAME) { asm_error(c, args ? args->loc : at, "%s needs a register first: %s", d, form); return; }
    asm_opnd *n1 = args->next, *n2 = n1 ? n1->next : NULL;
    uint32_t lim1 = mask ? ISA_MAX_LANEMASK_OFFSET : ISA_MAX_LANES_SCALE;
    if (!n1) { asm_error(c, args->loc, "%s needs %s after the register: %s", d, mask ? "the mask's byte offset in .lin" : "a scale", form); return; }
    if (n1->kind != AO_NUM || n1->num.fkind || n1->neg || n1->plus || n1->num.u > lim1) {
      asm_error(c, n1->loc, "%s: the %s is an integer from 0 to %u", d, mask ? "offset" : "scale", lim1);
      return;
    }
    if (n2 && (mask || n2->next)) { asm_error(c, mask ? n2->loc : n2->next->loc, "unexpected argument to %s (%s)", d, form); return; }
    if (n2 && (n2->kind != AO_NUM || n2->num.fkind || n2->neg || n2->plus || n2->num.u > ISA_MAX_LANES_OFFSET)) {
      asm_error(c, n2->loc, "%s: the offset is an integer from 0 to %d", d, ISA_MAX_LANES_OFFSET);
      return;
    }
    uint32_t have = 0, most = mask ? ISA_MAX_LANEMASK : ISA_MAX_LANES;
    for (uint32_t i = 0; i < c->subr_live.n; i++) have += VEC_AT(c->subr_live, live_ref, i).is_out == (mask ? LIVE_LANEMASK : LIVE_LANES);
    if (have == most) { asm_error(c, at, "more than %u %s in one subroutine", most, d); return; }
    live_ref *r = VEC_PUSH(c, c->subr_live, live_ref);
    r->is_out = mask ? LIVE_LANEMASK : LIVE_LANES;
    r->name = args->name;
    r->name.s = asmi_perm_str(c, args->name.s, (size_t)args->name.len);
    r->n1 = (uint32_t)n1->num.u;
    r->n2 = n2 ? (uint32_t)n2->num.u : 0;
  } else if (dir.len == 8 && strncmp(s, "lastenc", 7) == 0) {   /* the encoding the trigger's last compression chose */
    if (!args || args->kind != AO_NAME) { asm_error(c, args ? args->loc : at, ".lastenc needs a register"); return; }
    if (args->next) { asm_error(c, args->next->loc, ".lastenc takes one register"); return; }
    for (uint32_t i = 0; i < c->subr_live.n; i++)
      if (VEC_AT(c->subr_live, live_ref, i).is_out == LIVE_LASTENC) { asm_error(c, at, "duplicate .lastenc"); return; }
    live_ref *r = VEC_PUSH(c, c->subr_live, live_ref);
    r->is_out = LIVE_LASTENC;
    r->name = args->name;
    r->name.s = asmi_perm_str(c, args->name.s, (size_t)args->name.len);
    r->n1 = r->n2 = 0;
  } else {
    int out = strncmp(s, "liveout", 7) == 0 ? 1 : strncmp(s, "keep", 4) == 0 ? 2 : strncmp(s, "skipif", 6) == 0 ? 3 : 0;
    if (!args) { asm_error(c, at, "'%.*s' needs %s", dir.len, dir.s, out == 3 ? "a predicate register" : "at least one register"); return; }
    if (out == 3) {
      if (args->next) { asm_error(c, args->next->loc, ".skipif takes one predicate register"); return; }
      for (uint32_t i = 0; i < c->subr_live.n; i++)
        if (VEC_AT(c->subr_live, live_ref, i).is_out == 3) { asm_error(c, at, "duplicate .skipif"); return; }
    }
    for (asm_opnd *a = args; a; a = a->next) {
      if (a->kind != AO_NAME) { asm_error(c, a->loc, "expected a register name"); return; }
      live_ref *r = VEC_PUSH(c, c->subr_live, live_ref);
      r->is_out = out;
      r->name = a->name;
      r->name.s = asmi_perm_str(c, a->name.s, (size_t)a->name.len);
      r->n1 = r->n2 = 0;
    }
  }
}

/* ---- the end of a subroutine ---- */

/* The source position of a live list's first register (is_out: 0 .livein, 1 .liveout), or the subroutine's name. */
static asm_loc live_loc(asm_ctx *c, int is_out) {
  for (uint32_t i = 0; i < c->subr_live.n; i++)
    if (VEC_AT(c->subr_live, live_ref, i).is_out == is_out) return VEC_AT(c->subr_live, live_ref, i).name.loc;
  return c->func_loc;
}

/* What the loader requires of a subroutine's triggers and live registers that
 * needs no kernel (emu/core/load.c, bind_pc_triggers), checked here so that awasm
 * does not write an image the loader refuses: a 'pc' trigger names as many
 * parent registers as there are live-ins and live-outs; a low-priority
 * subroutine started by 'pc' or 'miss' has no live-outs and skips nothing;
 * a 'miss' subroutine has no live registers; at most ISA_MAX_LIVE of each. */
static void check_subr_bindings(asm_ctx *c, const isa_subr *sr) {
  const char *name = asmi_str_at(c, FUNCS(c)[sr->func].name);
  int low = sr->priority == ISA_PRIO_LOW, low_out = 0;   /* the messages are the loader's */
  if (sr->nlivein > ISA_MAX_LIVE) asm_error(c, live_loc(c, 0), "subroutine '%s' has %u live-ins; at most %d", name, sr->nlivein, ISA_MAX_LIVE);
  if (sr->nliveout > ISA_MAX_LIVE) asm_error(c, live_loc(c, 1), "subroutine '%s' has %u live-outs; at most %d", name, sr->nliveout, ISA_MAX_LIVE);
  for (uint32_t i = 0; i < c->subr_trigs.n; i++) {
    const isa_trigger *t = &VEC_AT(c->subr_trigs, isa_trigger, i);
    asm_loc at = VEC_AT(c->trig_locs_cur, asm_loc, i);
    if ((t->event == ISA_TRIG_PC || t->event == ISA_TRIG_MISS) && low && sr->nliveout && !low_out++)
      asm_error(c, live_loc(c, 1), "a low-priority subroutine has live-outs, but its parent warp does not wait for it "
                "(make it '.priority high' or drop '.liveout')");
    if (t->event == ISA_TRIG_MISS && (sr->nlivein || sr->nliveout))
      asm_error(c, at, "a 'miss' trigger binds no parent registers, but the subroutine has live-ins or live-outs");
    if (t->event != ISA_TRIG_PC) continue;
    if (t->skip && low)
      asm_error(c, at, "a low-priority subroutine skips lanes of its parent warp, which does not wait for it (make it '.priority high')");
    uint32_t need = sr->nlivein + sr->nliveout;
    if (t->nbind != need)   /* (the loader's words) */
      asm_error(c, at, "the trigger names %u parent registers; the subroutine has %u live-ins and %u live-outs, so it needs %u "
                "(the live-ins' sources, then the live-outs' destinations, in parentheses after the point)", t->nbind, sr->nlivein, sr->nliveout, need);
  }
}

/* Where instruction pc of the current function was written (its .loc's
 * position is another file's: then the function's name). */
static asm_loc insn_loc(asm_ctx *c, uint32_t first_insn, uint32_t pc) {
  const isa_line *l = &VEC_AT(c->lines, isa_line, first_insn + pc);
  if (l->file != LINE_IMPLICIT) return c->func_loc;
  asm_loc at = { (int)l->line, (int)l->col };
  return at;
}

/* A subroutine must end every path with exit, awkill, ret or trap: an assist
 * warp that runs past its last instruction faults ("control ran past the end
 * of the function").  The paths are followed from the entry as the loader
 * follows them (an unguarded bra goes only to its label). */
static void check_subr_end(asm_ctx *c, uint32_t f) {
  const isa_func *fn = &FUNCS(c)[f];
  const char *name = asmi_str_at(c, fn->name);
  uint32_t n = fn->ninsn;
  if (!n) { asm_error(c, c->func_loc, "subroutine '%s' has no instructions: it needs at least 'exit'", name); return; }
  uint32_t *word = asm_alloc(c, (size_t)n * sizeof *word), *stack = asm_alloc(c, (size_t)n * sizeof *stack);
  uint8_t *seen = asm_alloc(c, n);
  const uint64_t *code = (const uint64_t *)c->code.p + fn->code_off;
  isa_insn in;
  const char *why;
  for (uint32_t pc = 0, w = 0; pc < n; pc++) {
    word[pc] = w;
    size_t k = isa_decode(code + w, fn->code_words - w, &in, &why);
    if (!k) return;   /* (cannot happen: the assembler encoded it) */
    w += (uint32_t)k;
  }
  uint32_t sp = 0, past = UINT32_MAX, via_label = UINT32_MAX;
  stack[sp++] = 0;
  seen[0] = 1;
  while (sp) {
    uint32_t pc = stack[--sp], next[2], nn = 0;
    isa_decode(code + word[pc], fn->code_words - word[pc], &in, &why);
    uint32_t fl = isa_ops[in.op].flags;
    if (in.op == ISA_OP_BRA) {
      uint32_t l = in.opnd[0].index;
      next[nn++] = VEC_AT(c->labels, isa_label, l).pc;
      if (next[0] >= n && l < via_label) via_label = l;
      if (in.guard) next[nn++] = pc + 1;
    } else if (fl & (F_EXIT | F_RET)) {
      if (in.guard) next[nn++] = pc + 1;
    } else next[nn++] = pc + 1;
    for (uint32_t k = 0; k < nn; k++) {
      if (next[k] >= n) { if (next[k] == pc + 1 && pc < past) past = pc; continue; }
      if (!seen[next[k]]) { seen[next[k]] = 1; stack[sp++] = next[k]; }
    }
  }
  if (past != UINT32_MAX)
    asm_error(c, insn_loc(c, fn->first_insn, past), "control runs past the end of subroutine '%s' after this instruction "
              "(end every path with 'exit', or 'awkill')", name);
  else if (via_label != UINT32_MAX)
    asm_error(c, VEC_AT(c->label_defined, label_state, via_label - fn->first_label).loc, "label '%s' is at the end of subroutine '%s': "
              "a branch to it runs past the end (put 'exit' after it)", asmi_str_at(c, VEC_AT(c->labels, isa_label, via_label).name), name);
}

/* The pool entry of the register that live list 'out' (LIVE_LANES: .lanes, LIVE_LANEMASK) of sr
 * names k-th: its slot. */
static uint32_t start_slot(asm_ctx *c, const isa_subr *sr, int out, uint32_t k) {
  return out == LIVE_LANES ? VEC_AT(c->pool, uint32_t, sr->lanes_off + 3 * k) : VEC_AT(c->pool, uint32_t, sr->lanemask_off + 2 * k);
}

/* .lanes, .lanemask and .lastenc of the subroutine being finished, into sr (after its live lists):
 * registers the assist-warp controller sets at the start, taking no instruction (ISA.md,
 * "Assist-warp extensions").  Each names a register of the subroutine of the kind it sets (a 32- or
 * 64-bit integer, a predicate, a 32-bit integer), and a register gets its starting value from one
 * place: one of these, .livein or .keep.  .lastenc only with a 'compress' trigger. */
static void start_regs(asm_ctx *c, isa_subr *sr) {
  static const char *const dirs[] = { ".livein", ".liveout", ".keep", ".skipif", ".lanes", ".lanemask", ".lastenc" };
  int compress = 0;
  for (uint32_t i = 0; i < c->subr_trigs.n; i++) compress |= VEC_AT(c->subr_trigs, isa_trigger, i).event == ISA_TRIG_COMPRESS;
  for (int out = LIVE_LANES; out <= LIVE_LASTENC; out++) {
    uint32_t off = c->pool.n, n = 0;
    if (out == LIVE_LANES) sr->lanes_off = off;
    if (out == LIVE_LANEMASK) sr->lanemask_off = off;
    for (uint32_t i = 0; i < c->subr_live.n; i++) {
      live_ref *r = &VEC_AT(c->subr_live, live_ref, i);
      if (r->is_out != out) continue;
      int is_range = 0, len = r->name.len;
      const char *nm = r->name.s;
      uint32_t slot = asmi_find_slot(c, nm, (uint32_t)len, &is_range);
      if (slot == UINT32_MAX) { asm_error(c, r->name.loc, "'%.*s' in %s is not a register of this subroutine", len, nm, dirs[out]); continue; }
      int t = VEC_AT(c->slot_types, uint8_t, slot);
      int i32 = t == ISA_T_B32 || t == ISA_T_U32 || t == ISA_T_S32, i64 = t == ISA_T_B64 || t == ISA_T_U64 || t == ISA_T_S64;
      if (out == LIVE_LANES && !i32 && !i64) {
        asm_error(c, r->name.loc, "'%.*s' in .lanes is a .%s register: .lanes sets a 32- or 64-bit integer (.b32, .u32, .s32, .b64, .u64 or .s64)", len, nm, isa_type_name(t));
        continue;
      }
      if (out == LIVE_LANEMASK && t != ISA_T_PRED) { asm_error(c, r->name.loc, "'%.*s' in .lanemask is not a predicate register", len, nm); continue; }
      if (out == LIVE_LASTENC && !i32) {
        asm_error(c, r->name.loc, "'%.*s' in .lastenc is a .%s register: .lastenc sets a 32-bit integer (.b32, .u32 or .s32)", len, nm, isa_type_name(t));
        continue;
      }
      if (out == LIVE_LASTENC && !compress) {
        asm_error(c, r->name.loc, ".lastenc needs a 'compress' trigger: it holds the encoding the trigger's last compression ended with");
        continue;
      }
      int where = -1;   /* the list that sets it already */
      for (uint32_t j = 0; j < sr->nlivein; j++) if (VEC_AT(c->pool, uint32_t, sr->livein_off + j) == slot) where = LIVE_IN;
      for (uint32_t j = 0; j < sr->nkeep; j++) if (VEC_AT(c->pool, uint32_t, sr->keep_off + j) == slot) where = LIVE_KEEP;
      for (uint32_t j = 0; j < sr->nlanes; j++) if (start_slot(c, sr, LIVE_LANES, j) == slot) where = LIVE_LANES;
      for (uint32_t j = 0; j < sr->nlanemask; j++) if (start_slot(c, sr, LIVE_LANEMASK, j) == slot) where = LIVE_LANEMASK;
      if (where == out) { asm_error(c, r->name.loc, "'%.*s' appears twice in %s", len, nm, dirs[out]); continue; }
      if (where >= 0) {
        asm_error(c, r->name.loc, "'%.*s' is in %s and %s: a register gets its value at the start from one of them", len, nm, dirs[where], dirs[out]);
        continue;
      }
      if (out == LIVE_LASTENC) { sr->lastenc = slot + 1; continue; }
      uint32_t *e = asm_vec_push(c, &c->pool, sizeof(uint32_t), out == LIVE_LANES ? 3 : 2);
      e[0] = slot;
      e[1] = r->n1;
      if (out == LIVE_LANES) e[2] = r->n2;
      n++;
      if (out == LIVE_LANES) sr->nlanes = n; else sr->nlanemask = n;
    }
    if (!n && out == LIVE_LANES) sr->lanes_off = 0;   /* (an empty list is no list: as the disassembly writes it) */
    if (!n && out == LIVE_LANEMASK) sr->lanemask_off = 0;
  }
}

void asmi_finish_subr(asm_ctx *c, uint32_t f) {
  isa_subr sr;
  memset(&sr, 0, sizeof sr);
  sr.func = f;
  sr.priority = c->subr_priority ? (uint32_t)c->subr_priority : ISA_PRIO_HIGH;
  sr.first_trigger = c->triggers.n;
  sr.ntrigger = c->subr_trigs.n;
  for (uint32_t i = 0; i < c->subr_trigs.n; i++) {
    *VEC_PUSH(c, c->triggers, isa_trigger) = VEC_AT(c->subr_trigs, isa_trigger, i);
    *VEC_PUSH(c, c->trig_pending, asm_loc) = VEC_AT(c->trig_locs_cur, asm_loc, i);
  }
  static const char *const lists[4] = { ".livein", ".liveout", ".keep", ".skipif" };
  for (int out = 0; out < 4; out++) {
    uint32_t off = c->pool.n, n = 0;
    for (uint32_t i = 0; i < c->subr_live.n; i++) {
      live_ref *r = &VEC_AT(c->subr_live, live_ref, i);
      if (r->is_out != out) continue;
      int is_range = 0;
      uint32_t slot = asmi_find_slot(c, r->name.s, (uint32_t)r->name.len, &is_range);
      if (slot == UINT32_MAX) {
        asm_error(c, r->name.loc, "'%.*s' in %s is not a register of this subroutine", r->name.len, r->name.s, lists[out]);
        continue;
      }
      if (out == 3) {
        if (VEC_AT(c->slot_types, uint8_t, slot) != ISA_T_PRED) { asm_error(c, r->name.loc, "'%.*s' in .skipif is not a predicate register", r->name.len, r->name.s); continue; }
        sr.skipif = slot + 1;
        continue;
      }
      int twice = 0;
      for (uint32_t j = 0; j < n; j++) twice |= VEC_AT(c->pool, uint32_t, off + j) == slot;
      if (twice) { asm_error(c, r->name.loc, "'%.*s' appears twice in %s", r->name.len, r->name.s, lists[out]); continue; }
      if (out == 2)   /* (.livein's list is complete: out 0 came first) */
        for (uint32_t j = 0; j < sr.nlivein; j++)
          if (VEC_AT(c->pool, uint32_t, sr.livein_off + j) == slot) {
            asm_error(c, r->name.loc, "'%.*s' is in .livein and .keep: a kept register keeps its own value, a live-in takes the parent's", r->name.len, r->name.s);
            twice = 1;
          }
      if (twice) continue;
      *VEC_PUSH(c, c->pool, uint32_t) = slot;
      n++;
    }
    if (out == 2) { sr.keep_off = off; sr.nkeep = n; }
    else if (out == 1) { sr.liveout_off = off; sr.nliveout = n; }
    else if (out == 0) { sr.livein_off = off; sr.nlivein = n; }
  }
  start_regs(c, &sr);
  sr.flags = c->subr_autoend ? ISA_SUBR_AUTOEND : 0;
  sr.active = c->subr_active;
  uint32_t nskip = 0;
  for (uint32_t i = 0; i < c->subr_trigs.n; i++) nskip += VEC_AT(c->subr_trigs, isa_trigger, i).skip != 0;
  if (nskip && !sr.skipif) asm_error(c, c->func_loc, "subroutine '%s': a 'pc' trigger with 'skip' needs .skipif naming the predicate that says which lanes skip", asmi_str_at(c, FUNCS(c)[f].name));
  else if (sr.skipif && (!nskip || nskip != sr.ntrigger)) asm_error(c, c->func_loc, "subroutine '%s': .skipif needs every trigger to be a 'pc' trigger with 'skip LABEL'", asmi_str_at(c, FUNCS(c)[f].name));
  sr.nregs = c->nslots;
  if (!c->func_had_error) check_subr_bindings(c, &sr);
  if (!c->func_had_error && !c->subr_autoend) check_subr_end(c, f);   /* (.autoend: the end is the controller's 'exit') */
  *VEC_PUSH(c, c->subrs, isa_subr) = sr;
}

/* ---- 'pc' triggers against the kernels ---- */

/* The register of kernel function fn named 'name' (the loader's rule,
 * emu_reg_slot: the first declaration that gives it, a range's NAMEk
 * included): 1 with its type, else 0. */
static int kernel_reg(asm_ctx *c, const isa_func *fn, const char *name, int *type) {
  size_t nl = strlen(name);
  for (uint32_t i = 0; i < fn->nreg; i++) {
    const isa_regdecl *rd = &REGS(c)[fn->first_reg + i];
    const char *dn = asmi_str_at(c, rd->name);
    size_t dl = strlen(dn);
    if (!rd->count) { if (!strcmp(dn, name)) { *type = rd->type; return 1; } continue; }
    if (nl <= dl || strncmp(name, dn, dl) || name[dl] < '0' || name[dl] > '9' || (name[dl] == '0' && name[dl + 1])) continue;
    uint64_t k = 0;
    const char *p = name + dl;
    while (*p >= '0' && *p <= '9' && k < UINT32_MAX) k = k * 10 + (uint64_t)(*p++ - '0');
    if (!*p && k < rd->count) { *type = rd->type; return 1; }
  }
  return 0;
}

/* The declared type of register slot 'slot' of function fn. */
static int slot_type(asm_ctx *c, const isa_func *fn, uint32_t slot) {
  for (uint32_t i = 0; i < fn->nreg; i++) {
    const isa_regdecl *rd = &REGS(c)[fn->first_reg + i];
    if (slot >= rd->first_slot && slot - rd->first_slot < (rd->count ? rd->count : 1)) return rd->type;
  }
  return ISA_T_NONE;
}

/* A trigger point NAME+OFF in kernel fn (is_skip: the trigger's 'skip'
 * point): its pc, or UINT32_MAX after an error at 'at'. */
static uint32_t trigger_point(asm_ctx *c, asm_loc at, const isa_func *fn, uint32_t name, uint32_t off, int is_skip) {
  const char *kn = asmi_str_at(c, fn->name), *ln = asmi_str_at(c, name);
  uint64_t pc = 0;
  switch (isa_trigger_point(fn, c->labels.p, c->strtab.p, name, off, &pc)) {
  case ISA_POINT_NONE:
    asm_error(c, at, "kernel '%s' has no label '%s'%s (a point is LABEL+N, or %s+N: the N-th instruction after the kernel's first)",
              kn, ln, is_skip ? " for the trigger's 'skip'" : "", kn);
    return UINT32_MAX;
  case ISA_POINT_AMBIGUOUS:
    asm_error(c, at, "'%s'%s is both kernel '%s' (its entry) and one of its labels: give the point as another label+N", ln,
              is_skip ? " (the trigger's 'skip')" : "", kn);
    return UINT32_MAX;
  }
  if (pc >= fn->ninsn) {
    char last[160];
    if (fn->ninsn == 1) snprintf(last, sizeof last, "its one instruction is %s+0", kn);
    else snprintf(last, sizeof last, "its %u instructions are %s+0 to %s+%u", fn->ninsn, kn, kn, fn->ninsn ? fn->ninsn - 1 : 0);
    asm_error(c, at, "%s'%s+%u' is past the end of kernel '%s' (%s)", is_skip ? "the 'skip' point " : "", ln, off, kn, last);
    return UINT32_MAX;
  }
  return (uint32_t)pc;
}

/* The subroutine whose trigger t is, or NULL. */
static const isa_subr *trigger_subr(asm_ctx *c, uint32_t t) {
  for (uint32_t s = 0; s < c->subrs.n; s++) {
    const isa_subr *x = &VEC_AT(c->subrs, isa_subr, s);
    if (t >= x->first_trigger && t - x->first_trigger < x->ntrigger) return x;
  }
  return NULL;
}

/* 'pc' triggers whose kernel is in this assembly, checked as the loader
 * checks them (emu/core/load.c): the points are instructions of the kernel, the
 * bound registers are the kernel's, each as wide as its live-in or live-out,
 * and no two triggers name one instruction.  (A trigger for a kernel that is
 * not here is bound when the subroutine is assembled with its module.) */
void asmi_check_pc_triggers(asm_ctx *c) {
  uint32_t *pcs = asm_alloc(c, (size_t)(c->triggers.n ? c->triggers.n : 1) * sizeof *pcs);
  for (uint32_t t = 0; t < c->triggers.n; t++) {
    isa_trigger *tr = &VEC_AT(c->triggers, isa_trigger, t);
    pcs[t] = UINT32_MAX;
    if (tr->event != ISA_TRIG_PC) continue;
    asm_loc at = VEC_AT(c->trig_pending, asm_loc, t);
    uint32_t g;
    const char *kn = asmi_str_at(c, tr->kernel);
    if (!asm_hmap_get(&c->globals, kn, (uint32_t)strlen(kn), &g)) continue;   /* bound at load time */
    if (G_KIND(g) != G_FUNC || FUNCS(c)[G_INDEX(g)].kind != ISA_FN_ENTRY) { asm_error(c, at, "trigger names '%s', which is not a kernel", kn); continue; }
    const isa_func *fn = &FUNCS(c)[G_INDEX(g)];
    if (!fn->has_body) { asm_error(c, at, "kernel '%s' is declared here but not defined: a trigger needs its code", kn); continue; }
    uint32_t pc = trigger_point(c, at, fn, tr->label, tr->label_off, 0);
    if (tr->skip) trigger_point(c, at, fn, tr->skip, tr->skip_off, 1);
    if (pc == UINT32_MAX) continue;
    pcs[t] = pc;
    const isa_subr *sr = trigger_subr(c, t);
    if (sr && tr->nbind == sr->nlivein + sr->nliveout) {   /* (a wrong count is reported with the subroutine) */
      const isa_func *sf = &FUNCS(c)[sr->func];
      for (uint32_t i = 0; i < tr->nbind; i++) {
        const char *rn = asmi_str_at(c, VEC_AT(c->pool, uint32_t, tr->bind_off + i));
        int out = i >= sr->nlivein, kt;
        uint32_t ss = VEC_AT(c->pool, uint32_t, out ? sr->liveout_off + i - sr->nlivein : sr->livein_off + i);
        if (!kernel_reg(c, fn, rn, &kt)) { asm_error(c, at, "kernel '%s' has no register %s", kn, rn); continue; }
        char sn[96];
        unsigned kb = isa_type_bits(kt), sb = isa_type_bits(slot_type(c, sf, ss));
        if (kb != sb) {
          isa_image view;
          memset(&view, 0, sizeof view);
          view.strtab = c->strtab.p; view.strtab_len = c->strtab.n; view.funcs = c->funcs.p; view.regs = c->regs.p;
          isa_dis_reg(&view, sr->func, ss, sn, sizeof sn);
          asm_error(c, at, "%s is %u bits wide, the %s it is bound to %u (%s)", rn, kb, out ? "live-out" : "live-in", sb, sn);
        }
      }
    }
    for (uint32_t o = 0; o < t; o++) {   /* one instruction, two names (L and M+2): one event starts one subroutine */
      const isa_trigger *ot = &VEC_AT(c->triggers, isa_trigger, o);
      if (pcs[o] != pc || ot->kernel != tr->kernel || (ot->label == tr->label && ot->label_off == tr->label_off)) continue;
      char now[160];   /* (the loader's words) */
      isa_trigger_text(tr, c->strtab.p, now, sizeof now);
      const isa_subr *os = trigger_subr(c, o);
      asm_error(c, at, "subroutine %s: trigger '%s' is at the instruction where subroutine %s's 'pc' trigger is (kernel '%s' pc %u): "
                "one event starts one subroutine (that one is on line %d)", sr ? asmi_str_at(c, FUNCS(c)[sr->func].name) : "?", now,
                os ? asmi_str_at(c, FUNCS(c)[os->func].name) : "?", kn, pc, VEC_AT(c->trig_pending, asm_loc, o).line);
      break;
    }
  }
}

/* Two subroutines bound to one event: an error at the second binding. */
void asmi_check_trigger_conflicts(asm_ctx *c) {
  const isa_trigger *tr = (const isa_trigger *)c->triggers.p;
  uint32_t n = c->triggers.n, a, b, from = 0;
  while (from < n && isa_triggers_conflict(tr + from, n - from, c->strtab.p, &a, &b)) {
    a += from; b += from;
    char what[160];
    isa_trigger_text(&tr[a], c->strtab.p, what, sizeof what);
    const char *first = "";
    for (uint32_t s = 0; s < c->subrs.n; s++) {
      const isa_subr *sr = &VEC_AT(c->subrs, isa_subr, s);
      if (a >= sr->first_trigger && a < sr->first_trigger + sr->ntrigger) first = asmi_str_at(c, FUNCS(c)[sr->func].name);
    }
    asm_loc at = VEC_AT(c->trig_pending, asm_loc, b), was = VEC_AT(c->trig_pending, asm_loc, a);
    asm_error(c, at, "'%s' is already bound to subroutine '%s' (line %d): one event starts one subroutine", what, first, was.line);
    from = a + 1;   /* report each conflicting pair once */
  }
}
