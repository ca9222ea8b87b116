/* cg_mpi - the cg kernel distributed over MPI ranks (MPICH), so that every
 * rank allocates and places its own objects: rank q owns a block of rows of
 * the same random SPD matrix as cg.c (local a, colidx, rowstr and vectors)
 * and a full copy of the search direction p_full, gathered every iteration
 * with MPI_Allgatherv; dot products are MPI_Allreduce sums. OpenMP threads
 * work inside each rank.
 * Verification: as cg.c, every solve must reproduce the known solution;
 * each rank checks its rows and the verdict is reduced over all ranks. */
#include <mpi.h>
#include "../cg/cg_matrix.h"

/* The large arrays: file-scope pointers, as in the C versions of NPB (the
 * oli report names a heap object after the global it is stored into). */
static long *rowstr;
static int *colidx;
static double *a;
static double *p_full;
static double *x;
static double *z;
static double *q;
static double *r;

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, nranks;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &nranks);
  int cls = bench_class(argc, argv, "cg_mpi");
  const cg_params_t P = cg_classes[cls];
  const long n = P.n;
  const long r0 = n * rank / nranks, r1 = n * (rank + 1) / nranks, nloc = r1 - r0;

  /* Row counts of the owned rows. */
  long *fill = calloc((size_t)nloc, sizeof *fill);
  BENCH_CHECK_ALLOC(fill, nloc * sizeof *fill);
  double *rowabs = calloc((size_t)nloc, sizeof *rowabs);
  BENCH_CHECK_ALLOC(rowabs, nloc * sizeof *rowabs);
  for (long i = 0; i < nloc; i++) fill[i] = 1;
  for (long i = 0; i < n; i++)
    for (int j = 0; j < P.k; j++) {
      long c; double v;
      cg_pair(n, i, j, &c, &v);
      if (i >= r0 && i < r1) fill[i - r0]++, rowabs[i - r0] += fabs(v);
      if (c >= r0 && c < r1) fill[c - r0]++, rowabs[c - r0] += fabs(v);
    }
  long nnzloc = 0;
  for (long i = 0; i < nloc; i++) nnzloc += fill[i];

  /* ---- this rank's large objects ---- */
  rowstr = malloc((size_t)(nloc + 1) * sizeof *rowstr);
  BENCH_CHECK_ALLOC(rowstr, (nloc + 1) * sizeof *rowstr);
  colidx = malloc((size_t)nnzloc * sizeof *colidx);
  BENCH_CHECK_ALLOC(colidx, nnzloc * sizeof *colidx);
  a = malloc((size_t)nnzloc * sizeof *a);
  BENCH_CHECK_ALLOC(a, nnzloc * sizeof *a);
  p_full = malloc((size_t)n * sizeof *p_full);
  BENCH_CHECK_ALLOC(p_full, n * sizeof *p_full);
  /* ---- local vectors ---- */
  x = malloc((size_t)nloc * sizeof *x);
  BENCH_CHECK_ALLOC(x, nloc * sizeof *x);
  z = malloc((size_t)nloc * sizeof *z);
  BENCH_CHECK_ALLOC(z, nloc * sizeof *z);
  q = malloc((size_t)nloc * sizeof *q);
  BENCH_CHECK_ALLOC(q, nloc * sizeof *q);
  r = malloc((size_t)nloc * sizeof *r);
  BENCH_CHECK_ALLOC(r, nloc * sizeof *r);
  double *zexact_full = malloc((size_t)n * sizeof *zexact_full);
  BENCH_CHECK_ALLOC(zexact_full, n * sizeof *zexact_full);
  int *counts = malloc((size_t)nranks * sizeof *counts);
  BENCH_CHECK_ALLOC(counts, nranks * sizeof *counts);
  int *displs = malloc((size_t)nranks * sizeof *displs);
  BENCH_CHECK_ALLOC(displs, nranks * sizeof *displs);
  for (int q2 = 0; q2 < nranks; q2++) {
    displs[q2] = (int)(n * q2 / nranks);
    counts[q2] = (int)(n * (q2 + 1) / nranks) - displs[q2];
  }

  if (rank == 0) {
    char params[160];
    snprintf(params, sizeof params, "n=%ld nnz=%ld shift=%g solves=%d ranks=%d", n,
             2 * n * P.k + n, P.shift, P.nsolve, nranks);
    bench_header("cg_mpi", cls, params);
  }
  rowstr[0] = 0;
  for (long i = 0; i < nloc; i++) rowstr[i + 1] = rowstr[i] + fill[i];
#pragma omp parallel for schedule(static)
  for (long i = 0; i < nloc; i++)
    for (long e = rowstr[i]; e < rowstr[i + 1]; e++) a[e] = 0.0, colidx[e] = 0;
  for (long i = 0; i < nloc; i++) {
    a[rowstr[i]] = rowabs[i] + P.shift;
    colidx[rowstr[i]] = (int)(r0 + i);
    fill[i] = rowstr[i] + 1;
  }
  for (long i = 0; i < n; i++)
    for (int j = 0; j < P.k; j++) {
      long c; double v;
      cg_pair(n, i, j, &c, &v);
      if (i >= r0 && i < r1) a[fill[i - r0]] = v, colidx[fill[i - r0]++] = (int)c;
      if (c >= r0 && c < r1) a[fill[c - r0]] = v, colidx[fill[c - r0]++] = (int)i;
    }
  if (bench_fault() && rank == nranks - 1) memset(a + nnzloc / 2, 0, 512 * sizeof *a);

  int ok = 1;
  double tsolve = 0.0;
  long total_iters = 0;
  for (int s = 0; s < P.nsolve; s++) {
    for (long i = 0; i < n; i++) zexact_full[i] = zexact_value(s, i);
    for (long i = 0; i < nloc; i++) x[i] = (rowabs[i] + P.shift) * zexact_full[r0 + i];
    for (long i = 0; i < n; i++)
      for (int j = 0; j < P.k; j++) {
        long c; double v;
        cg_pair(n, i, j, &c, &v);
        if (i >= r0 && i < r1) x[i - r0] += v * zexact_full[c];
        if (c >= r0 && c < r1) x[c - r0] += v * zexact_full[i];
      }

    MPI_Barrier(MPI_COMM_WORLD);
    double t0 = bench_now();
    double rho = 0.0, bnorm2;
    double *p = p_full + r0; /* this rank's slice of p */
#pragma omp parallel for schedule(static) reduction(+ : rho)
    for (long i = 0; i < nloc; i++) {
      z[i] = 0.0, r[i] = x[i], p[i] = x[i];
      rho += x[i] * x[i];
    }
    MPI_Allreduce(MPI_IN_PLACE, &rho, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    bnorm2 = rho;
    int it = 0;
    while (it < CG_MAXIT && sqrt(rho / bnorm2) > CG_TOL) {
      MPI_Allgatherv(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, p_full, counts, displs, MPI_DOUBLE,
                     MPI_COMM_WORLD);
      double pq = 0.0;
#pragma omp parallel for schedule(static) reduction(+ : pq)
      for (long i = 0; i < nloc; i++) {
        double sum = 0.0;
        for (long e = rowstr[i]; e < rowstr[i + 1]; e++) sum += a[e] * p_full[colidx[e]];
        q[i] = sum;
        pq += p[i] * sum;
      }
      MPI_Allreduce(MPI_IN_PLACE, &pq, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
      if (!(pq > 0.0)) break; /* breakdown: the matrix is not SPD (corrupted) */
      double alpha = rho / pq, rho_new = 0.0;
#pragma omp parallel for schedule(static) reduction(+ : rho_new)
      for (long i = 0; i < nloc; i++) {
        z[i] += alpha * p[i];
        r[i] -= alpha * q[i];
        rho_new += r[i] * r[i];
      }
      MPI_Allreduce(MPI_IN_PLACE, &rho_new, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
      double beta = rho_new / rho;
      rho = rho_new;
#pragma omp parallel for schedule(static)
      for (long i = 0; i < nloc; i++) p[i] = r[i] + beta * p[i];
      it++;
    }
    tsolve += bench_now() - t0;
    total_iters += it;

    /* True residual and error: z gathered into p_full first. */
    MPI_Allgatherv(z, (int)nloc, MPI_DOUBLE, p_full, counts, displs, MPI_DOUBLE, MPI_COMM_WORLD);
    double sums[3] = {0.0, 0.0, 0.0}; /* residual^2, error^2, exact^2 */
    for (long i = 0; i < nloc; i++) {
      double sum = 0.0;
      for (long e = rowstr[i]; e < rowstr[i + 1]; e++) sum += a[e] * p_full[colidx[e]];
      double ze = zexact_full[r0 + i];
      sums[0] += (x[i] - sum) * (x[i] - sum);
      sums[1] += (z[i] - ze) * (z[i] - ze);
      sums[2] += ze * ze;
    }
    MPI_Allreduce(MPI_IN_PLACE, sums, 3, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    double res = sqrt(sums[0] / bnorm2), err = sqrt(sums[1] / sums[2]);
    int sok = it < CG_MAXIT && res < 1e-8 && err < 1e-6 && !isnan(res) && !isnan(err);
    if (rank == 0)
      printf("solve %d: iterations %d relative residual %.3e relative error %.3e %s\n", s, it,
             res, err, sok ? "ok" : "WRONG");
    ok &= sok;
  }
  MPI_Allreduce(MPI_IN_PLACE, &ok, 1, MPI_INT, MPI_LAND, MPI_COMM_WORLD);
  double tmax;
  MPI_Reduce(&tsolve, &tmax, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
  printf("rank %d: rows %ld-%ld nnz %ld\n", rank, r0, r1 - 1, nnzloc);

  free(displs), free(counts), free(zexact_full);
  free(rowabs), free(fill);
  /* The large arrays stay live until exit: the oli report (written at exit)
   * then shows where their pages are (pages_achieved, from move_pages). */
  int status = 0;
  if (rank == 0) {
    printf("iterations %ld\n", total_iters);
    status = bench_finish(tmax, ok);
  }
  MPI_Finalize();
  return rank == 0 ? status : (ok ? 0 : 1);
}
