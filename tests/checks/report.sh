# tests/checks/report.sh -- awemu compress as a Unix tool (sourced by tests/run.sh).
#
# Expected values come from the inputs, derived by hand in the comments, or
# from the RTL's own output (tests/data/mpc-rtl/sizes.txt), never from a run.
T=$(mktemp -d)
REPO=$(pwd)
AWEMU=$(cd "$BIN" && pwd)/awemu
BLOCKS=$REPO/tests/data/mpc-rtl/blocks.txt
LINES=$REPO/tests/report/lines.txt
# the checks of where data is found must not inherit a data directory from the caller
clean_env() { env -u AWEMU_DATADIR -u AWEMU_MPC_PARAMS "$@"; }

# ---- JSON escapes the file name (RFC 8259) ----
# name: a " b \ c TAB d é (UTF-8 c3 a9) and a lone byte ff (not UTF-8) ->
# a\"b\\c\td\u00e9\ufffd.txt
name=$(printf 'a"b\\c\td\303\251\377.txt')
cp "$LINES" "$T/$name"
(cd "$T" && "$AWEMU" compress --alg bdi --format json "$name") > "$T/json.out" 2> "$T/json.err"
if [ $? -eq 0 ] && grep -qF '{"file": "a\"b\\c\td\u00e9\ufffd.txt", "lines": 3,' "$T/json.out"; then
  pass "compress --format json escapes the file name"
else fail "compress --format json escapes the file name" "$(head -c 300 "$T/json.out"; cat "$T/json.err")"; fi

# ---- mpc and 128-byte lines ----
# MPC compresses 32-byte blocks (subroutines/mpc/FORMAT.md): asked for at 128 bytes it is refused (status 2);
# 'all' leaves it out, says so, and gives no mpc row.  lines128.txt: the three 32-byte lines of lines.txt
# run together into one 128-byte line with a fourth of zeros.
{ grep -v '^#' "$LINES" | tr -d '\n'; printf '%064d\n' 0; } > "$T/lines128.txt"
"$AWEMU" compress --alg mpc --line 128 "$T/lines128.txt" > "$T/m128.out" 2> "$T/m128.err"
rc=$?
if [ $rc -eq 2 ] && [ ! -s "$T/m128.out" ] && grep -q 'mpc compresses 32-byte blocks only' "$T/m128.err"; then
  pass "compress --alg mpc --line 128 is refused: $(cat "$T/m128.err")"
else fail "compress --alg mpc --line 128: exit $rc" "$(cat "$T/m128.out" "$T/m128.err")"; fi
"$AWEMU" compress --alg all --line 128 --format csv "$T/lines128.txt" > "$T/a128.out" 2> "$T/a128.err"
rc=$?
if [ $rc -eq 0 ] && ! grep -q '^mpc,' "$T/a128.out" && grep -q '^bdi,1,' "$T/a128.out" && grep -q 'left out.*mpc' "$T/a128.err"; then
  pass "compress --alg all --line 128 leaves mpc out and says so"
else fail "compress --alg all --line 128: exit $rc" "$(cat "$T/a128.out" "$T/a128.err")"; fi

# ---- --help, --version ----
"$AWEMU" compress --help > "$T/help.out" 2> "$T/help.err"
rc=$?
if [ $rc -eq 0 ] && [ ! -s "$T/help.err" ] && grep -q 'bdi fpc cpack cpack-classic magbdi mpc' "$T/help.out" && grep -q 'compressed = lines whose payload is smaller than the line' "$T/help.out"; then
  pass "compress --help: stdout, status 0, lists mpc, defines 'compressed'"
else fail "compress --help: exit $rc" "$(cat "$T/help.out" "$T/help.err")"; fi
out=$("$AWEMU" compress --version 2>&1); rc=$?
if [ $rc -eq 0 ] && echo "$out" | grep -qE '^awemu compress \(awemu\) [0-9]+\.[0-9]+\.[0-9]+$'; then pass "compress --version: $out"
else fail "compress --version: exit $rc" "$out"; fi

# ---- the true digit count ----
# 1200 hex digits on line 1: a 32-byte line needs 64
awk 'BEGIN { for (i = 0; i < 1200; i++) printf "a"; printf "\n" }' > "$T/long.txt"
"$AWEMU" compress --alg bdi "$T/long.txt" > /dev/null 2> "$T/long.err"
rc=$?
if [ $rc -eq 1 ] && grep -qF "long.txt:1: error: a 32-byte line needs 64 hex digits, this one has 1200" "$T/long.err"; then
  pass "compress: a 1200-digit line is reported with 1200 digits"
else fail "compress: a 1200-digit line: exit $rc" "$(cat "$T/long.err")"; fi
# 64 digits and then junk: not silently taken
{ printf '%064d' 0; echo 'xyz'; } > "$T/junk.txt"
"$AWEMU" compress --alg bdi "$T/junk.txt" > /dev/null 2> "$T/junk.err"
rc=$?
if [ $rc -eq 1 ] && grep -qF "junk.txt:1:65: error: 'x' is not a hex digit" "$T/junk.err"; then pass "compress: junk after the digits is an error at line:column"
else fail "compress: junk after the digits: exit $rc" "$(cat "$T/junk.err")"; fi

# ---- one meaning of 'compressed': payload smaller than the line, for every row ----
# sizes.txt holds the RTL's codeword size in bits (3-bit class id included); the payload is
# ceil((bits - 3) / 8) bytes, smaller than 32 exactly when bits <= 251.  Encoded-but-not-smaller
# lines (models with 249..254 payload bits) are not compressed.
want=0
while read -r h; do [ $((0x$h)) -le 251 ] && want=$((want + 1)); done < tests/data/mpc-rtl/sizes.txt
"$AWEMU" compress --alg mpc,best --format csv "$BLOCKS" > "$T/mpc.csv" 2> "$T/mpc.err"
got=$(sed -n 's/^mpc,5000,\([0-9]*\),.*/\1/p' "$T/mpc.csv")
best=$(sed -n 's/^best,5000,\([0-9]*\),.*/\1/p' "$T/mpc.csv")
if [ "$got" = "$want" ] && [ -n "$best" ] && [ "$best" -ge "$got" ]; then
  pass "compress: mpc compresses $got of 5000 blocks (RTL sizes: $want with a payload under 32 bytes); best $best"
else fail "compress: mpc 'compressed' $got, the RTL's sizes say $want (best: $best)" "$(cat "$T/mpc.csv" "$T/mpc.err")"; fi
# bdi on lines.txt: zeros (0 bytes) and a repeated value (8 bytes) are compressed, the third (32) is not; best the same
"$AWEMU" compress --alg bdi,best --format csv "$LINES" > "$T/bb.csv" 2>&1
if grep -q '^bdi,3,2,' "$T/bb.csv" && grep -q '^best,3,2,' "$T/bb.csv"; then pass "compress: 'compressed' is the same count for an algorithm and for best"
else fail "compress: 'compressed' for bdi and best" "$(cat "$T/bb.csv")"; fi

# ---- command-line forms ----
"$AWEMU" compress --alg=bdi --format=csv "$LINES" > "$T/eq.csv" 2>&1
if cmp -s "$T/eq.csv" tests/report/bdi.csv; then pass "compress --opt=value"
else fail "compress --opt=value" "$(cat "$T/eq.csv")"; fi
"$AWEMU" compress --alg bdi --format csv - < "$LINES" > "$T/stdin.csv" 2>&1
if cmp -s "$T/stdin.csv" tests/report/bdi.csv; then pass "compress - reads standard input"
else fail "compress - reads standard input" "$(cat "$T/stdin.csv")"; fi
mkdir "$T/dir"
"$AWEMU" compress --alg bdi "$T/dir" > "$T/dir.out" 2> "$T/dir.err"
rc=$?
if [ $rc -eq 2 ] && grep -q 'is a directory' "$T/dir.err"; then pass "compress DIR is an error: $(cat "$T/dir.err")"
else fail "compress DIR: exit $rc" "$(cat "$T/dir.out" "$T/dir.err")"; fi
for args in "--lines 32|'--lines'" "--line 33|'33'" "--line=abc|'abc'" "--mag 8|'8'" "--format xml|'xml'" "--alg bdi,zip|'zip'" \
            "--cost-burst nan|'nan'" "--cost-insn -1|'-1'" "extra|'extra'"; do
  a=${args%%|*}; want=${args#*|}
  "$AWEMU" compress $a "$LINES" > "$T/u.out" 2> "$T/u.err"
  rc=$?
  if [ $rc -eq 2 ] && grep -qF -- "$want" "$T/u.err"; then pass "compress $a: usage error naming $want"
  else fail "compress $a: expected status 2 naming $want, got $rc" "$(cat "$T/u.err")"; fi
done

"$AWEMU" compress "$LINES" --format > "$T/u.out" 2> "$T/u.err"
rc=$?
if [ $rc -eq 2 ] && grep -qF "option '--format' needs a value" "$T/u.err"; then pass "compress FILE --format: names the option that lacks its value"
else fail "compress FILE --format: exit $rc" "$(cat "$T/u.err")"; fi

# an input with no whole line has no figures (a ratio of 0.000 over no lines was printed, exit 0)
: > "$T/none.bin"
printf '# a comment only\n\n' > "$T/none.txt"
head -c 20 "$LINES" > "$T/short.bin"
for c in "none.bin --binary:no 32-byte line in its 0 bytes" "none.txt:no lines (each a line of 64 hex digits)" "short.bin --binary:no 32-byte line in its 20 bytes"; do
  args=${c%%:*} want=${c#*:}
  (cd "$T" && "$AWEMU" compress $args) > "$T/none.out" 2> "$T/none.err"
  rc=$?
  if [ $rc -eq 1 ] && [ ! -s "$T/none.out" ] && grep -qF "$want" "$T/none.err"; then pass "compress $args: an error, no figures ($want)"
  else fail "compress $args: exit $rc" "$(cat "$T/none.out" "$T/none.err" | head -5)"; fi
done

# ---- the same results from any directory; missing data is an error ----
(cd "$REPO" && clean_env "$AWEMU" compress --alg all "$BLOCKS") > "$T/root.out" 2>&1
(cd "$T" && clean_env "$AWEMU" compress --alg all "$BLOCKS") > "$T/elsewhere.out" 2>&1
if grep -q '^mpc  *5000 ' "$T/root.out" && grep -q '^cost  *5000 ' "$T/root.out" && cmp -s "$T/root.out" "$T/elsewhere.out"; then
  pass "compress --alg all: the same report from the repository and from $T"
else fail "compress --alg all from another directory" "$(diff "$T/root.out" "$T/elsewhere.out" | head; head -5 "$T/root.out")"; fi
mkdir "$T/empty"
(cd "$T" && env -u AWEMU_MPC_PARAMS AWEMU_DATADIR="$T/empty" "$AWEMU" compress --alg all "$BLOCKS") > "$T/empty.out" 2> "$T/empty.err"
rc=$?
if [ $rc -ne 0 ] && [ ! -s "$T/empty.out" ] && grep -qF "$T/empty/subroutines/mpc/params/rtl does not exist" "$T/empty.err"; then
  pass "compress with an empty AWEMU_DATADIR fails: $(cat "$T/empty.err")"
else fail "compress with an empty AWEMU_DATADIR: exit $rc" "$(cat "$T/empty.out" "$T/empty.err")"; fi
# AWEMU_MPC_PARAMS overrides the models' place, and a wrong one is named
(cd "$T" && env -u AWEMU_DATADIR AWEMU_MPC_PARAMS="$T/empty" "$AWEMU" compress --alg mpc "$BLOCKS") > "$T/mp.out" 2> "$T/mp.err"
rc=$?
if [ $rc -eq 1 ] && [ ! -s "$T/mp.out" ] && grep -qF "$T/empty/comp_2.txt" "$T/mp.err" && grep -qF "(AWEMU_MPC_PARAMS)" "$T/mp.err"; then
  pass "compress with a wrong AWEMU_MPC_PARAMS fails naming it"
else fail "compress with a wrong AWEMU_MPC_PARAMS: exit $rc" "$(cat "$T/mp.out" "$T/mp.err")"; fi
# the subroutines missing, the MPC models there: the cost-aware choice says what it lacks
mkdir -p "$T/half/subroutines/mpc/params" && cp -r subroutines/mpc/params/rtl "$T/half/subroutines/mpc/params/"
(cd "$T" && env -u AWEMU_MPC_PARAMS AWEMU_DATADIR="$T/half" "$AWEMU" compress --alg all "$BLOCKS") > "$T/half.out" 2> "$T/half.err"
rc=$?
if [ $rc -eq 1 ] && [ ! -s "$T/half.out" ] && grep -qF "$T/half/subroutines/bdi/bdi.s" "$T/half.err"; then
  pass "compress without the subroutines fails naming the file"
else fail "compress without the subroutines: exit $rc" "$(cat "$T/half.out" "$T/half.err")"; fi

# an installed layout made by hand (PREFIX/bin/awemu, PREFIX/share/awemu/subroutines): found beside the executable
mkdir -p "$T/usr/bin" "$T/usr/share/awemu"
cp "$AWEMU" "$T/usr/bin/awemu" && cp -r subroutines "$T/usr/share/awemu/"
(cd "$T" && clean_env "$T/usr/bin/awemu" compress --alg all "$BLOCKS") > "$T/layout.out" 2>&1
if cmp -s "$T/root.out" "$T/layout.out"; then pass "compress from PREFIX/bin finds PREFIX/share/awemu"
else fail "compress from PREFIX/bin finds PREFIX/share/awemu" "$(diff "$T/root.out" "$T/layout.out" | head)"; fi

# ---- installed: works from another directory ----
if grep -q '^install:' Makefile; then
  if make -s install DESTDIR="$T/inst" PREFIX=/usr BIN="$BIN" BUILD="$BUILD" > "$T/inst.log" 2>&1 && [ -x "$T/inst/usr/bin/awemu" ]; then
    (cd "$T" && clean_env "$T/inst/usr/bin/awemu" compress --alg all "$BLOCKS") > "$T/inst.out" 2>&1
    if cmp -s "$T/root.out" "$T/inst.out"; then pass "installed awemu compress --alg all from another directory"
    else fail "installed awemu compress --alg all from another directory" "$(diff "$T/root.out" "$T/inst.out" | head)"; fi
  else fail "make install DESTDIR=\$T/inst PREFIX=/usr" "$(tail -5 "$T/inst.log")"; fi
else
  echo "SKIP installed awemu compress from another directory: make install not available"
fi

# ---- MPC models learned from data (--mpc-train) and used (--mpc-params) ----
# the authors' 5000 blocks: learning writes the ten files, says every block came back through
# them, and the report with them covers the same 5000 blocks; the directory is not overwritten
# without --force; training needs 32-byte blocks; a missing model directory is an error (1),
# and the cost-aware choice (which runs mpc.s, the RTL's models built in) is refused with them (2)
"$AWEMU" compress --mpc-train "$T/mpcm" "$BLOCKS" > "$T/mt.out" 2> "$T/mt.err"; rc=$?
nf=$(ls "$T/mpcm" 2>/dev/null | grep -c '^\(comp\|decomp\)_[2-6]\.txt$')
if [ $rc -eq 0 ] && [ "$nf" -eq 10 ] && grep -q "learned from 5000 blocks.*every block comes back through them" "$T/mt.out"; then
  pass "compress --mpc-train learns MPC's five models from the authors' blocks: $(cat "$T/mt.out")"
else fail "compress --mpc-train: exit $rc, $nf model files" "$(cat "$T/mt.out" "$T/mt.err")"; fi
"$AWEMU" compress --alg mpc --format csv --mpc-params "$T/mpcm" "$BLOCKS" > "$T/mp.out" 2> "$T/mp.err"; rc=$?
[ $rc -eq 0 ] && awk -F, 'NR == 2 && $1 == "mpc" && $2 == 5000 { ok = 1 } END { exit !ok }' "$T/mp.out" &&
  pass "compress --mpc-params reports mpc with the learned models over the 5000 blocks" ||
  fail "compress --mpc-params: exit $rc" "$(cat "$T/mp.out" "$T/mp.err")"
cp "$T/mpcm/comp_2.txt" "$T/comp_2.before"
"$AWEMU" compress --mpc-train "$T/mpcm" "$LINES" > "$T/mt2.out" 2> "$T/mt2.err"; rc=$?
[ $rc -eq 2 ] && grep -q -- "holds models already.*--force replaces them" "$T/mt2.err" && cmp -s "$T/comp_2.before" "$T/mpcm/comp_2.txt" &&
  pass "compress --mpc-train into a directory with models is refused and leaves them: $(cat "$T/mt2.err")" ||
  fail "compress --mpc-train over models: exit $rc" "$(cat "$T/mt2.err")"
"$AWEMU" compress --mpc-train "$T/mpcm" --force "$BLOCKS" > /dev/null 2>&1 && pass "compress --mpc-train --force replaces the models" ||
  fail "compress --mpc-train --force"
"$AWEMU" compress --mpc-train "$T/m64" --line 64 "$BLOCKS" > /dev/null 2> "$T/mt3.err"; rc=$?
[ $rc -eq 2 ] && [ ! -e "$T/m64" ] && grep -q "learns from 32-byte blocks" "$T/mt3.err" && pass "compress --mpc-train --line 64 is refused" ||
  fail "compress --mpc-train --line 64: exit $rc" "$(cat "$T/mt3.err")"
"$AWEMU" compress --alg mpc --mpc-params "$T/none" "$BLOCKS" > /dev/null 2> "$T/mp2.err"; rc=$?
[ $rc -eq 1 ] && grep -q -- "--mpc-params $T/none: .*comp_2.txt" "$T/mp2.err" && pass "compress --mpc-params without models: $(cat "$T/mp2.err")" ||
  fail "compress --mpc-params without models: exit $rc" "$(cat "$T/mp2.err")"
"$AWEMU" compress --mpc-params "$T/mpcm" "$BLOCKS" > /dev/null 2> "$T/mp3.err"; rc=$?
[ $rc -eq 2 ] && grep -q "with 'cost'" "$T/mp3.err" && pass "compress --mpc-params with the cost-aware choice is refused" ||
  fail "compress --mpc-params with cost: exit $rc" "$(cat "$T/mp3.err")"
# $AWEMU_MPC_PARAMS naming other models with the default algorithms (cost among them) is refused
# as --mpc-params is (it failed with "mpc's decompression: subroutine mpc_dec_model does not give
# the line back", no report)
AWEMU_MPC_PARAMS=subroutines/mpc/params/config "$AWEMU" compress "$BLOCKS" > "$T/mp4.out" 2> "$T/mp4.err"; rc=$?
[ $rc -eq 2 ] && [ ! -s "$T/mp4.out" ] && grep -q "^awemu compress: \$AWEMU_MPC_PARAMS with 'cost': .*unset AWEMU_MPC_PARAMS)$" "$T/mp4.err" &&
  pass "compress with \$AWEMU_MPC_PARAMS and the cost-aware choice is refused, naming the variable" ||
  fail "compress with \$AWEMU_MPC_PARAMS and cost: exit $rc" "$(cat "$T/mp4.err")"
# 'cost' with no algorithm that has a decompression subroutine: refused (it printed a row of zeros)
"$AWEMU" compress --alg cpack-classic,cost "$BLOCKS" > "$T/cc.out" 2> "$T/cc.err"; rc=$?
[ $rc -eq 2 ] && [ ! -s "$T/cc.out" ] && grep -q "'cost' chooses among the algorithms with a decompression subroutine" "$T/cc.err" &&
  pass "compress --alg cpack-classic,cost is refused: cost has no candidate" || fail "compress --alg cpack-classic,cost: exit $rc" "$(cat "$T/cc.out" "$T/cc.err")"
# lines of zeros: BDI's payload is 0 bytes (its zeros encoding), so raw / payload is infinite:
# "inf" in the table and CSV, null in JSON (it printed 0.000, below uncompressed); FPC's is 1 byte
# a line (its zero-run prefix: 4 lines, 128 bytes over 4: 32)
printf '%064d\n%064d\n%064d\n%064d\n' 0 0 0 0 > "$T/zeros.txt"
"$AWEMU" compress --alg bdi,fpc --format csv "$T/zeros.txt" > "$T/z.csv" 2> "$T/z.err"
"$AWEMU" compress --alg bdi --format json "$T/zeros.txt" > "$T/z.json" 2>> "$T/z.err"
"$AWEMU" compress --alg bdi "$T/zeros.txt" > "$T/z.txt" 2>> "$T/z.err"
if grep -q '^bdi,4,4,128,0,128,inf,1.000000,4$' "$T/z.csv" && grep -q '^fpc,4,4,128,4,128,32.000000,' "$T/z.csv" && grep -q '"ratio": null,' "$T/z.json" &&
   grep -q '^bdi  *4  *4  *inf  *1.000 ' "$T/z.txt"; then pass "compress: lines of zeros under BDI: ratio inf (JSON null), FPC 32"
else fail "compress: ratio of lines of zeros" "$(cat "$T/z.csv" "$T/z.json" "$T/z.txt" "$T/z.err")"; fi
# a MAG larger than the line (32-byte lines, MAG 64): each line takes 1 burst, and the share column says
# so (there was none, and JSON's bursts list was empty)
"$AWEMU" compress --alg bdi --mag 64 --format json "$BLOCKS" > "$T/m64.json" 2> "$T/m64.err"
nl=$(sed -n 's/.*"lines": \([0-9]*\), "line_bytes".*/\1/p' "$T/m64.json")
if [ -n "$nl" ] && grep -q "\"bursts\": \[$nl\]" "$T/m64.json"; then pass "compress --mag 64 on 32-byte lines: all $nl lines take 1 burst"
else fail "compress --mag 64 on 32-byte lines" "$(head -c 400 "$T/m64.json"; cat "$T/m64.err")"; fi
rm -rf "$T"
