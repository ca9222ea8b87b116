/* test/e2e/fields: a struct whose fields hold the arrays, filled through a
 * pointer in one file and swept through a pointer in another (e2e/summaries-fields) */
#ifndef FIELDS_GRID_H
#define FIELDS_GRID_H
typedef struct grid {
  long n;
  double *u; /* read 3 times a step */
  double *v; /* written once a step */
} grid_t;
void grid_alloc(grid_t *g, long n);
void grid_step(grid_t *g);
double grid_sum(const grid_t *g);
#endif
