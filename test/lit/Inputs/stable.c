#include <stdlib.h>

#ifdef EXTRA_ABOVE
/* An unrelated function inserted above, as an edit would. */
static int unrelated(int x) {
  int y = x * 3;
  return y + 1;
}
int use_unrelated(int x) { return unrelated(x); }
#endif

double *field;

void alloc_field(size_t n) {
  field = malloc(n * sizeof *field);
}
