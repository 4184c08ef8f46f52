/* tests/gpu/launch_record.h -- a launch awemu recorded (awemu run --record DIR; emu/core/record.c
 * writes it), as the programs that run it on a GPU read it: tests/gpu/replay.c (C) and
 * tests/hw/hwtime.cu (CUDA C++) include this file.  DIR/NNNN/launch holds the module, kernel,
 * grid, block, shared bytes, the parameters (offset, size, hex bytes), the allocations
 * (address, size) and the module's variables (name, address, size), a line each. */
#ifndef AWEMU_LAUNCH_RECORD_H
#define AWEMU_LAUNCH_RECORD_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAXA 4096
#define MAXS 256
#define MAXP 1024

typedef struct { uint64_t addr, size, off; uint64_t dev; } ralloc;   /* dev: where replay put it */
typedef struct { char name[256]; uint64_t addr, size; } rsym;
typedef struct { uint32_t off, size; } rparam;

typedef struct launch_record {
  char module[64], kernel[256];
  unsigned grid[3], block[3], shared;
  uint8_t params[32768];
  uint32_t param_bytes;
  rparam p[MAXP];
  int np;
  ralloc a[MAXA];
  int na;
  rsym s[MAXS];
  int ns;
  uint64_t total;
} launch_record;

/* The whole file PATH, NUL-terminated, its length in *len (malloc'd); NULL when it cannot be read. */
static uint8_t *read_file(const char *path, size_t *len) {
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  fseek(f, 0, SEEK_END);
  long n = ftell(f);
  fseek(f, 0, SEEK_SET);
  uint8_t *b = (uint8_t *)malloc((size_t)n + 1);
  if (b && fread(b, 1, (size_t)n, f) != (size_t)n) { free(b); b = NULL; }
  fclose(f);
  if (b) { b[n] = 0; *len = (size_t)n; }
  return b;
}

static int hexval(int c) { return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1; }

/* Reads PATH (DIR/NNNN/launch) into *L: 0, -1 when it cannot be read, -2 when it is not a launch
 * record. */
static int launch_record_read(const char *path, launch_record *L) {
  FILE *f = fopen(path, "r");
  if (!f) return -1;
  memset(L, 0, sizeof *L);
  static char line[70000], hex[66000];
  int bad = 0;
  while (fgets(line, sizeof line, f) && !bad) {
    unsigned long long x, y;
    unsigned o, sz;
    if (sscanf(line, "module %63s", L->module) == 1) continue;
    if (sscanf(line, "kernel %255s", L->kernel) == 1) continue;
    if (sscanf(line, "grid %u %u %u", &L->grid[0], &L->grid[1], &L->grid[2]) == 3) continue;
    if (sscanf(line, "block %u %u %u", &L->block[0], &L->block[1], &L->block[2]) == 3) continue;
    if (sscanf(line, "shared %u", &L->shared) == 1) continue;
    if (!strncmp(line, "param ", 6)) {
      hex[0] = 0;
      if (sscanf(line, "param %u %u %65999s", &o, &sz, hex) < 2 || L->np == MAXP || o + sz > sizeof L->params) { bad = 1; break; }
      for (unsigned b = 0; b < sz && hex[2 * b] && hex[2 * b + 1]; b++)
        L->params[o + b] = (uint8_t)(hexval(hex[2 * b]) << 4 | hexval(hex[2 * b + 1]));
      L->p[L->np].off = o; L->p[L->np].size = sz; L->np++;
      if (o + sz > L->param_bytes) L->param_bytes = o + sz;
      continue;
    }
    if (sscanf(line, "alloc %llx %llu", &x, &y) == 2) {
      if (L->na == MAXA) { bad = 1; break; }
      L->a[L->na].addr = x; L->a[L->na].size = y; L->a[L->na].off = L->total; L->a[L->na].dev = 0;
      L->total += y; L->na++;
      continue;
    }
    char name[256];
    if (sscanf(line, "symbol %255s %llx %llu", name, &x, &y) == 3) {
      if (L->ns == MAXS) { bad = 1; break; }
      snprintf(L->s[L->ns].name, sizeof L->s[L->ns].name, "%s", name);
      L->s[L->ns].addr = x; L->s[L->ns].size = y; L->ns++;
      continue;
    }
    bad = 1;
  }
  fclose(f);
  return bad || !L->kernel[0] || !L->module[0] ? -2 : 0;
}

#endif
