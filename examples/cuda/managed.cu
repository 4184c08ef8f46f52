// examples/cuda/managed.cu -- unified memory: cudaMallocManaged data that the host fills and reads in
// place, with a linked list whose pointers the kernel follows, and cudaPointerGetAttributes.
#include "common.h"

struct Item { int value; Item *next; };

__global__ void sumList(const Item *head, long long *out) {
  long long s = 0;
  for (const Item *p = head; p; p = p->next) s += p->value;
  *out = s;
}

__global__ void square(int *a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) a[i] = a[i] * a[i];
}

int main(void) {
  const int n = 1000;
  int *a;
  CUDA_CHECK(cudaMallocManaged(&a, n * sizeof(int)));
  for (int i = 0; i < n; i++) a[i] = i - 500;          // the host writes managed memory directly
  square<<<(n + 127) / 128, 128>>>(a, n);
  CUDA_CHECK_KERNEL();
  int bad = 0;
  for (int i = 0; i < n; i++) if (a[i] != (i - 500) * (i - 500)) bad++;   // and reads the kernel's results in place
  Item *items;
  long long *sum;
  CUDA_CHECK(cudaMallocManaged(&items, 100 * sizeof(Item)));
  CUDA_CHECK(cudaMallocManaged(&sum, sizeof *sum));
  long long want = 0;
  for (int i = 0; i < 100; i++) {   // host pointers that the device follows: the same addresses
    items[i].value = i * i - 37;
    items[i].next = i + 1 < 100 ? &items[(i * 31 + 1) % 100 == 0 ? i + 1 : i + 1] : nullptr;
    want += items[i].value;
  }
  sumList<<<1, 1>>>(items, sum);
  CUDA_CHECK_KERNEL();
  cudaPointerAttributes at;
  CUDA_CHECK(cudaPointerGetAttributes(&at, a));
  printf("managed memory: squares %s, list sum %lld (want %lld) %s, attributes %s\n", bad ? "FAILED" : "PASSED", *sum, want,
         *sum == want ? "PASSED" : "FAILED", at.type == cudaMemoryTypeManaged && at.devicePointer == a ? "PASSED" : "FAILED");
  bool ok = !bad && *sum == want && at.type == cudaMemoryTypeManaged;
  CUDA_CHECK(cudaFree(a));
  CUDA_CHECK(cudaFree(items));
  CUDA_CHECK(cudaFree(sum));
  return ok ? EXIT_SUCCESS : EXIT_FAILURE;
}
