/* tools/oli/planmodel.c - the tiers `oli plan` models, from the machine file. */
#include "planmodel.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "internal.h" /* the runtime's option table: OLI_MACHINE */
#include "oli_vocab.h"

const char *cli_plan_machine_path(const char *given, bool *explicit_file) {
  *explicit_file = true;
  const char *p = given ? given : _oli_option_str(oli_option_machine);
  if (p) return strcmp(p, "none") == 0 ? NULL : p;
  *explicit_file = false;
  return access(OLI_MACHINE_DEFAULT_FILE, F_OK) == 0 ? OLI_MACHINE_DEFAULT_FILE : NULL;
}

static void set_tier(oli_plan_model_t *m, int t, const oli_machine_row_t *r) {
  m->bw[t] = oli_machine_bw_at(r, m->threads);
  m->bw_thread[t] = oli_machine_bw_at(r, 1);
  if (m->bw_thread[t] > m->bw[t]) m->bw_thread[t] = m->bw[t]; /* a sweep that falls: never above the curve */
  /* loaded, never below idle: a lower loaded reading is another guest's noise */
  uint32_t lat = r->loaded_lat > r->idle_lat ? r->loaded_lat : r->idle_lat;
  if (lat) m->lat[t] = (double)lat;
  /* 0 (not measured): loaded latency / mlp */
  m->gather_ns[t] = r->gather_ps ? (double)r->gather_ps / 1e3 : (double)r->gather_ns;
}

int cli_plan_model_machine(const oli_machine_t *f, oli_plan_model_t *m, double sat[OLI_PLAN_TIERS],
                           cli_plan_source_t *src, char *why, size_t n) {
  int from = -1;
  for (size_t i = 0; i < f->n; i++)
    if (f->rows[i].from == f->rows[i].to && (from < 0 || f->rows[i].from < from)) from = f->rows[i].from;
  if (from < 0) {
    snprintf(why, n, "no measurement of a node's own memory (from == to): no local DRAM to model; "
                     "measure with oli calibrate");
    return -1;
  }
  src->from = from;
  m->cache_bytes = (double)f->cache_bytes; /* 0 (not measured): no cache term */
  if (f->cache_gather_ps) m->hit_ns = (double)f->cache_gather_ps / 1e3; /* else the built-in default */
  m->nhits = 0;
  for (uint32_t k = 0; k < f->nhits && k < OLI_PLAN_MAX_HITS; k++, m->nhits++)
    m->hit_bytes[k] = (double)f->hits[k].bytes, m->hit_curve_ns[k] = (double)f->hits[k].gather_ps / 1e3;
  if (f->cache_read_bw) m->cache_bw = (double)f->cache_read_bw;
  if (f->cache_chase_ps) m->chase_ns = (double)f->cache_chase_ps / 1e3;
  m->window = (double)f->miss_window; /* 0 (not measured): no work term */
  m->op_ns = oli_machine_op_ps_at(f, m->threads) / 1e3; /* 0 (not measured): no compute term */
  const char *cxl = oli_node_kind_name(OLI_NODE_CXL), *dram = oli_node_kind_name(OLI_NODE_DRAM);
  const oli_machine_row_t *tier[OLI_PLAN_TIERS] = {oli_machine_find(f, from, from), NULL, NULL};
  for (size_t i = 0; i < f->n; i++) {
    const oli_machine_row_t *r = &f->rows[i];
    if (r->from != from || r->to == from) continue;
    if (!tier[OLI_TIER_CXL] && strcmp(r->kind, cxl) == 0) tier[OLI_TIER_CXL] = r;
    if (!tier[OLI_TIER_REMOTE] && strcmp(r->kind, dram) == 0) tier[OLI_TIER_REMOTE] = r;
  }
  for (int t = 0; t < OLI_PLAN_TIERS; t++)
    if (tier[t]) set_tier(m, t, tier[t]), sat[t] = oli_machine_bw_at(tier[t], 1e9), src->tier[t] = "machine";
  return 0;
}

const char *cli_plan_seconds(double s, char *buf, size_t n) {
  double a = s < 0 ? -s : s;
  if (a >= 1 || a == 0) snprintf(buf, n, "%.3g s", s);
  else if (a >= 1e-3) snprintf(buf, n, "%.3g ms", s * 1e3);
  else if (a >= 1e-6) snprintf(buf, n, "%.3g us", s * 1e6);
  else snprintf(buf, n, "%.3g ns", s * 1e9);
  return buf;
}

bool cli_plan_source_defaults(const cli_plan_source_t *src) {
  return strcmp(src->tier[OLI_TIER_DRAM], "default") == 0 || strcmp(src->tier[OLI_TIER_CXL], "default") == 0;
}

const char *cli_plan_source_words(const cli_plan_source_t *src, char *buf, size_t n) {
  size_t k = 0;
  if (src->machine) k += (size_t)snprintf(buf, n, "machine %s (node %d", src->machine, src->from);
  else if (!cli_plan_source_defaults(src) || strcmp(src->tier[0], "default") != 0)
    k += (size_t)snprintf(buf, n, "no machine file (");
  else return snprintf(buf, n, "built-in defaults (no machine file)"), buf;
  /* each source once, with its tiers: "dram, cxl measured; remote_dram default" */
  static const char *const kinds[] = {"machine", "profile", "command line", "default"};
  static const char *const said[] = {"measured", "from the profile", "from the command line", "default"};
  const char *sep = src->machine ? ": " : "";
  for (size_t s = 0; s < sizeof kinds / sizeof kinds[0]; s++) {
    int any = 0;
    for (int t = 0; t < OLI_PLAN_TIERS && k < n; t++) {
      if (strcmp(src->tier[t], kinds[s]) != 0) continue;
      k += (size_t)snprintf(buf + k, n - k, "%s%s", any ? ", " : sep, oli_tier_name((oli_tier_t)t));
      any = 1, sep = "; ";
    }
    if (any && k < n) k += (size_t)snprintf(buf + k, n - k, " %s", said[s]);
  }
  if (k < n) snprintf(buf + k, n - k, ")");
  return buf;
}
