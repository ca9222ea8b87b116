#include <stdlib.h>
#include "owned.h"

static double *bank, *scratch;

void bank_init(long np) {
  bank = malloc(np * sizeof *bank);
  scratch = malloc(np * sizeof *scratch);
  if (!bank || !scratch) exit(1);
  for (long p = 0; p < np; p++) bank[p] = (double)(p % 101), scratch[p] = 0;
}

/* two events, each reading and writing every particle */
void run_events(long np) {
  for (int e = 0; e < 2; e++)
    for (long p = 0; p < np; p++) bank[p] = bank[p] * 0.5 + (double)e;
}

double bank_tally(long np) {
  double s = 0;
  for (long p = 0; p < np; p++) s += bank[p];
  return s;
}

/* the scratch array swept over a length its callers choose (main passes
 * half the particles): no pass count follows from the size */
void smooth_scratch(long m) {
  for (int k = 0; k < 3; k++)
    for (long i = 1; i < m; i++) scratch[i] = 0.5 * (scratch[i] + scratch[i - 1]);
}
