/* test/host/solver.h - a solver library built with the plugin (libsolver.so:
 * solver-alloc.c, solver-free.c, solver-new.cpp) and the pattern both it and
 * its hosts write and check. Its work arrays are large (placed) or small
 * (not): whoever frees or resizes them, the host or the library, the bytes
 * must survive and no allocator may see a pointer it did not make. */
#ifndef OLI_TEST_SOLVER_H
#define OLI_TEST_SOLVER_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

void *sv_work(size_t n, unsigned seed);                        /* malloc, filled */
double *sv_vector(size_t n);                                   /* calloc of n doubles */
void *sv_resize(void *p, size_t old, size_t n, unsigned seed); /* realloc, the new part filled */
size_t sv_usable(void *p);                                     /* malloc_usable_size */
void sv_release(void *p);                                      /* free (another file) */
double *sv_new(size_t n);                                      /* new double[n], filled with 1.5 */
void sv_delete(double *p);                                     /* delete[] */

#ifdef __cplusplus
}
#endif

/* The byte at offset i of an object filled with seed. */
static inline unsigned char sv_byte(size_t i, unsigned seed) { return (unsigned char)(i * 31u + seed + (i >> 12)); }

static inline void sv_fill(void *p, size_t from, size_t to, unsigned seed) {
  unsigned char *c = (unsigned char *)p;
  for (size_t i = from; i < to; i++) c[i] = sv_byte(i, seed);
}

/* 0 when [0, n) holds the pattern (every 61st byte and the last). */
static inline int sv_check(const void *p, size_t n, unsigned seed) {
  const unsigned char *c = (const unsigned char *)p;
  for (size_t i = 0; i < n; i += 61)
    if (c[i] != sv_byte(i, seed)) return -1;
  return n && c[n - 1] != sv_byte(n - 1, seed) ? -1 : 0;
}

#endif
