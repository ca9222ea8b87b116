/* runtime/memory/lazymap.c - the runtime's own tables (the arena's page map, owner
 * map and descriptors, the site registry and the per-thread counters) as
 * address space reserved PROT_NONE and made writable in 64 KiB chunks when
 * first written. A mapping nobody may write is not charged against the
 * kernel's commit limit, and MAP_NORESERVE does not help under
 * vm.overcommit_memory=2 (it is ignored there): with whole tables writable
 * from the start a process would be charged about 1.3 GiB for a 1 TiB arena
 * before placing anything, and 8 MiB per thread. Now it is charged for the
 * chunks in use, and a chunk the kernel will not commit fails the one
 * operation that needed it (an allocation then comes from glibc).
 *
 * Writers commit under their own lock (the arena's, the registry's); readers
 * of a chunk that may not be committed ask oli_lazy_has() first (an acquire
 * load of its bit) and treat it as zeroes. */
#include <errno.h>
#include <sys/mman.h>

#include "internal.h"

#define CHUNK_SHIFT 16 /* 64 KiB */

int _oli_lazy_reserve(oli_lazy_t *t, size_t len) {
  t->len = (len + ((size_t)1 << CHUNK_SHIFT) - 1) & ~(((size_t)1 << CHUNK_SHIFT) - 1);
  size_t nbits = t->len >> CHUNK_SHIFT, bits_len = ((nbits + 63) / 64) * sizeof(uint64_t);
  void *base = _oli_os_reserve(t->len);
  if (base == NULL) return -1;
  /* Sparse tables: with transparent huge pages `always` a first touch in a
   * run of committed chunks would fault a whole 2 MiB page. */
  _oli_os_advise(base, t->len, MADV_NOHUGEPAGE);
  void *bits = _oli_os_map_rw(bits_len, false);
  if (bits == NULL) {
    _oli_os_unmap(base, t->len);
    return -1;
  }
  t->bits = bits;
  t->committed = 0;
  __atomic_store_n(&t->base, (char *)base, __ATOMIC_RELEASE);
  return 0;
}

void _oli_lazy_free(oli_lazy_t *t) {
  if (t->base) _oli_os_unmap(t->base, t->len);
  if (t->bits) _oli_os_unmap(t->bits, ((t->len >> CHUNK_SHIFT) + 63) / 64 * sizeof(uint64_t));
  t->base = NULL;
  t->bits = NULL;
  t->len = t->committed = 0;
}

bool _oli_lazy_commit(oli_lazy_t *t, size_t off, size_t len) {
  if (len == 0) return true;
  if (off >= t->len || len > t->len - off) return false;
  for (size_t c = off >> CHUNK_SHIFT, last = (off + len - 1) >> CHUNK_SHIFT; c <= last; c++) {
    uint64_t bit = 1ull << (c & 63);
    if (__atomic_load_n(&t->bits[c / 64], __ATOMIC_ACQUIRE) & bit) continue;
    if (_oli_os_protect(t->base + (c << CHUNK_SHIFT), (size_t)1 << CHUNK_SHIFT, true) != 0) return false;
    __atomic_fetch_or(&t->bits[c / 64], bit, __ATOMIC_RELEASE);
    t->committed += (size_t)1 << CHUNK_SHIFT;
  }
  return true;
}

bool _oli_lazy_has(const oli_lazy_t *t, size_t off) {
  if (off >= t->len) return false;
  size_t c = off >> CHUNK_SHIFT;
  return (__atomic_load_n(&t->bits[c / 64], __ATOMIC_ACQUIRE) >> (c & 63)) & 1;
}
