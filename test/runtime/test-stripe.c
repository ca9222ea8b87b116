/* test-stripe.c - the stripe planner (runtime/memory/stripe.c), arithmetic only:
 * for objects of 2 MiB to 1 TiB, ratios 1:1 to 9:1 and three targets, with
 * and without a native interleave, with and without transparent huge pages,
 * aligned or not, and VMA budgets from none to tiny, the layout
 *   - tiles the object in address order and gives each target its share of
 *     the pages to a page per segment;
 *   - never keeps one node for longer than max(w) steps of 2 MiB (counting the
 *     kernel's own stretches in the native body and where segments meet),
 *     unless the VMA budget made it coarsen, and then no longer than its unit;
 *   - holds the ratio within one huge page in every window of sum(w) steps
 *     where the planner chose the phase (page runs, and blocks the arena
 *     aligns to _oli_stripe_phase), within step * w(S - w) / S pages where
 *     the address fixed it (an unaligned global); same exception;
 *   - uses no more VMAs than the budget allows (a layout of page runs only)
 *     and coarsens only when the fine layout would not fit.
 * The kernel's part is modelled after mm/mempolicy.c: folio index (address /
 * huge page) mod sum(w) walks the targets' weights. The NUMA lab checks the
 * same properties on real pages (test/numa-lab, "stripe" runs). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "testhelper.h"

#define STEP 512ull /* 2 MiB of 4 KiB pages */
#define KiB 1024ull
#define MiB (1024ull * KiB)
#define GiB (1024ull * MiB)
#define TiB (1024ull * GiB)

typedef struct piece_s {
  uint64_t off, len;
  int target;                    /* -1: the native body */
  uint64_t before[OLI_MAX_TARGETS]; /* pages per target before off */
} piece_t;

typedef struct model_s {
  const oli_stripe_in_t *in;
  piece_t *p;
  size_t n, cap;
  uint64_t next; /* where the next piece must start */
  int bad_order;
} model_t;

static int add_piece(void *arg, uint64_t off, uint64_t len, int target) {
  model_t *m = arg;
  if (off != m->next || len == 0) m->bad_order++;
  if (m->n == m->cap) {
    m->cap = m->cap ? 2 * m->cap : 1024;
    m->p = realloc(m->p, m->cap * sizeof *m->p);
  }
  piece_t *q = &m->p[m->n++];
  q->off = off;
  q->len = len;
  q->target = target;
  m->next = off + len;
  return 0;
}

static uint64_t wsum(const oli_stripe_in_t *in) {
  uint64_t s = 0;
  for (int i = 0; i < in->n; i++) s += in->w[i];
  return s;
}

/* Pages of target t in absolute pages [0, x) of the kernel's infinite
 * interleave pattern. */
static uint64_t native_prefix(const oli_stripe_in_t *in, uint64_t x, int t) {
  uint64_t round = wsum(in) * in->huge, cum = 0;
  for (int i = 0; i < t; i++) cum += in->w[i] * in->huge;
  uint64_t r = x % round, mine = in->w[t] * in->huge, part = r > cum ? r - cum : 0;
  return x / round * mine + (part < mine ? part : mine);
}

/* Pages of target t in object pages [0, x); *cur is a cursor into the
 * pieces that only moves forward between calls with growing x. */
static uint64_t prefix(const model_t *m, size_t *cur, uint64_t x, int t) {
  while (*cur + 1 < m->n && m->p[*cur + 1].off <= x) ++*cur;
  while (*cur > 0 && m->p[*cur].off > x) --*cur;
  const piece_t *q = &m->p[*cur];
  uint64_t in_piece = x - q->off;
  if (in_piece > q->len) in_piece = q->len;
  if (q->target >= 0) return q->before[t] + (q->target == t ? in_piece : 0);
  uint64_t a = m->in->start + q->off;
  return q->before[t] + native_prefix(m->in, a + in_piece, t) - native_prefix(m->in, a, t);
}

/* The kernel's target for absolute huge page k (the model, written apart
 * from the code under test). */
static int model_target(const oli_stripe_in_t *in, uint64_t k) {
  uint64_t r = k % wsum(in);
  int t = 0;
  while (r >= in->w[t]) r -= in->w[t++];
  return t;
}

/* Length of the kernel's stretch on one target from the body's edge (a
 * huge-page boundary, object page `edge`): forwards from its start (dir 1)
 * or backwards from its end (dir -1). */
static uint64_t native_stretch(const oli_stripe_in_t *in, uint64_t edge, int dir, int *target) {
  uint64_t k = (in->start + edge) / in->huge - (dir < 0), len = 0;
  int t = model_target(in, k);
  *target = t;
  while (len < wsum(in) && model_target(in, k) == t) len++, k += dir;
  return len * in->huge;
}

typedef struct result_s {
  uint64_t max_stretch, worst_window, pages[OLI_MAX_TARGETS], vmas;
  int bad_order;
} result_t;

static void evaluate(const oli_stripe_in_t *in, const oli_stripe_t *pl, result_t *r) {
  memset(r, 0, sizeof *r);
  model_t m = {.in = in};
  _oli_stripe_walk(in, pl, add_piece, &m);
  r->bad_order = m.bad_order + (m.next != in->npages);
  int n = in->n;
  uint64_t sum = wsum(in), before[OLI_MAX_TARGETS] = {0};
  for (size_t i = 0; i < m.n; i++) {
    memcpy(m.p[i].before, before, sizeof before);
    piece_t *q = &m.p[i];
    if (q->target >= 0) {
      before[q->target] += q->len;
    } else {
      uint64_t a = in->start + q->off;
      for (int t = 0; t < n; t++) before[t] += native_prefix(in, a + q->len, t) - native_prefix(in, a, t);
    }
  }
  memcpy(r->pages, before, sizeof before);
  r->vmas = m.n;
  /* Longest stretch on one node: explicit runs merged with their neighbours
   * and with the kernel's stretches at the body's edges. */
  for (size_t i = 0; i < m.n; i++) {
    piece_t *q = &m.p[i];
    if (q->target < 0) {
      int t0, t1;
      uint64_t s0 = native_stretch(in, q->off, 1, &t0), s1 = native_stretch(in, q->off + q->len, -1, &t1);
      if (i > 0 && m.p[i - 1].target == t0) s0 += m.p[i - 1].len; /* the head continues the stretch */
      if (i + 1 < m.n && m.p[i + 1].target == t1) s1 += m.p[i + 1].len;
      /* inside, the kernel's stretches are w[t] huge pages, within the bound */
      uint64_t s = s0 > s1 ? s0 : s1;
      if (s > r->max_stretch) r->max_stretch = s;
      continue;
    }
    uint64_t s = q->len;
    for (size_t j = i + 1; j < m.n && m.p[j].target == q->target; j++) s += m.p[j].len;
    if (s > r->max_stretch) r->max_stretch = s;
  }
  /* Windows of sum(w) steps: the worst deviation from the ratio is where a
   * window's start or end meets a breakpoint; inside the body every window
   * is whole rounds (the step is a multiple of the huge page). Breakpoints:
   * piece edges, and the body's huge pages near its edges. */
  uint64_t W = sum * STEP;
  if (in->npages >= W) {
    size_t ncand = 0, capc = 2 * m.n + 16;
    uint64_t *cand = malloc(capc * sizeof *cand);
    for (size_t i = 0; i < m.n; i++) {
      piece_t *q = &m.p[i];
      if (q->target < 0) {
        uint64_t lo = q->off, hi = q->off + q->len, k0 = (in->start + lo) / in->huge;
        for (uint64_t k = k0;; k++) {
          uint64_t pg = k * in->huge - in->start;
          if (pg < lo) continue;
          if (pg > hi) break;
          if (pg > lo + W && pg + W < hi) { /* skip the middle */
            k = (in->start + hi - W) / in->huge;
            continue;
          }
          if (ncand + 2 >= capc) cand = realloc(cand, (capc *= 2) * sizeof *cand);
          cand[ncand++] = pg;
        }
      }
      if (ncand + 2 >= capc) cand = realloc(cand, (capc *= 2) * sizeof *cand);
      cand[ncand++] = q->off;
    }
    cand[ncand++] = in->npages;
    size_t c1 = 0, c2 = 0;
    for (size_t i = 0; i < ncand; i++) {
      for (int dir = 0; dir < 2; dir++) {
        uint64_t a = dir ? cand[i] : (cand[i] >= W ? cand[i] - W : UINT64_MAX);
        if (a == UINT64_MAX || a + W > in->npages) continue;
        size_t ca = c1, cb = c2;
        for (int t = 0; t < n; t++) {
          c1 = ca, c2 = cb;
          uint64_t got = prefix(&m, &c2, a + W, t) - prefix(&m, &c1, a, t);
          uint64_t want = W / sum * in->w[t];
          uint64_t dev = got > want ? got - want : want - got;
          if (dev > r->worst_window) r->worst_window = dev;
        }
      }
    }
    free(cand);
  }
  free(m.p);
}

int main(void) {
  const uint64_t sizes[] = {2 * MiB, 2 * MiB + 4 * KiB, 3 * MiB, 7 * MiB + 12 * KiB, 33 * MiB,
                            100 * MiB + 28 * KiB, 760 * MiB, 800 * MiB, 1 * GiB, 3 * GiB + 12 * KiB,
                            16 * GiB, 64 * GiB + 4 * KiB, 200 * GiB, 512 * GiB + 2 * MiB + 4 * KiB, 1 * TiB};
  const uint32_t ratios[][3] = {{1, 1, 0}, {3, 1, 0}, {4, 1, 0}, {5, 2, 0}, {7, 3, 0},
                                {1, 4, 0}, {9, 1, 0}, {2, 1, 1}, {4, 1, 2}};
  const uint64_t budgets[] = {0, 32768, 1000, 16};
  /* a block at the phase the planner asks for (-1), a 2 MiB-aligned one at
   * phase 0, a global at an odd page */
  const uint64_t starts[] = {UINT64_MAX, 0, 3 * 4096ull + 77};
  unsigned cases = 0, coarsened = 0, with_body = 0;
  uint64_t worst = 0, worst_chosen = 0;
  for (size_t s = 0; s < sizeof sizes / sizeof *sizes; s++)
    for (size_t r = 0; r < sizeof ratios / sizeof *ratios; r++)
      for (int native = 0; native < 2; native++)
        for (int thp = 0; thp < 2; thp++)
          for (size_t st = 0; st < sizeof starts / sizeof *starts; st++)
            for (size_t b = 0; b < sizeof budgets / sizeof *budgets; b++) {
              oli_stripe_in_t in;
              memset(&in, 0, sizeof in);
              in.npages = (sizes[s] + 4095) / 4096;
              in.start = starts[st] == UINT64_MAX ? 0 : starts[st];
              in.step = STEP;
              in.huge = thp ? STEP : 1;
              in.n = ratios[r][2] ? 3 : 2;
              memcpy(in.w, ratios[r], sizeof in.w);
              in.native = native;
              in.vmas = budgets[b];
              if (starts[st] == UINT64_MAX) in.start = _oli_stripe_phase(&in) * in.huge;
              if (in.vmas == 0 && sizes[s] > 64 * GiB && !native) continue; /* 10^6 runs: slow, same code */
              oli_stripe_t pl;
              char what[200];
              snprintf(what, sizeof what, "%llu pages %u:%u:%u native %d thp %d start %llu budget %llu",
                       (unsigned long long)in.npages, in.w[0], in.w[1], in.w[2], native, thp,
                       (unsigned long long)in.start, (unsigned long long)in.vmas);
              int rc = _oli_stripe_plan(&in, &pl);
              CHECK(what, rc == 0);
              if (rc) continue;
              cases++;
              coarsened += pl.coarsened;
              with_body += pl.body_pages > 0;
              result_t res;
              evaluate(&in, &pl, &res);
              uint64_t sum = wsum(&in), wmx = 0, pages = 0;
              for (int t = 0; t < in.n; t++) wmx = in.w[t] > wmx ? in.w[t] : wmx;
              int ok = res.bad_order == 0;
              for (int t = 0; t < in.n; t++) {
                pages += res.pages[t];
                double want = (double)in.npages * in.w[t] / (double)sum, got = (double)res.pages[t];
                ok &= got > want - 3.0 && got < want + 3.0; /* a page per segment */
              }
              ok &= pages == in.npages;
              uint64_t bound = pl.coarsened ? pl.unit * wmx : STEP * wmx;
              ok &= res.max_stretch <= pl.max_run && pl.max_run <= bound;
              /* windows: within one huge page wherever the layout is whole periods
               * or rounds; one reaching into a partial period is off by what that
               * period lacks of a whole one, at most step * w(S - w) / S */
              uint64_t wb = 0;
              for (int t = 0; t < in.n; t++) {
                uint64_t b = (STEP * in.w[t] * (sum - in.w[t]) + sum - 1) / sum;
                wb = b > wb ? b : wb;
              }
              if (wb < STEP) wb = STEP;
              /* where the planner chose the phase (page runs; a block the arena
               * aligns to _oli_stripe_phase) the last window holds it too */
              bool chosen = !native || starts[st] == UINT64_MAX;
              if (chosen) wb = STEP;
              if (chosen && res.worst_window > worst_chosen && !pl.coarsened) worst_chosen = res.worst_window;
              worst = res.worst_window > worst && !pl.coarsened ? res.worst_window : worst;
              ok &= pl.coarsened || res.worst_window <= wb;
              ok &= res.vmas == pl.vmas;
              if (in.vmas && !pl.body_pages) ok &= pl.vmas <= (in.vmas > (uint64_t)in.n ? in.vmas : (uint64_t)in.n);
              if (pl.coarsened) { /* only when the fine layout does not fit */
                oli_stripe_in_t fine = in;
                oli_stripe_t fp;
                fine.vmas = 0;
                _oli_stripe_plan(&fine, &fp);
                ok &= fp.vmas > in.vmas && !fp.coarsened && pl.unit % in.huge == 0;
              }
              uint64_t cnt[OLI_MAX_TARGETS];
              _oli_stripe_pages(&in, &pl, cnt);
              ok &= memcmp(cnt, res.pages, sizeof cnt) == 0;
              CHECK(what, ok);
              if (!ok)
                fprintf(stderr, "     order %d stretch %llu (plan %llu, bound %llu) window %llu vmas %llu/%llu "
                                "unit %llu body %llu+%llu coarsened %d pages %llu:%llu:%llu\n",
                        res.bad_order, (unsigned long long)res.max_stretch, (unsigned long long)pl.max_run,
                        (unsigned long long)bound, (unsigned long long)res.worst_window,
                        (unsigned long long)res.vmas, (unsigned long long)pl.vmas,
                        (unsigned long long)pl.unit, (unsigned long long)pl.body_start,
                        (unsigned long long)pl.body_pages, pl.coarsened, (unsigned long long)res.pages[0],
                        (unsigned long long)res.pages[1], (unsigned long long)res.pages[2]);
            }
  printf("%u layouts, %u with a native body, %u coarsened for their VMA budget; worst window %llu pages off "
         "(%llu where the planner chose the phase)\n", cases, with_body, coarsened, (unsigned long long)worst,
         (unsigned long long)worst_chosen);
  CHECK("some layouts have a native body", with_body > 0);
  CHECK("some layouts had to coarsen", coarsened > 0);

  /* What issue 11 measured in the lab: 760 MiB at 4:1 had 9.5 MiB DRAM runs
   * (at most 64 periods); now 8 MiB on DRAM, 2 MiB on CXL. */
  oli_stripe_in_t lab = {.npages = 760 * MiB / 4096, .step = STEP, .huge = STEP, .n = 2, .w = {4, 1}};
  oli_stripe_t lp;
  _oli_stripe_plan(&lab, &lp);
  CHECK_EQ("760 MiB 4:1: runs of 4 steps", lp.max_run, 4 * STEP);
  CHECK_EQ("760 MiB 4:1: 76 periods, 152 VMAs", lp.vmas, 152);
  /* A 64 GiB array at 4:1 on a kernel without a native ratio fits the
   * default budget finely (13,108 VMAs); 1 TiB must coarsen. */
  oli_stripe_in_t big = {.npages = 64 * GiB / 4096, .step = STEP, .huge = STEP, .n = 2, .w = {4, 1}, .vmas = 32768};
  _oli_stripe_plan(&big, &lp);
  CHECK("64 GiB 4:1 page runs: fine, within 32768 VMAs", !lp.coarsened && lp.vmas <= 32768 && lp.max_run == 4 * STEP);
  big.npages = TiB / 4096;
  _oli_stripe_plan(&big, &lp);
  CHECK("1 TiB 4:1 page runs: coarsened to fit 32768 VMAs", lp.coarsened && lp.vmas <= 32768);
  big.native = true;
  _oli_stripe_plan(&big, &lp);
  CHECK("1 TiB 4:1 native: the body one VMA, a few for the tail, runs of 4 huge pages",
        !lp.coarsened && lp.vmas <= 5 && lp.max_run == 4 * STEP);

  /* The planner's choice at the study's sizes, 4:1 page runs (no native
   * ratio), against the budget of a process with the default vm.max_map_count
   * (65530 - a quarter of headroom - ~45 maps: 49,100 VMAs; vmabudget.c),
   * the whole budget for one object. Printed for docs/runtime.md. */
  const uint64_t study[] = {800 * MiB, 64 * GiB, 192 * GiB, 256 * GiB, TiB};
  printf("%12s %8s %10s %s\n", "object", "VMAs", "longest", "coarsened (4:1, budget 49100)");
  for (size_t k = 0; k < sizeof study / sizeof study[0]; k++) {
    oli_stripe_in_t in = {.npages = study[k] / 4096, .step = STEP, .huge = STEP, .n = 2, .w = {4, 1}, .vmas = 49100};
    _oli_stripe_plan(&in, &lp);
    printf("%10llu M %8llu %8llu M %s\n", (unsigned long long)(study[k] / MiB), (unsigned long long)lp.vmas,
           (unsigned long long)(lp.max_run * 4096 / MiB), lp.coarsened ? "yes" : "no");
    CHECK("study sizes: within the budget", lp.vmas <= 49100);
    CHECK("study sizes: coarsened only past ~240 GiB", lp.coarsened == (study[k] > 240 * GiB));
    if (study[k] == 64 * GiB) CHECK_EQ("64 GiB 4:1: 13,108 VMAs of 2 MiB steps", lp.vmas, 13108);
    if (study[k] == 64 * GiB) CHECK_EQ("64 GiB 4:1: runs of 8 MiB", lp.max_run, 4 * STEP);
  }

  /* Bad input. */
  oli_stripe_in_t bad = {.npages = 10, .step = STEP, .huge = 3, .n = 2, .w = {1, 1}};
  CHECK("huge must divide step", _oli_stripe_plan(&bad, &lp) == -1);
  bad.huge = 1;
  bad.w[1] = 0;
  CHECK("a zero weight is refused", _oli_stripe_plan(&bad, &lp) == -1);
  bad.n = 0;
  CHECK("no target is refused", _oli_stripe_plan(&bad, &lp) == -1);
  return TEST_SUMMARY();
}
