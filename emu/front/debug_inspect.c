/* emu/front/debug_inspect.c -- the commands that look at a stopped program: the focus
 * (cuda), warps, lanes, registers, call frames, memory (x), displays, disassembly, source
 * lines, buffers, functions and statistics (see debug_int.h).  They change the focus, the
 * selected frame and what set var writes, nothing else.
 */
#include "debug_int.h"
#include "../../isa/disasm.h"
#include "../../subroutines/codec.h"
#include "../timing/timing.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* ---- commands: focus ---- */

static int parse_triple(char **p, uint32_t v[3]) {
  char *s = *p;
  while (isspace((unsigned char)*s)) s++;
  int paren = *s == '(';
  if (paren) s++;
  v[0] = v[1] = v[2] = 0;
  for (int i = 0; i < 3; i++) {
    while (isspace((unsigned char)*s)) s++;
    char *end;
    if (*s == '-') return -1;   /* (strtoul takes "-1" as 2^64 - 1) */
    errno = 0;
    unsigned long long x = strtoull(s, &end, 0);
    if (end == s || errno || x > UINT32_MAX) return -1;   /* (a coordinate past 2^32 - 1 was taken modulo 2^32) */
    v[i] = (uint32_t)x;
    s = end;
    while (isspace((unsigned char)*s)) s++;
    if (*s == ',') { s++; continue; }
    break;
  }
  if (paren) { if (*s != ')') return -1; s++; }
  *p = s;
  return 0;
}

int dbg_cmd_cuda(dbg *g, char *args) {
  char *p = args;
  char *t = dbg_word(&p);
  if (!t) {
    if (!dbg_focus_warp(g)) { printf("Focus not set on any active CUDA kernel.\n"); return DR_OK; }
    dbg_print_focus(g, "");
    return DR_OK;
  }
  if (!g->c || !g->c->warps) return dbg_err("Focus not set on any active CUDA kernel.");
  int timing = aw_timing_cycle(g->d) >= 0;   /* several blocks resident, on the model's SMs */
  int64_t want_warp = -1, want_lane = -1, want_sm = -1;
  int have_thread = 0, have_block = 0;
  uint32_t thread[3] = { 0, 0, 0 }, b[3] = { 0, 0, 0 };
  for (; t; t = dbg_word(&p)) {
    if (!strcmp(t, "sm") || !strcmp(t, "device") || !strcmp(t, "kernel") || !strcmp(t, "grid")) {
      char *n = dbg_word(&p);
      uint64_t v;
      if (!n || dbg_parse_u64(n, &v)) return DR_USAGE;
      if (timing && !strcmp(t, "sm")) {
        if (v >= aw_timing_sms(g->d)) return dbg_err("Invalid sm %llu: the model has sms 0 to %u.", (unsigned long long)v, aw_timing_sms(g->d) - 1);
        want_sm = (int64_t)v;
      } else if (v != 0) {
        if (timing) return dbg_err("Invalid %s %llu: there is one %s, number 0.", t, (unsigned long long)v, t);
        return dbg_err("Invalid %s %llu: the functional core has one %s, number 0 (one block resident at a time).", t, (unsigned long long)v, t);
      }
    } else if (!strcmp(t, "warp") || !strcmp(t, "lane")) {
      char *n = dbg_word(&p);
      uint64_t v;
      if (!n || dbg_parse_u64(n, &v)) return DR_USAGE;
      if (!strcmp(t, "warp")) want_warp = (int64_t)(v < INT64_MAX ? v : INT64_MAX);
      else { if (v >= WARP) return dbg_err("Invalid lane %llu: lanes are 0 to 31.", (unsigned long long)v); want_lane = (int64_t)v; }
    } else if (!strcmp(t, "block")) {
      if (parse_triple(&p, b)) return DR_USAGE;
      have_block = 1;
    } else if (!strcmp(t, "thread")) {
      if (parse_triple(&p, thread)) return DR_USAGE;
      have_thread = 1;
    } else return DR_USAGE;
  }
  /* the block: in timing mode any resident one (by its id, or the first on the sm asked for) */
  cta *c = g->c;
  if (timing && (have_block || want_sm >= 0)) {
    c = dbg_resident_cta(g, have_block ? b : NULL, want_sm);
    if (!c && have_block && want_sm >= 0 && dbg_resident_cta(g, b, -1))
      return dbg_err("Block (%u,%u,%u) is not on sm %lld (info cuda blocks lists where the blocks are).", b[0], b[1], b[2], (long long)want_sm);
    if (!c && have_block) return dbg_err("Block (%u,%u,%u) is not resident now (info cuda blocks lists those that are).", b[0], b[1], b[2]);
    if (!c) return dbg_err("No block is resident on sm %lld now (info cuda blocks lists where the blocks are).", (long long)want_sm);
  } else if (have_block && (b[0] != c->cta.x || b[1] != c->cta.y || b[2] != c->cta.z))
    return dbg_err("Block (%u,%u,%u) is not running: the functional core runs one block at a time, and block (%u,%u,%u) runs now.",
                   b[0], b[1], b[2], c->cta.x, c->cta.y, c->cta.z);
  /* an assist warp in focus: a warp or thread is one of its parent's block, and the warp that
   * stays is its parent (a lane alone stays in the assist warp) */
  uint32_t pid = 0, keep = g->fw;
  cta *parent = dbg_assist_parent(g, &pid);
  if (parent) {
    if (c == g->c && (want_warp >= 0 || have_thread)) c = parent;
    if (c != g->c) keep = pid;
  }
  uint32_t wid = keep < c->nwarps ? keep : 0, lane = g->fl;   /* (another block: the same warp and lane, as cuda-gdb keeps them) */
  if (want_warp >= 0) {
    if ((uint64_t)want_warp >= c->nwarps) return dbg_err("Invalid warp %llu: block (%u,%u,%u) has warps 0 to %u.", (unsigned long long)want_warp, c->cta.x, c->cta.y, c->cta.z, c->nwarps - 1);
    wid = (uint32_t)want_warp;
  }
  if (want_lane >= 0) lane = (uint32_t)want_lane;
  if (have_thread) {
    aw_dim3 bl = c->block;
    if (thread[0] >= bl.x || thread[1] >= bl.y || thread[2] >= bl.z)
      return dbg_err("Invalid thread (%u,%u,%u): the block is (%u,%u,%u).", thread[0], thread[1], thread[2], bl.x, bl.y, bl.z);
    uint32_t linear = thread[0] + bl.x * (thread[1] + bl.y * thread[2]);
    wid = linear / WARP;
    lane = linear % WARP;
  }
  if (!c->line) {   /* a lane past the block's last thread is no thread (cuda-gdb refuses it) */
    uint64_t nthreads = (uint64_t)c->block.x * c->block.y * c->block.z;
    if ((uint64_t)wid * WARP + lane >= nthreads && want_lane < 0 && !have_thread) lane = 0;   /* (kept from another warp: its first) */
    if ((uint64_t)wid * WARP + lane >= nthreads)
      return dbg_err("Invalid lane %u: warp %u of block (%u,%u,%u) has lanes 0 to %llu (the block has %llu threads).", lane, wid, c->cta.x, c->cta.y, c->cta.z,
                     (unsigned long long)(nthreads - (uint64_t)wid * WARP - 1), (unsigned long long)nthreads);
  }
  if (c != g->c) { g->c = c; g->cta_serial = c->serial; }   /* (the next stop shows its own block again) */
  dbg_set_focus(g, wid, lane, 0);
  dbg_print_focus(g, "Switching focus to ");
  warp *w = dbg_focus_warp(g);
  uint32_t mask;
  uint32_t pc = dbg_warp_pc(g, w, &mask);
  if (pc != NO_PC) dbg_print_location(g, g->c->m, pc, mask);
  else printf("(warp %u has exited)\n", wid);
  return DR_OK;
}

/* ---- commands: inspection ---- */

int dbg_info_warps(dbg *g, char *args) {
  (void)args;
  if (!g->c || !g->c->warps) return dbg_err("No CUDA kernel is running.");
  cta *c = g->c;
  int64_t cycle = aw_timing_cycle(c->d);
  const void *pc_ = NULL, *pw = NULL;
  uint32_t pid = 0;
  char desc[300];
  const cta *focus_assist = NULL;
  if (c->line && cycle >= 0 && aw_timing_assist_of(c->d, c, desc, sizeof desc, &pc_, &pw, &pid) >= 0) {
    /* an assist warp in focus: it, then its parent's block with its assist warps */
    const cta *p = pc_;
    uint32_t mask;
    uint32_t pc = dbg_warp_pc(g, &c->warps[0], &mask);
    printf("Assist warp in focus: %s\n", desc);
    if (pc != NO_PC) printf("  at %s pc %u, mask %08x\n", dbg_fname(c->m, dbg_func_of(c->m, pc)), dbg_rel_pc(c->m, pc), mask);
    if (!p) { printf("started by warp %u of a block that has finished since\n", pid); return DR_OK; }
    printf("started by warp %u of kernel %s, block (%u,%u,%u):\n", pid, dbg_fname(p->m, p->kfunc), p->cta.x, p->cta.y, p->cta.z);
    focus_assist = c;
    c = (cta *)p;
  }
  char sched[160];
  int sm0 = cycle >= 0 ? aw_timing_warp_state(c->d, &c->warps[0], sched, sizeof sched) : 0;
  printf("%s %s, block (%u,%u,%u) of grid (%u,%u,%u), %u warps on sm %d\n", c->line ? "Subroutine" : "Kernel", dbg_fname(c->m, c->kfunc),
         c->cta.x, c->cta.y, c->cta.z, c->grid.x, c->grid.y, c->grid.z, c->nwarps, sm0 < 0 ? 0 : sm0);
  if (cycle >= 0) {   /* the warp stopped in issues this cycle; the focus may be elsewhere */
    const cta *sc = g->stop_c;
    if (!g->stop_w || !sc) printf("Timing mode: cycle %lld\n", (long long)cycle);
    else if (g->stop_w == dbg_focus_warp(g)) printf("Timing mode: cycle %lld; the warp in focus is issuing\n", (long long)cycle);
    else if (sc->line) printf("Timing mode: cycle %lld; the assist warp running %s on sm %u is issuing\n", (long long)cycle, dbg_fname(sc->m, sc->kfunc), sc->smid);
    else printf("Timing mode: cycle %lld; warp %u of block (%u,%u,%u) on sm %u is issuing\n", (long long)cycle, g->stop_w->id, sc->cta.x, sc->cta.y, sc->cta.z, sc->smid);
  }
  printf("  Wp %-24s %-8s %-8s %-5s %-10s %s\n", "PC", "Active", "Alive", "Depth", "State", "Source");
  for (uint32_t i = 0; i < c->nwarps; i++) {
    warp *w = &c->warps[i];
    uint32_t mask, depth;
    dbg_warp_next(w, &mask, &depth);
    uint32_t pc = dbg_warp_pc(g, w, NULL);
    char pcs[64] = "-", src[300] = "";
    if (pc != NO_PC) {
      snprintf(pcs, sizeof pcs, "%s pc %u", dbg_fname(c->m, dbg_func_of(c->m, pc)), dbg_rel_pc(c->m, pc));
      const isa_line *ln = dbg_line_of(c->m, pc);
      if (ln->file) snprintf(src, sizeof src, "%s:%u", dbg_file_name(c->m, ln->file), ln->line);
    }
    int mine = !focus_assist && i == g->fw;
    printf("%c %2u %-24s %08x %08x %-5u %-10s %s\n", mine ? '*' : ' ', w->id, pcs, mask, w->alive, depth, dbg_state_name(g, w), src);
    int sm;
    if (cycle >= 0 && (sm = aw_timing_warp_state(c->d, w, sched, sizeof sched)) >= 0)
      printf("       sm %d, scheduler: %s\n", sm, w == g->stop_w ? "issuing" : sched);
    char as[256];
    for (int k = 0; cycle >= 0 && aw_timing_assist(c->d, w, k, as, sizeof as); k++)
      printf("     %c assist warp: %s\n", focus_assist && w == pw && !strcmp(as, desc) ? '*' : ' ', as);
  }
  return DR_OK;
}

int dbg_info_lanes(dbg *g, char *args) {
  (void)args;
  warp *w = dbg_focus_warp(g);
  if (!w) return dbg_err("No CUDA kernel is running.");
  uint32_t mask;
  uint32_t pc = dbg_warp_pc(g, w, &mask);
  uint32_t active = mask;
  value av;
  char why[64];
  if (pc != NO_PC && !dbg_eval(g, "$active", &av, why, sizeof why)) active = (uint32_t)av.bits;
  uint32_t pid = 0;
  const cta *p = NULL;
  if (dbg_assist_of(g, g->c, &p, &pid)) {   /* an assist warp: its lanes are the subroutine's, of no thread of their own */
    char of[160] = "";
    if (p) snprintf(of, sizeof of, " of block (%u,%u,%u), warp %u", p->cta.x, p->cta.y, p->cta.z, pid);
    printf("The assist warp running %s%s, pc %u: mask %08x (the guard lets %08x issue)\n", dbg_fname(g->c->m, g->c->kfunc), of,
           pc == NO_PC ? 0 : dbg_rel_pc(g->c->m, pc), mask, active);
    printf("  Ln State\n");
    for (uint32_t l = 0; l < WARP; l++)
      printf("%c %2u %s\n", l == g->fl ? '*' : ' ', l, !(w->alive >> l & 1) ? "exited" : (mask >> l & 1) ? ((active >> l & 1) ? "active" : "guarded") : "inactive");
    return DR_OK;
  }
  printf("Warp %u of block (%u,%u,%u), pc %u: mask %08x (the guard lets %08x issue)\n", w->id, g->c->cta.x, g->c->cta.y, g->c->cta.z,
         pc == NO_PC ? 0 : dbg_rel_pc(g->c->m, pc), mask, active);
  printf("  Ln State     Thread\n");
  for (uint32_t l = 0; l < WARP; l++) {
    uint32_t t[3];
    dbg_thread_of(w, l, t);
    const char *st = !(w->alive >> l & 1) ? (l < WARP && t[0] + g->c->block.x * (t[1] + g->c->block.y * t[2]) >= g->c->block.x * g->c->block.y * g->c->block.z ? "absent" : "exited")
                   : (mask >> l & 1) ? ((active >> l & 1) ? "active" : "guarded") : "inactive";
    if (!strcmp(st, "absent")) printf("%c %2u %s\n", l == g->fl ? '*' : ' ', l, st);
    else printf("%c %2u %-9s (%u,%u,%u)\n", l == g->fl ? '*' : ' ', l, st, t[0], t[1], t[2]);
  }
  return DR_OK;
}

int dbg_info_registers(dbg *g, char *args) {
  warp *w = dbg_focus_warp(g);
  if (!w) return dbg_err("No CUDA kernel is running.");
  char fmt;
  if (dbg_take_format(&args, &fmt, NULL, 0) || !dbg_valid_fmt(fmt)) return DR_USAGE;
  frame *f = dbg_sel_frame(g, w);
  aw_module *m = g->c->m;
  char *p = args, *t;
  int any = 0;
  while ((t = dbg_word(&p))) {
    any = 1;
    char why[256];
    value v;
    if (dbg_eval(g, t, &v, why, sizeof why)) return dbg_err("%s", why);
    if (dbg_print_value(g, &v, fmt, "") < 0) return DR_ERR;
  }
  if (any) return DR_OK;
  /* the warp as $warp and info lanes name it: an assist warp by the block and warp it works for */
  uint32_t pid = w->id;
  const cta *pc_ = NULL;
  if (!dbg_assist_of(g, g->c, &pc_, &pid)) printf("Registers of %s, lane %u of warp %u:\n", dbg_fname(m, f->func), g->fl, w->id);
  else if (pc_) printf("Registers of %s, lane %u of the assist warp of block (%u,%u,%u), warp %u:\n", dbg_fname(m, f->func), g->fl, pc_->cta.x, pc_->cta.y, pc_->cta.z, pid);
  else printf("Registers of %s, lane %u of an assist warp whose block has finished:\n", dbg_fname(m, f->func), g->fl);
  for (uint32_t s = 0; s < m->funcs[f->func].nslots; s++) {
    char name[64], b[96];
    isa_dis_reg(&m->img, f->func, s, name, sizeof name);
    dbg_format_bits(f->regs[(size_t)s * WARP + g->fl], m->funcs[f->func].slot_type[s], fmt, b, sizeof b);
    printf("%-10s %s\n", name, b);
  }
  return DR_OK;
}

/* The pc of call frame 'level' (0 innermost) of warp w: the warp's pc, or the call its callee returns to. */
static uint32_t frame_pc(dbg *g, warp *w, uint32_t level) {
  uint32_t i = w->nframes - 1 - level;
  return level == 0 ? dbg_warp_pc(g, w, NULL) : w->frames[i + 1].call_pc;
}

/* "#N  FUNC pc P (FILE:LINE)", with lead before it. */
static void print_frame_line(dbg *g, warp *w, uint32_t level, const char *lead) {
  aw_module *m = g->c->m;
  uint32_t at = frame_pc(g, w, level);
  if (at == NO_PC) { printf("%s#%u  %s (exited)\n", lead, level, dbg_fname(m, w->frames[w->nframes - 1 - level].func)); return; }
  char wt[600];
  dbg_where_text(m, at, wt, sizeof wt);
  printf("%s#%u  %s\n", lead, level, wt);
}

/* backtrace: every frame of the focused warp, '*' at the selected one. */
int dbg_cmd_backtrace(dbg *g, char *args) {
  if (*dbg_trim(args)) return DR_USAGE;
  warp *w = dbg_focus_warp(g);
  if (!w) return dbg_err("No stack.");
  for (uint32_t level = 0; level < w->nframes; level++) print_frame_line(g, w, level, level == g->frame_sel ? "* " : "  ");
  return DR_OK;
}

/* Selects frame 'level' and shows it, as gdb's frame, up and down do. */
static int select_frame(dbg *g, warp *w, uint32_t level) {
  g->frame_sel = level;
  print_frame_line(g, w, level, "");
  uint32_t pc = frame_pc(g, w, level);
  if (pc == NO_PC) return DR_OK;
  const isa_line *ln = dbg_line_of(g->c->m, pc);
  const char *fn = dbg_file_name(g->c->m, ln->file);
  size_t fl = strlen(fn);
  int is_asm = fl >= 4 && (!strcmp(fn + fl - 4, ".ptx") || !strcmp(fn + fl - 2, ".s"));
  const char *text = ln->file && !is_asm ? dbg_source_line(fn, ln->line) : NULL;
  if (text) printf("%u\t%s\n", ln->line, text);
  return DR_OK;
}

/* The focused warp for frame commands; NULL with a message. */
static warp *frames_warp(dbg *g) {
  warp *w = dbg_focus_warp(g);
  if (!w || g->stop == S_NONE) { dbg_err("No stack: the program is not stopped in a kernel."); return NULL; }
  return w;
}

int dbg_cmd_frame(dbg *g, char *args) {
  warp *w = frames_warp(g);
  if (!w) return DR_ERR;
  char *t = dbg_trim(args);
  uint64_t n = g->frame_sel;
  if (*t && dbg_parse_u64(t, &n)) return DR_USAGE;
  if (n >= w->nframes) return dbg_err("No frame at level %s: the warp in focus has frames #0 to #%u.", t, w->nframes - 1);
  return select_frame(g, w, (uint32_t)n);
}

int dbg_cmd_up(dbg *g, char *args) {
  warp *w = frames_warp(g);
  if (!w) return DR_ERR;
  char *t = dbg_trim(args);
  uint64_t n = 1;
  if (*t && dbg_parse_u64(t, &n)) return DR_USAGE;
  if (g->frame_sel + 1 >= w->nframes && n) return dbg_err("Initial frame selected; you cannot go up.");
  uint64_t to = n >= w->nframes ? w->nframes : g->frame_sel + n;   /* no wrap for a huge N */
  return select_frame(g, w, to >= w->nframes ? w->nframes - 1 : (uint32_t)to);
}

int dbg_cmd_down(dbg *g, char *args) {
  warp *w = frames_warp(g);
  if (!w) return DR_ERR;
  char *t = dbg_trim(args);
  uint64_t n = 1;
  if (*t && dbg_parse_u64(t, &n)) return DR_USAGE;
  if (g->frame_sel == 0 && n) return dbg_err("Bottom (innermost) frame selected; you cannot go down.");
  return select_frame(g, w, n >= g->frame_sel ? 0 : g->frame_sel - (uint32_t)n);
}

/* One row of info cuda blocks: block b on SM sm, starred when in focus. */
static void block_row(const cta *focus, const cta *b, uint32_t sm) {
  uint32_t done = 0;
  for (uint32_t k = 0; k < b->nwarps; k++) done += b->warps[k].state == W_DONE;
  char id[48];
  snprintf(id, sizeof id, "(%u,%u,%u)", b->cta.x, b->cta.y, b->cta.z);
  printf("%c %-12s %3u %6u %8u\n", b == focus ? '*' : ' ', id, sm, b->nwarps, done);
}

/* info cuda blocks: the blocks running now: in timing mode every resident
 * one, with its SM and how many of its warps have finished. */
static int info_cuda_blocks(dbg *g) {
  if (!g->c || !g->in_launch || g->stop == S_END) { printf("No CUDA blocks.\n"); return DR_OK; }
  int64_t cycle = aw_timing_cycle(g->d);
  if (cycle < 0) {
    printf("  BlockIdx     SM  Warps Finished  (the functional core runs one block at a time)\n");
    block_row(g->c, g->c, g->c->smid);
    return DR_OK;
  }
  const void *p;
  uint32_t sm, n = 0;
  const cta *focus = dbg_assist_parent(g, NULL);   /* (an assist warp in focus: its parent's block) */
  if (!focus) focus = g->c;
  printf("  BlockIdx     SM  Warps Finished  (resident at cycle %lld)\n", (long long)cycle);
  for (; (p = aw_timing_cta(g->d, n, &sm)); n++) block_row(focus, p, sm);
  if (!n) printf("  (none: the launch's blocks have all finished)\n");
  return DR_OK;
}

/* info cuda kernels: the running launch (one at a time), as cuda-gdb lists kernels. */
int dbg_info_cuda(dbg *g, char *args) {
  char *t = dbg_trim(args);
  if (!strcmp(t, "blocks")) return info_cuda_blocks(g);
  if (strcmp(t, "kernels")) return t[0] ? dbg_err("Undefined info cuda command: \"%s\" (this debugger has info cuda kernels and info cuda blocks).", t) : DR_USAGE;
  cta *c = g->c;
  if (!c || !g->in_launch) { printf("No CUDA kernels.\n"); return DR_OK; }
  uint32_t pid = 0;
  cta *assisted = dbg_assist_parent(g, &pid);   /* an assist warp in focus: the launch is its parent's */
  if (assisted) c = assisted;
  aw_module **mods;
  int nm = dbg_nmodules(g, &mods), mi = 0;
  for (int i = 0; i < nm; i++) if (mods[i] == c->m) mi = i + 1;
  const char *state = g->stop == S_FAULT ? "Faulted" : g->stop == S_END ? "Finished" : "Active";
  char grid[48], block[48], running[48];
  snprintf(grid, sizeof grid, "(%u,%u,%u)", c->grid.x, c->grid.y, c->grid.z);
  snprintf(block, sizeof block, "(%u,%u,%u)", c->block.x, c->block.y, c->block.z);
  snprintf(running, sizeof running, "(%u,%u,%u)", c->cta.x, c->cta.y, c->cta.z);
  printf("  Kernel Dev Grid Status   GridDim      BlockDim     Block now    Invocation\n");
  printf("* %6u %3d %4u %-8s %-12s %-12s %-12s %s %s\n", g->kernel_id, 0, g->kernel_id + 1, state, grid, block,
         g->stop == S_END ? "-" : running, c->line ? "subroutine" : "kernel", dbg_fname(c->m, c->kfunc));
  const char *file = c->m->img.nfiles ? isa_str(&c->m->img, c->m->img.files[0]) : "";
  printf("  module %d of %d%s%s\n", mi, nm, file[0] ? ", source " : "", file);
  if (assisted) printf("  focus: the assist warp running subroutine %s for block (%u,%u,%u), warp %u\n", dbg_fname(g->c->m, g->c->kfunc),
                       c->cta.x, c->cta.y, c->cta.z, pid);
  return DR_OK;
}

/* info frame: the selected frame, its caller and its callee. */
int dbg_info_frame(dbg *g, char *args) {
  if (*dbg_trim(args)) return DR_USAGE;
  warp *w = frames_warp(g);
  if (!w) return DR_ERR;
  uint32_t level = g->frame_sel < w->nframes ? g->frame_sel : 0;
  aw_module *m = g->c->m;
  frame *f = dbg_sel_frame(g, w);
  printf("Stack level %u, frame of %s in warp %u (lane %u in focus):\n", level, dbg_fname(m, f->func), w->id, g->fl);
  uint32_t pc = frame_pc(g, w, level);
  char wt[600];
  if (pc != NO_PC) { dbg_where_text(m, pc, wt, sizeof wt); printf("  pc: %s%s\n", wt, level ? " (the call it returns from)" : ""); }
  if (level + 1 < w->nframes) { dbg_where_text(m, frame_pc(g, w, level + 1), wt, sizeof wt); printf("  called by frame at level %u: %s\n", level + 1, wt); }
  else printf("  the outermost frame: the kernel or subroutine\n");
  if (level > 0) printf("  caller of frame at level %u: %s\n", level - 1, dbg_fname(m, w->frames[w->nframes - level].func));
  printf("  registers: %u slots of %s (info registers)\n", m->funcs[f->func].nslots, dbg_fname(m, f->func));
  return DR_OK;
}

/* x/NFU ADDRESS: gdb's examine.  Sizes b h w g; formats x d u o t f c i s; N at most X_MAX_UNITS. */
#define X_MAX_UNITS 4096

/* Reads x's NFU (fmtbuf: what follows the '/') into *count, *fmt and *size (left as they are
 * where NFU does not say).  DR_OK; DR_USAGE for a letter that is no format or size; DR_ERR,
 * with a message, for an N out of range. */
static int x_format(const char *fmtbuf, uint64_t *count, char *fmt, char *size) {
  const char *f = fmtbuf;
  if (isdigit((unsigned char)*f)) {
    char *end;
    errno = 0;
    *count = strtoull(f, &end, 10);
    if (!*count || *count > X_MAX_UNITS || errno)
      return dbg_err("x/%s: N is 1 to %d units at a time (a plain 'x' goes on where the last one stopped).", fmtbuf, X_MAX_UNITS);
    f = end;
  }
  for (; *f; f++) {
    if (strchr("bhwg", *f)) *size = *f;
    else if (strchr("xduotfcis", *f)) *fmt = *f;
    else return DR_USAGE;
  }
  return DR_OK;
}

static int do_examine(dbg *g, char *args, const char *lead) {
  char fmtbuf[32];
  char dummy;
  dbg_take_format(&args, &dummy, fmtbuf, sizeof fmtbuf);
  uint64_t count = 1;
  char fmt = g->x_valid ? g->x_fmt : 'x', size = g->x_valid ? g->x_size : 'w';
  int rc = x_format(fmtbuf, &count, &fmt, &size);
  if (rc) return rc;
  char *text = dbg_trim(args);
  int space = ISA_SP_GLOBAL;
  uint64_t addr;
  if (!*text) {
    if (!g->x_valid) return DR_USAGE;
    addr = g->x_next;
    space = g->x_space;
  } else {
    const char *rest = text;
    space = dbg_take_space(&rest);
    text += rest - text;
    char why[256];
    value v;
    if (dbg_eval(g, text, &v, why, sizeof why)) return dbg_err("%s", why);
    uint64_t u; double fv; int fl;
    parser ps = { g, "", "" };
    if (v.kind == V_MEM) { u = v.addr; space = v.space; fl = 0; }
    else if (dbg_value_number(&ps, &v, &u, &fv, &fl)) return dbg_err("%s", ps.err);
    if (fl) return dbg_err("an address must be an integer");
    addr = u;
  }
  if (fmt == 'i') {   /* instructions of the focused function, ADDRESS = pc */
    warp *w = dbg_focus_warp(g);
    aw_module *m = NULL;
    int cf = dbg_current_func(g, &m);
    if (cf < 0) return dbg_err("x/i needs a function: stop in one first.");
    uint32_t cur = w ? dbg_warp_pc(g, w, NULL) : NO_PC;
    for (uint64_t i = 0; i < count && addr + i < m->funcs[cf].ninsn; i++) {
      uint32_t pc = m->funcs[cf].first_pc + (uint32_t)(addr + i);
      char insn[512];
      dbg_insn_text(m, pc, insn, sizeof insn);
      printf("%s%s pc %u:\t%s;\n", pc == cur ? "=> " : "   ", dbg_fname(m, (uint32_t)cf), dbg_rel_pc(m, pc), insn);
    }
    g->x_next = addr + count; g->x_space = space; g->x_fmt = fmt; g->x_size = size; g->x_valid = 1;
    return DR_OK;
  }
  unsigned bytes = size == 'b' ? 1 : size == 'h' ? 2 : size == 'w' ? 4 : 8;
  if (fmt == 'f' && bytes < 4) bytes = 4, size = 'w';
  if (fmt == 's' || fmt == 'c') bytes = 1, size = 'b';
  int type = bytes == 1 ? ISA_T_U8 : bytes == 2 ? ISA_T_U16 : bytes == 4 ? ISA_T_U32 : ISA_T_U64;
  if (fmt == 'f') type = bytes == 4 ? ISA_T_F32 : ISA_T_F64;
  unsigned per = fmt == 's' ? 1 : bytes == 1 ? 8 : bytes == 2 ? 8 : bytes == 4 ? 4 : 2;
  char why[256];
  if (fmt == 's') {
    for (uint64_t i = 0; i < count; i++) {
      if (!dbg_mem_at(g, space, addr, 1, 0, why, sizeof why)) return dbg_err("Cannot access memory at 0x%llx: %s", (unsigned long long)addr, why);
      printf("%s%s%s0x%llx:\t\"", lead, space == ISA_SP_GLOBAL ? "" : dbg_space_name(space), space == ISA_SP_GLOBAL ? "" : ":", (unsigned long long)addr);
      for (int k = 0; k < 200; k++) {
        uint8_t *p = dbg_mem_at(g, space, addr, 1, 0, why, sizeof why);
        if (!p) { printf("\"\n"); return dbg_err("Cannot access memory: %s", why); }
        addr++;
        if (!*p) break;
        if (isprint(*p)) putchar(*p); else printf("\\%03o", *p);
      }
      printf("\"\n");
    }
  } else {
    for (uint64_t i = 0; i < count; i++) {
      uint8_t *p = dbg_mem_at(g, space, addr, bytes, 0, why, sizeof why);
      if (!p) {
        if (i % per) printf("\n");
        return dbg_err("Cannot access memory at %s%s0x%llx: %s", space == ISA_SP_GLOBAL ? "" : dbg_space_name(space), space == ISA_SP_GLOBAL ? "" : ":", (unsigned long long)addr, why);
      }
      if (i % per == 0) printf("%s%s%s%s0x%llx:", i ? "\n" : "", lead, space == ISA_SP_GLOBAL ? "" : dbg_space_name(space), space == ISA_SP_GLOBAL ? "" : ":", (unsigned long long)addr);
      uint64_t x = 0;
      for (unsigned k = 0; k < bytes; k++) x |= (uint64_t)p[k] << (8 * k);
      char b[96];
      if (fmt == 'x') snprintf(b, sizeof b, "0x%0*llx", (int)bytes * 2, (unsigned long long)x);
      else dbg_format_bits(x, fmt == 'd' ? (bytes == 1 ? ISA_T_S8 : bytes == 2 ? ISA_T_S16 : bytes == 4 ? ISA_T_S32 : ISA_T_S64) : type, fmt == 'd' ? 'd' : fmt, b, sizeof b);
      printf("\t%s", b);
      addr += bytes;
    }
    printf("\n");
  }
  g->x_next = addr; g->x_space = space; g->x_fmt = fmt; g->x_size = size; g->x_valid = 1;
  return DR_OK;
}
int dbg_cmd_x(dbg *g, char *args) { return do_examine(g, args, ""); }

int dbg_cmd_display(dbg *g, char *args) {
  char fmt;
  char fmtbuf[32];
  dbg_take_format(&args, &fmt, fmtbuf, sizeof fmtbuf);
  char *text = dbg_trim(args);
  if (!*text) {
    if (fmtbuf[0]) return DR_USAGE;
    dbg_do_displays(g);
    return DR_OK;
  }
  int examine = fmtbuf[0] && (strlen(fmtbuf) > 1 || strchr("is", fmtbuf[0]) || strchr("bhwg", fmtbuf[0]));
  if (fmtbuf[0] && !examine && !dbg_valid_fmt(fmt)) return DR_USAGE;
  if (examine) {   /* refused now, not at every stop */
    uint64_t n;
    char xf, xs;
    int rc = x_format(fmtbuf, &n, &xf, &xs);
    if (rc) return rc;
  }
  g->displays = realloc(g->displays, (size_t)(g->ndisplays + 1) * sizeof *g->displays);
  display *d = &g->displays[g->ndisplays++];
  d->id = ++g->next_display;
  d->fmt = strdup(fmtbuf);
  d->expr = strdup(text);
  if (g->c) {   /* show it now, as gdb does */
    int n = g->ndisplays;
    display *saved = g->displays;
    g->displays = d;
    g->ndisplays = 1;
    dbg_do_displays(g);
    g->displays = saved;
    g->ndisplays = n;
  }
  return DR_OK;
}

void dbg_do_displays(dbg *g) {
  for (int i = 0; i < g->ndisplays; i++) {
    display *d = &g->displays[i];
    char lead[64];
    int examine = d->fmt[0] && (strlen(d->fmt) > 1 || strchr("isbhwg", d->fmt[0]));
    if (examine) {
      printf("%d: x/%s %s\n", d->id, d->fmt, d->expr);
      char args[1200];   /* a command line, so the expression, is at most 1023 characters */
      snprintf(args, sizeof args, "/%s %s", d->fmt, d->expr);
      int vx = g->x_valid; uint64_t xn = g->x_next;
      do_examine(g, args, "");
      g->x_valid = vx; g->x_next = xn;
      continue;
    }
    snprintf(lead, sizeof lead, "%d: %s%s%s", d->id, d->fmt[0] ? "/" : "", d->fmt, d->fmt[0] ? " " : "");
    char why[256];
    value v;
    if (dbg_eval(g, d->expr, &v, why, sizeof why)) { printf("%s%s = <%s>\n", lead, d->expr, why); continue; }
    dbg_print_value(g, &v, d->fmt[0], lead);
  }
}

int dbg_cmd_undisplay(dbg *g, char *args) {
  char *p = args, *t;
  if (!*dbg_trim(args)) {
    for (int i = 0; i < g->ndisplays; i++) { free(g->displays[i].fmt); free(g->displays[i].expr); }
    g->ndisplays = 0;
    return DR_OK;
  }
  while ((t = dbg_word(&p))) {
    uint64_t id;
    if (dbg_parse_u64(t, &id)) return DR_USAGE;
    int found = 0;
    for (int i = 0; i < g->ndisplays; i++)
      if ((uint64_t)g->displays[i].id == id) {
        free(g->displays[i].fmt); free(g->displays[i].expr);
        memmove(&g->displays[i], &g->displays[i + 1], (size_t)(g->ndisplays - i - 1) * sizeof *g->displays);
        g->ndisplays--;
        found = 1;
        break;
      }
    if (!found) return dbg_err("No display number %llu.", (unsigned long long)id);
  }
  return DR_OK;
}

int dbg_info_display(dbg *g, char *args) {
  (void)args;
  if (!g->ndisplays) { printf("There are no auto-display expressions now.\n"); return DR_OK; }
  printf("Auto-display expressions now in effect:\nNum Enb Expression\n");
  for (int i = 0; i < g->ndisplays; i++)
    printf("%-3d y   %s%s%s%s\n", g->displays[i].id, g->displays[i].fmt[0] ? "/" : "", g->displays[i].fmt, g->displays[i].fmt[0] ? " " : "", g->displays[i].expr);
  return DR_OK;
}

int dbg_cmd_disassemble(dbg *g, char *args) {
  char *p = args;
  int with_source = 0;
  char *t;
  aw_module *m = NULL;
  int f = -1;
  uint32_t lo = 0, hi = UINT32_MAX;
  while ((t = dbg_word(&p))) {
    if (!strcmp(t, "/s") || !strcmp(t, "/m")) { with_source = 1; continue; }
    if (t[0] == '/') return DR_USAGE;
    char *comma = strchr(t, ',');
    if (comma || isdigit((unsigned char)t[0])) {   /* START,END or START,+N: pcs of the current function */
      f = dbg_current_func(g, &m);
      if (f < 0) return dbg_err("No function in focus: name one (disassemble FUNCTION).");
      char *end;
      unsigned long long x = strtoull(t, &end, 0);   /* (pcs past 2^32 - 1 were taken modulo 2^32) */
      if (end == t || (*end && *end != ',') || t[0] == '-' || x > UINT32_MAX) return DR_USAGE;
      lo = (uint32_t)x;
      if (comma) {
        int plus = comma[1] == '+';
        const char *vs = comma + 1 + plus;
        x = strtoull(vs, &end, 0);
        if (*end || end == vs || *vs == '-' || x > UINT32_MAX - (plus ? lo : 0)) return DR_USAGE;
        hi = plus ? lo + (uint32_t)x : (uint32_t)x;
      } else hi = lo + 1;
      continue;
    }
    aw_module **mods;
    int nm = dbg_known_modules(g, &mods);
    for (int i = nm; i-- > 0 && f < 0;)
      for (uint32_t k = 0; k < mods[i]->img.nfuncs; k++)
        if (mods[i]->img.funcs[k].has_body && !strcmp(dbg_fname(mods[i], k), t)) { m = mods[i]; f = (int)k; break; }
    for (int i = nm; i-- > 0 && f < 0;)   /* a C++ function by its source name */
      for (uint32_t k = 0; k < mods[i]->img.nfuncs; k++)
        if (mods[i]->img.funcs[k].has_body && dbg_source_named(mods[i], k, t, strlen(t))) { m = mods[i]; f = (int)k; break; }
    if (f < 0) return dbg_err("No function \"%s\" in the loaded modules.", t);
  }
  if (f < 0) f = dbg_current_func(g, &m);
  if (f < 0) return dbg_err("No function in focus: name one (disassemble FUNCTION).");
  warp *w = dbg_focus_warp(g);
  uint32_t cur = w && g->c && g->c->m == m ? dbg_warp_pc(g, w, NULL) : NO_PC;
  if (lo >= m->funcs[f].ninsn || hi <= lo)
    return dbg_err("No instructions in %u,%u: %s has pcs 0 to %u.", lo, hi, dbg_fname(m, (uint32_t)f), m->funcs[f].ninsn - 1);
  printf("Dump of code for %s %s:\n", m->img.funcs[f].kind == ISA_FN_ENTRY ? "kernel" : m->img.funcs[f].kind == ISA_FN_SUBR ? "subroutine" : "function", dbg_fname(m, (uint32_t)f));
  uint32_t last_file = 0, last_line = 0;
  for (uint32_t i = 0; i < m->funcs[f].ninsn; i++) {
    if (i < lo || i >= hi) continue;
    uint32_t pc = m->funcs[f].first_pc + i;
    const isa_line *ln = dbg_line_of(m, pc);
    if (with_source && ln->file && (ln->file != last_file || ln->line != last_line)) {
      const char *text = dbg_source_line(dbg_file_name(m, ln->file), ln->line);
      printf("%s:%u\t%s\n", dbg_file_name(m, ln->file), ln->line, text ? text : "");
      last_file = ln->file;
      last_line = ln->line;
    }
    char insn[512];
    dbg_insn_text(m, pc, insn, sizeof insn);
    char loc[64] = "";
    if (!with_source && ln->file) snprintf(loc, sizeof loc, "%u", ln->line);
    printf("%s%4u  %-6s %s;\n", pc == cur ? "=> " : "   ", i, loc, insn);
  }
  printf("End of dump.\n");
  return DR_OK;
}

int dbg_cmd_list(dbg *g, char *args) {
  char *text = dbg_trim(args);
  const char *file = g->list_file;
  uint32_t first = g->list_line, asked = 0;
  char fbuf[512];
  if (*text) {
    if (!strcmp(text, "-")) { first = first > 20 ? first - 20 : 1; }
    else {
      uint32_t pcs[4];
      aw_module **mods;
      int nm = dbg_known_modules(g, &mods);
      uint32_t n = 0;
      aw_module *m = NULL;
      char *colon = strrchr(text, ':');
      int numeric = 1;
      for (char *q = colon ? colon + 1 : text; *q; q++) if (!isdigit((unsigned char)*q)) numeric = 0;
      if (numeric && !colon) {
        if (!file[0]) return dbg_err("No source file: stop somewhere first, or use FILE:LINE.");
        unsigned long long l = strtoull(text, NULL, 10);
        if (l > UINT32_MAX) return dbg_err("Line number %s out of range.", text);   /* (it was taken modulo 2^32) */
        asked = (uint32_t)l;
        first = l > 5 ? (uint32_t)l - 5 : 1;
      } else if (numeric && colon) {
        snprintf(fbuf, sizeof fbuf, "%.*s", (int)(colon - text), text);
        unsigned long long l = strtoull(colon + 1, NULL, 10);
        if (l > UINT32_MAX) return dbg_err("Line number %s out of range.", colon + 1);
        asked = (uint32_t)l;
        file = fbuf;
        /* a module's name for the file, when it knows it under a longer path */
        for (int i = 0; i < nm; i++)
          for (uint32_t k = 0; k < mods[i]->img.nfiles; k++) {
            const char *fn = isa_str(&mods[i]->img, mods[i]->img.files[k]);
            size_t fl = strlen(fn), bl = strlen(fbuf);
            if (fl >= bl && !strcmp(fn + fl - bl, fbuf) && (fl == bl || fn[fl - bl - 1] == '/')) { snprintf(fbuf, sizeof fbuf, "%s", fn); break; }
          }
        first = l > 5 ? (uint32_t)l - 5 : 1;
      } else {
        for (int i = nm; i-- > 0 && !n;) { n = dbg_resolve_in(g, mods[i], text, pcs, 4); m = mods[i]; }
        if (!n) return dbg_err("Function \"%s\" not defined.", text);
        const isa_line *ln = dbg_line_of(m, pcs[0]);
        if (!ln->file) return dbg_err("No source line for %s.", text);
        snprintf(fbuf, sizeof fbuf, "%s", dbg_file_name(m, ln->file));
        file = fbuf;
        first = ln->line > 5 ? ln->line - 5 : 1;
      }
    }
  }
  if (!file[0]) return dbg_err("No source file: stop somewhere first, or use list FILE:LINE.");
  dbg_source *s = dbg_source_get(file);
  if (!s) return dbg_err("%s: cannot read the source file", file);
  if (asked > s->nlines || first > s->nlines)
    return dbg_err("Line number %u out of range; \"%s\" has %u lines.", asked ? asked : first, file, s->nlines);
  uint32_t last = first + 9 < s->nlines ? first + 9 : s->nlines;
  for (uint32_t l = first; l <= last; l++) printf("%u\t%s\n", l, s->lines[l - 1]);
  if (file != g->list_file) snprintf(g->list_file, sizeof g->list_file, "%s", file);
  g->list_line = last + 1;
  return DR_OK;
}

int dbg_cmd_set_var(dbg *g, char *args) {
  char *eq = strchr(args, '=');
  if (!eq || eq[1] == '=') return DR_USAGE;
  *eq = 0;
  char *lhs = dbg_trim(args), *rhs = dbg_trim(eq + 1);
  if (!*lhs || !*rhs) return DR_USAGE;
  char why[256];
  value dst, src;
  if (dbg_eval(g, lhs, &dst, why, sizeof why)) return dbg_err("%s", why);
  if (dst.kind == V_NUM || dst.kind == V_SREG) return dbg_err("Left operand of assignment is not an lvalue (a register, %%r[LANE], {TYPE}ADDRESS or BUFFER[INDEX]).");
  if (dbg_eval(g, rhs, &src, why, sizeof why)) return dbg_err("%s", why);
  parser ps = { g, "", "" };
  uint64_t u; double f; int fl;
  if (dbg_value_number(&ps, &src, &u, &f, &fl)) return dbg_err("%s", ps.err);
  int t = dst.type;
  uint64_t bits;
  double fv = fl ? f : dbg_int_to_double(u, src.type);
  if (t == ISA_T_F32) bits = emu_f32_bits((float)fv);
  else if (t == ISA_T_F64) bits = emu_f64_bits(fv);
  else if (fl && dbg_float_to_int(f, &bits)) return dbg_err("%.17g does not fit in %s (%s): it has no integer value in 64 bits", f, dst.name, isa_type_name(t));
  else bits = fl ? bits : u;
  unsigned w = isa_type_bits(t);
  if (t == ISA_T_PRED) bits = bits != 0;
  else if (w < 64) bits &= (1ull << w) - 1;   /* converted to the type, as C converts to an unsigned type */
  if (dst.kind == V_REG) {
    warp *wp = dbg_focus_warp(g);
    frame *fr = dbg_sel_frame(g, wp);
    for (int l = 0; l < WARP; l++)
      if (dst.lane == -2 || l == dbg_lane_of(g, &dst)) fr->regs[(size_t)dst.slot * WARP + (uint32_t)l] = bits & fr->slot_mask[dst.slot];
    return DR_OK;
  }
  uint8_t *p = dbg_mem_at(g, dst.space, dst.addr, dbg_type_bytes(t), 1, why, sizeof why);
  if (!p) return dbg_err("Cannot write %s: %s", dst.name, why);
  for (unsigned k = 0; k < dbg_type_bytes(t); k++) p[k] = (uint8_t)(bits >> (8 * k));
  /* the debugger's write is not the program's: watchpoints take it as their new value */
  for (int i = 0; i < g->nbps; i++) {
    breakpoint *b = &g->bps[i];
    if (b->kind != BP_WATCH) continue;
    emu_alloc *a = emu_find_alloc(g->d, b->addr, b->size);
    if (a) memcpy(b->old, a->data + (b->addr - a->addr), b->size);
  }
  return DR_OK;
}

/* info line: with an address, the memory line holding it (its state and
 * what each codec makes of it); lin/lout, the running subroutine's lines;
 * with nothing, the source line of the focused warp's pc. */
int dbg_info_line(dbg *g, char *args) {
  char *text = dbg_trim(args);
  warp *w = dbg_focus_warp(g);
  if (!*text) {
    if (!w) return dbg_err("No line: the program is not stopped in a kernel.");
    uint32_t pc = dbg_sel_pc(g, w);   /* (the selected frame's) */
    if (pc == NO_PC) return dbg_err("No line: warp %u has exited.", w->id);
    const isa_line *ln = dbg_line_of(g->c->m, pc);
    if (!ln->file) { printf("No line number information for pc %u.\n", dbg_rel_pc(g->c->m, pc)); return DR_OK; }
    uint32_t a = pc, b = pc;
    uint32_t f = dbg_func_of(g->c->m, pc), fp = g->c->m->funcs[f].first_pc, fe = fp + g->c->m->funcs[f].ninsn;
    while (a > fp && dbg_same_line(g->c->m, a - 1, ln->file, ln->line)) a--;
    while (b + 1 < fe && dbg_same_line(g->c->m, b + 1, ln->file, ln->line)) b++;
    printf("Line %u of \"%s\" is at %s pc %u to pc %u.\n", ln->line, dbg_file_name(g->c->m, ln->file), dbg_fname(g->c->m, f), a - fp, b - fp);
    return DR_OK;
  }
  if (!strcmp(text, "lin") || !strcmp(text, "lout")) {
    if (!g->c || !g->c->line) return dbg_err("No assist-warp subroutine is running: .lin and .lout exist only then.");
    aw_line *ln = g->c->line;
    uint32_t enc, size, lsz, mag;
    memcpy(&enc, ln->meta, 4); memcpy(&size, ln->meta + 4, 4); memcpy(&lsz, ln->meta + 8, 4); memcpy(&mag, ln->meta + 12, 4);
    aw_module *m = g->c->m;
    const isa_image *img = &m->img;
    printf("Subroutine %s", dbg_fname(m, g->c->kfunc));
    /* its triggers as the source writes them; a 'pc' one also where in the kernel it fires */
    for (uint32_t i = 0; i < img->nsubrs; i++) {
      const isa_subr *sr = &img->subrs[i];
      if (sr->func != g->c->kfunc) continue;
      uint32_t npc = 0;   /* its pc triggers so far: load.c binds them in order, one m->pc_binds entry each */
      for (uint32_t k = 0; k < sr->ntrigger; k++) {
        const isa_trigger *tr = &img->triggers[sr->first_trigger + k];
        char as[512], at[700] = "";
        isa_trigger_text(tr, img->strtab, as, sizeof as);
        if (tr->event == ISA_TRIG_PC) {
          uint32_t seen = 0;
          for (uint32_t b = 0; b < m->npc_binds; b++) {
            if (m->pc_binds[b].subr != i || seen++ != npc) continue;
            char wt[600];
            if (m->pc_binds[b].pc < m->ncode) { dbg_where_text(m, m->pc_binds[b].pc, wt, sizeof wt); snprintf(at, sizeof at, " at %s", wt); }
            break;
          }
          npc++;
        }
        printf("%s '%s'%s", k ? "," : sr->ntrigger > 1 ? ", started by the triggers" : ", started by the trigger", as, at);
      }
    }
    printf("\n");
    printf("  .lin  %u bytes; .lout %u bytes\n", ln->in_bytes, ln->out_bytes);
    printf("  .lmeta: encoding %u, compressed size %u bytes, line size %u bytes, MAG %u bytes", enc, size, lsz, mag);
    if (mag && size) printf(" (%u burst%s)", codec_bursts(size, mag), codec_bursts(size, mag) == 1 ? "" : "s");
    printf("\n  %s\n", enc ? "the line is compressed (encoding != 0)" : "encoding 0: the line is stored uncompressed");
    return DR_OK;
  }
  char why[256];
  value v;
  if (dbg_eval(g, text, &v, why, sizeof why)) return dbg_err("%s", why);
  uint64_t addr;
  if (v.kind == V_MEM) addr = v.addr;
  else if (v.kind == V_NUM && !v.is_float) addr = v.bits;
  else return DR_USAGE;
  uint32_t lb = g->line_bytes;
  uint64_t base = addr & ~(uint64_t)(lb - 1);
  emu_alloc *a = emu_find_alloc(g->d, base, lb);
  uint8_t line[CODEC_MAX_LINE];
  memset(line, 0, sizeof line);
  if (!a) {
    emu_alloc *part = emu_find_alloc(g->d, addr, 1);
    if (!part) return dbg_err("0x%llx is not in device memory.", (unsigned long long)addr);
    for (uint32_t k = 0; k < lb; k++) {   /* an allocation that does not fill the line: the rest reads as zero */
      emu_alloc *q = emu_find_alloc(g->d, base + k, 1);
      if (q) line[k] = q->data[base + k - q->addr];
    }
  } else memcpy(line, a->data + (base - a->addr), lb);
  const char *owner = NULL;
  uint64_t ba = 0, bn = 0;
  int bt = 0;
  for (int i = 0;; i++) {
    const char *nm = dbg_buffer(g, i, &ba, &bn, &bt);
    if (!nm) break;
    if (addr >= ba && addr < ba + bn * dbg_type_bytes(bt)) { owner = nm; break; }
  }
  printf("Line 0x%llx-0x%llx (%u bytes)", (unsigned long long)base, (unsigned long long)(base + lb - 1), lb);
  if (owner) printf(" of buffer '%s'", owner);
  printf("\n  in device memory: uncompressed (this run models no compressed memory; the codecs below say what compression would give)\n");
  printf("  %-14s %-14s %6s %7s\n", "codec", "encoding", "bytes", "bursts");
  for (int i = 0; codecs[i]; i++) {
    uint8_t payload[CODEC_MAX_PAYLOAD];
    codec_meta meta;
    if (codecs[i]->compress(line, lb, 32, payload, &meta)) continue;
    const char *en = meta.encoding < codecs[i]->nencodings ? codecs[i]->encodings[meta.encoding] : "?";
    printf("  %-14s %-14s %6u %7u\n", codecs[i]->name, en, meta.size, codec_bursts(meta.size, 32));
  }
  printf("  (bursts of 32 bytes; the line uncompressed is %u)\n", codec_bursts(lb, 32));
  return DR_OK;
}

int dbg_info_buffers(dbg *g, char *args) {
  (void)args;
  uint64_t a, n;
  int t;
  int any = 0;
  for (int i = 0;; i++) {
    const char *nm = dbg_buffer(g, i, &a, &n, &t);
    if (!nm) break;
    if (!any++) printf("%-16s %-5s %10s  %s\n", "Buffer", "Type", "Elements", "Address");
    printf("%-16s %-5s %10llu  0x%llx\n", nm, isa_type_name(t), (unsigned long long)n, (unsigned long long)a);
  }
  if (!any) printf("No buffers.\n");
  return DR_OK;
}

int dbg_info_functions(dbg *g, char *args) {
  (void)args;
  aw_module **mods;
  int nm = dbg_known_modules(g, &mods);
  if (!nm) { printf("No modules loaded.\n"); return DR_OK; }
  for (int i = 0; i < nm; i++)
    for (uint32_t f = 0; f < mods[i]->img.nfuncs; f++) {
      const isa_func *fn = &mods[i]->img.funcs[f];
      if (!fn->has_body) continue;
      printf("%-10s %s (%u instructions)\n", fn->kind == ISA_FN_ENTRY ? "kernel" : fn->kind == ISA_FN_SUBR ? "subroutine" : "function",
             dbg_fname(mods[i], f), mods[i]->funcs[f].ninsn);
    }
  return DR_OK;
}

int dbg_cmd_stats(dbg *g, char *args) {
  if (*dbg_trim(args)) return DR_USAGE;
  if (g->c) printf("(so far in the running %s)\n", g->c->line ? "subroutine" : "launch");
  if (g->program) {   /* no session: the device's counters */
    aw_stats l = aw_get_stats(g->d), t = aw_get_total_stats(g->d);
    for (int k = 0; k < 2; k++) {
      const aw_stats *a = k ? &t : &l;
      printf("%s: %llu warp instructions, %llu thread instructions, %llu CTAs, %llu warps, %llu branches (%llu divergent), %llu barriers\n",
             k ? "all launches" : "last launch", (unsigned long long)a->warp_insns, (unsigned long long)a->thread_insns,
             (unsigned long long)a->ctas, (unsigned long long)a->warps, (unsigned long long)a->branches,
             (unsigned long long)a->divergent_branches, (unsigned long long)a->barriers);
    }
    return DR_OK;
  }
  return aw_session_exec(g->s, "stats", "") ? DR_ERR : DR_OK;
}
