// test/e2e/bank: the bank's set-up and its events (e2e/summaries-bank)
#include "bank.h"
void init_bank(std::vector<P> &bank, std::size_t n) {
  bank.resize(n);
  for (std::size_t i = 0; i < n; i++) bank[i] = P{1.0 + double(i % 7), 1.0, 0.0, 0.0};
}
void step(std::vector<P> &bank) {
  for (std::size_t i = 0; i < bank.size(); i++) {
    bank[i].e *= 0.9;
    bank[i].w += bank[i].e;
  }
}
