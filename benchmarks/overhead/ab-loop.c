/* benchmarks/overhead/ab-loop.c - the small-object loop of overhead.c as a
 * program of its own, for ab.py: built once plain and once with the plugin and
 * liboli, it shows what a user sees between two processes. Prints the thread
 * CPU ns per malloc+free pair. Usage: ab-loop [ITERATIONS] */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define RING 256

int main(int argc, char **argv) {
  long iters = argc > 1 ? atol(argv[1]) : 20000000;
  void *ring[RING] = {0};
  uint32_t x = 12345;
  struct timespec a, b;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &a);
  for (long i = 0; i < iters; i++) {
    x = x * 1664525u + 1013904223u;
    size_t n = 16 + ((x >> 8) & 0x1f0); /* 16..512 bytes */
    unsigned k = (x >> 20) & (RING - 1);
    free(ring[k]);
    ring[k] = malloc(n);
    *(volatile char *)ring[k] = 1;
  }
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &b);
  for (int k = 0; k < RING; k++) free(ring[k]);
  printf("%.3f\n", ((double)(b.tv_sec - a.tv_sec) * 1e9 + (double)(b.tv_nsec - a.tv_nsec)) / (double)iters);
  return 0;
}
