#include "domain.h"

// edge^3 elements, (edge + 1)^3 nodes; each element lists its 8 corners
Domain::Domain(int edge) {
  std::size_t e1 = (std::size_t)edge + 1, nel = (std::size_t)edge * edge * edge, nnode = e1 * e1 * e1;
  x_.resize(nnode);
  xd_.resize(nnode);
  e_.resize(nel);
  p_.resize(nel);
  nodelist_.resize(8 * nel);
  for (std::size_t i = 0; i < nnode; i++)
    x_[i] = (double)i;
  for (std::size_t el = 0; el < nel; el++) {
    std::size_t k = el % edge, j = el / edge % edge, i = el / edge / edge;
    std::size_t n0 = (i * e1 + j) * e1 + k;
    for (int c = 0; c < 8; c++)
      nodelist_[8 * el + c] = (int)(n0 + (c & 1) + (c >> 1 & 1) * e1 + (c >> 2) * e1 * e1);
    e_[el] = 1.0;
  }
}

void Domain::advance(double dt) {
  for (std::size_t i = 0; i < x_.size(); i++)
    x_[i] += dt * xd_[i];
  for (std::size_t el = 0; el < e_.size(); el++)
    p_[el] = 0.4 * e_[el];
}

double Domain::energy() const {
  double s = 0;
  for (std::size_t el = 0; el < e_.size(); el++)
    s += e_[el];
  return s;
}
