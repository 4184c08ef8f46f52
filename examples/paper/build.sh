#!/bin/sh
# examples/paper/build.sh OUT [APP...] -- builds the CABA paper's applications (examples/paper/README.md)
# for awemu exec, and makes their inputs.  Run from the repository's root.
#
#   OUT/src/             a copy of the sources the applications need, from $AWEMU_WORKLOADS (default
#                        ../shared/workloads) or, with PAPER_CLONE=1, from clones of the two upstream
#                        commits (OUT/upstream); our patches (examples/paper/patches) are applied to
#                        the copy, never to the sources
#   OUT/bin/APP          each program, built by nvcc -cudart shared (NVCC=PATH: another nvcc)
#   OUT/inputs/APP/      its inputs, made by our generator (OUT/bin/gen, examples/paper/gen/gen.c)
#   OUT/apps/APP.exec    the command awemu sweep runs for it in timing mode (emu/SWEEP.md, ".exec
#                        workloads"), OUT/functional/APP.exec in functional mode
#   OUT/build.tsv        APP, then "ok" or why it is not built
#   OUT/logs/APP.build.log
# APP: the paper's names (examples/paper/apps/*.app); all of them by default.  A program is built
# again, and inputs made again, only when what they are made from changed (OUT/bin/APP.stamp,
# OUT/inputs/APP/.stamp).  AWEMU=PATH: the awemu whose CUDA runtime runs an input maker that
# needs one (MUM's CPU reference; make paper sets it).  Exit status 0 (an application that does not
# build is a line of build.tsv), 2 when the sources, nvcc or a C compiler are missing.
set -u
OUT=${1:?usage: examples/paper/build.sh OUT [APP...]}
shift
REPO=$(pwd)
. examples/paper/lib.sh
APPS=${*:-$PAPER_APPS}
mkdir -p "$OUT/bin" "$OUT/inputs" "$OUT/apps" "$OUT/functional" "$OUT/logs" || exit 2
OUT=$(cd "$OUT" && pwd)
paper_sources "$OUT" || exit 2
[ -n "$NVCC" ] && [ -x "$NVCC" ] || { say "nvcc not found (NVCC=PATH names one)"; exit 2; }
say "sources: $W; $("$NVCC" --version | tail -1)"
BIN=$OUT/bin
GEN=$BIN/gen
CC=${CC:-cc}
if [ ! -x "$GEN" ] || [ "$PAPER_DIR/gen/gen.c" -nt "$GEN" ]; then
  $CC -std=c11 -O2 -o "$GEN" "$PAPER_DIR/gen/gen.c" || { say "$CC cannot build $PAPER_DIR/gen/gen.c"; exit 2; }
fi

# the copy of the sources: each application's directory and the suite's shared ones, afresh
SRC=$OUT/src
rm -rf "$SRC" && mkdir -p "$SRC" || exit 2
for APP in $APPS; do
  app_load "$APP" || exit 2
  for p in $ORIGIN $SHARED; do
    [ -e "$SRC/$p" ] && continue
    [ -d "$W/$p" ] || { say "$APP: $W/$p: no such directory"; continue; }
    mkdir -p "$SRC/$(dirname "$p")" && cp -RL "$W/$p" "$SRC/$p" || exit 2
  done
done
chmod -R u+w "$SRC"

nvcc_version=$("$NVCC" --version | tail -1)
printf 'app\tbuilt\n' > "$OUT/build.tsv.part"
for APP in $APPS; do
  app_load "$APP"
  rm -f "$OUT/apps/$APP.exec" "$OUT/functional/$APP.exec"
  if [ -n "$NOTBUILT" ]; then
    printf '%s\tnot built: %s\n' "$APP" "$NOTBUILT" >> "$OUT/build.tsv.part"
    say "$APP: not built: $NOTBUILT"
    continue
  fi
  if [ ! -d "$SRC/$ORIGIN" ]; then
    printf '%s\tnot built: no sources (%s/%s)\n' "$APP" "$W" "$ORIGIN" >> "$OUT/build.tsv.part"
    continue
  fi
  BIN_OUT=$BIN/$APP
  # what the program is made from: its file, our build functions (lib.sh's building part), cutil
  # and patches, its sources and the nvcc (nvcc's output differs from build to build: a program
  # made again means its runs are run again)
  stamp=$({ cat "$PAPER_DIR/apps/$APP.app" "$PAPER_DIR/cutil/cutil.h" "$PAPER_DIR"/patches/*; sed -n '/^# ---- building/,/^# ---- checking/p' "$PAPER_DIR/lib.sh";
            for p in $ORIGIN $SHARED; do find "$SRC/$p" -type f | LC_ALL=C sort | xargs cat; done; echo "$nvcc_version"; } | cksum)
  if [ -x "$BIN_OUT" ] && [ "$(cat "$BIN_OUT.stamp" 2>/dev/null)" = "$stamp" ]; then
    say "$APP: built before"
  else
    rm -f "$BIN_OUT" "$BIN_OUT.stamp"
    say "$APP: building ($SUITE, $ORIGIN)"
    if (cd "$SRC/$ORIGIN" && build) > "$OUT/logs/$APP.build.log" 2>&1 && [ -x "$BIN_OUT" ]; then
      echo "$stamp" > "$BIN_OUT.stamp"
    else
      why=$(grep -m 1 -E 'error|patch ' "$OUT/logs/$APP.build.log" || tail -1 "$OUT/logs/$APP.build.log")
      printf '%s\tdoes not build: %s (%s)\n' "$APP" "$why" "logs/$APP.build.log" >> "$OUT/build.tsv.part"
      say "$APP: does not build: $why"
      continue
    fi
  fi
  # its inputs, in OUT/inputs/APP
  I=$OUT/inputs/$APP
  # (and the program: an input may be made by it, as sp's formula by its genformula and MUM's
  # reference matches by its CPU version)
  istamp=$({ cat "$PAPER_DIR/gen/gen.c" "$PAPER_DIR/apps/$APP.app" "$BIN/$APP.stamp"; cat "$BIN/$APP.genformula" 2>/dev/null; } | cksum)
  if [ "$(cat "$I/.stamp" 2>/dev/null)" != "$istamp" ]; then
    rm -rf "$I" && mkdir -p "$I" || exit 2
    if ! (cd "$I" && inputs) >> "$OUT/logs/$APP.build.log" 2>&1; then
      printf '%s\tno inputs: %s\n' "$APP" "$(tail -1 "$OUT/logs/$APP.build.log")" >> "$OUT/build.tsv.part"
      say "$APP: its inputs could not be made (logs/$APP.build.log)"
      continue
    fi
    echo "$istamp" > "$I/.stamp"
  fi
  # the command awemu sweep runs, in timing mode (OUT/apps) and in functional mode (OUT/functional:
  # without the options only timing mode takes); ${SCRIPT_DIR} is the .exec file's directory, so
  # OUT can move
  for mode in apps functional; do
    opts="$OPTS $TIMING_OPTS"
    [ $mode = functional ] && opts=$OPTS
    {
      echo "# $APP ($SUITE, $ORIGIN), $([ $mode = apps ] && echo 'timing mode' || echo 'functional mode'): made by examples/paper/build.sh from examples/paper/apps/$APP.app"
      echo "$opts $EXEC_WRAP \${SCRIPT_DIR}/../bin/$APP $ARGS" | sed "s|\${INPUTS}|\${SCRIPT_DIR}/../inputs/$APP|g; s/^ *//; s/  */ /g"
    } > "$OUT/$mode/$APP.exec"
  done
  printf '%s\tok\n' "$APP" >> "$OUT/build.tsv.part"
done
mv "$OUT/build.tsv.part" "$OUT/build.tsv"
