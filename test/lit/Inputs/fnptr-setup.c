#include <stdlib.h>
double *g_u, *g_v;
long g_n;
void setup(long n) {
  g_n = n;
  g_u = malloc(n * sizeof(double));
  g_v = malloc(n * sizeof(double));
  for (long i = 0; i < n; i++)
    g_u[i] = g_v[i] = 1.0;
}
