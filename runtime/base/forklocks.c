/* runtime/base/forklocks.c - the runtime's locks across fork().
 *
 * A child forked while another thread of the parent held one of our locks
 * would wait for it forever (the holder does not exist in the child): its
 * first allocation that needs the lock hangs. The thread that forks takes
 * each guarded lock that is free (pthread_atfork's prepare, with trylock: a
 * prepare that waited could deadlock against a holder waiting for another
 * lock), gives it back in the parent and makes it anew in the child, where
 * the data it guards is then whole. A lock another thread held at that
 * moment is made anew in the child too, and its owner is told (`torn`) so
 * that it can drop what that thread may have left half-changed. Locks are
 * guarded from their files' constructors, before any thread of the program
 * can fork; at most OLI_FORK_LOCKS.
 * (The arena's, the site registry's and the live counters' locks have their
 * own handlers, which take them with a wait in an order they keep; the
 * settle's and the equal-size groups' are made anew in the child.) Every lock
 * of the runtime is one or the other: runtime/fork-locks checks it. */
#include <pthread.h>
#include <stdbool.h>

#include "internal.h"

#define OLI_FORK_LOCKS 16

typedef struct {
  pthread_mutex_t *mutex; /* one of the two */
  pthread_rwlock_t *rwlock;
  void (*torn)(void);
  bool held; /* taken by the forking thread's prepare */
} guarded_t;

static guarded_t locks[OLI_FORK_LOCKS];
static unsigned nlocks; /* published with release after its entry */
static pthread_once_t once = PTHREAD_ONCE_INIT;

static bool try_take(guarded_t *g) {
  return g->mutex ? pthread_mutex_trylock(g->mutex) == 0 : pthread_rwlock_trywrlock(g->rwlock) == 0;
}
static void give(guarded_t *g) {
  if (g->mutex) pthread_mutex_unlock(g->mutex);
  else pthread_rwlock_unlock(g->rwlock);
}

static void prepare(void) {
  unsigned n = __atomic_load_n(&nlocks, __ATOMIC_ACQUIRE);
  for (unsigned i = 0; i < n; i++) locks[i].held = try_take(&locks[i]);
}
static void parent(void) {
  unsigned n = __atomic_load_n(&nlocks, __ATOMIC_ACQUIRE);
  for (unsigned i = n; i-- > 0;)
    if (locks[i].held) give(&locks[i]);
}
/* In the child every guarded lock starts afresh: unlocking would not do for a
 * rwlock, whose writer is known by its thread ID, another one in the child. */
static void child(void) {
  unsigned n = __atomic_load_n(&nlocks, __ATOMIC_ACQUIRE);
  for (unsigned i = n; i-- > 0;) {
    guarded_t *g = &locks[i];
    if (g->mutex) pthread_mutex_init(g->mutex, NULL);
    else pthread_rwlock_init(g->rwlock, NULL);
    if (!g->held && g->torn) g->torn();
  }
}
static void register_handlers(void) { pthread_atfork(prepare, parent, child); }

static void guard(pthread_mutex_t *m, pthread_rwlock_t *rw, void (*torn)(void)) {
  pthread_once(&once, register_handlers);
  unsigned i = __atomic_load_n(&nlocks, __ATOMIC_RELAXED);
  if (i >= OLI_FORK_LOCKS) {
    _oli_verbose_message(1, "fork: more than %d guarded locks; one is not guarded", OLI_FORK_LOCKS);
    return;
  }
  locks[i] = (guarded_t){m, rw, torn, false};
  __atomic_store_n(&nlocks, i + 1, __ATOMIC_RELEASE); /* constructors: one thread at a time */
}

void _oli_fork_guard(pthread_mutex_t *m, void (*torn)(void)) { guard(m, NULL, torn); }
void _oli_fork_guard_rw(pthread_rwlock_t *rw, void (*torn)(void)) { guard(NULL, rw, torn); }
