/* test/e2e/summary/omp: OpenMP kernels in another file (summaries.sh omp). */
void init2(double *a, int nx, int ny, double v);
void jacobi(double *restrict unew, const double *restrict u, const double *restrict f, int nx, int ny);
double diff_norm(const double *a, const double *b, long n);
