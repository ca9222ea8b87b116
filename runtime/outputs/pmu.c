/* runtime/outputs/pmu.c - hardware-sampled access profile (docs/profile-schema.md,
 * "PMU access counts"): with OLI_PROFILE set and OLI_PROFILE_SOURCE auto or
 * pmu, perf_event_open sampling of memory accesses with data addresses,
 * each sample attributed to the live object holding its address by the same
 * lookup (_oli_profile_owner) the portable path uses.
 *
 * Events, tried in order: Intel PEBS load latency (the cpu PMU's mem-loads
 * event from sysfs, ldlat=30), AMD IBS op (ibs_op PMU), a precise generic
 * cache-miss event; OLI_PMU_EVENT=sw-page-faults (tests) uses the software
 * page-fault event instead, whose samples also carry a data address.
 *
 * One event per CPU for this process (pid = self, cpu = each), inherit=1 so
 * threads created later (OpenMP) are counted, inherit_thread=1 where the
 * kernel has it so forked children are not. Each event has a ring buffer; a
 * background thread (signals blocked) polls them every POLL_MS or when one is
 * half full and attributes the samples to the objects live at that moment
 * (per-site tallies); the profile writer drains once more and commits the
 * tallies to the site counters. No signals. Under auto a binary built with
 * profile-every=N keeps its portable counts (deterministic): PMU samples are
 * dropped and sampling stops once a portable sample is seen. When no event
 * opens: under auto one verbose line and the portable counts (if the binary
 * has them); under pmu one W_PMU warning; never an error. */
#include <errno.h>
#include <fcntl.h>
#include <linux/perf_event.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "infile.h"
#include "internal.h"

#define MAX_CPUS 256
#define DATA_PAGES 16  /* ring buffer data pages per CPU (power of two) */
#define POLL_MS 20
#define PERIOD 10007   /* accesses per hardware sample (prime: no lockstep with loops) */
#define LDLAT 30       /* PEBS load latency threshold, cycles */

static int fds[MAX_CPUS];
static void *rings[MAX_CPUS];
static int nfds;
static size_t ring_bytes, page;
static uint64_t weight = 1;
static const char *event_name;        /* NULL: not sampling */
static char status[200];              /* "unavailable: ..." for the profile */
static _Atomic bool portable = true;  /* __oli_profile_access counts */
static _Atomic bool portable_seen;    /* ... and was called: the binary is instrumented */
static long source;                   /* OLI_PROFILE_SOURCE */
static _Atomic bool stopped;
static pid_t owner;                   /* the process that opened the events */
static pthread_mutex_t drain_lock = PTHREAD_MUTEX_INITIALIZER;
__attribute__((constructor)) static void guard_drain_lock(void) { _oli_fork_guard(&drain_lock, NULL); }
static _Atomic uint64_t lost;

/* Samples per site until the profile is written (drain_lock): kept apart from
 * the site counters so that under auto an instrumented binary's portable
 * counts are not mixed with PMU samples. Open addressing on the pointer. */
#define TALLY_SLOTS 4096
static struct { oli_site_state_t *st; uint64_t n; } tally[TALLY_SLOTS];
static uint64_t tally_unattributed;

bool _oli_profile_portable_enabled(void) {
  if (!atomic_load_explicit(&portable, memory_order_relaxed)) return false;
  if (!atomic_load_explicit(&portable_seen, memory_order_relaxed))
    atomic_store_explicit(&portable_seen, true, memory_order_relaxed);
  return true;
}

/* Under auto, an instrumented binary's portable counts win over PMU samples. */
static bool pmu_used(void) {
  return event_name != NULL &&
         !(source == OLI_ACCESS_AUTO && atomic_load(&portable_seen));
}
const char *_oli_pmu_event_name(void) { return pmu_used() ? event_name : NULL; }
const char *_oli_pmu_status(void) {
  if (event_name != NULL && !pmu_used())
    snprintf(status, sizeof status,
             "unused: the binary counts accesses portably (profile-every=N); "
             "OLI_PROFILE_SOURCE=pmu samples with %s instead", event_name);
  return status[0] ? status : NULL;
}

static void tally_add(oli_site_state_t *st, uint64_t w) {
  if (st == NULL) {
    tally_unattributed += w;
    return;
  }
  size_t h = ((uintptr_t)st >> 4) * 0x9e3779b97f4a7c15ULL >> 52; /* 12 bits */
  for (size_t k = 0; k < TALLY_SLOTS; k++, h = (h + 1) % TALLY_SLOTS) {
    if (tally[h].st == st || tally[h].st == NULL) {
      tally[h].st = st;
      tally[h].n += w;
      return;
    }
  }
  _oli_profile_add(st, w); /* more sites than slots: count directly */
}

uint64_t _oli_pmu_tally(const oli_site_state_t *st) {
  uint64_t n = 0;
  pthread_mutex_lock(&drain_lock);
  for (size_t k = 0; k < TALLY_SLOTS; k++)
    if (tally[k].st == st) n = tally[k].n;
  pthread_mutex_unlock(&drain_lock);
  return n;
}

/* ---- event descriptions from sysfs ---------------------------------------- */

static int read_line(const char *path, char *buf, size_t n) {
  if (oli_infile_read(path, buf, n) <= 0) return -1;
  buf[strcspn(buf, "\n")] = '\0';
  return 0;
}

static int pmu_type(const char *pmu) {
  char path[256], buf[32];
  snprintf(path, sizeof path, "/sys/bus/event_source/devices/%s/type", pmu);
  if (read_line(path, buf, sizeof buf) != 0) return -1;
  char *end;
  long t = strtol(buf, &end, 10);
  return end != buf && t >= 0 && t < (1L << 30) ? (int)t : -1;
}

/* Put `value` into the attr field named by the PMU's format file for `term`
 * ("config:0-7", "config1:0-15", "config:8-15,32"). 0 ok, -1 unknown. */
static int set_term(const char *pmu, const char *term, uint64_t value, struct perf_event_attr *a) {
  char path[256], fmt[128];
  snprintf(path, sizeof path, "/sys/bus/event_source/devices/%s/format/%s", pmu, term);
  if (read_line(path, fmt, sizeof fmt) != 0) return -1;
  char *colon = strchr(fmt, ':');
  if (colon == NULL) return -1;
  *colon = '\0';
  __u64 *field = strcmp(fmt, "config") == 0    ? &a->config
                    : strcmp(fmt, "config1") == 0 ? &a->config1
                    : strcmp(fmt, "config2") == 0 ? &a->config2
                                                  : NULL;
  if (field == NULL) return -1;
  for (char *r = colon + 1; *r;) {
    char *end;
    long lo = strtol(r, &end, 10), hi = lo;
    if (end == r || lo < 0 || lo > 63) return -1;
    if (*end == '-') {
      r = end + 1;
      hi = strtol(r, &end, 10);
      if (end == r || hi < lo || hi > 63) return -1;
    }
    int bits = (int)(hi - lo + 1);
    uint64_t mask = bits == 64 ? ~0ULL : (1ULL << bits) - 1;
    *field |= (value & mask) << lo;
    value >>= bits == 64 ? 0 : bits;
    r = *end == ',' ? end + 1 : end;
    if (*end && *end != ',') return -1;
  }
  return 0;
}

/* attr for a sysfs event "event=0xcd,umask=0x1,ldlat=3" of `pmu`; ldlat set. */
static int sysfs_event(const char *pmu, const char *event, struct perf_event_attr *a) {
  char path[256], spec[256];
  int type = pmu_type(pmu);
  snprintf(path, sizeof path, "/sys/bus/event_source/devices/%s/events/%s", pmu, event);
  if (type < 0 || read_line(path, spec, sizeof spec) != 0) return -1;
  a->type = (uint32_t)type;
  bool has_ldlat = false;
  for (char *save = NULL, *t = strtok_r(spec, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
    char *eq = strchr(t, '=');
    uint64_t v = 1;
    if (eq) {
      *eq = '\0';
      v = strtoull(eq + 1, NULL, 0);
    }
    if (strcmp(t, "ldlat") == 0) {
      v = LDLAT;
      has_ldlat = true;
    }
    if (set_term(pmu, t, v, a) != 0) return -1;
  }
  if (!has_ldlat && set_term(pmu, "ldlat", LDLAT, a) != 0) return -1;
  return 0;
}

/* ---- opening -------------------------------------------------------------- */

typedef struct candidate_s {
  const char *name;
  int (*fill)(struct perf_event_attr *a);
} candidate_t;

static int fill_pebs(struct perf_event_attr *a) {
  if (sysfs_event("cpu", "mem-loads", a) == 0 || sysfs_event("cpu_core", "mem-loads", a) == 0) {
    a->precise_ip = 2;
    a->sample_period = PERIOD;
    return 0;
  }
  errno = ENOENT;
  return -1;
}
static int fill_ibs(struct perf_event_attr *a) {
  int t = pmu_type("ibs_op");
  if (t < 0) {
    errno = ENOENT;
    return -1;
  }
  a->type = (uint32_t)t;
  a->sample_period = PERIOD * 16; /* IBS counts ops, not loads */
  return 0;
}
static int fill_cache_misses(struct perf_event_attr *a) {
  a->type = PERF_TYPE_HARDWARE;
  a->config = PERF_COUNT_HW_CACHE_MISSES;
  a->precise_ip = 2;
  a->sample_period = PERIOD / 10;
  return 0;
}
static int fill_page_faults(struct perf_event_attr *a) {
  a->type = PERF_TYPE_SOFTWARE;
  a->config = PERF_COUNT_SW_PAGE_FAULTS;
  a->sample_period = 1;
  return 0;
}

static const candidate_t hw[] = {
    {"intel-pebs-mem-loads-ldlat30", fill_pebs},
    {"amd-ibs-op", fill_ibs},
    {"cache-misses-precise", fill_cache_misses},
};
static const candidate_t sw[] = {{"sw-page-faults", fill_page_faults}};

static long perf_open(struct perf_event_attr *a, int cpu) {
  return _oli_os_perf_event_open(a, cpu);
}

static void close_all(void) {
  for (int i = 0; i < nfds; i++) {
    if (rings[i]) _oli_os_unmap(rings[i], ring_bytes);
    close(fds[i]);
    rings[i] = NULL;
  }
  nfds = 0;
}

/* Open candidate c on every CPU. 0, or -1 with errno. */
static int open_on_all(const candidate_t *c, int ncpu) {
  struct perf_event_attr a;
  memset(&a, 0, sizeof a);
  a.size = sizeof a;
  if (c->fill(&a) != 0) return -1;
  a.sample_type = PERF_SAMPLE_IP | PERF_SAMPLE_ADDR;
  a.disabled = 1;
  a.inherit = 1;
  a.exclude_kernel = 1; /* perf_event_paranoid 2 allows user-space only */
  a.exclude_hv = 1;
  a.watermark = 1;
  a.wakeup_watermark = (uint32_t)(DATA_PAGES * page / 2);
  a.inherit_thread = 1; /* threads, not forked children (Linux 5.13+) */
  for (int cpu = 0; cpu < ncpu && nfds < MAX_CPUS; cpu++) {
    long fd = perf_open(&a, cpu);
    if (fd < 0 && errno == EINVAL && a.inherit_thread) { /* older kernel */
      a.inherit_thread = 0;
      fd = perf_open(&a, cpu);
    }
    if (fd < 0 && errno == EINVAL && a.precise_ip > 1) { /* fewer skid guarantees */
      a.precise_ip = 1;
      fd = perf_open(&a, cpu);
    }
    if (fd < 0 && cpu > 0 && (errno == ENODEV || errno == EINVAL)) continue; /* CPU offline */
    if (fd < 0) {
      int e = errno;
      close_all();
      errno = e;
      return -1;
    }
    void *r = _oli_os_mmap(NULL, ring_bytes, PROT_READ | PROT_WRITE, MAP_SHARED, (int)fd, 0);
    if (r == MAP_FAILED) {
      int e = errno;
      close((int)fd);
      close_all();
      errno = e;
      return -1;
    }
    fds[nfds] = (int)fd;
    rings[nfds++] = r;
  }
  if (nfds == 0) {
    errno = ENODEV;
    return -1;
  }
  weight = a.sample_period;
  return 0;
}

/* ---- draining ------------------------------------------------------------- */

/* Attribute every complete record of ring i; the kernel writes, we read. */
static void drain_ring(int i) {
  struct perf_event_mmap_page *m = rings[i];
  unsigned char *data = (unsigned char *)rings[i] + page;
  uint64_t size = DATA_PAGES * page;
  uint64_t head = atomic_load_explicit((_Atomic uint64_t *)&m->data_head, memory_order_acquire);
  uint64_t tail = m->data_tail;
  unsigned char rec[256];
  while (tail + sizeof(struct perf_event_header) <= head) {
    struct perf_event_header h;
    for (size_t k = 0; k < sizeof h; k++) ((unsigned char *)&h)[k] = data[(tail + k) % size];
    if (h.size < sizeof h || tail + h.size > head) break;
    if (h.size <= sizeof rec) {
      for (size_t k = 0; k < h.size; k++) rec[k] = data[(tail + k) % size];
      uint64_t *body = (uint64_t *)(rec + sizeof h);
      if (h.type == PERF_RECORD_SAMPLE && h.size >= sizeof h + 16 && body[1] != 0)
        tally_add(_oli_profile_owner((const void *)(uintptr_t)body[1], NULL), weight); /* ip, addr */
      else if (h.type == PERF_RECORD_LOST && h.size >= sizeof h + 16)
        atomic_fetch_add(&lost, body[1]);
    }
    tail += h.size;
  }
  atomic_store_explicit((_Atomic uint64_t *)&m->data_tail, tail, memory_order_release);
}

void _oli_pmu_drain(void) {
  if (event_name == NULL || getpid() != owner) return; /* a forked child sees the parent's rings */
  pthread_mutex_lock(&drain_lock);
  for (int i = 0; i < nfds; i++)
    if (rings[i]) drain_ring(i);
  pthread_mutex_unlock(&drain_lock);
}

void _oli_pmu_commit(void) {
  if (event_name == NULL || getpid() != owner) return;
  _oli_pmu_drain();
  bool use = pmu_used();
  pthread_mutex_lock(&drain_lock);
  for (size_t k = 0; k < TALLY_SLOTS; k++) {
    if (tally[k].st && use) _oli_profile_add(tally[k].st, tally[k].n);
    tally[k].st = NULL;
    tally[k].n = 0;
  }
  if (use && tally_unattributed) _oli_profile_add(NULL, tally_unattributed);
  tally_unattributed = 0;
  pthread_mutex_unlock(&drain_lock);
}

static void *drain_thread(void *arg) {
  (void)arg;
  struct pollfd p[MAX_CPUS];
  for (int i = 0; i < nfds; i++) p[i] = (struct pollfd){.fd = fds[i], .events = POLLIN};
  while (!atomic_load(&stopped)) {
    (void)poll(p, (nfds_t)nfds, POLL_MS);
    if (atomic_load(&stopped)) break;
    if (!pmu_used()) { /* auto, instrumented binary: portable counts are used */
      for (int i = 0; i < nfds; i++) ioctl(fds[i], PERF_EVENT_IOC_DISABLE, 0);
      _oli_verbose_message(1, "PMU sampling stopped: the binary counts accesses portably");
      break;
    }
    _oli_pmu_drain();
  }
  return NULL;
}

void _oli_pmu_stop(void) {
  if (event_name == NULL || getpid() != owner || atomic_exchange(&stopped, true)) return;
  for (int i = 0; i < nfds; i++) ioctl(fds[i], PERF_EVENT_IOC_DISABLE, 0);
  _oli_pmu_drain();
  uint64_t l = atomic_load(&lost);
  if (l) _oli_verbose_message(1, "PMU sampling: %llu samples lost (ring buffer full)", (unsigned long long)l);
}

/* What to tell the user for errno e of the last attempt. */
static const char *advice(int e) {
  switch (e) {
  case ENOENT:
  case EOPNOTSUPP:
  case ENODEV: return "no PMU event that samples data addresses (VM?)";
  case EACCES:
  case EPERM: return "not permitted (container or perf_event_paranoid; CAP_PERFMON or a lower kernel.perf_event_paranoid allows it)";
  case ENOSYS: return "kernel without perf events";
  default: return "event refused";
  }
}

void _oli_pmu_init(void) {
  if (_oli_option_str(oli_option_profile) == NULL) return;
  long src = source = _oli_option_get(oli_option_profile_source);
  if (src == OLI_ACCESS_NONE) atomic_store(&portable, false);
  if (src != OLI_ACCESS_AUTO && src != OLI_ACCESS_PMU) return;
  page = (size_t)_oli_page_size();
  ring_bytes = (1 + DATA_PAGES) * page;
  long ncpu = _oli_os_cpus_configured();
  if (ncpu < 1) ncpu = 1;
  if (ncpu > MAX_CPUS) ncpu = MAX_CPUS;
  bool test_sw = _oli_option_get(oli_option_pmu_event) == OLI_PMU_EVENT_SW_PAGE_FAULTS;
  const candidate_t *c = test_sw ? sw : hw;
  size_t n = test_sw ? 1 : sizeof hw / sizeof hw[0];
  int err = 0;
  for (size_t i = 0; i < n; i++) {
    if (open_on_all(&c[i], (int)ncpu) == 0) {
      owner = getpid();
      event_name = c[i].name;
      break;
    }
    _oli_verbose_message(2, "perf_event_open %s: %s", c[i].name, strerror(errno));
    if (err == 0 || errno != ENOENT) err = errno; /* the most telling errno */
  }
  if (event_name == NULL) {
    snprintf(status, sizeof status, "unavailable: perf_event_open: %s (%s)", strerror(err),
             advice(err));
    if (src == OLI_ACCESS_PMU) {
      atomic_store(&portable, false);
      _oli_warning_message(W_PMU,
                           "OLI_PROFILE_SOURCE=pmu: perf_event_open: %s (%s); the profile has no "
                           "access counts (profile-every=N builds count them portably)",
                           strerror(err), advice(err));
    } else {
      _oli_verbose_message(1,
                           "PMU sampling unavailable: perf_event_open: %s (%s); access counts "
                           "come from profile-every=N builds",
                           strerror(err), advice(err));
    }
    return;
  }
  if (src == OLI_ACCESS_PMU) atomic_store(&portable, false); /* PMU samples only */
  pthread_t t;
  sigset_t all, old;
  sigfillset(&all);
  pthread_sigmask(SIG_BLOCK, &all, &old); /* the drain thread takes no signals */
  int rc = pthread_create(&t, NULL, drain_thread, NULL);
  pthread_sigmask(SIG_SETMASK, &old, NULL);
  if (rc == 0) pthread_detach(t);
  else _oli_verbose_message(1, "PMU sampling: no drain thread (%s); samples read at exit only",
                            strerror(rc));
  for (int i = 0; i < nfds; i++) ioctl(fds[i], PERF_EVENT_IOC_ENABLE, 0);
  _oli_verbose_message(1, "PMU sampling: %s on %d CPUs, one sample per %llu events", event_name,
                       nfds, (unsigned long long)weight);
}
