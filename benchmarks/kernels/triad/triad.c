/* triad - a STREAM-like triad: a[i] = b[i] + s * c[i] over three arrays much
 * larger than the caches, repeated, in parallel; the plainest bandwidth-bound
 * kernel, the yardstick of the planner's model (benchmarks/model-check.sh).
 * Per pass 24 bytes move per element (two reads, one write; the write also
 * reads its line first unless the stores stream). Verification: every element
 * of a equals the closed form of the recurrence, computed per element. */
#include "bench.h"

static const struct {
  long n;   /* elements per array */
  int reps; /* passes */
} triad_classes[BENCH_NCLASS] = {
    {1L << 20, 20},  /* S: 8 MiB per array */
    {1L << 22, 20},  /* W: 32 MiB */
    {1L << 24, 20},  /* A: 128 MiB */
    {1L << 26, 20},  /* B: 512 MiB */
    {1L << 28, 20},  /* C: 2 GiB */
};

/* The arrays: file-scope pointers, named in the oli report. */
static double *a, *b, *c;

int main(int argc, char **argv) {
  int cls = bench_class(argc, argv, "triad");
  long n = triad_classes[cls].n;
  int reps = bench_steps("triad", triad_classes[cls].reps);
  char params[96];
  snprintf(params, sizeof params, "n=%ld reps=%d bytes_per_array=%ld", n, reps, n * (long)sizeof(double));
  bench_header("triad", cls, params);
  a = malloc((size_t)n * sizeof *a);
  BENCH_CHECK_ALLOC(a, n * sizeof *a);
  b = malloc((size_t)n * sizeof *b);
  BENCH_CHECK_ALLOC(b, n * sizeof *b);
  c = malloc((size_t)n * sizeof *c);
  BENCH_CHECK_ALLOC(c, n * sizeof *c);
#pragma omp parallel for schedule(static)
  for (long i = 0; i < n; i++) a[i] = 0.0, b[i] = (double)(i % 1000), c[i] = 1.0 + (double)(i % 7);
  if (bench_fault()) c[n / 2] = -1e9; /* one wrong element */
  const double s = 0.5;
  double t = 0.0;
  for (int r = 0; r < reps; r++) {
    double t0 = bench_start();
#pragma omp parallel for schedule(static)
    for (long i = 0; i < n; i++) a[i] = b[i] + s * c[i];
    t += bench_stop(t0);
    /* b takes a's value back so that the next pass depends on this one */
    double *tmp = a;
    a = b, b = tmp;
  }
  /* after the passes: b_k = b_{k-1} + s*c, so the last written array holds
   * b_0 + reps*s*c, in b after the final swap */
  long bad = 0;
#pragma omp parallel for schedule(static) reduction(+ : bad)
  for (long i = 0; i < n; i++) {
    double want = (double)(i % 1000) + reps * s * (1.0 + (double)(i % 7));
    bad += b[i] != want;
  }
  printf("bad elements %ld of %ld\n", bad, n);
  return bench_finish(t, bad == 0);
}
