// examples/cuda/nbody.cu -- a by-value struct argument (simulation parameters, float3 inside), a
// template kernel on the element type, and the occupancy API to size the launch.
#include "common.h"
#include <cmath>
#include <vector>

struct SimParams {
  float dt;
  float softening;
  float3 gravity;
  int n;
  char label[12];
};

template <typename T>
__global__ void step(SimParams p, const T *pos, const T *vel, T *newpos, T *newvel) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= p.n) return;
  T ax = (T)p.gravity.x, ay = (T)p.gravity.y;
  for (int j = 0; j < p.n; j++) {
    T dx = pos[2 * j] - pos[2 * i], dy = pos[2 * j + 1] - pos[2 * i + 1];
    T r2 = dx * dx + dy * dy + (T)p.softening;
    T inv = (T)1 / (r2 * (T)sqrt((double)r2));
    ax += dx * inv;
    ay += dy * inv;
  }
  newvel[2 * i] = vel[2 * i] + ax * (T)p.dt;
  newvel[2 * i + 1] = vel[2 * i + 1] + ay * (T)p.dt;
  newpos[2 * i] = pos[2 * i] + newvel[2 * i] * (T)p.dt;
  newpos[2 * i + 1] = pos[2 * i + 1] + newvel[2 * i + 1] * (T)p.dt;
  if (i == 0 && p.label[0] != 'n') newpos[0] = (T)-1e30;   // the struct's bytes arrived whole
}

template <typename T>
static int run(const char *name) {
  SimParams p = { 0.01f, 0.05f, make_float3(0.0f, -0.5f, 0.0f), 500, "nbody-test" };
  std::vector<T> pos(2 * p.n), vel(2 * p.n, (T)0);
  for (int i = 0; i < 2 * p.n; i++) pos[i] = (T)((i * 7) % 113) / (T)11;
  T *d[4];
  for (int k = 0; k < 4; k++) CUDA_CHECK(cudaMalloc(&d[k], pos.size() * sizeof(T)));
  CUDA_CHECK(cudaMemcpy(d[0], pos.data(), pos.size() * sizeof(T), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(d[1], vel.data(), vel.size() * sizeof(T), cudaMemcpyHostToDevice));
  int minGrid = 0, block = 0;
  CUDA_CHECK(cudaOccupancyMaxPotentialBlockSize(&minGrid, &block, step<T>, 0, 0));
  if (block <= 0 || block > 1024 || block % 32) { printf("occupancy API: block size %d\n", block); return 1; }
  step<T><<<(p.n + block - 1) / block, block>>>(p, d[0], d[1], d[2], d[3]);
  CUDA_CHECK_KERNEL();
  std::vector<T> np(pos.size()), nv(vel.size());
  CUDA_CHECK(cudaMemcpy(np.data(), d[2], np.size() * sizeof(T), cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaMemcpy(nv.data(), d[3], nv.size() * sizeof(T), cudaMemcpyDeviceToHost));
  double worst = 0;
  for (int i = 0; i < p.n; i++) {   // CPU reference in double; the tolerance covers the device's sqrt/division rounding
    double ax = p.gravity.x, ay = p.gravity.y;
    for (int j = 0; j < p.n; j++) {
      double dx = (double)pos[2 * j] - (double)pos[2 * i], dy = (double)pos[2 * j + 1] - (double)pos[2 * i + 1];
      double r2 = dx * dx + dy * dy + p.softening;
      ax += dx / (r2 * sqrt(r2));
      ay += dy / (r2 * sqrt(r2));
    }
    double vx = ax * p.dt, vy = ay * p.dt;
    double e = fabs(nv[2 * i] - vx) + fabs(nv[2 * i + 1] - vy) + fabs(np[2 * i] - (pos[2 * i] + vx * p.dt));
    if (e > worst) worst = e;
  }
  double tol = sizeof(T) == 4 ? 1e-3 : 1e-9;
  printf("nbody<%s> %d bodies (block %d from the occupancy API): %s (worst error %.1e)\n", name, p.n, block,
         worst <= tol ? "PASSED" : "FAILED", worst);
  for (int k = 0; k < 4; k++) cudaFree(d[k]);
  return worst > tol;
}

int main(void) {
  int bad = run<float>("float") + run<double>("double");
  return bad ? EXIT_FAILURE : EXIT_SUCCESS;
}
