#!/bin/sh
# tests/debug/update.sh -- regenerate the expected transcripts of tests/debug/*/ from the
# debugger as it is now.  For maintainers, after a deliberate change of the debugger's output.
#
# usage: sh tests/debug/update.sh [NAME ...]     (every transcript when no NAME is given; cuda/NAME
#        for those of tests/debug/cuda, which need nvcc)
#
# Each tests/debug/NAME/ holds 'args' (the arguments after 'awemu debug', paths relative to
# the repository root), 'commands' (the -x file) and 'expected' (the transcript, stdout and
# stderr merged).  tests/run.sh runs the same command and compares byte for byte.
cd "$(dirname "$0")/../.." || exit 1
BIN=${BIN:-bin}
[ -x "$BIN/awemu" ] || { echo "update.sh: $BIN/awemu is not built (make first)" >&2; exit 1; }
names=$*
[ -n "$names" ] || names=$(for d in tests/debug/*/ tests/debug/cuda/*/; do [ -f "$d/commands" ] && echo "${d#tests/debug/}"; done)
cuda_dir=
for n in $names; do
  n=${n%/}
  case $n in cuda/*)   # a CUDA program's transcript: the programs built once (nvcc), then tests/debug/cuda/cuda.sh
    if [ -z "$cuda_dir" ]; then
      cuda_dir=$(mktemp -d) || exit 1
      trap 'rm -rf "$cuda_dir"' EXIT
      sh tests/debug/cuda/cuda.sh build "$cuda_dir" || { echo "update.sh: the CUDA programs could not be built (nvcc)" >&2; exit 1; }
    fi
    BIN=$BIN sh tests/debug/cuda/cuda.sh run "$cuda_dir" "${n#cuda/}" > "tests/debug/$n/expected"
    echo "regenerated tests/debug/$n/expected ($(wc -l < "tests/debug/$n/expected") lines)"
    continue ;;
  esac
  dir=tests/debug/$n
  if [ ! -f "$dir/args" ] || [ ! -f "$dir/commands" ]; then echo "update.sh: $dir has no args or commands" >&2; continue; fi
  "$BIN/awemu" debug $(cat "$dir/args") -batch -x "$dir/commands" < /dev/null > "$dir/expected" 2>&1
  echo "regenerated $dir/expected ($(wc -l < "$dir/expected") lines)"
done
echo
echo "WARNING: regenerated transcripts are not checked by anyone yet.  Review every change by hand"
echo "         (git diff tests/debug) against what the commands' comments derive, before committing."
