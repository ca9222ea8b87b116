/* common/buildnote.h - the build note of a module compiled with the oli pass
 * (include/oli_abi.h, OLI_NOTE_SECTION): one writer (the pass, through
 * oli_build_format) and one reader (the runtime's check that a profiled run
 * has something that counts accesses, `oli sites`).
 *
 * The description is one line of text, version first, the plan's path last
 * (it may hold any character but NUL):
 *   oli-build-v1;options=0x1f..;profile-every=1024;plan-hash=0x..;plan-sites=12;plan-left-out=9;plan=mg.plan.json
 * options is a hash of every effective pass option (the plan by its content,
 * not its path), so two modules with the same value were built alike.
 */
#ifndef OLI_COMMON_BUILDNOTE_H
#define OLI_COMMON_BUILDNOTE_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define OLI_BUILD_VERSION_TAG "oli-build-v1"

typedef struct oli_build_s {
  uint64_t options;       /* hash of the effective pass options */
  uint64_t profile_every; /* 0: no portable access profile */
  uint64_t plan_hash;     /* of the embedded plan's text; 0 with no plan */
  uint32_t plan_sites;    /* the plan's decided sites */
  uint32_t plan_left_out; /* the sites the plan left out (below --min-size, never allocated) */
  char plan[1024];        /* plan= as resolved by the pass; "" with no plan */
} oli_build_t;

/* The note's description text for b (NUL-terminated): its length, or -1 when
 * it does not fit in n bytes. */
int oli_build_format(const oli_build_t *b, char *buf, size_t n);
/* Parse a description of len bytes (a NUL ends it early): 0 ok, -1 not a
 * build note of this version (why filled, one line). Unknown keys are skipped. */
int oli_build_parse(const char *desc, size_t len, oli_build_t *out, char *why, size_t why_n);
/* Walk the ELF notes in [*p, end) (a PT_NOTE segment, a SHT_NOTE section):
 * 1 and the next oli build note parsed into out (*p moved past it), 0 at the
 * end. Other owners' notes and malformed oli notes are skipped. */
int oli_build_next(const unsigned char **p, const unsigned char *end, oli_build_t *out);

#ifdef __cplusplus
}
#endif
#endif /* OLI_COMMON_BUILDNOTE_H */
