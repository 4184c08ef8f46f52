# examples/paper/lib.sh -- the functions of make paper's scripts (build.sh, check.sh, paper.sh),
# sourced by them from the repository's root.  What each application needs is in its own file,
# examples/paper/apps/NAME.app (NAME: the paper's name); this file reads those files and holds what
# they have in common: where the sources are, the nvcc command, the checks of a run's output.

PAPER_DIR=examples/paper
# the applications, in the order of the paper's list (CABA section 6)
PAPER_APPS="BFS LPS MUM RAY hs nw bfs bh mst sp sssp TRA CONS SLA JPEG"
# the designs of summary.json, in its order
PAPER_DESIGNS="functional base hw-mem hw caba ideal"

# The two upstream repositories the sources come from, at the commits of
# ../shared/workloads/README.md: the suites' directories in a workloads tree are these
# repositories' directories (paper_clone makes such a tree from clones).
GAC_URL=https://github.com/accel-sim/gpu-app-collection
GAC_COMMIT=52c11fbccbe11fefd8bb27c1ec64ecfd1828b088
CS_URL=https://github.com/NVIDIA/cuda-samples
CS_COMMIT=c94ff366aed18c797b8a85dfaac7817b0228b420
# local directory  repository  its path there
PAPER_TREE="common GAC src/cuda/common
ispass-2009 GAC src/cuda/ispass-2009
lonestargpu-2.0 GAC src/cuda/lonestargpu-2.0
rodinia-3.1 GAC src/cuda/rodinia/3.1
cuda-samples CS ."

say() { printf '[paper] %s\n' "$*" >&2; }

# app_load NAME: the variables and functions of NAME's file (every one set afresh)
app_load() {
  unset -f build inputs check 2>/dev/null
  APP=$1 SUITE= ORIGIN= SHARED= ARGS= OPTS= TIMING_OPTS= EXEC_WRAP= HOW= VARY= REF=functional REF_WHY= NOTBUILT= INPUT_DESC=
  [ -f "$PAPER_DIR/apps/$1.app" ] || { say "no application $1 (examples/paper/apps/$1.app)"; return 1; }
  . "$PAPER_DIR/apps/$1.app"
}

# ---- the sources ----

# The workloads tree into $W: $AWEMU_WORKLOADS, or ../shared/workloads beside the repository, or
# (PAPER_CLONE=1) clones of the two upstream commits under $1/upstream.  1 with a message when none.
paper_sources() {
  if [ -n "${AWEMU_WORKLOADS:-}" ]; then W=$AWEMU_WORKLOADS
  elif [ "${PAPER_CLONE:-0}" = 1 ]; then paper_clone "$1/upstream" || return 1; W=$1/upstream/tree
  elif [ -d ../shared/workloads ]; then W=../shared/workloads
  else
    say "no sources: set AWEMU_WORKLOADS=DIR (a tree as ../shared/workloads/README.md describes), or PAPER_CLONE=1 to clone $GAC_URL and $CS_URL at their pinned commits"
    return 1
  fi
  [ -d "$W" ] || { say "AWEMU_WORKLOADS=$W: not a directory"; return 1; }
  W=$(cd "$W" && pwd)
}

# paper_clone DIR: DIR/gpu-app-collection and DIR/cuda-samples at the pinned commits (only the
# directories the applications need), and DIR/tree laid out as a workloads tree (symbolic links)
paper_clone() {
  command -v git > /dev/null || { say "PAPER_CLONE=1 needs git"; return 1; }
  mkdir -p "$1/tree" || return 1
  for r in GAC CS; do
    if [ $r = GAC ]; then url=$GAC_URL commit=$GAC_COMMIT dir=$1/gpu-app-collection
    else url=$CS_URL commit=$CS_COMMIT dir=$1/cuda-samples; fi
    paths=$(echo "$PAPER_TREE" | awk -v r=$r '$2 == r { print $3 }')
    if [ "$(git -C "$dir" rev-parse HEAD 2>/dev/null)" != "$commit" ]; then
      say "cloning $url at $commit"
      rm -rf "$dir"
      git clone --quiet --filter=blob:none --no-checkout "$url" "$dir" &&
        if [ "$paths" != . ]; then git -C "$dir" sparse-checkout set $paths; fi &&
        git -C "$dir" checkout --quiet "$commit" || { say "cloning $url failed"; return 1; }
    fi
  done
  echo "$PAPER_TREE" | while read -r local r path; do
    if [ $r = GAC ]; then target=../gpu-app-collection/$path; else target=../cuda-samples; fi
    ln -sfn "$target" "$1/tree/$local"
  done
}

# ---- building (build.sh; run in a copy of the sources, $SRC the copy's root) ----

NVCC=${NVCC:-$(command -v nvcc 2>/dev/null || { [ -x /usr/local/cuda/bin/nvcc ] && echo /usr/local/cuda/bin/nvcc; })}
# every application: a CUDA program of the shared runtime, PTX for sm_75 (nvcc 13's default,
# stated so that another nvcc makes the same), optimized as the suites' makefiles do
NVCC_FLAGS="-cudart shared -arch=sm_75 -O3"
# CUDA 12 removed cudaThreadSynchronize (deprecated since CUDA 4): the call it was renamed to, as
# ../shared/workloads/README.md verified, by the preprocessor (no source is edited for it)
NVCC_RENAMES="-DcudaThreadSynchronize=cudaDeviceSynchronize"

# nvcc_build FILE... [FLAG...]: the application's program, $BIN_OUT
nvcc_build() {
  echo "$NVCC $NVCC_FLAGS $NVCC_RENAMES $* -o $BIN_OUT"
  "$NVCC" $NVCC_FLAGS $NVCC_RENAMES "$@" -o "$BIN_OUT"
}

# patch FILE SEDSCRIPT: our sed script of examples/paper/patches applied to FILE of the source copy;
# every 's' command in it must change exactly one line (a source that is not the one the script
# was written for is an error, not a silent miss)
patch_source() {
  script=$REPO/$PAPER_DIR/patches/$2
  want=$(grep -c '^s' "$script")
  cp "$1" "$1.orig" && sed -f "$script" "$1.orig" > "$1" || return 1
  got=$(diff "$1.orig" "$1" | grep -c '^>')
  [ "$got" = "$want" ] || { echo "patch $2: $got lines of $1 changed, $want expected (not the source it was written for)"; return 1; }
  echo "patch $2: $got lines of $1 changed"
}

# gen ARGS: examples/paper/gen/gen.c, built by build.sh
gen() { "$GEN" "$@"; }

# ---- checking a run (check.sh): $WORK the run's working directory, $LOG its log, $INPUTS the
# application's inputs, $REFWORK and $REFLOG the reference run's (REF: functional, or base where
# functional mode cannot run the application); on failure REASON says why ----

# log_has ERE [WHAT]: a line of the program's output matches
log_has() {
  grep -Eq -- "$1" "$LOG" && return 0
  REASON="${2:-its output has no line matching /$1/}"; return 1
}
# log_lacks ERE [WHAT]
log_lacks() {
  l=$(grep -E -m 1 -- "$1" "$LOG") || return 0
  REASON="${2:-its output says} '$l'"; return 1
}
# output_is FILE REF: the program's FILE is byte for byte the reference $INPUTS/REF (our CPU's)
output_is() {
  [ -f "$WORK/$1" ] || { REASON="it wrote no $1"; return 1; }
  cmp -s "$WORK/$1" "$INPUTS/$2" && return 0
  REASON="its $1 differs from the CPU reference $2 ($(cmp "$WORK/$1" "$INPUTS/$2" 2>&1 | head -1 | sed 's|.*differ: ||'))"; return 1
}
# same FILE...: the program's files are those of the reference run
same() {
  for f in "$@"; do
    [ -f "$REFWORK/$f" ] || { REASON="the reference run ($REF) wrote no $f"; return 1; }
    [ -f "$WORK/$f" ] || { REASON="it wrote no $f"; return 1; }
    cmp -s "$WORK/$f" "$REFWORK/$f" || { REASON="its $f differs from the $REF run's ($(cmp "$WORK/$f" "$REFWORK/$f" 2>&1 | head -1 | sed 's|.*differ: ||'))"; return 1; }
  done
}
# program_output LOG: what the program printed, without awemu's lines and the lines of $VARY
# (times, which differ from run to run)
program_output() {
  grep -v '^awemu: ' "$1" | { if [ -n "$VARY" ]; then grep -Ev -- "$VARY"; else cat; fi; }
}
# same_log: the program printed what it printed in the reference run ($VARY aside)
same_log() {
  [ -f "$REFLOG" ] || { REASON="the reference run ($REF) has no log"; return 1; }
  program_output "$LOG" > "$WORK/../output.txt"
  program_output "$REFLOG" > "$WORK/../output.ref.txt"
  cmp -s "$WORK/../output.txt" "$WORK/../output.ref.txt" && return 0
  REASON="it printed other results than the $REF run: $(diff "$WORK/../output.ref.txt" "$WORK/../output.txt" | grep '^[<>]' | head -2 | tr '\n' ' ' | cut -c1-200)"; return 1
}

# json_str TEXT: TEXT as a JSON string (RFC 8259: quote, backslash and control characters escaped)
json_str() {
  printf '%s' "$1" | awk 'BEGIN { ORS = ""; print "\"" }
    { if (NR > 1) print "\\n"; s = $0; gsub(/\\/, "\\\\", s); gsub(/"/, "\\\"", s); gsub(/\t/, "\\t", s)
      gsub(/[\001-\037]/, "", s); print s }
    END { print "\"" }'
}
# html: standard input with & < > escaped
html() { sed 's/&/\&amp;/g; s/</\&lt;/g; s/>/\&gt;/g'; }
