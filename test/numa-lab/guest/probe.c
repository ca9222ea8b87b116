/* NUMA lab guest probe: what the guest kernel shows and does, without oli.
 * Static C with libnuma.a; prints one "OLI-LAB probe.*" line per fact, which
 * test/numa-lab/check.py asserts on. It asserts nothing itself: a wrong value
 * must reach the host so the failure names it.
 *
 *   probe.node   node=N cpus=LIST mem_kb=K bw=MB/s lat=ns initiators=LIST dist=a,b,c
 *   probe.tiers  tier=T nodes=LIST  (one line per memory tier)
 *   probe.wi     present=0|1     (weighted_interleave sysfs folder)
 *   probe.thp    enabled=MODE
 *   probe.place  name=X rc=R errno=E pages=P n0=.. n1=.. n2=.. bad=..
 *                raw mbind/set_mempolicy/move_pages experiments (see main)
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <numa.h>
#include <numaif.h>
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#ifndef MPOL_WEIGHTED_INTERLEAVE
#define MPOL_WEIGHTED_INTERLEAVE 6 /* Linux 6.9+, uapi/linux/mempolicy.h */
#endif
#define MAXN 8 /* nodes shown; placement counters cover 0-2 */
#define PAGE 4096UL
#define WI_DIR "/sys/kernel/mm/mempolicy/weighted_interleave"

/* First line of a sysfs file, newline stripped; "" when unreadable. */
static void read_line(const char *path, char *buf, size_t n) {
  buf[0] = 0;
  FILE *f = fopen(path, "r");
  if (!f) return;
  if (fgets(buf, (int)n, f)) buf[strcspn(buf, "\n")] = 0;
  fclose(f);
}

static int write_str(const char *path, const char *s) {
  FILE *f = fopen(path, "w");
  if (!f) return -1;
  int rc = fputs(s, f) < 0 ? -1 : 0;
  if (fclose(f) != 0) rc = -1;
  return rc;
}

/* Names in dir, space-free comma list, entries starting with prefix. */
static void list_dir(const char *dir, const char *prefix, char *out, size_t n) {
  out[0] = 0;
  DIR *d = opendir(dir);
  if (!d) return;
  struct dirent *e;
  while ((e = readdir(d))) {
    if (strncmp(e->d_name, prefix, strlen(prefix)) != 0) continue;
    size_t len = strlen(out);
    snprintf(out + len, n - len, "%s%s", len ? "," : "", e->d_name + strlen(prefix));
  }
  closedir(d);
}

static void print_topology(void) {
  int max = numa_max_node();
  char path[256], cpus[128], bw[32], lat[32], init[64];
  for (int n = 0; n <= max && n < MAXN; n++) {
    snprintf(path, sizeof path, "/sys/devices/system/node/node%d", n);
    if (access(path, F_OK) != 0) continue;
    snprintf(path, sizeof path, "/sys/devices/system/node/node%d/cpulist", n);
    read_line(path, cpus, sizeof cpus);
    snprintf(path, sizeof path, "/sys/devices/system/node/node%d/access0/initiators/read_bandwidth", n);
    read_line(path, bw, sizeof bw);
    snprintf(path, sizeof path, "/sys/devices/system/node/node%d/access0/initiators/read_latency", n);
    read_line(path, lat, sizeof lat);
    snprintf(path, sizeof path, "/sys/devices/system/node/node%d/access0/initiators", n);
    list_dir(path, "node", init, sizeof init);
    long long free_b = 0;
    long long total = numa_node_size64(n, &free_b);
    char dist[64] = "";
    for (int m = 0; m <= max && m < MAXN; m++) {
      size_t len = strlen(dist);
      snprintf(dist + len, sizeof dist - len, "%s%d", m ? "," : "", numa_distance(n, m));
    }
    printf("OLI-LAB probe.node node=%d cpus=%s mem_kb=%lld bw=%s lat=%s initiators=%s dist=%s\n", n,
           cpus[0] ? cpus : "-", total / 1024, bw[0] ? bw : "-", lat[0] ? lat : "-", init[0] ? init : "-", dist);
  }
  const char *td = "/sys/devices/virtual/memory_tiering";
  DIR *d = opendir(td);
  if (d) {
    struct dirent *e;
    while ((e = readdir(d))) {
      if (strncmp(e->d_name, "memory_tier", 11) != 0) continue;
      char nodes[64];
      snprintf(path, sizeof path, "%s/%s/nodelist", td, e->d_name);
      read_line(path, nodes, sizeof nodes);
      printf("OLI-LAB probe.tiers tier=%s nodes=%s\n", e->d_name + 11, nodes[0] ? nodes : "-");
    }
    closedir(d);
  }
  printf("OLI-LAB probe.wi present=%d\n", access(WI_DIR, F_OK) == 0);
  char thp[128];
  read_line("/sys/kernel/mm/transparent_hugepage/enabled", thp, sizeof thp);
  char *sel = strchr(thp, '['), *end = sel ? strchr(sel, ']') : NULL;
  if (sel && end) *end = 0;
  printf("OLI-LAB probe.thp enabled=%s\n", sel ? sel + 1 : "-");
}

/* Pages per node of [p, p+npages*PAGE) as move_pages reports them. */
static int first_bad; /* first negative move_pages status seen (-errno), 0 none */

static void count_pages(void *p, size_t npages, long cnt[MAXN], long *bad) {
  void **pages = malloc(npages * sizeof *pages);
  int *status = malloc(npages * sizeof *status);
  for (size_t i = 0; i < npages; i++) pages[i] = (char *)p + i * PAGE;
  for (int i = 0; i < MAXN; i++) cnt[i] = 0;
  *bad = 0;
  if (move_pages(0, npages, pages, NULL, status, 0) != 0) {
    *bad = (long)npages;
  } else {
    for (size_t i = 0; i < npages; i++) {
      if (status[i] >= 0 && status[i] < MAXN) cnt[status[i]]++;
      else {
        (*bad)++;
        if (!first_bad) first_bad = status[i];
      }
    }
  }
  free(pages);
  free(status);
}

static void report(const char *name, int rc, int err, void *p, size_t npages) {
  long cnt[MAXN] = {0}, bad = 0;
  first_bad = 0;
  if (p && rc == 0) count_pages(p, npages, cnt, &bad);
  printf("OLI-LAB probe.place name=%s rc=%d errno=%d pages=%zu n0=%ld n1=%ld n2=%ld bad=%ld bad_status=%d\n", name,
         rc, err, npages, cnt[0], cnt[1], cnt[2], bad, first_bad);
  fflush(stdout);
}

static int pin(int cpu) {
  cpu_set_t s;
  CPU_ZERO(&s);
  CPU_SET(cpu, &s);
  return sched_setaffinity(0, sizeof s, &s);
}

/* mmap npages, mbind them with mode over mask, touch, report. */
static void try_mbind(const char *name, int mode, unsigned long mask, size_t npages) {
  size_t len = npages * PAGE;
  char *p = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (p == MAP_FAILED) {
    report(name, -1, errno, NULL, npages);
    return;
  }
  /* 4 KiB pages only: one transparent huge page would put 512 pages on one node. */
  madvise(p, len, MADV_NOHUGEPAGE);
  int rc = (int)mbind(p, len, mode, &mask, MAXN + 1, 0);
  int err = rc ? errno : 0;
  if (rc == 0) memset(p, 1, len);
  report(name, rc, err, p, npages);
  munmap(p, len);
}

/* Touch npages with the default (local) policy while pinned to cpu. */
static void try_local(const char *name, int cpu, size_t npages) {
  size_t len = npages * PAGE;
  if (pin(cpu) != 0) {
    report(name, -1, errno, NULL, npages);
    return;
  }
  char *p = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  memset(p, 1, len);
  report(name, 0, 0, p, npages);
  munmap(p, len);
}

/* Fault pages on node 0, then move them all to node 2 with move_pages. */
static void try_migrate(const char *name, size_t npages) {
  size_t len = npages * PAGE;
  char *p = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  unsigned long mask = 1UL << 0;
  mbind(p, len, MPOL_BIND, &mask, MAXN + 1, 0);
  memset(p, 1, len);
  void **pages = malloc(npages * sizeof *pages);
  int *nodes = malloc(npages * sizeof *nodes), *status = malloc(npages * sizeof *status);
  for (size_t i = 0; i < npages; i++) {
    pages[i] = p + i * PAGE;
    nodes[i] = 2;
  }
  /* The VMA's own MPOL_BIND {0} does not stop an explicit move. */
  long rc = move_pages(0, npages, pages, nodes, status, MPOL_MF_MOVE);
  report(name, rc == 0 ? 0 : -1, rc == 0 ? 0 : errno, p, npages);
  free(pages);
  free(nodes);
  free(status);
  munmap(p, len);
}

int main(void) {
  setvbuf(stdout, NULL, _IOLBF, 0);
  if (numa_available() < 0) {
    printf("OLI-LAB probe.error numa_available=-1\n");
    return 1;
  }
  print_topology();
  pin(0);
  try_mbind("bind2", MPOL_BIND, 1UL << 2, 4096);
  try_mbind("preferred1", MPOL_PREFERRED, 1UL << 1, 4096);
  try_mbind("interleave02", MPOL_INTERLEAVE, (1UL << 0) | (1UL << 2), 16384);
  /* Weighted interleave 3:1 over {0,2}: the kernel's global weights. */
  int wset = write_str(WI_DIR "/node0", "3") == 0 && write_str(WI_DIR "/node2", "1") == 0;
  printf("OLI-LAB probe.wi_weights set=%d\n", wset);
  try_mbind("wi31", MPOL_WEIGHTED_INTERLEAVE, (1UL << 0) | (1UL << 2), 16384);
  try_migrate("migrate0to2", 2048);
  try_local("local_cpu1", 1, 4096);
  try_local("local_cpu0", 0, 4096);
  return 0;
}
