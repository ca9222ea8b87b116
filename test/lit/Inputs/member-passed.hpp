// test/lit/static-intensity-summary-member-passed.cpp: a class of three
// std::vector<double> members, and the kernels main hands them to
#pragma once
#include <cstddef>
#include <vector>
struct Field {
  std::size_t n;
  std::vector<double> u, rhs, cold; // scaled 10 times, read 10 times, filled only
  explicit Field(std::size_t n_);
};
void scale(std::vector<double> &v, double a);
double norm(const std::vector<double> &v);
