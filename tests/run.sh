#!/bin/sh
# tests/run.sh -- every test of the project; ends with "N passed, N failed".
#
# Sections:
#   unit      the C unit tests in tests/*.c (each prints PASS/FAIL lines)
#   sources   every .s and .ptx file in the repository assembles with no error,
#             and assemble -> disassemble -> assemble gives a byte-identical image
#   errors    tests/asm/errors/*.s: malformed input; each file states the exact
#             diagnostics it must produce in comments of the form
#                 // error: LINE:COL: MESSAGE
#                 // warning: LINE:COL: MESSAGE
#             and awasm must print exactly those (in order), exit 1 and write no image
#   isadoc    the generated reference in isa/ISA.md matches the instruction table
#   runs      every run.aw (examples, emulator tests) against its reference
#   debugger  every example under the debugger gives the plain run's results
#   images    corrupt and truncated images are rejected by awdis with a message
#   checks    tests/checks/*.sh, one file per area
BIN=${BIN:-bin}
BUILD=${BUILD:-build}
OUT=${BUILD}/tests/out
mkdir -p "$OUT"
passed=0
failed=0
skipped=0
pass() { passed=$((passed + 1)); [ -n "$VERBOSE" ] && echo "PASS $1"; return 0; }
# skip NAME WHY: a check that cannot run here, and why (counted, and printed)
skip() { skipped=$((skipped + 1)); echo "SKIP $1: $2"; return 0; }
fail() { failed=$((failed + 1)); echo "FAIL $1"; [ -n "$2" ] && printf '%s\n' "$2" | sed 's/^/     /' | head -20; return 0; }
# group NAME: a progress line for the group that just ended (its passes and failures, its time and
# the time since the start), then NAME's group begins ('' ends the last): a user sees the tests move
rs_t0=$(date +%s); rs_name=; rs_start=$rs_t0; rs_p=0; rs_f=0
group() {
  rs_now=$(date +%s)
  [ -n "$rs_name" ] && printf '[%4ds] %s: %d passed, %d failed (%ds)\n' $((rs_now - rs_t0)) "$rs_name" $((passed - rs_p)) $((failed - rs_f)) $((rs_now - rs_start))
  rs_name=$1; rs_start=$rs_now; rs_p=$passed; rs_f=$failed
}

# ---- unit ----
group "unit tests"
for t in "$BUILD"/tests/test_*; do
  [ -x "$t" ] || continue
  case "$t" in *.o|*.d) continue ;; esac
  "$t" > "$OUT/unit.log" 2>&1
  rc=$?
  p=$(grep -c '^PASS' "$OUT/unit.log")
  f=$(grep -c '^FAIL' "$OUT/unit.log")
  k=$(grep -c '^SKIP' "$OUT/unit.log")
  passed=$((passed + p))
  failed=$((failed + f))
  skipped=$((skipped + k))
  grep '^FAIL\|^SKIP' "$OUT/unit.log"
  if [ $rc -ne 0 ] && [ "$f" -eq 0 ]; then fail "$(basename "$t") exited $rc" "$(tail -5 "$OUT/unit.log")"; fi
done

# ---- sources ----
group "sources assemble and round-trip"
for src in $(git ls-files '*.s' '*.ptx' 2>/dev/null | grep -v '^tests/asm/errors/'); do
  n=$(echo "$src" | tr '/' '_')
  if "$BIN/awasm" -q "$src" -o "$OUT/$n.aws" 2> "$OUT/$n.err"; then
    pass "assemble $src"
    if "$BIN/awdis" "$OUT/$n.aws" -o "$OUT/$n.dis.s" 2> "$OUT/$n.err" &&
       "$BIN/awasm" -q "$OUT/$n.dis.s" -o "$OUT/$n.2.aws" 2> "$OUT/$n.err" &&
       cmp -s "$OUT/$n.aws" "$OUT/$n.2.aws"; then
      pass "round trip $src"
    else
      fail "round trip $src" "$(cat "$OUT/$n.err"; cmp "$OUT/$n.aws" "$OUT/$n.2.aws" 2>&1)"
    fi
  else
    fail "assemble $src" "$(cat "$OUT/$n.err")"
  fi
done

# ---- errors ----
group "assembler errors"
for src in tests/asm/errors/*.s; do
  [ -f "$src" ] || continue
  n=$(basename "$src" .s)
  sed -n 's#^.*// \(error\|warning\): \([0-9][0-9]*\):\([0-9][0-9]*\): \(.*\)$#'"$src"':\2:\3: \1: \4#p' "$src" > "$OUT/$n.expected"
  rm -f "$OUT/$n.aws"
  "$BIN/awasm" "$src" -o "$OUT/$n.aws" 2> "$OUT/$n.stderr"
  rc=$?
  grep -E "^$src:[0-9]+:[0-9]+: (error|warning): " "$OUT/$n.stderr" > "$OUT/$n.actual"
  if [ ! -s "$OUT/$n.expected" ]; then
    fail "errors/$n: the file states no expected diagnostic"
  elif [ $rc -ne 1 ]; then
    fail "errors/$n: exit status $rc, expected 1" "$(cat "$OUT/$n.stderr")"
  elif [ -e "$OUT/$n.aws" ]; then
    fail "errors/$n: an image was written despite errors"
  elif ! cmp -s "$OUT/$n.expected" "$OUT/$n.actual"; then
    fail "errors/$n: diagnostics differ" "$(diff "$OUT/$n.expected" "$OUT/$n.actual")"
  else
    pass "errors/$n"
  fi
done

# ---- runs ----
group "runs against their references"
# Every directory with a run.aw: examples/*/ and tests/emu/*/*/.  A ref.c beside
# it is the independent reference: it is compiled and run first, writing the
# inputs and the expected outputs into the directory given as DATA.
# A file named expect-fault beside run.aw holds text the run must print on
# failure instead (a fault test): the run must fail and its output contain it.
for script in $(ls examples/*/run.aw tests/emu/*/*/run.aw 2>/dev/null); do
  dir=$(dirname "$script")
  n=$(echo "$dir" | tr '/' '_')
  data="$OUT/$n.data"
  rm -rf "$data"; mkdir -p "$data"
  if [ -f "$dir/ref.c" ]; then
    if ! ${CC:-cc} -std=c11 -O2 -ffp-contract=off -o "$OUT/$n.ref" "$dir/ref.c" -lm 2> "$OUT/$n.referr"; then
      fail "run $dir: the reference does not build" "$(cat "$OUT/$n.referr")"; continue
    fi
    if ! "$OUT/$n.ref" "$data" > "$OUT/$n.refout" 2>&1; then
      fail "run $dir: the reference failed" "$(cat "$OUT/$n.refout")"; continue
    fi
  fi
  # examples run under memcheck: one touching memory outside its buffers fails, unless it
  # does so on purpose, and then memcheck must report exactly what memcheck-expected says
  mc=; case "$dir" in examples/*) mc=--memcheck=stop; [ -f "$dir/memcheck-expected" ] && mc=--memcheck;; esac
  "$BIN/awemu" run $mc "$script" DATA="$data" > "$OUT/$n.log" 2>&1
  rc=$?
  if [ -f "$dir/memcheck-expected" ]; then
    grep '^memcheck: ' "$OUT/$n.log" > "$OUT/$n.memcheck"
    if [ $rc -eq 0 ] && cmp -s "$dir/memcheck-expected" "$OUT/$n.memcheck"; then pass "run $dir (memcheck reports what memcheck-expected says)"
    else fail "run $dir: memcheck's reports (exit $rc)" "$(diff "$dir/memcheck-expected" "$OUT/$n.memcheck"; tail -3 "$OUT/$n.log")"; fi
    "$BIN/awemu" run "$script" DATA="$data" > "$OUT/$n.plain.log" 2>&1 && ! grep -q '^memcheck' "$OUT/$n.plain.log" &&
      pass "run $dir (without memcheck: runs, as on a GPU)" || fail "run $dir without memcheck" "$(cat "$OUT/$n.plain.log")"
  elif [ -f "$dir/expect-fault" ]; then
    want=$(cat "$dir/expect-fault")
    if [ $rc -eq 1 ] && grep -qF "$want" "$OUT/$n.log"; then pass "run $dir (faults as expected)"
    else fail "run $dir: expected a failure reporting: $want (exit $rc)" "$(cat "$OUT/$n.log")"; fi
  elif [ $rc -eq 0 ]; then pass "run $dir"
  else fail "run $dir" "$(cat "$OUT/$n.log")"; fi
done

# ---- debugger: the same results under it ----
group "runs under the debugger"
# Every example runs twice with a dump of each buffer appended to its script:
# plainly, and under the debugger (a temporary breakpoint at its first
# kernel, 40 instructions stepped, the warps listed, continue).  The dumps
# must be byte-identical: stopping and stepping change nothing computed.
for script in examples/*/run.aw; do
  dir=$(dirname "$script")
  n=$(echo "$dir" | tr '/' '_')
  data="$OUT/$n.data"
  [ -d "$data" ] || continue
  rm -rf "$OUT/$n.plain" "$OUT/$n.debug"; mkdir -p "$OUT/$n.plain" "$OUT/$n.debug"
  sed "s|\${SCRIPT_DIR}|$dir|g" "$script" > "$OUT/$n.dbg.aw"
  names=$(sed -n 's/^\(alloc\|symbol\) \([^ ]*\) .*/\2/p' "$script")
  for b in $names; do echo "dump $b \${DUMPS}/$b.bin" >> "$OUT/$n.dbg.aw"; done
  kernel=$(sed -n 's/^launch \([^ ]*\) .*/\1/p' "$script" | head -1)
  printf 'tbreak %s\nrun\nstepi 40\ninfo warps\ncontinue\n' "$kernel" > "$OUT/$n.dbg.cmds"
  "$BIN/awemu" run "$OUT/$n.dbg.aw" DATA="$data" DUMPS="$OUT/$n.plain" > "$OUT/$n.plain.log" 2>&1
  "$BIN/awemu" debug "$OUT/$n.dbg.aw" DATA="$data" DUMPS="$OUT/$n.debug" -batch -x "$OUT/$n.dbg.cmds" > "$OUT/$n.debug.log" 2>&1
  rc=$?
  same=1
  for b in $names; do cmp -s "$OUT/$n.plain/$b.bin" "$OUT/$n.debug/$b.bin" || same=0; done
  if [ -z "$names" ]; then fail "debugger run $dir: the script allocates no buffer"
  elif [ $rc -ne 0 ] || ! grep -q "^\[script .* finished\]" "$OUT/$n.debug.log" || ! grep -q "^Temporary breakpoint 1, " "$OUT/$n.debug.log"; then
    fail "debugger run $dir: exit $rc" "$(tail -15 "$OUT/$n.debug.log")"
  elif [ $same -ne 1 ]; then fail "debugger run $dir: buffers differ from the plain run" "$(for b in $names; do cmp "$OUT/$n.plain/$b.bin" "$OUT/$n.debug/$b.bin"; done)"
  else pass "debugger run $dir: $(echo $names | wc -w) buffers identical"; fi
done

# ---- debugger transcripts ----
group "debugger transcripts"
# Every tests/debug/NAME/: 'args' (the arguments after 'awemu debug'), 'commands' (run
# with -batch -x, each echoed after the prompt) and 'expected', the whole transcript
# (stdout and stderr merged), which must come out byte for byte.  The commands carry
# what they show, derived by hand, in '#' lines (echoed too).  After a deliberate change
# of the debugger's output: sh tests/debug/update.sh NAME, then review the diff by hand.
for dir in tests/debug/*/; do
  dir=${dir%/}
  [ -f "$dir/commands" ] || continue
  n=debug_$(basename "$dir")
  if [ ! -f "$dir/args" ] || [ ! -f "$dir/expected" ]; then fail "debugger transcript $dir: args or expected missing"; continue; fi
  "$BIN/awemu" debug $(cat "$dir/args") -batch -x "$dir/commands" < /dev/null > "$OUT/$n.transcript" 2>&1
  if cmp -s "$dir/expected" "$OUT/$n.transcript"; then pass "debugger transcript $dir"
  else fail "debugger transcript $dir (after a deliberate change: sh tests/debug/update.sh $(basename "$dir"))" "$(diff "$dir/expected" "$OUT/$n.transcript")"; fi
done

# ---- debugger: garbage in ----
group "debugger: garbage in"
# tests/fuzz/debug_commands.txt: 770 lines of random words from the debugger's
# vocabulary (commands, registers, spaces, formats, numbers, brackets), typed at a
# kernel stopped in saxpy.  The debugger must answer each one (a message or a usage
# line) and end normally: exit status 1 (some commands failed), no crash, no
# sanitizer report under make asan, and the prompt still working at the end.
"$BIN/awemu" debug tests/debug/watch/run.aw -batch -x tests/fuzz/debug_commands.txt -ex 'echo still here' < /dev/null > "$OUT/debug_garbage.log" 2>&1
rc=$?
if [ $rc -eq 1 ] && [ "$(tail -1 "$OUT/debug_garbage.log")" = "still here" ] && ! grep -q 'Sanitizer\|runtime error' "$OUT/debug_garbage.log"; then
  pass "debugger survives $(wc -l < tests/fuzz/debug_commands.txt) random command lines ($(grep -c '^usage: ' "$OUT/debug_garbage.log") usage lines)"
else fail "debugger on random command lines: exit $rc" "$(tail -15 "$OUT/debug_garbage.log")"; fi

# ---- report ----
group "compression report"
# awemu compress over three lines whose BDI sizes follow from the format by
# hand: zeros (0 bytes), a repeated 8-byte value (8 bytes), no pattern (32 bytes,
# stored); each is one 32-byte burst.
"$BIN/awemu" compress --alg bdi --format csv tests/report/lines.txt > "$OUT/report.csv" 2> "$OUT/report.err"
if cmp -s "$OUT/report.csv" tests/report/bdi.csv; then pass "awemu compress report"
else fail "awemu compress report" "$(cat "$OUT/report.err"; diff tests/report/bdi.csv "$OUT/report.csv")"; fi
"$BIN/awemu" compress --alg all --format json tests/report/lines.txt > "$OUT/report.json" 2>&1
if [ $? -eq 0 ] && grep -q '"name": "best"' "$OUT/report.json"; then pass "awemu compress --format json"
else fail "awemu compress --format json" "$(cat "$OUT/report.json")"; fi

# ---- isadoc ----
group "isa/ISA.md"
"$BIN/awasm" --isa-table > "$OUT/isa-table.md"
sed -n '/<!-- BEGIN GENERATED/,/<!-- END GENERATED/p' isa/ISA.md | sed '1d;$d' > "$OUT/isa-doc.md"
if cmp -s "$OUT/isa-table.md" "$OUT/isa-doc.md"; then pass "isa/ISA.md matches the table"
else fail "isa/ISA.md matches the table (regenerate: sh tests/update_isadoc.sh)" "$(diff "$OUT/isa-doc.md" "$OUT/isa-table.md" | head -10)"; fi

# every instruction's case in the executor (the files of emu/core/, one per instruction
# family, and step.h for the step's own) carries its synopsis from the table, as
# "/* mnemonic: synopsis" (SQLite's vdbe.c habit), so the two cannot drift apart
missing=$(sed -n 's/^OP(\([A-Z0-9_]*\), *"\([^"]*\)".*"\([^"]*\)")[[:space:]]*$/\2: \3/p' isa/opcodes.def |
  while IFS= read -r l; do cat emu/core/*.c emu/core/*.h | grep -qF -- "$l" || echo "$l"; done)
if [ -z "$missing" ]; then pass "the executor documents every instruction's case with its synopsis from isa/opcodes.def"
else fail "the executor (emu/core/*.[ch]) lacks the synopsis comment of" "$missing"; fi

# ---- images ----
group "damaged images"
"$BIN/awasm" -q examples/saxpy/saxpy.ptx -o "$OUT/img.aws"
size=$(wc -c < "$OUT/img.aws")
for cut in 0 7 39 100 $((size / 2)) $((size - 1)); do
  head -c "$cut" "$OUT/img.aws" > "$OUT/cut.aws"
  if "$BIN/awdis" "$OUT/cut.aws" > /dev/null 2> "$OUT/cut.err"; then
    fail "image truncated to $cut bytes is accepted"
  elif [ $? -eq 1 ] && grep -q 'truncated\|not an AWS image\|corrupt' "$OUT/cut.err"; then
    pass "image truncated to $cut bytes is rejected"
  else
    fail "image truncated to $cut bytes: no clear message" "$(cat "$OUT/cut.err")"
  fi
done
for at in 0 9 20 300 $((size - 3)); do
  cp "$OUT/img.aws" "$OUT/bad.aws"
  printf '\377' | dd of="$OUT/bad.aws" bs=1 seek="$at" conv=notrunc 2>/dev/null
  if cmp -s "$OUT/img.aws" "$OUT/bad.aws"; then printf '\001' | dd of="$OUT/bad.aws" bs=1 seek="$at" conv=notrunc 2>/dev/null; fi
  if "$BIN/awdis" "$OUT/bad.aws" > /dev/null 2> "$OUT/bad.err"; then
    fail "image with byte $at corrupted is accepted"
  elif grep -q 'corrupt\|not an AWS image\|not supported' "$OUT/bad.err"; then
    pass "image with byte $at corrupted is rejected: $(cat "$OUT/bad.err")"
  else
    fail "image with byte $at corrupted: no clear message" "$(cat "$OUT/bad.err")"
  fi
done

# ---- checks ----
# tests/checks/*.sh: further sections, one file per area (files written by the
# tools, command lines, run-script values, limits, ...).  Each is sourced here
# and uses pass/fail; each works inside its own directory from mktemp -d and
# never writes outside it.
for chk in tests/checks/*.sh; do
  [ -f "$chk" ] || continue
  group "checks: $(basename "$chk" .sh)"
  . "./$chk"
done
group ""

if [ "$skipped" -gt 0 ]; then echo "$passed passed, $failed failed, $skipped skipped"
else echo "$passed passed, $failed failed"; fi
[ "$failed" -eq 0 ]
