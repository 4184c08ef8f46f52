/* tests/gen_ptx.c -- writes a large, realistic PTX file for the assembler benchmark.
 *
 * usage: gen_ptx LINES > big.ptx
 * Kernels of about 2,000 lines each: register declarations, parameter loads,
 * address arithmetic, loads and stores, float math, compares, guarded
 * branches to labels, shared memory and barriers, in the shapes nvcc emits.
 */
#include <stdio.h>
#include <stdlib.h>

static unsigned long long state = 88172645463325252ull;
static unsigned rnd(unsigned n) { state ^= state << 13; state ^= state >> 7; state ^= state << 17; return (unsigned)(state % n); }

int main(int argc, char **argv) {
  long target = argc > 1 ? atol(argv[1]) : 200000, lines = 0;
  printf(".version 8.5\n.target sm_80\n.address_size 64\n\n");
  lines += 4;
  for (int k = 0; lines < target; k++) {
    printf("\t// .globl\tkernel_%d\n.visible .entry kernel_%d(\n\t.param .u64 kernel_%d_param_0,\n"
           "\t.param .u64 kernel_%d_param_1,\n\t.param .u32 kernel_%d_param_2\n)\n{\n", k, k, k, k, k);
    printf("\t.reg .pred \t%%p<64>;\n\t.reg .b32 \t%%r<512>;\n\t.reg .f32 \t%%f<512>;\n\t.reg .b64 \t%%rd<256>;\n");
    printf("\t.shared .align 4 .b8 smem_%d[4096];\n\n", k);
    printf("\tld.param.u64 \t%%rd1, [kernel_%d_param_0];\n\tld.param.u64 \t%%rd2, [kernel_%d_param_1];\n"
           "\tld.param.u32 \t%%r1, [kernel_%d_param_2];\n\tcvta.to.global.u64 \t%%rd3, %%rd1;\n"
           "\tcvta.to.global.u64 \t%%rd4, %%rd2;\n\tmov.u32 \t%%r2, %%ctaid.x;\n\tmov.u32 \t%%r3, %%ntid.x;\n"
           "\tmov.u32 \t%%r4, %%tid.x;\n\tmad.lo.s32 \t%%r5, %%r2, %%r3, %%r4;\n", k, k, k);
    lines += 22;
    int label = 0;
    for (int i = 0; i < 1960 && lines < target; i++, lines++) {
      unsigned a = 1 + rnd(500), b = 1 + rnd(500), c = 1 + rnd(500), d = 1 + rnd(250), p = 1 + rnd(60);
      switch (rnd(16)) {
      case 0: printf("\tadd.s32 \t%%r%u, %%r%u, %%r%u;\n", a, b, c); break;
      case 1: printf("\tmad.lo.s32 \t%%r%u, %%r%u, %%r%u, %%r%u;\n", a, b, c, a); break;
      case 2: printf("\tmul.wide.s32 \t%%rd%u, %%r%u, 4;\n", d, b); break;
      case 3: printf("\tadd.s64 \t%%rd%u, %%rd%u, %%rd%u;\n", d, 1 + rnd(250), 1 + rnd(250)); break;
      case 4: printf("\tld.global.f32 \t%%f%u, [%%rd%u+%u];\n", a, d, 4 * rnd(64)); break;
      case 5: printf("\tst.global.f32 \t[%%rd%u+-%u], %%f%u;\n", d, 4 * rnd(64), a); break;
      case 6: printf("\tfma.rn.f32 \t%%f%u, %%f%u, %%f%u, %%f%u;\n", a, b, c, a); break;
      case 7: printf("\tsetp.ge.s32 \t%%p%u, %%r%u, %%r%u;\n", p, a, b); break;
      case 8: printf("\t@%%p%u bra \t$L__BB%d_%d;\n", p, k, label + 1); break;
      case 9: printf("$L__BB%d_%d:\n", k, ++label); break;
      case 10: printf("\tshl.b32 \t%%r%u, %%r%u, %u;\n", a, b, rnd(31)); break;
      case 11: printf("\tld.shared.u32 \t%%r%u, [smem_%d+%u];\n", a, k, 4 * rnd(1024)); break;
      case 12: printf("\tsetp.lt.f32 \t%%p%u, %%f%u, 0f3F800000;\n", p, a); break;
      case 13: printf("\tselp.f32 \t%%f%u, %%f%u, %%f%u, %%p%u;\n", a, b, c, p); break;
      case 14: printf("\tcvt.rn.f32.s32 \t%%f%u, %%r%u;\n", a, b); break;
      default: printf("\tbar.sync \t0;\n"); break;
      }
    }
    printf("$L__BB%d_%d:\n\tret;\n\n}\n", k, label + 1);
    lines += 5;
  }
  return 0;
}
