/* stub-runtime.c - a test stand-in for liboli used by the end-to-end lit
 * tests: every __oli_* entry point forwards to the C library and counts the
 * allocation against its site (the outermost entered site wins, as in the
 * real runtime); malloc is interposed so allocations made inside the
 * Fortran runtime's ALLOCATE are counted too. At exit it walks the
 * oli_sites section(s) handed to __oli_init and prints one line per site:
 *   site id=<16 hex> kind=<n> at=<file>:<line> func=<f> name=<n> size=<hint|?> count=<n>
 * and one line per registered global:
 *   global name=<n> size=<bytes> aligned=<0|1>
 */
#include "oli_abi.h"

#include <stdio.h>
#include <malloc.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void *__libc_memalign(size_t, size_t);

static __thread __oli_site_t *current;
static struct { __oli_site_t *start, *stop; } ranges[8];
static int nranges, version_checked;

/* The site an allocation is attributed to: the entered one, else its own. */
static void count(__oli_site_t *own) {
  __oli_site_t *s = current ? current : own;
  if (s)
    __atomic_fetch_add(&s->slot, 1, __ATOMIC_RELAXED);
}

void *malloc(size_t n) {
  count(NULL);
  return __libc_malloc(n);
}

void *__oli_malloc(size_t n, __oli_site_t *s) { count(s); return __libc_malloc(n); }
void *__oli_calloc(size_t n, size_t z, __oli_site_t *s) { count(s); return __libc_calloc(n, z); }
void *__oli_realloc(void *p, size_t n, __oli_site_t *s) { count(s); return __libc_realloc(p, n); }
void *__oli_reallocarray(void *p, size_t n, size_t z, __oli_site_t *s) {
  count(s);
  return reallocarray(p, n, z);
}
void *__oli_aligned_alloc(size_t a, size_t n, __oli_site_t *s) { count(s); return __libc_memalign(a, n); }
int __oli_posix_memalign(void **out, size_t a, size_t n, __oli_site_t *s) {
  count(s);
  *out = __libc_memalign(a, n);
  return *out ? 0 : 12;
}
void *__oli_memalign(size_t a, size_t n, __oli_site_t *s) { count(s); return __libc_memalign(a, n); }
void *__oli_valloc(size_t n, __oli_site_t *s) { count(s); return __libc_memalign(4096, n); }
void *__oli_new(size_t n, size_t a, __oli_site_t *s) {
  count(s);
  void *p = a ? __libc_memalign(a, n) : __libc_malloc(n ? n : 1);
  if (!p)
    abort(); /* a stub: no std::bad_alloc from C */
  return p;
}
void *__oli_new_nothrow(size_t n, size_t a, __oli_site_t *s) {
  count(s);
  return a ? __libc_memalign(a, n) : __libc_malloc(n ? n : 1);
}
/* free, malloc_usable_size and operator delete (oli_vocab.def, OLI_RELEASE) */
extern void __libc_free(void *);
void __oli_free(void *p) { __libc_free(p); }
size_t __oli_malloc_usable_size(void *p) { return malloc_usable_size(p); }
#define OLI_RELEASE_FREE(Entry)
#define OLI_RELEASE_USABLE(Entry)
#define OLI_RELEASE_P(Entry) void Entry(void *p) { __libc_free(p); }
#define OLI_RELEASE_S(Entry) void Entry(void *p, size_t n) { __libc_free(p); }
#define OLI_RELEASE_A(Entry) OLI_RELEASE_S(Entry)
#define OLI_RELEASE_SA(Entry) void Entry(void *p, size_t n, size_t a) { __libc_free(p); }
#define OLI_RELEASE_N(Entry) void Entry(void *p, const void *nt) { __libc_free(p); }
#define OLI_RELEASE_AN(Entry) void Entry(void *p, size_t a, const void *nt) { __libc_free(p); }
#define OLI_RELEASE(Name, Entry, Shape) OLI_RELEASE_##Shape(Entry)
#include "oli_vocab.def"

void *__oli_mmap(void *addr, size_t len, int prot, int flags, int fd, off_t off, __oli_site_t *s) {
  if (flags & MAP_ANONYMOUS)
    count(s);
  return mmap(addr, len, prot, flags, fd, off);
}

__oli_site_t *__oli_site_enter(__oli_site_t *s) {
  __oli_site_t *prev = current;
  if (!current)
    current = s;
  return prev;
}
void __oli_site_leave(__oli_site_t *prev) { current = prev; }

void __oli_version_mismatch_check_v1(void) { version_checked = 1; }

/* No arena: the pass's inline free test sends every pointer to glibc. */
uintptr_t __oli_arena_lo, __oli_arena_len;

static struct { void *addr; uint64_t size; __oli_site_t *site; } globals[64];
static int nglobals;

void __oli_register_global(void *addr, uint64_t size, __oli_site_t *site) {
  if (nglobals < 64)
    globals[nglobals++] = (typeof(globals[0])){addr, size, site};
  site->slot++;
}

/* Prints every record of one [start, stop) range. */
static void dump_range(char *p, char *stop) {
  while (p + sizeof(uint64_t) <= stop) {
    if (*(uint64_t *)p == 0) { /* padding between modules */
      p += 8;
      continue;
    }
    __oli_site_t *s = (__oli_site_t *)p;
    if (s->magic != OLI_SITE_MAGIC || s->size < OLI_SITE_HEADER_SIZE || s->size % 8) {
      printf("stub: bad record at offset %ld\n", (long)(p - (char *)ranges[0].start));
      return;
    }
    const char *file = s->strings, *func = file + s->file_len + 1, *name = func + s->func_len + 1;
    printf("site id=%016llx kind=%u at=%s:%u func=%s name=%s size=", (unsigned long long)s->id,
           s->kind, file, s->line, func, s->name_len ? name : "-");
    if (s->flags & OLI_SITE_F_SIZE_KNOWN)
      printf("%llu", (unsigned long long)s->size_hint);
    else
      printf("?");
    printf(" count=%llu\n", (unsigned long long)s->slot);
    p += s->size;
  }
}

static void dump(void) {
  printf("stub: version-check=%d\n", version_checked);
  for (int i = 0; i < nglobals; i++)
    printf("global name=%s size=%llu aligned=%d\n",
           globals[i].site->strings + globals[i].site->file_len + globals[i].site->func_len + 2,
           (unsigned long long)globals[i].size, (int)((uintptr_t)globals[i].addr % 8 == 0));
  for (int i = 0; i < nranges; i++)
    dump_range((char *)ranges[i].start, (char *)ranges[i].stop);
  fflush(stdout);
}

/* The module destructor's call: the test programs are never dlclose'd, and
 * dump() (atexit, before the destructors) has printed everything already. */
void __oli_register_summaries(__oli_site_t *sites, const void *start, const void *stop) {
  (void)sites, (void)start, (void)stop;
}

void __oli_fini(__oli_site_t *start, __oli_site_t *stop) {
  (void)start;
  (void)stop;
}

void __oli_init(__oli_site_t *start, __oli_site_t *stop) {
  for (int i = 0; i < nranges; i++)
    if (ranges[i].start == start)
      return; /* idempotent: every module of a DSO calls this */
  if (nranges == 0)
    atexit(dump);
  if (nranges < 8) {
    ranges[nranges].start = start;
    ranges[nranges].stop = stop;
    nranges++;
  }
}
