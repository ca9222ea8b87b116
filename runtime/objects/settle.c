/* runtime/objects/settle.c - re-deciding placed objects as the footprint grows
 * (docs/runtime.md, "The footprint" and "Re-decision").
 *
 * A decision at allocation is made against the footprint known then
 * (placed.c's _oli_footprint_expected). When that estimate has grown by
 * GROWTH_NUM/GROWTH_DEN since the last settle, the allocating thread settles:
 * every live placed object is decided again against the new footprint, in
 * ascending size (so smaller objects claim the DRAM budget first), and an
 * object whose placement flips gets its new decision:
 *   - no page present yet: re-bound (mbind without MPOL_MF_MOVE), free;
 *   - pages present: migrated (mbind with MPOL_MF_MOVE) while the migration
 *     budget lasts (OLI_MIGRATE_LIMIT bytes, OLI_MIGRATE_TIME), else it keeps
 *     its pages and its old decision, and its site is flagged;
 *   - a failed move gives the object its old policy back (its pages stay
 *     where they are); nothing is ever lost and no allocation waits on it
 *     beyond the settle itself.
 * Only an object whose share crossed OLI_LARGE_PERCENT flips; DRAM budget
 * splits are not redistributed. The trigger is geometric, so settles happen
 * O(log footprint) times, each O(live placed objects) plus the system calls
 * of the flips. oli_settle() settles on request, and report.c settles once
 * more at exit (against the peak) before it writes the report: that one
 * re-binds and renews reasons but moves no page (the run is over); an object
 * it would have migrated is flagged (at_exit).
 *
 * The equal-size rule (policy/group.c): a settle refreshes every group's
 * decision for the next objects of the same size.
 *
 * Blocks are held (arena.c) while their placement changes, so a concurrent
 * free or realloc of the same object waits for that one object. */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>

#include "internal.h"
#include "siterec.h"

#ifndef MPOL_MF_MOVE
#define MPOL_MF_MOVE (1 << 1)
#endif

#define GROWTH_NUM 5 /* settle when the expected footprint reached 5/4 of the last settle's */
#define GROWTH_DEN 4
#define LOG_MAX 4096u             /* re-decision records kept for the report */
#define ASSUMED_RATE (1ull << 30) /* bytes/s of migration before one was measured */

/* One live object in a settle's snapshot. */
typedef struct obj_s {
  void *addr;
  uint64_t size, key;
  oli_site_state_t *st;
  oli_decision_t want;
  bool fallback;
} obj_t;

static pthread_mutex_t settle_lock = PTHREAD_MUTEX_INITIALIZER; /* one settle at a time; stats, log */
_Atomic uint64_t _oli_settle_trigger; /* the expected footprint of the next settle; 0: not yet set */
static oli_settle_stats_t stats;
static oli_redecision_t *rlog;
static size_t nlog;

/* A child forked while another thread held a lock gets it free. */
static pthread_once_t fork_once = PTHREAD_ONCE_INIT;
static void atfork_child(void) {
  pthread_mutex_init(&settle_lock, NULL);
}
static void register_fork(void) { pthread_atfork(NULL, NULL, atfork_child); }

static void *map(size_t len) {
  return _oli_os_map_rw(len, true);
}

static uint64_t now_ns(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (uint64_t)t.tv_sec * 1000000000ull + (uint64_t)t.tv_nsec;
}

/* ---- the log ------------------------------------------------------------------ */
/* Under settle_lock. Consecutive alike re-decisions (site, size, from, to,
 * outcome, settle) are one record. */
static void log_add(const obj_t *o, const oli_decision_t *to, oli_redecide_t out, uint64_t moved, uint64_t ns) {
  if (!rlog && !(rlog = map(LOG_MAX * sizeof *rlog))) {
    stats.log_dropped++;
    return;
  }
  if (nlog) {
    oli_redecision_t *l = &rlog[nlog - 1];
    if (l->site == o->st && l->size == o->size && l->outcome == out && l->settle == stats.settles &&
        l->from.placement == o->want.placement && l->to.placement == to->placement) {
      l->objects++;
      l->bytes_migrated += moved;
      l->ns += ns;
      return;
    }
  }
  if (nlog >= LOG_MAX) {
    stats.log_dropped++;
    return;
  }
  rlog[nlog++] = (oli_redecision_t){o->st, o->size, 1, o->want, *to, out, stats.footprint, moved, ns,
                                    (uint32_t)stats.settles};
}

bool _oli_redecision_at(size_t i, oli_redecision_t *out) {
  pthread_mutex_lock(&settle_lock);
  bool ok = i < nlog;
  if (ok) *out = rlog[i];
  pthread_mutex_unlock(&settle_lock);
  return ok;
}

void _oli_settle_stats(oli_settle_stats_t *s) {
  pthread_mutex_lock(&settle_lock);
  *s = stats;
  s->trigger = atomic_load_explicit(&_oli_settle_trigger, memory_order_relaxed);
  s->budget_bytes = (uint64_t)_oli_option_get(oli_option_migrate_limit);
  s->budget_ns = (uint64_t)_oli_option_get(oli_option_migrate_time) * 1000000ull;
  pthread_mutex_unlock(&settle_lock);
}

/* ---- applying a flipped decision ------------------------------------------------ */
/* Pages of `present` resident ones (per node: before) that decision `to`
 * would move: those above each node's share. */
static uint64_t pages_to_move(const oli_decision_t *to, const uint64_t before[OLI_MAX_NODES], uint64_t present) {
  uint64_t want[OLI_MAX_NODES] = {0}, sum = 0, moved = 0;
  for (int i = 0; i < to->ntargets && i < OLI_MAX_TARGETS; i++) sum += to->target[i].weight;
  for (int i = 0; sum && i < to->ntargets && i < OLI_MAX_TARGETS; i++)
    if (to->target[i].node >= 0 && to->target[i].node < OLI_MAX_NODES)
      want[to->target[i].node] += (uint64_t)((unsigned __int128)present * to->target[i].weight / sum);
  for (int n = 0; n < OLI_MAX_NODES; n++)
    if (before[n] > want[n]) moved += before[n] - want[n];
  return moved;
}

/* Under settle_lock: the migration budget allows moving `bytes` more. */
static oli_redecide_t budget_allows(uint64_t bytes) {
  uint64_t limit = (uint64_t)_oli_option_get(oli_option_migrate_limit);
  uint64_t tlimit = (uint64_t)_oli_option_get(oli_option_migrate_time) * 1000000ull;
  if (limit == 0 || stats.bytes_migrated + bytes > limit) return OLI_REDO_OVER_BYTES;
  uint64_t rate = stats.ns && stats.bytes_migrated ? (uint64_t)((unsigned __int128)stats.bytes_migrated *
                                                                1000000000ull / stats.ns)
                                                   : ASSUMED_RATE;
  uint64_t est = rate ? (uint64_t)((unsigned __int128)bytes * 1000000000ull / rate) : 0;
  if (tlimit == 0 || stats.ns + est > tlimit) return OLI_REDO_OVER_TIME;
  return OLI_REDO_MIGRATED;
}

/* Under settle_lock: give the live object o decision `to` (its placement
 * differs from o->want's). Returns the outcome, or -1 when o is gone. */
static int apply(const obj_t *o, const oli_decision_t *to_in, bool final, uint64_t *moved, uint64_t *ns) {
  oli_block_info_t b;
  *moved = *ns = 0;
  if (_oli_arena_hold(o->addr, o->size, &b) != 0) return -1;
  uint64_t pg = _oli_page_size();
  uintptr_t base = (uintptr_t)b.addr & ~(uintptr_t)(pg - 1);
  uint64_t len = ((uintptr_t)b.addr - base + b.capacity + pg - 1) & ~(pg - 1), npg = len / pg;
  bool aligned = base % OLI_HUGE_BYTES == 0;
  oli_decision_t to = *to_in, from = b.want;
  to.mechanism = _oli_place_mechanism(&to, npg, aligned);
  from.mechanism = _oli_place_mechanism(&from, npg, aligned);
  uint64_t before[OLI_MAX_NODES], absent = 0;
  bool sampled, known = _oli_query_pages((void *)base, len, before, &absent, &sampled) == 0;
  uint64_t present = known ? (npg > absent ? npg - absent : 0) : npg; /* unknown: all of them */
  unsigned flags = 0;
  oli_redecide_t out = OLI_REDO_REBOUND;
  if (present) {
    uint64_t est = (known ? pages_to_move(&to, before, present) : present) * pg;
    out = final ? OLI_REDO_AT_EXIT : budget_allows(est); /* at exit moving pages helps nobody */
    if (out != OLI_REDO_MIGRATED) { /* over budget: it keeps its pages and its decision */
      _oli_arena_unhold(o->addr, &b.want, !b.fallback);
      return out;
    }
    flags = MPOL_MF_MOVE;
  }
  char what[64];
  snprintf(what, sizeof what, "a re-decided object of %llu bytes", (unsigned long long)o->size);
  oli_layout_t lay = {0};
  uint64_t t0 = now_ns();
  int rc = _oli_place_checked((void *)base, len, &to, flags, what, &lay);
  uint64_t t1 = now_ns();
  _oli_arena_set_layout(o->addr, &lay); /* its VMAs now (zeros after a failure: the default policy) */
  if (rc != 0) {
    if (b.fallback) { /* it had the default policy already: the new decision, still unplaced */
      _oli_arena_unhold(o->addr, &to, false);
      _oli_alloc_rebook(&b.want, true, &to, true, o->size);
      return OLI_REDO_FALLBACK;
    }
    /* it was placed: its old policy back, without moving anything */
    oli_layout_t back_lay = {0};
    bool back = _oli_place_range((void *)base, len, &from, 0, &back_lay) == 0;
    _oli_arena_set_layout(o->addr, &back_lay);
    if (!back) {
      _oli_site_fallback(o->st);
      _oli_alloc_rebook(&b.want, false, &b.want, true, o->size);
    }
    _oli_arena_unhold(o->addr, &b.want, back);
    stats.move_failed++;
    return OLI_REDO_MOVE_FAILED;
  }
  if (flags) {
    uint64_t after[OLI_MAX_NODES], a2;
    bool s2;
    uint64_t m = 0;
    if (known && _oli_query_pages((void *)base, len, after, &a2, &s2) == 0) {
      for (int n = 0; n < OLI_MAX_NODES; n++)
        if (before[n] > after[n]) m += before[n] - after[n];
    } else {
      m = present;
    }
    *moved = m * pg;
    *ns = t1 - t0;
    stats.bytes_migrated += *moved;
    stats.ns += *ns;
    stats.migrated++;
  } else {
    stats.rebound++;
  }
  _oli_arena_unhold(o->addr, &to, true);
  _oli_alloc_rebook(&b.want, b.fallback, &to, false, o->size);
  return out;
}

/* ---- a settle ------------------------------------------------------------------ */
typedef struct snap_s {
  obj_t *o;
  size_t n, cap;
} snap_t;

static void collect(const oli_block_info_t *b, void *arg) {
  snap_t *s = arg;
  if (s->n >= s->cap || b->want.placement == OLI_PLACE_DEFAULT) return; /* never placed: nothing to re-decide */
  s->o[s->n++] = (obj_t){b->addr, b->size, 0, b->site, b->want, b->fallback};
}

static int by_size(const void *a, const void *b) {
  const obj_t *x = a, *y = b;
  if (x->size != y->size) return x->size < y->size ? -1 : 1;
  if (x->key != y->key) return x->key < y->key ? -1 : 1;
  return (uintptr_t)x->addr < (uintptr_t)y->addr ? -1 : (uintptr_t)x->addr > (uintptr_t)y->addr;
}

/* Under settle_lock, busy: re-decide the snapshot against fp. */
static long settle_objects(snap_t *s, uint64_t fp, bool final) {
  const oli_decide_in_t *base = _oli_decide_base();
  oli_decide_hook_t hook = _oli_alloc_decide_hook();
  for (size_t k = 0; k < s->n; k++) {
    s->o[k].key = _oli_group_key(s->o[k].st);
    atomic_store_explicit(&s->o[k].st->rule_note, 0, memory_order_relaxed);
  }
  qsort(s->o, s->n, sizeof *s->o, by_size);
  _oli_group_forget(); /* groups without a live object are forgotten */
  long changed = 0;
  for (size_t k = 0; k < s->n; k++) {
    obj_t *o = &s->o[k];
    oli_decide_in_t in = *base;
    in.dram_limit = _oli_alloc_dram_limit(); /* a plan's, when OLI_DRAM_LIMIT is not given */
    in.site = o->st->site;
    in.size = o->size;
    in.footprint = fp;
    /* a fallback's pages are local: all its bytes are its DRAM (none against a recording) */
    uint64_t mine = o->fallback ? (_oli_alloc_default_is_dram() ? o->size : 0) : _oli_decision_dram_bytes(&o->want, o->size);
    uint64_t used = _oli_alloc_dram_used();
    in.dram_used = used > mine ? used - mine : 0;
    in.plan = _oli_plan_for(o->st);
    in.estimate = o->st->estimate;
    oli_decision_t d = _oli_decide_site(o->st, &in, hook, true); /* the group's next objects get it too */
    /* Only a share that crossed OLI_LARGE_PERCENT flips an object: the DRAM
     * budget's splits stay as they were given (no pages move to hand the
     * budget from one object to another). */
    bool large_then = o->want.percent_x10 >= base->large_percent * 10;
    bool large_now = (unsigned __int128)o->size * 100 >= (unsigned __int128)base->large_percent * fp;
    if (large_then == large_now || d.placement == o->want.placement) { /* no flip */
      if (_oli_decision_same_targets(&d, &o->want)) _oli_site_redecided(o->st, o->size, &d, false); /* the share now */
      continue;
    }
    uint64_t moved, ns;
    int out = apply(o, &d, final, &moved, &ns);
    if (out < 0) continue; /* freed meanwhile */
    log_add(o, &d, (oli_redecide_t)out, moved, ns);
    if (oli_redecide_applied((oli_redecide_t)out)) {
      _oli_site_redecided(o->st, o->size, &d, true);
      stats.redecided++;
      if (out == OLI_REDO_FALLBACK) stats.fallbacks++;
      changed++;
    } else {
      if (out == OLI_REDO_OVER_BYTES || out == OLI_REDO_OVER_TIME) stats.over_budget++;
      if (out == OLI_REDO_AT_EXIT) stats.at_exit++;
      atomic_store_explicit(&o->st->rule_note, 1 + out, memory_order_relaxed);
    }
  }
  return changed;
}

static long settle(uint64_t fp, bool final, bool wait) {
  const oli_decide_in_t *base = _oli_decide_base();
  if (!oli_policy_is_rule(base->policy)) return 0;
  pthread_once(&fork_once, register_fork);
  if (wait) pthread_mutex_lock(&settle_lock);
  else if (pthread_mutex_trylock(&settle_lock) != 0) return 0; /* another thread is settling */
  _oli_tls.busy++; /* the runtime's own allocations (qsort, a plan file) go to glibc */
  if (final) {
    uint64_t pk;
    _oli_footprint_parts(NULL, NULL); /* a fresh sample: the peak as it stands at exit */
    _oli_footprint_now(NULL, &pk);
    fp = (uint64_t)_oli_option_get(oli_option_footprint);
    if (pk > fp) fp = pk; /* at exit: what the process had; hints never reached are gone */
  } else if (fp == 0) {
    fp = _oli_footprint_expected(NULL, 0);
  }
  stats.settles++;
  stats.footprint = fp;
  stats.final_done |= final;
  oli_arena_stats_t as = {0};
  /* no arena yet (another thread may be reserving it): no live block */
  bool arena = __atomic_load_n(&_oli_arena_len, __ATOMIC_ACQUIRE) != 0;
  if (arena) _oli_arena_stats(&as);
  snap_t s = {NULL, 0, as.live_blocks + 64};
  long changed = 0;
  if (arena && (s.o = map(s.cap * sizeof *s.o)) != NULL) {
    _oli_arena_foreach(collect, &s);
    changed = settle_objects(&s, fp, final);
    _oli_os_unmap(s.o, s.cap * sizeof *s.o);
  }
  uint64_t next = fp / GROWTH_DEN * GROWTH_NUM;
  atomic_store_explicit(&_oli_settle_trigger, next > fp ? next : fp + 1, memory_order_relaxed);
  uint64_t n = stats.settles;
  _oli_tls.busy--;
  pthread_mutex_unlock(&settle_lock);
  if (changed)
    _oli_verbose_message(1, "settle %llu: %ld objects re-decided against a footprint of %llu bytes",
                         (unsigned long long)n, changed, (unsigned long long)fp);
  return changed;
}

void _oli_settle_check(uint64_t fp) {
  uint64_t t = atomic_load_explicit(&_oli_settle_trigger, memory_order_relaxed);
  if (oli_likely(fp < t)) return;
  if (t == 0) { /* the first placed object: the trigger starts from its footprint */
    uint64_t next = oli_policy_is_rule(_oli_decide_base()->policy) ? fp / GROWTH_DEN * GROWTH_NUM : UINT64_MAX;
    atomic_compare_exchange_strong_explicit(&_oli_settle_trigger, &t, next > fp ? next : fp + 1, memory_order_relaxed,
                                            memory_order_relaxed);
    return;
  }
  settle(fp, false, false);
}

long _oli_settle_run(uint64_t fp, bool final) { return settle(fp, final, true); }
