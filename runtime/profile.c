/* runtime/profile.c - write an `oli-profile` v1 (docs/profile-schema.md) at
 * exit when OLI_PROFILE is set: per site ID and source location, count,
 * largest object, peak live bytes, total bytes and sampled accesses, plus the
 * process footprint and the tiers' HMAT figures. The name may hold %p (pid),
 * %r (MPI rank), %h (host); it is written like the report (common/outfile.c:
 * a temporary and a rename, so a reader never sees half a profile and ranks
 * never collide; a device or FIFO in place, never replaced).
 *
 * __oli_profile_access (pass option profile-every=N): one sample standing for
 * `weight` accesses; added (relaxed atomic) to the accesses of the live
 * object's site (this thread's shard: no shared cache line): an arena block through the owner map (O(1), lock-free), else
 * a registered global (linear scan of the few globals), else to the
 * "unattributed" counter (stack, small glibc objects, foreign memory).
 * PMU samples (pmu.c) go through the same _oli_profile_attribute. */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "alloc_internal.h"
#include "internal.h"
#include "json.h"
#include "outfile.h"

static _Atomic uint64_t unattributed; /* accesses, in weight units */

/* The site state of the registered global holding p, else NULL. */
static oli_site_state_t *global_owner(const void *p) {
  uintptr_t a = (uintptr_t)p;
  for (size_t i = 0;; i++) {
    const oli_global_t *g = _oli_global_at(i);
    if (g == NULL) return NULL;
    if (a - (uintptr_t)g->addr < g->size && !atomic_load_explicit(&g->unloaded, memory_order_relaxed))
      return g->site;
  }
}

oli_site_state_t *_oli_profile_owner(const void *addr) {
  oli_site_state_t *st = _oli_arena_owner(addr);
  if (st == NULL) st = global_owner(addr);
  return st == NULL || _oli_site_record(st) == NULL ? NULL : st;
}

void _oli_profile_attribute(const void *addr, uint64_t weight) {
  _oli_profile_add(_oli_profile_owner(addr), weight);
}

void _oli_profile_add(oli_site_state_t *st, uint64_t weight) {
  if (st == NULL) atomic_fetch_add_explicit(&unattributed, weight, memory_order_relaxed);
  else _oli_site_count_access(st, weight);
}

/* Not counted under OLI_PROFILE_SOURCE=pmu or none (pmu.c). */
OLI_EXPORT void __oli_profile_access(const void *addr, uint64_t weight) {
  if (_oli_profile_portable_enabled()) _oli_profile_attribute(addr, weight);
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

static void tier(FILE *f, const char *name, const oli_topology_t *t, int node, bool *first) {
  if (node < 0 || t->nodes[node].read_bw == 0) return;
  fprintf(f, "%s\n    \"%s\": {\"bandwidth\": %" PRIu32 ", \"latency\": %" PRIu32 "}",
          *first ? "" : ",", name, t->nodes[node].read_bw, t->nodes[node].read_lat);
  *first = false;
}

static void site_json(FILE *f, const oli_site_state_t *st, bool *first) {
  const __oli_site_t *s = _oli_site_record(st);
  uint64_t count = 0, total = 0, largest = 0;
  _oli_site_totals(st, &count, &total, &largest);
  if (s == NULL) return; /* every registered site, count 0 too: a later build's new sites are told apart */
  const char *file, *func, *name;
  _oli_site_strings(s, &file, &func, &name);
  fprintf(f, "%s\n    {\"id\": \"0x%016" PRIx64 "\", \"kind\": ", *first ? "" : ",", s->id);
  oli_json_write_string(f, oli_kind_name(s->kind));
  fputs(", \"file\": ", f);
  oli_json_write_string(f, file);
  fputs(", \"function\": ", f);
  oli_json_write_string(f, func);
  if (s->line) fprintf(f, ", \"line\": %" PRIu32, s->line);
  fprintf(f, ", \"rel\": %" PRIu32 ", \"name\": ", s->rel);
  if (*name) oli_json_write_string(f, name);
  else fputs("null", f);
  fprintf(f,
          ",\n     \"count\": %" PRIu64 ", \"largest\": %" PRIu64 ", \"peak_live\": %" PRIu64
          ", \"total_bytes\": %" PRIu64 ", \"accesses\": %" PRIu64 "}",
          count, largest, (uint64_t)atomic_load(&st->peak_live), total,
          _oli_site_accesses(st));
  *first = false;
}

static int write_to(FILE *f) {
  uint64_t peak[OLI_TIER_COUNT_] = {0}, footprint = 0, accesses = 0, unattr = 0;
  _oli_alloc_tier_bytes(NULL, peak);
  for (int i = 0; i < OLI_TIER_COUNT_; i++) footprint += peak[i]; /* upper bound of the peak sum */
  _oli_pmu_commit(); /* PMU samples (ring buffers, tallies) into the site counters */
  _oli_profile_counts(&accesses, &unattr);
  const char *event = _oli_pmu_event_name(), *pmu_status = _oli_pmu_status();
  fputs("{\n  \"schema\": \"oli-profile\",\n  \"version\": 1,\n  \"program\": ", f);
  oli_json_write_string(f, program_invocation_short_name);
  fprintf(f, ",\n  \"runs\": 1,\n  \"footprint_peak\": %" PRIu64 ",\n  \"access_source\": \"%s\"",
          footprint, event ? "pmu" : accesses ? "portable" : "none");
  if (event) fprintf(f, ",\n  \"access_event\": \"%s\"", event);
  if (pmu_status) {
    fputs(",\n  \"pmu_status\": ", f);
    oli_json_write_string(f, pmu_status);
  }
  if (accesses)
    fprintf(f, ",\n  \"sampled_accesses\": %" PRIu64 ",\n  \"unattributed_accesses\": %" PRIu64,
            accesses, unattr);
  long rank = _oli_env_mpi_rank();
  if (rank >= 0) fprintf(f, ",\n  \"rank\": %ld", rank);
  const oli_topology_t *t = _oli_topology();
  if (t->local_node >= 0 && t->nodes[t->local_node].read_bw) {
    bool first = true;
    fputs(",\n  \"tiers\": {", f);
    tier(f, "dram", t, t->local_node, &first);
    tier(f, "cxl", t, t->cxl_node, &first);
    tier(f, "remote_dram", t, t->remote_node, &first);
    fputs("\n  }", f);
  }
  fputs(",\n  \"sites\": [", f);
  bool first = true;
  for (size_t i = 0;; i++) {
    oli_site_state_t *st = _oli_site_at(i);
    if (st == NULL) break;
    site_json(f, st, &first);
  }
  fputs(first ? "]\n}\n" : "\n  ]\n}\n", f);
  return ferror(f) ? -1 : 0;
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

/* Referenced from process init so static links keep this file (and its
 * destructor); checks the pattern expands. */
void _oli_profile_init(void) {
  const char *p = _oli_option_str(oli_option_profile);
  char path[4096];
  if (p && _oli_expand_pattern(p, path, sizeof path) != 0)
    _oli_warning_message(W_REPORT, "OLI_PROFILE='%s': file name too long; no profile will be written",
                         p);
}

__attribute__((destructor)) static void profile_at_exit(void) {
  if (!_oli_is_initialized()) return;
  const char *p = _oli_option_str(oli_option_profile);
  _oli_pmu_stop();
  if (p) _oli_profile_write(p);
}
