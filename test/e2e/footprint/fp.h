/* The whole-footprint stand-in (e2e/whole-footprint): a solver whose work
 * vectors are each below OLI_MIN_SIZE but together most of its memory, in
 * three files, sizes from the command line. */
#include <stddef.h>
/* vectors.c: zeroed arrays of n doubles, one allocation site each */
double *fp_work(size_t n);  /* a work vector */
double *fp_field(size_t n); /* the mid-size field */
double *fp_grid(size_t n);  /* the big grid */
void fp_axpy(double *y, const double *x, size_t n);  /* sweep.c: y += 0.5 x */
double fp_sum(const double *x, size_t n);            /* sweep.c */
