/* runtime/internal.h - every prototype shared inside the oli runtime, under
 * a `// folder/file.c` line naming the file that defines it (mimalloc's
 * include/mimalloc/internal.h), in layer order. The structs are in types.h,
 * the vocabulary in include/oli_vocab.h, the exported API in include/oli.h
 * and the ABI in include/oli_abi.h. Nothing here is exported
 * (-fvisibility=hidden).
 *
 * The folders are layers, lowest first; a file calls only its own layer and
 * those below (runtime/layers checks liboli's objects):
 *   os/       os.c: mmap, mbind, set_mempolicy, move_pages, raw system calls
 *   base/     options, messages, the process's facts (process.c), topology,
 *             the machine file, the version
 *   memory/   the process's allocator (host.c), tables committed as written,
 *             the arena, mbind mechanics, striping, the VMA budget, move_pages
 *   policy/   the rule (decide.c), the one producer of a decision (group.c: the
 *             equal-size rule), plans, OLI_POLICY=uniform's task policy
 *   objects/  per-site state and counters, placed objects, host-mode blocks,
 *             call-stack sites, re-decisions (settle.c), globals
 *   outputs/  the profile, PMU sampling, the report
 *   ./        init.c (the one start and end), alloc.c (allocation entry
 *             points, the interposed malloc family), api.c (other entry
 *             points), mallinfo.c (glibc's statistics with placed objects) */
#ifndef OLI_INTERNAL_H
#define OLI_INTERNAL_H

#include <stdarg.h>
#include <stdbool.h>
#include <pthread.h>
#include <stddef.h>
#include <sys/types.h>
#include <time.h>

#include "types.h"

#if defined(__GNUC__)
#define oli_likely(x) __builtin_expect(!!(x), 1)
#define oli_unlikely(x) __builtin_expect(!!(x), 0)
#define OLI_EXPORT __attribute__((visibility("default")))
#define OLI_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define oli_likely(x) (x)
#define oli_unlikely(x) (x)
#define OLI_EXPORT
#define OLI_PRINTF(f, a)
#endif

/* FNV-1a over n bytes from h (OLI_FNV_BASIS to start): the runtime's hash of
 * strings and frames (plan locations, group keys, call-stack site IDs). */
#define OLI_FNV_BASIS 0xcbf29ce484222325ull
static inline uint64_t _oli_fnv1a(uint64_t h, const void *p, size_t n) {
  const unsigned char *c = (const unsigned char *)p;
  for (size_t i = 0; i < n; i++) h = (h ^ c[i]) * 0x100000001b3ull;
  return h;
}

// glibc (not ours): the allocator for every object the runtime does not place.
/* glibc 2.36 exports these. */
extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void __libc_free(void *);
extern void *__libc_memalign(size_t, size_t);
#if defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define OLI_SANITIZER_BUILD 1
#endif
#endif
#ifdef OLI_SANITIZER_BUILD
/* ASan/TSan builds: memory that is not placed comes from the sanitizer's
 * allocator (its interceptors, which the interposed malloc shadows), not from
 * glibc's, so the sanitizer sees, checks and frees every heap object outside
 * the arena (docs/reliability.md). */
extern void *__interceptor_malloc(size_t);
extern void *__interceptor_calloc(size_t, size_t);
extern void *__interceptor_realloc(void *, size_t);
extern void __interceptor_free(void *);
extern void *__interceptor_memalign(size_t, size_t);
extern size_t __interceptor_malloc_usable_size(void *);
#define __libc_malloc __interceptor_malloc
#define __libc_calloc __interceptor_calloc
#define __libc_realloc __interceptor_realloc
#define __libc_free __interceptor_free
#define __libc_memalign __interceptor_memalign
#endif

// os/os.c: the one door to the kernel (mmap, mbind, set_mempolicy, move_pages, raw syscalls)
/* Thin wrappers: results and errno are the kernel's. */
void *_oli_os_mmap(void *addr, size_t len, int prot, int flags, int fd, off_t off);
void *_oli_os_map_rw(size_t len, bool noreserve); /* anonymous read-write; NULL on failure */
void *_oli_os_reserve(size_t len);                /* anonymous PROT_NONE; NULL on failure */
int _oli_os_unmap(void *addr, size_t len);
int _oli_os_protect(void *addr, size_t len, bool rw); /* read-write, or no access */
int _oli_os_advise(void *addr, size_t len, int advice);
/* A range back to reserved and unbacked (a fresh PROT_NONE mapping; short of
 * VMAs: pages dropped, default policy, no access). 0, -1 for the fallback. */
int _oli_os_decommit(void *addr, size_t len);
int _oli_os_mincore(void *addr, size_t len, unsigned char *vec);
/* Give the CPU to another thread (a spin that has waited long enough). */
void _oli_os_yield(void);
long _oli_os_mbind(void *addr, size_t len, int mode, const unsigned long *mask, unsigned long maxnode,
                   unsigned flags);
long _oli_os_set_mempolicy(int mode, const unsigned long *mask, unsigned long maxnode);
/* The calling process's pages: status[i] is the node of pages[i] (or -errno). */
long _oli_os_move_pages(unsigned long count, void **pages, int *status);
long _oli_os_getdents64(int fd, void *buf, size_t len);
int _oli_os_perf_event_open(void *attr, int cpu); /* the calling process, close-on-exec */
uint64_t _oli_page_size(void);
long _oli_os_cpus_configured(void);

// base/options.c
void _oli_options_init(void);
void _oli_options_capture_dir(void); /* liboli's start: the directory relative file names are under */
long _oli_option_get(oli_option_t option);
const char *_oli_option_str(oli_option_t option); /* string options, NULL unset */
/* A file-name option (OLI_REPORT, OLI_PROFILE, OLI_PLAN, OLI_SYSFS_ROOT) as the
 * file it means: a relative name under the start-up directory (captured
 * before main), so a chdir() of the program changes nothing; NULL unset.
 * Open files with this, name them in messages with _oli_option_str. */
const char *_oli_option_path(oli_option_t option);
bool _oli_option_is_set(oli_option_t option);
/* Check one value without reading the environment: 0 ok (*out set, *forced for
 * "force:" node lists), -1 with one line (no "oli: error:" prefix) in msg. */
int _oli_option_check(oli_option_t option, const char *value, long *out, bool *forced, char *msg,
                      size_t n);
const char *_oli_option_name(oli_option_t option); /* "OLI_POLICY" (oli run's help) */
/* Accepted values and the default, in words (oli run --help, the man page):
 * the row's Accepts, else the vocabulary's or the choice's words; the default
 * as the start-up log shows it ("1M", "unlimited"), "unset" for none. */
const char *_oli_option_accepts(oli_option_t option, char *buf, size_t n);
const char *_oli_option_default_text(oli_option_t option, char *buf, size_t n);
bool _oli_option_forced(oli_option_t option);      /* OLI_CXL_NODES=force:... */
/* OLI_WEIGHTS unpacked: 0 when unset, else 2 or 3 weights written to w. */
int _oli_option_weights(uint32_t w[OLI_MAX_TARGETS]);
void _oli_options_print(void); /* every option at verbose level 1 */
void _oli_options_reset(void); /* tests: forget cached values (not thread-safe) */
/* The environment's value now, parsed, not cached: 0 + *out; -1 unset or bad. */
int _oli_option_peek(oli_option_t option, long *out);
/* Secure execution (getauxval(AT_SECURE): setuid, setgid, file capabilities):
 * no OLI_* variable is read, every option has its default. */
bool _oli_secure(void);
void _oli_set_secure(int on); /* tests: 1 on, 0 off, -1 ask the kernel again */
/* The options' value rules over common/grammar.c, pure (options.c, the
 * fuzzers): OLI_WEIGHTS (each weight 1-255), OLI_*_NODES (nodes 0-63, not
 * empty). 0 ok, -1 bad. */
int _oli_parse_weights(const char *s, uint32_t w[OLI_MAX_TARGETS], int *n);
int _oli_parse_nodelist(const char *s, uint64_t *mask);
long _oli_env_mpi_rank(void); /* PMI_RANK, OMPI_COMM_WORLD_RANK, ...; -1 when not under MPI */
long _oli_env_mpi_local_rank(void); /* MPI_LOCALRANKID, OMPI_COMM_WORLD_LOCAL_RANK, ...; -1 unknown */
/* Expand %p pid, %r MPI rank (0 outside MPI), %h host, %% in a file name
 * pattern; 0 ok, -1 unknown escape or buf too small. No malloc. */
int _oli_expand_pattern(const char *pattern, char *buf, size_t n);
/* OLI_REPORT / OLI_PROFILE naming standard error: "stderr", any case. */
bool _oli_is_stderr_name(const char *s);

// base/messages.c
void _oli_verbose_message(int level, const char *fmt, ...) OLI_PRINTF(2, 3);
void _oli_warning_message(oli_warning_t id, const char *fmt, ...) OLI_PRINTF(2, 3);
/* The process exits (liboli's destructor): OLI_STRICT's stop flushes the
 * program's stdio before it ends the process. */
void _oli_messages_at_exit(void);
/* A warning about the machine, not the process (no CXL node, no NUMA):
 * counted in every process; printed only when `asked` (the user's options
 * wanted what the machine lacks), OLI_VERBOSE >= 1 or OLI_STRICT=1, and under
 * MPI only by the first rank of each host when the launcher says which. */
void _oli_machine_warning(oli_warning_t id, bool asked, const char *fmt, ...) OLI_PRINTF(3, 4);
void _oli_error_message(int err, const char *fmt, ...) OLI_PRINTF(2, 3);
uint64_t _oli_warning_count(oli_warning_t id);
uint64_t _oli_error_count(void);
/* All message output goes through one hook; NULL restores write(2) to stderr. */
void _oli_set_output(oli_output_fun *out, void *arg);
void _oli_messages_reset(void); /* tests: forget which warnings were printed */
/* Bad configuration: exit status 2 (after the error line was printed). */
_Noreturn void _oli_fatal_exit(void);

// base/process.c: the process's facts, set once by init.c
enum { OLI_INIT_NONE = 0, OLI_INIT_RUNNING = 1, OLI_INIT_DONE = 2 };
extern _Atomic int _oli_init_state; /* init.c's once-state */
bool _oli_is_initialized(void);
/* init.c: the topology as the options leave it, the default weights and
 * their source ("user", "hmat", "kernel" or "default"). */
void _oli_process_publish(const oli_topology_t *t, const uint32_t w[OLI_MAX_TARGETS], const char *wsrc);
const oli_topology_t *_oli_topology(void); /* the process's, after init */
const char *_oli_weights(uint32_t w[OLI_MAX_TARGETS]);

// base/forklocks.c: the runtime's locks across fork()
/* Guard lock m (from its file's constructor): a child forked while another
 * thread held it gets it free, and torn (may be NULL) is called there to drop
 * what that thread may have left half-changed. */
void _oli_fork_guard(pthread_mutex_t *m, void (*torn)(void));
void _oli_fork_guard_rw(pthread_rwlock_t *rw, void (*torn)(void));

// base/topology.c
/* Read a sysfs tree rooted at `root` ("/" normally; test data in tests). 0 ok. */
int _oli_topology_read(const char *root, oli_topology_t *t);
void _oli_topology_apply_overrides(oli_topology_t *t, uint64_t dram_mask, uint64_t cxl_mask);
/* Default DRAM:CXL:remote weights: measured bandwidth (a machine file, else HMAT),
 * else kernel weights, else 3:1; returns "machine", "hmat", "kernel" or "default". */
const char *_oli_topology_default_weights(const oli_topology_t *t, uint32_t w[OLI_MAX_TARGETS]);
/* Recompute cpu_node/local/cxl/remote from an allowed-CPU bitmask (tests;
 * _oli_topology_read uses sched_getaffinity). current_cpu breaks ties, -1 none. */
void _oli_topology_set_cpus(oli_topology_t *t, const uint64_t *cpus, int nwords, int current_cpu);
/* Validate OLI_DRAM_NODES/OLI_CXL_NODES masks against t: 0 ok, -1 with one line
 * in msg (node missing, without memory, with CPUs as CXL unless forced, in both). */
int _oli_topology_check_overrides(const oli_topology_t *t, uint64_t dram, uint64_t cxl,
                                  bool cxl_forced, char *msg, size_t n);
/* Every measurement of a machine file names nodes t has (memory on `to`,
 * CPUs on `from`): 0; else -1 with one line in why ("node 3 measured from
 * node 0: this machine has no such memory node ..."). The runtime's check of
 * OLI_MACHINE (base/machine.c) and oli run's of --machine. */
struct oli_machine_s;
int _oli_topology_check_machine(const struct oli_machine_s *m, const oli_topology_t *t, char *why, size_t n);
int _oli_topology_dram_tier(const oli_topology_t *t); /* memory tier of DRAM, -1 unknown */
/* The caller's node of a tier (local DRAM, CXL, remote DRAM); -1 none. */
int _oli_topology_tier_node(const oli_topology_t *t, oli_tier_t tier);

// base/machine.c
/* Apply the machine file (OLI_MACHINE, else OLI_MACHINE_DEFAULT_FILE when it
 * exists; OLI_MACHINE=none: neither) to t: the read bandwidth and idle latency
 * of every node measured from t->local_node replace HMAT's, and t->machine is
 * set. 1 applied, 0 not. A bad OLI_MACHINE file stops the process (one line,
 * exit 2); a bad default file is one W_MACHINE warning. */
int _oli_machine_apply(oli_topology_t *t);
const char *_oli_machine_path(void); /* the file applied, NULL none */

// memory/host.c: the process's allocator (liboli's interposed one, or another)
enum { OLI_HEAP_INTERPOSED = 0, OLI_HEAP_HOST = 1, OLI_HEAP_UNKNOWN = 2 };
/* OLI_HEAP_*: interposed, liboli's malloc/free are the process's and glibc is
 * behind them; host, another allocator is the process's (_oli_host). */
extern int _oli_heap_state;
typedef struct oli_host_alloc_s {
  void *(*malloc)(size_t);
  void *(*calloc)(size_t, size_t);
  void *(*realloc)(void *, size_t);
  void (*free)(void *);
  int (*posix_memalign)(void **, size_t, size_t);
  size_t (*usable_size)(void *); /* NULL: the allocator has none */
} oli_host_alloc_t;
extern oli_host_alloc_t _oli_host;
/* Read the mode once (idempotent, any thread); returns OLI_HEAP_*. */
int _oli_heap_detect(void);
bool _oli_heap_is_host(void);
/* The arena is [lo, lo + len): the window of the pass's inline free test
 * (__oli_arena_lo/len) in interposed mode. */
void _oli_heap_window(uintptr_t lo, uintptr_t len);
/* From now on the window is every address (a profile recording small
 * objects: instrumented code hands every free to the runtime). */
void _oli_heap_window_all(void);
const char *_oli_heap_name(void); /* "liboli", or the host allocator's file ("glibc", "libjemalloc.so.2") */
/* The small path may call glibc's allocator directly (the fast path the pass
 * inlines, include/oli_abi.h): interposed mode, or a host whose malloc is glibc's. */
bool _oli_heap_small_direct(void);
void *_oli_heap_alloc_host(size_t n, size_t align, bool zero);
void _oli_heap_free_host(void *p);
void *_oli_heap_realloc_host(void *p, size_t n);
/* The process allocator's malloc_usable_size of a block it gave (0 for NULL). */
size_t _oli_heap_usable_size(void *p);
/* Not yet interposed mode (host, or not yet known). A sanitizer build of the
 * runtime is interposed by construction (a static liboli.a takes over the
 * sanitizer's malloc, docs/reliability.md), and its interposed functions run
 * before the sanitizer's shadow exists: they read no state. */
#ifdef OLI_SANITIZER_BUILD
#define OLI_HEAP_NOT_INTERPOSED() false
#else
#define OLI_HEAP_NOT_INTERPOSED() \
  oli_unlikely(__atomic_load_n(&_oli_heap_state, __ATOMIC_RELAXED) != OLI_HEAP_INTERPOSED)
#endif
/* The process's allocator for every object the runtime does not place: n
 * bytes, aligned (align > 16) or zeroed; inlined into the small path. */
static inline __attribute__((always_inline)) void *_oli_heap_alloc(size_t n, size_t align, bool zero) {
  if (OLI_HEAP_NOT_INTERPOSED()) return _oli_heap_alloc_host(n, align, zero);
  if (align > 16) return __libc_memalign(align, n);
  return zero ? __libc_calloc(1, n) : __libc_malloc(n);
}
/* Host mode, once known (every allocation path runs after the detection). */
static inline __attribute__((always_inline)) bool _oli_heap_host_now(void) {
#ifdef OLI_SANITIZER_BUILD
  return false;
#else
  return __atomic_load_n(&_oli_heap_state, __ATOMIC_RELAXED) == OLI_HEAP_HOST;
#endif
}
static inline __attribute__((always_inline)) void _oli_heap_free(void *p) {
  if (OLI_HEAP_NOT_INTERPOSED()) _oli_heap_free_host(p);
  else __libc_free(p);
}
static inline __attribute__((always_inline)) void *_oli_heap_realloc(void *p, size_t n) {
  if (OLI_HEAP_NOT_INTERPOSED()) return _oli_heap_realloc_host(p, n);
  return __libc_realloc(p, n);
}

// memory/lazymap.c
/* 0, or -1 when the address space cannot be had. */
int _oli_lazy_reserve(oli_lazy_t *t, size_t len);
void _oli_lazy_free(oli_lazy_t *t); /* give a table back (failure paths) */
/* Make [off, off+len) writable (whole chunks); false when the kernel refuses
 * (ENOMEM) or the range is outside. Under the table owner's lock. */
bool _oli_lazy_commit(oli_lazy_t *t, size_t off, size_t len);
/* The chunk holding byte off is committed (readable); lock-free. */
bool _oli_lazy_has(const oli_lazy_t *t, size_t off);

// memory/arena.c
/* The arena is [lo, lo + len). len is published last (release) and read
 * first, with acquire: while it is 0 (not yet, or never, reserved) nothing is
 * in the arena, whatever lo holds - another thread may be initialising it (lo
 * is an atomic too, relaxed: a plain read of it raced with its store for
 * ThreadSanitizer, stress/alloc-oli under sanitize/tsan). Two plain moves on
 * x86-64, as before. */
extern uintptr_t _oli_arena_lo, _oli_arena_len;
#define OLI_IN_ARENA(p)                                                                       \
  __extension__({                                                                             \
    uintptr_t len_ = __atomic_load_n(&_oli_arena_len, __ATOMIC_ACQUIRE);                      \
    (uintptr_t)(p) - __atomic_load_n(&_oli_arena_lo, __ATOMIC_RELAXED) < len_;                \
  })
static inline bool _oli_arena_contains(const void *p) { return OLI_IN_ARENA(p); }
/* Reserve the arena (idempotent). 0, -1 when no virtual range could be had. */
int _oli_arena_init(void);
/* A placed block of >= size bytes, aligned to `align` (power of two, >= page
 * means page alignment or more), its pages given decision d before first
 * touch (the mechanism chosen for the block); zero: contents read as zero.
 * NULL when the arena is full or the kernel would not commit the block
 * (OLI_AF_NOMEM, errno): the caller asks glibc, which fails too when it is
 * out of memory. *flags gets OLI_AF_*. */
void *_oli_arena_alloc(size_t size, size_t align, const oli_decision_t *d, oli_site_state_t *st,
                       bool zero, unsigned *flags);
/* The same for a new object decided d: its mechanism for a block of that size
 * first (d->mechanism, _oli_place_mechanism), so the decision reaches the
 * memory layer in one call. */
void *_oli_arena_alloc_decided(size_t size, size_t align, oli_decision_t *d, oli_site_state_t *st, bool zero,
                               unsigned *flags);
/* Information about the live block starting at p; -1 when p is not one. */
int _oli_arena_info(const void *p, oli_block_info_t *out);
/* Profile runs (OLI_PROFILE set at arena init): the site state of the live
 * block holding p (any byte of it), else NULL; *obj (may be NULL) the block's
 * index, the object's identity. Lock-free, O(1); a racing free may attribute
 * one sample to the block's previous owner. */
oli_site_state_t *_oli_arena_owner(const void *p, uintptr_t *obj);
/* Free the live block at p (must be in the arena); fills *out (may be NULL).
 * An invalid or double free prints one error line and aborts, like glibc. */
void _oli_arena_free(void *p, oli_block_info_t *out);
/* Resize in place when possible; -1 when the caller must move the object. */
int _oli_arena_resize(void *p, size_t size);
/* settle.c changes a live block's placement: hold the block of `size` bytes
 * at p (free and resize of it wait meanwhile), filling *out; -1 when p is no
 * such live block (freed since, or its class unknown). unhold gives it its
 * new decision class `want`, placed (true) or fallen back to the default
 * policy, and lets waiters go. */
int _oli_arena_hold(const void *p, uint64_t size, oli_block_info_t *out);
void _oli_arena_unhold(const void *p, const oli_decision_t *want, bool placed);
/* Call fn for every live block (under the arena lock: fn must not allocate
 * from the arena). */
void _oli_arena_foreach(void (*fn)(const oli_block_info_t *b, void *arg), void *arg);
void _oli_arena_stats(oli_arena_stats_t *s);
/* A live block's pages were laid out anew (re-decided): its old VMAs go back
 * to the budget, `lay` is its layout now (zeros after a fallback). */
void _oli_arena_set_layout(const void *p, const oli_layout_t *lay);
/* The arena's metadata bytes in use (its fixed tables; descriptors and page
 * maps) and the most blocks it tracked at once. */
void _oli_arena_meta(uint64_t *fixed, uint64_t *objects, uint64_t *peak_objects);

// memory/place.c
/* Transparent huge page size: blocks of at least this are aligned to it. */
#define OLI_HUGE_BYTES (2ull << 20)
/* The mechanism that places d on an object of npages (0: size unknown)
 * starting on a 2 MiB boundary or not: for an interleave, the kernel's own
 * (equal weights, or the kernel's global weights) when the object has a body
 * of whole rounds of its folios for it, else page runs. */
oli_mechanism_t _oli_place_mechanism(const oli_decision_t *d, uint64_t npages, bool aligned);
/* Apply decision d to [addr, addr+len) (page aligned) by d->mechanism.
 * `flags` is passed to mbind (0, or MPOL_MF_MOVE for globals). 0 ok (also for
 * the default placement); -1/errno after resetting the range to the default
 * policy (caller counts the fallback), also for a placed decision whose
 * mechanism was never set. */
int _oli_place_range(void *addr, size_t len, const oli_decision_t *d, unsigned flags, oli_layout_t *out);
/* Room check, then placement: the one path every placed range takes (arena
 * blocks, globals, mmap regions). 0 ok; -1 after one W_MBIND warning naming
 * `what` ("an object of 4194304 bytes"): a target node has no room for its
 * share or mbind failed; the range has the default policy and the caller
 * counts the fallback. out (may be NULL): the layout made (zeros when none). */
int _oli_place_checked(void *addr, size_t len, const oli_decision_t *d, unsigned flags, const char *what,
                       oli_layout_t *out);
/* Pages per target (index as d->target[]) that d->mechanism gives an object
 * of npages; returns the number of targets. */
int _oli_place_intended(const oli_decision_t *d, uint64_t npages, uint64_t out[OLI_MAX_TARGETS]);
/* The stripe plan d->mechanism gives npages at addr with a budget of vmas
 * VMAs (0: none), as _oli_place_range lays it out (THP from the topology).
 * 0, -1 when d has no target. */
int _oli_place_layout(const oli_decision_t *d, uintptr_t addr, uint64_t npages, uint64_t vmas,
                      oli_stripe_in_t *in, oli_stripe_t *plan);
/* Room check (a full node must not be filled silently by MPOL_PREFERRED's
 * spill-over): the first target node whose share of npages does not fit in
 * room[node] bytes (UINT64_MAX: unknown, fits), or -1. Pure. */
int _oli_place_fits(const oli_decision_t *d, uint64_t npages, const uint64_t room[OLI_MAX_NODES]);
/* The same against the nodes' meminfo (cached 20 ms); on success the shares
 * are deducted from the cache. Full node, or -1; *need, *have in bytes. */
int _oli_place_check_room(const oli_decision_t *d, uint64_t len, uint64_t *need, uint64_t *have);
uint64_t _oli_node_room(int node); /* bytes a node can still give, UINT64_MAX unknown */

// memory/stripe.c
/* Plan the page layout of an interleaved object: 0, -1 for bad input (no
 * target, a zero weight, huge not dividing step). Pure. */
int _oli_stripe_plan(const oli_stripe_in_t *in, oli_stripe_t *out);
/* Called for each segment in address order: `len` pages at object page
 * `off` on target `target` (index into in->w), or target -1 for the native
 * body. A non-zero return stops the walk and is returned. */
typedef int oli_stripe_fn(void *arg, uint64_t off, uint64_t len, int target);
int _oli_stripe_walk(const oli_stripe_in_t *in, const oli_stripe_t *p, oli_stripe_fn *fn, void *arg);
/* Pages per target of the plan (the native body split exactly by weight). */
void _oli_stripe_pages(const oli_stripe_in_t *in, const oli_stripe_t *p, uint64_t out[OLI_MAX_TARGETS]);
/* Huge page index mod sum(w) that an object of in->npages with a native body
 * should start at (its block's address / huge page), so that its last window
 * holds the ratio within a huge page too; 0 when it has no body. */
uint64_t _oli_stripe_phase(const oli_stripe_in_t *in);

// memory/vmabudget.c
/* VMAs one more object's policy ranges may use now (what is left of the
 * budget; 0: none). Reads max_map_count and counts the maps on first use. */
uint64_t _oli_vma_allowance(void);
/* An object was placed with n VMAs (coarsened: its runs had to grow). */
void _oli_vma_take(uint64_t n, bool coarsened);
void _oli_vma_give(uint64_t n); /* its block went back to the pool */
void _oli_vma_stats(oli_vma_stats_t *out);
void _oli_vma_reset(void); /* tests: forget the budget; the next use reads it again */

// memory/unplaced.c: what the process holds outside placed objects
void _oli_unplaced_init(void); /* the placed path's bring-up: glibc's own mallinfo2 */
/* glibc's heap in use (0 in host mode) and the loaded modules' writable data
 * (liboli's left out): a sample at most 10 ms old, or a new one (fresh). */
void _oli_unplaced(bool fresh, uint64_t *heap, uint64_t *data);
#define OLI_UNPLACED_PERIOD_NS 10000000ull /* 10 ms */
typedef struct oli_unplaced_sample_s {
  _Atomic uint64_t heap, data, taken_ns; /* the last sample and when (0: none yet) */
  _Atomic bool fixed;                    /* tests: the figures are given, not sampled */
} oli_unplaced_sample_t;
extern oli_unplaced_sample_t _oli_unplaced_last;
static inline uint64_t _oli_unplaced_clock(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC_COARSE, &ts);
  return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}
/* _oli_unplaced(false, ...) without a call while the last sample is less than
 * 10 ms old (the placed path's: a sample is a call once per 10 ms). */
static inline void _oli_unplaced_recent(uint64_t *heap, uint64_t *data) {
  oli_unplaced_sample_t *u = &_oli_unplaced_last;
  uint64_t last = atomic_load_explicit(&u->taken_ns, memory_order_relaxed);
  if (oli_likely(atomic_load_explicit(&u->fixed, memory_order_acquire) ||
                 (last != 0 && _oli_unplaced_clock() - last < OLI_UNPLACED_PERIOD_NS))) {
    *heap = atomic_load_explicit(&u->heap, memory_order_relaxed);
    *data = atomic_load_explicit(&u->data, memory_order_relaxed);
    return;
  }
  _oli_unplaced(false, heap, data);
}
void _oli_unplaced_fix(uint64_t heap, uint64_t data); /* tests: these figures from now on */

// memory/query.c
#define OLI_QUERY_MAX_PAGES 65536 /* larger ranges are sampled */
/* Count resident pages of [addr, addr+len) per node with move_pages(2).
 * per_node[OLI_MAX_NODES]; *absent: pages not yet faulted; *sampled: true when
 * a stride was used (counts are then scaled to the whole range). 0, -1/errno. */
int _oli_query_pages(const void *addr, size_t len, uint64_t per_node[OLI_MAX_NODES],
                     uint64_t *absent, bool *sampled);

// policy/decide.c
oli_decision_t _oli_decide(const oli_decide_in_t *in);
/* Fill the option/topology part of a decide input (policy, topo, min_size,
 * large_percent, dram_limit, weight); the caller adds site, size, footprint,
 * dram_used and plan. */
void _oli_decide_defaults(oli_decide_in_t *in);
/* "38% of footprint, >= 10%: interleave 3:1" */
int _oli_reason_format(const oli_decision_t *d, uint32_t large_percent, char *buf, size_t n);
/* Bytes of an object of `size` that decision d puts on local DRAM (for
 * dram_used; inline: the group's budget check on the placed path). */
static inline uint64_t _oli_decision_dram_bytes(const oli_decision_t *d, uint64_t size) {
  unsigned __int128 sum = 0, dram = 0;
  for (int i = 0; i < d->ntargets && i < OLI_MAX_TARGETS; i++) {
    sum += d->target[i].weight;
    if (d->target[i].tier == OLI_TIER_DRAM) dram += d->target[i].weight;
  }
  return sum ? (uint64_t)((unsigned __int128)size * dram / sum) : 0;
}
/* Same placement and targets (tier, node, weight): the same pages anywhere. */
static inline bool _oli_decision_same_targets(const oli_decision_t *a, const oli_decision_t *b) {
  if (a->placement != b->placement || a->ntargets != b->ntargets) return false;
  for (int i = 0; i < a->ntargets && i < OLI_MAX_TARGETS; i++)
    if (a->target[i].tier != b->target[i].tier || a->target[i].node != b->target[i].node ||
        a->target[i].weight != b->target[i].weight)
      return false;
  return true;
}
/* The weight and node of d's target in `tier`: 0 / -1 when it has none. */
uint32_t _oli_decision_weight(const oli_decision_t *d, oli_tier_t tier);
int _oli_decision_node(const oli_decision_t *d, oli_tier_t tier);
/* d's ratio by tier, "D:C" or "D:C:R" (the report's `ratio`) into buf. */
char *_oli_decision_ratio(const oli_decision_t *d, char *buf, size_t n);

// policy/plan.c
/* The records record_at(arg, 0, 1, ...) gives (NULL: skipped; *more false
 * after the last) - the site registry's, from objects/site.c; the plan does
 * not know the registry. */
typedef const __oli_site_t *oli_record_at_fun(void *arg, size_t i, bool *more);
/* Record i's site placed nothing: every object it allocated was below
 * OLI_MIN_SIZE, or it allocated none (the exit line counts such new sites
 * apart, as oli diff does). */
typedef bool oli_record_small_fun(void *arg, size_t i);
/* The registered records, which sites are re-matched among (site.c, once). */
void _oli_plan_use_records(oli_record_at_fun *record_at, void *arg);
/* Plan/profile entry for a site (OLI_PLAN): by ID, else, for a registered
 * site, the entry it was re-matched to by source location (common/rematch.c,
 * as oli diff pairs); NULL when none. Loads the file on first use (a bad
 * file: W_PLAN warning, then always NULL). Thread-safe. */
const oli_plan_entry_t *_oli_plan_lookup(const __oli_site_t *site);
/* The same for st's record, resolved once per plan and kept in st (the
 * allocation path's: no lookup per object). */
const oli_plan_entry_t *_oli_plan_for(oli_site_state_t *st);
extern _Atomic uint64_t _oli_plan_gen; /* bumped whenever the plan changes */
extern _Atomic int _oli_plan_state;    /* 0 none, 1 loading, 2 loaded */
/* _oli_plan_for's answer without a call when st holds it for the loaded plan
 * (true, *e set); false: ask _oli_plan_for (which may load the file). */
static inline bool _oli_plan_known(const oli_site_state_t *st, const oli_plan_entry_t **e) {
  oli_site_state_t *s = (oli_site_state_t *)st;
  if (oli_unlikely(atomic_load_explicit(&_oli_plan_state, memory_order_acquire) != 2) || st->site == NULL ||
      atomic_load_explicit(&s->plan_gen, memory_order_acquire) != atomic_load_explicit(&_oli_plan_gen, memory_order_acquire))
    return false;
  *e = atomic_load_explicit(&s->plan_entry, memory_order_relaxed);
  return true;
}
int _oli_plan_load(void); /* idempotent; -1 when re-entered while loading */
/* The loaded plan's dram_limit, bytes (0: none, unlimited, or a profile): the
 * run's DRAM limit under the rule when OLI_DRAM_LIMIT is not given
 * (objects/placed.c's _oli_alloc_dram_limit). */
extern _Atomic uint64_t _oli_plan_limit;
static inline uint64_t _oli_plan_dram_limit(void) { return atomic_load_explicit(&_oli_plan_limit, memory_order_relaxed); }
/* Replace the plan with a document in memory (tests, fuzzers): 0, -1 + msg. */
int _oli_plan_set_text(const char *text, size_t len, char *msg, size_t n);
void _oli_plan_reset(void); /* tests: forget the plan; the next lookup loads OLI_PLAN */
/* Match statistics over the records record_at gives (small: NULL, or which
 * of them placed nothing). */
void _oli_plan_stats(oli_plan_stats_t *st, oli_record_at_fun *record_at, oli_record_small_fun *small, void *arg);
/* At exit: the plan statistics line over those records. */
void _oli_plan_fini(oli_record_at_fun *record_at, oli_record_small_fun *small, void *arg);

// policy/group.c: the one producer of a placed object's decision
/* The decision for an object of in->size of st: its group's (its site, or its
 * source line) for that size while it fits the DRAM budget, else - and always
 * when fresh (a re-decision) - the rule's (hook: tests' stand-in for
 * _oli_decide), which becomes the group's. The mechanism is left to the
 * memory it is applied to (_oli_place_mechanism). */
oli_decision_t _oli_decide_site(const oli_site_state_t *st, const oli_decide_in_t *in, oli_decide_hook_t hook,
                                bool fresh);
/* Which block _oli_decide_alloc asks the arena for: none (host mode: the
 * caller's), one for a decision that places (the default placement is
 * glibc's), or one for any decision (a profile run attributes samples to
 * arena blocks). */
typedef enum { OLI_BLOCK_NONE, OLI_BLOCK_PLACED, OLI_BLOCK_ANY } oli_block_want_t;
/* A new object of in->size of st: its decision (as _oli_decide_site) in *d
 * and, as `want` says, its arena block placed by it
 * (_oli_arena_alloc_decided: the mechanism, then the block; *fl its flags).
 * NULL: no block asked, or the arena gave none (*fl says why, errno set). */
void *_oli_decide_alloc(oli_site_state_t *st, const oli_decide_in_t *in, oli_decide_hook_t hook,
                        oli_block_want_t want, size_t align, bool zero, oli_decision_t *d, unsigned *fl);
uint64_t _oli_group_key(const oli_site_state_t *st); /* computed once, kept in st (never 0) */
void _oli_group_forget(void); /* a settle: groups without a live object are forgotten */

// policy/taskpolicy.c
/* OLI_POLICY=uniform: the task policy for topology t and weights w (pure). */
void _oli_task_policy_choose(const oli_topology_t *t, const uint32_t w[OLI_MAX_TARGETS],
                             oli_task_policy_t *out);
/* Set it with set_mempolicy (process init; wsrc names the weights' source for
 * the warning). A refusal: W_MBIND, mode FAILED, default policy. */
void _oli_task_policy_apply(const oli_topology_t *t, const uint32_t w[OLI_MAX_TARGETS], const char *wsrc);
const oli_task_policy_t *_oli_task_policy(void); /* what init set (mode NONE: nothing) */

// objects/site.c
/* The allocation paths' per-thread state (types.h). */
extern __thread oli_tls_t _oli_tls __attribute__((tls_model("initial-exec")));
/* State of a site record (registered on first use); NULL site -> the
 * "untagged" state. Never NULL. */
oli_site_state_t *_oli_site_state(__oli_site_t *site);
/* The record's slot holds the state's registry index + 1 (0: not registered). */
extern oli_site_state_t **_oli_site_by_slot; /* index: slot - 1 */
static inline oli_site_state_t *_oli_site_fast(__oli_site_t *site) {
  uint64_t slot = site ? __atomic_load_n(&site->slot, __ATOMIC_ACQUIRE) : 0;
  return slot ? _oli_site_by_slot[slot - 1] : NULL;
}
void _oli_site_count_small_slow(uint64_t slot, uint64_t size);
/* Count a small object in counters c: plain stores to thread-owned memory, no
 * lock, no atomic read-modify-write, no branch. A site's largest object is the
 * maximum over the shards (_oli_site_totals). */
static inline void _oli_site_count_ctr(oli_shard_ctr_t *c, uint64_t size) {
  uint64_t l = __atomic_load_n(&c->largest, __ATOMIC_RELAXED);
  __atomic_store_n(&c->count, __atomic_load_n(&c->count, __ATOMIC_RELAXED) + 1, __ATOMIC_RELAXED);
  __atomic_store_n(&c->bytes, __atomic_load_n(&c->bytes, __ATOMIC_RELAXED) + size, __ATOMIC_RELAXED);
  __atomic_store_n(&c->largest, size > l ? size : l, __ATOMIC_RELAXED);
}
/* Count a small object of the site in slot (!= 0) in this thread's shard. */
static inline void _oli_site_count_slot(uint64_t slot, uint64_t size) {
  oli_shard_ctr_t *c = _oli_tls.ctr;
  if (oli_likely(c != NULL)) _oli_site_count_ctr(c + (slot - 1), size);
  else _oli_site_count_small_slow(slot, size);
}
/* Same for a state (any path). */
void _oli_site_count_small(oli_site_state_t *st, uint64_t size);
/* Register every record of [start, stop) (read by common/siterec.c); returns
 * the number of records, *fresh those not registered before (each of a
 * module's translation units calls with the whole section). A damaged record
 * stops the module: W_PLAN. States keep copies of the records, never
 * pointers into the module. */
size_t _oli_site_register_module(__oli_site_t *start, __oli_site_t *stop, size_t *fresh);
/* The module of [start, stop) is going away (__oli_fini): its records leave
 * their states (static hints of IDs left in no module leave the footprint);
 * *gone: those that were still registered. */
size_t _oli_site_unregister_module(__oli_site_t *start, __oli_site_t *stop, size_t *gone);
/* Small-object fast path (oli_abi.h): from now on the pass's inline test at
 * site's call sites sends sizes below 2^shift to the allocator directly; the
 * site's state is marked so the report says its counts are partial. */
void _oli_site_set_bypass(__oli_site_t *site, unsigned shift);
/* Sum of static size hints over distinct registered site IDs. */
uint64_t _oli_site_static_footprint(void);
/* The hints (>= OLI_MIN_SIZE) of registered IDs that have no object yet: the
 * part of the footprint the static hints promise that has not come (a site's
 * first object takes its hint out). */
uint64_t _oli_site_pending_hints(void);
/* The same for a placed object of st about to be decided, in one call: the
 * pending hints, and in *own whether st's hint is still among them (false
 * for NULL). */
uint64_t _oli_site_hints(const oli_site_state_t *st, bool *own);
extern uint64_t _oli_site_pending_total; /* _oli_site_pending_hints() */
static inline uint64_t _oli_site_pending_now(void) { return __atomic_load_n(&_oli_site_pending_total, __ATOMIC_RELAXED); }
/* st's first object took its hint out: _oli_site_hints(st) is then
 * _oli_site_pending_now() with *own false. */
static inline bool _oli_site_hints_used(const oli_site_state_t *st) {
  return st && atomic_load_explicit(&((oli_site_state_t *)st)->hint_used, memory_order_relaxed);
}
/* A re-decision gave st's objects of `size` decision d (settle.c): counted
 * when it flipped their placement (else it only renews the reason: same
 * targets, the new share), and d is the site's decision when size is its
 * largest. */
void _oli_site_redecided(oli_site_state_t *st, uint64_t size, const oli_decision_t *d, bool flipped);
/* A placed object of st fell back to the default policy (counted once here). */
void _oli_site_fallback(oli_site_state_t *st);
/* A placed (or large) object: counted in this thread's shard (pcount, pbytes). */
void _oli_site_count_object(oli_site_state_t *st, uint64_t size, const oli_decision_t *d);
/* st->last, read under the lock that _oli_site_count_object writes it under. */
void _oli_site_last(oli_site_state_t *st, oli_decision_t *out);
/* n bytes of st's placed objects became live (+1) or were freed (-1): a
 * livebytes.c counter. Its peak, and its placed objects (the shards' and the
 * state's own count). */
void _oli_site_live(oli_site_state_t *st, uint64_t size, int sign);
uint64_t _oli_site_peak_live(const oli_site_state_t *st);
uint64_t _oli_site_live_now(const oli_site_state_t *st);
uint64_t _oli_site_placed_objects(const oli_site_state_t *st);
/* This thread's shard (made on first use; NULL when there is no memory for
 * one), and the list of every shard (livebytes.c walks it). */
oli_shard_t *_oli_site_my_shard(void);
oli_shard_t *_oli_site_shards(void);
/* A placed object of st exists: its fallback (when it fell back), its live
 * bytes (when live: an arena block; a host-mode block's are booked by
 * hostblock.c) and its counters, in one call of the placed path. */
void _oli_site_placed(oli_site_state_t *st, uint64_t size, const oli_decision_t *d, bool fallback, bool live);
/* placed.c's one call for a new object of in->size of st: its decision and
 * arena block (policy/group.c's _oli_decide_alloc, as `want` says), the
 * block booked to the site (_oli_site_placed: fallback, live bytes,
 * counters). NULL: no block (none asked, or the arena gave none: *fl). */
void *_oli_site_block(oli_site_state_t *st, const oli_decide_in_t *in, oli_decide_hook_t hook,
                      oli_block_want_t want, size_t align, bool zero, oli_decision_t *d, unsigned *fl);
/* Portable profile: add a sample's weight to st's accesses in this thread's
 * shard (plain stores, no shared cache line); the sum over shards and the
 * state's own counter. */
void _oli_site_count_access(oli_site_state_t *st, uint64_t weight);
/* The same for a portable sample at addr of object obj (an identity, 0
 * unknown) after `clock` units sampled on this thread: also its step from the
 * thread's sample before of the same object (types.h, OLI_STEP_*), and, near,
 * the weight among its near accesses too (__oli_profile_near4); with
 * gather_ops (not 0) the weight among its gathered accesses and weight x
 * gather_ops among their loops' operations (__oli_profile_gather4). */
void _oli_site_count_sample(oli_site_state_t *st, uint64_t weight, uintptr_t addr, uintptr_t obj, uint64_t clock,
                            bool near, uint64_t gather_ops);
/* The site's pattern from its steps summed over the shards (steps[] gets the
 * sums, may be NULL): OLI_PATTERN_NONE when too few were sampled. */
oli_access_pattern_t _oli_site_sampled_pattern(const oli_site_state_t *st, uint64_t *steps);
/* Bytes between the lowest and the highest sampled offset within the site's
 * objects (portable profile: a sample's address less its object's start),
 * all threads; 0 with fewer samples than a pattern needs. */
uint64_t _oli_site_sampled_span(const oli_site_state_t *st);
uint64_t _oli_site_accesses(const oli_site_state_t *st);
/* Of those, the near accesses' (summed over the shards). */
uint64_t _oli_site_near_accesses(const oli_site_state_t *st);
/* Of those, the gathered accesses' and their loops' operations. */
void _oli_site_gathers(const oli_site_state_t *st, uint64_t *accesses, uint64_t *ops);
/* The most threads that counted at once (objects or access samples): the
 * shards, which a thread hands on when it exits. */
size_t _oli_site_threads(void);
/* Totals including the per-thread shards: objects, bytes and the largest
 * object (any out pointer may be NULL). */
void _oli_site_totals(const oli_site_state_t *st, uint64_t *count, uint64_t *bytes, uint64_t *largest);
/* Registered site states in registration order; NULL past the end. */
oli_site_state_t *_oli_site_at(size_t i);
/* Position of st in _oli_site_at order. */
size_t _oli_site_index(const oli_site_state_t *st);
/* Record header of a state's site (NULL for the untagged state). */
const __oli_site_t *_oli_site_record(const oli_site_state_t *st);
/* Plan match statistics over the registered sites (policy/plan.c's
 * _oli_plan_stats through the registry), and the line printed at exit. */
void _oli_site_plan_stats(oli_plan_stats_t *st);
void _oli_site_plan_fini(void);
uint64_t _oli_site_meta_bytes(void); /* the registry's own memory in use */
/* The runtime's own metadata in use in two parts: `fixed`, what
 * does not grow with the objects (the arena's tables; site states, registry
 * slots and per-thread shard counters, per site), and `objects`, what does
 * (arena descriptors, page/owner maps); and the most placed objects the arena
 * tracked at once. */
void _oli_runtime_meta(uint64_t *fixed, uint64_t *objects, uint64_t *tracked_objects);

// objects/livebytes.c (live bytes with their exact peak, per-thread headroom: types.h oli_live_t)
/* key: a site's registry index (its headroom in the shard's counters), or
 * -1 - i for the process's counter i < OLI_LIVE_GLOBALS. */
/* The fast paths are inline (a thread's own headroom word, one
 * compare-and-swap), so the placed path does not leave its file for them; the
 * slow paths take the lock. */
#define OLI_LIVE_FROZEN (1ull << 63)
static inline _Atomic uint64_t *_oli_live_word(oli_shard_t *s, int32_t key) {
  return key >= 0 ? &s->ctr[key].headroom : &s->headroom[-1 - key];
}
void _oli_live_add_slow(oli_live_t *c, int32_t key, uint64_t n);
void _oli_live_sub_slow(oli_live_t *c, int32_t key, uint64_t n);
/* n bytes became live */
static inline void _oli_live_add(oli_live_t *c, int32_t key, uint64_t n) {
  oli_shard_t *s = _oli_tls.shard;
  if (oli_likely(s != NULL)) {
    _Atomic uint64_t *h = _oli_live_word(s, key);
    uint64_t v = atomic_load_explicit(h, memory_order_relaxed);
    while (!(v & OLI_LIVE_FROZEN) && v >= n)
      if (atomic_compare_exchange_weak_explicit(h, &v, v - n, memory_order_relaxed, memory_order_relaxed)) return;
  }
  _oli_live_add_slow(c, key, n);
}
/* n bytes were freed */
static inline void _oli_live_sub(oli_live_t *c, int32_t key, uint64_t n) {
  oli_shard_t *s = _oli_tls.shard;
  if (oli_likely(s != NULL)) {
    _Atomic uint64_t *h = _oli_live_word(s, key);
    uint64_t v = atomic_load_explicit(h, memory_order_relaxed);
    while (!(v & OLI_LIVE_FROZEN))
      if (atomic_compare_exchange_weak_explicit(h, &v, v + n, memory_order_relaxed, memory_order_relaxed)) return;
  }
  _oli_live_sub_slow(c, key, n);
}
static inline uint64_t _oli_live_peak(const oli_live_t *c) {
  return atomic_load_explicit(&((oli_live_t *)c)->peak, memory_order_relaxed);
}
/* The live bytes: exact when nothing changes meanwhile (reads every shard). */
uint64_t _oli_live_now(const oli_live_t *c, int32_t key);
/* At least the live bytes, from the shared part and this thread's headroom
 * only: exact when no other thread holds freed bytes. */
static inline uint64_t _oli_live_bound(const oli_live_t *c, int32_t key) {
  oli_live_t *m = (oli_live_t *)c;
  uint64_t held = atomic_load_explicit(&m->pool, memory_order_relaxed);
  oli_shard_t *s = _oli_tls.shard;
  if (s) held += atomic_load_explicit(_oli_live_word(s, key), memory_order_relaxed) & ~OLI_LIVE_FROZEN;
  uint64_t peak = atomic_load_explicit(&m->peak, memory_order_relaxed);
  return peak > held ? peak - held : 0;
}

// objects/summary.c (the linked files' access summaries: the join of static estimates)
/* Keeps the linked file's summary section [start, stop) (checked: a bad one
 * is one warning and ignored) until _oli_summary_forget(sites). */
void _oli_summary_register(const __oli_site_t *sites, const void *start, const void *stop);
/* est (the record's own estimate, flag keyed) joined with every kept file's. */
void _oli_summary_join(const __oli_site_t *s, __oli_site_static_t *est);
void _oli_summary_forget(const __oli_site_t *sites);

// objects/placed.c
void _oli_placed_init(void); /* from bring-up: the decide input's option part */
void _oli_alloc_set_decide_hook(oli_decide_hook_t hook); /* tests */
oli_decide_hook_t _oli_alloc_decide_hook(void);          /* the hook set, NULL none */
/* A decision for an object of `size` bytes of st (the full rule), with the
 * mechanism for an arena block of that size. */
oli_decision_t _oli_alloc_decide(oli_site_state_t *st, uint64_t size);
/* Account `bytes` of an object with decision d (fallback: default tier) as
 * live (+1) or freed (-1), each target's share to its tier; the DRAM tier's
 * live bytes are the budget's use. */
void _oli_alloc_account(const oli_decision_t *d, bool fallback, uint64_t bytes, int sign);
/* A re-decided object's bytes move from one decision's tiers to another's
 * (the footprint stays). */
void _oli_alloc_rebook(const oli_decision_t *from, bool from_fallback, const oli_decision_t *to, bool to_fallback,
                       uint64_t bytes);
/* The whole footprint (docs/runtime.md, "The footprint"): placed objects and
 * globals, glibc's heap in use, the modules' other writable data; live (a
 * sample at most 10 ms old) and peak (as sampled). NULL: not wanted. */
void _oli_footprint_now(uint64_t *live, uint64_t *peak);
/* Its parts now, from a fresh sample (the peak raised to it), and the peak
 * of placed bytes alone. */
void _oli_footprint_parts(oli_footprint_parts_t *parts, uint64_t *placed_peak);
/* A placed global's bytes came (+1) or went (-1): the modules' data, which
 * holds them, counts them once. */
void _oli_placed_global(uint64_t bytes, int sign);
/* The expected footprint for an object of `size` of st about to be placed
 * (st NULL, size 0: as it stands): max(OLI_FOOTPRINT, the whole peak, the
 * whole footprint now + the object + the static hints still to come). */
uint64_t _oli_footprint_expected(const oli_site_state_t *st, uint64_t size);
/* The option and topology part of every decision input (settle.c). */
const oli_decide_in_t *_oli_decide_base(void);
uint64_t _oli_alloc_dram_used(void); /* live bytes on the DRAM and default tiers: the budget's use */
bool _oli_alloc_default_is_dram(void); /* the default policy's pages are local DRAM (not a recorded tree's) */
/* The DRAM limit decisions keep to: OLI_DRAM_LIMIT when given, else under the
 * rule the plan's (0: none). */
uint64_t _oli_alloc_dram_limit(void);
/* Per-tier live and peak bytes (indexed by oli_tier_t). */
void _oli_alloc_tier_bytes(uint64_t live[OLI_TIER_COUNT_], uint64_t peak[OLI_TIER_COUNT_]);
/* An object of n >= OLI_MIN_SIZE bytes of st: decided, counted, from the
 * arena with its pages placed, else from glibc (a counted fallback). NULL
 * only when glibc has no memory either. */
void *_oli_placed_alloc(oli_site_state_t *st, size_t n, size_t align, bool zero);
/* free and realloc of a live arena block (p in the arena); realloc keeps the
 * decision, in place when it can. */
void _oli_placed_free(void *p);
void *_oli_placed_realloc(void *p, size_t n);
/* realloc of glibc block p to n >= OLI_MIN_SIZE bytes for st: it moves into
 * the arena when the decision places it. */
void *_oli_placed_grow(void *p, size_t n, oli_site_state_t *st);
/* An anonymous private mmap region of st: decided and placed (not tracked live). */
void _oli_placed_mmap(void *p, size_t len, oli_site_state_t *st);

/* Book n bytes of an object of st with decision d as live (+1) or freed (-1):
 * its tiers, the footprint and its site. */
void _oli_placed_live(oli_site_state_t *st, const oli_decision_t *d, bool fallback, uint64_t n, int sign);
/* free/delete/realloc/malloc_usable_size from instrumented code and the
 * interposed functions: p is a placed object (arena or host block), taken
 * back and booked (true); false: not ours, for the process's allocator. */
bool _oli_placed_release(void *p);
/* realloc of host block p (host mode) to n bytes: true with *out the result
 * (NULL: freed for n == 0, or out of memory with p untouched); false when p
 * is no host block. In place within its pages, else a new block with its
 * decision. */
bool _oli_placed_realloc_host(void *p, size_t n, void **out);

// objects/hostblock.c (host mode: placed objects in the process allocator's memory)
/* A block of the host allocator for an object of n >= OLI_MIN_SIZE bytes of
 * st, its whole pages given d (moved where already present), booked live;
 * *fl: OLI_AF_FALLBACK (default policy), or NULL with OLI_AF_NOMEM (errno). */
void *_oli_hostblock_alloc(oli_site_state_t *st, const oli_decision_t *d, size_t n, size_t align, bool zero,
                           unsigned *fl);
/* p is a live block's start: it leaves the table, booked freed, its policy
 * reset; *out (may be NULL) is what it was. false: not one. The caller gives
 * the memory to the host allocator. */
bool _oli_hostblock_take(void *p, oli_block_info_t *out);
int _oli_hostblock_info(const void *p, oli_block_info_t *out); /* -1: p is no live block's start */
int _oli_hostblock_resize(void *p, size_t n); /* n within its usable size: 0, rebooked; -1 no */
oli_site_state_t *_oli_hostblock_owner(const void *p);         /* any byte of a live block */
void _oli_hostblock_foreach(void (*fn)(const oli_block_info_t *b, void *arg), void *arg);
typedef struct oli_hostblock_stats_s {
  uint64_t blocks, live_blocks; /* placed so far; live now */
  uint64_t unseen_frees, unseen_bytes; /* freed by code not built with the plugin, found on reuse */
} oli_hostblock_stats_t;
void _oli_hostblock_stats(oli_hostblock_stats_t *s);

// objects/stacksite.c (sites of code not built with the plugin: the call stack)
#define OLI_STACK_FRAMES 3 /* the allocator call's return address and two callers */
typedef struct oli_frame_s {
  const char *module;   /* the ELF file's path */
  const char *build_id; /* its GNU build ID in hex, "" none */
  uint64_t offset;      /* the return address at the module's link-time addresses */
} oli_frame_t;
/* Stack sites are on: liboli is preloaded, the process registered no site
 * records (a program not built with the plugin), the unwinder is loaded. */
bool _oli_stack_sites_on(void);
void _oli_stack_sites_warm_up(void); /* liboli's start: preloaded? then the unwinder loaded */
bool _oli_stack_sites_preloaded(void); /* liboli named in LD_PRELOAD, the unwinder loaded */
void _oli_stack_sites_plugin_module(void); /* __oli_init: a module with records */
/* The state of the call-stack site of an object of kind `kind` whose
 * allocator call returns to ra, fp the rbp its caller had at the call (a
 * hint: trusted only as the unwinder confirms it); NULL when the stack
 * cannot be had. */
oli_site_state_t *_oli_stack_site(const void *ra, const void *fp, uint8_t kind);
/* The frames of stack site `id` (0: not one), at most max. */
int _oli_stack_frames(uint64_t id, oli_frame_t *out, int max);
/* A report's or profile's site object s (s->id set) gets its frames when it
 * is a stack site (OLI_F_FRAMES set), else none. */
struct oli_doc_site_s;
void _oli_stack_doc_frames(struct oli_doc_site_s *s);

// objects/settle.c
/* The placed path's O(1) check: a settle when the expected footprint reached
 * the trigger (a factor above the last settle's) under OLI_POLICY=oli. */
void _oli_settle_check(uint64_t footprint);
extern _Atomic uint64_t _oli_settle_trigger; /* the footprint of the next settle; 0: not yet set */
/* The same without a call while the footprint is below the trigger. */
static inline void _oli_settle_due(uint64_t footprint) {
  if (oli_unlikely(footprint >= atomic_load_explicit(&_oli_settle_trigger, memory_order_relaxed)))
    _oli_settle_check(footprint);
}
/* Re-decide every live placed object against `footprint` (0: the expected
 * footprint now; final: at exit, the peak without pending hints). Returns
 * the objects whose decision changed. */
long _oli_settle_run(uint64_t footprint, bool final);
/* Report: re-decisions of st's objects in order (i from 0; false past the
 * end), and the process's totals. */
bool _oli_redecision_at(size_t i, oli_redecision_t *out);
void _oli_settle_stats(oli_settle_stats_t *s);

// objects/globals.c
/* Place a registered global (api.c's __oli_register_global, process up). */
void _oli_global_register(void *addr, uint64_t size, __oli_site_t *site);
/* Registered globals; NULL past the end. */
const oli_global_t *_oli_global_at(size_t i);
/* The pages [lo, hi) a global at addr of size bytes owns wholly (lo == hi:
 * none): what it is placed and reported by; its edge pages are shared. */
void _oli_global_owned(uintptr_t addr, uint64_t size, uintptr_t *lo, uintptr_t *hi);
/* The module of records [start, stop) is going away: its globals' pages are
 * queried one last time and they leave the live bytes and the profile. */
void _oli_globals_unload(const __oli_site_t *start, const __oli_site_t *stop);

// objects/smallmap.c (while profiling: the address ranges of tagged objects below OLI_MIN_SIZE)
/* Start the table (process bring-up, OLI_PROFILE set): 0, -1 when its roots
 * cannot be mapped (the small objects' accesses then stay unattributed). */
int _oli_smallmap_start(void);
/* The process allocator gave p (n bytes) to a tagged object of st. */
void _oli_smallmap_add(const void *p, size_t n, oli_site_state_t *st);
/* p (recorded or not) goes back to the allocator: its entry leaves; its
 * site, NULL when it had none. */
oli_site_state_t *_oli_smallmap_remove(const void *p);
/* The site of the recorded object holding p (*obj: its start), else NULL
 * (lock-free). */
oli_site_state_t *_oli_smallmap_owner(const void *p, uintptr_t *obj);

// outputs/profile.c
/* Write an oli-profile v1 to the file name pattern now (%p %r %h), via a
 * temporary file and rename. 0; -1 after a W_REPORT warning. Also run at exit
 * when OLI_PROFILE is set. */
int _oli_profile_write(const char *pattern);
void _oli_profile_init(void); /* process init: checks OLI_PROFILE expands */
void _oli_profile_fini(void); /* at exit: PMU stopped, OLI_PROFILE written */
/* From process init after PMU start: one warning when OLI_PROFILE is set and
 * nothing will count accesses (no loaded module's build note has
 * profile-every, no PMU event). */
void _oli_profile_check_counts(void);
/* From oli_settle(): under OLI_PROFILE_START=settle the first one starts sampling. */
void _oli_profile_settled(void);
/* Add `weight` accesses to the live object holding addr (arena block, else
 * registered global), else to the unattributed counter. Thread-safe. */
void _oli_profile_attribute(const void *addr, uint64_t weight);
/* The two halves: the site of the live object holding addr (NULL: none;
 * *obj, may be NULL: the object's identity, 0 unknown), and adding accesses
 * to a site (NULL: unattributed). */
oli_site_state_t *_oli_profile_owner(const void *addr, uintptr_t *obj);
void _oli_profile_add(oli_site_state_t *st, uint64_t weight);
/* Portable profile: all sampled accesses and those no placed object or
 * registered global held (weight units). */
void _oli_profile_counts(uint64_t *total, uint64_t *unattributed);

// outputs/pmu.c
/* From process init: with OLI_PROFILE set and OLI_PROFILE_SOURCE auto or pmu,
 * open the sampling events and start the drain thread; else nothing. */
void _oli_pmu_init(void);
/* Attribute every sample in the ring buffers now, to the live objects, into
 * pmu.c's per-site tallies (the site counters are the portable path's). */
void _oli_pmu_drain(void);
/* Drain, then move the tallies into the site counters - unless under auto the
 * binary counted portable samples (those win: deterministic) - and clear them. */
void _oli_pmu_commit(void);
uint64_t _oli_pmu_tally(const oli_site_state_t *st); /* tests: tallied, not yet committed */
void _oli_pmu_stop(void);  /* at exit: disable the events, drain; later calls do nothing */
/* For the profile: the event sampled (NULL: no PMU samples in the profile) and
 * why not ("unavailable: perf_event_open: ...", "unused: ..."; NULL: no note). */
const char *_oli_pmu_event_name(void);
const char *_oli_pmu_status(void);
bool _oli_profile_portable_enabled(void); /* __oli_profile_access counts */

// outputs/report.c
/* Write the report (json: 1 JSON, 0 table) to an open stream. */
int _oli_report_stream(void *file, int json);

/* oli_report_write (api.c) once the process is up: 0, -1/errno. */
int _oli_report_write(const char *path);
void _oli_report_fini(void); /* at exit: the final settle, then OLI_REPORT */
/* At exit, OLI_VERBOSE=1: when no tagged site placed an object (every one
 * below OLI_MIN_SIZE), the largest and the OLI_MIN_SIZE that would place it. */
void _oli_report_note_nothing_placed(void);

// init.c
/* Bring the process up once (options, topology, weights, subsystems); any
 * thread, re-entry on the initialising thread returns at once. */
void _oli_process_init(void);

// alloc.c
/* Lazily bring the process up (options, topology, placed.c's decide input).
 * Safe from any allocation path; false while the calling thread is inside the
 * runtime (then callers must use glibc directly). */
bool _oli_alloc_ready(void);

#endif /* OLI_INTERNAL_H */
