/* test/e2e/extern: an allocation wrapper in another file (e2e/extern-wrapper) */
#include <stdio.h>
#include <stdlib.h>
void *xmalloc(size_t n) {
  void *p = malloc(n);
  if (p == NULL) abort(); /* what most codes' helpers do, with a message first */
  return p;
}
