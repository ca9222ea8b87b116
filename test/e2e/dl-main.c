/* test/e2e/dl-main.c - dlopen a library built with the plugin (dl-lib.c), let
 * it place objects, dlclose it, then free its objects and allocate again, and
 * exit with OLI_REPORT and OLI_PROFILE set: nothing may read or write the
 * unloaded module, and profile samples at its global's old address are not
 * the global's. Built without the plugin, linked with liboli.
 * usage: dl-main LIB [LIB2]: LIB2 (another build, its own embedded plan) is
 * loaded after LIB was closed. */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "oli_abi.h"

static void *must(void *h, const char *sym) {
  void *f = dlsym(h, sym);
  if (!f) {
    fprintf(stderr, "dl-main: %s\n", dlerror());
    exit(3);
  }
  return f;
}

int main(int argc, char **argv) {
  if (argc < 2) return 2;
  void *h = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
  if (!h) {
    fprintf(stderr, "dl-main: %s\n", dlerror());
    return 3;
  }
  void *(*big)(size_t) = (void *(*)(size_t))must(h, "lib_big");
  void (*small)(void **, int) = (void (*)(void **, int))must(h, "lib_small");
  double (*touch)(void) = (double (*)(void))must(h, "lib_touch");
  void *b1 = big(4 << 20), *b2 = big(8 << 20);
  static void *smalls[600];
  small(smalls, 600); /* past the first 256: the fast path is on */
  double s = touch();
  char *grid = must(h, "lib_grid");
  __oli_profile_access(grid + 4096, 5); /* profile samples in the global: its */
  free(b2); /* one placed object freed while the module is there */
  if (dlclose(h) != 0) return 4;
  __oli_profile_access(grid + 4096, 7); /* the module is gone: nobody's */
  /* the module's memory is gone; reuse its addresses for something else */
  for (int i = 0; i < 16; i++) {
    char *m = mmap(NULL, 1 << 20, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (m != MAP_FAILED) memset(m, 0x5a, 1 << 20);
  }
  free(b1); /* placed by the unloaded module */
  for (int i = 0; i < 600; i++) free(smalls[i]);
  void *again = malloc(16 << 20); /* untagged */
  free(again);
  if (argc > 2) { /* another module with another embedded plan, after the first is gone */
    void *h2 = dlopen(argv[2], RTLD_NOW | RTLD_LOCAL);
    if (!h2) {
      fprintf(stderr, "dl-main: %s\n", dlerror());
      return 3;
    }
    void *(*big2)(size_t) = (void *(*)(size_t))must(h2, "lib_big");
    free(big2(2 << 20));
    dlclose(h2);
  }
  printf("dl-main ok %.0f\n", s);
  return 0;
}
