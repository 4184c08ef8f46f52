# tests/hw/compare.awk -- the arithmetic of make hw-compare (tests/hw/compare.sh runs awemu first).
#
#   awk -v pred=PRED [-v min_us=1] -f tests/hw/compare.awk HW.json
#
# HW.json: what tests/hw/run.sh wrote (one kernel a line).  PRED: what awemu predicted, a line a
# kernel: SCRIPT TAB KERNEL TAB LAUNCHES TAB CYCLES TAB CTAS TAB VALUES (CTAS: the CTAs per SM of
# each launch, VALUES: the values the script printed, each comma-separated), after a first line
# '#awemu CONFIG CLOCK_MHZ N_SM'; a kernel awemu could not run is 'SCRIPT TAB KERNEL TAB - TAB WHY'.
#
# Per kernel: measured = the sum over its launches of each launch's median time on the GPU;
# net = measured less the launch overhead (the median of tests/hw/micro/empty.aw's launch) once
# a launch, the part the timing model leaves out; predicted = awemu's cycles / the config's clock.
# A kernel whose net is under min_us a launch is too short to time and left out of the figures
# (listed); so is one awemu did not predict.  Over the rest: MAPE = the mean of
# |predicted - net| / net, in percent; correlation = Pearson's r of (net, predicted).
# Metrics: each '#hw metric NAME UNIT = EXPR' line of a micro script, computed from the GPU's
# values and net time and from awemu's (v0, v1, ...: the values printed; t: seconds; clk: SM
# clock in Hz, the GPU's as measured; sms: SMs).  The last line:
#   MAPE X% over N kernels, correlation R (GPU, date of the measurement)

function jstr(s, key,   m) {   # the string value of "key" in s
  if (match(s, "\"" key "\": *\"[^\"]*\"")) { m = substr(s, RSTART, RLENGTH); sub("^\"" key "\": *\"", "", m); sub("\"$", "", m); return m }
  return ""
}
function jnum(s, key,   m) {   # the number value of "key" in s ("" if none)
  if (match(s, "\"" key "\": *-?[0-9][0-9.eE+-]*")) { m = substr(s, RSTART, RLENGTH); sub("^\"" key "\": *", "", m); return m + 0 }
  return ""
}
function jlist(s, key,   m) {   # the list value of "key" in s, as "a,b,c"
  if (match(s, "\"" key "\": *\\[[^]]*\\]")) { m = substr(s, RSTART, RLENGTH); sub("^\"" key "\": *\\[", "", m); sub("\\]$", "", m); gsub(/ /, "", m); return m }
  return ""
}
function abs(x) { return x < 0 ? -x : x }
function short(script, kernel,   s) {   # examples/caba/bfs/run.aw + bfs_level -> caba/bfs:bfs_level
  s = script; sub(/^examples\//, "", s); sub(/^tests\/hw\/micro\//, "micro/", s); sub(/\/run\.aw$/, "", s); sub(/\.aw$/, "", s)
  return s ":" kernel
}
function metric(expr, vals, t, clk, sms,   n, v, k, prog, r) {   # EXPR evaluated by a second awk
  n = split(vals, v, ",")
  prog = "BEGIN { t = " sprintf("%.17g", t) "; clk = " sprintf("%.17g", clk) "; sms = " sms
  for (k = 1; k <= n; k++) prog = prog "; v" (k - 1) " = " (v[k] + 0)
  prog = prog "; printf \"%.6g\", " expr " }"
  r = ""
  cmd = "awk '" prog "'"
  cmd | getline r
  close(cmd)
  return r
}

BEGIN {
  if (min_us == "") min_us = 1
  config = "?"; clock = 0; nsm = 0
  while ((getline line < pred) > 0) {
    if (line ~ /^#awemu /) { split(line, h, " "); config = h[2]; clock = h[3] + 0; nsm = h[4] + 0; continue }
    n = split(line, f, "\t")
    key = f[1] SUBSEP f[2]
    if (f[3] == "-") { pwhy[key] = f[4]; continue }
    pcyc[key] = f[4] + 0; plaunch[key] = f[3] + 0; pctas[key] = f[5]; pvals[key] = f[6]
  }
  close(pred)
  if (!clock) { print "compare.awk: " pred ": no '#awemu CONFIG CLOCK_MHZ N_SM' line" > "/dev/stderr"; bad = 1; exit 2 }
  nk = 0
}

/"gpu": *\{/ { gpu = jstr($0, "name"); gclk = jnum($0, "clock_measured_mhz"); if (!gclk) gclk = jnum($0, "clock_attr_mhz"); gsms = jnum($0, "sms") }
/^ *"date":/ { date = jstr($0, "date") }
/^ *"sample": *true/ { sample = 1 }
/"suite": *"/ {
  nk++
  ksuite[nk] = jstr($0, "suite"); kscript[nk] = jstr($0, "script"); kname[nk] = jstr($0, "kernel")
  kl[nk] = jnum($0, "launches"); kmed[nk] = jnum($0, "median_us"); kmin[nk] = jnum($0, "min_us"); kmax[nk] = jnum($0, "max_us")
  kctas[nk] = jlist($0, "ctas_per_sm"); kvals[nk] = jlist($0, "values")
  if (kscript[nk] == "tests/hw/micro/empty.aw") overhead = kmed[nk] / (kl[nk] ? kl[nk] : 1)
}

END {
  if (bad) exit 2
  if (!nk) { print "compare.awk: no kernels in the measurement file" > "/dev/stderr"; exit 2 }
  if (gpu == "") gpu = "unknown GPU"
  if (sample) gpu = "SAMPLE, not a measurement: " gpu
  if (date == "") date = "no date"
  printf "awemu --config %s (%g MHz, %d SMs) against %s, %s\n", config, clock, nsm, gpu, date
  printf "launch overhead %.3f us a launch (tests/hw/micro/empty.aw), taken off each measured time; kernels under %g us a launch after it are too short to time\n\n", overhead, min_us
  printf "%-40s %4s %24s %11s %11s %7s\n", "kernel", "lnch", "measured us (min-max)", "net us", "awemu us", "ratio"
  n = 0; sx = sy = sxx = syy = sxy = 0; sape = 0; short_list = ""; skipped = ""
  for (i = 1; i <= nk; i++) {
    if (kscript[i] == "tests/hw/micro/empty.aw") continue
    key = kscript[i] SUBSEP kname[i]
    name = short(kscript[i], kname[i])
    net = kmed[i] - kl[i] * overhead
    m = sprintf("%.2f (%.2f-%.2f)", kmed[i], kmin[i], kmax[i])
    if (!(key in pcyc)) {
      printf "%-40s %4d %24s %11.2f %11s %7s\n", name, kl[i], m, net, "-", "-"
      skipped = skipped sprintf("\n  %s: %s", name, (key in pwhy) ? pwhy[key] : "awemu did not run it")
      continue
    }
    p = pcyc[key] / clock
    ratio = net > 0 ? p / net : 0
    printf "%-40s %4d %24s %11.2f %11.2f %7.3f%s\n", name, kl[i], m, net, p, ratio, net < min_us * kl[i] ? "  (too short)" : ""
    if (plaunch[key] != kl[i]) skipped = skipped sprintf("\n  %s: awemu launched it %d times, the GPU %d", name, plaunch[key], kl[i])
    if (net < min_us * kl[i]) { short_list = short_list (short_list == "" ? "" : ", ") name; continue }
    n++
    ape[n] = abs(p - net) / net; apename[n] = name; aper[n] = ratio
    sape += ape[n]
    sx += net; sy += p; sxx += net * net; syy += p * p; sxy += net * p
  }

  # the microbenchmarks' metrics
  first = 1
  for (i = 1; i <= nk; i++) {
    if (kscript[i] !~ /^tests\/hw\/micro\//) continue
    key = kscript[i] SUBSEP kname[i]
    if (!(key in pcyc)) continue
    file = kscript[i]
    while ((getline line < file) > 0) {
      if (line !~ /^#hw metric /) continue
      mline = line; sub(/^#hw metric +/, "", mline)
      mname = mline; sub(/ .*/, "", mname)
      unit = mline; sub(/^[^ ]+ +/, "", unit); sub(/ *=.*/, "", unit)
      expr = mline; sub(/^[^=]*= */, "", expr)
      if (first) { printf "\n%-22s %-22s %12s %12s %7s\n", "metric", "unit", "measured", "awemu", "ratio"; first = 0 }
      mg = metric(expr, kvals[i], (kmed[i] - kl[i] * overhead) * 1e-6, gclk * 1e6, gsms)
      ma = metric(expr, pvals[key], pcyc[key] / clock * 1e-6, clock * 1e6, nsm)
      printf "%-22s %-22s %12s %12s %7s\n", mname, unit, mg, ma, (mg + 0 != 0) ? sprintf("%.3f", ma / mg) : "-"
    }
    close(file)
    if (kname[i] == "occ" && kctas[i] != "") printf "%-22s %-22s %12s %12s\n", "occupancy", "CTAs/SM, per launch", kctas[i], pctas[key]
  }

  # the worst five, by |predicted - net| / net
  for (a = 1; a <= n; a++) idx[a] = a
  for (a = 1; a <= n; a++) for (b = a + 1; b <= n; b++) if (ape[idx[b]] > ape[idx[a]]) { tmp = idx[a]; idx[a] = idx[b]; idx[b] = tmp }
  if (n) printf "\nworst five (|awemu - net| / net):\n"
  for (a = 1; a <= n && a <= 5; a++) printf "  %-40s %8.1f%%  (awemu/net %.3f)\n", apename[idx[a]], 100 * ape[idx[a]], aper[idx[a]]
  if (short_list != "") printf "\ntoo short to time, left out: %s\n", short_list
  if (skipped != "") printf "\nnot compared:%s\n", skipped
  if (n >= 2 && (n * sxx - sx * sx) > 0 && (n * syy - sy * sy) > 0)
    r = sprintf("%.3f", (n * sxy - sx * sy) / sqrt((n * sxx - sx * sx) * (n * syy - sy * sy)))
  else r = "n/a"
  printf "\nMAPE %s%% over %d kernels, correlation %s (%s, %s)\n", n ? sprintf("%.1f", 100 * sape / n) : "n/a", n, r, gpu, date
}
