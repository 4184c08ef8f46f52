/* emu/main.c -- bin/awemu: run scripts, the debugger, compression reports. */
#include "datadir.h"
#include "debug.h"
#include "report.h"
#include "script.h"

#include <stdlib.h>
#include <string.h>

static void usage(FILE *f) {
  fputs("usage: awemu run SCRIPT [NAME=VALUE ...]\n"
        "       awemu debug [-x FILE] [-batch] [SCRIPT | MODULE] [NAME=VALUE ...]   (the debugger; awemu debug --help)\n"
        "       awemu compress [options] FILE   (compression report; awemu compress --help)\n"
        "Runs a script of commands (emu/RUNSCRIPT.md): load modules, fill buffers, launch kernels, check results.\n"
        "Exit status: 0 when every command succeeded, 1 otherwise, 2 on usage errors.\n", f);
}

int main(int argc, char **argv) {
  aw_data_setup_codecs();   /* codec_mpc's models from the data root, not the working directory */
  if (argc >= 2 && (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help"))) { usage(stdout); return 0; }
  if (argc >= 2 && !strcmp(argv[1], "debug")) return dbg_main(argc - 1, argv + 1);
  if (argc >= 2 && !strcmp(argv[1], "compress")) return aw_compress_main(argc - 2, argv + 2, stdout, stderr);
  if (argc < 3 || strcmp(argv[1], "run")) { usage(stderr); return 2; }
  aw_session *s = aw_session_new(stdout, stderr);
  if (!s) return 2;
  for (int i = 3; i < argc; i++) {
    char *eq = strchr(argv[i], '=');
    if (!eq || eq == argv[i]) { fprintf(stderr, "awemu: '%s' is not NAME=VALUE\n", argv[i]); aw_session_free(s); return 2; }
    *eq = 0;
    aw_session_set_var(s, argv[i], eq + 1);
  }
  int rc = aw_session_run_file(s, argv[2]);
  aw_session_free(s);
  return rc ? 1 : 0;
}
