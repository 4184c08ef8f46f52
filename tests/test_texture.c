/* tests/test_texture.c -- texture objects and 'tex' through the library's API (aw_texture_create,
 * a kernel of tex instructions): point sampling, linear filtering with its 1.8 fixed-point
 * weights, each address mode, normalized coordinates, integer coordinates and formats, and the
 * refusals.  Every expected value is derived by hand below from the CUDA C++ Programming Guide's
 * appendix "Texture Fetching":
 *   point:   tex(x) = T[floor(x)]
 *   linear:  tex(x, y) = (1-a)(1-b) T[i,j] + a(1-b) T[i+1,j] + (1-a)b T[i,j+1] + ab T[i+1,j+1],
 *            i = floor(x - 0.5), a = frac(x - 0.5), likewise j and b in y; a and b in 9-bit
 *            fixed point with 8 fractional bits (here: to the nearest 1/256)
 *   normalized coordinates: x scaled by the width, y by the height, first
 *   an index outside: wrap i mod N; clamp 0 or N-1; mirror ... 1 0 | 0 1 2 3 | 3 2 1 0 | 0 1 ...;
 *   border: the border colour
 * Before this test, 'tex' did not assemble ("unexpected token ','" at its operand) and there was no
 * aw_texture_create.
 */
#include "../emu/awemu.h"
#include "check.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static const char *src =
  ".version 8.0\n.target sm_75\n.address_size 64\n"
  /* fetch2d(tex, xy, out): thread t: out[4t..4t+3] = tex.2d(tex, {xy[2t], xy[2t+1]}) */
  ".visible .entry fetch2d(.param .u64 tex, .param .u64 xy, .param .u64 out)\n{\n"
  "\t.reg .f32 %f<7>;\n\t.reg .b64 %rd<8>;\n\t.reg .b32 %r<2>;\n"
  "\tld.param.u64 %rd1, [tex];\n\tld.param.u64 %rd2, [xy];\n\tld.param.u64 %rd3, [out];\n"
  "\tmov.u32 %r1, %tid.x;\n\tmul.wide.u32 %rd4, %r1, 8;\n\tadd.u64 %rd5, %rd2, %rd4;\n"
  "\tld.global.f32 %f1, [%rd5];\n\tld.global.f32 %f2, [%rd5+4];\n"
  "\ttex.2d.v4.f32.f32 {%f3, %f4, %f5, %f6}, [%rd1, {%f1, %f2}];\n"
  "\tmul.wide.u32 %rd6, %r1, 16;\n\tadd.u64 %rd7, %rd3, %rd6;\n"
  "\tst.global.v4.f32 [%rd7], {%f3, %f4, %f5, %f6};\n\tret;\n}\n"
  /* fetch1d(tex, xs, out): thread t: out[4t..4t+3] = tex.1d.s32.s32(tex, {xs[t]}) */
  ".visible .entry fetch1d(.param .u64 tex, .param .u64 xs, .param .u64 out)\n{\n"
  "\t.reg .b32 %r<7>;\n\t.reg .b64 %rd<8>;\n"
  "\tld.param.u64 %rd1, [tex];\n\tld.param.u64 %rd2, [xs];\n\tld.param.u64 %rd3, [out];\n"
  "\tmov.u32 %r1, %tid.x;\n\tmul.wide.u32 %rd4, %r1, 4;\n\tadd.u64 %rd5, %rd2, %rd4;\n"
  "\tld.global.s32 %r2, [%rd5];\n"
  "\ttex.1d.v4.s32.s32 {%r3, %r4, %r5, %r6}, [%rd1, {%r2}];\n"
  "\tmul.wide.u32 %rd6, %r1, 16;\n\tadd.u64 %rd7, %rd3, %rd6;\n"
  "\tst.global.v4.s32 [%rd7], {%r3, %r4, %r5, %r6};\n\tret;\n}\n";

static aw_device *d;
static aw_module *m;

/* Runs kernel k for n points (2 floats or 1 int each) on texture h: the 4n results in out (as
 * floats or ints by the kernel); the launch's status, its fault in f. */
static aw_status fetch(const char *k, uint64_t h, const void *pts, unsigned n, void *out, aw_fault *f) {
  int two = !strcmp(k, "fetch2d");
  size_t pb = n * (two ? 8u : 4u);
  uint64_t in = aw_malloc(d, pb), o = aw_malloc(d, 16u * n);
  aw_memcpy_htod(d, in, pts, pb);
  uint64_t params[3] = { h, in, o };
  aw_status st = aw_launch(d, m, aw_kernel_find(m, k), (aw_dim3){ 1, 1, 1 }, (aw_dim3){ n, 1, 1 }, 0, params, sizeof params, f);
  aw_memcpy_dtoh(d, out, o, 16u * n);
  aw_free(d, in);
  aw_free(d, o);
  return st;
}

/* A 4 x 2 float texture: T[j][i] = 256 i + 1024 j (row 0: 0 256 512 768, row 1: 1024 ... 1792):
 * linear in i and j, so a filtered value is 256 (i + a) + 1024 (j + b) inside it. */
static uint64_t texA, texels;
static uint64_t make_a(int filter, int mode, int normalized, float border) {
  aw_texture t;
  memset(&t, 0, sizeof t);
  t.addr = texels; t.pitch = 16; t.width = 4; t.height = 2;
  t.kind = AW_TEX_FLOAT; t.channels = 1; t.bits = 32;
  t.filter = (uint8_t)filter; t.address[0] = t.address[1] = (uint8_t)mode; t.normalized_coords = (uint8_t)normalized;
  t.border[0] = border;   /* (the other channels' border colour 0, as the texture's missing channels read) */
  return aw_texture_create(d, &t);
}

/* The n points' first channel against want[], the other three 0 (a one-channel texture). */
static void expect(const char *what, int filter, int mode, int normalized, float border, const float *xy, const float *want, unsigned n) {
  uint64_t h = make_a(filter, mode, normalized, border);
  float out[4 * 8];
  aw_fault f;
  aw_status st = h ? fetch("fetch2d", h, xy, n, out, &f) : AW_ERR_ARG;
  int ok = st == AW_OK;
  for (unsigned p = 0; ok && p < n; p++) ok = out[4 * p] == want[p] && out[4 * p + 1] == 0 && out[4 * p + 2] == 0 && out[4 * p + 3] == 0;
  CHECK(ok, "%s", what);
  if (!ok && st == AW_OK)
    for (unsigned p = 0; p < n; p++) printf("  (%g, %g): %.9g, want %.9g\n", (double)xy[2 * p], (double)xy[2 * p + 1], (double)out[4 * p], (double)want[p]);
  else if (!ok) printf("  status %d (handle %llu)\n", (int)st, (unsigned long long)h);
  aw_texture_destroy(d, h);
}

int main(void) {
  d = aw_device_new();
  char err[2048];
  m = aw_module_load_text(d, "texture.ptx", src, strlen(src), err, sizeof err);
  if (!m) { printf("FAIL the test module does not load: %s\n", err); return 1; }
  float T[8];
  for (int j = 0; j < 2; j++) for (int i = 0; i < 4; i++) T[4 * j + i] = (float)(256 * i + 1024 * j);
  texels = aw_malloc(d, sizeof T);
  aw_memcpy_htod(d, texels, T, sizeof T);
  (void)texA;

  { /* point: (2.7, 1.2) -> T[1][2] = 512 + 1024; (0.5, 0.5) -> T[0][0] = 0; (3.99, 0.0) -> T[0][3] = 768 */
    float xy[] = { 2.7f, 1.2f, 0.5f, 0.5f, 3.99f, 0.0f }, want[] = { 1536, 0, 768 };
    expect("point sampling reads texel (floor x, floor y)", AW_TEX_POINT, AW_TEX_CLAMP, 0, 0, xy, want, 3);
  }
  { /* linear at (1.8, 0.5): x - 0.5 = 1.3: i = 1, a = 0.3, in 1.8 fixed point round(76.8)/256 = 77/256;
     * y - 0.5 = 0: j = 0, b = 0.  (1 - a) 256 + a 512 = 256 + 77 = 333 (332.8 with an exact a).
     * (1.8, 1.25): b = 0.75 = 192/256: 333 + 0.75 * 1024 = 1101 (every product exact in .f32).
     * (2.5, 1.5): texel centres: a = b = 0: T[1][2] = 1536.
     * (0.6, 0.5): x - 0.5 = 0.1: a = round(25.6)/256 = 26/256: 26 (25.6 exact). */
    float xy[] = { 1.8f, 0.5f, 1.8f, 1.25f, 2.5f, 1.5f, 0.6f, 0.5f }, want[] = { 333, 1101, 1536, 26 };
    expect("linear filtering: 1.8 fixed-point weights at non-centre coordinates (333 for 332.8, 26 for 25.6)", AW_TEX_LINEAR, AW_TEX_CLAMP, 0, 0, xy, want, 4);
  }
  { /* clamp: point (-3.5, 5.0): i = -4 -> 0, j = 5 -> 1: T[1][0] = 1024.  Linear (4.0, 0.5): i = 3,
     * a = 0.5, texel 4 -> 3: 768.  Linear (0.25, 0.5): i = -1 -> 0, a = 0.75: 0.25 T[0][0] + 0.75 T[0][0] = 0.
     * Unnormalized wrap is clamp (CUDA switches wrap and mirror to clamp without normalized
     * coordinates; that is the runtime's doing: here the core is told clamp). */
    float xy[] = { -3.5f, 5.0f }, want[] = { 1024 };
    expect("clamp: an index outside reads the edge texel (point)", AW_TEX_POINT, AW_TEX_CLAMP, 0, 0, xy, want, 1);
    float xy2[] = { 4.0f, 0.5f, 0.25f, 0.5f }, want2[] = { 768, 0 };
    expect("clamp: linear filtering at the edges blends the edge texel with itself", AW_TEX_LINEAR, AW_TEX_CLAMP, 0, 0, xy2, want2, 2);
  }
  { /* border 7.5: point (-0.5, 0.5): i = -1: 7.5; (1.5, 2.5): j = 2: 7.5; (1.5, 0.5): T[0][1] = 256.
     * Linear (0.25, 0.5): i = -1 (border 7.5), a = 0.75: 0.25 * 7.5 + 0.75 * 0 = 1.875. */
    float xy[] = { -0.5f, 0.5f, 1.5f, 2.5f, 1.5f, 0.5f }, want[] = { 7.5f, 7.5f, 256 };
    expect("border: an index outside reads the border colour (point)", AW_TEX_POINT, AW_TEX_BORDER, 0, 7.5f, xy, want, 3);
    float xy2[] = { 0.25f, 0.5f }, want2[] = { 1.875f };
    expect("border: linear filtering blends the border colour with the edge texel (1.875)", AW_TEX_LINEAR, AW_TEX_BORDER, 0, 7.5f, xy2, want2, 1);
  }
  { /* wrap, normalized (x * 4, y * 2): point (1.3, 0.25): 5.2 -> i = 5 mod 4 = 1, 0.5 -> j = 0: 256;
     * (-0.2, 0.75): -0.8 -> i = -1 mod 4 = 3, 1.5 -> j = 1: 768 + 1024 = 1792.
     * Linear (0.0625, 0.25): 0.25 - 0.5 = -0.25: i = -1 -> 3, a = 0.75; j = 0, b = 0:
     * 0.25 * 768 + 0.75 * 0 = 192. */
    float xy[] = { 1.3f, 0.25f, -0.2f, 0.75f }, want[] = { 256, 1792 };
    expect("wrap (normalized coordinates): an index outside is taken mod the size (point)", AW_TEX_POINT, AW_TEX_WRAP, 1, 0, xy, want, 2);
    float xy2[] = { 0.0625f, 0.25f }, want2[] = { 192 };
    expect("wrap (normalized coordinates): linear filtering across the edge blends texel 3 with texel 0 (192)", AW_TEX_LINEAR, AW_TEX_WRAP, 1, 0, xy2, want2, 1);
  }
  { /* mirror, normalized: point (1.3, 0.75): 5.2 -> i = 5: 8 - 1 - 5 = 2; j = 1: 512 + 1024 = 1536;
     * (-0.3, 0.25): -1.2 -> i = -2: -2 mod 8 = 6, 8 - 1 - 6 = 1; j = 0: 256.
     * Linear (1.0625, 0.25): 4.25 - 0.5 = 3.75: i = 3, a = 0.75; texel 4 mirrors to 3: 768. */
    float xy[] = { 1.3f, 0.75f, -0.3f, 0.25f }, want[] = { 1536, 256 };
    expect("mirror (normalized coordinates): the texture, then its mirror image (point)", AW_TEX_POINT, AW_TEX_MIRROR, 1, 0, xy, want, 2);
    float xy2[] = { 1.0625f, 0.25f }, want2[] = { 768 };
    expect("mirror (normalized coordinates): linear filtering past the edge reads the edge texel twice (768)", AW_TEX_LINEAR, AW_TEX_MIRROR, 1, 0, xy2, want2, 1);
  }
  { /* integer coordinates and an integer format: 5 texels of two .s16 channels (i, -100 i), clamp:
     * x = 3 -> (3, -300, 0, 0); x = 7 -> 4: (4, -400, 0, 0); x = -2 -> 0: (0, 0, 0, 0). */
    int16_t B[10];
    for (int i = 0; i < 5; i++) { B[2 * i] = (int16_t)i; B[2 * i + 1] = (int16_t)(-100 * i); }
    uint64_t bm = aw_malloc(d, sizeof B);
    aw_memcpy_htod(d, bm, B, sizeof B);
    aw_texture t;
    memset(&t, 0, sizeof t);
    t.addr = bm; t.pitch = sizeof B; t.width = 5; t.height = 1; t.kind = AW_TEX_SIGNED; t.channels = 2; t.bits = 16;
    t.address[0] = t.address[1] = AW_TEX_CLAMP;
    uint64_t h = aw_texture_create(d, &t);
    int32_t xs[] = { 3, 7, -2 }, out[12], want[12] = { 3, -300, 0, 0, 4, -400, 0, 0, 0, 0, 0, 0 };
    aw_fault f;
    CHECK(h && fetch("fetch1d", h, xs, 3, out, &f) == AW_OK && !memcmp(out, want, sizeof want),
          "tex.1d.v4.s32.s32: integer coordinates read texel x of a 2-channel .s16 texture, sign-extended, clamped (3, -300), (4, -400), (0, 0)");
    /* the same memory as 8-bit unsigned, read normalized: bytes 0 0 0 0 1 0 ... ; texel 1 is
     * byte 1 of B (0), texel 4 is byte 4 (B[2] = 1: 1/255) */
    memset(&t, 0, sizeof t);
    uint8_t C[3] = { 0, 51, 255 };
    uint64_t cm = aw_malloc(d, 3);
    aw_memcpy_htod(d, cm, C, 3);
    t.addr = cm; t.pitch = 3; t.width = 3; t.height = 1; t.kind = AW_TEX_UNSIGNED; t.channels = 1; t.bits = 8; t.read_normalized = 1;
    t.address[0] = t.address[1] = AW_TEX_CLAMP;
    h = aw_texture_create(d, &t);
    float xy[] = { 1.5f, 0.5f, 2.5f, 0.5f }, fo[8];
    CHECK(h && fetch("fetch2d", h, xy, 2, fo, &f) == AW_OK && fo[0] == 51.0f / 255.0f && fo[4] == 1.0f,
          "read as normalized floats: .u8 51 reads 51/255 = 0.2, 255 reads 1.0 (a 1D texture read by tex.2d: y ignored)");
    aw_texture_destroy(d, h);
    /* what aw_texture_create refuses: 3 channels, 24 bits, texels past the allocation, a pitch
     * shorter than a row, a normalized read of floats */
    aw_texture bad = t;
    bad.channels = 3;
    int refused = !aw_texture_create(d, &bad);
    bad = t; bad.bits = 24; refused &= !aw_texture_create(d, &bad);
    bad = t; bad.width = 300; bad.pitch = 300; refused &= !aw_texture_create(d, &bad);
    bad = t; bad.pitch = 2; refused &= !aw_texture_create(d, &bad);
    bad = t; bad.kind = AW_TEX_FLOAT; bad.bits = 32; bad.width = 1; bad.pitch = 4; refused &= !aw_texture_create(d, &bad);
    CHECK(refused, "aw_texture_create refuses 3 channels, 24-bit channels, texels past their allocation, a short pitch, a normalized read of floats");
    aw_free(d, bm);
    aw_free(d, cm);
  }
  { /* faults: a handle never made, one destroyed, and a texture whose memory was freed */
    float xy[] = { 0.5f, 0.5f }, out[4];
    aw_fault f;
    aw_status st = fetch("fetch2d", 0x77, xy, 1, out, &f);
    CHECK(st == AW_FAULT && strstr(f.what, "0x77 is not a texture object") && f.lane == 0 && !strcmp(f.kernel, "fetch2d") && f.pc == 8,
          "a handle that names no texture object faults, naming kernel, lane and pc 8, the tex (%s, pc %u)", f.what, f.pc);
    uint64_t h = make_a(AW_TEX_POINT, AW_TEX_CLAMP, 0, 0);
    aw_texture_destroy(d, h);
    st = fetch("fetch2d", h, xy, 1, out, &f);
    CHECK(st == AW_FAULT && strstr(f.what, "is not a texture object") && aw_texture_destroy(d, h) == AW_ERR_ARG,
          "a destroyed texture object faults when read, and is not destroyed twice");
    uint64_t mem = aw_malloc(d, 16);
    aw_texture t;
    memset(&t, 0, sizeof t);
    t.addr = mem; t.pitch = 16; t.width = 4; t.height = 1; t.kind = AW_TEX_FLOAT; t.channels = 1; t.bits = 32;
    h = aw_texture_create(d, &t);
    aw_free(d, mem);
    st = fetch("fetch2d", h, xy, 1, out, &f);
    CHECK(h && st == AW_FAULT && strstr(f.what, "no longer allocated"), "a texture whose memory was freed faults when read (%s)", f.what);
  }
  aw_device_free(d);
  printf("%s\n", check_failed ? "test_texture: failures" : "test_texture: ok");
  return check_failed != 0;
}
