/* emu/debug.h -- awemu debug: an interactive debugger over the functional core.
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

/* bin/awemu debug [options] [SCRIPT|MODULE] [NAME=VALUE ...]; argv[0] is "debug".
 * Returns the exit status: 0, 1 (a command failed) or 2 (usage or I/O error). */
int dbg_main(int argc, char **argv);

/* As `awemu debug TARGET -batch` with the commands (one per line; len bytes, not
 * NUL-terminated) read from memory: no readline, no history file, no signal
 * handler.  Output goes to stdout and stderr.  TARGET may be NULL (no script or
 * module).  Returns the exit status as dbg_main does.  For fuzzing and tests. */
int dbg_batch(const char *target, const char *commands, size_t len);

#endif
