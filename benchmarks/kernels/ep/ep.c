/* ep - embarrassingly parallel Gaussian deviates (the compute-bound control
 * case of NPB EP: almost no memory traffic, so placement must not change the
 * time). Pairs of uniforms from a counter-based generator are turned into
 * pairs of normal deviates with the polar method; the pairs are counted in
 * square annuli l <= max(|X|,|Y|) < l+1 and their sums kept.
 * Verification against the analytic distribution: acceptance rate pi/4,
 * annulus counts (chi-square against erf), zero mean and unit variance, all
 * within bounds that a correct generator passes with overwhelming
 * probability; the counts must also add up to the accepted pairs. */
#include "bench.h"
#include <math.h>

static const int ep_log2_pairs[BENCH_NCLASS] = {22, 25, 28, 30, 32};

#define EP_SEED 0xe9ull
#define EP_NQ 10
#define EP_LOG2_BATCH 16

/* Global counts and their expectation (small .bss arrays). */
static double ep_q[EP_NQ];
static double ep_expected[EP_NQ];

int main(int argc, char **argv) {
  int cls = bench_class(argc, argv, "ep");
  const int64_t npairs = (int64_t)1 << ep_log2_pairs[cls];
  const int64_t batch = (int64_t)1 << EP_LOG2_BATCH, nbatch = npairs / batch;
  char params[96];
  snprintf(params, sizeof params, "pairs=2^%d batch=2^%d", ep_log2_pairs[cls], EP_LOG2_BATCH);
  bench_header("ep", cls, params);

  double sx = 0.0, sy = 0.0, sxx = 0.0;
  int64_t accepted = 0;
  double t0 = bench_now();
#pragma omp parallel reduction(+ : sx, sy, sxx, accepted)
  {
    double qloc[EP_NQ] = {0};
    double *uniforms = malloc((size_t)(2 * batch) * sizeof *uniforms);
    BENCH_CHECK_ALLOC(uniforms, 2 * batch * sizeof *uniforms);
#pragma omp for schedule(static)
    for (int64_t b = 0; b < nbatch; b++) {
      for (int64_t j = 0; j < 2 * batch; j++)
        uniforms[j] = 2.0 * bench_uniform(EP_SEED, (uint64_t)(b * 2 * batch + j)) - 1.0;
      for (int64_t j = 0; j < batch; j++) {
        double x = uniforms[2 * j], y = uniforms[2 * j + 1], t = x * x + y * y;
        if (t > 1.0 || t == 0.0) continue;
        double f = sqrt(-2.0 * log(t) / t), X = x * f, Y = y * f;
        double m = fmax(fabs(X), fabs(Y));
        int l = m < EP_NQ ? (int)m : EP_NQ - 1;
        qloc[l] += 1.0;
        sx += X, sy += Y, sxx += X * X + Y * Y;
        accepted++;
      }
    }
    free(uniforms);
#pragma omp critical
    for (int l = 0; l < EP_NQ; l++) ep_q[l] += qloc[l];
  }
  double t = bench_now() - t0;
  if (bench_fault()) ep_q[1] = 0.0;

  const double n = (double)npairs, a = (double)accepted;
  /* Acceptance: binomial(n, pi/4). */
  double pacc = 3.14159265358979323846 / 4.0;
  double z_acc = (a - n * pacc) / sqrt(n * pacc * (1 - pacc));
  /* Annuli: P(max(|X|,|Y|) < r) = erf(r / sqrt 2)^2; bins 4.. merged. */
  double chi2 = 0.0, qsum = 0.0;
  for (int l = 0; l < EP_NQ; l++) {
    double hi = l == EP_NQ - 1 ? 1.0 : pow(erf((l + 1) / sqrt(2.0)), 2);
    ep_expected[l] = a * (hi - pow(erf(l / sqrt(2.0)), 2));
    qsum += ep_q[l];
  }
  double obs_tail = 0.0, exp_tail = 0.0;
  for (int l = 0; l < EP_NQ; l++) {
    printf("annulus %d: %.0f (expected %.1f)\n", l, ep_q[l], ep_expected[l]);
    if (l < 4) chi2 += pow(ep_q[l] - ep_expected[l], 2) / ep_expected[l];
    else obs_tail += ep_q[l], exp_tail += ep_expected[l];
  }
  chi2 += pow(obs_tail - exp_tail, 2) / exp_tail;
  double z_mean = fmax(fabs(sx), fabs(sy)) / sqrt(a);
  double z_var = (sxx - 2 * a) / sqrt(4 * a);
  printf("sums %.9e %.9e, accepted %lld\n", sx, sy, (long long)accepted);
  printf("acceptance z %.2f, chi-square (4 dof) %.2f, mean z %.2f, variance z %.2f\n", z_acc,
         chi2, z_mean, z_var);
  /* 6 sigma, and chi-square(4) > 40 has probability ~ 4e-8. */
  int ok = qsum == a && fabs(z_acc) < 6 && chi2 < 40 && z_mean < 6 && fabs(z_var) < 6;
  return bench_finish(t, ok);
}
