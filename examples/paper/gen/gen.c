/* examples/paper/gen/gen.c -- the inputs of the CABA paper's applications (examples/paper/README.md),
 * made deterministically from a seed, and the CPU references our checks compare the outputs with.
 *
 *   gen grid W H SEED OUT.gr             a road-like graph: a W x H grid, each node joined to its 4
 *                                        neighbours in both directions with the same weight (1..1000)
 *   gen rmat SCALE DEGREE SEED OUT.gr [sym]
 *                                        an R-MAT graph (Chakrabarti et al.; Graph500's a=0.57, b=c=0.19):
 *                                        2^SCALE nodes, DEGREE x 2^SCALE edges drawn, self loops and
 *                                        duplicates dropped; sym: every edge in both directions (mst)
 *   gen bfstext N DEGREE SEED OUT.txt    ISPASS BFS's text graph: N nodes, each joined to 1..2 DEGREE-1
 *                                        random others in both directions, source node 0
 *   gen hotspot N SEED TEMP POWER        Rodinia hotspot's N x N temperature (K) and power (W) grids,
 *                                        one float a line: a floorplan of rectangular units, each of
 *                                        constant power, and temperatures that follow it
 *   gen fasta N READS LEN SEED REF.fna QUERIES.fna
 *                                        MUM's inputs: a reference of N random bases (A, C, G, T; 60 a
 *                                        line) and a multi-FASTA of READS reads, each LEN bases copied
 *                                        from a random place of the reference, as MUMmerGPU's
 *                                        genreads.py draws them (its default: no mismatches)
 *   gen ref-bfs GRAPH.gr OUT             Lonestar bfs's bfs-output.txt for GRAPH (hop counts from node 0)
 *   gen ref-sssp GRAPH.gr OUT            Lonestar sssp's sssp-output.txt (Dijkstra from node 0)
 *   gen ref-mst GRAPH.gr OUT             the weight, components and edges of a minimum spanning forest
 *                                        (Kruskal), as Lonestar mst's result line gives them
 *   gen levels-bfstext GRAPH.txt OUT     the BFS level of each node of ISPASS BFS's GRAPH from its source, as
 *                                        ISPASS BFS's result.txt writes costs ("N) cost:L", -1: not reached)
 *   gen check-bfstext LEVELS RESULT      whether ISPASS BFS's result.txt is a traversal its kernel can make:
 *                                        the source at 0, the nodes reached those LEVELS reaches, and no
 *                                        cost below the node's level (the kernel's costs are walk lengths:
 *                                        a node can be visited in the launch that found it)
 *
 * The generator is splitmix64 (Steele, Lea and Flood 2014), so the same seed gives the same bytes on
 * every machine.  The .gr format is Galois's, as LonestarGPU's include/graph.h reads it: u64 version 1,
 * u64 edge-data size 4, u64 nodes, u64 edges, u64 end offset of each node's edges, u32 destination of
 * each edge, a u32 pad when the edge count is odd, u32 weight of each edge; little-endian.
 * Exit status 0, 1 on an I/O error, 2 on a usage error.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t rng_state;
static uint64_t rng_next(void) {
  uint64_t z = (rng_state += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}
/* uniform in [0, n) */
static uint32_t rng_below(uint32_t n) { return (uint32_t)(((rng_next() >> 32) * (uint64_t)n) >> 32); }
static double rng_unit(void) { return (double)(rng_next() >> 11) * (1.0 / 9007199254740992.0); }

static void *xcalloc(size_t n, size_t size) {
  void *p = calloc(n ? n : 1, size);
  if (!p) { fprintf(stderr, "gen: out of memory\n"); exit(1); }
  return p;
}

static long arg_num(const char *s, long lo, long hi, const char *what) {
  char *end;
  long v = strtol(s, &end, 10);
  if (*s == 0 || *end || v < lo || v > hi) { fprintf(stderr, "gen: %s '%s': a whole number from %ld to %ld\n", what, s, lo, hi); exit(2); }
  return v;
}

/* ---- graphs: edges (src, dst, weight) sorted by src then dst, no duplicates ---- */
typedef struct { uint32_t src, dst, wt; } edge;
typedef struct { uint32_t n; size_t m, cap; edge *e; } graph;

static void add_edge(graph *g, uint32_t s, uint32_t d, uint32_t w) {
  if (g->m == g->cap) {
    g->cap = g->cap ? 2 * g->cap : 1024;
    g->e = realloc(g->e, g->cap * sizeof *g->e);
    if (!g->e) { fprintf(stderr, "gen: out of memory\n"); exit(1); }
  }
  g->e[g->m++] = (edge){ s, d, w };
}
static int cmp_edge(const void *a, const void *b) {
  const edge *x = a, *y = b;
  if (x->src != y->src) return x->src < y->src ? -1 : 1;
  if (x->dst != y->dst) return x->dst < y->dst ? -1 : 1;
  return 0;
}
/* sorts by source and destination; of two edges with the same ends only one stays, with the smaller
 * weight (so the result does not depend on the order qsort leaves equal keys in) */
static void normalize(graph *g) {
  qsort(g->e, g->m, sizeof *g->e, cmp_edge);
  size_t k = 0;
  for (size_t i = 0; i < g->m; i++) {
    if (k && g->e[i].src == g->e[k - 1].src && g->e[i].dst == g->e[k - 1].dst) {
      if (g->e[i].wt < g->e[k - 1].wt) g->e[k - 1].wt = g->e[i].wt;
      continue;
    }
    g->e[k++] = g->e[i];
  }
  g->m = k;
}

static int write_u64(FILE *f, uint64_t v) {
  unsigned char b[8];
  for (int i = 0; i < 8; i++) b[i] = (unsigned char)(v >> (8 * i));
  return fwrite(b, 1, 8, f) == 8 ? 0 : -1;
}
static int write_u32(FILE *f, uint32_t v) {
  unsigned char b[4];
  for (int i = 0; i < 4; i++) b[i] = (unsigned char)(v >> (8 * i));
  return fwrite(b, 1, 4, f) == 4 ? 0 : -1;
}

static int write_gr(const graph *g, const char *path) {
  FILE *f = fopen(path, "wb");
  if (!f) { perror(path); return 1; }
  int bad = write_u64(f, 1) | write_u64(f, 4) | write_u64(f, g->n) | write_u64(f, g->m);
  size_t k = 0;
  for (uint32_t v = 0; v < g->n; v++) {
    while (k < g->m && g->e[k].src == v) k++;
    bad |= write_u64(f, k);
  }
  for (size_t i = 0; i < g->m; i++) bad |= write_u32(f, g->e[i].dst);
  if (g->m % 2) bad |= write_u32(f, 0);
  for (size_t i = 0; i < g->m; i++) bad |= write_u32(f, g->e[i].wt);
  if (fclose(f) || bad) { fprintf(stderr, "gen: %s: write error\n", path); return 1; }
  fprintf(stderr, "gen: %s: %u nodes, %zu edges\n", path, g->n, g->m);
  return 0;
}

static uint64_t read_u64(const unsigned char *p) { uint64_t v = 0; for (int i = 7; i >= 0; i--) v = v << 8 | p[i]; return v; }
static uint32_t read_u32(const unsigned char *p) { return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24; }

/* A .gr file into g (edges in file order, which is by source); 0, or 1 with a message. */
static int read_gr(graph *g, const char *path) {
  FILE *f = fopen(path, "rb");
  if (!f) { perror(path); return 1; }
  unsigned char h[32];
  if (fread(h, 1, 32, f) != 32 || read_u64(h) != 1 || read_u64(h + 8) != 4) { fprintf(stderr, "gen: %s: not a version-1 .gr file with 4-byte edge data\n", path); fclose(f); return 1; }
  uint64_t n = read_u64(h + 16), m = read_u64(h + 24);
  if (n > 100000000 || m > 1000000000) { fprintf(stderr, "gen: %s: %llu nodes, %llu edges: too large\n", path, (unsigned long long)n, (unsigned long long)m); fclose(f); return 1; }
  size_t bytes = (size_t)(8 * n + 4 * m + (m % 2 ? 4 : 0) + 4 * m);
  unsigned char *b = xcalloc(bytes, 1);
  if (fread(b, 1, bytes, f) != bytes) { fprintf(stderr, "gen: %s: shorter than its header says\n", path); free(b); fclose(f); return 1; }
  fclose(f);
  g->n = (uint32_t)n;
  g->m = g->cap = (size_t)m;
  g->e = xcalloc(g->m, sizeof *g->e);
  const unsigned char *dst = b + 8 * n, *wt = dst + 4 * m + (m % 2 ? 4 : 0);
  uint64_t start = 0;
  for (uint64_t v = 0; v < n; v++) {
    uint64_t end = read_u64(b + 8 * v);
    if (end < start || end > m) { fprintf(stderr, "gen: %s: node %llu's edges end at %llu\n", path, (unsigned long long)v, (unsigned long long)end); free(b); return 1; }
    for (uint64_t k = start; k < end; k++) {
      g->e[k] = (edge){ (uint32_t)v, read_u32(dst + 4 * k), read_u32(wt + 4 * k) };
      if (g->e[k].dst >= n) { fprintf(stderr, "gen: %s: edge %llu leads to node %u of %llu\n", path, (unsigned long long)k, g->e[k].dst, (unsigned long long)n); free(b); return 1; }
    }
    start = end;
  }
  free(b);
  return 0;
}

static uint32_t weight(void) { return 1 + rng_below(1000); }

static int gen_grid(uint32_t w, uint32_t h, const char *out) {
  graph g = { .n = w * h };
  for (uint32_t y = 0; y < h; y++)
    for (uint32_t x = 0; x < w; x++) {
      uint32_t v = y * w + x;
      if (x + 1 < w) { uint32_t wt = weight(); add_edge(&g, v, v + 1, wt); add_edge(&g, v + 1, v, wt); }
      if (y + 1 < h) { uint32_t wt = weight(); add_edge(&g, v, v + w, wt); add_edge(&g, v + w, v, wt); }
    }
  normalize(&g);
  int rc = write_gr(&g, out);
  free(g.e);
  return rc;
}

static int gen_rmat(int scale, uint32_t degree, int sym, const char *out) {
  graph g = { .n = 1u << scale };
  uint64_t draws = (uint64_t)degree << scale;
  for (uint64_t i = 0; i < draws; i++) {
    uint32_t s = 0, d = 0;
    for (int b = 0; b < scale; b++) {   /* a quadrant per bit: a 0.57, b 0.19, c 0.19, d 0.05 */
      double r = rng_unit();
      uint32_t sb = r >= 0.76, db = (r >= 0.57 && r < 0.76) || r >= 0.95;
      s = s << 1 | sb;
      d = d << 1 | db;
    }
    uint32_t wt = weight();
    if (s == d) continue;
    add_edge(&g, s, d, wt);
    if (sym) add_edge(&g, d, s, wt);
  }
  normalize(&g);   /* a pair drawn twice keeps the smaller weight, the same in both directions */
  int rc = write_gr(&g, out);
  free(g.e);
  return rc;
}

static int gen_bfstext(uint32_t n, uint32_t degree, const char *out) {
  graph g = { .n = n };
  for (uint32_t v = 0; v < n; v++) {
    uint32_t k = 1 + rng_below(2 * degree - 1);
    for (uint32_t j = 0; j < k; j++) {
      uint32_t u = rng_below(n);
      uint32_t c = 1 + rng_below(10);
      if (u == v) continue;
      add_edge(&g, v, u, c);
      add_edge(&g, u, v, c);
    }
  }
  normalize(&g);
  FILE *f = fopen(out, "w");
  if (!f) { perror(out); free(g.e); return 1; }
  fprintf(f, "%u\n", n);
  size_t k = 0;
  for (uint32_t v = 0; v < n; v++) {
    size_t start = k;
    while (k < g.m && g.e[k].src == v) k++;
    fprintf(f, "%zu %zu\n", start, k - start);
  }
  fprintf(f, "\n0\n\n%zu\n", g.m);
  for (size_t i = 0; i < g.m; i++) fprintf(f, "%u %u\n", g.e[i].dst, g.e[i].wt);
  int rc = fclose(f) ? 1 : 0;
  if (rc) fprintf(stderr, "gen: %s: write error\n", out);
  else fprintf(stderr, "gen: %s: %u nodes, %zu edges\n", out, n, g.m);
  free(g.e);
  return rc;
}

/* Units of a floorplan: rectangles of constant power density over the die, the rest idle; the
 * temperature is the ambient plus each unit's heat spread around it. */
static int gen_hotspot(uint32_t n, const char *tpath, const char *ppath) {
  enum { UNITS = 24 };
  struct { uint32_t x0, y0, x1, y1; double p; } u[UNITS];
  for (int i = 0; i < UNITS; i++) {
    uint32_t w = n / 16 + rng_below(n / 4), h = n / 16 + rng_below(n / 4);
    u[i].x0 = rng_below(n - w);
    u[i].y0 = rng_below(n - h);
    u[i].x1 = u[i].x0 + w;
    u[i].y1 = u[i].y0 + h;
    u[i].p = 1e-6 * (double)(1 + rng_below(40));   /* W per cell: Rodinia's power files are of this order */
  }
  FILE *t = fopen(tpath, "w"), *p = fopen(ppath, "w");
  if (!t || !p) { perror(!t ? tpath : ppath); if (t) fclose(t); if (p) fclose(p); return 1; }
  for (uint32_t y = 0; y < n; y++)
    for (uint32_t x = 0; x < n; x++) {
      double pw = 0, temp = 323.15;
      for (int i = 0; i < UNITS; i++) {
        int in = x >= u[i].x0 && x < u[i].x1 && y >= u[i].y0 && y < u[i].y1;
        if (in) pw = u[i].p;   /* the last unit drawn over a cell is its unit */
        double cx = (u[i].x0 + u[i].x1) / 2.0, cy = (u[i].y0 + u[i].y1) / 2.0;
        double dx = ((double)x - cx) / (double)n, dy = ((double)y - cy) / (double)n;
        temp += u[i].p * 2e5 / (1.0 + 400.0 * (dx * dx + dy * dy));
      }
      fprintf(t, "%.6f\n", temp);
      fprintf(p, "%.8f\n", pw);
    }
  int bad = fclose(t) | fclose(p);
  if (bad) { fprintf(stderr, "gen: %s: write error\n", tpath); return 1; }
  fprintf(stderr, "gen: %s, %s: %u x %u cells, %d units\n", tpath, ppath, n, n, UNITS);
  return 0;
}

static int gen_fasta(uint32_t n, uint32_t reads, uint32_t len, const char *rpath, const char *qpath) {
  char *ref = xcalloc(n + 1, 1);
  for (uint32_t i = 0; i < n; i++) ref[i] = "ACGT"[rng_below(4)];
  FILE *r = fopen(rpath, "w"), *q = fopen(qpath, "w");
  if (!r || !q) { perror(!r ? rpath : qpath); if (r) fclose(r); if (q) fclose(q); free(ref); return 1; }
  fprintf(r, ">random %u bases\n", n);
  for (uint32_t i = 0; i < n; i += 60) fprintf(r, "%.*s\n", (int)(n - i < 60 ? n - i : 60), ref + i);
  for (uint32_t k = 0; k < reads; k++) {
    uint32_t at = rng_below(n - len + 1);
    fprintf(q, ">rid%u\n%.*s\n", k + 1, (int)len, ref + at);
  }
  free(ref);
  int bad = fclose(r) | fclose(q);
  if (bad) { fprintf(stderr, "gen: %s: write error\n", rpath); return 1; }
  fprintf(stderr, "gen: %s: %u bases; %s: %u reads of %u\n", rpath, n, qpath, reads, len);
  return 0;
}

/* ---- references ---- */

/* index of each node's first edge (edges sorted by source), n + 1 entries */
static size_t *first_edges(const graph *g) {
  size_t *first = xcalloc((size_t)g->n + 1, sizeof *first);
  size_t k = 0;
  for (uint32_t v = 0; v <= g->n; v++) {
    while (k < g->m && g->e[k].src < v) k++;
    first[v] = k;
  }
  return first;
}

/* hop counts from node 0 (UINT32_MAX: not reached) */
static uint32_t *bfs_levels(const graph *g) {
  size_t *first = first_edges(g);
  uint32_t *lev = xcalloc(g->n, sizeof *lev), *queue = xcalloc(g->n, sizeof *queue);
  for (uint32_t v = 0; v < g->n; v++) lev[v] = UINT32_MAX;
  size_t head = 0, tail = 0;
  if (g->n) { lev[0] = 0; queue[tail++] = 0; }
  while (head < tail) {
    uint32_t v = queue[head++];
    for (size_t k = first[v]; k < first[v + 1]; k++)
      if (lev[g->e[k].dst] == UINT32_MAX) { lev[g->e[k].dst] = lev[v] + 1; queue[tail++] = g->e[k].dst; }
  }
  free(first);
  free(queue);
  return lev;
}

#define LSG_INFINITY 1000000000u   /* Lonestar's MYINFINITY: a node not reached */

static int ref_bfs(const char *in, const char *out) {
  graph g = { 0 };
  if (read_gr(&g, in)) return 1;
  uint32_t *lev = bfs_levels(&g);
  FILE *f = fopen(out, "w");
  if (!f) { perror(out); return 1; }
  /* bfs-output.txt exactly as Lonestar's write_solution prints it */
  fprintf(f, "Computed solution (source dist): [");
  for (uint32_t v = 0; v < g.n; v++) fprintf(f, "%d:%d\n ", (int)v, (int)(lev[v] == UINT32_MAX ? LSG_INFINITY : lev[v]));
  fprintf(f, "]");
  free(lev);
  free(g.e);
  return fclose(f) ? 1 : 0;
}

/* Dijkstra with a binary heap of (distance, node), stale entries skipped */
static int ref_sssp(const char *in, const char *out) {
  graph g = { 0 };
  if (read_gr(&g, in)) return 1;
  size_t *first = first_edges(&g);
  uint64_t *dist = xcalloc(g.n, sizeof *dist);
  typedef struct { uint64_t d; uint32_t v; } item;
  item *heap = xcalloc(g.m + 1, sizeof *heap);
  size_t hn = 0;
  for (uint32_t v = 0; v < g.n; v++) dist[v] = UINT64_MAX;
  if (g.n) { dist[0] = 0; heap[hn++] = (item){ 0, 0 }; }
  while (hn) {
    item top = heap[0];
    heap[0] = heap[--hn];
    for (size_t i = 0;;) {   /* sift down */
      size_t l = 2 * i + 1, r = l + 1, s = i;
      if (l < hn && heap[l].d < heap[s].d) s = l;
      if (r < hn && heap[r].d < heap[s].d) s = r;
      if (s == i) break;
      item t = heap[i]; heap[i] = heap[s]; heap[s] = t; i = s;
    }
    if (top.d != dist[top.v]) continue;
    for (size_t k = first[top.v]; k < first[top.v + 1]; k++) {
      uint64_t nd = top.d + g.e[k].wt;
      uint32_t u = g.e[k].dst;
      if (nd < dist[u]) {
        dist[u] = nd;
        size_t i = hn++;
        heap[i] = (item){ nd, u };
        while (i && heap[(i - 1) / 2].d > heap[i].d) { item t = heap[i]; heap[i] = heap[(i - 1) / 2]; heap[(i - 1) / 2] = t; i = (i - 1) / 2; }
      }
    }
  }
  FILE *f = fopen(out, "w");
  if (!f) { perror(out); return 1; }
  /* sssp-output.txt as Lonestar's print_output prints it */
  for (uint32_t v = 0; v < g.n; v++) fprintf(f, "%d: %d\n", (int)v, (int)(dist[v] == UINT64_MAX ? LSG_INFINITY : dist[v]));
  free(first); free(dist); free(heap); free(g.e);
  return fclose(f) ? 1 : 0;
}

static uint32_t uf_find(uint32_t *parent, uint32_t v) {
  while (parent[v] != v) { parent[v] = parent[parent[v]]; v = parent[v]; }
  return v;
}
static int cmp_weight(const void *a, const void *b) {
  const edge *x = a, *y = b;
  if (x->wt != y->wt) return x->wt < y->wt ? -1 : 1;
  return cmp_edge(a, b);
}
static int ref_mst(const char *in, const char *out) {
  graph g = { 0 };
  if (read_gr(&g, in)) return 1;
  qsort(g.e, g.m, sizeof *g.e, cmp_weight);
  uint32_t *parent = xcalloc(g.n, sizeof *parent);
  for (uint32_t v = 0; v < g.n; v++) parent[v] = v;
  uint64_t weight_sum = 0;
  uint32_t edges = 0;
  for (size_t k = 0; k < g.m; k++) {
    uint32_t a = uf_find(parent, g.e[k].src), b = uf_find(parent, g.e[k].dst);
    if (a == b) continue;
    parent[a] = b;
    weight_sum += g.e[k].wt;
    edges++;
  }
  FILE *f = fopen(out, "w");
  if (!f) { perror(out); return 1; }
  /* the words of mst's result line after the graph's name; the weight as it prints it (%u: modulo 2^32) */
  fprintf(f, "result: weight: %u, components: %u, edges: %u\n", (unsigned)(weight_sum & 0xffffffffu), g.n - edges, edges);
  free(parent);
  free(g.e);
  return fclose(f) ? 1 : 0;
}

static int levels_bfstext(const char *in, const char *out) {
  FILE *f = fopen(in, "r");
  if (!f) { perror(in); return 1; }
  graph g = { 0 };
  unsigned n, src;
  size_t m;
  int ok = fscanf(f, "%u", &n) == 1 && n < 100000000u;
  size_t *start = ok ? xcalloc((size_t)n + 1, sizeof *start) : NULL, *count = ok ? xcalloc((size_t)n + 1, sizeof *count) : NULL;
  for (unsigned v = 0; ok && v < n; v++) ok = fscanf(f, "%zu %zu", &start[v], &count[v]) == 2;
  ok = ok && fscanf(f, "%u %zu", &src, &m) == 2 && src < n;
  uint32_t *dst = ok ? xcalloc(m, sizeof *dst) : NULL;
  for (size_t k = 0; ok && k < m; k++) { unsigned d, c; ok = fscanf(f, "%u %u", &d, &c) == 2 && d < n; if (ok) dst[k] = d; }
  fclose(f);
  if (!ok) { fprintf(stderr, "gen: %s: not an ISPASS BFS graph\n", in); free(start); free(count); free(dst); return 1; }
  g.n = n;
  for (unsigned v = 0; v < n; v++)
    for (size_t k = 0; k < count[v]; k++)
      if (start[v] + k < m) add_edge(&g, v, dst[start[v] + k], 1);
  uint32_t *lev;
  if (src == 0) lev = bfs_levels(&g);
  else { fprintf(stderr, "gen: %s: source %u: only source 0 is done here\n", in, src); return 1; }
  FILE *o = fopen(out, "w");
  if (!o) { perror(out); return 1; }
  /* result.txt as ISPASS BFS prints it: "%d) cost:%d", -1 for a node not reached */
  for (unsigned v = 0; v < n; v++) fprintf(o, "%d) cost:%d\n", (int)v, lev[v] == UINT32_MAX ? -1 : (int)lev[v]);
  free(start); free(count); free(dst); free(lev); free(g.e);
  return fclose(o) ? 1 : 0;
}

/* The costs of a result.txt ("N) cost:C" a line, N from 0) into *out; their count, or -1. */
static long read_costs(const char *path, int **out) {
  FILE *f = fopen(path, "r");
  if (!f) { perror(path); return -1; }
  size_t n = 0, cap = 1024;
  int *c = xcalloc(cap, sizeof *c);
  long node;
  int cost, k;
  while ((k = fscanf(f, "%ld) cost:%d", &node, &cost)) == 2) {
    if (node != (long)n) { fprintf(stderr, "gen: %s: node %ld where %zu was expected\n", path, node, n); fclose(f); free(c); return -1; }
    if (n == cap) { cap *= 2; c = realloc(c, cap * sizeof *c); if (!c) { fprintf(stderr, "gen: out of memory\n"); exit(1); } }
    c[n++] = cost;
  }
  int bad = k != EOF;
  fclose(f);
  if (bad) { fprintf(stderr, "gen: %s: line %zu is not \"N) cost:C\"\n", path, n + 1); free(c); return -1; }
  *out = c;
  return (long)n;
}

static int check_bfstext(const char *levels, const char *result) {
  int *lev, *got;
  long n = read_costs(levels, &lev), m = n < 0 ? -1 : read_costs(result, &got);
  if (n < 0 || m < 0) { if (n >= 0) free(lev); return 1; }
  int rc = 0;
  long reached = 0, at_level = 0;
  if (m != n) { fprintf(stderr, "%s: %ld nodes, the graph has %ld\n", result, m, n); rc = 1; }
  for (long v = 0; !rc && v < n; v++) {
    if ((lev[v] < 0) != (got[v] < 0)) { fprintf(stderr, "%s: node %ld %s\n", result, v, got[v] < 0 ? "not reached, and the source reaches it" : "reached, and the source does not reach it"); rc = 1; }
    else if (got[v] >= 0 && got[v] < lev[v]) { fprintf(stderr, "%s: node %ld at cost %d, below its BFS level %d\n", result, v, got[v], lev[v]); rc = 1; }
    else if (v == 0 && got[v] != 0) { fprintf(stderr, "%s: the source at cost %d\n", result, got[v]); rc = 1; }
    reached += got[v] >= 0;
    at_level += got[v] >= 0 && got[v] == lev[v];
  }
  if (!rc) printf("%s: %ld nodes reached, %ld of them at their BFS level\n", result, reached, at_level);
  free(lev);
  free(got);
  return rc;
}

static void usage(void) {
  fputs("usage: gen grid W H SEED OUT.gr | gen rmat SCALE DEGREE SEED OUT.gr [sym] | gen bfstext N DEGREE SEED OUT.txt\n"
        "       gen hotspot N SEED TEMP POWER | gen fasta N READS LEN SEED REF QUERIES | gen ref-bfs|ref-sssp|ref-mst GRAPH.gr OUT\n"
        "       gen levels-bfstext GRAPH.txt OUT | gen check-bfstext LEVELS RESULT\n", stderr);
}

int main(int argc, char **argv) {
  if (argc < 2) { usage(); return 2; }
  const char *c = argv[1];
  if (!strcmp(c, "grid") && argc == 6) {
    uint32_t w = (uint32_t)arg_num(argv[2], 1, 65536, "W"), h = (uint32_t)arg_num(argv[3], 1, 65536, "H");
    rng_state = (uint64_t)arg_num(argv[4], 0, 0x7fffffffL, "SEED");
    if ((uint64_t)w * h > 50000000) { fprintf(stderr, "gen: grid %u x %u: more than 50 million nodes\n", w, h); return 2; }
    return gen_grid(w, h, argv[5]);
  }
  if (!strcmp(c, "rmat") && (argc == 6 || (argc == 7 && !strcmp(argv[6], "sym")))) {
    int scale = (int)arg_num(argv[2], 1, 24, "SCALE");
    uint32_t degree = (uint32_t)arg_num(argv[3], 1, 64, "DEGREE");
    rng_state = (uint64_t)arg_num(argv[4], 0, 0x7fffffffL, "SEED");
    return gen_rmat(scale, degree, argc == 7, argv[5]);
  }
  if (!strcmp(c, "bfstext") && argc == 6) {
    uint32_t n = (uint32_t)arg_num(argv[2], 2, 10000000, "N"), degree = (uint32_t)arg_num(argv[3], 1, 64, "DEGREE");
    rng_state = (uint64_t)arg_num(argv[4], 0, 0x7fffffffL, "SEED");
    return gen_bfstext(n, degree, argv[5]);
  }
  if (!strcmp(c, "hotspot") && argc == 6) {
    uint32_t n = (uint32_t)arg_num(argv[2], 16, 16384, "N");
    rng_state = (uint64_t)arg_num(argv[3], 0, 0x7fffffffL, "SEED");
    return gen_hotspot(n, argv[4], argv[5]);
  }
  if (!strcmp(c, "fasta") && argc == 8) {
    uint32_t n = (uint32_t)arg_num(argv[2], 1, 10000000, "N"), reads = (uint32_t)arg_num(argv[3], 1, 10000000, "READS");
    uint32_t len = (uint32_t)arg_num(argv[4], 1, 10000, "LEN");
    rng_state = (uint64_t)arg_num(argv[5], 0, 0x7fffffffL, "SEED");
    if (len > n) { fprintf(stderr, "gen: fasta: reads of %u bases from a reference of %u\n", len, n); return 2; }
    return gen_fasta(n, reads, len, argv[6], argv[7]);
  }
  if (argc == 4 && !strcmp(c, "ref-bfs")) return ref_bfs(argv[2], argv[3]);
  if (argc == 4 && !strcmp(c, "ref-sssp")) return ref_sssp(argv[2], argv[3]);
  if (argc == 4 && !strcmp(c, "ref-mst")) return ref_mst(argv[2], argv[3]);
  if (argc == 4 && !strcmp(c, "levels-bfstext")) return levels_bfstext(argv[2], argv[3]);
  if (argc == 4 && !strcmp(c, "check-bfstext")) return check_bfstext(argv[2], argv[3]);
  usage();
  return 2;
}
