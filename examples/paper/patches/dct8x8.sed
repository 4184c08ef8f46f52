# examples/paper/patches/dct8x8.sed: each GPU version run once (the sample times 10 runs)
s/^#define BENCHMARK_SIZE 10$/#define BENCHMARK_SIZE 1/
