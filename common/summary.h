/* common/summary.h - whole-program access summaries: the one reader, writer
 * and join of the `oli_summary` section (docs/static-intensity.md, "Across
 * modules").
 *
 * Each module compiled with the plugin records what it knows about the
 * objects it reaches through a *key*: a name that means the same object in
 * every module of the program (ThinLTO's module summaries, for accesses):
 *
 *   @sym+off        the pointer slot at byte off of global symbol sym (a C
 *                   global `double *x`, a Fortran module array's descriptor)
 *   =sym            the global object sym itself (a registered global)
 *   %Type+off       the pointer slot at byte off of any struct of type Type
 *                   (`SimulationData.nuclide_grid`: %struct.SimulationData+8)
 *   fn#i            pointer parameter i of function fn (a C kernel, a Fortran
 *                   dummy argument)
 *   fn#r            what function fn returns (version 4: a wrapper's object;
 *                   version 8: a slot's, an accessor's; version 9: an
 *                   integer a slot holds, a symbol of trip counts)
 *
 * Two record kinds, laid end to end like site records (8-byte aligned, zero
 * words between modules skipped):
 *
 *   USE   key: the accesses this module makes to an object reached through
 *         the key, per run (a parameter: per call), split into the parts
 *         whose counts are known (executions; the join divides by the
 *         object's bytes) and the parts taken to cover the object
 *         (accesses per byte), by pattern; and the site IDs whose own
 *         estimate already counts them (the allocating module's).
 *   EDGE  from (a site ID, or a key) -> key: the object enters the key
 *         `weight` times per run (a slot: 1; a call: the calls).
 *
 * The join (oli_summary_join) starts from a site's record, follows EDGEs to
 * every key its object reaches (depth and count capped) and adds each key's
 * USEs, weighted. It runs where all modules meet: `oli sites` and
 * `oli plan --static` on the linked file, the runtime when a module's
 * records are registered. A key with no USE and no EDGE anywhere (a library
 * function's parameter) is an escape, as before the join; a struct field no
 * module loads, of a type other modules summarise other fields of, is not.
 *
 * Weights through a global or struct key are per run of the module's root
 * function they run under (main, or a function only other modules call):
 * a USE names that root in from_key ("fn()", "" per run), and EDGEs from
 * root to root ("main()" -> "step()", weight: calls per call of the
 * caller's root) let the join count each root's calls from main.
 *
 * Version 2 adds, after the strings, the same counts with the trip counts
 * the compiler knows as expressions of shared symbols (globals every module
 * names alike: a Fortran module's nx; a struct's field by type and offset,
 * %struct.grid+0 for `g->n`) taken at the sample point of
 * pass/SizeSample.h, and those symbols; an EDGE from a site adds the
 * object's size at the sample point and its symbols. The join uses them when
 * the USE's symbols are all in the size's: passes in the size's own terms,
 * exact whatever the size (docs/static-intensity.md, "Pass counts"). A
 * parameter key's USE may also read its function's parameters ("fn#1",
 * "fn#1+0"), and the site's EDGE into it give the size in them (the caller
 * passes the size's values): the join takes each key's size from the
 * site's edge into it, else the one in shared symbols. An EDGE from a key
 * to a key may name in syms (has_sample, sample_bytes 0) which of the
 * callee's parameters are the caller's ("relax#1=solve#1"): the join
 * carries the caller's key's size on with those symbols renamed (every
 * parameter samples at one value). An EDGE whose weight rests on a guessed
 * trip count has OLI_SUMMARY_F_GUESSED.
 *
 * Version 3 adds to an EDGE (in the first per-byte slot, which an EDGE does
 * not use) the sweeps of the object its entries make: a call handed a part
 * of the object in a loop that moves the pointer (`scale(c + off, blk)`
 * per tile) enters the key once per call but sweeps the object once per
 * entry of that loop. The join weighs a USE's parts taken to cover the
 * object (per byte) by the sweeps, its known executions by the entries.
 *
 * Version 4: sizes through another file's allocation wrapper. The module
 * that defines a wrapper (`double *alloc_vec(long n) { return malloc(n *
 * 8); }`) gives, for each allocation it returns as it is, an EDGE from that
 * site to key "W#r" (W's result) whose size is a constant times a product
 * of W's integer parameters (sample_bytes at OLI_SUMMARY_PARAM_SAMPLE, syms
 * "alloc_vec#0"; 0 when it is no such product), and, when it returns one,
 * a USE of "W#r" with its own accesses to it (in those parameters). The
 * module that calls W from another file, where the
 * object's size is unknown, counts the object's accesses as if its size were
 * the product of the call's integer arguments (the hypothesis) into a USE of
 * the site's private key "~W#j#k@<site id>" (listing the site), and gives the
 * site an EDGE into that key with the hypothesis's size; its EDGEs sized in
 * it carry OLI_SUMMARY_F_WRAPPED. The join confirms the hypothesis when W's
 * records give the size as C times the product of exactly those parameters:
 * every wrapped size is then C times the hypothesis's, the private USE
 * replaces the site's own estimate (made at a nominal size), and W's USE
 * is joined at its record's size; otherwise the private key is left out,
 * the wrapped sizes are unknown and the estimate is low. A reader before
 * version 4 skips the private USE (it lists the site) but takes wrapped
 * sizes as they are.
 *
 * Version 5: sizes in the parameters of a function other modules call.
 * An object the module allocates with a size in one integer parameter of
 * such a function (`bank = malloc(np * 32)` in bank_init(np), whose callers
 * are elsewhere) and sweeps in loops bounded by other such parameters
 * (run_events(np)) has its accesses counted as if those were the size's
 * parameter (the hypothesis) into a USE of the site's private key
 * "~=bank_init#0=run_events#1@<site id>" (listing the site), with an EDGE
 * from the site into it that gives the size in all of them. Call EDGEs
 * ("main()" -> "bank_init()") name in syms the values the calls pass for
 * the callee's integer parameters ("bank_init#0=%main.3:main.c": a
 * constant's decimal, a shared symbol, an external function's parameter,
 * or a value of the caller's module qualified by it), when every call
 * counted by the edge passes the same; calls no edge counts (from
 * functions analysed for nothing, of functions defined in the module) get
 * EDGEs with OLI_SUMMARY_F_ARGS, names only. The join confirms the
 * hypothesis when every call of each parameter's function names the same
 * value for it, followed through parameters passed on, and those values
 * meet the size parameter's: the private USE then replaces the site's own
 * estimate; otherwise the private key is left out and the estimate stands.
 * The same across files: a site's EDGE into a global's or a field's key may
 * give the size in one such parameter ("init#0"), and a module whose USE of
 * such a key rests on guessed trip counts writes a twin USE, key "~" + key,
 * with the same accesses counted with the parameters of the functions
 * other modules call at the sample point too ("step#0"); the join takes the
 * twin instead of the key's USE under the same root when each of its
 * symbols is the size's, a parameter whose values meet a size
 * parameter's, or a parameter every call passes one constant for (the
 * twin's counts scaled by that constant over the parameter's sample value;
 * a reader's rule, no new record). A reader before version 5 skips the private and the twin
 * USEs and takes an OLI_SUMMARY_F_ARGS edge for a call edge of weight 0.
 *
 * Version 6: a site's own accesses under roots other modules call. A
 * module without main counts each of its roots once per run in its sites'
 * estimates (`step()` of the file that allocates, which main.c calls 10
 * times). Such a site gives an EDGE into its private key "!<id>:<file>"
 * (the file's: a COMMON block's records in several files share the ID) and,
 * per root, a USE of it listing no site; the join adds those USEs times the
 * root's calls less the one the estimate counts (a root main calls 0 times
 * takes it back). A reader before version 6 adds them times the calls.
 * Also in version 6: an EDGE from a site of weight 0, after the site's edge
 * into the same key, gives another form of the object's size at the sample
 * point (`8 * g->n` beside `8 * g->nx * g->ny`, when the allocating
 * function stores the element count into a field); a USE counts exactly
 * when its symbols are in either form. A reader before version 6 takes the
 * two sizes for a conflict and neither.
 * Also in version 6: calls through a pointer. A root's calls through a
 * function pointer of type T are an EDGE into the key "*T" (T as LLVM
 * prints it, "*void (ptr, i64)"), flagged guessed; a module that takes the
 * address of a function of type T (not by a call, an alias or the
 * loader's constructor list) gives an EDGE "*T" -> "fn()" of weight 1. The
 * join shares the calls into "*T" among the distinct functions so named,
 * except those of a loop walking a table of them (`stages[k]()`, k the
 * loop's induction variable: flag OLI_SUMMARY_F_EACH, weight the loop's
 * entries), which each function gets whole. A function whose address is
 * taken but that no call through a pointer reaches is called as one no
 * module calls (once, guessed). A reader before version 6 takes "*T" for
 * one more root function.
 *
 * Version 7: objects in a slot of what a parameter points to. A function
 * that loads a pointer from a constant offset of what its parameter i
 * points to, where that is a library type (`std::vector<double> &y`: its
 * data pointer) or no named struct (a Fortran assumed-shape dummy's
 * descriptor, a `double **`), gives the accesses through it per call under
 * the parameter's deref key "fn#i*off"; a caller passing the address of such
 * a slot holding a site's object (its frame's vector, a global's, a
 * parameter's) gives an EDGE into that key, per call. A library type's slot
 * is no key of one object: all the program's std::vector<double> share its
 * field key. The callee also gives an EDGE from that field key into the
 * deref key, flagged OLI_SUMMARY_F_UNCLAIMED, which the join takes only when
 * no other EDGE enters the deref key: a vector filled in another file (its
 * site's EDGE into the field key) and passed by reference from a file that
 * does not know its object. A reader before version 7 takes the flagged
 * edges as any (the named objects counted twice). A caller passing a
 * std::vector's data sizes its edge in the vector's range, the symbol
 * "<the begin slot's key>:8" (end - begin, in bytes), in which the callee
 * counts its loops to size() (pass/SizeSample.h, extent); also an EDGE from
 * a key (a class's member `f.u` passed on): such a size with no "=" in its
 * symbols is the object's size whichever object it is, which the join takes
 * as the callee key's (a reader that does not leaves those counts guessed).
 * Also in version 7: an EDGE from a key may list site IDs, as a USE does:
 * the sites whose own flow reached the key's root in the module that wrote
 * it, whose own EDGEs have its exits already (`g = malloc(..)` into a global
 * in main, then `kern(g, n)`: the site's edge and the global's both enter
 * "kern#0"). The join does not take it for them. A reader before version 7
 * takes it (the C global above: 39 passes, the run makes 21).
 *
 * Version 8: fields another module stores a parameter into. A module that
 * stores an integer parameter j of a function other modules call into a
 * field or global, and nothing else there (`csr_build(csr *A, int n)`
 * storing `A->n = n`), gives an EDGE "csr_build#j" -> that slot's key of
 * weight 0 flagged OLI_SUMMARY_F_STORES. A site whose size has no shared
 * symbol, in one value of its module, gives its EDGEs that size in that
 * value named as its call edges name arguments ("%main.1:main.c"). The join
 * counts a USE whose one symbol is such a slot (`i < A->n` in a third file)
 * exactly against a size in the value every call of the storing function
 * passes for the parameter (param_value, followed through parameters passed
 * on), at the slot's sample value (a size linear in that value; `8 * n *
 * n` is not). Also in version 8: result keys. A function that returns a
 * pointer it loads from a slot (an accessor defined out of line, `double
 * *Mesh::x() { return x_; }`) gives an EDGE from the slot's key into its
 * result's, "fn#r", weight 1; a module calling another module's function
 * that returns a pointer gives its accesses through the result as USEs of
 * "fn#r" under the root they run under. The join follows the edge as any
 * key's; a result key no module uses is an escape, unless its function runs
 * 0 times (a module with main whose calls of it were all inlined writes
 * `main() -> fn() x0`). A reader before version 8 takes the stores' EDGE for one of
 * weight 0 from a key no object enters (nothing), the size in a local
 * value for one no USE's symbols meet (as no size), and a result key as
 * any key (an uncalled accessor's: an escape).
 *
 * Version 9: integers an accessor returns. A function of one parameter
 * other modules may call that returns an integer it loads from a field or
 * global (`std::size_t Mesh::size() const { return n_; }` defined out of
 * line) gives an EDGE
 * from the slot's key into its result's, "fn#r", of weight 0 flagged
 * OLI_SUMMARY_F_STORES. A module calling such a function of another module
 * (one pointer argument, to a named struct, or a C++ const member function
 * of no parameter) names the result "fn#r" in its trip counts, a symbol
 * every module names alike (`i < m.size()`); the join counts a USE whose one
 * symbol is such a result exactly against a size in that slot's symbol (a
 * constructor's `n_(n)` beside `x_ = new double[n]`: `8 * n_`), at the
 * result's sample value (linear in the slot, as version 8's stored
 * parameters). A reader before version 9 takes the EDGE for a version 8
 * stores' edge from a key no call names (nothing), and the counts in
 * "fn#r" for counts in a symbol no size has (guessed).
 * Also in version 9: a slot given one value every module names and nothing
 * else in its module (a Fortran module array's descriptor extent, `@b+32`,
 * given `n` by an ALLOCATE flang lowered inline) gives an EDGE "@n+0" ->
 * "@b+32" of weight 0 flagged OLI_SUMMARY_F_STORES. The join counts a USE
 * whose symbols are each the size's or a slot holding one's value (stored,
 * returned, or a parameter every call passes it, as above) exactly, at the
 * USE's sample point, for a size linear in each of its symbols (array
 * syntax in another file, `a(:,:,:) = b(:,:,:) + c(:,:,:)`, runs to b's
 * extents: 8 * nx * ny * nz meets them). A reader before version 9 takes
 * such an EDGE as a stored parameter no call names (nothing).
 *
 * Version 10: fields given one constant. A module that stores one
 * constant into a field or global and nothing else there (an ELLPACK
 * builder's `A->K = 4`, whose arrays it sizes `n * 4`) gives an EDGE "=4" ->
 * that slot's key of weight 0 flagged OLI_SUMMARY_F_STORES. The join counts
 * a USE whose symbols are each the size's, a slot holding one's value, or
 * such a slot (`k < A->K` in another file) exactly, at the USE's sample
 * point, with the size there scaled by the slot's sample value over the
 * constant (the USE's counts taken linear in it, as a loop's trip count
 * is); two modules storing two values there give none. A reader before
 * version 10 takes the EDGE for a stored parameter no call names (nothing).
 *
 * Version 11: one object per call. A site whose call runs on every call of
 * its function, outside its loops, where that function is one other modules
 * call and the module does not know how often (a filler, `field_init(f, n)`
 * storing `f->d = malloc(..)`, which main.c calls for two fields), gives an
 * EDGE from the site to "fn()" of weight 0 flagged OLI_SUMMARY_F_PER_CALL.
 * Each call makes an object, and the keys it enters (`%struct.field_t+8`)
 * hold all of them: the join divides the site's joined counts by the calls
 * of fn per run it finds, each object's share (a module that knows the
 * calls, main's own, divides its estimate and its edges' weights itself). A
 * reader before version 11 takes the EDGE for a key no module uses (an
 * escape).
 *
 * Version 12: one form. A USE whose counts at the sample point every
 * access took in the same symbols (one product of them: loops to `nx2`,
 * `ny2`, `nz2`, not those beside loops to `grid_points`) carries
 * OLI_SUMMARY_F_ONE_FORM. For an object whose size is in no symbol (an
 * allocation of constant extents, NPB's module arrays), the join counts such
 * a USE whose symbols are each a slot holding one constant (version 10: the
 * grid's `nx2 = 22` stored in main, the solver's loops in other files)
 * exactly, with the counts taken linear in each (as a loop's trip count
 * is): the object's size there is its bytes times each symbol's sample
 * value over its constant. A module whose one value for a global slot is
 * the program's default where the input gives none (`nx2 = grid_points(1) -
 * 2` after the grid is read from a file or set to the problem's size: a phi
 * of 22 and the input's) gives the edge "=22" -> the slot flagged
 * OLI_SUMMARY_F_GUESSED as well, as does a module storing one constant into
 * a global whose address a call is given (the input's reader may set it):
 * the join counts at that constant and the counts are guessed. A reader
 * before version 12 ignores the ONE_FORM flag and takes a default as a
 * constant.
 *
 * A record of a later version starts with the fields of the earlier ones;
 * readers read the fields they know and skip the record by its size. */
#ifndef OLI_COMMON_SUMMARY_H
#define OLI_COMMON_SUMMARY_H

#include <stddef.h>
#include <stdint.h>

#include "oli_abi.h"

#ifdef __cplusplus
extern "C" {
#endif

#define OLI_SUMMARY_SECTION "oli_summary"
#define OLI_SUMMARY_MAGIC 0x314d5553u /* "SUM1" */
#define OLI_SUMMARY_VERSION 12
#define OLI_SUMMARY_HEADER_SIZE 72
#define OLI_SUMMARY_PATTERNS 4 /* streaming, strided, gather, unknown: pattern number - 1 */
OLI_ABI_ASSERT(OLI_PATTERN_STREAMING == 1 && OLI_PATTERN_UNKNOWN == OLI_SUMMARY_PATTERNS,
               "summary: pattern slots are pattern numbers - 1");

enum oli_summary_what_e { OLI_SUMMARY_USE = 1, OLI_SUMMARY_EDGE = 2 };

/* flags */
#define OLI_SUMMARY_F_GUESSED 0x01   /* USE: most of it rests on guessed trip counts; EDGE: its weight does */
#define OLI_SUMMARY_F_ESCAPES 0x02   /* USE: the object goes on where no key names it */
#define OLI_SUMMARY_F_UNSEEN 0x04    /* USE: also used in code that is not optimised */
#define OLI_SUMMARY_F_AMBIGUOUS 0x08 /* USE: through a slot several objects share */
#define OLI_SUMMARY_F_OPEN_GATHER 0x10 /* USE: a gather in a loop of unknown trip count (OLI_STATIC_F_OPEN_GATHER) */
#define OLI_SUMMARY_F_CHAINED 0x20     /* USE: most of its gather part is chained (OLI_STATIC_F_CHAINED) */
#define OLI_SUMMARY_F_WRAPPED 0x40     /* EDGE from a site: its size is the hypothesis of another file's wrapper (v4) */
#define OLI_SUMMARY_F_ARGS 0x80        /* EDGE "fn()" -> "g()": the arguments' names only, no count of calls (v5) */
#define OLI_SUMMARY_F_EACH 0x02        /* EDGE "fn()" -> "*<type>": calls of each function a loop walking a table
                                        * of them reaches, not of all together (v6; a USE's ESCAPES bit) */
#define OLI_SUMMARY_F_UNCLAIMED 0x04   /* EDGE from a library type's field key -> a deref key "fn#i*off": taken
                                        * when no other EDGE enters that key (v7; a USE's UNSEEN bit) */
#define OLI_SUMMARY_F_STORES 0x08      /* EDGE "fn#j" -> a slot key, weight 0: fn stores its integer parameter j
                                        * there, and its module nothing else (v8; a USE's AMBIGUOUS bit); EDGE
                                        * a slot key -> "fn#r": fn returns the integer the slot holds; EDGE a
                                        * shared symbol -> a slot: the slot holds that symbol's value (v9);
                                        * EDGE "=c" -> a slot: the slot holds the constant c (v10) */
#define OLI_SUMMARY_F_PER_CALL 0x10    /* EDGE from a site -> "fn()", weight 0: the site makes one object per call
                                        * of fn, a function other modules call (v11; a USE's OPEN_GATHER bit) */
#define OLI_SUMMARY_F_ONE_FORM 0x40    /* USE: its counts at the sample point are one product of its symbols, every
                                        * access there read the same ones (v12; an EDGE's WRAPPED bit) */

/* The value every function parameter takes at the sample point (pass/SizeSample.h). */
#define OLI_SUMMARY_PARAM_SAMPLE 2047

/* The value the symbol `name` (len bytes) takes at the sample point: a
 * parameter's ("fn#3", "fn#3+0") OLI_SUMMARY_PARAM_SAMPLE, any other's 1031
 * to 3071, 7 modulo 8, from an FNV-1a hash of the name (the pass's and the
 * join's one definition). */
int64_t oli_summary_sample_of(const char *name, size_t len);

/* One record, decoded. */
typedef struct oli_summary_s {
  uint8_t version, what, flags;
  uint16_t size, accesses, n_local;
  uint64_t from_site;     /* EDGE: the site whose object enters the key; 0: from_key's */
  float weight;           /* EDGE: entries per run */
  float sweeps;           /* EDGE (version 3): the sweeps of the object those entries make, fewer when they
                           * are handed parts of it (a loop around the calls moves the pointer: tiles); 0 when
                           * written, or version 2: as many as weight */
  float per_byte[OLI_SUMMARY_PATTERNS]; /* USE: accesses per byte (coverage taken) */
  float execs[OLI_SUMMARY_PATTERNS];    /* USE: executions (counts known) */
  float passes_per_byte, moved;         /* USE: bytes moved per byte; bytes moved */
  const char *key, *from_key;           /* NUL-terminated; EDGE: the key or root it comes from ("" from a
                                         * site); USE: the root function it runs under ("" per run) */
  const unsigned char *local;           /* n_local little-endian u64 site IDs */
  /* version 2 (has_sample 0: absent) */
  uint8_t has_sample, sample_flags;     /* sample_flags: OLI_SUMMARY_F_GUESSED of the counts below */
  /* USE, the second view: per byte; executions in the size's symbols at the sample point (over the size
   * there); executions known otherwise (over the object's bytes, as execs) */
  float sample_per_byte[OLI_SUMMARY_PATTERNS], sample_execs[OLI_SUMMARY_PATTERNS], sample_rest[OLI_SUMMARY_PATTERNS];
  float sample_passes_per_byte, sample_moved, sample_rest_moved; /* USE: the same, bytes moved */
  float sample_bytes;                   /* EDGE from a site: the object's bytes at the sample point; 0 unknown */
  const char *syms;                     /* the shared symbols they read, sorted, comma-separated ("" none);
                                         * EDGE from a key: "callee#j=caller#k,..." renames */
} oli_summary_t;

/* Writer: the record's bytes for s (key, from_key, local ids given as
 * `locals`) into buf of cap bytes; returns its size (a multiple of 8), or 0
 * when it does not fit or a string is longer than 65535 bytes. */
size_t oli_summary_write(const oli_summary_t *s, const uint64_t *locals, unsigned char *buf, size_t cap);

/* Reader: the record at p (left bytes): 1 read, 0 a zero word (skip 8), -1
 * malformed (why filled). */
int oli_summary_decode(const void *p, size_t left, size_t offset, oli_summary_t *out, char *why, size_t why_n);

/* Checks a whole section: 0 ok, -1 malformed (why: the first bad record). */
int oli_summary_check(const void *start, const void *stop, char *why, size_t why_n);

/* One section's bytes (a linked file's, or a loaded module's). */
typedef struct oli_summary_buf_s {
  const unsigned char *start;
  size_t len;
} oli_summary_buf_t;

/* The join: site `id` of `bytes` bytes (0: unknown, a nominal 1 MiB), whose
 * record carries the module's own estimate `local`; *out gets the whole
 * program's (local unchanged when the site reaches no key:
 * OLI_STATIC_F_KEYED not set). Returns the number of keys joined. */
int oli_summary_join(const oli_summary_buf_t *bufs, size_t nbufs, uint64_t id, uint64_t bytes,
                     const __oli_site_static_t *local, __oli_site_static_t *out);

/* Adds `add` to `into`: two modules' own estimates of one program-wide
 * global (a COMMON block every file that uses it defines, a C++ inline
 * variable), each counting its module's accesses - intensity and passes
 * summed, shares by weight, the lower confidence, the flags of both (guessed
 * when the guessed parts are most of it). Before the join, which then runs
 * once on the sum. */
void oli_summary_add_local(__oli_site_static_t *into, const __oli_site_static_t *add);

#ifdef __cplusplus
}
#endif
#endif /* OLI_COMMON_SUMMARY_H */
