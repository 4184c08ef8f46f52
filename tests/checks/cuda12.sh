# tests/checks/cuda12.sh -- programs of CUDA 12 toolkits on awemu's libcudart.so.12 (sourced by tests/run.sh).
#
# There was only libcudart.so.13: a CUDA 12 program (it needs libcudart.so.12, its calls are
# versioned libcudart.so.12, its cudaDeviceProp is CUDA 12's) was refused by awemu exec ("another
# CUDA's runtime") and could not load at all.  The layout itself is tests/test_abi12.c (every
# field's offset, written by hand from CUDA 12.8's header).
#   dlvsym     tests/cuda/abi12_dlvsym.c looks the entry points up by name and version
#              libcudart.so.12, as the loader resolves a CUDA 12 program's, and reads
#              cudaGetDeviceProperties_v2's struct at CUDA 12's offsets: the values are
#              caba-gtx480's (emu/timing/presets/caba-gtx480.cfg, functional mode's device): 15
#              SMs, 700 MHz core (the issue clock: 1.4 GHz hot clock / 2; %clock counts it) and 924 MHz memory clocks (in kHz), 6 controllers x 8 bytes =
#              384-bit bus, 768 KiB L2, 1536 threads, 32 KiB shared memory and 32768 registers
#              per SM (sharedMemPerBlock: 48 KiB or the SM's when less), 8 CTAs; 16 GiB
#              (README); sm_75 before any fat binary; kernelExecTimeoutEnabled 1 (the 600 s
#              default limit); exactly 1032 bytes written (24 for cudaPointerGetAttributes);
#              CUDA 13's cudaGetDeviceProperties (another layout) not exported
#   program    tests/cuda/cuda12.cu, built by nvcc against libcudart.so.12 (DT_NEEDED
#              libcudart.so.12; its PTX in an LZ4 entry, flag 0x2000, the compression of nvcc 12
#              before -compress-mode), runs under awemu exec and with LD_LIBRARY_PATH alone: its
#              properties at CUDA 12's offsets, both launch paths of CUDA 12 (<<<>>> and
#              cudaLaunchKernel), no byte written past CUDA 12's structs [refused, exit 2]
#   other      a program that needs another CUDA's runtime (libcudart.so.11.0) is still refused,
#              the message naming both of awemu's
T=$(mktemp -d)
if [ -n "$AWEMU_ASAN" ]; then
  skip "cuda12 dlvsym" "an AddressSanitizer build of libcudart.so.12 cannot load into a program built without it"
elif ! cc -std=c11 -o "$T/dlvsym" tests/cuda/abi12_dlvsym.c -ldl > "$T/cc.log" 2>&1; then
  fail "cuda12 dlvsym: cc" "$(cat "$T/cc.log")"
else
  cat > "$T/dlvsym.expected" << 'EOF'
versioned libcudart.so.12: yes
cudaGetDeviceProperties@libcudart.so.12: absent
cudaMalloc@libcudart.so.13: absent
cudaGetDeviceProperties_v2: 0, bytes past 1032 untouched
name awemu caba-gtx
totalGlobalMem 17179869184 sharedMemPerBlock 32768 warpSize 32 maxThreadsPerBlock 1024 maxGridSize 2147483647
clockRate 700000 major 7 minor 5 deviceOverlap 1 multiProcessorCount 15 kernelExecTimeoutEnabled 1
canMapHostMemory 1 computeMode 0 unifiedAddressing 1 memoryClockRate 924000 memoryBusWidth 384 l2CacheSize 786432
maxThreadsPerMultiProcessor 1536 sharedMemPerMultiprocessor 32768 regsPerMultiprocessor 32768 managedMemory 1
sharedMemPerBlockOptin 32768 maxBlocksPerMultiProcessor 8 reserved zero
NULL: 1, device 1: 101
cudaRuntimeGetVersion 12080 cudaDriverGetVersion 12080
cudaPointerGetAttributes: 0 0, type 2, devicePointer the allocation, bytes past 24 untouched
EOF
  AWEMU_SUMMARY=0 "$T/dlvsym" "$BUILD/lib/libcudart.so.12" > "$T/dlvsym.out" 2> "$T/dlvsym.err" < /dev/null
  rc=$?
  if [ $rc -eq 0 ] && cmp -s "$T/dlvsym.expected" "$T/dlvsym.out"; then
    pass "cuda12 dlvsym: libcudart.so.12's entry points at version libcudart.so.12, CUDA 12's cudaDeviceProp at its offsets"
  else fail "cuda12 dlvsym (exit $rc)" "$(diff "$T/dlvsym.expected" "$T/dlvsym.out"; cat "$T/dlvsym.err")"; fi
fi
NVCC_BIN=${NVCC:-$(command -v nvcc 2>/dev/null || ls /usr/local/cuda/bin/nvcc 2>/dev/null)}
if [ -z "$NVCC_BIN" ]; then
  skip "cuda12 program" "nvcc is not installed (it builds the host program)"
elif [ -n "$AWEMU_ASAN" ]; then
  skip "cuda12 program" "an AddressSanitizer build of libcudart.so.12 cannot load into a program built without it"
elif ! "$NVCC_BIN" -cudart none -compress-mode=speed -o "$T/cuda12" tests/cuda/cuda12.cu -L"$BUILD/lib" -l:libcudart.so.12 > "$T/nvcc.log" 2>&1; then
  fail "cuda12 program: nvcc" "$(cat "$T/nvcc.log")"
else
  cat > "$T/cuda12.expected" << 'EOF'
cudaSuccess: 15 SMs, compute capability 7.5, clockRate 700000 kHz, memoryClockRate 924000 kHz, nothing past 1032 bytes
runtime 12080
<<<>>> cudaSuccess, cudaLaunchKernel cudaSuccess: 0 wrong elements
cudaPointerGetAttributes cudaSuccess: type 2, nothing past 24 bytes
EOF
  needed=$(readelf -d "$T/cuda12" 2>/dev/null | grep -o 'libcudart\.so[.0-9]*')
  "$BIN/awemu" exec --quiet "$T/cuda12" > "$T/cuda12.out" 2> "$T/cuda12.err" < /dev/null
  rc=$?
  if [ "$needed" = libcudart.so.12 ] && [ $rc -eq 0 ] && cmp -s "$T/cuda12.expected" "$T/cuda12.out" && [ ! -s "$T/cuda12.err" ]; then
    pass "cuda12 program: a program needing libcudart.so.12 runs under awemu exec (CUDA 12's structs, both launch paths)"
  else fail "cuda12 program (needs $needed, exit $rc)" "$(diff "$T/cuda12.expected" "$T/cuda12.out"; cat "$T/cuda12.err")"; fi
  LD_LIBRARY_PATH=$("$BIN/awemu" exec --libdir) AWEMU_SUMMARY=0 "$T/cuda12" > "$T/ld.out" 2>&1 < /dev/null
  rc=$?
  if [ $rc -eq 0 ] && cmp -s "$T/cuda12.expected" "$T/ld.out"; then pass "cuda12 program with LD_LIBRARY_PATH=\$(awemu exec --libdir) alone"
  else fail "cuda12 program with LD_LIBRARY_PATH alone (exit $rc)" "$(cat "$T/ld.out")"; fi
  # another CUDA's runtime: a stand-in libcudart.so.11.0 (no entry points; the program never runs)
  echo 'int awemu_stub;' > "$T/stub.c"
  if cc -shared -fPIC -Wl,-soname,libcudart.so.11.0 -o "$T/libcudart.so.11.0" "$T/stub.c" > "$T/stub.log" 2>&1 &&
     "$NVCC_BIN" -cudart none -o "$T/cuda11" tests/cuda/cuda12.cu -L"$T" -Xlinker --no-as-needed -l:libcudart.so.11.0 -Xlinker --unresolved-symbols=ignore-all > "$T/stub.log" 2>&1; then
    "$BIN/awemu" exec --quiet "$T/cuda11" > "$T/c11.out" 2> "$T/c11.err" < /dev/null
    rc=$?
    if [ $rc -eq 2 ] && grep -q "cuda11: it loads libcudart.so.11.0, another CUDA's runtime: awemu's are libcudart.so.13 and libcudart.so.12" "$T/c11.err" &&
       [ ! -s "$T/c11.out" ]; then pass "cuda12: a program needing libcudart.so.11.0 is refused, naming awemu's two runtimes"
    else fail "cuda12: a program needing libcudart.so.11.0 (exit $rc)" "$(cat "$T/c11.out" "$T/c11.err")"; fi
  else fail "cuda12: building the libcudart.so.11.0 program" "$(cat "$T/stub.log")"; fi
fi
rm -rf "$T"
