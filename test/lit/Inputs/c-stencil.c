void c_stencil(long n, const double *u, double *v) {
  v[0] = u[0];
  for (long i = 1; i < n - 1; i++)
    v[i] = (u[i - 1] + u[i] + u[i + 1]) * (1.0 / 3.0);
  v[n - 1] = u[n - 1];
}
