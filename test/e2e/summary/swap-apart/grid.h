/* test/e2e/summaries-swap-apart: two fields that swap every step, in a
 * function of the allocating file, not the stepping one */
#ifndef SWAP_APART_GRID_H
#define SWAP_APART_GRID_H
typedef struct grid {
  long n;
  double *cur;  /* read 3 times a step; swapped with next after it */
  double *next; /* written once a step */
} grid_t;
void grid_alloc(grid_t *g, long n);
void grid_swap(grid_t *g);
void grid_step(grid_t *g);
double grid_sum(const grid_t *g);
#endif
