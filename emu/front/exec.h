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
#endif
