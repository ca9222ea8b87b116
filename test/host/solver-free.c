/* test/host/solver-free.c - libsolver frees in a file of its own, as real
 * libraries do (no allocation site here: the plugin still rewrites free). */
#include <stdlib.h>

#include "solver.h"

void sv_release(void *p) { free(p); }
