// new-throw.cc - __oli_new keeps operator new's contract: when neither the
// arena nor glibc can give memory it calls the real operator new, which throws
// std::bad_alloc; the nothrow form returns NULL, after the new_handler had its
// chance, as the real nothrow operator new gives it; placed objects are
// released by the ordinary operator delete (which calls the interposed free).
#include <cstdint>
#include <cstdio>
#include <new>

static int handler_calls;
static void handler() {
  handler_calls++;
  std::set_new_handler(nullptr); // nothing to free: the next failure returns NULL
}

extern "C" {
#include "internal.h"
}
#include "sitehelper.h"

int main() {
  int failed = 0, passed = 0;
  auto check = [&](const char *name, bool ok) {
    if (ok) passed++;
    else {
      failed++;
      std::fprintf(stderr, "FAIL %s\n", name);
    }
  };
  __oli_site_t *s = test_site(0xa001, OLI_KIND_NEW, 0, "obj");
  bool threw = false;
  try {
    void *p = __oli_new(SIZE_MAX / 4, 0, s);
    std::fprintf(stderr, "unexpected memory %p\n", p);
  } catch (const std::bad_alloc &) {
    threw = true;
  }
  check("impossible size throws std::bad_alloc", threw);
  check("nothrow returns NULL", __oli_new_nothrow(SIZE_MAX / 4, 0, s) == nullptr);
  std::set_new_handler(handler);
  check("nothrow returns NULL with a new_handler", __oli_new_nothrow(SIZE_MAX / 4, 0, s) == nullptr);
  check("the new_handler was called once", handler_calls == 1);
  std::set_new_handler(handler);
  check("aligned nothrow returns NULL", __oli_new_nothrow(SIZE_MAX / 4, 64, s) == nullptr);
  check("the new_handler was called again", handler_calls == 2);
  threw = false;
  try {
    void *p = __oli_new(SIZE_MAX / 4, 64, s);
    std::fprintf(stderr, "unexpected memory %p\n", p);
  } catch (const std::bad_alloc &) {
    threw = true;
  }
  check("aligned impossible size throws std::bad_alloc", threw);
  char *big = static_cast<char *>(__oli_new(8u << 20, 0, s));
  check("large new returns memory", big != nullptr);
  big[0] = 1;
  big[(8u << 20) - 1] = 2;
  ::operator delete(big); // the ordinary delete: free() must recognise arena memory
  oli_arena_stats_t as;
  _oli_arena_stats(&as);
  check("no live arena block after delete", as.live_blocks == 0);
  std::printf("%d passed, %d failed\n", passed, failed);
  return failed ? 1 : 0;
}
