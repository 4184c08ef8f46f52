# tests/checks/bounds.sh -- the bounds of awemu run that a user meets without asking for them:
# a launch's default wall-clock limit, and the timeline's 5 M events.  Sourced by tests/run.sh
# (pass, fail, $BIN).  Works inside one mktemp -d directory; every run is bounded by timeout(1).
#
# What the code before this change did, check by check:
#   AWEMU_TIMEOUT   awemu run had no default limit, and read no AWEMU_TIMEOUT: a spinning kernel
#                   ran on to the instruction limit (10^9 warp instructions); the fault named only
#                   "--timeout"
#   default         awemu run --help said "0: no limit" and nothing of a default; now it says 600
#                   and the README the same
#   timeline full   --trace-timeline stopped writing events at 5 M without a word on standard
#                   error (the file had one event, at time 0, saying there was a limit); now
#                   standard error says so when it happens and at the end with the count left
#                   out, and the file's last event gives the count
BD_T=$(mktemp -d)
BD_B=$(cd "$BIN" && pwd)
printf '.version 8.0\n.target sm_80\n.address_size 64\n.visible .entry spin()\n{\n$L:\n\tbra $L;\n}\n' > "$BD_T/spin.ptx"
printf 'load spin.ptx\nlaunch spin 1 32\n' > "$BD_T/spin.aw"

# ---- AWEMU_TIMEOUT: awemu run's default limit, set from the environment; the fault names it ----
bd_t0=$(date +%s)
(cd "$BD_T" && AWEMU_TIMEOUT=1 timeout 60 "$BD_B/awemu" run spin.aw > bd.out 2> bd.err < /dev/null); bd_rc=$?
bd_t1=$(date +%s)
if [ $bd_rc -eq 1 ] && [ $((bd_t1 - bd_t0)) -lt 20 ] &&
   grep -q '^spin.aw:2: error: fault in kernel spin, .*time limit reached: the launch ran more than 1 s (awemu run --timeout S, AWEMU_TIMEOUT=S or set time-limit S raises it; 0 lifts it)' "$BD_T/bd.err"; then
  pass "awemu run: AWEMU_TIMEOUT=1 ends a spinning kernel, the fault naming --timeout, AWEMU_TIMEOUT and set time-limit"
else fail "awemu run: AWEMU_TIMEOUT=1 (exit $bd_rc after $((bd_t1 - bd_t0)) s)" "$(head -3 "$BD_T/bd.err")"; fi
(cd "$BD_T" && AWEMU_TIMEOUT=soon timeout 60 "$BD_B/awemu" run spin.aw > bd.out 2> bd.err < /dev/null); bd_rc=$?
if [ $bd_rc -eq 2 ] && grep -q "^awemu run: AWEMU_TIMEOUT needs a number of seconds (0 or more; 0 is no limit), got 'soon'$" "$BD_T/bd.err"; then
  pass "awemu run: a bad AWEMU_TIMEOUT is a usage error"
else fail "awemu run: AWEMU_TIMEOUT=soon (exit $bd_rc)" "$(head -3 "$BD_T/bd.err")"; fi
# the option wins over the environment
(cd "$BD_T" && AWEMU_TIMEOUT=1000 timeout 60 "$BD_B/awemu" run --timeout 1 spin.aw > bd.out 2> bd.err < /dev/null); bd_rc=$?
if [ $bd_rc -eq 1 ] && grep -q 'the launch ran more than 1 s' "$BD_T/bd.err"; then pass "awemu run: --timeout wins over AWEMU_TIMEOUT"
else fail "awemu run: --timeout 1 with AWEMU_TIMEOUT=1000 (exit $bd_rc)" "$(head -3 "$BD_T/bd.err")"; fi

# ---- the default, as --help and the READMEs state it (run's and exec's --help: one option table) ----
if "$BIN/awemu" run --help | grep -q -- '--timeout=SECONDS   a launch running longer than SECONDS of wall-clock time faults (default: 600,' &&
   "$BIN/awemu" exec --help | grep -q -- '--timeout=SECONDS   a launch running longer than SECONDS of wall-clock time faults (default: 600,' &&
   grep -q 'with a fault (default 600, or `$AWEMU_TIMEOUT`' README.md &&
   grep -q '^\*\*Limits.\*\* A launch that runs longer than 600 s of wall-clock time faults by default' emu/cudart/README.md; then
  pass "awemu run and exec: the default time limit, 600 s, in --help and the READMEs"
else fail "awemu run and exec: the default time limit is not stated alike in --help and the READMEs"; fi

# ---- the timeline's limit: 5 M events, said on standard error and in the file ----
# 480 warps x (3 x 4000 + 3) instructions: 5.8 M events, to standard output (a file would be
# 800 MB), of which the tail is kept
cat > "$BD_T/loop.ptx" <<'EOF'
.version 8.0
.target sm_75
.address_size 64
.visible .entry spinloop(.param .u32 n)
{
	.reg .b32 %r<4>;
	.reg .pred %p<2>;
	ld.param.u32 %r1, [n];
	mov.u32 %r2, 0;
$L_loop:
	add.s32 %r2, %r2, 1;
	setp.lt.u32 %p1, %r2, %r1;
	@%p1 bra $L_loop;
	ret;
}
EOF
printf 'load loop.ptx\nlaunch spinloop 60 256 u32:4000\n' > "$BD_T/loop.aw"
(cd "$BD_T" && timeout 300 "$BD_B/awemu" run --config caba-gtx480 --trace-timeline - loop.aw 2> tl.err < /dev/null | tail -c 400 > tl.tail)
if grep -q '^awemu: the timeline (--trace-timeline) is full: it holds at most 5000000 events, the rest of the run is left out of it$' "$BD_T/tl.err" &&
   grep -q '^awemu: the timeline (--trace-timeline) holds the first 5000000 events only: [1-9][0-9]* more were left out$' "$BD_T/tl.err" &&
   grep -q '^{"name": "timeline truncated: the first 5000000 events are written, [1-9][0-9]* more were left out", "ph": "i", "s": "g", "ts": [1-9]' "$BD_T/tl.tail" &&
   [ "$(tail -c 3 "$BD_T/tl.tail")" = "]}" ]; then
  pass "--trace-timeline past 5 M events: standard error says so, then the count left out, as the file's last event does"
else fail "--trace-timeline past 5 M events" "$(cat "$BD_T/tl.err"; tail -c 300 "$BD_T/tl.tail")"; fi
rm -rf "$BD_T"
