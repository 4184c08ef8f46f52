# tests/checks/tutorial.sh -- README.md's tutorial shows the files as they are and what the tools
# print, and its prose says what the numbers show (sourced by tests/run.sh: pass, fail, $BIN).
# Everything it writes is in its own mktemp -d directory.
#
# tests/tutorial_update.sh -o FILE rebuilds the tutorial's blocks: each one after a line
# "<!-- file: PATH -->" from PATH, each session of "$ COMMAND" lines by running the commands
# (awemu debug with the "(awemu) " lines as its commands).  Each block must come out as the
# README shows it.  The tutorial used to show a zero_line.s that differed from the file and
# stopped after assembling it.  After a deliberate change of what the tools print (the timing
# model's cycles): sh tests/tutorial_update.sh, then review the diff and the prose.
TU_T=$(mktemp -d) || { fail "tutorial: mktemp -d"; return 0; }
BIN=$BIN sh tests/tutorial_update.sh -o "$TU_T/README.md" > "$TU_T/report" 2> "$TU_T/err"; tu_rc=$?
if [ $tu_rc -ne 0 ] || [ ! -s "$TU_T/report" ]; then
  fail "tutorial: tests/tutorial_update.sh -o: status $tu_rc" "$(cat "$TU_T/err" "$TU_T/report")"
else
  tu_shown=
  while IFS= read -r tu_l; do
    case $tu_l in
      "same "*) pass "tutorial: the README shows ${tu_l#same }" ;;
      "differs "*) fail "tutorial: the README does not show ${tu_l#differs } (after a deliberate change: sh tests/tutorial_update.sh)" \
        "$([ -n "$tu_shown" ] || diff README.md "$TU_T/README.md" | head -20)"; tu_shown=1 ;;
      *) fail "tutorial: $tu_l" ;;
    esac
  done < "$TU_T/report"
fi
# every file of the tutorial is shown whole, the subroutine it starts from too
for tu_f in subroutines/demo/zero_line.s examples/tutorial/*; do
  if grep -qx "same file $tu_f" "$TU_T/report"; then pass "tutorial: shows $tu_f as it is"
  else fail "tutorial: does not show $tu_f as it is (a block after '<!-- file: $tu_f -->')"; fi
done

# ---- the last step's session is tests/debug/tutorial, exactly ----
# tests/run.sh checks that transcript; its commands less the '#' lines are the README's
sed -n '/^\$ bin\/awemu debug examples\/tutorial\/saxpy\.aw$/,/^```$/p' README.md | sed '$d' > "$TU_T/session"
sed -n 's/^(awemu) //p' "$TU_T/session" > "$TU_T/readme_commands"
grep -v '^#' tests/debug/tutorial/commands > "$TU_T/commands"
grep -v '^(awemu) #' tests/debug/tutorial/expected > "$TU_T/expected"
if [ -s "$TU_T/readme_commands" ] && [ "$(cat tests/debug/tutorial/args)" = "examples/tutorial/saxpy.aw" ] &&
   cmp -s "$TU_T/readme_commands" "$TU_T/commands" && sed 1d "$TU_T/session" | cmp -s - "$TU_T/expected"; then
  pass "tutorial: its debugger session is tests/debug/tutorial ($(wc -l < "$TU_T/commands") commands)"
else fail "tutorial: its debugger session differs from tests/debug/tutorial" \
  "$(diff "$TU_T/readme_commands" "$TU_T/commands"; sed 1d "$TU_T/session" | diff - "$TU_T/expected" | head -10)"; fi

# ---- what the prose says about the numbers ----
# Read from the outputs as the tools print them now (the rebuilt README): when the timing model
# changes, these say which sentence to rewrite.
# tu_out COMMAND: the output the rebuilt README shows for COMMAND
tu_out() { awk -v c="\$ $1" '$0 == c { on = 1; next } on && (/^\$ / || /^```$/) { exit } on { print }' "$TU_T/README.md"; }
# tu_claim WHAT TEXT PATTERN: TEXT has a line matching the extended regular expression PATTERN
tu_claim() {
  if printf '%s\n' "$2" | grep -Eq "$3"; then pass "tutorial: the prose holds: $1"
  else fail "tutorial: the prose says $1, the tools do not (rewrite it): /$3/ in" "$2"; fi
}
tu_z=$(tu_out 'bin/awemu run examples/tutorial/zero_line.aw')
tu_claim "zero_line runs 9 instructions, 8 on all 32 lanes, on the zero line, and leaves the other at its sixth" "$(printf '%s\n' "$tu_z" | grep '^zero_line:' | tr '\n' ' ')" \
  '^zero_line: 9 warp instructions, 256 thread instructions .* zero_line: 6 warp instructions, 192 thread'
tu_claim "zero_line writes encoding 1 and size 0 on the zero line, nothing on the other" "$(printf '%s\n' "$tu_z" | grep '^meta' | tr '\n' ' ')" \
  '^meta\[0\] = 1 meta\[1\] = 0 meta\[0\] = 0 meta\[1\] = 0 $'
tu_s=$(tu_out 'bin/awemu run examples/tutorial/saxpy.aw')
tu_claim "32 assist warps (one a warp) of 5 instructions, 2 of them live-in moves" "$tu_s" \
  '^assist warps: 32 started, 160 instructions \(64 live-in moves\); 0 not deployed '
tu_claim "the pc trigger started them all" "$tu_s" '^assist warps by trigger: pc 32 \(160 instructions\)$'
tu_claim "the issue slots have an assist warps share" "$tu_s" '^issue slots: .*, assist warps [0-9.]+%$'
tu_claim "every prefetch is redundant, none goes out" "$tu_s" '^prefetches: 0 issued to L1, 0 useful, 0 late, 0 useless, 32 redundant;'
tu_claim "the redundant prefetches are L1's MSHR merges" "$tu_s" '^L1: .* 32 MSHR merges;'
tu_with=$(printf '%s\n' "$tu_s" | sed -n 's/^cycles \([0-9]*\) .*/\1/p')
tu_base=$(tu_out "grep -v '^subroutines' examples/tutorial/saxpy.aw | bin/awemu run - | grep '^cycles'" | sed -n 's/^cycles \([0-9]*\) .*/\1/p')
tu_hi=$(tu_out "sed 's|examples/tutorial/prefetch_y.s|high.s|' examples/tutorial/saxpy.aw | bin/awemu run - | grep '^cycles\|^prefetches'")
tu_high=$(printf '%s\n' "$tu_hi" | sed -n 's/^cycles \([0-9]*\) .*/\1/p')
if [ -n "$tu_base" ] && [ "$tu_base" = "$tu_with" ]; then pass "tutorial: the prose holds: the launch takes as many cycles without the subroutine as with it ($tu_base)"
else fail "tutorial: the prose says the launch takes as many cycles without the subroutine as with it, the tools do not (rewrite it): ${tu_base:-?} and ${tu_with:-?}"; fi
if [ -n "$tu_high" ] && [ -n "$tu_base" ] && [ "$tu_high" -gt "$tu_base" ]; then pass "tutorial: the prose holds: at .priority high the launch is slower ($tu_high cycles, $tu_base without)"
else fail "tutorial: the prose says the launch is slower at .priority high, the tools do not (rewrite it): ${tu_high:-?} cycles, ${tu_base:-?} without"; fi
tu_claim "at .priority high every prefetch goes out and is late" "$tu_hi" '^prefetches: 32 issued to L1, 0 useful, 32 late, 0 useless, 0 redundant;'
tu_d=$(tu_out 'bin/awemu debug examples/tutorial/saxpy.aw')
tu_c=$(printf '%s\n' "$tu_d" | sed -n 's/^%clock = \([0-9]*\) .*/\1/p' | tr '\n' ' ')
set -- $tu_c
if [ $# -eq 2 ] && [ "$1" -lt "$2" ]; then pass "tutorial: the prose holds: warp 0 loads y (cycle $1) before its assist warp's first instruction (cycle $2)"
else fail "tutorial: the prose says warp 0 loads y before its assist warp's first instruction, the tools do not (rewrite it): %clock $tu_c"; fi
set --
tu_claim "when the assist warp prefetches, warp 0 waits at pc 17 for its loads" "$(printf '%s\n' "$tu_d" | sed -n '/^   0 saxpy pc 17 /{n;p;}')" \
  '^       sm 0, scheduler: waits for a load \(%f2\)$'
tu_claim "the prefetch's 32 addresses are one line of y" "$(printf '%s\n' "$tu_d" | grep -A4 '^%p\[\*\]' | tr '\n' ' ')" \
  '\[ 0- 7\] 0x200001300 .* 0x20000137c $'
tu_claim "y is at 0x200001300" "$tu_d" '^y +f32 +1000 +0x200001300$'
rm -rf "$TU_T"
