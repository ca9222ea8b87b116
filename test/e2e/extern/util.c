/* test/e2e/extern: an allocation wrapper in another file (e2e/extern-wrapper) */
#include <stdio.h>
#include <stdlib.h>
void *xmalloc(size_t n) {
  void *p = malloc(n);
  if (!p) {
    fprintf(stderr, "out of memory\n");
    exit(1);
  }
  return p;
}
