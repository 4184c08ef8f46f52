# tests/checks/htmlreport.sh -- make report's page (examples/sweeps/report.sh), sourced by tests/run.sh.
# A small report (one sweep file here: saxpy and reduce under base and ideal, a speedup figure and a
# stacked one) is made by the same script make report runs, then opened in headless Chromium by
# examples/sweeps/check_report.sh: the page loads, its 3 images load, every link leads to a file
# or an id of the page, a screenshot renders.  A figure of one series, as the report's Fig. 3 (the
# registers left unallocated, its axis fixed by 'where'): its table's header and legend were a bare
# value of the axis ("1"); they say what the bars are (occupancy.registers_unallocated).  The section
# "awemu against an H100/H200" is make hw-compare on a measurement file (here a copy of the sample).
# The full make report runs the sweeps of examples/sweeps (minutes) and is checked the same way by hand (check_report.sh report).
# Skipped where gnuplot or Chromium is not installed (.ci/run installs both).
RP=$(mktemp -d)
mkdir -p "$RP/sweeps"
cat > "$RP/sweeps/small.sweep" <<SWEEP
# Two examples under two designs
# about: saxpy and reduce under Base and Ideal-BDI.
# paper: nothing: a test of the page.
# headline: sp ideal 1.0 Ideal's speedup over Base
workloads = $PWD/examples/saxpy $PWD/examples/reduce
designs = base ideal
figure sp = bars cycles by design vs base : Speedup over Base
figure slots = stack issue_fractions by design : Issue slots
figure regs = bars occupancy.registers_unallocated by design where design=base : Registers no CTA holds
SWEEP
if ! command -v gnuplot > /dev/null 2>&1; then
  skip "report page in Chromium" "gnuplot is not installed (Debian's gnuplot-nox; .ci/run installs it)"
elif ! command -v chromium > /dev/null 2>&1; then
  skip "report page in Chromium" "Chromium is not installed (Debian's chromium; .ci/run installs it)"
else
  mkdir -p "$RP/measured" && cp tests/hw/sample.json "$RP/measured/h100-sample.json"   # (its section: make hw-compare on it)
  SWEEPS="$RP/sweeps" COMPRESSION=0 ASSIST=0 HW_MEASURED="$RP/measured" sh examples/sweeps/report.sh "$BIN" "$RP/report" > "$RP/make.log" 2>&1
  rc=$?
  sh examples/sweeps/check_report.sh "$RP/report" "$RP/shot.png" > "$RP/check.log" 2>&1
  rc2=$?
  if [ $rc -eq 0 ] && [ $rc2 -eq 0 ] && grep -q 'all 3 images' "$RP/check.log" &&
     grep -q '<tr><th>workload</th><th>occupancy.registers_unallocated</th></tr>' "$RP/report/index.html" && grep -q 'Headline.*ours <b>[0-9.]*</b>, the paper' "$RP/report/index.html" &&
     grep -q '^### Speedup over Base' "$RP/report/index.md" && grep -q '^<h2 id="hw">awemu against an H100/H200</h2>' "$RP/report/index.html" &&
     grep -q '^MAPE [0-9.]*% over [0-9]* kernels, correlation .*(SAMPLE, not a measurement: ' "$RP/report/index.md"; then
    pass "report: the page loads in headless Chromium with its images and links, a screenshot renders; the Markdown twin; awemu against an H100/H200 from a measurement file"
  else
    fail "report page (report.sh exit $rc, check exit $rc2)" "$(tail -5 "$RP/make.log"; cat "$RP/check.log")"
  fi
fi
rm -rf "$RP"
