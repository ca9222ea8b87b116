#include <stdlib.h>
static double *buf;
static void setup(size_t n) { buf = malloc(n); }
void init_a(size_t n) { setup(n); }
