# tests/checks/assist.sh -- memoization and prefetching assist warps on examples/assist (sourced by tests/run.sh).
#
#   same results   each workload's script checks every output bit for bit against its CPU
#                  reference (examples/assist/W/ref.c), without and with its subroutines
#                  (subroutines/memo, subroutines/prefetch), in functional mode and under
#                  caba-gtx480; the approximate memoizer's run is checked within rel=1e-2
#                  and says how far it strayed
#   subroutines    each assist run really ran its subroutines: lanes skipped the region
#                  (memoization), or prefetches went to L1 (prefetching)
#   addresses      subroutines/prefetch/stride.s on tests/timing/prefetch: the L1 filled
#                  exactly the 12 lines A0..A11, 1024 bytes apart from the buffer's first
#                  (3 misses of the thread, 9 lines prefetched ahead of it)
#   attach errors  a subroutine bound to a label the kernel does not have is refused at load
#                  with the kernel's name and the label
#   global stores  a 'pc' subroutine whose lanes store to global memory: every mode and preset
#                  ends with the stores' values (timing mode waited for ever before)
#   faults         an assist warp's fault names the subroutine and the block and warp it works for
T=$(mktemp -d)
for w in tonemap options walk gather; do
  if ! cc -std=c11 -O2 -ffp-contract=off -o "$T/$w.ref" "examples/assist/$w/ref.c" -lm 2> "$T/$w.cc" || ! "$T/$w.ref" "$T/$w" > /dev/null 2>&1; then
    fail "assist workload $w: its reference does not build or run" "$(cat "$T/$w.cc")"
  fi
done
# script, subroutines, what the assist run must show in its statistics
for run in "tonemap/run.aw memo/tonemap.s skips" "tonemap/run_noisy.aw memo/tonemap.s skips" "options/run.aw memo/options.s skips" \
           "walk/run.aw prefetch/stride.s prefetches" "gather/run.aw prefetch/gather.s prefetches" "tonemap/run_approx.aw memo/tonemap_approx.s skips"; do
  set -- $run
  w=${1%%/*}; n=$(echo "$1" | tr '/.' '__')
  bad=""
  modes="functional timing"
  [ -n "$AWEMU_ASAN" ] && modes=functional
  for mode in $modes; do
    cfg=; [ "$mode" = timing ] && cfg="--config caba-gtx480"
    "$BIN/awemu" run $cfg "examples/assist/$1" DATA="$T/$w" > "$T/$n.$mode.0.log" 2>&1 || bad="$bad $mode-without"
    "$BIN/awemu" run $cfg --subroutines "subroutines/$2" "examples/assist/$1" DATA="$T/$w" > "$T/$n.$mode.1.log" 2>&1 || bad="$bad $mode-with"
  done
  if [ -z "$bad" ]; then pass "assist workload $1: outputs match the CPU reference without and with subroutines/$2 ($modes)"
  else fail "assist workload $1: failed:$bad" "$(grep -h -i error "$T"/$n.*.log | head -5)"; fi
  if [ -z "$AWEMU_ASAN" ]; then
    if [ "$3" = skips ]; then got=$(sed -n 's/^skips: \([0-9]*\) lanes skipped.*/\1/p' "$T/$n.timing.1.log" | tail -1)
    else got=$(sed -n 's/^prefetches: \([0-9]*\) issued.*/\1/p' "$T/$n.timing.1.log" | tail -1); fi
    if [ -n "$got" ] && [ "$got" -gt 0 ]; then pass "assist workload $1: subroutines/$2 ran in timing mode ($got $3)"
    else fail "assist workload $1: subroutines/$2 left no $3 in timing mode" "$(tail -5 "$T/$n.timing.1.log")"; fi
  fi
done
[ -n "$AWEMU_ASAN" ] && skip "assist workloads in timing mode" "AddressSanitizer makes them too slow; make test runs them"
# design caba with the prefetchers: their own loads reach compressed lines (gather's 'pc'
# subroutine loads the indices; walk's 'miss' one prefetches).  A decompression for an assist
# warp's load dereferenced the load's warp, which an assist warp's load has none of: a
# segmentation fault.  The scripts' own checks must hold
if [ -z "$AWEMU_ASAN" ]; then
  bad=""
  for run in "gather prefetch/gather.s" "walk prefetch/stride.s"; do
    set -- $run
    timeout 300 "$BIN/awemu" run --config caba-gtx480 --set design=caba --subroutines subroutines/bdi/bdi.s --subroutines "subroutines/$2" \
      "examples/assist/$1/run.aw" DATA="$T/$1" > "$T/$1.caba.log" 2>&1 || bad="$bad $1 (exit $?: $(grep -i error "$T/$1.caba.log" | head -1))"
  done
  if [ -z "$bad" ]; then pass "design caba with the prefetchers of gather and walk: assist warps' own loads of compressed lines; outputs match the CPU reference"
  else fail "design caba with the prefetchers:$bad"; fi
fi
grep -q "^examples/assist/tonemap/run_approx.aw:[0-9]*: expect out: [0-9]* of 786432 elements not bit-exact; largest error" "$T/tonemap_run_approx_aw.functional.1.log" &&
  ! grep -q "not bit-exact" "$T/tonemap_run_approx_aw.functional.0.log" &&
  pass "approximate memoization reports its error against the exact output (and the run without it is exact)" ||
  fail "approximate memoization: no error report" "$(cat "$T/tonemap_run_approx_aw.functional.1.log" | head -3)"

# the stride prefetcher's lines, from the timeline's L1 fills
if "$BIN/awemu" run --config caba-gtx480 --subroutines subroutines/prefetch/stride.s --trace-timeline "$T/tl.json" tests/timing/prefetch/run.aw > "$T/pf.log" 2>&1; then
  lines=$(grep -o '"name": "fill[^}]*"line": "0x[0-9a-f]*"' "$T/tl.json" | grep -o '0x[0-9a-f]*"$' | tr -d '"' | sort -u)
  n=$(echo "$lines" | wc -l)
  steps=$(echo "$lines" | while read -r l; do printf '%d\n' "$l"; done | awk 'NR > 1 { printf "%d ", $1 - p } { p = $1 }')
  if [ "$n" -eq 12 ] && [ "$steps" = "1024 1024 1024 1024 1024 1024 1024 1024 1024 1024 1024 " ]; then
    pass "stride prefetcher: L1 filled exactly lines A0..A11, 1024 bytes apart (3 misses, 9 prefetched)"
  else fail "stride prefetcher: L1 filled $n lines, steps: $steps (derived 12 lines, 1024 apart)" "$lines"; fi
else fail "stride prefetcher run on tests/timing/prefetch" "$(tail -3 "$T/pf.log")"; fi

# a subroutine attached to a label the kernel does not have
sed 's/\$L__BB0_2+2 (%r10/$L__BB0_9+2 (%r10/' subroutines/memo/tonemap.s > "$T/bad.s"
if "$BIN/awemu" run --subroutines "$T/bad.s" examples/assist/tonemap/run.aw DATA="$T/tonemap" > "$T/bad.log" 2>&1; then
  fail "a trigger on a missing label is refused" "the run succeeded"
elif grep -q "kernel 'tonemap' has no label '\$L__BB0_9'" "$T/bad.log"; then pass "a trigger on a label the kernel lacks is refused at load, naming the kernel and the label"
else fail "a trigger on a missing label: the message names the kernel and label" "$(head -3 "$T/bad.log")"; fi

# a 'pc' subroutine that stores to global memory (tests/debug/assist_watch/poke.s): at saxpy's ret each lane of each warp writes its
# %laneid (as a float) over its thread's y[i], so y[i] = i mod 32 (PTX ISA: %laneid is the lane
# within the warp; 64 threads are two warps), whatever saxpy wrote before; x stays 1
for i in $(seq 0 63); do echo $((i % 32)); done > "$T/poke_y.txt"
printf 'subroutines %s\nload examples/saxpy/saxpy.ptx\nalloc x f32 64\nalloc y f32 64\nfill x const 1\nfill y const 2\nlaunch saxpy 1 64 u32:64 f32:2.5 x y\nexpect y text %s\nexpect x value 1\n' \
  tests/debug/assist_watch/poke.s "$T/poke_y.txt" > "$T/poke.aw"
bad=""
for cfg in "" "--config caba-gtx480" "--config mag-gddr5" "--config mpc-titanv"; do
  timeout 60 "$BIN/awemu" run $cfg "$T/poke.aw" > "$T/poke.log" 2>&1 || bad="$bad ${cfg:-functional}: $(grep -i error "$T/poke.log" | head -1);"
done
if [ -z "$bad" ]; then pass "a 'pc' subroutine's global stores: y[i] = i mod 32 (its lane ids) in functional mode and under every preset"
else fail "a 'pc' subroutine's global stores" "$bad"; fi

# an assist warp's fault names the subroutine and the block and warp it works for (it read "fault in
# kernel poke, CTA (0,0,0), warp 0": the runner's own place, whatever the parent).  poke.s with
# its store moved 4 GiB past y[i] (outside every allocation), over 8 blocks of 128 threads.
# Functional mode runs block 0 first: warp 0's assist warp faults, lane 0, at y[0] + 4 GiB (A0).
# Timing mode: whichever faults first, its message must name the thread the address is
# thread i = (A - A0) / 4 of: block i / 128, warp (i mod 128) / 32, lane i mod 32
sed 's|st.global.f32 \[%p\], %v;|add.u64 %p, %p, 0x100000000;\n\tst.global.f32 [%p], %v;|' tests/debug/assist_watch/poke.s > "$T/pokebad.s"
printf 'subroutines %s\nload examples/saxpy/saxpy.ptx\nalloc x f32 1024\nalloc y f32 1024\nlaunch saxpy 8 128 u32:1024 f32:2.5 x y\n' "$T/pokebad.s" > "$T/pokebad.aw"
timeout 60 "$BIN/awemu" run "$T/pokebad.aw" > "$T/pokebad.log" 2>&1
f0=$(grep -o 'fault in subroutine poke (the assist warp of kernel saxpy, block (0,0,0), warp 0), lane 0, poke pc 3 ([^)]*): 4-byte global store outside every allocation, address 0x[0-9a-f]*' "$T/pokebad.log")
a0=${f0##*address }
timeout 60 "$BIN/awemu" run --config caba-gtx480 "$T/pokebad.aw" > "$T/pokebad_t.log" 2>&1
ft=$(grep -o 'fault in subroutine poke (the assist warp of kernel saxpy, block ([0-9]*,0,0), warp [0-9]*), lane [0-9]*, .*address 0x[0-9a-f]*' "$T/pokebad_t.log")
at=${ft##*address }
blk=$(echo "$ft" | sed -n 's/.*block (\([0-9]*\),0,0), warp \([0-9]*\)), lane \([0-9]*\),.*/\1 \2 \3/p')
if [ -n "$f0" ] && [ -n "$ft" ] && [ -n "$blk" ]; then
  i=$(( (at - a0) / 4 ))
  set -- $blk
  if [ "$1" -eq $((i / 128)) ] && [ "$2" -eq $((i % 128 / 32)) ] && [ "$3" -eq $((i % 32)) ]; then
    pass "an assist warp's fault names its subroutine and its parent's block and warp (functional; caba-gtx480: thread $i)"
  else fail "an assist warp's fault under caba-gtx480 names block $1, warp $2, lane $3; its address is thread $i's" "$ft"; fi
else fail "an assist warp's fault: the message does not name the subroutine and its parent" "$(grep -i fault "$T/pokebad.log" "$T/pokebad_t.log")"; fi
# two 'pc' triggers on one instruction under two names ($A+2 and $B): refused as the same name
# twice is (one event starts one subroutine); the second silently replaced the first
printf '.version 8.0\n.target sm_80\n.address_size 64\n.visible .entry k()\n{\n\t.reg .b32 %%r<3>;\n$A:\n\tmov.u32 %%r1, %%tid.x;\n\tmov.u32 %%r2, 1;\n$B:\n\tadd.u32 %%r2, %%r2, %%r1;\n\tret;\n}\n' > "$T/two.ptx"
printf '.version 8.0\n.target sm_80\n.address_size 64\n.subroutine s1\n.priority high\n.trigger pc k, $A+2\n{\n\texit;\n}\n.subroutine s2\n.priority high\n.trigger pc k, $B\n{\n\texit;\n}\n' > "$T/two.s"
printf 'load %s/two.ptx\nlaunch k 1 32\n' "$T" > "$T/two.aw"
"$BIN/awemu" run --subroutines "$T/two.s" "$T/two.aw" > "$T/two.log" 2>&1; rc=$?
if [ $rc -eq 1 ] && grep -q "error: subroutine s2: trigger 'pc k \$B' is at the instruction where subroutine s1's 'pc' trigger is (kernel 'k' pc 2): one event starts one subroutine" "$T/two.log"; then
  pass "two 'pc' triggers on one instruction under two names are refused"
else fail "two 'pc' triggers on one instruction (exit $rc)" "$(cat "$T/two.log")"; fi
# a barrier in an assist warp faults in timing mode as in functional mode (it was ignored there)
printf '.version 8.0\n.target sm_80\n.address_size 64\n.subroutine barr\n.priority high\n.trigger pc saxpy, $L__BB0_2\n{\n\tbar.sync 0;\n\texit;\n}\n' > "$T/barr.s"
printf 'load examples/saxpy/saxpy.ptx\nalloc x f32 64\nalloc y f32 64\nlaunch saxpy 1 64 u32:64 f32:2.5 x y\n' > "$T/barr.aw"
bad=""
for cfg in "" "--config caba-gtx480"; do
  "$BIN/awemu" run $cfg --subroutines "$T/barr.s" "$T/barr.aw" > "$T/barr.log" 2>&1; rc=$?
  [ $rc -eq 1 ] && grep -q "fault in subroutine barr (the assist warp of kernel saxpy, block (0,0,0), warp 0), lane 0, barr pc 0 ([^)]*barr.s:8): a barrier in an assist warp" "$T/barr.log" ||
    bad="$bad ${cfg:-functional} (exit $rc: $(grep error "$T/barr.log" | head -1))"
done
if [ -z "$bad" ]; then pass "a barrier in an assist warp faults alike in functional and timing mode"
else fail "a barrier in an assist warp:$bad"; fi
rm -rf "$T"
