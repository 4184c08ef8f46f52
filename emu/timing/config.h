/* emu/timing/config.h -- the timing model's configuration: keys, files, presets.
 *
 * Owns: tm_config (one field per row of config.def), the config-file
 * language, the presets built into the program (the .cfg files in emu/timing/presets/),
 * and the documented key table.
 *
 * The language: one `key = value` per line; `#` starts a comment; blank lines
 * are ignored; `base = NAME|FILE` (first) starts from a preset or another
 * file.  Sizes take K, M and G suffixes (2^10, 2^20, 2^30 bytes).
 *
 * Promises: every error names where it comes from ("FILE:LINE: error: KEY:
 * ..." for files, "--set KEY=VALUE: error: ..." for single settings) and
 * leaves the config as it was before the failing line; a config that passes
 * tm_config_check is consistent (cache geometries divide into whole,
 * power-of-two sets; clocks and rates positive) and its model fits in three quarters of
 * the memory the host lets this process have (tm_model_host_bytes, tm_host_limit); an
 * unknown key's message names the nearest keys.  Loading is deterministic.
 */
#ifndef AWEMU_TM_CONFIG_H
#define AWEMU_TM_CONFIG_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

enum { K_INT, K_SIZE, K_REAL, K_ENUM };

#define TM_T_K_INT  int64_t
#define TM_T_K_SIZE int64_t
#define TM_T_K_REAL double
#define TM_T_K_ENUM int

enum {
#define KEY(name, kind, unit, dflt, mn, mx, choices, doc) TM_KEY_##name,
#include "config.def"
#undef KEY
  TM_NKEYS
};

typedef struct tm_config {
#define KEY(name, kind, unit, dflt, mn, mx, choices, doc) TM_T_##kind name;
#include "config.def"
#undef KEY
  /* where each key got its value: "default", "caba-gtx480:14", "--set" ...;
   * and when (the number of settings before it), to blame the latest */
  char origin[TM_NKEYS][96];
  uint32_t when[TM_NKEYS];
  uint32_t nsettings;
} tm_config;

/* Enum values, in the order of their choices in config.def. */
enum { TM_SCHED_LRR, TM_SCHED_GTO, TM_SCHED_TWO_LEVEL };
enum { TM_L1_WRITE_EVICT, TM_L1_WRITE_THROUGH, TM_L1_WRITE_BACK };
enum { TM_LINK_BURSTS, TM_LINK_PACKET };   /* mem_link */
enum { TM_DRAM_FCFS, TM_DRAM_FRFCFS };
/* The designs (the 'design' key), one row each of designs.def: TM_DESIGN_BASE ... */
enum {
#define DESIGN(id, name, dram, l2, md, l1, compress, decompress, doc) TM_DESIGN_##id,
#include "designs.def"
#undef DESIGN
  TM_NDESIGNS
};
/* who compresses and who decompresses the blocks of a design (designs.def) */
enum { TM_BY_NONE, TM_BY_IDEAL, TM_BY_MC, TM_BY_L1, TM_BY_ASSIST };
typedef struct {
  const char *name;
  uint8_t dram, l2, md, l1;   /* compressed in DRAM; in L2 too; metadata per block; L1 may keep lines compressed */
  uint8_t compress, decompress;   /* TM_BY_* */
} tm_design;
extern const tm_design tm_designs[TM_NDESIGNS];
/* the design's choices ("|base|hw-mem|...": the key's are from the second character on) and
 * the key's documentation, from designs.def */
extern const char tm_design_choices[], tm_design_doc[];
enum { TM_COMP_BDI, TM_COMP_FPC, TM_COMP_CPACK, TM_COMP_MAGBDI, TM_COMP_BEST, TM_COMP_MPC, TM_COMP_COST };
enum { TM_AWC_COMPRESS_ASSIST, TM_AWC_COMPRESS_FREE };   /* awc_compress */
enum { TM_AWC_END_KILL, TM_AWC_END_WAIT };   /* awc_launch_end */
enum { TM_AWC_STORE_SEND, TM_AWC_STORE_HOLD };   /* awc_store */

/* The design of c (its 'design' key's row of designs.def). */
static inline const tm_design *tm_design_of(const tm_config *c) { return &tm_designs[c->design]; }
/* Assist warps compress or decompress blocks under design d. */
static inline int tm_design_assist(const tm_design *d) { return d->compress == TM_BY_ASSIST || d->decompress == TM_BY_ASSIST; }

/* Every key at its default (caba-gtx480's value). */
void tm_config_defaults(tm_config *c);
/* Loads a preset by name, or a config file; keys it does not set keep their
 * values.  0 on success; -1 with the message in err (the config may hold the
 * lines before the bad one).  Does not run tm_config_check. */
int tm_config_load(tm_config *c, const char *name_or_path, char *err, size_t cap);
/* Sets one key from text ("KEY=VALUE" or KEY and VALUE apart); 'where' names
 * the origin in messages and in c->origin ("--set", "run.aw:3").  0 on success. */
int tm_config_set(tm_config *c, const char *key, const char *value, const char *where, char *err, size_t cap);
int tm_config_set_pair(tm_config *c, const char *key_eq_value, const char *where, char *err, size_t cap);
/* The checks that span several keys.  0 when consistent; else -1 and a
 * message naming the key and where it was set. */
int tm_config_check(const tm_config *c, char *err, size_t cap);

/* 1 when a and b give every key the same value (wherever the values came from). */
int tm_config_same(const tm_config *a, const tm_config *b);

/* Writes every key as `key = value   # unit; from ORIGIN` (a config file that
 * loads back to the same config). */
void tm_config_write(const tm_config *c, FILE *f);
/* Key 'key' (TM_KEY_...)'s value in c as a config file writes it (an enum: its word). */
void tm_config_value(const tm_config *c, int key, char *buf, size_t cap);
/* The documented key table, Markdown. */
void tm_config_table(FILE *f);
/* The presets: name i (from 0) and its file text; NULL past the last. */
const char *tm_preset_name(int i, const char **text);

/* The host memory (bytes) the timing model of c takes, whatever the module, in all and by
 * part (part may be NULL): tm_config_check refuses a config whose model takes more than
 * three quarters of tm_host_limit.  (gpu.c, beside what it mirrors.) */
enum { TM_HOST_SMS, TM_HOST_L1, TM_HOST_ASSIST, TM_HOST_L2_LINES, TM_HOST_L2_MSHRS, TM_HOST_DRAM, TM_HOST_MD, TM_HOST_NPARTS };
double tm_model_host_bytes(const tm_config *c, double part[TM_HOST_NPARTS]);
/* The memory this process may have: the machine's physical memory, or less under ulimit -v
 * or -d; 'what' (when not NULL) says it: "this machine's 23.4 GiB", "the 2.0 GiB this process
 * may take (ulimit -v)".  0 when unknown. */
double tm_host_limit(char *what, size_t cap);
/* The unknown key 'word's nearest keys by edit distance (as git's "did you mean"), quoted
 * and joined ("'l1_bytes'", "'a' or 'b'") in buf; how many (0: none is near). */
int tm_config_nearest(const char *word, char *buf, size_t cap);

/* The timing model's watchdog: the cycles an SM with live assist warps may go without
 * issuing before the launch stops as a model error; the longer of 10,000,000 and 64 times the
 * longest one memory request can take under c.  'why' (when not NULL) gets "the watchdog's
 * limit of N cycles (...)", naming the keys that set it. */
int64_t tm_watchdog_cycles(const tm_config *c, char *why, size_t cap);

/* Derived figures. */
double tm_dram_peak_bytes_per_s(const tm_config *c);   /* all channels, bandwidth scale included */
int64_t tm_l1_sets(const tm_config *c);
int64_t tm_l2_slice_sets(const tm_config *c);
/* The line and the sector (the compression block) the memory moves: L2's, or with no L2 (l2_bytes = 0) L1's. */
static inline int64_t tm_mem_line(const tm_config *c) { return c->l2_bytes ? c->l2_line_bytes : c->l1_line_bytes; }
static inline int64_t tm_mem_sector(const tm_config *c) { return c->l2_bytes ? c->l2_sector_bytes : c->l1_sector_bytes; }

#endif
