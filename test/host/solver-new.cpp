// test/host/solver-new.cpp - libsolver's C++ part: new[] and delete[].
#include "solver.h"

extern "C" double *sv_new(size_t n) {
  double *coef = new double[n];
  for (size_t i = 0; i < n; i++) coef[i] = 1.5;
  return coef;
}

extern "C" void sv_delete(double *p) { delete[] p; }
