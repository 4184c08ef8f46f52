/* tests/hw/hwagg.c -- the JSON lines of examples/cuda's programs (tests/hw/README.md) from what
 * tests/hw/hwshim.cu wrote over several runs of one program.
 *
 *   hwagg PROGRAM RUNS < LINES     lines 'INDEX NAME MICROSECONDS', RUNS runs of PROGRAM mixed
 *
 * Per launch index: the median, minimum and maximum over the runs; per kernel name: their sums
 * over its launches.  A launch index some run lacks (a run that failed) is left out.
 * Build: cc -O2 -o hwagg tests/hw/hwagg.c
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAXL 4096
#define MAXR 64

static char names[MAXL][256];
static double t[MAXL][MAXR];
static int nt[MAXL];

static int cmp(const void *a, const void *b) { double x = *(const double *)a, y = *(const double *)b; return x < y ? -1 : x > y; }

int main(int argc, char **argv) {
  if (argc != 3) { fprintf(stderr, "usage: hwagg PROGRAM RUNS < LINES\n"); return 2; }
  int runs = atoi(argv[2]), n = 0, idx;
  char name[256];
  double us;
  while (scanf("%d %255s %lf", &idx, name, &us) == 3) {
    if (idx < 0 || idx >= MAXL || nt[idx] >= MAXR) continue;
    if (!nt[idx]) snprintf(names[idx], sizeof names[idx], "%s", name);
    t[idx][nt[idx]++] = us;
    if (idx + 1 > n) n = idx + 1;
  }
  for (int i = 0; i < n; i++) {
    if (!nt[i] || !names[i][0] || nt[i] < runs) continue;
    int first = 1;
    for (int j = 0; j < i; j++) if (nt[j] >= runs && !strcmp(names[j], names[i])) first = 0;
    if (!first) continue;
    double med = 0, mn = 0, mx = 0;
    int launches = 0;
    for (int j = i; j < n; j++) {
      if (nt[j] < runs || strcmp(names[j], names[i])) continue;
      qsort(t[j], (size_t)nt[j], sizeof(double), cmp);
      med += nt[j] % 2 ? t[j][nt[j] / 2] : (t[j][nt[j] / 2 - 1] + t[j][nt[j] / 2]) / 2;
      mn += t[j][0];
      mx += t[j][nt[j] - 1];
      launches++;
    }
    printf("{\"suite\": \"cuda\", \"script\": \"%s\", \"kernel\": \"%s\", \"launches\": %d, \"reps\": %d, \"median_us\": %.3f, \"min_us\": %.3f, \"max_us\": %.3f}\n",
           argv[1], names[i], launches, runs, med, mn, mx);
  }
  return 0;
}
