// A hydrodynamics-style mesh class (as LULESH's Domain): its fields are
// std::vector members sized by resize() in the constructor, which domain.cpp
// defines out of line with the member functions that sweep them; a force
// kernel in force.cpp reads and writes some of them through inline
// accessors; main.cpp runs the cycles.
#pragma once
#include <cstddef>
#include <vector>

class Domain {
public:
  explicit Domain(int edge);
  void advance(double dt);
  double energy() const;
  std::size_t numNode() const { return x_.size(); }
  std::size_t numElem() const { return e_.size(); }
  double &xd(std::size_t i) { return xd_[i]; }
  double &p(std::size_t i) { return p_[i]; }
  int nodelist(std::size_t el, int k) const { return nodelist_[8 * el + k]; }

private:
  std::vector<double> x_, xd_, e_, p_;
  std::vector<int> nodelist_;
};

void calcForce(Domain &d, std::vector<double> &f);
