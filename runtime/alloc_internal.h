/* runtime/alloc_internal.h - prototypes of the allocation half of the runtime
 * (alloc.c, arena.c, place.c, query.c, site.c, globals.c, report.c), grouped by
 * defining file like internal.h. Split out of internal.h (jemalloc-style
 * `_externs` split) so the contract header stays as agreed. Nothing exported. */
#ifndef OLI_ALLOC_INTERNAL_H
#define OLI_ALLOC_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "internal.h"

// alloc.c
/* Lazily bring the process up (options, topology, arena). Safe to call from
 * any allocation path; returns false while the calling thread is inside the
 * runtime (then callers must use glibc directly). */
bool _oli_alloc_ready(void);
/* Test hook: replace the decision for every placed object (NULL: normal). */
typedef oli_decision_t (*oli_decide_hook_t)(const oli_decide_in_t *in);
void _oli_alloc_set_decide_hook(oli_decide_hook_t hook);
/* Account `bytes` of an object with decision d (fallback: default tier) as live
 * (+1) or freed (-1) per tier; also the DRAM budget's use. */
void _oli_alloc_account(const oli_decision_t *d, bool fallback, uint64_t bytes, int sign);
/* Per-tier live and peak bytes (index oli_tier_t). */
void _oli_alloc_tier_bytes(uint64_t live[OLI_TIER_COUNT_], uint64_t peak[OLI_TIER_COUNT_]);
/* Make a decision for an object of `size` bytes from `st` (the full rule). */
oli_decision_t _oli_alloc_decide(oli_site_state_t *st, uint64_t size);
/* The default DRAM:CXL:remote weights in use, and their source ("hmat", "kernel",
 * "default", "OLI_WEIGHTS"). */
const char *_oli_alloc_weights(uint32_t w[OLI_MAX_TARGETS]);

// lazymap.c
/* A table reserved as address space and committed in 64 KiB chunks as it is
 * written (lazymap.c says why). base and len are fixed once reserved. */
typedef struct oli_lazy_s {
  char *base;
  size_t len;       /* bytes reserved, whole chunks */
  uint64_t *bits;   /* one bit per chunk: committed */
  size_t committed; /* bytes committed (under the owner's lock) */
} oli_lazy_t;
/* 0, or -1 when the address space cannot be had. */
int _oli_lazy_reserve(oli_lazy_t *t, size_t len);
void _oli_lazy_free(oli_lazy_t *t); /* give a table back (failure paths) */
/* Make [off, off+len) writable (whole chunks); false when the kernel refuses
 * (ENOMEM) or the range is outside. Under the table owner's lock. */
bool _oli_lazy_commit(oli_lazy_t *t, size_t off, size_t len);
/* The chunk holding byte off is committed (readable); lock-free. */
bool _oli_lazy_has(const oli_lazy_t *t, size_t off);

// arena.c
/* The arena is [lo, lo + len). len is published last (release) and read
 * first, with acquire: while it is 0 (not yet, or never, reserved) nothing is
 * in the arena, whatever lo holds - another thread may be initialising it (lo
 * is an atomic too, relaxed: a plain read of it raced with its store for
 * ThreadSanitizer, stress/alloc-oli under sanitize/tsan). Two plain moves on
 * x86-64, as before. */
extern uintptr_t _oli_arena_lo, _oli_arena_len;
#define OLI_IN_ARENA(p)                                                                       \
  __extension__({                                                                             \
    uintptr_t len_ = __atomic_load_n(&_oli_arena_len, __ATOMIC_ACQUIRE);                      \
    (uintptr_t)(p) - __atomic_load_n(&_oli_arena_lo, __ATOMIC_RELAXED) < len_;                \
  })
static inline bool _oli_arena_contains(const void *p) { return OLI_IN_ARENA(p); }
#define OLI_AF_FALLBACK 0x1u /* placement failed: default policy */
#define OLI_AF_RECYCLED 0x2u /* came from the per-placement cache */
#define OLI_AF_NOMEM 0x4u    /* NULL: the kernel refused to commit the block (errno) */
/* Reserve the arena (idempotent). 0, -1 when no virtual range could be had. */
int _oli_arena_init(void);
/* A placed block of >= size bytes, aligned to `align` (power of two, >= page
 * means page alignment or more), its pages given decision d before first
 * touch; zero: contents read as zero. NULL when the arena is full or the
 * kernel would not commit the block (OLI_AF_NOMEM, errno): the caller asks
 * glibc, which fails too when it is out of memory. *flags gets OLI_AF_*. */
void *_oli_arena_alloc(size_t size, size_t align, const oli_decision_t *d, oli_site_state_t *st,
                       bool zero, unsigned *flags);
typedef struct oli_block_info_s {
  void *addr;
  uint64_t size;     /* bytes asked for */
  uint64_t capacity; /* bytes usable */
  oli_site_state_t *site;
  oli_decision_t decision; /* as placed (placement DEFAULT after a fallback) */
  bool fallback;
} oli_block_info_t;
/* Information about the live block starting at p; -1 when p is not one. */
int _oli_arena_info(const void *p, oli_block_info_t *out);
/* Profile runs (OLI_PROFILE set at arena init): the site state of the live
 * block holding p (any byte of it), else NULL. Lock-free, O(1); a racing free
 * may attribute one sample to the block's previous owner. */
oli_site_state_t *_oli_arena_owner(const void *p);
/* Free the live block at p (must be in the arena); fills *out (may be NULL).
 * An invalid or double free prints one error line and aborts, like glibc. */
void _oli_arena_free(void *p, oli_block_info_t *out);
/* Resize in place when possible; -1 when the caller must move the object. */
int _oli_arena_resize(void *p, size_t size);
/* Call fn for every live block (under the arena lock: fn must not allocate
 * from the arena). */
void _oli_arena_foreach(void (*fn)(const oli_block_info_t *b, void *arg), void *arg);
typedef struct oli_arena_stats_s {
  uint64_t reserved, carved, live_bytes, cached_bytes, cache_limit;
  uint64_t fresh, recycled, released, live_blocks;
  uint64_t cached_blocks; /* freed, resident */
} oli_arena_stats_t;
void _oli_arena_stats(oli_arena_stats_t *s);
/* The arena's metadata bytes in use and the most blocks it tracked at once. */
void _oli_arena_meta(uint64_t *bytes, uint64_t *peak_objects);
/* The runtime's own metadata (arena descriptors and page/owner maps, site
 * states, registry slots, per-thread shard counters): bytes in use, and the
 * most placed objects the arena tracked at once (issue 7). */
void _oli_runtime_meta(uint64_t *bytes, uint64_t *tracked_objects);
uint64_t _oli_site_meta_bytes(void);

// place.c
/* Apply decision d to [addr, addr+len) (page aligned) by d->mechanism.
 * `flags` is passed to mbind (0, or MPOL_MF_MOVE for globals). 0 ok (also for
 * the default placement); -1/errno after resetting the range to the default
 * policy (caller counts the fallback), also for a placed decision whose
 * mechanism was never set. */
int _oli_place_range(void *addr, size_t len, const oli_decision_t *d, unsigned flags);
/* Pages per target (index as d->target[]) that d->mechanism gives an object
 * of npages; returns the number of targets. */
int _oli_place_intended(const oli_decision_t *d, uint64_t npages, uint64_t out[OLI_MAX_TARGETS]);
/* The mechanism that places d on an object of npages (0: size unknown)
 * starting on a 2 MiB boundary or not: the kernel's interleave only when it
 * is exact for the object (whole rounds of huge pages), else page runs. */
oli_mechanism_t _oli_place_mechanism(const oli_decision_t *d, uint64_t npages, bool aligned);
/* Room check, then placement: the one path every placed range takes (arena
 * blocks, globals, mmap regions). 0 ok; -1 after one W_MBIND warning naming
 * `what` ("an object of 4194304 bytes"): a target node has no room for its
 * share or mbind failed; the range has the default policy and the caller
 * counts the fallback. */
int _oli_place_checked(void *addr, size_t len, const oli_decision_t *d, unsigned flags, const char *what);
/* Transparent huge page size: blocks of at least this are aligned to it. */
#define OLI_HUGE_BYTES (2ull << 20)
/* Page-run layout for weights w over n targets and an object of npages: the
 * run unit in pages (a period is unit * sum(w)). Exposed for tests. */
uint64_t _oli_place_run_unit(const uint32_t *w, int n, uint64_t npages);
/* Room check (a full node must not be filled silently by MPOL_PREFERRED's
 * spill-over): the first target node whose share of npages does not fit in
 * room[node] bytes (UINT64_MAX: unknown, fits), or -1. Pure. */
int _oli_place_fits(const oli_decision_t *d, uint64_t npages, const uint64_t room[OLI_MAX_NODES]);
/* The same against the nodes' meminfo (cached 20 ms); on success the shares
 * are deducted from the cache. Full node, or -1; *need, *have in bytes. */
int _oli_place_check_room(const oli_decision_t *d, uint64_t len, uint64_t *need, uint64_t *have);
uint64_t _oli_node_room(int node); /* bytes a node can still give, UINT64_MAX unknown */
uint64_t _oli_page_size(void);

// query.c
#define OLI_QUERY_MAX_PAGES 65536 /* larger ranges are sampled */
/* Count resident pages of [addr, addr+len) per node with move_pages(2).
 * per_node[OLI_MAX_NODES]; *absent: pages not yet faulted; *sampled: true when
 * a stride was used (counts are then scaled to the whole range). 0, -1/errno. */
int _oli_query_pages(const void *addr, size_t len, uint64_t per_node[OLI_MAX_NODES],
                     uint64_t *absent, bool *sampled);

// site.c
/* State of a site record (registered on first use); NULL site -> the
 * "untagged" state. Never NULL. */
oli_site_state_t *_oli_site_state(__oli_site_t *site);
/* The record's slot holds the state's registry index + 1 (0: not registered). */
extern oli_site_state_t **_oli_site_by_slot; /* index: slot - 1 */
static inline oli_site_state_t *_oli_site_fast(__oli_site_t *site) {
  uint64_t slot = site ? __atomic_load_n(&site->slot, __ATOMIC_ACQUIRE) : 0;
  return slot ? _oli_site_by_slot[slot - 1] : NULL;
}
/* Per-thread small-object counters: one flat array per thread indexed by the
 * registry index, in a NORESERVE mapping (only pages of used sites become
 * resident). */
#define OLI_MAX_SITES (1u << 18)
typedef struct oli_shard_ctr_s {
  uint64_t count, bytes, largest, accesses; /* accesses: profile samples' weights */
} oli_shard_ctr_t;
typedef struct oli_shard_s {
  struct oli_shard_s *next_all;
  int in_use;
  oli_shard_ctr_t *ctr; /* OLI_MAX_SITES entries, committed for the registered sites */
  oli_lazy_t ctr_l;
} oli_shard_t;
/* Per-thread state of the allocation paths in one initial-exec TLS block, so
 * the small path reaches all of it through one TLS offset. */
typedef struct oli_tls_s {
  __oli_site_t *cur;    /* current site (__oli_site_enter), NULL none */
  oli_shard_ctr_t *ctr; /* this thread's shard's counters, NULL until its first count */
  oli_shard_t *shard;
  int busy;             /* inside the runtime: allocations go to glibc */
} oli_tls_t;
extern __thread oli_tls_t _oli_tls __attribute__((tls_model("initial-exec")));
void _oli_site_count_small_slow(uint64_t slot, uint64_t size);
/* Count a small object in counters c: plain stores to thread-owned memory, no
 * lock, no atomic read-modify-write, no branch. A site's largest object is the
 * maximum over the shards (_oli_site_totals). */
static inline void _oli_site_count_ctr(oli_shard_ctr_t *c, uint64_t size) {
  uint64_t l = __atomic_load_n(&c->largest, __ATOMIC_RELAXED);
  __atomic_store_n(&c->count, __atomic_load_n(&c->count, __ATOMIC_RELAXED) + 1, __ATOMIC_RELAXED);
  __atomic_store_n(&c->bytes, __atomic_load_n(&c->bytes, __ATOMIC_RELAXED) + size, __ATOMIC_RELAXED);
  __atomic_store_n(&c->largest, size > l ? size : l, __ATOMIC_RELAXED);
}
/* Count a small object of the site in slot (!= 0) in this thread's shard. */
static inline void _oli_site_count_slot(uint64_t slot, uint64_t size) {
  oli_shard_ctr_t *c = _oli_tls.ctr;
  if (oli_likely(c != NULL)) _oli_site_count_ctr(c + (slot - 1), size);
  else _oli_site_count_small_slow(slot, size);
}
/* Same for a state (any path). */
void _oli_site_count_small(oli_site_state_t *st, uint64_t size);
/* Register every record of [start, stop); returns the number of records.
 * States keep copies of the records, never pointers into the module. */
size_t _oli_site_register_module(__oli_site_t *start, __oli_site_t *stop);
/* The module of [start, stop) is going away (__oli_fini): its records leave
 * their states (static hints of IDs left in no module leave the footprint). */
size_t _oli_site_unregister_module(__oli_site_t *start, __oli_site_t *stop);
/* Small-object fast path (oli_abi.h): from now on the pass's inline test at
 * site's call sites sends sizes below 2^shift to the allocator directly; the
 * site's state is marked so the report says its counts are partial. */
void _oli_site_set_bypass(__oli_site_t *site, unsigned shift);
/* Sum of static size hints over distinct registered site IDs. */
uint64_t _oli_site_static_footprint(void);
/* A placed object of st fell back to the default policy (counted once here). */
void _oli_site_fallback(oli_site_state_t *st);
/* Placed (or large) object counters: atomics on the state. */
void _oli_site_count_object(oli_site_state_t *st, uint64_t size, const oli_decision_t *d);
/* st->last, read under the lock that _oli_site_count_object writes it under. */
void _oli_site_last(oli_site_state_t *st, oli_decision_t *out);
void _oli_site_live(oli_site_state_t *st, uint64_t size, int sign);
/* Portable profile: add a sample's weight to st's accesses in this thread's
 * shard (plain stores, no shared cache line); the sum over shards and the
 * state's own counter. */
void _oli_site_count_access(oli_site_state_t *st, uint64_t weight);
uint64_t _oli_site_accesses(const oli_site_state_t *st);
/* Totals including the per-thread shards: objects, bytes and the largest
 * object (any out pointer may be NULL). */
void _oli_site_totals(const oli_site_state_t *st, uint64_t *count, uint64_t *bytes, uint64_t *largest);
/* Registered site states in registration order; NULL past the end. */
oli_site_state_t *_oli_site_at(size_t i);
/* Position of st in _oli_site_at order. */
size_t _oli_site_index(const oli_site_state_t *st);
/* Record header of a state's site (NULL for the untagged state). */
const __oli_site_t *_oli_site_record(const oli_site_state_t *st);
/* Strings of a record: file, function, object name ("" when absent). */
void _oli_site_strings(const __oli_site_t *s, const char **file, const char **func,
                       const char **name);

// globals.c
/* Pages of an object per node, as _oli_query_pages gives them (ok: it did). */
typedef struct oli_pages_s {
  bool ok, sampled;
  uint64_t absent;
  uint64_t per_node[OLI_MAX_NODES];
} oli_pages_t;
typedef struct oli_global_s {
  void *addr;
  uint64_t size;
  oli_site_state_t *site;
  oli_decision_t decision;
  bool fallback;
  const __oli_site_t *rec; /* the module's record: which module it belongs to */
  _Atomic bool unloaded;   /* its module is gone (or exiting): addr is not to be read */
  oli_pages_t pages;       /* unloaded: the pages when it was */
} oli_global_t;
/* Registered globals; NULL past the end. */
const oli_global_t *_oli_global_at(size_t i);
/* The module of records [start, stop) is going away: its globals' pages are
 * queried one last time and they leave the live bytes and the profile. */
void _oli_globals_unload(const __oli_site_t *start, const __oli_site_t *stop);

// profile.c
/* Portable profile: all sampled accesses and those no placed object or
 * registered global held (weight units). */
void _oli_profile_counts(uint64_t *total, uint64_t *unattributed);

// report.c
/* Write the report (json: 1 JSON, 0 table) to an open stream. */
int _oli_report_stream(void *file, int json);

#endif /* OLI_ALLOC_INTERNAL_H */
