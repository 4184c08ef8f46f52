// cubblock: CUB's block-wide collectives as real CUDA code uses them -- cub::BlockReduce (Sum,
// and Reduce with a max functor), cub::BlockScan (ExclusiveSum, InclusiveScan with it, and
// the block aggregate) and cub::WarpReduce (Sum over each warp).  CUB picks its algorithm per
// architecture: built for sm_80 (redux.sync for the warp sums) and for sm_75 (archs: shuffles).
// The kernels carry the architecture in their names, so one run script launches both builds.
#include <cub/block/block_reduce.cuh>
#include <cub/block/block_scan.cuh>
#include <cub/warp/warp_reduce.cuh>

struct MaxOp { __device__ int operator()(int a, int b) const { return a > b ? a : b; } };

#if __CUDA_ARCH__ >= 800
#define KN(name) name##_sm80
#else
#define KN(name) name##_sm75
#endif

// per block of 256: sums[b] = the sum, maxs[b] = the max, excl[i] = exclusive prefix sum,
// incl[i] = inclusive prefix max, aggr[b] = the scan's aggregate, wsum[w] = each warp's sum
extern "C" __global__ void KN(block_stats)(const int *in, int *sums, int *maxs, int *excl, int *incl, int *aggr, int *wsum) {
  typedef cub::BlockReduce<int, 256> Reduce;
  typedef cub::BlockScan<int, 256> Scan;
  typedef cub::WarpReduce<int> Warp;
  __shared__ typename Reduce::TempStorage rt;
  __shared__ typename Scan::TempStorage st;
  __shared__ typename Warp::TempStorage wt[8];
  int i = blockIdx.x * 256 + threadIdx.x;
  int v = in[i];
  int s = Reduce(rt).Sum(v);
  __syncthreads();
  int m = Reduce(rt).Reduce(v, MaxOp());
  if (threadIdx.x == 0) { sums[blockIdx.x] = s; maxs[blockIdx.x] = m; }
  int x, a;
  Scan(st).ExclusiveSum(v, x, a);
  excl[i] = x;
  __syncthreads();
  int y;
  Scan(st).InclusiveScan(v, y, MaxOp());
  incl[i] = y;
  if (threadIdx.x == 0) aggr[blockIdx.x] = a;
  int w = Warp(wt[threadIdx.x / 32]).Sum(v);
  if (threadIdx.x % 32 == 0) wsum[blockIdx.x * 8 + threadIdx.x / 32] = w;
}
