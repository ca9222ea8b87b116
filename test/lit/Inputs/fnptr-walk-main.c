#include <stdio.h>
#include <stdlib.h>
typedef void (*kernel_fn)(void);
void setup(long n);
void k_u(void);
void k_v(void);
extern double *g_u, *g_v;
static kernel_fn stages[8];
static int nstages;
int main(int argc, char **argv) {
  setup(argc > 1 ? atol(argv[1]) : 1 << 20);
  stages[nstages++] = k_u; /* the stages registered at run time */
  if (argc < 3 || atoi(argv[2]))
    stages[nstages++] = k_v;
  for (int step = 0; step < 20; step++)
    for (int k = 0; k < nstages; k++)
      stages[k]();
  printf("%f\n", g_u[1] + g_v[1]);
  return 0;
}
