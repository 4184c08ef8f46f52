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

/* bin/awemu debug [options] [SCRIPT|MODULE] [NAME=VALUE ...]; argv[0] is "debug". */
int dbg_main(int argc, char **argv);

#endif
