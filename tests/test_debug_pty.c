/* tests/test_debug_pty.c -- the debugger's real readline prompt, driven through a pseudo-terminal.
 *
 * tests/run.sh runs the debugger with its input from a file or a pipe; there `awemu debug` reads
 * lines with fgets and readline never runs.  This test starts `$BIN/awemu debug SCRIPT` on a
 * pseudo-terminal (forkpty, 120x40, TERM=xterm), types keys into it as a user would and reads
 * "the screen": everything the debugger writes, with terminal control sequences and carriage
 * returns removed.  Every wait is "until this text appears, at most N seconds"; the whole program
 * gives up after 60 s (alarm) and kills the debugger, so it cannot hang a test run.
 *
 * The script launches tests/bench/alu.ptx for minutes (10^8 loop iterations per thread), so a
 * kernel is surely still running when Ctrl-C arrives.  HOME and AWEMU_HISTFILE point into a fresh
 * directory under /tmp: the user's ~/.awemu_history and ~/.inputrc are never read or written.
 *
 * Session 1, in order (one PASS/FAIL line each):
 *   banner          the banner and the prompt "(awemu) " appear
 *   complete cmd    "tbr<Tab>al<Tab><Enter>" completes the command and the kernel name, and
 *                   sets "Temporary breakpoint 1 at alu pc 0"
 *   run             `run` stops at it: "Temporary breakpoint 1, alu pc 0"
 *   complete reg    "print %rd<Tab><Tab>" lists the registers %rd1 ... %rd3 (the line is then
 *                   cleared with Ctrl-U and never executed)
 *   Ctrl-C running  `continue`, 1 s later Ctrl-C: "Program received signal SIGINT", a
 *                   "=> alu pc" line and a new prompt; then `info warps` shows "Kernel alu"
 *                   (a "[Switching focus to ...]" line comes only when another warp was about
 *                   to issue, so it is not required)
 *   repeat          `stepi` and then an empty line each print a "=> alu pc" line
 *   Ctrl-C idle     Ctrl-C at the prompt gives a new prompt; the debugger still answers
 *   quit            `quit` ends the process (its exit status is reported), and the history
 *                   file now holds the lines "tbreak alu" and "info warps"
 * Session 2, same history file:
 *   history         Up shows the file's last line, Up again the line before it; then Ctrl-U
 *                   and `quit`
 * Sessions 3-5, one command and `quit` each, with AWEMU_HISTFILE naming a symbolic link to a
 * regular file, a character device node made with mknod in the scratch directory, and a link
 * to that node: the link stays a link (its target gets the history) and the node stays a
 * device (readline's write_history renames a temporary over them; awemu writes in place).
 *
 * Environment: BIN (directory of awemu, default "bin"); AWEMU_PTY_TERM overrides TERM (e.g.
 * "dumb"); AWEMU_PTY_VERBOSE=1 copies each session's screen to stderr at its end.
 */
#define _DEFAULT_SOURCE /* forkpty, struct winsize, mkdtemp */
#include <errno.h>
#include <poll.h>
#include <pty.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/sysmacros.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define PROMPT "(awemu) "
#define WAIT_S 8.0      /* the longest one expected text may take to appear */
#define WAIT_BROKEN_S 1.0 /* ... once something in this session went wrong: fail fast */
#define ALARM_S 60

static int failures;

/* ---- PASS/FAIL lines ---- */

static void pass(const char *what) { printf("PASS %s\n", what); fflush(stdout); }

static void fail(const char *what, const char *details) {
  failures++;
  printf("FAIL %s: %s\n", what, details);
  fflush(stdout);
}

/* ---- the debugger's pids, for the alarm ---- */

static volatile pid_t children[2];

static void on_alarm(int sig) {
  (void)sig;
  static const char msg[] = "FAIL test_debug_pty: gave up after 60 s (the debugger is killed)\n";
  for (int i = 0; i < 2; i++) if (children[i] > 0) kill(children[i], SIGKILL);
  ssize_t r = write(STDOUT_FILENO, msg, sizeof msg - 1);
  (void)r;
  _exit(1);
}

/* ---- a growing byte buffer ---- */

typedef struct { char *p; size_t n, cap; } buf;

static void buf_add(buf *b, const char *s, size_t n) {
  if (b->n + n + 1 > b->cap) {
    b->cap = (b->n + n + 1) * 2;
    b->p = realloc(b->p, b->cap);
    if (!b->p) { perror("realloc"); exit(1); }
  }
  memcpy(b->p + b->n, s, n);
  b->n += n;
  b->p[b->n] = 0;
}

/* ---- a debugger on a pseudo-terminal ---- */

typedef struct {
  const char *name;  /* for messages: "session 1" */
  int slot;          /* its index in children[] */
  pid_t pid;         /* 0 once reaped */
  int status;        /* wait status, once reaped */
  int fd;            /* the pty master */
  int eof;           /* the master reads EOF/EIO: every holder of the terminal closed it */
  int broken;        /* an expected text did not come: later waits are short */
  buf raw;           /* every byte read from the master */
  size_t done;       /* raw bytes already turned into text (an unfinished escape waits) */
  buf text;          /* the screen: raw without control sequences, \r, bell, backspace */
  size_t mark;       /* searches start here; a found text moves it past the match */
} session;

/* Turns raw bytes [done, n) into screen text.  Removed: CSI (ESC [ params final), OSC (ESC ] ...
 * BEL or ESC \), other escapes (ESC, intermediates 0x20-0x2f, final), \r and other controls
 * but \n and \t.  An escape cut off at the end of the bytes read so far waits for the rest. */
static void screen_update(session *s) {
  const char *r = s->raw.p;
  size_t n = s->raw.n, i = s->done;
  while (i < n) {
    unsigned char c = (unsigned char)r[i];
    if (c == 0x1b) {
      if (i + 1 >= n) break;
      size_t j = i + 2;
      if (r[i + 1] == '[') {
        while (j < n && !(r[j] >= 0x40 && r[j] <= 0x7e)) j++;
        if (j >= n) break;
        i = j + 1;
      } else if (r[i + 1] == ']') {
        while (j < n && r[j] != 7 && !(r[j] == 0x1b && j + 1 < n && r[j + 1] == '\\')) j++;
        if (j >= n) break;
        i = r[j] == 7 ? j + 1 : j + 2;
      } else {
        j = i + 1;
        while (j < n && r[j] >= 0x20 && r[j] <= 0x2f) j++;
        if (j >= n) break;
        i = j + 1;
      }
      continue;
    }
    if (c >= 0x20 || c == '\n' || c == '\t') buf_add(&s->text, r + i, 1);
    i++;
  }
  s->done = i;
}

static double now_s(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* Reads what the master has, waiting at most timeout_s for the first bytes. */
static void pump(session *s, double timeout_s) {
  if (s->eof) return;
  struct pollfd p = { .fd = s->fd, .events = POLLIN, .revents = 0 };
  int ms = timeout_s <= 0 ? 0 : (int)(timeout_s * 1000.0) + 1;
  int k = poll(&p, 1, ms);
  if (k <= 0) return;
  for (;;) {   /* drain without blocking */
    char chunk[4096];
    ssize_t got = read(s->fd, chunk, sizeof chunk);
    if (got > 0) buf_add(&s->raw, chunk, (size_t)got);
    else if (got < 0 && errno == EINTR) continue;
    else { if (got == 0 || errno != EAGAIN) s->eof = 1; break; }
    p.revents = 0;
    if (poll(&p, 1, 0) <= 0) break;
  }
  screen_update(s);
}

/* Keeps reading for secs seconds (so the debugger never blocks on a full terminal). */
static void pump_for(session *s, double secs) {
  double end = now_s() + secs;
  for (double left = secs; left > 0; left = end - now_s()) {
    if (s->eof) { struct timespec t = { 0, 50 * 1000 * 1000 }; nanosleep(&t, NULL); }
    else pump(s, left);
  }
}

/* Waits until needle appears on the screen after the mark; moves the mark past it.
 * 1 when it appeared, 0 when it did not (in time, or before the terminal closed). */
static int expect(session *s, const char *needle) {
  double end = now_s() + (s->broken ? WAIT_BROKEN_S : WAIT_S);
  for (;;) {
    char *hit = strstr(s->text.p ? s->text.p + s->mark : "", needle);
    if (hit) { s->mark = (size_t)(hit - s->text.p) + strlen(needle); return 1; }
    double left = end - now_s();
    if (left <= 0 || s->eof) { s->broken = 1; return 0; }
    pump(s, left);
  }
}

/* The screen after the mark (its last 400 characters), newlines as "\n", for FAIL lines. */
static const char *screen_tail(session *s) {
  static char out[1200];
  const char *t = s->text.p ? s->text.p + s->mark : "";
  size_t n = strlen(t);
  if (n > 400) t += n - 400;
  size_t o = 0;
  o += (size_t)snprintf(out, sizeof out, "screen after the last match: \"");
  for (; *t && o + 8 < sizeof out; t++) {
    if (*t == '\n') { out[o++] = '\\'; out[o++] = 'n'; }
    else if (*t == '\t') { out[o++] = '\\'; out[o++] = 't'; }
    else out[o++] = *t;
  }
  out[o++] = '"';
  out[o] = 0;
  return out;
}

/* FAIL what: expected "needle" ...screen... */
static void fail_expect(session *s, const char *what, const char *needle) {
  char d[1600];
  snprintf(d, sizeof d, "%s: \"%s\" did not appear%s; %s", s->name, needle,
           s->eof ? " (the terminal closed)" : "", screen_tail(s));
  fail(what, d);
}

static void send(session *s, const char *keys) {
  size_t n = strlen(keys), off = 0;
  while (off < n) {
    ssize_t w = write(s->fd, keys + off, n - off);
    if (w < 0 && errno == EINTR) continue;
    if (w <= 0) return;   /* the debugger is gone: the next expect says so */
    off += (size_t)w;
  }
}

/* Starts awemu debug SCRIPT on a new 120x40 terminal with HOME and AWEMU_HISTFILE set. */
static int session_start(session *s, const char *name, int slot, const char *awemu, const char *script,
                         const char *home, const char *histfile) {
  memset(s, 0, sizeof *s);
  s->name = name;
  s->slot = slot;
  struct winsize ws = { .ws_row = 40, .ws_col = 120, .ws_xpixel = 0, .ws_ypixel = 0 };
  int fd;
  pid_t pid = forkpty(&fd, NULL, NULL, &ws);
  if (pid < 0) { perror("forkpty"); return -1; }
  if (pid == 0) {
    const char *term = getenv("AWEMU_PTY_TERM");
    setenv("TERM", term && *term ? term : "xterm", 1);
    setenv("HOME", home, 1);
    setenv("AWEMU_HISTFILE", histfile, 1);
    unsetenv("INPUTRC");
    unsetenv("LINES");
    unsetenv("COLUMNS");
    if (chdir(home)) _exit(126);   /* anything written by mistake to a relative name lands in the scratch directory */
    execl(awemu, "awemu", "debug", script, (char *)NULL);
    fprintf(stderr, "exec %s: %s\n", awemu, strerror(errno));
    _exit(127);
  }
  s->pid = pid;
  s->fd = fd;
  children[slot] = pid;
  return 0;
}

/* 1 while the debugger runs; reaps it (keeping its status) once it has exited. */
static int session_alive(session *s) {
  if (!s->pid) return 0;
  pid_t w = waitpid(s->pid, &s->status, WNOHANG);
  if (w == 0) return 1;
  if (w < 0) s->status = 0x7f00;   /* cannot happen: it is our child; "exit 127" */
  s->pid = 0;
  children[s->slot] = 0;
  return 0;
}

/* Waits at most secs for the debugger to exit, reading its output meanwhile. 1 when it did. */
static int session_wait(session *s, double secs) {
  double end = now_s() + secs;
  while (session_alive(s)) {
    if (now_s() >= end) return 0;
    pump_for(s, 0.05);
  }
  pump(s, 0);   /* what it wrote last */
  return 1;
}

/* Kills the debugger if it still runs, reaps it, closes the terminal. */
static void session_end(session *s) {
  if (s->pid) {
    kill(s->pid, SIGKILL);
    waitpid(s->pid, &s->status, 0);
    s->pid = 0;
    children[s->slot] = 0;
  }
  const char *v = getenv("AWEMU_PTY_VERBOSE");
  if (v && *v && *v != '0')
    fprintf(stderr, "---- %s: the screen ----\n%s\n---- end of %s ----\n", s->name,
            s->text.p ? s->text.p : "", s->name);
  close(s->fd);
  free(s->raw.p);
  free(s->text.p);
}

/* ---- the history file ---- */

/* The non-empty lines of path, at most max; returns their number (0 when it cannot be read). */
static int read_lines(const char *path, char lines[][256], int max) {
  FILE *f = fopen(path, "r");
  if (!f) return 0;
  int n = 0;
  char l[256];
  while (n < max && fgets(l, sizeof l, f)) {
    l[strcspn(l, "\r\n")] = 0;
    if (*l) snprintf(lines[n++], 256, "%s", l);
  }
  fclose(f);
  return n;
}

static int has_line(char lines[][256], int n, const char *want) {
  for (int i = 0; i < n; i++) if (!strcmp(lines[i], want)) return 1;
  return 0;
}

/* ---- session 1: completion, run, Ctrl-C, repeat, quit ---- */

static void session_one(const char *awemu, const char *script, const char *home, const char *histfile) {
  session s;
  if (session_start(&s, "session 1", 0, awemu, script, home, histfile)) {
    fail("debugger starts on a pseudo-terminal", "forkpty failed");
    return;
  }

  /* 1. banner and prompt */
  if (!expect(&s, "awemu debugger.")) fail_expect(&s, "banner", "awemu debugger.");
  else if (!expect(&s, PROMPT)) fail_expect(&s, "banner", PROMPT);
  else pass("debugger on a pty prints its banner and the prompt");

  /* 2. a command name, then a kernel name, by Tab.  The echo comes in pieces ("tbr", "eak ",
   * "al", "u "), so the whole line is looked for from where the typing began. */
  size_t typed = s.mark;
  send(&s, "tbr\t");
  if (!expect(&s, "tbreak ")) fail_expect(&s, "Tab completes a command name (tbr -> tbreak)", "tbreak ");
  else {
    send(&s, "al\t");
    s.mark = typed;
    if (!expect(&s, "tbreak alu")) fail_expect(&s, "Tab completes a kernel name (al -> alu)", "tbreak alu");
    else {
      send(&s, "\r");
      if (!expect(&s, "Temporary breakpoint 1 at alu pc 0"))
        fail_expect(&s, "Tab-completed tbreak sets a breakpoint", "Temporary breakpoint 1 at alu pc 0");
      else if (!expect(&s, PROMPT)) fail_expect(&s, "Tab-completed tbreak sets a breakpoint", PROMPT);
      else pass("Tab completes tbr -> tbreak and al -> alu; tbreak alu sets temporary breakpoint 1");
    }
  }

  /* 3. run to the breakpoint */
  send(&s, "run\r");
  if (!expect(&s, "Temporary breakpoint 1, alu pc 0")) fail_expect(&s, "run stops at the breakpoint", "Temporary breakpoint 1, alu pc 0");
  else if (!expect(&s, PROMPT)) fail_expect(&s, "run stops at the breakpoint", PROMPT);
  else pass("run stops at temporary breakpoint 1, alu pc 0");

  /* 4. registers by double Tab; the line is then cleared, never run */
  send(&s, "print %rd\t\t");
  if (!expect(&s, "%rd1")) fail_expect(&s, "double Tab lists %rd registers", "%rd1");
  else if (!expect(&s, "%rd3")) fail_expect(&s, "double Tab lists %rd registers", "%rd3");
  else if (!expect(&s, PROMPT "print %rd")) fail_expect(&s, "double Tab lists %rd registers", PROMPT "print %rd");
  else pass("double Tab after print %rd lists %rd1 ... %rd3 and redisplays the line");
  send(&s, "\x15");   /* Ctrl-U: kill the line */

  /* 5. Ctrl-C while the kernel runs */
  send(&s, "continue\r");
  pump_for(&s, 1.0);   /* let it run a while; alu runs for minutes */
  send(&s, "\x03");
  const char *what = "Ctrl-C stops a running kernel";
  if (!expect(&s, "Program received signal SIGINT, Interrupt.")) fail_expect(&s, what, "Program received signal SIGINT, Interrupt.");
  /* "[Switching focus to ...]" comes between them only when the interrupted warp is not the one
   * already in focus (warp 0 of block 0 since the breakpoint): it is not looked for. */
  else if (!expect(&s, "=> alu pc ")) fail_expect(&s, what, "=> alu pc ");
  else if (!expect(&s, PROMPT)) fail_expect(&s, what, PROMPT);
  else pass("Ctrl-C during continue: SIGINT message, => alu pc line, new prompt");
  send(&s, "info warps\r");
  if (!expect(&s, "Kernel alu")) fail_expect(&s, "info warps after Ctrl-C", "Kernel alu");
  else if (!expect(&s, PROMPT)) fail_expect(&s, "info warps after Ctrl-C", PROMPT);
  else pass("info warps after Ctrl-C shows Kernel alu");

  /* 6. an empty line repeats stepi */
  what = "an empty line repeats stepi";
  send(&s, "stepi\r");
  if (!expect(&s, "=> alu pc ")) fail_expect(&s, what, "=> alu pc  (after stepi)");
  else if (!expect(&s, PROMPT)) fail_expect(&s, what, PROMPT);
  else {
    send(&s, "\r");
    if (!expect(&s, "=> alu pc ")) fail_expect(&s, what, "=> alu pc  (after the empty line)");
    else if (!expect(&s, PROMPT)) fail_expect(&s, what, PROMPT);
    else pass("stepi and then an empty line each print a => alu pc line");
  }

  /* 7. Ctrl-C at the idle prompt: a new prompt, nothing else */
  what = "Ctrl-C at the prompt gives a new prompt";
  send(&s, "\x03");
  if (!expect(&s, PROMPT)) fail_expect(&s, what, PROMPT);
  else {
    send(&s, "info warps\r");
    if (!expect(&s, "Kernel alu")) fail_expect(&s, what, "Kernel alu  (info warps after Ctrl-C)");
    else if (!expect(&s, PROMPT)) fail_expect(&s, what, PROMPT);
    else if (!session_alive(&s)) fail(what, "session 1: the debugger exited");
    else pass("Ctrl-C at the idle prompt gives a new prompt and the debugger still answers info warps");
  }

  /* 8. quit, and the history it saved */
  send(&s, "quit\r");
  char d[1600];
  if (!session_wait(&s, WAIT_S)) fail("quit ends the debugger", "session 1: still running 8 s after quit");
  else if (WIFEXITED(s.status) && (WEXITSTATUS(s.status) == 0 || WEXITSTATUS(s.status) == 1)) {
    snprintf(d, sizeof d, "quit ends the debugger (exit status %d)", WEXITSTATUS(s.status));
    pass(d);
  } else {
    snprintf(d, sizeof d, "session 1: wait status 0x%x (%s %d); %s", (unsigned)s.status,
             WIFSIGNALED(s.status) ? "signal" : "exit",
             WIFSIGNALED(s.status) ? WTERMSIG(s.status) : WEXITSTATUS(s.status), screen_tail(&s));
    fail("quit ends the debugger", d);
  }
  session_end(&s);

  static char lines[1100][256];
  int n = read_lines(histfile, lines, 1100);
  if (has_line(lines, n, "tbreak alu") && has_line(lines, n, "info warps") && !has_line(lines, n, "print %rd"))
    pass("the history file holds tbreak alu and info warps, not the line killed by Ctrl-U");
  else {
    snprintf(d, sizeof d, "%s has %d lines, last \"%s\"; want lines \"tbreak alu\" and \"info warps\", "
             "and no \"print %%rd\"", histfile, n, n ? lines[n - 1] : "");
    fail("the history file holds the session's commands", d);
  }
}

/* ---- session 2: the history of session 1 comes back ---- */

static void session_two(const char *awemu, const char *script, const char *home, const char *histfile) {
  static char lines[1100][256];
  int n = read_lines(histfile, lines, 1100);
  if (n < 2) { fail("Up recalls session 1's last command", "the history file has fewer than 2 lines"); return; }
  const char *last = lines[n - 1], *before = lines[n - 2];

  session s;
  if (session_start(&s, "session 2", 1, awemu, script, home, histfile)) {
    fail("debugger starts on a pseudo-terminal again", "forkpty failed");
    return;
  }
  char what[600];
  if (!expect(&s, PROMPT)) fail_expect(&s, "second session prints the prompt", PROMPT);

  snprintf(what, sizeof what, "Up recalls the history file's last line (\"%s\")", last);
  send(&s, "\x1b[A");
  if (!expect(&s, last)) fail_expect(&s, what, last);
  else pass(what);

  /* readline redraws only from the first character that differs: look for that part (all of
   * the line when it is a prefix of the last one: then the screen cannot show it, and this fails) */
  size_t common = 0;
  while (before[common] && before[common] == last[common]) common++;
  if (!before[common]) common = 0;
  snprintf(what, sizeof what, "Up again recalls the line before it (\"%s\")", before);
  send(&s, "\x1b[A");
  if (!expect(&s, before + common)) fail_expect(&s, what, before + common);
  else pass(what);

  send(&s, "\x15" "quit\r");
  if (!session_wait(&s, WAIT_S)) fail("second session quits", "session 2: still running 8 s after Ctrl-U quit");
  else if (!WIFEXITED(s.status)) fail("second session quits", "session 2: killed by a signal");
  else pass("second session quits after Ctrl-U and quit");
  session_end(&s);
}

/* ---- sessions 3-5: the history file is never replaced when it is not a regular file ---- */

/* One short session with AWEMU_HISTFILE = histfile: a command, quit.  0 when it ran and quit. */
static int history_session(const char *name, const char *awemu, const char *script, const char *home, const char *histfile) {
  session s;
  if (session_start(&s, name, 0, awemu, script, home, histfile)) { fail(name, "forkpty failed"); return -1; }
  int ok = expect(&s, PROMPT);
  if (ok) { send(&s, "info buffers\r"); ok = expect(&s, "No buffers."); }
  if (ok) { send(&s, "quit\r"); ok = session_wait(&s, WAIT_S); }
  if (!ok) fail_expect(&s, name, "the prompt, No buffers. and the end after quit");
  session_end(&s);
  return ok ? 0 : -1;
}

/* The history file as a symbolic link to a regular file by a relative name (the link stays a
 * link and the file gets the history; readline 8.2's write_history instead creates a new file
 * of that name in the current directory, the debugger's HOME here), as a character device node, and as a link to one (each stays a device:
 * readline's write_history would rename a temporary file over it).  The device is made with
 * mknod inside the scratch directory (major 1, minor 3: what /dev/null is); without the right
 * to make one, those two checks are skipped with the reason. */
static void session_history_targets(const char *awemu, const char *script, const char *home, const char *dir) {
  char real[128], link[128], nul[128], link2[128];
  snprintf(real, sizeof real, "%s/real_history", dir);
  snprintf(link, sizeof link, "%s/link_history", dir);
  snprintf(nul, sizeof nul, "%s/nul", dir);
  snprintf(link2, sizeof link2, "%s/link_nul", dir);
  FILE *f = fopen(real, "w");
  if (f) { fputs("print 1\n", f); fclose(f); }
  struct stat st;
  char stray[128];
  snprintf(stray, sizeof stray, "%s/real_history", home);
  if (symlink("real_history", link)) fail("history file as a symbolic link", strerror(errno));
  else if (!history_session("session 3 (history through a link)", awemu, script, home, link)) {
    char lines[64][256];
    int n = read_lines(real, lines, 64);
    if (lstat(link, &st) || !S_ISLNK(st.st_mode)) fail("history file as a symbolic link", "the link is no longer a symbolic link");
    else if (lstat(real, &st) || !S_ISREG(st.st_mode)) fail("history file as a symbolic link", "its target is no longer a regular file");
    else if (!has_line(lines, n, "print 1") || !has_line(lines, n, "info buffers"))
      fail("history file as a symbolic link", "its target lacks the lines \"print 1\" (before) and \"info buffers\" (this session)");
    else if (!lstat(stray, &st)) fail("history file as a symbolic link", "a new file real_history appeared in the debugger's working directory");
    else pass("history through a symbolic link: the link stays a link, its target gets the history");
  }
  if (mknod(nul, S_IFCHR | 0600, makedev(1, 3))) {
    char d[300];
    snprintf(d, sizeof d, "SKIP history file as a device node: mknod %s: %s (needs root)", nul, strerror(errno));
    printf("%s\n", d);
  } else {
    if (!history_session("session 4 (history to a device)", awemu, script, home, nul)) {
      if (lstat(nul, &st) || !S_ISCHR(st.st_mode)) fail("history file as a device node", "the device node was replaced (it is no longer a character device)");
      else pass("history file as a character device node: it stays that device");
    }
    if (symlink(nul, link2)) fail("history file as a link to a device", strerror(errno));
    else if (!history_session("session 5 (history through a link to a device)", awemu, script, home, link2)) {
      if (lstat(link2, &st) || !S_ISLNK(st.st_mode)) fail("history file as a link to a device", "the link is no longer a symbolic link");
      else if (lstat(nul, &st) || !S_ISCHR(st.st_mode)) fail("history file as a link to a device", "the device node it names was replaced");
      else pass("history file as a link to a character device: the link and the device stay");
    }
  }
  unlink(stray);
  unlink(link2);
  unlink(nul);
  unlink(link);
  unlink(real);
}

int main(void) {
  signal(SIGALRM, on_alarm);
  alarm(ALARM_S);

  const char *bin = getenv("BIN");
  char awemu[4200], rel[4200];
  snprintf(rel, sizeof rel, "%s/awemu", bin && *bin ? bin : "bin");
  if (!realpath(rel, awemu)) snprintf(awemu, sizeof awemu, "%s", rel);   /* the sessions run in HOME */
  if (access(awemu, X_OK)) {
    char d[4300];
    snprintf(d, sizeof d, "%s is not an executable (run make; BIN names its directory)", awemu);
    fail("awemu is built", d);
    return 1;
  }
  char cwd[4096];
  if (!getcwd(cwd, sizeof cwd)) { fail("current directory", strerror(errno)); return 1; }
  char ptx[4200];
  snprintf(ptx, sizeof ptx, "%s/tests/bench/alu.ptx", cwd);
  if (access(ptx, R_OK)) { fail("tests/bench/alu.ptx is readable", "run from the repository root"); return 1; }

  /* a scratch directory: HOME, the history file, the script */
  char dir[] = "/tmp/awemu-pty-XXXXXX";
  if (!mkdtemp(dir)) { fail("mkdtemp", strerror(errno)); return 1; }
  char home[64], histfile[64], script[64];
  snprintf(home, sizeof home, "%s/home", dir);
  snprintf(histfile, sizeof histfile, "%s/history", dir);
  snprintf(script, sizeof script, "%s/long.aw", dir);
  mkdir(home, 0700);
  FILE *f = fopen(script, "w");
  if (!f) { fail("write the script", strerror(errno)); return 1; }
  fprintf(f, "# a launch that runs for minutes, to be stopped by Ctrl-C\n"
             "load %s\n"
             "alloc out u32 65536\n"
             "set limit 0\n"
             "launch alu 256 256 out u32:100000000\n", ptx);
  fclose(f);

  session_one(awemu, script, home, histfile);
  session_two(awemu, script, home, histfile);
  session_history_targets(awemu, script, home, dir);

  unlink(script);
  unlink(histfile);
  rmdir(home);
  rmdir(dir);
  return failures ? 1 : 0;
}
