# tests/checks/cudart.sh -- CUDA programs on awemu's libcudart.so.13 (sourced by tests/run.sh).
#
# The programs of examples/cuda are built by `make cuda` (a plain nvcc -cudart shared) into a
# temporary directory and run unchanged with awemu exec.  Each checks itself against its own CPU
# reference and prints PASSED or FAILED; its whole output must also equal
# examples/cuda/expected/NAME.out (reviewed by hand: the clamped-tap counts of convolve are
# 24 rows x R(R+1); hello's lines are the threads t = 0, 3, 6 of 2 x 4 with t x 0.5; vecadd's
# device line is caba-gtx480's 15 SMs x 48 warps and the sm_75 PTX nvcc embeds by default;
# nbody's block sizes are what CUDA's occupancy formula, run by the header's
# cudaOccupancyMaxPotentialBlockSize from 1024 down, picks under caba-gtx480 (32768 registers,
# allocated per warp in units of 64) for the timing model's register counts: 544 = 2 CTAs of 17
# warps for step<float> at 29-30 registers, 832 = 26 warps for step<double> at 37-38).
#   programs      each program, functional mode, through awemu exec
#   timing        vecadd and bfs under caba-gtx480 with --stats-json: the same output, and bfs's
#                 28 launches (2 per level, 14 levels) in the JSON
#   run's options --trace-timeline, --record and functional --stats-json, as awemu run takes them
#   functional json  --stats-json without timing mode: the functional counters, CTAs too [refused, exit 2]
#   ld path       LD_LIBRARY_PATH alone (awemu exec --libdir) runs a program too
#   oob           the out-of-bounds store: awemu's located fault report, the kernel named as the
#                 source spells it, as cuda-gdb does (it was the mangled _Z7scatterPiii), then the
#                 program's own check fires with cudaErrorLaunchFailure, exit status 1; a kernel whose
#                 demangled name does not fit the report is named mangled [it was named by nothing]
#   unsupported   a call not implemented: named on stderr, cudaErrorNotSupported to the program
#   no PTX        a program built with machine code only: the error names the nvcc flag to add,
#                 and --ptx with nvcc -ptx's output runs it
#   compression   -compress-mode=speed (LZ4) and =none build programs that run the same
#   static        a program with the CUDA runtime linked in (nvcc's default) is refused (exit 2)
#   api errors    tests/cuda/api_errors.cu, one process per case: calls given bad arguments return
#                 the error CUDA documents (each case's line is in the file), never crash, and
#                 leave nothing sticky
#   texture       tests/cuda/texture.cu: cudaMallocArray, the array copies and texture objects
#                 (linear filtering's 1.8 weights, wrap, clamp, normalized reads, tex1Dfetch) give
#                 the values derived by hand in the file, in functional and timing mode
#                 [cudaErrorNotSupported]
#   bad options   an unknown config key, and --ptx/--subroutines/--stats-json files that cannot
#                 be used (a directory, a ':' in the name, no such directory), are refused before
#                 the program starts (exit 2)
#   exec_cases    tests/cuda/exec_cases.cu, what the code before this did in brackets:
#                 threads: 4 host threads launching and freeing at once get every element right
#                   and their own last errors [68000 wrong elements, spurious faults, one last
#                   error for all]; below: a read 1 KiB below the first cudaMalloc runs as on a
#                   GPU, and memcheck reports it [a fault]; ignored: a program that ignores a
#                   fault exits 0, the summary says "8 launches (1 faulted, 7 refused after the
#                   fault)" and how to make the status 1, which --fault-exit and
#                   AWEMU_FAULT_EXIT=1 do ["1 launches", exit 0 always]; timeout: launches have a
#                   wall-clock limit by default (cudaDevAttrKernelExecTimeout 1), --timeout 0
#                   lifts it, and the fault names both ways to raise it [no default limit];
#                   plurals: "1 launch" ["1 launches"]
#   stats full    --stats-json on a full file system (a private mount namespace): the message,
#                 and exit status 2 where the program's was 0 [0]
#   directory     awemu exec . names the directory [".: Permission denied"]
#   locked        every entry point of libcudart.so.13 begins with ENTER, its lock [none did]
# Where nvcc is missing every check here is skipped (the programs cannot be built).
NVCC_BIN=${NVCC:-$(command -v nvcc 2>/dev/null || ls /usr/local/cuda/bin/nvcc 2>/dev/null)}
CUDA_NAMES="vecadd bfs convolve streams nbody managed hello pitch"
if [ -z "$NVCC_BIN" ]; then
  for p in $CUDA_NAMES timing ld-path oob unsupported no-ptx compression api-errors texture exec-cases; do skip "cuda program $p" "nvcc is not installed (it builds the host programs)"; done
elif [ -n "$AWEMU_ASAN" ]; then
  skip "cuda programs" "an AddressSanitizer build of libcudart.so.13 cannot load into a program built without it"
else
  T=$(mktemp -d)
  if ! make -s --no-print-directory cuda NVCC="$NVCC_BIN" BUILD="$BUILD" BIN="$BIN" CUDA_OUT="$T/bin" > "$T/build.log" 2>&1; then
    fail "cuda programs: make cuda" "$(tail -20 "$T/build.log")"
  else
    for p in $CUDA_NAMES; do
      "$BIN/awemu" exec --quiet "$T/bin/$p" > "$T/$p.out" 2> "$T/$p.err" < /dev/null
      rc=$?
      if [ $rc -eq 0 ] && cmp -s "$T/$p.out" "examples/cuda/expected/$p.out" && [ ! -s "$T/$p.err" ]; then
        pass "cuda program $p: its own check passes, output as expected"
      else
        fail "cuda program $p (exit $rc)" "$(diff "examples/cuda/expected/$p.out" "$T/$p.out"; cat "$T/$p.err")"
      fi
    done
    ok=1
    for p in vecadd bfs; do
      "$BIN/awemu" exec --quiet --config caba-gtx480 --stats-json "$T/$p.json" "$T/bin/$p" > "$T/$p.tout" 2> "$T/$p.terr" < /dev/null || ok=0
      cmp -s "$T/$p.tout" "examples/cuda/expected/$p.out" || ok=0
    done
    n=$(grep -o '"kernel"' "$T/bfs.json" 2>/dev/null | wc -l)
    if [ $ok -eq 1 ] && [ "$n" -eq 28 ] && grep -q '"cycles": [1-9]' "$T/vecadd.json"; then
      pass "cuda programs in timing mode: same output, bfs's 28 launches in the statistics"
    else
      fail "cuda programs in timing mode ($n launches in bfs.json)" "$(cat "$T/vecadd.terr" "$T/bfs.terr"; head -c 600 "$T/bfs.json")"
    fi
    # awemu exec takes awemu run's --trace-timeline and --record, and --stats-json in functional mode
    # (the first two were unknown options, the last "needs timing mode"): vecadd's one launch is
    # 36004 warp instructions (README), an event each in the timeline and a count in the JSON
    rm -rf "$T/rec"
    "$BIN/awemu" exec --quiet --config caba-gtx480 --trace-timeline "$T/v.tl.json" --record "$T/rec" "$T/bin/vecadd" > "$T/tl.out" 2> "$T/tl.err" < /dev/null; rc=$?
    "$BIN/awemu" exec --quiet --stats-json "$T/v.f.json" "$T/bin/vecadd" > "$T/fj.out" 2> "$T/fj.err" < /dev/null; rc2=$?
    if [ $rc -eq 0 ] && [ $rc2 -eq 0 ] && [ "$(grep -c '"ph": "X"' "$T/v.tl.json")" -eq 36004 ] && tail -1 "$T/v.tl.json" | grep -q '^\]}$' &&
       grep -q '^kernel _Z9vectorAddPKfS0_Pfi$' "$T/rec/0000/launch" && [ -s "$T/rec/0000/after.bin" ] &&
       grep -q '"mode": "functional"' "$T/v.f.json" && grep -q '"warp_instructions": 36004,' "$T/v.f.json"; then
      pass "awemu exec --trace-timeline, --record, and --stats-json in functional mode (as awemu run takes them)"
    else fail "awemu exec --trace-timeline / --record / functional --stats-json (exit $rc, $rc2)" "$(cat "$T/tl.err" "$T/fj.err"; head -c 300 "$T/v.f.json")"; fi
    "$BIN/awemu" exec --trace-timeline "$T/x.json" "$T/bin/vecadd" > "$T/tlf.out" 2> "$T/tlf.err" < /dev/null; rc=$?
    if [ $rc -eq 2 ] && grep -q "^awemu exec: --trace-timeline needs timing mode (--config NAME|FILE)" "$T/tlf.err" && [ ! -s "$T/tlf.out" ] && [ ! -e "$T/x.json" ]; then
      pass "awemu exec --trace-timeline without timing mode: refused before the program runs"
    else fail "awemu exec --trace-timeline without timing mode (exit $rc)" "$(cat "$T/tlf.err")"; fi
    # --stats-json in functional mode: the counters of all launches, as awemu run --stats-json
    # writes them (awemu exec refused it: "--stats-json needs timing mode", exit 2); vecadd's one
    # launch is 36004 warp instructions (the summary line's test below), in 196 CTAs (50000 elements,
    # 256 threads a CTA)
    "$BIN/awemu" exec --quiet --stats-json "$T/func.json" "$T/bin/vecadd" > "$T/func.out" 2> "$T/func.err" < /dev/null
    rc=$?
    if [ $rc -eq 0 ] && cmp -s "$T/func.out" examples/cuda/expected/vecadd.out && grep -q '^  "mode": "functional",$' "$T/func.json" &&
       grep -q '^  "warp_instructions": 36004,$' "$T/func.json" && grep -q '^  "ctas": 196,$' "$T/func.json"; then
      pass "awemu exec --stats-json in functional mode: the functional counters (vecadd: 36004 warp instructions, 196 CTAs)"
    else
      fail "awemu exec --stats-json in functional mode (exit $rc)" "$(cat "$T/func.err" "$T/func.json" 2>/dev/null | head -12)"
    fi
    dir=$("$BIN/awemu" exec --libdir)
    if LD_LIBRARY_PATH="$dir" AWEMU_SUMMARY=0 "$T/bin/vecadd" > "$T/ld.out" 2>&1 && cmp -s "$T/ld.out" examples/cuda/expected/vecadd.out; then
      pass "cuda program with LD_LIBRARY_PATH=$dir alone"
    else
      fail "cuda program with LD_LIBRARY_PATH alone" "$(cat "$T/ld.out")"
    fi
    "$BIN/awemu" exec --quiet "$T/bin/oob" > "$T/oob.out" 2> "$T/oob.err"
    rc=$?
    if [ $rc -eq 1 ] && grep -q '^awemu: fault in kernel scatter(int\*, int, int), CTA (0,0,0), warp 0, lane 1, scatter(int\*, int, int) pc .*global store outside every allocation, address 0x' "$T/oob.err" &&
       grep -q '^CUDA error at .*oob.cu:14: unspecified launch failure (cudaErrorLaunchFailure)$' "$T/oob.err" && [ ! -s "$T/oob.out" ]; then
      pass "cuda oob: awemu's fault report, then the program's own check (cudaErrorLaunchFailure)"
    else
      fail "cuda oob (exit $rc)" "$(cat "$T/oob.out" "$T/oob.err")"
    fi
    # a kernel whose demangled name does not fit the fault report's 128 bytes (mst's dfindcompmintwo,
    # 187 characters) is named by its mangled name; the report named none ("fault in kernel , CTA"):
    # the name was copied onto itself
    cat > "$T/longname.cu" <<'EOF'
struct AVeryLongStructureNameForTheTest { int x; };
__global__ void kernel_with_a_long_name(int *p, AVeryLongStructureNameForTheTest a, AVeryLongStructureNameForTheTest b,
                                        AVeryLongStructureNameForTheTest c, AVeryLongStructureNameForTheTest d) {
  p[threadIdx.x + (1 << 28)] = a.x + b.x + c.x + d.x;   /* far outside every allocation: a fault */
}
int main(void) {
  int *p;
  AVeryLongStructureNameForTheTest s = { 1 };
  cudaMalloc(&p, 256);
  kernel_with_a_long_name<<<1, 32>>>(p, s, s, s, s);
  return cudaDeviceSynchronize() == cudaErrorLaunchFailure ? 0 : 3;
}
EOF
    if (cd "$T" && "$NVCC_BIN" -cudart shared -o longname longname.cu) > "$T/longname.log" 2>&1; then
      "$BIN/awemu" exec --quiet "$T/longname" > "$T/longname.out" 2> "$T/longname.err"
      rc=$?
      if [ $rc -eq 0 ] && grep -q '^awemu: fault in kernel _Z23kernel_with_a_long_namePi32AVeryLongStructureNameForTheTestS0_S0_S0_, CTA (0,0,0), warp 0, lane 0, _Z23kernel_with_a_long_namePi32AVeryLongStructureNameForTheTestS0_S0_S0_ pc ' "$T/longname.err"; then
        pass "cuda fault in a kernel whose demangled name does not fit: named by its mangled name"
      else fail "cuda fault in a kernel of a long name (exit $rc)" "$(cat "$T/longname.err")"; fi
    else fail "cuda fault in a kernel of a long name: nvcc" "$(cat "$T/longname.log")"; fi
    # the instruction limit: vecadd's one launch is 36004 warp instructions (README); with
    # --insn-limit 100 it faults, and the fault says how to raise the limit under awemu exec (it
    # named awemu run's option and the run-script command: awemu exec had no way to raise it);
    # with 0 (no limit) it runs as without the option; a limit that is no number is refused, in
    # the words awemu run and awemu debug use (one parser for the three commands)
    "$BIN/awemu" exec --quiet --insn-limit 100 "$T/bin/vecadd" > "$T/lim.out" 2> "$T/lim.err"
    rc=$?
    "$BIN/awemu" exec --quiet --insn-limit=0 "$T/bin/vecadd" > "$T/lim0.out" 2> "$T/lim0.err"
    rc0=$?
    "$BIN/awemu" exec --quiet --insn-limit 12x "$T/bin/vecadd" > "$T/limx.out" 2> "$T/limx.err"
    rcx=$?
    if [ $rc -ne 0 ] && grep -q 'instruction limit reached: more than 100 warp instructions (awemu exec --insn-limit N (AWEMU_INSN_LIMIT) raises it, 0 lifts it)' "$T/lim.err" &&
       [ $rc0 -eq 0 ] && cmp -s "$T/lim0.out" examples/cuda/expected/vecadd.out &&
       [ $rcx -eq 2 ] && grep -q "^awemu exec: --insn-limit needs a whole number of warp instructions (0 is no limit), got '12x'$" "$T/limx.err" && [ ! -s "$T/limx.out" ]; then
      pass "awemu exec --insn-limit: a launch past it faults, naming how to raise it; 0 lifts it; a bad value is refused"
    else
      fail "awemu exec --insn-limit (exit $rc, $rc0, $rcx)" "$(cat "$T/lim.err" "$T/lim0.err" "$T/limx.err" | head -8)"
    fi
    "$BIN/awemu" exec --quiet "$T/bin/unsupported" > "$T/uns.out" 2> "$T/uns.err"
    rc=$?
    if [ $rc -eq 1 ] && grep -q '^awemu: cudaDeviceCanAccessPeer is not implemented' "$T/uns.err" &&
       grep -q '^CUDA error at .*unsupported.cu:8: operation not supported (cudaErrorNotSupported)$' "$T/uns.err" &&
       grep -q '^cudaDeviceCanAccessPeer: cudaErrorNotSupported' "$T/uns.out"; then
      pass "cuda unsupported call: named, cudaErrorNotSupported"
    else
      fail "cuda unsupported call (exit $rc)" "$(cat "$T/uns.out" "$T/uns.err")"
    fi
    (cd "$T" && "$NVCC_BIN" -cudart shared -gencode arch=compute_75,code=sm_75 -o noptx "$OLDPWD/examples/cuda/vecadd.cu" &&
      "$NVCC_BIN" -ptx -arch=compute_75 -o vecadd.ptx "$OLDPWD/examples/cuda/vecadd.cu") > "$T/noptx.log" 2>&1
    "$BIN/awemu" exec --quiet "$T/noptx" > "$T/noptx.out" 2> "$T/noptx.err"
    rc=$?
    "$BIN/awemu" exec --quiet --ptx "$T/vecadd.ptx" "$T/noptx" > "$T/ptx.out" 2> "$T/ptx.err"
    rc2=$?
    if [ $rc -eq 1 ] && grep -q 'holds no PTX (only machine code for sm_75).*-gencode arch=compute_75,code=compute_75' "$T/noptx.err" &&
       grep -q 'cudaErrorNoKernelImageForDevice' "$T/noptx.err" && [ $rc2 -eq 0 ] && cmp -s "$T/ptx.out" examples/cuda/expected/vecadd.out; then
      pass "cuda program without PTX: the error names the flag; --ptx runs it"
    else
      fail "cuda program without PTX (exit $rc, with --ptx $rc2)" "$(cat "$T/noptx.log" "$T/noptx.err" "$T/ptx.err")"
    fi
    ok=1
    for mode in speed none; do
      "$NVCC_BIN" -cudart shared -compress-mode=$mode -o "$T/conv-$mode" examples/cuda/convolve.cu > "$T/conv.log" 2>&1 || ok=0
      "$BIN/awemu" exec --quiet "$T/conv-$mode" > "$T/conv-$mode.out" 2>&1 || ok=0
      cmp -s "$T/conv-$mode.out" examples/cuda/expected/convolve.out || ok=0
    done
    if [ $ok -eq 1 ]; then pass "cuda programs built with -compress-mode=speed (LZ4) and =none"
    else fail "cuda programs built with other compression modes" "$(cat "$T/conv.log" "$T"/conv-*.out)"; fi
    # nvcc's default links the CUDA runtime in: awemu's library would never load, and the program
    # would fail on the real runtime ("driver version is insufficient") or run on a real GPU
    "$NVCC_BIN" -o "$T/static" examples/cuda/vecadd.cu > "$T/static.log" 2>&1
    "$BIN/awemu" exec --quiet "$T/static" > "$T/static.out" 2> "$T/static.err" < /dev/null
    rc=$?
    if [ $rc -eq 2 ] && grep -q 'its CUDA runtime is linked in (nvcc.s default, -cudart static).*rebuild it with nvcc -cudart shared' "$T/static.err" &&
       [ ! -s "$T/static.out" ]; then
      pass "awemu exec: a program with the CUDA runtime linked in statically is refused, naming -cudart shared"
    else fail "awemu exec: a statically linked CUDA program (exit $rc)" "$(cat "$T/static.log" "$T/static.out" "$T/static.err")"; fi
    # each "// expect: CASE: LINE" of api_errors.cu: `api_errors CASE` prints LINE and exits 0
    if "$NVCC_BIN" -cudart shared -o "$T/api_errors" tests/cuda/api_errors.cu > "$T/api.log" 2>&1; then
      sed -n 's#^ *// expect: ##p' tests/cuda/api_errors.cu > "$T/api.expected"
      while IFS= read -r want; do
        case=${want%%:*}
        got=$("$BIN/awemu" exec --quiet "$T/api_errors" "$case" 2> "$T/api.err" < /dev/null)
        rc=$?
        if [ $rc -eq 0 ] && [ "$got" = "$want" ]; then pass "cuda api_errors $want"
        else fail "cuda api_errors $case (exit $rc)" "$(printf 'want: %s\ngot:  %s\n' "$want" "$got"; cat "$T/api.err")"; fi
      done < "$T/api.expected"
    else fail "cuda api_errors: nvcc" "$(cat "$T/api.log")"; fi
    # tests/cuda/texture.cu: a CUDA array and texture objects, each value derived by hand in the
    # file; functional mode and caba-gtx480 print the same [cudaMallocArray: cudaErrorNotSupported]
    if "$NVCC_BIN" -cudart shared -o "$T/texture" tests/cuda/texture.cu > "$T/tex.log" 2>&1; then
      "$BIN/awemu" exec --quiet "$T/texture" > "$T/tex.out" 2> "$T/tex.err" < /dev/null
      rc=$?
      "$BIN/awemu" exec --quiet --config caba-gtx480 "$T/texture" > "$T/tex.tout" 2> "$T/tex.terr" < /dev/null
      rct=$?
      if [ $rc -eq 0 ] && [ $rct -eq 0 ] && [ "$(tail -1 "$T/tex.out")" = "texture: PASSED" ] && [ "$(grep -c WRONG "$T/tex.out")" -eq 0 ] &&
         cmp -s "$T/tex.out" "$T/tex.tout" && [ ! -s "$T/tex.err" ]; then
        pass "cuda texture: cudaMallocArray, cudaMemcpy2DToArray and texture objects give the values derived by hand, in functional and timing mode"
      else
        fail "cuda texture (exit $rc, $rct)" "$(cat "$T/tex.out" "$T/tex.err" "$T/tex.terr" | head -30)"
      fi
    else fail "cuda texture: nvcc" "$(cat "$T/tex.log")"; fi
    if "$NVCC_BIN" -cudart shared -o "$T/exec_cases" tests/cuda/exec_cases.cu > "$T/ec.log" 2>&1; then
      # ec STATUS [VAR=VALUE] OPTIONS... PROGRAM CASE: awemu exec with that environment, its status STATUS
      ec() {
        want_rc=$1; shift
        case $1 in *=*) ec_env=$1; shift ;; *) ec_env=AWEMU_NOTHING= ;; esac
        env "$ec_env" "$BIN/awemu" exec "$@" > "$T/ec.out" 2> "$T/ec.err" < /dev/null; ec_rc=$?; [ $ec_rc -eq "$want_rc" ]
      }
      ec_says() { fail "$1 (exit $ec_rc)" "$(cat "$T/ec.out" "$T/ec.err" | head -12)"; }
      if ec 0 --quiet "$T/exec_cases" threads && [ "$(cat "$T/ec.out")" = "4 threads x 50 rounds: 0 wrong elements, 0 errors, last errors per thread" ] &&
         [ ! -s "$T/ec.err" ]; then pass "cuda: 4 host threads launching and freeing at once: every element right, each thread's own last error"
      else ec_says "cuda: 4 host threads at once"; fi
      if ec 0 --quiet "$T/exec_cases" below && [ "$(cat "$T/ec.out")" = "read below the first allocation: cudaSuccess, 0" ] && [ ! -s "$T/ec.err" ] &&
         ec 0 --quiet --memcheck "$T/exec_cases" below &&
         grep -q '^memcheck: .*lane 0, .*4-byte global load outside every allocation, 1024 bytes before the 65536-byte allocation at 0x200000000, address 0x1fffffc00$' "$T/ec.err"; then
        pass "cuda: a read 1 KiB below the first allocation runs, as on a GPU; memcheck reports it"
      else ec_says "cuda: a read below the first allocation"; fi
      if ec 0 "$T/exec_cases" ignored && [ "$(cat "$T/ec.out")" = "Computation Done" ] &&
         grep -q '^awemu: fault in kernel far_store(int\*, unsigned long), CTA (0,0,0), warp 0, lane 0, far_store(int\*, unsigned long) pc ' "$T/ec.err" &&
         grep -q '^awemu: 8 launches (1 faulted, 7 refused after the fault), 7 warp instructions (functional mode)' "$T/ec.err" &&
         grep -q '^awemu: the program ended with exit status 0 after a launch faulted (awemu exec --fault-exit, or AWEMU_FAULT_EXIT=1, makes it 1)$' "$T/ec.err"; then
        pass "cuda: a program that ignores a fault: the summary counts the faulted and the refused launches, and names --fault-exit"
      else ec_says "cuda: a program that ignores a fault"; fi
      if ec 1 --fault-exit "$T/exec_cases" ignored && [ "$(cat "$T/ec.out")" = "Computation Done" ] &&
         grep -q '^awemu: exit status 1: a launch faulted, and the program ended with 0' "$T/ec.err" &&
         ec 1 AWEMU_FAULT_EXIT=1 --quiet "$T/exec_cases" ignored && ec 0 AWEMU_FAULT_EXIT=1 --quiet "$T/exec_cases" below &&
         ec 1 AWEMU_FAULT_EXIT=yes --quiet "$T/exec_cases" below && grep -q "AWEMU_FAULT_EXIT: 'yes' is not 1" "$T/ec.err"; then
        pass "cuda: --fault-exit and AWEMU_FAULT_EXIT=1 make the exit status 1 after a fault (only then); a bad value is refused"
      else ec_says "cuda: --fault-exit"; fi
      ok=1
      ec 0 --quiet "$T/exec_cases" timeout && [ "$(cat "$T/ec.out")" = "cudaDevAttrKernelExecTimeout 1" ] || ok=0
      ec 0 --quiet --timeout 0 "$T/exec_cases" timeout && [ "$(cat "$T/ec.out")" = "cudaDevAttrKernelExecTimeout 0" ] || ok=0
      t0=$(date +%s)
      AWEMU_TIMEOUT=1 timeout 60 "$BIN/awemu" exec --quiet "$T/exec_cases" spin > "$T/ec.out" 2> "$T/ec.err" < /dev/null; ec_rc=$?
      t1=$(date +%s)
      [ $ec_rc -eq 0 ] && [ $((t1 - t0)) -lt 20 ] && [ "$(cat "$T/ec.out")" = "spin: cudaErrorLaunchFailure" ] &&
        grep -q '^awemu: fault in kernel spin(int volatile\*), .*time limit reached: the launch ran more than 1 s (awemu exec --timeout S (AWEMU_TIMEOUT=S) raises it, 0 lifts it)' "$T/ec.err" || ok=0
      if [ $ok -eq 1 ]; then pass "cuda: launches have a wall-clock limit by default, --timeout 0 lifts it, AWEMU_TIMEOUT=1 stops a spinning kernel naming both"
      else ec_says "cuda: the default time limit"; fi
      if ec 0 "$T/bin/vecadd" && grep -q '^awemu: 1 launch, 36004 warp instructions (functional mode); ' "$T/ec.err"; then pass "cuda: the summary says '1 launch'"
      else ec_says "cuda: the summary's plurals"; fi
      # the statistics cannot be written at exit (a full file system, in a private mount namespace)
      mkdir "$T/full"
      if unshare -m sh -c "mount -t tmpfs -o size=16k tmpfs '$T/full' && exit 0" 2> /dev/null; then
        unshare -m sh -c "mount -t tmpfs -o size=16k tmpfs '$T/full' && { head -c 16384 /dev/zero > '$T/full/fill'; true; } 2> /dev/null &&
          '$BIN/awemu' exec --config caba-gtx480 --quiet --stats-json '$T/full/s.json' '$T/bin/vecadd' > '$T/ec.out' 2> '$T/ec.err' < /dev/null"
        ec_rc=$?
        if [ $ec_rc -eq 2 ] && grep -q "^awemu: AWEMU_STATS_JSON (--stats-json): .*s.json: .*No space left on device; the statistics are not written, exit status 2$" "$T/ec.err" &&
           cmp -s "$T/ec.out" examples/cuda/expected/vecadd.out; then
          pass "cuda: --stats-json that cannot be written at exit: the message, exit status 2"
        else ec_says "cuda: --stats-json on a full file system"; fi
      else skip "cuda: --stats-json on a full file system" "unshare -m cannot make a private mount namespace here"; fi
    else fail "cuda exec_cases: nvcc" "$(cat "$T/ec.log")"; fi
  fi
  rm -rf "$T"
fi
T=$(mktemp -d)
"$BIN/awemu" exec --set no_such_key=1 /bin/true > "$T/bad.out" 2> "$T/bad.err"
rc=$?
if [ $rc -eq 2 ] && grep -q "unknown key 'no_such_key'" "$T/bad.err" && [ ! -s "$T/bad.out" ]; then pass "awemu exec: a bad config key is refused before the program runs"
else fail "awemu exec: a bad config key (exit $rc)" "$(cat "$T/bad.err")"; fi
# input and output files the library would only find bad once the program runs: refused first
mkdir "$T/dir"
printf '.version 8.0\n' > "$T/a:b.ptx"
for case in "--ptx $T/dir|--ptx $T/dir: is a directory" "--subroutines $T/dir|--subroutines $T/dir: is a directory" \
            "--ptx $T/a:b.ptx|a file name with ':' cannot be passed on" \
            "--config caba-gtx480 --stats-json $T/dir|--stats-json $T/dir: is a directory" \
            "--config caba-gtx480 --stats-json $T/nodir/s.json|--stats-json $T/nodir/s.json: no directory $T/nodir"; do
  args=${case%%|*} want=${case#*|}
  "$BIN/awemu" exec $args /bin/true > "$T/in.out" 2> "$T/in.err"
  rc=$?
  if [ $rc -eq 2 ] && grep -qF -- "$want" "$T/in.err"; then pass "awemu exec $(echo "$args" | sed "s|$T/||g"): refused before the program runs"
  else fail "awemu exec $args: exit $rc, want 2 and: $want" "$(cat "$T/in.err")"; fi
done
# every entry point of the library holds its lock (ENTER first in its body): calls from several
# host threads are serialized (the code before locked none, so threads raced in the emulator)
unlocked=$(awk '/^API / { api = 1 }
  api && /\{/ { body = $0; sub(/^[^{]*\{/, "", body)
    if (body !~ /^ ENTER;/ && (getline nxt) > 0 && nxt !~ /^  ENTER;/) print FILENAME ":" NR - 1 ": " $0
    api = 0 }' emu/cudart/cudart.c)
if [ -z "$unlocked" ] && grep -q '^API ' emu/cudart/cudart.c; then pass "libcudart: every entry point begins with ENTER (the runtime's lock)"
else fail "libcudart: entry points without ENTER" "$unlocked"; fi
# a directory as PROGRAM is named as one (execvp said "Permission denied" for '.')
for d in . "$T"; do
  "$BIN/awemu" exec "$d" > "$T/dir.out" 2> "$T/dir.err"
  rc=$?
  if [ $rc -eq 127 ] && [ "$(cat "$T/dir.err")" = "awemu exec: $d: is a directory" ]; then pass "awemu exec $(echo "$d" | sed "s|$T|DIR|"): is a directory"
  else fail "awemu exec $d (exit $rc)" "$(cat "$T/dir.err")"; fi
done
rm -rf "$T"
