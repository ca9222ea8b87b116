#include <stdio.h>
#include <stdlib.h>
#include "owned.h"

int main(int argc, char **argv) {
  long np = argc > 1 ? atol(argv[1]) : 1L << 20;
  bank_init(np);
  run_events(np);
  smooth_scratch(np / 2);
  printf("%g\n", bank_tally(np));
  return 0;
}
