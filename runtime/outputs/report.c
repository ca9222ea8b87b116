/* runtime/outputs/report.c - the placement report (docs/report-schema.md, version 1).
 *
 * At exit, when OLI_REPORT is set: JSON to a file (common/outfile.c: a
 * temporary beside it, then a rename, so a reader never sees half a report;
 * a device or FIFO written in place), or a human table to stderr
 * (OLI_REPORT_FORMAT overrides). The file name may hold
 * %p (pid), %r (MPI rank), %h (host). A report that cannot be written gives
 * one warning; the program's exit status is not touched.
 *
 * Per site: counters, the decision of its largest object with the reason in
 * words, the pages that decision intends for the largest live object (or the
 * global) and the pages the kernel says it has (move_pages, sampled for huge
 * objects). Summary: peak live bytes per tier and the DRAM saved against an
 * all-DRAM placement. */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "doc.h"
#include "grammar.h"
#include "outfile.h"
#include "text.h"

#include "internal.h"
#include "siterec.h"

extern char *program_invocation_short_name;

typedef struct biggest_s {
  oli_block_info_t b;
  bool have;
} biggest_t;

/* The largest live arena object of every site, found in one pass. */
static biggest_t *best;
static size_t nbest;

static void pick(const oli_block_info_t *b, void *arg) {
  size_t i = _oli_site_index(b->site);
  if (i < nbest && (!best[i].have || b->size > best[i].b.size)) {
    best[i].b = *b;
    best[i].have = true;
  }
}

static void scan_blocks(void) {
  size_t n = 0;
  while (_oli_site_at(n)) n++;
  if (best) _oli_os_unmap(best, nbest * sizeof *best);
  best = _oli_os_map_rw((n ? n : 1) * sizeof *best, false);
  if (best == NULL) {
    best = NULL;
    nbest = 0;
    return;
  }
  nbest = n;
  _oli_arena_foreach(pick, NULL);
  _oli_hostblock_foreach(pick, NULL); /* host mode's placed objects */
}

/* What one site row needs, gathered once for both formats. */
typedef struct row_s {
  oli_site_state_t *st;
  const __oli_site_t *rec;
  const oli_global_t *global;
  uint64_t count, total, largest;
  oli_decision_t d;
  bool fallback_now; /* the measured object fell back */
  const oli_plan_entry_t *planned; /* the plan's entry when the decision is not its placement */
  char reason[200];
  bool have_obj, sampled, query_ok;
  uint64_t obj_bytes;
  uint64_t intended[OLI_MAX_TARGETS];
  uint64_t achieved[OLI_MAX_NODES], absent;
  oli_layout_t layout; /* the measured object's (place.c) */
  uint64_t shared; /* a global's edge pages it shares with its neighbours: in no count */
  oli_doc_site_t ds; /* the row as the report's site object (common/doc.c writes it) */
  oli_doc_pages_t ds_intended, ds_achieved;
} row_t;

/* A site's re-decisions as the report's redecisions[] (common/doc.c writes
 * them): mapped for the sites that have any, released after the site. */
typedef struct redecisions_s {
  oli_doc_redecision_t *x;
  char (*words)[2][48]; /* from, to */
  size_t n, bytes;
} redecisions_t;

static const oli_global_t *global_of(const oli_site_state_t *st) {
  for (size_t i = 0;; i++) {
    const oli_global_t *g = _oli_global_at(i);
    if (!g) return NULL;
    if (g->site == st) return g;
  }
}

/* The plan's entry of a site whose decision is not the placement the plan
 * gives it (no CXL node, no remote node, a DRAM budget), else NULL. */
static const oli_plan_entry_t *plan_not_followed(oli_site_state_t *st, const row_t *r) {
  const oli_plan_entry_t *pe = r->rec && r->count ? _oli_plan_for(st) : NULL;
  if (pe == NULL || pe->placement == OLI_PLACE_DEFAULT) return NULL;
  if (r->d.placement != pe->placement) return pe;
  if (pe->placement != OLI_PLACE_INTERLEAVE || !pe->weight[OLI_TIER_DRAM] || !pe->weight[OLI_TIER_CXL]) return NULL;
  for (int t = 0; t < OLI_NODE_TIERS; t++)
    if (_oli_decision_weight(&r->d, (oli_tier_t)t) != pe->weight[t]) return pe;
  return NULL;
}

/* "interleave 3:1", "CXL": what a plan entry asks for (an interleave without
 * a ratio: the run's weights). */
static const char *planned_words(const oli_plan_entry_t *pe, char *buf, size_t n) {
  uint32_t w[OLI_NODE_TIERS];
  char rt[40];
  if (pe->placement != OLI_PLACE_INTERLEAVE) return oli_placement_words(pe->placement);
  if (pe->weight[OLI_TIER_DRAM] && pe->weight[OLI_TIER_CXL]) memcpy(w, pe->weight, sizeof w);
  else _oli_weights(w);
  snprintf(buf, n, "%s %s", oli_placement_words(pe->placement), oli_format_ratio(w, rt, sizeof rt));
  return buf;
}

static void gather(oli_site_state_t *st, row_t *r) {
  memset(r, 0, sizeof *r);
  r->st = st;
  r->rec = _oli_site_record(st);
  _oli_site_totals(st, &r->count, &r->total, &r->largest);
  _oli_site_last(st, &r->d);
  uint32_t lp = (uint32_t)_oli_option_get(oli_option_large_percent);
  if (r->count == 0) snprintf(r->reason, sizeof r->reason, "no object allocated");
  else _oli_reason_format(&r->d, lp, r->reason, sizeof r->reason);
  if ((r->planned = plan_not_followed(st, r)) != NULL) {
    char pw[64];
    size_t k = strlen(r->reason);
    snprintf(r->reason + k, sizeof r->reason - k, " (the plan wanted %s)", planned_words(r->planned, pw, sizeof pw));
  }
  void *addr = NULL;
  uint64_t len = 0;
  size_t bi = _oli_site_index(st);
  if (bi < nbest && best[bi].have) {
    addr = best[bi].b.addr;
    len = best[bi].b.size;
    r->fallback_now = best[bi].b.fallback;
    r->layout = best[bi].b.layout;
  } else if ((r->global = global_of(st)) != NULL) {
    /* the pages it owns wholly, as globals.c placed them: an edge page it
     * shares with its neighbours has their policy, not its own */
    uintptr_t a = (uintptr_t)r->global->addr, lo, hi;
    uint64_t pg = _oli_page_size();
    _oli_global_owned(a, r->global->size, &lo, &hi);
    uint64_t spans = (a + r->global->size + pg - 1) / pg - a / pg;
    r->shared = spans - (hi - lo) / pg;
    addr = (void *)lo;
    len = hi - lo;
    r->fallback_now = r->global->fallback;
    r->layout = r->global->layout;
    if (len == 0) { /* no page of its own: nothing placed, nothing to count */
      r->have_obj = true;
      r->query_ok = true;
      return;
    }
  }
  if (!addr) return;
  r->have_obj = true;
  r->obj_bytes = len;
  uint64_t pg = _oli_page_size(), npages = (len + pg - 1) / pg;
  /* the mechanism for the measured object (the decision's is its largest's) */
  r->d.mechanism = _oli_place_mechanism(&r->d, npages, (uintptr_t)addr % OLI_HUGE_BYTES == 0);
  if (!r->fallback_now) _oli_place_intended(&r->d, npages, r->intended);
  if (r->global && atomic_load_explicit(&r->global->unloaded, memory_order_acquire)) {
    /* its module is gone (dlclose) or finished (exit): the pages as they were then */
    const oli_pages_t *pp = &r->global->pages;
    r->query_ok = pp->ok;
    r->absent = pp->absent;
    r->sampled = pp->sampled;
    memcpy(r->achieved, pp->per_node, sizeof r->achieved);
    return;
  }
  r->query_ok = _oli_query_pages(addr, len, r->achieved, &r->absent, &r->sampled) == 0;
}

/* The report's site object of a row. */
static void to_doc_site(row_t *r) {
  oli_doc_site_t *s = &r->ds;
  const __oli_site_t *rec = r->rec;
  memset(s, 0, sizeof *s);
  for (int f = 0; f < OLI_F_COUNT_; f++) OLI_SET(s, f); /* a report has every member */
  s->id = rec ? rec->id : 0;
  s->kind = rec ? oli_kind_name(rec->kind) : oli_kind_name(OLI_KIND_MALLOC); /* untagged: plain malloc */
  oli_siterec_strings(rec, &s->file, &s->function, &s->name);
  s->line = rec ? rec->line : 0;
  s->rel = rec ? rec->rel : 0;
  if (rec && (rec->flags & OLI_SITE_F_SIZE_KNOWN)) s->size_hint = rec->size_hint;
  else s->has &= ~(1ull << OLI_F_SIZE_HINT);
  _oli_stack_doc_frames(s); /* a call-stack site (stacksite.c): its frames, which oli report names */
  s->count = r->count;
  s->count_partial = atomic_load(&r->st->bypass) != 0;
  s->total_bytes = r->total;
  s->largest = r->largest;
  s->peak_live = _oli_site_peak_live(r->st);
  s->placement = r->d.placement;
  for (int t = 0; t < OLI_NODE_TIERS; t++) s->weight[t] = _oli_decision_weight(&r->d, (oli_tier_t)t);
  for (int i = 0; r->d.placement != OLI_PLACE_DEFAULT && i < r->d.ntargets && i < OLI_MAX_TARGETS; i++)
    s->nodes[s->nnodes++] = r->d.target[i].node;
  s->mechanism = r->d.mechanism;
  s->reason = r->reason;
  if (r->planned) {
    s->planned = r->planned->placement;
    memcpy(s->planned_weight, r->planned->weight, sizeof s->planned_weight);
  } else {
    s->has &= ~(1ull << OLI_F_PLANNED);
  }
  s->fallbacks = atomic_load(&r->st->fallbacks);
  r->ds_intended.n = r->ds_achieved.n = 0;
  for (int i = 0; r->have_obj && i < r->d.ntargets && i < OLI_MAX_TARGETS; i++)
    if (r->intended[i]) {
      r->ds_intended.e[r->ds_intended.n].node = r->d.target[i].node;
      r->ds_intended.e[r->ds_intended.n++].pages = r->intended[i];
    }
  for (int n = 0; r->have_obj && r->query_ok && n < OLI_MAX_NODES && n < OLI_DOC_MAX_PAGE_NODES; n++)
    if (r->achieved[n]) {
      r->ds_achieved.e[r->ds_achieved.n].node = n;
      r->ds_achieved.e[r->ds_achieved.n++].pages = r->achieved[n];
    }
  s->intended = &r->ds_intended;
  s->achieved = &r->ds_achieved;
  s->pages_not_present = r->absent;
  s->pages_shared = r->shared;
  s->pages_sampled = r->sampled;
  /* interleaved objects only: null for one node, the default policy, a fallback */
  if (r->have_obj && !r->fallback_now && r->layout.max_run) s->longest_run = r->layout.max_run * _oli_page_size();
  else s->has &= ~(1ull << OLI_F_LONGEST_RUN);
}

/* "striping": the planner's folio and step, the VMA budget and what it did. */
static void striping(oli_doc_striping_t *s, const oli_topology_t *t) {
  oli_vma_stats_t v;
  _oli_vma_stats(&v);
  *s = (oli_doc_striping_t){
      .thp = t->thp, .folio = oli_thp_folio(t->thp) ? OLI_HUGE_BYTES : _oli_page_size(), .step = OLI_HUGE_BYTES,
      /* the budget: null when no interleaved object was placed (never read) */
      .max_map_count = {v.known, v.max_map_count}, .maps_at_start = {v.known, v.maps_at_start},
      .headroom = {v.known, v.headroom}, .vma_budget = {v.known, v.budget},
      .vmas_used = v.used, .vmas_peak = v.peak_used, .coarsened_objects = v.coarsened_objects};
}

/* The summary: objects, peak bytes per tier (DRAM saved: those on a tier
 * with a node other than local DRAM), the runtime's metadata. Partial sites:
 * their small objects took the fast path (not all counted). */
static void summary(oli_doc_summary_t *s) {
  memset(s, 0, sizeof *s);
  s->present = true;
  for (size_t i = 0;; i++) {
    oli_site_state_t *st = _oli_site_at(i);
    if (!st) break;
    uint64_t c, b;
    _oli_site_totals(st, &c, &b, NULL);
    uint64_t objects = _oli_site_placed_objects(st);
    s->placed_objects += objects;
    s->small_objects += c - objects;
    s->fallbacks += atomic_load(&st->fallbacks);
    s->small_objects_partial_sites += atomic_load(&st->bypass) != 0;
  }
  _oli_alloc_tier_bytes(NULL, s->bytes);
  /* the DRAM an all-DRAM placement needed at the placed objects' peak less the
   * most this run had on DRAM (the DRAM and default tiers' peaks: a lower
   * bound, those peaks may fall at different times), at most what went
   * elsewhere (the other tiers' peaks, which need not coincide either) */
  uint64_t placed_peak, off = 0, on = s->bytes[OLI_TIER_DRAM] + s->bytes[OLI_TIER_DEFAULT];
  _oli_footprint_parts(NULL, &placed_peak);
  for (int t = 0; t < OLI_NODE_TIERS; t++)
    if (t != OLI_TIER_DRAM) off += s->bytes[t];
  s->dram_saved = placed_peak > on ? placed_peak - on : 0;
  if (s->dram_saved > off) s->dram_saved = off;
  oli_doc_metadata_t *md = &s->metadata;
  md->present = md->fixed_bytes.has = md->object_bytes.has = true;
  _oli_runtime_meta(&md->fixed_bytes.v, &md->object_bytes.v, &md->tracked_objects);
  md->bytes = md->fixed_bytes.v + md->object_bytes.v;
  md->bytes_per_object = md->tracked_objects ? md->object_bytes.v / md->tracked_objects : 0;
  /* summary.migration: the re-decisions' totals and the budget */
  oli_settle_stats_t ss;
  _oli_settle_stats(&ss);
  s->migration = (oli_doc_migration_t){.present = true, .settles = ss.settles, .redecided = ss.redecided, .rebound = ss.rebound,
                                       .migrated = ss.migrated, .bytes = ss.bytes_migrated, .ns = ss.ns,
                                       .fallbacks = ss.fallbacks, .move_failed = ss.move_failed,
                                       .over_budget = ss.over_budget, .at_exit = ss.at_exit,
                                       .budget_bytes = ss.budget_bytes, .budget_ns = ss.budget_ns,
                                       .records_dropped = ss.log_dropped};
  /* summary.allocator: whose malloc the process called (host.c, hostblock.c) */
  oli_hostblock_stats_t hs;
  _oli_hostblock_stats(&hs);
  s->allocator = (oli_doc_allocator_t){.present = true, .host = _oli_heap_is_host(), .name = _oli_heap_name(), .blocks = hs.blocks,
                                       .live_blocks = hs.live_blocks, .unseen_frees = hs.unseen_frees,
                                       .unseen_bytes = hs.unseen_bytes};
}

/* ---- the footprint and re-decisions (settle.c; docs/report-schema.md) ------- */
static uint64_t peak_footprint(void) {
  uint64_t pk;
  _oli_footprint_now(NULL, &pk);
  return pk;
}

/* "dram", "interleave 4:1": a decision as the re-decisions show it. */
static const char *decision_words(const oli_decision_t *d, char *buf, size_t n) {
  char r[40];
  if (d->placement == OLI_PLACE_INTERLEAVE)
    snprintf(buf, n, "%s %s", oli_placement_name(d->placement), _oli_decision_ratio(d, r, sizeof r));
  else snprintf(buf, n, "%s", oli_placement_name(d->placement));
  return buf;
}

static double percent(uint64_t part, uint64_t whole) { return whole ? 100.0 * (double)part / (double)whole : 0.0; }

/* A site's members about the rule: its decision's share then, its largest
 * object's share of the peak, whether a flip is pending (the rule's verdict
 * could not be applied: why) and every re-decision of its objects. */
static void site_rule(row_t *r, redecisions_t *rx) {
  oli_doc_site_t *s = &r->ds;
  s->share_at_decision = r->count ? r->d.percent_x10 / 10.0 : 0.0;
  s->share_of_peak = percent(r->largest, peak_footprint());
  int note = atomic_load(&r->st->rule_note);
  if (note > 0) s->rule = (oli_redecide_t)(note - 1);
  else s->has &= ~(1ull << OLI_F_RULE); /* null */
  oli_redecision_t x;
  memset(rx, 0, sizeof *rx);
  for (size_t i = 0; _oli_redecision_at(i, &x); i++) rx->n += x.site == r->st;
  if (rx->n) {
    rx->bytes = rx->n * (sizeof *rx->x + sizeof *rx->words);
    rx->x = _oli_os_map_rw(rx->bytes, false);
    if (rx->x == NULL) rx->n = 0; /* no memory at exit: the site's list is left empty */
    else rx->words = (void *)(rx->x + rx->n);
  }
  size_t k = 0;
  for (size_t i = 0; k < rx->n && _oli_redecision_at(i, &x); i++) {
    if (x.site != r->st) continue;
    rx->x[k] = (oli_doc_redecision_t){x.settle, x.size, x.objects,
                                      decision_words(&x.from, rx->words[k][0], sizeof rx->words[k][0]),
                                      decision_words(&x.to, rx->words[k][1], sizeof rx->words[k][1]),
                                      x.outcome, x.footprint, x.bytes_migrated, x.ns};
    k++;
  }
  s->redecisions = rx->x;
  s->nredecisions = k;
}

static void site_rule_done(redecisions_t *rx) {
  if (rx->x) _oli_os_unmap(rx->x, rx->bytes);
}

/* The largest object of the tagged sites when none of them placed one
 * (every object below OLI_MIN_SIZE): its size and site; false otherwise. */
static bool nothing_placed(uint64_t *largest, oli_site_state_t **where) {
  *largest = 0;
  *where = NULL;
  for (size_t i = 0;; i++) {
    oli_site_state_t *st = _oli_site_at(i);
    if (!st) break;
    if (_oli_site_placed_objects(st)) return false; /* a placed object */
    uint64_t l;
    _oli_site_totals(st, NULL, NULL, &l);
    if (l > *largest) *largest = l, *where = st;
  }
  return *largest > 0;
}

/* "nothing placed: ..." (the report's table, OLI_VERBOSE=1 at exit); false
 * when something was placed or nothing was allocated at a tagged site. */
static bool nothing_placed_words(char *buf, size_t n) {
  uint64_t largest;
  oli_site_state_t *st;
  if (!nothing_placed(&largest, &st)) return false;
  char a[32], b[32], lower[32], where[600] = "";
  const __oli_site_t *rec = _oli_site_record(st);
  if (rec) {
    const char *file, *func, *name;
    oli_siterec_strings(rec, &file, &func, &name);
    char ef[512];
    snprintf(where, sizeof where, " (%s:%u)", oli_text_escape(ef, sizeof ef, file, 0), (unsigned)rec->line);
  }
  uint64_t pow2 = 4096;
  while (pow2 * 2 <= largest) pow2 *= 2; /* a round size at or below the largest object, as a value */
  if (pow2 >= (1u << 20)) snprintf(lower, sizeof lower, "%lluM", (unsigned long long)(pow2 >> 20));
  else snprintf(lower, sizeof lower, "%lluK", (unsigned long long)(pow2 >> 10));
  snprintf(buf, n,
           "nothing placed: every object was below OLI_MIN_SIZE (%s); the largest, %s, at site 0x%016llx%s; "
           "set OLI_MIN_SIZE=%s to place objects of that size",
           oli_format_size((uint64_t)_oli_option_get(oli_option_min_size), a, sizeof a),
           oli_format_size(largest, b, sizeof b), (unsigned long long)(rec ? rec->id : 0), where, lower);
  return true;
}

void _oli_report_note_nothing_placed(void) {
  char words[1024];
  if (_oli_is_initialized() && nothing_placed_words(words, sizeof words)) _oli_verbose_message(1, "%s", words);
}

/* "footprint": what the decisions were made against, and what it comprised. */
static void footprint(oli_doc_footprint_t *f) {
  oli_settle_stats_t ss;
  _oli_settle_stats(&ss);
  oli_footprint_parts_t parts;
  uint64_t live, pk, placed_peak, largest;
  _oli_footprint_parts(&parts, &placed_peak);
  _oli_footprint_now(&live, &pk);
  long opt = _oli_option_get(oli_option_footprint);
  oli_site_state_t *st;
  bool none = nothing_placed(&largest, &st);
  *f = (oli_doc_footprint_t){.peak = pk, .live = live, .placed_peak = placed_peak, .placed = parts.placed,
                             .heap = parts.heap, .data = parts.data, .nothing_placed_largest = {none, largest},
                             .option = {opt != 0, (uint64_t)opt}, .static_hints = _oli_site_static_footprint(),
                             .pending_hints = _oli_site_pending_hints(), .settles = ss.settles,
                             .settled_at = ss.footprint, .final_settle = ss.final_done};
}

/* "task_policy": what OLI_POLICY=uniform set for the whole process (not present: null). */
static void task_policy(oli_doc_task_policy_t *tp) {
  const oli_task_policy_t *p = _oli_task_policy();
  memset(tp, 0, sizeof *tp);
  if (p->mode == OLI_TASK_POLICY_NONE) return;
  tp->present = true;
  tp->mode = p->mode;
  for (int i = 0; i < p->nnodes && i < OLI_DOC_MAX_PAGE_NODES; i++) tp->nodes.node[tp->nodes.n++] = p->node[i];
  memcpy(tp->weights, p->weight, sizeof tp->weights);
  tp->exact = p->exact;
}

/* The report's members before "sites": the run, its options, the machine. */
static void head(oli_doc_report_head_t *h, oli_doc_node_t nodes[OLI_MAX_NODES]) {
  const oli_topology_t *t = _oli_topology();
  long rank = _oli_env_mpi_rank();
  memset(h, 0, sizeof *h);
  h->oli_version = oli_version();
  h->pid = (uint64_t)getpid();
  h->rank = (oli_doc_ni64_t){rank >= 0, rank};
  h->policy = (oli_policy_t)_oli_option_get(oli_option_policy);
  task_policy(&h->task_policy);
  h->options = (oli_doc_options_t){.dram_limit = _oli_alloc_dram_limit(), /* OLI_DRAM_LIMIT, else a plan's */
                                   .large_percent = _oli_option_get(oli_option_large_percent),
                                   .min_size = (uint64_t)_oli_option_get(oli_option_min_size)};
  h->topology.weights_source = _oli_weights(h->options.weights);
  h->topology.local_node = t->local_node;
  h->topology.cxl_node = t->cxl_node;
  h->topology.remote_node = t->remote_node;
  h->topology.weighted_interleave = t->kernel_wi;
  h->topology.nodes.e = nodes;
  for (int i = 0; i < t->num_nodes && i < OLI_MAX_NODES; i++) {
    const oli_node_t *nd = &t->nodes[i];
    if (nd->kind == OLI_NODE_NONE && nd->ncpus == 0 && nd->mem_total == 0) continue;
    nodes[h->topology.nodes.n++] = (oli_doc_node_t){.node = i, .kind = nd->kind, .cpus = (uint32_t)nd->ncpus,
                                                    .mem_total = nd->mem_total,
                                                    .read_bandwidth = {nd->read_bw != 0, nd->read_bw},
                                                    .read_latency = {nd->read_lat != 0, nd->read_lat}};
  }
  striping(&h->striping, t);
  footprint(&h->footprint);
}

static int json_report(FILE *f) {
  oli_doc_node_t nodes[OLI_MAX_NODES];
  oli_doc_report_head_t h;
  head(&h, nodes);
  oli_jw_t w;
  oli_jw_init(&w, f);
  oli_doc_write_begin(&w, OLI_DOC_REPORT, program_invocation_short_name);
  oli_doc_write_report_head(&w, &h);
  oli_jw_array(&w, "sites", OLI_JW_LINES);
  for (size_t i = 0;; i++) {
    oli_site_state_t *st = _oli_site_at(i);
    if (!st) break;
    if (i == 0 && _oli_site_placed_objects(st) == 0) { /* untagged: only when used */
      uint64_t c, b;
      _oli_site_totals(st, &c, &b, NULL);
      if (c == 0) continue;
    }
    row_t r;
    redecisions_t rx;
    gather(st, &r);
    to_doc_site(&r);
    site_rule(&r, &rx);
    oli_doc_write_site(&w, OLI_DOC_REPORT, &r.ds);
    site_rule_done(&rx);
  }
  oli_jw_end(&w);
  oli_doc_summary_t sum;
  summary(&sum);
  for (int i = 0; i < W_MAX_; i++) sum.warnings[i] = _oli_warning_count((oli_warning_t)i);
  oli_doc_write_summary(&w, &sum);
  oli_jw_end(&w);
  return oli_jw_finish(&w);
}

/* The text table's lines under a site: its re-decisions, and the rule's
 * verdict when it could not be applied. */
static void table_site_rule(FILE *f, const row_t *r) {
  oli_redecision_t x;
  char a[48], b[48], line[320]; /* the words: common/doc.c, as `oli report` prints them */
  for (size_t i = 0; _oli_redecision_at(i, &x); i++) {
    if (x.site != r->st) continue;
    oli_doc_redecision_t dx = {x.settle, x.size, x.objects, decision_words(&x.from, a, sizeof a),
                               decision_words(&x.to, b, sizeof b), x.outcome, x.footprint, x.bytes_migrated, x.ns};
    fprintf(f, "%18s %s\n", "", oli_doc_redecision_words(&dx, line, sizeof line));
  }
  int note = atomic_load(&r->st->rule_note);
  if (note > 0)
    fprintf(f, "%18s %s\n", "",
            oli_doc_rule_words(percent(r->largest, peak_footprint()), r->count ? r->d.percent_x10 / 10.0 : 0.0,
                               (oli_redecide_t)(note - 1), line, sizeof line));
}

static void table_report(FILE *f) {
  const oli_topology_t *t = _oli_topology();
  char a[32], b[32];
  char prog[256]; /* a program name may hold anything, newlines too: escaped */
  char cxl[16] = "none";
  if (t->cxl_node >= 0) snprintf(cxl, sizeof cxl, "%d", t->cxl_node);
  fprintf(f, "oli report: %s, pid %ld, policy %s, local DRAM node %d, CXL node %s\n",
          oli_text_escape(prog, sizeof prog, program_invocation_short_name, 0), (long)getpid(),
          oli_policy_name((oli_policy_t)_oli_option_get(oli_option_policy)), t->local_node, cxl);
  fprintf(f, "%-18s %-8s %-28s %8s %10s %10s %-10s %-7s %s\n", "site", "kind", "where", "count", "largest", "peak",
          "decision", "ratio", "pages present/intended / reason");
  size_t mismatches = 0, unplanned = 0, idle = 0, gone = 0;
  uint64_t unplanned_bytes = 0;
  for (size_t i = 0;; i++) {
    oli_site_state_t *st = _oli_site_at(i);
    if (!st) break;
    row_t r;
    gather(st, &r);
    if (i == 0 && r.count == 0) continue;
    to_doc_site(&r);
    if (oli_doc_site_made_nothing(&r.ds)) { /* a row of the JSON report only */
      idle++;
      continue;
    }
    char where[320], pages[200], en[64]; /* record strings escaped */
    oli_text_where(where, sizeof where, r.ds.file, r.ds.line, r.rec && r.rec->kind == OLI_KIND_GLOBAL, r.ds.function,
                   r.ds.rel);
    if (*r.ds.name) {
      size_t wl = strlen(where);
      snprintf(where + wl, sizeof where - wl, " %s", oli_text_escape(en, sizeof en, r.ds.name, 0));
    }
    char rt[40];
    if (r.d.placement == OLI_PLACE_INTERLEAVE) _oli_decision_ratio(&r.d, rt, sizeof rt);
    else snprintf(rt, sizeof rt, "-");
    oli_doc_pages_cmp_t pc;
    oli_doc_pages_compare(&r.ds, OLI_DOC_REPORT_VERSION, &pc);
    size_t len = 0;
    gone += !r.have_obj && r.d.placement != OLI_PLACE_DEFAULT; /* placed, all freed */
    if (r.have_obj && r.query_ok) {
      oli_doc_pages_cell(&r.ds, pages, sizeof pages);
      len = strcmp(pages, "-") ? strlen(pages) : 0;
      if (pc.mismatch && len + 2 < sizeof pages) memcpy(pages + len, " !", 3), len += 2;
      mismatches += pc.mismatch;
    }
    char cnt[24]; /* "256+": more small objects took the fast path uncounted */
    oli_doc_count_cell(&r.ds, cnt, sizeof cnt);
    fprintf(f, "0x%016llx %-8s %-28s %8s %10s %10s %-10s %-7s %s%s%s\n",
            (unsigned long long)(r.rec ? r.rec->id : 0), r.rec ? oli_kind_name(r.rec->kind) : "untagged",
            where, cnt, oli_format_size(r.largest, a, sizeof a),
            oli_format_size(_oli_site_peak_live(st), b, sizeof b), oli_placement_name(r.d.placement), rt,
            len ? pages : "", len ? " / " : "", r.reason);
    if (r.planned) {
      unplanned++;
      unplanned_bytes += _oli_site_peak_live(st);
    }
    if (atomic_load(&st->fallbacks))
      fprintf(f, "%18s %llu object(s) fell back to the default policy (see warnings)\n", "",
              (unsigned long long)atomic_load(&st->fallbacks));
    table_site_rule(f, &r);
  }
  char line[160];
  if (gone) fprintf(f, "%s\n", oli_doc_freed_words(gone, line, sizeof line));
  if (idle) fprintf(f, "%s\n", oli_doc_idle_words(idle, line, sizeof line));
  if (mismatches)
    fprintf(f, "%zu site%s achieved a different page split than intended (marked !)\n", mismatches,
            mismatches == 1 ? "" : "s");
  oli_doc_summary_t sum;
  summary(&sum);
  fprintf(f, "summary: %llu placed object%s, %llu%s small, %llu fallback%s; peak bytes",
          (unsigned long long)sum.placed_objects, sum.placed_objects == 1 ? "" : "s",
          (unsigned long long)sum.small_objects, sum.small_objects_partial_sites ? "+" : "",
          (unsigned long long)sum.fallbacks, sum.fallbacks == 1 ? "" : "s");
  for (int k = 0; k < OLI_TIER_COUNT_; k++)
    fprintf(f, "%s %s %s", k ? "," : "", k == OLI_TIER_DRAM ? "DRAM" : oli_tier_words((oli_tier_t)k),
            oli_format_size(sum.bytes[k], a, sizeof a));
  fprintf(f, "; DRAM saved %s", oli_format_size(sum.dram_saved, a, sizeof a));
  if (_oli_alloc_dram_limit()) { /* the run's limit, and whether it could be kept */
    const oli_topology_t *tp = _oli_topology();
    char lw[160];
    fprintf(f, "; DRAM limit %s", oli_doc_limit_words(_oli_alloc_dram_limit(), tp->cxl_node >= 0 || tp->remote_node >= 0,
                                                      lw, sizeof lw));
  }
  fputc('\n', f);
  oli_settle_stats_t ss;
  _oli_settle_stats(&ss);
  oli_doc_migration_t mg = {.settles = ss.settles, .redecided = ss.redecided, .rebound = ss.rebound,
                            .migrated = ss.migrated, .bytes = ss.bytes_migrated, .ns = ss.ns,
                            .over_budget = ss.over_budget, .move_failed = ss.move_failed};
  char fl[256];
  fprintf(f, "footprint: %s\n", oli_doc_migration_words(peak_footprint(), &mg, fl, sizeof fl));
  oli_footprint_parts_t parts;
  uint64_t placed_peak;
  char c[32], d[32];
  _oli_footprint_parts(&parts, &placed_peak);
  fprintf(f, "footprint now: placed %s, glibc heap %s (objects below OLI_MIN_SIZE), modules' data %s\n",
          oli_format_size(parts.placed, a, sizeof a), oli_format_size(parts.heap, c, sizeof c),
          oli_format_size(parts.data, d, sizeof d));
  char np[1024];
  if (nothing_placed_words(np, sizeof np)) fprintf(f, "%s\n", np);
  char md[192];
  fprintf(f, "runtime metadata: %s\n", oli_doc_metadata_words(&sum, md, sizeof md));
  fprintf(f, "allocator: %s\n", oli_doc_allocator_words(&sum.allocator, md, sizeof md));
  oli_vma_stats_t v;
  _oli_vma_stats(&v);
  if (v.known)
    fprintf(f, "striping: THP %s, VMAs %llu used (peak %llu) of a budget of %llu (vm.max_map_count %llu), "
               "%llu object(s) coarsened\n",
            oli_thp_name(t->thp), (unsigned long long)v.used, (unsigned long long)v.peak_used,
            (unsigned long long)v.budget, (unsigned long long)v.max_map_count,
            (unsigned long long)v.coarsened_objects);
  if (t->cxl_node < 0 && (oli_policy_t)_oli_option_get(oli_option_policy) != OLI_POLICY_OFF)
    fprintf(f, "note: no CXL node on this machine: placement degraded to local DRAM (node %d)\n", t->local_node);
  if (unplanned)
    fprintf(f, "note: %zu site%s not placed as the plan wanted (peak %s; each row says what it wanted)\n", unplanned,
            unplanned == 1 ? "" : "s", oli_format_size(unplanned_bytes, a, sizeof a));
}

int _oli_report_stream(void *file, int json) {
  FILE *f = file;
  scan_blocks();
  if (json) return json_report(f);
  table_report(f);
  return ferror(f) ? -1 : 0;
}

int _oli_report_write(const char *path) {
  long fmt = _oli_option_get(oli_option_report_format);
  bool to_stderr = _oli_is_stderr_name(path);
  int json = fmt == OLI_REPORT_FORMAT_JSON || (fmt == OLI_REPORT_FORMAT_AUTO && !to_stderr);
  if (to_stderr) {
    fflush(stderr);
    return _oli_report_stream(stderr, json);
  }
  char name[4096], why[256];
  if (_oli_expand_pattern(path, name, sizeof name) != 0) {
    _oli_warning_message(W_REPORT, "OLI_REPORT='%s': cannot expand the file name (escapes: %%p %%r %%h %%%%)", path);
    errno = EINVAL;
    return -1;
  }
  /* common/outfile.c: a temporary and a rename, or a device or FIFO written
   * in place; never through another user's symlink. */
  oli_outfile_t o;
  int rc = oli_outfile_open(&o, name, OLI_DOC_MAX_BYTES, why, sizeof why);
  if (rc == 0) {
    _oli_report_stream(o.f, json); /* a failed write: the commit sees it */
    rc = oli_outfile_commit(&o, why, sizeof why);
  }
  if (rc != 0) {
    int e = errno;
    _oli_warning_message(W_REPORT, "cannot write report %s: %s", name, why);
    errno = e;
    return -1;
  }
  _oli_verbose_message(1, "report written to %s", name);
  return 0;
}

/* At exit (init.c's end path), when the runtime came up and OLI_REPORT is set. */
void _oli_report_fini(void) {
  if (!_oli_is_initialized() || !_oli_option_is_set(oli_option_report)) return;
  const char *p = _oli_option_path(oli_option_report); /* relative: the start-up directory */
  if (!p) return;
  _oli_settle_run(0, true); /* the final settle: decisions against the peak footprint (settle.c) */
  _oli_report_write(p);
}
