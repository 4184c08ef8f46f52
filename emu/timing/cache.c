/* emu/timing/cache.c -- a set-associative cache with sectors, LRU and MSHRs (see cache.h). */
#include "cache.h"

#include <stdlib.h>
#include <string.h>

static int wide_lookups(const tm_cache *c);

int cache_init(tm_cache *c, uint64_t bytes, uint32_t ways, uint32_t line_bytes, uint32_t sector_bytes,
               uint32_t mshrs, uint32_t merge) {
  memset(c, 0, sizeof *c);
  if (!line_bytes || !sector_bytes || (line_bytes & (line_bytes - 1)) || (sector_bytes & (sector_bytes - 1)) || sector_bytes > line_bytes)
    return -1;
  c->sector_shift = (uint32_t)__builtin_ctz(sector_bytes);
  c->line_shift = (uint32_t)__builtin_ctz(line_bytes);
  c->ways = ways;
  c->line_bytes = line_bytes;
  c->sector_bytes = sector_bytes;
  c->sectors = line_bytes / sector_bytes;
  c->sets = (uint32_t)(bytes / ((uint64_t)ways * line_bytes));
  c->mshrs = mshrs;
  c->merge = merge;
  c->tags = 1;
  c->slots = ways;
  c->wide = wide_lookups(c);
  c->tsize = 16;
  while (c->tsize < 2 * mshrs) c->tsize *= 2;
  size_t nlines = (size_t)c->sets * ways;
  c->lines = calloc(nlines ? nlines : 1, sizeof *c->lines);
  c->keys = calloc(nlines ? nlines : 1, sizeof *c->keys);
  c->mshr = calloc(mshrs, sizeof *c->mshr);
  c->table = malloc(c->tsize * sizeof *c->table);
  c->free_list = malloc(mshrs * sizeof *c->free_list);
  if (!c->lines || !c->keys || !c->mshr || !c->table || !c->free_list) { cache_free(c); return -1; }
  for (uint32_t i = 0; i < c->tsize; i++) c->table[i] = -1;
  for (uint32_t i = 0; i < mshrs; i++) c->free_list[i] = (int32_t)(mshrs - 1 - i);
  c->nfree = mshrs;
  return 0;
}

int cache_set_compressed(tm_cache *c, uint32_t tags, tm_cache_size_fn size, void *ctx) {
  size_t nlines = (size_t)c->sets * c->ways * tags;
  tm_cache_line *lines = calloc(nlines ? nlines : 1, sizeof *lines);
  uint64_t *keys = calloc(nlines ? nlines : 1, sizeof *keys);
  tm_victim *extra = calloc((size_t)c->ways * tags, sizeof *extra);
  if (!lines || !keys || !extra) { free(lines); free(keys); free(extra); return -1; }
  free(c->lines);
  free(c->keys);
  free(c->extra);
  c->lines = lines;
  c->keys = keys;
  c->extra = extra;
  c->tags = tags;
  c->slots = c->ways * tags;
  c->wide = wide_lookups(c);
  c->size = size;
  c->size_ctx = ctx;
  return 0;
}

void cache_reset(tm_cache *c) {
  memset(c->lines, 0, (size_t)c->sets * c->slots * sizeof *c->lines);
  memset(c->keys, 0, (size_t)c->sets * c->slots * sizeof *c->keys);
  c->clock = 0;
  cache_keep_lines(c);
}

void cache_keep_lines(tm_cache *c) {
  c->nextra = 0;
  for (uint32_t i = 0; i < c->tsize; i++) c->table[i] = -1;
  for (uint32_t i = 0; i < c->mshrs; i++) c->free_list[i] = (int32_t)(c->mshrs - 1 - i);
  c->nfree = c->mshrs;
  c->nused = 0;
  c->gen++;   /* (not back to 0: a read that stalled before must try again) */
  memset(&c->st, 0, sizeof c->st);
}

double cache_host_bytes(int64_t bytes, int64_t line_bytes, int64_t tags, int64_t mshrs) {
  /* per tag a line record and a key; per MSHR its record, its index slot (the table
   * has up to 4 per MSHR: at least twice as many, a power of two) and its free-list word */
  return (double)(bytes / line_bytes) * (double)tags * (double)(sizeof(tm_cache_line) + sizeof(uint64_t)) +
         (double)mshrs * (double)(sizeof(tm_mshr) + 5 * sizeof(int32_t));
}

void cache_free(tm_cache *c) {
  free(c->lines);
  free(c->keys);
  free(c->mshr);
  free(c->table);
  free(c->free_list);
  free(c->extra);
  memset(c, 0, sizeof *c);
}

/* ---- lines ---- */

void cache_set_slice(tm_cache *c, uint32_t il_lines, uint32_t nparts, uint32_t nsub) {
  c->il_shift = (uint32_t)__builtin_ctz(il_lines);   /* a power of two (tm_config_check) */
  c->nparts = nparts;
  c->nsub = nsub;
  c->part_inv = nparts ? UINT64_MAX / nparts : 0;
  c->sub_inv = nsub ? UINT64_MAX / nsub : 0;
}

/* x / d, given inv = (2^64 - 1) / d: the high half of x * inv is x / d or one
 * less (it errs below by less than x / 2^64 + 1), so one step corrects it.
 * (A division takes tens of cycles; the L2 divides twice per lookup.) */
static uint64_t div_by(uint64_t x, uint64_t d, uint64_t inv) {
  uint64_t q = (uint64_t)(((unsigned __int128)x * inv) >> 64);
  return x - q * d >= d ? q + 1 : q;
}

/* The first way of line's set, as an index into lines and keys. */
static size_t set_index(const tm_cache *c, uint64_t line) {
  uint64_t index = line;
  if (c->nparts) {   /* the line within its partition (tm_map's 'local'), then within its slice */
    uint64_t low = line & ((1ull << c->il_shift) - 1);
    uint64_t local = div_by(line >> c->il_shift, c->nparts, c->part_inv) << c->il_shift | low;
    index = c->nsub > 1 ? div_by(local, c->nsub, c->sub_inv) : local;
  }
  return (size_t)(index & (c->sets - 1)) * c->slots;
}
static tm_cache_line *set_of(const tm_cache *c, uint64_t line) { return &c->lines[set_index(c, line)]; }

#if defined(__GNUC__) && defined(__x86_64__)
#define CACHE_WIDE 1
#include <immintrin.h>
/* The ways of k[0 .. n) whose key is 'key', as a bitmap: four a step with
 * AVX2 (used when the host has it: cache_init sets 'wide'). */
__attribute__((target("avx2"))) static uint64_t match_wide(const uint64_t *k, uint64_t key, uint32_t n) {
  __m256i kk = _mm256_set1_epi64x((long long)key);
  uint64_t hit = 0;
  uint32_t w = 0;
  for (; w + 4 <= n; w += 4)
    hit |= (uint64_t)_mm256_movemask_pd(_mm256_castsi256_pd(_mm256_cmpeq_epi64(_mm256_loadu_si256((const __m256i *)(k + w)), kk))) << w;
  for (; w < n; w++) hit |= (uint64_t)(k[w] == key) << w;
  return hit;
}
#endif

/* Whether the lookups of c compare four ways a step (sets of 4 ways or more, on a host with AVX2). */
static int wide_lookups(const tm_cache *c) {
#ifdef CACHE_WIDE
  return c->slots >= 4 && c->slots <= 64 && __builtin_cpu_supports("avx2");
#else
  (void)c;
  return 0;
#endif
}

static tm_cache_line *find_line(const tm_cache *c, uint64_t line) {
  if (!c->sets) return NULL;
  size_t i = set_index(c, line);
  const uint64_t *k = &c->keys[i];
  uint64_t key = line + 1;
  if (c->slots <= 64) {
    /* a line is in at most one way: every way compared, then the match taken
     * (the loop has no exit that depends on the data, so it does not mispredict) */
    uint64_t hit = 0;
#ifdef CACHE_WIDE
    if (c->wide) hit = match_wide(k, key, c->slots);
    else
#endif
      for (uint32_t w = 0; w < c->slots; w++) hit |= (uint64_t)(k[w] == key) << w;
    return hit ? &c->lines[i + (uint32_t)__builtin_ctzll(hit)] : NULL;
  }
  for (uint32_t w = 0; w < c->slots; w++)
    if (k[w] == key) return &c->lines[i + w];
  return NULL;
}

/* Line l's valid mask or line number changed: its key follows. */
static void rekey(tm_cache *c, const tm_cache_line *l) {
  c->keys[l - c->lines] = l->valid ? l->line + 1 : 0;
}

/* Evicts line e: a dirty one becomes the call's victim (*v), or, when the
 * call has one already, one of its extra victims. */
static void evict(tm_cache *c, tm_cache_line *e, tm_victim *v, int *has_victim) {
  c->st.evictions++;
  if (e->pf) { c->st.pf_useless++; e->pf = 0; }
  if (e->dirty) {
    c->st.writebacks++;
    tm_victim *to = *has_victim ? &c->extra[c->nextra++] : v;
    to->addr = e->line * c->line_bytes;
    to->dirty = e->dirty;
    *has_victim = 1;
  }
  e->valid = e->dirty = 0;
  e->bytes = 0;
  rekey(c, e);
}

/* A way for 'line': an empty one, else the least recently used (evicted). */
static tm_cache_line *allocate(tm_cache *c, uint64_t line, tm_victim *v, int *has_victim) {
  tm_cache_line *set = set_of(c, line);
  tm_cache_line *pick = NULL;
  for (uint32_t w = 0; w < c->slots; w++) {
    if (!set[w].valid) { pick = &set[w]; break; }
    if (!pick || set[w].lru < pick->lru) pick = &set[w];
  }
  if (pick->valid) evict(c, pick, v, has_victim);
  pick->line = line;
  pick->valid = pick->dirty = 0;
  pick->bytes = 0;
  pick->pf = 0;
  pick->plain = 0;
  return pick;
}

/* Compressed caches: l's stored bytes from its valid sectors now, and the
 * least recently used other lines of its set evicted until the set's lines
 * fit in its ways x line bytes. */
static void fit(tm_cache *c, tm_cache_line *l, tm_victim *v, int *has_victim) {
  if (c->tags == 1) return;
  l->bytes = c->size(c->size_ctx, l->line * c->line_bytes, l->valid);
  if (l->bytes > c->line_bytes) l->bytes = c->line_bytes;
  tm_cache_line *set = set_of(c, l->line);
  uint64_t used = 0, budget = (uint64_t)c->ways * c->line_bytes;
  for (uint32_t w = 0; w < c->slots; w++) if (set[w].valid) used += set[w].bytes;
  while (used > budget) {
    tm_cache_line *lru = NULL;
    for (uint32_t w = 0; w < c->slots; w++)
      if (set[w].valid && &set[w] != l && (!lru || set[w].lru < lru->lru)) lru = &set[w];
    if (!lru) break;
    used -= lru->bytes;
    evict(c, lru, v, has_victim);
  }
}

/* ---- MSHR index: open addressing with linear probing ---- */

static uint32_t slot_of(const tm_cache *c, uint64_t line) {
  return (uint32_t)((line * 0x9e3779b97f4a7c15ull) >> 40) & (c->tsize - 1);
}

static tm_mshr *find_mshr(const tm_cache *c, uint64_t line, uint32_t *slot) {
  for (uint32_t i = slot_of(c, line);; i = (i + 1) & (c->tsize - 1)) {
    int32_t e = c->table[i];
    if (e < 0) return NULL;
    if (c->mshr[e].line == line) { if (slot) *slot = i; return &c->mshr[e]; }
  }
}

static tm_mshr *new_mshr(tm_cache *c, uint64_t line) {
  int32_t e = c->free_list[--c->nfree];
  uint32_t i = slot_of(c, line);
  while (c->table[i] >= 0) i = (i + 1) & (c->tsize - 1);
  c->table[i] = e;
  c->nused++;
  tm_mshr *m = &c->mshr[e];
  memset(m, 0, sizeof *m);
  m->line = line;
  return m;
}

/* Removes the entry at table slot i (backward-shift deletion keeps probes intact). */
static void free_mshr(tm_cache *c, uint32_t i) {
  c->free_list[c->nfree++] = c->table[i];
  c->nused--;
  uint32_t mask = c->tsize - 1;
  for (uint32_t j = (i + 1) & mask;; j = (j + 1) & mask) {
    int32_t e = c->table[j];
    if (e < 0) break;
    uint32_t home = slot_of(c, c->mshr[e].line);
    /* move e into the hole at i when its home does not lie in (i, j] (cyclically) */
    if (((j - home) & mask) >= ((j - i) & mask)) { c->table[i] = e; i = j; }
  }
  c->table[i] = -1;
}

static void enqueue(tm_mshr *m, tm_req *r) {
  r->next = NULL;
  if (m->tail) m->tail->next = r; else m->head = r;
  m->tail = r;
  m->nwait++;
}

/* ---- accesses ---- */

int cache_read(tm_cache *c, uint64_t addr, uint32_t sectors, tm_req *r, uint32_t *fetch) {
  uint64_t line = addr >> c->line_shift;
  r->sectors = sectors;
  c->st.accesses++;
  *fetch = 0;
  c->pf_hit = 0;
  tm_cache_line *l = find_line(c, line);
  if (l && (l->valid & sectors) == sectors) {
    l->lru = ++c->clock;
    c->gen++;
    c->st.hits++;
    if (r->pf) c->st.pf_redundant++;
    else if (l->pf) { c->st.pf_useful++; l->pf = 0; c->pf_hit = 1; }
    return CACHE_HIT;
  }
  tm_mshr *m = find_mshr(c, line, NULL);
  if (m) {
    if (m->nwait >= c->merge) { c->st.stalls++; c->st.accesses--; return CACHE_STALL; }
    uint32_t have = l ? l->valid : 0;
    *fetch = sectors & ~m->requested & ~have;
    m->requested |= *fetch;
    r->wait = sectors & ~have;
    enqueue(m, r);
    c->gen++;
    c->st.merges++;
    if (r->pf) c->st.pf_redundant++;
    else if (m->pf) { c->st.pf_late++; m->pf = 0; c->pf_hit = 1; }
    return CACHE_MERGED;
  }
  if (!c->nfree) { c->st.stalls++; c->st.accesses--; return CACHE_STALL; }
  m = new_mshr(c, line);
  *fetch = sectors & ~(l ? l->valid : 0);
  m->requested = *fetch;
  r->wait = *fetch;
  m->pf = r->pf;
  if (r->pf) c->st.pf_issued++;
  enqueue(m, r);
  c->gen++;
  c->st.misses++;
  return CACHE_MISS;
}

int cache_still_stalled(tm_cache *c, uint64_t gen) {
  if (c->gen != gen) return 0;
  c->st.stalls++;
  return 1;
}

int cache_write_back(tm_cache *c, uint64_t addr, uint32_t sectors, tm_victim *v) {
  uint64_t line = addr >> c->line_shift;
  c->gen++;
  c->st.writes++;
  c->nextra = 0;
  if (!c->sets) {   /* no capacity (an L2 of 0 bytes): the data goes on down at once */
    v->addr = line * c->line_bytes;
    v->dirty = sectors;
    return 1;
  }
  tm_cache_line *l = find_line(c, line);
  int has_victim = 0;
  if (l) c->st.write_hits++;
  else l = allocate(c, line, v, &has_victim);
  l->valid |= sectors;
  l->dirty |= sectors;
  rekey(c, l);
  l->lru = ++c->clock;
  fit(c, l, v, &has_victim);   /* (new data: its compressed size may change) */
  return has_victim;
}

void cache_write_through(tm_cache *c, uint64_t addr, uint32_t sectors) {
  c->gen++;
  c->st.writes++;
  c->nextra = 0;
  tm_cache_line *l = find_line(c, addr >> c->line_shift);
  if (!l) return;
  c->st.write_hits++;
  l->valid |= sectors;
  l->lru = ++c->clock;
  if (c->tags > 1) {   /* new data: its compressed size may change, and dirty lines it evicts are in extra */
    tm_victim v;
    int hv = 0;
    fit(c, l, &v, &hv);
    if (hv) c->extra[c->nextra++] = v;
  }
}

void cache_invalidate(tm_cache *c, uint64_t addr) {
  c->gen++;
  tm_cache_line *l = find_line(c, addr >> c->line_shift);
  if (!l) return;
  c->st.invalidations++;
  if (l->pf) { c->st.pf_useless++; l->pf = 0; }
  l->valid = l->dirty = 0;
  rekey(c, l);
}

void cache_pf_unused(tm_cache *c) {
  for (size_t i = 0; i < (size_t)c->sets * c->slots; i++)
    if (c->lines[i].pf) { c->st.pf_useless++; c->lines[i].pf = 0; }
}

int cache_set_plain(tm_cache *c, uint64_t addr, int plain) {
  tm_cache_line *l = find_line(c, addr >> c->line_shift);
  if (!l) return 0;
  l->plain = (uint16_t)(plain != 0);
  return 1;
}

int cache_plain(const tm_cache *c, uint64_t addr) {
  const tm_cache_line *l = find_line(c, addr >> c->line_shift);
  return l && l->plain;
}

uint64_t cache_dirty_lines(const tm_cache *c) {
  uint64_t n = 0;
  for (size_t i = 0; i < (size_t)c->sets * c->slots; i++) n += c->lines[i].valid && c->lines[i].dirty;
  return n;
}

int cache_dirty(const tm_cache *c, uint64_t addr) {
  const tm_cache_line *l = find_line(c, addr >> c->line_shift);
  return l && l->dirty;
}

int cache_dirty_sectors(const tm_cache *c, uint64_t addr, uint32_t sectors) {
  const tm_cache_line *l = find_line(c, addr >> c->line_shift);
  return l && (l->dirty & sectors) == sectors;
}

int cache_probe(const tm_cache *c, uint64_t addr, uint32_t sectors) {
  const tm_cache_line *l = find_line(c, addr >> c->line_shift);
  return l && (l->valid & sectors) == sectors;
}

tm_req *cache_fill(tm_cache *c, uint64_t line_addr, uint32_t sectors, tm_victim *v, int *has_victim) {
  uint64_t line = line_addr >> c->line_shift;
  c->gen++;
  *has_victim = 0;
  c->nextra = 0;
  tm_cache_line *l = NULL;
  uint32_t valid = sectors;   /* what the waiters take */
  if (c->sets) {   /* (no capacity, an L2 of 0 bytes: the data only passes through to the waiters) */
    l = find_line(c, line);
    if (!l) l = allocate(c, line, v, has_victim);
    l->valid |= sectors;
    rekey(c, l);
    l->lru = ++c->clock;
    fit(c, l, v, has_victim);
    valid = l->valid;
  }
  uint32_t slot;
  tm_mshr *m = find_mshr(c, line, &slot);
  if (!m) return NULL;
  if (m->pf && l) l->pf = 1;   /* a prefetch's line, unread so far */
  /* the waiters take the valid sectors; hand back, oldest first, those that have all theirs */
  tm_req *done = NULL, **dtail = &done, *keep = NULL, **ktail = &keep, *last = NULL;
  uint32_t kept = 0;
  for (tm_req *r = m->head, *next; r; r = next) {
    next = r->next;
    r->next = NULL;
    r->wait &= ~valid;
    if (!r->wait) { *dtail = r; dtail = &r->next; }
    else { *ktail = r; ktail = &r->next; last = r; kept++; }
  }
  m->head = keep;
  m->tail = last;
  m->nwait = kept;
  m->requested &= ~sectors;
  if (!m->requested) free_mshr(c, slot);   /* (then kept is 0: a waiter's sectors are requested until they come) */
  return done;
}
