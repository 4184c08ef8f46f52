/* emu/awemu.h -- libawemu: the functional SIMT emulator and its host API.
 *
 * Owns: devices (memory, statistics, settings), modules (loaded images with
 * their predecoded code) and kernel launches.  The calls mirror the CUDA
 * driver API a user knows: load a module, find a kernel, allocate and copy
 * memory, launch, read statistics.  A launch runs to completion before it
 * returns (the functional core: results only, no timing).
 * Promises: nothing a kernel does crashes the emulator; a bad access, a
 * barrier deadlock or a runaway kernel ends the launch with an aw_fault
 * naming kernel, CTA, warp, lane, pc, source line and address.  The same
 * inputs give the same results and the same statistics.
 */
#ifndef AWEMU_H
#define AWEMU_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

typedef struct aw_device aw_device;
typedef struct aw_module aw_module;

typedef struct { uint32_t x, y, z; } aw_dim3;

typedef enum {
  AW_OK = 0,
  AW_ERR_ARG,        /* bad argument to an API call */
  AW_ERR_LOAD,       /* the module did not load */
  AW_ERR_MEMORY,     /* out of host memory, or bad device pointer */
  AW_FAULT           /* the kernel faulted: see aw_fault */
} aw_status;

typedef struct {
  char kernel[128];
  aw_dim3 cta;
  uint32_t warp, lane;
  uint32_t pc;              /* instruction index within the function */
  char function[128];       /* the function the pc is in */
  char file[256];           /* source position ("" when unknown) */
  uint32_t line, col;
  uint64_t address;         /* the address involved, when there is one */
  int has_address;
  char what[256];           /* what happened */
  int placeless;            /* the launch as a whole, no CTA, warp or instruction (the timing model's faults) */
  char parent[200];         /* an assist warp's: "the assist warp of kernel K, block (x,y,z), warp W" ("" for a kernel's warp);
                               kernel then names the subroutine */
} aw_fault;

typedef struct {
  uint64_t warp_insns;      /* warp instructions issued */
  uint64_t thread_insns;    /* sum over them of the active lanes */
  uint64_t loads, stores, atomics;  /* thread-level memory operations, .param ones apart: */
  uint64_t param_loads, param_stores; /* thread-level ld.param and st.param (GPGPU-Sim's
                               gpgpu_n_load_insn and gpgpu_n_store_insn leave them out too) */
  uint64_t barriers;        /* warp arrivals at barriers */
  uint64_t ctas, warps;     /* launched */
  uint64_t branches, divergent_branches;
  uint64_t assist_warps, assist_insns;  /* functional mode: assist warps 'pc' triggers started, their instructions (not in warp_insns) */
  uint64_t skip_hits, skip_misses;      /* functional mode: lanes of 'pc ... skip' subroutines that skipped the region, and that ran it */
  double seconds;           /* host time spent in the launch (for speed reports only) */
} aw_stats;

aw_device *aw_device_new(void);
void aw_device_free(aw_device *d);
/* Where device printf (a kernel's 'call vprintf') writes: f, or standard output
 * when NULL (the default).  Each thread's call is written whole, lanes of a warp
 * in lane order, warps in the order the emulator runs them. */
void aw_set_printf(aw_device *d, FILE *f);
/* Writes one line per warp instruction executed ("cta X,Y,Z warp W pc P mask M  INSN") to f; NULL stops. */
void aw_set_trace(aw_device *d, FILE *f);
/* The most warp instructions one launch may execute before it faults (0 = no limit). */
void aw_set_insn_limit(aw_device *d, uint64_t limit);
/* Functional mode: how many of a launch's CTAs are resident at once, started in grid order as
 * earlier ones finish, their warps taking turns round by round (CTAs that wait for one another
 * through global memory, a software global barrier, need all of them resident); 0: every CTA of
 * the grid; 1 (the default): one CTA after another.  Timing mode's residency is its config's. */
void aw_set_resident_ctas(aw_device *d, uint32_t n);
/* Assembles 'text' (named 'name' in messages: subroutines, e.g. subroutines/bdi/bdi.s)
 * with every module d loads from text from now on, so that unmodified kernels get
 * the assist-warp subroutines a design needs (a text added before is not added
 * again).  0; -1 out of memory; -2 'text' is an AWS image, not source (an image's
 * subroutines are loaded with the image itself). */
int aw_add_subroutines(aw_device *d, const char *name, const char *text, size_t len);
/* The most wall-clock seconds one launch may run before it faults (0 = no limit). */
void aw_set_time_limit(aw_device *d, double seconds);
/* How the user raises each limit, as the faults say it ("set limit N or awemu run
 * --insn-limit N raises it", "--timeout raises it" unless set; NULL keeps one). */
void aw_set_limit_hints(aw_device *d, const char *insn, const char *time);
/* Device memory is laid out as the CUDA allocator lays it out (allocations
 * packed into pages that stay mapped), so a kernel's access a little past
 * its buffer reads or writes the page, as on a GPU, and only an access
 * outside every mapped page faults.  Memcheck, like compute-sanitizer's,
 * watches the accesses that miss every allocation: mode AW_MEMCHECK_REPORT
 * writes one line for each to out (standard error when NULL; the first 100
 * of a launch, then a count) and goes on; AW_MEMCHECK_STOP makes the first
 * a fault; AW_MEMCHECK_OFF (the default) lets them be. */
enum { AW_MEMCHECK_OFF, AW_MEMCHECK_REPORT, AW_MEMCHECK_STOP };
void aw_set_memcheck(aw_device *d, int mode, FILE *out);
/* The accesses memcheck found in the last launch. */
uint64_t aw_memcheck_errors(const aw_device *d);
/* The call-stack budget of every warp of a launch (CUDA's cudaLimitStackSize,
 * counted the emulator's way): at most 'calls' nested calls, and at most
 * 'bytes_per_thread' bytes per thread for the registers (8 bytes each) and
 * the local memory (.local and .param variables) of all the warp's frames,
 * the kernel's own included.  A call past either faults the launch ("call
 * depth limit reached", "call stack limit reached").  0 restores a default
 * (10000 calls, 1 MiB); bytes are capped at 1 GiB.  A warp's host memory is
 * about 32 times the byte budget. */
#define AW_DEFAULT_MAX_CALLS   10000u
#define AW_DEFAULT_FRAME_BYTES (1u << 20)
#define AW_MAX_FRAME_BYTES     (1u << 30)
void aw_set_frame_limit(aw_device *d, uint32_t calls, uint32_t bytes_per_thread);
/* Records every launch from now on for replay on a real GPU
 * (tests/gpu/replay.c): the source of each module loaded from text, and per
 * launch its kernel, dimensions, parameters and every allocation's bytes
 * before and after it (layout in emu/core/record.c).  DIR is made, or must be
 * empty.  NULL stops.  0, or -1 with errno set. */
int aw_set_record(aw_device *d, const char *dir);
/* Asks the running launch to stop: it faults ("interrupted") before its next
 * few thousand instructions.  Async-signal-safe (sets a flag), so a SIGINT
 * handler may call it; the flag is cleared when the next launch starts. */
void aw_interrupt(aw_device *d);

/* Loads an AWS image or assembles PTX/assembly text (chosen by content).
 * On failure returns NULL and writes a message (with assembler diagnostics). */
aw_module *aw_module_load_file(aw_device *d, const char *path, char *err, size_t cap);
aw_module *aw_module_load_text(aw_device *d, const char *name, const char *text, size_t len, char *err, size_t cap);
/* A kernel's index in the module, or -1. */
int aw_kernel_find(const aw_module *m, const char *name);
/* Parameters of a kernel: count, and each one's byte size and offset in the parameter block. */
int aw_kernel_params(const aw_module *m, int kernel, uint32_t *count, uint32_t *sizes, uint32_t *offsets, uint32_t max);
uint32_t aw_kernel_param_bytes(const aw_module *m, int kernel);
/* The device address and size of a module-scope .global or .const variable
 * (cudaGetSymbolAddress); -1 when there is no such variable. */
int aw_module_symbol(const aw_module *m, const char *name, uint64_t *addr, uint64_t *bytes);

/* Device memory: addresses are 64-bit device pointers; 0 is never returned. */
uint64_t aw_malloc(aw_device *d, uint64_t bytes);
aw_status aw_free(aw_device *d, uint64_t addr);
/* Unified addressing (cudaMallocManaged, mapped pinned memory): the device
 * sees 'bytes' of host memory at 'host' at the same address, reading and
 * writing them in place.  The host memory must hold the slot (bytes rounded
 * up to 256, plus 256), lie above every aw_malloc allocation and below the
 * generic windows (0x7e0000000000), and stay valid until aw_free(addr),
 * which leaves it to the caller.  Returns the address, or 0 (out of range,
 * overlapping, out of memory). */
uint64_t aw_map_host(aw_device *d, void *host, uint64_t bytes);
aw_status aw_memcpy_htod(aw_device *d, uint64_t dst, const void *src, size_t n);
aw_status aw_memcpy_dtoh(aw_device *d, void *dst, uint64_t src, size_t n);
aw_status aw_memset(aw_device *d, uint64_t dst, int value, size_t n);

/* Texture objects (CUDA's cudaTextureObject_t), which the PTX 'tex' instruction reads by handle:
 * a sampler over width x height texels of device memory (rows 'pitch' bytes apart; height 1
 * for a 1D texture), each of 'channels' (1, 2, 4) channels of 'bits' bits (8, 16, 32; floats
 * 16 or 32).  The values of kind, filter and address are CUDA's cudaChannelFormatKind,
 * cudaTextureFilterMode and cudaTextureAddressMode.  aw_texture_create returns the handle
 * (counted up from 1, never reused), or 0 when the description is not valid or its texels are
 * not inside one allocation; a fetch after the memory is freed faults. */
enum { AW_TEX_SIGNED, AW_TEX_UNSIGNED, AW_TEX_FLOAT };
enum { AW_TEX_POINT, AW_TEX_LINEAR };
enum { AW_TEX_WRAP, AW_TEX_CLAMP, AW_TEX_MIRROR, AW_TEX_BORDER };
typedef struct {
  uint64_t addr, pitch;           /* texel (0, 0) in device memory; bytes from a row to the next */
  uint32_t width, height;
  uint8_t kind, channels, bits;
  uint8_t filter, address[2];     /* address mode of x and y */
  uint8_t normalized_coords;      /* coordinates in [0, 1) span the texture */
  uint8_t read_normalized;        /* 8- and 16-bit integers read as floats in [0, 1] ([-1, 1] signed) */
  float border[4];                /* what AW_TEX_BORDER reads outside the texture (integer textures: these bits) */
} aw_texture;
uint64_t aw_texture_create(aw_device *d, const aw_texture *t);
aw_status aw_texture_destroy(aw_device *d, uint64_t handle);

/* Runs a kernel to completion.  'params' is the parameter block laid out as
 * aw_kernel_params says.  On AW_FAULT, *fault says where and why. */
aw_status aw_launch(aw_device *d, aw_module *m, int kernel, aw_dim3 grid, aw_dim3 block,
                    uint32_t dyn_shared, const void *params, size_t param_bytes, aw_fault *fault);
/* Runs an assist-warp subroutine on its own, as one warp of 32 lanes, on a
 * line: .lin reads 'in', .lout reads and writes 'out', .lmeta reads and
 * writes 'meta' (layout in isa/ISA.md: encoding, size, line size, address);
 * a '.lastenc %r' subroutine starts with %r = lastenc (the encoding the last
 * compression its trigger started ended with: the timing model's to say; 0
 * for none, as runsub gives).  The statistics of the run replace those of
 * the last launch. */
typedef struct {
  const uint8_t *in;  uint32_t in_bytes;
  uint8_t *out;       uint32_t out_bytes;
  uint8_t meta[32];
  uint32_t lastenc;
} aw_line;
aw_status aw_run_subroutine(aw_device *d, aw_module *m, const char *name, aw_line *line, aw_fault *fault);
/* The Assist Warp Store's lookup: the subroutine of the module that a
 * 'compress' (decompress = 0) or 'decompress ENC' (decompress = 1) trigger
 * starts for a line of LINE bytes: one whose trigger names that line size
 * ('.trigger decompress 6 line 128') before one for lines of any size (LINE 0
 * asks for the latter only); for compress, ENC -1 asks for the one that takes
 * any line.  NULL when there is none. */
const char *aw_subroutine_for(const aw_module *m, int decompress, int enc, unsigned line);

aw_stats aw_get_stats(const aw_device *d);      /* of the last launch */
aw_stats aw_get_total_stats(const aw_device *d); /* of all launches */
/* One line: "fault in kernel K, CTA (x,y,z), warp W, lane L, pc P (file:line): what, address A". */
void aw_fault_format(const aw_fault *f, char *buf, size_t cap);

#endif
