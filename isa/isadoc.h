/* isa/isadoc.h -- the instruction reference of isa/ISA.md, generated from the tables. */
#ifndef AWEMU_ISADOC_H
#define AWEMU_ISADOC_H
#include <stdio.h>
/* Writes the Markdown tables (instructions, suffixes, special registers)
 * that isa/ISA.md holds between its GENERATED markers. */
void isa_doc_table(FILE *out);
#endif
