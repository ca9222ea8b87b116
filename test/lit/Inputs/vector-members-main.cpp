#include <cstdio>
#include <cstdlib>
#include "vector-members.hpp"
int main(int argc, char **argv) {
  std::size_t n = argc > 1 ? std::atol(argv[1]) : (1u << 20);
  State s(n);
  for (int it = 0; it < 10; it++)
    update(s);
  std::printf("%g\n", s.hot[n - 1]);
  return 0;
}
