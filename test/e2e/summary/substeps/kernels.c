#include "state.h"

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

// sub-steps of a time step: the count is the caller's
void step(state_t *s, double dt, int substeps) {
  for (int k = 0; k < substeps; k++) {
    compute_flux(s);
    update(s, dt / substeps);
  }
}
