/* runtime/policy/group.c - the one producer of a placed object's decision,
 * with the equal-size rule (docs/runtime.md, "The footprint").
 *
 * _oli_decide_site is what every placed object and every re-decision asks:
 * the decision of the object's group for its size when there is one, else the
 * rule's (decide.c, or the tests' hook), which becomes the group's. A group is
 * a site, or every site of one source line - one ALLOCATE statement - so the
 * arrays of one statement with the same size get the same decision, recorded
 * at the first and refreshed by every settle, reused while it fits the DRAM
 * budget. How the memory layer realises a decision on given pages (the
 * mechanism) is memory/place.c's. A new object's decision and its arena
 * block are one call here (_oli_decide_alloc), so the placed path goes
 * down the layers once: objects, policy, memory.
 *
 * The table is shared under a lock; a thread remembers the last decision it
 * read and uses it again without the lock while no decision of the table has
 * changed since (the change count `epoch`, written only when one does), so
 * threads placing objects of one group do not queue on the lock. */
#include <pthread.h>
#include <string.h>

#include "internal.h"
#include "siterec.h"

#define GROUP_SLOTS 8192u /* (group, size) decisions, open addressing */

typedef struct group_s {
  uint64_t key, size; /* key 0: empty */
  uint32_t gen;       /* valid while gen == group_gen */
  oli_decision_t d;
} group_t;

static pthread_mutex_t group_lock = PTHREAD_MUTEX_INITIALIZER;
static group_t *groups; /* GROUP_SLOTS entries, mapped on first use (NORESERVE) */
static uint32_t group_gen = 1;
static _Atomic uint64_t epoch; /* decisions of the table changed (under group_lock) */
static __thread struct {
  uint64_t key, size, epoch; /* key 0: none */
  oli_decision_t d;
} last __attribute__((tls_model("initial-exec")));

/* A child forked while another thread held the lock gets it free. */
static pthread_once_t fork_once = PTHREAD_ONCE_INIT;
static void atfork_child(void) { pthread_mutex_init(&group_lock, NULL); }
static void register_fork(void) { pthread_atfork(NULL, NULL, atfork_child); }

static void *map(size_t len) { return _oli_os_map_rw(len, true); }

static uint64_t mix(uint64_t h, uint64_t v) {
  h ^= v + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
  return h * 0xff51afd7ed558ccdull;
}

static uint64_t hash_str(uint64_t h, const char *s) { return mix(_oli_fnv1a(h, s, strlen(s)), 0); }

/* The group of st's objects: its source line (file, function, line) when the
 * record has one - every array of one ALLOCATE statement - else the site. A
 * site with a static access estimate is its own group (the rule may treat
 * the arrays of one statement apart by how they are accessed). */
static uint64_t compute_group_key(const oli_site_state_t *st) {
  const __oli_site_t *r = st->site;
  if (!r || r->line == 0 || st->estimate.confidence != OLI_CONFIDENCE_NONE)
    return mix(0x6f6c69, (uint64_t)(uintptr_t)st) | 1;
  const char *file, *func, *name;
  oli_siterec_strings(r, &file, &func, &name);
  return mix(hash_str(hash_str(OLI_FNV_BASIS, file), func), r->line) | 1;
}

/* Computed on the site's first placed object, kept in its state (never 0). */
uint64_t _oli_group_key(const oli_site_state_t *cst) {
  oli_site_state_t *st = (oli_site_state_t *)cst;
  uint64_t k = atomic_load_explicit(&st->group_key, memory_order_relaxed);
  if (oli_unlikely(k == 0)) atomic_store_explicit(&st->group_key, k = compute_group_key(st), memory_order_relaxed);
  return k;
}

/* ---- the equal-size rule --------------------------------------------------- */
static bool grouped(const oli_decide_in_t *in) {
  return oli_policy_is_rule(in->policy) && in->plan == NULL && in->size >= in->min_size;
}

/* Under group_lock: the slot of (key, size), or the empty slot for it; NULL full. */
static group_t *group_slot(uint64_t key, uint64_t size) {
  if (!groups && !(groups = map(GROUP_SLOTS * sizeof *groups))) return NULL;
  uint64_t h = mix(key, size);
  for (unsigned k = 0; k < 64; k++) {
    group_t *g = &groups[(h + k) & (GROUP_SLOTS - 1)];
    if (g->key == 0 || (g->key == key && g->size == size) || g->gen != group_gen) return g;
  }
  return NULL;
}

/* The decision of st's group for objects of in->size, while it fits the DRAM budget. */
static bool group_decision(const oli_site_state_t *st, const oli_decide_in_t *in, oli_decision_t *d) {
  if (!grouped(in)) return false;
  pthread_once(&fork_once, register_fork);
  uint64_t key = _oli_group_key(st);
  bool found = false;
  uint64_t e = atomic_load_explicit(&epoch, memory_order_acquire);
  if (last.key == key && last.size == in->size && last.epoch == e) {
    *d = last.d; /* no decision changed since this thread read it */
    found = true;
  } else {
    pthread_mutex_lock(&group_lock);
    group_t *g = group_slot(key, in->size);
    if (g && g->key == key && g->size == in->size && g->gen == group_gen) {
      *d = g->d;
      found = true;
      last.key = key, last.size = in->size, last.d = *d;
      last.epoch = atomic_load_explicit(&epoch, memory_order_relaxed);
    }
    pthread_mutex_unlock(&group_lock);
  }
  if (!found) return false;
  /* the DRAM budget first: a group's decision that no longer fits is made anew (budget) */
  uint64_t dram = _oli_decision_dram_bytes(d, in->size);
  return in->dram_limit == 0 || dram == 0 || (in->dram_used <= in->dram_limit && dram <= in->dram_limit - in->dram_used);
}

/* d becomes the decision of st's group for objects of in->size. */
static void group_record(const oli_site_state_t *st, const oli_decide_in_t *in, const oli_decision_t *d) {
  if (!grouped(in) || d->reason == OLI_WHY_BUDGET) return; /* a budget split is this object's, not the group's */
  uint64_t key = _oli_group_key(st);
  pthread_mutex_lock(&group_lock);
  group_t *g = group_slot(key, in->size);
  if (g && (g->key != key || g->size != in->size || g->gen != group_gen || memcmp(&g->d, d, sizeof *d) != 0)) {
    atomic_fetch_add_explicit(&epoch, 1, memory_order_release);
    *g = (group_t){key, in->size, group_gen, *d};
  }
  pthread_mutex_unlock(&group_lock);
}

void _oli_group_forget(void) {
  pthread_mutex_lock(&group_lock);
  group_gen++;
  atomic_fetch_add_explicit(&epoch, 1, memory_order_release);
  pthread_mutex_unlock(&group_lock);
}

oli_decision_t _oli_decide_site(const oli_site_state_t *st, const oli_decide_in_t *in, oli_decide_hook_t hook,
                                bool fresh) {
  oli_decision_t d;
  if (!fresh && group_decision(st, in, &d)) return d; /* equal objects of the group so far: theirs */
  d = hook ? hook(in) : _oli_decide(in);
  group_record(st, in, &d);
  return d;
}

void *_oli_decide_alloc(oli_site_state_t *st, const oli_decide_in_t *in, oli_decide_hook_t hook,
                        oli_block_want_t want, size_t align, bool zero, oli_decision_t *d, unsigned *fl) {
  *d = _oli_decide_site(st, in, hook, false);
  *fl = 0;
  if (want == OLI_BLOCK_NONE || (want == OLI_BLOCK_PLACED && d->placement == OLI_PLACE_DEFAULT)) return NULL;
  return _oli_arena_alloc_decided(in->size, align, d, st, zero, fl);
}
