/* test-place.c - placement mechanics: the page-run layout gives each object
 * its own ratio exactly (within 1%) with a bounded number of runs; mechanism
 * choice; pages placed on this machine's node are found there by move_pages;
 * an mbind failure (a node that does not exist) falls back to the default
 * policy with a warning and a counted fallback, never a failed allocation.
 * Real multi-node placement is checked by the NUMA lab. */
#include <errno.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "internal.h"
#include "sitehelper.h"
#include "testhelper.h"

#define MiB (1024ull * 1024)

static oli_decision_t interleave(int a, int b, uint32_t wa, uint32_t wb) {
  oli_decision_t d;
  memset(&d, 0, sizeof d);
  d.placement = OLI_PLACE_INTERLEAVE;
  d.ntargets = 2;
  d.target[0] = (oli_target_t){OLI_TIER_DRAM, a, wa};
  d.target[1] = (oli_target_t){OLI_TIER_CXL, b, wb};
  d.mechanism = OLI_MECH_PAGE_RUNS; /* what every uneven ratio gets here */
  return d;
}

/* A child reads node 0's room from the recorded tree `root` (OLI_SYSFS_ROOT:
 * nodeN/meminfo's MemFree); 0 when it gets `want`, 1 otherwise; killed by
 * SIGALRM when the read blocks. */
static int room_child(const char *root, uint64_t want) {
  pid_t pid = fork();
  if (pid == 0) {
    alarm(10);
    usleep(50000); /* past the parent's cached room (place.c's ROOM_TTL_NS, 20 ms) */
    setenv("OLI_SYSFS_ROOT", root, 1);
    _oli_options_reset();
    _exit(_oli_node_room(0) == want ? 0 : 1);
  }
  int status = 0;
  waitpid(pid, &status, 0);
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

static int bad_node_hook_used;
static oli_decision_t bad_node(const oli_decide_in_t *in) {
  (void)in;
  bad_node_hook_used++;
  oli_decision_t d = interleave(0, 63, 3, 1); /* node 63 exists nowhere here */
  d.reason = OLI_WHY_LARGE;
  return d;
}

/* Records the DRAM use the next object is decided against. */
static uint64_t seen_dram_used;
static oli_decision_t see_dram_used(const oli_decide_in_t *in) {
  seen_dram_used = in->dram_used;
  oli_decision_t d = {.placement = OLI_PLACE_DEFAULT};
  return d;
}

int main(void) {
  _oli_process_init(); /* the accessors read what start-up set */
  const oli_topology_t *t = _oli_topology();
  uint64_t pg = _oli_page_size();

  /* Ratios exact to 1% on sizes from 1 MiB to 64 GiB of pages (arithmetic only). */
  const uint32_t ratios[][2] = {{3, 1}, {5, 2}, {2, 1}, {7, 3}, {1, 4}, {9, 1}};
  const uint64_t sizes[] = {1 * MiB, 5 * MiB + 4096, 100 * MiB, 3 * 1024 * MiB + 12345, 64 * 1024 * MiB};
  for (size_t r = 0; r < sizeof ratios / sizeof ratios[0]; r++) {
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
      oli_decision_t d = interleave(0, 63, ratios[r][0], ratios[r][1]);
      uint64_t np = (sizes[s] + pg - 1) / pg, out[OLI_MAX_TARGETS];
      d.mechanism = _oli_place_mechanism(&d, np, true);
      CHECK("an uneven ratio off the kernel weights: page runs", d.mechanism == OLI_MECH_PAGE_RUNS);
      _oli_place_intended(&d, np, out);
      double want = (double)ratios[r][0] / (ratios[r][0] + ratios[r][1]);
      double got = (double)out[0] / (double)np;
      CHECK("page runs cover the object", out[0] + out[1] == np);
      CHECK("DRAM share within 1% of the ratio", got > want - 0.01 && got < want + 0.01);
      oli_stripe_in_t in;
      oli_stripe_t plan;
      CHECK("a layout is planned", _oli_place_layout(&d, 0, np, 0, &in, &plan) == 0);
      uint64_t bound = (ratios[r][0] > ratios[r][1] ? ratios[r][0] : ratios[r][1]) * (2 * MiB / pg);
      CHECK("no run longer than max(w) x 2 MiB, whatever the size", plan.max_run <= bound && !plan.coarsened);
    }
  }
  oli_decision_t eq = interleave(0, 63, 1, 1);
  CHECK_STR("1:1 of unknown size uses MPOL_INTERLEAVE", oli_mechanism_name(_oli_place_mechanism(&eq, 0, true)),
            "interleave");
  oli_decision_t uneq = interleave(0, 63, 3, 1);
  CHECK_STR("3:1 off the kernel weights uses page runs", oli_mechanism_name(_oli_place_mechanism(&uneq, 0, true)),
            "page-runs");
  CHECK_EQ("1:1 of whole huge-page rounds: MPOL_INTERLEAVE", _oli_place_mechanism(&eq, 2048, true),
           OLI_MECH_INTERLEAVE);
  /* 2 MiB folios unless THP is off here: then the kernel interleaves page by page */
  bool folio = oli_thp_folio(t->thp);
  CHECK_EQ("1:1 of less than a round of folios: page runs", _oli_place_mechanism(&eq, 1000, true),
           folio ? OLI_MECH_PAGE_RUNS : OLI_MECH_INTERLEAVE);
  CHECK_EQ("1:1 of an odd size with a body of whole rounds: MPOL_INTERLEAVE body", _oli_place_mechanism(&eq, 3000, true),
           OLI_MECH_INTERLEAVE);
  CHECK_EQ("1:1, not on a 2 MiB boundary, room for a body after the head: MPOL_INTERLEAVE body",
           _oli_place_mechanism(&eq, 2048, false), OLI_MECH_INTERLEAVE);
  CHECK_EQ("1:1, not on a 2 MiB boundary, maybe no body after the head: page runs",
           _oli_place_mechanism(&eq, 1200, false), folio ? OLI_MECH_PAGE_RUNS : OLI_MECH_INTERLEAVE);
  oli_decision_t one = interleave(0, 63, 1, 1);
  one.target[1].weight = 0;
  CHECK_EQ("an interleave with one weighted target: preferred", _oli_place_mechanism(&one, 2048, true),
           OLI_MECH_PREFERRED);
  oli_decision_t none;
  memset(&none, 0, sizeof none);
  CHECK_EQ("the default placement: no mechanism", _oli_place_mechanism(&none, 2048, true), OLI_MECH_DEFAULT);
  oli_decision_t unset = interleave(0, 63, 1, 1); /* mechanism never set: refused, not silently unbound */
  unset.mechanism = OLI_MECH_DEFAULT;
  CHECK("a placed decision without a mechanism is refused", _oli_place_range((void *)4096, 4096, &unset, 0, NULL) == -1);
  uint64_t o11[OLI_MAX_TARGETS];
  eq.mechanism = _oli_place_mechanism(&eq, 1001, true);
  _oli_place_intended(&eq, 1001, o11);
  CHECK("1:1 odd size intended split exact", o11[0] + o11[1] == 1001 && (o11[0] == 500 || o11[0] == 501));

  /* On this machine: bind 3:1 runs both on the local node, touch, query. */
  int local = t->local_node >= 0 ? t->local_node : 0;
  oli_decision_t here = interleave(local, local, 3, 1);
  size_t len = 8 * MiB;
  void *p = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  int rc = _oli_place_range(p, len, &here, 0, NULL);
  if (rc != 0 && (errno == ENOSYS || errno == EPERM)) TEST_SKIP("mbind not available (kernel without NUMA)");
  CHECK("page runs on the local node succeed", rc == 0);
  memset(p, 1, len);
  uint64_t per[OLI_MAX_NODES], absent;
  bool sampled;
  CHECK("move_pages query works", _oli_query_pages(p, len, per, &absent, &sampled) == 0);
  CHECK_EQ("every page on the local node", per[local], len / pg);
  CHECK_EQ("no page absent after touch", absent, 0);
  CHECK("small range not sampled", !sampled);
  munmap(p, len);

  /* A huge untouched range is sampled and reported absent. */
  void *h = mmap(NULL, 1024 * MiB, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  CHECK("huge range query works", _oli_query_pages(h, 1024 * MiB, per, &absent, &sampled) == 0);
  CHECK("huge range sampled", sampled);
  CHECK_EQ("untouched pages absent", absent, 1024 * MiB / pg);
  munmap(h, 1024 * MiB);

  /* Room check (pure): a node that cannot take its share is reported. */
  uint64_t room[OLI_MAX_NODES];
  for (int n = 0; n < OLI_MAX_NODES; n++) room[n] = UINT64_MAX;
  oli_decision_t cx;
  memset(&cx, 0, sizeof cx);
  cx.placement = OLI_PLACE_CXL;
  cx.ntargets = 1;
  cx.target[0] = (oli_target_t){OLI_TIER_CXL, 2, 1};
  cx.mechanism = OLI_MECH_PREFERRED;
  uint64_t gib_pages = 1024 * MiB / pg;
  CHECK_EQ("unknown room: fits", _oli_place_fits(&cx, gib_pages, room), -1);
  room[2] = 100 * MiB;
  CHECK_EQ("1 GiB on a node with 100 MiB left: node 2 full", _oli_place_fits(&cx, gib_pages, room), 2);
  room[2] = 2048 * MiB;
  CHECK_EQ("1 GiB on a node with 2 GiB left: fits", _oli_place_fits(&cx, gib_pages, room), -1);
  oli_decision_t il = interleave(0, 2, 3, 1);
  room[0] = 700 * MiB; /* DRAM share 768 MiB does not fit, CXL share 256 MiB does */
  CHECK_EQ("3:1 of 1 GiB: DRAM share does not fit", _oli_place_fits(&il, gib_pages, room), 0);
  room[0] = 900 * MiB;
  CHECK_EQ("3:1 of 1 GiB: both shares fit", _oli_place_fits(&il, gib_pages, room), -1);
  CHECK("this machine's node room is known", _oli_node_room(local) != UINT64_MAX && _oli_node_room(local) > 0);

  /* A recorded tree's MemFree; a FIFO in its place is unknown room, at once
   * (common/infile.c), never a read that waits for a writer. */
  char tree[] = "/tmp/oli-test-place-XXXXXX", cmd[512], meminfo[256];
  if (mkdtemp(tree)) {
    snprintf(cmd, sizeof cmd, "cp -r '%s/laptop/sys' '%s/'", OLI_TEST_DATA, tree);
    CHECK("recorded tree copied", system(cmd) == 0);
    CHECK_EQ("recorded tree: node 0's MemFree", room_child(tree, 9437184ull * 1024), 0);
    snprintf(meminfo, sizeof meminfo, "%s/sys/devices/system/node/node0/meminfo", tree);
    CHECK("meminfo made a FIFO", unlink(meminfo) == 0 && mkfifo(meminfo, 0644) == 0);
    CHECK_EQ("meminfo a FIFO: room unknown, no hang", room_child(tree, UINT64_MAX), 0);
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", tree);
    if (system(cmd) != 0) fprintf(stderr, "note: %s not removed\n", tree);
  }

  /* End to end: an object bigger than what the local node can give falls back
   * (never touched here, so it costs only address space). */
  uint64_t huge = (_oli_node_room(local) + 4096 * MiB) & ~(uint64_t)(pg - 1);
  __oli_site_t *hs = test_site(0x4002, OLI_KIND_MALLOC, 0, "too_big");
  oli_site_state_t *hst = _oli_site_state(hs);
  void *hp = __oli_malloc(huge, hs);
  CHECK("too-big object still allocated", hp != NULL);
  if (hp && hst->last.placement != OLI_PLACE_DEFAULT) {
    oli_block_info_t hb;
    CHECK("too-big object: counted fallback", atomic_load(&hst->fallbacks) == 1);
    CHECK("too-big object: default policy", _oli_arena_info(hp, &hb) != 0 || hb.fallback);
  }
  free(hp);

  /* mbind failure: bad node -> default policy, warning, counted fallback. */
  p = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  oli_decision_t bad = interleave(local, 63, 3, 1);
  CHECK("mbind to a missing node fails", _oli_place_range(p, len, &bad, 0, NULL) != 0);
  munmap(p, len);

  __oli_site_t *s = test_site(0x4001, OLI_KIND_MALLOC, 0, "victim");
  uint64_t used0 = _oli_alloc_dram_used();
  _oli_alloc_set_decide_hook(bad_node);
  uint64_t w0 = _oli_warning_count(W_MBIND);
  errno = EDOM;
  unsigned char *q = __oli_malloc(6 * MiB, s);
  int e = errno;
  _oli_alloc_set_decide_hook(NULL);
  CHECK("hook used", bad_node_hook_used == 1);
  CHECK("allocation still succeeds", q != NULL);
  CHECK_EQ("errno as the caller left it (mbind's EINVAL is no failure of the allocation)", e, EDOM);
  if (q) {
    memset(q, 7, 6 * MiB);
    CHECK("memory usable", q[6 * MiB - 1] == 7);
  }
  oli_site_state_t *st = _oli_site_state(s);
  CHECK_EQ("fallback counted on the site", atomic_load(&st->fallbacks), 1);
  /* its pages are local (the default policy): the DRAM budget counts them */
  CHECK_EQ("fallback's bytes count as DRAM used", _oli_alloc_dram_used() - used0, 6 * MiB);
  _oli_alloc_set_decide_hook(see_dram_used);
  void *next = __oli_malloc(2 * MiB, test_site(0x4003, OLI_KIND_MALLOC, 0, "next"));
  _oli_alloc_set_decide_hook(NULL);
  CHECK("the next object is decided against them", seen_dram_used >= used0 + 6 * MiB);
  free(next);
  CHECK("W_MBIND warned", _oli_warning_count(W_MBIND) > w0);
  oli_block_info_t b;
  CHECK("object in the arena with the default policy",
        _oli_arena_info(q, &b) == 0 && b.fallback && b.decision.placement == OLI_PLACE_DEFAULT);
  /* realloc to a new placed block, and an mmap region: the same */
  _oli_alloc_set_decide_hook(bad_node);
  errno = EDOM;
  q = __oli_realloc(q, 24 * MiB, s);
  e = errno;
  _oli_alloc_set_decide_hook(NULL);
  CHECK("realloc still succeeds", q != NULL && q[6 * MiB - 1] == 7);
  CHECK_EQ("errno as the caller left it after realloc", e, EDOM);
  free(q);
  return TEST_SUMMARY();
}
