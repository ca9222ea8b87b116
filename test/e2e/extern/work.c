/* test/e2e/extern: a function of another file that is no wrapper (e2e/extern-wrapper) */
#include <stdlib.h>
#include <string.h>
/* not a wrapper: a scratch buffer of its own beside what it returns */
double *work_make(long n) {
  double *tmp = malloc(n * sizeof *tmp);
  memset(tmp, 0, n * sizeof *tmp);
  double *out = malloc(n * sizeof *out);
  for (long i = 0; i < n; i++) out[i] = tmp[i] + 1.0;
  free(tmp);
  return out;
}
