/* emu/front/debug.h -- awemu debug: an interactive debugger over the functional core.
 *
 * Owns: breakpoints, watchpoints, displays, the focus (CTA, warp, lane) and
 * the command table of the debugger; the run-script session it drives.
 * It observes the executor through the device's hook (emu_int.h) and stops
 * by running its command loop inside that hook, so a kernel stopped at a
 * breakpoint is exactly the kernel that would have run on: the debugger
 * changes registers or memory only when told to (set var, fill).
 * Promises: a bad command or argument prints a message and the command's
 * usage line; nothing the user types crashes it.  emu/DEBUGGER.md is the
 * manual.
 */
#ifndef AWEMU_DEBUG_H
#define AWEMU_DEBUG_H

#include <stddef.h>

#include "../awemu.h"
#include "options.h"

/* bin/awemu debug [options] [SCRIPT|MODULE] [NAME=VALUE ...], or [options] PROGRAM [ARGS...];
 * argv[0] is "debug".  A PROGRAM (an ELF file) is started by start_program (awemu exec's
 * cr_exec_program) with the debugger's commands in its environment, for the debugger that
 * libcudart.so.13 holds (below).  Returns the exit status: 0, 1 (a command failed) or 2
 * (usage or I/O error). */
int dbg_main(int argc, char **argv, int (*start_program)(const aw_opts *o, char **argv));

/* As `awemu debug TARGET -batch` with the commands (one per line; len bytes, not
 * NUL-terminated) read from memory: no readline, no history file, no signal
 * handler.  Output goes to stdout and stderr.  TARGET may be NULL (no script or
 * module).  Returns the exit status as dbg_main does.  For fuzzing and tests. */
int dbg_batch(const char *target, const char *commands, size_t len);

/* ---- a CUDA program under the debugger: the side in libcudart.so.13 ----
 * awemu debug PROGRAM sets AWEMU_DEBUG (the program's name), AWEMU_DEBUG_COMMANDS (the -x and
 * -ex commands, one per line) and AWEMU_DEBUG_FLAGS ("b" -batch, "q" no banner) and runs the
 * program on the runtime, which calls these: */

/* At the program's first CUDA call after its registrations: when AWEMU_DEBUG is set, the
 * debugger takes over device d (its hook: it stops in the launches) and reads commands (those
 * of AWEMU_DEBUG_COMMANDS, then standard input) until run or continue.  modules gives the
 * program's modules so far.  Returns -2 when AWEMU_DEBUG is not set (no debugger), -1 when the
 * program goes on, or the exit status when it is to end now (quit, kill, the end of -batch's
 * commands). */
int dbg_program_start(aw_device *d, int (*modules)(aw_module ***mods));
/* After each launch of a debugged program: -1, or the exit status when the debugger ended it
 * (kill, quit, the end of the commands): the program is to end at once. */
int dbg_program_after_launch(void);
/* At the program's exit, with its status: says so, gives the last prompt (breakpoints and
 * their hits can be looked at; nothing runs) until quit or the end of the commands, and
 * returns the exit status: the program's, or 1 where it is 0 and a command failed. */
int dbg_program_exit(int status);

#endif
