# tests/checks/resident.sh -- functional mode with several CTAs resident (--resident-ctas N|all,
# a run script's 'set resident-ctas', AWEMU_RESIDENT_CTAS; sourced by tests/run.sh).  The global
# barrier's runs and faults by hand are tests/emu/resident/*/run.aw.  Before it, functional mode
# ran CTAs one after another only: a kernel whose CTAs wait for one another spun until the limit.
#   examples     every example under --resident-ctas 4 prints what it prints one CTA at a time
#                (its expects, printf text ordered by block) with the same counters (--stats-json)
#   options      0, a word, an empty value, 2^32 are refused (exit 2) with the option's message;
#                a run script's 'set resident-ctas 0' is an error at its line (exit 1)
#   too many     'all' on a grid of 2^31-1 CTAs of 1024 threads: the launch fails at once naming
#                the host memory it would need (exit 1), nothing allocated
#   timing       timing mode keeps its own residency: gbar runs there with or without the option
#   debug        awemu debug --resident-ctas 4 runs gbar to its end
#   cuda         tests/cuda/gbar.cu under awemu exec: PASSED with --resident-ctas 8 and all, and
#                AWEMU_RESIDENT_CTAS=8 alone; with 1 (the default) and with 7 (fewer than its 8
#                CTAs) the limit stops it: the fault on stderr, the program's own launch-failure
#                line and its exit status 1; a bad AWEMU_RESIDENT_CTAS is named (exit 1)
T=$(mktemp -d)
GB=$T/gbar.aw   # tests/emu/resident/gbar/run.aw, its kernel named from here
sed "s|\${SCRIPT_DIR}|tests/emu/resident/gbar|" tests/emu/resident/gbar/run.aw > "$GB"

same=1 why=
for s in examples/*/run.aw; do
  dir=$(dirname "$s"); n=$(basename "$dir")
  mkdir -p "$T/$n"
  if [ -f "$dir/ref.c" ]; then
    cc -std=c11 -O2 -ffp-contract=off -o "$T/$n/ref" "$dir/ref.c" -lm && "$T/$n/ref" "$T/$n" > /dev/null 2>&1 || { same=0; why="$why $n: its reference"; continue; }
  fi
  "$BIN/awemu" run --memcheck --stats-json "$T/$n/s1.json" "$s" DATA="$T/$n" > "$T/$n/l1" 2>&1; r1=$?
  "$BIN/awemu" run --memcheck --resident-ctas 4 --stats-json "$T/$n/s4.json" "$s" DATA="$T/$n" > "$T/$n/l4" 2>&1; r4=$?
  grep -v launch_seconds "$T/$n/s1.json" > "$T/$n/c1" 2>/dev/null
  grep -v launch_seconds "$T/$n/s4.json" > "$T/$n/c4" 2>/dev/null
  if [ $r1 -ne 0 ] || [ $r4 -ne 0 ] || ! cmp -s "$T/$n/l1" "$T/$n/l4" || ! cmp -s "$T/$n/c1" "$T/$n/c4" || [ ! -s "$T/$n/c1" ]; then
    same=0; why="$why $n (exit $r1, $r4): $(diff "$T/$n/l1" "$T/$n/l4" | head -3; diff "$T/$n/c1" "$T/$n/c4" | head -3)"
  fi
done
[ $same -eq 1 ] && pass "resident: every example under --resident-ctas 4: the same output and counters" ||
  fail "resident: examples under --resident-ctas 4" "$why"

ok=1 why=
for v in 0 x "" 4294967296 -1; do
  "$BIN/awemu" run --resident-ctas "$v" "$GB" > "$T/opt.out" 2> "$T/opt.err"; rc=$?
  [ $rc -eq 2 ] && grep -qxF "awemu run: --resident-ctas needs a whole number of CTAs (1 or more) or all, got '$v'" "$T/opt.err" ||
    { ok=0; why="$why [$v: exit $rc $(cat "$T/opt.err")]"; }
done
sed 's/set resident-ctas 4/set resident-ctas 0/' "$GB" > "$T/zero.aw"
"$BIN/awemu" run "$T/zero.aw" > "$T/zero.out" 2>&1; rc=$?
[ $rc -eq 1 ] && grep -qF "zero.aw:7: error: resident-ctas '0' is not a number of CTAs (1 to 2^32-1) or all" "$T/zero.out" ||
  { ok=0; why="$why [set resident-ctas 0: exit $rc $(cat "$T/zero.out")]"; }
"$BIN/awemu" run --help | grep -q -- '--resident-ctas=N  *functional mode' || { ok=0; why="$why [not in run --help]"; }
[ $ok -eq 1 ] && pass "resident: bad values refused" || fail "resident: bad values" "$why"

# 2^31-1 CTAs of 32 warps: far more than any host holds (2 KiB a warp at the least: 128 TiB)
sed 's/^launch gbar 4 64 /launch gbar 2147483647 1024 /; s/^set resident-ctas 4$//' "$GB" > "$T/huge.aw"
"$BIN/awemu" run --resident-ctas all --timeout 20 "$T/huge.aw" > "$T/huge.out" 2>&1; rc=$?
[ $rc -eq 1 ] && grep -qE "huge.aw:11: error: launch of 'gbar' failed: 2147483647 resident CTAs need about [0-9]+ MiB of host memory, more than half of this machine's [0-9]+ MiB \(fewer: --resident-ctas N\)" "$T/huge.out" &&
  pass "resident: all on a grid too large for the host: refused at once" || fail "resident: too many (exit $rc)" "$(cat "$T/huge.out")"

ok=1 why=
for o in "" "--resident-ctas 1"; do
  sed 's/^set resident-ctas 4$//' "$GB" > "$T/timing.aw"
  "$BIN/awemu" run --config caba-gtx480 $o "$T/timing.aw" > "$T/timing.out" 2>&1 || { ok=0; why="$why [$o: $(tail -3 "$T/timing.out")]"; }
done
[ $ok -eq 1 ] && pass "resident: timing mode keeps its own residency" || fail "resident: timing mode" "$why"

printf 'run\n' > "$T/dbg.cmds"
"$BIN/awemu" debug --resident-ctas 4 "$T/timing.aw" -batch -x "$T/dbg.cmds" > "$T/dbg.out" 2>&1; rc=$?
[ $rc -eq 0 ] && grep -q '^\[script .* finished\]' "$T/dbg.out" && pass "resident: awemu debug --resident-ctas 4" ||
  fail "resident: awemu debug --resident-ctas 4 (exit $rc)" "$(tail -5 "$T/dbg.out")"

NVCC_BIN=${NVCC:-$(command -v nvcc 2>/dev/null || ls /usr/local/cuda/bin/nvcc 2>/dev/null)}
if [ -z "$NVCC_BIN" ]; then skip "resident: cuda gbar" "nvcc is not installed (it builds the host program)"
elif [ -n "$AWEMU_ASAN" ]; then skip "resident: cuda gbar" "an AddressSanitizer build of libcudart.so.13 cannot load into a program built without it"
elif ! "$NVCC_BIN" -cudart shared -o "$T/gbar" tests/cuda/gbar.cu > "$T/nvcc.log" 2>&1; then fail "resident: nvcc tests/cuda/gbar.cu" "$(cat "$T/nvcc.log")"
else
  ok=1 why=
  for o in "--resident-ctas 8" "--resident-ctas=all" "env"; do
    if [ "$o" = env ]; then AWEMU_RESIDENT_CTAS=8 "$BIN/awemu" exec --quiet "$T/gbar" > "$T/cu.out" 2> "$T/cu.err"; rc=$?
    else "$BIN/awemu" exec --quiet $o "$T/gbar" > "$T/cu.out" 2> "$T/cu.err"; rc=$?; fi
    [ $rc -eq 0 ] && [ "$(cat "$T/cu.out")" = "gbar: PASSED" ] && [ ! -s "$T/cu.err" ] || { ok=0; why="$why [$o: exit $rc $(cat "$T/cu.out" "$T/cu.err")]"; }
  done
  for o in "" "--resident-ctas 7"; do
    "$BIN/awemu" exec --quiet --insn-limit 20000 $o "$T/gbar" > "$T/cu.out" 2> "$T/cu.err"; rc=$?
    [ $rc -eq 1 ] && [ "$(cat "$T/cu.out")" = "gbar: launch failed: cudaErrorLaunchFailure" ] &&
      grep -q "^awemu: fault in kernel gbar(.*instruction limit reached: more than 20000 warp instructions" "$T/cu.err" || { ok=0; why="$why [$o: exit $rc $(cat "$T/cu.out" "$T/cu.err")]"; }
  done
  AWEMU_RESIDENT_CTAS=none "$BIN/awemu" exec --quiet "$T/gbar" > "$T/cu.out" 2> "$T/cu.err"; rc=$?
  [ $rc -eq 1 ] && grep -qxF "awemu: AWEMU_RESIDENT_CTAS: 'none' is not a number of CTAs (1 or more) or all" "$T/cu.err" || { ok=0; why="$why [bad env: exit $rc $(cat "$T/cu.err")]"; }
  [ $ok -eq 1 ] && pass "resident: cuda gbar under awemu exec" || fail "resident: cuda gbar" "$why"
fi
rm -rf "$T"
