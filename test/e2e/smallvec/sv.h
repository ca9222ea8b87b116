/* The small-vectors stand-in (e2e/profile-small-objects): a CG-like solver
 * whose hot vectors are 256 KiB each (below OLI_MIN_SIZE, never placed)
 * beside one large banded matrix, in three files; sizes from the command
 * line. */
#include <stddef.h>
/* vectors.c: arrays of doubles, one allocation site each */
double *sv_vector(size_t n);           /* a work vector, filled with 1/(i+1) */
double *sv_band(size_t n, size_t w);   /* the matrix: n rows of w diagonals */
/* solve.c */
void sv_matvec(double *q, const double *band, const double *p, size_t n, size_t w); /* q = A p */
double sv_dot(const double *x, const double *y, size_t n);
void sv_axpy(double *y, double a, const double *x, size_t n); /* y += a x */
