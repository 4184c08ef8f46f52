// tests/cuda/texture.cu -- CUDA arrays and texture objects as a CUDA 13 program uses them
// (tests/checks/cudart.sh): cudaMallocArray, cudaMemcpy2DToArray from pitched host memory,
// cudaCreateTextureObject over the array (linear filtering, clamp; point sampling with
// normalized coordinates and wrap; an 8-bit RGBA array read as normalized floats), tex1Dfetch
// over linear memory, the copies back out of the array, cudaArrayGetInfo,
// cudaGetTextureObjectResourceDesc, and the frees.  Each line printed is a value derived by
// hand (the comments), then "texture: PASSED" when all agree.  Before, cudaMallocArray returned
// cudaErrorNotSupported ("cudaMallocArray is not implemented by awemu's CUDA runtime").
// cudaMemcpyToArray and cudaMemcpyFromArray are deprecated, and still CUDA 13's
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
#include <cstdio>
#include <cstring>

#define CHECK(call) do { cudaError_t e_ = (call); if (e_ != cudaSuccess) { printf("%s: %s\n", #call, cudaGetErrorName(e_)); return 1; } } while (0)

__global__ void fetch2d(cudaTextureObject_t t, const float2 *xy, float *out, int n) {
  int i = threadIdx.x;
  if (i < n) out[i] = tex2D<float>(t, xy[i].x, xy[i].y);
}
__global__ void fetch_rgba(cudaTextureObject_t t, float4 *out) { out[threadIdx.x] = tex2D<float4>(t, threadIdx.x + 0.5f, 0.5f); }
__global__ void fetch_linear(cudaTextureObject_t t, const int *idx, int *out) { out[threadIdx.x] = tex1Dfetch<int>(t, idx[threadIdx.x]); }

static int bad;
static void expect(const char *what, double got, double want) {
  printf("%s: %g%s\n", what, got, got == want ? "" : " (WRONG)");
  if (got != want) { bad = 1; printf("  want %g\n", want); }
}

int main() {
  // a 4 x 2 float array, T[j][i] = 256 i + 1024 j, copied from host rows 32 bytes apart
  float host[2][8];
  for (int j = 0; j < 2; j++) for (int i = 0; i < 8; i++) host[j][i] = i < 4 ? (float)(256 * i + 1024 * j) : -1.0f;
  cudaChannelFormatDesc fd = cudaCreateChannelDesc<float>();
  cudaArray_t a;
  CHECK(cudaMallocArray(&a, &fd, 4, 2));
  CHECK(cudaMemcpy2DToArray(a, 0, 0, host, sizeof host[0], 4 * sizeof(float), 2, cudaMemcpyHostToDevice));

  cudaResourceDesc res;
  memset(&res, 0, sizeof res);
  res.resType = cudaResourceTypeArray;
  res.res.array.array = a;
  cudaTextureDesc td;
  memset(&td, 0, sizeof td);
  td.filterMode = cudaFilterModeLinear;
  td.addressMode[0] = td.addressMode[1] = cudaAddressModeClamp;
  td.readMode = cudaReadModeElementType;
  cudaTextureObject_t lin;
  CHECK(cudaCreateTextureObject(&lin, &res, &td, NULL));

  float2 pts[4] = { { 1.8f, 0.5f }, { 1.8f, 1.25f }, { 4.0f, 0.5f }, { -3.0f, 7.0f } };
  float2 *dpts;
  float *dout, out[4];
  CHECK(cudaMalloc(&dpts, sizeof pts));
  CHECK(cudaMalloc(&dout, sizeof out));
  CHECK(cudaMemcpy(dpts, pts, sizeof pts, cudaMemcpyHostToDevice));
  fetch2d<<<1, 4>>>(lin, dpts, dout, 4);
  CHECK(cudaGetLastError());
  CHECK(cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost));
  // (1.8, 0.5): i = floor(1.3) = 1, a = 0.3 -> 77/256 in 1.8 fixed point: 256 + 77 = 333 (332.8 exact)
  expect("linear (1.8, 0.5)", out[0], 333);
  // (1.8, 1.25): b = 0.75: 333 + 0.75 * 1024 = 1101
  expect("linear (1.8, 1.25)", out[1], 1101);
  // (4.0, 0.5): i = 3, a = 0.5, texel 4 clamped to 3: 768
  expect("linear clamped (4.0, 0.5)", out[2], 768);
  // (-3, 7): every texel clamped to T[1][0]: 1024
  expect("linear clamped (-3, 7)", out[3], 1024);

  // point sampling, normalized coordinates, wrap: (1.3, 0.75) -> 5.2, 1.5: i = 5 mod 4 = 1, j = 1:
  // 256 + 1024 = 1280; (-0.2, 0.25) -> -0.8, 0.5: i = 3, j = 0: 768
  td.filterMode = cudaFilterModePoint;
  td.addressMode[0] = td.addressMode[1] = cudaAddressModeWrap;
  td.normalizedCoords = 1;
  cudaTextureObject_t wrap;
  CHECK(cudaCreateTextureObject(&wrap, &res, &td, NULL));
  float2 wp[2] = { { 1.3f, 0.75f }, { -0.2f, 0.25f } };
  CHECK(cudaMemcpy(dpts, wp, sizeof wp, cudaMemcpyHostToDevice));
  fetch2d<<<1, 2>>>(wrap, dpts, dout, 2);
  CHECK(cudaMemcpy(out, dout, 2 * sizeof(float), cudaMemcpyDeviceToHost));
  expect("point wrap normalized (1.3, 0.75)", out[0], 1280);
  expect("point wrap normalized (-0.2, 0.25)", out[1], 768);

  // unnormalized coordinates: wrap is clamp (CUDA switches it): (5.5, 0.5) -> i = 5 -> 3: 768
  td.normalizedCoords = 0;
  cudaTextureObject_t uwrap;
  CHECK(cudaCreateTextureObject(&uwrap, &res, &td, NULL));
  float2 up = { 5.5f, 0.5f };
  CHECK(cudaMemcpy(dpts, &up, sizeof up, cudaMemcpyHostToDevice));
  fetch2d<<<1, 1>>>(uwrap, dpts, dout, 1);
  CHECK(cudaMemcpy(out, dout, sizeof(float), cudaMemcpyDeviceToHost));
  expect("point wrap unnormalized, taken as clamp (5.5, 0.5)", out[0], 768);

  // the array back: 2D into rows 32 bytes apart, and row 1 with the 1D form
  float back[2][8];
  memset(back, 0, sizeof back);
  CHECK(cudaMemcpy2DFromArray(back, sizeof back[0], a, 0, 0, 4 * sizeof(float), 2, cudaMemcpyDeviceToHost));
  float row1[4];
  CHECK(cudaMemcpyFromArray(row1, a, 0, 1, sizeof row1, cudaMemcpyDeviceToHost));
  expect("cudaMemcpy2DFromArray T[1][3]", back[1][3], 1792);
  expect("cudaMemcpy2DFromArray leaves the pitch's rest", back[0][5], 0);
  expect("cudaMemcpyFromArray row 1, T[1][2]", row1[2], 1536);

  cudaChannelFormatDesc got;
  cudaExtent ext;
  unsigned flags;
  CHECK(cudaArrayGetInfo(&got, &ext, &flags, a));
  expect("cudaArrayGetInfo width", (double)ext.width, 4);
  expect("cudaArrayGetInfo height", (double)ext.height, 2);
  expect("cudaArrayGetInfo x bits (float)", got.x, 32);
  cudaResourceDesc rgot;
  CHECK(cudaGetTextureObjectResourceDesc(&rgot, lin));
  expect("cudaGetTextureObjectResourceDesc gives the array back", rgot.res.array.array == a, 1);

  // an RGBA array of 8-bit channels read as normalized floats: texel 1 = (51, 0, 255, 102):
  // (0.2, 0, 1, 0.4)
  uchar4 rgba[2] = { make_uchar4(0, 0, 0, 0), make_uchar4(51, 0, 255, 102) };
  cudaChannelFormatDesc cd = cudaCreateChannelDesc<uchar4>();
  cudaArray_t a8;
  CHECK(cudaMallocArray(&a8, &cd, 2));   // a 1D array (height 0)
  CHECK(cudaMemcpyToArray(a8, 0, 0, rgba, sizeof rgba, cudaMemcpyHostToDevice));
  res.res.array.array = a8;
  td.readMode = cudaReadModeNormalizedFloat;
  td.addressMode[0] = td.addressMode[1] = cudaAddressModeClamp;
  cudaTextureObject_t t8;
  CHECK(cudaCreateTextureObject(&t8, &res, &td, NULL));
  float4 *d4, o4[2];
  CHECK(cudaMalloc(&d4, sizeof o4));
  fetch_rgba<<<1, 2>>>(t8, d4);
  CHECK(cudaMemcpy(o4, d4, sizeof o4, cudaMemcpyDeviceToHost));
  expect("uchar4 normalized texel 1 .x (51/255)", o4[1].x, 51.0f / 255.0f);
  expect("uchar4 normalized texel 1 .z (255/255)", o4[1].z, 1.0f);
  expect("uchar4 normalized texel 1 .w (102/255)", o4[1].w, 102.0f / 255.0f);

  // tex1Dfetch over linear memory: ints 10, 20, 30; index 3 and -1 are outside: 0
  int vals[3] = { 10, 20, 30 }, idx[4] = { 0, 2, 3, -1 }, *dv, *di, *dres, ores[4];
  CHECK(cudaMalloc(&dv, sizeof vals));
  CHECK(cudaMalloc(&di, sizeof idx));
  CHECK(cudaMalloc(&dres, sizeof ores));
  CHECK(cudaMemcpy(dv, vals, sizeof vals, cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(di, idx, sizeof idx, cudaMemcpyHostToDevice));
  cudaResourceDesc lr;
  memset(&lr, 0, sizeof lr);
  lr.resType = cudaResourceTypeLinear;
  lr.res.linear.devPtr = dv;
  lr.res.linear.desc = cudaCreateChannelDesc<int>();
  lr.res.linear.sizeInBytes = sizeof vals;
  cudaTextureDesc ltd;
  memset(&ltd, 0, sizeof ltd);
  cudaTextureObject_t tl;
  CHECK(cudaCreateTextureObject(&tl, &lr, &ltd, NULL));
  fetch_linear<<<1, 4>>>(tl, di, dres);
  CHECK(cudaMemcpy(ores, dres, sizeof ores, cudaMemcpyDeviceToHost));
  expect("tex1Dfetch [2]", ores[1], 30);
  expect("tex1Dfetch [3] (outside: 0)", ores[2], 0);
  expect("tex1Dfetch [-1] (outside: 0)", ores[3], 0);

  CHECK(cudaDestroyTextureObject(lin));
  CHECK(cudaDestroyTextureObject(wrap));
  CHECK(cudaDestroyTextureObject(uwrap));
  CHECK(cudaDestroyTextureObject(t8));
  CHECK(cudaDestroyTextureObject(tl));
  CHECK(cudaFreeArray(a));
  CHECK(cudaFreeArray(a8));
  printf("texture: %s\n", bad ? "FAILED" : "PASSED");
  return bad;
}
