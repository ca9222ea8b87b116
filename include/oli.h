/* oli.h - public API of the oli runtime (liboli).
 * Programs compiled with the oli pass need nothing from here; it is for
 * programs that want to query or steer placement themselves. */
#ifndef OLI_H
#define OLI_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define OLI_VERSION_MAJOR 0
#define OLI_VERSION_MINOR 1
#define OLI_VERSION_PATCH 0

/* Placement policy for the whole process (OLI_POLICY): one row each in
 * include/oli_vocab.def, whose Help column says what each does. The numbers
 * are API (oli_option_get): rows are only appended. */
typedef enum oli_policy_e {
#define OLI_POLICY(Id, Num, Name, Rule, Placement, Process, Help) OLI_POLICY_##Id = Num,
#include "oli_vocab.def"
} oli_policy_t;
enum { OLI_POLICY_COUNT_ = 0
#define OLI_POLICY(Id, Num, Name, Rule, Placement, Process, Help) +1
#include "oli_vocab.def"
};

/* Runtime options: one entry per OLI_* environment variable. */
typedef enum oli_option_e {
  oli_option_policy = 0,     /* OLI_POLICY */
  oli_option_verbose,        /* OLI_VERBOSE */
  oli_option_strict,         /* OLI_STRICT */
  oli_option_report,         /* OLI_REPORT (string) */
  oli_option_report_format,  /* OLI_REPORT_FORMAT */
  oli_option_dram_limit,     /* OLI_DRAM_LIMIT (bytes, 0 = unlimited) */
  oli_option_large_percent,  /* OLI_LARGE_PERCENT */
  oli_option_min_size,       /* OLI_MIN_SIZE (bytes) */
  oli_option_weights,        /* OLI_WEIGHTS (string) */
  oli_option_dram_nodes,     /* OLI_DRAM_NODES (string) */
  oli_option_cxl_nodes,      /* OLI_CXL_NODES (string) */
  oli_option_profile,        /* OLI_PROFILE (string) */
  oli_option_plan,           /* OLI_PLAN (string) */
  oli_option_arena_size,     /* OLI_ARENA_SIZE (bytes) */
  oli_option_sysfs_root,     /* OLI_SYSFS_ROOT (string, tests only) */
  oli_option_profile_source, /* OLI_PROFILE_SOURCE: 0 auto, 1 portable, 2 pmu, 3 none */
  oli_option_pmu_event,      /* OLI_PMU_EVENT: 0 hw, 1 sw-page-faults (tests only) */
  oli_option_count_small,    /* OLI_COUNT_SMALL: 1 = every small object enters the runtime */
  oli_option_machine,        /* OLI_MACHINE (string): machine file of `oli calibrate`, `none` */
  oli_option_footprint,      /* OLI_FOOTPRINT (bytes, 0 = unknown): the expected footprint */
  oli_option_migrate_limit,  /* OLI_MIGRATE_LIMIT (bytes): migration budget of re-decisions */
  oli_option_migrate_time,   /* OLI_MIGRATE_TIME (milliseconds): migration time budget */
  oli_option_profile_start,  /* OLI_PROFILE_START: 0 start, 1 settle (sample from the first oli_settle()) */
  _oli_option_last
} oli_option_t;

/* Value of an option (after validation). Sizes in bytes. */
long oli_option_get(oli_option_t option);

/* Re-decide every live placed object now against the footprint known so far
 * (docs/runtime.md, "Re-decision"): an object whose decision flips is re-bound
 * when none of its pages is present, else migrated within the migration budget
 * (OLI_MIGRATE_LIMIT, OLI_MIGRATE_TIME). Call it when the program's set-up has
 * allocated its data (the runtime also settles by itself as the footprint
 * grows, and once more at exit before the report). Returns the number of
 * objects whose decision changed; 0 under a policy other than oli. Never
 * fails an allocation or loses data; thread-safe. */
long oli_settle(void);

/* Profiling phases (OLI_PROFILE): stop counting sampled accesses (portable and
 * PMU) until the matching oli_profile_resume(), e.g. around a program's
 * set-up, so the profile measures its compute phase; objects are still
 * counted (sizes). Pairs nest; without OLI_PROFILE they do nothing.
 * Thread-safe; no failure value. */
void oli_profile_pause(void);
/* Resume what oli_profile_pause() stopped; an unmatched call does nothing. */
void oli_profile_resume(void);

/* Write the placement report now to `path` ("stderr" or a file); 0, -1/errno. */
int oli_report_write(const char *path);

/* Version as "0.1.0"; never NULL. */
const char *oli_version(void);

#ifdef __cplusplus
}
#endif
#endif /* OLI_H */
