// test/e2e/bank: main (e2e/summaries-bank)
#include <cstdio>
#include <cstdlib>
#include "bank.h"
int main(int argc, char **argv) {
  std::size_t n = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 200000;
  std::vector<P> bank;
  init_bank(bank, n);
  for (int ev = 0; ev < 10; ev++) step(bank);
  std::printf("%g\n", tally(bank, 1 << 19));
  return 0;
}
