/* An event-based Monte Carlo lookup kernel in several files, like XSBench
 * (written for oli's tests): the grids are built in grid.c into fields of
 * SimulationData, returned by value; sim.c gathers them per event; main.c
 * streams a particle bank through sim.c's kernels. */
#include <stddef.h>

typedef struct {
  long n_isotopes, n_gridpoints;
  double *energy_grid;  /* unionized energies, sorted: binary-searched */
  int *index_grid;      /* per energy point, per isotope: gathered */
  double *nuclide_grid; /* per isotope, per point, 5 cross sections: gathered */
  double *concs;        /* per point, per isotope: written once at set-up, never read */
} SimulationData;

typedef struct {
  double energy, weight, xs[5];
  long material;
} Particle;

SimulationData grid_init(long n_isotopes, long n_gridpoints);
void bank_init(Particle *bank, long n, unsigned long seed);
double run_events(SimulationData SD, Particle *bank, long n, int events);
