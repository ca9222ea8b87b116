/* runtime/os/os.c - the runtime's one door to the operating system: memory
 * mappings, NUMA memory policy (mbind, set_mempolicy, move_pages), the page
 * size and the few raw system calls the runtime makes. Every other file
 * calls these, never mmap or syscall itself (mimalloc's prim layer), so what
 * the runtime asks of the kernel is in one place. Thin wrappers: results and
 * errno are the kernel's; nothing here allocates or prints. */
#include <linux/perf_event.h>
#include <sched.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "internal.h"

void *_oli_os_mmap(void *addr, size_t len, int prot, int flags, int fd, off_t off) {
  return mmap(addr, len, prot, flags, fd, off);
}

void *_oli_os_map_rw(size_t len, bool noreserve) {
  void *p = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | (noreserve ? MAP_NORESERVE : 0),
                 -1, 0);
  return p == MAP_FAILED ? NULL : p;
}

void *_oli_os_reserve(size_t len) {
  void *p = mmap(NULL, len, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  return p == MAP_FAILED ? NULL : p;
}

int _oli_os_unmap(void *addr, size_t len) { return munmap(addr, len); }

int _oli_os_protect(void *addr, size_t len, bool rw) {
  return mprotect(addr, len, rw ? PROT_READ | PROT_WRITE : PROT_NONE);
}

int _oli_os_advise(void *addr, size_t len, int advice) { return madvise(addr, len, advice); }

/* A range back to reserved and unbacked: a fresh PROT_NONE mapping over it,
 * else (no room for the new mapping) its pages dropped, its policy reset and
 * its access taken away. 0 when the fresh mapping was made. */
int _oli_os_decommit(void *addr, size_t len) {
  if (mmap(addr, len, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0) != MAP_FAILED) return 0;
  madvise(addr, len, MADV_DONTNEED);
  _oli_os_mbind(addr, len, 0 /* MPOL_DEFAULT */, NULL, 0, 0);
  mprotect(addr, len, PROT_NONE);
  return -1;
}

long _oli_os_mbind(void *addr, size_t len, int mode, const unsigned long *mask, unsigned long maxnode,
                   unsigned flags) {
  return syscall(SYS_mbind, addr, len, mode, mask, maxnode, flags);
}

long _oli_os_set_mempolicy(int mode, const unsigned long *mask, unsigned long maxnode) {
  return syscall(SYS_set_mempolicy, mode, mask, maxnode);
}

long _oli_os_move_pages(unsigned long count, void **pages, int *status) {
  return syscall(SYS_move_pages, 0, count, pages, NULL, status, 0);
}

long _oli_os_getdents64(int fd, void *buf, size_t len) { return syscall(SYS_getdents64, fd, buf, len); }

int _oli_os_perf_event_open(void *attr, int cpu) {
  return (int)syscall(SYS_perf_event_open, (struct perf_event_attr *)attr, (pid_t)0, cpu, -1, PERF_FLAG_FD_CLOEXEC);
}

uint64_t _oli_page_size(void) {
  static uint64_t pg; /* set once; racing first calls store the same value */
  uint64_t v = __atomic_load_n(&pg, __ATOMIC_RELAXED);
  if (oli_unlikely(v == 0)) {
    long s = sysconf(_SC_PAGESIZE);
    v = s > 0 ? (uint64_t)s : 4096;
    __atomic_store_n(&pg, v, __ATOMIC_RELAXED);
  }
  return v;
}

long _oli_os_cpus_configured(void) { return sysconf(_SC_NPROCESSORS_CONF); }

int _oli_os_mincore(void *addr, size_t len, unsigned char *vec) { return mincore(addr, len, vec); }

void _oli_os_yield(void) { (void)sched_yield(); }
