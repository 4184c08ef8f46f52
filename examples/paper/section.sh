#!/bin/sh
# examples/paper/section.sh OUT [APP...] -- make paper's results from OUT/status.tsv (check.sh):
#   OUT/summary.json                 {"app", "design", "status", "checked", "cycles", "warp_instructions"}
#                                    for each application and design of summary.json (lib.sh)
#   OUT/section.html, OUT/section.md the report's section "The paper's applications" (make report
#                                    includes it, examples/sweeps/report.sh), and OUT/section.files, the
#                                    files under OUT it links to
#   OUT/index.html, OUT/index.md     the section as a page of its own
# T_ALL, T_BUILD (seconds) and JOBS, when set, are said in the section.  Run from the repository's root.
set -u
OUT=${1:?usage: examples/paper/section.sh OUT [APP...]}
shift
REPO=$(pwd)
. examples/paper/lib.sh
APPS=${*:-$PAPER_APPS}
[ -f "$OUT/status.tsv" ] || { say "$OUT/status.tsv: none (examples/paper/check.sh)"; exit 2; }

# ---- summary.json ----
{
  echo "["
  first=1
  for APP in $APPS; do
    for d in $PAPER_DESIGNS; do
      row=$(awk -F'\t' -v a="$APP" -v d="$d" '$1 == a && $5 != "fpc" && $5 != "cpack" && $5 != "best" && $4 == d { print; exit }' "$OUT/status.tsv")
      [ -n "$row" ] || continue
      status=$(echo "$row" | cut -f6) checked=$(echo "$row" | cut -f7) cycles=$(echo "$row" | cut -f8) warps=$(echo "$row" | cut -f9)
      # cycles: a timing run's that finished (its check may have failed); null for functional mode
      # and for a run that failed or did not run
      case "$status" in failed*|not*) cycles=null ;; esac
      { [ "$d" = functional ] || [ "$cycles" = - ]; } && cycles=null
      [ "$warps" = - ] && warps=0
      [ $first = 1 ] || echo ","
      first=0
      printf '  {"app": %s, "design": "%s", "status": %s, "checked": %s, "cycles": %s, "warp_instructions": %s}' \
        "$(json_str "$APP")" "$d" "$(json_str "$status")" "$([ "$checked" = 1 ] && echo true || echo false)" "$cycles" "$warps"
    done
  done
  echo
  echo "]"
} > "$OUT/summary.json.part" && mv "$OUT/summary.json.part" "$OUT/summary.json"

# ---- what the applications' files say, for the tables ----
: > "$OUT/meta.tsv"
for APP in $APPS; do
  app_load "$APP"
  printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$APP" "$SUITE" "$ORIGIN" "$HOW" "${INPUT_DESC:--}" "$REF" >> "$OUT/meta.tsv"
done

# ---- the section: every table from status.tsv by one awk program, HTML and Markdown ----
uname_m=$(uname -m) cores=$(nproc 2>/dev/null || echo '?')
sweep_secs=$(awk -F'\t' '{ printf "%s%s %d s", (NR > 1 ? ", " : ""), $1, $2 }' "$OUT/runs/seconds.tsv" 2>/dev/null)
notes=$(sed -n 's/^# \(paper\|differs\|observation\): /\1\t/p' "$PAPER_DIR"/sweeps/designs.sweep)
awk -F'\t' -v apps="$APPS" -v t_all="${T_ALL:-}" -v t_build="${T_BUILD:-}" -v jobs="${JOBS:-}" -v machine="$uname_m, $cores cores" \
    -v sweeps="$sweep_secs" -v notes="$notes" -v html="$OUT/section.html" -v md="$OUT/section.md" '
function esc(s) { gsub(/&/, "\\&amp;", s); gsub(/</, "\\&lt;", s); gsub(/>/, "\\&gt;", s); return s }
function num(s) { return s != "" && s != "-" }
function f2(x) { return sprintf("%.2f", x) }
function f3(x) { return sprintf("%.3f", x) }
function pct(x) { return sprintf("%.1f%%", 100 * x) }
function ok(a, k) { return ((a, k) in st) && st[a, k] == "ok" }
# speedup of run k over base (cycles), "" when either did not finish with its check passed
function sp(a, k) { return ok(a, k) && ok(a, "base") && cyc[a, k] > 0 ? cyc[a, "base"] / cyc[a, k] : "" }
function short(s) { if (s == "ok") return "ok"; if (s ~ /^not built/) return "not built"; if (s ~ /^not run in functional/) return "not run"
                    if (s ~ /^output check/) return "check failed"; if (s ~ /^not checked/) return "not checked"; return "failed" }
# a table row into both outputs; cells separated by tabs in "row"; head = 1 for the header
function row(r, head,   n, c, i, h, m) {
  n = split(r, c, "\t"); h = "<tr>"; m = "|"
  for (i = 1; i <= n; i++) {
    h = h (head ? "<th>" : (i > 1 && c[i] ~ /^[0-9.x%+-]+( s)?$|^-$/ ? "<td class=\"n\">" : "<td>")) esc(c[i]) (head ? "</th>" : "</td>")
    m = m " " c[i] " |"
  }
  print h "</tr>" > html; print m > md
  if (head) { m = "|"; for (i = 1; i <= n; i++) m = m "---|"; print m > md }
}
function table_start(title, fig) {
  print "<h3>" esc(title) "</h3>" > html; print "<table>" > html
  print "### " title > md; print "" > md
}
function table_end(note) {
  print "</table>" > html; print "" > md
  if (note != "") { print "<p>" esc(note) "</p>" > html; print note > md; print "" > md }
}
function para(s) { print "<p>" esc(s) "</p>" > html; print s > md; print "" > md }
function geo_add(name, x) { if (x != "" && x > 0) { gl[name] += log(x); gn[name]++ } }
function geo(name) { return gn[name] ? exp(gl[name] / gn[name]) : "" }
function mean_add(name, x) { if (num(x)) { ms[name] += x; mn[name]++ } }
function mean(name) { return mn[name] ? ms[name] / mn[name] : "" }
function cell(x, fmt) { return x == "" ? "-" : (fmt == "pct" ? pct(x) : fmt == "3" ? f3(x) : f2(x)) }
FILENAME ~ /meta.tsv$/ { suite[$1] = $2; origin[$1] = $3; how[$1] = $4; inp[$1] = $5; ref[$1] = $6; next }
FILENAME ~ /build.tsv$/ { if (FNR > 1) built[$1] = $2; next }
FNR == 1 { next }
{
  k = $4; if ($5 == "fpc" || $5 == "cpack" || $5 == "best") k = $4 "-" $5
  st[$1, k] = $6; chk[$1, k] = $7; cyc[$1, k] = $8; wi[$1, k] = $9; sec[$1, k] = $10; bw[$1, k] = $11; cr[$1, k] = $12; mstall[$1, k] = $13
}
END {
  n = split(apps, A, " ")
  nd = split("base hw-mem hw caba ideal", D, " ")
  split("Base HW-BDI-Mem HW-BDI CABA-BDI Ideal-BDI", DN, " ")
  # our profile (CABA section 6 classifies by static profiling): memory-bound when Base moves at least
  # 30% of the DRAM bandwidth or stalls on memory in at least 30% of its issue slots
  for (i = 1; i <= n; i++) { a = A[i]
    cls[a] = ok(a, "base") ? ((bw[a, "base"] >= 0.30 || mstall[a, "base"] >= 0.30) ? "memory" : "compute") : "-" }

  print "<h2 id=\"paper\">The paper'"'"'s applications</h2>" > html
  print "## The paper'"'"'s applications" > md; print "" > md
  para("The applications of the CABA paper (section 6) that are publicly available, built by nvcc 13 from their original sources (../shared/workloads/README.md: accel-sim/gpu-app-collection 52c11fbc and NVIDIA/cuda-samples c94ff366) with only the build changes our own files describe (examples/paper/README.md), run unmodified by awemu exec in functional mode and under caba-gtx480 in every design, their outputs checked in every run. Mars (KM, MM, PVC, PVR, SS) is not available. Our inputs are generated (sizes and seeds below), smaller than the paper'"'"'s, so that the whole suite runs on this machine.")
  para("Made by make paper in " (t_all != "" ? t_all " s" : "?") " on this machine (" machine ", " jobs " runs at a time): the build " (t_build != "" ? t_build " s" : "?") ", the sweeps " sweeps ". Results: summary.json (one object per application and design), status.tsv (every run), build.tsv.")
  print "<p>Files: <a href=\"summary.json\">summary.json</a>, <a href=\"status.tsv\">status.tsv</a>, <a href=\"build.tsv\">build.tsv</a></p>" > html

  # ---- the applications ----
  table_start("The applications: builds, runs, checks, class by our profile")
  row("app\tsuite\tsource\tbuilds\truns (functional, 5 designs)\tchecked how\twarp instructions\tclass\tBase DRAM bandwidth", 1)
  for (i = 1; i <= n; i++) { a = A[i]
    okd = 0; for (j = 1; j <= nd; j++) okd += ok(a, D[j])
    w = ok(a, "functional") ? wi[a, "functional"] : ok(a, "base") ? wi[a, "base"] " (base)" : "-"
    b = built[a] == "ok" ? "yes" : "no"
    r = built[a] != "ok" ? "-" : short(st[a, "functional"]) ", " okd " of 5 ok"
    o = origin[a]; sub(/^cuda-samples\/Samples\/[^\/]*\//, "cuda-samples/.../", o)
    row(a "\t" suite[a] "\t" o "\t" b "\t" r "\t" (built[a] == "ok" ? how[a] : built[a]) "\t" w "\t" cls[a] "\t" (ok(a, "base") ? pct(bw[a, "base"]) : "-"), 0)
  }
  table_end("Class: memory-bound when design Base moves at least 30% of the DRAM bandwidth or its schedulers stall on memory in at least 30% of their issue slots, else compute-bound (the paper classifies its applications by static profiling as well). Warp instructions: the functional run'"'"'s (design Base'"'"'s where functional mode cannot run the application).")

  table_start("Inputs: made by examples/paper/gen/gen.c from the seeds given, or by the program itself")
  row("app\tinputs, sizes and seeds", 1)
  for (i = 1; i <= n; i++) { a = A[i]; if (built[a] == "ok") row(a "\t" inp[a], 0) }
  table_end("")

  # ---- status and wall time per design ----
  table_start("Runs: status and wall time per design (s), simulation speed")
  row("app\tfunctional\tbase\thw-mem\thw\tcaba\tideal\tcaba, FPC\tcaba, C-Pack\tcaba, uncompressed L2\tBase: warp instructions/s\tCABA-BDI: warp instructions/s", 1)
  split("functional base hw-mem hw caba ideal caba-fpc caba-cpack caba-l2off", K, " ")
  nf = 0
  for (i = 1; i <= n; i++) { a = A[i]; r = a
    for (j = 1; j <= 9; j++) { k = K[j]
      if (!((a, k) in st)) { r = r "\t-"; continue }
      c = short(st[a, k]); if (num(sec[a, k])) c = c " " sprintf("%.1f", sec[a, k]) " s"
      r = r "\t" c
      if (st[a, k] != "ok" && built[a] == "ok") {   # one line per application and reason
        if (!((a, st[a, k]) in fk)) { fails[++nf] = a SUBSEP st[a, k]; fk[a, st[a, k]] = k }
        else fk[a, st[a, k]] = fk[a, st[a, k]] ", " k }
      if (ok(a, k) && num(sec[a, k]) && k != "functional") { tw[k] += wi[a, k]; ts[k] += sec[a, k] }
    }
    r = r "\t" (ok(a, "base") && sec[a, "base"] > 0 ? sprintf("%.0f", wi[a, "base"] / sec[a, "base"]) : "-")
    r = r "\t" (ok(a, "caba") && sec[a, "caba"] > 0 ? sprintf("%.0f", wi[a, "caba"] / sec[a, "caba"]) : "-")
    row(r, 0)
  }
  r = "all (ok runs)\t-"
  for (j = 2; j <= 9; j++) r = r "\t" (ts[K[j]] > 0 ? sprintf("%.0f/s", tw[K[j]] / ts[K[j]]) : "-")
  row(r "\t-\t-", 0)
  table_end("Each cell: the run'"'"'s status (ok: it finished, no launch faulted, its output check passed) and its wall time; the last row: warp instructions per second of host time over the runs that are ok (the program, its host code and its input files included). Why each run that is not ok is not:")
  if (nf) {
    print "<ul>" > html
    for (j = 1; j <= nf; j++) { split(fails[j], fp, SUBSEP); t = fp[1] " (" fk[fp[1], fp[2]] "): " fp[2]; print "<li>" esc(t) "</li>" > html; print "- " t > md }
    print "</ul>" > html; print "" > md
  }

  # ---- Fig. 8 ----
  table_start("Speedup over Base with BDI (CABA Fig. 8)")
  row("app\tclass\tHW-BDI-Mem\tHW-BDI\tCABA-BDI\tIdeal-BDI", 1)
  for (i = 1; i <= n; i++) { a = A[i]; r = a "\t" cls[a]
    for (j = 2; j <= nd; j++) { x = sp(a, D[j]); r = r "\t" cell(x); if (cls[a] == "memory") geo_add("m" D[j], x); geo_add("a" D[j], x) }
    row(r, 0) }
  r = "geometric mean, memory-bound\t-"; for (j = 2; j <= nd; j++) r = r "\t" cell(geo("m" D[j]), 3); row(r, 0)
  r = "geometric mean, all\t-"; for (j = 2; j <= nd; j++) r = r "\t" cell(geo("a" D[j]), 3); row(r, 0)
  row("the paper (its memory-bound applications)\t-\t-\t1.440\t1.417\t1.457", 0)
  table_end("The paper'"'"'s row: CABA-BDI +41.7% over Base on average, within 2.8% of Ideal-BDI and 1.6% below HW-BDI (so about 1.457 and 1.440); it gives no average for HW-BDI-Mem. A dash: one of the two runs is not ok.")

  # ---- Fig. 9 ----
  table_start("DRAM bandwidth utilization (CABA Fig. 9)")
  row("app\tclass\tBase\tHW-BDI-Mem\tHW-BDI\tCABA-BDI\tIdeal-BDI", 1)
  for (i = 1; i <= n; i++) { a = A[i]; r = a "\t" cls[a]
    for (j = 1; j <= nd; j++) { x = ok(a, D[j]) ? bw[a, D[j]] : ""; r = r "\t" cell(x, "pct"); if (cls[a] == "memory") mean_add("m" D[j], x); mean_add("a" D[j], x) }
    row(r, 0) }
  r = "mean, memory-bound\t-"; for (j = 1; j <= nd; j++) r = r "\t" cell(mean("m" D[j]), "pct"); row(r, 0)
  r = "mean, all\t-"; for (j = 1; j <= nd; j++) r = r "\t" cell(mean("a" D[j]), "pct"); row(r, 0)
  row("the paper\t-\t53.6%\t-\t-\t35.6%\t-", 0)
  table_end("")

  # ---- Fig. 11 ----
  split("ideal ideal-fpc ideal-cpack ideal-best", KA, " ")
  table_start("Compression ratio in DRAM bursts per algorithm, Ideal designs (CABA Fig. 11)")
  row("app\tclass\tBDI\tFPC\tC-Pack\tBestOfAll", 1)
  for (i = 1; i <= n; i++) { a = A[i]; r = a "\t" cls[a]
    for (j = 1; j <= 4; j++) { x = ok(a, KA[j]) ? cr[a, KA[j]] : ""; r = r "\t" cell(x); geo_add("cr" j, x) }
    row(r, 0) }
  r = "geometric mean\t-"; for (j = 1; j <= 4; j++) r = r "\t" cell(geo("cr" j), 3); row(r, 0)
  table_end("The ratio of the bursts the traffic would take uncompressed to those it took, metadata included (compression_ratio_bursts). The paper: ratios of about 1.5 to 2.4 depending on the algorithm, BestOfAll the highest.")

  # ---- Fig. 12 ----
  split("caba caba-fpc caba-cpack ideal ideal-fpc ideal-cpack ideal-best", KS, " ")
  table_start("Speedup over Base per algorithm (CABA Fig. 12)")
  row("app\tclass\tCABA-BDI\tCABA-FPC\tCABA-C-Pack\tIdeal-BDI\tIdeal-FPC\tIdeal-C-Pack\tIdeal-BestOfAll", 1)
  for (i = 1; i <= n; i++) { a = A[i]; r = a "\t" cls[a]
    for (j = 1; j <= 7; j++) { x = sp(a, KS[j]); r = r "\t" cell(x); if (cls[a] == "memory") geo_add("s" j, x) }
    row(r, 0) }
  r = "geometric mean, memory-bound\t-"; for (j = 1; j <= 7; j++) r = r "\t" cell(geo("s" j), 3); row(r, 0)
  table_end("The paper: CABA-FPC and CABA-C-Pack gain less than CABA-BDI (their subroutines are costlier); CABA-BestOfAll runs the best algorithm per line, which awemu cannot (no subroutine chooses among algorithms): BestOfAll is shown as Ideal only.")

  # ---- the observations ----
  table_start("The paper'"'"'s observations beside ours")
  row("observation (figure)\tthe paper\tours\tholds here?", 1)
  for (i = 1; i <= 2; i++) { a = i == 1 ? "bfs" : "mst"
    x = sp(a, "hw"); y = sp(a, "hw-mem")
    o = (x != "" && y != "") ? "HW-BDI " f2(x) " vs HW-BDI-Mem " f2(y) : "not measured (" short(st[a, "hw"]) ", " short(st[a, "hw-mem"]) ")"
    row(a " gains from compression on the interconnect (Fig. 8: HW-BDI over HW-BDI-Mem)\tyes\t" o "\t" ((x != "" && y != "") ? (x > y * 1.01 ? "yes" : "no") : "-"), 0) }
  x = ok("RAY", "caba-l2off") && ok("RAY", "caba") ? cyc["RAY", "caba"] / cyc["RAY", "caba-l2off"] : ""
  row("RAY gains from an uncompressed L2 (Fig. 16)\tyes\t" (x != "" ? "CABA-BDI with an uncompressed L2: " f3(x) " x a compressed one'"'"'s speed" : "not measured") "\t" (x != "" ? (x > 1.01 ? "yes" : "no") : "-"), 0)
  x = sp("LPS", "caba"); y = sp("LPS", "caba-fpc"); xi = sp("LPS", "ideal"); yi = sp("LPS", "ideal-fpc")
  row("LPS favours BDI over FPC (Fig. 12)\tyes\t" (x != "" && y != "" ? "CABA-BDI " f2(x) ", CABA-FPC " f2(y) : "not measured") (xi != "" && yi != "" ? "; Ideal-BDI " f2(xi) ", Ideal-FPC " f2(yi) : "") "\t" (x != "" && y != "" ? (x >= y ? "yes" : "no") : "-"), 0)
  x = geo("mcaba"); y = geo("mideal"); z = geo("mhw")
  row("CABA-BDI over Base, memory-bound applications (Fig. 8)\t+41.7%\t" (x != "" ? sprintf("%+.1f%%", 100 * (x - 1)) : "-") "\t" (x != "" ? (x >= 1.3 ? "yes" : "no") : "-"), 0)
  row("CABA-BDI within 2.8% of Ideal-BDI (Fig. 8)\t2.8%\t" (x != "" && y != "" ? sprintf("%.1f%%", 100 * (1 - x / y)) : "-") "\t" (x != "" && y != "" ? (1 - x / y <= 0.05 ? "yes" : "no") : "-"), 0)
  row("CABA-BDI 1.6% below HW-BDI (Fig. 8)\t1.6%\t" (x != "" && z != "" ? sprintf("%.1f%%", 100 * (1 - x / z)) : "-") "\t" (x != "" && z != "" ? (1 - x / z <= 0.05 ? "yes" : "no") : "-"), 0)
  x = mean("mbase"); y = mean("mcaba")
  row("DRAM bandwidth utilization, Base to CABA-BDI, memory-bound (Fig. 9)\t53.6% to 35.6%\t" (x != "" && y != "" ? pct(x) " to " pct(y) : "-") "\t" (x != "" && y != "" ? (y < x ? "falls" : "no") : "-"), 0)
  table_end("Holds here: yes when ours goes the paper'"'"'s way by more than 1% (speedups), within 5 points (the gaps to Ideal-BDI and HW-BDI), at least +30% (CABA-BDI over Base).")

  # ---- the paper, and where ours differs ----
  nn = split(notes, NL, "\n")
  for (j = 1; j <= nn; j++) { split(NL[j], p, "\t"); if (p[1] == "paper") pp[++npp] = p[2]; else if (p[1] == "differs") dd[++ndd] = p[2] }
  if (npp) { print "<div class=\"paper\"><b>The paper:</b><ul>" > html; for (j = 1; j <= npp; j++) { print "<li>" esc(pp[j]) "</li>" > html; print "> The paper: " pp[j] > md }; print "</ul></div>" > html; print "" > md }
  if (ndd) { print "<div class=\"differs\"><b>Where ours differs, and why:</b><ul>" > html; for (j = 1; j <= ndd; j++) { print "<li>" esc(dd[j]) "</li>" > html; print "Where ours differs: " dd[j] > md; print "" > md }; print "</ul></div>" > html }
}' "$OUT/meta.tsv" "$OUT/build.tsv" "$OUT/status.tsv" || exit 2
echo "summary.json status.tsv build.tsv" > "$OUT/section.files"

# ---- the page of its own ----
{
  cat <<'EOF'
<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>awemu: the CABA paper's applications</title>
<style>
body { font-family: sans-serif; max-width: 1400px; margin: 2em auto; padding: 0 1em; color: #222; }
table { border-collapse: collapse; margin: 0.5em 0 1.5em; font-size: 0.85em; }
th, td { border: 1px solid #ccc; padding: 2px 6px; vertical-align: top; } td.n { text-align: right; font-variant-numeric: tabular-nums; }
.paper { background: #eef5ff; padding: 0.4em 0.8em; border-left: 4px solid #58a; }
.differs { background: #fff6e6; padding: 0.4em 0.8em; border-left: 4px solid #c84; }
</style></head><body>
EOF
  cat "$OUT/section.html"
  echo "<script>window.addEventListener('load', function () { var im = document.images, ok = 0, bad = [];"
  echo "  for (var i = 0; i < im.length; i++) { if (im[i].complete && im[i].naturalWidth > 0) ok++; else bad.push(im[i].getAttribute('src')); }"
  echo "  document.body.setAttribute('data-images', ok + '/' + im.length); document.body.setAttribute('data-broken', bad.join(' ')); });</script>"
  echo "</body></html>"
} > "$OUT/index.html.part" && mv "$OUT/index.html.part" "$OUT/index.html"
{ echo "# awemu: the CABA paper's applications"; echo; cat "$OUT/section.md"; } > "$OUT/index.md"
