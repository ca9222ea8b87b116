/* runtime/memory/stripe.c - the stripe planner: how an interleaved object's pages
 * are laid out over its target nodes (docs/runtime-internals.md, "Striping").
 *
 * Pure: arithmetic on page numbers, no system call, no global state, so the
 * unit test can prove its bounds for objects of 2 MiB to 1 TiB without
 * memory. place.c asks for a plan and walks it with mbind.
 *
 * An interleave only adds the two tiers' bandwidths when every thread's share
 * of an object (about one OpenMP static chunk) holds the ratio, i.e. when the
 * object is striped finely whatever its size. The layout follows one
 * periodic pattern, the kernel's own: granule k (a granule is g pages) goes to
 * the target whose weights cover k mod sum(w), so target i has stretches of
 * w[i] granules and every window of sum(w) granules holds the ratio exactly.
 *
 *   native   the kernel interleaves the ratio itself (MPOL_INTERLEAVE for
 *            equal weights, MPOL_WEIGHTED_INTERLEAVE at its global weights):
 *            g is its folio (2 MiB with transparent huge pages, else a page)
 *            and the pattern's phase is the address; the object's body, from
 *            its first folio boundary, a whole number of rounds (sum(w)
 *            granules), is one VMA with that policy;
 *   runs     otherwise g is the run unit, one step of 2 MiB per weight, and
 *            the body's stretches are page runs, each MPOL_PREFERRED on its
 *            node: runs of at most max(w) steps; the planner picks the phase.
 *
 * The head before the body (an unaligned global's first pages) and the tail
 * after it (less than a round) continue the pattern, backwards and forwards,
 * but each target gets only its proportional share of them (rounded
 * cumulative shares): a target whose share is used up skips its turns. So the
 * page ratio is exact to a page per segment, no node's stretch is longer than
 * the pattern's across the seams, and a window reaching into the tail is off
 * only by what a partial round cannot avoid - the phase is chosen to make
 * that least (_oli_stripe_phase; the arena aligns native blocks to it).
 *
 * Every run is a VMA: when the runs need more VMAs than the object may use
 * (its share of the budget against vm.max_map_count), the unit grows to fit -
 * coarsened, the plan says so and the report counts it. */
#include <string.h>

#include "internal.h"

#define MAX_SEAM_RUNS 64 /* runs of a head: at most two turns per target */

static uint64_t wsum(const uint32_t *w, int n) {
  uint64_t s = 0;
  for (int i = 0; i < n; i++) s += w[i];
  return s;
}

static uint64_t wmax(const uint32_t *w, int n) {
  uint64_t m = 0;
  for (int i = 0; i < n; i++)
    if (w[i] > m) m = w[i];
  return m;
}

static uint64_t div_up(uint64_t a, uint64_t b) { return a / b + (a % b != 0); }

/* The pattern: target of granule k, and where its stretch starts and ends. */
typedef struct pattern_s {
  const uint32_t *w;
  int n;
  uint64_t sum, g;
} pattern_t;

static int pat_target(const pattern_t *p, uint64_t k, uint64_t *first, uint64_t *end) {
  uint64_t r = k % p->sum, cum = 0;
  int t = 0;
  while (r >= cum + p->w[t]) cum += p->w[t++];
  *first = k - r + cum;     /* first granule of the stretch */
  *end = *first + p->w[t];  /* one past its last */
  return t;
}

/* Proportional shares of len pages: cumulative shares in the order first,
 * first + 1, ..., rounded up, so the split is exact to a page and target
 * `first` - the one whose turn a seam continues - gets at least one page
 * (skipping it could join its neighbours' runs beyond a stretch). */
static void shares(uint64_t len, const uint32_t *w, int n, int first, uint64_t out[]) {
  uint64_t sum = wsum(w, n), given = 0, acc = 0;
  for (int k = 0; k < n; k++) {
    int i = (first + k) % n;
    acc += w[i];
    uint64_t upto = (uint64_t)(((unsigned __int128)len * acc + sum - 1) / sum);
    out[i] = upto - given;
    given = upto;
  }
}

/* ---- emitting runs: adjacent runs of one target become one ------------------ */
typedef struct emit_s {
  oli_stripe_fn *fn;
  void *arg;
  uint64_t off, len; /* pending run */
  int target, rc;
  uint64_t runs, longest; /* runs (VMAs) and the longest page run */
  int last_target;        /* the run flushed last */
  uint64_t last_len;
  int seam_target;        /* the native body's last stretch, until the tail's first run */
  uint64_t seam_len;
} emit_t;

static void seam_check(emit_t *e);

static void flush(emit_t *e) {
  if (e->len == 0 || e->rc) return;
  e->runs++;
  if (e->target >= 0 && e->len > e->longest) e->longest = e->len; /* the body's are the kernel's */
  if (e->fn) e->rc = e->fn(e->arg, e->off, e->len, e->target);
  e->last_target = e->target;
  e->last_len = e->len;
  e->len = 0;
  if (e->seam_len && e->last_target >= 0) seam_check(e);
}

static void emit(emit_t *e, uint64_t off, uint64_t len, int target) {
  if (len == 0) return;
  if (e->len && target == e->target && target >= 0 && e->off + e->len == off) {
    e->len += len;
    return;
  }
  flush(e);
  e->off = off;
  e->len = len;
  e->target = target;
}

/* Tail: len pages at object page off, pattern position pos (pages), forwards;
 * each target gets its share and skips its turns once the share is used. */
static void fill_forward(emit_t *e, const pattern_t *p, uint64_t off, uint64_t pos, uint64_t len) {
  uint64_t q[OLI_MAX_TARGETS], first, end;
  shares(len, p->w, p->n, pat_target(p, pos / p->g, &first, &end), q);
  for (uint64_t done = 0; done < len;) {
    int t = pat_target(p, pos / p->g, &first, &end);
    uint64_t room = end * p->g - pos, a = room < q[t] ? room : q[t];
    emit(e, off + done, a, t);
    q[t] -= a;
    done += a;
    pos += room;
  }
}

/* Head: len pages ending at object page off + len, whose end is pattern
 * position pos, backwards; runs collected, then emitted in address order. */
static void fill_backward(emit_t *e, const pattern_t *p, uint64_t off, uint64_t pos, uint64_t len) {
  uint64_t q[OLI_MAX_TARGETS], first, end, rl[MAX_SEAM_RUNS];
  int rt[MAX_SEAM_RUNS], nr = 0;
  pos += (p->sum * p->g) << 20; /* the same place in the pattern, never below 0 */
  shares(len, p->w, p->n, pat_target(p, (pos - 1) / p->g, &first, &end), q);
  for (uint64_t done = 0; done < len && nr < MAX_SEAM_RUNS;) {
    int t = pat_target(p, (pos - 1) / p->g, &first, &end);
    uint64_t room = pos - first * p->g, a = room < q[t] ? room : q[t];
    if (a) rl[nr] = a, rt[nr++] = t;
    q[t] -= a;
    done += a;
    pos -= room;
  }
  for (int i = nr - 1; i >= 0; i--) {
    emit(e, off, rl[i], rt[i]);
    off += rl[i];
  }
}

/* Body of page runs: the pattern's stretches from position pos, len pages
 * (whole rounds). */
static void body_runs(emit_t *e, const pattern_t *p, uint64_t off, uint64_t pos, uint64_t len) {
  uint64_t first, end;
  for (uint64_t done = 0; done < len && !e->rc;) {
    int t = pat_target(p, pos / p->g, &first, &end);
    uint64_t a = end * p->g - pos;
    if (a > len - done) a = len - done;
    emit(e, off + done, a, t);
    done += a;
    pos += a;
  }
}

/* Where object page 0 sits in the pattern (pages). */
static uint64_t origin(const oli_stripe_in_t *in, const oli_stripe_t *pl) {
  return in->native ? in->start : pl->phase * pl->unit;
}

static void walk(const oli_stripe_in_t *in, const oli_stripe_t *pl, emit_t *e) {
  pattern_t p = {in->w, in->n, wsum(in->w, in->n), in->native ? in->huge : pl->unit};
  uint64_t o = origin(in, pl), b0 = pl->body_start, b1 = b0 + pl->body_pages;
  if (b0) fill_backward(e, &p, 0, o + b0, b0);
  if (pl->body_pages) {
    if (in->native) {
      /* The kernel's stretches at the body's edges, with the head's last and
       * the tail's first run when they are on the same node. */
      uint64_t first, end, k0 = (o + b0) / p.g, k1 = (o + b1) / p.g - 1;
      int t0 = pat_target(&p, k0, &first, &end);
      uint64_t s0 = (end - k0) * p.g;
      flush(e);
      if (e->runs && e->last_target == t0) s0 += e->last_len;
      int t1 = pat_target(&p, k1, &first, &end);
      e->seam_target = t1;
      e->seam_len = (k1 + 1 - first) * p.g;
      if (s0 > e->longest) e->longest = s0;
      emit(e, b0, pl->body_pages, -1);
      flush(e);
    } else {
      body_runs(e, &p, b0, o + b0, pl->body_pages);
    }
  }
  if (b1 < in->npages) fill_forward(e, &p, b1, o + b1, in->npages - b1);
  flush(e);
}

/* The tail's first run, flushed: on the node of the body's last stretch it
 * extends that stretch. */
static void seam_check(emit_t *e) {
  if (e->seam_len && e->last_target == e->seam_target) {
    uint64_t s = e->seam_len + e->last_len;
    if (s > e->longest) e->longest = s;
  }
  e->seam_len = 0;
}

/* Phase (granule index mod sum(w)) at which rounds of g-page granules should
 * start so that the tail of r pages after them, filled as above, holds the
 * ratio in the last window too: the phase whose pattern over r pages is
 * nearest r's proportional shares. */
static uint64_t best_phase(const uint32_t *w, int n, uint64_t g, uint64_t r) {
  pattern_t p = {w, n, wsum(w, n), g};
  uint64_t want[OLI_MAX_TARGETS], best = 0, best_dev = UINT64_MAX, first, end;
  for (uint64_t ph = 0; ph < p.sum && r; ph++) {
    uint64_t got[OLI_MAX_TARGETS] = {0}, dev = 0;
    shares(r, w, n, pat_target(&p, ph, &first, &end), want);
    for (uint64_t at = 0, k = ph; at < r; at += g, k++)
      got[pat_target(&p, k, &first, &end)] += r - at < g ? r - at : g;
    for (int i = 0; i < n; i++) {
      uint64_t d = got[i] > want[i] ? got[i] - want[i] : want[i] - got[i];
      if (d > dev) dev = d;
    }
    if (dev < best_dev) best_dev = dev, best = ph;
  }
  return best;
}

uint64_t _oli_stripe_phase(const oli_stripe_in_t *in) {
  uint64_t round = wsum(in->w, in->n) * in->huge;
  if (!in->native || in->n < 2 || in->huge < 2 || in->npages < round) return 0;
  return best_phase(in->w, in->n, in->huge, in->npages % round);
}

/* Body and phase for granules of g pages. */
static void shape(const oli_stripe_in_t *in, oli_stripe_t *out, uint64_t g) {
  if (in->native) g = in->huge; /* the kernel's folio */
  uint64_t round = wsum(in->w, in->n) * g, np = in->npages;
  out->unit = in->native ? in->step : g;
  out->body_start = out->body_pages = 0;
  if (in->native) {
    uint64_t head = (in->huge - in->start % in->huge) % in->huge;
    if (head < np && (np - head) / round > 0) {
      out->body_start = head;
      out->body_pages = (np - head) / round * round;
    }
    out->phase = 0;
  } else {
    out->body_pages = np / round * round;
    out->phase = best_phase(in->w, in->n, g, np % round);
  }
}

int _oli_stripe_plan(const oli_stripe_in_t *in, oli_stripe_t *out) {
  memset(out, 0, sizeof *out);
  int n = in->n;
  if (n < 1 || n > OLI_MAX_TARGETS || in->step == 0 || in->huge == 0 || in->step % in->huge) return -1;
  for (int i = 0; i < n; i++)
    if (in->w[i] == 0) return -1;
  uint64_t sum = wsum(in->w, n), np = in->npages;
  out->unit = in->step;
  if (n == 1 || np == 0) {
    out->vmas = np ? 1 : 0;
    out->max_run = np;
    return 0;
  }
  shape(in, out, in->step);
  uint64_t budget = in->vmas ? in->vmas : UINT64_MAX;
  emit_t e = {0};
  walk(in, out, &e);
  /* Page runs that need more VMAs than the budget: coarsen. A layout has at
   * most n runs per round, one more where the phase splits a stretch, and
   * 2n in its tail; the unit grows until the runs fit (or one round is left). */
  uint64_t nn = (uint64_t)n, fit = budget > 2 * nn + 1 ? (budget - 2 * nn - 1) / nn : 1;
  for (uint64_t unit = div_up(div_up(np, (fit ? fit : 1) * sum), in->huge) * in->huge;
       !in->native && e.runs > budget && out->unit < np; unit *= 2) {
    if (unit <= out->unit) unit = out->unit * 2;
    shape(in, out, unit);
    out->coarsened = true;
    memset(&e, 0, sizeof e);
    walk(in, out, &e);
  }
  out->vmas = e.runs;
  out->max_run = e.longest;
  if (out->body_pages && in->native) {
    uint64_t nat = wmax(in->w, n) * in->huge; /* a whole stretch inside */
    if (nat > out->max_run) out->max_run = nat;
  }
  return 0;
}

int _oli_stripe_walk(const oli_stripe_in_t *in, const oli_stripe_t *p, oli_stripe_fn *fn, void *arg) {
  if (in->npages == 0) return 0;
  if (in->n == 1) return fn(arg, 0, in->npages, 0);
  emit_t e = {.fn = fn, .arg = arg};
  walk(in, p, &e);
  return e.rc;
}

typedef struct count_s {
  const oli_stripe_in_t *in;
  uint64_t *out;
} count_t;

static int count_run(void *arg, uint64_t off, uint64_t len, int target) {
  count_t *c = arg;
  if (target >= 0) {
    c->out[target] += len;
    return 0;
  }
  /* The native body is whole rounds: each target gets exactly its share. */
  uint64_t sum = wsum(c->in->w, c->in->n);
  for (int i = 0; i < c->in->n; i++) c->out[i] += len / sum * c->in->w[i];
  return 0;
}

void _oli_stripe_pages(const oli_stripe_in_t *in, const oli_stripe_t *p, uint64_t out[OLI_MAX_TARGETS]) {
  memset(out, 0, sizeof(uint64_t) * OLI_MAX_TARGETS);
  count_t c = {in, out};
  _oli_stripe_walk(in, p, count_run, &c);
}
