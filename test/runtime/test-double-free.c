/* test-double-free: a double free of a placed object is one error line and
 * abort(), like glibc's "free(): double free detected", also after its block
 * was recycled: free(p); q = malloc(same size); free(p) must not free q (it
 * did: the block was handed out again at the same address). The recycled
 * block is the same (no new carve, no system call, same pages): its object
 * starts one generation (64 bytes) further in, 64-byte aligned, for small and
 * for 40 MiB objects alike. realloc of a pointer that is not a live object's
 * start (freed, or p + 64) is glibc's "realloc(): invalid pointer" and abort(). */
#include <malloc.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "sitehelper.h"
#include "testhelper.h"

#define MiB (1024ull * 1024)

static __oli_site_t *site;

/* Run body in a child; its status (128 + signal) and stderr into out. */
static int child(void (*body)(void), char *out, size_t n) {
  int fd[2];
  pid_t pid = test_child_fork(fd);
  if (pid == 0) {
    signal(SIGABRT, SIG_DFL);
    body();
    _exit(0);
  }
  return test_child_collect(fd, pid, out, n);
}

static void twice(void) {
  char *p = __oli_malloc(2 * MiB, site);
  free(p);
  free(p);
}

static void after_recycle(void) {
  char *p = __oli_malloc(2 * MiB, site);
  memset(p, 1, 2 * MiB);
  free(p);
  char *q = __oli_malloc(2 * MiB, site); /* the same size and placement: a recycled block */
  memset(q, 2, 2 * MiB);
  if (q == p) _exit(3); /* p's block handed out again: the next free(p) would free q */
  free(p);
}

static void after_recycle_big(void) {
  char *p = __oli_malloc(40 * MiB, site);
  free(p);
  char *q = __oli_malloc(40 * MiB, site);
  if (q == p) _exit(3);
  free(p);
}

static void interior(void) {
  char *p = __oli_malloc(2 * MiB, site);
  free(p + 4096);
}

static void interior64(void) { /* 64 bytes in: where a later generation would start */
  char *p = __oli_malloc(2 * MiB, site);
  free(p + 64);
}

static void realloc_interior(void) {
  char *p = __oli_malloc(2 * MiB, site);
  p = realloc(p + 64, 4 * MiB);
}

static void realloc_freed(void) {
  char *p = __oli_malloc(2 * MiB, site);
  free(p);
  p = realloc(p, 4 * MiB);
}

int main(void) {
  setenv("OLI_POLICY", "uniform", 1); /* every object from OLI_MIN_SIZE up is placed */
  site = test_site(0xdf01, OLI_KIND_MALLOC, 0, "obj");
  char *probe = __oli_malloc(2 * MiB, site);
  if (!_oli_arena_contains(probe)) TEST_SKIP("objects are not placed here (no arena)");
  free(probe);

  char out[4096];
  CHECK_EQ("free twice: abort", child(twice, out, sizeof out), 128 + SIGABRT);
  CHECK("... one line: double free", strstr(out, "oli: error: free(0x") && strstr(out, "double free (the object was freed already)") &&
                                        strchr(out, '\n') == out + strlen(out) - 1);
  CHECK_EQ("free(p); q = malloc(same); free(p): abort, q untouched", child(after_recycle, out, sizeof out), 128 + SIGABRT);
  CHECK("... the same line", strstr(out, "double free (the object was freed already)") != NULL);
  CHECK_EQ("the same with 40 MiB objects", child(after_recycle_big, out, sizeof out), 128 + SIGABRT);
  CHECK_EQ("free of an interior pointer: abort", child(interior, out, sizeof out), 128 + SIGABRT);
  CHECK("... invalid pointer, as glibc says", strstr(out, "invalid pointer (not the start of an object") != NULL);
  CHECK_EQ("free(p + 64): abort", child(interior64, out, sizeof out), 128 + SIGABRT);
  CHECK("... invalid pointer, not a double free", strstr(out, "invalid pointer") && !strstr(out, "double free"));
  CHECK_EQ("realloc of a freed object: abort", child(realloc_freed, out, sizeof out), 128 + SIGABRT);
  CHECK("... invalid pointer, as glibc's realloc() says", strstr(out, "oli: error: realloc(0x") &&
                                                             strstr(out, "): invalid pointer (not the start of a live object"));
  CHECK_EQ("realloc(p + 64): abort", child(realloc_interior, out, sizeof out), 128 + SIGABRT);
  CHECK("... invalid pointer, one line", strstr(out, "): invalid pointer (not the start of a live object") &&
                                             strchr(out, '\n') == out + strlen(out) - 1);

  /* recycling goes on: 200 rounds of one size carve one block and reuse it,
   * each round's object at another address of it */
  oli_arena_stats_t a, b;
  _oli_arena_stats(&a);
  char *prev = NULL;
  int moved = 0, aligned = 1, roomy = 1;
  for (int i = 0; i < 200; i++) {
    char *p = __oli_malloc(3 * MiB, site);
    memset(p, i, 3 * MiB); /* the whole object is usable wherever it starts */
    moved += prev != NULL && p != prev;
    aligned &= (uintptr_t)p % 64 == 0;
    roomy &= malloc_usable_size(p) >= 3 * MiB;
    prev = p;
    free(p);
  }
  _oli_arena_stats(&b);
  printf("200 rounds of 3 MiB: %llu carved, %llu recycled, %d at a new address\n",
         (unsigned long long)(b.fresh - a.fresh), (unsigned long long)(b.recycled - a.recycled), moved);
  CHECK_EQ("a loop over one size: one block carved", b.fresh - a.fresh, 1);
  CHECK_EQ("... and recycled every other time", b.recycled - a.recycled, 199);
  CHECK_EQ("... each time at another address", moved, 199);
  CHECK("... 64-byte aligned, with its full size usable", aligned && roomy);
  /* 40 MiB: the same */
  _oli_arena_stats(&a);
  char *p40 = __oli_malloc(40 * MiB, site);
  free(p40);
  char *q40 = __oli_malloc(40 * MiB, site);
  _oli_arena_stats(&b);
  CHECK("40 MiB: recycled at another address", b.fresh - a.fresh == 1 && b.recycled - a.recycled == 1 && q40 != p40);
  free(q40);
  return TEST_SUMMARY();
}
