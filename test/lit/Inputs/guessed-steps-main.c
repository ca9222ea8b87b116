#include <stdio.h>
extern double *u;
extern int niter;
void setup(int argc, char **argv);
void kern(void);
int main(int argc, char **argv) {
  setup(argc, argv);
  for (int s = 0; s < niter; s++)
    kern();
  printf("%f\n", u[0]);
  return 0;
}
