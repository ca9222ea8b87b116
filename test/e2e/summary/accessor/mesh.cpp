#include "mesh.h"

// the arrays sized in n, n kept in n_: size() returns it to other files
Mesh::Mesh(std::size_t n) : n_(n) {
  x_ = new double[n];
  y_ = new double[n];
  for (std::size_t i = 0; i < n; i++) {
    x_[i] = 1.0;
    y_[i] = 0.0;
  }
}

Mesh::~Mesh() {
  delete[] x_;
  delete[] y_;
}

std::size_t Mesh::size() const { return n_; }
double *Mesh::x() { return x_; }
double *Mesh::y() { return y_; }
