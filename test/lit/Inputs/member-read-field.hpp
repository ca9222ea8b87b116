// test/lit/static-intensity-summary-member-read.cpp: a class whose
// std::vector members its constructor (another file) makes and fills
#pragma once
#include <cstddef>
#include <vector>
class Field {
public:
  explicit Field(std::size_t n);
  std::size_t n;
  std::vector<double> u;    // read 10 times in main's file
  std::vector<double> coef; // written at construction only
};
