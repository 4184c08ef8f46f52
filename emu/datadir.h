/* emu/datadir.h -- where the tools find their data (subroutines, MPC models, configs).
 *
 * The data root is, in order:
 *   1. $AWEMU_DATADIR when it is set and not empty (and then nothing else);
 *   2. DIR/../share/awemu when it is a directory, DIR being the directory of
 *      the running executable (/proc/self/exe): an installed tree;
 *   3. the nearest of DIR/.., DIR/../.., DIR/../../.. that holds
 *      subroutines/codec.h: the built source tree (bin/awemu, or
 *      build/asan/bin/awemu under make asan, whose build/asan/subroutines/
 *      holds only objects).
 * Never the current directory: the tools give the same results from anywhere.
 */
#ifndef AWEMU_DATADIR_H
#define AWEMU_DATADIR_H
#include <stddef.h>

/* Writes the data root into buf.  Returns 0, or -1 with buf holding where it
 * looked (for a message: "AWEMU_DATADIR=/x is not a directory", ...). */
int aw_data_root(char *buf, size_t cap);

/* Writes ROOT/rel into buf.  Returns 0 when that path exists; -1 when it does
 * not or there is no data root, with buf holding a message naming what was
 * looked for and where. */
int aw_data_path(const char *rel, char *buf, size_t cap);

/* Points codec_mpc's default model at ROOT/subroutines/mpc/params/rtl (loaded
 * on first use) unless $AWEMU_MPC_PARAMS names one; does nothing when there
 * is no data root (codec_mpc then says what it lacks). */
void aw_data_setup_codecs(void);
#endif
