// The kernel of static-intensity-summary-global-pointer-array.c: a level's
// array taken from the global array of pointers at a variable index.
extern double *u[4];
extern long N[4];
void sweep(int l) {
  double *x = u[l];
  for (long i = 0; i < N[l]; i++)
    x[i] += 1.0;
}
