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
 * libdw). Smaller objects never walk the stack.
 *
 * The walk: where the frames keep frame pointers (-fno-omit-frame-pointer, the
 * default of several distributions), two loads a frame; elsewhere the
 * unwinder (libgcc_s's _Unwind_Backtrace, DWARF call-frame information: no
 * frame pointers needed), loaded once at start so that its first use, which
 * dlopens libgcc_s, is not inside malloc. A frame-pointer step is never
 * guessed: a return address is trusted to have a frame pointer only after
 * the unwinder found, AGREE times and never otherwise, that the frame's CFA
 * is its rbp + 16 there (the call-frame information says so), and the
 * entry's captured rbp is trusted only after it equalled the unwinder's for
 * AGREE walks of that kind; every frame pointer read lies within this
 * thread's stack (pthread_getattr_np, once a thread), above the walk's own
 * frame and below the previous one. Anything else walks with the unwinder.
 * The module table, the site index and the frame-pointer table are read
 * without the lock (entries are published with release stores and never
 * change); the lock is taken to add. Static
 * hints are absent: the records carry no size hint and no estimate. */
#include <dlfcn.h>
#include <elf.h>
#include <errno.h>
#include <execinfo.h>
#include <link.h>
#include <pthread.h>
#include <unwind.h>
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

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER; /* tables append-only: whole at any fork */
__attribute__((constructor)) static void guard_lock(void) { _oli_fork_guard(&lock, NULL); }
static oli_lazy_t sites_l, index_l;
static stack_site_t *sites;
static uint32_t *index_; /* open addressing by ID: site index + 1 */
static uint32_t nsites;
static module_t modules[MAX_MODULES];
static uint32_t nmodules;
static int plugin_modules; /* site records registered: stack sites are off */
static int ready;           /* liboli is preloaded, the unwinder loaded */

/* libgcc_s's unwinder, found at start (NULL: glibc's backtrace() walks). */
static _Unwind_Reason_Code (*uw_backtrace)(_Unwind_Trace_Fn, void *);
static _Unwind_Ptr (*uw_ip)(struct _Unwind_Context *);
static _Unwind_Word (*uw_cfa)(struct _Unwind_Context *);
static _Unwind_Word (*uw_gr)(struct _Unwind_Context *, int);

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
  void *h = dlopen("libgcc_s.so.1", RTLD_LAZY | RTLD_NOLOAD); /* backtrace() loaded it */
  if (h) {
    uw_ip = (_Unwind_Ptr(*)(struct _Unwind_Context *))dlsym(h, "_Unwind_GetIP");
    uw_cfa = (_Unwind_Word(*)(struct _Unwind_Context *))dlsym(h, "_Unwind_GetCFA");
    uw_gr = (_Unwind_Word(*)(struct _Unwind_Context *, int))dlsym(h, "_Unwind_GetGR");
    void *bt = dlsym(h, "_Unwind_Backtrace");
    if (uw_ip && uw_cfa && uw_gr && bt) uw_backtrace = (_Unwind_Reason_Code(*)(_Unwind_Trace_Fn, void *))bt;
  }
  if (!uw_backtrace) _oli_verbose_message(1, "stack sites: libgcc_s's unwinder not found; walking with backtrace()");
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
  module_t *m = &modules[nmodules]; /* readers see it once nmodules counts it */
  m->bias = info->dlpi_addr, m->lo = lo, m->hi = hi;
  if (!info->dlpi_name || !info->dlpi_name[0]) { /* the program itself: its file, not argv[0] */
    ssize_t k = readlink("/proc/self/exe", m->path, sizeof m->path - 1);
    m->path[k > 0 ? k : 0] = 0;
  } else snprintf(m->path, sizeof m->path, "%s", info->dlpi_name);
  build_id_of(info, m->build_id);
  const char *k = m->build_id[0] ? m->build_id : m->path;
  m->key = _oli_fnv1a(OLI_FNV_BASIS, k, strlen(k));
  __atomic_store_n(&nmodules, nmodules + 1, __ATOMIC_RELEASE);
  return 0;
}

/* The module holding addr: its index, or -1. Read without the lock; on a
 * miss (a library loaded since) the table is filled from the loader's list
 * under the lock. */
static int module_of(const void *addr) {
  uintptr_t a = (uintptr_t)addr;
  for (int pass = 0; pass < 2; pass++) {
    uint32_t n = __atomic_load_n(&nmodules, __ATOMIC_ACQUIRE);
    for (uint32_t i = 0; i < n; i++)
      if (a >= modules[i].lo && a < modules[i].hi) return (int)i;
    if (pass == 0) {
      pthread_mutex_lock(&lock);
      dl_iterate_phdr(add_module, NULL);
      pthread_mutex_unlock(&lock);
    }
  }
  return -1;
}

/* ---- sites ------------------------------------------------------------------ */
static int tables(void) { /* under lock */
  if (sites) return 0;
  if (_oli_lazy_reserve(&sites_l, (size_t)MAX_STACK_SITES * sizeof *sites) != 0) return -1;
  if (_oli_lazy_reserve(&index_l, (size_t)MAX_STACK_SITES * 2 * sizeof *index_) != 0 ||
      !_oli_lazy_commit(&index_l, 0, (size_t)MAX_STACK_SITES * 2 * sizeof *index_)) {
    _oli_lazy_free(&sites_l);
    return -1;
  }
  index_ = (uint32_t *)index_l.base;
  __atomic_store_n(&sites, (stack_site_t *)sites_l.base, __ATOMIC_RELEASE); /* readers test sites */
  return 0;
}

/* ---- the walk ------------------------------------------------------------- */
/* Every placed allocation walks: a cache by the return address alone would
 * give a second call path to the same allocator call (a helper that
 * allocates for several callers) the first path's site until it walked again
 * (runtime/test-stacksite-threads). The frame-pointer walk, where it is known
 * sound, is the cheap one.
 * What the unwinder taught about frame pointers (x86-64: rbp). FP_SLOTS
 * return addresses, each a word: the address (48 bits) and, above, the
 * walks that found the frame's CFA at its rbp + 16 there (trusted from AGREE
 * on), or FP_BAD once one did not. Per allocation kind (its entry point), the
 * walks whose rbp captured at the entry was the unwinder's rbp of the caller's
 * frame. */
#define AGREE 3
#define FP_SLOTS 4096u
#define FP_BAD 0xffffu
#define PC_MASK ((1ull << 48) - 1)
static uint64_t fps[FP_SLOTS];
static uint16_t fp_entry[256];
static __thread uintptr_t stack_lo, stack_hi; /* this thread's stack; stack_hi 1: unknown */

static uint64_t *fp_slot(uintptr_t pc) {
  uint32_t h = (uint32_t)((pc >> 4) * 0x9e3779b1u) & (FP_SLOTS - 1);
  for (uint32_t k = 0; k < 32; k++) {
    uint64_t *e = &fps[(h + k) & (FP_SLOTS - 1)], v = __atomic_load_n(e, __ATOMIC_ACQUIRE);
    if ((v & PC_MASK) == pc || v == 0) return e;
  }
  return NULL;
}

/* The frame at return address pc keeps its caller's rbp at rbp and its return address above. */
static bool fp_known(uintptr_t pc) {
  uint64_t *e = fp_slot(pc), v = e ? __atomic_load_n(e, __ATOMIC_ACQUIRE) : 0;
  return v && (v & PC_MASK) == pc && (v >> 48) >= AGREE && (v >> 48) != FP_BAD;
}

static void count(uint16_t *c, bool ok) {
  uint16_t v = __atomic_load_n(c, __ATOMIC_RELAXED);
  if (v == FP_BAD || (ok && v >= AGREE)) return;
  __atomic_store_n(c, ok ? v + 1 : FP_BAD, __ATOMIC_RELAXED); /* a lost count only delays trusting */
}

static void fp_learn(uintptr_t pc, bool ok) {
  if (pc == 0 || pc > PC_MASK) return;
  uint64_t *e = fp_slot(pc);
  if (!e) return;
  uint64_t v = __atomic_load_n(e, __ATOMIC_ACQUIRE);
  for (;;) {
    if (v && (v & PC_MASK) != pc) return; /* another address took the slot first */
    uint64_t c = v >> 48, nc = !ok ? FP_BAD : c == FP_BAD ? c : c < AGREE ? c + 1 : c;
    if (v && nc == c) return;
    if (__atomic_compare_exchange_n(e, &v, pc | nc << 48, false, __ATOMIC_RELEASE, __ATOMIC_ACQUIRE)) return;
  }
}

/* The frame-pointer walk from the caller's frame pointer fp: OLI_STACK_FRAMES
 * return addresses into pc, or 0 when a step is not known to be sound. */
static int fp_walk(const void *ra, uintptr_t fp, uint8_t kind, const void **pc) {
#if defined(__x86_64__)
  uint16_t e = __atomic_load_n(&fp_entry[kind], __ATOMIC_RELAXED);
  if (!uw_backtrace || e < AGREE || e == FP_BAD || !fp_known((uintptr_t)ra)) return 0;
  if (!stack_hi) {
    pthread_attr_t a;
    void *addr;
    size_t size;
    stack_hi = 1;
    if (pthread_getattr_np(pthread_self(), &a) == 0) {
      if (pthread_attr_getstack(&a, &addr, &size) == 0) stack_lo = (uintptr_t)addr, stack_hi = stack_lo + size;
      pthread_attr_destroy(&a);
    }
  }
  uintptr_t lo = (uintptr_t)&e; /* the frames walked are the callers': above this one */
  if (stack_hi == 1 || lo < stack_lo || lo >= stack_hi) return 0; /* another stack (a signal's) */
  pc[0] = ra;
  for (int i = 1; i < OLI_STACK_FRAMES; i++) {
    if (i > 1 && !fp_known((uintptr_t)pc[i - 1])) return 0;
    if ((fp & 7) || fp <= lo || fp > stack_hi - 16) return 0;
    pc[i] = ((const void *const *)fp)[1];
    lo = fp;
    fp = ((const uintptr_t *)fp)[0];
  }
  return OLI_STACK_FRAMES;
#else
  (void)ra, (void)fp, (void)kind, (void)pc;
  return 0;
#endif
}

typedef struct walk_s {
  const void *ra;
  int skipped, n;
  const void *pc[OLI_STACK_FRAMES];
  uintptr_t cfa[OLI_STACK_FRAMES]; /* _Unwind_GetCFA: the CFA of the frame below (its callee) */
  uintptr_t rbp[OLI_STACK_FRAMES];
} walk_t;

/* _Unwind_Backtrace's callback: our own frames passed over, then ra's and its callers'. */
static _Unwind_Reason_Code step(struct _Unwind_Context *c, void *arg) {
  walk_t *w = arg;
  const void *ip = (const void *)uw_ip(c);
  if (w->n == 0 && ip != w->ra) return ++w->skipped > 8 ? _URC_END_OF_STACK : _URC_NO_REASON;
  w->pc[w->n] = ip;
  w->cfa[w->n] = (uintptr_t)uw_cfa(c);
#if defined(__x86_64__)
  w->rbp[w->n] = (uintptr_t)uw_gr(c, 6); /* DWARF register 6: rbp */
#endif
  return ++w->n == OLI_STACK_FRAMES ? _URC_END_OF_STACK : _URC_NO_REASON;
}

/* The unwinder's walk (it teaches the frame-pointer table): frames into pc, their number. */
static int unwind(const void *ra, uintptr_t fp, uint8_t kind, const void **pc) {
  int nf = 0;
  if (!uw_backtrace) {
    void *buf[OLI_STACK_FRAMES + 5]; /* our own frames, then the caller's */
    int n = backtrace(buf, (int)(sizeof buf / sizeof buf[0]));
    int at = 0;
    while (at < n && buf[at] != ra) at++;
    for (int i = at; i < n && nf < OLI_STACK_FRAMES; i++) pc[nf++] = buf[i];
  } else {
    walk_t w = {.ra = ra};
    uw_backtrace(step, &w);
    nf = w.n;
    memcpy(pc, w.pc, sizeof w.pc);
#if defined(__x86_64__)
    if (nf > 0) count(&fp_entry[kind], w.rbp[0] == fp);
    /* at frame i the unwinder's CFA is the callee's (frame i - 1): frame i's own is cfa[i + 1] */
    for (int i = 0; i + 1 < nf; i++) fp_learn((uintptr_t)w.pc[i], w.rbp[i] + 16 == w.cfa[i + 1]);
#else
    (void)fp, (void)kind;
#endif
  }
  if (nf == 0) pc[nf++] = ra; /* ra not on the unwound stack (a tail call): it alone */
  return nf;
}

/* ---- sites ------------------------------------------------------------------ */
/* The site of frames pc[0..nf) (looked up without the lock, added under
 * it); NULL when there is no room. */
static oli_site_state_t *site_of(const void **pc, int nf, uint8_t kind) {
  stack_site_t *ss = __atomic_load_n(&sites, __ATOMIC_ACQUIRE);
  if (!ss) {
    pthread_mutex_lock(&lock);
    tables();
    pthread_mutex_unlock(&lock);
    if (!(ss = __atomic_load_n(&sites, __ATOMIC_ACQUIRE))) return NULL;
  }
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
  if (nf == 0) return NULL;
  id |= 1; /* 0 is "untagged" */
  uint32_t mask = MAX_STACK_SITES * 2 - 1, h = (uint32_t)(id ^ (id >> 32)) & mask, x;
  while ((x = __atomic_load_n(&index_[h], __ATOMIC_ACQUIRE)) && REC(&ss[x - 1])->id != id) h = (h + 1) & mask;
  if (!x) {
    pthread_mutex_lock(&lock);
    while ((x = index_[h]) && REC(&ss[x - 1])->id != id) h = (h + 1) & mask; /* another thread may have added it */
    if (!x && nsites < MAX_STACK_SITES && _oli_lazy_commit(&sites_l, (size_t)nsites * sizeof *ss, sizeof *ss)) {
      stack_site_t *s = &ss[nsites];
      memset(s, 0, sizeof *s);
      __oli_site_t *r = REC(s);
      r->magic = OLI_SITE_MAGIC;
      r->size = (uint16_t)sizeof s->words; /* three empty strings, padded */
      r->kind = kind;
      r->id = id;
      s->nframes = nf;
      memcpy(s->module, mod, sizeof mod);
      memcpy(s->offset, off, sizeof off);
      x = ++nsites;
      __atomic_store_n(&index_[h], x, __ATOMIC_RELEASE);
    }
    pthread_mutex_unlock(&lock);
    if (!x) return NULL;
  }
  return _oli_site_state(REC(&ss[x - 1]));
}

oli_site_state_t *_oli_stack_site(const void *ra, const void *fp, uint8_t kind) {
  const void *pc[OLI_STACK_FRAMES];
  int nf = fp_walk(ra, (uintptr_t)fp, kind, pc);
  if (nf == 0) nf = unwind(ra, (uintptr_t)fp, kind, pc);
  return site_of(pc, nf, kind);
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
