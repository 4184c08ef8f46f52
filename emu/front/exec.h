/* emu/front/exec.h -- awemu exec (exec.c). */
#ifndef AWEMU_FRONT_EXEC_H
#define AWEMU_FRONT_EXEC_H
#include "options.h"
/* awemu exec; argv[0] is "exec".  Returns only on an error (its exit status). */
int cr_exec_main(int argc, char **argv);
/* Runs argv[0] (the PROGRAM, argv NULL-terminated) on awemu's libcudart.so.13 with the options
 * of o (awemu exec's or awemu debug's: o->cmd names the command in messages) as the library's
 * environment, after checking what can be checked before it starts.  Returns only on an error
 * (its exit status: 2, or 127 when PROGRAM cannot be run). */
int cr_exec_program(const aw_opts *o, char **argv);
/* The directory holding the libcudart.so.13 awemu exec runs programs on: $AWEMU_LIBDIR, or beside
 * this awemu (DIR/../lib/awemu installed, DIR/../build/lib in the source tree, DIR/../lib for
 * builds whose BIN is inside BUILD).  0, or -1. */
int cr_libdir(char *out, size_t cap);
#endif
