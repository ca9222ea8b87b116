/* runtime/memory/vmabudget.c - how many VMAs oli's striping may make.
 *
 * Every page run of an interleaved object is a VMA of its own (a mempolicy is
 * per VMA), and a process has at most vm.max_map_count of them (65530 by
 * default): past it mmap, mprotect and mbind fail with ENOMEM - the
 * application's too. So the stripe planner gets a budget:
 *
 *   budget = max_map_count - maps at first use - headroom
 *   headroom = max_map_count / 4 (16382 of the default)
 *
 * The maps are counted once, when the first interleaved object is placed
 * (lines of /proc/self/maps: the libraries, heap, stacks already there). The
 * headroom is for what the application maps after that and oli cannot see
 * coming: a thread costs two VMAs (stack and guard), a glibc malloc arena two,
 * every dlopen'ed library four or five, MPI's shared-memory segments and
 * registered buffers some each; a quarter of the limit covers thousands of
 * threads and libraries. Then a running count of the VMAs oli's placed
 * objects use (taken when an object is placed, given back when its block is
 * released to the arena's pool, where the pages go back to one PROT_NONE
 * mapping); an object may use what is left of the budget, first come first
 * served, and the planner coarsens its runs only when the fine layout does
 * not fit in that (counted: the report's striping.coarsened_objects).
 *
 * max_map_count is read through OLI_SYSFS_ROOT (ROOT/proc/sys/vm/max_map_count),
 * so tests run against a recorded small limit; /proc/self/maps is always the
 * process's own. Readers use open/read and a stack buffer: no malloc. */
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "infile.h"
#include "internal.h"

#define MAX_MAP_COUNT_FILE "proc/sys/vm/max_map_count"
#define DEFAULT_MAX_MAP_COUNT 65530 /* the kernel's (include/linux/mm.h) */

static pthread_mutex_t vlock = PTHREAD_MUTEX_INITIALIZER;
__attribute__((constructor)) static void guard_vlock(void) { _oli_fork_guard(&vlock, NULL); }
static bool ready;
static oli_vma_stats_t vs; /* under vlock, except the atomics below */
static _Atomic uint64_t used, peak, coarsened;

static uint64_t read_max_map_count(void) {
  const char *root = _oli_option_path(oli_option_sysfs_root); /* relative: the start-up directory, as every sysfs reader */
  char path[4096 + 64], buf[64];
  size_t rl = root ? strlen(root) : 0;
  while (rl > 0 && root[rl - 1] == '/') rl--;
  snprintf(path, sizeof path, "%.*s/%s", (int)rl, root ? root : "", MAX_MAP_COUNT_FILE);
  if (oli_infile_read(path, buf, sizeof buf) <= 0) return DEFAULT_MAX_MAP_COUNT; /* no /proc: the default */
  char *end;
  unsigned long long v = strtoull(buf, &end, 10);
  while (*end == '\n' || *end == ' ') end++;
  if (end == buf || *end != '\0' || v == 0 || v > (1ull << 40)) {
    _oli_warning_message(W_BAD_SYSFS, "%s: not a number of maps; the kernel's default %d assumed", path,
                         DEFAULT_MAX_MAP_COUNT);
    return DEFAULT_MAX_MAP_COUNT;
  }
  return v;
}

/* Lines of /proc/self/maps: the process's VMAs now. 0 when unreadable. */
static uint64_t count_maps(void) {
  int fd = open("/proc/self/maps", O_RDONLY | O_CLOEXEC);
  if (fd < 0) return 0;
  char buf[4096];
  uint64_t n = 0;
  ssize_t r;
  while ((r = read(fd, buf, sizeof buf)) > 0)
    for (ssize_t i = 0; i < r; i++) n += buf[i] == '\n';
  close(fd);
  return n;
}

static void init_locked(void) {
  if (ready) return;
  vs.max_map_count = read_max_map_count();
  vs.maps_at_start = count_maps();
  vs.headroom = vs.max_map_count / 4;
  uint64_t taken = vs.maps_at_start + vs.headroom;
  vs.budget = vs.max_map_count > taken ? vs.max_map_count - taken : 0;
  ready = true;
  _oli_verbose_message(2, "VMA budget %llu (max_map_count %llu, %llu maps now, headroom %llu)",
                       (unsigned long long)vs.budget, (unsigned long long)vs.max_map_count,
                       (unsigned long long)vs.maps_at_start, (unsigned long long)vs.headroom);
}

uint64_t _oli_vma_allowance(void) {
  pthread_mutex_lock(&vlock);
  init_locked();
  uint64_t b = vs.budget;
  pthread_mutex_unlock(&vlock);
  uint64_t u = atomic_load_explicit(&used, memory_order_relaxed);
  return b > u ? b - u : 0;
}

void _oli_vma_take(uint64_t n, bool was_coarsened) {
  uint64_t now = atomic_fetch_add_explicit(&used, n, memory_order_relaxed) + n;
  uint64_t p = atomic_load_explicit(&peak, memory_order_relaxed);
  while (now > p && !atomic_compare_exchange_weak_explicit(&peak, &p, now, memory_order_relaxed,
                                                           memory_order_relaxed)) {
  }
  if (was_coarsened) atomic_fetch_add_explicit(&coarsened, 1, memory_order_relaxed);
}

void _oli_vma_give(uint64_t n) {
  uint64_t u = atomic_load_explicit(&used, memory_order_relaxed);
  while (!atomic_compare_exchange_weak_explicit(&used, &u, u > n ? u - n : 0, memory_order_relaxed,
                                                memory_order_relaxed)) {
  }
}

void _oli_vma_stats(oli_vma_stats_t *out) {
  pthread_mutex_lock(&vlock);
  *out = vs; /* zeros when no interleaved object was ever placed: ready says so */
  out->known = ready;
  pthread_mutex_unlock(&vlock);
  out->used = atomic_load_explicit(&used, memory_order_relaxed);
  out->peak_used = atomic_load_explicit(&peak, memory_order_relaxed);
  out->coarsened_objects = atomic_load_explicit(&coarsened, memory_order_relaxed);
}

void _oli_vma_reset(void) {
  pthread_mutex_lock(&vlock);
  ready = false;
  memset(&vs, 0, sizeof vs);
  pthread_mutex_unlock(&vlock);
  atomic_store(&used, 0);
  atomic_store(&peak, 0);
  atomic_store(&coarsened, 0);
}
