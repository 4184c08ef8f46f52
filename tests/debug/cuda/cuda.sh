#!/bin/sh
# tests/debug/cuda/cuda.sh -- the debugger on CUDA programs: transcripts of `awemu debug PROGRAM`.
#
#   sh tests/debug/cuda/cuda.sh build DIR        build the programs the transcripts debug into DIR
#   sh tests/debug/cuda/cuda.sh run DIR NAME     print transcript NAME, run on DIR's programs
#
# Each tests/debug/cuda/NAME/ holds 'args' (what follows `awemu debug -batch -x commands`: options,
# then the program as CUDA/PROG and its arguments), 'commands' and 'expected' (the transcript,
# stdout and stderr merged, then a line "[awemu debug: exit status N]").  The programs are built
# from examples/cuda as `make cuda` builds them (nvcc -cudart shared), and vecadd once more with
# -lineinfo as vecadd-lines (source lines); nvcc records the source's absolute path, so the
# repository's directory reads as nothing in the transcript, and DIR as CUDA/.
# Run from the repository root, with BIN (default bin) and NVCC (default: nvcc in PATH or
# /usr/local/cuda/bin) in the environment.  tests/checks/debug.sh compares the transcripts;
# tests/debug/update.sh regenerates them.
BIN=${BIN:-bin}
NVCC=${NVCC:-$(command -v nvcc 2>/dev/null || ls /usr/local/cuda/bin/nvcc 2>/dev/null)}
case $1 in
build)
  [ -n "$NVCC" ] || { echo "cuda.sh: nvcc is not installed" >&2; exit 1; }
  mkdir -p "$2" || exit 1
  "$NVCC" -cudart shared -o "$2/vecadd" examples/cuda/vecadd.cu &&
    "$NVCC" -cudart shared -o "$2/oob" examples/cuda/oob.cu &&
    "$NVCC" -cudart shared -lineinfo -o "$2/vecadd-lines" examples/cuda/vecadd.cu ;;
run)
  dir=tests/debug/cuda/$3
  # shellcheck disable=SC2046 (the arguments are words)
  "$BIN/awemu" debug -batch -x "$dir/commands" $(sed "s|CUDA/|$2/|g" "$dir/args") < /dev/null > "$2/$3.raw" 2>&1
  rc=$?
  sed -e "s|$2/|CUDA/|g" -e "s|$(pwd)/||g" "$2/$3.raw"
  echo "[awemu debug: exit status $rc]" ;;
*) echo "usage: sh tests/debug/cuda/cuda.sh build DIR | run DIR NAME" >&2; exit 2 ;;
esac
