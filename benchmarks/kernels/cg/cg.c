/* cg - conjugate gradient on a random sparse symmetric positive definite
 * matrix in CSR form (the memory behaviour of NPB CG: a large matrix streamed
 * every iteration, plus gathers from the search direction vector).
 *
 * The matrix is defined by a hash: row i gets `k` random partners c with
 * value -(0.1 + 0.9 u); each pair (i,c) is stored twice (symmetric) and the
 * diagonal is the row's absolute sum plus a shift (diagonally dominant, so
 * SPD). Each solve has a known exact solution `zexact`; its right-hand side
 * x = A zexact is computed from the pair stream, independently of the CSR
 * arrays and of the parallel SpMV. Verification: the CG solution matches
 * zexact and the true residual is small, for every solve. */
#include "bench.h"
#include <math.h>

#include "cg_matrix.h"

/* The large arrays: file-scope pointers, as in the C versions of NPB (the
 * oli report names a heap object after the global it is stored into). */
static long *rowstr;
static int *colidx;
static double *a;
static double *x;
static double *z;
static double *p;
static double *q;
static double *r;

int main(int argc, char **argv) {
  int cls = bench_class(argc, argv, "cg");
  const cg_params_t P = cg_classes[cls];
  const long n = P.n;
  const long npairs = n * P.k;
  const long nnz = 2 * npairs + n;
  char params[160];
  snprintf(params, sizeof params, "n=%ld nnz=%ld shift=%g solves=%d", n, nnz, P.shift, P.nsolve);
  bench_header("cg", cls, params);

  /* ---- CSR matrix: the large objects ---- */
  rowstr = malloc((size_t)(n + 1) * sizeof *rowstr);
  BENCH_CHECK_ALLOC(rowstr, (n + 1) * sizeof *rowstr);
  colidx = malloc((size_t)nnz * sizeof *colidx);
  BENCH_CHECK_ALLOC(colidx, nnz * sizeof *colidx);
  a = malloc((size_t)nnz * sizeof *a);
  BENCH_CHECK_ALLOC(a, nnz * sizeof *a);
  /* ---- vectors ---- */
  x = malloc((size_t)n * sizeof *x); /* right-hand side */
  BENCH_CHECK_ALLOC(x, n * sizeof *x);
  z = malloc((size_t)n * sizeof *z); /* solution iterate */
  BENCH_CHECK_ALLOC(z, n * sizeof *z);
  p = malloc((size_t)n * sizeof *p);
  BENCH_CHECK_ALLOC(p, n * sizeof *p);
  q = malloc((size_t)n * sizeof *q);
  BENCH_CHECK_ALLOC(q, n * sizeof *q);
  r = malloc((size_t)n * sizeof *r);
  BENCH_CHECK_ALLOC(r, n * sizeof *r);
  /* ---- reference data, small per-row helpers ---- */
  double *zexact = malloc((size_t)n * sizeof *zexact);
  BENCH_CHECK_ALLOC(zexact, n * sizeof *zexact);
  double *rowabs = calloc((size_t)n, sizeof *rowabs);
  BENCH_CHECK_ALLOC(rowabs, n * sizeof *rowabs);
  long *fill = calloc((size_t)n, sizeof *fill);
  BENCH_CHECK_ALLOC(fill, n * sizeof *fill);

  /* Row lengths: 1 diagonal + every pair endpoint in the row. */
  for (long i = 0; i < n; i++) fill[i] = 1;
  for (long i = 0; i < n; i++)
    for (int j = 0; j < P.k; j++) {
      long c; double v;
      cg_pair(n, i, j, &c, &v);
      fill[i]++, fill[c]++;
      rowabs[i] += fabs(v), rowabs[c] += fabs(v);
    }
  rowstr[0] = 0;
  for (long i = 0; i < n; i++) rowstr[i + 1] = rowstr[i] + fill[i];
  if (rowstr[n] != nnz) {
    fprintf(stderr, "cg: internal error: %ld nonzeros counted, %ld expected\n", rowstr[n], nnz);
    return 1;
  }
  /* First touch in the SpMV's row distribution, then fill: diagonal first. */
#pragma omp parallel for schedule(static)
  for (long i = 0; i < n; i++) {
    for (long e = rowstr[i]; e < rowstr[i + 1]; e++) a[e] = 0.0, colidx[e] = 0;
    x[i] = z[i] = p[i] = q[i] = r[i] = 0.0;
  }
  for (long i = 0; i < n; i++) {
    a[rowstr[i]] = rowabs[i] + P.shift;
    colidx[rowstr[i]] = (int)i;
    fill[i] = rowstr[i] + 1;
  }
  for (long i = 0; i < n; i++)
    for (int j = 0; j < P.k; j++) {
      long c; double v;
      cg_pair(n, i, j, &c, &v);
      a[fill[i]] = v, colidx[fill[i]++] = (int)c;
      a[fill[c]] = v, colidx[fill[c]++] = (int)i;
    }

  if (bench_fault()) memset(a + nnz / 2, 0, 512 * sizeof *a); /* one lost page */

  int ok = 1;
  double tsolve = 0.0;
  long total_iters = 0;
  for (int s = 0; s < P.nsolve; s++) {
    /* Reference right-hand side x = A zexact from the pair stream. */
#pragma omp parallel for schedule(static)
    for (long i = 0; i < n; i++) {
      zexact[i] = zexact_value(s, i);
      x[i] = (rowabs[i] + P.shift) * zexact[i];
    }
#pragma omp parallel for schedule(static)
    for (long i = 0; i < n; i++)
      for (int j = 0; j < P.k; j++) {
        long c; double v;
        cg_pair(n, i, j, &c, &v);
#pragma omp atomic
        x[i] += v * zexact[c];
#pragma omp atomic
        x[c] += v * zexact[i];
      }

    double t0 = bench_start();
    double rho = 0.0, bnorm2 = 0.0;
#pragma omp parallel for schedule(static) reduction(+ : rho)
    for (long i = 0; i < n; i++) {
      z[i] = 0.0, r[i] = x[i], p[i] = x[i];
      rho += x[i] * x[i];
    }
    bnorm2 = rho;
    int it = 0;
    while (it < CG_MAXIT && sqrt(rho / bnorm2) > CG_TOL) {
      double pq = 0.0;
#pragma omp parallel for schedule(static) reduction(+ : pq)
      for (long i = 0; i < n; i++) {
        double sum = 0.0;
        for (long e = rowstr[i]; e < rowstr[i + 1]; e++) sum += a[e] * p[colidx[e]];
        q[i] = sum;
        pq += p[i] * sum;
      }
      if (!(pq > 0.0)) break; /* breakdown: the matrix is not SPD (corrupted) */
      double alpha = rho / pq, rho_new = 0.0;
#pragma omp parallel for schedule(static) reduction(+ : rho_new)
      for (long i = 0; i < n; i++) {
        z[i] += alpha * p[i];
        r[i] -= alpha * q[i];
        rho_new += r[i] * r[i];
      }
      double beta = rho_new / rho;
      rho = rho_new;
#pragma omp parallel for schedule(static)
      for (long i = 0; i < n; i++) p[i] = r[i] + beta * p[i];
      it++;
    }
    tsolve += bench_stop(t0);
    total_iters += it;

    /* True residual with the CSR matrix, and error against zexact. */
    double res2 = 0.0, err2 = 0.0, ex2 = 0.0;
#pragma omp parallel for schedule(static) reduction(+ : res2, err2, ex2)
    for (long i = 0; i < n; i++) {
      double sum = 0.0;
      for (long e = rowstr[i]; e < rowstr[i + 1]; e++) sum += a[e] * z[colidx[e]];
      res2 += (x[i] - sum) * (x[i] - sum);
      err2 += (z[i] - zexact[i]) * (z[i] - zexact[i]);
      ex2 += zexact[i] * zexact[i];
    }
    double res = sqrt(res2 / bnorm2), err = sqrt(err2 / ex2);
    int sok = it < CG_MAXIT && res < 1e-8 && err < 1e-6 && !isnan(res) && !isnan(err);
    printf("solve %d: iterations %d relative residual %.3e relative error %.3e %s\n", s, it, res,
           err, sok ? "ok" : "WRONG");
    ok &= sok;
  }
  printf("iterations %ld\n", total_iters);

  free(fill), free(rowabs), free(zexact);
  /* The large arrays stay live until exit: the oli report (written at exit)
   * then shows where their pages are (pages_achieved, from move_pages). */
  return bench_finish(tsolve, ok);
}
