# ISPASS-2009 MUM (MUMmerGPU 1.0): DNA sequence alignment, queries matched on a suffix tree of the
# reference that the kernel reads through textures.
SUITE="ISPASS-2009"
ORIGIN=ispass-2009/MUM
# patches/mummergpu_kernel.sed and patches/mum_tex.h: the three texture references CUDA 12 removed
# as texture objects, and ulong4 as the 16-byte texel it was on the 32-bit hosts it was written for
# (mum_tex.h says why).  -fno-delete-null-pointer-checks: SuffixNode::id() tests 'if (this)' (the
# root's parent is NULL), which g++ 12 deletes at -O2 and above, so the tree's flattening crashes.
build() {
  patch_source mummergpu_kernel.cu mummergpu_kernel.sed &&
    nvcc_build -Xcompiler -fno-delete-null-pointer-checks -include "$REPO/$PAPER_DIR/patches/mum_tex.h" -I. \
      mummergpu.cu mummergpu_main.cpp mummergpu_gold.cpp suffix-tree.cpp PoolMalloc.cpp
}
# as the suite's NC_003997.20k.fna and NC_003997_q25bp.50k.fna: 20,000 bases, 50,000 reads of 25
# (genreads.py's way); cpu.out: the matches of the program's own CPU version (-C: computeGold on
# the same suffix tree, no kernel), run on awemu's runtime for its CUDA calls
inputs() {
  gen fasta 20000 50000 25 1 ref.fna reads.fna || return 1
  [ -n "${AWEMU:-}" ] || { echo "MUM's CPU reference (-C) runs on awemu's CUDA runtime: AWEMU=PATH names awemu"; return 1; }
  "$AWEMU" exec "$BIN/MUM" -C ref.fna reads.fna > cpu.out 2> cpu.err || { tail -1 cpu.err; return 1; }
}
INPUT_DESC="ref.fna: 20,000 random bases; reads.fna: 50,000 reads of 25 bases copied from it, seed 1 (gen fasta, as the suite's genreads.py)"
ARGS='${INPUTS}/ref.fna ${INPUTS}/reads.fna'
# the matches it prints (a '> rid' line per read, then its matches) against its CPU version's
mum_matches() { grep -E '^> |^ +[0-9]+ +[0-9]+ +[0-9]+$' "$1"; }
check() {
  mum_matches "$LOG" > "$WORK/../matches.txt"
  mum_matches "$INPUTS/cpu.out" > "$WORK/../matches.cpu.txt"
  [ -s "$WORK/../matches.cpu.txt" ] || { REASON="its CPU version printed no match (inputs/MUM/cpu.out)"; return 1; }
  cmp -s "$WORK/../matches.txt" "$WORK/../matches.cpu.txt" && return 0
  REASON="its matches differ from its CPU version's (-C): $(diff "$WORK/../matches.cpu.txt" "$WORK/../matches.txt" | grep '^[<>]' | head -2 | tr '\n' ' ' | cut -c1-200)"; return 1
}
HOW="its matches the same as its own CPU version's (-C)"
