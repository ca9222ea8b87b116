/* test/e2e/kernel.c - the profile-guided rebuild test's kernel (e2e.sh).
 * Two large arrays streamed many times (hot), one large array touched once
 * (cold; the test's one-line edit `cold_reps = 0` -> `8` makes it hot), and
 * small ones. Deterministic: same samples on every run. Lines matter: the
 * golden files name sites by line (test/e2e/golden-*.json). */
#include <stdio.h>
#include <stdlib.h>

#define N (1 << 20) /* 8 MiB per large array */

static const int cold_reps = 0;

static double *alloc_array(size_t n) { return malloc(n * sizeof(double)); }

int main(void) {
  double *a = malloc(N * sizeof(double));
  double *b = malloc(N * sizeof(double));
  double *cold = calloc(N, sizeof(double));
  double *coef = malloc(16 * sizeof(double));
  int *idx = malloc(64 * sizeof(int));
  double *tmp = alloc_array(256);
  for (int i = 0; i < 16; i++) coef[i] = 1.0 / (i + 1);
  for (int i = 0; i < 64; i++) idx[i] = i * 7 % 64;
  for (int i = 0; i < N; i++) a[i] = i, b[i] = N - i;
  for (int r = 0; r < 8; r++)
    for (int i = 0; i < N; i++) a[i] += coef[r] * b[i], b[i] -= coef[r + 8] * a[i];
  for (int r = 0; r < cold_reps; r++)
    for (int i = 0; i < N; i++) cold[i] = cold[i] * 0.5 + r;
  for (int i = 0; i < 256; i++) tmp[i] = a[idx[i % 64]];
  double s = 0;
  for (int i = 0; i < N; i += 4096) s += a[i] + b[i] + cold[i];
  printf("checksum %.6e %.3f\n", s, tmp[7]);
  free(a), free(b), free(cold), free(coef), free(idx), free(tmp);
  return 0;
}
