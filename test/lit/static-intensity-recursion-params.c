// A recursive function counts its outermost calls (entryCount), so its
// parameters take the values its outside callers pass: a V-cycle that calls
// itself on the next level (`vcycle(L, l + 1, n / 8)`) sweeps its level
// with loops bounded by its n, which at the outermost call is main's, the
// finest array's own size. u: written once, then 10 cycles of two smooths
// of two sweeps (a load and a store each): 1 + 80 = 81 passes. `low`: u is
// reached through L->u[l] with l varying (every level's object may be
// there). Before: 51.8, its n a symbol of its own (the recursive call
// passes n / 8), the sweeps' counts guessed.
// RUN: %clang -O2 -gline-tables-only -fpass-plugin=%oli_pass -Rpass-analysis=oli -c %s -o /dev/null 2>&1 | FileCheck %s
long getn(void);
void *malloc(unsigned long);
void *calloc(unsigned long, unsigned long);

static void sweep(double *u, long n) {
  for (long i = 0; i < n; i++)
    u[i] *= 0.5;
}

static void smooth(double *u, long n, int sweeps) {
  for (int s = 0; s < sweeps; s++)
    sweep(u, n);
}

typedef struct {
  int nlev;
  double *u[8];
} levels_t;

static void vcycle(levels_t *L, int l, long n) {
  if (l == L->nlev - 1) {
    smooth(L->u[l], n, 40);
    return;
  }
  smooth(L->u[l], n, 2);
  vcycle(L, l + 1, n / 8);
  smooth(L->u[l], n, 2);
}

int main(void) {
  long n = getn();
  levels_t L = {.nlev = 5};
  // CHECK: remark: site 0x{{[0-9a-f]+}} 'u' {{.*}} (81 passes), streaming (streaming 100%), confidence low
  double *u = malloc(n * sizeof(double));
  L.u[0] = u;
  for (int l = 1; l < L.nlev; l++)
    L.u[l] = calloc(n >> (3 * l), sizeof(double));
  for (long i = 0; i < n; i++)
    u[i] = 1.0;
  for (int c = 0; c < 10; c++)
    vcycle(&L, 0, n);
  return u[0] > 0;
}
