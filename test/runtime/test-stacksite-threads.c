/* test-stacksite-threads: the call-stack sites of zero-rebuild mode
 * (objects/stacksite.c) looked up and added by several threads at once (run
 * under ThreadSanitizer by sanitize/tsan). The module table, the site index
 * and the frame-pointer table are read without a lock while other threads add
 * to them; here WORKERS threads start together on an empty table and walk
 * from PATHS call paths of two allocation kinds, some sharing the entry's
 * return address (one call site reached from two callers, which must be
 * walked every time) and some not.
 * Every walk of one path and kind gives one site, the same in every thread;
 * different paths or kinds give different sites; each site has its three
 * frames, in this program's module. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "testhelper.h"

#define WORKERS 4
#define ROUNDS 4000
#define PATHS 4
#define KINDS 2

static const uint8_t kinds[KINDS] = {OLI_KIND_MALLOC, OLI_KIND_CALLOC};
static oli_site_state_t *_Atomic first[PATHS][KINDS]; /* the site the first walk of each found */
static int start;
static _Atomic long mismatches, missing;

/* What the interposed allocator passes: its call's return address and the caller's rbp. */
static __attribute__((noinline)) oli_site_state_t *entry(uint8_t kind) {
  const void *ra = __builtin_return_address(0);
  const void *fp = *(void *const *)__builtin_frame_address(0);
  oli_site_state_t *st = _oli_stack_site(ra, fp, kind);
  __asm__ volatile("" ::: "memory"); /* not a tail call: the walk starts at this frame */
  return st;
}

/* Call sites of entry: `shared` is reached from two callers (one return
 * address, two stacks: path 0 and path 3), `own_a` and `own_b` from one each.
 * The empty asm keeps each call a call, not a jump. */
#define CALLER(name, callee)                                                  \
  static __attribute__((noinline)) oli_site_state_t *name(uint8_t kind) {      \
    oli_site_state_t *st = callee(kind);                                       \
    __asm__ volatile("" ::: "memory");                                         \
    return st;                                                                 \
  }
CALLER(shared, entry)
CALLER(own_a, entry)
CALLER(own_b, entry)
CALLER(path3, shared)
static __attribute__((noinline)) oli_site_state_t *path(int p, uint8_t kind) {
  oli_site_state_t *st = p == 0 ? shared(kind) : p == 1 ? own_a(kind) : p == 2 ? own_b(kind) : path3(kind);
  __asm__ volatile("" ::: "memory");
  return st;
}

static void *worker(void *arg) {
  uint64_t x = 0x9e3779b97f4a7c15ull * (uint64_t)((intptr_t)arg + 1);
  while (!__atomic_load_n(&start, __ATOMIC_ACQUIRE)) {
  }
  for (int r = 0; r < ROUNDS; r++) {
    x ^= x << 13, x ^= x >> 7, x ^= x << 17;
    int p = (int)(x % PATHS), k = (int)((x >> 8) % KINDS);
    oli_site_state_t *st = path(p, kinds[k]);
    if (!st) {
      missing++;
      continue;
    }
    oli_site_state_t *want = NULL;
    if (!atomic_compare_exchange_strong(&first[p][k], &want, st) && want != st) mismatches++;
  }
  return NULL;
}

int main(void) {
  /* The walk's unwinder is loaded where liboli is preloaded: this program is
   * linked with the runtime, so say so before loading it. */
  setenv("LD_PRELOAD", "liboli.so", 1);
  _oli_stack_sites_warm_up();
  CHECK("stack sites ready", _oli_stack_sites_preloaded());

  pthread_t t[WORKERS];
  for (intptr_t i = 0; i < WORKERS; i++) pthread_create(&t[i], NULL, worker, (void *)i);
  __atomic_store_n(&start, 1, __ATOMIC_RELEASE);
  for (int i = 0; i < WORKERS; i++) pthread_join(t[i], NULL);

  CHECK_EQ("every walk found a site", missing, 0);
  CHECK_EQ("one path and kind, one site in every thread", mismatches, 0);
  int distinct = 1;
  for (int a = 0; a < PATHS * KINDS; a++)
    for (int b = a + 1; b < PATHS * KINDS; b++)
      if (first[a / KINDS][a % KINDS] == first[b / KINDS][b % KINDS]) distinct = 0;
  CHECK("different paths or kinds, different sites", distinct);

  char self[256] = "";
  ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
  if (n > 0) self[n] = 0;
  for (int p = 0; p < PATHS; p++)
    for (int k = 0; k < KINDS; k++) {
      oli_site_state_t *st = first[p][k];
      if (!st) continue;
      CHECK_EQ("the site's kind", st->site->kind, kinds[k]);
      oli_frame_t fr[OLI_STACK_FRAMES];
      int nf = _oli_stack_frames(st->site->id, fr, OLI_STACK_FRAMES);
      CHECK_EQ("three frames", nf, OLI_STACK_FRAMES);
      for (int i = 0; i < nf; i++) CHECK_STR("a frame of this program", fr[i].module, self);
    }
  return TEST_SUMMARY();
}
