# pastend: smooth() loads a[i - 1] and a[i + 1] in every thread, so thread 0 reads a[-1] and
# thread 999 reads a[1000], and discards them.  The buffers sit in mapped pages, as CUDA's
# allocator places them ('out' first, so a[-1] is in the gap after it), so the launch runs and
# out is exact.  make test runs it twice: plainly, and with --memcheck, whose two reports
# (and nothing else) must be memcheck-expected's (tests/run.sh).
# Data: cc -std=c11 -O2 -ffp-contract=off ref.c -lm -o ref && ./ref DIR; run with DATA=DIR.
load ${SCRIPT_DIR}/pastend.ptx
alloc out f32 1000
alloc a f32 1000
fill a file ${DATA}/a.bin
# smooth(.u64 a, .u64 out, .u32 n)
launch smooth 4 256 a out u32:1000
expect out file ${DATA}/out_expected.bin
