#include "domain.h"

// each element's pressure spread over its corners (a scatter through the
// node list), then the nodes' velocities
void calcForce(Domain &d, std::vector<double> &f) {
  for (std::size_t el = 0; el < d.numElem(); el++) {
    double pe = d.p(el);
    for (int k = 0; k < 8; k++)
      f[d.nodelist(el, k)] += 0.125 * pe;
  }
  for (std::size_t i = 0; i < d.numNode(); i++)
    d.xd(i) += 1e-3 * f[i];
}
