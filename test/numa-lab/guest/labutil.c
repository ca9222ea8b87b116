/* NUMA lab guest helpers (no oli plugin): read page placement back from the
 * kernel. move_pages(2) is called directly: the workloads link liboli alone,
 * no libnuma (docs/architecture.md, "libnuma"). */
#define _GNU_SOURCE
#include "labutil.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#define CHUNK 4096 /* pages per move_pages call */
#define MAXN 4 /* n0..n3: enough for topologies/four-node.args */

static void *pages[CHUNK];
static int status[CHUNK];

void lab_object(const char *run, const char *name, const char *file, int line, const void *p, size_t len) {
  long psz = sysconf(_SC_PAGESIZE);
  uintptr_t a = (uintptr_t)p & ~(uintptr_t)(psz - 1);
  uintptr_t end = ((uintptr_t)p + len + psz - 1) & ~(uintptr_t)(psz - 1);
  long cnt[MAXN] = {0}, other = 0, bad = 0, total = 0;
  int bad_status = 0; /* first negative move_pages status (-errno) */
  /* Pages the object shares with its neighbours (0-2): a placement can only
   * cover whole pages, so these may sit elsewhere. */
  long edge = ((uintptr_t)p & (uintptr_t)(psz - 1)) != 0;
  edge += (((uintptr_t)p + len) & (uintptr_t)(psz - 1)) != 0;
  if (end - a == (uintptr_t)psz && edge > 1) edge = 1;
  const char *base = strrchr(file, '/');
  base = base ? base + 1 : file;
  while (a < end) {
    size_t n = 0;
    for (; n < CHUNK && a < end; n++, a += psz) pages[n] = (void *)a;
    total += (long)n;
    if (syscall(SYS_move_pages, 0, n, pages, NULL, status, 0) != 0) {
      bad += (long)n;
      continue;
    }
    for (size_t i = 0; i < n; i++) {
      if (status[i] >= 0 && status[i] < MAXN) cnt[status[i]]++;
      else if (status[i] >= 0) other++;
      else { /* -ENOENT: not faulted, -EFAULT: unmapped */
        bad++;
        if (!bad_status) bad_status = status[i];
      }
    }
  }
  printf("OLI-LAB obj run=%s name=%s file=%s line=%d bytes=%zu pages=%ld n0=%ld n1=%ld n2=%ld n3=%ld nother=%ld "
         "bad=%ld bad_status=%d edge=%ld\n",
         run, name, base, line, len, total, cnt[0], cnt[1], cnt[2], cnt[3], other, bad, bad_status, edge);
  fflush(stdout);
}

/* 64-bit words: memory of QEMU's CXL Type-3 device is emulated access by access,
 * so fewer, wider accesses matter there. */
static uint64_t pattern(size_t i, unsigned seed) { return (uint64_t)i * 0x9E3779B97F4A7C15ull ^ seed; }

void lab_fill(void *p, size_t len, unsigned seed) {
  uint64_t *w = p;
  size_t n = len / 8;
  for (size_t i = 0; i < n; i++) w[i] = pattern(i, seed);
  unsigned char *c = p;
  for (size_t i = n * 8; i < len; i++) c[i] = (unsigned char)(i * 31u + seed);
}

int lab_verify(const void *p, size_t len, unsigned seed) {
  const uint64_t *w = p;
  size_t n = len / 8;
  for (size_t i = 0; i < n; i++)
    if (w[i] != pattern(i, seed)) return 0;
  const unsigned char *c = p;
  for (size_t i = n * 8; i < len; i++)
    if (c[i] != (unsigned char)(i * 31u + seed)) return 0;
  return 1;
}

int lab_is_zero(const void *p, size_t len) {
  const uint64_t *w = p;
  size_t n = len / 8;
  for (size_t i = 0; i < n; i++)
    if (w[i]) return 0;
  const unsigned char *c = p;
  for (size_t i = n * 8; i < len; i++)
    if (c[i]) return 0;
  return 1;
}

/* Fortran's view (guest/fobjects.F90): NUL-terminated strings, length as long. */
void lab_object_f(const char *run, const char *name, const char *file, int line, const void *p, long len);
void lab_object_f(const char *run, const char *name, const char *file, int line, const void *p, long len) {
  lab_object(run, name, file, line, p, (size_t)len);
}

/* Deviation of the worst window of w pages from share * w (node0 pages: a
 * prefix sum of 0/1 per page). */
static long worst_window(const unsigned *pre, long n, long w, double share) {
  long worst = 0;
  for (long a = 0; a + w <= n; a++) {
    double d = (double)(pre[a + w] - pre[a]) - share * (double)w;
    long dev = (long)(d < 0 ? -d : d);
    if (dev > worst) worst = dev;
  }
  return worst;
}

/* VMAs of this process overlapping [p, p + len): /proc/self/maps lines. */
static long maps_overlapping(const void *p, size_t len) {
  FILE *f = fopen("/proc/self/maps", "r");
  if (!f) return -1;
  unsigned long a, b, lo = (unsigned long)p, hi = lo + len;
  long n = 0;
  char line[512];
  while (fgets(line, sizeof line, f))
    if (sscanf(line, "%lx-%lx", &a, &b) == 2 && a < hi && b > lo) n++;
  fclose(f);
  return n;
}

void lab_stripe(const char *run, const void *p, size_t len, long window) {
  long psz = sysconf(_SC_PAGESIZE), n = (long)(len / (size_t)psz);
  unsigned *pre = calloc((size_t)n + 1, sizeof *pre);
  if (!pre) {
    printf("OLI-LAB stripe run=%s error=nomem\n", run);
    return;
  }
  long n0 = 0, n2 = 0, other = 0, absent = 0, run0 = 0, run2 = 0, cur = 0, last = -2;
  for (long i = 0; i < n;) {
    long k = 0;
    for (; k < CHUNK && i + k < n; k++) pages[k] = (char *)p + (i + k) * psz;
    if (syscall(SYS_move_pages, 0, (unsigned long)k, pages, NULL, status, 0) != 0)
      for (long j = 0; j < k; j++) status[j] = -1;
    for (long j = 0; j < k; j++, i++) {
      int node = status[j];
      n0 += node == 0, n2 += node == 2, other += node != 0 && node != 2 && node >= 0, absent += node < 0;
      pre[i + 1] = pre[i] + (node == 0);
      cur = node == last ? cur + 1 : 1;
      last = node;
      if (node == 0 && cur > run0) run0 = cur;
      if (node == 2 && cur > run2) run2 = cur;
    }
  }
  double share = n ? (double)n0 / (double)n : 0.0;
  long w32 = (32l << 20) / psz;
  printf("OLI-LAB stripe run=%s pages=%ld n0=%ld n2=%ld other=%ld absent=%ld max_run_n0=%ld max_run_n2=%ld "
         "window=%ld worst_window=%ld worst_window32=%ld vmas=%ld\n",
         run, n, n0, n2, other, absent, run0, run2, window, worst_window(pre, n, window, share),
         worst_window(pre, n, w32, share), maps_overlapping(p, len));
  fflush(stdout);
  free(pre);
}
