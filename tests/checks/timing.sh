# tests/checks/timing.sh -- timing mode from the command line (sourced by tests/run.sh).
#
#   same results   every example's buffers are byte-identical in functional
#                  mode and in timing mode under every preset and every
#                  scheduler policy (examples/caba and examples/assist too: they
#                  were left out), and under the compressed designs (BDI,
#                  with bdi.s's subroutines for caba) (timing decides when, never what); a
#                  buffer the GPU leaves to the order warps run in (the old
#                  values atomics return) is named on an "# order-dependent:"
#                  line of the script and left out, its script's own checks
#                  (which hold in any order) still run
#   determinism    the same run twice writes the same statistics JSON
#   JSON           --stats-json has the keys the issue names, for the run and per launch
#   bad configs    unknown key (with the nearest ones: "did you mean"), negative size, sets
#                  that are not a power of two, a bad value on --set, a symbolic link loop,
#                  design caba on mpc-titanv (what to set): file, line and key named, status 2
#   watchdog       an SM whose assist warps wait a 10 M-cycle round trip is no internal error
#   test kernels   every tests/emu/*/*/run.aw under every preset and every policy, and
#                  two-level with an active set of one warp (but a script marked
#                  "# schedule-dependent:", whose checks hold only in the functional
#                  driver's order): its own checks hold, its buffers are byte-identical to
#                  the functional run's, and a fault test faults as its expect-fault says
#                  (an mbarrier deadlock used to spin for ever)
#   stats/configs  statistics under the config each launch ran under: a 'set' after a
#                  launch changes later launches' figures, not its own; the totals of
#                  launches under different configs say so and add bytes, not bursts
#   edge configs   tests/timing/edge.aw under each configuration of
#                  tests/timing/edge_configs.txt (tiny and huge caches, one MSHR,
#                  a one-entry DRAM queue, extreme latencies and clocks, ...): it
#                  ends, and its buffers are the functional run's
#   unschedulable  a CTA that fits no SM is reported, not run, never hangs
#   CTA counts     the statistics count the CTAs and warps launched: the grids' sizes, as in
#                  functional mode (timing mode counted each CTA twice)
#   config CLI     awemu config --list / --show / --table
#   L2 across      L2 keeps what a launch wrote for the next (and across modules): every line
#   launches       written reaches DRAM once a later launch evicts it, as with no L2 at all
#                  (its dirty lines were dropped at each launch: DRAM writes undercounted)
T=$(mktemp -d)

# ---- same results ----
# examples/*: the "runs" section's references wrote their data; examples/caba/* and
# examples/assist/* (their kernels without subroutines; caba.sh and assist.sh run them with
# them, under the designs, against their references) get theirs here, and the three presets
# x three policies only (under AddressSanitizer, which makes them too slow, not at all)
nested="examples/caba/*/run.aw examples/assist/*/run.aw"
[ -n "$AWEMU_ASAN" ] && { nested=""; skip "examples/caba and examples/assist against functional mode under 3 presets x 3 policies" "AddressSanitizer makes them too slow; make test runs them"; }
for script in examples/*/run.aw $nested; do
  dir=$(dirname "$script")
  n=$(echo "$dir" | tr '/' '_')
  data="$OUT/$n.data"          # written by the "runs" section's reference
  full=1
  case "$dir" in examples/*/*)
    full=""; data="$T/$n.data"; mkdir -p "$data"
    if ! cc -std=c11 -O2 -ffp-contract=off -o "$T/$n.ref" "$dir/ref.c" -lm 2> "$T/$n.cc" || ! "$T/$n.ref" "$data" > /dev/null 2>&1; then
      fail "timing run $dir: its reference does not build or run" "$(cat "$T/$n.cc")"; continue
    fi ;;
  esac
  [ -d "$data" ] || continue
  sed "s|\${SCRIPT_DIR}|$dir|g" "$script" > "$T/$n.aw"
  names=$(sed -n 's/^\(alloc\|symbol\) \([^ ]*\) .*/\2/p' "$script")
  loose=$(sed -n 's/^# order-dependent: //p' "$script")
  for b in $names; do echo "dump $b \${DUMPS}/$b.bin" >> "$T/$n.aw"; done
  for b in $loose; do names=$(echo $names | tr ' ' '\n' | grep -vx "$b"); done
  mkdir -p "$T/$n.plain"
  "$BIN/awemu" run "$T/$n.aw" DATA="$data" DUMPS="$T/$n.plain" > "$T/$n.plain.log" 2>&1
  bad=""
  for preset in caba-gtx480 mag-gddr5 mpc-titanv; do
    for policy in gto lrr two-level; do
      out="$T/$n.$preset.$policy"
      mkdir -p "$out"
      if ! timeout 120 "$BIN/awemu" run --config "$preset" --set "sched_policy=$policy" "$T/$n.aw" DATA="$data" DUMPS="$out" > "$out.log" 2>&1; then
        bad="$bad $preset/$policy(exit)"; continue
      fi
      for b in $names; do cmp -s "$T/$n.plain/$b.bin" "$out/$b.bin" || bad="$bad $preset/$policy:$b"; done
    done
  done
  # the compressed designs with BDI (caba: its assist warps check every line they decompress and compress)
  for design in ${full:+hw-mem hw ideal caba}; do
    out="$T/$n.$design"
    mkdir -p "$out"
    if ! timeout 120 "$BIN/awemu" run --config caba-gtx480 --set design=$design --subroutines subroutines/bdi/bdi.s \
         "$T/$n.aw" DATA="$data" DUMPS="$out" > "$out.log" 2>&1; then
      bad="$bad $design(exit)"; continue
    fi
    for b in $names; do cmp -s "$T/$n.plain/$b.bin" "$out/$b.bin" || bad="$bad $design:$b"; done
  done
  # 32-byte sectors (mpc-titanv): MPC, and cost, with the metadata cache before DRAM
  for dc in ${full:+hw-mem/mpc hw/cost}; do
    out="$T/$n.$(echo $dc | tr / _)"
    mkdir -p "$out"
    if ! timeout 120 "$BIN/awemu" run --config mpc-titanv --set design=${dc%/*} --set compression=${dc#*/} \
         "$T/$n.aw" DATA="$data" DUMPS="$out" > "$out.log" 2>&1; then
      bad="$bad mpc-titanv/$dc(exit)"; continue
    fi
    for b in $names; do cmp -s "$T/$n.plain/$b.bin" "$out/$b.bin" || bad="$bad mpc-titanv/$dc:$b"; done
  done
  if [ -z "$names" ]; then fail "timing run $dir: the script allocates no buffer"
  elif [ -n "$bad" ]; then fail "timing run $dir: results differ from functional mode:$bad" "$(tail -5 "$T/$n.caba-gtx480.gto.log")"
  else pass "timing run $dir: $(echo $names | wc -w) buffers identical to functional mode under 3 presets x 3 policies${full:+, designs hw-mem, hw, ideal, caba (BDI) and, under mpc-titanv, hw-mem with MPC and hw with cost}${loose:+ (order-dependent, not compared: $loose)}"; fi
done

# ---- test kernels, faults included ----
# Every tests/emu script under the three presets x three policies, and two-level with one warp
# in the active set (a warp spinning at an mbarrier wait kept the warp it waited for out of the
# set: tests/emu/insn/async's mb_spin spun for ever): its own checks hold, every buffer it
# allocates ends byte-identical to the functional run's, and a fault test faults as its
# expect-fault says (an mbarrier deadlock spun for ever)
tk_pass=0; tk_runs=0; tk_cmp=0; tk_bad=""; tk_skip=""
for script in tests/emu/*/*/run.aw; do
  dir=$(dirname "$script")
  n=$(echo "$dir" | tr '/' '_')
  data="$OUT/$n.data"          # written by the "runs" section's reference, when it has one
  [ -d "$data" ] || continue
  grep -q '^# schedule-dependent:' "$script" && { tk_skip="$tk_skip $dir"; continue; }
  sed "s|\${SCRIPT_DIR}|$dir|g" "$script" > "$T/tk.aw"
  names=""
  if [ ! -f "$dir/expect-fault" ]; then
    names=$(sed -n 's/^\(alloc\|symbol\) \([^ ]*\) .*/\2/p' "$script")
    for b in $(sed -n 's/^# order-dependent: //p' "$script"); do names=$(echo $names | tr ' ' '\n' | grep -vx "$b"); done
    for b in $names; do echo "dump $b \${DUMPS}/$b.bin" >> "$T/tk.aw"; done
  fi
  run="$T/tk.aw"; [ -f "$dir/expect-fault" ] && run=$script   # (its fault names the script)
  rm -rf "$T/tk.plain"; mkdir -p "$T/tk.plain"
  "$BIN/awemu" run "$run" DATA="$data" DUMPS="$T/tk.plain" > /dev/null 2>&1
  ok=1
  for sets in "caba-gtx480 --set sched_policy=gto" "caba-gtx480 --set sched_policy=lrr" "caba-gtx480 --set sched_policy=two-level" \
              "caba-gtx480 --set sched_policy=two-level --set sched_active_warps=1" \
              "mag-gddr5 --set sched_policy=gto" "mag-gddr5 --set sched_policy=lrr" "mag-gddr5 --set sched_policy=two-level" \
              "mpc-titanv --set sched_policy=gto" "mpc-titanv --set sched_policy=lrr" "mpc-titanv --set sched_policy=two-level"; do
    rm -rf "$T/tk.t"; mkdir -p "$T/tk.t"
    timeout 60 "$BIN/awemu" run --config $sets "$run" DATA="$data" DUMPS="$T/tk.t" > "$T/tk.log" 2>&1
    rc=$?
    tk_runs=$((tk_runs + 1))
    if [ -f "$dir/expect-fault" ]; then
      [ $rc -eq 1 ] && grep -qF "$(cat "$dir/expect-fault")" "$T/tk.log" || { ok=0; tk_bad="$tk_bad $dir[$sets](exit $rc)"; }
    elif [ $rc -ne 0 ]; then ok=0; tk_bad="$tk_bad $dir[$sets](exit $rc)"
    else for b in $names; do tk_cmp=$((tk_cmp + 1)); cmp -s "$T/tk.plain/$b.bin" "$T/tk.t/$b.bin" || { ok=0; tk_bad="$tk_bad $dir[$sets]:$b"; }; done; fi
  done
  [ $ok -eq 1 ] && tk_pass=$((tk_pass + 1))
done
if [ -n "$tk_bad" ]; then fail "timing mode, test kernels: not as in functional mode:$tk_bad"
else pass "timing mode, test kernels: $tk_pass scripts of tests/emu in $tk_runs runs (3 presets x 3 policies, and two-level with an active set of 1): their checks hold, their buffers are functional mode's ($tk_cmp compared), their faults too${tk_skip:+ (not run: the schedule-dependent$tk_skip)}"; fi

# ---- edge configs ----
e=tests/timing/edge.aw
names=$(sed -n 's/^alloc \([^ ]*\) .*/\1/p' "$e")
{ cat "$e"; for b in $names; do echo "dump $b \${DUMPS}/$b.bin"; done; } | sed "s|\${SCRIPT_DIR}|tests/timing|g" > "$T/edge.aw"
grep -v '^#' tests/timing/edge_configs.txt > "$T/edge.list"
mkdir -p "$T/edge.plain"
if "$BIN/awemu" run "$T/edge.aw" DUMPS="$T/edge.plain" > "$T/edge.plain.log" 2>&1; then
  i=0
  while read -r preset sets; do
    i=$((i + 1))
    args="--config $preset"
    for kv in $sets; do args="$args --set $kv"; done
    case " $sets " in *" design=caba "*) args="$args --subroutines subroutines/bdi/bdi.s" ;; esac
    out="$T/edge.$i"
    mkdir -p "$out"
    # shellcheck disable=SC2086
    timeout 300 "$BIN/awemu" run $args "$T/edge.aw" DUMPS="$out" > "$out.log" 2>&1
    rc=$?
    bad=""
    if [ $rc -ne 0 ]; then bad=" exit $rc"; [ $rc -eq 124 ] && bad="$bad (it did not end in 300 s)"
    else for b in $names; do cmp -s "$T/edge.plain/$b.bin" "$out/$b.bin" || bad="$bad $b"; done; fi
    if [ -z "$bad" ]; then pass "edge config $i ($preset $sets): it ends, its $(echo $names | wc -w) buffers identical to functional mode"
    else fail "edge config $i ($preset $sets):$bad" "$(tail -3 "$out.log")"; fi
  done < "$T/edge.list"
else fail "edge configs: the functional run of $e" "$(tail -3 "$T/edge.plain.log")"; fi

# ---- the watchdog follows from the config ----
# Four warps copy 128 words under design caba with one L1 MSHR and a crossbar of 3600 cycles
# at 1 MHz: one round trip is 2 x 3600 x 1400 = 10,080,000 core cycles, during which the SM's
# assist warps wait for the LD/ST unit.  The watchdog's fixed 10,000,000 cycles stopped it as
# "(an internal error)"; its limit is now 64 x the longest a request can take (about 645 M
# cycles here): the run ends, its copy right
cat > "$T/wd.aw" <<EOF
load examples/caba/stream/stream.ptx
alloc a u32 128
alloc c u32 128
fill a ramp 0 1
launch stream_copy 1 128 c a u32:128
expect c at 0 0
expect c at 77 77
expect c at 127 127
EOF
timeout 120 "$BIN/awemu" run --config caba-gtx480 --set design=caba --set icnt_clock_mhz=1 --set icnt_latency=3600 --set l1_mshrs=1 \
  --subroutines subroutines/bdi/bdi.s "$T/wd.aw" > "$T/wd.out" 2>&1
rc=$?
cyc=$(sed -n 's/^cycles \([0-9]*\) .*/\1/p' "$T/wd.out")
if [ $rc -eq 0 ] && [ -n "$cyc" ] && [ "$cyc" -gt 10080000 ] && grep -q "^assist warps: [1-9]" "$T/wd.out"; then
  pass "watchdog: a run whose assist warps wait a 10,080,000-cycle round trip ends ($cyc cycles), its copy right"
else fail "watchdog: a run whose assist warps wait a 10,080,000-cycle round trip (exit $rc)" "$(grep -i 'error\|^cycles' "$T/wd.out")"; fi

# ---- --subroutines ----
if "$BIN/awemu" run --config caba-gtx480 --set design=caba --subroutines subroutines/bdi/bdi.s examples/saxpy/run.aw \
     DATA="$OUT/examples_saxpy.data" > "$T/subs.out" 2>&1 && grep -q "assist warps" "$T/subs.out"; then
  pass "awemu run --subroutines: the script's module gets bdi.s's subroutines (design caba runs assist warps)"
else fail "awemu run --subroutines with design caba" "$(tail -3 "$T/subs.out")"; fi
"$BIN/awemu" run --subroutines "$T/no-such.s" examples/saxpy/run.aw > "$T/nosub.out" 2>&1
rc=$?
if [ $rc -eq 2 ] && grep -q "^awemu run: --subroutines $T/no-such.s: No such file or directory" "$T/nosub.out"; then
  pass "awemu run --subroutines with a missing file: status 2, the file named"
else fail "awemu run --subroutines with a missing file (exit $rc)" "$(cat "$T/nosub.out")"; fi

# ---- --trace-timeline ----
# the caba_compress transcript's script: every warp instruction is one "X" event on a warp slot's
# track (tid below 10000), every assist-warp instruction one on an assist warp table entry's
# track (10000 + entry), every assist warp one "start" event; the counts come from --stats-json
if "$BIN/awemu" run --config caba-gtx480 --trace-timeline "$T/tl.json" --stats-json "$T/tl.stats.json" tests/debug/caba_compress/run.aw \
     > "$T/tl.out" 2>&1; then
  wi=$(sed -n 's/^  "warp_instructions": \([0-9]*\),/\1/p' "$T/tl.stats.json")
  ai=$(sed -n 's/^  "assist_warp_instructions": \([0-9]*\),/\1/p' "$T/tl.stats.json")
  at=$(sed -n 's/^  "assist_warps_triggered": \([0-9]*\),/\1/p' "$T/tl.stats.json")
  gw=$(grep '"ph": "X"' "$T/tl.json" | grep -c '"tid": [0-9]\{1,4\},')
  ga=$(grep '"ph": "X"' "$T/tl.json" | grep -c '"tid": 1000[0-9],')
  gs=$(grep -c '"name": "start ' "$T/tl.json")
  if [ -n "$wi" ] && [ "$at" -gt 0 ] && [ "$gw" = "$wi" ] && [ "$ga" = "$ai" ] && [ "$gs" = "$at" ] &&
     head -1 "$T/tl.json" | grep -q '^{"displayTimeUnit"' && [ "$(tail -1 "$T/tl.json")" = "]}" ]; then
    pass "--trace-timeline: $gw warp and $ga assist-warp instruction events, $gs assist warp starts (the statistics: $wi, $ai, $at)"
  else fail "--trace-timeline: $gw warp ($wi), $ga assist ($ai), $gs starts ($at)" "$(head -3 "$T/tl.json"; tail -2 "$T/tl.json")"; fi
else fail "awemu run --trace-timeline" "$(tail -3 "$T/tl.out")"; fi
"$BIN/awemu" run --config caba-gtx480 --trace-timeline "$T/same.json" --stats-json "$T/same.json" examples/saxpy/run.aw > "$T/same.out" 2>&1
rc=$?
if [ $rc -eq 2 ] && grep -q "name the same file" "$T/same.out" && [ ! -e "$T/same.json" ]; then pass "--trace-timeline and --stats-json naming one file: status 2, nothing written"
else fail "--trace-timeline and --stats-json naming one file (exit $rc)" "$(cat "$T/same.out")"; fi
"$BIN/awemu" run --trace-timeline "$T/tl2.json" examples/saxpy/run.aw > "$T/tl2.out" 2>&1
rc=$?
if [ $rc -eq 2 ] && grep -q "needs timing mode" "$T/tl2.out" && [ ! -e "$T/tl2.json" ]; then pass "--trace-timeline without timing mode: status 2, nothing written"
else fail "--trace-timeline without timing mode (exit $rc)" "$(cat "$T/tl2.out")"; fi

# ---- the README's example prints what the tool prints ----
if [ -d "$OUT/examples_bfs.data" ]; then
  "$BIN/awemu" run --config caba-gtx480 examples/bfs/run.aw DATA="$OUT/examples_bfs.data" > "$T/readme.out" 2>&1
  sed -n '/^timing (12 launches):$/,/^```$/p' README.md | sed '$d' > "$T/readme.want"
  if [ -s "$T/readme.want" ] && cmp -s "$T/readme.want" "$T/readme.out"; then pass "README's Timing example is what awemu prints"
  else fail "README's Timing example differs from what awemu prints" "$(diff "$T/readme.want" "$T/readme.out")"; fi
fi

# ---- determinism and JSON ----
d=examples/bfs
if [ -d "$OUT/examples_bfs.data" ]; then
  for i in 1 2; do
    "$BIN/awemu" run --config caba-gtx480 --stats-json "$T/bfs$i.json" "$d/run.aw" DATA="$OUT/examples_bfs.data" > "$T/bfs$i.log" 2>&1
  done
  if [ -s "$T/bfs1.json" ] && cmp -s "$T/bfs1.json" "$T/bfs2.json"; then pass "timing: the same run twice gives the same statistics ($(sed -n 's/^  "cycles": \([0-9]*\),/\1/p' "$T/bfs1.json") cycles)"
  else fail "timing: two runs differ" "$(diff "$T/bfs1.json" "$T/bfs2.json" | head -5)"; fi
  missing=""
  for k in cycles warp_instructions ipc dram_bandwidth_utilization dram_bursts launches; do
    grep -q "^  \"$k\": " "$T/bfs1.json" || missing="$missing $k"
  done
  nl=$(grep -c '"kernel": ' "$T/bfs1.json")
  if [ -z "$missing" ] && [ "$nl" -gt 0 ]; then
    pass "timing: --stats-json has cycles, warp_instructions, ipc, dram_bandwidth_utilization, dram_bursts and a launches list ($nl launches)"
  else fail "timing: --stats-json lacks:$missing ($nl launches)" "$(head -20 "$T/bfs1.json")"; fi
fi

# ---- bad configs ----
printf 'base = caba-gtx480\n# a comment\nl1_size = 16K\n' > "$T/unknown.cfg"
printf 'l2_bytes = -768K\n' > "$T/negative.cfg"
printf '# a base that is not there\nbase = no-such-gpu\n' > "$T/nobase.cfg"
printf 'base =\n' > "$T/emptybase.cfg"
printf 'n_sm = 15\nl1_bytes = 24K\n' > "$T/sets.cfg"
expect_cfg_error() {   # NAME ARGS... -- the message must contain $want
  name=$1; shift
  "$BIN/awemu" run "$@" examples/saxpy/run.aw DATA="$OUT/examples_saxpy.data" > "$T/cfg.out" 2> "$T/cfg.err"
  rc=$?
  if [ $rc -eq 2 ] && grep -qF -- "$want" "$T/cfg.err" && [ ! -s "$T/cfg.out" ]; then pass "bad config ($name): $(cat "$T/cfg.err")"
  else fail "bad config ($name): exit $rc, expected 2 and: $want" "$(cat "$T/cfg.err" "$T/cfg.out")"; fi
}
want="$T/unknown.cfg:3: error: unknown key 'l1_size'"; expect_cfg_error "unknown key" --config "$T/unknown.cfg"
want="$T/negative.cfg:1: error: l2_bytes: -768K is out of range"; expect_cfg_error "negative size" --config "$T/negative.cfg"
want="$T/sets.cfg:2: error: l1_bytes: l1_bytes = 24576 in 4 ways of 128-byte lines give 48 sets, not a power of two"; expect_cfg_error "sets not a power of two" --config "$T/sets.cfg"
want="--set: error: sched_policy: 'fifo' is not one of lrr|gto|two-level"; expect_cfg_error "bad --set value" --set sched_policy=fifo
want="no-such-gpu: no such preset or file"; expect_cfg_error "unknown preset" --config no-such-gpu
want="$T/nobase.cfg:2: error: base: no-such-gpu: no such preset or file (presets: caba-gtx480, h100, h200, mag-gddr5, mpc-titanv)"; expect_cfg_error "unknown base" --config "$T/nobase.cfg"
want="$T/emptybase.cfg:1: error: base: no preset or file named"; expect_cfg_error "empty base" --config "$T/emptybase.cfg"
# an unknown key names the nearest keys, as git does (it named none); l1_byte is one edit from
# l1_bytes, l2_mshr one from l2_mshrs
want="--set: error: unknown key 'l1_byte'; did you mean 'l1_bytes'? (awemu config --table lists them)"; expect_cfg_error "did you mean, --set" --set l1_byte=16K
printf 'base = caba-gtx480\nl2_mshr = 128\n' > "$T/typo.cfg"
want="$T/typo.cfg:2: error: unknown key 'l2_mshr'; did you mean 'l2_mshrs'? (awemu config --table lists them)"; expect_cfg_error "did you mean, a file" --config "$T/typo.cfg"
# a loop of symbolic links as the config, or as a file's base: the system's reason (it said "no
# such preset or file")
ln -s "$T/loop2.cfg" "$T/loop1.cfg"; ln -s "$T/loop1.cfg" "$T/loop2.cfg"
want="awemu run: $T/loop1.cfg: Too many levels of symbolic links"; expect_cfg_error "a symbolic link loop" --config "$T/loop1.cfg"
printf 'base = loop1.cfg\n' > "$T/loopbase.cfg"
want="$T/loopbase.cfg:1: error: base: $T/loop1.cfg: Too many levels of symbolic links"; expect_cfg_error "a symbolic link loop as a base" --config "$T/loopbase.cfg"
# mpc-titanv's 32-byte L2 sectors under design caba, whose assist warps decompress whole
# 128-byte L1 lines: the message names the keys and what to set (either passes every check:
# 128-byte sectors of its 128-byte L2 lines, or 32-byte L1 lines of its 32-byte L1 sectors)
want="--set: error: design: design caba decompresses whole L1 lines: the 32-byte blocks (l2_sector_bytes, from mpc-titanv:37) must be the 128-byte L1 line (l1_line_bytes, from caba-gtx480:47); set l2_sector_bytes = 128 or l1_line_bytes = 32"
expect_cfg_error "mpc-titanv with design caba" --config mpc-titanv --set design=caba
for fix in l2_sector_bytes=128 l1_line_bytes=32; do
  if "$BIN/awemu" config --config mpc-titanv --set design=caba --set $fix > "$T/fix.out" 2> "$T/fix.err"; then pass "mpc-titanv with design caba and $fix (what the message offers) is accepted"
  else fail "mpc-titanv with design caba and $fix" "$(cat "$T/fix.err")"; fi
done

# ---- launches under different configs ----
# The script picks the timing model itself ('config'), then changes n_sm: --stats-json
# (no --config) has the timing figures, each launch its own per-SM breakdown (15, then
# 16 SMs), and the totals none (SM i is not one SM across them)
cat > "$T/nsm.aw" <<EOF
load examples/saxpy/saxpy.ptx
alloc x f32 1000
alloc y f32 1000
config caba-gtx480
launch saxpy 4 256 u32:1000 f32:2.0 x y
set n_sm=16
launch saxpy 4 256 u32:1000 f32:2.0 x y
EOF
"$BIN/awemu" run --stats-json "$T/nsm.json" "$T/nsm.aw" > "$T/nsm.out" 2>&1
rc=$?
sms=$(grep '^      "sm_issue_slots"' "$T/nsm.json" | awk -F'[[]' '{ printf "%s ", NF - 2 }')
if [ $rc -eq 0 ] && grep -q '"cycles"' "$T/nsm.json" && [ "$sms" = "15 16 " ] && ! grep -q '^  "sm_issue_slots"' "$T/nsm.json"; then
  pass "launches on 15 and 16 SMs: --stats-json has each launch's SMs ($sms) and no per-SM totals"
else fail "launches on 15 and 16 SMs (exit $rc, per-launch SMs: $sms)" "$(cat "$T/nsm.out"; grep -n sm_issue "$T/nsm.json" | cut -c1-80)"; fi

# ---- ... and their statistics, each under the config it ran under ----
# saxpy over 100000 floats under caba-gtx480 (700 MHz, MAG 32), then the same under 1400 MHz
# and MAG 64: the first 'stats' comes after the 'set's and must still give the first launch's
# 700 MHz and 32-byte bursts (it gave the new config's); the
# JSON's total is of two configs ("design": "mixed"), its bytes are launch 1's bursts x 32 +
# launch 2's x 64 (bytes/cycle x cycles, to the JSON's 6 decimals)
cat > "$T/mix.aw" <<EOF
config caba-gtx480
load examples/saxpy/saxpy.ptx
alloc x f32 100000
alloc y f32 100000
launch saxpy 400 256 u32:100000 f32:2.5 x y
set dram_mag=64
set core_clock_mhz=1400
stats
launch saxpy 400 256 u32:100000 f32:2.5 x y
stats json $T/mix.json
EOF
if "$BIN/awemu" run "$T/mix.aw" > "$T/mix.out" 2>&1; then
  first=$(sed -n '/^timing, last launch:/,/^timing, all/p' "$T/mix.out")
  jv() { sed -n "s/^$1\"$2\": \([0-9.]*\),\{0,1\}\$/\1/p" "$T/mix.json" | tr '\n' ' '; }
  lb=$(jv '      ' dram_bursts); lc=$(jv '      ' cycles); lr=$(jv '      ' dram_bytes_per_cycle)
  tc=$(jv '  ' cycles); tr=$(jv '  ' dram_bytes_per_cycle)
  ok=$(echo "$lb $lc $lr $tc $tr" | awk '{ want = $1 * 32 + $2 * 64; got = $7 * $8;
    l1 = $5 * $3; l2 = $6 * $4;   # each launch: bytes/cycle x cycles = its bursts x its MAG
    print (NF == 8 && (got - want) ^ 2 <= (1e-6 * $7) ^ 2 && (l1 - $1 * 32) ^ 2 <= (1e-6 * $3) ^ 2 && (l2 - $2 * 64) ^ 2 <= (1e-6 * $4) ^ 2) ? "yes" : "no" }')
  if echo "$first" | grep -q '^cycles [0-9]* ([0-9.]* us at 700 MHz)' && echo "$first" | grep -q ' bursts of 32 bytes,' &&
     grep -q '^  "design": "mixed",' "$T/mix.json" && grep -q 'the launches ran under different configs' "$T/mix.out" && [ "$ok" = yes ]; then
    pass "timing stats: each launch's figures under its own config (700 MHz, MAG 32 after a set of 1400 MHz, MAG 64); the totals of both: design mixed, bytes = bursts x each MAG"
  else fail "timing stats under the config each launch ran under" "$(echo "$first" | head -5; echo "bursts $lb cycles $lc bytes/cycle $lr total $tc $tr: $ok"; head -3 "$T/mix.json")"; fi
else fail "timing stats across configs: the script failed" "$(tail -5 "$T/mix.out")"; fi

# ---- a CTA that fits no SM ----
# kernel_regs = 255 with 256 threads: 255 x 32 = 8160 -> 8192 registers per warp x 8 warps
# = 65536 > 32768 per SM
timeout 60 "$BIN/awemu" run --config caba-gtx480 --set kernel_regs=255 examples/saxpy/run.aw DATA="$OUT/examples_saxpy.data" > "$T/fit.out" 2>&1
rc=$?
if [ $rc -eq 1 ] && grep -q "65536 registers .* it fits no SM: kernel_regs = 255 (--set) gives more registers than sm_registers = 32768 (caba-gtx480:[0-9]*)$" "$T/fit.out"; then
  pass "a CTA that fits no SM is reported, naming the keys: $(grep 'fits no SM' "$T/fit.out" | head -1 | cut -c1-160)"
else fail "a CTA that fits no SM: exit $rc (the keys and where they were set named)" "$(cat "$T/fit.out")"; fi
# the limits a config file sets are named with its file and line (the message named no key)
printf 'base = caba-gtx480\nsm_max_threads = 128\n' > "$T/fit.cfg"
timeout 60 "$BIN/awemu" run --config "$T/fit.cfg" examples/saxpy/run.aw DATA="$OUT/examples_saxpy.data" > "$T/fit2.out" 2>&1
rc=$?
if [ $rc -eq 1 ] && grep -q "a CTA of 256 threads (8 warps) .* it fits no SM: more threads than sm_max_threads = 128 ($T/fit.cfg:2)$" "$T/fit2.out"; then
  pass "a CTA of more threads than sm_max_threads: the key, its file and line named"
else fail "a CTA of more threads than sm_max_threads (exit $rc)" "$(cat "$T/fit2.out")"; fi

# a refused launch after one that ran: its own per-SM breakdown (no cycles) and every register
# unallocated; the totals keep theirs (the refused launch had none, which took the totals' away
# as if the two had run on GPUs of different SM counts, and 0% of registers unallocated)
printf '.version 8.0\n.target sm_80\n.address_size 64\n.shared .align 4 .b8 buf[8000];\n.visible .entry shk()\n{\n\t.reg .b32 %%r<5>;\n' > "$T/shk.ptx"
printf '\tmov.u32 %%r1, %%tid.x;\n\tshl.b32 %%r2, %%r1, 2;\n\tmov.u32 %%r3, buf;\n\tadd.s32 %%r4, %%r3, %%r2;\n\tst.shared.u32 [%%r4], %%r1;\n\tret;\n}\n' >> "$T/shk.ptx"
printf 'load %s/shk.ptx\nlaunch shk 2 64\nlaunch shk 2 64 shared=40000\n' "$T" > "$T/shk.aw"
timeout 60 "$BIN/awemu" run --config caba-gtx480 --stats-json "$T/shk.json" "$T/shk.aw" > "$T/shk.out" 2>&1
rc=$?
nsm=$(grep -c '"sm_issue_slots"' "$T/shk.json" 2>/dev/null); un=$(grep -o '"registers_unallocated": [0-9.]*' "$T/shk.json" 2>/dev/null | tail -1)
if [ $rc -eq 1 ] && grep -q 'fits no SM: more shared memory than sm_shared_bytes = 32768' "$T/shk.out" && [ "$nsm" = 3 ] && [ "$un" = '"registers_unallocated": 1.000000' ]; then
  pass "a refused launch after one that ran: the totals and both launches have their per-SM breakdown, the refused one every register unallocated"
else fail "a refused launch after one that ran (exit $rc; want per-SM breakdowns 3: $nsm; the refused launch's $un, want 1.000000)" "$(cat "$T/shk.out")"; fi

# ---- awemu config ----
if [ "$("$BIN/awemu" config --list | tr '\n' ' ')" = "caba-gtx480 h100 h200 mag-gddr5 mpc-titanv " ]; then pass "awemu config --list names the five presets"
else fail "awemu config --list" "$("$BIN/awemu" config --list 2>&1)"; fi
"$BIN/awemu" config --config mpc-titanv --set dram_bandwidth_scale=0.125 > "$T/show.cfg" 2>&1
if grep -q '^n_sm = 80 .*from mpc-titanv:' "$T/show.cfg" && grep -q '^dram_bandwidth_scale = 0.125 .*from --set' "$T/show.cfg" &&
   "$BIN/awemu" config --config "$T/show.cfg" > "$T/show2.cfg" 2>&1 && [ "$(grep -c . "$T/show2.cfg")" -eq "$(grep -c . "$T/show.cfg")" ] &&
   sed 's/ *#.*//' "$T/show.cfg" > "$T/a.cfg" && sed 's/ *#.*//' "$T/show2.cfg" > "$T/b.cfg" && cmp -s "$T/a.cfg" "$T/b.cfg"; then
  pass "awemu config --show: every key with its origin, and the output loads back to the same values"
else fail "awemu config --show" "$(head -5 "$T/show.cfg"; head -5 "$T/show2.cfg")"; fi
"$BIN/awemu" config --table > "$T/table.md"
sed -n '/<!-- BEGIN CONFIG TABLE/,/<!-- END CONFIG TABLE/p' README.md | sed '1d;$d' > "$T/readme-table.md"
if cmp -s "$T/table.md" "$T/readme-table.md"; then pass "README's config table is awemu config --table"
else fail "README's config table differs from awemu config --table (paste it between the CONFIG TABLE markers)" "$(diff "$T/readme-table.md" "$T/table.md" | head -5)"; fi

# CTAs and warps counted: saxpy over grids of 3 and 7 blocks of 256 threads (8 warps each): the
# last launch 7 CTAs and 56 warps, in all 10 CTAs and 80 warps, in either mode
printf 'load examples/saxpy/saxpy.ptx\nalloc x f32 2000\nalloc y f32 2000\nlaunch saxpy 3 256 u32:768 f32:2.5 x y\nlaunch saxpy 7 256 u32:1792 f32:2.5 x y\nstats json %s\n' \
  "$T/ctas.json" > "$T/ctas.aw"
bad=""
for cfg in "" "--config caba-gtx480" "--config mpc-titanv"; do
  if "$BIN/awemu" run $cfg "$T/ctas.aw" > "$T/ctas.log" 2>&1; then
    got=$(grep -o '"\(ctas\|warps\)": [0-9]*' "$T/ctas.json" | awk '{ printf "%s%s", (NR > 1 ? " " : ""), $2 }')
    [ "$got" = "7 56 10 80" ] || bad="$bad ${cfg:-functional}: ctas and warps (last, total) $got;"
  else bad="$bad ${cfg:-functional}: $(grep -i error "$T/ctas.log" | head -1);"; fi
done
if [ -z "$bad" ]; then pass "statistics count 10 CTAs and 80 warps for grids of 3 and 7 blocks of 8 warps, in functional mode and under two presets"
else fail "CTA and warp counts (derived: last launch 7 and 56, total 10 and 80)" "$bad"; fi
# the occupancy the grid allows beside the per-SM limit: under caba-gtx480 saxpy's CTAs of 8
# warps fit 48 / 8 = 6 per SM (limited by warps), but 7 CTAs over 15 SMs put 1 on an SM:
# the line says so, and registers_unallocated is of that 1 (the line
# said "6 CTAs ... (limited by warps)" beside a fraction unallocated for 1 CTA)
"$BIN/awemu" run --config caba-gtx480 "$T/ctas.aw" > "$T/ctas.log" 2>&1
if grep -q '^occupancy: 6 CTAs of 8 warps per SM (limited by warps; the grid gives 1), ' "$T/ctas.log" && grep -q '"ctas_per_sm": 6, .*"limited_by": "warps", "grid_ctas_per_sm": 1,' "$T/ctas.json"; then
  pass "occupancy: 6 CTAs per SM by the limits, 1 by the grid of 7 CTAs on 15 SMs, both reported"
else fail "occupancy with a grid smaller than the GPU (derived: 6 by warps, 1 by the grid)" "$(grep occupancy "$T/ctas.log" "$T/ctas.json")"; fi

# no L2 (l2_bytes = 0): the L2 keys mean nothing, and tm_config_check does not check them; an L2
# line of 16 or 96 bytes made every launch fail with "out of host memory building the GPU model"
# (a fault without a place), and 4096 changed the cycles.  The memory moves L1's lines: the
# cycles are those of the default 128
printf 'load examples/saxpy/saxpy.ptx\nalloc x f32 1024\nalloc y f32 1024\nfill x const 1\nlaunch saxpy 4 256 u32:1024 f32:2.5 x y\nexpect y value 2.5\nstats json %s/nol2.json\n' "$T" > "$T/nol2.aw"
bad=""; ref=""
for l in 128 16 96 4096; do
  "$BIN/awemu" run --config caba-gtx480 --set l2_bytes=0 --set l2_line_bytes=$l "$T/nol2.aw" > "$T/nol2.log" 2>&1 || bad="$bad $l: $(grep error "$T/nol2.log" | head -1);"
  cyc=$(grep -o '"cycles": [0-9]*' "$T/nol2.json" 2>/dev/null | head -1)
  [ -z "$ref" ] && ref=$cyc
  [ -n "$cyc" ] && [ "$cyc" = "$ref" ] || bad="$bad $l: $cyc (128: $ref);"
done
if [ -z "$bad" ]; then pass "no L2: l2_line_bytes of 16, 96, 128 and 4096 all run, in the same cycles"
else fail "no L2: the L2 line size matters" "$bad"; fi

# ---- L2 across launches ----
# wr writes 65536 words (256 KiB: 2048 lines of 128 bytes); rd then reads 16 MiB (131072
# lines), far more than the 768 KiB L2: every line wr left dirty is evicted and written to
# DRAM.  Derived: 2048 DRAM writes in all, under caba-gtx480 and with no L2 (l2_bytes = 0,
# each store goes straight to DRAM); with the L2, none in wr's launch (its 2048 lines are
# 171 per slice of 32 sets of 16 ways: no set overflows), all 2048 in rd's, and wr's launch
# ends with its 2048 lines dirty in L2; rd's reads leave none.  The same with wr and rd in two
# modules (the GPU's memory stays when the module changes).  Before, L2's lines were dropped
# at each launch: 0 DRAM writes with the L2.
cat > "$T/wr.ptx" <<'PTX'
.version 8.0
.target sm_80
.address_size 64
.visible .entry wr(.param .u64 out)
{
  .reg .b32 %r<6>;
  .reg .b64 %rd<4>;
  ld.param.u64 %rd1, [out];
  mov.u32 %r1, %tid.x;
  mov.u32 %r2, %ctaid.x;
  mov.u32 %r3, %ntid.x;
  mad.lo.s32 %r4, %r2, %r3, %r1;
  mul.wide.u32 %rd2, %r4, 4;
  add.s64 %rd3, %rd1, %rd2;
  st.global.u32 [%rd3], %r4;
  ret;
}
PTX
sed -e 's/entry wr(.param .u64 out)/entry rd(.param .u64 in)/' -e 's/\[out\]/[in]/' -e 's/st.global.u32 \[%rd3\], %r4;/ld.global.u32 %r5, [%rd3];/' "$T/wr.ptx" > "$T/rd.ptx"
cat "$T/wr.ptx" > "$T/both.ptx"; sed -n '/^.visible/,$p' "$T/rd.ptx" >> "$T/both.ptx"
printf 'load %s/both.ptx\nalloc a u32 65536\nalloc big u32 4194304\nlaunch wr 256 256 a\nlaunch rd 16384 256 big\nstats json %s/l2keep.json\n' "$T" "$T" > "$T/l2keep.aw"
printf 'load %s/wr.ptx\nalloc a u32 65536\nalloc big u32 4194304\nlaunch wr 256 256 a\nload %s/rd.ptx\nlaunch rd 16384 256 big\nstats json %s/l2keep.json\n' "$T" "$T" "$T" > "$T/l2mod.aw"
bad=""
for case in "l2keep|" "l2mod|" "l2keep|--set l2_bytes=0"; do
  aw=${case%%|*} set=${case#*|}
  if timeout 120 "$BIN/awemu" run --config caba-gtx480 $set "$T/$aw.aw" > "$T/l2keep.log" 2>&1; then
    # per launch: DRAM writes, then the L2's dirty lines at the end; then the total's writes
    # the JSON's "timing" holds the total, then each launch: DRAM writes and L2's dirty lines of each
    w=$(sed -n 's/^ *"dram_writes": \([0-9]*\),$/\1/p' "$T/l2keep.json" | tr '\n' ' ')
    d=$(sed -n 's/.*"dirty_at_end": \([0-9]*\)}.*/\1/p' "$T/l2keep.json" | tr '\n' ' ')
    got=$(echo "$w $d" | awk '{ print $2 "/" $5, $3 "/" $6, $1 }')
    want="0/2048 2048/0 2048"; [ -n "$set" ] && want="2048/0 0/0 2048"
    [ "$got" = "$want" ] || bad="$bad $aw $set: $got (derived $want);"
  else bad="$bad $aw $set: $(grep -i error "$T/l2keep.log" | head -1);"; fi
done
if [ -z "$bad" ]; then pass "L2 across launches: the 2048 lines a launch wrote reach DRAM when the next evicts them, with one module or two, as with no L2"
else fail "L2 across launches (derived: 2048 DRAM writes in all)" "$bad"; fi

rm -rf "$T"
