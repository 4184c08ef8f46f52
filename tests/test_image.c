/* tests/test_image.c -- the image loader rejects every truncated or corrupt file.
 *
 * Images of the example kernels are written and then damaged: cut at every
 * length, single bytes changed (with and without fixing the checksum, so the
 * field validation itself is exercised), and chosen fields set to bad values.
 * The loader must refuse each damaged image it cannot prove well formed, say
 * why, and never read out of bounds (run under ASan by `make asan`).
 * Images that are well formed in layout but that the assembler cannot
 * produce (register types that do not fit their operands, .maxntid with a
 * zero size) are refused too (test_types).  So are those whose disassembly
 * awasm would not assemble, or would assemble to another image
 * (test_not_awasms): awdis printed them, and awasm then refused the text
 * ("stray '^' in program") or wrote a different image.
 */
#include "../asm/asm.h"
#include "../isa/disasm.h"
#include "../isa/image.h"
#include "../isa/isa.h"
#include "check.h"

#include <stdlib.h>
#include <string.h>

static uint8_t *build(const char *path, size_t *size) {
  size_t len;
  char *text = asm_read_file(path, &len);
  if (!text) return NULL;
  asm_ctx *c = asm_new();
  asm_set_diag(c, NULL);
  asm_add_source(c, path, text, len);
  isa_image img;
  uint8_t *buf = NULL;
  if (asm_finish(c, &img) == 0) { buf = isa_image_write(&img, size); isa_image_free(&img); }
  asm_free(c);
  free(text);
  return buf;
}

static void fix_crc(uint8_t *b, size_t n) { isa_put_u32(b + 12, isa_image_checksum(b, n)); }

static int loads(const uint8_t *b, size_t n, char *err, size_t cap) {
  isa_image img;
  if (isa_image_read(b, n, &img, err, cap) != 0) return 0;
  isa_image_free(&img);
  return 1;
}

/* xorshift: a fixed sequence, so the test is the same every run */
static uint64_t rng = 0x9e3779b97f4a7c15ull;
static uint64_t next(void) { rng ^= rng << 13; rng ^= rng >> 7; rng ^= rng << 17; return rng; }

/* Images the assembler cannot produce, made by changing one field of a
 * valid image's structure and writing it out: isa_image_read must refuse
 * each (isa/image.h: "a fully validated image") with a message naming the
 * field, and accept the unchanged one. */
static const char *typed_src =
  ".version 8.0\n.target sm_80\n.address_size 64\n"
  ".func helper()\n{\n\tret;\n}\n"
  ".visible .entry typed(.param .u64 out)\n.maxntid 128\n{\n"
  "\t.reg .pred %p<2>;\n\t.reg .b16 %h<2>;\n\t.reg .b32 %r<3>;\n\t.reg .b64 %rd<2>;\n\t.reg .pred %q;\n"
  "\tld.param.u64 %rd1, [out];\n\tmov.u32 %r1, %tid.x;\n\tmov.b16 %h1, 7;\n"
  "\tsetp.lt.u32 %p1, %r1, 4;\n\t@%p1 add.u32 %r2, %r1, %r1;\n\tst.global.u32 [%rd1], %r2;\n\t@%q ret;\n\tret;\n}\n";

/* Assembles 'src' (named 'name') into *img; the number of errors. */
static int assemble_text(const char *name, const char *src, isa_image *img) {
  asm_ctx *c = asm_new();
  asm_set_diag(c, NULL);
  asm_add_source(c, name, src, strlen(src));
  int errors = asm_finish(c, img);
  asm_free(c);
  return errors;
}

/* The declaration of 'name' (e.g. "%r") in function f. */
static isa_regdecl *decl(isa_image *img, uint32_t f, const char *name) {
  const isa_func *fn = &img->funcs[f];
  for (uint32_t r = 0; r < fn->nreg; r++)
    if (!strcmp(isa_str(img, img->regs[fn->first_reg + r].name), name)) return &img->regs[fn->first_reg + r];
  return NULL;
}

static void test_types(void) {
  enum { UNCHANGED, R_B16, R_PRED, P_B32, Q_B32, RD_F64, MAXNTID_ZERO, MAXNTID_FUNC, NCASES };
  static const char *const what[NCASES] = {
    "the unchanged image", "%r declared .b16 (a .b16 register as a 32-bit operand)", "%r declared .pred (a predicate as a .u32 operand)",
    "%p declared .b32 (a .b32 register as setp's predicate destination)", "%q declared .b32 (a guard that is not a predicate)", "%rd declared .f64 (a float address register)",
    ".maxntid 128, 0, 0", ".maxntid on a .func" };
  /* slots: %p 0-1, %h 2-3, %r 4-6, %rd 7-8, %q 9; instructions: 0 ld.param %rd1, 1 mov.u32
   * %r1, 2 mov.b16 %h1, 3 setp %p1, 4 @%p1 add %r2, 5 st.global [%rd1], 6 @%q ret, 7 ret.  The first use
   * that no longer fits is named (operands counted from 1). */
  static const char *const want[NCASES] = {
    NULL,
    "function typed, instruction 1, operand 1: a register of the wrong width (register slot 5 is .b16, the operand .u32)",
    "function typed, instruction 1, operand 1: a predicate register where a value is needed (register slot 5 is .pred, the operand .u32)",
    "function typed, instruction 3, operand 1: a non-predicate register where a predicate is needed (register slot 1 is .b32, the operand .pred)",
    "function typed, instruction 6: the guard is a .b32 register, not a predicate",
    "function typed, instruction 5, operand 1: address register slot 8 is .f64, not a 32- or 64-bit integer",
    "function 1: .maxntid 128, 0, 0 (each size must be at least 1)",
    "function 0: .maxntid on a function that is not a kernel" };
  for (int k = 0; k < NCASES; k++) {
    isa_image img;
    if (assemble_text("typed.ptx", typed_src, &img)) { CHECK(0, "typed.ptx assembles"); return; }
    uint32_t kf = 1;   /* helper is function 0, typed function 1 */
    switch (k) {
    case R_B16: decl(&img, kf, "%r")->type = ISA_T_B16; break;
    case R_PRED: decl(&img, kf, "%r")->type = ISA_T_PRED; break;
    case P_B32: decl(&img, kf, "%p")->type = ISA_T_B32; break;
    case Q_B32: decl(&img, kf, "%q")->type = ISA_T_B32; break;
    case RD_F64: decl(&img, kf, "%rd")->type = ISA_T_F64; break;
    case MAXNTID_ZERO: img.funcs[kf].maxntid[1] = img.funcs[kf].maxntid[2] = 0; break;
    case MAXNTID_FUNC: img.funcs[0].maxntid[0] = img.funcs[0].maxntid[1] = img.funcs[0].maxntid[2] = 64; break;
    default: break;
    }
    size_t n;
    uint8_t *buf = isa_image_write(&img, &n);
    isa_image_free(&img);
    char err[512] = "";
    int ok = buf && loads(buf, n, err, sizeof err);
    if (!want[k]) CHECK(ok, "%s loads: %s", what[k], err);
    else CHECK(!ok && strstr(err, want[k]), "%s is rejected: %s", what[k], err);
    free(buf);
  }
}

/* An image whose two subroutines are bound to one event (the assembler
 * refuses the source; an image changed afterwards must be refused too). */
static void test_trigger_conflict(void) {
  static const char src[] = ".version 8.0\n.target sm_80\n.address_size 64\n"
                            ".subroutine a\n.trigger decompress 3\n{\n\texit;\n}\n"
                            ".subroutine b\n.trigger decompress 4\n{\n\texit;\n}\n";
  isa_image img;
  if (assemble_text("conflict.s", src, &img)) { CHECK(0, "conflict.s assembles"); return; }
  char err[256] = "";
  CHECK(isa_image_validate(&img, err, sizeof err) == 0, "decompress 3 and decompress 4: two events, no conflict (%s)", err);
  img.triggers[1].arg = 3;
  CHECK(isa_image_validate(&img, err, sizeof err) != 0 && strstr(err, "subroutines a and b are both bound to 'decompress 3'"),
        "an image binding decompress 3 twice is rejected: %s", err);
  isa_image_free(&img);
}

/* Subroutine records that awasm refuses to write ('not a predicate register', 'appears twice
 * in .livein'), made by changing an image afterwards: the loader refuses them too (it loaded
 * them, and awdis printed source that awasm then refused). */
static void test_subr_regs(void) {
  static const char src[] = ".version 8.0\n.target sm_80\n.address_size 64\n"
                            ".subroutine s\n.trigger pc k, L (%r1, %r2) skip M\n.livein %a, %b\n.skipif %p\n{\n"
                            "\t.reg .b32 %a, %b;\n\t.reg .pred %p;\n\tsetp.eq.u32 %p, %a, %b;\n\texit;\n}\n";
  for (int k = 0; k < 3; k++) {
    isa_image img;
    if (assemble_text("subr.s", src, &img)) { CHECK(0, "subr.s assembles"); return; }
    isa_subr *sr = &img.subrs[0];
    /* slots: %a 0, %b 1, %p 2 (.skipif holds slot + 1) */
    if (k == 1) sr->skipif = 1;                                   /* %a, a .b32 */
    if (k == 2) img.pool[sr->livein_off + 1] = img.pool[sr->livein_off];   /* .livein %a, %a */
    size_t n;
    uint8_t *buf = isa_image_write(&img, &n);
    isa_image_free(&img);
    char err[512] = "";
    int ok = buf && loads(buf, n, err, sizeof err);
    if (k == 0) CHECK(ok, "the subroutine's image loads: %s", err);
    else if (k == 1) CHECK(!ok && strstr(err, "subroutine 0: the .skipif register is not a predicate"), ".skipif naming a .b32 register is rejected: %s", err);
    else CHECK(!ok && strstr(err, "subroutine 0: a live-in register given twice"), "a live-in given twice is rejected: %s", err);
    free(buf);
  }
}

/* Format 3.1's subroutine fields (.lanes, .lanemask, .autoend, .active, .lastenc) changed
 * afterwards to what awasm refuses to write: the loader refuses each with a message naming
 * it (each loaded before the fields existed, as bytes past the 52-byte record of 3.0).  An
 * image of a newer format (3.2) is refused as newer, and one that says 3.0 but has 3.1's
 * records as damaged. */
static void test_subr_start(void) {
  static const char src[] = ".version 8.0\n.target sm_80\n.address_size 64\n"
                            ".subroutine c\n.trigger compress\n.livein %i\n.lanes %a, 4, 8\n.lanes %w, 2\n.lanemask %p, 36\n"
                            ".lastenc %e\n.active 0xffff\n.autoend\n{\n"
                            "\t.reg .b32 %i, %a, %e;\n\t.reg .b64 %w;\n\t.reg .pred %p, %q;\n\t.reg .f32 %f;\n\tst.lout.u32 [%a], %e;\n}\n"
                            ".subroutine d\n.trigger decompress 3\n{\n\t.reg .b32 %x;\n\texit;\n}\n";
  /* slots of c: %i 0, %a 1, %e 2, %w 3, %p 4, %q 5, %f 6; d: %x 0 */
  enum { UNCHANGED, LANES_PRED, LANES_F32, SCALE, OFFSET, COUNT, STRAY_OFF, MASK_B32, MASK_OFFSET, FLAGS, LASTENC_B64, LASTENC_DEC,
         TWICE_LIVEIN, TWICE_LANES, NEWER, OLDER, NCASES };
  static const char *const want[NCASES] = {
    NULL,
    "subroutine 0: a .lanes register is .pred, not a 32- or 64-bit integer",
    "subroutine 0: a .lanes register is .f32, not a 32- or 64-bit integer",
    "subroutine 0: .lanes scale 4097, offset 8 (at most 4096 and 65535)",
    "subroutine 0: .lanes scale 4, offset 65536 (at most 4096 and 65535)",
    "subroutine 0: 9 .lanes and 1 .lanemask (at most 8 and 4)",
    "subroutine 1: .lanes list",
    "subroutine 0: a .lanemask register is not a predicate",
    "subroutine 0: .lanemask offset 4093 (at most 4092)",
    "subroutine 0: flags 0x2",
    "subroutine 0: the .lastenc register is not a 32-bit integer",
    "subroutine 1: .lastenc without a 'compress' trigger",
    "subroutine 0: register slot 0 is set twice at the start",
    "subroutine 0: register slot 3 is set twice at the start",
    "image format version 3.2 is newer than this build reads (3.0 to 3.1)",
    "corrupt image: subroutines section size 160 does not match 2 records",
  };
  for (int k = 0; k < NCASES; k++) {
    isa_image img;
    if (assemble_text("start.s", src, &img)) { CHECK(0, "start.s assembles"); return; }
    isa_subr *sr = &img.subrs[0];
    uint32_t *lanes = &img.pool[sr->lanes_off];   /* (slot, scale, offset) x 2: %a 4 8, %w 2 0 */
    switch (k) {
    case LANES_PRED: lanes[0] = 4; break;
    case LANES_F32: lanes[3] = 6; break;
    case SCALE: lanes[1] = 4097; break;
    case OFFSET: lanes[2] = 65536; break;
    case COUNT: sr->nlanes = 9; break;
    case STRAY_OFF: img.subrs[1].lanes_off = 1; break;
    case MASK_B32: img.pool[sr->lanemask_off] = 2; break;
    case MASK_OFFSET: img.pool[sr->lanemask_off + 1] = 4093; break;
    case FLAGS: sr->flags = 2; break;
    case LASTENC_B64: sr->lastenc = 4; break;
    case LASTENC_DEC: img.subrs[1].lastenc = 1; break;
    case TWICE_LIVEIN: lanes[0] = 0; break;
    case TWICE_LANES: lanes[0] = 3; break;
    default: break;
    }
    size_t n;
    uint8_t *buf = isa_image_write(&img, &n);
    isa_image_free(&img);
    if (buf && k == NEWER) { isa_put_u16(buf + 10, 2); fix_crc(buf, n); }
    if (buf && k == OLDER) { isa_put_u16(buf + 10, 0); fix_crc(buf, n); }   /* 2 records of 52 + 7 x 4 = 80 bytes, read as 3.0's 52 */
    char err[512] = "";
    int ok = buf && loads(buf, n, err, sizeof err);
    if (!want[k]) CHECK(ok, "the subroutine with every 3.1 directive loads: %s", err);
    else CHECK(!ok && strstr(err, want[k]), "3.1 fields, case %d, refused (%s): %s", k, want[k], err);
    free(buf);
  }
}

/* Label records moved or dropped afterwards (checksum right): the emulator branches to a
 * label's pc and awdis writes the label where its outline item is, so the two must agree
 * (such an image loaded, and awdis and the emulator showed different programs). */
static void test_labels(void) {
  static const char src[] = ".version 8.0\n.target sm_80\n.address_size 64\n"
                            ".visible .entry k()\n{\n\t.reg .pred %p;\n\tsetp.eq.u32 %p, 1, 1;\n"
                            "\t@%p bra A;\n\tbra B;\nA:\nB:\n\tret;\n}\n";
  static const char *const want[4] = { NULL, "label 0 is at instruction 2, its outline item at 3",
                                       "function 0: 1 of its 2 labels have a place in the outline", "label 1 placed twice" };
  for (int k = 0; k < 4; k++) {
    isa_image img;
    if (assemble_text("labels.ptx", src, &img)) { CHECK(0, "labels.ptx assembles"); return; }
    /* instructions: 0 setp, 1 bra A, 2 bra B, 3 ret; labels A (0) and B (1) both at 3 */
    uint32_t a = 0;
    for (uint32_t i = 0; i < img.noutline; i++)
      if (img.outline[i].kind == ISA_IT_LABEL && img.outline[i].index == 0) a = i;
    if (k == 1) img.labels[0].pc = 2;   /* A moved onto bra B: @%p bra A would loop for ever */
    if (k == 2) { img.outline[a].kind = ISA_IT_REG; img.outline[a].index = img.funcs[0].first_reg; }   /* A left out of the outline */
    if (k == 3) img.outline[a].index = 1;   /* B's item in A's place, and its own */
    size_t n;
    uint8_t *buf = isa_image_write(&img, &n);
    isa_image_free(&img);
    char err[512] = "";
    int ok = buf && loads(buf, n, err, sizeof err);
    if (!want[k]) CHECK(ok, "the labels' image loads: %s", err);
    else CHECK(!ok && strstr(err, want[k]), "labels case %d is rejected (%s): %s", k, want[k], err);
    free(buf);
  }
}

/* Offset of the first occurrence of the NUL-terminated string 'str' in the
 * image's bytes (the string table), or 0. */
static size_t find_bytes(const uint8_t *b, size_t n, const char *str) {
  size_t l = strlen(str) + 1;
  for (size_t i = 0; i + l <= n; i++) if (!memcmp(b + i, str, l)) return i;
  return 0;
}

/* Images awasm could not have written, made from valid ones.  isa_image_read
 * refuses the first kind with a message naming the field (a name awasm cannot
 * read, a file name that cannot stand in quotes, a declaration's scope that is
 * not the block it stands in, a label operand with an offset, an instruction
 * with bits set that its fields do not use); asm_check_image, which awdis and
 * the loader call after it, refuses the rest: their disassembly does not
 * assemble, or assembles to a different image.  Each was accepted before, and
 * awdis printed it. */
static const char *nested_src =
  ".version 8.0\n.target sm_80\n.address_size 64\n"
  ".visible .entry nest(.param .u64 out)\n{\n\t.reg .b32 %r<2>;\n\t.reg .b64 %rd<2>;\n"
  "\tld.param.u64 %rd1, [out];\n\t{\n\t.reg .b32 %t;\n\tmov.u32 %t, 5;\n\tst.global.u32 [%rd1], %t;\n\t}\n"
  "\tbra DONE;\nDONE:\n\tret;\n}\n";

static void test_not_awasms(void) {
  size_t n;
  const char *saxpy[] = { "examples/saxpy/saxpy.ptx" };
  uint8_t *img = build(saxpy[0], &n);
  CHECK(img != NULL, "saxpy.ptx assembles");
  if (!img) return;
  uint8_t *bad = malloc(n);
  char err[512] = "";
  isa_image im;
  /* a name with a stray '^' (the case): saxpy_param_1 becomes sax^y_param_1 */
  struct { const char *str; size_t at; char ch; const char *want; } names[] = {
    { "saxpy_param_1", 3, '^', "variable 1: the name \"sax^y_param_1\" is not one awasm reads" },
    { "%rd", 1, '`', "register declaration 3: the name \"%`d\" is not one awasm reads" },
    { "$L__BB0_2", 4, '&', "label 0: the name \"$L__&B0_2\" is not one awasm reads" },
    { "saxpy", 0, '9', "function 0: the name \"9axpy\" is not one awasm reads" },
    { "examples/saxpy/saxpy.ptx", 8, '"', "file 0: the name \"examples\\x22saxpy/saxpy.ptx\" cannot stand between the quotes of a .file directive" },
    { "9.0", 1, 'x', "the version \"9x0\" is not MAJOR.MINOR" },
    { "sm_80", 2, ' ', "the target \"sm 80\" is not a list of names" },
  };
  for (size_t k = 0; k < sizeof names / sizeof names[0]; k++) {
    memcpy(bad, img, n);
    size_t at = find_bytes(bad, n, names[k].str);
    bad[at + names[k].at] = (uint8_t)names[k].ch;
    fix_crc(bad, n);
    int ok = at && loads(bad, n, err, sizeof err);
    CHECK(at && !ok && strstr(err, names[k].want), "a damaged name (%s) is refused: %s", names[k].want, err);
  }
  /* fields the disassembly does not write: a register declared in a nested block said to be in the body,
   * a branch's label operand with an offset (the disassembly writes the label alone) */
  for (int k = 0; k < 2; k++) {
    if (assemble_text("nest.ptx", nested_src, &im)) { CHECK(0, "nest.ptx assembles"); break; }
    const char *want = NULL;
    if (k == 0) { decl(&im, 0, "%t")->scope = 0; want = "register declaration 2: scope 0, but it is declared in block 1"; }
    if (k == 1) {   /* bra DONE: instruction 3, its operand the word after the two header words */
      uint32_t w = 0;
      for (int i = 0; i < 3; i++) { isa_insn in; const char *why; w += (uint32_t)isa_decode(im.code + w, im.ncode - w, &in, &why); }
      im.code[w + 2] |= 0x10;
      want = "function 0: a symbol operand with an offset";
    }
    size_t m;
    uint8_t *buf = isa_image_write(&im, &m);
    isa_image_free(&im);
    CHECK(buf && !loads(buf, m, err, sizeof err) && strstr(err, want), "%s is refused: %s", want, err);
    free(buf);
  }
  /* read well, but not what awasm writes: a register declaration renamed as another of its function
   * ('redeclaration' when its disassembly is assembled), a label named by the tail of another
   * string, "param_0" (awasm would give it a string of its own) */
  for (int k = 0; k < 2; k++) {
    if (isa_image_read(img, n, &im, err, sizeof err)) { CHECK(0, "saxpy's image loads: %s", err); break; }
    const char *want;
    if (k == 0) { decl(&im, 0, "%f")->name = decl(&im, 0, "%r")->name; want = "its disassembly does not assemble (line 16: redeclaration of '%r')"; }
    else { im.labels[0].name = (uint32_t)(strstr(im.strtab + im.vars[0].name, "param_0") - im.strtab); want = "its disassembly assembles to a different image (the strtab section differs)"; }
    size_t m;
    uint8_t *buf = isa_image_write(&im, &m);
    isa_image_free(&im);
    isa_image again;
    int read = buf && isa_image_read(buf, m, &again, err, sizeof err) == 0;
    int refused = read && asm_check_image(&again, err, sizeof err) != 0;
    if (read) isa_image_free(&again);
    CHECK(read && refused && strstr(err, want), "an image that reads well but is not awasm's is refused by asm_check_image: %s", err);
    free(buf);
  }
  /* every image the loader takes from 2000 random byte changes (checksum fixed) prints as
   * source that assembles back to it */
  int taken = 0, same = 0;
  for (int k = 0; k < 2000; k++) {
    memcpy(bad, img, n);
    bad[16 + (size_t)(next() % (n - 16))] = (uint8_t)next();
    fix_crc(bad, n);
    if (isa_image_read(bad, n, &im, err, sizeof err)) continue;
    int ok = asm_check_image(&im, err, sizeof err) == 0;
    if (ok) {
      taken++;
      char *text = NULL;
      size_t tl = 0;
      FILE *f = open_memstream(&text, &tl);
      isa_dis_image(&im, f);
      fclose(f);
      asm_ctx *c = asm_new();
      asm_set_diag(c, NULL);
      asm_add_source(c, "again.s", text, tl);
      isa_image two;
      if (asm_finish(c, &two) == 0) {
        size_t m;
        uint8_t *b2 = isa_image_write(&two, &m);
        same += b2 && m == n && !memcmp(b2 + 16, bad + 16, n - 16);
        free(b2);
      }
      isa_image_free(&two);
      asm_free(c);
      free(text);
    }
    isa_image_free(&im);
  }
  CHECK(taken > 0 && same == taken, "of 2000 random byte changes, the %d images taken all assemble back from their disassembly (%d do)", taken, same);
  free(bad);
  free(img);
}

int main(void) {
  test_not_awasms();
  test_types();
  test_labels();
  test_trigger_conflict();
  test_subr_regs();
  test_subr_start();
  static const char *const srcs[] = { "examples/saxpy/saxpy.ptx", "examples/divergent/divergent.ptx",
                                      "examples/stencil/stencil.ptx", "examples/kmeans/kmeans.ptx" };
  for (size_t s = 0; s < sizeof srcs / sizeof srcs[0]; s++) {
    size_t n;
    uint8_t *img = build(srcs[s], &n);
    CHECK(img != NULL, "%s assembles", srcs[s]);
    if (!img) continue;
    char err[512];
    CHECK(loads(img, n, err, sizeof err), "%s: the written image loads back", srcs[s]);

    int all_cut = 1;
    for (size_t cut = 0; cut < n; cut++) {
      if (loads(img, cut, err, sizeof err) || !strstr(err, "truncated")) { all_cut = 0; REQUIRE(0, "%s cut to %zu bytes: %s", srcs[s], cut, err); break; }
    }
    CHECK(all_cut, "%s: every truncation (0..%zu bytes) is rejected as truncated", srcs[s], n - 1);

    uint8_t *bad = malloc(n + 8);
    memcpy(bad, img, n);
    memset(bad + n, 0, 8);
    CHECK(!loads(bad, n + 8, err, sizeof err) && strstr(err, "corrupt"), "%s: trailing bytes are rejected: %s", srcs[s], err);

    int flips = 0, rejected = 0;
    for (size_t i = 0; i < n; i++) {
      memcpy(bad, img, n);
      bad[i] ^= (uint8_t)(1u << (next() % 8));
      flips++;
      rejected += !loads(bad, n, err, sizeof err);
    }
    CHECK(rejected == flips, "%s: every one of %d single-bit changes is rejected (checksum)", srcs[s], flips);

    /* With the checksum fixed up, the field checks alone must catch damage or
     * accept a well-formed image; either way nothing crashes. */
    int tried = 0, caught = 0;
    for (int k = 0; k < 3000; k++) {
      memcpy(bad, img, n);
      size_t at = 16 + (size_t)(next() % (n - 16));
      bad[at] = (uint8_t)next();
      fix_crc(bad, n);
      tried++;
      caught += !loads(bad, n, err, sizeof err);
    }
    CHECK(caught > tried / 2, "%s: field validation rejects %d of %d random byte changes with a fixed checksum", srcs[s], caught, tried);

    /* Chosen damage, checksum fixed: each must be refused with a message. */
    struct { size_t off; uint32_t val; const char *what; } cases[] = {
      { 8, 7, "version" }, { 20, 3, "section count" }, { 24, 0xffffff, "version string offset" },
      { 32, 48, "address size" }, { 36, 0xfffff, "module outline length" },
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
      memcpy(bad, img, n);
      if (cases[c].off == 8) isa_put_u16(bad + 8, (uint16_t)cases[c].val); else isa_put_u32(bad + cases[c].off, cases[c].val);
      fix_crc(bad, n);
      int l = loads(bad, n, err, sizeof err);
      CHECK(!l && err[0], "%s: bad %s is rejected: %s", srcs[s], cases[c].what, err);
    }
    /* Every section's record count off by one. */
    int dir_ok = 1;
    for (int sec = 0; sec < 14; sec++) {
      memcpy(bad, img, n);
      size_t d = 40 + (size_t)sec * 16;
      isa_put_u32(bad + d + 4, isa_get_u32(bad + d + 4) + 1);
      fix_crc(bad, n);
      if (loads(bad, n, err, sizeof err) || !strstr(err, "corrupt")) { dir_ok = 0; REQUIRE(0, "section %d count+1 accepted", sec); }
    }
    CHECK(dir_ok, "%s: a wrong record count in any section is rejected", srcs[s]);
    free(bad);
    free(img);
  }
  CHECK(!loads((const uint8_t *)"not an image at all, just some text......", 41, (char[256]){0}, 256), "text is not an image");
  printf("%s\n", check_failed ? "test_image: failures" : "test_image: ok");
  return check_failed ? 1 : 0;
}
