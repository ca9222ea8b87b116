/* tools/oli/plan.c - `oli plan PROFILE --dram-limit SIZE`: write a plan. */
#include <getopt.h>
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "machine.h"
#include "oli_vocab.h"
#include "planmodel.h"
#include "planner.h"
#include "ratio.h"
#include "siterec.h"
#include "size.h"
#include "text.h"

#define EXACT_MAX 128 /* objects solved exactly (front permitting); greedy beyond */

static void usage(FILE *f) {
  fputs("usage: oli plan PROFILE --dram-limit SIZE [options]\n"
        "       oli plan --static BINARY [--sizes REPORT] --dram-limit SIZE [options]\n"
        "Choose for every site of PROFILE local DRAM, weighted DRAM+CXL interleave at one of\n"
        "a few ratios, or CXL, so that local-DRAM bytes stay <= SIZE and the predicted memory\n"
        "time (seconds, at the profiled thread count on the modelled machine) is lowest\n"
        "(multiple-choice knapsack; exact for up to 128 sites, greedy beyond; cost model in\n"
        "docs/profile-schema.md). The plan explains each choice and predicts the time of\n"
        "all-DRAM, uniform interleave, the runtime's rule (oli) and the plan.\n"
        "With --static no profile is needed: the accesses are the plugin's static estimate\n"
        "in BINARY's site records (docs/static-intensity.md; a gather is latency-bound), the\n"
        "sizes their static hints, or a run's report or profile (--sizes) for objects sized\n"
        "at run time.\n"
        "  -S, --static BINARY       plan from BINARY's site records alone\n"
        "  -z, --sizes FILE          with --static: object sizes from a report or profile\n"
        "  -d, --dram-limit SIZE     local DRAM budget: bytes or 64G, 512M, 1.5T; 0 or\n"
        "                            unlimited: no limit, as OLI_DRAM_LIMIT (required)\n"
        "  -w, --weights D:C[:R]     preferred interleave ratio (local DRAM:CXL[:remote DRAM],\n"
        "                            0-255 each as OLI_WEIGHTS, D and C > 0);\n"
        "                            default: proportional to the tiers' bandwidth\n"
        "  -r, --ratios LIST         all candidate ratios, e.g. 3:1,1:1 (default: the\n"
        "                            preferred ratio, 15:1, 7:1, 3:1, 1:1, 1:3, 1:7, 1:15,\n"
        "                            1:31)\n"
        "  -M, --machine FILE        the tiers as measured by oli calibrate -o FILE (default:\n"
        "                            OLI_MACHINE, else /etc/oli/machine.json; none: neither);\n"
        "                            without one the profile's \"tiers\", else built-in defaults\n"
        "  -t, --threads N           threads of the run to model (default: the profile's\n"
        "                            \"threads\", the --sizes profile's, else 1)\n"
        "  -b, --bandwidth D:C[:R]   saturated bandwidth per tier, MB/s (overrides the\n"
        "                            machine file; defaults 30000:10000:20000)\n"
        "  -l, --latency D:C[:R]     loaded read latency per tier, ns (overrides the machine\n"
        "                            file; defaults 100:280:180)\n"
        "  -L, --large-percent N     large: >= N% of the footprint (0-100, default 10)\n"
        "  -H, --hot-intensity X     hot: >= X sampled accesses per KiB (default: the\n"
        "                            profile's mean, total accesses / total bytes); with\n"
        "                            --large-percent, the runtime rule's test (predicted oli)\n"
        "  -m, --min-size SIZE       leave out sites whose objects are smaller (default 1M,\n"
        "                            the runtime's OLI_MIN_SIZE: it never places smaller ones)\n"
        "  -s, --solver exact|greedy force a solver (exact fails on a huge state space)\n"
        "  -p, --preload-sites FILE  a report or profile of a run of the program built without\n"
        "                            the plugin (LD_PRELOAD=liboli.so): each planned site is\n"
        "                            written again under the ID of every call-stack site of\n"
        "                            that run at its source location (file by path suffix,\n"
        "                            function, line in function), so that a plan of a plugin\n"
        "                            build applies to that program's preload runs\n"
        "  -o, --output PLAN         write the plan there (default: standard output)\n"
        "  -h, --help                this text\n"
        "Exit status: 0 ok, 2 bad input.\n",
        f);
}

/* A ratio given to the planner (common/grammar.c): weights up to
 * OLI_WEIGHT_MAX as OLI_WEIGHTS takes them (a plan file may hold up to 1000),
 * with a DRAM and a CXL share (a remote-DRAM share only beside both: what the
 * runtime follows, common/doc.c's rule for an interleave). 0 ok. */
static int parse_plan_ratio(const char *s, oli_plan_opt_t *o) {
  if (oli_parse_ratio(s, OLI_WEIGHT_MAX, o->w, NULL) != 0) return -1;
  return o->w[OLI_TIER_DRAM] > 0 && o->w[OLI_TIER_CXL] > 0 ? 0 : -1;
}

/* "a:b" or "a:b:c" of positive reals (tier bandwidths, latencies); n = parts. 0 ok. */
static int parse_triple(const char *s, double v[3], int *n) {
  char *end;
  *n = 0;
  const char *p = s;
  for (;;) {
    if (*p < '0' || *p > '9') return -1;
    double x = strtod(p, &end);
    if (end == p || !isfinite(x) || x < 0 || x > 1e9) return -1;
    v[(*n)++] = x;
    p = end;
    if (*p == '\0') break;
    if (*p != ':' || *n == 3) return -1;
    p++;
  }
  return *n >= 2 ? 0 : -1;
}

/* v as the plan file has it (6 significant digits, as oli_jw_double writes
 * seconds), so that oli plan prints what oli report PLAN reads back. */
static double as_written(double v) {
  char b[40];
  snprintf(b, sizeof b, "%.6g", v);
  return strtod(b, NULL);
}

/* x from site s: its bytes, accesses, touched share and pattern (pat: a
 * static plan's, else OLI_PATTERN_NONE and the profile's is read). */
static void site_obj(oli_plan_obj_t *x, const oli_doc_site_t *s, const uint8_t *pat_static) {
  x->bytes = s->peak_live ? s->peak_live : s->largest;
  x->accesses = s->accesses;
  x->near = s->near_accesses; /* more than its accesses: all near (planner.c's visits) */
  /* the sampled span is within one object: the same share of all of them */
  if (s->touched && s->largest && s->touched < s->largest)
    x->touched = (uint64_t)((double)x->bytes * ((double)s->touched / (double)s->largest) + 0.5);
  oli_access_pattern_t pat = OLI_PATTERN_NONE; /* a profile's site: the pass's pattern, when it had one */
  if (!pat_static && s->pattern && s->pattern[0] && oli_access_pattern_parse(s->pattern, &pat) != 0)
    pat = OLI_PATTERN_NONE;
  x->latency = pat_static ? *pat_static == OLI_PATTERN_GATHER : pat == OLI_PATTERN_GATHER;
  x->chained = s->chained; /* the pass's estimate: a profile's, or the record's */
  /* the work its gathering loops issue per gathered access (the pass's count, the profile's samples) */
  x->gather_ops = s->gather_accesses ? (double)s->gather_ops / (double)s->gather_accesses : 0;
}

/* The placement of a ratio: the tier's own placement when one tier has all
 * the weight (local DRAM, CXL), else an interleave. */
static oli_placement_t decision_of(const oli_plan_opt_t *o) {
  if (o->w[OLI_TIER_CXL] == 0 && o->w[OLI_TIER_REMOTE] == 0) return OLI_PLACE_DRAM;
  if (o->w[OLI_TIER_DRAM] == 0 && o->w[OLI_TIER_REMOTE] == 0) return OLI_PLACE_CXL;
  return OLI_PLACE_INTERLEAVE;
}

/* "dram", "cxl", "interleave 3:1". */
static const char *placement_words(const oli_plan_opt_t *o, char *buf, size_t n) {
  char r[32];
  oli_placement_t p = decision_of(o);
  if (p == OLI_PLACE_INTERLEAVE) snprintf(buf, n, "%s %s", oli_placement_name(p), oli_format_ratio(o->w, r, sizeof r));
  else snprintf(buf, n, "%s", oli_placement_name(p));
  return buf;
}

static int add_opt(oli_plan_opt_t *opts, int *n, oli_plan_opt_t o) {
  for (int i = 0; i < *n; i++)
    if (oli_plan_same_ratio(&opts[i], &o)) return 0;
  if (*n >= OLI_PLAN_MAX_OPTS) return -1;
  opts[(*n)++] = o;
  return 0;
}

/* Bandwidth-proportional ratio of local DRAM and CXL in small integers (at
 * most 16 parts). */
static oli_plan_opt_t bw_ratio(double dram, double cxl) {
  oli_plan_opt_t best = {{1, 1, 0}};
  double want = dram / (dram + cxl), err = 2;
  for (uint32_t d = 1; d <= 15; d++)
    for (uint32_t c = 1; d + c <= 16; c++) {
      double e = fabs((double)d / (d + c) - want);
      if (e < err - 1e-12) err = e, best.w[0] = d, best.w[1] = c;
    }
  return best;
}

/* s, and with --preload-sites (pre) once more for every call-stack site of
 * that run at s's source location - file by path suffix, function, rel - as
 * that site (its ID and kind, its file and line from DWARF): the runtime finds
 * those by ID. taken[k]: pre's site k written already (the first planned site
 * at a location has it); *copies counts them. */
static void write_site(oli_jw_t *w, const oli_doc_site_t *s, const oli_doc_t *pre, unsigned char *taken,
                       size_t *copies) {
  oli_doc_write_site(w, OLI_DOC_PLAN, s);
  if (!pre || !OLI_HAS(s, OLI_F_REL) || !s->function[0]) return;
  for (size_t k = 0; k < pre->nsites; k++) {
    const oli_doc_site_t *p = &pre->sites[k];
    if (taken[k] || !p->nframes || p->id == s->id || !OLI_HAS(p, OLI_F_REL) || p->rel != s->rel ||
        !oli_text_same_file(p->file, s->file) || strcmp(p->function, s->function) != 0)
      continue;
    taken[k] = 1;
    oli_doc_site_t c = *s;
    c.id = p->id, c.kind = p->kind, c.file = p->file, c.function = p->function, c.line = p->line;
    c.has &= ~(1ull << OLI_F_NAME); /* a call-stack site has no object name */
    oli_doc_write_site(w, OLI_DOC_PLAN, &c);
    (*copies)++;
  }
}

/* A tier given as one figure (the profile's HMAT bandwidth, --bandwidth) is
 * its saturated bandwidth: the threads draw at most their default share of it. */
static void one_figure(oli_plan_model_t *m, double *sat, int t, double bw) {
  sat[t] = bw;
  if (m->bw_thread[t] > bw) m->bw_thread[t] = bw;
  m->bw[t] = m->bw_thread[t] * m->threads < bw ? m->bw_thread[t] * m->threads : bw;
}

/* --static BINARY: one object per site record of BINARY (the pass's static
 * estimate gives its accesses, intensity x bytes), sized by the record's hint
 * or by the site's bytes in `sizes` (a report or profile of a run). Sites with
 * neither are left out (the runtime's rule places them), with a warning.
 * *pattern gets each site's pattern; *elf the records' strings (free both). */
static int load_static(const char *bin, const char *sizes, oli_doc_t *d, uint8_t **pattern, unsigned char **elf) {
  memset(d, 0, sizeof *d);
  oli_doc_t sz;
  memset(&sz, 0, sizeof sz);
  if (sizes && cli_doc_load_in("plan: --sizes", sizes, OLI_DOC_REPORT | OLI_DOC_PROFILE, &sz) != 0) return -1;
  oli_siterec_t *recs;
  size_t n;
  if (cli_sites_read("plan: --static", bin, &recs, &n, elf) != 0) {
    oli_doc_free(&sz);
    return -1;
  }
  if (n == 0 && !cli_sites_section(bin)) { /* a plan of nothing would pass for one */
    cli_error("plan: --static %s: it has no %s section: it was not compiled with the oli plugin, and --static "
              "plans from the plugin's estimates; for this program, profile a run (oli run --profile FILE -- "
              "PROGRAM) and plan from the profile",
              cli_shown(bin), OLI_SITE_SECTION);
    free(recs);
    oli_doc_free(&sz);
    return -1;
  }
  d->sites = calloc(n ? n : 1, sizeof *d->sites);
  d->release = free;
  *pattern = calloc(n ? n : 1, 1);
  size_t kept = 0, unsized = 0, unestimated = 0;
  uint64_t total = 0;
  for (size_t i = 0; i < n; i++) {
    const oli_siterec_t *r = &recs[i];
    long k = sizes ? oli_doc_find(&sz, r->id) : -1;
    const oli_doc_site_t *known = k >= 0 ? &sz.sites[k] : NULL;
    uint64_t bytes = known ? (known->peak_live > known->largest ? known->peak_live : known->largest)
                     : (r->flags & OLI_SITE_F_SIZE_KNOWN) ? r->size_hint : 0;
    if (!known && !(r->flags & OLI_SITE_F_SIZE_KNOWN)) {
      unsized++;
      continue;
    }
    if (!r->has_static || r->st.confidence == OLI_CONFIDENCE_NONE) unestimated++;
    oli_doc_site_t *s = &d->sites[kept];
    s->id = r->id;
    s->kind = oli_kind_name(r->kind);
    s->file = r->file;
    s->function = r->function;
    s->name = r->name;
    s->reason = "";
    s->line = r->line;
    s->rel = r->rel;
    static const oli_doc_field_t given[] = {OLI_F_ID, OLI_F_KIND, OLI_F_FILE, OLI_F_FUNCTION, OLI_F_REL,
                                            OLI_F_NAME, OLI_F_PEAK_LIVE, OLI_F_LARGEST, OLI_F_ACCESSES};
    for (size_t f = 0; f < sizeof given / sizeof given[0]; f++) OLI_SET(s, given[f]);
    if (r->flags & OLI_SITE_F_HAS_LINE) OLI_SET(s, OLI_F_LINE);
    if (known) s->count = known->count, OLI_SET(s, OLI_F_COUNT); /* the sizes' run: 0, never allocated there */
    s->peak_live = s->largest = bytes;
    double acc = (double)r->st.intensity * (double)bytes;
    s->accesses = acc >= 1.8e19 ? UINT64_MAX : (uint64_t)(acc + 0.5);
    (*pattern)[kept] = r->st.pattern;
    s->chained = (r->st.flags & OLI_STATIC_F_CHAINED) != 0;
    total += bytes;
    kept++;
  }
  d->nsites = kept;
  d->kind = OLI_DOC_PROFILE;
  d->path = bin;
  const char *slash = strrchr(bin, '/');
  d->program = slash ? slash + 1 : bin;
  d->access_event = "";
  d->footprint_peak = sizes && sz.footprint_peak ? sz.footprint_peak : total;
  d->threads = sizes ? sz.threads : 0; /* a sizes profile's threads: the run modelled (--threads overrides) */
  if (kept == 0 && unsized && !sizes) { /* an empty plan would say nothing, and hold its DRAM limit */
    cli_error("plan: --static %s: all %zu of its sites are sized at run time, so no site could be planned; give a "
              "run's report or profile with --sizes FILE", bin, unsized);
    free(recs);
    return -1;
  }
  if (unsized)
    cli_warning("%s: %zu site%s sized only at run time left out of the plan (the runtime's rule places them); "
                "--sizes REPORT gives their sizes", bin, unsized, unsized == 1 ? "" : "s");
  if (unestimated && unestimated < kept)
    cli_warning("%s: %zu site%s without a static estimate count%s as never accessed", bin, unestimated,
                unestimated == 1 ? "" : "s", unestimated == 1 ? "s" : "");
  free(recs);
  oli_doc_free(&sz);
  return 0;
}

/* What is wrong with a size oli_parse_size refused (its return code). */
static const char *size_problem(int rc) {
  return rc == -2 ? "less than one byte" : rc == -3 ? "too large: 16 EiB or more" : "not a size";
}

int cli_plan_main(int argc, char **argv) {
  static const struct option opts_long[] = {
      {"dram-limit", required_argument, NULL, 'd'},
      {"weights", required_argument, NULL, 'w'},
      {"ratios", required_argument, NULL, 'r'},
      {"bandwidth", required_argument, NULL, 'b'},
      {"latency", required_argument, NULL, 'l'},
      {"machine", required_argument, NULL, 'M'},
      {"threads", required_argument, NULL, 't'},
      {"large-percent", required_argument, NULL, 'L'},
      {"hot-intensity", required_argument, NULL, 'H'},
      {"solver", required_argument, NULL, 's'},
      {"min-size", required_argument, NULL, 'm'},
      {"static", required_argument, NULL, 'S'},
      {"sizes", required_argument, NULL, 'z'},
      {"output", required_argument, NULL, 'o'},
      {"preload-sites", required_argument, NULL, 'p'},
      {"help", no_argument, NULL, 'h'},
      {NULL, 0, NULL, 0},
  };
  const char *limit_s = NULL, *weights_s = NULL, *ratios_s = NULL, *bw_s = NULL, *lat_s = NULL;
  const char *out_path = NULL, *solver = "auto", *min_s = NULL, *static_bin = NULL, *sizes_path = NULL;
  const char *machine_opt = NULL, *preload_path = NULL;
  long threads_opt = 0;
  long large_percent = 10;
  double hot_kib = -1;
  int c;
  char *end;
  optind = 1;
  while ((c = cli_getopt("plan", argc, argv, "d:w:r:b:l:M:t:L:H:s:m:o:S:z:p:h", opts_long)) != -1) {
    switch (c) {
    case 'd': limit_s = optarg; break;
    case 'w': weights_s = optarg; break;
    case 'r': ratios_s = optarg; break;
    case 'b': bw_s = optarg; break;
    case 'l': lat_s = optarg; break;
    case 'M': machine_opt = optarg; break;
    case 't':
      threads_opt = strtol(optarg, &end, 10);
      if (end == optarg || *end || threads_opt < 1 || threads_opt > 65536) {
        cli_error("plan: --threads '%s' is not an integer 1-65536", cli_shown(optarg));
        return OLI_EXIT_BAD;
      }
      break;
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
    case 'S': static_bin = optarg; break;
    case 'z': sizes_path = optarg; break;
    case 'p': preload_path = optarg; break;
    case 'h': usage(stdout); return OLI_EXIT_OK;
    default: return OLI_EXIT_BAD; /* cli_getopt said why */
    }
  }
  if (sizes_path && !static_bin) {
    cli_error("plan: --sizes goes with --static BINARY (a profile has its own sizes)");
    return OLI_EXIT_BAD;
  }
  if (argc - optind != (static_bin ? 0 : 1)) {
    if (static_bin) cli_error("plan: --static BINARY takes no PROFILE, got %s; try 'oli plan --help'", cli_arguments(argc - optind));
    else cli_error("plan: expected one PROFILE (or --static BINARY), got %s; try 'oli plan --help'", cli_arguments(argc - optind));
    return OLI_EXIT_BAD;
  }
  uint64_t budget;
  if (limit_s == NULL) {
    cli_error("plan: --dram-limit SIZE is required (bytes, or 64G, 512M, 1.5T; 0 or unlimited: no limit)");
    return OLI_EXIT_BAD;
  }
  /* 0, unlimited, none: no limit, as OLI_DRAM_LIMIT (docs/cli.md) */
  int prc = !strcasecmp(limit_s, "unlimited") || !strcasecmp(limit_s, "none")
                ? (budget = 0, 0) : oli_parse_size(limit_s, &budget);
  if (prc != 0) {
    cli_error("plan: --dram-limit '%s' is %s (bytes, or 64G, 512M, 1.5T; 0 or unlimited: no limit)",
              cli_shown(limit_s), size_problem(prc));
    return OLI_EXIT_BAD;
  }
  if (budget > 0 && budget < (1u << 20)) /* a unit left out: --dram-limit 20 is 20 bytes */
    cli_warning("plan: --dram-limit %s is %llu bytes, less than the least object placed (1 MiB): every planned "
                "object goes to CXL; a size takes a unit (%lluM, %lluG)", cli_shown(limit_s),
                (unsigned long long)budget, (unsigned long long)budget, (unsigned long long)budget);
  uint64_t min_size = 1u << 20; /* the runtime's OLI_MIN_SIZE default: it places nothing smaller */
  if (min_s && (prc = oli_parse_size(min_s, &min_size)) != 0) {
    cli_error("plan: --min-size '%s' is %s (bytes, or 64K, 1M)", cli_shown(min_s), size_problem(prc));
    return OLI_EXIT_BAD;
  }
  oli_plan_model_t m;
  double v[3];
  int nv;
  oli_plan_opt_t pref = {{0, 0, 0}};
  int have_pref = 0;
  if (weights_s) {
    if (parse_plan_ratio(weights_s, &pref) != 0) {
      cli_error("plan: --weights '%s' is not D:C or D:C:R (integers 0-%d as OLI_WEIGHTS, D > 0, C > 0)", weights_s,
                OLI_WEIGHT_MAX);
      return OLI_EXIT_BAD;
    }
    have_pref = 1;
  }
  oli_plan_opt_t ratios[OLI_PLAN_MAX_OPTS];
  int nratios = 0;
  if (ratios_s) {
    char *copy = strdup(ratios_s), *save = NULL;
    for (char *t = strtok_r(copy, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
      oli_plan_opt_t o = {{0, 0, 0}};
      if (parse_plan_ratio(t, &o) != 0 || add_opt(ratios, &nratios, o) != 0) {
        cli_error("plan: --ratios '%s': '%s' is not D:C or D:C:R (integers 0-%d as OLI_WEIGHTS, D > 0, C > 0; "
                  "at most %d ratios)", ratios_s, t, OLI_WEIGHT_MAX, OLI_PLAN_MAX_OPTS - 2);
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
  oli_doc_t d;
  uint8_t *pattern = NULL; /* --static: each site's access pattern */
  oli_doc_site_t *left = NULL; /* the sites left out of the plan, with why */
  unsigned char *elf = NULL;
  if (static_bin ? load_static(static_bin, sizes_path, &d, &pattern, &elf) != 0
                 : cli_doc_load_in("plan: profile", argv[optind], OLI_DOC_PROFILE, &d) != 0)
    return OLI_EXIT_BAD;
  int rc = OLI_EXIT_BAD;
  oli_doc_t pre; /* --preload-sites: its call-stack sites, named from DWARF */
  unsigned char *pre_taken = NULL;
  size_t pre_copies = 0;
  memset(&pre, 0, sizeof pre);
  if (preload_path) {
    if (cli_doc_load_in("plan: --preload-sites", preload_path, OLI_DOC_REPORT | OLI_DOC_PROFILE, &pre) != 0) {
      oli_doc_free(&d);
      free(pattern);
      free(elf);
      return OLI_EXIT_BAD;
    }
    if (!(pre_taken = calloc(pre.nsites + 1, 1))) {
      cli_error("plan: out of memory");
      goto out;
    }
  }
  /* the model: the profiled thread count; the tiers from the machine file,
   * else the profile's, else built-in defaults; the command line over all */
  double threads = threads_opt ? (double)threads_opt : d.threads ? (double)d.threads : 1;
  oli_plan_model_default(&m, threads);
  m.large_percent = (uint32_t)large_percent;
  double sat[OLI_NODE_TIERS]; /* saturated bandwidths: the preferred (uniform) ratio */
  {
    oli_plan_model_t dm; /* the defaults' saturated figures */
    oli_plan_model_default(&dm, 1e6);
    for (int t = 0; t < OLI_NODE_TIERS; t++) sat[t] = dm.bw[t];
  }
  cli_plan_source_t src = {{"default", "default", "default"}, NULL, -1};
  /* a tier given as one figure (the profile's HMAT, the command line) is its
   * saturated bandwidth: the threads draw at most their default share of it */
  for (int t = 0; t < OLI_NODE_TIERS; t++) {
    if (d.tiers.bandwidth[t] > 0) one_figure(&m, sat, t, d.tiers.bandwidth[t]), src.tier[t] = "profile";
    if (d.tiers.latency[t] > 0) m.lat[t] = d.tiers.latency[t], src.tier[t] = "profile";
  }
  bool explicit_machine = false;
  const char *hit_source = "default"; /* what a cache hit costs: the machine file's, else the built-in */
  const char *machine_path = cli_plan_machine_path(machine_opt, &explicit_machine);
  if (machine_path) {
    static oli_machine_t mf; /* 256 rows: not on the stack */
    char why[256];
    if (oli_machine_load(machine_path, NULL, &mf, why, sizeof why) != 0 ||
        cli_plan_model_machine(&mf, &m, sat, &src, why, sizeof why) != 0) {
      if (explicit_machine) {
        cli_error("plan: %s %s: %s", machine_opt ? "--machine" : "OLI_MACHINE", cli_shown(machine_path), why);
        goto out;
      }
      cli_warning("plan: machine file %s: %s; not used", cli_shown(machine_path), why);
    } else {
      src.machine = machine_path;
      if (mf.cache_gather_ps || mf.cache_read_bw || mf.cache_chase_ps || mf.nhits) hit_source = "machine";
    }
  }
  if (bw_s) {
    if (parse_triple(bw_s, v, &nv) != 0 || v[0] <= 0 || v[1] <= 0 || (nv == 3 && v[2] <= 0)) {
      cli_error("plan: --bandwidth '%s' is not D:C or D:C:R (MB/s, each > 0)", bw_s);
      goto out;
    }
    for (int i = 0; i < nv; i++) one_figure(&m, sat, i, v[i]), src.tier[i] = "command line";
  }
  if (lat_s) {
    if (parse_triple(lat_s, v, &nv) != 0 || v[0] <= 0 || v[1] <= 0 || (nv == 3 && v[2] <= 0)) {
      cli_error("plan: --latency '%s' is not D:C or D:C:R (ns, each > 0)", lat_s);
      goto out;
    }
    for (int i = 0; i < nv; i++) m.lat[i] = v[i], m.gather_ns[i] = 0, src.tier[i] = "command line";
  }
  char src_words[300];
  cli_plan_source_words(&src, src_words, sizeof src_words);
  if (src.machine && strcmp(src.tier[OLI_TIER_DRAM], "default") != 0 && strcmp(src.tier[OLI_TIER_CXL], "default") == 0)
    cli_warning("plan: %s: the file measured no CXL node (a memory node without CPUs): CXL is modelled by "
                "built-in figures (%.0f MB/s at %g thread%s, %.0f ns); calibrate where CXL memory is, or give "
                "--bandwidth and --latency", src_words, m.bw[OLI_TIER_CXL], m.threads, m.threads == 1 ? "" : "s",
                m.lat[OLI_TIER_CXL]);
  else if (cli_plan_source_defaults(&src))
    cli_warning("plan: %s: built-in default figures model the tiers; measure this machine with "
                "'oli calibrate -o FILE' and pass --machine FILE (or OLI_MACHINE)", src_words);
  /* objects; the sites left out are listed with why (left_out[]): never
   * allocated in the profile, or objects below --min-size (the runtime's
   * default policy) */
  size_t kept = 0, nleft = 0, nsmall = 0, nsmalls = 0;
  left = calloc(d.nsites ? d.nsites : 1, sizeof *left);
  /* the planned objects, then the small ones with accesses: on the default
   * policy (local DRAM) under every plan, but in the caches and the run's time */
  oli_plan_obj_t *objs = calloc(d.nsites ? d.nsites : 1, sizeof *objs), *smalls = NULL;
  if (left == NULL || objs == NULL) {
    cli_error("plan: out of memory");
    free(objs);
    goto out;
  }
  smalls = objs + d.nsites; /* filled downwards from the end: never meets the planned ones */
  for (size_t i = 0; i < d.nsites; i++) {
    uint64_t b = d.sites[i].peak_live > d.sites[i].largest ? d.sites[i].peak_live : d.sites[i].largest;
    /* never allocated: in the profile, or in a static plan's --sizes run */
    bool unused = (!static_bin || OLI_HAS(&d.sites[i], OLI_F_COUNT)) && d.sites[i].count == 0;
    if (!unused && b < min_size && d.sites[i].accesses > 0 && b > 0)
      site_obj(--smalls, &d.sites[i], pattern ? &pattern[i] : NULL), nsmalls++;
    if (unused || b < min_size) {
      oli_doc_site_t *l = &left[nleft++];
      *l = d.sites[i];
      l->has &= (1ull << OLI_F_ID) | (1ull << OLI_F_KIND) | (1ull << OLI_F_FILE) | (1ull << OLI_F_FUNCTION) |
                (1ull << OLI_F_LINE) | (1ull << OLI_F_REL) | (1ull << OLI_F_NAME) | (1ull << OLI_F_COUNT) |
                (1ull << OLI_F_LARGEST) | (1ull << OLI_F_FRAMES);
      l->left_out = unused ? OLI_LEFT_UNUSED : OLI_LEFT_SMALL;
      nsmall += !unused;
      OLI_SET(l, OLI_F_WHY);
      continue;
    }
    if (pattern) pattern[kept] = pattern[i];
    d.sites[kept++] = d.sites[i];
  }
  d.nsites = kept;
  unsigned __int128 total_bytes = 0, total_acc = 0;
  for (size_t i = 0; i < d.nsites; i++) {
    site_obj(&objs[i], &d.sites[i], pattern ? &pattern[i] : NULL);
    total_bytes += objs[i].bytes;
    total_acc += objs[i].accesses;
  }
  if (total_acc == 0 && d.nsites > 0 && static_bin)
    cli_warning("%s: no static access estimate in its site records (built with static-intensity=0, at -O0, or "
                "by an older plugin): every object counts as cold", d.path);
  else if (total_acc == 0 && d.nsites > 0 && d.sites[0].nframes > 0) /* call-stack sites: no plugin build */
    cli_warning("%s: no sampled accesses (access_source %s): every object counts as cold, so the plan "
                "only keeps as many bytes on DRAM as fit; a program not built with the plugin has its accesses "
                "counted only by hardware samples (OLI_PROFILE_SOURCE=pmu, where the machine has a PMU), or "
                "rebuild it with the plugin and profile-every=N", d.path, oli_access_source_name(d.access_source));
  else if (total_acc == 0 && d.nsites > 0)
    cli_warning("%s: no sampled accesses (access_source %s): every object counts as cold, so the plan "
                "only keeps as many bytes on DRAM as fit; profile with the pass option profile-every=N "
                "for access-aware plans, or plan from the build's static estimate: oli plan --static BINARY "
                "--sizes %s", d.path, oli_access_source_name(d.access_source), d.path);
  m.footprint = d.footprint_peak ? d.footprint_peak : (uint64_t)total_bytes;
  if (hot_kib >= 0) m.hot = hot_kib / 1024.0;
  else m.hot = total_bytes ? (double)total_acc / (double)total_bytes : 0;
  if (m.hot <= 0) m.hot = 1e-300; /* no accesses at all: nothing is hot */
  if (!have_pref) pref = bw_ratio(sat[OLI_TIER_DRAM], sat[OLI_TIER_CXL]);
  oli_plan_opt_t options[OLI_PLAN_MAX_OPTS];
  int nopts = 0;
  add_opt(options, &nopts, (oli_plan_opt_t){{1, 0, 0}});
  add_opt(options, &nopts, (oli_plan_opt_t){{0, 1, 0}});
  if (ratios_s) {
    for (int i = 0; i < nratios; i++) add_opt(options, &nopts, ratios[i]);
  } else {
    /* from 15:1 to 1:31: the small DRAM shares let a large object take what is left of
     * the budget (an index grid's 1/32 instead of nothing) */
    static const uint32_t fixed[][2] = {{15, 1}, {7, 1}, {3, 1}, {1, 1}, {1, 3}, {1, 7}, {1, 15}, {1, 31}};
    add_opt(options, &nopts, pref);
    for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; i++)
      add_opt(options, &nopts, (oli_plan_opt_t){{fixed[i][0], fixed[i][1], 0}});
  }
  /* what the caches hold, the small objects' share too: the same wherever the pages are */
  if (nsmalls && objs + kept < smalls) memmove(objs + kept, smalls, nsmalls * sizeof *objs);
  smalls = objs + kept; /* the planned objects: objs[0, kept); the small ones: smalls[0, nsmalls) */
  oli_plan_cache(&m, objs, kept + nsmalls);
  oli_plan_result_t res;
  size_t exact_max = !strcmp(solver, "greedy") ? 0 : !strcmp(solver, "exact") ? SIZE_MAX : EXACT_MAX;
  if (oli_plan_solve(&m, objs, d.nsites, options, nopts, budget ? budget : UINT64_MAX, exact_max, &res) != 0) {
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
  /* what the solver's ratios left of the budget, to the objects a finer
   * split of theirs makes faster (not with --ratios: those are all it may use) */
  int topped = ratios_s ? 0 : oli_plan_top_up(&m, objs, d.nsites, options, &nopts, budget, &res);

  /* seconds of memory time per policy: everything on local DRAM (no budget),
   * everything interleaved at the preferred ratio (uniform), the runtime's
   * rule (large and hot: the ratio; else DRAM), both as the runtime spills
   * them under the same DRAM budget, and the plan */
  /* the small objects: local DRAM under every policy; their hits the run's too */
  double smalls_time = 0;
  const oli_plan_opt_t dram_only = {{1, 0, 0}};
  for (size_t i = 0; i < nsmalls; i++)
    smalls_time += oli_plan_time(&m, &smalls[i], &dram_only), res.hit_time += oli_plan_hit_time(&m, &smalls[i]);
  double predicted[4] = {res.dram_cost + smalls_time, smalls_time, smalls_time, res.time + smalls_time};
  uint64_t demand = 0; /* bytes moved by the planned objects */
  oli_plan_opt_t *ways = d.nsites ? malloc(2 * d.nsites * sizeof *ways) : NULL;
  if (d.nsites && ways == NULL) {
    cli_error("plan: out of memory");
    free(objs);
    goto out;
  }
  oli_plan_rule_options(&m, objs, d.nsites, 0, pref, budget, ways);
  oli_plan_rule_options(&m, objs, d.nsites, 1, pref, budget, ways + d.nsites);
  for (size_t i = 0; i < d.nsites; i++) {
    predicted[1] += oli_plan_time(&m, &objs[i], &ways[i]);
    predicted[2] += oli_plan_time(&m, &objs[i], &ways[d.nsites + i]);
    demand += (uint64_t)oli_plan_traffic(&m, &objs[i]);
  }
  free(ways);
  /* the run: its memory time or its core's (cache hits and operations), the longer */
  double compute = oli_plan_compute_time(&m, (double)d.operations), memory_dram = as_written(predicted[0]);
  for (int k = 0; k < 4; k++) predicted[k] = as_written(oli_plan_run_time(predicted[k], res.hit_time, compute));
  cli_out_t out;
  if (cli_out_open(&out, out_path) != 0) {
    free(objs);
    goto out;
  }
  out.hint = "leave small sites out with --min-size (e.g. 1M, the runtime's OLI_MIN_SIZE)";
  FILE *f = out.f;
  char rs[32], b1[32], b2[32];
  uint64_t tier_bytes[OLI_NODE_TIERS] = {0};
  oli_jw_t w;
  oli_jw_init(&w, f);
  oli_doc_write_begin(&w, OLI_DOC_PLAN, d.program);
  oli_jw_str(&w, "profile", static_bin ? NULL : d.path); /* --static: no profile, the binary and its sizes */
  if (static_bin) {
    oli_jw_str(&w, "binary", static_bin);
    oli_jw_str(&w, "sizes", sizes_path);
  }
  oli_doc_t head = {.dram_limit = {true, budget},
                    .predicted = {.has = true, .threads = m.threads, .model = src_words,
                                  .dram_memory = memory_dram, .dram_core = as_written(compute + res.hit_time)}};
  memcpy(head.predicted.seconds, predicted, sizeof head.predicted.seconds); /* seconds per policy */
  oli_doc_write_plan_head(&w, &head);
  oli_jw_str(&w, "weights", oli_format_ratio(pref.w, rs, sizeof rs));
  oli_jw_object(&w, "model", OLI_JW_LINES);
  oli_jw_str(&w, "source", src.machine ? "machine" : src.tier[OLI_TIER_DRAM]);
  oli_jw_str(&w, "machine", src.machine);
  oli_jw_double(&w, "threads", m.threads, 6);
  for (int t = 0; t < OLI_NODE_TIERS; t++) {
    oli_jw_object(&w, oli_tier_name((oli_tier_t)t), OLI_JW_INLINE);
    oli_jw_double(&w, "bandwidth", m.bw[t], 6);
    oli_jw_double(&w, "bandwidth_1thread", m.bw_thread[t], 6);
    oli_jw_double(&w, "saturated", sat[t], 6);
    oli_jw_double(&w, "latency", m.lat[t], 6);
    if (m.gather_ns[t] > 0) oli_jw_double(&w, "gather_ns", m.gather_ns[t], 6);
    oli_jw_str(&w, "source", src.tier[t]);
    oli_jw_end(&w);
  }
  oli_jw_double(&w, "mlp", m.mlp, 6);
  oli_jw_double(&w, "access_bytes", m.access_bytes, 6);
  oli_jw_double(&w, "line_bytes", m.line_bytes, 6);
  if (m.cache_bytes > 0) oli_jw_u64(&w, "cache_bytes", (uint64_t)m.cache_bytes);
  oli_jw_double(&w, "hit_ns", m.hit_ns, 6);
  if (m.nhits) {
    oli_jw_array(&w, "hit_curve", OLI_JW_INLINE);
    for (unsigned k = 0; k < m.nhits; k++) {
      oli_jw_object(&w, NULL, OLI_JW_INLINE);
      oli_jw_u64(&w, "bytes", (uint64_t)m.hit_bytes[k]);
      oli_jw_double(&w, "ns", m.hit_curve_ns[k], 6);
      oli_jw_end(&w);
    }
    oli_jw_end(&w);
  }
  oli_jw_double(&w, "chase_ns", m.chase_ns, 6);
  if (m.window > 0) oli_jw_u64(&w, "miss_window", (uint64_t)m.window);
  oli_jw_double(&w, "cache_bandwidth", m.cache_bw, 6);
  oli_jw_str(&w, "hit_source", hit_source);
  oli_jw_double(&w, "hit_time", res.hit_time, 6);
  if (d.operations) oli_jw_u64(&w, "operations", d.operations);
  oli_jw_double(&w, "op_ns", m.op_ns, 6);
  oli_jw_double(&w, "compute_time", compute, 6);
  oli_jw_u64(&w, "traffic_bytes", demand);
  if (d.run_ns) oli_jw_u64(&w, "run_ns", d.run_ns);
  oli_jw_u64(&w, "footprint", m.footprint);
  oli_jw_u64(&w, "large_percent", m.large_percent);
  oli_jw_double(&w, "hot_per_kib", total_acc > 0 ? m.hot * 1024.0 : 0, 6); /* none: 0, not the model's floor */
  oli_jw_str(&w, "solver", res.exact ? "exact" : "greedy");
  oli_jw_end(&w);
  oli_jw_array(&w, "sites", OLI_JW_LINES);
  for (size_t i = 0; i < d.nsites; i++) {
    const oli_doc_site_t *s = &d.sites[i];
    const oli_plan_obj_t *x = &objs[i];
    const oli_plan_opt_t *o = &options[x->choice], *best = &options[x->best];
    oli_placement_t dec = decision_of(o);
    char reason[512], cls[256], ps[48], bs[48];
    double pct = m.footprint ? 100.0 * (double)x->bytes / (double)m.footprint : 0;
    double per_kib = x->bytes ? (double)x->accesses * 1024.0 / (double)x->bytes : 0;
    int large = (unsigned __int128)x->bytes * 100 >= (unsigned __int128)m.footprint * m.large_percent;
    const char *srcw = static_bin ? "estimated" : "sampled";
    char how[40] = ""; /* --static: the pattern, which decides latency- or bandwidth-bound */
    if (pattern) snprintf(how, sizeof how, ", %s", oli_access_pattern_name(pattern[i]));
    char inc[80] = ""; /* the caches' share: its reuses are not memory traffic */
    if (x->cached > 0) snprintf(inc, sizeof inc, ", %.0f%% in the caches", 100 * x->cached);
    if (x->latency && x->gather_ops > 0 && m.window > 0 && x->cached < 1) /* the work between its misses: fewer overlap */
      snprintf(inc + strlen(inc), sizeof inc - strlen(inc), ", %.3g operations a miss", x->gather_ops);
    (void)large;
    double on_dram = oli_plan_time(&m, x, &options[0]), t_choice = oli_plan_time(&m, x, o);
    char t1[32], t2[32], gb[32];
    if (x->accesses == 0)
      snprintf(cls, sizeof cls, "no %s accesses (%.1f%% of footprint)", srcw, pct);
    else if (x->latency) /* whose gather: the profile's sampled addresses, or the pass's estimate */
      snprintf(cls, sizeof cls, "%.1f%% of footprint, gather by %s (%.3g %s accesses/KiB%s%s): latency-bound, %s on "
               "local DRAM at %g thread%s", pct,
               !pattern && strcmp(d.sites[i].pattern_source, "profile") == 0 ? "its sampled addresses"
                                                                              : "the static estimate",
               per_kib, srcw, inc, x->chained ? ", chained" : "", cli_plan_seconds(on_dram, t1, sizeof t1), m.threads, m.threads == 1 ? "" : "s");
    else
      snprintf(cls, sizeof cls, "%.1f%% of footprint%s, %.3g %s accesses/KiB%s, %s moved: %s on local DRAM at %g "
               "thread%s", pct, how, per_kib, srcw, inc, oli_format_size((uint64_t)oli_plan_traffic(&m, x), gb, sizeof gb),
               cli_plan_seconds(on_dram, t1, sizeof t1), m.threads, m.threads == 1 ? "" : "s");
    placement_words(o, ps, sizeof ps);
    if (x->choice != x->best && x->accesses == 0) /* every placement predicts the same: no time to name */
      snprintf(reason, sizeof reason, "%s; DRAM limit: %s instead of %s, saving %s of DRAM (no accesses: "
               "every placement predicts the same memory time)",
               cls, ps, placement_words(best, bs, sizeof bs),
               oli_format_size(oli_plan_dram_bytes(x->bytes, best) - x->dram, b1, sizeof b1));
    else if (x->choice != x->best)
      snprintf(reason, sizeof reason, "%s; DRAM limit: %s instead of %s, saving %s of DRAM for "
               "+%s predicted memory time, among the cheapest per DRAM byte",
               cls, ps, placement_words(best, bs, sizeof bs),
               oli_format_size(oli_plan_dram_bytes(x->bytes, best) - x->dram, b1, sizeof b1),
               cli_plan_seconds(t_choice - oli_plan_time(&m, x, best), t2, sizeof t2));
    else if (x->accesses == 0)
      snprintf(reason, sizeof reason, "%s; %s (no accesses: every placement predicts the same memory time)", cls,
               dec == OLI_PLACE_INTERLEAVE ? ps : oli_placement_words(dec));
    else
      switch (dec) {
      case OLI_PLACE_INTERLEAVE:
        snprintf(reason, sizeof reason, "%s; local DRAM saturates: %s adds the other tiers' bandwidth: %s "
                 "predicted (%.0f%% of all-DRAM)", cls, ps, cli_plan_seconds(t_choice, t2, sizeof t2),
                 on_dram > 0 ? 100.0 * t_choice / on_dram : 100.0);
        break;
      case OLI_PLACE_DRAM:
      case OLI_PLACE_CXL:
      case OLI_PLACE_RDRAM:
      case OLI_PLACE_DEFAULT:
        snprintf(reason, sizeof reason, "%s; %s has the lowest predicted memory time", cls, oli_placement_words(dec));
        break;
      }
    uint64_t sum = (uint64_t)o->w[0] + o->w[1] + o->w[2];
    tier_bytes[OLI_TIER_DRAM] += x->dram;
    if (sum) {
      uint64_t rem = x->bytes - x->dram, away = (uint64_t)o->w[OLI_TIER_CXL] + o->w[OLI_TIER_REMOTE];
      uint64_t r = away ? (uint64_t)((unsigned __int128)rem * o->w[OLI_TIER_REMOTE] / away) : 0;
      tier_bytes[OLI_TIER_REMOTE] += r;
      tier_bytes[OLI_TIER_CXL] += rem - r;
    }
    /* the plan's site: the profile's source location, the choice and why */
    oli_doc_site_t ps_site = *s;
    ps_site.has &= (1ull << OLI_F_ID) | (1ull << OLI_F_KIND) | (1ull << OLI_F_FILE) | (1ull << OLI_F_FUNCTION) |
                   (1ull << OLI_F_LINE) | (1ull << OLI_F_REL) | (1ull << OLI_F_NAME);
    ps_site.placement = dec;
    memcpy(ps_site.weight, o->w, sizeof ps_site.weight);
    ps_site.bytes = x->bytes;
    ps_site.dram_bytes = x->dram;
    ps_site.accesses = x->accesses;
    ps_site.stall = t_choice; /* seconds */
    ps_site.reason = reason;
    static const oli_doc_field_t chosen[] = {OLI_F_DECISION, OLI_F_RATIO, OLI_F_BYTES, OLI_F_DRAM_BYTES,
                                             OLI_F_ACCESSES, OLI_F_STALL, OLI_F_REASON};
    for (size_t k = 0; k < sizeof chosen / sizeof chosen[0]; k++) OLI_SET(&ps_site, chosen[k]);
    write_site(&w, &ps_site, preload_path ? &pre : NULL, pre_taken, &pre_copies);
  }
  oli_jw_end(&w);
  oli_jw_array(&w, "left_out", OLI_JW_LINES);
  for (size_t i = 0; i < nleft; i++) oli_doc_write_left_out(&w, &left[i]);
  oli_jw_end(&w);
  oli_jw_object(&w, "summary", OLI_JW_INLINE);
  for (int t = 0; t < OLI_NODE_TIERS; t++) {
    char key[40];
    snprintf(key, sizeof key, "%s_bytes", oli_tier_name((oli_tier_t)t));
    oli_jw_u64(&w, key, tier_bytes[t]);
  }
  oli_jw_double(&w, "time", res.time, 6);
  oli_jw_double(&w, "all_dram_time", res.dram_cost, 6);
  oli_jw_str(&w, "solver", res.exact ? "exact" : "greedy");
  oli_jw_end(&w);
  oli_jw_end(&w);
  oli_jw_finish(&w); /* a write error: cli_out_commit reports it */
  if (cli_out_commit(&out) != 0) {
    free(objs);
    goto out;
  }
  if (out_path) {
    char s0[32], s1[32], s2[32], s3[32];
    fprintf(stderr, "oli: plan for %zu sites (%zu left out: %zu small, %zu never allocated) -> %s: DRAM %s of %s, "
            "%s solver%s\n",
            d.nsites, nleft, nsmall, nleft - nsmall, cli_shown(out_path), oli_format_size(res.dram, b1, sizeof b1),
            budget ? oli_format_size(budget, b2, sizeof b2) : "unlimited", res.exact ? "exact" : "greedy",
            topped ? ", the budget left topped up" : "");
    if (total_acc == 0 && nsmalls == 0)
      fprintf(stderr, "oli: predicted time: none (no object has accesses in %s)\n", cli_shown(d.path));
    else
      fprintf(stderr, "oli: predicted time at %g thread%s: plan %s, all-DRAM %s, uniform (every object %s) %s, oli %s; "
            "model: %s\n", m.threads, m.threads == 1 ? "" : "s", cli_plan_seconds(predicted[3], s0, sizeof s0),
            cli_plan_seconds(predicted[0], s1, sizeof s1), oli_format_ratio(pref.w, rs, sizeof rs),
            cli_plan_seconds(predicted[1], s2, sizeof s2), cli_plan_seconds(predicted[2], s3, sizeof s3), src_words);
    if ((total_acc || nsmalls) && compute > 0) { /* the times above are the run's: the longer of these two */
      double core = head.predicted.dram_core;
      fprintf(stderr, "oli: on local DRAM at %g thread%s: memory %s, core %s (cache hits %s, compute %s: %.3g "
              "operations at %.3g ns a thread): the model finds the run %s-bound\n", m.threads, m.threads == 1 ? "" : "s",
              cli_plan_seconds(memory_dram, s0, sizeof s0), cli_plan_seconds(core, s1, sizeof s1),
              cli_plan_seconds(res.hit_time, s2, sizeof s2), cli_plan_seconds(compute, s3, sizeof s3),
              (double)d.operations, m.op_ns, core > memory_dram ? "core" : "memory");
    } else if ((total_acc || nsmalls) && d.operations)
      fprintf(stderr, "oli: compute time: not modelled (%s; 'oli calibrate -o FILE' measures it)\n",
              src.machine ? "the machine file has no op_ps" : "no machine file");
    if (static_bin && total_acc)
      fprintf(stderr, "oli: a static plan's times come from the estimate's access counts, not a run's (a count the "
                      "compiler cannot see - a time loop's, a solver's - is a guess): compare its policies, not its "
                      "seconds with a run's; profile a run for times to check\n");
  }
  if (preload_path && pre_copies == 0)
    cli_warning("plan: no call-stack site of %s is at a planned site's source location (a report or profile of "
                "the program built without the plugin, run under LD_PRELOAD=liboli.so, of the same sources?)",
                cli_shown(preload_path));
  else if (preload_path)
    fprintf(stderr, "oli: %zu call-stack sites of %s take the plan entry at their source location\n", pre_copies,
            cli_shown(preload_path));
  free(objs);
  rc = OLI_EXIT_OK;
out:
  if (preload_path) oli_doc_free(&pre);
  free(pre_taken);
  free(left);
  oli_doc_free(&d);
  free(pattern);
  free(elf);
  return rc;
}
