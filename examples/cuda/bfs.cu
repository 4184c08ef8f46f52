// examples/cuda/bfs.cu -- Rodinia's BFS structure: a host loop that reads a device flag back each level.
#include "common.h"
#include <vector>

struct Node { int start, edges; };

__global__ void expand(const Node *nodes, const int *edges, bool *mask, bool *updating, bool *visited, int *cost, int n) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  if (tid < n && mask[tid]) {
    mask[tid] = false;
    for (int i = nodes[tid].start; i < nodes[tid].start + nodes[tid].edges; i++) {
      int id = edges[i];
      if (!visited[id]) { cost[id] = cost[tid] + 1; updating[id] = true; }
    }
  }
}

__global__ void advance(bool *mask, bool *updating, bool *visited, bool *over, int n) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  if (tid < n && updating[tid]) {
    mask[tid] = true;
    visited[tid] = true;
    *over = true;
    updating[tid] = false;
  }
}

int main(void) {
  const int n = 4096;
  std::vector<Node> nodes(n);
  std::vector<int> edges;
  unsigned seed = 12345;
  for (int i = 0; i < n; i++) {   // a ring plus pseudo-random chords: connected, many levels
    nodes[i].start = (int)edges.size();
    edges.push_back((i + 1) % n);
    for (int k = 0; k < 2; k++) { seed = seed * 1103515245u + 12345u; edges.push_back((int)((seed >> 8) % (unsigned)n)); }
    nodes[i].edges = (int)edges.size() - nodes[i].start;
  }
  std::vector<char> hmask(n, 0), hvisited(n, 0);
  std::vector<int> hcost(n, -1);
  hmask[0] = hvisited[0] = 1;
  hcost[0] = 0;
  Node *dnodes; int *dedges, *dcost; bool *dmask, *dupd, *dvis, *dover;
  CUDA_CHECK(cudaMalloc(&dnodes, n * sizeof(Node)));
  CUDA_CHECK(cudaMalloc(&dedges, edges.size() * sizeof(int)));
  CUDA_CHECK(cudaMalloc(&dmask, n));
  CUDA_CHECK(cudaMalloc(&dupd, n));
  CUDA_CHECK(cudaMalloc(&dvis, n));
  CUDA_CHECK(cudaMalloc(&dcost, n * sizeof(int)));
  CUDA_CHECK(cudaMalloc(&dover, sizeof(bool)));
  CUDA_CHECK(cudaMemcpy(dnodes, nodes.data(), n * sizeof(Node), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(dedges, edges.data(), edges.size() * sizeof(int), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(dmask, hmask.data(), n, cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(dvis, hvisited.data(), n, cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemset(dupd, 0, n));
  CUDA_CHECK(cudaMemcpy(dcost, hcost.data(), n * sizeof(int), cudaMemcpyHostToDevice));
  int levels = 0;
  bool stop;
  do {   // the loop a run script cannot express: how many levels depends on the data
    stop = false;
    CUDA_CHECK(cudaMemcpy(dover, &stop, sizeof(bool), cudaMemcpyHostToDevice));
    expand<<<(n + 255) / 256, 256>>>(dnodes, dedges, dmask, dupd, dvis, dcost, n);
    CUDA_CHECK(cudaGetLastError());
    advance<<<(n + 255) / 256, 256>>>(dmask, dupd, dvis, dover, n);
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaMemcpy(&stop, dover, sizeof(bool), cudaMemcpyDeviceToHost));
    levels++;
  } while (stop);
  CUDA_CHECK(cudaMemcpy(hcost.data(), dcost, n * sizeof(int), cudaMemcpyDeviceToHost));
  // CPU reference: a queue-based BFS over the same graph
  std::vector<int> ref(n, -1), q;
  ref[0] = 0; q.push_back(0);
  for (size_t h = 0; h < q.size(); h++)
    for (int i = nodes[q[h]].start; i < nodes[q[h]].start + nodes[q[h]].edges; i++)
      if (ref[edges[i]] < 0) { ref[edges[i]] = ref[q[h]] + 1; q.push_back(edges[i]); }
  int bad = 0, depth = 0;
  for (int i = 0; i < n; i++) { if (hcost[i] != ref[i]) bad++; if (ref[i] > depth) depth = ref[i]; }
  printf("bfs of %d nodes: %d levels (depth %d): %s\n", n, levels, depth, bad ? "FAILED" : "PASSED");
  cudaFree(dnodes); cudaFree(dedges); cudaFree(dmask); cudaFree(dupd); cudaFree(dvis); cudaFree(dcost); cudaFree(dover);
  return bad || levels != depth + 1 ? EXIT_FAILURE : EXIT_SUCCESS;
}
