/* asm/awdis.c -- the disassembler's command line. */
#include "../isa/disasm.h"

#include <string.h>

int main(int argc, char **argv) {
  const char *in = NULL, *out = NULL;
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "-o") && i + 1 < argc) out = argv[++i];
    else if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) {
      puts("usage: awdis IMAGE [-o OUT]\nPrints an AWS image as assembly that awasm turns back into the same image.");
      return 0;
    } else if (argv[i][0] == '-' && argv[i][1]) { fprintf(stderr, "awdis: unknown option '%s'\n", argv[i]); return 2; }
    else if (in) { fprintf(stderr, "awdis: one image at a time\n"); return 2; }
    else in = argv[i];
  }
  if (!in) { fprintf(stderr, "usage: awdis IMAGE [-o OUT]\n"); return 2; }
  isa_image img;
  char err[512];
  if (isa_image_load(in, &img, err, sizeof err)) { fprintf(stderr, "awdis: %s\n", err); return 1; }
  FILE *f = out ? fopen(out, "w") : stdout;
  if (!f) { perror(out); isa_image_free(&img); return 2; }
  isa_dis_image(&img, f);
  int bad = ferror(f);
  if (out) bad |= fclose(f);
  isa_image_free(&img);
  return bad ? 2 : 0;
}
