/* runtime/outputs/profile.c - write an `oli-profile` v1 (docs/profile-schema.md) at
 * exit when OLI_PROFILE is set: per site ID and source location, count,
 * largest object, peak live bytes, total bytes and sampled accesses, plus the
 * process footprint, the wall time sampled (run_ns), the most threads that
 * counted at once and the tiers' HMAT figures. The name may hold %p (pid),
 * %r (MPI rank), %h (host); it is written like the report (common/outfile.c:
 * a temporary and a rename, so a reader never sees half a profile and ranks
 * never collide; a device or FIFO in place, never replaced).
 *
 * __oli_profile_sample4 (pass option profile-every=N): a sample where the
 * instrumented code's countdown (in 4-byte quanta) went below zero, standing
 * for `every` 8-byte accesses per period of 2 x every quanta crossed, added
 * to the accesses of the live object's site with plain stores into this
 * thread's shard (no atomic, no shared cache line; the profile sums the
 * shards): an arena block through the owner
 * map (O(1), lock-free), else a tagged object below OLI_MIN_SIZE
 * (objects/smallmap.c, recorded while a profile is taken; lock-free), else a
 * registered global (linear scan of the few globals), else the
 * "unattributed" counter (one relaxed atomic: stack, untagged or crowded
 * tiny objects, foreign memory); it returns the countdown with its next,
 * slightly random, period. __oli_profile_span4 does the same for a
 * memset/memcpy/memmove side; __oli_profile_sample and _span (countdowns in
 * 8-byte units) and __oli_profile_access (one sample of a given weight) are
 * what modules compiled before them call. __oli_profile_ops counts the
 * instrumented code's operations (the profile's "operations"). The document is
 * written by common/doc.c.
 * PMU samples (pmu.c) go through the same _oli_profile_attribute. */
#include <errno.h>
#include <inttypes.h>
#include <link.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "internal.h"
#include "siterec.h"
#include "buildnote.h"
#include "doc.h"
#include "outfile.h"

static _Atomic uint64_t unattributed; /* accesses, in weight units */
static _Atomic uint64_t operations;   /* the instrumented code's, all threads (__oli_profile_ops) */
/* Phases: samples are dropped (and their weight counted in `skipped`) while
 * `paused` > 0: the pauses not yet resumed, plus one until the first
 * oli_settle() under OLI_PROFILE_START=settle (`at_settle`). */
static _Atomic long paused;
static _Atomic bool at_settle;
static _Atomic uint64_t skipped, npauses;
/* When the sampled stretch began: process init, or the first oli_settle()
 * under OLI_PROFILE_START=settle (the profile's run_ns ends at its writing). */
static _Atomic uint64_t began_ns;

static uint64_t now_ns(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
}

/* The units this thread has sampled (the portable path): the clock of its
 * address steps. */
static __thread uint64_t sampled_units __attribute__((tls_model("initial-exec")));

/* The site state of the registered global holding p, else NULL. */
static oli_site_state_t *global_owner(const void *p, uintptr_t *obj) {
  uintptr_t a = (uintptr_t)p;
  for (size_t i = 0;; i++) {
    const oli_global_t *g = _oli_global_at(i);
    if (g == NULL) return NULL;
    if (a - (uintptr_t)g->addr < g->size && !atomic_load_explicit(&g->unloaded, memory_order_relaxed)) {
      *obj = (uintptr_t)g->addr;
      return g->site;
    }
  }
}

oli_site_state_t *_oli_profile_owner(const void *addr, uintptr_t *obj) {
  uintptr_t o = 0;
  oli_site_state_t *st = _oli_arena_owner(addr, &o);
  if (st == NULL && _oli_heap_host_now()) st = _oli_hostblock_owner(addr), o = 0; /* no identity */
  if (st == NULL) st = _oli_smallmap_owner(addr, &o); /* below OLI_MIN_SIZE */
  if (st == NULL) st = global_owner(addr, &o);
  if (obj) *obj = o;
  return st == NULL || _oli_site_record(st) == NULL ? NULL : st;
}

static void attribute(const void *addr, uint64_t weight, bool near, uint64_t gather_ops) {
  if (oli_unlikely(atomic_load_explicit(&paused, memory_order_relaxed) > 0)) {
    atomic_fetch_add_explicit(&skipped, weight, memory_order_relaxed);
    return;
  }
  uintptr_t obj = 0;
  oli_site_state_t *st = _oli_profile_owner(addr, &obj);
  uint64_t clock = sampled_units += weight;
  if (st == NULL) atomic_fetch_add_explicit(&unattributed, weight, memory_order_relaxed);
  else _oli_site_count_sample(st, weight, (uintptr_t)addr, obj, clock, near, gather_ops);
}

void _oli_profile_attribute(const void *addr, uint64_t weight) { attribute(addr, weight, false, 0); }

OLI_EXPORT void oli_profile_pause(void) {
  atomic_fetch_add_explicit(&paused, 1, memory_order_relaxed);
  atomic_fetch_add_explicit(&npauses, 1, memory_order_relaxed);
}

OLI_EXPORT void oli_profile_resume(void) {
  long n = atomic_load_explicit(&paused, memory_order_relaxed);
  long floor = atomic_load_explicit(&at_settle, memory_order_relaxed) ? 1 : 0; /* the settle's own pause stays */
  while (n > floor && !atomic_compare_exchange_weak_explicit(&paused, &n, n - 1, memory_order_relaxed,
                                                             memory_order_relaxed))
    ;
}

void _oli_profile_settled(void) {
  bool waiting = true;
  if (atomic_load_explicit(&at_settle, memory_order_relaxed) &&
      atomic_compare_exchange_strong(&at_settle, &waiting, false)) {
    atomic_store_explicit(&began_ns, now_ns(), memory_order_relaxed);
    atomic_fetch_sub_explicit(&paused, 1, memory_order_relaxed);
  }
}

void _oli_profile_add(oli_site_state_t *st, uint64_t weight) {
  if (st == NULL) atomic_fetch_add_explicit(&unattributed, weight, memory_order_relaxed);
  else _oli_site_count_access(st, weight);
}

/* Not counted under OLI_PROFILE_SOURCE=pmu or none (pmu.c). */
OLI_EXPORT void __oli_profile_access(const void *addr, uint64_t weight) {
  if (_oli_profile_portable_enabled()) _oli_profile_attribute(addr, weight);
}

/* Sampling periods of the pass's countdowns (__oli_profile_sample, _span):
 * uniform on every +- every/8, mean `every`, from a per-thread xorshift with
 * one fixed seed (a deterministic program samples the same units every run).
 * A fixed period locks onto a loop whose units per iteration divide it (two
 * arrays of 4 units each under a period of 64 or 1024: every sample falls on
 * the same one); a period that moves spreads the samples over the loop's
 * accesses. Each sample still weighs `every`: the mean period. */
static __thread uint64_t period_rng __attribute__((tls_model("initial-exec")));

static inline int64_t next_period(uint64_t every) {
  uint64_t h = every / 8; /* uniform on [every - h, every + h]: mean every (none below 8) */
  if (h == 0) return (int64_t)every;
  uint64_t x = period_rng ? period_rng : 0x9e3779b97f4a7c15ull;
  x ^= x << 13, x ^= x >> 7, x ^= x << 17;
  period_rng = x;
  return (int64_t)(every - h + x % (2 * h + 1));
}

/* The block's countdown went below zero (left < 0) at the access at addr:
 * one sample standing for `every` accesses (8-byte units) per period it
 * crossed, each period about every x scale countdown units long (scale 1:
 * the countdown counts 8-byte units; 2: 4-byte quanta, so that an int or a
 * float counts half an access). */
static inline int64_t sample(const void *addr, int64_t left, uint64_t every, uint64_t scale, bool near,
                             uint64_t gather_ops) {
  if (every == 0) return 0;
  uint64_t weight = 0;
  do {
    left += next_period(every * scale);
    weight += every;
  } while (left < 0);
  if (_oli_profile_portable_enabled()) attribute(addr, weight, near, gather_ops);
  return left;
}

/* A memset/memcpy/memmove side of `units` countdown units (8 / scale bytes
 * each): the unit at which the countdown goes below zero is units + left,
 * the next one a period later, and so on. */
static inline int64_t span(const void *base, uint64_t units, int64_t left, uint64_t every, uint64_t scale) {
  if (every == 0 || left >= 0) return left;
  if ((uint64_t)(-left) > units) left = -(int64_t)units; /* never from the pass: the countdown was >= 0 before */
  bool on = _oli_profile_portable_enabled();
  while (left < 0) {
    if (on) _oli_profile_attribute((const char *)base + (units + (uint64_t)left) * (8 / scale), every);
    left += next_period(every * scale);
  }
  return left;
}

OLI_EXPORT int64_t __oli_profile_sample(const void *addr, int64_t left, uint64_t every) {
  return sample(addr, left, every, 1, false, 0);
}

OLI_EXPORT int64_t __oli_profile_span(const void *base, uint64_t units, int64_t left, uint64_t every) {
  return span(base, units, left, every, 1);
}

OLI_EXPORT int64_t __oli_profile_sample4(const void *addr, int64_t left, uint64_t every) {
  return sample(addr, left, every, 2, false, 0);
}

OLI_EXPORT int64_t __oli_profile_near4(const void *addr, int64_t left, uint64_t every) {
  return sample(addr, left, every, 2, true, 0);
}

OLI_EXPORT int64_t __oli_profile_gather4(const void *addr, int64_t left, uint64_t every, uint64_t ops) {
  return sample(addr, left, every, 2, false, ops);
}

OLI_EXPORT int64_t __oli_profile_span4(const void *base, uint64_t quanta, int64_t left, uint64_t every) {
  return span(base, quanta, left, every, 2);
}

/* Once per `period` operations of a thread in a module: the countdown went
 * below zero at left. One relaxed atomic per 65536 operations. */
OLI_EXPORT int64_t __oli_profile_ops(int64_t left, uint64_t period) {
  if (_oli_profile_portable_enabled() && atomic_load_explicit(&paused, memory_order_relaxed) == 0)
    atomic_fetch_add_explicit(&operations, period - (uint64_t)left, memory_order_relaxed);
  return (int64_t)period;
}

void _oli_profile_counts(uint64_t *total, uint64_t *unattr) {
  *unattr = atomic_load_explicit(&unattributed, memory_order_relaxed);
  *total = *unattr; /* no shared total counter: one atomic per sample, on its site */
  for (size_t i = 0;; i++) {
    oli_site_state_t *st = _oli_site_at(i);
    if (st == NULL) break;
    *total += _oli_site_accesses(st);
  }
}

/* The profile's site object of a registered site. */
static void site_json(oli_jw_t *w, const oli_site_state_t *st) {
  const __oli_site_t *rec = _oli_site_record(st);
  if (rec == NULL) return; /* every registered site, count 0 too: a later build's new sites are told apart */
  oli_doc_site_t s;
  memset(&s, 0, sizeof s);
  s.id = rec->id;
  s.kind = oli_kind_name(rec->kind);
  oli_siterec_strings(rec, &s.file, &s.function, &s.name);
  s.line = rec->line;
  s.rel = rec->rel;
  _oli_site_totals(st, &s.count, &s.total_bytes, &s.largest);
  s.peak_live = _oli_site_peak_live(st);
  s.accesses = _oli_site_accesses(st);
  s.near_accesses = _oli_site_near_accesses(st); /* of those, the lines another access brought */
  if (s.near_accesses) OLI_SET(&s, OLI_F_NEAR_ACCESSES);
  _oli_site_gathers(st, &s.gather_accesses, &s.gather_ops); /* and those a loop gathered, with its work */
  if (s.gather_accesses) OLI_SET(&s, OLI_F_GATHER_ACCESSES), OLI_SET(&s, OLI_F_GATHER_OPS);
  static const oli_doc_field_t given[] = {OLI_F_ID,        OLI_F_KIND,  OLI_F_FILE,    OLI_F_REL,
                                          OLI_F_FUNCTION,  OLI_F_NAME,  OLI_F_COUNT,   OLI_F_TOTAL_BYTES,
                                          OLI_F_LARGEST,   OLI_F_PEAK_LIVE, OLI_F_ACCESSES};
  for (size_t i = 0; i < sizeof given / sizeof given[0]; i++) OLI_SET(&s, given[i]);
  if (rec->line) OLI_SET(&s, OLI_F_LINE);
  oli_access_pattern_t sampled = _oli_site_sampled_pattern(st, NULL); /* the planner's gathers: latency-bound */
  if (sampled != OLI_PATTERN_NONE) {
    s.pattern = oli_access_pattern_name(sampled);
    s.pattern_source = "profile";
  } else if (st->estimate.confidence != OLI_CONFIDENCE_NONE && st->estimate.pattern != OLI_PATTERN_NONE) {
    s.pattern = oli_access_pattern_name(st->estimate.pattern);
    s.pattern_source = "static";
  }
  if (s.pattern) OLI_SET(&s, OLI_F_PATTERN), OLI_SET(&s, OLI_F_PATTERN_SOURCE);
  /* the pass's word on how its gathers wait: each on the load before it (the planner's hit cost) */
  if (st->estimate.confidence != OLI_CONFIDENCE_NONE && (st->estimate.flags & OLI_STATIC_F_CHAINED))
    s.chained = true, OLI_SET(&s, OLI_F_CHAINED);
  uint64_t span = _oli_site_sampled_span(st); /* the planner's caches count the touched bytes */
  if (span) s.touched = span < s.largest || s.largest == 0 ? span : s.largest, OLI_SET(&s, OLI_F_TOUCHED);
  _oli_stack_doc_frames(&s); /* a call-stack site: its frames, for oli plan and oli report to name */
  oli_doc_write_site(w, OLI_DOC_PROFILE, &s);
}

static int write_to(FILE *f) {
  uint64_t peak[OLI_TIER_COUNT_] = {0}, footprint = 0, accesses = 0, unattr = 0;
  _oli_alloc_tier_bytes(NULL, peak);
  for (int i = 0; i < OLI_TIER_COUNT_; i++) footprint += peak[i]; /* upper bound of the peak sum */
  _oli_pmu_commit(); /* PMU samples (ring buffers, tallies) into the site counters */
  _oli_profile_counts(&accesses, &unattr);
  const char *event = _oli_pmu_event_name(), *pmu_status = _oli_pmu_status();
  oli_doc_t d; /* the head's members (common/doc.c) */
  memset(&d, 0, sizeof d);
  d.runs = 1;
  d.footprint_peak = footprint;
  uint64_t began = atomic_load(&began_ns), end = now_ns();
  if (!atomic_load(&at_settle) && began && end > began) d.run_ns = end - began;
  d.threads = _oli_site_threads();
  d.access_source = event ? OLI_ACCESS_PMU : accesses ? OLI_ACCESS_PORTABLE : OLI_ACCESS_NONE;
  d.access_event = event;
  d.pmu_status = pmu_status;
  d.sampled_accesses = accesses;
  d.unattributed_accesses = unattr;
  d.operations = atomic_load_explicit(&operations, memory_order_relaxed);
  d.has_phase = true;
  d.phase = (oli_doc_phase_t){_oli_option_get(oli_option_profile_start) == OLI_PROFILE_FROM_SETTLE,
                              atomic_load(&at_settle), atomic_load(&npauses), atomic_load(&skipped)};
  long rank = _oli_env_mpi_rank();
  d.profile_rank = (oli_doc_ni64_t){rank >= 0, rank};
  const oli_topology_t *t = _oli_topology();
  if (t->local_node >= 0 && t->nodes[t->local_node].read_bw)
    for (int k = 0; k < OLI_NODE_TIERS; k++) {
      int node = _oli_topology_tier_node(t, (oli_tier_t)k);
      if (node < 0 || t->nodes[node].read_bw == 0) continue;
      d.tiers.has[k] = true;
      d.tiers.bandwidth[k] = t->nodes[node].read_bw;
      d.tiers.latency[k] = t->nodes[node].read_lat;
    }
  oli_jw_t w;
  oli_jw_init(&w, f);
  oli_doc_write_begin(&w, OLI_DOC_PROFILE, program_invocation_short_name);
  oli_doc_write_profile_head(&w, &d);
  oli_jw_array(&w, "sites", OLI_JW_LINES);
  for (size_t i = 0;; i++) {
    oli_site_state_t *st = _oli_site_at(i);
    if (st == NULL) break;
    site_json(&w, st);
  }
  oli_jw_end(&w);
  oli_jw_end(&w);
  return oli_jw_finish(&w);
}

int _oli_profile_write(const char *pattern) {
  char path[4096], why[256];
  if (_oli_is_stderr_name(pattern)) { /* JSON on stderr, like OLI_REPORT=stderr with OLI_REPORT_FORMAT=json */
    fflush(stderr);
    return write_to(stderr);
  }
  if (_oli_expand_pattern(pattern, path, sizeof path) != 0) {
    _oli_warning_message(W_REPORT, "OLI_PROFILE='%s': file name too long; no profile written",
                         pattern);
    return -1;
  }
  oli_outfile_t o; /* as the report: common/outfile.c */
  int rc = oli_outfile_open(&o, path, OLI_DOC_MAX_BYTES, why, sizeof why);
  if (rc == 0) {
    write_to(o.f); /* a failed write: the commit sees it */
    rc = oli_outfile_commit(&o, why, sizeof why);
  }
  if (rc != 0) {
    _oli_warning_message(W_REPORT, "OLI_PROFILE: cannot write '%s': %s", path, why);
    return -1;
  }
  _oli_verbose_message(1, "profile written to %s", path);
  return 0;
}

/* Process init: checks the pattern expands. */
void _oli_profile_init(void) {
  const char *p = _oli_option_str(oli_option_profile);
  atomic_store(&began_ns, now_ns());
  if (p && _oli_option_get(oli_option_profile_start) == OLI_PROFILE_FROM_SETTLE) { /* samples wait for oli_settle() */
    atomic_store(&at_settle, true);
    atomic_fetch_add(&paused, 1);
  }
  char path[4096];
  if (p && _oli_expand_pattern(p, path, sizeof path) != 0)
    _oli_warning_message(W_REPORT, "OLI_PROFILE='%s': file name too long; no profile will be written",
                         p);
}

/* dl_iterate_phdr: counts the objects' oli build notes of every loaded module
 * that say profile-every=N (counts[0]) and those that do not (counts[1]). */
static int counts_accesses(struct dl_phdr_info *info, size_t size, void *arg) {
  (void)size;
  size_t *counts = arg;
  for (int i = 0; i < info->dlpi_phnum; i++) {
    const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
    if (ph->p_type != PT_NOTE) continue;
    const unsigned char *p = (const unsigned char *)(info->dlpi_addr + ph->p_vaddr), *end = p + ph->p_memsz;
    oli_build_t b;
    while (oli_build_next(&p, end, &b) == 1) counts[b.profile_every ? 0 : 1]++;
  }
  return 0;
}

void _oli_profile_check_counts(void) {
  const char *p = _oli_option_str(oli_option_profile);
  long src = _oli_option_get(oli_option_profile_source); /* none: asked for; pmu: pmu.c warns itself */
  if (p == NULL || (src != OLI_ACCESS_AUTO && src != OLI_ACCESS_PORTABLE) || _oli_pmu_event_name()) return;
  size_t counts[2] = {0, 0};
  dl_iterate_phdr(counts_accesses, counts);
  if (counts[0] && counts[1]) /* a stale object: its accesses missing, the others' counted */
    _oli_warning_message(W_NO_COUNTS,
                         "OLI_PROFILE='%s': some of the program's objects were built with profile-every=N and "
                         "some without it: the accesses of the latter are missing from the profile; rebuild them "
                         "all with the same OLI_PASS_OPTIONS ('oli sites PROGRAM' lists the builds)",
                         p);
  if (counts[0]) return;
  if (!counts[1]) /* not built with the plugin: placed by call stack, no counts */
    _oli_warning_message(W_NO_COUNTS,
                         "OLI_PROFILE='%s': the program was not built with the oli plugin and PMU sampling is off: "
                         "the profile will have sizes but no access counts; set OLI_PROFILE_SOURCE=pmu where perf "
                         "events are allowed, or build it with clang-19/flang-new-19 and OLI_PASS_OPTIONS="
                         "'profile-every=1024'",
                         p);
  else
    _oli_warning_message(W_NO_COUNTS,
                         "OLI_PROFILE='%s': no module of this program was compiled with profile-every=N and PMU "
                         "sampling is off: the profile will have sizes but no access counts; rebuild the objects "
                         "with OLI_PASS_OPTIONS='profile-every=1024' (remove the old ones first), or set "
                         "OLI_PROFILE_SOURCE=pmu where perf events are allowed",
                         p);
}

/* At exit (init.c's end path): PMU sampling stopped, the profile written. */
void _oli_profile_fini(void) {
  if (!_oli_is_initialized()) return;
  const char *p = _oli_option_path(oli_option_profile); /* relative: the start-up directory */
  _oli_pmu_stop();
  if (p) _oli_profile_write(p);
}
