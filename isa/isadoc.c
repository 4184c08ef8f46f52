/* isa/isadoc.c -- Markdown reference tables from opcodes.def, mods.def, sregs.def and ptx90.def. */
#include "isadoc.h"
#include "isa.h"

#include <string.h>

const isa_ptx_entry isa_ptx90[] = {
#define PTX(name, section, ours, reason) { name, section, ours, reason },
#include "ptx90.def"
#undef PTX
};
const int isa_ptx90_count = (int)(sizeof isa_ptx90 / sizeof isa_ptx90[0]);

/* The instructions an entry names: "vshl, vshr" is two. */
static int names_in(const char *s) {
  int n = 1;
  for (; *s; s++) n += *s == ',';
  return n;
}

void isa_ptx90_counts(int *full, int *part, int *none) {
  *full = *part = *none = 0;
  for (int i = 0; i < isa_ptx90_count; i++) {
    const isa_ptx_entry *e = &isa_ptx90[i];
    int n = names_in(e->name);
    if (!e->ours[0]) *none += n;
    else if (e->reason[0]) *part += n;
    else *full += n;
  }
}

static void coverage(FILE *out) {
  int full, part, none;
  isa_ptx90_counts(&full, &part, &none);
  fprintf(out, "\n### PTX ISA 9.0 coverage\n\nThe chapter \"Instruction Set\" of the PTX ISA 9.0, section by section (`isa/ptx90.def`): "
               "%d instructions, %d run in full, %d in part, %d not at all (counted by section: `add` is an integer, a "
               "floating-point and a half-precision instruction).\n\n", full + part + none, full, part, none);
  fputs("| section | instruction | here |\n|---|---|---|\n", out);
  for (int i = 0; i < isa_ptx90_count; i++) {
    const isa_ptx_entry *e = &isa_ptx90[i];
    fprintf(out, "| %s | `%s` | ", e->section, e->name);
    if (!e->ours[0]) fprintf(out, "no: %s |\n", e->reason);
    else {
      fputs(e->reason[0] ? "in part: " : "yes: ", out);
      for (const char *p = e->ours; *p;) {   /* each row name in backquotes */
        size_t n = strcspn(p, " ");
        fprintf(out, "%s`%.*s`", p == e->ours ? "" : " ", (int)n, p);
        p += n;
        while (*p == ' ') p++;
      }
      fprintf(out, "%s%s |\n", e->reason[0] ? "; " : "", e->reason);
    }
  }
}

static void list_types(FILE *out, uint32_t mask) {
  int first = 1;
  for (int t = 1; t < ISA_T_COUNT; t++)
    if (mask & (1u << t)) { fprintf(out, "%s.%s", first ? "" : " ", isa_type_name(t)); first = 0; }
  if (first) fputs("-", out);
}

static void list_cat(FILE *out, int cat, int *first) {
  for (int v = 1; v < 32; v++) {
    int m = isa_mod_of(cat, v);
    if (m < 0) break;
    fprintf(out, "%s.%s", *first ? "" : " ", isa_mods[m].text);
    *first = 0;
  }
}

void isa_doc_table(FILE *out) {
  static const char *const fnames[] = { "writes-dst", "branch", "call", "ret", "exit", "barrier", "mem", "load", "store", "atomic", "warp", "aw", "lanewise" };
  fputs("### Instructions\n\n", out);
  fputs("| # | mnemonic | unit | family | lat | ii | type suffixes | other suffixes | operands | flags | synopsis |\n", out);
  fputs("|---|---|---|---|---|---|---|---|---|---|---|\n", out);
  for (int op = 0; op < ISA_OP_COUNT; op++) {
    const isa_op_info *o = &isa_ops[op];
    fprintf(out, "| %d | `%s` | %s | %s | %u | %u | ", op, o->name, isa_unit_names[o->unit], isa_family_names[o->family], o->latency, o->interval);
    for (int i = 0; i < o->ntypes; i++) { if (i) fputs(" ; then ", out); list_types(out, o->types[i]); }
    if (!o->ntypes) fputs("-", out);
    fputs(" | ", out);
    int first = 1;
    for (int cat = CAT_CMP; cat < CAT_FLAG; cat++) if (o->cats & (1u << cat)) list_cat(out, cat, &first);
    for (int b = 0; b < FLB_COUNT; b++)
      if (o->flagbits & (1u << b)) { fprintf(out, "%s.%s", first ? "" : " ", isa_mods[isa_mod_of(CAT_FLAG, b + 1)].text); first = 0; }
    if (first) fputs("-", out);
    fprintf(out, " | `%s` | ", o->shape[0] ? o->shape : "-");
    first = 1;
    for (int b = 0; b < F_NFLAGS; b++) if (o->flags & (1u << b)) { fprintf(out, "%s%s", first ? "" : " ", fnames[b]); first = 0; }
    if (first) fputs("-", out);
    fprintf(out, " | %s |\n", o->synopsis);
  }
  fputs("\n### Suffixes by category\n\n| category | suffixes (value = position, from 1) |\n|---|---|\n", out);
  for (int cat = CAT_TYPE; cat < CAT_COUNT; cat++) {
    int first = 1;
    fprintf(out, "| %s | ", isa_cat_names[cat]);
    list_cat(out, cat, &first);
    fputs(" |\n", out);
  }
  fputs("\n### Special registers\n\n| register | components | bits | mov.u16 |\n|---|---|---|---|\n", out);
  for (int s = 0; s < ISA_SR_COUNT; s++)
    fprintf(out, "| `%s` | %s | %u | %s |\n", isa_sregs[s].name, isa_sregs[s].comps ? ".x .y .z" : "-", isa_sregs[s].bits,
            isa_sregs[s].narrow ? "low 16 bits" : "-");
  coverage(out);
}
