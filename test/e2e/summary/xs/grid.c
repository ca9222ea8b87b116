#include <stdlib.h>
#include "xs.h"

static unsigned long next(unsigned long *s) {
  *s = *s * 6364136223846793005UL + 1442695040888963407UL;
  return *s >> 11;
}

SimulationData grid_init(long n_isotopes, long n_gridpoints) {
  SimulationData SD;
  unsigned long seed = 42;
  long points = n_isotopes * n_gridpoints;
  SD.n_isotopes = n_isotopes;
  SD.n_gridpoints = n_gridpoints;
  SD.nuclide_grid = malloc(points * 5 * sizeof(double));
  SD.energy_grid = malloc(points * sizeof(double));
  SD.index_grid = malloc(points * n_isotopes * sizeof(int));
  SD.concs = malloc(points * n_isotopes * sizeof(double));
  for (long i = 0; i < points * 5; i++) SD.nuclide_grid[i] = (double)(next(&seed) % 1000) / 1000.0;
  for (long i = 0; i < points; i++) SD.energy_grid[i] = (double)i / (double)points;
  for (long i = 0; i < points * n_isotopes; i++) SD.index_grid[i] = (int)(next(&seed) % (unsigned long)n_gridpoints);
  for (long i = 0; i < points * n_isotopes; i++) SD.concs[i] = 1.0;
  return SD;
}
