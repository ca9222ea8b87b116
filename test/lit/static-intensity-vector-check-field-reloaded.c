// A step's two kernels over a struct's fields, `compute_flux(s)` then
// `update(s, dt)`, inlined into the step's sub-step loop. The vectoriser
// checks update's arrays for overlap, among them s->flux, which the step
// loads again after compute_flux wrote through it: on each path into the
// check a load of the same field, joined by a phi. A phi of loads of one
// slot is that slot's object, distinct from the other fields', so the check
// is decided (the vector loop runs at the sample point, its scalar rest a
// few iterations); before, the rest was taken to sweep the arrays once more
// each sub-step: e 49.6 and flux 60 passes where the run makes 34 and 48.
// RUN: %clang -O2 -gline-tables-only -fpass-plugin=%oli_pass -Rpass-analysis=oli -c %s -o /dev/null 2>&1 | FileCheck %s
// CHECK-DAG: remark: site 0x{{[0-9a-f]+}} 's->rho' {{.*}} (65.6 passes), streaming
// CHECK-DAG: remark: site 0x{{[0-9a-f]+}} 's->u' {{.*}} (33 passes), streaming
// CHECK-DAG: remark: site 0x{{[0-9a-f]+}} 's->e' {{.*}} (33.6 passes), streaming
// CHECK-DAG: remark: site 0x{{[0-9a-f]+}} 's->flux' {{.*}} (48 passes), streaming
#include <stdio.h>
#include <stdlib.h>

typedef struct {
  int n;
  double *rho, *u, *e, *flux;
} state_t;

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

void compute_flux(state_t *s) {
  for (int i = 1; i < s->n; i++)
    s->flux[i] = 0.5 * (s->rho[i - 1] * s->u[i - 1] + s->rho[i] * s->u[i]);
  s->flux[0] = s->flux[s->n] = 0.0;
}

void update(state_t *s, double dt) {
  for (int i = 0; i < s->n; i++) {
    s->rho[i] -= dt * (s->flux[i + 1] - s->flux[i]);
    s->e[i] += 0.01 * dt * s->rho[i];
  }
}

void step(state_t *s, double dt, int substeps) {
  for (int k = 0; k < substeps; k++) {
    compute_flux(s);
    update(s, dt / substeps);
  }
}

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
