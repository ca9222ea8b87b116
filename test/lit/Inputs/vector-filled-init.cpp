// test/lit/static-intensity-summary-vector-filled.cpp: the vector sized in
// a function of its own file, by a library call
#include <cstddef>
#include <vector>
void init(std::vector<double> &v, std::size_t n) { v.resize(n); }
