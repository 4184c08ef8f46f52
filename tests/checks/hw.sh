# tests/checks/hw.sh -- awemu against a real GPU (tests/hw/README.md), without one: sourced by tests/run.sh.
#
#   presets      h100 and h200 load, and the model does what their comments derive by hand:
#                DRAM peak 160 x 4 B x 4 x 1309.5 MHz = 3352.32 GB/s = 1693.09 bytes a 1980 MHz
#                cycle (h200: 192 x 4 x 4 x 1600.5 MHz = 4916.74 GB/s = 2483.20); the L1-hit chase
#                l1_latency = 32 cycles a load, the L2-hit chase 1 + 100 + 77 + 2 + 100 = 280
#   arithmetic   compare.awk on a tiny file: overhead 2 us; nets 10, 20, 40 us against 11, 15,
#                50 us predicted: MAPE (0.1 + 0.25 + 0.25) / 3 = 20.0%, Pearson's r
#                (3 x 2410 - 70 x 76) / sqrt((3 x 2100 - 70^2)(3 x 2846 - 76^2)) = 0.971; a
#                0.5 us net is too short; a metric v0 / 4096 of 131072 and 122880 is 32 and 30
#   hwagg        per launch index the median, minimum and maximum of the runs, summed per kernel
#   sample       make hw-compare's default, the SAMPLE file: every kernel run under h100 and the
#                last line says SAMPLE and counts the 17 kernels not too short (16 without nvcc,
#                which builds examples/cuda/vecadd); chase_l1's net 72.93 - 2.6 = 70.33 us
#   errors       no file, a file that is not a measurement: status 2 and the reason; run.sh
#                without nvcc: status 1
#   nvcc         the kit builds for sm_90 (micro_host, hwtime, hwshim, hwagg), hw_micro.ptx is
#                what nvcc makes of hw_micro.cu and compiles for sm_90, and micro_host runs every
#                microbenchmark script under awemu exec: one JSON line each, the script's timed
#                kernel; hwshim times every launch of examples/cuda/bfs under awemu exec (skipped
#                without nvcc)
T=$(mktemp -d)

# ---- presets ----
for p in "h100 1693.09" "h200 2483.20"; do
  set -- $p
  if "$BIN/awemu" run --config "$1" tests/hw/micro/chase_l1.aw CONFIG="$1" > "$T/$1.out" 2>&1 &&
     grep -q "peak $2)" "$T/$1.out"; then pass "preset $1: DRAM peak $2 bytes a cycle, as its comments derive"
  else fail "preset $1 (DRAM peak $2 bytes a cycle)" "$(tail -5 "$T/$1.out")"; fi
done
l1=$(sed -n 's/^out\[0\] = //p' "$T/h100.out")
"$BIN/awemu" run --config h100 tests/hw/micro/chase_l2.aw CONFIG=h100 > "$T/l2.out" 2>&1
l2=$(sed -n 's/^out\[0\] = //p' "$T/l2.out")
if awk -v a="$l1" -v b="$l2" 'BEGIN { exit !(a / 4096 > 31.9 && a / 4096 < 32.1 && b / 8192 > 279.5 && b / 8192 < 280.5) }'; then
  pass "preset h100: chase hitting L1 $l1 / 4096 cycles a load (32), hitting L2 $l2 / 8192 (280)"
else fail "preset h100: chase latencies (want 32 and 280 cycles a load)" "L1 $l1 / 4096, L2 $l2 / 8192"; fi

# ---- arithmetic ----
cat > "$T/tiny.json" <<'EOF'
{
  "format": "awemu-hw 1",
  "sample": false,
  "date": "2026-01-02T03:04:05Z",
  "gpu": {"name": "TESTGPU", "sms": 2, "clock_measured_mhz": 1000},
  "kernels": [
    {"suite": "micro", "script": "tests/hw/micro/empty.aw", "kernel": "empty", "launches": 1, "median_us": 2.0, "min_us": 1.9, "max_us": 2.2},
    {"suite": "micro", "script": "tests/hw/micro/chase_l1.aw", "kernel": "chase", "launches": 1, "median_us": 12.0, "min_us": 11.0, "max_us": 13.0, "values": [131072]},
    {"suite": "examples", "script": "x/run.aw", "kernel": "k2", "launches": 2, "median_us": 24.0, "min_us": 23.0, "max_us": 25.0},
    {"suite": "examples", "script": "x/run.aw", "kernel": "k3", "launches": 1, "median_us": 42.0, "min_us": 41.0, "max_us": 43.0},
    {"suite": "examples", "script": "x/run.aw", "kernel": "k4", "launches": 1, "median_us": 2.5, "min_us": 2.4, "max_us": 2.6},
    {"suite": "cuda", "script": "y.cu", "kernel": "k5", "launches": 1, "median_us": 9.0, "min_us": 9.0, "max_us": 9.0}
  ]
}
EOF
printf '#awemu testcfg 2000 4\ntests/hw/micro/empty.aw\tempty\t1\t10\t8\t\ntests/hw/micro/chase_l1.aw\tchase\t1\t22000\t8\t122880,0\nx/run.aw\tk2\t2\t30000\t8,8\t\nx/run.aw\tk3\t1\t100000\t8\t\nx/run.aw\tk4\t1\t400\t8\t\ny.cu\tk5\t-\tnvcc not found: the program is not built here\n' > "$T/tiny.pred"
awk -v pred="$T/tiny.pred" -f tests/hw/compare.awk "$T/tiny.json" > "$T/tiny.out" 2>&1
rc=$?
if [ $rc = 0 ] && [ "$(tail -1 "$T/tiny.out")" = "MAPE 20.0% over 3 kernels, correlation 0.971 (TESTGPU, 2026-01-02T03:04:05Z)" ] &&
   grep -q '^micro/chase_l1:chase  *1  *12.00 (11.00-13.00)  *10.00  *11.00  *1.100$' "$T/tiny.out" &&
   grep -q '^x:k2  *2  *24.00 (23.00-25.00)  *20.00  *15.00  *0.750$' "$T/tiny.out" &&
   grep -q '^l1_latency  *cycles  *32  *30  *0.938$' "$T/tiny.out" &&
   grep -q 'too short to time, left out: x:k4' "$T/tiny.out" && grep -q 'y.cu:k5: nvcc not found' "$T/tiny.out" &&
   [ "$(sed -n '/^worst five/{n;p;}' "$T/tiny.out" | sed 's/  */ /g')" = " x:k2 25.0% (awemu/net 0.750)" ]; then
  pass "compare.awk: MAPE 20.0% and correlation 0.971 as computed by hand, the net times, a metric, the worst, what is left out and why"
else fail "compare.awk arithmetic (exit $rc)" "$(cat "$T/tiny.out")"; fi
sed 's/"sample": false/"sample": true/' "$T/tiny.json" > "$T/tinys.json"
if awk -v pred="$T/tiny.pred" -f tests/hw/compare.awk "$T/tinys.json" | tail -1 | grep -q '(SAMPLE, not a measurement: TESTGPU, 2026-01-02T03:04:05Z)$'; then
  pass "compare.awk: a sample file's last line says SAMPLE, not a measurement"
else fail "compare.awk: a sample file is not named as one"; fi

# ---- hwagg ----
if ${CC:-cc} -std=c11 -O2 -o "$T/hwagg" tests/hw/hwagg.c > "$T/cc.log" 2>&1 &&
   printf '0 k1 2.0\n1 k2 5\n0 k1 3.0\n1 k2 7\n0 k1 4\n1 k2 6\n2 k1 1\n2 k1 1\n2 k1 2\n' | "$T/hwagg" p.cu 3 > "$T/agg.out" &&
   [ "$(cat "$T/agg.out")" = '{"suite": "cuda", "script": "p.cu", "kernel": "k1", "launches": 2, "reps": 3, "median_us": 4.000, "min_us": 3.000, "max_us": 6.000}
{"suite": "cuda", "script": "p.cu", "kernel": "k2", "launches": 1, "reps": 3, "median_us": 6.000, "min_us": 5.000, "max_us": 7.000}' ]; then
  pass "hwagg: medians 3 + 1, minima 2 + 1, maxima 4 + 2 over three runs, per kernel"
else fail "hwagg" "$(cat "$T/cc.log" "$T/agg.out" 2>/dev/null)"; fi

# ---- the sample, as make hw-compare runs it ----
NVCC_HW=${NVCC:-$(command -v nvcc 2>/dev/null || ls /usr/local/cuda/bin/nvcc 2>/dev/null)}
want=17 nv=$NVCC_HW
# (without nvcc, or where awemu exec cannot load an AddressSanitizer libcudart into an nvcc program,
# examples/cuda/vecadd is not compared, and that is no failure: compare.sh exited 1 then, and with it
# make report, so the report check failed under make asan and on a machine without nvcc)
[ -z "$NVCC_HW" ] || [ -n "$AWEMU_ASAN" ] && { want=16; nv=; }
NVCC=$nv BIN=$BIN sh tests/hw/compare.sh tests/hw/sample.json > "$T/sample.out" 2> "$T/sample.err"
rc=$?
if [ $rc = 0 ] &&
   tail -1 "$T/sample.out" | grep -q "^MAPE [0-9.]*% over $want kernels, correlation [-0-9.]* (SAMPLE, not a measurement: invented H100-like figures, none (a sample))$" &&
   grep -q '^micro/chase_l1:chase  *1  *72.93 (72.80-73.40)  *70.33 ' "$T/sample.out" && grep -q '^awemu --config h100 (1980 MHz, 132 SMs)' "$T/sample.out"; then
  pass "make hw-compare on the sample: every kernel under h100, $want compared, the last line names the SAMPLE, exit 0"
else fail "hw-compare on tests/hw/sample.json (exit $rc, want $want kernels)" "$(tail -8 "$T/sample.out"; head -5 "$T/sample.err")"; fi

# ---- errors ----
BIN=$BIN sh tests/hw/compare.sh "$T/none.json" > "$T/e1.out" 2>&1; rc1=$?
echo '{"kernels": []}' > "$T/other.json"
BIN=$BIN sh tests/hw/compare.sh "$T/other.json" > "$T/e2.out" 2>&1; rc2=$?
NVCC=/nonexistent/nvcc sh tests/hw/run.sh "$T/run.json" > "$T/e3.out" 2>&1; rc3=$?
if [ $rc1 = 2 ] && grep -q "none.json: cannot read the measurement file" "$T/e1.out" &&
   [ $rc2 = 2 ] && grep -q 'other.json: not a measurement file of tests/hw/run.sh' "$T/e2.out" &&
   [ $rc3 = 1 ] && grep -q 'nvcc not found at /nonexistent/nvcc' "$T/e3.out" && [ ! -e "$T/run.json" ]; then
  pass "hw-compare: a missing file and a file that is not a measurement are refused (status 2); run.sh without nvcc (status 1)"
else fail "hw errors ($rc1 $rc2 $rc3)" "$(cat "$T/e1.out" "$T/e2.out" "$T/e3.out")"; fi

# ---- the kit, built with nvcc ----
if [ -z "$NVCC_HW" ]; then
  skip "tests/hw kit with nvcc" "nvcc is not installed (the kit is built with it on the GPU machine)"
elif [ -n "$AWEMU_ASAN" ]; then
  skip "tests/hw kit with nvcc" "an AddressSanitizer build of libcudart.so.13 cannot load into a program built without it"
else
  ok=1; why=
  for b in "micro_host tests/hw/micro_host.cu" "hwtime tests/hw/hwtime.cu -lcuda" "libhwshim.so -shared -Xcompiler -fPIC -cudart shared tests/hw/hwshim.cu -ldl" "hwagg tests/hw/hwagg.c"; do
    set -- $b
    o=$1; shift
    "$NVCC_HW" -O2 -arch=sm_90 -o "$T/$o" "$@" > "$T/$o.log" 2>&1 || { ok=0; why="$why $o: $(tail -3 "$T/$o.log")"; }
  done
  (cd tests/hw && "$NVCC_HW" -ptx -arch=sm_80 hw_micro.cu -o "$T/hw_micro.ptx") > "$T/ptx.log" 2>&1 && cmp -s "$T/hw_micro.ptx" tests/hw/hw_micro.ptx ||
    { ok=0; why="$why hw_micro.ptx is not what nvcc makes of hw_micro.cu (make ptx)"; }
  "$NVCC_HW" -cubin -arch=sm_90 -o "$T/hw_micro.cubin" tests/hw/hw_micro.ptx > "$T/cubin.log" 2>&1 || { ok=0; why="$why ptxas sm_90: $(tail -3 "$T/cubin.log")"; }
  if [ $ok = 1 ]; then pass "tests/hw kit: micro_host, hwtime, hwshim and hwagg build with nvcc for sm_90; hw_micro.ptx is nvcc's and compiles for sm_90"
  else fail "tests/hw kit with nvcc" "$why"; fi
  # micro_host under awemu exec (functional mode): the scripts read as awemu reads them
  scripts=$(ls tests/hw/micro/*.aw | grep -v occupancy)   # (its 100 KB CTA needs more shared memory than caba-gtx480's)
  if "$NVCC_HW" -O2 -arch=sm_90 -cudart shared -o "$T/mh" tests/hw/micro_host.cu > "$T/mh.log" 2>&1 &&
     "$BIN/awemu" exec --quiet "$T/mh" 1 $scripts > "$T/mh.out" 2> "$T/mh.err"; then
    bad=
    for s in $scripts; do
      k=$(sed -n 's/^launch \([a-z_0-9]*\) .*/\1/p' "$s" | grep -v chase_init | head -1)
      grep -q "^{\"suite\": \"micro\", \"script\": \"$s\", \"kernel\": \"$k\", \"launches\": 1, \"reps\": 1, \"median_us\": [0-9.]*, " "$T/mh.out" || bad="$bad $s"
    done
    grep -q '"script": "tests/hw/micro/chase_l1.aw".*"values": \[[0-9]*\]}$' "$T/mh.out" || bad="$bad chase_l1-values"
    if [ -z "$bad" ] && [ "$(grep -c . "$T/mh.out")" = "$(echo "$scripts" | wc -l)" ]; then
      pass "micro_host under awemu exec: a JSON line for each of the $(echo "$scripts" | wc -l) scripts, their timed kernels and printed values"
    else fail "micro_host under awemu exec:$bad" "$(cat "$T/mh.out" "$T/mh.err" | head -20)"; fi
  else fail "micro_host under awemu exec" "$(tail -5 "$T/mh.log" "$T/mh.err" 2>/dev/null)"; fi
  # hwshim preloaded into examples/cuda/bfs (2 kernels a level, 14 levels) under awemu exec, twice: every
  # launch timed (names '?': awemu's runtime has no cudaFuncGetName), the program still passes
  if "$NVCC_HW" -cudart shared -o "$T/bfs" examples/cuda/bfs.cu > "$T/bfs.log" 2>&1 &&
     HWSHIM_OUT="$T/shim.txt" LD_PRELOAD="$T/libhwshim.so" "$BIN/awemu" exec --quiet "$T/bfs" > "$T/bfs1.out" 2>&1 &&
     HWSHIM_OUT="$T/shim.txt" LD_PRELOAD="$T/libhwshim.so" "$BIN/awemu" exec --quiet "$T/bfs" > "$T/bfs2.out" 2>&1 &&
     grep -q PASSED "$T/bfs2.out" && [ "$(grep -c . "$T/shim.txt")" = 56 ] &&
     "$T/hwagg" examples/cuda/bfs.cu 2 < "$T/shim.txt" | grep -q '^{"suite": "cuda", "script": "examples/cuda/bfs.cu", "kernel": "?", "launches": 28, "reps": 2, '; then
    pass "hwshim: each of bfs's 28 launches timed in each of two runs under awemu exec, and bfs still passes"
  else fail "hwshim under awemu exec" "$(tail -3 "$T/bfs.log" "$T/bfs2.out"; head -3 "$T/shim.txt" 2>/dev/null)"; fi
fi
rm -rf "$T"
