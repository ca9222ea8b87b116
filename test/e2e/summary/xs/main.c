#include <stdio.h>
#include <stdlib.h>
#include "xs.h"

int main(int argc, char **argv) {
  long isotopes = argc > 1 ? atol(argv[1]) : 68, points = argc > 2 ? atol(argv[2]) : 1000;
  long particles = argc > 3 ? atol(argv[3]) : 100000;
  int events = argc > 4 ? atoi(argv[4]) : 10;
  SimulationData SD = grid_init(isotopes, points);
  Particle *bank = malloc(particles * sizeof *bank);
  bank_init(bank, particles, 7);
  double s = run_events(SD, bank, particles, events);
  printf("%.6g\n", s);
  return 0;
}
