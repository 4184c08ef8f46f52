/* asm/awasm.c -- the assembler's command line. */
#include "asm.h"
#include "../isa/disasm.h"
#include "../isa/isadoc.h"
#include "../isa/outfile.h"
#include "../isa/version.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

static void usage(FILE *f) {
  fputs("usage: awasm [options] FILE...\n"
        "Assembles PTX and awemu assembly into one AWS image.  A FILE of - is standard input\n"
        "(named <stdin> in messages).  With neither -o nor -l it only checks the input: the\n"
        "errors, or a line saying what it holds; no image is written.\n"
        "  -o OUT, --output=OUT  write the image to OUT (- for standard output); OUT may not be an input\n"
        "  -l            print a listing (pc, address, encoding, source position, instruction)\n"
        "  -q            do not print warnings (nor, when only checking, the line)\n"
        "  --isa-table   print the instruction table as Markdown (the reference in isa/ISA.md)\n"
        "  -h, --help    this text\n"
        "  --version     print the version\n"
        "  --            what follows is a file name even when it starts with -\n"
        "Exit status: 0 on success, 1 when the input has errors, 2 on usage or I/O errors.\n", f);
}

/* Where each line of one input starts: built once per input, so a listing
 * costs time linear in its size (it used to scan the file from its start
 * for every instruction). */
typedef struct {
  const char *text;
  size_t len;
  size_t *start;      /* start[l - 1]: offset of line l */
  uint32_t nlines;
  int built;
} line_index;

static int index_lines(line_index *ix) {
  if (ix->built) return ix->start != NULL;
  ix->built = 1;
  size_t n = 1;
  for (const char *p = ix->text; *p; p++) if (*p == '\n') n++;
  if (n > UINT32_MAX) return 0;
  ix->start = malloc(n * sizeof *ix->start);
  if (!ix->start) return 0;
  ix->start[0] = 0;
  ix->nlines = 1;
  for (const char *p = ix->text; *p; p++)
    if (*p == '\n') ix->start[ix->nlines++] = (size_t)(p + 1 - ix->text);
  return 1;
}

/* The text of line 'line' of one of the inputs (leading blanks skipped), or NULL. */
static const char *source_line(line_index *ix, const char **paths, int n, const char *file, uint32_t line, int *len) {
  for (int i = 0; i < n; i++) {
    if (strcmp(paths[i], file) != 0) continue;
    if (!index_lines(&ix[i]) || line < 1 || line > ix[i].nlines) return NULL;
    const char *p = ix[i].text + ix[i].start[line - 1];
    const char *e = p;
    while (*e && *e != '\n') e++;
    while (p < e && (*p == ' ' || *p == '\t')) p++;
    *len = (int)(e - p);
    return p;
  }
  return NULL;
}

static void listing(const isa_image *img, line_index *ix, const char **paths, int n) {
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
      const char *src = source_line(ix, paths, n, file, ln->line, &len);
      if (src && len) printf("%52s| %.*s\n", "", len, src);
      words += (uint32_t)nw;
    }
    printf("\n");
  }
}

/* Check only (no -o, no -l): what the input holds, on one line. */
static void check_report(const isa_image *img, const char **paths, int n) {
  uint32_t count[ISA_FN_COUNT] = { 0 };
  for (uint32_t f = 0; f < img->nfuncs; f++) if (img->funcs[f].has_body) count[img->funcs[f].kind]++;
  static const char *const what[ISA_FN_COUNT] = { "kernel", "function", "subroutine" };
  for (int i = 0; i < n; i++) printf("%s%s", i ? " " : "", paths[i]);
  printf(": no errors");
  int listed = 0;
  for (int k = 0; k < ISA_FN_COUNT; k++)
    if (count[k]) printf("%s%u %s%s", listed++ ? ", " : ": ", count[k], what[k], count[k] == 1 ? "" : "s");
  printf(" (checked only: -o OUT writes the image)\n");
}

static int write_image(const isa_image *img, const char *out) {
  size_t size;
  uint8_t *buf = isa_image_write(img, &size);
  if (!buf) { fprintf(stderr, "awasm: out of memory\n"); return 2; }
  isa_outfile o;
  char err[512];
  if (isa_out_open(&o, out, 1, err, sizeof err) != 0) { fprintf(stderr, "awasm: %s\n", err); free(buf); return 2; }
  fwrite(buf, 1, size, o.f);   /* a short write leaves the stream's error flag, which the commit reports */
  free(buf);
  if (isa_out_commit(&o, err, sizeof err) != 0) { fprintf(stderr, "awasm: %s\n", err); return 2; }
  return 0;
}

/* The value of option 'name' ("-o", "--output"): "--output=V", "-oV", or the
 * next argument.  NULL (after a message) when there is none. */
static const char *opt_value(int argc, char **argv, int *i, const char *name) {
  const char *a = argv[*i];
  size_t n = strlen(name);
  if (a[n] == '=' && name[1] == '-') return a + n + 1;
  if (a[n] && name[1] != '-') return a + n;
  if (*i + 1 >= argc) { fprintf(stderr, "awasm: %s needs a file name\n", name); return NULL; }
  return argv[++*i];
}

/* 1 when argument 'a' is option 'name', alone or with a value attached. */
static int is_opt(const char *a, const char *name) {
  size_t n = strlen(name);
  if (strncmp(a, name, n) != 0) return 0;
  return a[n] == 0 || (name[1] == '-' ? a[n] == '=' : 1);
}

static int assemble_all(int argc, char **argv, const char **paths, char **texts, line_index *ix) {
  const char *out = NULL;
  int list = 0, quiet = 0, nfiles = 0, options_done = 0, stdin_at = -1;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (options_done || a[0] != '-' || !a[1]) {
      if (!strcmp(a, "-")) {
        if (stdin_at >= 0) { fprintf(stderr, "awasm: standard input (-) given twice\n"); return 2; }
        stdin_at = nfiles;
      }
      paths[nfiles++] = a;
    } else if (!strcmp(a, "--")) options_done = 1;
    else if (is_opt(a, "-o") || is_opt(a, "--output")) {
      if (out) { fprintf(stderr, "awasm: one output file: -o given twice\n"); return 2; }   /* (the last one won, silently) */
      if (!(out = opt_value(argc, argv, &i, a[1] == '-' ? "--output" : "-o"))) return 2;
      if (!*out) { fprintf(stderr, "awasm: %s needs a file name, got an empty one\n", a[1] == '-' ? "--output" : "-o"); return 2; }
    } else if (!strcmp(a, "-l")) list = 1;
    else if (!strcmp(a, "-q")) quiet = 1;
    else if (!strcmp(a, "--isa-table")) { isa_doc_table(stdout); return 0; }
    else if (!strcmp(a, "-h") || !strcmp(a, "--help")) { usage(stdout); return 0; }
    else if (!strcmp(a, "--version")) { printf("awasm (awemu) %s\n", AWEMU_VERSION); return 0; }
    else if (a[1] == '-' && strchr(a, '=') && (!strncmp(a, "--help=", 7) || !strncmp(a, "--version=", 10) || !strncmp(a, "--isa-table=", 12))) {
      fprintf(stderr, "awasm: option '%.*s' takes no value\n", (int)(strchr(a, '=') - a), a);
      return 2;
    } else { fprintf(stderr, "awasm: unknown option '%s' (awasm --help lists them)\n", a); return 2; }
  }
  if (!nfiles) { fprintf(stderr, "awasm: no input files\n"); usage(stderr); return 2; }
  if (list && out && !strcmp(out, "-")) { fprintf(stderr, "awasm: -l and -o - would both write to standard output\n"); return 2; }
  for (int i = 0; out && i < nfiles; i++)
    if (i != stdin_at && isa_same_file(out, paths[i])) {
      fprintf(stderr, "awasm: the output %s is the input %s; refusing to overwrite it\n", out, paths[i]);
      return 2;
    }
  for (int i = 0; i < nfiles; i++) {
    size_t len;
    texts[i] = asm_read_file(paths[i], &len);
    if (!texts[i]) {
      const char *name = i == stdin_at ? "<stdin>" : paths[i];
      if (errno == EISDIR) fprintf(stderr, "awasm: %s: is a directory\n", name);
      else fprintf(stderr, "awasm: %s: cannot read: %s\n", name, strerror(errno));
      return 2;
    }
    ix[i].text = texts[i];
    ix[i].len = len;
  }
  if (stdin_at >= 0) paths[stdin_at] = "<stdin>";
  asm_ctx *c = asm_new();
  if (!c) { fprintf(stderr, "awasm: out of memory\n"); return 2; }
  asm_set_warnings(c, !quiet);
  for (int i = 0; i < nfiles; i++) {
    asm_add_source(c, paths[i], texts[i], ix[i].len);
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
    if (list) listing(&img, ix, paths, nfiles);
    if (out) rc = write_image(&img, out);
    if (!out && !list && !quiet) check_report(&img, paths, nfiles);
  }
  isa_image_free(&img);
  return rc;
}

int main(int argc, char **argv) {
  const char **paths = calloc((size_t)argc, sizeof *paths);
  char **texts = calloc((size_t)argc, sizeof *texts);
  line_index *ix = calloc((size_t)argc, sizeof *ix);
  int rc = 2;
  if (paths && texts && ix) rc = assemble_all(argc, argv, paths, texts, ix);
  else fprintf(stderr, "awasm: out of memory\n");
  for (int i = 0; texts && i < argc; i++) free(texts[i]);
  for (int i = 0; ix && i < argc; i++) free(ix[i].start);
  free(texts);
  free(paths);
  free(ix);
  return isa_close_stdout("awasm", rc);
}
