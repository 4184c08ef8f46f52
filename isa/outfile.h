/* isa/outfile.h -- writing a file the user named, without harming anything.
 *
 * Owns: the one way every tool writes an output file (images, listings,
 * dumps, traces, statistics, history).
 * Promises:
 *  - "-" is standard output.
 *  - A regular file, or a name that does not exist yet, is written to a
 *    temporary file made with mkstemp in the same directory and renamed over
 *    the name only when everything was written (isa_out_commit); a failed
 *    write leaves the old file as it was and removes the temporary.  A
 *    replaced file keeps its permission bits; a new one gets 0666 less the
 *    umask, as fopen would give it.
 *  - Anything else (a device such as /dev/null, a FIFO, a socket, a symbolic
 *    link) is opened and written in place: never removed, never replaced.
 *  - Nothing but the temporary is ever created or deleted.
 * Contract: isa_out_open, then write to ->f, then exactly one of
 * isa_out_commit or isa_out_abort.
 * Standard output as a whole is checked once more when a tool ends
 * (isa_close_stdout), as GNU tools do: a full disk or a closed pipe under
 * '>' is an error, not a silent exit 0.
 */
#ifndef AWEMU_OUTFILE_H
#define AWEMU_OUTFILE_H

#include <stddef.h>
#include <stdio.h>

typedef struct {
  FILE *f;          /* write here */
  char *path;       /* the name as given */
  char *tmp;        /* the temporary renamed over path at commit; NULL when writing in place */
  int is_stdout;
  int mode;         /* permission bits for the result (temporary only) */
} isa_outfile;

/* Opens 'path' for writing as above.  0 on success; -1 with a message in err
 * ("PATH: cannot write: REASON") otherwise. */
int isa_out_open(isa_outfile *o, const char *path, int binary, char *err, size_t cap);
/* Flushes, closes and (for a temporary) renames it over the name.  0 on
 * success; -1 with a message, the temporary removed and the old file kept. */
int isa_out_commit(isa_outfile *o, char *err, size_t cap);
/* Closes and removes the temporary; an in-place target keeps what was written. */
void isa_out_abort(isa_outfile *o);

/* The last thing a tool's main does: flushes and closes standard output.
 * When that fails, or an earlier write to it did, prints "PROG: write error:
 * REASON" on standard error and returns 2 (a status above 2, such as 130 for
 * an interrupt, is kept); otherwise returns 'status'.  A standard output that
 * was closed when the tool started and got no output is no error. */
int isa_close_stdout(const char *prog, int status);

/* 1 when 'a' and 'b' name the same existing file (same device and inode,
 * following symbolic links), else 0.  Used to refuse an output that is one
 * of the inputs. */
int isa_same_file(const char *a, const char *b);

#endif
