/* tools/oli/plan.c - `oli plan PROFILE --dram-limit SIZE`: write a plan. */
#include <getopt.h>
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "oli_vocab.h"
#include "planner.h"
#include "size.h"

#define EXACT_MAX 128 /* objects solved exactly (front permitting); greedy beyond */

static void usage(FILE *f) {
  fputs("usage: oli plan PROFILE --dram-limit SIZE [options]\n"
        "Choose for every site of PROFILE local DRAM, weighted DRAM+CXL interleave at one of\n"
        "a few ratios, or CXL, so that local-DRAM bytes stay <= SIZE and the predicted stall\n"
        "time is lowest (multiple-choice knapsack; exact for up to 128 sites, greedy beyond;\n"
        "cost model in docs/profile-schema.md). The plan explains each choice.\n"
        "  -d, --dram-limit SIZE     local DRAM budget: bytes or 64G, 512M, 1.5T (required)\n"
        "  -w, --weights D:C[:R]     preferred interleave ratio (local DRAM:CXL[:remote DRAM]);\n"
        "                            default: proportional to the tiers' bandwidth\n"
        "  -r, --ratios LIST         all candidate ratios, e.g. 3:1,1:1 (default: the\n"
        "                            preferred ratio, 7:1, 3:1, 1:1, 1:3)\n"
        "  -b, --bandwidth D:C[:R]   read bandwidth per tier, MB/s (default: the profile's\n"
        "                            \"tiers\", else 30000:10000:20000)\n"
        "  -l, --latency D:C[:R]     read latency per tier, ns (default: the profile's\n"
        "                            \"tiers\", else 100:280:180)\n"
        "  -L, --large-percent N     large: >= N% of the footprint (0-100, default 10)\n"
        "  -H, --hot-intensity X     hot: >= X sampled accesses per KiB (default: the\n"
        "                            profile's mean, total accesses / total bytes)\n"
        "  -m, --min-size SIZE       leave out sites whose objects are smaller (the runtime\n"
        "                            never places objects below its OLI_MIN_SIZE, default\n"
        "                            1M; default here 0: every site is planned)\n"
        "  -s, --solver exact|greedy force a solver (exact fails on a huge state space)\n"
        "  -o, --output PLAN         write the plan there (default: standard output)\n"
        "  -h, --help                this text\n"
        "Exit status: 0 ok, 2 bad input.\n",
        f);
}

/* "a:b" or "a:b:c" of positive numbers; n = parts. 0 ok. */
static int parse_triple(const char *s, double v[3], int *n, int integers) {
  char *end;
  *n = 0;
  const char *p = s;
  for (;;) {
    if (*p < '0' || *p > '9') return -1;
    double x = strtod(p, &end);
    if (end == p || !isfinite(x) || x < 0 || x > 1e9) return -1;
    if (integers && (x != floor(x) || x > 1000)) return -1;
    v[(*n)++] = x;
    p = end;
    if (*p == '\0') break;
    if (*p != ':' || *n == 3) return -1;
    p++;
  }
  return *n >= 2 ? 0 : -1;
}

static void ratio_str(const oli_plan_opt_t *o, char *buf, size_t n) {
  if (o->w[2]) snprintf(buf, n, "%u:%u:%u", o->w[0], o->w[1], o->w[2]);
  else snprintf(buf, n, "%u:%u", o->w[0], o->w[1]);
}

/* The placement of a ratio: the tier's own placement when one tier has all
 * the weight (local DRAM, CXL), else an interleave. */
static const char *decision_of(const oli_plan_opt_t *o) {
  if (o->w[1] == 0 && o->w[2] == 0) return oli_placement_name(OLI_PLACE_DRAM);
  if (o->w[0] == 0 && o->w[2] == 0) return oli_placement_name(OLI_PLACE_CXL);
  return oli_placement_name(OLI_PLACE_INTERLEAVE);
}

static int same_ratio(const oli_plan_opt_t *a, const oli_plan_opt_t *b) {
  /* a0/b0 == a1/b1 == a2/b2 up to scale */
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < 3; j++)
      if ((uint64_t)a->w[i] * b->w[j] != (uint64_t)a->w[j] * b->w[i]) return 0;
  return 1;
}

static int add_opt(oli_plan_opt_t *opts, int *n, oli_plan_opt_t o) {
  for (int i = 0; i < *n; i++)
    if (same_ratio(&opts[i], &o)) return 0;
  if (*n >= OLI_PLAN_MAX_OPTS) return -1;
  opts[(*n)++] = o;
  return 0;
}

/* Bandwidth-proportional ratio in small integers (at most 16 parts). */
static oli_plan_opt_t bw_ratio(const oli_plan_model_t *m) {
  oli_plan_opt_t best = {{1, 1, 0}};
  double want = m->bw[0] / (m->bw[0] + m->bw[1]), err = 2;
  for (uint32_t d = 1; d <= 15; d++)
    for (uint32_t c = 1; d + c <= 16; c++) {
      double e = fabs((double)d / (d + c) - want);
      if (e < err - 1e-12) err = e, best.w[0] = d, best.w[1] = c;
    }
  return best;
}

int cli_plan_main(int argc, char **argv) {
  static const struct option opts_long[] = {
      {"dram-limit", required_argument, NULL, 'd'},
      {"weights", required_argument, NULL, 'w'},
      {"ratios", required_argument, NULL, 'r'},
      {"bandwidth", required_argument, NULL, 'b'},
      {"latency", required_argument, NULL, 'l'},
      {"large-percent", required_argument, NULL, 'L'},
      {"hot-intensity", required_argument, NULL, 'H'},
      {"solver", required_argument, NULL, 's'},
      {"min-size", required_argument, NULL, 'm'},
      {"output", required_argument, NULL, 'o'},
      {"help", no_argument, NULL, 'h'},
      {NULL, 0, NULL, 0},
  };
  const char *limit_s = NULL, *weights_s = NULL, *ratios_s = NULL, *bw_s = NULL, *lat_s = NULL;
  const char *out_path = NULL, *solver = "auto", *min_s = NULL;
  long large_percent = 10;
  double hot_kib = -1;
  int c;
  char *end;
  optind = 1;
  while ((c = getopt_long(argc, argv, "d:w:r:b:l:L:H:s:m:o:h", opts_long, NULL)) != -1) {
    switch (c) {
    case 'd': limit_s = optarg; break;
    case 'w': weights_s = optarg; break;
    case 'r': ratios_s = optarg; break;
    case 'b': bw_s = optarg; break;
    case 'l': lat_s = optarg; break;
    case 'L':
      large_percent = strtol(optarg, &end, 10);
      if (end == optarg || *end || large_percent < 0 || large_percent > 100) {
        cli_error("plan: --large-percent '%s' is not an integer 0-100", optarg);
        return OLI_EXIT_BAD;
      }
      break;
    case 'H':
      hot_kib = strtod(optarg, &end);
      if (end == optarg || *end || !isfinite(hot_kib) || hot_kib < 0) {
        cli_error("plan: --hot-intensity '%s' is not a number >= 0 (accesses per KiB)", optarg);
        return OLI_EXIT_BAD;
      }
      break;
    case 's':
      if (strcmp(optarg, "exact") && strcmp(optarg, "greedy")) {
        cli_error("plan: --solver '%s' is not one of exact, greedy", optarg);
        return OLI_EXIT_BAD;
      }
      solver = optarg;
      break;
    case 'o': out_path = optarg; break;
    case 'm': min_s = optarg; break;
    case 'h': usage(stdout); return OLI_EXIT_OK;
    default: usage(stderr); return OLI_EXIT_BAD;
    }
  }
  if (argc - optind != 1) {
    cli_error("plan: expected one PROFILE, got %d arguments", argc - optind);
    usage(stderr);
    return OLI_EXIT_BAD;
  }
  uint64_t budget;
  if (limit_s == NULL) {
    cli_error("plan: --dram-limit SIZE is required (bytes, or 64G, 512M, 1.5T)");
    usage(stderr);
    return OLI_EXIT_BAD;
  }
  int prc = oli_parse_size(limit_s, &budget);
  if (prc != 0) {
    cli_error("plan: --dram-limit '%s' is %s (bytes, or 64G, 512M, 1.5T)", cli_shown(limit_s),
              prc == -2 ? "less than one byte" : "not a size");
    return OLI_EXIT_BAD;
  }
  uint64_t min_size = 0;
  if (min_s && (prc = oli_parse_size(min_s, &min_size)) != 0) {
    cli_error("plan: --min-size '%s' is %s (bytes, or 64K, 1M)", cli_shown(min_s),
              prc == -2 ? "less than one byte" : "not a size");
    return OLI_EXIT_BAD;
  }
  oli_plan_model_t m;
  oli_plan_model_default(&m);
  m.large_percent = (uint32_t)large_percent;
  double v[3];
  int nv;
  oli_plan_opt_t pref = {{0, 0, 0}};
  int have_pref = 0;
  if (weights_s) {
    if (parse_triple(weights_s, v, &nv, 1) != 0 || v[0] == 0 || v[1] + v[2] == 0) {
      cli_error("plan: --weights '%s' is not D:C or D:C:R (integers 0-1000, D > 0, C+R > 0)", weights_s);
      return OLI_EXIT_BAD;
    }
    for (int i = 0; i < nv; i++) pref.w[i] = (uint32_t)v[i];
    have_pref = 1;
  }
  oli_plan_opt_t ratios[OLI_PLAN_MAX_OPTS];
  int nratios = 0;
  if (ratios_s) {
    char *copy = strdup(ratios_s), *save = NULL;
    for (char *t = strtok_r(copy, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
      oli_plan_opt_t o = {{0, 0, 0}};
      if (parse_triple(t, v, &nv, 1) != 0 || v[0] == 0 || v[1] + v[2] == 0 ||
          add_opt(ratios, &nratios, (o.w[0] = (uint32_t)v[0], o.w[1] = (uint32_t)v[1],
                                     o.w[2] = nv == 3 ? (uint32_t)v[2] : 0, o)) != 0) {
        cli_error("plan: --ratios '%s': '%s' is not D:C or D:C:R (integers 0-1000, D > 0, C+R > 0; "
                  "at most %d ratios)", ratios_s, t, OLI_PLAN_MAX_OPTS - 2);
        free(copy);
        return OLI_EXIT_BAD;
      }
    }
    free(copy);
    if (nratios == 0 || nratios > OLI_PLAN_MAX_OPTS - 2) {
      cli_error("plan: --ratios '%s' gives no usable ratio", ratios_s);
      return OLI_EXIT_BAD;
    }
  }
  cli_doc_t d;
  if (cli_doc_load(argv[optind], CLI_DOC_PROFILE, &d) != 0) return OLI_EXIT_BAD;
  int rc = OLI_EXIT_BAD;
  const char *tier_src[3] = {"default", "default", "default"};
  /* tiers from the profile, then the command line */
  const oli_json_t *tiers = oli_json_get(d.root, "tiers");
  for (int t = 0; t < OLI_NODE_TIERS; t++) {
    const oli_json_t *e = oli_json_get(tiers, oli_tier_name((oli_tier_t)t));
    double x;
    if (oli_json_double(oli_json_get(e, "bandwidth"), &x) == 0 && x > 0) m.bw[t] = x, tier_src[t] = "profile";
    if (oli_json_double(oli_json_get(e, "latency"), &x) == 0 && x > 0) m.lat[t] = x, tier_src[t] = "profile";
  }
  if (bw_s) {
    if (parse_triple(bw_s, v, &nv, 0) != 0 || v[0] <= 0 || v[1] <= 0 || (nv == 3 && v[2] <= 0)) {
      cli_error("plan: --bandwidth '%s' is not D:C or D:C:R (MB/s, each > 0)", bw_s);
      goto out;
    }
    for (int i = 0; i < nv; i++) m.bw[i] = v[i], tier_src[i] = "command line";
  }
  if (lat_s) {
    if (parse_triple(lat_s, v, &nv, 0) != 0 || v[0] <= 0 || v[1] <= 0 || (nv == 3 && v[2] <= 0)) {
      cli_error("plan: --latency '%s' is not D:C or D:C:R (ns, each > 0)", lat_s);
      goto out;
    }
    for (int i = 0; i < nv; i++) m.lat[i] = v[i], tier_src[i] = "command line";
  }
  /* objects (--min-size: smaller ones are left out, the runtime's default policy) */
  size_t kept = 0;
  for (size_t i = 0; i < d.nsites; i++) {
    uint64_t b = d.sites[i].peak_live > d.sites[i].largest ? d.sites[i].peak_live : d.sites[i].largest;
    if (b >= min_size) d.sites[kept++] = d.sites[i];
  }
  d.nsites = kept;
  oli_plan_obj_t *objs = calloc(d.nsites ? d.nsites : 1, sizeof *objs);
  unsigned __int128 total_bytes = 0, total_acc = 0;
  for (size_t i = 0; i < d.nsites; i++) {
    objs[i].bytes = d.sites[i].peak_live ? d.sites[i].peak_live : d.sites[i].largest;
    objs[i].accesses = d.sites[i].accesses;
    total_bytes += objs[i].bytes;
    total_acc += objs[i].accesses;
  }
  if (total_acc == 0 && d.nsites > 0)
    cli_warning("%s: no sampled accesses (access_source %s): every object counts as cold, so the plan "
                "only keeps as many bytes on DRAM as fit; profile with the pass option profile-every=N "
                "for access-aware plans", d.path, d.access_source);
  m.footprint = d.footprint_peak ? d.footprint_peak : (uint64_t)total_bytes;
  if (hot_kib >= 0) m.hot = hot_kib / 1024.0;
  else m.hot = total_bytes ? (double)total_acc / (double)total_bytes : 0;
  if (m.hot <= 0) m.hot = 1e-300; /* no accesses at all: nothing is hot */
  if (!have_pref) pref = bw_ratio(&m);
  oli_plan_opt_t options[OLI_PLAN_MAX_OPTS];
  int nopts = 0;
  add_opt(options, &nopts, (oli_plan_opt_t){{1, 0, 0}});
  add_opt(options, &nopts, (oli_plan_opt_t){{0, 1, 0}});
  if (ratios_s) {
    for (int i = 0; i < nratios; i++) add_opt(options, &nopts, ratios[i]);
  } else {
    static const uint32_t fixed[4][2] = {{7, 1}, {3, 1}, {1, 1}, {1, 3}};
    add_opt(options, &nopts, pref);
    for (int i = 0; i < 4; i++) add_opt(options, &nopts, (oli_plan_opt_t){{fixed[i][0], fixed[i][1], 0}});
  }
  oli_plan_result_t res;
  size_t exact_max = !strcmp(solver, "greedy") ? 0 : !strcmp(solver, "exact") ? SIZE_MAX : EXACT_MAX;
  if (oli_plan_solve(&m, objs, d.nsites, options, nopts, budget, exact_max, &res) != 0) {
    cli_error("plan: out of memory");
    free(objs);
    goto out;
  }
  if (!strcmp(solver, "exact") && !res.exact) {
    cli_error("plan: the exact solver gave up (state space too large for %zu sites); use --solver greedy",
              d.nsites);
    free(objs);
    goto out;
  }
  cli_out_t out;
  if (cli_out_open(&out, out_path) != 0) {
    free(objs);
    goto out;
  }
  out.hint = "leave small sites out with --min-size (e.g. 1M, the runtime's OLI_MIN_SIZE)";
  FILE *f = out.f;
  char rs[32], ps[32], b1[32], b2[32];
  uint64_t tier_bytes[3] = {0, 0, 0};
  fprintf(f, "{\n  \"schema\": \"oli-plan\",\n  \"version\": 1,\n  \"program\": ");
  oli_json_write_string(f, d.program);
  fprintf(f, ",\n  \"profile\": ");
  oli_json_write_string(f, d.path);
  ratio_str(&pref, rs, sizeof rs);
  fprintf(f, ",\n  \"dram_limit\": %" PRIu64 ",\n  \"weights\": \"%s\",\n", budget, rs);
  fprintf(f, "  \"model\": {\"dram\": {\"bandwidth\": %.6g, \"latency\": %.6g, \"source\": \"%s\"}, "
             "\"cxl\": {\"bandwidth\": %.6g, \"latency\": %.6g, \"source\": \"%s\"}, "
             "\"remote_dram\": {\"bandwidth\": %.6g, \"latency\": %.6g, \"source\": \"%s\"}, "
             "\"footprint\": %" PRIu64 ", \"large_percent\": %u, \"hot_per_kib\": %.6g, \"solver\": \"%s\"},\n",
          m.bw[0], m.lat[0], tier_src[0], m.bw[1], m.lat[1], tier_src[1], m.bw[2], m.lat[2], tier_src[2],
          m.footprint, m.large_percent, m.hot * 1024.0, res.exact ? "exact" : "greedy");
  fprintf(f, "  \"sites\": [");
  for (size_t i = 0; i < d.nsites; i++) {
    const cli_site_t *s = &d.sites[i];
    const oli_plan_obj_t *x = &objs[i];
    const oli_plan_opt_t *o = &options[x->choice], *best = &options[x->best];
    const char *dec = decision_of(o);
    char reason[512], cls[200];
    double pct = m.footprint ? 100.0 * (double)x->bytes / (double)m.footprint : 0;
    double per_kib = x->bytes ? (double)x->accesses * 1024.0 / (double)x->bytes : 0;
    int large = (unsigned __int128)x->bytes * 100 >= (unsigned __int128)m.footprint * m.large_percent;
    if (x->accesses == 0)
      snprintf(cls, sizeof cls, "no sampled accesses (%.0f%% of footprint)", pct);
    else if (x->bw_bound)
      snprintf(cls, sizeof cls, "large (%.0f%% of footprint >= %u%%) and hot (%.3g accesses/KiB >= %.3g): bandwidth-bound",
               pct, m.large_percent, per_kib, m.hot * 1024.0);
    else if (!large)
      snprintf(cls, sizeof cls, "not large (%.1f%% of footprint < %u%%), %.3g accesses/KiB: latency-bound", pct,
               m.large_percent, per_kib);
    else
      snprintf(cls, sizeof cls, "large (%.0f%% of footprint) but not hot (%.3g accesses/KiB < %.3g): latency-bound",
               pct, per_kib, m.hot * 1024.0);
    ratio_str(o, ps, sizeof ps);
    if (x->choice == x->best) {
      if (!strcmp(dec, "dram")) snprintf(reason, sizeof reason, "%s; local DRAM has the lowest predicted stall", cls);
      else if (!strcmp(dec, "interleave"))
        snprintf(reason, sizeof reason, "%s; interleave %s spreads its traffic over the tiers' bandwidth: "
                 "predicted stall %.0f%% of all-DRAM", cls, ps,
                 100.0 * x->cost / (oli_plan_cost(&m, x, &(oli_plan_opt_t){{1, 0, 0}}) + 1e-300));
      else snprintf(reason, sizeof reason, "%s; CXL has the lowest predicted stall", cls);
    } else {
      char bs[32];
      ratio_str(best, bs, sizeof bs);
      const char *bdec = decision_of(best);
      snprintf(reason, sizeof reason, "%s; DRAM limit: %s%s%s instead of %s%s%s, saving %s of DRAM for "
               "+%.3g%% predicted stall, among the cheapest per DRAM byte",
               cls, dec, strcmp(dec, "interleave") ? "" : " ", strcmp(dec, "interleave") ? "" : ps, bdec,
               strcmp(bdec, "interleave") ? "" : " ", strcmp(bdec, "interleave") ? "" : bs,
               oli_format_size(oli_plan_dram_bytes(x->bytes, best) - x->dram, b1, sizeof b1),
               x->best_cost > 0 ? 100.0 * (x->cost - x->best_cost) / x->best_cost : 0.0);
    }
    uint64_t sum = (uint64_t)o->w[0] + o->w[1] + o->w[2];
    tier_bytes[0] += x->dram;
    if (sum) {
      uint64_t rem = x->bytes - x->dram;
      uint64_t r = o->w[1] + o->w[2] ? (uint64_t)((unsigned __int128)rem * o->w[2] / (o->w[1] + o->w[2])) : 0;
      tier_bytes[2] += r;
      tier_bytes[1] += rem - r;
    }
    fprintf(f, "%s\n    {\"id\": \"0x%016" PRIx64 "\", \"kind\": ", i ? "," : "", s->id);
    oli_json_write_string(f, s->kind);
    fprintf(f, ", \"file\": ");
    oli_json_write_string(f, s->file);
    fprintf(f, ", \"function\": ");
    oli_json_write_string(f, s->function);
    if (s->has_line) fprintf(f, ", \"line\": %u", s->line);
    fprintf(f, ", \"rel\": %u, \"name\": ", s->rel);
    if (s->name[0]) oli_json_write_string(f, s->name);
    else fprintf(f, "null");
    fprintf(f, ",\n     \"decision\": \"%s\", \"ratio\": ", dec);
    if (!strcmp(dec, "interleave")) fprintf(f, "\"%s\"", ps);
    else fprintf(f, "null");
    fprintf(f, ", \"bytes\": %" PRIu64 ", \"dram_bytes\": %" PRIu64 ", \"accesses\": %" PRIu64
               ", \"stall\": %.6g,\n     \"reason\": ", x->bytes, x->dram, x->accesses, x->cost);
    oli_json_write_string(f, reason);
    fprintf(f, "}");
  }
  fprintf(f, "%s],\n  \"summary\": {\"dram_bytes\": %" PRIu64 ", \"cxl_bytes\": %" PRIu64
             ", \"remote_dram_bytes\": %" PRIu64 ", \"stall\": %.6g, \"all_dram_stall\": %.6g, \"solver\": \"%s\"}\n}\n",
          d.nsites ? "\n  " : "", tier_bytes[0], tier_bytes[1], tier_bytes[2], res.cost, res.dram_cost,
          res.exact ? "exact" : "greedy");
  if (cli_out_commit(&out) != 0) {
    free(objs);
    goto out;
  }
  if (out_path)
    fprintf(stderr, "oli: plan for %zu sites -> %s: DRAM %s of %s, predicted stall %.3g (all-DRAM %.3g), %s solver\n",
            d.nsites, cli_shown(out_path), oli_format_size(res.dram, b1, sizeof b1), oli_format_size(budget, b2, sizeof b2),
            res.cost, res.dram_cost, res.exact ? "exact" : "greedy");
  free(objs);
  rc = OLI_EXIT_OK;
out:
  cli_doc_free(&d);
  return rc;
}
