/* emu/timing/stats.c -- the timing statistics: derived figures, text and JSON (see timing.h). */
#include "timing.h"
#include "../../isa/json.h"

#include <stddef.h>
#include <string.h>

const char *const tm_issue_names[TM_NISSUE] = { "active", "compute_stall", "memory_stall", "data_dependence_stall", "idle", "assist" };
const char *const tm_aw_names[TM_NAW] = { "decompress", "compress", "pc", "miss", "direct" };

double tm_ipc(const tm_stats *s) { return s->cycles ? (double)s->warp_insns / (double)s->cycles : 0; }

double tm_dram_utilization(const tm_stats *s) {
  return s->channel_seconds > 0 ? s->dram_busy_seconds / s->channel_seconds : 0;
}

double tm_link_utilization(const tm_stats *s, int dir) {
  return s->channel_seconds > 0 ? s->link_busy_seconds[dir] / s->channel_seconds : 0;
}

double tm_dram_bytes_per_cycle(const tm_stats *s) {
  return s->cycles ? (double)s->dram_bytes / (double)s->cycles : 0;
}

double tm_compression_ratio(const tm_stats *s) {
  return s->dram_bursts ? (double)s->dram_raw_bursts / (double)s->dram_bursts : 1;
}

double tm_occupancy(const tm_stats *s) {
  return s->warp_slot_cycles > 0 ? (double)s->resident_warp_cycles / s->warp_slot_cycles : 0;
}

#define TM_TOTAL_SUM 0
#define TM_TOTAL_LAST 1
const tm_counter tm_counters[TM_NCOUNTERS] = {
#define COUNTER(field, type, dim, total, unit, group, json, line, place, text, doc) \
  { #field, #type, offsetof(tm_stats, field), sizeof ((tm_stats *)0)->field, TM_TOTAL_##total, unit, group, json, line, place, text, doc },
#include "counters.def"
#undef COUNTER
};

void tm_stats_add(tm_stats *t, const tm_stats *a) {
  /* each counter, as counters.def says: SUM adds each of its [n] up, LAST copies the launch's */
#define TM_ADD_SUM(type, field) \
  for (size_t k = 0; k < sizeof t->field / sizeof(type); k++) ((type *)&t->field)[k] += ((const type *)&a->field)[k];
#define TM_ADD_LAST(type, field) memcpy(&t->field, &a->field, sizeof t->field);
#define COUNTER(field, type, dim, total, unit, group, json, line, place, text, doc) TM_ADD_##total(type, field)
#include "counters.def"
#undef COUNTER
  /* occupancy figures are the last launch's */
  t->ctas_per_sm = a->ctas_per_sm; t->warps_per_cta = a->warps_per_cta; t->regs_per_thread = a->regs_per_thread;
  t->assist_regs_per_thread = a->assist_regs_per_thread;
  t->assist_shared_per_cta = a->assist_shared_per_cta;
  memcpy(t->assist_regs_by, a->assist_regs_by, sizeof t->assist_regs_by);
  t->max_warps_per_sm = a->max_warps_per_sm; t->occupancy_limit = a->occupancy_limit; t->regs_unallocated = a->regs_unallocated;
  t->grid_ctas_per_sm = a->grid_ctas_per_sm;
  t->n_sm = a->n_sm; t->n_mem = a->n_mem;
}

/* The value of counter r (a uint64_t one without [n]: those a generated line or the JSON write). */
static unsigned long long counter(const tm_stats *s, int r) {
  return *(const uint64_t *)(const void *)((const char *)s + tm_counters[r].offset);
}

/* Writes the counters of generated text line 'line' (TX_*), in their places, each with its row's
 * format (one %llu: test_stats checks every row's). */
static void text_line(const tm_stats *s, FILE *f, int line) {
  for (int place = 1, found = 1; found; place++) {
    found = 0;
    for (int r = 0; r < TM_NCOUNTERS; r++)
      if (tm_counters[r].line == line && tm_counters[r].place == place) { fprintf(f, tm_counters[r].text, counter(s, r)); found = 1; }
  }
}

/* Some counter of text line 'line' is not 0. */
static int text_any(const tm_stats *s, int line) {
  for (int r = 0; r < TM_NCOUNTERS; r++)
    if (tm_counters[r].line == line && counter(s, r)) return 1;
  return 0;
}

static uint64_t issue_total(const tm_stats *s) {
  uint64_t t = 0;
  for (int k = 0; k < TM_NISSUE; k++) t += s->issue[k];
  return t;
}

static double pct(uint64_t a, uint64_t b) { return b ? 100.0 * (double)a / (double)b : 0; }

void tm_stats_print(const tm_stats *s, const tm_config *c, FILE *f) {
  uint64_t it = issue_total(s);
  if (c)
    fprintf(f, "cycles %llu (%.3f us at %g MHz), warp instructions %llu, thread instructions %llu, IPC %.3f\n",
            (unsigned long long)s->cycles, s->seconds * 1e6, c->core_clock_mhz, (unsigned long long)s->warp_insns,
            (unsigned long long)s->thread_insns, tm_ipc(s));
  else   /* launches under different configs: each counted its own core clock's cycles */
    fprintf(f, "cycles %llu (%.3f us; the launches ran under different configs, each in its own core clock's cycles), warp instructions %llu, "
               "thread instructions %llu, IPC %.3f\n", (unsigned long long)s->cycles, s->seconds * 1e6, (unsigned long long)s->warp_insns,
            (unsigned long long)s->thread_insns, tm_ipc(s));
  fprintf(f, "issue slots: active %.1f%%, compute stall %.1f%%, memory stall %.1f%%, data dependence %.1f%%, idle %.1f%%",
          pct(s->issue[TM_ISSUE_ACTIVE], it), pct(s->issue[TM_STALL_COMPUTE], it), pct(s->issue[TM_STALL_MEMORY], it),
          pct(s->issue[TM_STALL_DATA], it), pct(s->issue[TM_STALL_IDLE], it));
  if (s->issue[TM_ISSUE_ASSIST]) fprintf(f, ", assist warps %.1f%%", pct(s->issue[TM_ISSUE_ASSIST], it));
  fputc('\n', f);
  fprintf(f, "occupancy: %u CTAs of %u warps per SM (limited by %s", s->ctas_per_sm, s->warps_per_cta, s->occupancy_limit ? s->occupancy_limit : "-");
  if (s->grid_ctas_per_sm < s->ctas_per_sm) fprintf(f, "; the grid gives %u", s->grid_ctas_per_sm);
  fprintf(f, "), %u registers per thread", s->regs_per_thread);
  if (s->assist_regs_per_thread)
    fprintf(f, " (%u of them for assist warps%s%s)", s->assist_regs_per_thread, s->assist_regs_by[0] ? ": " : "", s->assist_regs_by);
  if (s->assist_shared_per_cta) fprintf(f, ", %u bytes of shared memory per CTA for assist warps", s->assist_shared_per_cta);
  fprintf(f, ", %.1f%% of registers unallocated, achieved %.1f%%\n", 100 * s->regs_unallocated, 100 * tm_occupancy(s));
  text_line(s, f, TX_CACHES);
  fputc('\n', f);
  if (c)
    fprintf(f, "DRAM: %llu reads, %llu writes, %llu bursts of %lld bytes, %llu row-buffer hits, bandwidth utilization %.1f%%, %.2f bytes/cycle (peak %.2f)\n",
            (unsigned long long)s->dram_reads, (unsigned long long)s->dram_writes, (unsigned long long)s->dram_bursts,
            (long long)c->dram_mag, (unsigned long long)s->dram_row_hits, 100 * tm_dram_utilization(s), tm_dram_bytes_per_cycle(s),
            tm_dram_peak_bytes_per_s(c) / (c->core_clock_mhz * 1e6));
  else
    fprintf(f, "DRAM: %llu reads, %llu writes, %llu bursts, %llu bytes, %llu row-buffer hits, bandwidth utilization %.1f%%, %.2f bytes/cycle\n",
            (unsigned long long)s->dram_reads, (unsigned long long)s->dram_writes, (unsigned long long)s->dram_bursts,
            (unsigned long long)s->dram_bytes, (unsigned long long)s->dram_row_hits, 100 * tm_dram_utilization(s), tm_dram_bytes_per_cycle(s));
  if (c ? c->mem_link == TM_LINK_PACKET : s->link_packets[0] + s->link_packets[1] > 0)
    fprintf(f, "packet link: to the GPU %.0f bytes in %llu packets, utilization %.1f%%; to memory %.0f bytes in %llu packets, utilization %.1f%%\n",
            (double)s->link_bits[0] / 8, (unsigned long long)s->link_packets[0], 100 * tm_link_utilization(s, 0),
            (double)s->link_bits[1] / 8, (unsigned long long)s->link_packets[1], 100 * tm_link_utilization(s, 1));
  text_line(s, f, TX_LOADS);
  fprintf(f, ", average latency %.1f cycles", s->loads ? (double)s->load_latency / (double)s->loads : 0);
  text_line(s, f, TX_SHARED);
  fputc('\n', f);
  if (!c && s->dram_raw_bursts && s->dram_raw_bursts != s->dram_bursts)
    fprintf(f, "compression: %llu DRAM bursts for %llu uncompressed (ratio %.3f, metadata included; designs differ between launches)\n",
            (unsigned long long)s->dram_bursts, (unsigned long long)s->dram_raw_bursts, tm_compression_ratio(s));
  if (c && tm_design_of(c)->dram) {
    char design[32], algo[32];
    tm_config_value(c, TM_KEY_design, design, sizeof design);
    tm_config_value(c, TM_KEY_compression, algo, sizeof algo);
    fprintf(f, "compression: design %s, %s: %llu DRAM bursts for %llu uncompressed (ratio %.3f, metadata included)",
            design, algo, (unsigned long long)s->dram_bursts, (unsigned long long)s->dram_raw_bursts, tm_compression_ratio(s));
    if (tm_design_of(c)->md) text_line(s, f, TX_MD);
    if (tm_design_of(c)->decompress == TM_BY_ASSIST && !c->l2_compressed) text_line(s, f, TX_PLAIN);
    fputc('\n', f);
  }
  if (s->assist_triggered || s->assist_throttled || s->assist_overflow || s->assist_predicted) {
    text_line(s, f, TX_ASSIST);
    fputc('\n', f);
  }
  if (text_any(s, TX_STORES)) {
    text_line(s, f, TX_STORES);
    fputc('\n', f);
  }
  if (s->assist_triggered) {
    fprintf(f, "assist warps by trigger:");
    for (int k = 0, first = 1; k < TM_NAW; k++)
      if (s->aw_started[k]) {
        fprintf(f, "%s %s %llu (%llu instructions)", first ? "" : ",", tm_aw_names[k], (unsigned long long)s->aw_started[k], (unsigned long long)s->aw_insns[k]);
        first = 0;
      }
    fputc('\n', f);
  }
  if (text_any(s, TX_SKIPS)) {
    text_line(s, f, TX_SKIPS);
    fputc('\n', f);
  }
  if (s->pf_issued || s->pf_redundant || s->pf_throttled) {
    text_line(s, f, TX_PREFETCH);
    fputc('\n', f);
  }
}

/* The JSON of one statistics object, item by item: each "key": value at the top level on a line
 * of its own, or inside the object "group": {...} that consecutive items of the group share. */
typedef struct {
  FILE *f;
  const char *indent;
  const char *group;   /* the object open, or NULL */
  int items;           /* items written at the top level */
} json_out;

/* Starts the next item, 'key' in object 'group' ("" the top level): writes what separates it
 * from the last, opens or closes an object, and "key": */
static void json_key(json_out *o, const char *group, const char *key) {
  if (o->group && strcmp(o->group, group)) { fputc('}', o->f); o->group = NULL; }
  if (o->group) fputs(", ", o->f);
  else {
    fprintf(o->f, "%s%s", o->items++ ? ",\n" : "", o->indent);
    if (group[0]) { fprintf(o->f, "\"%s\": {", group); o->group = group; }
  }
  fprintf(o->f, "\"%s\": ", key);
}

static void json_end(json_out *o) {
  if (o->group) fputc('}', o->f);
  o->group = NULL;
}

static void json_one(const tm_stats *s, FILE *f, const char *indent) {
  json_out o = { f, indent, NULL, 0 };
  uint64_t it = issue_total(s);
  for (int r = 0; r < TM_NCOUNTERS; r++) {
    const char *json = tm_counters[r].json;
    if (json && json[0]) {
      json_key(&o, tm_counters[r].group, json);
      fprintf(f, "%llu", counter(s, r));
    }
    switch (r) {   /* the figures written by hand, after the counter they follow */
    case TM_C_thread_insns:
      json_key(&o, "", "ipc"); fprintf(f, "%.6f", tm_ipc(s));
      json_key(&o, "", "dram_bandwidth_utilization"); fprintf(f, "%.6f", tm_dram_utilization(s));
      break;
    case TM_C_dram_row_hits:
      json_key(&o, "", "dram_bytes_per_cycle"); fprintf(f, "%.6f", tm_dram_bytes_per_cycle(s));
      break;
    case TM_C_link_bits:   /* and link_packets */
      for (int k = 0; k < 2; k++) {
        const char *to = k ? "memory" : "gpu";
        char key[32];
        snprintf(key, sizeof key, "bits_to_%s", to); json_key(&o, "link", key); fprintf(f, "%llu", (unsigned long long)s->link_bits[k]);
        snprintf(key, sizeof key, "packets_to_%s", to); json_key(&o, "link", key); fprintf(f, "%llu", (unsigned long long)s->link_packets[k]);
        snprintf(key, sizeof key, "utilization_to_%s", to); json_key(&o, "link", key); fprintf(f, "%.6f", tm_link_utilization(s, k));
      }
      json_key(&o, "", "compression_ratio_bursts"); fprintf(f, "%.6f", tm_compression_ratio(s));
      break;
    case TM_C_aw_started:   /* and aw_insns: warps started and their instructions, by what started them */
      for (int k = 0; k < TM_NAW; k++) {
        char key[32];
        snprintf(key, sizeof key, "%s_warps", tm_aw_names[k]); json_key(&o, "assist_by_trigger", key);
        fprintf(f, "%llu", (unsigned long long)s->aw_started[k]);
        snprintf(key, sizeof key, "%s_instructions", tm_aw_names[k]); json_key(&o, "assist_by_trigger", key);
        fprintf(f, "%llu", (unsigned long long)s->aw_insns[k]);
      }
      break;
    case TM_C_issue:   /* then the occupancy: not counters, the last launch's figures */
      for (int k = 0; k < TM_NISSUE; k++) { json_key(&o, "issue_slots", tm_issue_names[k]); fprintf(f, "%llu", (unsigned long long)s->issue[k]); }
      for (int k = 0; k < TM_NISSUE; k++) { json_key(&o, "issue_fractions", tm_issue_names[k]); fprintf(f, "%.6f", it ? (double)s->issue[k] / (double)it : 0); }
      json_key(&o, "occupancy", "ctas_per_sm"); fprintf(f, "%u", s->ctas_per_sm);
      json_key(&o, "occupancy", "warps_per_cta"); fprintf(f, "%u", s->warps_per_cta);
      json_key(&o, "occupancy", "registers_per_thread"); fprintf(f, "%u", s->regs_per_thread);
      json_key(&o, "occupancy", "limited_by"); fprintf(f, "\"%s\"", s->occupancy_limit ? s->occupancy_limit : "");
      json_key(&o, "occupancy", "grid_ctas_per_sm"); fprintf(f, "%u", s->grid_ctas_per_sm);
      json_key(&o, "occupancy", "registers_unallocated"); fprintf(f, "%.6f", s->regs_unallocated);
      json_key(&o, "occupancy", "achieved"); fprintf(f, "%.6f", tm_occupancy(s));
      json_key(&o, "occupancy", "assist_registers_per_thread"); fprintf(f, "%u", s->assist_regs_per_thread);
      json_key(&o, "occupancy", "assist_registers_by"); fprintf(f, "\"%s\"", s->assist_regs_by);
      json_key(&o, "occupancy", "assist_shared_bytes_per_cta"); fprintf(f, "%u", s->assist_shared_per_cta);
      break;
    case TM_C_loads:
      json_key(&o, "", "average_load_latency"); fprintf(f, "%.3f", s->loads ? (double)s->load_latency / (double)s->loads : 0);
      break;
    case TM_C_smem_conflict_cycles:
      if (s->sm_issue) {   /* per SM: the issue slots of its schedulers, in the order of tm_issue_names */
        json_key(&o, "", "sm_issue_slots");
        fputc('[', f);
        for (uint32_t i = 0; i < s->n_sm; i++) {
          fprintf(f, "%s[", i ? ", " : "");
          for (int k = 0; k < TM_NISSUE; k++) fprintf(f, "%s%llu", k ? ", " : "", (unsigned long long)s->sm_issue[(size_t)i * TM_NISSUE + k]);
          fputc(']', f);
        }
        fputc(']', f);
      }
      break;
    default:
      break;
    }
  }
  json_end(&o);
}

void tm_stats_json(const tm_stats *total, const tm_stats *launches, const char *const *kernels, uint32_t n, const tm_config *c, FILE *f) {
  char design[32] = "mixed", algo[32] = "mixed";   /* (no one config: launches under different ones) */
  if (c) {
    tm_config_value(c, TM_KEY_design, design, sizeof design);
    tm_config_value(c, TM_KEY_compression, algo, sizeof algo);
  }
  fprintf(f, "{\n  \"design\": \"%s\",\n  \"compression\": \"%s\",\n", design, algo);
  json_one(total, f, "  ");
  fputs(",\n  \"launches\": [", f);
  for (uint32_t i = 0; i < n; i++) {
    fprintf(f, "%s\n    {\n      \"kernel\": ", i ? "," : "");
    isa_json_string(f, kernels[i], ISA_JSON_UTF8);
    fputs(",\n", f);
    json_one(&launches[i], f, "      ");
    fputs("\n    }", f);
  }
  fputs(n ? "\n  ]\n}\n" : "]\n}\n", f);
}
