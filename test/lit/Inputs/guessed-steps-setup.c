#include <stdlib.h>
double *u;
long n;
int niter;
void setup(int argc, char **argv) {
  (void)argc;
  n = atol(argv[1]);
  niter = atoi(argv[2]);
  u = malloc(n * 8);
  for (long i = 0; i < n; i++)
    u[i] = 1;
}
