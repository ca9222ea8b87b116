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

/* Runtime options: one entry per OLI_* environment variable, one row each in
 * include/oli_options.def (its type, default, accepted values and help). The
 * numbers are API (oli_option_get): rows are only appended. */
typedef enum oli_option_e {
#define OLI_OPTION(Id, Num, ...) oli_option_##Id = Num,
#include "oli_options.def"
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
