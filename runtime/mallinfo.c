/* runtime/mallinfo.c - glibc's heap statistics with the placed objects in
 * them. mallinfo2(), mallinfo() and malloc_stats() are interposed: glibc's
 * figures, plus the arena's in the fields whose meaning fits, as glibc
 * itself counts the chunks it maps with mmap (docs/runtime-internals.md):
 *
 *   hblks, hblkhd     + live placed objects and their bytes (page-rounded)
 *   ordblks, fordblks + freed placed blocks still resident (the cache:
 *                       memory held, free for reuse)
 *   arena, uordblks, keepcost ...  glibc's heap alone, as before
 *
 * malloc_stats() prints glibc's table, then the arena's lines in its format.
 * malloc_info() (XML) is glibc's alone. */
#include <dlfcn.h>
#include <malloc.h>
#include <stdio.h>

#include "internal.h"

static void *next_symbol(const char *name) { return dlsym(RTLD_NEXT, name); }

OLI_EXPORT struct mallinfo2 mallinfo2(void) {
  static struct mallinfo2 (*real)(void);
  if (!real) real = (struct mallinfo2 (*)(void))next_symbol("mallinfo2");
  struct mallinfo2 m = real ? real() : (struct mallinfo2){0};
  oli_arena_stats_t s;
  _oli_arena_stats(&s); /* zeros before the arena exists */
  m.hblks += s.live_blocks;
  m.hblkhd += s.live_bytes;
  m.ordblks += s.cached_blocks;
  m.fordblks += s.cached_bytes;
  return m;
}

/* The old int fields wrap like glibc's own (deprecated for that reason). */
OLI_EXPORT struct mallinfo mallinfo(void) {
  struct mallinfo2 m2 = mallinfo2();
  struct mallinfo m = {(int)m2.arena, (int)m2.ordblks, (int)m2.smblks, (int)m2.hblks,
                       (int)m2.hblkhd, (int)m2.usmblks, (int)m2.fsmblks, (int)m2.uordblks,
                       (int)m2.fordblks, (int)m2.keepcost};
  return m;
}

OLI_EXPORT void malloc_stats(void) {
  static void (*real)(void);
  if (!real) real = (void (*)(void))next_symbol("malloc_stats");
  if (real) real();
  oli_arena_stats_t s;
  _oli_arena_stats(&s); /* zeros before the arena exists */
  fprintf(stderr, "oli arena (placed objects):\n");
  fprintf(stderr, "system bytes     = %10llu\n",
          (unsigned long long)(s.live_bytes + s.cached_bytes));
  fprintf(stderr, "in use bytes     = %10llu\n", (unsigned long long)s.live_bytes);
  fprintf(stderr, "live objects     = %10llu\n", (unsigned long long)s.live_blocks);
}
