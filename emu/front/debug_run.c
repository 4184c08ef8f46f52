/* emu/front/debug_run.c -- running under the debugger: the device's hook, which stops
 * before an instruction and runs the command loop right there (g->prompt: debug.c's), the
 * session each run starts, and the commands run, continue, stepi, nexti, step, next, finish,
 * until, advance, kill and quit (see debug_int.h).
 */
#include "debug_int.h"
#include "../../isa/outfile.h"
#include "../timing/timing.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* ---- stopping ---- */

/* Stops in warp w before the instruction at pc: reports, runs the command
 * loop, and sets up what the resume asked for. */
static void stop_here(dbg *g, cta *c, warp *w, uint32_t pc, int kind) {
  g->stop = kind;
  g->stop_w = w;
  g->stop_c = c;
  g->stop_pc = pc;
  g->c = c;
  g->frame_sel = 0;
  uint32_t mask = 0;
  if (g->writer) {   /* timing mode: another block's warp stored to a watched location; it is shown, at its next pc */
    cta *wc = g->writer;
    g->writer = NULL;
    g->c = wc;
    g->cta_serial = wc->serial;
    dbg_set_focus(g, g->writer_warp, g->writer_lane, 1);
    uint32_t npc = dbg_warp_pc(g, &wc->warps[g->writer_warp], &mask);
    if (npc != NO_PC) dbg_print_location(g, wc->m, npc, mask);
    else printf("(warp %u has exited)\n", g->writer_warp);
  } else if (w) {
    dbg_warp_next(w, &mask, NULL);
    dbg_print_location(g, c->m, pc, mask);
  }
  dbg_do_displays(g);
  g->mode = M_CONT;
  /* the launch's wall-clock limit counts the time it runs, not the time it waits at the prompt */
  struct timespec t0, t1;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  g->prompt(g);
  clock_gettime(CLOCK_MONOTONIC, &t1);
  g->d->started += (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9;
  g->stop = S_NONE;
  g->stop_w = NULL;
  g->stop_c = NULL;
  g->interrupted = 0;
}

static void set_ref(dbg *g, warp *w, uint32_t pc) {
  g->ref_frames = w->nframes;
  g->ref_pc = pc;
  if (pc != NO_PC) { const isa_line *ln = dbg_line_of(g->c->m, pc); g->ref_file = ln->file; g->ref_line = ln->line; }
}

/* Whether the step the user asked for is complete, the focused warp
 * standing before the instruction at pc. */
static int step_done(dbg *g, warp *w, uint32_t pc) {
  aw_module *m = g->c->m;
  if (g->skip) { g->skip = 0; return 0; }
  switch (g->mode) {
  case M_STEPI:
    return --g->count == 0;
  case M_NEXTI:
    if (w->nframes > g->ref_frames) return 0;
    if (--g->count == 0) return 1;
    set_ref(g, w, pc);
    return 0;
  case M_STEP: case M_NEXT:
    if (g->mode == M_NEXT && w->nframes > g->ref_frames) return 0;
    if (w->nframes == g->ref_frames && dbg_same_line(m, pc, g->ref_file, g->ref_line)) return 0;
    if (--g->count == 0) return 1;
    set_ref(g, w, pc);
    return 0;
  case M_FINISH:
    return w->nframes < g->ref_frames;
  case M_UNTIL:
    return w->nframes < g->ref_frames || (w->nframes == g->ref_frames && pc > g->ref_pc && !dbg_same_line(m, pc, g->ref_file, g->ref_line));
  case M_ADVANCE:
    return w->nframes < g->ref_frames || (m == g->adv_m && pc == g->adv_pc);
  }
  return 0;
}

/* A step of the warp in focus (g->focus_c, still running) ends because another warp stops
 * first: says so, with the command, the stepping warp and where it stands now (as it issued
 * its instruction, or not yet), before the focus moves.  Returns 1 (printed). */
static int step_cut_short(dbg *g) {
  static const char *const names[] = { "continue", "stepi", "nexti", "step", "next", "finish", "until", "advance" };
  const cta *fc = g->focus_c;
  warp *fw = &fc->warps[g->fw];
  char who[160], wt[600] = "";
  const cta *p = NULL;
  uint32_t pid = g->fw;
  if (!dbg_assist_of(g, fc, &p, &pid)) snprintf(who, sizeof who, "block (%u,%u,%u), warp %u", fc->cta.x, fc->cta.y, fc->cta.z, g->fw);
  else if (p) snprintf(who, sizeof who, "the assist warp of block (%u,%u,%u), warp %u", p->cta.x, p->cta.y, p->cta.z, pid);
  else snprintf(who, sizeof who, "an assist warp running %s", dbg_fname(fc->m, fc->kfunc));
  uint32_t pc = dbg_warp_next(fw, NULL, NULL);
  if (pc != NO_PC) dbg_where_text(fc->m, pc, wt, sizeof wt);
  printf("\n[%s of %s interrupted by another warp's stop: it %s%s]\n", names[g->mode], who, pc != NO_PC ? "stands at " : "has exited", wt);
  return 1;
}

/* A launch or runsub has ended (also a killed one).  The executor owns its CTAs (a launch's
 * blocks, the runners of assist warps) and may free them once their launch has ended (a later
 * launch rebinds or frees timing mode's, the session frees the rest), so every pointer to one
 * is forgotten here: nothing the debugger keeps outlives its launch. */
void dbg_launch_over(dbg *g) {
  g->c = NULL;
  g->focus_c = NULL;
  g->stop_c = NULL;
  g->stop_w = NULL;
  g->writer = NULL;
  g->mode = M_CONT;
  g->in_launch = 0;
}

int dbg_hook(void *ctx, int ev, cta *c, warp *w, uint32_t pc) {
  dbg *g = ctx;
  if (g->kill) {   /* killed (kill, run again, quit): the launch ends as soon as it can */
    if (ev == EMU_EV_END) dbg_launch_over(g);
    return 1;
  }
  switch (ev) {
  case EMU_EV_CTA:
    g->c = c;
    g->cta_serial = c->serial;
    if (!g->in_launch) { g->in_launch = 1; g->kernel_id = g->nlaunches++; dbg_watch_place_pending(g); }
    for (int i = 0; i < g->nbps; i++) {   /* watched values as the block starts: only its stores count */
      breakpoint *b = &g->bps[i];
      emu_alloc *a = b->kind == BP_WATCH ? emu_find_alloc(g->d, b->addr, b->size) : NULL;
      if (a) memcpy(b->old, a->data + (b->addr - a->addr), b->size);
    }
    /* while it runs on, the focus follows the newest block (functional mode: the old one is gone);
     * in timing mode the focus stays where it was: the block it is in may still be resident */
    if (g->mode == M_CONT && !g->d->timing) g->focus_serial = g->cta_serial, g->focus_c = c, g->fw = 0, g->fl = 0;   /* (d->timing: also while the first blocks are dispatched) */
    return 0;
  case EMU_EV_FAULT: {
    char msg[1024];
    aw_fault_format(c->fault, msg, sizeof msg);
    printf("\nProgram stopped by a fault: %s\n", msg);
    if (w) dbg_set_focus(g, w->id, c->fault->lane, 1);
    stop_here(g, c, w, pc, S_FAULT);
    return 0;
  }
  case EMU_EV_END:
    if (g->d->watch_hit && dbg_check_watches(g)) { printf("(after the last instruction of %s)\n", dbg_fname(c->m, c->kfunc)); stop_here(g, c, NULL, 0, S_END); }
    else if (g->mode != M_CONT && !pc) {
      printf("[%s %s finished]\n", c->line ? "subroutine" : "kernel", dbg_fname(c->m, c->kfunc));
      stop_here(g, c, NULL, 0, S_END);
    }
    dbg_launch_over(g);
    return 0;
  }
  /* EMU_EV_INSN: the common case returns at once */
  int why = 0;
  if (g->interrupted) why = 1;
  if (g->d->watch_hit) why |= 2;
  if (c->m != g->last_m) { modmap *mm = dbg_map_of(g, c->m); g->last_m = c->m; g->last_at = mm->at; }
  if (g->last_at[pc] & 1) why |= 4;
  if (g->last_at[pc] & 2) why |= 8;
  /* in timing mode several CTAs are resident: the event's CTA becomes the one shown */
  if (c != g->c || c->serial != g->cta_serial) { g->c = c; g->cta_serial = c->serial; }
  const cta *fc = g->focus_c;
  int focus = g->mode != M_CONT && c == fc && g->focus_serial == c->serial && w->id == g->fw;
  int gone = !fc || fc->serial != g->focus_serial;
  int lost = g->mode != M_CONT && (gone || (g->fw < fc->nwarps && fc->warps[g->fw].state == W_DONE));
  if (!why && !focus && !lost) return 0;
  uint32_t lane = 0;
  /* the warp in focus, resumed by a step where it stood (it was not the one stopped): a breakpoint
   * at that pc is stepped over, as gdb steps over one where the thread stands */
  int at_resume = focus && g->skip;
  int bpi = (why & 4) && !at_resume ? dbg_bp_hit(g, c, w, pc, &lane) : -1;
  int watched = (why & 2) ? dbg_check_watches(g) : 0;
  int stepped = !watched && bpi < 0 && focus && step_done(g, w, pc);
  int trap = (why & 8) && !stepped;
  if (!(why & 1) && !watched && bpi < 0 && !stepped && !lost && !trap) return g->kill;
  uint32_t mask;
  dbg_warp_next(w, &mask, NULL);
  /* another warp stops while the one in focus steps: said, with where the stepping warp stands */
  int cut = !focus && !lost && g->mode != M_CONT && g->fw < g->focus_c->nwarps && (bpi >= 0 || trap || watched || (why & 1)) &&
            step_cut_short(g);
  if (bpi >= 0) {
    breakpoint *b = &g->bps[bpi];
    b->hits++;
    if (!cut) printf("\n");
    dbg_set_focus(g, w->id, lane, 1);
    printf("%s %d, ", b->temp ? "Temporary breakpoint" : "Breakpoint", b->id);
    char wt[600];
    dbg_where_text(c->m, pc, wt, sizeof wt);
    printf("%s\n", wt);
    if (b->temp) {
      free(b->spec); free(b->locs);
      memmove(b, b + 1, (size_t)(g->nbps - bpi - 1) * sizeof *b);
      g->nbps--;
      dbg_maps_rebuild(g);
    }
  } else if (trap) {
    printf("%sProgram received signal SIGTRAP: a brkpt instruction.\n", cut ? "" : "\n");
    dbg_set_focus(g, w->id, mask ? (uint32_t)__builtin_ctz(mask) : 0, 1);
  } else if (why & 1) {
    printf("%sProgram received signal SIGINT, Interrupt.\n", cut ? "" : "\n");
    dbg_set_focus(g, w->id, mask ? (uint32_t)__builtin_ctz(mask) : 0, 1);
  } else if (watched) {   /* the focus goes to the lane that stored, when its warp is this one, or (timing mode) resident */
    uint32_t k = g->watch_last, id[3] = { 0, 0, 0 }, sw = UINT32_MAX, sl = 0;   /* the storing block, warp and lane */
    if (k < g->d->nwatch) {
      id[0] = g->d->wlast[k].cta.x; id[1] = g->d->wlast[k].cta.y; id[2] = g->d->wlast[k].cta.z;
      sw = g->d->wlast[k].warp; sl = g->d->wlast[k].lane;
    }
    cta *wc = NULL;
    const cta *by = k < g->d->nwatch ? g->d->wlast[k].by : NULL;
    if (by == c && sw == w->id) dbg_set_focus(g, w->id, sl, 1);
    else if (sw != UINT32_MAX && dbg_assist_of(g, by, NULL, NULL) && sw < by->nwarps) {
      g->writer = (cta *)by;   /* an assist warp stored, and runs still: it is shown */
      g->writer_warp = sw;
      g->writer_lane = sl;
    } else if (sw != UINT32_MAX && !(by && by->line) && aw_timing_cycle(g->d) >= 0 && (wc = dbg_resident_cta(g, id, -1)) && sw < wc->nwarps) {
      g->writer = wc;
      g->writer_warp = sw;
      g->writer_lane = sl;
    } else dbg_set_focus(g, w->id, mask ? (uint32_t)__builtin_ctz(mask) : 0, 1);
  } else if (lost && !focus) {
    printf("[the warp in focus has %s]\n", gone ? "finished with its block" : "exited");
    dbg_set_focus(g, w->id, mask ? (uint32_t)__builtin_ctz(mask) : 0, 1);
  } else if (g->mode == M_FINISH) {
    char wt[600];
    dbg_where_text(c->m, pc, wt, sizeof wt);
    printf("Returned to %s\n", wt);
  }
  stop_here(g, c, w, pc, S_INSN);
  return g->kill;
}

/* ---- the session ---- */

/* The command line's NAME=VALUE definitions, into session s. */
static void apply_vars(dbg *g, aw_session *s) {
  for (int i = 0; i < g->nvars; i++) {
    char *eq = strchr(g->vars[i], '=');
    *eq = 0;
    aw_session_set_var(s, g->vars[i], eq + 1);
    *eq = '=';
  }
}

/* A new session (at startup, and for each run): the focus starts as on the first run, on
 * warp 0, lane 0 of whatever block first stops (the old session's blocks are freed with it). */
/* The command line's options applied to each session's device: its config, subroutines, limits
 * and memcheck, and --trace-timeline's file begun anew (it holds the last run's launches).
 * 0, or 2 after a message. */
static int session_options(dbg *g) {
  if (!g->opts) return 0;
  if (aw_opts_setup(g->opts, g->d, g->timing ? &g->cfg : NULL, g->timeout)) return 2;
  if (g->opts->timeline) {
    char err[600];
    if (isa_out_open(&g->timeline, g->opts->timeline, 0, err, sizeof err)) { fprintf(stderr, "awemu debug: %s\n", err); return 2; }
    g->timeline_open = 1;
    if (aw_timing_timeline(g->d, g->timeline.f)) { fprintf(stderr, "awemu: out of memory\n"); return 2; }
  }
  return 0;
}

int dbg_session_start(dbg *g) {
  dbg_launch_over(g);
  g->stop = S_NONE;
  g->fw = g->fl = g->frame_sel = 0;
  g->focus_serial = g->cta_serial = 0;
  if (g->timeline_open) { aw_timing_timeline(g->d, NULL); isa_out_abort(&g->timeline); g->timeline_open = 0; }
  if (g->s) aw_session_free(g->s);
  g->s = aw_session_new(stdout, stderr);
  g->d = aw_session_device(g->s);
  int rc = session_options(g);
  apply_vars(g, g->s);
  for (int i = 0; i < g->npresets; i++) aw_session_exec(g->s, g->presets[i], "");
  g->d->hook = dbg_hook;
  g->d->hook_ctx = g;
  dbg_maps_clear(g);
  g->nlaunches = 0;
  /* watchpoints keep their addresses (allocation is deterministic); their old values are re-read */
  for (int i = 0; i < g->nbps; i++) if (g->bps[i].kind == BP_WATCH) memset(g->bps[i].old, 0, sizeof g->bps[i].old);
  dbg_watch_range(g);
  return rc;
}

/* Modules the script loads, assembled once at startup so that 'break' and
 * completion know their names before 'run'. */
void dbg_scratch_load(dbg *g) {
  FILE *f = fopen(g->target, "r");
  if (!f) return;
  g->scratch_out = fopen("/dev/null", "w");   /* a sink for messages, opened in place (never replaced) */
  g->scratch = g->scratch_out ? aw_session_new(g->scratch_out, g->scratch_out) : NULL;
  if (!g->scratch) { fclose(f); return; }
  if (g->opts) aw_opts_setup(g->opts, aw_session_device(g->scratch), NULL, 0);   /* (--subroutines: their names too) */
  char dir[4096];
  snprintf(dir, sizeof dir, "%s", g->target);
  char *slash = strrchr(dir, '/');
  if (slash) *slash = 0; else snprintf(dir, sizeof dir, ".");
  aw_session_set_var(g->scratch, "SCRIPT_DIR", dir);
  apply_vars(g, g->scratch);
  char line[4096];
  while (fgets(line, sizeof line, f)) {
    char *p = line;
    while (isspace((unsigned char)*p)) p++;
    if ((!strncmp(p, "load", 4) && isspace((unsigned char)p[4])) || (!strncmp(p, "subroutines", 11) && isspace((unsigned char)p[11])))
      aw_session_exec(g->scratch, p, "");   /* (subroutines: assembled with the modules loaded after it) */
  }
  fclose(f);
}

/* ---- commands: running ---- */

/* Ends what runs on purpose: the launch faults "killed by the debugger" and
 * the script stops, without printing that as an error. */
void dbg_kill_run(dbg *g) {
  g->kill = 1;
  if (!g->s) return;   /* (a program: the runtime ends it when the hook has stopped its launch) */
  aw_session_quiet(g->s, 1);
  aw_session_stop(g->s);   /* (stopped where a launch has ended, no hook would see g->kill: the next line must not run) */
}

static int need_stopped(dbg *g) {
  if (g->stop == S_INSN) return 0;
  if (g->stop == S_FAULT) return dbg_err("The kernel has faulted; it cannot go on (continue ends it, kill stops the %s).", g->program ? "program" : "script");
  if (g->stop == S_END) return dbg_err("The kernel has finished; continue runs the rest of the %s.", g->program ? "program" : "script");
  if (g->program && !g->exited) return dbg_err("No kernel is stopped: set a breakpoint (break KERNEL), then run or continue.");
  return dbg_err("The program is not being run.");
}

/* A program at the last prompt, after its end: nothing of it runs again. */
static int program_over(dbg *g) {
  return dbg_err("The program %s has ended; a CUDA program is not run again under the debugger (start awemu debug again).", g->target);
}

int dbg_cmd_run(dbg *g, char *args) {
  if (*args) return DR_USAGE;
  if (g->program) {   /* the program runs from where it stands (before its first CUDA call); it cannot start over */
    if (g->exited) return program_over(g);
    if (!g->started) return DR_RESUME;
    return dbg_err("The program is running; a CUDA program cannot be started again from the debugger (kill ends it).");
  }
  if (!g->is_script) return dbg_err("There is no script to run: awemu debug was given a module; use launch or runsub.");
  if (g->running) {
    printf("Restarting the script from the beginning.\n");
    g->restart = 1;
    dbg_kill_run(g);
    return DR_RESUME;
  }
  for (;;) {
    dbg_session_start(g);
    g->running = 1;
    g->kill = g->restart = 0;
    g->mode = M_CONT;
    printf("Starting script %s\n", g->target);
    int rc = aw_session_run_file(g->s, g->target);
    aw_session_quiet(g->s, 0);
    g->running = 0;
    dbg_launch_over(g);
    if (g->restart) continue;
    if (g->quit) return DR_OK;
    if (g->kill) { g->kill = 0; printf("[script %s killed]\n", g->target); return DR_OK; }
    printf("[script %s %s]\n", g->target, rc ? "stopped at a failing command" : "finished");
    return rc ? DR_ERR : DR_OK;
  }
}

static int resume(dbg *g, int mode, char *args) {
  uint64_t n = 1;
  args = dbg_trim(args);
  if (*args && (dbg_parse_u64(args, &n) || !n)) return DR_USAGE;
  if (need_stopped(g)) return DR_ERR;
  warp *w = dbg_focus_warp(g);
  if (!w || w->state == W_DONE) return dbg_err("The warp in focus has exited; choose another (cuda warp N) or continue.");
  g->mode = mode;
  g->count = n;
  g->frame_sel = 0;
  g->skip = w != g->stop_w;
  set_ref(g, w, dbg_warp_pc(g, w, NULL));
  return DR_RESUME;
}

int dbg_cmd_continue(dbg *g, char *args) {
  if (*args) return DR_USAGE;
  if (g->program && g->exited) return program_over(g);
  if (g->program && !g->started) return DR_RESUME;
  if (g->stop == S_NONE) return dbg_err("The program is not being run.");
  g->mode = M_CONT;
  return DR_RESUME;
}
int dbg_cmd_stepi(dbg *g, char *args) { return resume(g, M_STEPI, args); }
int dbg_cmd_nexti(dbg *g, char *args) { return resume(g, M_NEXTI, args); }
int dbg_cmd_step(dbg *g, char *args) { return resume(g, M_STEP, args); }
int dbg_cmd_next(dbg *g, char *args) { return resume(g, M_NEXT, args); }

int dbg_cmd_finish(dbg *g, char *args) {
  if (*args) return DR_USAGE;
  if (need_stopped(g)) return DR_ERR;
  warp *w = dbg_focus_warp(g);
  if (!w || w->state == W_DONE) return dbg_err("The warp in focus has exited.");
  uint32_t sel = g->frame_sel < w->nframes ? g->frame_sel : 0;
  if (w->nframes - sel < 2) return dbg_err("\"finish\" not meaningful in the outermost frame.");
  printf("Run till exit from #%u  %s\n", sel, dbg_fname(g->c->m, dbg_sel_frame(g, w)->func));
  g->mode = M_FINISH;
  g->skip = 0;
  set_ref(g, w, dbg_warp_pc(g, w, NULL));
  g->ref_frames = w->nframes - sel;   /* the selected frame returns */
  g->frame_sel = 0;
  return DR_RESUME;
}

static uint32_t resolve_one(dbg *g, const char *spec, aw_module *m, int *count) {
  uint32_t pcs[16];
  uint32_t n = dbg_resolve_in(g, m, spec, pcs, 16);
  *count = (int)n;
  return n ? pcs[0] : NO_PC;
}

int dbg_cmd_until(dbg *g, char *args) {
  if (need_stopped(g)) return DR_ERR;
  warp *w = dbg_focus_warp(g);
  if (!w || w->state == W_DONE) return dbg_err("The warp in focus has exited.");
  char *spec = dbg_word(&args);
  if (dbg_word(&args)) return DR_USAGE;
  g->skip = w != g->stop_w;
  set_ref(g, w, dbg_warp_pc(g, w, NULL));
  if (!spec) { g->mode = M_UNTIL; return DR_RESUME; }
  int n;
  uint32_t pc = resolve_one(g, spec, g->c->m, &n);
  if (!n) return dbg_err("No location \"%s\" in the running module.", spec);
  g->mode = M_ADVANCE;
  g->adv_m = g->c->m;
  g->adv_pc = pc;
  return DR_RESUME;
}

int dbg_cmd_advance(dbg *g, char *args) {
  if (!*dbg_trim(args)) return DR_USAGE;
  return dbg_cmd_until(g, args);
}

int dbg_cmd_kill(dbg *g, char *args) {
  if (*args) return DR_USAGE;
  if (g->program && g->exited) return program_over(g);
  if (!g->running) return dbg_err("The program is not being run.");
  dbg_kill_run(g);
  return DR_RESUME;
}

int dbg_cmd_quit(dbg *g, char *args) {
  (void)args;
  g->quit = 1;
  if (g->running) dbg_kill_run(g);
  return DR_RESUME;
}
