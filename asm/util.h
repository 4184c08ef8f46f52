/* asm/util.h -- containers of the assembler (growable arrays, hash maps, arena). */
#ifndef AWEMU_ASM_UTIL_H
#define AWEMU_ASM_UTIL_H
#include "asm_int.h"

/* Appends 'count' zeroed elements and returns the first. */
void *asm_vec_push(asm_vec *v, size_t elem, uint32_t count);
void asm_vec_free(asm_vec *v);
#define VEC_AT(v, T, i) (((T *)(v).p)[i])
#define VEC_PUSH(v, T) ((T *)asm_vec_push(&(v), sizeof(T), 1))

int asm_hmap_get(const asm_hmap *m, const char *key, uint32_t len, uint32_t *val);
void asm_hmap_put(asm_hmap *m, const char *key, uint32_t len, uint32_t val);
void asm_hmap_clear(asm_hmap *m);
void asm_hmap_free(asm_hmap *m);
void asm_arena_free(asm_ctx *c);
#endif
