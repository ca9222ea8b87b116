// test/lit/static-intensity-summary-global-passed.c: the kernel, two sweeps
// of its array a call (a read and a write)
void kern(double *a, long n) {
  for (long i = 0; i < n; i++)
    a[i] *= 0.5;
}
