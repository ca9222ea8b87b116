/* tools/oli/planmodel.h - the tiers `oli plan` models: from a machine file
 * (`oli calibrate -o`; --machine, OLI_MACHINE, /etc/oli/machine.json), else
 * the profile's tiers, else built-in defaults, at the profiled thread count
 * (docs/profile-schema.md, "Cost model"). */
#ifndef OLI_PLANMODEL_H
#define OLI_PLANMODEL_H

#include <stdbool.h>

#include "machine.h"
#include "planner.h"

/* Where each tier's figures came from. */
typedef struct cli_plan_source_s {
  const char *tier[OLI_PLAN_TIERS]; /* "machine", "profile", "command line", "default" */
  const char *machine;              /* the machine file used, NULL none */
  int from;                         /* the node whose measurements were used (machine) */
} cli_plan_source_t;

/* The machine file to use: `given` (--machine), else OLI_MACHINE (through
 * the runtime's option table), else OLI_MACHINE_DEFAULT_FILE when it exists;
 * "none" uses none. *explicit is set when the user named it (a bad file is
 * then an error, else a warning). NULL: none. */
const char *cli_plan_machine_path(const char *given, bool *explicit_file);
/* Set m's tiers from the machine file's measurements from one node (the
 * lowest that measured its own memory): its own node is local DRAM, the
 * first `cxl` row CXL, the first other `dram` row remote DRAM; bandwidth at
 * m->threads and at one thread from the sweep, latency the loaded one, else
 * the idle one, the gather time and the caches' bytes when measured; sat[] gets each tier's saturated bandwidth (the best
 * measured, for the preferred ratio). Tiers it has no row for keep what m
 * and sat had. 0; -1 with one
 * line in why (no node measured its own memory). */
int cli_plan_model_machine(const oli_machine_t *f, oli_plan_model_t *m, double sat[OLI_PLAN_TIERS],
                           cli_plan_source_t *src, char *why, size_t n);
/* "machine m.json (node 0: dram, cxl measured; remote_dram default)", "built-in defaults". */
const char *cli_plan_source_words(const cli_plan_source_t *src, char *buf, size_t n);
/* A time in seconds with its unit: "1.23 s", "45.6 ms", "789 us", "12 ns". */
const char *cli_plan_seconds(double s, char *buf, size_t n);
/* Local DRAM's or CXL's figures are the built-in defaults (remote DRAM's,
 * which oli plan interleaves only with --ratios D:C:R, are not counted). */
bool cli_plan_source_defaults(const cli_plan_source_t *src);

#endif /* OLI_PLANMODEL_H */
