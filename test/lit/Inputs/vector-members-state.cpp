#include "vector-members.hpp"
State::State(std::size_t n_) : n(n_), hot(n_), cold(n_) {
  for (std::size_t i = 0; i < n; i++) {
    hot[i] = 1.0;
    cold[i] = (double)i;
  }
}
