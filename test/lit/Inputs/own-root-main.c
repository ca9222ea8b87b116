#include <stdio.h>
#include <stdlib.h>
extern double *u;
void init(long m);
void step(void);
int main(int argc, char **argv) {
  init(argc > 1 ? atol(argv[1]) : 1000000);
  for (int t = 0; t < 10; t++)
    step();
  printf("%g\n", u[1]);
  return 0;
}
