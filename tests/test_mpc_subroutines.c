/* tests/test_mpc_subroutines.c -- the MPC assist-warp subroutines on every test vector.
 *
 * For each of the 5000 real blocks of tests/data/mpc-rtl/blocks.txt the
 * compression subroutine of subroutines/mpc/mpc.s, run in the emulator, must
 * give the reference codec's payload and metadata (codec_mpc, rtl_params), and
 * the decompression subroutine the AWS picks for the encoding must give the
 * block back.  Prints warp instructions and lanes per block (make bench).
 */
#include "../emu/awemu.h"
#include "../isa/isa.h"
#include "../subroutines/codec.h"
#include "../subroutines/mpc/mpc.h"
#include "check.h"

#include <stdlib.h>
#include <string.h>

extern const codec codec_mpc;

static int hexbyte(const char *p) {
  char two[3] = { p[0], p[1], 0 };
  return (int)strtol(two, NULL, 16);
}

int main(void) {
  FILE *f = fopen("tests/data/mpc-rtl/blocks.txt", "r");
  CHECK(f != NULL, "tests/data/mpc-rtl/blocks.txt is readable");
  if (!f) return 1;
  /* the tests run from the repository root */
  CHECK(mpc_set_default_params(MPC_DEFAULT_PARAMS) == 0, "mpc: the models of %s load (%s)", MPC_DEFAULT_PARAMS, mpc_default_error());
  aw_device *d = aw_device_new();
  aw_set_insn_limit(d, 1000000);
  char err[8192];
  aw_module *m = aw_module_load_file(d, "subroutines/mpc/mpc.s", err, sizeof err);
  CHECK(m != NULL, "subroutines/mpc/mpc.s assembles and loads%s%s", m ? "" : ": ", m ? "" : err);
  if (!m) { fclose(f); aw_device_free(d); return 1; }
  const char *csub = aw_subroutine_for(m, 0, -1, 32);
  CHECK(csub != NULL, "a subroutine has '.trigger compress'");
  if (!csub) { fclose(f); aw_device_free(d); return 1; }
  char line[256];
  unsigned n = 0, comp_ok = 0, dec_ok = 0;
  uint64_t cw = 0, ct = 0, dw = 0, dt = 0, runs_d = 0;
  char first_bad[512] = "";
  while (fgets(line, sizeof line, f)) {
    if (strlen(line) < 64) continue;
    uint8_t block[32], pay[CODEC_MAX_PAYLOAD], out[CODEC_MAX_PAYLOAD], back[32];
    for (int i = 0; i < 32; i++) block[i] = (uint8_t)hexbyte(line + 2 * i);
    n++;
    codec_meta cm;
    if (codec_mpc.compress(block, 32, 32, pay, &cm)) { snprintf(first_bad, sizeof first_bad, "block %u: the reference refuses it", n); continue; }
    aw_line l;
    memset(&l, 0, sizeof l);
    l.in = block; l.in_bytes = 32;
    memset(out, 0xa5, sizeof out);
    l.out = out; l.out_bytes = sizeof out;
    isa_put_u32(l.meta + 8, 32);
    isa_put_u32(l.meta + 12, 32);
    aw_fault fault;
    aw_status st = aw_run_subroutine(d, m, csub, &l, &fault);
    aw_stats s = aw_get_stats(d);
    cw += s.warp_insns; ct += s.thread_insns;
    if (st == AW_OK && isa_get_u32(l.meta) == cm.encoding && isa_get_u32(l.meta + 4) == cm.size && !memcmp(out, pay, cm.size)) comp_ok++;
    else if (!first_bad[0]) snprintf(first_bad, sizeof first_bad, "block %u (%.64s): compression gives encoding %u size %u, reference %u size %u%s",
                                     n, line, isa_get_u32(l.meta), isa_get_u32(l.meta + 4), cm.encoding, cm.size, st == AW_OK ? "" : " (fault)");
    const char *dsub = aw_subroutine_for(m, 1, (int)cm.encoding, 32);
    if (!dsub) { if (!first_bad[0]) snprintf(first_bad, sizeof first_bad, "no subroutine has '.trigger decompress %u'", cm.encoding); continue; }
    uint8_t lin[CODEC_MAX_PAYLOAD];
    memset(&l, 0, sizeof l);
    l.in = lin; l.in_bytes = codec_line_buffer(lin, pay, cm.size, 32);
    memset(back, 0x5a, sizeof back);
    l.out = back; l.out_bytes = 32;
    isa_put_u32(l.meta, cm.encoding);
    isa_put_u32(l.meta + 4, cm.size);
    isa_put_u32(l.meta + 8, 32);
    isa_put_u32(l.meta + 12, 32);
    st = aw_run_subroutine(d, m, dsub, &l, &fault);
    s = aw_get_stats(d);
    dw += s.warp_insns; dt += s.thread_insns; runs_d++;
    if (st == AW_OK && !memcmp(back, block, 32)) dec_ok++;
    else if (!first_bad[0]) snprintf(first_bad, sizeof first_bad, "block %u: %s does not give the block back%s", n, dsub, st == AW_OK ? "" : " (fault)");
  }
  fclose(f);
  CHECK(n == 5000 && comp_ok == n, "compression subroutine agrees with the reference on %u of %u vectors%s%s", comp_ok, n, first_bad[0] ? "; first difference: " : "", first_bad);
  CHECK(n == 5000 && dec_ok == n, "decompression subroutines restore %u of %u vectors", dec_ok, n);
  if (n && runs_d)
    printf("mpc: %.1f warp instructions per block to compress (%.1f lanes active), %.1f to decompress (%.1f lanes)\n",
           (double)cw / n, cw ? (double)ct / (double)cw : 0.0, (double)dw / (double)runs_d, dw ? (double)dt / (double)dw : 0.0);
  aw_device_free(d);
  printf("%s\n", check_failed ? "test_mpc_subroutines: failures" : "test_mpc_subroutines: ok");
  return check_failed ? 1 : 0;
}
