// test/e2e/vector: kernels taking std::vector by reference in another file
// (e2e/summaries-vector)
#ifndef VECTOR_KERN_H
#define VECTOR_KERN_H
#include <cstddef>
#include <vector>
void axpy(std::vector<double> &w, const std::vector<double> &u); // w: 2 a call, u: 1
double total(const std::vector<double> &w);                      // w: 1
#endif
