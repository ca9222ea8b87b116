/* runtime/internal.h - prototypes shared inside the oli runtime, grouped by
 * the file that defines them. Nothing here is exported (-fvisibility=hidden). */
#ifndef OLI_INTERNAL_H
#define OLI_INTERNAL_H

#include <stdarg.h>
#include <stdbool.h>

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

/* Numbered warnings: each printed once per process (messages.c). */
typedef enum oli_warning_e {
  W_NO_NUMA = 0,  /* kernel or machine without NUMA */
  W_NO_CXL,       /* no CPU-less memory node: DRAM fallback */
  W_MBIND,        /* mbind/set_mempolicy failed: default policy */
  W_ARENA_FULL,   /* reserved arena exhausted: glibc fallback */
  W_MMAP,         /* mmap failed */
  W_BAD_SYSFS,    /* unparsable sysfs file, ignored */
  W_REPORT,       /* report/profile could not be written */
  W_PLAN,         /* plan/profile unusable: static hints used */
  W_NO_WI,        /* kernel lacks MPOL_WEIGHTED_INTERLEAVE: page-run binding used */
  W_OPTION,       /* legacy option name / clamped value */
  W_MAX_
} oli_warning_t;

// options.c
void _oli_options_init(void);
long _oli_option_get(oli_option_t option);
const char *_oli_option_str(oli_option_t option); /* string options, NULL unset */
bool _oli_option_is_set(oli_option_t option);
/* Parsers, pure, used by options.c and the fuzzers: 0 ok, -1 bad (msg filled). */
int _oli_parse_policy(const char *s, oli_policy_t *out);
int _oli_parse_weights(const char *s, uint32_t w[OLI_MAX_TARGETS], int *n);
int _oli_parse_nodelist(const char *s, uint64_t *mask);

// messages.c
void _oli_verbose_message(int level, const char *fmt, ...) OLI_PRINTF(2, 3);
void _oli_warning_message(oli_warning_t id, const char *fmt, ...) OLI_PRINTF(2, 3);
void _oli_error_message(int err, const char *fmt, ...) OLI_PRINTF(2, 3);
uint64_t _oli_warning_count(oli_warning_t id);

// topology.c
/* Read a sysfs tree rooted at `root` ("/" normally; test data in tests). 0 ok. */
int _oli_topology_read(const char *root, oli_topology_t *t);
void _oli_topology_apply_overrides(oli_topology_t *t, uint64_t dram_mask, uint64_t cxl_mask);
/* Default DRAM:CXL:remote weights: HMAT bandwidth, else kernel weights, else 3:1. */
const char *_oli_topology_default_weights(const oli_topology_t *t, uint32_t w[OLI_MAX_TARGETS]);
const oli_topology_t *_oli_topology(void); /* the process's, after init */

// decide.c
oli_decision_t _oli_decide(const oli_decide_in_t *in);
/* "38% of footprint, >= 10%: interleave 3:1" */
int _oli_reason_format(const oli_decision_t *d, uint32_t large_percent, char *buf, size_t n);

// init.c
void _oli_process_init(void);
bool _oli_is_initialized(void);

#endif /* OLI_INTERNAL_H */
