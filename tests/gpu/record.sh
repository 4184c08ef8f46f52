#!/bin/sh
# tests/gpu/record.sh OUTDIR [SCRIPT...] -- records every launch of the run scripts (default: every
# examples/*/run.aw and tests/emu/*/*/run.aw but the fault tests) with awemu run --record, one
# directory each under OUTDIR, for tests/gpu/replay.c to run on a GPU (tests/gpu/README.md).
# Each script's reference (ref.c) is built and run first, as tests/run.sh does, for its data.
set -u
out=${1:?usage: tests/gpu/record.sh OUTDIR [SCRIPT...]}
shift
BIN=${BIN:-bin}
[ -e "$out" ] && { echo "record.sh: $out exists; give a new directory" >&2; exit 2; }
mkdir -p "$out/data" || exit 2
scripts=${*:-$(ls examples/*/run.aw tests/emu/*/*/run.aw)}
n=0
for script in $scripts; do
  dir=$(dirname "$script")
  [ -f "$dir/expect-fault" ] && continue
  name=$(echo "$dir" | tr '/' '_')
  data="$out/data/$name"
  mkdir -p "$data"
  if [ -f "$dir/ref.c" ]; then
    ${CC:-cc} -std=c11 -O2 -ffp-contract=off -o "$data/ref" "$dir/ref.c" -lm && "$data/ref" "$data" > /dev/null ||
      { echo "record.sh: $dir: the reference failed" >&2; continue; }
  fi
  if "$BIN/awemu" run --record "$out/$name" "$script" DATA="$data" > "$out/$name.log" 2>&1; then n=$((n + 1))
  else echo "record.sh: $script failed in awemu (see $out/$name.log)" >&2; fi
  rm -rf "$data"
done
rm -rf "$out/data"
echo "record.sh: $n scripts recorded in $out ($(du -sh "$out" | cut -f1))"
