/* emu/timing/stats.c -- the timing statistics: derived figures, text and JSON (see timing.h). */
#include "timing.h"
#include "../../isa/json.h"

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

void tm_stats_add(tm_stats *t, const tm_stats *a) {
  t->launches += a->launches;
  t->cycles += a->cycles;
  t->dram_bytes += a->dram_bytes;
  t->channel_seconds += a->channel_seconds;
  t->warp_slot_cycles += a->warp_slot_cycles;
  t->warp_insns += a->warp_insns;
  t->thread_insns += a->thread_insns;
  for (int k = 0; k < TM_NISSUE; k++) t->issue[k] += a->issue[k];
  t->l1_accesses += a->l1_accesses; t->l1_hits += a->l1_hits; t->l1_misses += a->l1_misses;
  t->l1_merges += a->l1_merges; t->l1_stalls += a->l1_stalls;
  t->l2_accesses += a->l2_accesses; t->l2_hits += a->l2_hits; t->l2_misses += a->l2_misses; t->l2_merges += a->l2_merges;
  t->l2_writes += a->l2_writes; t->l2_write_hits += a->l2_write_hits; t->l2_writebacks += a->l2_writebacks;
  t->l2_dirty_end = a->l2_dirty_end;
  t->dram_reads += a->dram_reads; t->dram_writes += a->dram_writes; t->dram_bursts += a->dram_bursts;
  t->dram_row_hits += a->dram_row_hits; t->dram_activates += a->dram_activates;
  t->dram_raw_bursts += a->dram_raw_bursts;
  t->md_accesses += a->md_accesses; t->md_hits += a->md_hits; t->md_reads += a->md_reads; t->md_writes += a->md_writes;
  t->l2_plain_lines += a->l2_plain_lines; t->l2_plain_reads += a->l2_plain_reads;
  t->assist_triggered += a->assist_triggered; t->assist_insns += a->assist_insns;
  for (int k = 0; k < TM_NAW; k++) { t->aw_started[k] += a->aw_started[k]; t->aw_insns[k] += a->aw_insns[k]; }
  t->assist_throttled += a->assist_throttled; t->assist_overflow += a->assist_overflow;
  t->assist_moves += a->assist_moves; t->assist_killed += a->assist_killed; t->assist_awkill += a->assist_awkill; t->assist_predicted += a->assist_predicted; t->assist_store_waits += a->assist_store_waits;
  t->partial_merges += a->partial_merges;
  t->pack_applied += a->pack_applied; t->pack_late += a->pack_late; t->pack_stale += a->pack_stale; t->pack_raw += a->pack_raw; t->pack_dropped += a->pack_dropped; t->pack_killed += a->pack_killed;
  t->skip_hits += a->skip_hits; t->skip_misses += a->skip_misses;
  t->pf_issued += a->pf_issued; t->pf_useful += a->pf_useful; t->pf_late += a->pf_late;
  t->pf_useless += a->pf_useless; t->pf_redundant += a->pf_redundant; t->pf_throttled += a->pf_throttled;
  t->dram_busy_seconds += a->dram_busy_seconds;
  for (int k = 0; k < 2; k++) {
    t->link_bits[k] += a->link_bits[k]; t->link_packets[k] += a->link_packets[k]; t->link_busy_seconds[k] += a->link_busy_seconds[k];
  }
  t->seconds += a->seconds;
  t->loads += a->loads; t->load_latency += a->load_latency;
  t->smem_accesses += a->smem_accesses; t->smem_conflict_cycles += a->smem_conflict_cycles;
  t->resident_warp_cycles += a->resident_warp_cycles;
  /* occupancy figures are the last launch's */
  t->ctas_per_sm = a->ctas_per_sm; t->warps_per_cta = a->warps_per_cta; t->regs_per_thread = a->regs_per_thread;
  t->assist_regs_per_thread = a->assist_regs_per_thread;
  t->assist_shared_per_cta = a->assist_shared_per_cta;
  memcpy(t->assist_regs_by, a->assist_regs_by, sizeof t->assist_regs_by);
  t->max_warps_per_sm = a->max_warps_per_sm; t->occupancy_limit = a->occupancy_limit; t->regs_unallocated = a->regs_unallocated;
  t->grid_ctas_per_sm = a->grid_ctas_per_sm;
  t->n_sm = a->n_sm; t->n_mem = a->n_mem;
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
  fprintf(f, "L1: %llu accesses, %llu hits, %llu misses, %llu MSHR merges; L2: %llu accesses, %llu hits, %llu misses, %llu merges; "
             "%llu writes, %llu write-backs, %llu dirty lines at the end\n",
          (unsigned long long)s->l1_accesses, (unsigned long long)s->l1_hits, (unsigned long long)s->l1_misses,
          (unsigned long long)s->l1_merges, (unsigned long long)s->l2_accesses, (unsigned long long)s->l2_hits,
          (unsigned long long)s->l2_misses, (unsigned long long)s->l2_merges, (unsigned long long)s->l2_writes,
          (unsigned long long)s->l2_writebacks, (unsigned long long)s->l2_dirty_end);
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
  fprintf(f, "loads: %llu global/local load instructions, average latency %.1f cycles; shared: %llu accesses, %llu conflict cycles\n",
          (unsigned long long)s->loads, s->loads ? (double)s->load_latency / (double)s->loads : 0,
          (unsigned long long)s->smem_accesses, (unsigned long long)s->smem_conflict_cycles);
  if (!c && s->dram_raw_bursts && s->dram_raw_bursts != s->dram_bursts)
    fprintf(f, "compression: %llu DRAM bursts for %llu uncompressed (ratio %.3f, metadata included; designs differ between launches)\n",
            (unsigned long long)s->dram_bursts, (unsigned long long)s->dram_raw_bursts, tm_compression_ratio(s));
  if (c && tm_design_of(c)->dram) {
    char design[32], algo[32];
    tm_config_value(c, TM_KEY_design, design, sizeof design);
    tm_config_value(c, TM_KEY_compression, algo, sizeof algo);
    fprintf(f, "compression: design %s, %s: %llu DRAM bursts for %llu uncompressed (ratio %.3f, metadata included)",
            design, algo, (unsigned long long)s->dram_bursts, (unsigned long long)s->dram_raw_bursts, tm_compression_ratio(s));
    if (tm_design_of(c)->md)
      fprintf(f, "; metadata cache %llu hits of %llu, %llu DRAM reads, %llu write-backs", (unsigned long long)s->md_hits,
              (unsigned long long)s->md_accesses, (unsigned long long)s->md_reads, (unsigned long long)s->md_writes);
    if (tm_design_of(c)->decompress == TM_BY_ASSIST && !c->l2_compressed)
      fprintf(f, "; uncompressed L2: %llu lines sent back whole by the SMs, %llu reads answered uncompressed", (unsigned long long)s->l2_plain_lines,
              (unsigned long long)s->l2_plain_reads);
    fputc('\n', f);
  }
  if (s->assist_triggered || s->assist_throttled || s->assist_overflow || s->assist_predicted)
    fprintf(f, "assist warps: %llu started, %llu instructions (%llu live-in moves); %llu not deployed for a busy SM, %llu for a full table, "
               "%llu predicted incompressible, %llu killed, %llu ended with awkill; %llu stored blocks waited for compression; %llu partial stores merged\n",
            (unsigned long long)s->assist_triggered, (unsigned long long)s->assist_insns, (unsigned long long)s->assist_moves,
            (unsigned long long)s->assist_throttled, (unsigned long long)s->assist_overflow, (unsigned long long)s->assist_predicted,
            (unsigned long long)s->assist_killed, (unsigned long long)s->assist_awkill, (unsigned long long)s->assist_store_waits, (unsigned long long)s->partial_merges);
  if (s->pack_applied || s->pack_late || s->pack_stale || s->pack_raw || s->pack_dropped || s->pack_killed)
    fprintf(f, "compressed stores: %llu blocks' compressions replaced their lines in L2, %llu came after the write-back, %llu after a newer store, "
               "%llu found the block incompressible; at the launch's end %llu waiting dropped, %llu at work killed\n",
            (unsigned long long)s->pack_applied, (unsigned long long)s->pack_late, (unsigned long long)s->pack_stale, (unsigned long long)s->pack_raw,
            (unsigned long long)s->pack_dropped, (unsigned long long)s->pack_killed);
  if (s->assist_triggered) {
    fprintf(f, "assist warps by trigger:");
    for (int k = 0, first = 1; k < TM_NAW; k++)
      if (s->aw_started[k]) {
        fprintf(f, "%s %s %llu (%llu instructions)", first ? "" : ",", tm_aw_names[k], (unsigned long long)s->aw_started[k], (unsigned long long)s->aw_insns[k]);
        first = 0;
      }
    fputc('\n', f);
  }
  if (s->skip_hits || s->skip_misses)
    fprintf(f, "skips: %llu lanes skipped the region (hits), %llu ran it (misses)\n", (unsigned long long)s->skip_hits, (unsigned long long)s->skip_misses);
  if (s->pf_issued || s->pf_redundant || s->pf_throttled)
    fprintf(f, "prefetches: %llu issued to L1, %llu useful, %llu late, %llu useless, %llu redundant; %llu prefetchers throttled\n",
            (unsigned long long)s->pf_issued, (unsigned long long)s->pf_useful, (unsigned long long)s->pf_late, (unsigned long long)s->pf_useless,
            (unsigned long long)s->pf_redundant, (unsigned long long)s->pf_throttled);
}

static void json_one(const tm_stats *s, FILE *f, const char *indent) {
  uint64_t it = issue_total(s);
  fprintf(f, "%s\"cycles\": %llu,\n", indent, (unsigned long long)s->cycles);
  fprintf(f, "%s\"warp_instructions\": %llu,\n", indent, (unsigned long long)s->warp_insns);
  fprintf(f, "%s\"thread_instructions\": %llu,\n", indent, (unsigned long long)s->thread_insns);
  fprintf(f, "%s\"ipc\": %.6f,\n", indent, tm_ipc(s));
  fprintf(f, "%s\"dram_bandwidth_utilization\": %.6f,\n", indent, tm_dram_utilization(s));
  fprintf(f, "%s\"dram_bursts\": %llu,\n", indent, (unsigned long long)s->dram_bursts);
  fprintf(f, "%s\"dram_reads\": %llu,\n", indent, (unsigned long long)s->dram_reads);
  fprintf(f, "%s\"dram_writes\": %llu,\n", indent, (unsigned long long)s->dram_writes);
  fprintf(f, "%s\"dram_row_buffer_hits\": %llu,\n", indent, (unsigned long long)s->dram_row_hits);
  fprintf(f, "%s\"dram_bytes_per_cycle\": %.6f,\n", indent, tm_dram_bytes_per_cycle(s));
  fprintf(f, "%s\"dram_raw_bursts\": %llu,\n", indent, (unsigned long long)s->dram_raw_bursts);
  fprintf(f, "%s\"link\": {\"bits_to_gpu\": %llu, \"packets_to_gpu\": %llu, \"utilization_to_gpu\": %.6f, \"bits_to_memory\": %llu, \"packets_to_memory\": %llu, \"utilization_to_memory\": %.6f},\n",
          indent, (unsigned long long)s->link_bits[0], (unsigned long long)s->link_packets[0], tm_link_utilization(s, 0),
          (unsigned long long)s->link_bits[1], (unsigned long long)s->link_packets[1], tm_link_utilization(s, 1));
  fprintf(f, "%s\"compression_ratio_bursts\": %.6f,\n", indent, tm_compression_ratio(s));
  fprintf(f, "%s\"assist_warps_triggered\": %llu,\n%s\"assist_warp_instructions\": %llu,\n", indent,
          (unsigned long long)s->assist_triggered, indent, (unsigned long long)s->assist_insns);
  fprintf(f, "%s\"assist_by_trigger\": {", indent);   /* warps started and their instructions, by what started them */
  for (int k = 0; k < TM_NAW; k++)
    fprintf(f, "%s\"%s_warps\": %llu, \"%s_instructions\": %llu", k ? ", " : "", tm_aw_names[k],
            (unsigned long long)s->aw_started[k], tm_aw_names[k], (unsigned long long)s->aw_insns[k]);
  fprintf(f, "},\n");
  fprintf(f, "%s\"assist_throttled\": %llu,\n%s\"assist_overflow\": %llu,\n", indent,
          (unsigned long long)s->assist_throttled, indent, (unsigned long long)s->assist_overflow);
  fprintf(f, "%s\"assist_livein_moves\": %llu,\n%s\"assist_killed\": %llu,\n%s\"assist_predicted_incompressible\": %llu,\n%s\"assist_store_waits\": %llu,\n", indent,
          (unsigned long long)s->assist_moves, indent, (unsigned long long)s->assist_killed, indent, (unsigned long long)s->assist_predicted,
          indent, (unsigned long long)s->assist_store_waits);
  fprintf(f, "%s\"partial_writes_merged\": %llu,\n%s\"assist_awkill\": %llu,\n", indent, (unsigned long long)s->partial_merges, indent, (unsigned long long)s->assist_awkill);
  fprintf(f, "%s\"compressed_stores\": {\"applied\": %llu, \"late\": %llu, \"stale\": %llu, \"incompressible\": %llu, \"dropped\": %llu, \"killed\": %llu},\n",
          indent, (unsigned long long)s->pack_applied, (unsigned long long)s->pack_late, (unsigned long long)s->pack_stale, (unsigned long long)s->pack_raw,
          (unsigned long long)s->pack_dropped, (unsigned long long)s->pack_killed);
  fprintf(f, "%s\"skip_lanes_hit\": %llu,\n%s\"skip_lanes_miss\": %llu,\n", indent, (unsigned long long)s->skip_hits, indent, (unsigned long long)s->skip_misses);
  fprintf(f, "%s\"prefetch\": {\"issued\": %llu, \"useful\": %llu, \"late\": %llu, \"useless\": %llu, \"redundant\": %llu, \"throttled\": %llu},\n", indent,
          (unsigned long long)s->pf_issued, (unsigned long long)s->pf_useful, (unsigned long long)s->pf_late, (unsigned long long)s->pf_useless,
          (unsigned long long)s->pf_redundant, (unsigned long long)s->pf_throttled);
  fprintf(f, "%s\"l2_uncompressed\": {\"lines_sent_back\": %llu, \"reads_answered\": %llu},\n", indent,   /* l2_compressed off */
          (unsigned long long)s->l2_plain_lines, (unsigned long long)s->l2_plain_reads);
  fprintf(f, "%s\"metadata_cache\": {\"accesses\": %llu, \"hits\": %llu, \"dram_reads\": %llu, \"dram_writes\": %llu},\n", indent,
          (unsigned long long)s->md_accesses, (unsigned long long)s->md_hits, (unsigned long long)s->md_reads, (unsigned long long)s->md_writes);
  fprintf(f, "%s\"l1\": {\"accesses\": %llu, \"hits\": %llu, \"misses\": %llu, \"mshr_merges\": %llu},\n", indent,
          (unsigned long long)s->l1_accesses, (unsigned long long)s->l1_hits, (unsigned long long)s->l1_misses, (unsigned long long)s->l1_merges);
  fprintf(f, "%s\"l2\": {\"accesses\": %llu, \"hits\": %llu, \"misses\": %llu, \"mshr_merges\": %llu, \"writes\": %llu, \"write_hits\": %llu, "
             "\"writebacks\": %llu, \"dirty_at_end\": %llu},\n", indent,
          (unsigned long long)s->l2_accesses, (unsigned long long)s->l2_hits, (unsigned long long)s->l2_misses, (unsigned long long)s->l2_merges,
          (unsigned long long)s->l2_writes, (unsigned long long)s->l2_write_hits, (unsigned long long)s->l2_writebacks, (unsigned long long)s->l2_dirty_end);
  fprintf(f, "%s\"issue_slots\": {", indent);
  for (int k = 0; k < TM_NISSUE; k++) fprintf(f, "%s\"%s\": %llu", k ? ", " : "", tm_issue_names[k], (unsigned long long)s->issue[k]);
  fprintf(f, "},\n%s\"issue_fractions\": {", indent);
  for (int k = 0; k < TM_NISSUE; k++) fprintf(f, "%s\"%s\": %.6f", k ? ", " : "", tm_issue_names[k], it ? (double)s->issue[k] / (double)it : 0);
  fprintf(f, "},\n");
  fprintf(f, "%s\"occupancy\": {\"ctas_per_sm\": %u, \"warps_per_cta\": %u, \"registers_per_thread\": %u, \"limited_by\": \"%s\", "
             "\"grid_ctas_per_sm\": %u, \"registers_unallocated\": %.6f, \"achieved\": %.6f, \"assist_registers_per_thread\": %u, \"assist_registers_by\": \"%s\", \"assist_shared_bytes_per_cta\": %u},\n", indent,
          s->ctas_per_sm, s->warps_per_cta, s->regs_per_thread, s->occupancy_limit ? s->occupancy_limit : "", s->grid_ctas_per_sm,
          s->regs_unallocated, tm_occupancy(s), s->assist_regs_per_thread, s->assist_regs_by, s->assist_shared_per_cta);
  fprintf(f, "%s\"loads\": %llu,\n%s\"average_load_latency\": %.3f,\n", indent, (unsigned long long)s->loads, indent,
          s->loads ? (double)s->load_latency / (double)s->loads : 0);
  fprintf(f, "%s\"shared_accesses\": %llu,\n%s\"shared_conflict_cycles\": %llu", indent, (unsigned long long)s->smem_accesses,
          indent, (unsigned long long)s->smem_conflict_cycles);
  if (s->sm_issue) {   /* per SM: the issue slots of its schedulers, in the order of tm_issue_names */
    fprintf(f, ",\n%s\"sm_issue_slots\": [", indent);
    for (uint32_t i = 0; i < s->n_sm; i++) {
      fprintf(f, "%s[", i ? ", " : "");
      for (int k = 0; k < TM_NISSUE; k++) fprintf(f, "%s%llu", k ? ", " : "", (unsigned long long)s->sm_issue[(size_t)i * TM_NISSUE + k]);
      fputc(']', f);
    }
    fputc(']', f);
  }
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
