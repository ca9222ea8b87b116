/* main.c - xs (xs.h): the class, the timed events, and the verification:
 * the bank's results against every 4th particle's history replayed without
 * the union and index grids (verify.c). */
#include "xs.h"

/* The bank (32 bytes a particle) is sized near the index grid, so that a
 * DRAM budget may fit either but not both (the static rule keeps the
 * gathered grid, docs/static-intensity.md). */
static const xs_params_t xs_classes[BENCH_NCLASS] = {
    {34, 1500, 200000},      /* S: index grid 6.9 MB, bank 6.4 MB, nuclide grid 2.4 MB */
    {68, 4000, 2000000},     /* W: index grid 74 MB, bank 64 MB */
    {68, 11300, 6000000},    /* A: index grid 210 MB, bank 192 MB */
    {355, 11300, 160000000}, /* B: index grid 5.7 GB, bank 5.1 GB */
    {355, 30000, 450000000}, /* C: index grid 15 GB, bank 14.4 GB, ~31 GB in all */
};

int main(int argc, char **argv) {
  int cls = bench_class(argc, argv, "xs");
  const xs_params_t P = xs_classes[cls];
  const long nunion = P.n_isotopes * P.n_gridpoints, np = P.n_particles;
  const long nlookups = np * XS_EVENTS;
  char params[160];
  snprintf(params, sizeof params, "isotopes=%d gridpoints=%ld union=%ld particles=%ld lookups=%ld",
           P.n_isotopes, P.n_gridpoints, nunion, np, nlookups);
  bench_header("xs", cls, params);

  xs_data_t SD = grid_init(P);
  bank_init(np);

  double t0 = bench_start();
  run_events(SD, np);
  double t = bench_stop(t0);

  xs_tally_t got = bank_tally(np), ref = replay(SD, np);
  double rel = fabs(got.sum_sub - ref.sum_sub) / fabs(ref.sum_sub);
  printf("checksum %llu (all lookups)\n", (unsigned long long)got.hash_all);
  printf("verified %ld particles (%ld lookups): hash %llu vs %llu, xs sum relative difference %.3e\n",
         (np + XS_VERIFY_STRIDE - 1) / XS_VERIFY_STRIDE,
         (np + XS_VERIFY_STRIDE - 1) / XS_VERIFY_STRIDE * XS_EVENTS, (unsigned long long)got.hash_sub,
         (unsigned long long)ref.hash_sub, rel);
  printf("lookups/s %.0f\n", nlookups / t);
  int ok = got.hash_sub == ref.hash_sub && rel < 1e-12;

  free(SD.mat_conc), free(SD.mat_nuclide), free(SD.mat_count);
  /* The large arrays stay live until exit: the oli report (written at exit)
   * then shows where their pages are (pages_achieved, from move_pages). */
  return bench_finish(t, ok);
}
