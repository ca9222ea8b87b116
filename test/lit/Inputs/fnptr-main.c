#include <stdio.h>
#include <stdlib.h>
typedef void (*kernel_fn)(void);
void setup(long n);
void k_u(void);
void k_v(void);
extern double *g_u, *g_v;
static kernel_fn stages[2];
int main(int argc, char **argv) {
  setup(argc > 1 ? atol(argv[1]) : 1 << 20);
  int swap = argc > 5; /* the stages' order chosen at run time */
  stages[0] = swap ? k_v : k_u;
  stages[1] = swap ? k_u : k_v;
  for (int step = 0; step < 20; step++)
    for (int k = 0; k < 2; k++)
      stages[k]();
  printf("%f\n", g_u[1] + g_v[1]);
  return 0;
}
