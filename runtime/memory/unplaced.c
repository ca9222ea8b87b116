/* runtime/memory/unplaced.c - the bytes the process holds outside placed
 * objects, for the footprint the placement rule takes its 10% of
 * (docs/runtime.md, "The footprint"): what glibc's heap has in use (every
 * object below OLI_MIN_SIZE, tagged or not: glibc's own mallinfo2, uordblks
 * + hblkhd) and the writable data of every loaded module (.data, .bss,
 * Fortran COMMON blocks and module variables: the PT_LOAD segments with
 * PF_W), liboli's own left out.
 *
 * mallinfo2 walks glibc's arenas under their locks (microseconds), so a
 * sample is kept and taken again at most every OLI_UNPLACED_PERIOD_NS on the
 * placed path; a forced sample (a settle, the report) is always fresh. In
 * host mode the process's objects are another allocator's: glibc's heap is
 * then not theirs and counts 0 (only the modules' data is seen). */
#include <dlfcn.h>
#include <link.h>
#include <malloc.h>
#include <time.h>

#include "internal.h"

static struct mallinfo2 (*glibc_mallinfo2)(void);
static uintptr_t self_base; /* the load address of the module liboli is in (0: unknown) */
oli_unplaced_sample_t _oli_unplaced_last; /* read inline by the placed path (internal.h) */
static _Atomic int sampling; /* one sampler at a time; the others use the last sample */

void _oli_unplaced_fix(uint64_t heap, uint64_t data) {
  atomic_store_explicit(&_oli_unplaced_last.heap, heap, memory_order_relaxed);
  atomic_store_explicit(&_oli_unplaced_last.data, data, memory_order_relaxed);
  atomic_store_explicit(&_oli_unplaced_last.fixed, true, memory_order_release);
}

void _oli_unplaced_init(void) {
  /* glibc's, not liboli's interposed one (which adds the arena's blocks) */
  glibc_mallinfo2 = (struct mallinfo2 (*)(void))dlsym(RTLD_NEXT, "mallinfo2");
  Dl_info self;
  if (dladdr((void *)&_oli_unplaced_init, &self)) self_base = (uintptr_t)self.dli_fbase;
}

static int add_module(struct dl_phdr_info *info, size_t size, void *arg) {
  (void)size;
  uint64_t *sum = arg;
  if (self_base && self_base == (uintptr_t)info->dlpi_addr && info->dlpi_name && info->dlpi_name[0])
    return 0; /* liboli.so itself (a static liboli is part of the program: too small to matter) */
  for (int i = 0; i < info->dlpi_phnum; i++) {
    const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
    if (ph->p_type == PT_LOAD && (ph->p_flags & PF_W)) *sum += ph->p_memsz;
  }
  return 0;
}

static void sample(void) {
  uint64_t heap = 0, data = 0;
  if (glibc_mallinfo2 && !_oli_heap_is_host()) {
    struct mallinfo2 m = glibc_mallinfo2();
    heap = (uint64_t)m.uordblks + (uint64_t)m.hblkhd;
  }
  dl_iterate_phdr(add_module, &data);
  atomic_store_explicit(&_oli_unplaced_last.heap, heap, memory_order_relaxed);
  atomic_store_explicit(&_oli_unplaced_last.data, data, memory_order_relaxed);
}

void _oli_unplaced(bool fresh, uint64_t *heap, uint64_t *data) {
  oli_unplaced_sample_t *u = &_oli_unplaced_last;
  uint64_t t = _oli_unplaced_clock(), last = atomic_load_explicit(&u->taken_ns, memory_order_relaxed);
  if (!atomic_load_explicit(&u->fixed, memory_order_acquire) &&
      (fresh || last == 0 || t - last >= OLI_UNPLACED_PERIOD_NS) &&
      !atomic_exchange_explicit(&sampling, 1, memory_order_acquire)) {
    sample();
    atomic_store_explicit(&u->taken_ns, t ? t : 1, memory_order_relaxed);
    atomic_store_explicit(&sampling, 0, memory_order_release);
  }
  *heap = atomic_load_explicit(&u->heap, memory_order_relaxed);
  *data = atomic_load_explicit(&u->data, memory_order_relaxed);
}
