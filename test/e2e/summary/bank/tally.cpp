// test/e2e/bank: the tally, bins to a count the caller gives (e2e/summaries-bank)
#include "bank.h"
double tally(const std::vector<P> &bank, std::size_t nbins) {
  std::vector<double> t(nbins);
  const std::size_t n = bank.size();
  for (std::size_t j = 0; j < nbins; j++) t[j] = bank[j % n].w * 0.5;
  return t[nbins / 2] + t[nbins - 1];
}
