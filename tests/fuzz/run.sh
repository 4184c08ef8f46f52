#!/bin/sh
# tests/fuzz/run.sh SECONDS [NAME...] -- runs the fuzzers (build/fuzz/fuzz_NAME, built by
# make fuzz) for SECONDS each, $FUZZ_JOBS at a time (2 by default: the machine has two cores), from seed
# corpora made of the repository's own inputs:
#   asm     every .s and .ptx source, and the files of tests/asm/errors
#   image   the images of those sources (byte 0 picks verify-only or fix-up mode)
#   report  the hex lines of tests/report and tests/data/mpc-rtl (first 40 blocks), and a
#           piece of a binary (raw memory), each with a few choices of options (bytes 0-1)
#   script  every run.aw (examples, tests/emu), its ${SCRIPT_DIR}/PATH and ${DATA}/ made names
#           without '/' (the files they name copied into $F/files_script: FUZZ_SCRIPT_FILES)
#   debug   every tests/debug/*/commands and 40-line pieces of tests/fuzz/debug_commands.txt
#   sweep   every examples/sweeps/*.sweep, its workload, config and subroutines paths made names
#           of the fuzzer's own files (w1, w*, my.cfg, bdi.s): an input with a '/' is skipped
# plus tests/fuzz/seeds_NAME/* and the dictionary tests/fuzz/NAME.dict when they exist.
# With NAMEs, only those run.  Fuzzers not built (their harness is not in the tree) are
# skipped with a note.  Findings (crash-*, timeout-*, leak-*) land in build/fuzz/findings/,
# each fuzzer's log in build/fuzz/fuzz_NAME.log.  Exit status 1 when any fuzzer found something.
#
# tests/fuzz/run.sh --seed NAME DIR only writes NAME's seed corpus into DIR (the files the script
# seeds name into $FUZZ_DIR/files_script; FUZZ_DIR is build/fuzz by default): tests/checks/debug.sh
# checks the script seeds so.
F=${FUZZ_DIR:-$(pwd)/build/fuzz}   # absolute: the script and debugger harnesses work in a directory of their own
if [ "$1" = --seed ]; then
  seed_only=$2
  seed_dir=$3
  [ -n "$seed_dir" ] || { echo "usage: tests/fuzz/run.sh --seed NAME DIR" >&2; exit 2; }
else
  secs=${1:-60}
  [ $# -gt 0 ] && shift
  names=${*:-asm image report script debug sweep}
  jobs=${FUZZ_JOBS:-2}
  mkdir -p $F/findings
fi

seed_asm() {
  for s in $(git ls-files '*.ptx' '*.s' | grep -v '^tests/asm/errors/'); do cp "$s" "$1/$(echo "$s" | tr '/' '_')"; done
  for s in tests/asm/errors/*.s; do [ -f "$s" ] && cp "$s" "$1/err_$(basename "$s")"; done
}
seed_image() {
  for s in $(git ls-files '*.ptx' '*.s' | grep -v '^tests/asm/errors/'); do
    nm=$(echo "$s" | tr "/" "_")
    if bin/awasm -q "$s" -o "$F/img.tmp" 2>/dev/null || $F/bin/awasm -q "$s" -o "$F/img.tmp" 2>/dev/null; then
      { printf '\001'; cat "$F/img.tmp"; } > "$1/$nm.aws"
      { printf '\000'; cat "$F/img.tmp"; } > "$1/$nm.fix.aws"
    fi
  done
  rm -f "$F/img.tmp"
}
seed_report() {
  # byte 0: bits 0-1 line size (32 64 128 32), 2-3 MAG, 4 binary, 5 allow cost;
  # byte 1: bits 0-1 format, 2-5 algorithms (14 cost, 15 all: only with bit 5 of byte 0)
  head -40 tests/data/mpc-rtl/blocks.txt > "$F/blocks.tmp"
  k=0
  for opts in '\000\000' '\000\004' '\004\010' '\010\014' '\000\020' '\000\024' '\000\030' '\000\034' '\001\001' '\002\002' \
              '\000\054' '\040\070' '\041\071' '\040\072' '\044\076'; do
    { printf "$opts"; cat tests/report/lines.txt; } > "$1/lines_$k"
    { printf "$opts"; cat "$F/blocks.tmp"; } > "$1/blocks_$k"
    k=$((k + 1))
  done
  # binary: a piece of a real program image (code, tables, zeros)
  { printf '\020\000'; head -c 4096 $F/fuzz_report; } > "$1/binary_0"
  { printf '\062\074'; tail -c 2048 $F/fuzz_report; } > "$1/binary_1"
  rm -f "$F/blocks.tmp"
}
seed_script() {
  # fuzz_script skips a line with a '/' in its code: ${SCRIPT_DIR}/PATH becomes the name of a copy
  # of PATH in $F/files_script (its path from the repository root, '/' made '_'), which the
  # harness copies into its directory; ${DATA}/NAME becomes NAME (the examples' generated data is
  # not there: those lines fail, and the rest of the seed runs)
  rm -rf "$F/files_script"
  mkdir -p "$F/files_script"
  for s in examples/*/run.aw tests/emu/*/*/run.aw; do
    [ -f "$s" ] || continue
    d=$(dirname "$s")
    cp "$s" "$F/seed.tmp"
    for r in $(grep -o '[$]{SCRIPT_DIR}/[A-Za-z0-9_./-]*' "$s" | sort -u); do
      p=$(realpath -m --relative-to=. "$d/${r#*/}")
      flat=$(echo "$p" | tr '/' '_')
      [ -f "$p" ] && cp "$p" "$F/files_script/$flat"
      re=$(printf '%s' "$r" | sed 's/[.$*[\^]/\\&/g')
      sed -i "s#$re\\([^A-Za-z0-9_./-]\\|\$\\)#$flat\\1#g" "$F/seed.tmp"
    done
    sed 's|[$]{DATA}/||g' "$F/seed.tmp" > "$1/$(echo "$s" | tr '/' '_')"
  done
  rm -f "$F/seed.tmp"
}
seed_debug() {
  for s in tests/debug/*/commands; do [ -f "$s" ] && cp "$s" "$1/$(echo "$s" | tr '/' '_')"; done
  [ -f tests/fuzz/debug_commands.txt ] && split -l 40 tests/fuzz/debug_commands.txt "$1/garbage_"
}
seed_sweep() {
  for s in examples/sweeps/*.sweep; do
    [ -f "$s" ] && sed 's|^workloads *=.*|workloads = w1 w*|; s|^\(subroutines[^=]*\)=.*|\1= bdi.s|; s|^configs *= *\(.*\)|configs = \1 my.cfg|; s|/|_|g' \
      "$s" > "$1/$(basename "$s")"
  done
}

if [ -n "$seed_only" ]; then
  case $seed_only in asm|image|report|script|debug|sweep) ;; *) echo "unknown fuzzer '$seed_only'" >&2; exit 2 ;; esac
  mkdir -p "$F" "$seed_dir" && seed_$seed_only "$seed_dir"
  exit
fi

run_one() {   # NAME: runs build/fuzz/fuzz_NAME in the background, its pid in $pid
  fz=$1
  c=$F/corpus_$fz
  mkdir -p "$c"
  seed_$fz "$c"
  [ -d tests/fuzz/seeds_$fz ] && cp tests/fuzz/seeds_$fz/* "$c/" 2>/dev/null
  extra=
  [ -f tests/fuzz/$fz.dict ] && extra="-dict=tests/fuzz/$fz.dict"
  case $fz in asm) extra="$extra -max_len=16384" ;; report) extra="$extra -max_len=4096" ;;
    script|debug|sweep) extra="$extra -close_fd_mask=2" ;;   # their messages go to stderr; sanitizer reports still show
  esac
  FUZZ_SCRIPT_FILES=$F/files_script $F/fuzz_$fz -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 $extra \
    -artifact_prefix=$F/findings/$fz- -print_final_stats=1 "$c" > $F/fuzz_$fz.log 2>&1 &
  pid=$!
}

ran=
bad=
pending=
for n in $names; do
  case $n in asm|image|report|script|debug|sweep) ;; *) echo "unknown fuzzer '$n' (asm image report script debug sweep)"; exit 2 ;; esac
  if [ ! -x $F/fuzz_$n ]; then echo "fuzz_$n: not built (tests/fuzz/fuzz_$n.c is not in the tree): skipped"; continue; fi
  ran="$ran $n"
  name=$n
  run_one $name
  pending="$pending $name:$pid"
  set -- $pending
  if [ $# -ge "$jobs" ]; then
    for p in $pending; do wait ${p#*:} || bad="$bad ${p%%:*}"; done
    pending=
  fi
done
for p in $pending; do wait ${p#*:} || bad="$bad ${p%%:*}"; done

for n in $ran; do
  runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' $F/fuzz_$n.log | grep -o '[0-9]*$')
  cov=$(grep -o 'cov: [0-9]*' $F/fuzz_$n.log | tail -1)
  echo "fuzz_$n: ${runs:-?} executions in $secs s, $cov, corpus $(ls $F/corpus_$n | wc -l) files"
done
ls $F/findings/ 2>/dev/null | sed 's/^/finding: /'
if [ -n "$bad" ]; then echo "fuzzing found a problem in:$bad (see $F/fuzz_NAME.log)"; exit 1; fi
[ -n "$ran" ] || { echo "no fuzzer was built"; exit 2; }
echo "no crash, hang, leak or sanitizer report"
