/* runtime/objects/stacksite.c - sites of code not built with the plugin: the call
 * stack at allocation (zero-rebuild mode, docs/runtime.md "Programs not
 * built with the plugin").
 *
 * Where liboli is preloaded (LD_PRELOAD=liboli.so, or `oli run` for a
 * program not linked with it) into a process that has no site records at
 * all - a program built by gcc, gfortran or any compiler - an object of
 * OLI_MIN_SIZE or more gets the site of its call stack: the return
 * address of the allocator call and up to OLI_STACK_FRAMES - 1 callers, each
 * as its module (the ELF file that holds it, with its GNU build ID) and
 * offset (its link-time address: the address less the module's load bias).
 * The site ID hashes those (build ID, offset) pairs, so it is the same in
 * every run of the same binaries. The site's record is made here (its kind;
 * no file, function or line: the runtime reads no debug information) and
 * its frames are kept beside it; the report lists them and `oli report`
 * names function, file and line from each module's DWARF (tools/oli,
 * libdw). Smaller objects never walk the stack; the walk is glibc's
 * backtrace() (the unwinder: no frame pointers needed), made once at start
 * so that its first use, which loads libgcc_s, is not inside malloc. Static
 * hints are absent: the records carry no size hint and no estimate. */
#include <elf.h>
#include <errno.h>
#include <execinfo.h>
#include <link.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "internal.h"
#include "doc.h"
#include "text.h"

#define MAX_STACK_SITES 65536u
#define MAX_MODULES 256u

typedef struct module_s {
  uintptr_t bias, lo, hi; /* load bias; [lo, hi): its PT_LOAD segments in memory */
  uint64_t key;           /* its build ID (else its path) hashed: a frame's part of the site ID */
  char path[256];
  char build_id[41]; /* hex, "" when the module has none */
} module_t;

typedef struct stack_site_s {
  uint64_t words[(OLI_SITE_HEADER_SIZE + 8) / 8]; /* the record: header, three empty strings */
  int nframes;
  uint16_t module[OLI_STACK_FRAMES];
  uint64_t offset[OLI_STACK_FRAMES];
} stack_site_t;

#define REC(s) ((__oli_site_t *)(s)->words)

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static oli_lazy_t sites_l, index_l;
static stack_site_t *sites;
static uint32_t *index_; /* open addressing by ID: site index + 1 */
static uint32_t nsites;
static module_t modules[MAX_MODULES];
static uint32_t nmodules;
static int plugin_modules; /* site records registered: stack sites are off */
static int ready;           /* liboli is preloaded, the unwinder loaded */

void _oli_stack_sites_plugin_module(void) { __atomic_store_n(&plugin_modules, 1, __ATOMIC_RELAXED); }

bool _oli_stack_sites_on(void) {
  return __atomic_load_n(&ready, __ATOMIC_ACQUIRE) && !__atomic_load_n(&plugin_modules, __ATOMIC_RELAXED);
}

bool _oli_stack_sites_preloaded(void) { return __atomic_load_n(&ready, __ATOMIC_ACQUIRE); }

/* Stack sites are for liboli preloaded (LD_PRELOAD names it: by hand, or
 * `oli run` for a program not linked with it); a program linked with liboli
 * is one built for it. The first use of backtrace() loads the unwinder
 * (dlopen, malloc): here, in a constructor, not inside an allocation. */
void _oli_stack_sites_warm_up(void) {
  const char *pre = getenv("LD_PRELOAD");
  if (!pre || !strstr(pre, "liboli")) return;
  void *buf[2];
  backtrace(buf, 2);
  __atomic_store_n(&ready, 1, __ATOMIC_RELEASE);
}

/* ---- modules ------------------------------------------------------------- */
/* The NT_GNU_BUILD_ID note of a loaded module, in hex ("" none). */
static void build_id_of(const struct dl_phdr_info *info, char *out) {
  out[0] = 0;
  for (int i = 0; i < info->dlpi_phnum; i++) {
    const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
    if (ph->p_type != PT_NOTE) continue;
    const char *p = (const char *)(info->dlpi_addr + ph->p_vaddr), *end = p + ph->p_memsz;
    while (p + sizeof(ElfW(Nhdr)) <= end) {
      const ElfW(Nhdr) *nh = (const ElfW(Nhdr) *)p;
      const char *name = p + sizeof *nh, *desc = name + ((nh->n_namesz + 3) & ~3u);
      if (desc + nh->n_descsz > end) break;
      if (nh->n_type == NT_GNU_BUILD_ID && nh->n_namesz == 4 && memcmp(name, "GNU", 4) == 0) {
        oli_text_hex(desc, nh->n_descsz, out, 41);
        return;
      }
      p = desc + ((nh->n_descsz + 3) & ~3u);
    }
  }
}

/* dl_iterate_phdr: every loaded module not yet in the table joins it. */
static int add_module(struct dl_phdr_info *info, size_t size, void *arg) {
  (void)size, (void)arg;
  uintptr_t lo = UINTPTR_MAX, hi = 0;
  for (int i = 0; i < info->dlpi_phnum; i++) {
    const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
    if (ph->p_type != PT_LOAD) continue;
    uintptr_t a = info->dlpi_addr + ph->p_vaddr;
    if (a < lo) lo = a;
    if (a + ph->p_memsz > hi) hi = a + ph->p_memsz;
  }
  if (lo >= hi) return 0;
  for (uint32_t i = 0; i < nmodules; i++)
    if (modules[i].lo == lo && modules[i].hi == hi) return 0;
  if (nmodules >= MAX_MODULES) return 1;
  module_t *m = &modules[nmodules];
  m->bias = info->dlpi_addr, m->lo = lo, m->hi = hi;
  if (!info->dlpi_name || !info->dlpi_name[0]) { /* the program itself: its file, not argv[0] */
    ssize_t k = readlink("/proc/self/exe", m->path, sizeof m->path - 1);
    m->path[k > 0 ? k : 0] = 0;
  } else snprintf(m->path, sizeof m->path, "%s", info->dlpi_name);
  build_id_of(info, m->build_id);
  const char *k = m->build_id[0] ? m->build_id : m->path;
  m->key = _oli_fnv1a(OLI_FNV_BASIS, k, strlen(k));
  nmodules++;
  return 0;
}

/* The module holding addr (under lock): its index, or -1. The table is
 * filled from the loader's list on a miss (a library loaded since). */
static int module_of(const void *addr) {
  uintptr_t a = (uintptr_t)addr;
  for (int pass = 0; pass < 2; pass++) {
    for (uint32_t i = 0; i < nmodules; i++)
      if (a >= modules[i].lo && a < modules[i].hi) return (int)i;
    if (pass == 0) dl_iterate_phdr(add_module, NULL);
  }
  return -1;
}

/* ---- sites ------------------------------------------------------------------ */
static int tables(void) {
  if (sites) return 0;
  if (_oli_lazy_reserve(&sites_l, (size_t)MAX_STACK_SITES * sizeof *sites) != 0) return -1;
  if (_oli_lazy_reserve(&index_l, (size_t)MAX_STACK_SITES * 2 * sizeof *index_) != 0 ||
      !_oli_lazy_commit(&index_l, 0, (size_t)MAX_STACK_SITES * 2 * sizeof *index_)) {
    _oli_lazy_free(&sites_l);
    return -1;
  }
  index_ = (uint32_t *)index_l.base;
  sites = (stack_site_t *)sites_l.base;
  return 0;
}

/* Return addresses already walked: a call site reached by one call path
 * only is known by its return address alone once AGREE walks from it found
 * the same site, and walked again every RECHECK-th allocation; one reached
 * by a second path is walked every time from then on. (The walk, about
 * 200 ns a frame here, is most of a placed allocation's cost: a loop that
 * allocates at one call path pays it a few times, docs/benchmarks-overhead.md.) */
#define RA_SLOTS 4096u
#define AGREE 3
#define RECHECK 64
typedef struct ra_s {
  const void *ra;
  uint32_t site; /* index + 1 */
  uint16_t seen; /* walks that found site */
  uint16_t mixed; /* a walk found another site: always walk */
  uint32_t uses;
} ra_t;
static ra_t ras[RA_SLOTS];

/* Under lock: the entry of ra, or an empty one for it; NULL when full. */
static ra_t *ra_slot(const void *ra) {
  uint32_t h = (uint32_t)(((uintptr_t)ra >> 4) * 0x9e3779b1u) & (RA_SLOTS - 1);
  for (uint32_t k = 0; k < 64; k++) {
    ra_t *e = &ras[(h + k) & (RA_SLOTS - 1)];
    if (e->ra == ra || e->ra == NULL) return e;
  }
  return NULL;
}

static oli_site_state_t *walk_site(const void *ra, uint8_t kind, uint32_t *index);

oli_site_state_t *_oli_stack_site(const void *ra, uint8_t kind) {
  pthread_mutex_lock(&lock);
  ra_t *e = ra_slot(ra);
  if (e && e->ra == ra && !e->mixed && e->seen >= AGREE && (++e->uses % RECHECK) != 0 &&
      REC(&sites[e->site - 1])->kind == kind) {
    oli_site_state_t *st = _oli_site_state(REC(&sites[e->site - 1]));
    pthread_mutex_unlock(&lock);
    return st;
  }
  pthread_mutex_unlock(&lock);
  uint32_t index = 0;
  oli_site_state_t *st = walk_site(ra, kind, &index);
  if (!st) return NULL;
  pthread_mutex_lock(&lock);
  e = ra_slot(ra);
  if (e && e->ra == NULL) *e = (ra_t){ra, index + 1, 1, 0, 0};
  else if (e && e->site == index + 1) e->seen += e->seen < UINT16_MAX;
  else if (e) e->mixed = 1;
  pthread_mutex_unlock(&lock);
  return st;
}

static oli_site_state_t *walk_site(const void *ra, uint8_t kind, uint32_t *index) {
  void *buf[OLI_STACK_FRAMES + 5]; /* our own frames (4 or 5 up to the entry point), then the caller's */
  int n = backtrace(buf, (int)(sizeof buf / sizeof buf[0]));
  int at = 0;
  while (at < n && buf[at] != ra) at++; /* our own frames first */
  const void *pc[OLI_STACK_FRAMES];
  int nf = 0;
  if (at == n) pc[nf++] = ra; /* ra not on the unwound stack (a tail call): it alone */
  else
    for (int i = at; i < n && nf < OLI_STACK_FRAMES; i++) pc[nf++] = buf[i];
  pthread_mutex_lock(&lock);
  oli_site_state_t *st = NULL;
  if (tables() != 0) goto out;
  uint16_t mod[OLI_STACK_FRAMES];
  uint64_t off[OLI_STACK_FRAMES];
  uint64_t id = _oli_fnv1a(OLI_FNV_BASIS, &kind, 1);
  for (int i = 0; i < nf; i++) {
    int m = module_of(pc[i]);
    if (m < 0) { /* an address in no module (JIT code, a trampoline): the stack ends there */
      nf = i;
      break;
    }
    mod[i] = (uint16_t)m;
    off[i] = (uint64_t)((uintptr_t)pc[i] - modules[m].bias);
    id = _oli_fnv1a(id, &modules[m].key, sizeof modules[m].key);
    id = _oli_fnv1a(id, &off[i], sizeof off[i]);
  }
  if (nf == 0) goto out;
  id |= 1; /* 0 is "untagged" */
  uint32_t mask = MAX_STACK_SITES * 2 - 1, h = (uint32_t)(id ^ (id >> 32)) & mask;
  while (index_[h] && REC(&sites[index_[h] - 1])->id != id) h = (h + 1) & mask;
  if (!index_[h]) {
    if (nsites >= MAX_STACK_SITES ||
        !_oli_lazy_commit(&sites_l, (size_t)nsites * sizeof *sites, sizeof *sites))
      goto out;
    stack_site_t *s = &sites[nsites];
    memset(s, 0, sizeof *s);
    __oli_site_t *r = REC(s);
    r->magic = OLI_SITE_MAGIC;
    r->size = (uint16_t)sizeof s->words; /* three empty strings, padded */
    r->kind = kind;
    r->id = id;
    s->nframes = nf;
    memcpy(s->module, mod, sizeof mod);
    memcpy(s->offset, off, sizeof off);
    index_[h] = ++nsites;
  }
  *index = index_[h] - 1;
  st = _oli_site_state(REC(&sites[index_[h] - 1]));
out:
  pthread_mutex_unlock(&lock);
  return st;
}

int _oli_stack_frames(uint64_t id, oli_frame_t *out, int max) {
  int n = 0;
  pthread_mutex_lock(&lock);
  if (sites && id) {
    uint32_t mask = MAX_STACK_SITES * 2 - 1, h = (uint32_t)(id ^ (id >> 32)) & mask;
    while (index_[h] && REC(&sites[index_[h] - 1])->id != id) h = (h + 1) & mask;
    if (index_[h]) {
      const stack_site_t *s = &sites[index_[h] - 1];
      n = s->nframes < max ? s->nframes : max;
      for (int i = 0; i < n; i++) {
        const module_t *m = &modules[s->module[i]];
        out[i] = (oli_frame_t){m->path, m->build_id, s->offset[i]};
      }
    }
  }
  pthread_mutex_unlock(&lock);
  return n;
}

void _oli_stack_doc_frames(oli_doc_site_t *s) {
  oli_frame_t fr[OLI_STACK_FRAMES];
  int n = _oli_stack_frames(s->id, fr, OLI_STACK_FRAMES);
  s->nframes = 0;
  for (int i = 0; i < n && i < OLI_DOC_MAX_FRAMES; i++)
    s->frames[s->nframes++] = (oli_doc_frame_t){fr[i].module, fr[i].build_id, fr[i].offset};
  if (s->nframes) OLI_SET(s, OLI_F_FRAMES);
  else s->has &= ~(1ull << OLI_F_FRAMES);
}
