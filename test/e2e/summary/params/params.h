/* A C code that allocates its arrays in main and passes them to kernels in
 * other files as pointer parameters (written for oli's tests). */
void init(double *x, double *w, long n);
void smooth(double *restrict y, const double *restrict x, long n);
double dot(const double *x, const double *y, long n);
void scale(double *restrict y, const double *restrict w, long n);
