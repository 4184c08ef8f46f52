/* emu/front/script.h -- the command language of run scripts (and, later, the debugger).
 *
 * Owns: named device buffers, loaded modules, script variables, and the
 * command table.  One command per line; emu/RUNSCRIPT.md is the reference.
 * Promises: a bad command or argument gives "FILE:LINE: error: ..." and a
 * failure status, never a crash.
 */
#ifndef AWEMU_SCRIPT_H
#define AWEMU_SCRIPT_H

#include <stdio.h>
#include "../awemu.h"

typedef struct aw_session aw_session;

aw_session *aw_session_new(FILE *out, FILE *err);
void aw_session_free(aw_session *s);
/* Defines ${NAME}. */
void aw_session_set_var(aw_session *s, const char *name, const char *value);
/* Runs one command line; 'where' names it in messages ("run.aw:12"; "" for
 * none).  0 on success. */
int aw_session_exec(aw_session *s, const char *line, const char *where);
/* Stops the session: the running launch faults ("interrupted") and no
 * further command runs.  Async-signal-safe (sets flags): for SIGINT handlers. */
void aw_session_interrupt(aw_session *s);
/* The script file being run (aw_session_run_file) reads no further line; the
 * command running ends as it would, and the device is not told.  For the
 * debugger's kill, run and quit. */
void aw_session_stop(aw_session *s);
/* Runs a whole script file ("-": standard input); stops at the first failing command.  The
 * script is read whole first: an output any line names that is a file the script reads (its
 * own file, load, subroutines, config, fill/expect files, compare's EXPECTED, and the
 * device's --subroutines and --config files) is an error before any line runs.  Its trace
 * and printf files are completed when it ends; one that cannot be written fails it.  0 on
 * success. */
int aw_session_run_file(aw_session *s, const char *path);
/* The device under the session. */
aw_device *aw_session_device(aw_session *s);
/* Stops (on = 1) or restarts printing error messages; commands still fail. */
void aw_session_quiet(aw_session *s, int on);
/* The loaded modules, oldest first; returns how many. */
int aw_session_modules(aw_session *s, aw_module ***mods);
/* What file 'path' is among the session's inputs ("the script being run", "a module the
 * script loaded", "a data file the script read", ...), which no output may replace; NULL
 * when none. */
const char *aw_session_input(aw_session *s, const char *path);
/* Buffer i (from 0): its name, device address, element count and type
 * (ISA_T_*); NULL past the last. */
const char *aw_session_buffer(aw_session *s, int i, uint64_t *addr, uint64_t *count, int *type);

/* The command table, for help and completion. */
typedef struct {
  const char *name;
  int (*run)(aw_session *s, char **argv, int argc, const char *where);
  const char *usage;
  const char *help;
} aw_command;
extern const aw_command aw_commands[];

#endif
