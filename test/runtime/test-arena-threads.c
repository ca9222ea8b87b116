/* test-arena-threads: placed blocks and threads' caches. A free goes to the
 * freeing thread's cache, whichever thread placed the object; the counts
 * (live, cached, carved, recycled) stay exact; a double free of a block in a
 * thread's cache aborts, from that thread or another; a thread's cache goes
 * back to the shared cache when the thread exits, and another thread's in a
 * fork's child. */
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "internal.h"
#include "sitehelper.h"
#include "testhelper.h"

#define MiB (1024ull * 1024)
#define N 64

static __oli_site_t *site;
static char *objs[N];

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

static void *place_all(void *arg) {
  size_t n = (size_t)(uintptr_t)arg;
  for (int i = 0; i < N; i++) objs[i] = __oli_malloc(n, site);
  return NULL;
}
static void *free_all(void *arg) {
  (void)arg;
  for (int i = 0; i < N; i++) free(objs[i]);
  return NULL;
}
static void run(void *(*fn)(void *), void *arg) {
  pthread_t t;
  pthread_create(&t, NULL, fn, arg);
  pthread_join(t, NULL);
}

/* free twice on one thread: the block sits in that thread's cache between */
static void twice_here(void) {
  char *p = __oli_malloc(2 * MiB, site);
  free(p);
  free(p);
}
/* another thread freed it and keeps it in its cache (parked), this process
 * (a fork's child: no new thread there) frees it again */
static void twice_across(void) { free(objs[0]); }

#define PAIRS 20000
static void *pairs(void *arg) {
  size_t n = (size_t)(uintptr_t)arg;
  for (int i = 0; i < PAIRS; i++) {
    char *p = __oli_malloc(n, site);
    p[0] = (char)i;
    free(p);
  }
  return NULL;
}

static pthread_mutex_t park_m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t park_c = PTHREAD_COND_INITIALIZER;
static int parked, go_on;
/* frees objs[0] (arg 0) or one it places of arg bytes, then waits: its cache
 * holds the block */
static void *park(void *arg) {
  free(arg ? __oli_malloc((size_t)(uintptr_t)arg, site) : objs[0]);
  pthread_mutex_lock(&park_m);
  parked = 1;
  pthread_cond_broadcast(&park_c);
  while (!go_on) pthread_cond_wait(&park_c, &park_m);
  pthread_mutex_unlock(&park_m);
  return NULL;
}
static pthread_t park_start(size_t n) {
  pthread_t t;
  parked = go_on = 0;
  pthread_create(&t, NULL, park, (void *)(uintptr_t)n);
  pthread_mutex_lock(&park_m);
  while (!parked) pthread_cond_wait(&park_c, &park_m);
  pthread_mutex_unlock(&park_m);
  return t;
}
static void park_end(pthread_t t) {
  pthread_mutex_lock(&park_m);
  go_on = 1;
  pthread_cond_broadcast(&park_c);
  pthread_mutex_unlock(&park_m);
  pthread_join(t, NULL);
}

static void *exit_with_cache(void *arg) {
  free(__oli_malloc((size_t)(uintptr_t)arg, site)); /* its block stays in this thread's cache */
  return NULL;
}

/* In a fork's child: the parked thread's cached block is had without a carve. */
static size_t fork_size;
static void recycle_in_child(void) {
  oli_arena_stats_t x, y;
  _oli_arena_stats(&x);
  free(__oli_malloc(fork_size, site));
  _oli_arena_stats(&y);
  _exit(y.fresh == x.fresh && y.recycled == x.recycled + 1 ? 0 : 3);
}

int main(void) {
  setenv("OLI_POLICY", "uniform", 1); /* every object from OLI_MIN_SIZE up is placed */
  site = test_site(0x7e57a11, OLI_KIND_MALLOC, 0, "arena_threads");
  char *probe = __oli_malloc(2 * MiB, site);
  if (!_oli_arena_contains(probe)) TEST_SKIP("objects are not placed here (no arena)");
  free(probe);
  oli_arena_stats_t a, b;
  char out[4096];

  /* one thread places, another frees */
  _oli_arena_stats(&a);
  run(place_all, (void *)(uintptr_t)(1 * MiB)); /* 64 MiB: inside the cache limit */
  _oli_arena_stats(&b);
  CHECK_EQ("64 objects placed by one thread: live blocks", b.live_blocks - a.live_blocks, N);
  CHECK_EQ("... live bytes", b.live_bytes - a.live_bytes, N * (1 * MiB + 4096));
  run(free_all, NULL);
  _oli_arena_stats(&b);
  CHECK_EQ("... freed by another: live blocks as before", b.live_blocks, a.live_blocks);
  CHECK_EQ("... live bytes as before", b.live_bytes, a.live_bytes);
  CHECK_EQ("... every block cached (that thread's cache went back, then the shared cache)",
           b.cached_blocks - a.cached_blocks, N);

  /* two threads placing and freeing at once: the counts add up */
  _oli_arena_stats(&a);
  pthread_t t1, t2;
  pthread_create(&t1, NULL, pairs, (void *)(uintptr_t)(1 * MiB));
  pthread_create(&t2, NULL, pairs, (void *)(uintptr_t)(1 * MiB));
  pthread_join(t1, NULL);
  pthread_join(t2, NULL);
  _oli_arena_stats(&b);
  CHECK_EQ("2 x 20,000 pairs at once: every object carved or recycled",
           (b.fresh - a.fresh) + (b.recycled - a.recycled), 2 * PAIRS);
  CHECK("... at most one block carved per thread", b.fresh - a.fresh <= 2);
  CHECK_EQ("... live blocks as before", b.live_blocks, a.live_blocks);
  CHECK_EQ("... live bytes as before", b.live_bytes, a.live_bytes);

  /* a leaving thread's cache goes back to the shared cache */
  _oli_arena_stats(&a);
  run(exit_with_cache, (void *)(uintptr_t)(5 * MiB / 2));
  char *p = __oli_malloc(5 * MiB / 2, site);
  _oli_arena_stats(&b);
  CHECK("a leaving thread's cached block: recycled here, not carved",
        b.fresh - a.fresh == 1 && b.recycled - a.recycled == 1);
  free(p);

  /* double frees through a thread's cache */
  CHECK_EQ("free twice on one thread: abort", child(twice_here, out, sizeof out), 128 + SIGABRT);
  CHECK("... double free", strstr(out, "double free (the object was freed already)") != NULL);
  objs[0] = __oli_malloc(2 * MiB, site);
  pthread_t pk = park_start(0);
  CHECK_EQ("freed by another thread (in its cache), then here: abort", child(twice_across, out, sizeof out),
           128 + SIGABRT);
  CHECK("... double free", strstr(out, "double free (the object was freed already)") != NULL);
  park_end(pk);

  /* fork: another thread's cache goes back in the child */
  fork_size = 3 * MiB / 2 + 8192;
  pk = park_start(fork_size);
  CHECK_EQ("fork: the other thread's cached block is recycled in the child", child(recycle_in_child, out, sizeof out),
           0);
  park_end(pk);
  return TEST_SUMMARY();
}
