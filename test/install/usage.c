/* A C program built against an installed oli with pkg-config (test/install). */
#include <oli/oli.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static double *big;

int main(void) {
  big = malloc(8u << 20);
  memset(big, 1, 8u << 20);
  printf("liboli %s\n", oli_version());
  free(big);
  return 0;
}
