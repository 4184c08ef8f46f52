# tests/checks/paper.sh -- make paper's scripts (examples/paper), sourced by tests/run.sh.
#   generators  examples/paper/gen/gen.c on graphs written by hand: the .gr it writes (header,
#               offsets, edges both ways with one weight), the same bytes for the same seed, and
#               the CPU references against values derived by hand (BFS levels, Dijkstra, Kruskal);
#               MUM's FASTA reference and reads (the reads found in the reference);
#               ISPASS BFS's result checker takes costs above a node's level and refuses one below,
#               a node reached that the source cannot reach, and one not reached that it can
#   small suite make paper's own script on two small applications (ISPASS LPS and Rodinia hotspot):
#               built by nvcc from $AWEMU_WORKLOADS (or ../shared/workloads), run under awemu exec in
#               functional mode and the five designs, checked; summary.json has their 12 objects,
#               all ok and checked; a run whose output file is changed afterwards is found out by
#               the check; the page opens in headless Chromium (examples/sweeps/check_report.sh)
# The full suite is make paper (minutes), not run here.  The small suite is skipped where nvcc or
# the sources are not there, the page check where Chromium is not.
PT=$(mktemp -d)
if ! cc -std=c11 -O2 -o "$PT/gen" examples/paper/gen/gen.c 2> "$PT/cc.err"; then
  fail "paper: examples/paper/gen/gen.c builds" "$(cat "$PT/cc.err")"
else
  G=$PT/gen
  # ---- a triangle 0-1 (weight 1), 1-2 (2), 0-2 (5), both ways, and node 3 alone, as .gr by hand:
  # version 1, edge data 4 bytes, 4 nodes, 6 edges; edge ends 2 4 6 6; destinations 1 2 0 2 0 1;
  # weights 1 5 1 2 5 2 ----
  u64() { printf "\\$(printf %03o "$1")\\000\\000\\000\\000\\000\\000\\000"; }
  u32() { printf "\\$(printf %03o "$1")\\000\\000\\000"; }
  { u64 1; u64 4; u64 4; u64 6; for e in 2 4 6 6; do u64 $e; done; for d in 1 2 0 2 0 1; do u32 $d; done; for w in 1 5 1 2 5 2; do u32 $w; done; } > "$PT/tri.gr"
  "$G" ref-bfs "$PT/tri.gr" "$PT/tri.bfs" && "$G" ref-sssp "$PT/tri.gr" "$PT/tri.sssp" && "$G" ref-mst "$PT/tri.gr" "$PT/tri.mst"
  # BFS levels 0 1 1 and node 3 not reached (Lonestar's MYINFINITY, 1000000000), in Lonestar bfs's
  # format; Dijkstra 0 1 3 (0-1-2 costs 3, 0-2 costs 5); Kruskal takes 1 and 2: weight 3, 2 edges,
  # 4 - 2 = 2 components
  if [ "$(cat "$PT/tri.bfs")" = "$(printf 'Computed solution (source dist): [0:0\n 1:1\n 2:1\n 3:1000000000\n ]')" ] &&
     [ "$(cat "$PT/tri.sssp")" = "$(printf '0: 0\n1: 1\n2: 3\n3: 1000000000')" ] &&
     [ "$(cat "$PT/tri.mst")" = "result: weight: 3, components: 2, edges: 2" ]; then
    pass "paper: gen's CPU references on a graph by hand (BFS 0 1 1 -, Dijkstra 0 1 3 -, Kruskal weight 3 in 2 components)"
  else fail "paper: gen's CPU references" "$(cat "$PT/tri.bfs"; echo; cat "$PT/tri.sssp" "$PT/tri.mst")"; fi
  # ---- a 2 x 1 grid: 2 nodes, 2 edges (0->1 and 1->0), ends 1 2, destinations 1 0, one weight twice ----
  "$G" grid 2 1 5 "$PT/g.gr" 2> /dev/null && "$G" grid 2 1 5 "$PT/g2.gr" 2> /dev/null && "$G" grid 2 1 6 "$PT/g3.gr" 2> /dev/null
  words=$(od -An -tu4 -v "$PT/g.gr" | tr -s ' \n' '  ' | sed 's/^ //; s/ $//')
  set -- $words
  # u32 words: version 1 0, size 4 0, nodes 2 0, edges 2 0, ends 1 0 2 0, destinations 1 0, weights w w
  if [ $# -eq 16 ] && [ "$1 $3 $5 $7 $9 ${11} ${13} ${14}" = "1 4 2 2 1 2 1 0" ] && [ "${15}" = "${16}" ] && [ "${15}" -ge 1 ] && [ "${15}" -le 1000 ] &&
     cmp -s "$PT/g.gr" "$PT/g2.gr" && ! cmp -s "$PT/g.gr" "$PT/g3.gr"; then
    pass "paper: gen grid writes Galois .gr (header, ends, both directions, one weight 1..1000); a seed gives the same bytes"
  else fail "paper: gen grid 2 1" "$words"; fi
  "$G" rmat 8 4 3 "$PT/r1.gr" sym 2> /dev/null && "$G" rmat 8 4 3 "$PT/r2.gr" sym 2> /dev/null && "$G" ref-mst "$PT/r1.gr" "$PT/r1.mst" &&
    ok=1 || ok=0
  if [ $ok = 1 ] && cmp -s "$PT/r1.gr" "$PT/r2.gr" && grep -q '^result: weight: [0-9]*, components: [0-9]*, edges: [0-9]*$' "$PT/r1.mst"; then
    pass "paper: gen rmat: the same seed, the same bytes"
  else fail "paper: gen rmat" "$(cat "$PT/r1.mst" 2>&1)"; fi
  # ---- gen fasta (MUM's inputs): a reference of 100 bases, only A C G T, 60 a line after its header;
  # 20 reads of 8, named rid1..rid20, each found in the reference; the same seed, the same bytes;
  # reads longer than the reference refused (exit 2) ----
  "$G" fasta 100 20 8 4 "$PT/f.fna" "$PT/q.fna" 2> /dev/null && "$G" fasta 100 20 8 4 "$PT/f2.fna" "$PT/q2.fna" 2> /dev/null
  "$G" fasta 10 1 20 4 "$PT/f3.fna" "$PT/q3.fna" 2> "$PT/f3.err"; r5=$?
  ref=$(sed 1d "$PT/f.fna" | tr -d '\n')
  bad=0 n=0
  while read -r h && read -r r; do
    n=$((n + 1))
    [ "$h" = ">rid$n" ] && [ ${#r} = 8 ] || bad=1
    case $ref in *"$r"*) ;; *) bad=1 ;; esac
  done < "$PT/q.fna"
  if [ ${#ref} = 100 ] && [ -z "$(printf %s "$ref" | tr -d ACGT)" ] && [ "$(sed -n 2p "$PT/f.fna" | tr -d '\n' | wc -c)" = 60 ] &&
     [ $n = 20 ] && [ $bad = 0 ] && cmp -s "$PT/f.fna" "$PT/f2.fna" && cmp -s "$PT/q.fna" "$PT/q2.fna" &&
     [ $r5 = 2 ] && grep -q 'reads of 20 bases from a reference of 10' "$PT/f3.err"; then
    pass "paper: gen fasta: 100 bases of ACGT, 20 reads of 8 found in them; a seed gives the same bytes; reads longer than the reference refused"
  else fail "paper: gen fasta ($n reads, bad $bad, exit $r5)" "$(head -3 "$PT/f.fna" "$PT/q.fna"; cat "$PT/f3.err")"; fi
  # ---- ISPASS BFS's text graph by hand: 3 nodes, one edge 0-1 both ways, node 2 alone, source 0:
  # levels 0, 1, -1 ----
  printf '3\n0 1\n1 1\n2 0\n\n0\n\n2\n1 7\n0 7\n' > "$PT/t.txt"
  "$G" levels-bfstext "$PT/t.txt" "$PT/t.lev"
  printf '0) cost:0\n1) cost:3\n2) cost:-1\n' > "$PT/above.txt"
  printf '0) cost:0\n1) cost:0\n2) cost:-1\n' > "$PT/below.txt"
  printf '0) cost:0\n1) cost:1\n2) cost:4\n' > "$PT/beyond.txt"
  printf '0) cost:0\n1) cost:-1\n2) cost:-1\n' > "$PT/short.txt"
  "$G" check-bfstext "$PT/t.lev" "$PT/above.txt" > "$PT/above.out" 2>&1; r1=$?
  "$G" check-bfstext "$PT/t.lev" "$PT/below.txt" > "$PT/below.out" 2>&1; r2=$?
  "$G" check-bfstext "$PT/t.lev" "$PT/beyond.txt" > "$PT/beyond.out" 2>&1; r3=$?
  "$G" check-bfstext "$PT/t.lev" "$PT/short.txt" > "$PT/short.out" 2>&1; r4=$?
  if [ "$(cat "$PT/t.lev")" = "$(printf '0) cost:0\n1) cost:1\n2) cost:-1')" ] && [ $r1 = 0 ] && grep -q '2 nodes reached, 1 of them at their BFS level' "$PT/above.out" &&
     [ $r2 = 1 ] && grep -q 'node 1 at cost 0, below its BFS level 1' "$PT/below.out" &&
     [ $r3 = 1 ] && grep -q 'node 2 reached, and the source does not reach it' "$PT/beyond.out" &&
     [ $r4 = 1 ] && grep -q 'node 1 not reached, and the source reaches it' "$PT/short.out"; then
    pass "paper: ISPASS BFS's check: levels by hand; a cost above the level passes, below it, too far and too short fail"
  else fail "paper: ISPASS BFS's check ($r1 $r2 $r3 $r4)" "$(cat "$PT/t.lev" "$PT/above.out" "$PT/below.out" "$PT/beyond.out" "$PT/short.out")"; fi
fi

# ---- two small applications through make paper's own script ----
PNVCC=${NVCC:-$(command -v nvcc 2>/dev/null || ls /usr/local/cuda/bin/nvcc 2>/dev/null)}
PW=${AWEMU_WORKLOADS:-../shared/workloads}
if [ -z "$PNVCC" ]; then
  skip "paper: LPS and hs through make paper" "nvcc is not installed (it builds the applications)"
elif [ ! -d "$PW/ispass-2009/LPS" ] || [ ! -d "$PW/rodinia-3.1/cuda/hotspot" ]; then
  skip "paper: LPS and hs through make paper" "no sources in $PW (AWEMU_WORKLOADS names them; ../shared/workloads/README.md)"
elif [ -n "$AWEMU_ASAN" ]; then
  skip "paper: LPS and hs through make paper" "an AddressSanitizer build of libcudart.so.13 cannot load into a program built without it"
else
  AWEMU_WORKLOADS=$PW NVCC=$PNVCC PAPER_SWEEPS="functional designs" JOBS=2 sh examples/paper/paper.sh "$BIN" "$PT/paper" LPS hs > "$PT/paper.log" 2>&1
  rc=$?
  S=$PT/paper/summary.json
  nobj=$(grep -c '^  {"app": ' "$S" 2>/dev/null)
  nok=$(grep -c '"status": "ok", "checked": true,' "$S" 2>/dev/null)
  # functional: cycles null; the designs: cycles a number; LPS and hotspot run the same instructions
  # in every design (no thread's work depends on timing), so one warp-instruction count per application
  if [ $rc -eq 0 ] && [ "$nobj" = 12 ] && [ "$nok" = 12 ] && head -1 "$S" | grep -q '^\[$' && tail -1 "$S" | grep -q '^\]$' &&
     grep -q '^  {"app": "LPS", "design": "functional", "status": "ok", "checked": true, "cycles": null, "warp_instructions": [1-9][0-9]*}' "$S" &&
     [ "$(grep -c '"app": "hs", "design": "[a-z-]*", "status": "ok", "checked": true, "cycles": [1-9][0-9]*, ' "$S")" = 5 ] &&
     [ "$(sed -n 's/.*"app": "LPS".*"warp_instructions": \([0-9]*\)}.*/\1/p' "$S" | sort -u | wc -l)" = 1 ] &&
     [ "$(sed -n 's/.*"app": "hs".*"warp_instructions": \([0-9]*\)}.*/\1/p' "$S" | sort -u | wc -l)" = 1 ] &&
     grep -q '^LPS	ok$' "$PT/paper/build.tsv" && [ -f "$PT/paper/runs/designs/runs/hs.caba-gtx480.caba.bdi/work/output.out" ]; then
    pass "paper: LPS and hs built, run in functional mode and 5 designs, checked: summary.json's 12 objects ok"
  else
    fail "paper: LPS and hs through make paper (exit $rc, $nobj objects, $nok ok)" "$(tail -15 "$PT/paper.log"; head -14 "$S" 2>/dev/null)"
  fi
  # a design's output that differs from functional mode's is found: hotspot's output.out of the caba
  # run changed by one character, then the checks again
  D=$PT/paper/runs/designs/runs/hs.caba-gtx480.caba.bdi/work
  if [ -f "$D/output.out" ]; then
    sed '1s/^0\t/0\t9/' "$D/output.out" > "$D/x" && mv "$D/x" "$D/output.out"
    sh examples/paper/check.sh "$PT/paper" LPS hs > "$PT/check.log" 2>&1
    line=$(grep '	hs.caba-gtx480.caba.bdi	' "$PT/paper/status.tsv" | cut -f6,7)
    case "$line" in
      "output check failed: its output.out differs from the functional run's"*"	0") pass "paper: a design's output that differs from functional mode's fails its check: $(echo "$line" | cut -f1)" ;;
      *) fail "paper: a changed output.out" "$line $(cat "$PT/check.log")" ;;
    esac
  fi
  # a run made by another awemu (another timing model) is stale, not ok: before, make paper's
  # check called every run with statistics ok, so a partial rerun (PAPER_SWEEPS) reported the
  # other sweeps' old model's runs as ok.  A copy of awemu with one byte more checks the same runs.
  cp "$BIN/awemu" "$PT/awemu2" && printf 'x' >> "$PT/awemu2"
  AWEMU=$PT/awemu2 sh examples/paper/check.sh "$PT/paper" LPS hs > "$PT/check2.log" 2>&1
  nstale=$(grep -c '	stale: made by another awemu' "$PT/paper/status.tsv")
  AWEMU=$BIN/awemu sh examples/paper/check.sh "$PT/paper" LPS > "$PT/check3.log" 2>&1
  nok=$(grep -c '	ok	1	' "$PT/paper/status.tsv")
  if [ "$nstale" = 12 ] && [ "$nok" = 6 ]; then
    pass "paper: runs made by another awemu are stale in status.tsv (12 of 12); checked by the awemu that made them, ok"
  else fail "paper: stale runs ($nstale of 12 stale, then $nok of LPS's 6 ok)" "$(cat "$PT/check2.log" "$PT/check3.log"; cut -f3,6 "$PT/paper/status.tsv")"; fi
  if command -v chromium > /dev/null 2>&1; then
    sh examples/sweeps/check_report.sh "$PT/paper" "$PT/shot.png" > "$PT/chrome.log" 2>&1
    rc=$?
    if [ $rc -eq 0 ] && grep -q "<h2 id=\"paper\">The paper's applications</h2>" "$PT/paper/index.html"; then
      pass "paper: the section's page opens in headless Chromium, its links lead to files"
    else fail "paper: the page in Chromium (exit $rc)" "$(cat "$PT/chrome.log")"; fi
  else skip "paper: the page in Chromium" "Chromium is not installed (Debian's chromium; .ci/run installs it)"; fi
fi
rm -rf "$PT"
