/* Reference for examples/printf: the text CUDA prints for kernel hello (printf.cu) on the inputs of
 * run.aw, made with the host's printf -- which is what CUDA itself formats device printf with --
 * from the same arguments the kernel passes.  The order is the one awemu documents: by block,
 * then by thread, each thread's lines in the order it printed them.
 * Writes OUTDIR/printed_expected.txt. */
#include "../ref_common.h"

enum { N = 100, BLOCKS = 2, THREADS = 64 };

int main(int argc, char **argv)
{
    ref_init(argc, argv);
    char path[4096];
    snprintf(path, sizeof path, "%s/printed_expected.txt", argv[1]);
    FILE *f = fopen(path, "w");
    if (!f) { fprintf(stderr, "ref: cannot write %s\n", path); return 1; }
    const char *name = "awemu";   /* fill name hex 6177656d7500 */
    for (int b = 0; b < BLOCKS; b++)
        for (int t = 0; t < THREADS; t++) {
            int i = b * THREADS + t;
            if (i >= N) continue;
            int v = -50 + 7 * i;                  /* fill v ramp -50 7 */
            double x = -1.5 + 0.25 * i;           /* fill x ramp -1.5 0.25 */
            fprintf(f, "thread %d of block %d: v=%d (%u, 0x%08x, %o) x=%.3f %e %g\n", t, b, v, (unsigned)v, (unsigned)v,
                    (unsigned)v & 0777, x, x, x);
            if (i % 3 == 0)
                fprintf(f, "  [%5d|%-5d|%+d|%05d] %c%c %s/%s %lld %llu %lld %hd %hhu %.2s|%10.4f|%-8.1e|%*d|%%\n", i, -i, i, i,
                        'a' + i % 26, '!', name, "lit", -1234567890123ll * (i + 1), 18446744073709551615ull - (unsigned long long)i,
                        1ll << 40, (short)(70000 + i), (unsigned char)(300 + i), name, (double)((float)x * 2), x / 3, 6, i);
        }
    if (fclose(f)) { fprintf(stderr, "ref: cannot write %s\n", path); return 1; }
    return 0;
}
