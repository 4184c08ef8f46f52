/* isa/disasm.h -- from an image back to source text.
 *
 * Owns: the text form of instructions and of whole images.  Promises:
 * isa_dis_image writes a source that the assembler turns back into a
 * byte-identical image (tests/run.sh checks this for every source in the
 * repository); isa_dis_insn writes one instruction as the assembler reads it.
 */
#ifndef AWEMU_DISASM_H
#define AWEMU_DISASM_H

#include <stdio.h>

#include "image.h"
#include "isa.h"

/* Names of a function's register slots, for printing. */
typedef struct {
  const isa_image *img;
  uint32_t func;
} isa_dis_ctx;

/* One instruction of function f: "@%p1 add.s32 %r1, %r2, 4" (no ';'). */
void isa_dis_insn(const isa_image *img, uint32_t f, const isa_insn *in, char *buf, size_t cap);
/* The name of register slot 'slot' of function f ("%r12"). */
void isa_dis_reg(const isa_image *img, uint32_t f, uint32_t slot, char *buf, size_t cap);
/* The whole image as source text. */
void isa_dis_image(const isa_image *img, FILE *out);

#endif
