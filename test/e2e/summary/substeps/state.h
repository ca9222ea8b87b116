// A 1-D finite-volume state whose arrays state.c allocates, advanced by a
// step in kernels.c that runs a number of sub-steps its caller passes: main.c
// passes the constant 2, eight times.
typedef struct {
  int n;
  double *rho, *u, *e, *flux;
} state_t;

state_t *state_new(int n);
void state_free(state_t *s);
void compute_flux(state_t *s);
void update(state_t *s, double dt);
void step(state_t *s, double dt, int substeps);
