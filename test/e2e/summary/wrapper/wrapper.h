/* e2e/summaries-wrapper: arrays made by allocation wrappers of another file
 * (util.c), swept by kernels of a third (kern.c). */
double *alloc_vec(long n);
void *xmalloc(unsigned long bytes);
double *dzeros(long n);
void axpy(double *y, const double *x, double s, long n);
void scale(double *x, double s, long n);
double checksum(const double *x, long n);
