/* asm/util.h -- containers of the assembler (growable arrays, hash maps, arena). */
#ifndef AWEMU_ASM_UTIL_H
#define AWEMU_ASM_UTIL_H
#include "asm_int.h"

/* Memory.  Every block the context holds is counted against its limit
 * (asm_set_memory_limit); when a block cannot be had, asm_out_of_memory
 * unwinds to the entry point that is running (asm_add_source, asm_finish),
 * which reports the error and returns: the library never exits. */
void *asm_mem_alloc(asm_ctx *c, size_t n);   /* zeroed */
void asm_mem_free(asm_ctx *c, void *p, size_t n);

/* Appends 'count' zeroed elements and returns the first. */
void *asm_vec_push(asm_ctx *c, asm_vec *v, size_t elem, uint32_t count);
void asm_vec_free(asm_ctx *c, asm_vec *v);
/* The array, handed over to the caller (who free()s it); v is left empty. */
void *asm_vec_take(asm_ctx *c, asm_vec *v);
#define VEC_AT(v, T, i) (((T *)(v).p)[i])
#define VEC_PUSH(c, v, T) ((T *)asm_vec_push((c), &(v), sizeof(T), 1))

int asm_hmap_get(const asm_hmap *m, const char *key, uint32_t len, uint32_t *val);
void asm_hmap_put(asm_ctx *c, asm_hmap *m, const char *key, uint32_t len, uint32_t val);
void asm_hmap_clear(asm_hmap *m);
void asm_hmap_free(asm_ctx *c, asm_hmap *m);
void asm_arena_free(asm_ctx *c);
#endif
