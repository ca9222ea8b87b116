/* simulation.c - the particles in flight and the events of xs (xs.h): every
 * event sweeps the bank, and each particle gathers the grids grid.c built.
 * The physics of a particle's history (its random draws, birth, collisions)
 * is here too, and main.c's verification replays it. */
#include "xs.h"

/* Probability of each material (fuel first). */
static const double mat_prob[XS_NMAT] = {0.14, 0.05, 0.03, 0.03, 0.07, 0.07,
                                         0.07, 0.07, 0.09, 0.09, 0.16, 0.13};

static inline int pick_material(double u) {
  double c = 0.0;
  for (int m = 0; m < XS_NMAT; m++) {
    c += mat_prob[m];
    if (u < c) return m;
  }
  return XS_NMAT - 1;
}

/* Random numbers of particle p at event e (e = 0: its birth). */
static inline double draw(long p, int e, int k) {
  return bench_uniform(XS_SEED, ((uint64_t)p * (XS_EVENTS + 1) + (uint64_t)e) * 2 + (uint64_t)k);
}

void birth(long p, double *E, int *mat) {
  *E = draw(p, 0, 0);
  *mat = pick_material(draw(p, 0, 1));
}

/* The collision ending event e: a share of the energy is lost, and the
 * particle may cross into another material. */
void collide(long p, int e, double *E, int *mat) {
  *E *= XS_ALPHA + (1.0 - XS_ALPHA) * draw(p, e + 1, 0);
  *mat = pick_material(draw(p, e + 1, 1));
}

/* The largest of a lookup's five reactions, 1-based. */
uint64_t argmax5(const double v[5]) {
  int best = 0;
  for (int k = 1; k < 5; k++) if (v[k] > v[best]) best = k;
  return (uint64_t)best + 1;
}

/* The bank (32 bytes a particle), live until exit: the oli report (written
 * at exit) then shows where its pages are (pages_achieved, from move_pages). */
static xs_particle_t *bank;

void bank_init(long np) {
  bank = malloc((size_t)np * sizeof *bank);
  BENCH_CHECK_ALLOC(bank, np * sizeof *bank);
#pragma omp parallel for schedule(static)
  for (long p = 0; p < np; p++) {
    double E;
    int mat;
    birth(p, &E, &mat);
    bank[p] = (xs_particle_t){E, 0.0, 0, mat, 0};
  }
}

/* XS_EVENTS events: a lookup and a collision for every particle. */
void run_events(xs_data_t SD, long np) {
  const int niso = SD.n_isotopes;
  const long ngp = SD.n_gridpoints, nunion = SD.n_union;
  const xs_point_t *nuclide_grid = SD.nuclide_grid;
  const double *union_energy = SD.union_energy;
  const int32_t *index_grid = SD.index_grid;
  const int *mat_count = SD.mat_count, *mat_nuclide = SD.mat_nuclide;
  const double *mat_conc = SD.mat_conc;
  for (int e = 0; e < XS_EVENTS; e++) {
#pragma omp parallel for schedule(dynamic, 1000)
    for (long p = 0; p < np; p++) {
      xs_particle_t *q = &bank[p];
      double E = q->energy, macro[5] = {0, 0, 0, 0, 0};
      int mat = q->mat;
      long u = search(union_energy, nunion, 1, E);
      const int32_t *idx = index_grid + (size_t)u * niso;
      for (int c = 0; c < mat_count[mat]; c++) {
        int n = mat_nuclide[mat * niso + c];
        interpolate(nuclide_grid + (size_t)n * ngp + idx[n], E, mat_conc[mat * niso + c], macro);
      }
      q->hash += (uint64_t)(e * np + p + 1) * argmax5(macro);
      q->sum += macro[0] + macro[1] + macro[2] + macro[3] + macro[4];
      collide(p, e, &q->energy, &q->mat);
    }
  }
}

/* Every particle's results. */
xs_tally_t bank_tally(long np) {
  uint64_t hash_all = 0, hash_sub = 0;
  double sum_sub = 0.0;
#pragma omp parallel for schedule(static) reduction(+ : hash_all, hash_sub, sum_sub)
  for (long p = 0; p < np; p++) {
    hash_all += bank[p].hash;
    if (p % XS_VERIFY_STRIDE == 0) {
      hash_sub += bank[p].hash;
      sum_sub += bank[p].sum;
    }
  }
  return (xs_tally_t){hash_all, hash_sub, sum_sub};
}
