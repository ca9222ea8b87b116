#pragma once
#include <vector>
#include <cstddef>
struct State {
  explicit State(std::size_t n);
  std::size_t n;
  std::vector<double> hot;   // updated 10 times
  std::vector<double> cold;  // written at construction only
};
void update(State &s);       // static-intensity-summary-vector-members.cpp
