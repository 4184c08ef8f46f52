# tests/checks/selfcontained.sh -- a clone with nothing beside it builds, runs its demo
# and passes the checks that need data (sourced by tests/run.sh).
#
# The committed tree (HEAD) is cloned into a fresh temporary directory, so no
# ../shared (or anything else) lies beside it; it is built there (-O0 for
# speed: the point is the data, not the code) and the tests that read data
# run inside it: the MPC vectors and models, the MPC subroutines, and awemu
# compress on the real blocks with every algorithm (every codec, and every
# decompression subroutine for the cost-aware choice).  About 40 s.  Uncommitted changes are not seen: commit first.
T=$(mktemp -d)
SC_ENV="env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL -u BUILD -u BIN -u OPT -u EXTRA_CFLAGS -u AWEMU_DATADIR -u AWEMU_MPC_PARAMS -u AWEMU_SUBR_LINES"
if ! git clone -q "$(git rev-parse --show-toplevel)" "$T/clone" 2> "$T/clone.err"; then
  fail "self-contained: git clone" "$(cat "$T/clone.err")"
elif [ -e "$T/shared" ] || [ -e "$T/clone/../shared" ]; then
  fail "self-contained: the temporary directory has a shared/ beside the clone"
else
  # (test_bdi and test_fpc_cpack read the real blocks too, but spend most of a minute on random
  # lines: awemu compress --alg all below runs every codec on the same blocks instead)
  SC_TESTS="test_mpc test_mpc_train test_mpc_subroutines"
  if ! (cd "$T/clone" && $SC_ENV make -j2 OPT=-O0 all $(for t in $SC_TESTS; do echo build/tests/$t; done) demo) > "$T/build.log" 2>&1; then
    fail "self-contained: the clone builds and runs its demo (make all demo)" "$(tail -15 "$T/build.log")"
  else
    pass "self-contained: a clone with nothing beside it builds and runs its demo"
    for t in $SC_TESTS; do
      (cd "$T/clone" && $SC_ENV "build/tests/$t") > "$T/$t.log" 2>&1
      rc=$?
      p=$(grep -c '^PASS' "$T/$t.log"); f=$(grep -c '^FAIL' "$T/$t.log")
      if [ $rc -eq 0 ] && [ "$f" -eq 0 ] && [ "$p" -gt 0 ]; then pass "self-contained: $t in the clone ($p checks)"
      else fail "self-contained: $t in the clone: exit $rc, $f failed" "$(grep '^FAIL' "$T/$t.log"; tail -3 "$T/$t.log")"; fi
    done
    # awemu compress with every algorithm (mpc's models and the subroutines from the clone), from elsewhere
    (cd "$T" && $SC_ENV clone/bin/awemu compress --alg all --format csv clone/tests/data/mpc-rtl/blocks.txt) > "$T/compress.csv" 2> "$T/compress.err"
    rc=$?
    if [ $rc -eq 0 ] && [ ! -s "$T/compress.err" ] && grep -q '^mpc,5000,' "$T/compress.csv" && grep -q '^cost,5000,' "$T/compress.csv"; then
      pass "self-contained: awemu compress --alg all in the clone"
    else fail "self-contained: awemu compress --alg all in the clone: exit $rc" "$(cat "$T/compress.err" "$T/compress.csv")"; fi
  fi
fi
rm -rf "$T"
