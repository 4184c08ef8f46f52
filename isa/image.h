/* isa/image.h -- the AWS image: what the assembler writes and the emulator loads.
 *
 * Owns: the in-memory image (isa_image), its binary file format, and the
 * validation of every field on load.  The byte-by-byte layout is in
 * isa/ISA.md, "Image format"; this header and that section must agree.
 * Promises: isa_image_read either returns a fully validated image (every
 * index in range, every instruction decodes, every table consistent) or
 * fails with a message naming the first bad field; it never reads outside
 * the buffer it is given.  isa_image_write is deterministic: the same image
 * gives the same bytes.
 */
#ifndef AWEMU_IMAGE_H
#define AWEMU_IMAGE_H

#include <stddef.h>
#include <stdint.h>

#define ISA_IMAGE_MAGIC "\x89" "AWS\r\n\x1a\n"
#define ISA_IMAGE_VERSION_MAJOR 3
#define ISA_IMAGE_VERSION_MINOR 1   /* 1: the subroutine record's .lanes, .lanemask, .autoend, .active, .lastenc */

enum { ISA_LINK_NONE, ISA_LINK_VISIBLE, ISA_LINK_EXTERN, ISA_LINK_WEAK, ISA_LINK_COMMON, ISA_LINK_COUNT };
enum { ISA_FN_ENTRY, ISA_FN_FUNC, ISA_FN_SUBR, ISA_FN_COUNT };

/* isa_var.flags */
#define ISA_VAR_PARAM   1u   /* a function's parameter */
#define ISA_VAR_RET     2u   /* a function's return parameter */
#define ISA_VAR_UNSIZED 4u   /* declared with [] (extern shared) */
#define ISA_VAR_PTR     8u   /* .ptr attribute on a kernel parameter */
#define ISA_VAR_ALLFLAGS 15u
#define ISA_MAX_DIMS 4

typedef struct {
  uint32_t name;        /* string offset */
  uint8_t space;        /* CAT_SPACE value: global, shared, local, param, const */
  uint8_t type;         /* ISA_T_* element type */
  uint8_t vec;          /* CAT_VEC value */
  uint8_t linkage;      /* ISA_LINK_* */
  uint8_t flags;        /* ISA_VAR_* */
  uint8_t ptr_space;    /* .ptr .global etc.: CAT_SPACE value, 0 = none */
  uint8_t ndims;
  uint32_t align;       /* bytes; 0 = the element's natural alignment */
  uint32_t ptr_align;   /* .ptr .align N; 0 = none */
  uint32_t owner;       /* function index + 1; 0 = module scope */
  uint32_t scope;       /* block number within the owner (0 = its body) */
  uint32_t dims[ISA_MAX_DIMS];
  uint32_t init_off, init_len;  /* initializer bytes in data[]; init_len 0 = none */
} isa_var;

typedef struct {
  uint32_t name;
  uint8_t type, vec;    /* ISA_T_*, CAT_VEC value */
  uint32_t count;       /* 0: one register; N: the range name<N>, i.e. name0..name(N-1) */
  uint32_t first_slot;  /* register slot of the first */
  uint32_t owner;       /* function index */
  uint32_t scope;
} isa_regdecl;

typedef struct {
  uint32_t name;
  uint8_t kind;         /* ISA_FN_* */
  uint8_t linkage;
  uint8_t has_body;
  uint32_t first_ret, nret;        /* vars[] indices */
  uint32_t first_param, nparam;
  uint32_t code_off, code_words;   /* code[] word range */
  uint32_t first_insn, ninsn;      /* lines[] range; pcs are insn indices within the function */
  uint32_t first_reg, nreg;        /* regdecls[] range */
  uint32_t nslots;                 /* register slots */
  uint32_t first_label, nlabel;
  uint32_t first_item, nitem;      /* outline[] range */
  uint32_t maxntid[3], reqntid[3], minnctapersm, maxnreg;  /* 0 = absent */
} isa_func;

typedef struct { uint32_t name, func, pc; } isa_label;
typedef struct { uint32_t file, line, col; } isa_line;  /* file: files[] index + 1; 0 = none */

/* The outline records where declarations, labels and blocks stood, so the
 * disassembler can write a source that assembles back to the same image. */
enum { ISA_IT_VAR, ISA_IT_REG, ISA_IT_LABEL, ISA_IT_OPEN, ISA_IT_CLOSE, ISA_IT_INSNS,
       ISA_IT_FDECL, ISA_IT_FDEF, ISA_IT_COUNT };
typedef struct { uint32_t kind, index; } isa_item;   /* INSNS: index = count */

enum { ISA_PRIO_HIGH = 1, ISA_PRIO_LOW = 2 };
#define ISA_MAX_LIVE 16   /* live-ins, and live-outs, of one subroutine (the loader's copy lists) */
typedef struct {
  uint32_t func;
  uint32_t priority;
  uint32_t first_trigger, ntrigger;
  uint32_t livein_off, nlivein;    /* pool[]: register slots */
  uint32_t liveout_off, nliveout;
  uint32_t nregs;                  /* register slots the subroutine needs */
  uint32_t shared_bytes;           /* shared memory it declares */
  uint32_t keep_off, nkeep;        /* pool[]: register slots that keep their values for the parent warp (.keep) */
  uint32_t skipif;                 /* .skipif: its predicate's slot + 1; 0 = none */
  /* format 3.1: what the assist-warp controller's hardware gives the warp at its start and end,
   * taking no instruction (CABA 4.4, 5.1.2, 5.1.3); all zero in a 3.0 image */
  uint32_t lanes_off, nlanes;      /* pool[]: .lanes %r, SCALE, OFFSET: 3 words each (slot, scale, offset): lane i's
                                      %r = OFFSET + SCALE * i; nlanes 0: lanes_off 0 */
  uint32_t lanemask_off, nlanemask;/* pool[]: .lanemask %p, OFFSET: 2 words each (slot, byte offset): lane i's %p =
                                      bit i of the u32 at OFFSET of .lin; nlanemask 0: lanemask_off 0 */
  uint32_t flags;                  /* ISA_SUBR_*: .autoend */
  uint32_t active;                 /* .active MASK: the lanes it starts with; 0 = none (all 32) */
  uint32_t lastenc;                /* .lastenc %r: its slot + 1 (the encoding the trigger's last compression chose); 0 = none */
} isa_subr;
#define ISA_SUBR_AUTOEND 1u        /* .autoend: control reaching the end ends the lanes as 'exit' would */
#define ISA_SUBR_ALLFLAGS 1u
#define ISA_MAX_LANES 8            /* .lanes of one subroutine */
#define ISA_MAX_LANES_SCALE 4096
#define ISA_MAX_LANES_OFFSET 65535
#define ISA_MAX_LANEMASK 4         /* .lanemask of one subroutine */
#define ISA_MAX_LANEMASK_OFFSET 4092

#define ISA_TRIGGER_EVENTS(X) \
  X(DECOMPRESS, "decompress", "a compressed line arrives; arg = encoding") \
  X(COMPRESS,   "compress",   "a line is written towards memory; arg = encoding, or -1 for any") \
  X(MISS,       "miss",       "a load misses in L1; arg unused") \
  X(PC,         "pc",         "the parent warp reaches KERNEL at LABEL+N or KERNEL+N; binds parent registers to live-ins") \
  X(EXPLICIT,   "explicit",   "started by the host or a run script")
enum {
#define X(id, name, doc) ISA_TRIG_##id,
  ISA_TRIGGER_EVENTS(X)
#undef X
  ISA_TRIG_COUNT
};
extern const char *const isa_trigger_names[ISA_TRIG_COUNT];

#define ISA_TRIG_MAX_LINE 4096   /* the largest line size a trigger may name */
typedef struct {
  uint32_t event;
  int32_t arg;
  uint32_t line;                   /* decompress, compress: the line size in bytes it serves; 0 = any */
  uint32_t kernel, label;          /* strings; 0 = none (offset 0 is the empty string); label: a label of
                                      the kernel, or the kernel's own name for its entry (isa_trigger_point) */
  uint32_t bind_off, nbind;        /* pool[]: strings naming parent registers (nbind 0: bind_off 0) */
  uint32_t label_off;              /* pc: instructions after the label (LABEL+N) */
  uint32_t skip, skip_off;         /* pc: 'skip LABEL+N' (string; 0 = none) */
} isa_trigger;

typedef struct {
  uint32_t func;
  uint32_t param_bytes;   /* the parameter block, with alignment */
  uint32_t shared_bytes;  /* static shared memory, module and function scope */
  uint32_t nregs;         /* register slots (from the source's declarations) */
} isa_kernel;

typedef struct {
  char *strtab; uint32_t strtab_len;
  uint32_t version, target, address_size;     /* strings, strings, number */
  uint32_t *files; uint32_t nfiles;           /* string offsets */
  isa_var *vars; uint32_t nvars;
  isa_regdecl *regs; uint32_t nregs;
  isa_func *funcs; uint32_t nfuncs;
  isa_label *labels; uint32_t nlabels;
  isa_item *outline; uint32_t noutline;       /* module items, then each function's */
  uint32_t module_items;                      /* outline[0..module_items) is the module's */
  uint64_t *code; uint32_t ncode;
  isa_line *lines; uint32_t nlines;
  isa_subr *subrs; uint32_t nsubrs;
  isa_trigger *triggers; uint32_t ntriggers;
  uint32_t *pool; uint32_t npool;
  isa_kernel *kernels; uint32_t nkernels;
  uint8_t *data; uint32_t ndata;
} isa_image;

/* CRC-32 of an image file's bytes, leaving out the checksum field itself. */
uint32_t isa_image_checksum(const uint8_t *buf, size_t size);
/* Serializes; returns a malloc'd buffer and its size, or NULL on memory failure. */
uint8_t *isa_image_write(const isa_image *img, size_t *size);
/* Parses and validates; on failure returns -1 and writes a message to err. */
int isa_image_read(const uint8_t *buf, size_t size, isa_image *img, char *err, size_t errcap);
/* The first section ("strtab", "vars", "code", ...; then "header" for the
 * header's fields) in which two written images differ, or NULL when their
 * contents are the same. */
const char *isa_image_difference(const uint8_t *a, size_t na, const uint8_t *b, size_t nb);
/* Checks every cross-reference of an image built in memory (isa_image_read
 * calls it too).  Returns 0, or -1 with a message. */
int isa_image_validate(const isa_image *img, char *err, size_t errcap);
void isa_image_free(isa_image *img);
/* Loads a file; -1 with a message naming the file on failure. */
int isa_image_load(const char *path, isa_image *img, char *err, size_t errcap);

static inline const char *isa_str(const isa_image *img, uint32_t off) {
  return off < img->strtab_len ? img->strtab + off : "";
}
/* Two of the n triggers tr[] (names in strtab) that bind the same event:
 * 'decompress ENC', 'compress ENC' (or 'compress' of any line), each for
 * one line size or any ('line N': a subroutine for N-byte lines and one for
 * any line size do not conflict; the first is preferred), 'miss', or
 * 'pc KERNEL LABEL' ('explicit' never conflicts: the host names the
 * subroutine).  Returns 1 with their indices (*a < *b), else 0. */
int isa_triggers_conflict(const isa_trigger *tr, uint32_t n, const char *strtab, uint32_t *a, uint32_t *b);
/* Where a 'pc' trigger's point NAME+OFF (or its 'skip' point) lies in kernel fn:
 * NAME is one of fn's labels (labels: the image's label table), or fn's own
 * name for its entry, so that KERNEL+N is the N-th instruction after the
 * first (nvcc's PTX has labels only where branches go).  Strings are offsets
 * into strtab.  ISA_POINT_OK with *pc, fn's instruction index (at or past
 * fn->ninsn: past its end, for the caller to refuse); ISA_POINT_NONE when
 * NAME is neither; ISA_POINT_AMBIGUOUS when it is both. */
enum { ISA_POINT_OK, ISA_POINT_NONE, ISA_POINT_AMBIGUOUS };
int isa_trigger_point(const isa_func *fn, const isa_label *labels, const char *strtab, uint32_t name, uint32_t off, uint64_t *pc);
/* A trigger as the source writes it ("decompress 3", "decompress 6 line 128", "pc k L1"). */
void isa_trigger_text(const isa_trigger *tr, const char *strtab, char *buf, size_t cap);
/* Bytes of one element of a variable (vector included). */
uint64_t isa_var_elem_bytes(const isa_var *v);
/* Total bytes (0 for unsized). */
uint64_t isa_var_bytes(const isa_var *v);
uint32_t isa_var_align(const isa_var *v);
/* Recomputes the derived kernel table entry for function f. */
void isa_kernel_info(const isa_image *img, uint32_t f, isa_kernel *out);

#endif
