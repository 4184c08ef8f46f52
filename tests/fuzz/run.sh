#!/bin/sh
# tests/fuzz/run.sh SECONDS -- runs both fuzzers side by side for SECONDS each,
# from seed corpora made of the repository's sources and their images.
# Findings (crash-*, timeout-*, leak-*) land in build/fuzz/findings/.
secs=${1:-60}
set -e
F=build/fuzz
mkdir -p $F/corpus_asm $F/corpus_image $F/findings
for s in $(git ls-files '*.ptx' '*.s' | grep -v '^tests/asm/errors/'); do
  cp "$s" "$F/corpus_asm/$(echo "$s" | tr '/' '_')"
  n=$(echo "$s" | tr '/' '_')
  if bin/awasm -q "$s" -o "$F/img.tmp" 2>/dev/null || build/fuzz/bin/awasm -q "$s" -o "$F/img.tmp" 2>/dev/null; then
    { printf '\001'; cat "$F/img.tmp"; } > "$F/corpus_image/$n.aws"
    { printf '\000'; cat "$F/img.tmp"; } > "$F/corpus_image/$n.fix.aws"
  fi
done
for s in tests/asm/errors/*.s; do [ -f "$s" ] && cp "$s" "$F/corpus_asm/err_$(basename "$s")"; done
set +e
$F/fuzz_asm -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=16384 \
  -dict=tests/fuzz/asm.dict -artifact_prefix=$F/findings/asm- -print_final_stats=1 \
  $F/corpus_asm > $F/fuzz_asm.log 2>&1 &
a=$!
$F/fuzz_image -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 \
  -artifact_prefix=$F/findings/image- -print_final_stats=1 \
  $F/corpus_image > $F/fuzz_image.log 2>&1 &
b=$!
wait $a; ra=$?
wait $b; rb=$?
for t in asm image; do
  runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' $F/fuzz_$t.log | grep -o '[0-9]*$')
  cov=$(grep -o 'cov: [0-9]*' $F/fuzz_$t.log | tail -1)
  echo "fuzz_$t: $runs executions in $secs s, $cov"
done
ls $F/findings/ 2>/dev/null | sed 's/^/finding: /'
if [ $ra -ne 0 ] || [ $rb -ne 0 ]; then echo "fuzzing found a problem: see $F/fuzz_*.log"; exit 1; fi
echo "no crash, hang or sanitizer report"
