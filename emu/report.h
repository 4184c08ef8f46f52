/* emu/report.h -- `awemu compress`: compression figures of the reference codecs over data.
 *
 * Reads lines (a text file of hex lines, or a binary memory image cut into
 * lines) and reports, per algorithm: lines, lines compressed, raw and
 * effective (MAG-rounded) compression ratio, the distribution of compressed
 * sizes in bursts, and per-encoding counts; plus the best algorithm per line
 * and a cost-aware choice that charges each line's decompression
 * instructions (measured by running the subroutines) against the bursts it
 * saves.  As a plain table, CSV or JSON.
 */
#ifndef AWEMU_REPORT_H
#define AWEMU_REPORT_H
#include <stdio.h>
/* Runs the command with its arguments (after "compress"); returns the exit status. */
int aw_compress_main(int argc, char **argv, FILE *out, FILE *err);
#endif
