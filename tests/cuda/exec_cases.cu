// tests/cuda/exec_cases.cu -- what awemu exec and libcudart.so.13 must do for whole programs
// (tests/checks/cudart.sh runs `exec_cases CASE`, one process per case).
//
//   threads   4 host threads x 50 rounds, each: cudaMalloc two buffers, copy in, launch
//             out[i] = 3 * in[i] + t (its own t), copy out, check every element, cudaFree;
//             then the last error of each thread is its own (CUDA keeps it per host thread):
//             a thread that made no bad call reads cudaSuccess while another has an error.
//             Prints "4 threads x 50 rounds: 0 wrong elements, 0 errors, last errors per thread".
//   below     Rodinia srad_v2's J_cuda[tx - cols]: a kernel reads 1 KiB below the program's
//             first cudaMalloc, which a GPU has mapped; prints what it read and the status.
//   ignored   Rodinia srad_v2's pattern: 8 launches whose errors are never checked, the first
//             faults (a store 16 GiB past its buffer); prints "Computation Done", exits 0.
//   spin      a kernel that never ends (a time limit must stop it); prints the launch's error.
//   timeout   prints cudaDevAttrKernelExecTimeout (1: launches have a time limit).
#include <cstdio>
#include <cstring>
#include <thread>
#include <vector>

__global__ void affine(int *out, const int *in, int n, int t) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = 3 * in[i] + t;
}

__global__ void stencil(float *out, const float *J, int cols) {
  int tx = threadIdx.x;
  out[tx] = J[tx - cols] + J[tx];   // thread 0 reads cols elements below J, as srad_v2's north neighbour
}

__global__ void far_store(int *a, size_t far) { a[far] = 1; }

__global__ void spin(volatile int *flag) {
  while (*flag == 0) { }
}

static int threads_case(void) {
  const int nthreads = 4, rounds = 50, n = 4096;
  std::vector<long> wrong(nthreads, 0), errors(nthreads, 0);
  std::vector<std::thread> ts;
  for (int t = 0; t < nthreads; t++)
    ts.emplace_back([t, rounds, n, &wrong, &errors] {
      std::vector<int> in(n), out(n);
      for (int r = 0; r < rounds; r++) {
        for (int i = 0; i < n; i++) in[i] = i * 7 + r + 1000 * t;
        int *din = nullptr, *dout = nullptr;
        if (cudaMalloc(&din, n * sizeof(int)) != cudaSuccess || cudaMalloc(&dout, n * sizeof(int)) != cudaSuccess) { errors[t]++; continue; }
        if (cudaMemcpy(din, in.data(), n * sizeof(int), cudaMemcpyHostToDevice) != cudaSuccess) errors[t]++;
        affine<<<(n + 127) / 128, 128>>>(dout, din, n, t);
        if (cudaGetLastError() != cudaSuccess) errors[t]++;
        if (cudaMemcpy(out.data(), dout, n * sizeof(int), cudaMemcpyDeviceToHost) != cudaSuccess) errors[t]++;
        for (int i = 0; i < n; i++) if (out[i] != 3 * in[i] + t) wrong[t]++;
        if (cudaFree(din) != cudaSuccess || cudaFree(dout) != cudaSuccess) errors[t]++;
      }
    });
  for (auto &th : ts) th.join();
  long w = 0, e = 0;
  for (int t = 0; t < nthreads; t++) { w += wrong[t]; e += errors[t]; }
  // the last error is the calling thread's: this thread's bad call is not another's
  cudaError_t mine = cudaSetDevice(99), other = cudaErrorUnknown;
  std::thread([&other] { other = cudaGetLastError(); }).join();
  cudaError_t again = cudaGetLastError();
  int per_thread = mine == cudaErrorInvalidDevice && other == cudaSuccess && again == cudaErrorInvalidDevice;
  printf("%d threads x %d rounds: %ld wrong elements, %ld errors, %s\n", nthreads, rounds, w, e,
         per_thread ? "last errors per thread" : "last errors shared between threads");
  return w || e || !per_thread;
}

static int below_case(void) {
  const int cols = 256;   // 1 KiB of floats
  float *J, *out, host[32];
  cudaMalloc(&J, 64 * 1024);   // the program's first allocation
  cudaMalloc(&out, sizeof host);
  cudaMemset(J, 0, 64 * 1024);
  stencil<<<1, 32>>>(out, J, cols);
  cudaError_t e = cudaDeviceSynchronize();
  cudaMemcpy(host, out, sizeof host, cudaMemcpyDeviceToHost);
  printf("read below the first allocation: %s, %g\n", cudaGetErrorName(e), e == cudaSuccess ? host[0] : -1.0f);
  return e != cudaSuccess;
}

static int ignored_case(void) {
  int *a;
  cudaMalloc(&a, 256);
  for (int i = 0; i < 8; i++) far_store<<<1, 1>>>(a, i == 0 ? (size_t)4 << 30 : 0);   // errors never checked
  cudaFree(a);
  printf("Computation Done\n");
  return 0;
}

static int spin_case(void) {
  int *flag;
  cudaMalloc(&flag, sizeof(int));
  cudaMemset(flag, 0, sizeof(int));
  spin<<<1, 1>>>(flag);
  printf("spin: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
  return 0;
}

int main(int argc, char **argv) {
  if (argc != 2) { fprintf(stderr, "usage: exec_cases threads|below|ignored|spin|timeout\n"); return 2; }
  const char *c = argv[1];
  if (!strcmp(c, "threads")) return threads_case();
  if (!strcmp(c, "below")) return below_case();
  if (!strcmp(c, "ignored")) return ignored_case();
  if (!strcmp(c, "spin")) return spin_case();
  if (!strcmp(c, "timeout")) {
    int v = -1;
    cudaDeviceGetAttribute(&v, cudaDevAttrKernelExecTimeout, 0);
    printf("cudaDevAttrKernelExecTimeout %d\n", v);
    return 0;
  }
  fprintf(stderr, "exec_cases: unknown case '%s'\n", c);
  return 2;
}
