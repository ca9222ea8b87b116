#include "state.h"
#include <stdlib.h>

state_t *state_new(int n) {
  state_t *s = malloc(sizeof *s);
  s->n = n;
  s->rho = malloc(n * sizeof(double));
  s->u = malloc(n * sizeof(double));
  s->e = malloc(n * sizeof(double));
  s->flux = malloc((n + 1) * sizeof(double));
  for (int i = 0; i < n; i++) {
    s->rho[i] = 1.0;
    s->u[i] = 0.1;
    s->e[i] = 2.5;
  }
  return s;
}

void state_free(state_t *s) {
  free(s->rho);
  free(s->u);
  free(s->e);
  free(s->flux);
  free(s);
}
