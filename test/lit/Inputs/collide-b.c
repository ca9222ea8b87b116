#include <stdlib.h>
static double *buf;
static void setup(size_t n) { buf = malloc(n); }
void init_b(size_t n) { setup(n); }
