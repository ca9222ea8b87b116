/* test-striping.c - place.c lays interleaved objects out with the stripe
 * planner, against recorded trees (OLI_SYSFS_ROOT = a copy of "laptop" plus
 * sys/kernel/mm/transparent_hugepage/enabled and proc/sys/vm/max_map_count):
 *   - the THP mode is read (always, madvise, never; missing and garbage: 2 MiB
 *     folios planned) and decides the folio: with THP never the kernel's
 *     MPOL_INTERLEAVE takes any object of a round of pages, page by page;
 *     with THP it takes whole rounds of 2 MiB folios and page runs the rest;
 *   - the kernel shows no more VMAs for an object than its layout counts
 *     against the budget (here both targets are one node, so the kernel
 *     merges the runs; the NUMA lab compares the exact count on two nodes);
 *   - a small vm.max_map_count: the fine layout of a large object does not
 *     fit what is left of the budget, so its runs are coarsened - counted in
 *     the report's striping.coarsened_objects, its longest_run the coarse one -
 *     while an object that fits keeps runs of max(w) x 2 MiB; a block laid
 *     out anew (a re-decision) counts its VMAs once; a block given back to
 *     the pool returns its VMAs to the budget.
 * Every object here interleaves over this machine's local node twice (two
 * targets, one node), so the layouts are real mbind calls on any machine. */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "internal.h"
#include "sitehelper.h"
#include "testhelper.h"

#define MiB (1024ull * 1024)

static int hook_w0 = 3, hook_w1 = 1;
static oli_decision_t both_local(const oli_decide_in_t *in) {
  (void)in;
  _oli_process_init(); /* the accessors read what start-up set */
  const oli_topology_t *t = _oli_topology();
  int local = t->local_node >= 0 ? t->local_node : 0;
  oli_decision_t d;
  memset(&d, 0, sizeof d);
  d.placement = OLI_PLACE_INTERLEAVE;
  d.reason = OLI_WHY_LARGE;
  d.ntargets = 2;
  d.target[0] = (oli_target_t){OLI_TIER_DRAM, local, (uint32_t)hook_w0};
  d.target[1] = (oli_target_t){OLI_TIER_CXL, local, (uint32_t)hook_w1};
  return d;
}

/* VMAs of this process that overlap [p, p + len). */
static long maps_in(const void *p, size_t len) {
  FILE *f = fopen("/proc/self/maps", "r");
  if (!f) return -1;
  uintptr_t lo = (uintptr_t)p, hi = lo + len;
  unsigned long a, b;
  long n = 0;
  char line[512];
  while (fgets(line, sizeof line, f))
    if (sscanf(line, "%lx-%lx", &a, &b) == 2 && a < hi && b > lo) n++;
  fclose(f);
  return n;
}

static int put(const char *dir, const char *rel, const char *text) {
  char path[512];
  snprintf(path, sizeof path, "%s/%s", dir, rel);
  FILE *f = fopen(path, "w");
  if (!f) return -1;
  fputs(text, f);
  return fclose(f);
}

/* A temporary tree: laptop + thp (NULL: no file) + max_map_count (NULL: none). */
static int make_tree(char *dir, size_t n, const char *thp, const char *maxmap) {
  char cmd[1024];
  snprintf(dir, n, "/tmp/oli-test-striping-XXXXXX");
  if (!mkdtemp(dir)) return -1;
  snprintf(cmd, sizeof cmd,
           "cp -r '%s/laptop/sys' '%s/' && mkdir -p '%s/sys/kernel/mm/transparent_hugepage' '%s/proc/sys/vm'",
           OLI_TEST_DATA, dir, dir, dir);
  if (system(cmd) != 0) return -1;
  if (thp && put(dir, "sys/kernel/mm/transparent_hugepage/enabled", thp) != 0) return -1;
  if (maxmap && put(dir, "proc/sys/vm/max_map_count", maxmap) != 0) return -1;
  return 0;
}

static void drop_tree(const char *dir) {
  char cmd[600];
  snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
  if (system(cmd) != 0) fprintf(stderr, "note: %s not removed\n", dir);
}

/* The child's checks; its exit status is the number that failed. */
typedef void child_fn(void);

static void run_child(const char *what, const char *thp, const char *maxmap, child_fn *fn) {
  char dir[256], out[16384];
  if (make_tree(dir, sizeof dir, thp, maxmap) != 0) {
    CHECK("temporary tree made", 0);
    return;
  }
  int fd[2];
  pid_t pid = test_child_fork(fd);
  if (pid == 0) {
    oli_test_failed = oli_test_passed = 0; /* the child's own count, not the parent's so far */
    setenv("OLI_SYSFS_ROOT", dir, 1);
    _oli_options_reset();
    fn();
    fflush(stderr);
    _exit(oli_test_failed > 100 ? 100 : oli_test_failed);
  }
  int st = test_child_collect(fd, pid, out, sizeof out);
  if (st != 0) fprintf(stderr, "--- %s (exit %d):\n%s", what, st, out);
  CHECK(what, st == 0);
  drop_tree(dir);
}

static oli_thp_t want_thp;

/* One 1:1 object of 5 MiB through malloc: its layout in the arena. */
static void one_to_one(oli_layout_t *lay, oli_mechanism_t *mech) {
  __oli_site_t *s = test_site(0x5101, OLI_KIND_MALLOC, 0, "five");
  hook_w0 = hook_w1 = 1;
  _oli_alloc_set_decide_hook(both_local);
  char *p = __oli_malloc(5 * MiB, s);
  _oli_alloc_set_decide_hook(NULL);
  oli_block_info_t b;
  memset(lay, 0, sizeof *lay);
  *mech = OLI_MECH_DEFAULT;
  if (p && _oli_arena_info(p, &b) == 0) {
    *lay = b.layout;
    uint64_t pg = _oli_page_size();
    *mech = _oli_place_mechanism(&b.decision, (b.capacity + pg - 1) / pg, (uintptr_t)p % OLI_HUGE_BYTES == 0);
  }
  CHECK("the object is usable", p != NULL && (memset(p, 1, 5 * MiB), p[5 * MiB - 1] == 1));
}

static void thp_child(void) {
  _oli_process_init(); /* the accessors read what start-up set */
  const oli_topology_t *t = _oli_topology();
  CHECK_STR("THP mode read", oli_thp_name(t->thp), oli_thp_name(want_thp));
  hook_w0 = hook_w1 = 1;
  oli_decision_t d = both_local(NULL);
  bool folio = want_thp != OLI_THP_NEVER;
  CHECK_EQ("1:1 of 1000 pages: page runs with 2 MiB folios, the kernel's interleave without",
           _oli_place_mechanism(&d, 1000, true), folio ? OLI_MECH_PAGE_RUNS : OLI_MECH_INTERLEAVE);
  oli_layout_t lay;
  oli_mechanism_t mech;
  one_to_one(&lay, &mech);
  CHECK_EQ("5 MiB at 1:1: an MPOL_INTERLEAVE body", mech, OLI_MECH_INTERLEAVE);
  uint64_t pg = _oli_page_size();
  /* 2 MiB folios: the kernel's stretches are a folio; without: a page */
  CHECK_EQ("5 MiB at 1:1: the longest stretch is the kernel's folio", lay.max_run * pg,
           folio ? OLI_HUGE_BYTES : pg);
  CHECK("5 MiB at 1:1: not coarsened", !lay.coarsened);
}

static void thp_always(void) { want_thp = OLI_THP_ALWAYS, thp_child(); }
static void thp_madvise(void) { want_thp = OLI_THP_MADVISE, thp_child(); }
static void thp_never(void) { want_thp = OLI_THP_NEVER, thp_child(); }
static void thp_missing(void) { want_thp = OLI_THP_UNKNOWN, thp_child(); }
static void thp_garbage(void) {
  want_thp = OLI_THP_UNKNOWN;
  thp_child();
  CHECK_EQ("garbage in the THP file: one W_BAD_SYSFS", _oli_warning_count(W_BAD_SYSFS), 1);
}

/* Report JSON into buf. */
static void report(char *buf, size_t n) {
  FILE *f = fmemopen(buf, n, "w");
  if (!f) {
    buf[0] = '\0';
    return;
  }
  _oli_report_stream(f, 1);
  fclose(f);
  buf[n - 1] = '\0';
}

static void budget_child(void) {
  uint64_t pg = _oli_page_size(), step = OLI_HUGE_BYTES / pg;
  oli_vma_stats_t v;
  hook_w0 = 3, hook_w1 = 1;
  /* 64 MiB at 3:1: eight rounds of 8 MiB, two runs each - fits */
  __oli_site_t *s1 = test_site(0x5201, OLI_KIND_MALLOC, 0, "fits");
  _oli_alloc_set_decide_hook(both_local);
  char *a = __oli_malloc(64 * MiB, s1);
  _oli_vma_stats(&v);
  CHECK_EQ("max_map_count read from the tree", v.max_map_count, 2000);
  CHECK_EQ("headroom: a quarter", v.headroom, 500);
  CHECK("maps counted at first use", v.maps_at_start > 10 && v.maps_at_start < 1500);
  CHECK_EQ("budget = max - maps - headroom", v.budget, 2000 - 500 - v.maps_at_start);
  oli_block_info_t b;
  CHECK("first object placed", a && _oli_arena_info(a, &b) == 0 && !b.fallback);
  CHECK_EQ("fits: runs of max(w) x 2 MiB", b.layout.max_run, 3 * step);
  CHECK("fits: not coarsened", !b.layout.coarsened);
  CHECK("fits: the kernel shows no more VMAs than the layout counts", maps_in(a, 64 * MiB) <= (long)b.layout.vmas);
  uint64_t used1 = v.used;
  CHECK_EQ("its VMAs are counted", used1, b.layout.vmas);

  /* 8 GiB at 3:1 needs 2048 VMAs finely: more than the budget left */
  __oli_site_t *s2 = test_site(0x5202, OLI_KIND_MALLOC, 0, "coarse");
  char *c = __oli_malloc(8192 * MiB, s2);
  _oli_alloc_set_decide_hook(NULL);
  oli_block_info_t cb;
  CHECK("the large object is allocated", c != NULL);
  bool placed = c && _oli_arena_info(c, &cb) == 0 && !cb.fallback;
  CHECK("the large object is placed, not a fallback", placed);
  _oli_vma_stats(&v);
  if (placed) {
    CHECK("coarsened", cb.layout.coarsened);
    CHECK("coarsened: runs longer than max(w) x 2 MiB", cb.layout.max_run > 3 * step);
    CHECK("coarsened: within what was left", cb.layout.vmas <= v.budget - used1);
    CHECK("coarsened: the kernel shows no more VMAs than the layout counts",
          maps_in(c, 8192 * MiB) <= (long)cb.layout.vmas);
  }
  CHECK_EQ("one object coarsened", v.coarsened_objects, 1);
  CHECK("within the budget", v.used <= v.budget);

  char *buf = mmap(NULL, 1 << 20, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  report(buf, 1 << 20);
  CHECK("report: striping.coarsened_objects 1", strstr(buf, "\"coarsened_objects\": 1") != NULL);
  CHECK("report: striping.max_map_count", strstr(buf, "\"max_map_count\": 2000") != NULL);
  char want[96];
  snprintf(want, sizeof want, "\"longest_run\": %llu", (unsigned long long)(3 * OLI_HUGE_BYTES));
  CHECK("report: the fitting object's longest_run is 3 x 2 MiB", strstr(buf, want) != NULL);
  if (placed) {
    snprintf(want, sizeof want, "\"longest_run\": %llu", (unsigned long long)(cb.layout.max_run * pg));
    CHECK("report: the coarsened object's longest_run", strstr(buf, want) != NULL);
  }
  if (!(strstr(buf, "\"coarsened_objects\": 1"))) fprintf(stderr, "%s\n", buf);
  munmap(buf, 1 << 20);

  /* Laid out anew (as a re-decision does): the block's old VMAs go back, the
   * new layout's are counted once. */
  uint64_t before = v.used;
  oli_layout_t again;
  char *base = (char *)((uintptr_t)a & ~(uintptr_t)(pg - 1));
  oli_decision_t d = both_local(NULL);
  d.mechanism = _oli_place_mechanism(&d, 64 * MiB / pg + 1, true);
  CHECK("re-placed", _oli_place_range(base, 64 * MiB + pg, &d, 0, &again) == 0);
  _oli_arena_set_layout(a, &again);
  _oli_vma_stats(&v);
  CHECK_EQ("re-placed: the budget counts its VMAs once", v.used, before - b.layout.vmas + again.vmas);
  CHECK("re-placed: the block keeps the new layout", _oli_arena_info(a, &b) == 0 && b.layout.vmas == again.vmas);
  used1 = again.vmas;

  /* Freed, an 8 GiB block is more than the arena caches (128 MiB + a
   * quarter of the live bytes): released at once, its VMAs come back. */
  free(c);
  _oli_vma_stats(&v);
  CHECK_EQ("a released block gives its VMAs back", v.used, used1);
  free(a);
}

int main(void) {
  unsetenv("OLI_SYSFS_ROOT");
  unsetenv("OLI_POLICY");
  run_child("THP always", "[always] madvise never\n", NULL, thp_always);
  run_child("THP madvise", "always [madvise] never\n", NULL, thp_madvise);
  run_child("THP never", "always madvise [never]\n", NULL, thp_never);
  run_child("THP file missing", NULL, NULL, thp_missing);
  run_child("THP file garbage", "sometimes\n", NULL, thp_garbage);
  run_child("small max_map_count: coarsened and reported", "[always] madvise never\n", "2000\n", budget_child);
  return TEST_SUMMARY();
}
