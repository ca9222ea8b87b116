// test/e2e/bank: a particle bank of run-time size, made by a function of
// another file that resizes the vector it is given, swept each event, and
// read by a tally loop to a constant bin count main passes (e2e/summaries-bank)
#include <cstddef>
#include <vector>
struct P {
  double e, w, x, y;
};
void init_bank(std::vector<P> &bank, std::size_t n);
void step(std::vector<P> &bank);
double tally(const std::vector<P> &bank, std::size_t nbins);
