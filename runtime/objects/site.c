/* runtime/objects/site.c - per-site run-time state.
 *
 * Every site record (__oli_site_t) reaches its oli_site_state_t through its
 * `slot` word. States are merged by site ID: the same ID in several modules'
 * records (a header's inline function, a library linked twice) shares one
 * state. The registry is an open-addressed table keyed by ID, in its own
 * mapping, filled under a mutex; the fast path reads `slot` only.
 *
 * Counting: objects are counted in per-thread shards (plain stores to
 * thread-owned memory, no lock and no atomic read-modify-write); the report
 * sums the shards. A placed object's live bytes are a livebytes.c counter,
 * whose per-thread headroom is in the same shards. A thread's shard is handed to the next new thread when it
 * exits, so counts are never lost and shards stay bounded by the peak number
 * of live threads.
 *
 * Module lifetime: a state keeps the runtime's own copy of its record (header
 * and strings, in the registry's mappings), so a module that is dlclose'd
 * while its objects live on leaves nothing behind that points into it; the
 * module's destructor (__oli_fini) unregisters its records - the static size
 * hints of IDs no loaded module has any more leave the expected footprint. The
 * record's slot and small_shift are written only while the module is loaded
 * (by its own calls). */
#include <pthread.h>
#include <stddef.h>
#include <string.h>
#include <sys/mman.h>

#include "internal.h"
#include "siterec.h"
#include "summary.h"

#define MAX_SITES OLI_MAX_SITES
#define TABLE_SLOTS (1u << 19) /* power of two, 2x MAX_SITES */

typedef struct site_ext_s {
  oli_site_state_t st; /* first: slot points here; st.site is the runtime's copy */
  uint32_t idx;
  uint32_t nrecs;           /* records of loaded modules attached (reg_lock) */
  __oli_site_static_t own;  /* the records' own estimates, before the join (reg_lock) */
  uint64_t files[4];        /* a global's: the files whose records own sums, a Bloom filter (reg_lock) */
} site_ext_t;

typedef oli_shard_ctr_t shard_ctr_t;
typedef oli_shard_t shard_t;

static pthread_mutex_t reg_lock = PTHREAD_MUTEX_INITIALIZER;
/* The two tables and every thread's counters are committed as they are
 * written (lazymap.c): the counters of the first ctr_committed sites in every
 * shard, grown under reg_lock before a new site's slot is published, so the
 * counting fast path never checks. */
static oli_lazy_t table_l, idx_l;
static site_ext_t **table;   /* by ID hash; a slot whose chunk is not committed is empty */
static site_ext_t **by_idx;  /* registration order */
static size_t ctr_committed; /* entries committed in every shard (reg_lock) */
#define CTR_CHUNK (65536 / sizeof(oli_shard_ctr_t))
_Static_assert(sizeof(oli_shard_ctr_t) == 128, "a thread's counters of a site: two cache lines, no neighbour shared (types.h)");
oli_site_state_t **_oli_site_by_slot; /* the same, as states */
static uint32_t nsites;      /* published with release */
static site_ext_t *pool;     /* bump storage for states */
static uint32_t pool_left;
static char *copies;         /* bump storage for the records' copies */
static size_t copies_left;
static uint64_t copies_bytes;
static uint64_t static_total;
uint64_t _oli_site_pending_total; /* hints >= OLI_MIN_SIZE of attached IDs with no object yet */
static site_ext_t untagged = {.idx = MAX_SITES - 1}; /* index no site uses */
static shard_t *shards; /* all shards ever made */
static pthread_key_t shard_key;
static pthread_once_t key_once = PTHREAD_ONCE_INIT;
__thread oli_tls_t _oli_tls __attribute__((tls_model("initial-exec")));
#define my_shard _oli_tls.shard

static void *map(size_t len) {
  void *p = _oli_os_map_rw(len, true);
  if (p == NULL) return NULL;
  _oli_os_advise(p, len, MADV_NOHUGEPAGE); /* sparse tables: no 2 MiB page per first touch */
  return p;
}

/* fork: a child must not inherit reg_lock held by a thread it does not have
 * (its exit report takes the lock). No other lock is taken under reg_lock. */
static void reg_lock_m(void) { pthread_mutex_lock(&reg_lock); }
static void reg_unlock_m(void) { pthread_mutex_unlock(&reg_lock); }
static void reg_atfork_child(void) { pthread_mutex_init(&reg_lock, NULL); }

static const __oli_site_t *record_at(void *arg, size_t i, bool *more);

static bool tables_ready(void) {
  if (table) return true;
  if (_oli_lazy_reserve(&table_l, sizeof(*table) * TABLE_SLOTS) != 0) return false;
  if (_oli_lazy_reserve(&idx_l, sizeof(*by_idx) * MAX_SITES) != 0) {
    _oli_lazy_free(&table_l);
    return false;
  }
  by_idx = (site_ext_t **)idx_l.base;
  _oli_site_by_slot = (oli_site_state_t **)by_idx; /* st is the first member */
  table = (site_ext_t **)table_l.base;
  pthread_atfork(reg_lock_m, reg_unlock_m, reg_atfork_child);
  _oli_plan_use_records(record_at, NULL); /* a plan re-matches among the registered sites */
  return true;
}

static site_ext_t *state_new(void) {
  if (pool_left == 0) {
    pool = map(sizeof(site_ext_t) * 1024);
    if (!pool) return NULL;
    pool_left = 1024;
  }
  pool_left--;
  return pool++;
}

static uint64_t hash_id(uint64_t id) {
  id ^= id >> 33;
  id *= 0xff51afd7ed558ccdull;
  id ^= id >> 33;
  return id;
}

/* Under reg_lock: the runtime's copy of record s (slot and small_shift 0);
 * s itself when there is no memory for one. */
static const __oli_site_t *keep(const __oli_site_t *s) {
  size_t n = s->size;
  if (n < OLI_SITE_HEADER_SIZE || (n & 7)) return s;
  if (n > copies_left) {
    size_t chunk = n > (1u << 20) ? n : (1u << 20);
    char *m = map(chunk);
    if (!m) return s;
    copies = m;
    copies_left = chunk;
  }
  __oli_site_t *c = (__oli_site_t *)copies;
  memcpy(c, s, n);
  c->small_shift = 0;
  c->slot = 0;
  copies += n;
  copies_left -= n;
  copies_bytes += n;
  return c;
}

static uint64_t hint_of(const __oli_site_t *s) {
  return (s->flags & OLI_SITE_F_SIZE_KNOWN) ? s->size_hint : 0;
}
/* The part of a hint that is still to come: objects below OLI_MIN_SIZE are
 * never placed, so they are no part of the placed footprint either. */
static uint64_t pending_of(const site_ext_t *x) {
  uint64_t h = hint_of(x->st.site);
  if (atomic_load_explicit(&x->st.hint_used, memory_order_relaxed)) return 0;
  return h >= (uint64_t)_oli_option_get(oli_option_min_size) ? h : 0;
}

/* Under reg_lock: every shard has counters for the first n sites. */
static bool shards_grow(size_t n) {
  if (n <= ctr_committed) return true;
  size_t want = (n + CTR_CHUNK - 1) / CTR_CHUNK * CTR_CHUNK;
  for (shard_t *sh = __atomic_load_n(&shards, __ATOMIC_ACQUIRE); sh; sh = sh->next_all)
    if (!_oli_lazy_commit(&sh->ctr_l, ctr_committed * sizeof(shard_ctr_t), (want - ctr_committed) * sizeof(shard_ctr_t)))
      return false;
  ctr_committed = want;
  return true;
}

/* The static estimate block of record s (*out zeroed, confidence none, when
 * it has none), through common/siterec.c's reader. */
static void own_estimate(const __oli_site_t *s, __oli_site_static_t *out) {
  oli_siterec_t r;
  if (s && oli_siterec_decode(s, s->size, 0, &r, NULL, 0) > 0 && r.has_static) *out = r.st;
  else memset(out, 0, sizeof *out); /* confidence none */
}

/* x's estimate: its records' own, joined with the other modules' summaries. */
static void site_estimate(site_ext_t *x) {
  __oli_site_static_t e = x->own;
  _oli_summary_join(x->st.site, &e);
  x->st.estimate = e; /* read without the lock: numbers, a torn read at worst mixes two estimates */
}

/* Whether s's file is among those x's estimate sums, adding it: 3 bits of
 * 256 per file name, so a module loaded twice is not counted twice; among
 * 20 files about one in a hundred would be taken for one seen (its
 * accesses left out, as before files were summed). */
static bool file_seen(site_ext_t *x, const __oli_site_t *s) {
  const char *file, *fn, *nm;
  oli_siterec_strings(s, &file, &fn, &nm);
  uint64_t h = _oli_fnv1a(OLI_FNV_BASIS, file, strlen(file));
  bool seen = true;
  for (int k = 0; k < 3; k++, h >>= 8) {
    uint64_t bit = 1ull << (h & 63), *w = &x->files[(h >> 6) & 3];
    seen &= (*w & bit) != 0;
    *w |= bit;
  }
  return seen;
}

/* Under reg_lock: the state of ID (created on first sight), NULL when full
 * (or when the kernel will not commit the tables' next chunk). */
static site_ext_t *lookup(const __oli_site_t *s, bool *created) {
  *created = false;
  if (!tables_ready() || nsites >= MAX_SITES - 1) return NULL;
  for (uint64_t h = hash_id(s->id);; h++) {
    size_t k = h & (TABLE_SLOTS - 1);
    site_ext_t **e = &table[k];
    bool have = _oli_lazy_has(&table_l, k * sizeof *table);
    if (have && *e && (*e)->st.site->id == s->id) return *e;
    if (!have || !*e) {
      if (!_oli_lazy_commit(&table_l, k * sizeof *table, sizeof *table) ||
          !_oli_lazy_commit(&idx_l, nsites * sizeof *by_idx, sizeof *by_idx) || !shards_grow(nsites + 1))
        return NULL;
      site_ext_t *x = state_new();
      if (!x) return NULL;
      x->st.site = keep(s);
      own_estimate(x->st.site, &x->own);
      if (s->kind == OLI_KIND_GLOBAL) file_seen(x, s);
      site_estimate(x);
      x->idx = nsites;
      *e = x;
      by_idx[nsites] = x;
      __atomic_store_n(&nsites, nsites + 1, __ATOMIC_RELEASE);
      *created = true;
      return x;
    }
  }
}

/* Under reg_lock: s (slot 0) gets its ID's state. */
static oli_site_state_t *attach(__oli_site_t *s) {
  bool created;
  site_ext_t *x = lookup(s, &created);
  if (!x) return &untagged.st;
  /* a global's record from another file (a COMMON block each file defines)
   * estimates that file's accesses: the object's is their sum (as oli sites) */
  if (!created && s->kind == OLI_KIND_GLOBAL && x->st.site->kind == OLI_KIND_GLOBAL && !file_seen(x, s)) {
    __oli_site_static_t more;
    own_estimate(s, &more);
    oli_summary_add_local(&x->own, &more);
    site_estimate(x);
  }
  /* A record with a name or line beats an anonymous duplicate for reporting. */
  if (!created && x->st.site->line == 0 && s->line != 0)
    __atomic_store_n(&x->st.site, keep(s), __ATOMIC_RELEASE);
  if (x->nrecs++ == 0) { /* the ID's hint counts while some loaded module has it (read without the lock) */
    __atomic_fetch_add(&static_total, hint_of(x->st.site), __ATOMIC_RELAXED);
    __atomic_fetch_add(&_oli_site_pending_total, pending_of(x), __ATOMIC_RELAXED);
  }
  __atomic_store_n(&s->slot, (uint64_t)x->idx + 1, __ATOMIC_RELEASE);
  return &x->st;
}

/* Under reg_lock: s leaves with its module. */
static void detach(__oli_site_t *s) {
  uint64_t slot = __atomic_load_n(&s->slot, __ATOMIC_ACQUIRE);
  if (slot == 0 || slot > nsites) return;
  site_ext_t *x = by_idx[slot - 1];
  if (x->nrecs && --x->nrecs == 0) {
    __atomic_fetch_sub(&static_total, hint_of(x->st.site), __ATOMIC_RELAXED);
    __atomic_fetch_sub(&_oli_site_pending_total, pending_of(x), __ATOMIC_RELAXED);
  }
  __atomic_store_n(&s->slot, 0, __ATOMIC_RELEASE);
}

oli_site_state_t *_oli_site_state(__oli_site_t *site) {
  if (!site) return &untagged.st;
  oli_site_state_t *st = _oli_site_fast(site);
  if (oli_likely(st != NULL)) return st;
  if (site->magic != OLI_SITE_MAGIC) return &untagged.st;
  pthread_mutex_lock(&reg_lock);
  st = _oli_site_fast(site);
  if (!st) st = attach(site);
  pthread_mutex_unlock(&reg_lock);
  return st;
}

/* Every record of [start, stop), read by common/siterec.c (the CLI's reader
 * of the same section in an ELF file): checked (magic, size, kind, strings),
 * then attached when registering (those not yet attached), detached
 * otherwise, under reg_lock; zero padding between modules is skipped, a
 * damaged record ends the walk (warned when registering). */
static size_t walk(__oli_site_t *start, __oli_site_t *stop, bool registering, size_t *changed) {
  size_t n = 0;
  *changed = 0;
  oli_siterec_iter_t it;
  oli_siterec_t r;
  char why[160];
  int rc;
  oli_siterec_iter_init(&it, start, stop);
  pthread_mutex_lock(&reg_lock);
  while ((rc = oli_siterec_next(&it, &r, why, sizeof why)) > 0) {
    __oli_site_t *rec = (__oli_site_t *)r.record;
    bool on = __atomic_load_n(&rec->slot, __ATOMIC_ACQUIRE) != 0;
    if (!registering && on) detach(rec), (*changed)++;
    else if (registering && !on) attach(rec), (*changed)++;
    n++;
  }
  pthread_mutex_unlock(&reg_lock);
  if (rc < 0 && registering)
    _oli_warning_message(W_PLAN, "site records at %p: %s; the rest of this module is not registered",
                         (void *)start, why);
  return n;
}

size_t _oli_site_register_module(__oli_site_t *start, __oli_site_t *stop, size_t *fresh) {
  return walk(start, stop, true, fresh);
}

size_t _oli_site_unregister_module(__oli_site_t *start, __oli_site_t *stop, size_t *gone) {
  return walk(start, stop, false, gone);
}

_Static_assert(offsetof(__oli_site_t, small_shift) == OLI_SITE_SMALL_SHIFT_OFFSET, "ABI: small_shift offset");

void _oli_site_set_bypass(__oli_site_t *site, unsigned shift) {
  oli_site_state_t *st = _oli_site_fast(site);
  if (st) atomic_store_explicit(&st->bypass, 1, memory_order_relaxed);
  __atomic_store_n(&site->small_shift, (uint16_t)shift, __ATOMIC_RELAXED);
}

uint64_t _oli_site_static_footprint(void) { return __atomic_load_n(&static_total, __ATOMIC_RELAXED); }

uint64_t _oli_site_pending_hints(void) { return __atomic_load_n(&_oli_site_pending_total, __ATOMIC_RELAXED); }

uint64_t _oli_site_hints(const oli_site_state_t *st, bool *own) {
  /* a state that allocates is attached (nrecs is the registry's, not read here) */
  *own = st && st != &untagged.st && !atomic_load_explicit(&st->hint_used, memory_order_relaxed) &&
         pending_of((const site_ext_t *)st) != 0;
  return __atomic_load_n(&_oli_site_pending_total, __ATOMIC_RELAXED);
}

/* The site's first object: its hint leaves the pending hints (once, under
 * reg_lock, so attach and detach see the same flag). */
static void hint_used(oli_site_state_t *st) {
  if (st == &untagged.st || atomic_load_explicit(&st->hint_used, memory_order_relaxed)) return;
  pthread_mutex_lock(&reg_lock);
  site_ext_t *x = (site_ext_t *)st;
  if (!atomic_load_explicit(&st->hint_used, memory_order_relaxed)) {
    if (x->nrecs) __atomic_fetch_sub(&_oli_site_pending_total, pending_of(x), __ATOMIC_RELAXED);
    atomic_store_explicit(&st->hint_used, true, memory_order_relaxed);
  }
  pthread_mutex_unlock(&reg_lock);
}

/* ---- counters ------------------------------------------------------------------ */
static void shard_release(void *p) { __atomic_store_n(&((shard_t *)p)->in_use, 0, __ATOMIC_RELEASE); }
static void key_init(void) { pthread_key_create(&shard_key, shard_release); }

static shard_t *shard_get(void) {
  pthread_once(&key_once, key_init);
  shard_t *s;
  for (s = __atomic_load_n(&shards, __ATOMIC_ACQUIRE); s; s = s->next_all) {
    int zero = 0;
    if (!__atomic_load_n(&s->in_use, __ATOMIC_RELAXED) &&
        __atomic_compare_exchange_n(&s->in_use, &zero, 1, false, __ATOMIC_ACQUIRE, __ATOMIC_RELAXED))
      break;
  }
  if (!s) { /* a new one, under reg_lock: counters for every registered site (shards_grow) */
    pthread_mutex_lock(&reg_lock);
    s = map(sizeof(shard_t));
    bool ok = s && _oli_lazy_reserve(&s->ctr_l, sizeof(shard_ctr_t) * MAX_SITES) == 0;
    if (ok && (!_oli_lazy_commit(&s->ctr_l, 0, ctr_committed * sizeof(shard_ctr_t)) ||
               !_oli_lazy_commit(&s->ctr_l, (MAX_SITES - 1) * sizeof(shard_ctr_t), sizeof(shard_ctr_t)))) {
      _oli_lazy_free(&s->ctr_l); /* the untagged state counts in the last entry */
      ok = false;
    }
    if (ok) {
      s->ctr = (shard_ctr_t *)s->ctr_l.base;
      s->in_use = 1;
      s->next_all = __atomic_load_n(&shards, __ATOMIC_RELAXED);
      __atomic_store_n(&shards, s, __ATOMIC_RELEASE);
    } else if (s) {
      _oli_os_unmap(s, sizeof(shard_t));
    }
    pthread_mutex_unlock(&reg_lock);
    if (!ok) return NULL;
  }
  my_shard = s; /* before setspecific: it may calloc, which counts through us */
  _oli_tls.ctr = s->ctr;
  pthread_setspecific(shard_key, s);
  return s;
}

static __attribute__((noinline)) shard_ctr_t *ctr_slow(uint32_t idx) {
  shard_t *s = my_shard ? my_shard : shard_get();
  return s ? &s->ctr[idx] : NULL;
}

oli_shard_t *_oli_site_my_shard(void) { return oli_likely(my_shard != NULL) ? my_shard : shard_get(); }

oli_shard_t *_oli_site_shards(void) { return __atomic_load_n(&shards, __ATOMIC_ACQUIRE); }

static void raise_largest(oli_site_state_t *st, uint64_t size) {
  uint64_t cur = atomic_load_explicit(&st->largest, memory_order_relaxed);
  while (size > cur && !atomic_compare_exchange_weak_explicit(&st->largest, &cur, size, memory_order_relaxed,
                                                               memory_order_relaxed)) {
  }
}

/* Count into this thread's shard (made here on the thread's first count). */
static void count_small_idx(uint32_t idx, uint64_t size) {
  shard_ctr_t *c = ctr_slow(idx);
  if (!c) return; /* no memory for a shard: not counted */
  __atomic_store_n(&c->count, __atomic_load_n(&c->count, __ATOMIC_RELAXED) + 1, __ATOMIC_RELAXED);
  __atomic_store_n(&c->bytes, __atomic_load_n(&c->bytes, __ATOMIC_RELAXED) + size, __ATOMIC_RELAXED);
  if (size > __atomic_load_n(&c->largest, __ATOMIC_RELAXED)) __atomic_store_n(&c->largest, size, __ATOMIC_RELAXED);
}

void _oli_site_count_small_slow(uint64_t slot, uint64_t size) { count_small_idx((uint32_t)(slot - 1), size); }

void _oli_site_count_small(oli_site_state_t *st, uint64_t size) {
  uint32_t idx = ((site_ext_t *)st)->idx;
  if ((site_ext_t *)st != &untagged) {
    _oli_site_count_slot((uint64_t)idx + 1, size);
    return;
  }
  count_small_idx(idx, size);
}

void _oli_site_fallback(oli_site_state_t *st) { atomic_fetch_add_explicit(&st->fallbacks, 1, memory_order_relaxed); }

/* A site's decision of its largest object changes rarely: last_epoch counts
 * the changes (under the registry lock), and each thread remembers the last
 * one it wrote, so a tie with an unchanged decision skips the lock (threads
 * placing alike do not queue on it). */
static _Atomic uint64_t last_epoch;
static __thread struct {
  oli_site_state_t *st;
  uint64_t epoch;
  oli_decision_t d;
} last_seen __attribute__((tls_model("initial-exec")));
/* Under the registry lock. */
static void set_last(oli_site_state_t *st, const oli_decision_t *d) {
  if (memcmp(&st->last, d, sizeof *d) != 0) {
    st->last = *d;
    atomic_fetch_add_explicit(&last_epoch, 1, memory_order_relaxed);
  }
  last_seen.st = st;
  last_seen.epoch = atomic_load_explicit(&last_epoch, memory_order_relaxed);
  last_seen.d = *d;
}

void _oli_site_count_object(oli_site_state_t *st, uint64_t size, const oli_decision_t *d) {
  hint_used(st);
  shard_ctr_t *c = oli_likely(my_shard != NULL) ? &my_shard->ctr[((site_ext_t *)st)->idx]
                                                : ctr_slow(((site_ext_t *)st)->idx);
  if (oli_likely(c != NULL)) { /* this thread's: no shared cache line */
    __atomic_store_n(&c->pcount, __atomic_load_n(&c->pcount, __ATOMIC_RELAXED) + 1, __ATOMIC_RELAXED);
    __atomic_store_n(&c->pbytes, __atomic_load_n(&c->pbytes, __ATOMIC_RELAXED) + size, __ATOMIC_RELAXED);
  } else {
    atomic_fetch_add_explicit(&st->count, 1, memory_order_relaxed);
    atomic_fetch_add_explicit(&st->total_bytes, size, memory_order_relaxed);
  }
  uint64_t was = atomic_load_explicit(&st->largest, memory_order_relaxed);
  raise_largest(st, size);
  if (size >= atomic_load_explicit(&st->largest, memory_order_relaxed)) { /* decision of the largest object */
    if (size == was && last_seen.st == st &&
        last_seen.epoch == atomic_load_explicit(&last_epoch, memory_order_relaxed) &&
        memcmp(&last_seen.d, d, sizeof *d) == 0)
      return; /* st->last is d already */
    pthread_mutex_lock(&reg_lock);
    set_last(st, d);
    pthread_mutex_unlock(&reg_lock);
  }
}

void _oli_site_redecided(oli_site_state_t *st, uint64_t size, const oli_decision_t *d, bool flipped) {
  if (flipped) atomic_fetch_add_explicit(&st->redecided, 1, memory_order_relaxed);
  pthread_mutex_lock(&reg_lock);
  if (size >= atomic_load_explicit(&st->largest, memory_order_relaxed)) set_last(st, d);
  pthread_mutex_unlock(&reg_lock);
}

void _oli_site_last(oli_site_state_t *st, oli_decision_t *out) {
  pthread_mutex_lock(&reg_lock);
  *out = st->last;
  pthread_mutex_unlock(&reg_lock);
}

void _oli_site_live(oli_site_state_t *st, uint64_t size, int sign) {
  int32_t key = (int32_t)((site_ext_t *)st)->idx;
  if (sign > 0) _oli_live_add(&st->live, key, size);
  else _oli_live_sub(&st->live, key, size);
}

uint64_t _oli_site_peak_live(const oli_site_state_t *st) { return _oli_live_peak(&st->live); }

uint64_t _oli_site_live_now(const oli_site_state_t *st) {
  return _oli_live_now(&st->live, (int32_t)((const site_ext_t *)st)->idx);
}

uint64_t _oli_site_placed_objects(const oli_site_state_t *st) {
  uint64_t c = atomic_load_explicit(&((oli_site_state_t *)st)->count, memory_order_relaxed);
  uint32_t idx = ((const site_ext_t *)st)->idx;
  for (shard_t *s = __atomic_load_n(&shards, __ATOMIC_ACQUIRE); s; s = s->next_all)
    c += __atomic_load_n(&s->ctr[idx].pcount, __ATOMIC_RELAXED);
  return c;
}

void _oli_site_placed(oli_site_state_t *st, uint64_t size, const oli_decision_t *d, bool fallback, bool live) {
  if (fallback) _oli_site_fallback(st);
  if (live) _oli_site_live(st, size, +1);
  _oli_site_count_object(st, size, d);
}

void *_oli_site_block(oli_site_state_t *st, const oli_decide_in_t *in, oli_decide_hook_t hook,
                      oli_block_want_t want, size_t align, bool zero, oli_decision_t *d, unsigned *fl) {
  void *p = _oli_decide_alloc(st, in, hook, want, align, zero, d, fl);
  if (p) _oli_site_placed(st, in->size, d, *fl & OLI_AF_FALLBACK, true);
  return p;
}

void _oli_site_totals(const oli_site_state_t *st, uint64_t *count, uint64_t *bytes, uint64_t *largest) {
  uint64_t c = atomic_load_explicit(&((oli_site_state_t *)st)->count, memory_order_relaxed);
  uint64_t b = atomic_load_explicit(&((oli_site_state_t *)st)->total_bytes, memory_order_relaxed);
  uint64_t l = atomic_load_explicit(&((oli_site_state_t *)st)->largest, memory_order_relaxed);
  uint32_t idx = ((const site_ext_t *)st)->idx;
  for (shard_t *s = __atomic_load_n(&shards, __ATOMIC_ACQUIRE); s; s = s->next_all) {
    c += __atomic_load_n(&s->ctr[idx].count, __ATOMIC_RELAXED) + __atomic_load_n(&s->ctr[idx].pcount, __ATOMIC_RELAXED);
    b += __atomic_load_n(&s->ctr[idx].bytes, __ATOMIC_RELAXED) + __atomic_load_n(&s->ctr[idx].pbytes, __ATOMIC_RELAXED);
    uint64_t sl = __atomic_load_n(&s->ctr[idx].largest, __ATOMIC_RELAXED);
    if (sl > l) l = sl;
  }
  if (count) *count = c;
  if (bytes) *bytes = b;
  if (largest) *largest = l;
}

void _oli_site_count_access(oli_site_state_t *st, uint64_t weight) {
  site_ext_t *x = (site_ext_t *)st;
  shard_t *s = x == &untagged ? NULL : my_shard ? my_shard : shard_get();
  if (oli_unlikely(s == NULL)) {
    atomic_fetch_add_explicit(&st->accesses, weight, memory_order_relaxed);
    return;
  }
  uint64_t *a = &s->ctr[x->idx].accesses;
  __atomic_store_n(a, __atomic_load_n(a, __ATOMIC_RELAXED) + weight, __ATOMIC_RELAXED);
}

/* The class of a step of d bytes after `units` 8-byte units sampled on the
 * thread (types.h); p: the step before (its signed bit length + 1, 0 none);
 * *cur_out: this one's. */
static int step_class(int64_t d, uint32_t units, int32_t p, int32_t *cur_out) {
  uint64_t m = d < 0 ? -(uint64_t)d : (uint64_t)d;
  int32_t len = m ? 64 - __builtin_clzll(m) : 0, cur = d < 0 ? -(len + 1) : len + 1;
  *cur_out = cur;
  /* a sweep's pace at most: 8 bytes a unit, a quarter over for the portable path's periods, every +- every/8 */
  if (m <= 10 * (uint64_t)units) return d < 0 ? OLI_STEP_BACKWARD : OLI_STEP_FORWARD;
  bool like = p != 0 && (p < 0) == (cur < 0) && (p - cur <= 1 && cur - p <= 1);
  return like ? OLI_STEP_STRIDED : OLI_STEP_IRREGULAR;
}

void _oli_site_count_sample(oli_site_state_t *st, uint64_t weight, uintptr_t addr, uintptr_t obj, uint64_t clock,
                            bool near, uint64_t gather_ops) {
  site_ext_t *x = (site_ext_t *)st;
  shard_t *s = x == &untagged ? NULL : my_shard ? my_shard : shard_get();
  if (oli_unlikely(s == NULL)) {
    atomic_fetch_add_explicit(&st->accesses, weight, memory_order_relaxed); /* near or not: no shard to tell */
    return;
  }
  shard_ctr_t *c = &s->ctr[x->idx]; /* this thread's: plain fields, but the ones the profile sums */
  __atomic_store_n(&c->accesses, __atomic_load_n(&c->accesses, __ATOMIC_RELAXED) + weight, __ATOMIC_RELAXED);
  if (near) __atomic_store_n(&c->near, __atomic_load_n(&c->near, __ATOMIC_RELAXED) + weight, __ATOMIC_RELAXED);
  if (gather_ops) {
    atomic_fetch_add_explicit(&st->gathered, weight, memory_order_relaxed);
    atomic_fetch_add_explicit(&st->gather_ops, weight * gather_ops, memory_order_relaxed);
  }
  if (obj == 0) return;
  uint64_t off = addr >= obj ? (uint64_t)(addr - obj) : 0;
  if (c->span_lo == 0 || off + 1 < c->span_lo) __atomic_store_n(&c->span_lo, off + 1, __ATOMIC_RELAXED);
  if (off + 8 > c->span_hi) __atomic_store_n(&c->span_hi, off + 8, __ATOMIC_RELAXED);
  uint32_t id = (uint32_t)(obj ^ (obj >> 32)), now = (uint32_t)clock & 0xffffffu, mark = c->last_mark;
  int32_t step = 0; /* another object: no step */
  if (id == 0) id = 1;
  if (c->last_obj == id) {
    uint32_t units = (now - (mark >> 8)) & 0xffffffu; /* mod 2^24: an object sampled that rarely decides nothing */
    int64_t d = (int64_t)(addr - c->last);
    int k = step_class(d, units, (int8_t)(mark & 0xff), &step);
    uint32_t *n = &c->steps[k];
    __atomic_store_n(n, __atomic_load_n(n, __ATOMIC_RELAXED) + 1, __ATOMIC_RELAXED);
    uint64_t *far = k == OLI_STEP_FORWARD || k == OLI_STEP_BACKWARD ? &c->sweep_bytes /* how far: local or across the object */
                    : k == OLI_STEP_IRREGULAR                        ? &c->irregular_bytes
                                                                     : NULL;
    if (far) __atomic_store_n(far, __atomic_load_n(far, __ATOMIC_RELAXED) + (d < 0 ? -(uint64_t)d : (uint64_t)d), __ATOMIC_RELAXED);
  }
  c->last = addr, c->last_obj = id, c->last_mark = now << 8 | (uint8_t)step;
}

/* Steps a pattern needs, and the shares that decide it: sweeps (either way)
 * are most steps and mostly one way (streaming); both ways alike: a gather
 * within a small stretch, unless the steps are short beside the span the
 * site touches (LOCAL_SPAN times their mean: random steps over a span average
 * a third of it), so the samples walk the object back and forth as they go (an
 * FFT's butterflies along a row, a histogram bucket by bucket), or the pass
 * found every address computed, none loaded (its estimate streaming or
 * strided, no share gathered: the steps cannot tell a back-and-forth walk of
 * a small object from reads by index, the pass can) - both stream; else the steps like their predecessors
 * (strided) against those not (gather), unless the irregular steps are short
 * beside the span or the pass found every address computed (streams the
 * samples alternate between). */
#define PATTERN_MIN_STEPS 16
#define LOCAL_SPAN 16
static uint64_t sampled_span(const site_ext_t *x);
oli_access_pattern_t _oli_site_sampled_pattern(const oli_site_state_t *st, uint64_t *steps) {
  uint64_t n[OLI_STEP_CLASSES] = {0}, all = 0, sweep_bytes = 0, irregular_bytes = 0;
  const site_ext_t *x = (const site_ext_t *)st;
  for (shard_t *s = x == &untagged ? NULL : __atomic_load_n(&shards, __ATOMIC_ACQUIRE); s; s = s->next_all) {
    for (int k = 0; k < OLI_STEP_CLASSES; k++) n[k] += __atomic_load_n(&s->ctr[x->idx].steps[k], __ATOMIC_RELAXED);
    sweep_bytes += __atomic_load_n(&s->ctr[x->idx].sweep_bytes, __ATOMIC_RELAXED);
    irregular_bytes += __atomic_load_n(&s->ctr[x->idx].irregular_bytes, __ATOMIC_RELAXED);
  }
  for (int k = 0; k < OLI_STEP_CLASSES; k++) {
    all += n[k];
    if (steps) steps[k] = n[k];
  }
  if (all < PATTERN_MIN_STEPS) return OLI_PATTERN_NONE;
  uint64_t sweep = n[OLI_STEP_FORWARD] + n[OLI_STEP_BACKWARD];
  uint64_t fewer = n[OLI_STEP_FORWARD] < n[OLI_STEP_BACKWARD] ? n[OLI_STEP_FORWARD] : n[OLI_STEP_BACKWARD];
  const __oli_site_static_t *e = &st->estimate;
  bool computed = e->confidence != OLI_CONFIDENCE_NONE && e->share[oli_access_pattern_share(OLI_PATTERN_GATHER)] == 0 &&
                  (e->pattern == OLI_PATTERN_STREAMING || e->pattern == OLI_PATTERN_STRIDED);
  if (2 * sweep >= all) {
    if (10 * fewer < 3 * sweep) return OLI_PATTERN_STREAMING;
    bool local = (double)sampled_span(x) > LOCAL_SPAN * ((double)sweep_bytes / (double)sweep);
    return computed || local ? OLI_PATTERN_STREAMING : OLI_PATTERN_GATHER;
  }
  if (n[OLI_STEP_STRIDED] >= n[OLI_STEP_IRREGULAR]) return OLI_PATTERN_STRIDED;
  /* irregular steps short beside the span: the samples hop around a front
   * that moves through the object (a stencil's rows above and below, under a
   * period shorter than a row), not over it as reads by index do */
  bool hops = (double)sampled_span(x) > LOCAL_SPAN * ((double)irregular_bytes / (double)n[OLI_STEP_IRREGULAR]);
  /* or several streams the samples alternate between, each address computed
   * or a cursor's (a radix sort's buckets filled at once: the pass's word) */
  return hops || computed ? OLI_PATTERN_STREAMING : OLI_PATTERN_GATHER;
}

uint64_t _oli_site_sampled_span(const oli_site_state_t *st) { return sampled_span((const site_ext_t *)st); }

static uint64_t sampled_span(const site_ext_t *x) {
  uint64_t lo = 0, hi = 0, steps = 0;
  for (shard_t *s = x == &untagged ? NULL : __atomic_load_n(&shards, __ATOMIC_ACQUIRE); s; s = s->next_all) {
    const shard_ctr_t *c = &s->ctr[x->idx];
    uint64_t l = __atomic_load_n(&c->span_lo, __ATOMIC_RELAXED), h = __atomic_load_n(&c->span_hi, __ATOMIC_RELAXED);
    for (int k = 0; k < OLI_STEP_CLASSES; k++) steps += __atomic_load_n(&c->steps[k], __ATOMIC_RELAXED);
    if (l && (lo == 0 || l < lo)) lo = l;
    if (h > hi) hi = h;
  }
  if (steps < PATTERN_MIN_STEPS || lo == 0 || hi < lo) return 0; /* too few samples to tell */
  return hi - (lo - 1);
}

uint64_t _oli_site_accesses(const oli_site_state_t *st) {
  uint64_t a = atomic_load_explicit(&((oli_site_state_t *)st)->accesses, memory_order_relaxed);
  const site_ext_t *x = (const site_ext_t *)st;
  if (x == &untagged) return a;
  for (shard_t *s = __atomic_load_n(&shards, __ATOMIC_ACQUIRE); s; s = s->next_all)
    a += __atomic_load_n(&s->ctr[x->idx].accesses, __ATOMIC_RELAXED);
  return a;
}

uint64_t _oli_site_near_accesses(const oli_site_state_t *st) {
  const site_ext_t *x = (const site_ext_t *)st;
  uint64_t a = 0;
  for (shard_t *s = x == &untagged ? NULL : __atomic_load_n(&shards, __ATOMIC_ACQUIRE); s; s = s->next_all)
    a += __atomic_load_n(&s->ctr[x->idx].near, __ATOMIC_RELAXED);
  return a;
}

void _oli_site_gathers(const oli_site_state_t *st, uint64_t *accesses, uint64_t *ops) {
  *accesses = atomic_load_explicit(&((oli_site_state_t *)st)->gathered, memory_order_relaxed);
  *ops = atomic_load_explicit(&((oli_site_state_t *)st)->gather_ops, memory_order_relaxed);
}

size_t _oli_site_threads(void) {
  size_t n = 0;
  for (shard_t *s = __atomic_load_n(&shards, __ATOMIC_ACQUIRE); s; s = s->next_all) n++;
  return n;
}

/* ---- iteration and record access ----------------------------------------------- */
oli_site_state_t *_oli_site_at(size_t i) {
  if (i == 0) return &untagged.st; /* index 0: untagged allocations */
  uint32_t n = __atomic_load_n(&nsites, __ATOMIC_ACQUIRE);
  return i - 1 < n ? &by_idx[i - 1]->st : NULL;
}

size_t _oli_site_index(const oli_site_state_t *st) {
  const site_ext_t *x = (const site_ext_t *)st;
  return x == &untagged ? 0 : (size_t)x->idx + 1;
}

const __oli_site_t *_oli_site_record(const oli_site_state_t *st) { return st->site; }

/* The plan statistics over every registered site (policy/plan.c reads the
 * records through this, not through the registry itself). */
static const __oli_site_t *record_at(void *arg, size_t i, bool *more) {
  (void)arg;
  oli_site_state_t *s = _oli_site_at(i);
  *more = s != NULL;
  return s ? s->site : NULL;
}
static bool record_small(void *arg, size_t i) {
  (void)arg;
  oli_site_state_t *s = _oli_site_at(i);
  uint64_t largest = 0;
  if (s) _oli_site_totals(s, NULL, NULL, &largest);
  return largest < (uint64_t)_oli_option_get(oli_option_min_size);
}
void _oli_site_plan_stats(oli_plan_stats_t *st) { _oli_plan_stats(st, record_at, record_small, NULL); }
void _oli_site_plan_fini(void) { _oli_plan_fini(record_at, record_small, NULL); }


/* Registry bookkeeping in use: one state, one table slot, one index slot and
 * the record's copy per site, plus each shard's header and counters of the registered sites
 * (entries in use, not resident pages of the NORESERVE mappings). */
uint64_t _oli_site_meta_bytes(void) {
  reg_lock_m();
  uint64_t n = __atomic_load_n(&nsites, __ATOMIC_ACQUIRE);
  uint64_t b = table ? n * (sizeof(site_ext_t) + sizeof(*table) + sizeof(*by_idx)) + copies_bytes : 0;
  for (shard_t *s = __atomic_load_n(&shards, __ATOMIC_ACQUIRE); s; s = s->next_all)
    b += sizeof(shard_t) + n * sizeof(shard_ctr_t);
  reg_unlock_m();
  return b;
}

void _oli_runtime_meta(uint64_t *fixed, uint64_t *objects, uint64_t *tracked_objects) {
  uint64_t a = 0;
  _oli_arena_meta(&a, objects, tracked_objects);
  *fixed = a + _oli_site_meta_bytes();
}
