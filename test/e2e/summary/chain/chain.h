/* test/e2e/summary/chain: a driver between the program and its kernels */
#ifndef CHAIN_H
#define CHAIN_H
void fill(double *a, long n);
void relax(double *a, long n);
void solve(double *a, long n);
#endif
