/* subroutines/mpc/mpc_train.h -- MPC parameter extraction (Jin et al., CAL 2022, section 3.1).
 *
 * Learns the five prediction models of subroutines/mpc from a data set of
 * 32-byte blocks and writes them as comp_2..6.txt / decomp_2..6.txt in the
 * format mpc_load reads (subroutines/mpc/FORMAT.md, "Parameter files").
 *
 * Method: blocks that MPC codes without a model (all zero, one word repeated)
 * are skipped; the rest are classified by primary data type
 * (model 2 = boolean/int8, 3 = int16, 4 = int32/int64, 5 = fp32, 6 = fp64;
 * a class with too few blocks trains on all blocks).  Per class, for every
 * ordered byte pair (i, j) and shift s in -7..7 the entropy of the residue
 * B[j] - w(B[i], s) is measured; the edge weight is the minimum over s.  A
 * spanning tree is grown with Prim's algorithm from every candidate root
 * (directed weights), and the root minimising H(B[root]) + sum of edge
 * entropies is kept: base = tree parent, shift = the arg-min shift.  The scan
 * is built greedily symbol by symbol from the class's Gray-coded residues:
 * each next (plane, column) cell is the one that keeps the most training
 * blocks with this symbol (and all earlier ones) zero, which is what the
 * zero-run code and the leading-zero model selection reward.
 * No static state: safe to call from several threads.
 */
#ifndef AWEMU_MPC_TRAIN_H
#define AWEMU_MPC_TRAIN_H

#include <stddef.h>
#include <stdint.h>

#include "mpc.h"

/* The data-type class of a block: 0 = not modelled (zero / repeated word),
 * else the model number 2..6 it trains. */
unsigned mpc_train_classify(const uint8_t block[MPC_BLOCK_BYTES]);

/* Learns models 2..6 (out[k - 2]) from n blocks (32 bytes each, contiguous).
 * Returns 0, or -1 with a message in err. */
int mpc_train_models(const uint8_t *blocks, size_t n, mpc_model out[MPC_NMODELS], char *err, size_t cap);

/* Writes comp_k.txt and decomp_k.txt (k = 2..6) for the models into outdir
 * (created if missing).  Returns 0, or -1 with a message in err. */
int mpc_write_params(const char *outdir, const mpc_model models[MPC_NMODELS], char *err, size_t cap);

/* mpc_train_models + mpc_write_params. */
int mpc_train(const uint8_t *blocks, size_t n, const char *outdir, char *err, size_t cap);

#endif
