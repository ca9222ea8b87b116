/* test/e2e/static-global.c - registered globals under the static half of the
 * rule (e2e.sh static-global): `once` (16 MiB) is filled once and summed once,
 * `hot` (16 MiB) is swept in each of STEPS steps, `shared` (16 MiB, external
 * linkage: another file could use it, by its key @shared, and none does) is
 * filled and summed once like `once`.
 * Self-checking: exit 0 when the sums come out as computed in closed form. */
#include <stdio.h>

#define N (1L << 21) /* doubles: 16 MiB each */
#define STEPS 40

static double once[N];
static double hot[N];
double shared[N];

int main(void) {
  for (long i = 0; i < N; i++) once[i] = (double)(i & 7);
  for (long i = 0; i < N; i++) shared[i] = (double)(i & 3);
  double s = 0, r = 0, h = 0;
  for (long i = 0; i < N; i++) s += once[i];
  for (long i = 0; i < N; i++) r += shared[i];
  for (long t = 0; t < STEPS; t++)
    for (long i = 0; i < N; i++) hot[i] = hot[i] * 0.5 + 1.0;
  for (long i = 0; i < N; i++) h += hot[i];
  /* once 3.5 and shared 1.5 per element; hot 2 - 2^(1-STEPS) per element */
  double want_h = (2.0 - 2.0 / (double)(1L << STEPS)) * (double)N;
  int ok = s == 3.5 * (double)N && r == 1.5 * (double)N && h > want_h * (1 - 1e-9) && h < want_h * (1 + 1e-9);
  printf("once %.1f shared %.1f hot %.6f: %s\n", s, r, h, ok ? "verified" : "WRONG");
  return ok ? 0 : 1;
}
