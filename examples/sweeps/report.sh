#!/bin/sh
# examples/sweeps/report.sh BIN OUT -- make report: runs every sweep of examples/sweeps (awemu sweep,
# all cores) into OUT/runs/NAME and writes OUT/index.html and its Markdown twin OUT/index.md: per
# sweep its description, the exact command and sweep file, each figure (SVG in the page, PNG in
# the Markdown) with its table, the paper's statements and headline numbers beside ours, and at
# the end the config the runs used.  A sweep file describes itself in comments:
#   # TITLE                                   (its first line)
#   # about: TEXT                             what it shows
#   # paper: TEXT                             what the paper reports (one or more)
#   # headline: FIGURE COLUMN VALUE TEXT      ours (FIGURE's mean row, COLUMN) beside the paper's VALUE
#   # differs: TEXT                           why ours differs where it does
# Runs that are done are not run again (awemu sweep resumes): delete OUT/runs to start afresh.
# SWEEPS=DIR takes the sweep files from DIR instead (tests/checks/htmlreport.sh makes a small report).
# The section "The paper's applications" is make paper's (PAPER=DIR, default build/paper), included
# as it is when make paper has written it.
# The page checks itself when it loads: <body data-images="LOADED/ALL" data-broken="SRC ...">,
# which examples/sweeps/check_report.sh reads back from headless Chromium.
BIN=${1:-bin}
OUT=${2:-report}
SWEEPS=${SWEEPS:-examples/sweeps}
COMPRESSION=${COMPRESSION:-1}   # 0: leave out the compression section (it reads the data of the caba-designs sweep)
ASSIST=${ASSIST:-1}             # 0: leave out the memoization and prefetching section (make assist's runs)
HWCOMPARE=${HWCOMPARE:-1}       # 0: leave out "awemu against an H100/H200" (make hw-compare on HW_MEASURED's newest file)
HW_MEASURED=${HW_MEASURED:-tests/hw/measured}   # the GPU measurements (tests/hw/README.md)
PAPER=${PAPER:-build/paper}     # make paper's output: its section "The paper's applications" is included when it is there
AWEMU=$(cd "$BIN" && pwd)/awemu
JOBS=$(nproc 2>/dev/null || echo 2)
mkdir -p "$OUT/runs" || exit 1
H="$OUT/index.html.part"
M="$OUT/index.md.part"
t_all=$(date +%s)
esc() { sed 's/&/\&amp;/g; s/</\&lt;/g; s/>/\&gt;/g'; }
# a Markdown table (our figures' .md) as HTML
md_table() {
  awk 'BEGIN { print "<table>" }
       /^\|---/ { next }
       /^\|/ { n = split($0, c, "|"); tag = (NR == 1) ? "th" : "td"; printf "<tr>";
               for (i = 2; i < n; i++) { v = c[i]; gsub(/^ +| +$/, "", v); gsub(/\*\*/, "", v);
                 printf "<%s%s>%s</%s>", tag, (i > 2 && tag == "td") ? " class=\"n\"" : "", v, tag }
               print "</tr>" }
       END { print "</table>" }' "$1"
}
# figures FILE DIR: each figure line of FILE as drawn in OUT/DIR, with its table, into both pages
figures() {
  grep '^figure ' "$1" | while read -r _ fig _; do
    ftitle=$(grep "^figure $fig " "$1" | sed -n 's/.*: //p')
    echo "<h3>$(echo "$ftitle" | esc)</h3><p><img src=\"$2/$fig.svg\" alt=\"$(echo "$ftitle" | esc)\"></p>" >> "$H"
    [ -f "$OUT/$2/$fig.md" ] && md_table "$OUT/$2/$fig.md" >> "$H"
    { echo "### $ftitle"; echo; echo "![$ftitle]($2/$fig.png)"; echo; cat "$OUT/$2/$fig.md" 2>/dev/null; echo; } >> "$M"
  done
}
cat > "$H" <<'EOF'
<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>awemu report</title>
<style>
body { font-family: sans-serif; max-width: 1200px; margin: 2em auto; padding: 0 1em; color: #222; }
img { max-width: 100%; border: 1px solid #ddd; }
table { border-collapse: collapse; margin: 0.5em 0 1.5em; font-size: 0.9em; }
th, td { border: 1px solid #ccc; padding: 2px 8px; } td.n { text-align: right; font-variant-numeric: tabular-nums; }
pre { background: #f6f6f6; padding: 0.6em; overflow-x: auto; font-size: 0.85em; }
.paper { background: #eef5ff; padding: 0.4em 0.8em; border-left: 4px solid #58a; }
.differs { background: #fff6e6; padding: 0.4em 0.8em; border-left: 4px solid #c84; }
</style></head><body>
<h1>awemu report</h1>
EOF
{ echo "# awemu report"; echo; } > "$M"
echo "<p>Every figure below was made by <code>make report</code> from this repository: the sweeps of <code>examples/sweeps/</code> run by <code>awemu sweep</code> on this machine ($(uname -m), $(nproc 2>/dev/null || echo '?') cores). Our workloads and their data are <code>examples/caba/</code>'s, not the papers' benchmarks: where our figures differ from the papers', that is the first reason, and each section says what else is known.</p>" >> "$H"
echo "Every figure below was made by \`make report\`: the sweeps of \`examples/sweeps/\` run by \`awemu sweep\`. Our workloads and data are \`examples/caba/\`'s, not the papers' benchmarks." >> "$M"
echo >> "$M"
echo "<h2>Contents</h2><ul>" >> "$H"
for f in "$SWEEPS"/*.sweep; do n=$(basename "$f" .sweep); echo "<li><a href=\"#$n\">$(sed -n '1s/^# //p' "$f" | esc)</a></li>" >> "$H"; done
[ "$COMPRESSION" = 1 ] && echo "<li><a href=\"#compression\">Compression ratios (MAG-aware BDI, MPC)</a></li>" >> "$H"
[ "$ASSIST" = 1 ] && echo "<li><a href=\"#assist\">Memoization and prefetching by assist warps</a></li>" >> "$H"
[ "$HWCOMPARE" = 1 ] && echo "<li><a href=\"#hw\">awemu against an H100/H200</a></li>" >> "$H"
[ -f "$PAPER/section.html" ] && echo "<li><a href=\"#paper\">The paper's applications (make paper)</a></li>" >> "$H"
echo "<li><a href=\"#config\">The config</a></li></ul>" >> "$H"
failed=0
for f in "$SWEEPS"/*.sweep; do
  n=$(basename "$f" .sweep)
  title=$(sed -n '1s/^# //p' "$f")
  echo "[report] $n: $title"
  t0=$(date +%s)
  "$AWEMU" sweep -j "$JOBS" --out "$OUT/runs/$n" "$f" || failed=1
  secs=$(( $(date +%s) - t0 ))
  cmd="bin/awemu sweep -j $JOBS --out $OUT/runs/$n $f"
  {
    echo "<h2 id=\"$n\">$(echo "$title" | esc)</h2>"
    sed -n 's/^# about: //p' "$f" | esc | sed 's/^/<p>/; s/$/<\/p>/'
    echo "<p>Command (${secs} s here): <code>$(echo "$cmd" | esc)</code> &mdash; <a href=\"runs/$n/results.csv\">results.csv</a>, <a href=\"runs/$n/results.json\">results.json</a></p>"
    echo "<details><summary>The sweep file</summary><pre>$(esc < "$f")</pre></details>"
    if grep -q '^# paper: ' "$f"; then
      echo "<div class=\"paper\"><b>The paper:</b><ul>"
      sed -n 's/^# paper: //p' "$f" | esc | sed 's/^/<li>/; s/$/<\/li>/'
      echo "</ul></div>"
    fi
  } >> "$H"
  { echo "## $title"; echo; sed -n 's/^# about: //p' "$f"; echo; echo "Command (${secs} s here): \`$cmd\` ([results.csv](runs/$n/results.csv), [results.json](runs/$n/results.json))"; echo;
    sed -n 's/^# paper: /> The paper: /p' "$f"; echo; } >> "$M"
  grep '^# headline: ' "$f" | while read -r _ _ fig column value text; do
    mean=$(grep '^| \*\*' "$OUT/runs/$n/figures/$fig.md" 2>/dev/null | head -1)
    head=$(head -1 "$OUT/runs/$n/figures/$fig.md" 2>/dev/null)
    ours=$(printf '%s\n%s\n' "$head" "$mean" | awk -F'|' -v c="$column" 'NR == 1 { for (i = 2; i < NF; i++) { h = $i; gsub(/ /, "", h); if (h == c) k = i } }
                                                                        NR == 2 && k { v = $k; gsub(/[ *]/, "", v); print v }')
    echo "<p><b>Headline</b>: $(echo "$text" | esc): ours <b>${ours:-?}</b>, the paper's <b>$value</b>.</p>" >> "$H"
    echo "**Headline**: $text: ours **${ours:-?}**, the paper's **$value**." >> "$M"
    echo >> "$M"
  done
  if grep -q '^# differs: ' "$f"; then
    echo "<div class=\"differs\"><b>Where ours differs, and why:</b><ul>$(sed -n 's/^# differs: //p' "$f" | esc | sed 's/^/<li>/; s/$/<\/li>/')</ul></div>" >> "$H"
    sed -n 's/^# differs: /Where ours differs: /p' "$f" >> "$M"
    echo >> "$M"
  fi
  figures "$f" "runs/$n/figures"
done
# ---- compression ratios (awemu compress) drawn by examples/sweeps/compression.figs ----
if [ "$COMPRESSION" = 1 ]; then
C="$OUT/compression"
mkdir -p "$C/runs"
data=$(ls -d "$OUT"/runs/*caba-designs/data 2>/dev/null | head -1)
csv="$C/runs/results.csv"
echo "run,workload,config,design,algorithm,measure,status,host_seconds,value,bursts.1,bursts.2,bursts.3,bursts.4" > "$csv"
# one CSV row per (workload, algorithm, measure) from awemu compress --format csv (its columns by name)
rows() {   # WORKLOAD FILE LINE MAG MEASURE-FOR-EFFECTIVE [raw]
  "$AWEMU" compress --binary --line "$3" --mag "$4" --alg "$6" --format csv "$2" 2>/dev/null |
    awk -F, -v w="$1" -v m="$5" -v raw="$7" 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
      { b = ""; for (k = 1; k <= 4; k++) b = b "," (("bursts_" k) in c ? $c["bursts_" k] / $c["lines"] : 0)
        if (raw != "") printf "%s.%s.%s,%s,caba,-,%s,%s,ok,0,%s,,,,\n", w, $1, raw, w, $1, raw, $c["ratio"]
        printf "%s.%s.%s,%s,caba,-,%s,%s,ok,0,%s%s\n", w, $1, m, w, $1, m, $c["effective"], b }'
}
if [ -n "$data" ]; then
  for d in "$data"/*/; do
    w=$(basename "$d")
    cat "$d"/*.bin > "$C/$w.mem" 2>/dev/null || continue
    rows "$w" "$C/$w.mem" 128 16 mag16 bdi,magbdi,fpc,cpack,best raw >> "$csv"
    rows "$w" "$C/$w.mem" 128 32 mag32 bdi,magbdi,fpc,cpack,best >> "$csv"
    rows "$w" "$C/$w.mem" 128 64 mag64 bdi,magbdi,fpc,cpack,best >> "$csv"
    rm -f "$C/$w.mem"
  done
fi
"$AWEMU" compress --line 32 --mag 32 --alg bdi,fpc,cpack,mpc,best --format csv tests/data/mpc-rtl/blocks.txt 2>/dev/null |
  awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next } { printf "mpc-rtl.%s.raw32,mpc-rtl-blocks,mpc-rtl,-,%s,raw32,ok,0,%s,,,,\n", $1, $1, $c["ratio"] }' >> "$csv"
# MPC's models learned from our workloads (the first 256 KiB of each one's memory: awemu compress
# --mpc-train) beside the authors' RTL models, on each workload's memory in 32-byte blocks and on
# the authors' blocks
mpcrow() {   # WORKLOAD FILE CONFIG ALGNAME [--binary] [--mpc-params DIR]
  w=$1; file=$2; cfg=$3; alg=$4; shift 4
  "$AWEMU" compress "$@" --line 32 --alg mpc --format csv "$file" 2>/dev/null |
    awk -F, -v w="$w" -v cfg="$cfg" -v a="$alg" 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
      { printf "%s.%s.raw32,%s,%s,-,%s,raw32,ok,0,%s,,,,\n", w, a, w, cfg, a, $c["ratio"] }'
}
if [ -n "$data" ]; then
  : > "$C/mpc-train.bin"
  for d in "$data"/*/; do cat "$d"/*.bin 2>/dev/null | head -c 262144 >> "$C/mpc-train.bin"; done
  if "$AWEMU" compress --binary --mpc-train "$C/mpc-trained" --force "$C/mpc-train.bin" > "$C/mpc-train.log" 2>&1; then
    for d in "$data"/*/; do
      w=$(basename "$d")
      cat "$d"/*.bin > "$C/$w.mem" 2>/dev/null || continue
      mpcrow "$w" "$C/$w.mem" caba mpc --binary >> "$csv"
      mpcrow "$w" "$C/$w.mem" caba mpc-trained --binary --mpc-params "$C/mpc-trained" >> "$csv"
      rm -f "$C/$w.mem"
    done
    mpcrow mpc-rtl-blocks tests/data/mpc-rtl/blocks.txt mpc-rtl mpc-trained --mpc-params "$C/mpc-trained" >> "$csv"
  else failed=1; fi
  rm -f "$C/mpc-train.bin"
fi
f=examples/sweeps/compression.figs
"$AWEMU" sweep --plot --out "$C/runs" "$f" || failed=1
{
  echo "<h2 id=\"compression\">$(sed -n '1s/^# //p' "$f" | esc)</h2>"
  sed -n 's/^# about: //p' "$f" | esc | sed 's/^/<p>/; s/$/<\/p>/'
  echo "<p>Command: <code>awemu compress --binary --line 128 --mag 16|32|64 --format csv</code> over each workload's memory, <code>awemu compress --line 32 tests/data/mpc-rtl/blocks.txt</code>, and for MPC's learned models <code>awemu compress --binary --mpc-train DIR</code> on the first 256 KiB of each workload's memory, then <code>--mpc-params DIR</code> (examples/sweeps/report.sh) &mdash; <a href=\"compression/runs/results.csv\">results.csv</a>; training: $(cat "$C/mpc-train.log" 2>/dev/null | sed "s|$C/||g" | esc)</p>"
  echo "<div class=\"paper\"><b>The papers:</b><ul>$(sed -n 's/^# paper: //p' "$f" | esc | sed 's/^/<li>/; s/$/<\/li>/')</ul></div>"
  echo "<div class=\"differs\"><b>Where ours differs, and why:</b><ul>$(sed -n 's/^# differs: //p' "$f" | esc | sed 's/^/<li>/; s/$/<\/li>/')</ul></div>"
} >> "$H"
{ echo "## $(sed -n '1s/^# //p' "$f")"; echo; sed -n 's/^# about: //p' "$f"; echo; sed -n 's/^# paper: /> The paper: /p' "$f"; echo; } >> "$M"
figures "$f" "compression/runs/figures"
fi
# ---- memoization and prefetching (make assist's runs) drawn by examples/sweeps/assist.figs ----
if [ "$ASSIST" = 1 ]; then
A="$OUT/assist"
mkdir -p "$A/runs"
f=examples/sweeps/assist.figs
echo "[report] assist: $(sed -n '1s/^# //p' "$f")"
t0=$(date +%s)
sh tests/timing/assist.sh "$BIN" "$A/build" > "$A/table.txt" 2>&1 || failed=1
secs=$(( $(date +%s) - t0 ))
cp "$A/build/assist/results.csv" "$A/runs/results.csv" 2>/dev/null
cp "$A/build/assist/assist.json" "$A/runs/results.json" 2>/dev/null
"$AWEMU" sweep --plot --out "$A/runs" "$f" || failed=1
{
  echo "<h2 id=\"assist\">$(sed -n '1s/^# //p' "$f" | esc)</h2>"
  sed -n 's/^# about: //p' "$f" | esc | sed 's/^/<p>/; s/$/<\/p>/'
  echo "<p>Command (${secs} s here): <code>sh tests/timing/assist.sh bin $A/build</code> (<code>make assist</code>) &mdash; <a href=\"assist/runs/results.csv\">results.csv</a>, <a href=\"assist/runs/results.json\">results.json</a></p>"
  echo "<div class=\"paper\"><b>The paper:</b><ul>$(sed -n 's/^# paper: //p' "$f" | esc | sed 's/^/<li>/; s/$/<\/li>/')</ul></div>"
  echo "<div class=\"differs\"><b>Where ours differs, and why:</b><ul>$(sed -n 's/^# differs: //p' "$f" | esc | sed 's/^/<li>/; s/$/<\/li>/')</ul></div>"
  echo "<pre>$(esc < "$A/table.txt")</pre>"
} >> "$H"
{ echo "## $(sed -n '1s/^# //p' "$f")"; echo; sed -n 's/^# about: //p' "$f"; echo; echo "Command (${secs} s here): \`sh tests/timing/assist.sh bin $A/build\` (\`make assist\`)"; echo;
  sed -n 's/^# paper: /> The paper: /p' "$f"; echo; echo '```'; cat "$A/table.txt"; echo '```'; echo; } >> "$M"
figures "$f" "assist/runs/figures"
fi
# ---- awemu against an H100/H200: make hw-compare on the newest measurement (tests/hw/README.md) ----
if [ "$HWCOMPARE" = 1 ]; then
  hwf=$(ls "$HW_MEASURED"/*.json 2>/dev/null | sort | tail -1)
  if [ -n "$hwf" ]; then
    echo "[report] hw: $hwf"
    BIN=$BIN sh tests/hw/compare.sh "$hwf" > "$OUT/hw-compare.txt" 2>&1 || failed=1
    about="Every kernel of the measurement file <code>$hwf</code> (made by <code>tests/hw/run.sh</code> on the GPU) run under awemu with the matching preset: <code>make hw-compare HW=$hwf</code>."
  else
    printf '%s\n' "No GPU has been measured yet ($HW_MEASURED holds no file): the comparison waits for a session lent a device, which runs tests/hw/run.sh there (tests/hw/README.md)." > "$OUT/hw-compare.txt"
    about="The comparison of awemu's <code>h100</code> and <code>h200</code> presets with a real GPU, from a file of <code>$HW_MEASURED</code>."
  fi
  { echo "<h2 id=\"hw\">awemu against an H100/H200</h2>"; echo "<p>$about</p>"; echo "<pre>$(esc < "$OUT/hw-compare.txt")</pre>"; } >> "$H"
  { echo "## awemu against an H100/H200"; echo; echo "$about" | sed 's/<[^>]*>/`/g'; echo; echo '```'; cat "$OUT/hw-compare.txt"; echo '```'; echo; } >> "$M"
fi
# ---- make paper's section (examples/paper/section.sh), with the files it links to in OUT/paper ----
if [ -f "$PAPER/section.html" ]; then
  mkdir -p "$OUT/paper"
  for f in $(cat "$PAPER/section.files" 2>/dev/null); do cp "$PAPER/$f" "$OUT/paper/" 2>/dev/null; done
  sed 's|href="\([^#][^"]*\)"|href="paper/\1"|g; s|src="\([^"]*\)"|src="paper/\1"|g' "$PAPER/section.html" >> "$H"
  sed 's|](\([^)]*\))|](paper/\1)|g' "$PAPER/section.md" >> "$M"
fi
{
  echo "<h2 id=\"config\">The config</h2><p>Every run used caba-gtx480 (CABA's Table 1) with the keys its sweep file sets: <code>bin/awemu config --show --config caba-gtx480</code></p>"
  echo "<pre>$("$AWEMU" config --show --config caba-gtx480 | esc)</pre>"
  echo "<p>Made in $(( $(date +%s) - t_all )) s.</p>"
  echo "<script>window.addEventListener('load', function () { var im = document.images, ok = 0, bad = [];"
  echo "  for (var i = 0; i < im.length; i++) { if (im[i].complete && im[i].naturalWidth > 0) ok++; else bad.push(im[i].getAttribute('src')); }"
  echo "  document.body.setAttribute('data-images', ok + '/' + im.length); document.body.setAttribute('data-broken', bad.join(' ')); });</script>"
  echo "</body></html>"
} >> "$H"
{ echo "## The config"; echo; echo '```'; "$AWEMU" config --show --config caba-gtx480; echo '```'; } >> "$M"
mv "$H" "$OUT/index.html" && mv "$M" "$OUT/index.md" || exit 1
echo "[report] $OUT/index.html and $OUT/index.md in $(( $(date +%s) - t_all )) s"
exit $failed
