#include <stdio.h>
double tab[1 << 20];
void scale(double s);
int main(int argc, char **argv) {
  (void)argv;
  for (int t = 0; t < 5; t++)
    scale(1.5);
  printf("%g\n", tab[argc]);
  return 0;
}
