/* test-arena-init-race.c - threads freeing glibc memory while another thread
 * reserves the arena must never have their pointers taken for placed ones:
 * the arena's range becomes visible only when it is complete. Regression: an
 * OpenMP thread's free() aborted with "not the start of a live object in the
 * oli arena" while the first placed object was reserving the arena (the range
 * check saw the new start with the old, zero end). */
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "internal.h"
#include "sitehelper.h"
#include "testhelper.h"

#define MiB (1024ull * 1024)

static atomic_int stop;
static atomic_long frees;

/* glibc memory (no site current), freed through the interposed free(). */
static void *churn(void *arg) {
  (void)arg;
  while (!atomic_load(&stop)) {
    size_t n = 64 + (size_t)(atomic_load(&frees) & 1023);
    char *p = malloc(n);
    if (p) memset(p, 1, n);
    free(p);
    atomic_fetch_add(&frees, 1);
  }
  return NULL;
}

int main(void) {
  setenv("OLI_POLICY", "dram", 1);
  /* The mid-set-up state, forced and deterministic: start published, length
   * not yet. Nothing may count as placed then (the old check said "all of it"). */
  char *heap = malloc(64);
  _oli_arena_lo = 0x1000;
  CHECK("start without length: a heap pointer is not placed", !_oli_arena_contains(heap));
  CHECK("start without length: start + 4 KiB is not placed", !_oli_arena_contains((void *)0x2000));
  _oli_arena_lo = 0;
  free(heap);

  /* The same race for real: threads freeing while the arena is reserved. */
  pthread_t t[2];
  for (int i = 0; i < 2; i++) pthread_create(&t[i], NULL, churn, NULL);
  /* The threads' glibc heaps exist before the arena, so they lie above it. */
  while (atomic_load(&frees) < 10000) sched_yield();
  CHECK("arena not reserved before the first placed object", !_oli_arena_contains((void *)&frees));
  __oli_site_t *s = test_site(0x5101, OLI_KIND_MALLOC, 0, "first");
  long before = atomic_load(&frees);
  char *big = __oli_malloc(8 * MiB, s); /* reserves the arena now, threads still freeing */
  CHECK("first placed object allocated", big != NULL);
  while (atomic_load(&frees) < before + 10000) sched_yield();
  atomic_store(&stop, 1);
  for (int i = 0; i < 2; i++) pthread_join(t[i], NULL);
  CHECK("threads kept freeing glibc memory during arena set-up (no abort)", atomic_load(&frees) >= before + 10000);
  CHECK("the object is in the arena", big && _oli_arena_contains(big));
  if (big) {
    memset(big, 7, 8 * MiB);
    CHECK("bytes intact", big[0] == 7 && big[8 * MiB - 1] == 7);
  }
  free(big);
  TEST_SUMMARY();
}
