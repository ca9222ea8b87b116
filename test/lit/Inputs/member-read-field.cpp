// test/lit/static-intensity-summary-member-read.cpp: the constructor
#include "member-read-field.hpp"
Field::Field(std::size_t n_) : n(n_), u(n_), coef(n_) {
  for (std::size_t i = 0; i < n; i++) {
    u[i] = 1.0 / (1.0 + i);
    coef[i] = 0.5 + 1e-9 * i;
  }
}
