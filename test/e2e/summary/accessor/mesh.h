// A class owning its arrays, with accessors defined out of line in mesh.cpp.
#pragma once
#include <cstddef>

class Mesh {
public:
  explicit Mesh(std::size_t n);
  ~Mesh();
  Mesh(const Mesh &) = delete;
  Mesh &operator=(const Mesh &) = delete;
  std::size_t size() const;
  double *x();
  double *y();

private:
  std::size_t n_;
  double *x_, *y_;
};

void axpy(Mesh &m, double a);
void relax(Mesh &m);
