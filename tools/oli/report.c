/* tools/oli/report.c - `oli report FILE`: a report, plan or profile as a table. */
#include <getopt.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "oli_vocab.h"
#include "planmodel.h"
#include "size.h"

static void usage(FILE *f) {
  fputs("usage: oli report FILE\n"
        "Print a placement report (OLI_REPORT=file.json, schema oli-report), a plan\n"
        "(oli plan, schema oli-plan) or a profile (OLI_PROFILE, schema oli-profile) as a\n"
        "table, one row per site (for a report with the number of objects it made, COUNT,\n"
        "\"+\" when more were made uncounted), followed by a summary.\n"
        "  -h, --help   this text\n"
        "Exit status: 0 ok, 2 bad input (one line names the file and the problem).\n",
        f);
}

static void summary_block(const oli_doc_t *d) {
  const oli_doc_summary_t *sum = &d->summary;
  char b[32];
  if (!sum->present) return;
  /* partial: sites whose further small objects took the fast path uncounted */
  printf("runtime summary: %" PRIu64 " placed object%s, %" PRIu64 "%s small, %" PRIu64 " fallback%s\n",
         sum->placed_objects, sum->placed_objects == 1 ? "" : "s", sum->small_objects,
         sum->small_objects_partial_sites ? "+" : "", sum->fallbacks, sum->fallbacks == 1 ? "" : "s");
  for (int t = 0; t < OLI_TIER_COUNT_; t++)
    printf("  bytes on %-12s %s\n", oli_tier_name((oli_tier_t)t), oli_format_size(sum->bytes[t], b, sizeof b));
  printf("  DRAM saved against all-DRAM: %s\n", oli_format_size(sum->dram_saved, b, sizeof b));
  /* the limit the run had (OLI_DRAM_LIMIT, a plan's): kept only where there is somewhere else to go */
  const oli_doc_report_head_t *h = &d->report;
  if (h->options.dram_limit) {
    char lw[160];
    printf("  DRAM limit: %s\n", oli_doc_limit_words(h->options.dram_limit,
                                                     h->topology.cxl_node >= 0 || h->topology.remote_node >= 0, lw,
                                                     sizeof lw));
  }
  char words[256];
  if (sum->metadata.present) /* optional */
    printf("  runtime metadata: %s\n", oli_doc_metadata_words(sum, words, sizeof words));
  if (sum->allocator.present) /* optional: reports since host mode (docs/report-schema.md) */
    printf("  allocator: %s\n", oli_doc_allocator_words(&sum->allocator, words, sizeof words));
  if (sum->migration.present) /* optional: reports with re-decisions (docs/report-schema.md) */
    printf("  footprint: %s\n", oli_doc_migration_words(d->footprint_peak, &sum->migration, words, sizeof words));
}

/* A report site's re-decisions and a rule verdict not applied, under its row,
 * in the words of the runtime's own table (common/doc.c). */
static void site_rule_lines(const oli_doc_site_t *s) {
  char line[512];
  for (size_t i = 0; i < s->nredecisions; i++) {
    oli_doc_redecision_t x = s->redecisions[i];
    char from[64], to[64];
    x.from = oli_text_escape(from, sizeof from, x.from, 40); /* strings of the file: one line each */
    x.to = oli_text_escape(to, sizeof to, x.to, 40);
    printf("%18s  %s\n", "", oli_doc_redecision_words(&x, line, sizeof line));
  }
  if (OLI_HAS(s, OLI_F_RULE))
    printf("%18s  %s\n", "", oli_doc_rule_words(s->share_of_peak, s->share_at_decision, s->rule, line, sizeof line));
}

int cli_report_main(int argc, char **argv) {
  static const struct option opts[] = {
      {"help", no_argument, NULL, 'h'},
      {NULL, 0, NULL, 0},
  };
  int c;
  optind = 1;
  while ((c = cli_getopt("report", argc, argv, "h", opts)) != -1) {
    switch (c) {
    case 'h': usage(stdout); return OLI_EXIT_OK;
    default: return OLI_EXIT_BAD; /* cli_getopt said why */
    }
  }
  if (argc - optind != 1) {
    cli_error("report: expected one FILE, got %s; try 'oli report --help'", cli_arguments(argc - optind));
    return OLI_EXIT_BAD;
  }
  oli_doc_t d;
  if (cli_doc_load_in("report:", argv[optind], OLI_DOC_REPORT | OLI_DOC_PLAN | OLI_DOC_PROFILE, &d) != 0)
    return OLI_EXIT_BAD;
  char loc[256], place[64], size[32], pages[256], b1[32], b2[32];
  printf("%s %s%s%s, %zu site%s\n", d.schema, cli_shown(d.path), d.program[0] ? " program " : "",
         cli_shown(d.program), d.nsites, d.nsites == 1 ? "" : "s");
  /* by decision: the placements (oli_vocab.def) with default last, then "-" (none) */
  uint64_t by_dec_n[OLI_PLACE_COUNT_ + 1] = {0}, by_dec_b[OLI_PLACE_COUNT_ + 1] = {0};
  bool by_dec_low[OLI_PLACE_COUNT_ + 1] = {0}, any_low = false; /* some site's bytes a lower bound */
  const char *decs[OLI_PLACE_COUNT_ + 1];
  int ndecs = 0;
  for (int p = 0; p < OLI_PLACE_COUNT_; p++)
    if (p != OLI_PLACE_DEFAULT) decs[ndecs++] = oli_placement_name((oli_placement_t)p);
  decs[ndecs++] = oli_placement_name(OLI_PLACE_DEFAULT);
  decs[ndecs++] = "-";
  size_t mismatches = 0, untouched_sites = 0, stack_sites = 0, idle = 0, gone = 0;
  uint64_t untouched = 0;
  if (d.kind == OLI_DOC_PROFILE) {
    printf("%-18s  %-14s  %-30s  %-14s  %8s  %11s  %11s  %12s  %s\n", "ID", "KIND", "FILE:LINE", "NAME",
           "COUNT", "LARGEST", "PEAK_LIVE", "ACCESSES", "ACC/KiB");
    for (size_t i = 0; i < d.nsites; i++) {
      const oli_doc_site_t *s = &d.sites[i];
      cli_where(s, loc, sizeof loc);
      uint64_t bytes = s->peak_live ? s->peak_live : s->largest;
      printf("0x%016" PRIx64 "  %-14s  %-30s  %-14s  %8" PRIu64 "  %11s  %11s  %12" PRIu64 "  %.3g\n", s->id,
             s->kind[0] ? cli_shown(s->kind) : "-", loc, s->name[0] ? cli_shown(s->name) : "-", s->count,
             oli_format_size(s->largest, b1, sizeof b1),
             s->peak_live || !s->count ? oli_format_size(s->peak_live, b2, sizeof b2) : "-", /* -: not tracked (small) */
             s->accesses, bytes ? (double)s->accesses * 1024.0 / (double)bytes : 0.0);
    }
    printf("footprint peak %s, %" PRIu64 " run%s, accesses from %s\n",
           oli_format_size(d.footprint_peak, b1, sizeof b1), d.runs, d.runs == 1 ? "" : "s",
           oli_access_source_name(d.access_source));
    if (d.has_phase) {
      char words[160];
      printf("sampled %s\n", oli_doc_phase_words(&d.phase, words, sizeof words));
    }
    if (d.run_ns || d.threads) {
      char t[32];
      printf("run %s, %" PRIu64 " thread%s at most at once\n", d.run_ns ? cli_plan_seconds((double)d.run_ns * 1e-9, t, sizeof t) : "time unknown",
             d.threads, d.threads == 1 ? "" : "s");
    }
    if (d.operations) printf("operations %.3g (the instrumented code's, all threads: oli plan's compute time)\n", (double)d.operations);
    if (d.unattributed_accesses && d.sampled_accesses)
      printf("unattributed accesses %" PRIu64 " (%.1f%% of the %" PRIu64 " sampled: no tagged object held them - the "
             "stack, untagged or foreign memory; no site's count has them)\n",
             d.unattributed_accesses, 100.0 * (double)d.unattributed_accesses / (double)d.sampled_accesses,
             d.sampled_accesses);
    oli_doc_free(&d);
    return OLI_EXIT_OK;
  }
  int rep = d.kind == OLI_DOC_REPORT;
  int wk = 4, wl = 9, wn = 4, wp = 20;
  for (size_t i = 0; i < d.nsites; i++) {
    const oli_doc_site_t *s = &d.sites[i];
    if (rep && oli_doc_site_made_nothing(s)) continue;
    cli_where(s, loc, sizeof loc);
    int k = (int)strlen(cli_shown(s->kind)), l = (int)strlen(loc), n = (int)strlen(cli_shown(s->name)), p = 0;
    if (rep) {
      oli_doc_pages_cell(s, pages, sizeof pages);
      p = (int)strlen(pages);
    }
    wk = k > wk ? k : wk;
    wl = l > wl ? (l < 60 ? l : 60) : wl;
    wn = n > wn ? (n < 30 ? n : 30) : wn;
    wp = p > wp ? (p < 60 ? p : 60) : wp;
  }
  printf("%-18s  %-*s  %-*s  %-*s  ", "ID", wk, "KIND", wl, "FILE:LINE", wn, "NAME");
  if (rep) printf("%8s  ", "COUNT"); /* objects made, "+" when the fast path took more uncounted */
  printf("%11s  %-16s  ", rep ? "LARGEST" : "BYTES", "DECISION");
  if (rep) printf("%-*s  ", wp + 2, "PAGES PRESENT/INTENDED");
  printf("REASON\n");
  for (size_t i = 0; i < d.nsites; i++) {
    const oli_doc_site_t *s = &d.sites[i];
    if (rep && oli_doc_site_made_nothing(s)) { /* as in the runtime's own table: a line of the summary */
      idle++;
      continue;
    }
    cli_where(s, loc, sizeof loc);
    oli_doc_site_placement(s, place, sizeof place);
    uint64_t bytes = rep ? s->largest : s->bytes;
    oli_format_size(bytes, size, sizeof size);
    int k;
    const char *dec = OLI_HAS(s, OLI_F_DECISION) ? oli_placement_name(s->placement) : "-";
    for (k = 0; k < ndecs - 1 && strcmp(decs[k], dec); k++) {}
    by_dec_n[k]++;
    /* a site whose live bytes were not tracked (below OLI_MIN_SIZE: counted,
     * not tracked) counts its largest object, a lower bound */
    bool untracked = rep && !s->peak_live && s->count && s->largest;
    by_dec_b[k] += !rep ? s->bytes : untracked ? s->largest : s->peak_live;
    by_dec_low[k] |= untracked;
    oli_doc_pages_cmp_t pc = {0};
    if (rep) {
      oli_doc_pages_cell(s, pages, sizeof pages);
      oli_doc_pages_compare(s, d.version, &pc);
      gone += strcmp(pages, "-") == 0 && s->count > 0 && OLI_HAS(s, OLI_F_DECISION) &&
              s->placement != OLI_PLACE_DEFAULT; /* placed, all freed before the report */
      mismatches += pc.mismatch;
      untouched_sites += pc.untouched > 0;
      untouched += pc.untouched;
    }
    printf("0x%016" PRIx64 "  %-*s  %-*s  %-*s  ", s->id, wk, s->kind[0] ? cli_shown(s->kind) : "-", wl, loc, wn,
           s->name[0] ? cli_shown(s->name) : "-");
    if (rep) {
      char count[32];
      printf("%8s  ", oli_doc_count_cell(s, count, sizeof count));
    }
    printf("%11s  %-16s  ", size, place);
    if (rep) printf("%-*s %s  ", wp, pages, pc.mismatch ? "!" : " ");
    printf("%s%s\n", s->reason[0] ? cli_shown(s->reason) : "-", s->fallbacks ? " [fallbacks]" : "");
    if (rep) site_rule_lines(s);
    for (size_t k = 0; k < s->nframes; k++) { /* a call-stack site: its frames, innermost first */
      char fw[512];
      printf("%18s  %s %s\n", "", k ? "   " : "at", cli_shown(cli_frame_words(&s->frames[k], fw, sizeof fw)));
    }
    stack_sites += s->nframes > 0;
  }
  /* each site's peak, summed: sites peak at different times, so this may exceed the footprint's peak */
  printf("by decision (%s):", rep ? "each site's peak live bytes" : "bytes");
  for (int k = 0; k < ndecs; k++)
    if (by_dec_n[k]) {
      printf(" %s %" PRIu64 " (%s%s)", decs[k], by_dec_n[k], by_dec_low[k] ? ">= " : "",
             oli_format_size(by_dec_b[k], b1, sizeof b1));
      any_low |= by_dec_low[k];
    }
  printf("%s\n", any_low ? "; >=: sites below OLI_MIN_SIZE, not tracked live, count their largest object" : "");
  if (stack_sites)
    printf("%zu site%s by call stack: code not built with the plugin (no static size hints or access estimates; "
           "docs/runtime.md)\n", stack_sites, stack_sites == 1 ? "" : "s");
  if (d.kind == OLI_DOC_PLAN) {
    printf("DRAM limit %s\n", !d.dram_limit.has ? "unknown"
                               : d.dram_limit.v ? oli_format_size(d.dram_limit.v, b1, sizeof b1)
                                                : "unlimited");
    const oli_doc_predicted_t *pr = &d.predicted;
    if (pr->has && !pr->seconds[0] && !pr->seconds[1] && !pr->seconds[2] && !pr->seconds[3])
      printf("predicted time: none (no object had accesses in the profile)\n");
    else if (pr->has) { /* the run's seconds per policy (oli plan): memory or core, the longer */
      char t[4][32];
      for (int k = 0; k < 4; k++) cli_plan_seconds(pr->seconds[k], t[k], sizeof t[k]);
      printf("predicted time at %g thread%s: plan %s, all-DRAM %s, uniform %s, oli %s", pr->threads,
             pr->threads == 1 ? "" : "s", t[3], t[0], t[1], t[2]);
      if (pr->model && pr->model[0]) printf("; model: %s", cli_shown(pr->model));
      printf("\n");
      if (pr->dram_core > 0) { /* oli plan's line: the all-DRAM run's two parts, the longer its time */
        cli_plan_seconds(pr->dram_memory, t[0], sizeof t[0]), cli_plan_seconds(pr->dram_core, t[1], sizeof t[1]);
        printf("on local DRAM: memory %s, core %s (cache hits plus compute): the model finds the run %s-bound\n", t[0], t[1],
               pr->dram_core > pr->dram_memory ? "core" : "memory");
      }
    }
    size_t why_n[OLI_LEFT_COUNT_] = {0};
    for (size_t i = 0; i < d.nleft; i++)
      if ((unsigned)d.left[i].left_out < OLI_LEFT_COUNT_) why_n[d.left[i].left_out]++;
    if (d.nleft) {
      printf("%zu site%s left out:", d.nleft, d.nleft == 1 ? "" : "s");
      for (int k = 0, first = 1; k < OLI_LEFT_COUNT_; k++)
        if (why_n[k]) printf("%s %zu %s", first ? "" : ";", why_n[k], oli_left_out_words((oli_left_out_t)k)), first = 0;
      printf("\n");
    }
  }
  if (rep) {
    char line[160];
    if (gone) printf("%s\n", oli_doc_freed_words(gone, line, sizeof line));
    if (idle) printf("%s\n", oli_doc_idle_words(idle, line, sizeof line));
    if (mismatches)
      printf("%zu site%s achieved a different page split than intended (marked !)\n", mismatches,
             mismatches == 1 ? "" : "s");
    if (untouched_sites) /* never touched: the kernel has not placed them yet (not a mismatch) */
      printf("%zu site%s with %" PRIu64 " untouched page%s (not present on any node yet)\n", untouched_sites,
             untouched_sites == 1 ? "" : "s", untouched, untouched == 1 ? "" : "s");
    summary_block(&d);
  }
  oli_doc_free(&d);
  return OLI_EXIT_OK;
}
