/* tests/test_mpc_train.c -- MPC parameter extraction (subroutines/mpc/mpc_train).
 *
 * Trains the five models on the even lines of the 5000 real blocks
 * (tests/data/mpc-rtl/blocks.txt), writes them into a temporary
 * directory, loads them with mpc_load, checks the trained trees and shifts,
 * and on the held-out odd lines checks that every block round-trips and
 * prints the compression ratio (256 N / sum of codeword bits) with the
 * trained model, with rtl_params and with config_params.
 */
#define _DEFAULT_SOURCE         /* mkdtemp */
#include "../subroutines/mpc/mpc.h"
#include "../subroutines/mpc/mpc_train.h"
#include "check.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define DATA "tests/data/mpc-rtl/"

static int hexval(int ch) {
  if (ch >= '0' && ch <= '9') return ch - '0';
  if (ch >= 'a' && ch <= 'f') return ch - 'a' + 10;
  if (ch >= 'A' && ch <= 'F') return ch - 'A' + 10;
  return -1;
}

/* reads up to max blocks; returns the count */
static size_t read_blocks(const char *path, uint8_t *out, size_t max) {
  FILE *f = fopen(path, "r");
  if (!f) return 0;
  char line[256];
  size_t n = 0;
  while (n < max && fgets(line, sizeof line, f)) {
    int ok = 1;
    for (unsigned i = 0; i < 32 && ok; i++) {
      int hi = hexval(line[2 * i]), lo = hexval(line[2 * i + 1]);
      if (hi < 0 || lo < 0) ok = 0;
      else out[n * 32 + i] = (uint8_t)(hi << 4 | lo);
    }
    if (ok) n++;
  }
  fclose(f);
  return n;
}

/* compresses and decompresses every block; returns the ratio, counts round-trip failures */
static double ratio(const mpc_params *p, const uint8_t *blocks, size_t n, unsigned *bad, unsigned cls[8]) {
  double bits = 0;
  *bad = 0;
  for (size_t t = 0; t < n; t++) {
    uint8_t cw[MPC_CODEWORD_BYTES], back[32];
    mpc_info info;
    unsigned sz = mpc_compress(p, blocks + t * 32, cw, &info);
    int d = mpc_decompress(p, cw, sz, back);
    if (d != (int)sz || memcmp(back, blocks + t * 32, 32) != 0) (*bad)++;
    if (cls) cls[info.cls & 7]++;
    bits += sz;
  }
  return bits > 0 ? 256.0 * (double)n / bits : 0.0;
}

static int is_tree(const mpc_model *m) {
  if (m->root >= 32 || m->base[m->root] != m->root) return 0;
  for (unsigned j = 0; j < 32; j++) {
    unsigned x = j, steps = 0;
    if (m->base[j] >= 32) return 0;
    while (x != m->root && steps <= 32) { x = m->base[x]; steps++; }
    if (x != m->root) return 0;
    if (j != m->root && (m->shift[j] < -7 || m->shift[j] > 7)) return 0;
  }
  unsigned char seen[256] = {0};
  for (unsigned t = 0; t < 256; t++) {
    if (m->row[t] > 7 || m->col[t] > 31) return 0;
    unsigned c = m->row[t] * 32u + m->col[t];
    if (seen[c]++) return 0;
  }
  return 1;
}

int main(void) {
  enum { MAXB = 5000 };
  uint8_t *all = malloc(MAXB * 32), *train = malloc(MAXB * 32), *held = malloc(MAXB * 32);
  if (!all || !train || !held) { printf("FAIL out of memory\n"); return 1; }
  size_t n = read_blocks(DATA "blocks.txt", all, MAXB);
  CHECK(n == MAXB, "read %zu real blocks from blocks.txt", n);
  size_t ntr = 0, nho = 0;
  for (size_t t = 0; t < n; t++) {                 /* fixed split: even lines train, odd lines held out */
    if (t % 2 == 0) memcpy(train + 32 * ntr++, all + 32 * t, 32);
    else memcpy(held + 32 * nho++, all + 32 * t, 32);
  }
  unsigned hist[7] = {0};
  for (size_t t = 0; t < ntr; t++) hist[mpc_train_classify(train + 32 * t)]++;
  printf("# training classes: unmodelled %u, int8 %u, int16 %u, int32/64 %u, fp32 %u, fp64 %u\n", hist[0], hist[2],
         hist[3], hist[4], hist[5], hist[6]);

  char dir[] = "/tmp/awemu_mpc_train_XXXXXX";
  CHECK(mkdtemp(dir) != NULL, "temporary directory");
  char out[300], err[256] = "";
  snprintf(out, sizeof out, "%s/params", dir);
  int rc = mpc_train(train, ntr, out, err, sizeof err);
  CHECK(rc == 0, "mpc_train on %zu blocks writes %s (%s)", ntr, out, err);
  mpc_params *tp = mpc_load(out, err, sizeof err);
  CHECK(tp != NULL, "mpc_load accepts the trained parameters (%s)", tp ? "ok" : err);

  mpc_model ms[MPC_NMODELS];
  CHECK(mpc_train_models(train, ntr, ms, err, sizeof err) == 0, "mpc_train_models");
  for (unsigned k = 2; k <= 6; k++) {
    const mpc_model *m = tp ? mpc_get_model(tp, k) : NULL;
    CHECK(m && is_tree(m) && is_tree(&ms[k - 2]) && memcmp(m, &ms[k - 2], sizeof *m) == 0,
          "model %u: spanning tree rooted at %u, shifts in -7..7, scan a permutation, file == trained", k,
          m ? m->root : 99u);
  }

  mpc_params *rp = mpc_load("subroutines/mpc/params/rtl", err, sizeof err);
  mpc_params *cp = mpc_load("subroutines/mpc/params/config", err, sizeof err);
  CHECK(rp && cp, "rtl_params and config_params load");
  if (tp && rp && cp) {
    unsigned bad, cls[8] = {0};
    double rt = ratio(tp, held, nho, &bad, cls);
    CHECK(bad == 0, "trained model: all %zu held-out blocks round-trip (%u failures)", nho, bad);
    printf("# trained model held-out classes 0..7: %u %u %u %u %u %u %u %u\n", cls[0], cls[1], cls[2], cls[3],
           cls[4], cls[5], cls[6], cls[7]);
    double rr = ratio(rp, held, nho, &bad, NULL);
    CHECK(bad == 0, "rtl_params: held-out blocks round-trip");
    double rc2 = ratio(cp, held, nho, &bad, NULL);
    CHECK(bad == 0, "config_params: held-out blocks round-trip");
    CHECK(rt > 1.0, "held-out ratio, trained model: %.4f", rt);
    CHECK(rr > 1.0, "held-out ratio, rtl_params: %.4f", rr);
    CHECK(rc2 > 1.0, "held-out ratio, config_params: %.4f", rc2);
    /* the data set was sampled with replacement: also the held-out blocks that never occur in the training half */
    uint8_t *uniq = malloc(nho * 32 + 32);
    size_t nu = 0;
    for (size_t t = 0; uniq && t < nho; t++) {
      size_t u = 0;
      while (u < ntr && memcmp(train + 32 * u, held + 32 * t, 32) != 0) u++;
      if (u == ntr) memcpy(uniq + 32 * nu++, held + 32 * t, 32);
    }
    double ut = ratio(tp, uniq, nu, &bad, NULL), ur = ratio(rp, uniq, nu, &bad, NULL), uc = ratio(cp, uniq, nu, &bad, NULL);
    CHECK(nu > 0 && ut > 1.0, "held-out blocks absent from training (%zu): ratio trained %.4f, rtl_params %.4f, "
          "config_params %.4f", nu, ut, ur, uc);
    free(uniq);
  }
  /* degenerate inputs still give loadable parameters */
  char out2[300];
  snprintf(out2, sizeof out2, "%s/empty", dir);
  mpc_params *ep = NULL;
  if (mpc_train(NULL, 0, out2, err, sizeof err) == 0) ep = mpc_load(out2, err, sizeof err);
  CHECK(ep != NULL, "training on no blocks gives loadable parameters (%s)", ep ? "ok" : err);

  const char *names[] = {"comp", "decomp"};
  for (unsigned k = 2; k <= 6; k++)
    for (unsigned d = 0; d < 2; d++) {
      char path[400];
      snprintf(path, sizeof path, "%s/%s_%u.txt", out, names[d], k);
      remove(path);
      snprintf(path, sizeof path, "%s/%s_%u.txt", out2, names[d], k);
      remove(path);
    }
  rmdir(out);
  rmdir(out2);
  rmdir(dir);
  mpc_free(tp); mpc_free(rp); mpc_free(cp); mpc_free(ep);
  free(all); free(train); free(held);
  return check_failed ? 1 : 0;
}
