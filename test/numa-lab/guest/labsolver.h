/* NUMA lab: guest/labsolver.c's API (a plugin-built library). */
#ifndef OLI_LAB_SOLVER_H
#define OLI_LAB_SOLVER_H
#include <stddef.h>
void *ls_work(size_t n, int *line);   /* malloc */
void *ls_vector(size_t n, int *line); /* calloc */
void *ls_small(size_t n, int *line);  /* malloc, another site */
void *ls_tiny(size_t n, int *line);   /* malloc, below OLI_MIN_SIZE */
void ls_release(void *p);             /* free */
const char *ls_file(void);            /* its source file, as the report names it */
#endif
