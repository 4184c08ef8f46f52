# tonemap: film-emulation tone mapping of a 1024 x 768 HDR luminance image (N = 786432
# pixels, f32 in and out, 3 MiB each): out[i] = f(in[i]) with f a straight-line pure
# function of the pixel value (own log2/exp2 polynomials, negative and print S-curves,
# Hable/Reinhard shoulders, gamma 1/2.2; 181 PTX instructions, 4 div.rn), over a
# grid-stride loop: grid 45 x block 256 (68 or 69 pixels per thread; one wave).
# The image takes only 56 distinct values (8-bit-style levels x = (k*k + 1)/64, all of
# them used): a workload for memoization. run_noisy.aw runs the same image with sensor
# noise (every value within 2^-12 of a level). Bit-exact (the reference follows the PTX).
# class: compute (ALU-bound, DRAM lightly used)
# Data: cc -std=c11 -O2 -ffp-contract=off ref.c -lm -o ref && ./ref DIR; run with DATA=DIR.
load ${SCRIPT_DIR}/tonemap.ptx
alloc in f32 786432
alloc out f32 786432
fill in file ${DATA}/in.bin
# tonemap(.u64 in, .u64 out, .u32 n)
launch tonemap 45 256 in out u32:786432
expect out file ${DATA}/out_expected.bin
