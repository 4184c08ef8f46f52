/* emu/front/report.c -- the compression report (see report.h). */
#include "report.h"
#include "../awemu.h"
#include "../datadir.h"
#include "../../isa/json.h"
#include "../../subroutines/codec.h"
#include "../../subroutines/mpc/mpc.h"
#include "../../subroutines/mpc/mpc_train.h"

#if defined(__has_include)
#if __has_include("../isa/version.h")
#include "../../isa/version.h"
#endif
#endif
#ifndef AWEMU_VERSION
#define AWEMU_VERSION "0.2.0"   /* until isa/version.h is there */
#endif

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define MAX_BURSTS 9   /* 128-byte lines at 16-byte MAG take up to 8 bursts; one slot more for larger payloads */
#define MAX_ALGS 16
#define SUB_INSN_LIMIT 1000000   /* a decompression subroutine that runs longer is broken */

typedef struct {
  const codec *cd;
  uint64_t lines, compressed, raw, payload, burst_bytes;
  uint64_t bursts[MAX_BURSTS + 1];     /* lines needing k bursts (index MAX_BURSTS: more) */
  uint64_t enc[64];
} algstats;

/* s's ratio, raw bytes over payload bytes, with fmt; 'inf' (its text: "inf", JSON's null) when every
 * line's payload is 0 bytes (a line of zeros under BDI), 0 when there are no lines */
static void ratio_text(const algstats *s, const char *fmt, const char *inf, char *buf, size_t cap) {
  if (s->payload) snprintf(buf, cap, fmt, (double)s->raw / (double)s->payload);
  else if (s->raw) snprintf(buf, cap, "%s", inf);
  else snprintf(buf, cap, fmt, 0.0);
}

static int hexval(int c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}
static int is_blank(int c) { return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f'; }

/* appends n bytes to a growing buffer; -1 when out of memory */
static int grow(uint8_t **buf, size_t *cap, size_t used, size_t n) {
  if (used + n <= *cap) return 0;
  size_t c = *cap ? *cap : 1 << 16;
  while (c < used + n) {
    if (c > SIZE_MAX / 2) return -1;
    c *= 2;
  }
  uint8_t *b = realloc(*buf, c);
  if (!b) return -1;
  *buf = b;
  *cap = c;
  return 0;
}

/* Reads the lines of 'name' ("-": standard input).  Returns 0, 1 when the
 * input is malformed (a message with file:line:col), 2 when it cannot be read. */
static int read_lines(const char *name, int binary, unsigned line, uint8_t **out, size_t *nlines, FILE *err) {
  const char *shown = strcmp(name, "-") ? name : "(standard input)";
  FILE *f = strcmp(name, "-") ? fopen(name, "rb") : stdin;
  if (!f) { fprintf(err, "awemu compress: %s: cannot read: %s\n", name, strerror(errno)); return 2; }
  struct stat st;
  if (fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode)) {
    fprintf(err, "awemu compress: %s: is a directory, not a file of lines\n", name);
    if (f != stdin) fclose(f);
    return 2;
  }
  uint8_t *buf = NULL;
  size_t cap = 0, n = 0;
  int rc = 0;
  if (binary) {
    for (;;) {
      if (grow(&buf, &cap, n, 1 << 16)) { fprintf(err, "awemu compress: %s: out of memory after %zu bytes\n", shown, n); rc = 2; break; }
      size_t k = fread(buf + n, 1, cap - n, f);
      n += k;
      if (k == 0) break;
    }
    if (!rc && n % line)
      fprintf(err, "awemu compress: %s: %zu bytes is not a whole number of %u-byte lines; the last %zu bytes are left out\n",
              shown, n, line, n % line);
  } else {
    char *text = NULL;
    size_t tcap = 0;
    ssize_t len;
    unsigned long lineno = 0;
    while (!rc && (len = getline(&text, &tcap, f)) >= 0) {
      lineno++;
      /* a line: blanks, hex digits, blanks, optionally '#' and a comment */
      size_t i = 0, digits = 0;
      while ((ssize_t)i < len && is_blank(text[i])) i++;
      size_t first = i;
      while ((ssize_t)i < len && hexval((unsigned char)text[i]) >= 0) i++;
      digits = i - first;
      while ((ssize_t)i < len && is_blank(text[i])) i++;
      if ((ssize_t)i < len && text[i] != '\n' && text[i] != '#') {
        unsigned char c = (unsigned char)text[i];
        if (c > ' ' && c < 127) fprintf(err, "%s:%lu:%zu: error: '%c' is not a hex digit\n", shown, lineno, i + 1, c);
        else fprintf(err, "%s:%lu:%zu: error: byte 0x%02x is not a hex digit\n", shown, lineno, i + 1, c);
        rc = 1;
        break;
      }
      if (!digits) continue;   /* an empty line or a comment */
      if (digits != 2 * (size_t)line) {
        fprintf(err, "%s:%lu: error: a %u-byte line needs %u hex digits, this one has %zu\n", shown, lineno, line, 2 * line, digits);
        rc = 1;
        break;
      }
      if (grow(&buf, &cap, n, line)) { fprintf(err, "awemu compress: %s: out of memory at line %lu\n", shown, lineno); rc = 2; break; }
      for (unsigned b = 0; b < line; b++)
        buf[n + b] = (uint8_t)(hexval((unsigned char)text[first + 2 * b]) << 4 | hexval((unsigned char)text[first + 2 * b + 1]));
      n += line;
    }
    free(text);
  }
  if (!rc && ferror(f)) { fprintf(err, "awemu compress: %s: read error: %s\n", shown, strerror(errno)); rc = 2; }
  if (f != stdin) fclose(f);
  if (!rc && n < line) {   /* no figure to give: a ratio over no lines is not 0 */
    if (binary) fprintf(err, "awemu compress: %s: no %u-byte line in its %zu bytes\n", shown, line, n);
    else fprintf(err, "awemu compress: %s: no lines (each a line of %u hex digits)\n", shown, 2 * line);
    rc = 1;
  }
  if (rc) { free(buf); return rc; }
  *out = buf;
  *nlines = n / line;
  return 0;
}

static void usage(FILE *f) {
  fputs("usage: awemu compress [OPTIONS] FILE\n"
        "Compression figures of the reference codecs over the lines of FILE ('-': standard input).\n"
        "FILE holds one line per text line in hex (byte 0 first; blank lines and '#' comments are skipped),\n"
        "or with --binary raw memory cut into lines.\n"
        "\n"
        "  --alg LIST        all (default), or names separated by commas:\n"
        "                      bdi fpc cpack cpack-classic magbdi mpc   the codecs\n"
        "                      best   per line, the codec with the fewest bursts (then the fewest bytes)\n"
        "                      cost   per line, the codec with the least bursts*C_burst + instructions*C_insn,\n"
        "                             the decompression instructions counted by running each codec's\n"
        "                             subroutine in the emulator (cpack-classic has none: not a candidate)\n"
        "                    all = every codec, best and cost.  mpc compresses 32-byte blocks only (the\n"
        "                    setting of the MPC paper and RTL): with --line 64 or 128, 'all' leaves it out\n"
        "                    and '--alg mpc' is refused.\n"
        "  --line 32|64|128  line size in bytes (default 32)\n"
        "  --mag 16|32|64    memory access granularity: a burst's bytes (default 32)\n"
        "  --binary          FILE is raw memory, not hex text\n"
        "  --format table|csv|json   (default table)\n"
        "  --cost-burst C    cost of a burst (default 100);  --cost-insn C   of an instruction (default 1)\n"
        "  --subroutines DIR the decompression subroutines (default: subroutines/ under the data root:\n"
        "                    $AWEMU_DATADIR, else PREFIX/share/awemu or the source tree beside bin/awemu)\n"
        "  --mpc-params DIR  mpc's prediction models from DIR (comp_2..6.txt, decomp_2..6.txt) instead of\n"
        "                    the authors' RTL models (not with 'cost': subroutines/mpc/mpc.s has those built in)\n"
        "  --mpc-train DIR   learn mpc's five models from FILE's 32-byte blocks (MPC section 3.1:\n"
        "                    subroutines/mpc/mpc_train.h) and write them into DIR, a new or empty directory\n"
        "                    (--force: replace the model files of one that has them); no report\n"
        "  --force           with --mpc-train: replace the model files already in DIR\n"
        "  -h, --help        this text;  --version   the version\n"
        "Options take their value as '--opt VALUE' or '--opt=VALUE'.\n"
        "\n"
        "Columns: lines; compressed = lines whose payload is smaller than the line (fewer bytes, whatever\n"
        "the encoding; the same for every row, best and cost included); ratio = raw bytes / payload bytes (inf when every payload is 0 bytes);\n"
        "effective = raw bytes / bytes fetched in whole bursts of MAG bytes (at least one burst a line);\n"
        "then the share of lines by the bursts they take.  The MPC models come from $AWEMU_MPC_PARAMS,\n"
        "else subroutines/mpc/params/rtl under the data root.\n"
        "Exit status: 0 ok, 1 malformed input or missing data, 2 usage or I/O error.\n", f);
}

/* s as a JSON string, pure ASCII (isa/json.h). */
static void json_string(FILE *out, const char *s) { isa_json_string(out, s, ISA_JSON_ASCII); }

/* Decompression instructions for one line: runs the subroutine the AWS picks
 * for its encoding and checks that it gives the line back.  -1 with a message
 * in why when it fails. */
static long dec_insns(aw_device *d, aw_module *m, const uint8_t *ln, const uint8_t *pay, const codec_meta *cm, unsigned line,
                      unsigned mag, char *why, size_t cap) {
  const char *sub = aw_subroutine_for(m, 1, (int)cm->encoding, line);
  if (!sub) { snprintf(why, cap, "no subroutine for encoding %u", (unsigned)cm->encoding); return -1; }
  uint8_t out[CODEC_MAX_LINE], in[CODEC_MAX_PAYLOAD];
  aw_line l;
  memset(&l, 0, sizeof l);
  memset(out, 0, sizeof out);
  l.in = in; l.in_bytes = codec_line_buffer(in, pay, cm->size, line);
  l.out = out; l.out_bytes = line;
  uint32_t v[4] = { cm->encoding, cm->size, line, mag };
  for (int i = 0; i < 4; i++) for (int b = 0; b < 4; b++) l.meta[4 * i + b] = (uint8_t)(v[i] >> (8 * b));
  aw_fault f;
  if (aw_run_subroutine(d, m, sub, &l, &f) != AW_OK) {
    char msg[512];
    aw_fault_format(&f, msg, sizeof msg);
    snprintf(why, cap, "subroutine %s: %s", sub, msg);
    return -1;
  }
  if (memcmp(out, ln, line)) { snprintf(why, cap, "subroutine %s does not give the line back", sub); return -1; }
  return (long)aw_get_stats(d).warp_insns;
}

/* --name VALUE or --name=VALUE: 1 and *val when argv[*i] is that option,
 * 0 when it is not, -1 (message) when its value is missing */
static int opt_value(int argc, char **argv, int *i, const char *name, const char **val, FILE *err) {
  const char *a = argv[*i];
  size_t n = strlen(name);
  if (strncmp(a, name, n)) return 0;
  if (a[n] == '=') { *val = a + n + 1; return 1; }
  if (a[n]) return 0;
  if (*i + 1 >= argc) { fprintf(err, "awemu compress: option '%s' needs a value\n", name); return -1; }
  *val = argv[++*i];
  return 1;
}

static int parse_choice(const char *opt, const char *v, unsigned *out, const unsigned *allowed, const char *list, FILE *err) {
  char *end;
  errno = 0;
  unsigned long x = strtoul(v, &end, 10);
  if (!errno && *v >= '0' && *v <= '9' && !*end)
    for (int k = 0; allowed[k]; k++) if (x == allowed[k]) { *out = (unsigned)x; return 0; }
  fprintf(err, "awemu compress: %s '%s': must be %s\n", opt, v, list);
  return -1;
}

static int parse_cost(const char *opt, const char *v, double *out, FILE *err) {
  char *end;
  errno = 0;
  double x = strtod(v, &end);
  if (errno || end == v || *end || !isfinite(x) || x < 0 || x > 1e12) {
    fprintf(err, "awemu compress: %s '%s': must be a number from 0 to 1e12\n", opt, v);
    return -1;
  }
  *out = x;
  return 0;
}

static int add_alg(algstats *st, int *nst, const codec *cd) {
  for (int a = 0; a < *nst; a++) if (st[a].cd == cd) return 0;
  if (*nst >= MAX_ALGS) return 0;
  memset(&st[*nst], 0, sizeof st[*nst]);
  st[(*nst)++].cd = cd;
  return 1;
}

/* awemu compress --mpc-train DIR FILE: MPC's models learned from FILE's
 * 32-byte blocks, written into DIR (new or empty; with force, its model files
 * are replaced).  0, 1 (bad input, training failed), 2 (usage, I/O). */
static int mpc_train_main(const char *file, int binary, unsigned line, const char *dir, int force, FILE *out, FILE *err) {
  if (line != MPC_BLOCK_BYTES) {
    fprintf(err, "awemu compress: --mpc-train learns from 32-byte blocks: drop --line %u (with --binary the memory is cut into 32-byte blocks)\n", line);
    return 2;
  }
  struct stat st;
  if (stat(dir, &st) == 0) {
    if (!S_ISDIR(st.st_mode)) { fprintf(err, "awemu compress: --mpc-train %s: exists and is not a directory\n", dir); return 2; }
    for (unsigned k = MPC_FIRST_MODEL; k <= MPC_LAST_MODEL && !force; k++)
      for (int d = 0; d < 2; d++) {
        char path[PATH_MAX + 64];
        snprintf(path, sizeof path, "%s/%s_%u.txt", dir, d ? "decomp" : "comp", k);
        if (access(path, F_OK) == 0) {
          fprintf(err, "awemu compress: --mpc-train %s: it holds models already (%s); --force replaces them\n", dir, path);
          return 2;
        }
      }
  }
  uint8_t *data = NULL;
  size_t n = 0;
  int rc = read_lines(file, binary, MPC_BLOCK_BYTES, &data, &n, err);
  if (rc) return rc;
  if (!n) { fprintf(err, "awemu compress: --mpc-train: %s holds no 32-byte block\n", file); free(data); return 1; }
  size_t modelled = 0;
  for (size_t i = 0; i < n; i++) modelled += mpc_train_classify(data + (size_t)MPC_BLOCK_BYTES * i) != 0;
  char e[512] = "";
  if (mpc_train(data, n, dir, e, sizeof e)) { fprintf(err, "awemu compress: --mpc-train: %s\n", e); free(data); return 1; }
  /* what was written loads, and every block goes through it and back */
  mpc_params *p = mpc_load(dir, e, sizeof e);
  if (!p) { fprintf(err, "awemu compress: --mpc-train: the models written to %s do not load: %s\n", dir, e); free(data); return 1; }
  for (size_t i = 0; i < n; i++) {
    uint8_t cw[MPC_CODEWORD_BYTES], back[MPC_BLOCK_BYTES];
    const uint8_t *b = data + (size_t)MPC_BLOCK_BYTES * i;
    unsigned bits = mpc_compress(p, b, cw, NULL);
    if (mpc_decompress(p, cw, bits, back) != (int)bits || memcmp(back, b, MPC_BLOCK_BYTES)) {
      fprintf(err, "awemu compress: --mpc-train: block %zu of %s does not come back through the learned models (an internal error)\n", i + 1, file);
      mpc_free(p);
      free(data);
      return 1;
    }
  }
  mpc_free(p);
  free(data);
  fprintf(out, "mpc: models 2..6 learned from %zu blocks of %s (%zu of them need a model; the rest are zero or one repeated word), "
               "written to %s/comp_2..6.txt and decomp_2..6.txt; every block comes back through them\n", n, file, modelled, dir);
  return 0;
}

/* The options of awemu compress (--help) and its FILE. */
typedef struct {
  const char *algs, *format, *file, *subdir, *mpc_dir, *mpc_out;
  unsigned line, mag;
  int binary, force;
  double cost_burst, cost_insn;
} compress_opts;

/* Reads the command line into *o: -1, or the exit status (0 after --help or --version, 2 after
 * a message). */
static int compress_args(int argc, char **argv, FILE *out, FILE *err, compress_opts *o) {
  const char *algs = "all", *format = "table", *file = NULL, *subdir = NULL, *mpc_dir = NULL, *mpc_out = NULL;
  unsigned line = 32, mag = 32;
  int binary = 0, no_more_options = 0, force = 0;
  double cost_burst = 100.0, cost_insn = 1.0;
  static const unsigned lines_ok[] = { 32, 64, 128, 0 }, mags_ok[] = { 16, 32, 64, 0 };
  for (int i = 0; i < argc; i++) {
    const char *a = argv[i], *v = NULL;
    int r;
    if (no_more_options || a[0] != '-' || !strcmp(a, "-")) {
      if (file) { fprintf(err, "awemu compress: unexpected argument '%s' (one FILE only; '%s' is the FILE)\n", a, file); return 2; }
      file = a;
      continue;
    }
    if (!strcmp(a, "--")) { no_more_options = 1; continue; }
    if (!strcmp(a, "-h") || !strcmp(a, "--help")) { usage(out); return 0; }
    if (!strcmp(a, "--version")) { fprintf(out, "awemu compress (awemu) %s\n", AWEMU_VERSION); return 0; }
    if (!strcmp(a, "--binary")) { binary = 1; continue; }
    if ((r = opt_value(argc, argv, &i, "--alg", &v, err))) { if (r < 0) return 2; algs = v; continue; }
    if ((r = opt_value(argc, argv, &i, "--format", &v, err))) {
      if (r < 0) return 2;
      if (strcmp(v, "table") && strcmp(v, "csv") && strcmp(v, "json")) {
        fprintf(err, "awemu compress: --format '%s': must be table, csv or json\n", v);
        return 2;
      }
      format = v;
      continue;
    }
    if ((r = opt_value(argc, argv, &i, "--line", &v, err))) {
      if (r < 0 || parse_choice("--line", v, &line, lines_ok, "32, 64 or 128", err)) return 2;
      continue;
    }
    if ((r = opt_value(argc, argv, &i, "--mag", &v, err))) {
      if (r < 0 || parse_choice("--mag", v, &mag, mags_ok, "16, 32 or 64", err)) return 2;
      continue;
    }
    if ((r = opt_value(argc, argv, &i, "--cost-burst", &v, err))) {
      if (r < 0 || parse_cost("--cost-burst", v, &cost_burst, err)) return 2;
      continue;
    }
    if ((r = opt_value(argc, argv, &i, "--cost-insn", &v, err))) {
      if (r < 0 || parse_cost("--cost-insn", v, &cost_insn, err)) return 2;
      continue;
    }
    if ((r = opt_value(argc, argv, &i, "--subroutines", &v, err))) { if (r < 0) return 2; subdir = v; continue; }
    if ((r = opt_value(argc, argv, &i, "--mpc-params", &v, err))) { if (r < 0) return 2; mpc_dir = v; continue; }
    if ((r = opt_value(argc, argv, &i, "--mpc-train", &v, err))) { if (r < 0) return 2; mpc_out = v; continue; }
    if (!strcmp(a, "--force")) { force = 1; continue; }
    fprintf(err, "awemu compress: unknown option '%s' (awemu compress --help lists them)\n", a);
    return 2;
  }
  o->algs = algs; o->format = format; o->file = file; o->subdir = subdir; o->mpc_dir = mpc_dir; o->mpc_out = mpc_out;
  o->line = line; o->mag = mag;
  o->binary = binary; o->force = force;
  o->cost_burst = cost_burst; o->cost_insn = cost_insn;
  return -1;
}

/* Leaves out of st the algorithms that do not work at this line size and MAG, named in left_out
 * (an explicit one is an error): 0, or the exit status after a message. */
static int usable_algs(algstats *st, int *nstp, int *explicit_alg, unsigned line, unsigned mag, char *left_out, size_t left_cap, FILE *err) {
  int nst = *nstp;
  for (int a = 0; a < nst; a++) {
    uint8_t zero[CODEC_MAX_LINE] = { 0 }, pay[CODEC_MAX_PAYLOAD];
    codec_meta cm;
    if (st[a].cd == &codec_mpc && line == MPC_BLOCK_BYTES && !mpc_default_params()) {
      fprintf(err, "awemu compress: mpc: cannot load the prediction models: %s\n", mpc_default_error());
      return 1;
    }
    if (!st[a].cd->compress(zero, line, mag, pay, &cm)) continue;
    const char *nm = st[a].cd->name;
    if (explicit_alg[a]) {
      if (st[a].cd == &codec_mpc)
        fprintf(err, "awemu compress: --alg mpc with --line %u: mpc compresses 32-byte blocks only (the setting of the MPC "
                "paper and its RTL); use --line 32 on data cut into 32-byte lines (with --binary, each %u-byte line is %u of them)\n",
                line, line, line / 32);
      else fprintf(err, "awemu compress: --alg %s does not work with --line %u --mag %u\n", nm, line, mag);
      return 2;
    }
    size_t used = strlen(left_out);
    snprintf(left_out + used, left_cap - used, "%s%s", used ? ", " : "", nm);
    memmove(&st[a], &st[a + 1], (size_t)(nst - a - 1) * sizeof st[0]);
    memmove(&explicit_alg[a], &explicit_alg[a + 1], (size_t)(nst - a - 1) * sizeof explicit_alg[0]);
    nst--; *nstp = nst;
    a--;
  }
  return 0;
}

/* Loads the decompression subroutines of st's algorithms (from subdir, else the installed ones)
 * into a new *devp, mods[a] for algorithm a: 0, or the exit status after a message. */
static int load_decompressors(const char *subdir, const algstats *st, int nst, aw_device **devp, aw_module **mods, FILE *err) {
  char dir[PATH_MAX + 256];
  if (subdir) snprintf(dir, sizeof dir, "%s", subdir);
  else if (aw_data_path("subroutines", dir, sizeof dir)) {
    fprintf(err, "awemu compress: the cost-aware choice needs the decompression subroutines: %s\n", dir);
    return 1;
  }
  aw_device *dev = aw_device_new();
  if (!dev) { fprintf(err, "awemu compress: out of memory\n"); return 2; }
  aw_set_insn_limit(dev, SUB_INSN_LIMIT);
  for (int a = 0; a < nst; a++) {
    const char *nm = st[a].cd->name;
    if (!strcmp(nm, "cpack-classic")) continue;   /* classic C-Pack has no subroutine */
    char path[2 * PATH_MAX], e2[4096];
    snprintf(path, sizeof path, "%s/%s/%s.s", dir, nm, nm);
    mods[a] = aw_module_load_file(dev, path, e2, sizeof e2);
    if (!mods[a]) {
      fprintf(err, "awemu compress: the cost-aware choice needs %s's decompression subroutine: %s: %s\n", nm, path, e2);
      aw_device_free(dev);
      return 1;
    }
  }
  *devp = dev;
  return 0;
}

/* Whether the cost-aware choice can run on st's algorithms: 0, or 2 after a message. */
static int cost_possible(const algstats *st, int nst, int want_cost, const char *mpc_dir, FILE *err) {
  /* models other than the authors' (--mpc-params, or $AWEMU_MPC_PARAMS, which the default models come from)
   * and 'cost': mpc.s, which cost runs, has the RTL models built in, and would not give mpc's lines back */
  const char *env_mpc = getenv("AWEMU_MPC_PARAMS");
  int mpc_used = 0;
  for (int a = 0; a < nst; a++) mpc_used |= st[a].cd == &codec_mpc;
  if (want_cost && mpc_used && (mpc_dir || (env_mpc && *env_mpc))) {
    fprintf(err, "awemu compress: %s with 'cost': the cost-aware choice runs subroutines/mpc/mpc.s, which has the authors' "
                 "RTL models built in (name the algorithms without cost, e.g. --alg bdi,fpc,cpack,mpc,best%s)\n",
            mpc_dir ? "--mpc-params" : "$AWEMU_MPC_PARAMS", mpc_dir ? "" : ", or unset AWEMU_MPC_PARAMS");
    return 2;
  }
  int subs = 0;   /* algorithms with a decompression subroutine, cost's candidates */
  for (int a = 0; a < nst; a++) subs += strcmp(st[a].cd->name, "cpack-classic") != 0;
  if (want_cost && !subs) {
    fprintf(err, "awemu compress: 'cost' chooses among the algorithms with a decompression subroutine, and cpack-classic has none\n");
    return 2;
  }
  return 0;
}

int aw_compress_main(int argc, char **argv, FILE *out, FILE *err) {
  compress_opts o;
  int arg_rc = compress_args(argc, argv, out, err, &o);
  if (arg_rc >= 0) return arg_rc;
  const char *algs = o.algs, *format = o.format, *file = o.file, *subdir = o.subdir, *mpc_dir = o.mpc_dir, *mpc_out = o.mpc_out;
  unsigned line = o.line, mag = o.mag;
  int binary = o.binary, force = o.force;
  double cost_burst = o.cost_burst, cost_insn = o.cost_insn;
  if (!file) { fprintf(err, "awemu compress: no FILE given (awemu compress --help)\n"); return 2; }
  if (force && !mpc_out) { fprintf(err, "awemu compress: --force applies to --mpc-train only\n"); return 2; }
  if (mpc_out) return mpc_train_main(file, binary, line, mpc_out, force, out, err);
  if (mpc_dir && mpc_set_default_params(mpc_dir)) {
    fprintf(err, "awemu compress: --mpc-params %s: %s\n", mpc_dir, mpc_default_error());
    return 1;
  }

  /* the algorithms asked for: explicit ones must work at this line size and MAG, 'all' leaves out those that do not */
  algstats st[MAX_ALGS];
  int nst = 0, want_best = 0, want_cost = 0, explicit_alg[MAX_ALGS] = { 0 };
  char *list = malloc(strlen(algs) + 1);
  if (!list) { fprintf(err, "awemu compress: out of memory\n"); return 2; }
  strcpy(list, algs);
  int bad = 0;
  for (char *save = NULL, *t = strtok_r(list, ",", &save); t && !bad; t = strtok_r(NULL, ",", &save)) {
    if (!strcmp(t, "all")) { for (int k = 0; codecs[k]; k++) add_alg(st, &nst, codecs[k]); want_best = want_cost = 1; continue; }
    if (!strcmp(t, "best")) { want_best = 1; continue; }
    if (!strcmp(t, "cost")) { want_cost = 1; continue; }
    const codec *cd = codec_find(t);
    if (!cd) { fprintf(err, "awemu compress: --alg: unknown algorithm '%s' (awemu compress --help lists them)\n", t); bad = 1; break; }
    add_alg(st, &nst, cd);
    for (int a = 0; a < nst; a++) if (st[a].cd == cd) explicit_alg[a] = 1;
  }
  free(list);
  if (bad) return 2;
  if (!nst && !want_best && !want_cost) { fprintf(err, "awemu compress: --alg '%s' names no algorithm\n", algs); return 2; }
  if (!nst) for (int k = 0; codecs[k]; k++) add_alg(st, &nst, codecs[k]);

  int cost_rc = cost_possible(st, nst, want_cost, mpc_dir, err);
  if (cost_rc) return cost_rc;
  if (!mpc_dir) aw_data_setup_codecs();
  char left_out[256] = "";
  int use_rc = usable_algs(st, &nst, explicit_alg, line, mag, left_out, sizeof left_out, err);
  if (use_rc) return use_rc;
  if (left_out[0])
    fprintf(err, "awemu compress: note: left out at --line %u: %s (32-byte blocks only; see --help)\n", line, left_out);

  /* decompression subroutines, for the cost-aware choice: all of them must be there */
  aw_device *dev = NULL;
  aw_module *mods[MAX_ALGS] = { 0 };
  if (want_cost) {
    int sub_rc = load_decompressors(subdir, st, nst, &dev, mods, err);
    if (sub_rc) return sub_rc;
  }

  uint8_t *data = NULL;
  size_t nlines = 0;
  int rc = read_lines(file, binary, line, &data, &nlines, err);
  if (rc) { if (dev) aw_device_free(dev); return rc; }

  algstats best, cost;
  memset(&best, 0, sizeof best);
  memset(&cost, 0, sizeof cost);
  uint64_t cost_insns = 0, cost_choice[MAX_ALGS] = { 0 };
  for (size_t i = 0; i < nlines && !rc; i++) {
    const uint8_t *ln = data + i * line;
    unsigned best_bytes = ~0u, best_size = 0, cost_bytes = 0, cost_size = 0;
    double best_cost = HUGE_VAL;
    int cost_alg = -1;
    long cost_ins = 0;
    for (int a = 0; a < nst; a++) {
      uint8_t pay[CODEC_MAX_PAYLOAD];
      codec_meta cm;
      if (st[a].cd->compress(ln, line, mag, pay, &cm)) {
        fprintf(err, "awemu compress: line %zu: %s refuses it\n", i + 1, st[a].cd->name);
        rc = 1;
        break;
      }
      unsigned b = codec_bursts(cm.size, mag);
      algstats *s = &st[a];
      s->lines++; s->raw += line; s->payload += cm.size; s->burst_bytes += (uint64_t)b * mag;
      if (cm.size < line) s->compressed++;
      s->bursts[b < MAX_BURSTS ? b : MAX_BURSTS]++;
      if (cm.encoding < 64) s->enc[cm.encoding]++;
      if (b * mag < best_bytes || (b * mag == best_bytes && cm.size < best_size)) { best_bytes = b * mag; best_size = cm.size; }
      if (want_cost && mods[a]) {
        char why[1024];
        long ins = cm.encoding ? dec_insns(dev, mods[a], ln, pay, &cm, line, mag, why, sizeof why) : 0;
        if (ins < 0) {
          fprintf(err, "awemu compress: line %zu: %s's decompression: %s\n", i + 1, st[a].cd->name, why);
          rc = 1;
          break;
        }
        double c = b * cost_burst + (double)ins * cost_insn;
        if (c < best_cost) { best_cost = c; cost_alg = a; cost_bytes = b * mag; cost_size = cm.size; cost_ins = ins; }
      }
    }
    if (rc) break;
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
  free(data);
  if (dev) aw_device_free(dev);
  if (rc) return rc;

  /* output */
  algstats *rows[MAX_ALGS + 2];
  const char *names[MAX_ALGS + 2];
  int nrows = 0;
  for (int a = 0; a < nst; a++) { rows[nrows] = &st[a]; names[nrows++] = st[a].cd->name; }
  if (want_best) { rows[nrows] = &best; names[nrows++] = "best"; }
  if (want_cost) { rows[nrows] = &cost; names[nrows++] = "cost"; }
  unsigned maxb = (line + mag - 1) / mag;   /* (a MAG larger than the line: 1 burst) */
  const char *shown = strcmp(file, "-") ? file : "(standard input)";
  if (!strcmp(format, "table")) {
    fprintf(out, "%zu lines of %u bytes from %s, MAG %u bytes\n", nlines, line, shown, mag);
    if (left_out[0]) fprintf(out, "(left out: %s, which compresses 32-byte blocks only)\n", left_out);
    fputc('\n', out);
    fprintf(out, "%-14s %8s %10s %7s %9s", "algorithm", "lines", "compressed", "ratio", "effective");
    for (unsigned b = 1; b <= maxb && b < MAX_BURSTS; b++) fprintf(out, " %6u", b);
    fprintf(out, "   (share of lines by bursts of %u bytes)\n", mag);
    for (int r = 0; r < nrows; r++) {
      algstats *s = rows[r];
      char ratio[32];
      ratio_text(s, "%.3f", "inf", ratio, sizeof ratio);
      fprintf(out, "%-14s %8llu %10llu %7s %9.3f", names[r], (unsigned long long)s->lines, (unsigned long long)s->compressed,
              ratio, s->burst_bytes ? (double)s->raw / (double)s->burst_bytes : 0.0);
      for (unsigned b = 1; b <= maxb && b < MAX_BURSTS; b++) fprintf(out, " %5.1f%%", s->lines ? 100.0 * (double)s->bursts[b] / (double)s->lines : 0.0);
      fputc('\n', out);
    }
    fprintf(out, "(compressed: lines whose payload is smaller than the line)\n");
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
      char ratio[32];
      ratio_text(s, "%.6f", "inf", ratio, sizeof ratio);
      fprintf(out, "%s,%llu,%llu,%llu,%llu,%llu,%s,%.6f", names[r], (unsigned long long)s->lines, (unsigned long long)s->compressed,
              (unsigned long long)s->raw, (unsigned long long)s->payload, (unsigned long long)s->burst_bytes,
              ratio, s->burst_bytes ? (double)s->raw / (double)s->burst_bytes : 0.0);
      for (unsigned b = 1; b <= maxb && b < MAX_BURSTS; b++) fprintf(out, ",%llu", (unsigned long long)s->bursts[b]);
      fputc('\n', out);
    }
  } else {
    fprintf(out, "{\"file\": ");
    json_string(out, file);
    fprintf(out, ", \"lines\": %zu, \"line_bytes\": %u, \"mag\": %u, \"algorithms\": [", nlines, line, mag);
    for (int r = 0; r < nrows; r++) {
      algstats *s = rows[r];
      char ratio[32];
      ratio_text(s, "%.6f", "null", ratio, sizeof ratio);
      fprintf(out, "%s\n  {\"name\": \"%s\", \"lines\": %llu, \"compressed\": %llu, \"raw_bytes\": %llu, \"payload_bytes\": %llu, \"burst_bytes\": %llu, "
              "\"ratio\": %s, \"effective\": %.6f, \"bursts\": [", r ? "," : "", names[r], (unsigned long long)s->lines,
              (unsigned long long)s->compressed, (unsigned long long)s->raw, (unsigned long long)s->payload, (unsigned long long)s->burst_bytes,
              ratio, s->burst_bytes ? (double)s->raw / (double)s->burst_bytes : 0.0);
      for (unsigned b = 1; b <= maxb && b < MAX_BURSTS; b++) fprintf(out, "%s%llu", b > 1 ? ", " : "", (unsigned long long)s->bursts[b]);
      fprintf(out, "], \"encodings\": {");
      int first = 1;
      if (r < nst) for (uint32_t e = 0; e < st[r].cd->nencodings && e < 64; e++)
        if (st[r].enc[e]) { fprintf(out, "%s\"%s\": %llu", first ? "" : ", ", st[r].cd->encodings[e], (unsigned long long)st[r].enc[e]); first = 0; }
      fprintf(out, "}}");
    }
    fprintf(out, "\n]}\n");
  }
  if (fflush(out) || ferror(out)) { fprintf(err, "awemu compress: cannot write the report: %s\n", strerror(errno)); return 2; }
  return 0;
}
