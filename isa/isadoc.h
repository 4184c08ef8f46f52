/* isa/isadoc.h -- the instruction reference of isa/ISA.md, generated from the tables. */
#ifndef AWEMU_ISADOC_H
#define AWEMU_ISADOC_H
#include <stdio.h>
/* Writes the Markdown tables (instructions, suffixes, special registers)
 * that isa/ISA.md holds between its GENERATED markers. */
void isa_doc_table(FILE *out);

/* The PTX ISA 9.0 instructions and what awemu does with each (isa/ptx90.def):
 * ours, the rows of the instruction table that run it ("" none); reason, what
 * is missing ("" nothing). */
typedef struct { const char *name, *section, *ours, *reason; } isa_ptx_entry;
extern const isa_ptx_entry isa_ptx90[];
extern const int isa_ptx90_count;
/* Counts its instructions (an entry may name several): in full, in part, not at all. */
void isa_ptx90_counts(int *full, int *part, int *none);
#endif
