/* runtime/objects/livebytes.c - live bytes and their exact peak, with no
 * shared write while threads re-use what they freed.
 *
 * A counter (oli_live_t: a site's placed bytes, all placed bytes, a tier's)
 * lives in two parts: the shared peak and pool, written only under one lock,
 * and each thread's headroom, a word in the thread's shard (site.c) that only
 * the thread itself changes on the fast path. The invariant, at every step:
 *
 *     peak - live = pool + the sum of every shard's headroom  (all >= 0)
 *
 * A free adds its bytes to the freeing thread's headroom; an allocation takes
 * them from its own thread's headroom when there are enough (one
 * compare-and-swap on a line no other thread writes). Otherwise, under the
 * lock, it takes them from the pool, and when the pool is short too it takes
 * back every thread's headroom: each word is swapped for FROZEN, so that
 * thread's next change waits for the lock instead; with every word frozen the
 * counter stands still, the pool then holds all of peak - live, and only when
 * that is less than the object is the peak raised (by the difference: live
 * is the new peak at that moment). So the peak is the most bytes live at once
 * in the order the counter's changes took effect - exact, as one shared
 * atomic counter was, and with any number of threads; a thread re-using the
 * blocks it freed (the common loop) never writes a line another thread reads.
 * The live bytes are the peak less the pool and the headroom: exact when read
 * under the generation count (_oli_live_now); a thread's own bound without
 * reading other threads' words (_oli_live_bound) counts their freed bytes
 * too. */
#include <pthread.h>

#include "internal.h"

#define FROZEN OLI_LIVE_FROZEN

static pthread_mutex_t live_lock = PTHREAD_MUTEX_INITIALIZER;
/* Odd while the lock's holder changes a pool, a peak or freezes headroom;
 * readers of the sum retry on a change (a sequence lock). */
static _Atomic uint64_t gen;
static pthread_once_t fork_once = PTHREAD_ONCE_INIT;

static void lock_m(void) { pthread_mutex_lock(&live_lock); }
static void unlock_m(void) { pthread_mutex_unlock(&live_lock); }
static void child_m(void) { pthread_mutex_init(&live_lock, NULL); }
static void fork_init(void) { pthread_atfork(lock_m, unlock_m, child_m); }

static void lock(void) {
  pthread_once(&fork_once, fork_init);
  pthread_mutex_lock(&live_lock);
  atomic_store_explicit(&gen, atomic_load_explicit(&gen, memory_order_relaxed) + 1, memory_order_relaxed);
  atomic_thread_fence(memory_order_release);
}

static void unlock(void) {
  atomic_store_explicit(&gen, atomic_load_explicit(&gen, memory_order_relaxed) + 1, memory_order_release);
  pthread_mutex_unlock(&live_lock);
}

/* The headroom word of counter `key` in shard s: a site's registry index
 * (>= 0), or -1 - i for the process's counter i (< OLI_LIVE_GLOBALS). */
#define word _oli_live_word

/* Under the lock: every shard's headroom of key into the pool, the words
 * frozen; returns the list's head as it was (thaw the same shards). */
static oli_shard_t *freeze(oli_live_t *c, int32_t key) {
  oli_shard_t *head = _oli_site_shards();
  uint64_t got = 0;
  for (oli_shard_t *s = head; s; s = s->next_all) got += atomic_exchange_explicit(word(s, key), FROZEN, memory_order_acq_rel);
  atomic_store_explicit(&c->pool, atomic_load_explicit(&c->pool, memory_order_relaxed) + got, memory_order_relaxed);
  return head;
}

static void thaw(oli_shard_t *head, int32_t key) {
  for (oli_shard_t *s = head; s; s = s->next_all) atomic_store_explicit(word(s, key), 0, memory_order_release);
}

static __attribute__((noinline)) void add_slow(oli_live_t *c, int32_t key, uint64_t n) {
  lock();
  uint64_t pool = atomic_load_explicit(&c->pool, memory_order_relaxed);
  if (pool < n) { /* all of peak - live, then: the headroom the threads hold */
    thaw(freeze(c, key), key);
    pool = atomic_load_explicit(&c->pool, memory_order_relaxed);
  }
  if (pool >= n) {
    atomic_store_explicit(&c->pool, pool - n, memory_order_relaxed);
  } else { /* live reaches peak - pool + n: a new peak */
    atomic_store_explicit(&c->peak, atomic_load_explicit(&c->peak, memory_order_relaxed) + (n - pool),
                          memory_order_relaxed);
    atomic_store_explicit(&c->pool, 0, memory_order_relaxed);
  }
  unlock();
}

/* The slow paths of internal.h's inline _oli_live_add and _oli_live_sub:
 * no shard yet (this first count makes one: the fast path again), or the
 * word frozen or short (the pool, under the lock). */
void _oli_live_add_slow(oli_live_t *c, int32_t key, uint64_t n) {
  if (_oli_tls.shard == NULL && _oli_site_my_shard() != NULL) {
    _oli_live_add(c, key, n);
    return;
  }
  add_slow(c, key, n);
}

void _oli_live_sub_slow(oli_live_t *c, int32_t key, uint64_t n) {
  if (_oli_tls.shard == NULL && _oli_site_my_shard() != NULL) {
    _oli_live_sub(c, key, n);
    return;
  }
  lock(); /* frozen (taken back just now) or no shard: the pool's */
  atomic_store_explicit(&c->pool, atomic_load_explicit(&c->pool, memory_order_relaxed) + n, memory_order_relaxed);
  unlock();
}

static uint64_t less(uint64_t a, uint64_t b) { return a > b ? a - b : 0; }

uint64_t _oli_live_now(const oli_live_t *c, int32_t key) {
  oli_live_t *m = (oli_live_t *)c;
  for (int tries = 0; tries < 4; tries++) {
    uint64_t g = atomic_load_explicit(&gen, memory_order_acquire);
    if (g & 1) continue;
    uint64_t held = atomic_load_explicit(&m->pool, memory_order_relaxed);
    uint64_t peak = atomic_load_explicit(&m->peak, memory_order_relaxed);
    bool frozen = false;
    for (oli_shard_t *s = _oli_site_shards(); s; s = s->next_all) {
      uint64_t v = atomic_load_explicit(word(s, key), memory_order_relaxed);
      frozen |= (v & FROZEN) != 0;
      held += v & ~FROZEN;
    }
    atomic_thread_fence(memory_order_acquire);
    if (!frozen && atomic_load_explicit(&gen, memory_order_relaxed) == g) return less(peak, held);
  }
  lock(); /* changing all the time: read it standing still */
  oli_shard_t *head = freeze(m, key);
  thaw(head, key);
  uint64_t v = less(atomic_load_explicit(&m->peak, memory_order_relaxed), atomic_load_explicit(&m->pool, memory_order_relaxed));
  unlock();
  return v;
}
