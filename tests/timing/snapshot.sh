#!/bin/sh
# tests/timing/snapshot.sh BIN OUT -- the statistics JSON of every timing run of make caba, make
# designs, make assist, make stalls, and of every tests/emu script under every preset and scheduler
# policy, into OUT (one file per run, named after what ran).  Two snapshots of the same tree are
# byte-identical (the timing mode is deterministic); `tests/timing/snapshot.sh BIN OUT` before and
# after a change that must not move a cycle, then `diff -r OUT1 OUT2` (or `sh tests/timing/snapshot.sh
# --compare OUT1 OUT2`), shows every statistic it moved.  Takes about 15 minutes on 2 cores.
#
# Statistics that are not the model's (host wall time and speed) are left out of the compared files:
# every line naming "wall", "seconds" or "per_second" is removed.
if [ "$1" = --compare ]; then
  a=$2; b=$3; n=$(find "$a" -name '*.json' | wc -l)
  if diff -r "$a" "$b" > /dev/null; then echo "snapshot: $n statistics files identical"; exit 0; fi
  diff -r "$a" "$b" | head -40
  echo "snapshot: the statistics differ ($(diff -rq "$a" "$b" | wc -l) of $n files)"
  exit 1
fi
BIN=${1:?usage: snapshot.sh BIN OUT}
OUT=${2:?usage: snapshot.sh BIN OUT}
mkdir -p "$OUT"
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
keep() {   # keep FILE NAME: the model's statistics of FILE as OUT/NAME.json
  grep -v -E '"[a-z_]*(wall|seconds|per_second)[a-z_]*":' "$1" > "$OUT/$2.json"
}
# make caba, make designs, make stalls, make assist: their scripts, into a private build directory
sh tests/timing/designs.sh "$BIN" "$W/b" examples/caba > "$W/caba.txt" 2>&1
sh tests/timing/designs.sh "$BIN" "$W/b" examples > "$W/designs.txt" 2>&1
sh tests/timing/stalls.sh "$BIN" "$W/b" > "$W/stalls.txt" 2>&1
sh tests/timing/assist.sh "$BIN" "$W/b" > "$W/assist.txt" 2>&1
for f in $(cd "$W/b" && find . -name '*.json' | sort); do
  case "$f" in ./designs/caba.json|./designs/examples.json) continue ;; esac   # (the runs' files, concatenated)
  keep "$W/b/$f" "$(echo "$f" | sed 's|^\./||; s|/|__|g; s|\.json$||')"
done
# every tests/emu script with data (made by its reference) under 3 presets x 3 policies
for script in tests/emu/*/*/run.aw; do
  dir=$(dirname "$script"); n=$(echo "$dir" | tr '/' '_')
  [ -f "$dir/expect-fault" ] && continue
  grep -q '^# schedule-dependent:' "$script" && continue
  data="$W/$n.data"; mkdir -p "$data"
  if [ -f "$dir/ref.c" ]; then
    cc -std=c11 -O2 -ffp-contract=off -o "$W/$n.ref" "$dir/ref.c" -lm 2>/dev/null && "$W/$n.ref" "$data" > /dev/null 2>&1 || continue
  fi
  for preset in caba-gtx480 mag-gddr5 mpc-titanv; do
    for policy in gto lrr two-level; do
      j="$W/$n.$preset.$policy.json"
      timeout 120 "$BIN/awemu" run --config "$preset" --set "sched_policy=$policy" --stats-json "$j" "$script" DATA="$data" > /dev/null 2>&1 &&
        keep "$j" "emu__$n.$preset.$policy"
    done
  done
done
echo "snapshot: $(find "$OUT" -name '*.json' | wc -l) statistics files in $OUT"
