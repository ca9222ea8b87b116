/* A struct of pointers returned by value (sret: larger than two registers)
 * from a function of another file, whose fields the caller loads and sweeps:
 * grid.c allocates and fills the arrays, main.c reads them in its own loops
 * (docs/static-intensity.md, "Across modules": the struct-field keys). */
extern long n_points; /* set by main.c, read by grid.c: the arrays' length */

typedef struct {
  long n;
  double *x; /* written once, read in 6 sweeps in main.c */
  double *y; /* written once, updated in 3 sweeps in main.c */
  long *idx; /* written once, read once in main.c */
} Grids;

Grids grids_init(void);
