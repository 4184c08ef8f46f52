# tests/checks/setup.sh -- the README's set-up line and the test run's progress (sourced by tests/run.sh).
#
# The README's first command must install what the tests need to run without skips: every package
# .ci/run installs but the optional Slurm ones (slurmctld, slurmd, slurm-client, munge).  It named
# build-essential, flex, bison and libreadline-dev only: 'awemu sweep' with a figure then failed for
# want of gnuplot, and make test skipped the report and sweep checks.  And make test printed nothing
# for about ten minutes after the build: tests/run.sh now ends each group of tests with a line
# (its passes, failures and time); every section of run.sh starts a group.
ST_T=$(mktemp -d)
st_readme=$(sed -n 's/^    apt-get update && apt-get install -y \(.*\) && make demo$/\1/p' README.md | head -1)
st_ci=$(sed -n 's/^for p in \(.*\); do$/\1/p' .ci/run | head -1)
st_missing=
for p in $st_ci; do
  case "$p" in slurmctld|slurmd|slurm-client|munge) continue ;; esac
  case " $st_readme " in *" $p "*) ;; *) st_missing="$st_missing $p" ;; esac
done
if [ -n "$st_readme" ] && [ -n "$st_ci" ] && [ -z "$st_missing" ]; then pass "setup: the README's first command installs every package .ci/run does but Slurm's ($st_readme)"
else fail "setup: the README's first command lacks:${st_missing:- (not found)}" "README: $st_readme; .ci/run: $st_ci"; fi
# run.sh's progress line, from its own group function
sed -n '/^group() {$/,/^}$/p' tests/run.sh > "$ST_T/group.sh"
(passed=0; failed=0; rs_t0=$(date +%s); rs_name=; rs_start=$rs_t0; rs_p=0; rs_f=0
 . "$ST_T/group.sh"; group one; passed=3; failed=1; group two; passed=5; group "") > "$ST_T/group.out" 2>&1
if [ -s "$ST_T/group.sh" ] && [ "$(sed 's/^\[ *[0-9]*s\] //; s/([0-9]*s)$/(Ts)/' "$ST_T/group.out" | tr '\n' '|')" = "one: 3 passed, 1 failed (Ts)|two: 2 passed, 0 failed (Ts)|" ]; then
  pass "setup: tests/run.sh ends each group of tests with a line (its passes, failures and time)"
else fail "setup: tests/run.sh's progress lines" "$(cat "$ST_T/group.out")"; fi
# (the checks section: a group per tests/checks file)
st_sections=$(grep '^# ---- ' tests/run.sh | grep -vc '^# ---- checks ----'); st_groups=$(grep -A1 '^# ---- ' tests/run.sh | grep -c '^group ')
if [ "$st_sections" -gt 0 ] && [ "$st_sections" = "$st_groups" ] && grep -q '^  group "checks: ' tests/run.sh; then pass "setup: each of run.sh's $st_sections sections, and each checks file, starts a group"
else fail "setup: $st_groups of run.sh's $st_sections sections start a group"; fi
rm -rf "$ST_T"
