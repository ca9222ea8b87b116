// Particles as an array of structs, pushed in an OpenMP loop: the vectoriser
// versions the outlined loop on its chunk's range with wrap checks (each
// field's address past the chunk below its start, `gep(p, d) <u p`, and the
// chunk's byte count `umul.with.overflow(n, 48)`'s flag) beside the overlap
// of P and F. No object wraps the address space nor overflows its byte
// count: the vector loop runs. With those checks left at even odds the
// scalar copy counted half the steps again, guessed: P 31.5 and F 16.5 where
// the run makes 21 and 11 (an outside trial's 79.7 and 46 of 61 and 31).
// RUN: %clang -O2 -fopenmp -fpass-plugin=%oli_pass -Rpass-analysis=oli -c %s -o /dev/null 2>&1 | FileCheck %s
// CHECK-DAG: remark: site 0x{{[0-9a-f]+}} 'P' {{.*}} (2{{[01]}}{{([.][0-9]+)?}} passes), streaming
// CHECK-DAG: remark: site 0x{{[0-9a-f]+}} 'F' {{.*}} (1{{[01]}}{{([.][0-9]+)?}} passes), streaming
#include <stdio.h>
#include <stdlib.h>

typedef struct {
  double x, y, z, vx, vy, vz;
} p_t;

p_t *P;
double *F;

void push(long n, double dt) {
#pragma omp parallel for
  for (long i = 0; i < n; i++) {
    P[i].vx += dt * F[3 * i];
    P[i].vy += dt * F[3 * i + 1];
    P[i].vz += dt * F[3 * i + 2];
    P[i].x += dt * P[i].vx;
    P[i].y += dt * P[i].vy;
    P[i].z += dt * P[i].vz;
  }
}

int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 1L << 18;
  P = malloc(n * sizeof(p_t));
  F = malloc(3 * n * sizeof(double));
  for (long i = 0; i < n; i++) {
    P[i].x = P[i].y = P[i].z = P[i].vx = P[i].vy = P[i].vz = i;
    F[3 * i] = F[3 * i + 1] = F[3 * i + 2] = 1;
  }
  for (int s = 0; s < 10; s++)
    push(n, 1e-3);
  printf("%g\n", P[1].x);
  return 0;
}
