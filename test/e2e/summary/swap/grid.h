/* test/e2e/swap: two fields that swap every step, a third that does not
 * (e2e/struct-swap, e2e/summaries-swap) */
#ifndef SWAP_GRID_H
#define SWAP_GRID_H
typedef struct grid {
  long n;
  double *u; /* read 3 times a step; swapped with v after it */
  double *v; /* written once a step */
  double *w; /* read once a step, never swapped */
} grid_t;
void grid_alloc(grid_t *g, long n);
void grid_step(grid_t *g);
double grid_sum(const grid_t *g);
#endif
