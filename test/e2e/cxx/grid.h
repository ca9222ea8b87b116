// test/e2e/cxx: a C++ program in three files whose std::vector<double>
// allocations (inline template code, one comdat per instantiation) are made in
// two of them; e2e.sh cxx-inline-sites links it built with the plugin.
#pragma once
#include <cstddef>
#include <vector>

std::vector<double> make_field(std::size_t n);
double relax(std::vector<double> &u, const std::vector<double> &f, int sweeps);
