# tests/checks/caba.sh -- CABA's workloads (examples/caba) under every design and algorithm (sourced by tests/run.sh).
#
#   same results   each workload's script checks every output against its CPU reference
#                  (examples/caba/W/ref.c): in functional mode, and under caba-gtx480 with
#                  designs base, hw-mem, hw, ideal and caba with BDI (caba: assist warps
#                  decompress and compress the lines, each compression's round trip checked, and
#                  with the fully software subroutines of bdi.s also against the reference codec,
#                  awc_reference; with bdi_awc.s, the controller's hardware support, also with Direct
#                  Load), hw with fpc, cpack, magbdi, best and cost, and caba with a 64-entry table
#                  and a 1-entry one
#   classes        each run.aw says whether it is bandwidth-bound, compute-bound or incompressible
#                  ("# class:"), as make caba's summary needs
T=$(mktemp -d)
# under AddressSanitizer (make asan) one timing run each, caba with BDI: the others are the same code ten times slower
# (awt_entries=1: the least the config allows; the stores waited for half of a one-entry table, which
# never came: "no warp can ever issue again")
# a run: design/algorithm/--set/subroutines (the last two may be empty; subroutines: bdi.s)
runs="base/bdi hw-mem/bdi hw/bdi ideal/bdi caba/bdi/awc_reference=on caba/bdi//bdi_awc caba/bdi/awc_direct_load=on/bdi_awc hw/fpc hw/cpack hw/magbdi hw/best hw/cost caba/bdi/awt_entries=64 caba/bdi/awt_entries=1"
[ -n "$AWEMU_ASAN" ] && { runs="caba/bdi//bdi_awc"; skip "caba workloads under 13 more design/algorithm runs" "AddressSanitizer makes them too slow; make test runs them"; }
nruns=$(echo $runs | wc -w)
for script in examples/caba/*/run.aw; do
  dir=$(dirname "$script"); n=$(basename "$dir")
  if ! cc -std=c11 -O2 -ffp-contract=off -o "$T/$n.ref" "$dir/ref.c" -lm 2> "$T/$n.cc" || ! "$T/$n.ref" "$T/$n" > /dev/null 2>&1; then
    fail "caba workload $n: its reference does not build or run" "$(cat "$T/$n.cc")"; continue
  fi
  case "$(sed -n 's/^# class: \([a-z]*\).*/\1/p' "$script" | head -1)" in
    bandwidth|compute|incompressible) pass "caba workload $n: its class is given" ;;
    *) fail "caba workload $n: run.aw has no '# class: bandwidth', '# class: compute' or '# class: incompressible' line" ;;
  esac
  bad=""
  "$BIN/awemu" run "$script" DATA="$T/$n" > "$T/$n.f.log" 2>&1 || bad="$bad functional"
  for run in $runs; do
    design=$(echo "$run" | cut -d/ -f1); algo=$(echo "$run" | cut -d/ -f2); extra=$(echo "$run" | cut -d/ -f3)
    subr=$(echo "$run" | cut -d/ -f4); subr=${subr:-bdi}
    log="$T/$n.$(echo "$run" | tr '/=' '__').log"
    if ! timeout 300 "$BIN/awemu" run --config caba-gtx480 --set design=$design --set compression=$algo ${extra:+--set $extra} \
         --subroutines subroutines/bdi/$subr.s "$script" DATA="$T/$n" > "$log" 2>&1; then
      bad="$bad $run"
    fi
  done
  if [ -z "$bad" ]; then pass "caba workload $n: its outputs match the CPU reference in functional mode and under $nruns design/algorithm runs"
  else fail "caba workload $n: failed under$bad" "$(grep -h error "$T"/$n.*.log | head -5)"; fi
done

# design caba remembers from launch to launch which blocks kernels wrote uncompressed (README): a
# 'set' between launches that changes nothing (awc_window = 256, caba-gtx480's value) must leave
# the next launch exactly as it was; it dropped the record, and stream_scale read the blocks
# stream_copy had left uncompressed as compressed ones (other cycles and bursts).  A one-entry
# table with no line for stores leaves stream_copy's stores uncompressed
p='load examples/caba/stream/stream.ptx\nalloc a u32 65536\nalloc b u32 65536\nalloc c u32 65536\nfill a const 7\nlaunch stream_copy 256 256 c a u32:65536\n'
printf "$p"'launch stream_scale 256 256 b c u32:3 u32:65536\n' > "$T/keep1.aw"
printf "$p"'set awc_window=256\nlaunch stream_scale 256 256 b c u32:3 u32:65536\n' > "$T/keep2.aw"
for k in 1 2; do
  timeout 300 "$BIN/awemu" run --config caba-gtx480 --set design=caba --set awt_entries=1 --set awc_store_lines=0 --subroutines subroutines/bdi/bdi.s \
    --stats-json "$T/keep$k.json" "$T/keep$k.aw" > "$T/keep$k.log" 2>&1
  sed -n '/"launches"/,$p' "$T/keep$k.json" | grep -E '"(kernel|cycles|dram_bursts)"' > "$T/keep$k.txt"
done
if [ -s "$T/keep1.txt" ] && cmp -s "$T/keep1.txt" "$T/keep2.txt"; then pass "design caba: a 'set' between launches that changes nothing keeps the record of uncompressed blocks (same cycles and bursts)"
else fail "design caba: a no-op 'set' between launches changed the next launch" "$(diff "$T/keep1.txt" "$T/keep2.txt" | head -8; tail -3 "$T/keep1.log")"; fi
rm -rf "$T"
