// A loop whose count comes from values the program shows (a parameter every
// running caller passes as the same constant: the V-cycle's 2 sweeps; a
// field of a constant table's row: the classes' 12 cycles, their median) is
// entered each time its guard (`if (sweeps > 0)`, `if (P.ncycles > 0)`) is
// reached when the guard holds for those values, not with
// BranchProbabilityInfo's 5/8. u: written once, then per cycle 2 + 2
// sweeps at the finest level, each a read and a write: 1 + 12 x 8 = 97
// passes (61 with the guards' 5/8).
// RUN: %clang -O2 -fopenmp -gline-tables-only -fpass-plugin=%oli_pass -Rpass-analysis=oli -c %s -o /dev/null 2>&1 | FileCheck %s
long getn(void);
void *malloc(unsigned long);
void *calloc(unsigned long, unsigned long);

typedef struct {
  int log2n;
  int ncycles;
} params_t;

static const params_t classes[5] = {{6, 10}, {7, 10}, {8, 12}, {9, 12}, {10, 12}};

#define IDX(n, i, j, k) ((((unsigned long)(i) * (n)) + (unsigned long)(j)) * (n) + (unsigned long)(k))

static void sweep(double *u, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      for (int k = 0; k < n; k++)
        u[IDX(n, i, j, k)] *= 0.5;
}

static void smooth(double *u, int n, int sweeps) {
  for (int s = 0; s < sweeps; s++)
    sweep(u, n);
}

typedef struct {
  int nlev;
  double *u[8];
} levels_t;

static void vcycle(levels_t *L, int l, int n) {
  if (l == L->nlev - 1) {
    smooth(L->u[l], n, 40);
    return;
  }
  smooth(L->u[l], n, 2);
  vcycle(L, l + 1, n / 2);
  smooth(L->u[l], n, 2);
}

int main(int argc, char **argv) {
  const params_t P = classes[argc % 5];
  int n = 1 << P.log2n;
  unsigned long N = (unsigned long)n * n * n;
  levels_t L = {.nlev = 4};
  // CHECK: remark: site 0x{{[0-9a-f]+}} 'u' {{.*}} (97 passes), streaming (streaming 100%), confidence low, {{[0-9]+}} accesses, ambiguous, guessed trip counts [-Rpass-analysis=oli]
  double *u = malloc(N * sizeof(double));
  L.u[0] = u;
  for (int l = 1; l < L.nlev; l++) {
    unsigned long nl = n >> l;
    L.u[l] = calloc(nl * nl * nl, sizeof(double));
  }
  for (unsigned long i = 0; i < N; i++)
    u[i] = 1.0;
  for (int c = 0; c < P.ncycles; c++)
    vcycle(&L, 0, n);
  return u[0] > 0;
}
