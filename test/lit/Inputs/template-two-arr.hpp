// The class template of static-intensity-summary-template-specializations.cpp.
#include <cstddef>
template <class T> class Arr {
  T *d_;
  std::size_t n_;
public:
  explicit Arr(std::size_t n) : d_(new T[n]), n_(n) {}
  ~Arr() { delete[] d_; }
  T &operator[](std::size_t i) { return d_[i]; }
  const T &operator[](std::size_t i) const { return d_[i]; }
  std::size_t size() const { return n_; }
};
void scale(Arr<double> &u);
void conv(Arr<float> &w, const Arr<double> &u);
