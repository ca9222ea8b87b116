/* test/e2e/summary/sized: kernels whose loops are bounded by a length
 * parameter, passed the array's own size by the caller in another file */
#ifndef SIZED_H
#define SIZED_H
void fill(double *a, long n);
void relax(double *a, long n);
#endif
