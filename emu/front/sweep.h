/* emu/front/sweep.h -- awemu sweep: a grid of timing runs, run in parallel or on a cluster, merged into one table.
 *
 * Owns: the sweep file (workloads x configs x designs x algorithms x
 * overrides), its expansion into independent runs of `awemu run`, running
 * them (here with -j N, or as a Slurm array), and the merged results.
 * Promises: a run that already has its statistics, made with the same command
 * from the same inputs (their hashes beside them), is not run again (a sweep
 * resumes where it stopped); any other is; a failed, damaged or stale run is
 * reported and does not stop the others, and is never merged as ok; one sweep
 * at a time in a directory; a signal to the sweep stops its runs and leaves
 * no partial statistics; the same file gives the same runs, named the same,
 * in the same order.  emu/SWEEP.md is the reference.
 */
#ifndef AWEMU_SWEEP_H
#define AWEMU_SWEEP_H
/* awemu sweep; argv[0] is "sweep".  Returns the exit status. */
int aw_sweep_main(int argc, char **argv);
/* For tests and fuzzing (tests/fuzz/fuzz_sweep.c): reads, checks and expands FILE as awemu sweep
 * --list does, with its runs' directories under out (NULL: NAME.runs), and writes each run's
 * command line to f (reading the files it reads, for their hashes), but makes, writes and runs nothing (no data directory is prepared).  A
 * sweep of more than max_runs runs is refused.  0, or 2 with the messages on standard error. */
#include <stdio.h>
int aw_sweep_dry(const char *file, const char *out, long max_runs, FILE *f);
#endif
