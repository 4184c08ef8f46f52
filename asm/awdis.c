/* asm/awdis.c -- the disassembler's command line. */
#include "asm.h"
#include "../isa/disasm.h"
#include "../isa/outfile.h"
#include "../isa/version.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

static void usage(FILE *f) {
  fputs("usage: awdis [options] IMAGE\n"
        "Prints an AWS image as assembly that awasm turns back into the same image.\n"
        "An IMAGE of - is standard input (named <stdin> in messages).\n"
        "  -o OUT, --output=OUT  write the assembly to OUT instead of standard output; OUT may not be IMAGE\n"
        "  -h, --help    this text\n"
        "  --version     print the version\n"
        "  --            what follows is the image's name even when it starts with -\n"
        "Exit status: 0 on success, 1 when the image is damaged, 2 on usage or I/O errors.\n", f);
}

static int dis_main(int argc, char **argv) {
  const char *in = NULL, *out = NULL;
  int options_done = 0;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (options_done || a[0] != '-' || !a[1]) {
      if (in) { fprintf(stderr, "awdis: one image at a time: '%s' after '%s'\n", a, in); return 2; }
      in = a;
    } else if (!strcmp(a, "--")) options_done = 1;
    else if (!strncmp(a, "-o", 2) || !strcmp(a, "--output") || !strncmp(a, "--output=", 9)) {
      if (out) { fprintf(stderr, "awdis: one output file: -o given twice\n"); return 2; }   /* (the last one won, silently) */
      if (!strncmp(a, "--output=", 9)) out = a + 9;
      else if (a[1] == 'o' && a[2]) out = a + 2;
      else if (i + 1 < argc) out = argv[++i];
      else { fprintf(stderr, "awdis: %s needs a file name\n", a); return 2; }
      if (!*out) { fprintf(stderr, "awdis: %s needs a file name, got an empty one\n", a[1] == '-' ? "--output" : "-o"); return 2; }
    } else if (!strcmp(a, "-h") || !strcmp(a, "--help")) { usage(stdout); return 0; }
    else if (!strcmp(a, "--version")) { printf("awdis (awemu) %s\n", AWEMU_VERSION); return 0; }
    else if (!strncmp(a, "--help=", 7) || !strncmp(a, "--version=", 10)) {
      fprintf(stderr, "awdis: option '%.*s' takes no value\n", (int)(strchr(a, '=') - a), a);
      return 2;
    } else { fprintf(stderr, "awdis: unknown option '%s' (awdis --help lists them)\n", a); return 2; }
  }
  if (!in) { fprintf(stderr, "awdis: no image given\n"); usage(stderr); return 2; }
  int is_stdin = !strcmp(in, "-");
  const char *name = is_stdin ? "<stdin>" : in;
  if (out && !is_stdin && isa_same_file(out, in)) {
    fprintf(stderr, "awdis: the output %s is the input %s; refusing to overwrite it\n", out, in);
    return 2;
  }
  size_t len;
  char *buf = asm_read_file(in, &len);
  if (!buf) {
    if (errno == EISDIR) fprintf(stderr, "awdis: %s: is a directory\n", name);
    else fprintf(stderr, "awdis: %s: cannot read: %s\n", name, strerror(errno));
    return 2;
  }
  isa_image img;
  char err[512];
  int rc = isa_image_read((const uint8_t *)buf, len, &img, err, sizeof err);
  free(buf);
  if (!rc && (rc = asm_check_image(&img, err, sizeof err)) != 0) isa_image_free(&img);   /* what it prints must assemble back */
  if (rc) { fprintf(stderr, "awdis: %s: %s\n", name, err); return 1; }
  isa_outfile o;
  if (isa_out_open(&o, out ? out : "-", 0, err, sizeof err) != 0) {
    fprintf(stderr, "awdis: %s\n", err);
    isa_image_free(&img);
    return 2;
  }
  isa_dis_image(&img, o.f);
  isa_image_free(&img);
  /* a failed write left the stream's error flag: the commit reports it (and keeps an old OUT) */
  if (isa_out_commit(&o, err, sizeof err) != 0) { fprintf(stderr, "awdis: %s\n", err); return 2; }
  return 0;
}

int main(int argc, char **argv) {
  return isa_close_stdout("awdis", dis_main(argc, argv));
}
