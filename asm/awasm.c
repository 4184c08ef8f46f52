/* asm/awasm.c -- the assembler's command line. */
#include "asm.h"
#include "../isa/disasm.h"
#include "../isa/isadoc.h"
#include "../isa/outfile.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

static void usage(FILE *f) {
  fputs("usage: awasm [options] FILE...\n"
        "Assembles PTX and awemu assembly into one AWS image.\n"
        "  -o OUT        write the image to OUT\n"
        "  -l            print a listing (pc, address, encoding, source position, instruction)\n"
        "  -q            do not print warnings\n"
        "  --isa-table   print the instruction table as Markdown (the reference in isa/ISA.md)\n"
        "  -h, --help    this text\n"
        "Exit status: 0 on success, 1 when the input has errors, 2 on usage or I/O errors.\n", f);
}

/* The text of line 'line' of one of the inputs, or NULL. */
static const char *source_line(char **texts, const char **paths, int n, const char *file, uint32_t line, int *len) {
  for (int i = 0; i < n; i++) {
    if (strcmp(paths[i], file) != 0) continue;
    const char *p = texts[i];
    for (uint32_t l = 1; l < line && *p; p++) if (*p == '\n') l++;
    const char *e = p;
    while (*e && *e != '\n') e++;
    while (p < e && (*p == ' ' || *p == '\t')) p++;
    *len = (int)(e - p);
    return p;
  }
  return NULL;
}

static void listing(const isa_image *img, char **texts, const char **paths, int n) {
  for (uint32_t i = 0; i < img->module_items; i++) {
    if (img->outline[i].kind != ISA_IT_FDEF) continue;
    uint32_t f = img->outline[i].index;
    const isa_func *fn = &img->funcs[f];
    static const char *const kinds[] = { "kernel", "function", "subroutine" };
    printf("%s %s: %u instructions, %u words, %u registers\n", kinds[fn->kind], isa_str(img, fn->name), fn->ninsn, fn->code_words, fn->nslots);
    printf("   pc  address  encoding (64-bit words)                      source\n");
    uint32_t words = 0;
    for (uint32_t k = 0; k < fn->ninsn; k++) {
      isa_insn in;
      const char *why;
      const uint64_t *w = img->code + fn->code_off + words;
      size_t nw = isa_decode(w, fn->code_words - words, &in, &why);
      if (!nw) { printf("  undecodable: %s\n", why); return; }
      char text[2048], enc[64];
      isa_dis_insn(img, f, &in, text, sizeof text);
      const isa_line *ln = &img->lines[fn->first_insn + k];
      const char *file = ln->file ? isa_str(img, img->files[ln->file - 1]) : "?";
      for (size_t j = 0; j < nw; j += 2) {
        if (j + 1 < nw) snprintf(enc, sizeof enc, "%016llx %016llx", (unsigned long long)w[j], (unsigned long long)w[j + 1]);
        else snprintf(enc, sizeof enc, "%016llx", (unsigned long long)w[j]);
        if (j == 0) printf("%5u  %07x  %-33s  %s:%u  %s\n", k, (fn->code_off + words) * 8, enc, file, ln->line, text);
        else printf("       %07x  %s\n", (unsigned)((fn->code_off + words + j) * 8), enc);
      }
      int len;
      const char *src = source_line(texts, paths, n, file, ln->line, &len);
      if (src && len) printf("%52s| %.*s\n", "", len, src);
      words += (uint32_t)nw;
    }
    printf("\n");
  }
}

static int write_image(const isa_image *img, const char *out) {
  size_t size;
  uint8_t *buf = isa_image_write(img, &size);
  if (!buf) { fprintf(stderr, "awasm: out of memory\n"); return 2; }
  isa_outfile o;
  char err[512];
  if (isa_out_open(&o, out, 1, err, sizeof err) != 0) { fprintf(stderr, "awasm: %s\n", err); free(buf); return 2; }
  if (fwrite(buf, 1, size, o.f) != size) {
    fprintf(stderr, "awasm: %s: cannot write: %s\n", out, strerror(errno));
    isa_out_abort(&o);
    free(buf);
    return 2;
  }
  free(buf);
  if (isa_out_commit(&o, err, sizeof err) != 0) { fprintf(stderr, "awasm: %s\n", err); return 2; }
  return 0;
}

int main(int argc, char **argv) {
  const char *out = NULL;
  int list = 0, quiet = 0, nfiles = 0;
  const char **paths = calloc((size_t)argc, sizeof *paths);
  char **texts = calloc((size_t)argc, sizeof *texts);
  if (!paths || !texts) return 2;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (!strcmp(a, "-o")) {
      if (++i >= argc) { fprintf(stderr, "awasm: -o needs a file name\n"); free(paths); free(texts); return 2; }
      out = argv[i];
    } else if (!strcmp(a, "-l")) list = 1;
    else if (!strcmp(a, "-q")) quiet = 1;
    else if (!strcmp(a, "--isa-table")) { isa_doc_table(stdout); free(paths); free(texts); return 0; }
    else if (!strcmp(a, "-h") || !strcmp(a, "--help")) { usage(stdout); free(paths); free(texts); return 0; }
    else if (a[0] == '-' && a[1]) { fprintf(stderr, "awasm: unknown option '%s'\n", a); usage(stderr); free(paths); free(texts); return 2; }
    else paths[nfiles++] = a;
  }
  const char *why = !nfiles ? "no input files" : !out && !list ? "nothing to do: give -o OUT or -l" : NULL;
  if (why) { fprintf(stderr, "awasm: %s\n", why); if (!nfiles) usage(stderr); free(paths); free(texts); return 2; }
  for (int i = 0; out && i < nfiles; i++)
    if (isa_same_file(out, paths[i])) {
      fprintf(stderr, "awasm: the output %s is the input %s; refusing to overwrite it\n", out, paths[i]);
      free(paths); free(texts);
      return 2;
    }
  asm_ctx *c = asm_new();
  if (!c) { free(paths); free(texts); return 2; }
  asm_set_warnings(c, !quiet);
  for (int i = 0; i < nfiles; i++) {
    size_t len;
    texts[i] = asm_read_file(paths[i], &len);
    if (!texts[i]) {
      fprintf(stderr, "awasm: %s: cannot read: %s\n", paths[i], strerror(errno));
      asm_free(c);
      for (int k = 0; k < i; k++) free(texts[k]);
      free(texts);
      free(paths);
      return 2;
    }
    asm_add_source(c, paths[i], texts[i], len);
  }
  isa_image img;
  int errors = asm_finish(c, &img);
  asm_free(c);
  int rc = 0;
  if (errors) {
    if (errors > ASM_MAX_ERRORS) fprintf(stderr, "%d errors (the first %d shown)\n", errors, ASM_MAX_ERRORS);
    else fprintf(stderr, "%d error%s\n", errors, errors == 1 ? "" : "s");
    rc = 1;
  } else {
    if (list) listing(&img, texts, paths, nfiles);
    if (out) rc = write_image(&img, out);
  }
  isa_image_free(&img);
  for (int i = 0; i < nfiles; i++) free(texts[i]);
  free(texts);
  free(paths);
  return rc;
}
