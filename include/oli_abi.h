/* oli_abi.h - the ABI between code compiled with the oli pass plugin and
 * the oli runtime (liboli). Version 1.
 *
 * The pass names the entry points as constants (pass/OliAbiNames.h; an
 * allocation kind's entry point is its row in include/oli_vocab.def) and
 * emits site records in the layout of __oli_site_t (pass/SiteRecord.cpp,
 * which checks the offsets below against this header); the runtime
 * implements the entry points; common/siterec.c reads the records, for the
 * runtime (a loaded module's section) and the CLI (`oli sites`, a linked ELF
 * file). Changing the layout or a meaning here means bumping
 * OLI_ABI_VERSION, the __oli_version_mismatch_check_vN symbol and
 * docs/site-ids.md; new entry points and kinds are added without a bump (a
 * binary using one needs a runtime that has it, and fails to link without).
 */
#ifndef OLI_ABI_H
#define OLI_ABI_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#ifdef __cplusplus
extern "C" {
#endif

#define OLI_ABI_VERSION 1

/* ELF section holding every site record of a module. A C identifier, so the
 * linker defines __start_oli_sites / __stop_oli_sites around it. */
#define OLI_SITE_SECTION "oli_sites"
#define OLI_SITE_MAGIC 0x314c4f53u /* "SOL1" read as little-endian bytes: 'S','O','L','1' */

/* ELF note of every module the pass compiled: how it was built (its pass
 * options' hash, profile-every, the embedded plan). Owner name "oli", type
 * OLI_NOTE_BUILD, the description a NUL-terminated text that
 * common/buildnote.c writes and reads; a note section, so the linker puts it
 * in a PT_NOTE segment the runtime finds in loaded modules, and `oli sites`
 * finds it by name in files. Modules built alike share one note (comdat). */
#define OLI_NOTE_SECTION ".note.oli.build"
#define OLI_NOTE_OWNER "oli"
#define OLI_NOTE_BUILD 1

/* What kind of allocation a site is: one row each in include/oli_vocab.def
 * (name, entry point, operands). Stable numbers: they are in binaries, so
 * rows are only appended (the assertions below check that row order is
 * number order, from 1, and that the first 15 kept their numbers). */
typedef enum oli_site_kind_e {
#define OLI_KIND(Id, Num, Name, Entry, Plain, Libc, SizeArg, CountArg, AlignArg, OutArg, Flags) OLI_KIND_##Id = Num,
#include "oli_vocab.def"
} oli_site_kind_t;
enum oli_site_kind_pos_e {
  OLI_KIND_POS_NONE_ = 0,
#define OLI_KIND(Id, Num, Name, Entry, Plain, Libc, SizeArg, CountArg, AlignArg, OutArg, Flags) OLI_KIND_POS_##Id,
#include "oli_vocab.def"
  OLI_KIND_COUNT_
};
#define OLI_KIND_MAX_ (OLI_KIND_COUNT_ - 1)
#ifdef __cplusplus
#define OLI_ABI_ASSERT(c, m) static_assert(c, m)
#else
#define OLI_ABI_ASSERT(c, m) _Static_assert(c, m)
#endif
#define OLI_KIND(Id, Num, Name, Entry, Plain, Libc, SizeArg, CountArg, AlignArg, OutArg, Flags) \
  OLI_ABI_ASSERT((int)OLI_KIND_##Id == (int)OLI_KIND_POS_##Id, "oli_vocab.def: kind rows in number order");
#include "oli_vocab.def"
OLI_ABI_ASSERT(OLI_KIND_WRAPPER == 15, "ABI v1: kind numbers 1-15 are in binaries");

/* __oli_site_t.flags */
#define OLI_SITE_F_SIZE_KNOWN 0x01 /* size_hint is an exact byte count */
#define OLI_SITE_F_HAS_LINE 0x02   /* line/rel come from debug info; else rel is an ordinal */
#define OLI_SITE_F_NOTHROW 0x04    /* operator new (nothrow_t) */
#define OLI_SITE_F_ALIGNED 0x08    /* operator new (align_val_t) / aligned kinds */
#define OLI_SITE_F_INVOKE 0x10     /* the call was an invoke (C++ EH) */
/* A bracketed call of a function of another file that may be an allocation
 * wrapper (it returns a pointer and is given a count): the bracket takes
 * only allocations of records flagged RETURNED (its callee's module found
 * them part of what a wrapper returns), and gives way to any bracket that is
 * not (docs/site-ids.md, "Wrappers in other files"). */
#define OLI_SITE_F_EXTERN 0x20
/* An allocation or bracketed call inside an allocation wrapper: its object is
 * what the wrapper returns. */
#define OLI_SITE_F_RETURNED 0x40
/* An allocation or bracketed call inside an allocation wrapper whose object
 * the wrapper stores into the object it returns (`g->u = malloc(..)` in a
 * grid_create returning g): an object of its own, under its own record (its
 * field names it), whatever bracket is current (docs/site-ids.md). */
#define OLI_SITE_F_MEMBER 0x80

/* One site record. Records are 8-byte aligned, `size` bytes long (a multiple
 * of 8), and laid end to end in the oli_sites section; zero padding may stand
 * between modules' contributions (readers skip 8-byte words of zero).
 * The record holds no pointers, so it needs no relocation and reads the same
 * from a file on disk as from memory. The section is writable: `slot` is
 * zero on disk and owned by the runtime at run time. */
typedef struct __oli_site_s {
  uint32_t magic;     /* OLI_SITE_MAGIC */
  uint16_t size;      /* whole record incl. strings and padding */
  uint8_t kind;       /* oli_site_kind_t */
  uint8_t flags;      /* OLI_SITE_F_* */
  uint64_t id;        /* stable site ID (docs/site-ids.md) */
  uint64_t size_hint; /* static byte size when OLI_SITE_F_SIZE_KNOWN, else 0 */
  uint32_t line;      /* absolute source line; 0 when unknown */
  uint32_t rel;       /* line - first line of the function (HAS_LINE), else ordinal */
  uint16_t file_len;  /* strings[] = file NUL function NUL name NUL, zero-padded */
  uint16_t func_len;
  uint16_t name_len;  /* 0: object name unknown */
  uint16_t small_shift; /* runtime-owned, 0 on disk: see "Small-object fast path" */
  uint64_t slot;      /* runtime-private; 0 on disk */
  char strings[];
} __oli_site_t;

#define OLI_SITE_HEADER_SIZE 48

/* Small-object fast path. At the end of the optimisation pipeline the pass
 * puts an inline test before each heap entry-point call, on the call's byte
 * size n (for calloc/reallocarray the product, which must not overflow):
 *     (n >> (record.small_shift & 63)) == 0  ?  the allocator itself
 *                                            :  the __oli_* entry point
 * ("the allocator itself": glibc's __libc_malloc/calloc/memalign/valloc for
 * those four, the called function for the others; pass/SmallBypass.cpp).
 * small_shift is 0 on disk, so at first every call with n > 0 enters the
 * runtime. Once the runtime has counted a site's first small objects it
 * stores floor(log2(OLI_MIN_SIZE)) there (relaxed, 16 bits), and objects that
 * small, which it never places, skip it from then on
 * (docs/runtime-internals.md, "Small objects"). The field was `reserved` in
 * the first ABI v1 runtimes, which never write it: added without a version
 * bump, like __oli_profile_access. */
#define OLI_SITE_SMALL_SHIFT_OFFSET 38

/* The pass's static access estimate of the site (docs/static-intensity.md).
 * A record may go on after its strings (padded to 8 bytes): when `size`
 * leaves at least OLI_SITE_STATIC_SIZE bytes there, they start with this
 * block. The pass emits it with every record (pattern none, confidence none)
 * and fills it at the end of the optimisation pipeline, from the loops that
 * use the site's objects; the ID does not depend on it. A block of a later
 * version starts with these fields and may be longer (`size`); readers read
 * the fields they know. Added to ABI v1 without a version bump: readers that
 * stop after the strings (every earlier one) never see it, and a record
 * without it has no estimate. */
typedef enum oli_access_pattern_e {
#define OLI_PATTERN(Id, Num, Name, Share) OLI_PATTERN_##Id = Num,
#include "oli_vocab.def"
} oli_access_pattern_t;
enum { OLI_PATTERN_COUNT_ = 0
#define OLI_PATTERN(Id, Num, Name, Share) +1
#include "oli_vocab.def"
};
#define OLI_PATTERN_MAX_ (OLI_PATTERN_COUNT_ - 1)
#define OLI_PATTERN(Id, Num, Name, Share) \
  OLI_ABI_ASSERT((int)OLI_PATTERN_##Id <= OLI_PATTERN_MAX_, "oli_vocab.def: pattern rows numbered from 0");
#include "oli_vocab.def"

typedef enum oli_confidence_e {
#define OLI_CONFIDENCE(Id, Num, Name) OLI_CONFIDENCE_##Id = Num,
#include "oli_vocab.def"
} oli_confidence_t;
enum { OLI_CONFIDENCE_COUNT_ = 0
#define OLI_CONFIDENCE(Id, Num, Name) +1
#include "oli_vocab.def"
};
#define OLI_CONFIDENCE_MAX_ (OLI_CONFIDENCE_COUNT_ - 1)
#define OLI_CONFIDENCE(Id, Num, Name) \
  OLI_ABI_ASSERT((int)OLI_CONFIDENCE_##Id <= OLI_CONFIDENCE_MAX_, "oli_vocab.def: confidence rows numbered from 0");
#include "oli_vocab.def"

OLI_ABI_ASSERT(OLI_PATTERN_UNKNOWN == 4 && OLI_CONFIDENCE_HIGH == 3, "ABI v1: estimate numbers are in binaries");

enum oli_static_flag_e {
#define OLI_STATIC_FLAG(Id, Bit, Name) OLI_STATIC_F_##Id = Bit,
#include "oli_vocab.def"
};

typedef struct __oli_site_static_s {
  uint8_t version;      /* OLI_SITE_STATIC_VERSION */
  uint8_t size;         /* bytes of the block, >= OLI_SITE_STATIC_SIZE */
  uint8_t pattern;      /* oli_access_pattern_t: the class with the largest share */
  uint8_t confidence;   /* oli_confidence_t */
  uint8_t flags;        /* OLI_STATIC_F_* */
  uint8_t share[3];     /* percent of the intensity: streaming, strided, gather */
  float intensity;      /* estimated accesses per byte over a run (relative) */
  float passes;         /* bytes those accesses move per byte: sweeps over the object */
} __oli_site_static_t;

#define OLI_SITE_STATIC_VERSION 1
#define OLI_SITE_STATIC_SIZE 16

/* ---- entry points the pass calls instead of the allocator ------------- */
/* Each behaves like the function it replaces (same return, same errno); a
 * placement failure falls back to the default policy, never to failure. */
void *__oli_malloc(size_t size, __oli_site_t *site);
void *__oli_calloc(size_t n, size_t size, __oli_site_t *site);
void *__oli_realloc(void *p, size_t size, __oli_site_t *site);
void *__oli_reallocarray(void *p, size_t n, size_t size, __oli_site_t *site);
void *__oli_aligned_alloc(size_t align, size_t size, __oli_site_t *site);
int __oli_posix_memalign(void **out, size_t align, size_t size, __oli_site_t *site);
void *__oli_memalign(size_t align, size_t size, __oli_site_t *site);
void *__oli_valloc(size_t size, __oli_site_t *site);
/* pvalloc: valloc of the size rounded up to whole pages (ENOMEM on overflow). */
void *__oli_pvalloc(size_t size, __oli_site_t *site);
/* operator new: align 0 = default alignment. The throwing form calls the real
 * operator new (which throws std::bad_alloc) when placement cannot allocate. */
void *__oli_new(size_t size, size_t align, __oli_site_t *site);
void *__oli_new_nothrow(size_t size, size_t align, __oli_site_t *site);
/* mmap: only MAP_ANONYMOUS|MAP_PRIVATE regions are placed; others pass through. */
void *__oli_mmap(void *addr, size_t len, int prot, int flags, int fd, off_t off,
                 __oli_site_t *site);

/* ---- what the pass calls instead of free, delete, malloc_usable_size ---- */
/* The OLI_RELEASE rows of oli_vocab.def, each of the type of the function it
 * replaces: a placed object is taken back by the runtime, any other pointer
 * goes on to the function as the process resolves it (glibc's, the C++
 * runtime's, a replacement allocator's). The operator delete forms are
 * __oli_delete, __oli_delete_sized, ..., __oli_delete_array_aligned_nothrow.
 * Added to ABI v1 without a version bump: only modules built since call them. */
void __oli_free(void *p);
size_t __oli_malloc_usable_size(void *p);

/* Attribute allocations made inside a callee (an allocation wrapper, or the
 * Fortran runtime's ALLOCATE) to `site`: the outermost site entered on this
 * thread wins. Returns the previous value, to hand back to leave. */
__oli_site_t *__oli_site_enter(__oli_site_t *site);
void __oli_site_leave(__oli_site_t *prev);

/* ---- placed memory, for the inline free test -------------------------- */
/* The window of pointers that must go to the __oli_* release entry points:
 * [__oli_arena_lo, __oli_arena_lo + __oli_arena_len), the arena where
 * liboli's malloc is the process's, every address where another allocator is
 * (the runtime's host mode). Set lo first, then len with release order; len
 * is 0 until then. Read-only outside the runtime: read len (acquire), then
 * lo. The pass (small-bypass, pass/FreeBypass.cpp) calls glibc's __libc_free
 * (operator delete: the C++ runtime's) directly for any other pointer, and
 * the entry point for these. Position-independent
 * code reads them through the GOT: a non-PIC module must not reference them
 * (a copy relocation would give it its own, never-published copy), and the
 * pass leaves non-PIC modules alone. Added to ABI v1 without a version bump:
 * only modules compiled with small-bypass reference them. */
extern uintptr_t __oli_arena_lo, __oli_arena_len;

/* ---- portable access profile (pass option profile-every=N) ------------- */
/* The instrumented code keeps a per-thread countdown of the 4-byte quanta
 * its loads and stores move through non-stack pointers (an access of 1-4
 * bytes is one quantum, a double two, a <4 x double> eight). When a block
 * takes it below zero (left < 0, at the access at addr), it calls
 * __oli_profile_sample4: the runtime attributes `every` accesses, in 8-byte
 * units, per period crossed to the live object holding addr and returns the
 * countdown with the next periods added (each 2 x every quanta +- 1/8, mean
 * 2 x every: a fixed period would sample the same array of a loop whose
 * quanta divide it). So a profile counts bytes moved / 8 whatever the
 * element size and vector width: an int counts half a double. Added to ABI
 * v1 without a version bump: only modules compiled with profile-every
 * reference these. */
int64_t __oli_profile_sample4(const void *addr, int64_t left, uint64_t every);
/* The same where the access holding the crossing quantum uses lines another
 * access of its block brings (a stencil's neighbour, a struct's next field:
 * the pass's nearAccess): its weight also counts among the site's near
 * accesses, which the planner counts as cache hits. Added to ABI v1 without
 * a version bump, as above. */
int64_t __oli_profile_near4(const void *addr, int64_t left, uint64_t every);
/* The same where the crossing access gathers: it is in a loop and its
 * address waits on a value loaded in the same iteration (x[idx[i]], a
 * search's probe, a pointer chase), and `ops` is the operations of one
 * iteration of that loop (as __oli_profile_ops counts them, its inner loops
 * left out) over the iteration's gathers whose misses overlap its own: its
 * weight also counts among the site's gathered accesses and
 * weight x ops among their loops' operations, which oli plan takes for the
 * work a core holds in flight per miss (docs/profile-schema.md, "Cost
 * model"). Added to ABI v1 without a version bump, as above. */
int64_t __oli_profile_gather4(const void *addr, int64_t left, uint64_t every, uint64_t ops);

/* A memset, memcpy or memmove side of `quanta` 4-byte quanta from `base` (a
 * copy has two sides), taken off the countdown at once (left < 0): samples
 * each quantum the countdown crosses zero at, as above, and returns the
 * countdown. */
int64_t __oli_profile_span4(const void *base, uint64_t quanta, int64_t left, uint64_t every);

/* The instrumented code's operations (its instructions but phis, address
 * arithmetic, no-op casts, fixed stack slots and debug or assume-like
 * intrinsics) come off a second per-thread countdown, `period` at thread
 * start, at each block's end (a counted loop's at its exit); where the code
 * tests it (before calls and returns) and finds it below zero (left < 0)
 * the runtime counts period - left operations (none while the profile is
 * paused) and returns `period`. The profile's "operations" is their sum: the
 * planner's compute time. Added to ABI v1 without a version bump, as above. */
int64_t __oli_profile_ops(int64_t left, uint64_t period);

/* What modules compiled before the 4-byte quanta call: the same with the
 * countdown in 8-byte units (an access of 1-8 bytes one unit, periods of
 * every +- every/8). */
int64_t __oli_profile_sample(const void *addr, int64_t left, uint64_t every);
int64_t __oli_profile_span(const void *base, uint64_t units, int64_t left, uint64_t every);

/* One sample standing for `weight` accesses at addr, attributed as above
 * (what modules compiled before __oli_profile_sample call, with a fixed
 * period). */
void __oli_profile_access(const void *addr, uint64_t weight);

/* ---- embedded plan (pass option plan=FILE) ------------------------------ */
/* Called by the module constructor after __oli_init with the compact
 * `oli-plan` v1 JSON text the pass validated and embedded (len bytes, NUL at
 * text[len]); the runtime uses it when OLI_PLAN is not set. The first
 * module's plan wins; the same text from several modules is one plan. Added
 * to ABI v1 without a version bump: only modules compiled with plan=
 * reference it. */
void __oli_plan_embedded(const char *text, uint64_t len);

/* ---- module constructor ------------------------------------------------ */
/* Called first by every instrumented module's constructor (priority 1).
 * [start, stop) are the module's oli_sites section bounds. Idempotent. */
void __oli_init(__oli_site_t *start, __oli_site_t *stop);
/* Called by every instrumented module's constructor before __oli_init: the
 * linked file's access summaries [start, stop) (section oli_summary, null
 * when no module of the file has one; common/summary.h), kept with the file
 * whose site records start at `sites` until its __oli_fini. Estimates of
 * records registered afterwards are joined with every file's summaries.
 * Added to ABI v1 without a version bump: only modules built since call it. */
void __oli_register_summaries(__oli_site_t *sites, const void *start, const void *stop);
/* Place a registered global object before main touches it. */
void __oli_register_global(void *addr, uint64_t size, __oli_site_t *site);
/* Called by every instrumented module's destructor (priority 1: after the
 * module's own destructors), at dlclose and at exit, with the bounds given to
 * __oli_init: the runtime forgets the module's records and globals (it keeps
 * its own copies of what it reports), so objects the module placed may be
 * freed, and reported, after it is gone. Added to ABI v1 without a version
 * bump: modules from before it never call it (a dlclose of one leaves its
 * globals in the report as they were). */
void __oli_fini(__oli_site_t *start, __oli_site_t *stop);
/* Link-time check: a module built for ABI v1 references this symbol. */
void __oli_version_mismatch_check_v1(void);

#ifdef __cplusplus
}
#endif
#endif /* OLI_ABI_H */
