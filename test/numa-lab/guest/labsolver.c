/* NUMA lab: a shared library compiled WITH the oli plugin and linked with
 * liboli, used by guest/hostlib.c, a host compiled without the plugin and not
 * linked with liboli: in that process glibc's malloc is the process's and the
 * runtime places in host mode (docs/runtime.md, "The process's allocator").
 * Each allocation and the __LINE__ that names it stand on one line. */
#include <stdlib.h>

#include "labsolver.h"

void *ls_work(size_t n, int *line) { void *p = malloc(n); *line = __LINE__; return p; }
void *ls_vector(size_t n, int *line) { void *p = calloc(n / sizeof(double), sizeof(double)); *line = __LINE__; return p; }
void *ls_small(size_t n, int *line) { void *p = malloc(n); *line = __LINE__; return p; }
void *ls_tiny(size_t n, int *line) { void *p = malloc(n); *line = __LINE__; return p; }
void ls_release(void *p) { free(p); }
const char *ls_file(void) { return __FILE__; }
