/* tests/test_config.c -- the timing configuration: presets, the file language, errors.
 *
 *   presets   each preset loads and is consistent; the figures the papers give
 *             follow from its keys (derived by hand below, not read back)
 *   language  comments, blank lines, sizes with suffixes, base, --set
 *   errors    unknown key, bad values, ranges, geometry that does not divide
 *             into power-of-two sets; each message names file, line and key
 *   roundtrip tm_config_write's output loads back to the same config
 *   nearest   an unknown key names the keys nearest to it ("did you mean"), as git does
 *   fixes     a check that one key can satisfy says which setting would
 *   host      the host memory the model takes: refused before it is built when it is
 *             more than the host has, the L2 slices' MSHRs included when there is no L2;
 *             and the estimate holds what building a model of each key at its largest
 *             accepted value allocates (under a 2 GiB address-space limit)
 *   watchdog  the limit on an SM with live assist warps that issues nothing follows from
 *             the config's longest memory request, and names the keys that set it
 *   designs   the design table (designs.def) is the key's choices, in order, and each row is
 *             consistent; every algorithm is the registry's codec (or best's and cost's
 *             four) with the hardware latencies the papers give
 */
#include "check.h"
#include "../emu/awemu.h"
#include "../emu/timing/config.h"
#include "../emu/timing/timing.h"
#include "../emu/timing/compress.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif

#if defined(__SANITIZE_ADDRESS__)
#define UNDER_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define UNDER_ASAN 1
#endif
#endif

static char dir[] = "/tmp/awemu-config-XXXXXX";

/* Writes 'text' to dir/name and returns the path (static buffer). */
static const char *write_cfg(const char *name, const char *text) {
  static char path[256];
  snprintf(path, sizeof path, "%s/%s", dir, name);
  FILE *f = fopen(path, "w");
  if (!f) return "/nonexistent";
  fputs(text, f);
  fclose(f);
  return path;
}

/* Loads 'text' as a file over the defaults and runs the checks; returns the
 * message ("" on success). */
static const char *try_cfg(const char *text) {
  static char err[512];
  tm_config c;
  tm_config_defaults(&c);
  err[0] = 0;
  if (tm_config_load(&c, write_cfg("t.cfg", text), err, sizeof err) == 0) tm_config_check(&c, err, sizeof err);
  return err;
}

static int contains(const char *s, const char *part) { return strstr(s, part) != NULL; }

static void presets(void) {
  char err[512];
  tm_config c;
  int n = 0;
  for (const char *name; (name = tm_preset_name(n, NULL)); n++) {
    tm_config_defaults(&c);
    int rc = tm_config_load(&c, name, err, sizeof err);
    CHECK(rc == 0, "preset %s loads%s%s", name, rc ? ": " : "", rc ? err : "");
    rc = tm_config_check(&c, err, sizeof err);
    CHECK(rc == 0, "preset %s is consistent%s%s", name, rc ? ": " : "", rc ? err : "");
  }
  CHECK(n == 5, "five presets (%d)", n);

  /* caba-gtx480 (CABA Table 1): 6 channels x 8 bytes x 4 transfers x 924 MHz
   * = 177,408,000,000 B/s, the paper's 177.4 GB/s.  L1: 16384 / (128 x 4) = 32
   * sets.  L2: 786432 / (6 x 2 slices) = 65536 per slice, / (128 x 16) = 32 sets. */
  tm_config_defaults(&c);
  tm_config_load(&c, "caba-gtx480", err, sizeof err);
  /* Table 1's 1.4 GHz is Fermi's hot clock: two schedulers each issuing a 32-thread warp to 16-wide
   * units take 2 hot-clock cycles, modelled as GPGPU-Sim's GTX480 configuration does, at 700 MHz */
  CHECK(c.n_sm == 15 && c.core_clock_mhz == 700 && c.sm_schedulers == 2 && c.sched_policy == TM_SCHED_GTO,
        "caba-gtx480: 15 SMs at 700 MHz (the 1.4 GHz hot clock / 2), 2 GTO schedulers");
  CHECK(c.sm_max_warps == 48 && c.sm_registers == 32768 && c.sm_shared_bytes == 32768, "caba-gtx480: 48 warps, 32768 registers, 32 KB shared");
  CHECK(c.tCL == 12 && c.tRP == 12 && c.tRC == 40 && c.tRAS == 28 && c.tRCD == 12 && c.tRRD == 6 && c.tCDLR == 5 && c.tWR == 12,
        "caba-gtx480: Table 1's GDDR5 timing");
  CHECK(fabs(tm_dram_peak_bytes_per_s(&c) - 177408000000.0) < 1, "caba-gtx480: peak DRAM bandwidth 177.408e9 B/s (%.0f)", tm_dram_peak_bytes_per_s(&c));
  CHECK(tm_l1_sets(&c) == 32 && tm_l2_slice_sets(&c) == 32, "caba-gtx480: 32 L1 sets, 32 sets per L2 slice (%lld, %lld)",
        (long long)tm_l1_sets(&c), (long long)tm_l2_slice_sets(&c));
  CHECK(!strcmp(c.origin[TM_KEY_n_sm], "caba-gtx480:10"), "origin of n_sm is caba-gtx480:10 (%s)", c.origin[TM_KEY_n_sm]);

  /* mag-gddr5 (MAG-aware BDI Table IV): 6 x 8 x 4 x 1002 MHz = 192,384,000,000 B/s
   * (192.4 GB/s); 16 SMs at 822 MHz; keys it does not set come from its base. */
  tm_config_defaults(&c);
  tm_config_load(&c, "mag-gddr5", err, sizeof err);
  CHECK(c.n_sm == 16 && c.core_clock_mhz == 822 && c.sm_shared_bytes == 49152 && c.sm_max_ctas == 8, "mag-gddr5: 16 SMs at 822 MHz, 48 KB shared, 8 CTAs");
  CHECK(fabs(tm_dram_peak_bytes_per_s(&c) - 192384000000.0) < 1, "mag-gddr5: peak 192.384e9 B/s (%.0f)", tm_dram_peak_bytes_per_s(&c));
  CHECK(c.tCL == 12 && c.sm_schedulers == 2, "mag-gddr5: the rest from caba-gtx480");

  /* mpc-titanv (MPC Table 2): 24 channels x 16 B x 2 x 850 MHz = 652,800,000,000
   * B/s = 637.5 x 1.024e9; 48 L2 slices: 4718592 / 48 = 98304, / (128 x 24) = 32
   * sets; L1 32 KB in 64 ways of 128 B = 4 sets; 1/8 bandwidth = 81.6e9 B/s. */
  tm_config_defaults(&c);
  tm_config_load(&c, "mpc-titanv", err, sizeof err);
  CHECK(c.n_sm == 80 && c.sm_max_warps == 64 && c.sm_shared_bytes == 98304 && c.l1_bytes == 32768 && c.l1_sector_bytes == 32,
        "mpc-titanv: 80 SMs, 64 warps, 96 KB shared, 32 KB L1 with 32-byte sectors");
  CHECK(c.n_mem * c.l2_slices_per_mem == 48 && c.l2_bytes == 4718592 && tm_l2_slice_sets(&c) == 32, "mpc-titanv: 4.5 MB L2 in 48 slices of 32 sets");
  CHECK(fabs(tm_dram_peak_bytes_per_s(&c) - 652800000000.0) < 1 && fabs(tm_dram_peak_bytes_per_s(&c) / 1.024e9 - 637.5) < 1e-9,
        "mpc-titanv: peak 652.8e9 B/s = 637.5 x 1.024e9");
  CHECK(tm_config_set(&c, "dram_bandwidth_scale", "0.125", "--set", err, sizeof err) == 0 &&
        fabs(tm_dram_peak_bytes_per_s(&c) - 81600000000.0) < 1, "mpc-titanv at 1/8 bandwidth: 81.6e9 B/s");

  /* h100 (H100 SXM5; its file cites each value): 160 HBM3 pseudo channels x 4 B x 4
   * transfers x 1309.5 MHz = 3,352,320,000,000 B/s, the datasheet's 3.35 TB/s; a 32-byte
   * burst is 32 / (4 x 4) = 2 command cycles; L2 52428800 / 160 slices = 327680, / (128 x 20)
   * = 128 sets; L1 262144 / (128 x 512) = 4 sets.  h200: the same with 192 x 4 x 4 x 1600.5
   * MHz = 4,916,736,000,000 B/s and 62914560 / 192 = 327680 per slice again. */
  tm_config_defaults(&c);
  tm_config_load(&c, "h100", err, sizeof err);
  CHECK(c.n_sm == 132 && c.core_clock_mhz == 1980 && c.sm_schedulers == 4 && c.sm_max_warps == 64 && c.sm_max_ctas == 32 &&
        c.sm_registers == 65536 && c.sm_reg_alloc_unit == 256 && c.sm_shared_bytes == 233472, "h100: 132 SMs at 1980 MHz, 4 schedulers, 64 warps, 32 CTAs, 64K registers, 228 KB shared");
  CHECK(fabs(tm_dram_peak_bytes_per_s(&c) - 3352320000000.0) < 1, "h100: peak 3352.32e9 B/s (%.0f)", tm_dram_peak_bytes_per_s(&c));
  CHECK(c.dram_mag == 32 && c.dram_mag / (c.dram_bus_bytes * c.dram_data_rate) == 2, "h100: 32-byte bursts of 2 command cycles");
  CHECK(c.n_mem * c.l2_slices_per_mem == 160 && tm_l2_slice_sets(&c) == 128 && tm_l1_sets(&c) == 4, "h100: 160 L2 slices of 128 sets, 4 L1 sets (%lld, %lld)",
        (long long)tm_l2_slice_sets(&c), (long long)tm_l1_sets(&c));
  tm_config_defaults(&c);
  tm_config_load(&c, "h200", err, sizeof err);
  CHECK(fabs(tm_dram_peak_bytes_per_s(&c) - 4916736000000.0) < 1 && c.n_sm == 132 && tm_l2_slice_sets(&c) == 128,
        "h200: peak 4916.736e9 B/s (%.0f), h100's SMs and slices", tm_dram_peak_bytes_per_s(&c));
}

static void language(void) {
  char err[512];
  tm_config c;
  tm_config_defaults(&c);
  const char *p = write_cfg("ok.cfg",
    "# a comment line\n"
    "\n"
    "base = caba-gtx480   # start from a preset\n"
    "l1_bytes = 32K       # 32768\n"
    "  l2_bytes=1.5M\t\n"
    "sched_policy = two-level\n"
    "core_clock_mhz = 700.5\n"
    "n_sm = 0x10\n");
  int rc = tm_config_load(&c, p, err, sizeof err);
  CHECK(rc == 0, "a file with comments, blank lines, base, suffixes%s%s", rc ? ": " : "", rc ? err : "");
  /* 1.5M = 1.5 x 1048576 = 1572864 */
  CHECK(c.l1_bytes == 32768 && c.l2_bytes == 1572864 && c.sched_policy == TM_SCHED_TWO_LEVEL && c.core_clock_mhz == 700.5 && c.n_sm == 16,
        "values: 32K = 32768, 1.5M = 1572864, two-level, 700.5, 0x10 = 16");
  CHECK(c.tCL == 12, "keys the file does not set come from its base");
  CHECK(tm_config_set_pair(&c, "l1_ways = 8", "--set", err, sizeof err) == 0 && c.l1_ways == 8 && !strcmp(c.origin[TM_KEY_l1_ways], "--set"),
        "--set KEY = VALUE, origin --set");
  /* whole numbers are decimal, leading zeros or not (as run-script values: 010 is ten, never octal) */
  int r10 = tm_config_set_pair(&c, "n_sm=010", "--set", err, sizeof err);
  int64_t ten = c.n_sm;
  int r08 = tm_config_set_pair(&c, "n_sm=08", "--set", err, sizeof err);
  CHECK(r10 == 0 && ten == 10 && r08 == 0 && c.n_sm == 8, "n_sm=010 is 10 and n_sm=08 is 8 (%lld, %lld)", (long long)ten, (long long)c.n_sm);
  /* the user's file can be its own base chain */
  char text[512];
  snprintf(text, sizeof text, "base = %s\nn_sm = 3\n", p);
  const char *p2 = write_cfg("two.cfg", text);
  tm_config_defaults(&c);
  rc = tm_config_load(&c, p2, err, sizeof err);
  CHECK(rc == 0 && c.n_sm == 3 && c.l1_bytes == 32768, "a file based on a file");
}

static void errors(void) {
  const char *e;
  char err[512];
  e = try_cfg("n_sm = 4\nl1_size = 16K\n");
  CHECK(contains(e, "t.cfg:2: error: unknown key 'l1_size'"), "unknown key named with file:line (%s)", e);
  e = try_cfg("l1_bytes = -16K\n");
  CHECK(contains(e, "t.cfg:1: error: l1_bytes: -16K is out of range"), "negative size (%s)", e);
  /* size suffixes in either case (16k was taken, 16m and 16g refused) */
  tm_config sz;
  tm_config_defaults(&sz);
  CHECK(tm_config_set(&sz, "l2_bytes", "1m", "--set", err, sizeof err) == 0 && sz.l2_bytes == 1048576 &&
        tm_config_set(&sz, "md_cache_bytes", "8k", "--set", err, sizeof err) == 0 && sz.md_cache_bytes == 8192, "lower-case size suffixes (%s)", err);
  e = try_cfg("l1_bytes = 16 KB\n");
  CHECK(contains(e, "t.cfg:1: error: l1_bytes: '16 KB' is not a size"), "size with a space (%s)", e);
  e = try_cfg("n_sm = 2.5\n");
  CHECK(contains(e, "t.cfg:1: error: n_sm: '2.5' is not a whole number"), "fraction for a count (%s)", e);
  e = try_cfg("n_sm = 99999999999999999999999\n");
  CHECK(contains(e, "n_sm: '99999999999999999999999' is not a whole number"), "overflowing number (%s)", e);
  e = try_cfg("n_sm = 0\n");
  CHECK(contains(e, "n_sm: 0 is out of range (1 to 1024 SMs)"), "zero SMs (%s)", e);
  e = try_cfg("core_clock_mhz = nan\n");
  CHECK(contains(e, "core_clock_mhz: 'nan' is not a number"), "NaN clock (%s)", e);
  e = try_cfg("sched_policy = fifo\n");
  CHECK(contains(e, "sched_policy: 'fifo' is not one of lrr|gto|two-level"), "bad enum word (%s)", e);
  e = try_cfg("n_sm 4\n");
  CHECK(contains(e, "t.cfg:1: error: 'n_sm 4' is not KEY = VALUE"), "missing '=' (%s)", e);
  e = try_cfg("n_sm =\n");
  CHECK(contains(e, "n_sm: no value"), "empty value (%s)", e);
  e = try_cfg("n_sm = 4\nbase = caba-gtx480\n");
  CHECK(contains(e, "t.cfg:2: error: base must come before the first key"), "base after a key (%s)", e);
  /* a key set twice in one file: the second silently won (sweep files refuse it); a base's
   * value overridden once is what base is for (tested above) */
  e = try_cfg("n_sm = 4\nl1_bytes = 16K\nn_sm = 8\n");
  CHECK(contains(e, "t.cfg:3: error: n_sm given twice (line 1 sets it first)"), "a key given twice in one file (%s)", e);
  /* a file without base starts from the defaults, which are caba-gtx480's values: design caba
   * alone is caba-gtx480's design caba (its 128-byte L2 sectors are the L1 line; the default
   * was 32, and such a file was refused while --set design=caba ran) */
  tm_config a, b;
  tm_config_defaults(&a);
  tm_config_defaults(&b);
  CHECK(tm_config_load(&a, "caba-gtx480", err, sizeof err) == 0 && tm_config_load(&b, write_cfg("empty.cfg", "# nothing\n"), err, sizeof err) == 0 &&
        tm_config_same(&a, &b), "a config file without base is caba-gtx480, key for key");
  e = try_cfg("design = caba\n");
  CHECK(!*e, "design = caba alone is a config that runs (%s)", e);
  e = try_cfg("base = no-such-gpu\n");
  CHECK(contains(e, "t.cfg:1: error: base: no-such-gpu: no such preset or file (presets: caba-gtx480, h100, h200, mag-gddr5, mpc-titanv)"),
        "unknown base: the file and line, and the presets (%s)", e);
  /* 24576 / (128 x 4) = 48 sets: not a power of two */
  e = try_cfg("l1_bytes = 24K\n");
  CHECK(contains(e, "t.cfg:1: error: l1_bytes: l1_bytes = 24576 in 4 ways of 128-byte lines give 48 sets, not a power of two"), "non-power-of-two L1 sets (%s)", e);
  /* 20000 is not a multiple of 512 */
  e = try_cfg("l1_bytes = 20000\n");
  CHECK(contains(e, "l1_bytes: l1_bytes = 20000 do not divide into whole sets"), "L1 size not a whole number of sets (%s)", e);
  /* 786432 / 12 slices / (128 x 16) = 32 sets; with 5 channels 786432 / 10 does not divide */
  e = try_cfg("n_mem = 5\n");
  CHECK(contains(e, "t.cfg:1: error: n_mem: l2_bytes = 786432 do not divide into 10 slices"), "L2 that does not divide among the slices names the key (%s)", e);
  e = try_cfg("l1_sector_bytes = 256\n");
  CHECK(contains(e, "t.cfg:1: error: l1_sector_bytes: l1_sector_bytes = 256 must be a power of two no larger than l1_line_bytes = 128"), "sector larger than the line (%s)", e);
  /* a check that spans keys blames the one set last: here the line, not the default sector (128 > 64) */
  e = try_cfg("l1_line_bytes = 64\n");
  CHECK(contains(e, "t.cfg:1: error: l1_line_bytes: l1_sector_bytes = 128 must be a power of two no larger than l1_line_bytes = 64"),
        "a line shorter than the default sector names the line (%s)", e);
  /* a line's sectors are the bits of a 32-bit mask: 4096 / 64 = 64 sectors are too many; 2048 / 64 = 32 fit */
  e = try_cfg("l1_line_bytes = 4096\nl1_sector_bytes = 64\n");
  CHECK(contains(e, "t.cfg:2: error: l1_sector_bytes: l1_line_bytes = 4096 in l1_sector_bytes = 64 sectors: 64 sectors, and a line has at most 32"),
        "an L1 line of 64 sectors (%s)", e);
  e = try_cfg("l2_sector_bytes = 16\nl2_line_bytes = 1024\naddr_interleave_bytes = 1024\ndram_row_bytes = 2048\n");
  CHECK(contains(e, "t.cfg:2: error: l2_line_bytes: l2_line_bytes = 1024 in l2_sector_bytes = 16 sectors: 64 sectors, and a line has at most 32"),
        "an L2 line of 64 sectors (%s)", e);
  CHECK(try_cfg("l1_line_bytes = 2048\nl1_sector_bytes = 64\nl1_bytes = 32K\n")[0] == 0, "an L1 line of 32 sectors is accepted");
  /* 1024 SMs of a 1 GiB L1 with 4 tags per way: 1024 x 2^30 / 128 x 4 = 2^35 tag records of at
   * least 8 bytes each (the key alone): 256 GiB and more, beyond three quarters of any machine
   * this runs on with less than 1 TiB: refused at configuration, the last key named */
  long pages = sysconf(_SC_PHYS_PAGES), psize = sysconf(_SC_PAGESIZE);
  if (pages > 0 && psize > 0 && (double)pages * (double)psize < 1099511627776.0) {
    e = try_cfg("design = hw\nn_sm = 1024\nl1_bytes = 1G\nl1_tags = 4\n");
    CHECK(contains(e, "t.cfg:4: error: l1_tags: the timing model would take ") &&
          contains(e, "for the L1s: n_sm = 1024 x l1_bytes = 1073741824 in 128-byte lines, l1_tags = 4, l1_mshrs = 64; more than three quarters of "),
          "caches larger than the host's memory (%s)", e);
  } else printf("SKIP caches larger than the host's memory: this machine has 1 TiB or more\n");
  /* the defaults' 48 warps hold 1536 threads */
  e = try_cfg("sm_max_threads = 3072\n");
  CHECK(contains(e, "t.cfg:1: error: sm_max_threads: sm_max_warps = 48 warps hold fewer than sm_max_threads = 3072 threads"),
        "more threads than the warps hold names the threads (%s)", e);
  /* a 32-byte MAG against 3 x 4 = 12-byte command cycles: neither divides the other */
  e = try_cfg("dram_bus_bytes = 3\n");
  CHECK(contains(e, "t.cfg:1: error: dram_bus_bytes: a dram_mag = 32-byte burst is not a whole number of command cycles of dram_bus_bytes x dram_data_rate = 3 x 4 bytes"),
        "a bus that does not fit the burst names the bus (%s)", e);
  /* the defaults interleave partitions every 256 bytes, less than a 4096-byte L2 line (of 32 sectors) */
  e = try_cfg("l2_sector_bytes = 128\nl2_line_bytes = 4096\n");
  CHECK(contains(e, "t.cfg:2: error: l2_line_bytes: addr_interleave_bytes = 256 must be a power of two no smaller than l2_line_bytes = 4096"),
        "an L2 line longer than the interleave names the line (%s)", e);
  e = try_cfg("sm_max_threads = 100\n");
  CHECK(contains(e, "sm_max_threads: 100 is not a whole number of 32-thread warps"), "threads not whole warps (%s)", e);
  /* with neither cache the memory moves L1-line-sized lines, which the address mapping shifts by */
  e = try_cfg("l1_bytes = 0\nl2_bytes = 0\nl1_line_bytes = 96\n");
  CHECK(contains(e, "t.cfg:3: error: l1_line_bytes: 96 is not a power of two (with neither L1 nor L2 it is the line the memory moves)"),
        "a cacheless GPU's line that is not a power of two (%s)", e);
  e = try_cfg("dram_mag = 48\n");
  CHECK(contains(e, "t.cfg:1: error: dram_mag: dram_mag = 48 must be a power of two no larger than l2_line_bytes = 128"), "MAG not a power of two (%s)", e);
  /* compression works on the L2 sector, which the codecs take at 32, 64 or 128 bytes */
  e = try_cfg("design = hw\nl2_sector_bytes = 16\n");
  CHECK(contains(e, "t.cfg:2: error: l2_sector_bytes: compression works on 16-byte blocks (the L2 sector); the codecs take 32, 64 or 128"),
        "compressed design with 16-byte sectors names the block size (%s)", e);
  /* 8192 / (128 x 3) is not whole */
  e = try_cfg("design = hw-mem\nmd_cache_ways = 3\n");
  CHECK(contains(e, "t.cfg:2: error: md_cache_ways: md_cache_bytes = 8192 in 3 ways of 128-byte lines must give a power-of-two number of sets"),
        "metadata cache geometry (%s)", e);
  /* compressed caches: 1, 2 or 4 tags per way, and only where the design keeps that level's lines compressed */
  e = try_cfg("design = hw\nl2_tags = 3\n");
  CHECK(contains(e, "t.cfg:2: error: l2_tags: 3: a way has 1, 2 or 4 tags"), "3 tags per way (%s)", e);
  e = try_cfg("l2_tags = 2\n");
  CHECK(contains(e, "t.cfg:1: error: l2_tags: 2 tags per way hold compressed lines, and design base compresses nothing"), "a compressed L2 under base (%s)", e);
  e = try_cfg("design = hw-mem\nl2_tags = 4\n");
  CHECK(contains(e, "t.cfg:2: error: l2_tags: 4 tags per way hold compressed lines, and design hw-mem keeps L2's lines uncompressed"),
        "a compressed L2 under hw-mem (%s)", e);
  /* no L2 at all: the key set last (line 3) is the one named, with its own reason */
  e = try_cfg("design = hw\nl2_tags = 4\nl2_bytes = 0\n");
  CHECK(contains(e, "t.cfg:3: error: l2_bytes: l2_tags = 4 tags per way hold compressed L2 lines, and l2_bytes = 0 leaves no L2"),
        "compressed L2 tags without an L2 (%s)", e);
  e = try_cfg("design = caba\nl1_tags = 2\n");
  CHECK(contains(e, "error: l1_tags: 2 tags per way hold compressed lines, and design caba keeps L1's lines uncompressed"),
        "a compressed L1 under caba (%s)", e);
  /* an uncompressed L2 is an option of caba (hw with one is hw-mem), on whole one-tag L2 lines */
  e = try_cfg("design = hw\nl2_compressed = off\n");
  CHECK(contains(e, "t.cfg:2: error: l2_compressed: l2_compressed = off is an option of design caba (hw-mem is hw with an uncompressed L2)"),
        "an uncompressed L2 under hw (%s)", e);
  e = try_cfg("design = caba\nl2_sector_bytes = 128\nl2_tags = 2\nl2_compressed = off\n");
  CHECK(contains(e, "t.cfg:4: error: l2_compressed: l2_compressed = off keeps whole L2 lines uncompressed: it needs an L2 (l2_bytes) of one tag per way (l2_tags = 1)"),
        "an uncompressed L2 with 2 tags per way (%s)", e);
  e = try_cfg("design = caba\nl2_sector_bytes = 128\nl2_compressed = maybe\n");
  CHECK(contains(e, "t.cfg:3: error: l2_compressed:"), "l2_compressed takes off or on (%s)", e);
  /* 32-byte L2 sectors under the defaults' 128-byte L1 lines */
  e = try_cfg("design = caba\nl2_sector_bytes = 32\n");
  CHECK(contains(e, "t.cfg:2: error: l2_sector_bytes: design caba decompresses whole L1 lines: the 32-byte blocks (l2_sector_bytes, from ") &&
        contains(e, "t.cfg:2) must be the 128-byte L1 line"), "caba needs blocks of a whole L1 line (%s)", e);
  e = try_cfg("design = caba\nl2_sector_bytes = 128\nl1_bytes = 0\n");
  CHECK(contains(e, "t.cfg:3: error: l1_bytes: design caba decompresses lines as they arrive at L1, and l1_bytes = 0 leaves no L1"),
        "caba without an L1 (%s)", e);
  e = try_cfg("design = caba\nl2_sector_bytes = 128\ncompression = best\n");
  CHECK(contains(e, "t.cfg:3: error: compression: design caba needs one algorithm"), "caba with 'best' (%s)", e);
  /* a line of 2000 characters */
  char longline[2100];
  memset(longline, 'x', 2000);
  strcpy(longline + 2000, " = 1\n");
  e = try_cfg(longline);
  CHECK(contains(e, "t.cfg:1: error: line longer than 1023 characters"), "overlong line (%s)", e);
  /* a loop of bases */
  char text[300];
  snprintf(text, sizeof text, "base = %s/loop.cfg\n", dir);
  write_cfg("loop.cfg", text);
  tm_config c;
  tm_config_defaults(&c);
  snprintf(text, sizeof text, "%s/loop.cfg", dir);
  CHECK(tm_config_load(&c, text, err, sizeof err) != 0 && contains(err, "loop.cfg:1: error: base: ") && contains(err, "loop.cfg: a loop of bases"),
        "a base loop is named at its base line (%s)", err);
  CHECK(tm_config_load(&c, dir, err, sizeof err) != 0 && contains(err, "is a directory"), "a directory is not a config (%s)", err);
  /* a chain of 10 distinct files, each the next's base, is no loop (more than 8 were refused as
   * "a loop?", blaming the preset at the chain's end) */
  write_cfg("chain0.cfg", "base = caba-gtx480\nn_sm = 1\n");
  for (int i = 1; i < 10; i++) {
    char name[32], t2[300];
    snprintf(name, sizeof name, "chain%d.cfg", i);
    snprintf(t2, sizeof t2, "base = %s/chain%d.cfg\nn_sm = %d\n", dir, i - 1, i + 1);
    write_cfg(name, t2);
  }
  tm_config_defaults(&c);
  CHECK(tm_config_load(&c, write_cfg("chain.cfg", "base = chain9.cfg\n"), err, sizeof err) == 0 && c.n_sm == 10,
        "10 nested bases, the last named relative to its includer: n_sm = 10 (%s)", err);
  /* (a relative base is the including file's neighbour, from any directory: it was taken from the
   * current directory, and chain.cfg's 'base = chain9.cfg' failed unless run from dir) */
  /* a base that is a directory, or given twice, is named at its line */
  snprintf(text, sizeof text, "base = %s\n", dir);
  e = try_cfg(text);
  CHECK(contains(e, "t.cfg:1: error: base: ") && contains(e, ": is a directory, not a config file"), "a directory as base: the line that names it (%s)", e);
  e = try_cfg("base = caba-gtx480\nbase = mag-gddr5\nn_sm = 2\n");
  CHECK(contains(e, "t.cfg:2: error: base given twice (line 1 names one)"), "two bases (%s)", e);
  /* a comment may be longer than a line's 1023 characters */
  char longc[1400];
  memset(longc, 'x', sizeof longc);
  memcpy(longc, "n_sm = 3 # ", 11);
  longc[sizeof longc - 2] = '\n';
  longc[sizeof longc - 1] = 0;
  e = try_cfg(longc);
  CHECK(!*e, "a long comment (%s)", e);
  tm_config_defaults(&c);
  CHECK(tm_config_set(&c, "n_sm", "7x", "--set", err, sizeof err) != 0 && !strcmp(err, "--set: error: n_sm: '7x' is not a whole number"),
        "--set error (%s)", err);
  CHECK(c.n_sm == 15, "a failed set leaves the key as it was");
}

/* An unknown key: the keys nearest to it, as git's "did you mean" (expected by hand: the
 * edit distances below count insertions, deletions, substitutions and swaps of neighbours). */
static void nearest(void) {
  const char *e;
  char err[512];
  tm_config c;
  /* l1_byte: one letter short of l1_bytes (1); l2_bytes is 2 away */
  e = try_cfg("l1_byte = 16K\n");
  CHECK(contains(e, "t.cfg:1: error: unknown key 'l1_byte'; did you mean 'l1_bytes'? (awemu config --table lists them)"), "a file's near miss (%s)", e);
  tm_config_defaults(&c);
  CHECK(tm_config_set_pair(&c, "l1_byte=16K", "--set", err, sizeof err) != 0 &&
        !strcmp(err, "--set: error: unknown key 'l1_byte'; did you mean 'l1_bytes'? (awemu config --table lists them)"), "--set's near miss (%s)", err);
  /* l3_bytes: one substitution from both l1_bytes and l2_bytes, which are named in the table's order */
  e = try_cfg("l3_bytes = 1M\n");
  CHECK(contains(e, "unknown key 'l3_bytes'; did you mean 'l1_bytes' or 'l2_bytes'?"), "two keys as near (%s)", e);
  /* a swap of two neighbours is one edit; letter case is none (keys are case-sensitive: tCL) */
  e = try_cfg("l1_wyas = 4\ntcl = 3\n");
  CHECK(contains(e, "unknown key 'l1_wyas'; did you mean 'l1_ways'?"), "swapped letters (%s)", e);
  e = try_cfg("tcl = 3\n");
  CHECK(contains(e, "unknown key 'tcl'; did you mean 'tCL'?"), "another letter case (%s)", e);
  /* l1_size: no key within 2 edits (l1_tags, l1_ways: 4): no guess, the message as before */
  e = try_cfg("l1_size = 16K\n");
  CHECK(contains(e, "t.cfg:1: error: unknown key 'l1_size' (awemu config --table lists them)"), "nothing near (%s)", e);
  char near[160];
  CHECK(tm_config_nearest("dram_que", near, sizeof near) == 1 && !strcmp(near, "'dram_queue'"), "tm_config_nearest: dram_que is dram_queue (%s)", near);
}

/* A check one key can satisfy says which setting does it: mpc-titanv's 32-byte L2 sectors
 * under design caba (whose assist warps decompress whole 128-byte L1 lines).  Either works:
 * 128-byte sectors in its 128-byte L2 lines, or 32-byte L1 lines (32 KiB / (32 x 64 ways) = 16
 * sets, and its L1 sectors are 32 bytes).  The message only said "the 32-byte blocks must be
 * the 128-byte L1 line". */
static void fixes(void) {
  char err[512];
  tm_config c;
  tm_config_defaults(&c);
  int rc = tm_config_load(&c, "mpc-titanv", err, sizeof err) || tm_config_set(&c, "design", "caba", "--set", err, sizeof err) ||
           !tm_config_check(&c, err, sizeof err);
  CHECK(!rc && !strcmp(err, "--set: error: design: design caba decompresses whole L1 lines: the 32-byte blocks (l2_sector_bytes, from mpc-titanv:37) "
                            "must be the 128-byte L1 line (l1_line_bytes, from caba-gtx480:47); set l2_sector_bytes = 128 or l1_line_bytes = 32"),
        "mpc-titanv with design caba: the keys and the values that would do (%s)", err);
  tm_config t = c;
  CHECK(tm_config_set(&t, "l2_sector_bytes", "128", "x", err, sizeof err) == 0 && tm_config_check(&t, err, sizeof err) == 0, "... and l2_sector_bytes = 128 does");
  t = c;
  CHECK(tm_config_set(&t, "l1_line_bytes", "32", "x", err, sizeof err) == 0 && tm_config_check(&t, err, sizeof err) == 0, "... and l1_line_bytes = 32 does");
  /* the defaults' L1 sectors are 128 bytes: a 32-byte L1 line cannot hold them, so only the L2
   * sector is named */
  const char *e = try_cfg("design = caba\nl2_sector_bytes = 32\n");
  CHECK(contains(e, "t.cfg:2) must be the 128-byte L1 line (l1_line_bytes, from default); set l2_sector_bytes = 128") && !contains(e, " or "),
        "only the setting that passes every check is offered (%s)", e);
}

/* A symbolic link loop as the config or as a base: the system's reason (ELOOP), not "no such
 * preset or file". */
static void links(void) {
  char a[300], b[300], err[600], text[400];
  snprintf(a, sizeof a, "%s/loop1.cfg", dir);
  snprintf(b, sizeof b, "%s/loop2.cfg", dir);
  if (symlink(b, a) != 0 || symlink(a, b) != 0) { printf("SKIP symbolic link loops: symlink: %s\n", strerror(errno)); return; }
  tm_config c;
  tm_config_defaults(&c);
  char want[400];
  snprintf(want, sizeof want, "%s: Too many levels of symbolic links", a);
  CHECK(tm_config_load(&c, a, err, sizeof err) != 0 && !strcmp(err, want), "a link loop as the config (%s)", err);
  snprintf(text, sizeof text, "base = %s\n", a);
  const char *e = try_cfg(text);
  snprintf(want, sizeof want, "t.cfg:1: error: base: %s: Too many levels of symbolic links", a);
  CHECK(contains(e, want), "a link loop as a base (%s)", e);
  /* a relative base beside its includer (loop1.cfg is in the includer's directory) */
  e = try_cfg("base = loop1.cfg\n");
  CHECK(contains(e, "t.cfg:1: error: base: ") && contains(e, "/loop1.cfg: Too many levels of symbolic links"), "a relative link loop as a base (%s)", e);
}

/* ---- host memory ---- */

#if !defined(UNDER_ASAN) && defined(__GLIBC__)
static const char tiny_ptx[] =
  ".version 8.0\n.target sm_80\n.address_size 64\n.visible .entry k()\n{\n\tret;\n}\n";

static double heap_bytes(void) {
  struct mallinfo2 mi = mallinfo2();
  return (double)mi.uordblks + (double)mi.hblkhd;
}

/* The bytes building c's model took (a launch of one warp that returns, on a new device),
 * or -1 when it could not be built; *why the fault. */
static double build_bytes(const tm_config *c, char *why, size_t cap) {
  char err[512];
  aw_device *d = aw_device_new();
  if (!d || aw_set_timing(d, c)) { snprintf(why, cap, "no device"); aw_device_free(d); return -1; }
  aw_module *m = aw_module_load_text(d, "tiny.ptx", tiny_ptx, sizeof tiny_ptx - 1, err, sizeof err);
  if (!m) { snprintf(why, cap, "%s", err); aw_device_free(d); return -1; }
  double before = heap_bytes();
  aw_fault f;
  aw_dim3 grid = { 1, 1, 1 }, block = { 32, 1, 1 };
  aw_status st = aw_launch(d, m, aw_kernel_find(m, "k"), grid, block, 0, NULL, 0, &f);
  double used = heap_bytes() - before;
  if (st != AW_OK) snprintf(why, cap, "%s", f.what);
  aw_device_free(d);
  return st != AW_ERR_MEMORY ? used : -1;   /* (built, whether or not the launch then ran: a CTA may fit no SM) */
}
#endif

/* The pre-check's refusals: each needs far more than 1.5 GiB (three quarters of the 2 GiB
 * the caller allows itself, or of the host's memory under AddressSanitizer: then a case is
 * run only where the host has less than four thirds of its least). */
static void refusals(int limited) {
  char err[600];
  const char *e;
  double gib = 1024.0 * 1024 * 1024, host = tm_host_limit(NULL, 0);
  /* issue 39: no L2, and 65536 MSHRs in each of 1024 x 64 = 65536 slices: their records and
   * index (at least 4 + 4 + 8 bytes each) are 2^16 x 2^16 x 16 bytes = 64 GiB, which the
   * pre-check did not count (only an L2 with bytes counted): refused, naming the key set last */
  if (limited || host < 64 * gib / 0.75) {
    tm_config c;
    tm_config_defaults(&c);
    int rc = tm_config_set_pair(&c, "l2_bytes=0", "--set", err, sizeof err) || tm_config_set_pair(&c, "l2_mshrs=65536", "--set", err, sizeof err) ||
             tm_config_set_pair(&c, "n_mem=1024", "--set", err, sizeof err) || tm_config_set_pair(&c, "l2_slices_per_mem=64", "--set", err, sizeof err);
    CHECK(!rc && tm_config_check(&c, err, sizeof err) != 0 &&
          contains(err, "--set: error: l2_slices_per_mem: the timing model would take ") &&
          contains(err, "for the L2 slices' MSHRs (with or without an L2): l2_mshrs = 65536 x n_mem = 1024 x l2_slices_per_mem = 64; more than three quarters of "),
          "no L2 and 65536 slices of 65536 MSHRs: refused by the pre-check (%s)", err);
  } else printf("SKIP host memory pre-check of 64 GiB of MSHRs: this process may take 85 GiB or more\n");
  /* 1024 channels x 1024 banks x 2 queues of 65536 entries of at least 16 bytes: 2 TiB */
  e = try_cfg("n_mem = 1024\nl2_bytes = 0\ndram_banks = 1024\ndram_queue = 65536\n");
  CHECK(contains(e, "t.cfg:4: error: dram_queue: the timing model would take ") &&
        contains(e, "for the DRAM queues: n_mem = 1024 x dram_banks = 1024 x dram_queue = 65536; more than three quarters of "), "DRAM queues (%s)", e);
  /* 1024 SMs x 32768 warp slots (each of at least 64 bytes, and a scheduler list entry per
   * scheduler: 64 x 4 bytes): 2^25 x 320 bytes = 10 GiB */
  if (limited || host < 10 * gib / 0.75) {
    e = try_cfg("n_sm = 1024\nsm_schedulers = 64\nsm_max_warps = 32768\n");
    CHECK(contains(e, "t.cfg:3: error: sm_max_warps: the timing model would take ") &&
          contains(e, "for the SMs' warp slots: n_sm = 1024 x sm_max_warps = 32768, sm_schedulers = 64;"), "warp slots (%s)", e);
  } else printf("SKIP host memory pre-check of 10 GiB of warp slots: this process may take 13.3 GiB or more\n");
  if (limited) {
    e = try_cfg("n_sm = 4\nl2_bytes = 0\n");
    CHECK(!*e, "a small model passes under the limit (%s)", e);
    e = try_cfg("l1_mshrs = 65536\nn_sm = 1024\n");
    CHECK(contains(e, "t.cfg:2: error: n_sm: the timing model would take ") && contains(e, "the L1s: n_sm = 1024 x l1_bytes = 16384 in 128-byte lines, l1_tags = 1, l1_mshrs = 65536;") &&
          contains(e, "more than three quarters of the 2.0 GiB this process may take (ulimit -v)"), "the limit named as ulimit -v's (%s)", e);
  }
}

static void host(void) {
  char err[600];
  /* an ordinary model is a few MiB */
  tm_config d;
  tm_config_defaults(&d);
  double parts[TM_HOST_NPARTS];
  double est = tm_model_host_bytes(&d, parts);
  CHECK(est > 0 && est < 64 * 1024 * 1024 && parts[TM_HOST_MD] == 0 && parts[TM_HOST_L2_MSHRS] > 0,
        "caba-gtx480's model takes %.1f MiB (no metadata caches under base; L2 MSHRs counted)", est / 1048576);

#if defined(UNDER_ASAN) || !defined(__GLIBC__)
  refusals(0);
  printf("SKIP the host-memory estimate against the allocations: %s\n",
#ifdef UNDER_ASAN
         "AddressSanitizer keeps its own heap and needs its address space"
#else
         "no mallinfo2 (not glibc)"
#endif
         );
  (void)err;
#else
  /* Under a 2 GiB address-space limit (ulimit -v), which the pre-check takes as the host's:
   * the refusals above; then each integer key at its largest value the checks accept (halving
   * from its maximum), the others at caba-gtx480's with design caba (so that assist warp tables
   * and metadata caches are built too): the model is built, and takes no more than
   * tm_model_host_bytes says beyond what the default model takes beyond its estimate (the
   * module's and the launch's own), give or take 1 MiB and 1%.  A structure sized by a key that
   * the estimate leaves out shows here as the key whose model outgrows it, or fails to build
   * (and a regression stops at 2 GiB instead of taking the machine). */
  struct rlimit old, lim;
  getrlimit(RLIMIT_AS, &old);
  lim = old;
  lim.rlim_cur = (rlim_t)2 << 30;
  if (old.rlim_cur != RLIM_INFINITY && old.rlim_cur < lim.rlim_cur) lim.rlim_cur = old.rlim_cur;
  if (setrlimit(RLIMIT_AS, &lim) != 0) { printf("FAIL setrlimit: %s\n", strerror(errno)); check_failed++; return; }
  refusals(1);
  tm_config base;
  tm_config_defaults(&base);
  tm_config_set(&base, "design", "caba", "test", err, sizeof err);
  double slack = build_bytes(&base, err, sizeof err) - tm_model_host_bytes(&base, NULL);
  CHECK(slack > -1e9, "the default model builds (%s)", err);
  int checked = 0, bad = 0;
  static const struct { const char *name; int kind; double max; } rows[] = {
#define KEY(name, kind, unit, dflt, mn, mx, choices, doc) { #name, kind, (double)(mx) },
#include "../emu/timing/config.def"
#undef KEY
  };
  /* and keys that multiply together */
  static const char *const combos[][4] = {
    { "n_sm=1024", "sm_max_warps=1024", "sm_max_threads=32768", NULL },
    { "n_mem=1024", "l2_bytes=0", "l2_mshrs=256", NULL },
    { "n_mem=64", "l2_bytes=0", "dram_banks=1024", "dram_queue=256" },
    { "design=hw", "l1_tags=4", "l1_bytes=16M", "n_sm=4" },
    { "design=hw", "l2_tags=4", "l2_bytes=192M", NULL },
  };
  size_t nrows = sizeof rows / sizeof rows[0], ncombos = sizeof combos / sizeof combos[0];
  for (size_t i = 0; i < nrows + ncombos; i++) {
    tm_config c = base;
    char what[200] = "";
    int ok = 1;
    if (i < nrows) {
      if (rows[i].kind != K_INT && rows[i].kind != K_SIZE) continue;
      ok = 0;
      for (double v = rows[i].max; v >= 1 && !ok; v = floor(v / 2)) {
        char val[32];
        c = base;
        snprintf(val, sizeof val, "%.0f", v);
        snprintf(what, sizeof what, "%s=%s", rows[i].name, val);
        ok = tm_config_set(&c, rows[i].name, val, "test", err, sizeof err) == 0 && tm_config_check(&c, err, sizeof err) == 0;
      }
    } else {
      const char *const *set = combos[i - nrows];
      for (int k = 0; k < 4 && set[k]; k++) {
        size_t n = strlen(what);
        snprintf(what + n, sizeof what - n, "%s%s", n ? " " : "", set[k]);
        ok &= tm_config_set_pair(&c, set[k], "test", err, sizeof err) == 0;
      }
      ok = ok && tm_config_check(&c, err, sizeof err) == 0;
      REQUIRE(ok, "host memory: %s is refused (%s)", what, err);
    }
    if (!ok) continue;
    double want = tm_model_host_bytes(&c, NULL), got = build_bytes(&c, err, sizeof err);
    checked++;
    if (got < 0 || got - want > slack + 1048576 + 0.01 * want) {
      bad++;
      printf("FAIL %s:%d: host memory: %s: the model took %.1f MiB, the estimate %.1f MiB (%s)\n", __FILE__, __LINE__, what,
             got / 1048576, want / 1048576, got < 0 ? err : "more than the estimate");
    }
  }
  check_failed += bad;
  setrlimit(RLIMIT_AS, &old);
  CHECK(!bad && checked > 60, "host memory: %d models (each integer key at its largest, and %zu combinations) take no more than the pre-check counts",
        checked, ncombos);
#endif
}

/* The watchdog (an SM with live assist warps that issues nothing) follows from the config:
 * 64 x the longest a memory request can take (config.c: tm_watchdog_cycles), at least
 * 10,000,000 cycles.  Issue 39's config, caba-gtx480 with icnt_latency = 49313 interconnect
 * cycles at icnt_clock_mhz = 1 (the core at 700 MHz) and l1_mshrs = 1, stopped at 10,000,000
 * with "(an internal error)".  A request's longest, in core cycles:
 *   the crossbar, both ways: 2 x (49313 + 5 flits of a 128-byte line and its 8-byte header
 *     + 64 flits of a full injection buffer) x 700 / 1                 =  69,134,800
 *   the SM: l1_latency 35 + the line buffers' 35 + compression 9 + decompression 9
 *     + an instruction's 255                                           =         343
 *   L2 twice: 2 x 120 x 700 / 700                                      =         240
 *   DRAM twice (metadata, then data): 2 x (tRP 12 + tRCD 12 + tCL 12 + tWL 4 + tRAS 28
 *     + tRC 40 + tRRD 6 + tCCD 2 + tWR 12 + tCDLR 5 + 4 bursts of 1) x 700 / 924 = 207.58
 *   queued at one channel behind 15 SMs x (1 MSHR + 64 flits), each tRC 40 + 4 bursts:
 *     15 x 65 x 44 x 700 / 924                                         =      32,500
 *   in all 69,168,090.58 (69,168,091 cycles); x 64 = 4,426,757,796.9, so 4,426,757,797 cycles. */
static void watchdog(void) {
  char err[512], why[300];
  tm_config c;
  tm_config_defaults(&c);
  int rc = tm_config_set_pair(&c, "design=caba", "--set", err, sizeof err) || tm_config_set_pair(&c, "icnt_clock_mhz=1", "--set", err, sizeof err) ||
           tm_config_set_pair(&c, "icnt_latency=49313", "--set", err, sizeof err) || tm_config_set_pair(&c, "l1_mshrs=1", "--set", err, sizeof err) ||
           tm_config_check(&c, err, sizeof err);
  int64_t w = rc ? 0 : tm_watchdog_cycles(&c, why, sizeof why);
  CHECK(!rc && w == 4426757797LL &&
        !strcmp(why, "the watchdog's limit of 4,426,757,797 cycles (64 x the longest a memory request takes, 69,168,091 cycles, "
                     "mostly icnt_latency = 49313 at icnt_clock_mhz = 1)"),
        "issue 39's config: the watchdog waits %lld cycles (%s)", (long long)w, why);
  /* caba-gtx480: a request's longest is 2 x (8 + 69) x 1 = 154 + 343 + 240 + 207.58 + its queue
   * 15 SMs x (64 MSHRs + 64 flits) x 44 x 700 / 924 = 64,000: 64,944.58 cycles, below
   * 10,000,000 / 64 = 156,250, so the limit stays 10,000,000 */
  tm_config_defaults(&c);
  w = tm_watchdog_cycles(&c, why, sizeof why);
  CHECK(w == 10000000 && !strcmp(why, "the watchdog's limit of 10,000,000 cycles (its least; 64 x the longest a memory request takes, 64,945 cycles, is less)"),
        "caba-gtx480: 10,000,000 cycles (%s)", why);
}

static void roundtrip(void) {
  char err[512];
  for (int i = 0; tm_preset_name(i, NULL); i++) {
    tm_config a, b;
    tm_config_defaults(&a);
    tm_config_load(&a, tm_preset_name(i, NULL), err, sizeof err);
    tm_config_set(&a, "core_clock_mhz", "1234.0625", "--set", err, sizeof err);
    const char *p = write_cfg("rt.cfg", "");
    FILE *f = fopen(p, "w");
    tm_config_write(&a, f);
    fclose(f);
    tm_config_defaults(&b);
    b.n_sm = 999;
    int rc = tm_config_load(&b, p, err, sizeof err);
    int same = rc == 0;
#define KEY(name, kind, unit, dflt, mn, mx, choices, doc) same &= a.name == b.name;
#include "../emu/timing/config.def"
#undef KEY
    CHECK(same, "%s: the written config loads back to the same values", tm_preset_name(i, NULL));
  }
}

/* The designs and the algorithms.  A design that compresses nothing has nothing else; one that
 * does has someone compress and decompress; a compressed L1 is filled from a compressed L2
 * (CABA 7.5).  The latencies (core cycles, decompression and compression) as compress.c cites
 * them: BDI 1 and 5 (CABA section 6), FPC 5 (Alameldeen and Wood 2004), C-Pack 9 and MPC 4 and
 * 3 (the MPC paper); best and cost: the slowest of bdi, magbdi, fpc and cpack (9 and 9). */
static void designs(void) {
  tm_config c;
  tm_config_defaults(&c);
  char err[512], word[64];
  int ok = 1;
  for (int i = 0; i < TM_NDESIGNS; i++) {
    const tm_design *d = &tm_designs[i];
    if (tm_config_set(&c, "design", d->name, "--set", err, sizeof err) || c.design != i) { ok = 0; printf("  design %s: %s\n", d->name, err); continue; }
    tm_config_value(&c, TM_KEY_design, word, sizeof word);
    if (strcmp(word, d->name) || tm_design_of(&c) != d) { ok = 0; printf("  design %d: '%s' written as '%s'\n", i, d->name, word); }
    int none = d->compress == TM_BY_NONE, dnone = d->decompress == TM_BY_NONE;
    if (d->dram ? none || dnone : d->l2 || d->md || d->l1 || !none || !dnone) { ok = 0; printf("  design %s: compresses nothing, or has no one (de)compress\n", d->name); }
    if (d->l1 && !d->l2) { ok = 0; printf("  design %s: a compressed L1 under an uncompressed L2\n", d->name); }
  }
  CHECK(ok && !tm_config_set(&c, "design", "caba", "--set", err, sizeof err) && tm_config_set(&c, "design", "hw-mem|hw", "--set", err, sizeof err),
        "the %d rows of designs.def are the design key's choices, in order, each consistent", TM_NDESIGNS);
  static const struct { const char *alg; int n; const char *first; int64_t dec, comp; } algs[] = {
    { "bdi", 1, "bdi", 1, 5 }, { "fpc", 1, "fpc", 5, 5 }, { "cpack", 1, "cpack", 9, 9 }, { "magbdi", 1, "magbdi", 1, 5 },
    { "mpc", 1, "mpc", 4, 3 }, { "best", 4, "bdi", 9, 9 }, { "cost", 4, "bdi", 9, 9 },
  };
  ok = 1;
  for (size_t i = 0; i < sizeof algs / sizeof *algs; i++) {
    tm_config_defaults(&c);
    if (tm_config_set(&c, "compression", algs[i].alg, "--set", err, sizeof err)) { ok = 0; printf("  %s: %s\n", algs[i].alg, err); continue; }
    int n = 0;
    while (tm_compress_codec(&c, n)) n++;
    tm_compressor z;
    tm_compress_init(&z, &c);
    const codec *k = tm_compress_codec(&c, 0);
    if (n != algs[i].n || !k || strcmp(k->name, algs[i].first) || z.ncodecs != n || z.decompress_cycles != algs[i].dec || z.compress_cycles != algs[i].comp) {
      ok = 0;
      printf("  %s: %d codecs from %s, latencies %lld and %lld\n", algs[i].alg, n, k ? k->name : "-", (long long)z.decompress_cycles, (long long)z.compress_cycles);
    }
  }
  CHECK(ok, "every algorithm is the codec registry's (best and cost: four of it), with the papers' latencies");
}

int main(void) {
  if (!mkdtemp(dir)) { printf("FAIL cannot make a temporary directory\n"); return 1; }
  presets();
  language();
  errors();
  roundtrip();
  nearest();
  fixes();
  links();
  host();
  watchdog();
  designs();
  char cmd[300];
  snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
  if (system(cmd) != 0) printf("FAIL cannot remove %s\n", dir);
  return check_failed ? 1 : 0;
}
