# tests/checks/cli.sh -- the command lines of awasm, awdis and awemu run:
# --help and --version, --opt=VALUE and --opt VALUE, the wrong argument named,
# directories refused, '-' for standard input, awemu run's --timeout,
# --insn-limit and Ctrl-C, and awasm -l's source lines.
# Sourced by tests/run.sh (pass, fail, $BIN).  Works inside one mktemp -d
# directory.  Every command that runs a kernel is bounded by timeout(1).
#
# What the code before this change did, check by check: --help did not
# mention --version (there was none: "unknown option"); awemu run --help ran a
# script named --help; --output=, --timeout and --insn-limit were unknown;
# awemu frob printed the usage without naming 'frob'; awdis A B did not name
# B; a directory read as "Input/output error" (awasm), a truncated image
# (awdis, status 1) or an empty script (awemu run, status 0); '-' was a file
# named '-'; Ctrl-C killed awemu run with no message (status 130 from the
# shell, but no "interrupted" fault).  The listing checks did not fail before
# (the listing was right, only slow): they guard the line index that replaced
# the scan from the start of the file.
CL_T=$(mktemp -d)
CL_B=$(cd "$BIN" && pwd)
# the version string, read from the header (the one place it is written)
cl_ver=$(sed -n 's/^#define AWEMU_VERSION "\(.*\)"$/\1/p' isa/version.h)

# cl_check NAME EXPECTED-STATUS GREP-PATTERN STREAM COMMAND...: runs COMMAND in
# $CL_T; passes when the status is EXPECTED-STATUS and the pattern (grep -E;
# empty: anything) is on STREAM (out or err).
cl_check() {
  cl_name=$1; cl_want=$2; cl_pat=$3; cl_stream=$4; shift 4
  (cd "$CL_T" && timeout 30 "$@" > "$CL_T/cl.out" 2> "$CL_T/cl.err" < /dev/null); cl_rc=$?
  if [ $cl_rc -eq "$cl_want" ] && { [ -z "$cl_pat" ] || grep -Eq -- "$cl_pat" "$CL_T/cl.$cl_stream"; }; then pass "cli: $cl_name"
  else fail "cli: $cl_name" "status $cl_rc (expected $cl_want), wanted /$cl_pat/ on std$cl_stream; stdout: $(head -3 "$CL_T/cl.out"); stderr: $(head -3 "$CL_T/cl.err")"; fi
}

cp subroutines/demo/zero_line.s "$CL_T/z.s"
(cd "$CL_T" && "$CL_B/awasm" -q z.s -o z.aws && "$CL_B/awdis" z.aws -o z.dis.s)
mkdir "$CL_T/dir"
# a kernel that never ends: bra to itself
printf '.version 8.0\n.target sm_80\n.address_size 64\n.visible .entry spin()\n{\n$L:\n\tbra $L;\n}\n' > "$CL_T/spin.ptx"
printf 'load spin.ptx\nlaunch spin 1 32\n' > "$CL_T/spin.aw"
printf 'alloc a u32 4\nfill a const ${V}\nexpect a at 3 ${V}\n' > "$CL_T/ok.aw"

# ---- --help on standard output with status 0, listing --version; --version ----
for cl_cmd in "awasm" "awdis" "awemu" "awemu run"; do
  cl_check "$cl_cmd --help" 0 '--version' out $CL_B/$cl_cmd --help
  if [ -s "$CL_T/cl.err" ]; then fail "cli: $cl_cmd --help writes to stderr" "$(head -3 "$CL_T/cl.err")"; fi
  cl_tool=${cl_cmd%% *}
  cl_check "$cl_cmd --version" 0 "^$cl_tool \\(awemu\\) $cl_ver\$" out $CL_B/$cl_cmd --version
done

# ---- --opt=VALUE and --opt VALUE ----
cl_check "awasm --output=OUT" 0 '' out "$CL_B/awasm" -q z.s --output=o1.aws
cmp -s "$CL_T/o1.aws" "$CL_T/z.aws" && pass "cli: awasm --output=OUT wrote the image" || fail "cli: awasm --output=OUT wrote the image"
cl_check "awasm --output OUT" 0 '' out "$CL_B/awasm" -q z.s --output o2.aws
cmp -s "$CL_T/o2.aws" "$CL_T/z.aws" && pass "cli: awasm --output OUT wrote the image" || fail "cli: awasm --output OUT wrote the image"
cl_check "awdis --output=OUT" 0 '' out "$CL_B/awdis" z.aws --output=o1.s
cmp -s "$CL_T/o1.s" "$CL_T/z.dis.s" && pass "cli: awdis --output=OUT wrote the text" || fail "cli: awdis --output=OUT wrote the text"
# the limit fires after 1000 warp instructions (the loop is one instruction; one warp)
cl_check "awemu run --insn-limit=1000" 1 'instruction limit reached: more than 1000 warp instructions .*--insn-limit' err "$CL_B/awemu" run --insn-limit=1000 spin.aw
cl_check "awemu run --insn-limit 1000" 1 'instruction limit reached: more than 1000 warp instructions' err "$CL_B/awemu" run --insn-limit 1000 spin.aw
cl_check "awemu run --timeout=60 with variables" 0 '' out "$CL_B/awemu" run --timeout=60 ok.aw V=7
cl_check "awemu run --timeout 60 after the script" 0 '' out "$CL_B/awemu" run ok.aw --timeout 60 V=7

# ---- a usage error names the argument ----
cl_check "awasm --version=1 takes no value" 2 "'--version' takes no value" err "$CL_B/awasm" --version=1
cl_check "awdis names the second image" 2 "'z.s'" err "$CL_B/awdis" z.aws z.s
cl_check "awemu names an unknown command" 2 "unknown command 'frob'" err "$CL_B/awemu" frob
cl_check "awemu run names an unknown option" 2 "unknown option '--frob'" err "$CL_B/awemu" run --frob ok.aw
cl_check "awemu run --timeout abc" 2 "--timeout needs a number of seconds.*got 'abc'" err "$CL_B/awemu" run --timeout abc ok.aw
cl_check "awemu run --timeout=-1" 2 "--timeout needs a number of seconds.*got '-1'" err "$CL_B/awemu" run --timeout=-1 ok.aw
cl_check "awemu run --timeout=nan" 2 "got 'nan'" err "$CL_B/awemu" run --timeout=nan ok.aw
cl_check "awemu run --timeout with no value" 2 "--timeout needs a number of seconds.*got nothing" err "$CL_B/awemu" run ok.aw --timeout
cl_check "awemu run --insn-limit=-5" 2 "--insn-limit needs a whole number.*got '-5'" err "$CL_B/awemu" run --insn-limit=-5 ok.aw
# 2^64 = 18446744073709551616 is one past the largest 64-bit count
cl_check "awemu run --insn-limit=2^64" 2 "at most 2\\^64-1 = 18446744073709551615, got '18446744073709551616'" err "$CL_B/awemu" run --insn-limit=18446744073709551616 ok.aw
cl_check "awemu run with no script" 2 "no SCRIPT" err "$CL_B/awemu" run --timeout=5

# ---- a directory is not a file ----
cl_check "awasm DIR" 2 "^awasm: dir: is a directory$" err "$CL_B/awasm" dir -o x.aws
cl_check "awdis DIR" 2 "^awdis: dir: is a directory$" err "$CL_B/awdis" dir
cl_check "awemu run DIR" 2 "dir: is a directory" err "$CL_B/awemu" run dir

# ---- '-' is standard input ----
# the same image but for the source's name, recorded in the line table
(cd "$CL_T" && "$CL_B/awasm" -q - -o stdin.aws < z.s && "$CL_B/awdis" stdin.aws -o stdin.dis.s) &&
  sed 's/^\.file 1 "<stdin>"$/.file 1 "z.s"/' "$CL_T/stdin.dis.s" | cmp -s - "$CL_T/z.dis.s" &&
  pass "cli: awasm - assembles standard input" || fail "cli: awasm - assembles standard input"
sed 's/ld.lin.u32/ld.lin.u23/' "$CL_T/z.s" > "$CL_T/typo.s"
(cd "$CL_T" && "$CL_B/awasm" - -o typo.aws < typo.s 2> typo.err); cl_rc=$?
# the typo is on line 16, column 8 (the '.u23' after "\tld.lin": a tab counts one column)
if [ $cl_rc -eq 1 ] && grep -q "^<stdin>:16:8: error: unknown suffix '.u23' on 'ld'" "$CL_T/typo.err"; then pass "cli: awasm - names <stdin> in diagnostics"
else fail "cli: awasm - names <stdin> in diagnostics" "status $cl_rc: $(head -3 "$CL_T/typo.err")"; fi
(cd "$CL_T" && "$CL_B/awasm" -q -l - < z.s > stdin.lst) &&
  grep -q '<stdin>:14  mov.u32 %lane, %laneid$' "$CL_T/stdin.lst" && grep -q '| mov.u32 	%lane, %laneid;$' "$CL_T/stdin.lst" &&
  pass "cli: awasm -l - lists standard input with its source lines" || fail "cli: awasm -l - lists standard input with its source lines" "$(head -5 "$CL_T/stdin.lst")"
cl_check "awasm - given twice" 2 "standard input \\(-\\) given twice" err "$CL_B/awasm" - - -o x.aws
(cd "$CL_T" && "$CL_B/awdis" - < z.aws > stdin.s) && cmp -s "$CL_T/stdin.s" "$CL_T/z.dis.s" &&
  pass "cli: awdis - reads standard input" || fail "cli: awdis - reads standard input"
(cd "$CL_T" && printf 'alloc a u32 4\nfill a const 5\nexpect a at 3 6\n' | "$CL_B/awemu" run - > stdin.out 2> stdin.err); cl_rc=$?
if [ $cl_rc -eq 1 ] && grep -q '^<stdin>:3: ' "$CL_T/stdin.err"; then pass "cli: awemu run - runs standard input, lines named <stdin>:N"
else fail "cli: awemu run - runs standard input, lines named <stdin>:N" "status $cl_rc: $(head -3 "$CL_T/stdin.err")"; fi
[ -e "$CL_T/-" ] && fail "cli: a file named '-' was created"

# ---- awemu run: --timeout and Ctrl-C end a kernel that never ends ----
cl_t0=$(date +%s)
cl_check "awemu run --timeout 1 ends a spinning kernel" 1 'spin.aw:2: error: fault in kernel spin.*time limit reached: the launch ran more than 1 s' err "$CL_B/awemu" run --timeout 1 spin.aw
cl_t1=$(date +%s)
# one second of limit, checked every 65536 warp instructions: well under 10 s
[ $cl_rc -eq 1 ] && [ $((cl_t1 - cl_t0)) -lt 10 ] && pass "cli: --timeout 1 ended the launch within 10 s" ||
  fail "cli: --timeout 1 ended the launch within 10 s" "status $cl_rc after $((cl_t1 - cl_t0)) s"
# the subshell exec'd timeout --foreground, which passes the one SIGINT on to awemu (without
# --foreground, GNU timeout also sends it to its whole process group, so awemu got it twice, and a
# second Ctrl-C ends awemu at once, with status 130 and no message: that was this check's
# occasional failure); a signal that comes before awemu has installed its handler would end it the
# same way, so a second try waits 4 s; a real failure fails both
for cl_wait in 1 4; do
  (cd "$CL_T" && exec timeout --foreground 30 "$CL_B/awemu" run spin.aw > int.out 2> int.err) &
  cl_pid=$!
  sleep $cl_wait   # time to start and enter the launch (under ASan too)
  kill -INT $cl_pid
  wait $cl_pid; cl_rc=$?
  [ $cl_rc -eq 130 ] && [ ! -s "$CL_T/int.err" ] || break
done
if [ $cl_rc -eq 130 ] && grep -q 'spin.aw:2: error: fault in kernel spin.*: interrupted' "$CL_T/int.err"; then pass "cli: SIGINT interrupts awemu run: fault 'interrupted', status 130"
else fail "cli: SIGINT interrupts awemu run: fault 'interrupted', status 130" "status $cl_rc: $(head -3 "$CL_T/int.err")"; fi

# ---- awasm -l: each source line printed under an instruction is line LINE of FILE ----
# (the listing prints "FILE:LINE" in the instruction's row, then "| TEXT" with
# the line's leading blanks removed; checked against the file with awk)
for cl_src in subroutines/demo/zero_line.s subroutines/bdi/bdi.s subroutines/fpc/fpc.s; do
  "$BIN/awasm" -q -l "$cl_src" > "$CL_T/l.lst" 2>&1
  cl_res=$(awk -v src="$cl_src" '
    FNR == NR { t = $0; sub(/^[ \t]+/, "", t); text[FNR] = t; next }
    function settle() { if (want != "" && !seen) { bad++; if (!msg) msg = "no source line after the instruction at " src ":" want } }
    /^ *[0-9]+  [0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f]  / {
      settle(); want = ""; seen = 0
      for (i = 3; i <= NF; i++) if ($i ~ ":[0-9]+$") { n = split($i, p, ":"); if (p[1] == src) want = p[n]; break }
      if (want != "" && text[want] == "") want = ""
      insns++; next
    }
    substr($0, 1, 54) == sprintf("%52s| ", "") {
      s = substr($0, 55); seen = 1; checked++
      if (want == "" || s != text[want]) { bad++; if (!msg) msg = "line " FNR " of the listing: \"" s "\" is not " src ":" want }
    }
    END { settle(); printf "%d %d %d %s\n", insns, checked, bad, msg }' "$cl_src" "$CL_T/l.lst")
  set -- $cl_res
  if [ "$1" -gt 0 ] && [ "$2" -eq "$1" ] && [ "$3" -eq 0 ]; then pass "cli: awasm -l $cl_src: all $2 source lines match the file"
  else fail "cli: awasm -l $cl_src: source lines match the file" "$cl_res"; fi
done
set --

# ---- the README shows what the tools print ----
# the tutorial's listing excerpt (up to its "...") is the start of awasm -l's output
awk '/^subroutine zero_line:/ { on = 1 } on && /^\.\.\.$/ { exit } on { print }' README.md > "$CL_T/readme.lst"
cl_n=$(wc -l < "$CL_T/readme.lst")
"$BIN/awasm" -l subroutines/demo/zero_line.s | head -n "$cl_n" > "$CL_T/tool.lst"
[ "$cl_n" -gt 2 ] && cmp -s "$CL_T/readme.lst" "$CL_T/tool.lst" && pass "cli: README's listing is what awasm -l prints" ||
  fail "cli: README's listing is what awasm -l prints" "$(diff "$CL_T/readme.lst" "$CL_T/tool.lst" | head -6)"
# the fault example: the README's script (in "Running a kernel": the tutorial's scripts load saxpy
# too) with y allocated with 100 elements, under --memcheck=stop
awk '/^## Running a kernel/ { sec = 1 } /^```$/ { if (on) exit; n++; next } sec && n && /^load examples\/saxpy/ { on = 1 } on { print }' README.md |
  sed 's/^alloc y f32 1000$/alloc y f32 100/' > "$CL_T/script.aw"
cl_said=$(sed -n 's/^    \(script\.aw:[0-9]*: error: fault .*\)$/\1/p' README.md)
# (run from the repository, where the script's load path is; its name shortened to script.aw)
cl_got=$(timeout 30 "$BIN/awemu" run --memcheck=stop "$CL_T/script.aw" 2>&1 >/dev/null | sed -n "s|^$CL_T/script\.aw:\([0-9]*: error: fault\)|script.aw:\1|p" | head -1)
if grep -q '^alloc y f32 100$' "$CL_T/script.aw" && [ -n "$cl_said" ] && [ "$cl_said" = "$cl_got" ]; then pass "cli: README's fault example is what awemu run prints"
else fail "cli: README's fault example is what awemu run prints" "README: $cl_said
tool:   $cl_got"; fi
# one output file: -o twice was taken silently (the last one)
cl_check "awasm -o twice is refused" 2 '^awasm: one output file: -o given twice$' err "$CL_B/awasm" z.s -o a1.aws -o a2.aws
cl_check "awdis -o twice is refused" 2 '^awdis: one output file: -o given twice$' err "$CL_B/awdis" z.aws -o d1.s -o d2.s
if [ -e "$CL_T/a1.aws" ] || [ -e "$CL_T/a2.aws" ] || [ -e "$CL_T/d1.s" ] || [ -e "$CL_T/d2.s" ]; then fail "cli: a refused -o twice wrote a file" "$(ls "$CL_T")"
else pass "cli: a refused -o twice writes nothing"; fi
# --stats-json names that can never be written are refused before the script runs (status 2), as
# --trace-timeline's are: the whole run went by first, then the statistics were lost with status 1.
# The script echoes before its launch: nothing may come out.  And ./x and x are one file also
# before x exists (the timeline replaced the statistics, status 0)
printf 'echo RAN\nload ../../examples/saxpy/saxpy.ptx\n' > "$CL_T/out.aw"
cl_check "--stats-json in a missing directory: refused before the run" 2 '^awemu run: --stats-json nodir/a.json: no directory nodir$' err "$CL_B/awemu" run --config caba-gtx480 --stats-json nodir/a.json out.aw
cl_check "--stats-json '': refused before the run" 2 '^awemu run: --stats-json: an empty file name$' err "$CL_B/awemu" run --stats-json '' out.aw
cl_check "--stats-json DIRECTORY: refused before the run" 2 '^awemu run: --stats-json dir: is a directory$' err "$CL_B/awemu" run --stats-json dir out.aw
cl_check "--stats-json x --trace-timeline ./x, x not there yet: one file, refused" 2 'name the same file' err "$CL_B/awemu" run --config caba-gtx480 --stats-json new.json --trace-timeline ./new.json out.aw
if grep -q RAN "$CL_T/cl.out" || [ -e "$CL_T/new.json" ]; then fail "cli: a refused --stats-json still ran the script" "$(cat "$CL_T/cl.out")"; else pass "cli: a refused output name runs nothing and writes nothing"; fi
# an output that is one of the run's inputs: refused before the run (the statistics written at
# the end replaced the script, the subroutines file or the config file with JSON)
printf 'alloc x f32 4\n' > "$CL_T/in.aw"
cp subroutines/bdi/bdi.s "$CL_T/subs.s"
"$BIN/awemu" config --show > "$CL_T/my.cfg"
for case in "--stats-json $CL_T/in.aw|is the SCRIPT" "--stats-json=$CL_T/subs.s --subroutines $CL_T/subs.s|is a --subroutines file" \
            "--config $CL_T/my.cfg --stats-json $CL_T/my.cfg|is the --config file" \
            "--config caba-gtx480 --trace-timeline $CL_T/in.aw|--trace-timeline $CL_T/in.aw is the SCRIPT"; do
  args=${case%%|*} want=${case#*|}
  cp "$CL_T/in.aw" "$CL_T/in.keep"; cp "$CL_T/subs.s" "$CL_T/subs.keep"; cp "$CL_T/my.cfg" "$CL_T/my.keep"
  timeout 30 "$BIN/awemu" run $args "$CL_T/in.aw" > "$CL_T/same.out" 2> "$CL_T/same.err"
  rc=$?
  if [ $rc -eq 2 ] && grep -qF -- "$want: it would be overwritten" "$CL_T/same.err" && cmp -s "$CL_T/in.aw" "$CL_T/in.keep" &&
     cmp -s "$CL_T/subs.s" "$CL_T/subs.keep" && cmp -s "$CL_T/my.cfg" "$CL_T/my.keep"; then
    pass "cli: awemu run $(echo "$args" | sed "s|$CL_T/||g"): an output that is an input is refused, the input kept"
  else
    fail "cli: awemu run $args: status $rc (want 2, '$want', inputs unchanged)" "$(cat "$CL_T/same.err"; head -c 200 "$CL_T/in.aw")"
    cp "$CL_T/in.keep" "$CL_T/in.aw"; cp "$CL_T/subs.keep" "$CL_T/subs.s"; cp "$CL_T/my.keep" "$CL_T/my.cfg"
  fi
done

# ---- one set of options for awemu run, awemu debug and awemu exec (one table: emu/front/options.c) ----
# The options the three commands share have the same lines in their --help, made from the table
# (awemu debug --help listed none of them, and it refused them: "unknown option '--config'";
# awemu exec's had other words and no --trace-timeline or --record)
for opt in --config --set --subroutines --stats-json --trace-timeline --timeout --insn-limit --memcheck; do
  for cmd in run debug exec; do
    "$CL_B/awemu" $cmd --help | awk -v o="$opt" 'substr($0, 1, length(o) + 3) == "  " o "=" || substr($0, 1, length(o) + 3) == "  " o "[" { on = 1; print; next }
      on && /^                      / { print; next } { on = 0 }' > "$CL_T/help.$cmd"
  done
  if [ -s "$CL_T/help.run" ] && cmp -s "$CL_T/help.run" "$CL_T/help.debug" && cmp -s "$CL_T/help.run" "$CL_T/help.exec"; then
    pass "cli: $opt: the same --help lines in awemu run, debug and exec"
  else fail "cli: $opt in the --help of awemu run, debug and exec" "$(head -2 "$CL_T/help.run"; head -2 "$CL_T/help.debug"; head -2 "$CL_T/help.exec")"; fi
done
for opt in --record --ptx --fault-exit --libdir; do   # exec's alone, or with run: listed where they apply
  if "$CL_B/awemu" exec --help | grep -q "^  $opt"; then pass "cli: awemu exec --help lists $opt"; else fail "cli: awemu exec --help lists $opt"; fi
done
# the same mistake, the same message (exec said "--insn-limit 12x: not a number of warp instructions",
# debug did not know the options)
for args in "--timeout abc|--timeout needs a number of seconds (0 or more; 0 is no limit), got 'abc'" \
            "--insn-limit=12x|--insn-limit needs a whole number of warp instructions (0 is no limit), got '12x'" \
            "--memcheck=sometimes|--memcheck takes on, stop or off, not 'sometimes'" \
            "--config|--config needs a preset name or a config file, got nothing"; do
  a=${args%%|*} want=${args#*|} same=1
  for cmd in run debug exec; do
    "$CL_B/awemu" $cmd $a > "$CL_T/same.out" 2> "$CL_T/same.err" < /dev/null; rc=$?
    [ $rc -eq 2 ] && [ "$(head -1 "$CL_T/same.err")" = "awemu $cmd: $want" ] || { same=0; fail "cli: awemu $cmd $a (exit $rc)" "$(head -2 "$CL_T/same.err")"; }
  done
  [ $same -eq 1 ] && pass "cli: $a: one message in awemu run, debug and exec"
done
# an option a command cannot use says why (run --ptx and --libdir, exec -batch were "unknown option")
for case in "run --ptx k.ptx ok.aw|--ptx is an option of awemu debug and awemu exec, not of awemu run: it replaces a CUDA program's fat binary" \
            "run --libdir|--libdir is an option of awemu exec, not of awemu run: it prints where awemu exec finds libcudart.so.13" \
            "exec -batch /bin/true|-batch is an option of awemu debug, not of awemu exec: it is the debugger's" \
            "debug --fault-exit ok.aw|--fault-exit is an option of awemu exec, not of awemu debug: it is for CUDA programs that ignore their errors"; do
  args=${case%%|*} want=${case#*|} cmd=${args%% *}
  (cd "$CL_T" && "$CL_B/awemu" $args > why.out 2> why.err < /dev/null); rc=$?
  if [ $rc -eq 2 ] && grep -qF "awemu $cmd: $want" "$CL_T/why.err"; then pass "cli: awemu $args: refused, saying why"
  else fail "cli: awemu $args (exit $rc, want 2 and: $want)" "$(cat "$CL_T/why.err")"; fi
done
# --trace-timeline with a script that selects its config itself (a 'config' line): the timeline of
# the launches run under it (it was refused: "needs timing mode (--config NAME|FILE)").  saxpy on
# 256 elements: 2 blocks of 4 warps, 20 instructions each = 160 instruction events
printf 'config caba-gtx480\nload %s\nalloc x f32 256\nalloc y f32 256\nfill x ramp 0 1\nfill y const 1\nlaunch saxpy 2 128 u32:256 f32:2.0 x y\nexpect y at 255 511\n' \
  "$PWD/examples/saxpy/saxpy.ptx" > "$CL_T/cfgline.aw"
cl_check "awemu run --trace-timeline, the script's own config line" 0 '^timing \(1 launch\):' out "$CL_B/awemu" run --trace-timeline cfgline.json cfgline.aw
if [ "$(grep -c '"ph": "X"' "$CL_T/cfgline.json" 2>/dev/null)" = 160 ] && grep -q '"name": "launch saxpy"' "$CL_T/cfgline.json"; then
  pass "cli: the timeline of a script's own config: 160 instruction events of saxpy"
else fail "cli: the timeline of a script's own config" "$(head -c 300 "$CL_T/cfgline.json" 2>&1)"; fi
# ... and where no launch ran timed after all (the config line after the launch): said, not written
sed -e '/^config/d' "$CL_T/cfgline.aw" > "$CL_T/late.aw"; echo 'config caba-gtx480' >> "$CL_T/late.aw"
cl_check "awemu run --trace-timeline, the config line after the launches" 1 'no launch ran in timing mode .*; not written$' err "$CL_B/awemu" run --trace-timeline late.json late.aw
[ -e "$CL_T/late.json" ] && fail "cli: an empty timeline was written" || pass "cli: no timeline written where no launch ran timed"

# awdis writes the warp-synchronous instructions as the PTX ISA spells them:
# match.any.sync (the mode before .sync), vote.sync.any and shfl.sync.idx (after);
# it wrote match.sync.any, which awasm took back but ptxas and the PTX ISA do not
printf '.version 7.0\n.target sm_70\n.address_size 64\n.visible .entry k()\n{\n.reg .b32 %%r<5>;\n.reg .pred %%p<3>;\n' > "$CL_T/sync.ptx"
printf 'mov.u32 %%r1, %%tid.x;\nmatch.any.sync.b32 %%r2, %%r1, 0xffffffff;\nmatch.all.sync.b32 %%r3|%%p1, %%r1, 0xffffffff;\n' >> "$CL_T/sync.ptx"
printf 'vote.sync.any.pred %%p2, %%p1, 0xffffffff;\nshfl.sync.idx.b32 %%r4, %%r1, 0, 31, 0xffffffff;\nret;\n}\n' >> "$CL_T/sync.ptx"
if (cd "$CL_T" && "$CL_B/awasm" -q sync.ptx -o sync.aws && "$CL_B/awdis" sync.aws -o sync.s) &&
   grep -q 'match\.any\.sync\.b32' "$CL_T/sync.s" && grep -q 'match\.all\.sync\.b32' "$CL_T/sync.s" &&
   grep -q 'vote\.sync\.any\.pred' "$CL_T/sync.s" && grep -q 'shfl\.sync\.idx\.b32' "$CL_T/sync.s" &&
   (cd "$CL_T" && "$CL_B/awasm" -q sync.s -o sync2.aws) && cmp -s "$CL_T/sync.aws" "$CL_T/sync2.aws"; then
  pass "cli: awdis writes match.any.sync, vote.sync.any and shfl.sync.idx as the PTX ISA does"
else
  fail "cli: awdis writes match.any.sync, vote.sync.any and shfl.sync.idx as the PTX ISA does" "$(grep -E 'match|vote|shfl' "$CL_T/sync.s" 2>&1)"
fi

# awemu exec --stats-json naming the PROGRAM, a --ptx file, a --subroutines file or the --config
# file: refused before the program starts, the file kept (the JSON written at exit replaced the
# program's ELF, or the module, as awemu run refuses)
cp /bin/true "$CL_T/prog"; cp subroutines/demo/zero_line.s "$CL_T/zl.s"; cp examples/saxpy/saxpy.ptx "$CL_T/k.ptx"
"$BIN/awemu" config --show > "$CL_T/ex.cfg"
for case in "--stats-json prog|prog|the PROGRAM" "--stats-json ./k.ptx --ptx k.ptx|k.ptx|a --ptx file" \
            "--subroutines zl.s --stats-json=zl.s|zl.s|a --subroutines file" "--stats-json ex.cfg|ex.cfg|the --config file"; do
  args=${case%%|*}; rest=${case#*|}; file=${rest%%|*}; want=${rest#*|}
  cfg="--config caba-gtx480"; [ "$file" = ex.cfg ] && cfg="--config ex.cfg"
  cp "$CL_T/$file" "$CL_T/$file.keep"
  (cd "$CL_T" && timeout 30 "$CL_B/awemu" exec $cfg $args ./prog > ex.out 2> ex.err); rc=$?
  if [ $rc -eq 2 ] && grep -q "^awemu exec: --stats-json .* is $want: it would be overwritten$" "$CL_T/ex.err" && cmp -s "$CL_T/$file" "$CL_T/$file.keep"; then
    pass "cli: awemu exec $args: an output that is an input ($want) is refused, the file kept"
  else fail "cli: awemu exec $args: status $rc (want 2, '$want', the file kept)" "$(cat "$CL_T/ex.err")"; cp "$CL_T/$file.keep" "$CL_T/$file"; fi
done

# a script's own outputs (dump, stats json, trace, printf) and --stats-json/--trace-timeline
# never replace the script being run or a module it loaded (they did: 'printf r.aw' left the
# script empty, '--stats-json k.ptx' replaced the PTX the script had loaded)
cp examples/saxpy/saxpy.ptx "$CL_T/k2.ptx"
for cmd in "dump x SELF" "stats json SELF" "trace SELF" "printf SELF" "dump x k2.ptx" "stats json k2.ptx" "trace k2.ptx" "printf k2.ptx"; do
  case "$cmd" in *SELF) kind="the script being run" ;; *) kind="a module the script loaded" ;; esac
  printf 'load k2.ptx\nalloc x f32 4\n%s\n' "$(echo "$cmd" | sed 's/SELF/own.aw/')" > "$CL_T/own.aw"
  cp "$CL_T/own.aw" "$CL_T/own.keep"; cp "$CL_T/k2.ptx" "$CL_T/k2.keep"
  (cd "$CL_T" && timeout 30 "$CL_B/awemu" run own.aw > own.out 2> own.err); rc=$?
  if [ $rc -eq 1 ] && grep -q "^own.aw:3: error: .* is $kind: it would be overwritten$" "$CL_T/own.err" && cmp -s "$CL_T/own.aw" "$CL_T/own.keep" && cmp -s "$CL_T/k2.ptx" "$CL_T/k2.keep"; then
    pass "cli: a script's '$cmd' is refused: the file is $kind"
  else fail "cli: a script's '$cmd' (exit $rc, want 1 and '$kind', the files kept)" "$(cat "$CL_T/own.err")"; cp "$CL_T/k2.keep" "$CL_T/k2.ptx"; fi
done
printf 'load k2.ptx\nalloc x f32 4\n' > "$CL_T/own.aw"
for opt in "--stats-json" "--config caba-gtx480 --trace-timeline"; do
  (cd "$CL_T" && timeout 30 "$CL_B/awemu" run $opt k2.ptx own.aw > own.out 2> own.err); rc=$?
  if [ $rc -eq 1 ] && grep -q "^awemu run: ${opt##* } k2.ptx is a module the script loaded: not written (it would be overwritten)$" "$CL_T/own.err" && cmp -s "$CL_T/k2.ptx" "$CL_T/k2.keep"; then
    pass "cli: awemu run ${opt##* } naming a module the script loaded: not written, the module kept"
  else fail "cli: awemu run $opt k2.ptx, a module the script loaded (exit $rc)" "$(cat "$CL_T/own.err")"; cp "$CL_T/k2.keep" "$CL_T/k2.ptx"; fi
done
rm -rf "$CL_T"
