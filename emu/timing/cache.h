/* emu/timing/cache.h -- one set-associative cache with sectors, LRU and MSHRs (L1s and L2 slices).
 *
 * Owns: tags, per-sector valid and dirty bits, LRU order, the miss status
 * holding registers (one per line in flight, each with the requests waiting
 * on it) and the cache's counters.  Knows nothing of time or of who asked:
 * the caller moves requests between levels.
 *
 * Lines are allocated when their data arrives (allocate on fill), so a miss
 * never blocks a set; the victim is the least recently used way, and a dirty
 * victim is handed back to the caller to write below.
 * Promises: deterministic (LRU by an access counter, no hashing by pointer);
 * a request is in at most one MSHR; cache_fill returns exactly the waiting
 * requests that have then had all their sectors, in the order they arrived.
 *
 * A compressed cache (cache_set_compressed: 2 or 4 tags per way, CABA 7.5)
 * holds up to tags x ways lines in a set as long as their stored bytes (a
 * callback says how many: the compressed size of the valid sectors) fit in
 * the set's ways x line bytes; a line that grows, or comes in, evicts the
 * least recently used others until they fit.  One operation may then evict
 * several dirty lines: the first is the victim the call returns, the others
 * are in extra[0 .. nextra) until the next call.
 */
#ifndef AWEMU_TM_CACHE_H
#define AWEMU_TM_CACHE_H

#include "mem.h"

typedef struct {
  uint64_t line;             /* line number (address / line bytes) */
  uint32_t valid, dirty;     /* sector masks; valid == 0: an empty way */
  uint64_t lru;              /* the access counter at its last use */
  uint32_t bytes;            /* compressed caches: the bytes it takes of its set */
  uint16_t pf;               /* brought in by a prefetch and not read by a demand access since */
  uint16_t plain;            /* an uncompressed L2 (l2_compressed off): the line is held uncompressed (cache_set_plain) */
} tm_cache_line;

/* The stored bytes of the valid sectors of the line at line_addr (compressed caches). */
typedef uint32_t (*tm_cache_size_fn)(void *ctx, uint64_t line_addr, uint32_t valid);

typedef struct {
  uint64_t addr;             /* first byte of the evicted line */
  uint32_t dirty;            /* its dirty sectors (0: nothing to write back) */
} tm_victim;

typedef struct {
  uint64_t line;
  uint32_t requested;        /* sectors asked of the level below */
  uint32_t nwait;
  uint32_t pf;               /* opened by a prefetch, no demand read has joined it */
  tm_req *head, *tail;       /* waiting requests, oldest first */
} tm_mshr;

typedef struct {
  uint64_t accesses, hits, misses, merges, stalls;   /* reads: hit, new miss, merged into an MSHR, no MSHR free */
  uint64_t writes, write_hits, evictions, writebacks, invalidations;
  /* prefetches (reads marked pf): issued (missed and went below); useful (a
   * demand read hit the line before it left); late (a demand read joined its
   * MSHR while in flight); useless (the line left unread: evicted,
   * invalidated, or there at cache_pf_unused); redundant (the line was there
   * or already in flight) */
  uint64_t pf_issued, pf_useful, pf_late, pf_useless, pf_redundant;
} tm_cache_stats;

typedef struct {
  uint32_t sets, ways, line_bytes, sector_bytes, sectors;   /* sectors per line */
  uint32_t line_shift;       /* log2 line_bytes */
  uint32_t tags, slots;      /* tags per way (1; 2 or 4 compressed) and lines per set (ways x tags) */
  int wide;                  /* lookups compare four ways a step (cache.c: wide_lookups) */
  /* an L2 slice: its sets are indexed by the line's number within the slice
   * (the address with the bits that chose its partition and slice taken out,
   * as the partition's own address), not by the global line number, whose
   * low bits are the same for every line of the slice */
  uint32_t il_shift, nparts, nsub;   /* log2(lines per interleaving chunk), partitions, slices per partition (0: global) */
  uint64_t part_inv, sub_inv;        /* (2^64 - 1) / nparts and / nsub: dividing by multiplying (set_index) */
  tm_cache_size_fn size;     /* compressed caches: a line's stored bytes */
  void *size_ctx;
  uint32_t sector_shift;     /* log2(sector_bytes) */
  uint32_t mshrs, merge;     /* MSHR entries; requests per entry */
  tm_cache_line *lines;      /* sets x ways */
  uint64_t *keys;            /* per way: its line number + 1 while valid != 0, else 0 (what a lookup scans: 8 bytes a way) */
  tm_mshr *mshr;             /* mshrs entries; 'used' tracked by table */
  int32_t *table;            /* open-addressing index line -> mshr entry (-1 empty), tsize slots */
  uint32_t tsize, nused;
  int32_t *free_list;        /* free MSHR entries */
  uint32_t nfree;
  uint64_t clock;            /* LRU counter */
  int pf_hit;                /* the last cache_read was a demand read that hit, or joined the MSHR of, a prefetched line not read before */
  tm_victim *extra;          /* compressed caches: the last call's dirty victims after the first */
  uint32_t nextra;
  uint64_t gen;              /* counts changes of its lines and MSHRs: a read that stalled stalls again while it is the same */
  tm_cache_stats st;
} tm_cache;


enum { CACHE_HIT, CACHE_MISS, CACHE_MERGED, CACHE_STALL };

/* Makes an empty cache of 'bytes' (ways x line bytes x a power-of-two number of
 * sets; line and sector sizes powers of two: tm_config_check has checked the
 * geometry).  0, or -1 out of memory or a geometry that breaks these rules. */
int cache_init(tm_cache *c, uint64_t bytes, uint32_t ways, uint32_t line_bytes, uint32_t sector_bytes,
               uint32_t mshrs, uint32_t merge);
void cache_free(tm_cache *c);
/* The host bytes cache_init (and cache_set_compressed, for 'tags' per way) allocate
 * for 'bytes' of 'line_bytes' lines and 'mshrs' MSHRs (tm_config_check weighs them
 * against the host's memory). */
double cache_host_bytes(int64_t bytes, int64_t line_bytes, int64_t tags, int64_t mshrs);
/* Makes c an L2 slice of one of 'nparts' partitions interleaved every
 * il_lines lines, each of nsub slices taking alternate lines (tm_map). */
void cache_set_slice(tm_cache *c, uint32_t il_lines, uint32_t nparts, uint32_t nsub);
/* Makes c (empty, as cache_init left it) a compressed cache of 'tags' (2 or
 * 4) tags per way; size(ctx, ...) gives a line's stored bytes.  0, or -1 out
 * of memory. */
int cache_set_compressed(tm_cache *c, uint32_t tags, tm_cache_size_fn size, void *ctx);
/* Empties the cache as cache_init left it (no lines, no MSHRs, counters zero), keeping its memory. */
void cache_reset(tm_cache *c);
/* The same, but the lines stay, clean or dirty, in their LRU order: no MSHRs, counters zero. */
void cache_keep_lines(tm_cache *c);

/* The sectors of the line at 'addr' that [addr, addr + bytes) touches. */
static inline uint32_t cache_sectors(const tm_cache *c, uint64_t addr, uint32_t bytes) {
  uint32_t off = (uint32_t)addr & (c->line_bytes - 1);
  uint32_t first = off >> c->sector_shift;
  uint32_t last = (off + (bytes ? bytes : 1) - 1) >> c->sector_shift;
  if (last >= c->sectors) last = c->sectors - 1;
  uint32_t n = last - first + 1;
  return (n >= 32 ? 0xffffffffu : ((1u << n) - 1)) << first;
}

/* The sectors of its line that the block of 'bytes' at addr overlaps (the first 32). */
static inline uint32_t cache_block_sectors(const tm_cache *c, uint64_t addr, uint32_t bytes) {
  uint64_t off = addr % c->line_bytes, sb = c->sector_bytes;
  uint32_t m = 0;
  for (uint32_t i = 0; i < c->sectors && i < 32; i++)
    if (i * sb < off + bytes && off < (i + 1) * sb) m |= 1u << i;
  return m;
}

/* A read of 'sectors' of the line holding addr, on behalf of r:
 *   CACHE_HIT     all sectors valid (LRU updated); r is not kept
 *   CACHE_MISS    a new MSHR holds r; *fetch = the sectors to ask of the level below
 *   CACHE_MERGED  r waits on the line's MSHR; *fetch = sectors it asks for that
 *              the MSHR had not requested yet (0 usually): ask for those too
 *   CACHE_STALL   no MSHR entry (or no room in the line's entry): retry later; r not kept
 * A request that waits takes its valid sectors now and waits for the others
 * (r->wait), which its MSHR has requested: the fills hand them to it as they
 * come, so it never waits on a sector evicted meanwhile. */
int cache_read(tm_cache *c, uint64_t addr, uint32_t sectors, tm_req *r, uint32_t *fetch);
/* The read that stalled when c's gen was 'gen', tried again: 1 (a stall, counted as
 * cache_read counts one) when nothing in c has changed since; 0: call cache_read. */
int cache_still_stalled(tm_cache *c, uint64_t gen);

/* Write-back write of 'sectors' (write-allocate without fetching: the written
 * sectors become valid and dirty).  Returns 1 and fills *v when a dirty
 * victim was evicted to make room, else 0. */
int cache_write_back(tm_cache *c, uint64_t addr, uint32_t sectors, tm_victim *v);
/* Write-through write: updates the line if present (valid, not dirty); no allocation. */
void cache_write_through(tm_cache *c, uint64_t addr, uint32_t sectors);
/* Drops the line holding addr if present (write-evict); its dirty sectors are lost: use for clean levels only. */
void cache_invalidate(tm_cache *c, uint64_t addr);

/* Data for 'sectors' of the line at line_addr arrived: installs them (evicting
 * the LRU way if the line is not present; a dirty victim goes to *v and the
 * function sets *has_victim), hands the line's valid sectors to its waiting
 * requests, and returns those that have now had all of theirs, oldest first,
 * linked by next.  The MSHR is freed when every sector it requested has
 * arrived; then no request waits (what one waits for, its MSHR requested). */
tm_req *cache_fill(tm_cache *c, uint64_t line_addr, uint32_t sectors, tm_victim *v, int *has_victim);

/* Counts the prefetched lines still unread as useless (at the end of a launch)
 * and clears their marks. */
void cache_pf_unused(tm_cache *c);

/* Marks the line holding addr, if present, as held uncompressed (1) or as
 * its level below holds it (0; every line is so when it comes in).  Returns 1
 * when the line was present.  No LRU or counter changes. */
int cache_set_plain(tm_cache *c, uint64_t addr, int plain);
/* 1 when the line holding addr is present and held uncompressed. */
int cache_plain(const tm_cache *c, uint64_t addr);
/* 1 when the line holding addr is present and dirty in any sector. */
int cache_dirty(const tm_cache *c, uint64_t addr);
/* 1 when the line holding addr is present with all of 'sectors' dirty. */
int cache_dirty_sectors(const tm_cache *c, uint64_t addr, uint32_t sectors);
/* How many lines hold dirty sectors. */
uint64_t cache_dirty_lines(const tm_cache *c);

/* 1 when the line holding addr has all of 'sectors' valid (no state change). */
int cache_probe(const tm_cache *c, uint64_t addr, uint32_t sectors);
/* MSHR entries in use. */
static inline uint32_t cache_mshrs_used(const tm_cache *c) { return c->nused; }

#endif
