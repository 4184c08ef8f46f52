/* emu/report.c -- the compression report (see report.h). */
#include "report.h"
#include "awemu.h"
#include "../subroutines/codec.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#define MAX_BURSTS 9   /* 128-byte lines at 16-byte MAG take up to 8 bursts; one slot more for larger payloads */

typedef struct {
  const codec *cd;
  uint64_t lines, compressed, raw, payload, burst_bytes;
  uint64_t bursts[MAX_BURSTS + 1];     /* lines needing k bursts (index MAX_BURSTS: more) */
  uint64_t enc[64];
} algstats;

static int read_lines(const char *path, int binary, unsigned line, uint8_t **out, size_t *nlines, FILE *err) {
  FILE *f = fopen(path, "rb");
  if (!f) { fprintf(err, "awemu compress: %s: cannot read: %s\n", path, strerror(errno)); return -1; }
  size_t cap = 1 << 16, n = 0;
  uint8_t *buf = malloc(cap);
  if (binary) {
    size_t k;
    while ((k = fread(buf + n, 1, cap - n, f)) > 0) { n += k; if (n == cap) { cap *= 2; buf = realloc(buf, cap); } }
    fclose(f);
    if (n % line) { fprintf(err, "awemu compress: %s: %zu bytes is not a whole number of %u-byte lines; the last %zu bytes are left out\n", path, n, line, n % line); }
    *out = buf;
    *nlines = n / line;
    return 0;
  }
  char text[1024];
  int lineno = 0;
  while (fgets(text, sizeof text, f)) {
    lineno++;
    char *p = text;
    while (isspace((unsigned char)*p)) p++;
    if (!*p || *p == '#') continue;
    size_t digits = 0;
    while (isxdigit((unsigned char)p[digits])) digits++;
    if (digits != 2 * line) {
      fprintf(err, "%s:%d: error: a %u-byte line needs %u hex digits, this one has %zu\n", path, lineno, line, 2 * line, digits);
      fclose(f); free(buf); return -1;
    }
    if (n + line > cap) { cap *= 2; buf = realloc(buf, cap); }
    for (unsigned i = 0; i < line; i++) {
      char two[3] = { p[2 * i], p[2 * i + 1], 0 };
      buf[n + i] = (uint8_t)strtoul(two, NULL, 16);
    }
    n += line;
  }
  fclose(f);
  *out = buf;
  *nlines = n / line;
  return 0;
}

static void usage(FILE *f) {
  fputs("usage: awemu compress [--alg all|NAME[,NAME...]] [--line 32|64|128] [--mag 16|32|64] [--binary]\n"
        "                      [--format table|csv|json] [--cost-burst C] [--cost-insn C] [--subroutines DIR] FILE\n"
        "FILE holds one line per text line in hex (byte 0 first), or with --binary raw memory cut into lines.\n"
        "Algorithms: bdi fpc cpack cpack-classic magbdi (all: every one), plus 'best' (the smallest per line)\n"
        "and 'cost' (per line, the algorithm with the least bursts*C_burst + decompression instructions*C_insn;\n"
        "the instructions are counted by running each algorithm's decompression subroutine in the emulator).\n", f);
}

/* Decompression instructions for one line: runs the subroutine the AWS picks for its encoding. */
static long dec_insns(aw_device *d, aw_module *m, const uint8_t *pay, const codec_meta *cm, unsigned line, unsigned mag) {
  if (!m) return -1;
  const char *sub = aw_subroutine_for(m, 1, (int)cm->encoding);
  if (!sub) return -1;
  uint8_t out[CODEC_MAX_LINE], dummy = 0;
  aw_line l;
  memset(&l, 0, sizeof l);
  l.in = cm->size ? pay : &dummy; l.in_bytes = cm->size ? cm->size : 1;
  l.out = out; l.out_bytes = line;
  uint32_t v[4] = { cm->encoding, cm->size, line, mag };
  for (int i = 0; i < 4; i++) for (int b = 0; b < 4; b++) l.meta[4 * i + b] = (uint8_t)(v[i] >> (8 * b));
  aw_fault f;
  if (aw_run_subroutine(d, m, sub, &l, &f) != AW_OK) return -1;
  return (long)aw_get_stats(d).warp_insns;
}

int aw_compress_main(int argc, char **argv, FILE *out, FILE *err) {
  const char *algs = "all", *format = "table", *file = NULL, *subdir = "subroutines";
  unsigned line = 32, mag = 32;
  int binary = 0;
  double cost_burst = 100.0, cost_insn = 1.0;
  for (int i = 0; i < argc; i++) {
    const char *a = argv[i];
    int more = i + 1 < argc;
    if (!strcmp(a, "--alg") && more) algs = argv[++i];
    else if (!strcmp(a, "--line") && more) line = (unsigned)atoi(argv[++i]);
    else if (!strcmp(a, "--mag") && more) mag = (unsigned)atoi(argv[++i]);
    else if (!strcmp(a, "--format") && more) format = argv[++i];
    else if (!strcmp(a, "--binary")) binary = 1;
    else if (!strcmp(a, "--cost-burst") && more) cost_burst = atof(argv[++i]);
    else if (!strcmp(a, "--cost-insn") && more) cost_insn = atof(argv[++i]);
    else if (!strcmp(a, "--subroutines") && more) subdir = argv[++i];
    else if (!strcmp(a, "-h") || !strcmp(a, "--help")) { usage(out); return 0; }
    else if (a[0] == '-' || file) { fprintf(err, "awemu compress: unexpected argument '%s'\n", a); usage(err); return 2; }
    else file = a;
  }
  if (!file) { usage(err); return 2; }
  if (line != 32 && line != 64 && line != 128) { fprintf(err, "awemu compress: --line must be 32, 64 or 128\n"); return 2; }
  if (mag != 16 && mag != 32 && mag != 64) { fprintf(err, "awemu compress: --mag must be 16, 32 or 64\n"); return 2; }
  if (strcmp(format, "table") && strcmp(format, "csv") && strcmp(format, "json")) { fprintf(err, "awemu compress: --format is table, csv or json\n"); return 2; }
  /* the algorithms asked for */
  algstats st[16];
  int nst = 0, want_best = 0, want_cost = 0;
  char list[256];
  snprintf(list, sizeof list, "%s", algs);
  for (char *save = NULL, *t = strtok_r(list, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
    if (!strcmp(t, "all")) { for (int k = 0; codecs[k] && nst < 14; k++) { memset(&st[nst], 0, sizeof st[nst]); st[nst++].cd = codecs[k]; } want_best = want_cost = 1; continue; }
    if (!strcmp(t, "best")) { want_best = 1; continue; }
    if (!strcmp(t, "cost")) { want_cost = 1; continue; }
    const codec *cd = codec_find(t);
    if (!cd) { fprintf(err, "awemu compress: unknown algorithm '%s'\n", t); usage(err); return 2; }
    if (nst < 14) { memset(&st[nst], 0, sizeof st[nst]); st[nst++].cd = cd; }
  }
  if ((want_best || want_cost) && !nst) for (int k = 0; codecs[k] && nst < 14; k++) { memset(&st[nst], 0, sizeof st[nst]); st[nst++].cd = codecs[k]; }
  uint8_t *data;
  size_t nlines;
  if (read_lines(file, binary, line, &data, &nlines, err)) return 1;
  /* decompression subroutines, for the cost-aware choice */
  aw_device *dev = want_cost ? aw_device_new() : NULL;
  aw_module *mods[16] = { 0 };
  for (int a = 0; a < nst && dev; a++) {
    char path[512], e2[4096];
    const char *nm = st[a].cd->name;
    if (!strcmp(nm, "cpack-classic")) continue;   /* classic C-Pack has no subroutine */
    snprintf(path, sizeof path, "%s/%s/%s.s", subdir, nm, nm);
    FILE *probe = fopen(path, "r");
    if (!probe) continue;
    fclose(probe);
    mods[a] = aw_module_load_file(dev, path, e2, sizeof e2);
  }
  algstats best, cost;
  memset(&best, 0, sizeof best);
  memset(&cost, 0, sizeof cost);
  uint64_t cost_insns = 0, cost_choice[16] = { 0 };
  for (size_t i = 0; i < nlines; i++) {
    const uint8_t *ln = data + i * line;
    unsigned best_bytes = ~0u, best_size = 0, cost_bytes = 0, cost_size = 0;
    double best_cost = 1e300;
    int cost_alg = -1;
    long cost_ins = 0;
    for (int a = 0; a < nst; a++) {
      uint8_t pay[CODEC_MAX_PAYLOAD];
      codec_meta cm;
      if (st[a].cd->compress(ln, line, mag, pay, &cm)) continue;
      unsigned b = codec_bursts(cm.size, mag);
      algstats *s = &st[a];
      s->lines++; s->raw += line; s->payload += cm.size ? cm.size : 0; s->burst_bytes += (uint64_t)b * mag;
      if (cm.encoding) s->compressed++;
      s->bursts[b < MAX_BURSTS ? b : MAX_BURSTS]++;
      if (cm.encoding < 64) s->enc[cm.encoding]++;
      if (b * mag < best_bytes || (b * mag == best_bytes && cm.size < best_size)) { best_bytes = b * mag; best_size = cm.size; }
      if (want_cost) {
        long ins = cm.encoding ? dec_insns(dev, mods[a], pay, &cm, line, mag) : 0;
        if (ins < 0) continue;   /* no subroutine: not a candidate */
        double c = b * cost_burst + (double)ins * cost_insn;
        if (c < best_cost) { best_cost = c; cost_alg = a; cost_bytes = b * mag; cost_size = cm.size; cost_ins = ins; }
      }
    }
    best.lines++; best.raw += line; best.payload += best_size; best.burst_bytes += best_bytes;
    if (best_size < line) best.compressed++;
    best.bursts[best_bytes / mag < MAX_BURSTS ? best_bytes / mag : MAX_BURSTS]++;
    if (want_cost && cost_alg >= 0) {
      cost.lines++; cost.raw += line; cost.payload += cost_size; cost.burst_bytes += cost_bytes;
      if (cost_size < line) cost.compressed++;
      cost.bursts[cost_bytes / mag < MAX_BURSTS ? cost_bytes / mag : MAX_BURSTS]++;
      cost_insns += (uint64_t)cost_ins;
      cost_choice[cost_alg]++;
    }
  }
  /* output */
  algstats *rows[18];
  const char *names[18];
  int nrows = 0;
  for (int a = 0; a < nst; a++) { rows[nrows] = &st[a]; names[nrows++] = st[a].cd->name; }
  if (want_best) { rows[nrows] = &best; names[nrows++] = "best"; }
  if (want_cost && cost.lines) { rows[nrows] = &cost; names[nrows++] = "cost"; }
  unsigned maxb = line / mag;
  if (!strcmp(format, "table")) {
    fprintf(out, "%zu lines of %u bytes from %s, MAG %u bytes\n\n", nlines, line, file, mag);
    fprintf(out, "%-14s %8s %10s %7s %9s", "algorithm", "lines", "compressed", "ratio", "effective");
    for (unsigned b = 1; b <= maxb && b < MAX_BURSTS; b++) fprintf(out, " %6u", b);
    fprintf(out, "   (share of lines by bursts of %u bytes)\n", mag);
    for (int r = 0; r < nrows; r++) {
      algstats *s = rows[r];
      fprintf(out, "%-14s %8llu %10llu %7.3f %9.3f", names[r], (unsigned long long)s->lines, (unsigned long long)s->compressed,
              s->payload ? (double)s->raw / (double)s->payload : 0.0, s->burst_bytes ? (double)s->raw / (double)s->burst_bytes : 0.0);
      for (unsigned b = 1; b <= maxb && b < MAX_BURSTS; b++) fprintf(out, " %5.1f%%", s->lines ? 100.0 * (double)s->bursts[b] / (double)s->lines : 0.0);
      fputc('\n', out);
    }
    fprintf(out, "\nencodings:\n");
    for (int a = 0; a < nst; a++) {
      fprintf(out, "  %-14s", st[a].cd->name);
      for (uint32_t e = 0; e < st[a].cd->nencodings && e < 64; e++)
        if (st[a].enc[e]) fprintf(out, " %s %llu", st[a].cd->encodings[e], (unsigned long long)st[a].enc[e]);
      fputc('\n', out);
    }
    if (want_cost && cost.lines) {
      fprintf(out, "\ncost-aware choice (a burst costs %g, a decompression instruction %g): %.1f instructions per line;", cost_burst, cost_insn,
              (double)cost_insns / (double)cost.lines);
      for (int a = 0; a < nst; a++) if (cost_choice[a]) fprintf(out, " %s %llu", st[a].cd->name, (unsigned long long)cost_choice[a]);
      fputc('\n', out);
    }
  } else if (!strcmp(format, "csv")) {
    fprintf(out, "algorithm,lines,compressed,raw_bytes,payload_bytes,burst_bytes,ratio,effective");
    for (unsigned b = 1; b <= maxb && b < MAX_BURSTS; b++) fprintf(out, ",bursts_%u", b);
    fputc('\n', out);
    for (int r = 0; r < nrows; r++) {
      algstats *s = rows[r];
      fprintf(out, "%s,%llu,%llu,%llu,%llu,%llu,%.6f,%.6f", names[r], (unsigned long long)s->lines, (unsigned long long)s->compressed,
              (unsigned long long)s->raw, (unsigned long long)s->payload, (unsigned long long)s->burst_bytes,
              s->payload ? (double)s->raw / (double)s->payload : 0.0, s->burst_bytes ? (double)s->raw / (double)s->burst_bytes : 0.0);
      for (unsigned b = 1; b <= maxb && b < MAX_BURSTS; b++) fprintf(out, ",%llu", (unsigned long long)s->bursts[b]);
      fputc('\n', out);
    }
  } else {
    fprintf(out, "{\"file\": \"%s\", \"lines\": %zu, \"line_bytes\": %u, \"mag\": %u, \"algorithms\": [", file, nlines, line, mag);
    for (int r = 0; r < nrows; r++) {
      algstats *s = rows[r];
      fprintf(out, "%s\n  {\"name\": \"%s\", \"lines\": %llu, \"compressed\": %llu, \"raw_bytes\": %llu, \"payload_bytes\": %llu, \"burst_bytes\": %llu, "
              "\"ratio\": %.6f, \"effective\": %.6f, \"bursts\": [", r ? "," : "", names[r], (unsigned long long)s->lines,
              (unsigned long long)s->compressed, (unsigned long long)s->raw, (unsigned long long)s->payload, (unsigned long long)s->burst_bytes,
              s->payload ? (double)s->raw / (double)s->payload : 0.0, s->burst_bytes ? (double)s->raw / (double)s->burst_bytes : 0.0);
      for (unsigned b = 1; b <= maxb && b < MAX_BURSTS; b++) fprintf(out, "%s%llu", b > 1 ? ", " : "", (unsigned long long)s->bursts[b]);
      fprintf(out, "], \"encodings\": {");
      int first = 1;
      if (r < nst) for (uint32_t e = 0; e < st[r].cd->nencodings && e < 64; e++)
        if (st[r].enc[e]) { fprintf(out, "%s\"%s\": %llu", first ? "" : ", ", st[r].cd->encodings[e], (unsigned long long)st[r].enc[e]); first = 0; }
      fprintf(out, "}}");
    }
    fprintf(out, "\n]}\n");
  }
  free(data);
  if (dev) aw_device_free(dev);
  return 0;
}
