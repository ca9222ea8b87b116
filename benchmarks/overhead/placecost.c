/* benchmarks/overhead/placecost.c - what laying out an interleaved object costs
 * against touching it (docs/benchmarks-overhead.md, "Placing an interleave").
 *
 * For each size, 15 repetitions of: a fresh 2 MiB-aligned anonymous mapping,
 * _oli_place_range with a 4:1 interleave (local DRAM node : CXL node, or the
 * local node twice on a machine without CXL, where the kernel merges the runs'
 * VMAs and mbind is cheaper than on two nodes), then every page written.
 * Prints the medians of thread CPU time of both and their ratio. Linked with
 * liboli.a: the internal placement entry point, no allocator in between.
 *
 *   oli-placecost [MiB...]        default 16 800 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>

#include "clock.h"
#include "internal.h"

#define REPS 15
#define HUGE (2ul << 20)

static double cpu_ns(void) { return bench_ns(CLOCK_THREAD_CPUTIME_ID); }
#define cmp bench_cmp_double

static int one_size(size_t mib, const oli_topology_t *t) {
  size_t len = mib << 20;
  int dram = t->local_node >= 0 ? t->local_node : 0, cxl = t->cxl_node >= 0 ? t->cxl_node : dram;
  oli_decision_t d;
  memset(&d, 0, sizeof d);
  d.placement = OLI_PLACE_INTERLEAVE;
  d.ntargets = 2;
  d.target[0] = (oli_target_t){OLI_TIER_DRAM, dram, 4};
  d.target[1] = (oli_target_t){OLI_TIER_CXL, cxl, 1};
  d.mechanism = _oli_place_mechanism(&d, len / _oli_page_size(), true);
  double place[REPS], touch[REPS];
  oli_layout_t lay = {0};
  for (int r = 0; r < REPS; r++) {
    char *m = mmap(NULL, len + HUGE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (m == MAP_FAILED) {
      perror("oli-placecost: mmap");
      return 1;
    }
    char *a = (char *)(((uintptr_t)m + HUGE - 1) & ~(uintptr_t)(HUGE - 1));
    double t0 = cpu_ns();
    int rc = _oli_place_range(a, len, &d, 0, &lay);
    double t1 = cpu_ns();
    memset(a, 1, len);
    double t2 = cpu_ns();
    munmap(m, len + HUGE);
    if (rc != 0) {
      perror("oli-placecost: mbind");
      return 1;
    }
    place[r] = t1 - t0;
    touch[r] = t2 - t1;
  }
  qsort(place, REPS, sizeof *place, cmp);
  qsort(touch, REPS, sizeof *touch, cmp);
  printf("%8zu MiB 4:1 on nodes %d,%d: %-19s %6llu VMAs, place %9.1f us, touch %11.1f us, place/touch %.5f\n",
         mib, dram, cxl, oli_mechanism_name(d.mechanism), (unsigned long long)lay.vmas, place[REPS / 2] / 1e3,
         touch[REPS / 2] / 1e3, place[REPS / 2] / touch[REPS / 2]);
  return 0;
}

int main(int argc, char **argv) {
  _oli_process_init(); /* the accessors read what start-up set */
  const oli_topology_t *t = _oli_topology();
  if (argc < 2) return one_size(16, t) || one_size(800, t);
  for (int i = 1; i < argc; i++) {
    char *end;
    unsigned long v = strtoul(argv[i], &end, 10);
    if (*end || v == 0 || v > (1ul << 20)) {
      fprintf(stderr, "oli-placecost: size '%s' is not a number of MiB (1-1048576)\n", argv[i]);
      return 2;
    }
    if (one_size(v, t)) return 1;
  }
  return 0;
}
