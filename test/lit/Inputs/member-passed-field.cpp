// test/lit/static-intensity-summary-member-passed.cpp: the constructor,
// which allocates and fills the members
#include "member-passed.hpp"
Field::Field(std::size_t n_) : n(n_), u(n_, 1.0), rhs(n_, 2.0), cold(n_, 3.0) {}
