/* tests/test_stats.c -- the timing statistics' counters table (emu/timing/counters.def) and what
 * is made from it: tm_stats's members, tm_stats_add, the text and the JSON.
 *
 *   table    each row is consistent: a unit and a doc; uint64_t or double; a counter the JSON
 *            or a generated text line writes is a uint64_t without [n]; a generated line's format
 *            has one %llu and nothing else for printf; its places are 1..n; JSON names are unique
 *            in their object
 *   sums     tm_stats_add adds every element of every SUM counter and takes a LAST counter's
 *            (l2_dirty_end, the only one) from the launch, the occupancy figures too
 *   text     statistics whose counters all hold different numbers: each counter of a generated
 *            line is written exactly once, each written by hand at least once, those the table
 *            says are not in the text nowhere; the lines whose order is not the table's (assist
 *            warps, the metadata cache) read as written out below
 *   json     each counter with a name is "name": value exactly once, inside its object; the
 *            objects are each opened once; those written by hand are there under the names
 *            below; those not in the JSON nowhere
 *
 * The numbers are the test's own (distinct 10-digit ones); the expected words and names are
 * those of the statistics' documentation, written out here, not read from the code.
 */
#include "check.h"
#include "../emu/timing/config.h"
#include "../emu/timing/timing.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Element k of counter r of s, as uint64_t (its type must be uint64_t). */
static uint64_t *elem(tm_stats *s, int r, size_t k) {
  return (uint64_t *)(void *)((char *)s + tm_counters[r].offset) + k;
}
static double *elemd(tm_stats *s, int r, size_t k) {
  return (double *)(void *)((char *)s + tm_counters[r].offset) + k;
}
static int is_u64(int r) { return !strcmp(tm_counters[r].type, "uint64_t"); }
static size_t count_of(int r) { return tm_counters[r].size / (is_u64(r) ? sizeof(uint64_t) : sizeof(double)); }

/* The test's number for element k of counter r (the link's bits a whole number of bytes: the text says bytes). */
static uint64_t value(int r, size_t k) {
  uint64_t v = 1000000000ull + (uint64_t)r * 1000003ull + k * 10007ull;
  return r == TM_C_link_bits ? 8 * v : v;
}

/* How many times the number v is in text as a whole number (not part of a longer one or a decimal). */
static int occurrences(const char *text, uint64_t v) {
  char num[32];
  snprintf(num, sizeof num, "%llu", (unsigned long long)v);
  size_t n = strlen(num);
  int found = 0;
  for (const char *p = text; (p = strstr(p, num)); p += n) {
    int before = p > text && (p[-1] >= '0' && p[-1] <= '9');
    int after = (p[n] >= '0' && p[n] <= '9') || p[n] == '.';
    if (!before && !after && !(p > text && p[-1] == '.')) found++;
  }
  return found;
}

static int count_str(const char *text, const char *s) {
  int n = 0;
  for (const char *p = text; (p = strstr(p, s)); p += strlen(s)) n++;
  return n;
}

static void test_table(void) {
  int bad = 0;
  for (int r = 0; r < TM_NCOUNTERS; r++) {
    const tm_counter *c = &tm_counters[r];
    int u64 = is_u64(r);
    REQUIRE(c->unit && c->unit[0] && c->doc && c->doc[0], "%s: a unit and a doc", c->field);
    REQUIRE(u64 || !strcmp(c->type, "double"), "%s: uint64_t or double, not %s", c->field, c->type);
    REQUIRE(c->size && c->size % (u64 ? 8 : sizeof(double)) == 0, "%s: its size %zu is whole elements", c->field, c->size);
    REQUIRE(c->group != NULL, "%s: a JSON object (\"\" the top level)", c->field);
    int generated = c->line != TX_NONE && c->line != TX_HAND;
    if ((c->json && c->json[0]) || generated)
      REQUIRE(u64 && c->size == 8, "%s: written from the table, so a uint64_t without [n]", c->field);
    if (generated) {
      const char *p = c->text ? strstr(c->text, "%llu") : NULL;
      REQUIRE(p && strchr(c->text, '%') == p && strchr(p + 1, '%') == NULL,
              "%s: its text format has one %%llu and no other %%", c->field);
      REQUIRE(c->place >= 1, "%s: a place from 1 in its line", c->field);
    } else
      REQUIRE(c->text == NULL && c->place == 0, "%s: no format or place outside a generated line", c->field);
    bad += c->line < 0 || c->line >= TX_NLINES;
    if (c->json && c->json[0])
      for (int q = 0; q < r; q++)
        REQUIRE(!(tm_counters[q].json && !strcmp(tm_counters[q].json, c->json) && !strcmp(tm_counters[q].group, c->group)),
                "%s and %s: both \"%s\" in \"%s\"", tm_counters[q].field, c->field, c->json, c->group);
    for (int q = 0; q < r; q++) REQUIRE(strcmp(tm_counters[q].field, c->field), "%s: two rows", c->field);
  }
  CHECK(bad == 0, "table: every row's line is a TX_ line");
  /* each generated line's places are 1..n, each once */
  int gaps = 0;
  for (int line = TX_HAND + 1; line < TX_NLINES; line++) {
    int n = 0;
    for (int r = 0; r < TM_NCOUNTERS; r++) n += tm_counters[r].line == line;
    REQUIRE(n > 0, "line %d has rows", line);
    for (int place = 1; place <= n; place++) {
      int at = 0;
      for (int r = 0; r < TM_NCOUNTERS; r++) at += tm_counters[r].line == line && tm_counters[r].place == place;
      if (at != 1) { gaps++; printf("FAIL line %d: %d rows at place %d\n", line, at, place); }
    }
  }
  CHECK(gaps == 0, "table: %d counters, each consistent; the places of each generated line are 1..n", TM_NCOUNTERS);
}

/* Statistics whose counters hold the test's numbers; occupancy figures too. */
static void fill(tm_stats *s) {
  memset(s, 0, sizeof *s);
  for (int r = 0; r < TM_NCOUNTERS; r++)
    for (size_t k = 0; k < count_of(r); k++) {
      if (is_u64(r)) *elem(s, r, k) = value(r, k);
      else *elemd(s, r, k) = 0.001 * (double)(k + 1);
    }
  s->ctas_per_sm = 3; s->warps_per_cta = 4; s->regs_per_thread = 20; s->max_warps_per_sm = 48;
  s->occupancy_limit = "warps"; s->grid_ctas_per_sm = 2; s->n_sm = 15; s->n_mem = 6;
}

static void test_sums(void) {
  tm_stats a, b;
  fill(&a);
  memset(&b, 0, sizeof b);
  for (int r = 0; r < TM_NCOUNTERS; r++)
    for (size_t k = 0; k < count_of(r); k++) {
      if (is_u64(r)) *elem(&b, r, k) = 7 + (uint64_t)r + k;
      else *elemd(&b, r, k) = 0.5;
    }
  b.ctas_per_sm = 5; b.occupancy_limit = "registers"; b.n_sm = 80;
  tm_stats t = a;
  tm_stats_add(&t, &b);
  int bad = 0, lasts = 0;
  for (int r = 0; r < TM_NCOUNTERS; r++) {
    int last = !strcmp(tm_counters[r].field, "l2_dirty_end");   /* the one counter whose total is the last launch's */
    lasts += tm_counters[r].last;
    for (size_t k = 0; k < count_of(r); k++) {
      if (is_u64(r)) {
        uint64_t want = last ? 7 + (uint64_t)r + k : value(r, k) + 7 + (uint64_t)r + k;
        if (*elem(&t, r, k) != want) { bad++; printf("FAIL sums: %s[%zu] %llu, want %llu\n", tm_counters[r].field, k,
                                                     (unsigned long long)*elem(&t, r, k), (unsigned long long)want); }
      } else if (*elemd(&t, r, k) != 0.001 * (double)(k + 1) + 0.5) {
        bad++; printf("FAIL sums: %s[%zu] %g\n", tm_counters[r].field, k, *elemd(&t, r, k));
      }
    }
  }
  CHECK(bad == 0 && lasts == 1, "sums: every SUM counter's elements added, l2_dirty_end the launch's (%d LAST)", lasts);
  CHECK(t.ctas_per_sm == 5 && !strcmp(t.occupancy_limit, "registers") && t.n_sm == 80, "sums: the occupancy figures are the launch's");
}

/* tm_stats_print's text of s under c (NULL: totals of launches under different configs). */
static char *text_of(const tm_stats *s, const tm_config *c) {
  char *buf = NULL;
  size_t n = 0;
  FILE *f = open_memstream(&buf, &n);
  if (!f) return strdup("");
  tm_stats_print(s, c, f);
  fclose(f);
  return buf;
}

static void test_text(const tm_config *c) {
  tm_stats s;
  fill(&s);
  char *t = text_of(&s, c), *t0 = text_of(&s, NULL);
  int bad = 0;
  for (int r = 0; r < TM_NCOUNTERS; r++) {
    const tm_counter *k = &tm_counters[r];
    if (!is_u64(r) || k->size != 8) continue;   /* (the [n] ones below) */
    int in = occurrences(t, value(r, 0)), in0 = occurrences(t0, value(r, 0));
    if (k->line == TX_NONE && (in || in0)) { bad++; printf("FAIL text: %s is not in the text, but is\n", k->field); }
    if (k->line == TX_HAND && !in && !in0) { bad++; printf("FAIL text: %s (by hand) is not in the text\n", k->field); }
    if (k->line > TX_HAND && (in != 1 || in0 > 1)) { bad++; printf("FAIL text: %s is in the text %d times\n", k->field, in); }
  }
  CHECK(bad == 0, "text: each counter of a generated line once, each by hand at least once, the others nowhere");
  /* the [n] counters, by hand: the packet link's bytes (bits / 8) and packets, the triggers' warps and instructions */
  char want[512];
  snprintf(want, sizeof want, "packet link: to the GPU %llu bytes in %llu packets", (unsigned long long)(value(TM_C_link_bits, 0) / 8),
           (unsigned long long)value(TM_C_link_packets, 0));
  int link = strstr(t, want) != NULL;
  snprintf(want, sizeof want, "assist warps by trigger: decompress %llu (%llu instructions), compress %llu",
           (unsigned long long)value(TM_C_aw_started, 0), (unsigned long long)value(TM_C_aw_insns, 0), (unsigned long long)value(TM_C_aw_started, 1));
  CHECK(link && strstr(t, want), "text: the link's and the triggers' counters");
  /* the assist warps' line: its counters in an order of their own */
#define V(field) (unsigned long long)value(TM_C_##field, 0)
  snprintf(want, sizeof want, "\nassist warps: %llu started, %llu instructions (%llu live-in moves); %llu not deployed for a busy SM, "
           "%llu for a full table, %llu predicted incompressible, %llu killed, %llu ended with awkill; %llu stored blocks waited for "
           "compression; %llu partial stores merged, %llu joined a merge\n", V(assist_triggered), V(assist_insns), V(assist_moves), V(assist_throttled),
           V(assist_overflow), V(assist_predicted), V(assist_killed), V(assist_awkill), V(assist_store_waits), V(partial_merges), V(partial_joins));
  CHECK(strstr(t, want) != NULL, "text: the assist warps' line");
  snprintf(want, sizeof want, "; metadata cache %llu hits of %llu, %llu DRAM reads, %llu write-backs; uncompressed L2: %llu lines sent back "
           "whole by the SMs, %llu reads answered uncompressed\n", V(md_hits), V(md_accesses), V(md_reads), V(md_writes), V(l2_plain_lines),
           V(l2_plain_reads));
  CHECK(strstr(t, want) != NULL, "text: the metadata cache's and the uncompressed L2's counters");
  snprintf(want, sizeof want, "\nL1: %llu accesses, %llu hits, %llu misses, %llu MSHR merges; L2: %llu accesses, %llu hits, %llu misses, "
           "%llu merges; %llu writes, %llu write-backs, %llu dirty lines at the end\n", V(l1_accesses), V(l1_hits), V(l1_misses),
           V(l1_merges), V(l2_accesses), V(l2_hits), V(l2_misses), V(l2_merges), V(l2_writes), V(l2_writebacks), V(l2_dirty_end));
  CHECK(strstr(t, want) != NULL, "text: the caches' line");
  snprintf(want, sizeof want, "\ncompressed stores: %llu blocks' compressions replaced their lines in L2, %llu came after the write-back, "
           "%llu after a newer store, %llu found the block incompressible; %llu waiting pushed out by newer ones; at the launch's end %llu "
           "waiting dropped, %llu at work killed\n",
           V(pack_applied), V(pack_late), V(pack_stale), V(pack_raw), V(pack_evicted), V(pack_dropped), V(pack_killed));
  int stores = strstr(t, want) != NULL;
  snprintf(want, sizeof want, "\nskips: %llu lanes skipped the region (hits), %llu ran it (misses)\nprefetches: %llu issued to L1, %llu useful, "
           "%llu late, %llu useless, %llu redundant; %llu prefetchers throttled\n", V(skip_hits), V(skip_misses), V(pf_issued), V(pf_useful),
           V(pf_late), V(pf_useless), V(pf_redundant), V(pf_throttled));
  int skips = strstr(t, want) != NULL;
  snprintf(want, sizeof want, "\nloads: %llu global/local load instructions, average latency ", V(loads));
  int loads = strstr(t, want) != NULL;
  snprintf(want, sizeof want, " cycles; shared: %llu accesses, %llu conflict cycles\n", V(smem_accesses), V(smem_conflict_cycles));
  CHECK(stores && skips && loads && strstr(t, want), "text: the compressed stores', skips', prefetches' and loads' lines");
  free(t);
  free(t0);
}

static void test_json(const tm_config *c) {
  tm_stats s;
  fill(&s);
  char *j = NULL;
  size_t n = 0;
  FILE *f = open_memstream(&j, &n);
  if (!f) { CHECK(0, "json: open_memstream"); return; }
  tm_stats_json(&s, NULL, NULL, 0, c, f);
  fclose(f);
  int bad = 0;
  for (int r = 0; r < TM_NCOUNTERS; r++) {
    const tm_counter *k = &tm_counters[r];
    if (k->json == J_NONE) {
      for (size_t e = 0; e < count_of(r) && is_u64(r); e++)
        if (occurrences(j, value(r, e))) { bad++; printf("FAIL json: %s is not in the JSON, but is\n", k->field); }
      continue;
    }
    if (!k->json[0]) continue;   /* by hand: below */
    char item[128], group[128];
    snprintf(item, sizeof item, "\"%s\": %llu", k->json, (unsigned long long)value(r, 0));
    const char *at = strstr(j, item);
    if (!at || count_str(j, item) != 1 || occurrences(j, value(r, 0)) != 1) { bad++; printf("FAIL json: %s is not once\n", item); continue; }
    if (k->group[0]) {   /* inside its object: after "group": { and no } between */
      snprintf(group, sizeof group, "\"%s\": {", k->group);
      const char *open = strstr(j, group);
      if (!open || open > at || memchr(open, '}', (size_t)(at - open))) { bad++; printf("FAIL json: %s is not in \"%s\"\n", item, k->group); }
    }
  }
  CHECK(bad == 0, "json: each named counter once as \"name\": value, in its object; those not in the JSON nowhere");
  /* every key, in order, objects in braces (as the statistics were written before the table) */
  static const char keys[] =
    "design compression cycles warp_instructions thread_instructions ipc dram_bandwidth_utilization dram_bursts dram_reads dram_writes "
    "dram_row_buffer_hits dram_bytes_per_cycle dram_raw_bursts link{ bits_to_gpu packets_to_gpu utilization_to_gpu bits_to_memory "
    "packets_to_memory utilization_to_memory } compression_ratio_bursts assist_warps_triggered assist_warp_instructions assist_by_trigger{ "
    "decompress_warps decompress_instructions compress_warps compress_instructions pc_warps pc_instructions miss_warps miss_instructions "
    "direct_warps direct_instructions } assist_throttled assist_overflow assist_livein_moves assist_killed assist_predicted_incompressible "
    "assist_store_waits partial_writes_merged partial_writes_joined assist_awkill compressed_stores{ applied late stale incompressible evicted dropped killed } "
    "skip_lanes_hit skip_lanes_miss prefetch{ issued useful late useless redundant throttled } l2_uncompressed{ lines_sent_back "
    "reads_answered } metadata_cache{ accesses hits dram_reads dram_writes } l1{ accesses hits misses mshr_merges } l2{ accesses hits "
    "misses mshr_merges writes write_hits writebacks dirty_at_end } issue_slots{ active compute_stall memory_stall data_dependence_stall "
    "idle assist } issue_fractions{ active compute_stall memory_stall data_dependence_stall idle assist } occupancy{ ctas_per_sm "
    "warps_per_cta registers_per_thread limited_by grid_ctas_per_sm registers_unallocated achieved assist_registers_per_thread "
    "assist_registers_by assist_shared_bytes_per_cta } loads average_load_latency shared_accesses shared_conflict_cycles launches } ";
  char got[sizeof keys + 256] = "";
  size_t gl = 0;
  for (const char *p = j; *p && gl + 64 < sizeof got; p++) {
    if (*p == '}') { memcpy(got + gl, "} ", 2); gl += 2; continue; }
    if (*p != '"') continue;
    const char *e = strchr(p + 1, '"');
    if (!e) break;
    const char *q = e + 1;
    if (*q == ':') {   /* a key */
      size_t len = (size_t)(e - p - 1) < 48 ? (size_t)(e - p - 1) : 48;
      memcpy(got + gl, p + 1, len); gl += len;
      if (q[1] == ' ' && q[2] == '{') { memcpy(got + gl, "{ ", 2); gl += 2; q += 2; }
      else got[gl++] = ' ';
    }
    p = q;
  }
  got[gl] = 0;
  CHECK(!strcmp(got, keys), "json: every key, in order");
  if (strcmp(got, keys)) printf("  got  %s\n  want %s\n", got, keys);
  const char *objects[] = { "link", "assist_by_trigger", "compressed_stores", "prefetch", "l2_uncompressed", "metadata_cache", "l1", "l2",
                            "issue_slots", "issue_fractions", "occupancy" };
  int once = 1;
  for (size_t i = 0; i < sizeof objects / sizeof *objects; i++) {
    char g[64];
    snprintf(g, sizeof g, "\"%s\": {", objects[i]);
    if (count_str(j, g) != 1) { once = 0; printf("FAIL json: %s opened %d times\n", g, count_str(j, g)); }
  }
  CHECK(once && count_str(j, "{") == 1 + (int)(sizeof objects / sizeof *objects) && count_str(j, "}") == count_str(j, "{"),
        "json: each object opened once and closed");
  /* the [n] counters, by hand */
  char want[512];
  snprintf(want, sizeof want, "\"link\": {\"bits_to_gpu\": %llu, \"packets_to_gpu\": %llu, \"utilization_to_gpu\": ",
           (unsigned long long)value(TM_C_link_bits, 0), (unsigned long long)value(TM_C_link_packets, 0));
  int link = strstr(j, want) != NULL;
  snprintf(want, sizeof want, "\"bits_to_memory\": %llu, \"packets_to_memory\": %llu, \"utilization_to_memory\": ",
           (unsigned long long)value(TM_C_link_bits, 1), (unsigned long long)value(TM_C_link_packets, 1));
  link = link && strstr(j, want);
  snprintf(want, sizeof want, "\"assist_by_trigger\": {\"decompress_warps\": %llu, \"decompress_instructions\": %llu, \"compress_warps\": %llu",
           (unsigned long long)value(TM_C_aw_started, 0), (unsigned long long)value(TM_C_aw_insns, 0), (unsigned long long)value(TM_C_aw_started, 1));
  int aw = strstr(j, want) != NULL;
  snprintf(want, sizeof want, "\"issue_slots\": {\"active\": %llu, \"compute_stall\": %llu", (unsigned long long)value(TM_C_issue, 0),
           (unsigned long long)value(TM_C_issue, 1));
  CHECK(link && aw && strstr(j, want), "json: the link's, the triggers' and the issue slots' counters");
  free(j);
}

int main(void) {
  test_table();
  test_sums();
  tm_config c;
  tm_config_defaults(&c);
  c.design = TM_DESIGN_CABA;   /* every conditional line: metadata, the uncompressed L2, the packet link */
  c.l2_compressed = 0;
  c.mem_link = TM_LINK_PACKET;
  test_text(&c);
  test_json(&c);
  return check_failed ? 1 : 0;
}
