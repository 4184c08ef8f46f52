/* subroutines/mpc/mpc.h -- Multi-Prediction Compression (Jin et al., IEEE CAL 2022).
 *
 * Owns: the reference MPC codec for 32-byte blocks, bit-exact with the
 * authors' RTL (github.com/xyz123479/CAL_22-MPC_RTL, commit ae5c357) as
 * specified in subroutines/mpc/SPEC.md; the loader of the RTL's prediction
 * models (five Verilog named-parameter files comp_2..6.txt plus
 * decomp_2..6.txt per directory); and codec_mpc, the subroutines/codec.h
 * face of it.  The codeword and parameter formats are in
 * subroutines/mpc/FORMAT.md; this header and that document must agree.
 *
 * Promises:
 *  - mpc_compress produces exactly the RTL's codeword and size (3..259 bits,
 *    class id first) for every block, given the parameters the RTL was built
 *    with (subroutines/mpc/params/rtl); model choice follows the RTL
 *    (most leading zero symbols, ties to the larger model), not the smallest
 *    output.
 *  - mpc_decompress(mpc_compress(b)) == b for every block and every parameter
 *    set that mpc_load accepts (mpc_load checks that each scan is a
 *    permutation and each base table a tree, which is what makes this true).
 *  - Decoding reads no bit at or past the bit count it is given, hence no
 *    byte past ceil(nbits / 8).
 *  - Parameters come only from files; nothing of a model is compiled in.
 *  - Thread safety: an mpc_params is read-only after mpc_load.  codec_mpc
 *    loads its default model on first use (not thread-safe; call
 *    mpc_set_default_params first if threads share it).
 */
#ifndef AWEMU_MPC_H
#define AWEMU_MPC_H

#include <stddef.h>
#include <stdint.h>

#include "../codec.h"

enum {
  MPC_BLOCK_BYTES = 32,
  MPC_CLASS_BITS = 3,
  MPC_MAX_BITS = 259,                      /* class id + 256 raw bits */
  MPC_CODEWORD_BYTES = 33,                 /* ceil(259 / 8) */
  MPC_NSYMBOLS = 16,                       /* 16-bit symbols per block */
  MPC_FIRST_MODEL = 2,
  MPC_LAST_MODEL = 6,
  MPC_NMODELS = 5,
};

/* The 3-bit class id that starts every codeword. */
enum mpc_class {
  MPC_CLASS_ZERO = 0,                      /* all 32 bytes zero: no payload */
  MPC_CLASS_WORD = 1,                      /* one 4-byte word eight times: the word */
  /* 2..6: predictor model k = class id; entropy-coded symbols */
  MPC_CLASS_RAW = 7,                       /* uncompressed: the 256 block bits */
};

/* The symbol codes of classes 2..6 (bit numbers of mpc_info.codes). */
enum mpc_code {
  MPC_CODE_ZERO1,                          /* 0011            one zero symbol */
  MPC_CODE_ZRUN,                           /* 010 + n-1       2..15 zero symbols */
  MPC_CODE_ONE,                            /* 011 + p         one bit set */
  MPC_CODE_TWO,                            /* 0000 + p        two adjacent bits set */
  MPC_CODE_LOW,                            /* 0001 + 8 bits   upper byte zero */
  MPC_CODE_HIGH,                           /* 0010 + 8 bits   lower byte zero */
  MPC_CODE_RAW,                            /* 1 + 16 bits */
  MPC_NCODES
};

/* One prediction model (the values of comp_k.txt). */
typedef struct {
  uint8_t root;                            /* ROOT_IDX: the byte stored unpredicted */
  uint8_t base[32];                        /* BASE_IDX: byte j is predicted from byte base[j] */
  int8_t shift[32];                        /* SHIFT_VAL: prediction = base byte << shift (>> -shift) */
  uint8_t row[256], col[256];              /* SCAN_ROW, SCAN_COL: scanned bit t = plane row[t] of column col[t] */
} mpc_model;

typedef struct mpc_params mpc_params;      /* five models plus lookup tables (opaque) */

/* What mpc_compress found out (all optional reading). */
typedef struct {
  unsigned cls;                            /* class id 0..7 */
  unsigned model;                          /* the model selected by the zero-run rule (2..6), 0 for classes 0 and 1 */
  unsigned zeros[MPC_NMODELS];             /* leading zero symbols of models 2..6 (index k-2); 0 for classes 0, 1 */
  unsigned payload_bits;                   /* L of the selected model, even when it gave class 7 */
  unsigned codes;                          /* bit c set: code c (enum mpc_code) occurs in the codeword */
} mpc_info;

/* Loads comp_2..6.txt and decomp_2..6.txt from 'dir'.  Returns NULL on any
 * error (unreadable file, syntax, missing/unknown/duplicate field, value out of
 * range, scan not a permutation, bases not a tree, decomp disagreeing with
 * comp) with a message in err (when err_cap > 0). */
mpc_params *mpc_load(const char *dir, char *err, size_t err_cap);
void mpc_free(mpc_params *p);
/* model k (2..6), NULL for any other k */
const mpc_model *mpc_get_model(const mpc_params *p, unsigned k);

/* Parses one parameter file's text (section "Parameter files" of FORMAT.md):
 * calls field() once per `.NAME (value)` with the values in order.  A nonzero
 * return from field() stops parsing and is returned.  Returns 0, the callback's
 * code, or -1 with a message in err on a syntax error. */
int mpc_parse_params(const char *text, int (*field)(void *ctx, const char *name, const int *values, unsigned n),
                     void *ctx, char *err, size_t err_cap);

/* Compresses one 32-byte block into cw (MPC_CODEWORD_BYTES bytes; bit i of
 * the codeword is bit 7 - i%8 of cw[i/8]; zero past the size).  Returns the
 * size in bits (3..259).  info may be NULL. */
unsigned mpc_compress(const mpc_params *p, const uint8_t block[MPC_BLOCK_BYTES], uint8_t cw[MPC_CODEWORD_BYTES],
                      mpc_info *info);

/* Decodes a codeword whose first 'nbits' bits are readable (the exact size,
 * or 259 for the RTL's fixed container: the size is not needed to decode).
 * Returns the codeword's size in bits, or -1 when it would need a bit at or
 * past nbits.  Code points the encoder never emits decode as
 * the RTL decodes them (FORMAT.md). */
int mpc_decompress(const mpc_params *p, const uint8_t *cw, unsigned nbits, uint8_t block[MPC_BLOCK_BYTES]);

/* Model k's sixteen symbols for a block (predict, Gray code, scan). */
void mpc_symbols(const mpc_params *p, unsigned k, const uint8_t block[MPC_BLOCK_BYTES], uint16_t sym[MPC_NSYMBOLS]);
/* The inverse: the block whose model-k symbols are sym (unscan, inverse Gray, rebuild). */
void mpc_unsymbols(const mpc_params *p, unsigned k, const uint16_t sym[MPC_NSYMBOLS], uint8_t block[MPC_BLOCK_BYTES]);

/* ---- codec_mpc: the subroutines/codec.h face --------------------------------
 * Only 32-byte lines (others: -1); the MAG changes nothing.  Encodings:
 *   0 = class 7 (uncompressed): payload = the line, 32 bytes
 *   1 = class 0 (zero): empty payload        2 = class 1 (word): the word, 4 bytes
 *   3..7 = classes 2..6 (model 2..6): the codeword's payload bits
 * i.e. encoding = (class + 1) mod 8.  The payload is the codeword without its
 * 3-bit class id (the id is the encoding, kept in codec_meta like every
 * codec's), packed MSB-first; size = ceil((codeword bits - 3) / 8) bytes. */
extern const codec codec_mpc;

/* The RTL's models, relative to the data root (the source tree, or PREFIX/share/awemu). */
#define MPC_DEFAULT_PARAMS "subroutines/mpc/params/rtl"
/* The model codec_mpc uses: the directory given to mpc_set_default_params,
 * else the environment variable AWEMU_MPC_PARAMS, else the directory given to
 * mpc_set_default_dir (a program passes its data root + MPC_DEFAULT_PARAMS:
 * emu/datadir.h), loaded on first use.  Never a path relative to the working
 * directory.  With none of them, or when the directory does not load,
 * codec_mpc fails (-1) and says why on stderr once (mpc_default_error).
 * mpc_set_default_params loads 'dir' now (NULL: back to the environment/
 * fallback, loaded on next use); returns 0, or -1 with the old model kept
 * when 'dir' does not load (see mpc_default_error). */
int mpc_set_default_params(const char *dir);
/* Sets the fallback directory (loaded on first use), or none when dir is NULL,
 * with 'missing' saying why (it goes into the error message). */
void mpc_set_default_dir(const char *dir, const char *missing);
/* codec_mpc's model, loaded now if not yet (quietly); NULL when it does not load. */
const mpc_params *mpc_default_params(void);
/* Why the default model last failed to load ("" if it did not fail). */
const char *mpc_default_error(void);

static inline unsigned mpc_encoding_of_class(unsigned cls) { return (cls + 1) & 7; }
static inline unsigned mpc_class_of_encoding(unsigned enc) { return (enc + 7) & 7; }

#endif
