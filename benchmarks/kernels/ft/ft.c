/* ft - spectral time stepping of the 3-D heat equation du/dt = alpha lap(u)
 * with FFTs (the memory behaviour of NPB FT: two large complex arrays and a
 * large real array of decay factors, swept in all three directions).
 *
 * u0 holds the spectrum: a random complex field is transformed forward once,
 * then every step multiplies it by `twiddle` = exp(-4 pi^2 alpha |k|^2); u1
 * receives a copy that is transformed back to physical space.
 * Verification: the forward transform equals a direct DFT at sampled
 * frequencies and keeps the energy of the (regenerated) initial field; at
 * every step the energy of u1 (physical) equals that of u0 (spectral) and the
 * analytic decay of the initial spectrum's shells; after the last step, u1
 * equals a direct inverse DFT of u0 at sampled points. Radix-2 FFTs; the y and
 * z transforms copy blocks of neighbouring columns to per-thread buffers, as
 * NPB FT does: one column at a time, its elements a power of two apart fell
 * into a few cache sets and missed on every element (class W, one thread,
 * here: 0.30 s by columns, 0.19 s by blocks of 16; class A 4.05 s, 1.76 s). */
#include "bench.h"
#include <complex.h>
#include <math.h>

typedef struct {
  int lx, ly, lz; /* log2 of the grid sizes */
  int niter;
} ft_params_t;

static const ft_params_t ft_classes[BENCH_NCLASS] = {
    {6, 6, 6, 6},    /* S: 64^3, 4 MB per complex array */
    {7, 7, 6, 6},    /* W: 128x128x64, 16 MB */
    {8, 8, 7, 6},    /* A: 256x256x128, 128 MB */
    {9, 8, 8, 20},   /* B: 512x256x256, 0.5 GB */
    {10, 9, 9, 20},  /* C: 1024x512x512, 4.3 GB per array, ~11 GB in all */
};

#define FT_SEED 0xf7ull
#define FT_ALPHA 1e-6
#define FT_PI 3.14159265358979323846
#define FT_NSAMPLE 4

typedef double complex cplx;

/* Roots exp(-2 pi i m / n), m < n/2. */
static cplx *make_roots(int n) {
  cplx *roots = malloc((size_t)(n / 2 > 0 ? n / 2 : 1) * sizeof *roots);
  BENCH_CHECK_ALLOC(roots, (n / 2) * sizeof *roots);
  for (int m = 0; m < n / 2; m++) roots[m] = cexp(-2.0 * FT_PI * I * m / n);
  return roots;
}

/* In-place radix-2 FFT of a[0..n), sign -1 forward, +1 inverse (unscaled). */
static void fft_line(cplx *a, int n, const cplx *roots, int inverse) {
  for (int i = 1, j = 0; i < n; i++) {
    int bit = n >> 1;
    for (; j & bit; bit >>= 1) j ^= bit;
    j |= bit;
    if (i < j) { cplx t = a[i]; a[i] = a[j]; a[j] = t; }
  }
  for (int len = 2; len <= n; len <<= 1) {
    int half = len / 2, step = n / len;
    for (int i = 0; i < n; i += len)
      for (int j = 0; j < half; j++) {
        cplx w = inverse ? conj(roots[j * step]) : roots[j * step];
        cplx t = a[i + j + half] * w;
        a[i + j + half] = a[i + j] - t;
        a[i + j] += t;
      }
  }
}

static int nx, ny, nz;
static cplx *rx, *ry, *rz;
#define ID(i, j, k) (((size_t)(k) * ny + (size_t)(j)) * nx + (size_t)(i))

/* The FFTs of nb neighbouring columns of n elements `stride` apart from c
 * (each read or write of u a run of nb elements), through line: copied in,
 * transformed, copied back times scale. */
static void fft_columns(cplx *c, size_t stride, int n, int nb, cplx *line, const cplx *roots, int inverse,
                        double scale) {
  for (int q = 0; q < n; q++)
    for (int b = 0; b < nb; b++) line[(size_t)b * n + q] = c[q * stride + b];
  for (int b = 0; b < nb; b++) fft_line(line + (size_t)b * n, n, roots, inverse);
  for (int q = 0; q < n; q++)
    for (int b = 0; b < nb; b++) {
      cplx v = line[(size_t)b * n + q];
      c[q * stride + b] = scale != 1.0 ? v * scale : v;
    }
}

/* 3-D FFT of u in place; the inverse is scaled by 1/N. The y and z
 * transforms take FT_BLOCK neighbouring columns at once (fft_columns, as NPB
 * FT's fftblock) through a per-thread buffer. */
enum { FT_BLOCK = 16 };
static void fft3d(cplx *u, int inverse) {
  int nmax = nx > ny ? nx : ny;
  if (nz > nmax) nmax = nz;
  const double scale = inverse ? 1.0 / ((double)nx * ny * nz) : 1.0;
#pragma omp parallel
  {
    cplx *line = malloc((size_t)nmax * FT_BLOCK * sizeof *line);
    BENCH_CHECK_ALLOC(line, nmax * FT_BLOCK * sizeof *line);
#pragma omp for schedule(static) collapse(2)
    for (int k = 0; k < nz; k++)
      for (int j = 0; j < ny; j++) fft_line(u + ID(0, j, k), nx, rx, inverse);
#pragma omp for schedule(static) collapse(2)
    for (int k = 0; k < nz; k++)
      for (int i0 = 0; i0 < nx; i0 += FT_BLOCK)
        fft_columns(u + ID(i0, 0, k), (size_t)nx, ny, nx - i0 < FT_BLOCK ? nx - i0 : FT_BLOCK, line, ry, inverse,
                    1.0);
#pragma omp for schedule(static) collapse(2)
    for (int j = 0; j < ny; j++)
      for (int i0 = 0; i0 < nx; i0 += FT_BLOCK)
        fft_columns(u + ID(i0, j, 0), (size_t)nx * ny, nz, nx - i0 < FT_BLOCK ? nx - i0 : FT_BLOCK, line, rz,
                    inverse, scale);
    free(line);
  }
}

static inline cplx initial_value(size_t e) {
  return (bench_uniform(FT_SEED, 2 * e) - 0.5) + I * (bench_uniform(FT_SEED, 2 * e + 1) - 0.5);
}

/* Signed wave number of index m of an n-point transform. */
static inline int wave(int m, int n) { return m < n / 2 ? m : m - n; }

/* Direct sum over the grid of f(i,j,k) exp(sign 2 pi i (a i/nx + b j/ny + c k/nz)). */
static cplx direct_sum(const cplx *f, int a, int b, int c, double sign) {
  double re = 0.0, im = 0.0;
#pragma omp parallel for schedule(static) reduction(+ : re, im)
  for (int k = 0; k < nz; k++) {
    cplx sk = 0.0;
    for (int j = 0; j < ny; j++) {
      cplx sj = 0.0;
      for (int i = 0; i < nx; i++) {
        cplx v = f ? f[ID(i, j, k)] : initial_value(ID(i, j, k));
        sj += v * cexp(sign * 2.0 * FT_PI * I * (double)((long)a * i % nx) / nx);
      }
      sk += sj * cexp(sign * 2.0 * FT_PI * I * (double)((long)b * j % ny) / ny);
    }
    cplx t = sk * cexp(sign * 2.0 * FT_PI * I * (double)((long)c * k % nz) / nz);
    re += creal(t), im += cimag(t);
  }
  return re + I * im;
}

/* The large arrays: file-scope pointers, as in the C versions of NPB (the
 * oli report names a heap object after the global it is stored into). */
static cplx *u0;
static cplx *u1;
static double *twiddle;

int main(int argc, char **argv) {
  int cls = bench_class(argc, argv, "ft");
  const ft_params_t P = ft_classes[cls];
  nx = 1 << P.lx, ny = 1 << P.ly, nz = 1 << P.lz;
  const size_t N = (size_t)nx * ny * nz;
  char params[128];
  snprintf(params, sizeof params, "grid=%dx%dx%d steps=%d", nx, ny, nz, P.niter);
  bench_header("ft", cls, params);

  /* ---- the large arrays ---- */
  u0 = malloc(N * sizeof *u0);
  BENCH_CHECK_ALLOC(u0, N * sizeof *u0);
  u1 = malloc(N * sizeof *u1);
  BENCH_CHECK_ALLOC(u1, N * sizeof *u1);
  twiddle = malloc(N * sizeof *twiddle);
  BENCH_CHECK_ALLOC(twiddle, N * sizeof *twiddle);
  /* ---- roots of unity per direction: small ---- */
  rx = make_roots(nx), ry = make_roots(ny), rz = make_roots(nz);

#pragma omp parallel for schedule(static)
  for (int k = 0; k < nz; k++)
    for (int j = 0; j < ny; j++)
      for (int i = 0; i < nx; i++) {
        size_t e = ID(i, j, k);
        double k2 = (double)wave(i, nx) * wave(i, nx) + (double)wave(j, ny) * wave(j, ny) +
                    (double)wave(k, nz) * wave(k, nz);
        twiddle[e] = exp(-4.0 * FT_PI * FT_PI * FT_ALPHA * k2);
        u0[e] = initial_value(e);
        u1[e] = 0.0;
      }

  int ok = 1;
  double t0 = bench_start();
  fft3d(u0, 0);
  double t = bench_stop(t0);

  /* Energy of the initial field (regenerated) against the spectrum, and the
   * spectrum's energy per shell |k|^2: it predicts every later step. */
  const int kmax2 = (nx / 2) * (nx / 2) + (ny / 2) * (ny / 2) + (nz / 2) * (nz / 2);
  double *shell = calloc((size_t)kmax2 + 1, sizeof *shell);
  BENCH_CHECK_ALLOC(shell, (kmax2 + 1) * sizeof *shell);
  double einit = 0.0, espec0 = 0.0;
#pragma omp parallel for schedule(static) reduction(+ : einit)
  for (size_t e = 0; e < N; e++) {
    cplx v = initial_value(e);
    einit += creal(v) * creal(v) + cimag(v) * cimag(v);
  }
  for (int k = 0; k < nz; k++)
    for (int j = 0; j < ny; j++)
      for (int i = 0; i < nx; i++) {
        cplx v = u0[ID(i, j, k)];
        int k2 = wave(i, nx) * wave(i, nx) + wave(j, ny) * wave(j, ny) + wave(k, nz) * wave(k, nz);
        shell[k2] += creal(v) * creal(v) + cimag(v) * cimag(v);
      }
  for (int k2 = 0; k2 <= kmax2; k2++) espec0 += shell[k2];
  espec0 /= (double)N;
  printf("initial energy %.12e, spectrum %.12e\n", einit, espec0);
  ok &= fabs(einit - espec0) < 1e-10 * einit;
  if (bench_fault()) memset(u0 + N / 2, 0, 4096); /* one lost page */

  /* Forward transform against direct DFTs at sampled frequencies. */
  double maxrel = 0.0;
  for (int s = 0; s < FT_NSAMPLE; s++) {
    int a = (int)(bench_mix64(FT_SEED + 10 + s) % nx), b = (int)(bench_mix64(FT_SEED + 20 + s) % ny),
        c = (int)(bench_mix64(FT_SEED + 30 + s) % nz);
    if (s == 0) a = nx / 2, b = ny / 2, c = nz / 2;
    if (s == 1) a = b = c = 0;
    cplx ref = direct_sum(NULL, a, b, c, -1.0);
    double d = cabs(ref - u0[ID(a, b, c)]) / sqrt((double)N);
    if (d > maxrel) maxrel = d;
  }
  printf("forward FFT vs direct DFT at %d frequencies: max difference %.3e\n", FT_NSAMPLE, maxrel);
  ok &= maxrel < 1e-10;

  double worst_parseval = 0.0, worst_decay = 0.0;
  for (int step = 1; step <= P.niter; step++) {
    double t1 = bench_start();
#pragma omp parallel for schedule(static)
    for (size_t e = 0; e < N; e++) {
      u0[e] *= twiddle[e];
      u1[e] = u0[e];
    }
    fft3d(u1, 1);
    t += bench_stop(t1);
    double ephys = 0.0, espec = 0.0;
    double csr = 0.0, csi = 0.0;
#pragma omp parallel for schedule(static) reduction(+ : ephys, espec)
    for (size_t e = 0; e < N; e++) {
      ephys += creal(u1[e]) * creal(u1[e]) + cimag(u1[e]) * cimag(u1[e]);
      espec += creal(u0[e]) * creal(u0[e]) + cimag(u0[e]) * cimag(u0[e]);
    }
    espec /= (double)N;
    for (int q = 1; q <= 1024; q++) {
      cplx v = u1[(size_t)q * 2654435761u % N];
      csr += creal(v), csi += cimag(v);
    }
    double pr = fabs(ephys - espec) / espec;
    if (pr > worst_parseval) worst_parseval = pr;
    double expect = 0.0;
    for (int k2 = 0; k2 <= kmax2; k2++)
      expect += shell[k2] * exp(-8.0 * FT_PI * FT_PI * FT_ALPHA * k2 * step);
    expect /= (double)N;
    double dr = fabs(ephys - expect) / expect;
    if (dr > worst_decay) worst_decay = dr;
    printf("step %2d: checksum %.12e %+.12e energy %.12e\n", step, csr, csi, ephys);
  }
  printf("Parseval: worst relative difference %.3e; energy vs analytic decay: %.3e\n",
         worst_parseval, worst_decay);
  ok &= worst_parseval < 1e-10 && worst_decay < 1e-10;

  /* Last physical field against direct inverse DFTs of the spectrum. */
  double maxabs = 0.0;
  for (int s = 0; s < FT_NSAMPLE; s++) {
    int a = (int)(bench_mix64(FT_SEED + 40 + s) % nx), b = (int)(bench_mix64(FT_SEED + 50 + s) % ny),
        c = (int)(bench_mix64(FT_SEED + 60 + s) % nz);
    cplx ref = direct_sum(u0, a, b, c, 1.0) / (double)N;
    double d = cabs(ref - u1[ID(a, b, c)]);
    if (d > maxabs) maxabs = d;
  }
  printf("inverse FFT vs direct sum at %d points: max difference %.3e\n", FT_NSAMPLE, maxabs);
  ok &= maxabs < 1e-12;

  free(shell), free(rz), free(ry), free(rx);
  /* The large arrays stay live until exit: the oli report (written at exit)
   * then shows where their pages are (pages_achieved, from move_pages). */
  return bench_finish(t, ok);
}
