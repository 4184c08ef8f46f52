/* emu/front/report.h -- `awemu compress`: compression figures of the reference codecs over data.
 *
 * Reads lines (a text file of hex lines, or a binary memory image cut into
 * lines) and reports, per algorithm: lines, lines compressed, raw and
 * effective (MAG-rounded) compression ratio, the distribution of compressed
 * sizes in bursts, and per-encoding counts; plus the best algorithm per line
 * and a cost-aware choice that charges each line's decompression
 * instructions (measured by running the subroutines) against the bursts it
 * saves.  As a plain table, CSV or JSON.
 *
 * One meaning of "compressed" for every row: the payload is smaller than the
 * line.  MPC works on 32-byte blocks only: asked for at another line size it
 * is a usage error, and 'all' leaves it out with a note.  The subroutines and
 * the MPC models come from the data root (emu/datadir.h), never the working
 * directory; when they are missing the command says what and where, and fails.
 * Exit status: 0 ok, 1 malformed input or missing data, 2 usage or I/O error.
 */
#ifndef AWEMU_REPORT_H
#define AWEMU_REPORT_H
#include <stdio.h>
/* Runs the command with its arguments (after "compress"); the report goes to
 * out, messages to err; returns the exit status.  No exit(), no global state
 * but codec_mpc's model (loaded once): callable again and again (the fuzzer). */
int aw_compress_main(int argc, char **argv, FILE *out, FILE *err);
#endif
