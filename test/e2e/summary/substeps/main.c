#include "state.h"
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 1 << 20;
  state_t *s = state_new(n);
  for (int t = 0; t < 8; t++)
    step(s, 1e-3, 2);
  double m = 0;
  for (int i = 0; i < n; i++)
    m += s->rho[i] + s->e[i];
  printf("%g\n", m);
  state_free(s);
  return 0;
}
