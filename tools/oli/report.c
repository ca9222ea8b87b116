/* tools/oli/report.c - `oli report FILE`: a report, plan or profile as a table. */
#include <getopt.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "oli_vocab.h"
#include "size.h"

static void usage(FILE *f) {
  fputs("usage: oli report FILE\n"
        "Print a placement report (OLI_REPORT=file.json, schema oli-report), a plan\n"
        "(oli plan, schema oli-plan) or a profile (OLI_PROFILE, schema oli-profile) as a\n"
        "table, one row per site, followed by a summary.\n"
        "  -h, --help   this text\n"
        "Exit status: 0 ok, 2 bad input (one line names the file and the problem).\n",
        f);
}

/* "0:73728/73728 2:24576/24576": achieved/intended pages per node. */
static void pages_cell(const cli_site_t *s, char *buf, size_t n, int *mismatch) {
  size_t k = 0;
  buf[0] = '\0';
  *mismatch = 0;
  for (const oli_json_t *e = oli_json_first(s->pages_intended); e; e = e->next) {
    uint64_t want = 0, got = 0;
    oli_json_u64(e, &want);
    int has = oli_json_u64(oli_json_get(s->pages_achieved, e->key), &got) == 0;
    if (!has || got != want) *mismatch = 1;
    if (k < n)
      k += (size_t)snprintf(buf + k, n - k, "%s%s:%s%" PRIu64 "/%" PRIu64, k ? " " : "", cli_shown(e->key),
                            has ? "" : "?", got, want);
  }
  for (const oli_json_t *e = oli_json_first(s->pages_achieved); e; e = e->next) {
    if (oli_json_get(s->pages_intended, e->key)) continue;
    uint64_t got = 0;
    oli_json_u64(e, &got);
    if (got) *mismatch = 1;
    if (k < n) k += (size_t)snprintf(buf + k, n - k, "%s%s:%" PRIu64 "/0", k ? " " : "", cli_shown(e->key), got);
  }
  if (k == 0) snprintf(buf, n, "-");
  else if (s->pages_sampled && k < n) snprintf(buf + k, n - k, " (sampled)");
}

/* Strings from the document are shown escaped (cli_shown). */
static void loc_cell(const cli_site_t *s, char *buf, size_t n) {
  const char *file = s->file[0] ? cli_shown(s->file) : "?";
  if (s->has_line && s->line) snprintf(buf, n, "%s:%u", file, s->line);
  else if (s->has_rel) snprintf(buf, n, "%s:%s+%u", file, s->function[0] ? cli_shown(s->function) : "?", s->rel);
  else snprintf(buf, n, "%s", file);
}

static void summary_block(const cli_doc_t *d) {
  const oli_json_t *sum = oli_json_get(d->root, "summary");
  const oli_json_t *bytes = oli_json_get(sum, "bytes");
  uint64_t v;
  char b[32];
  if (sum == NULL) return;
  printf("runtime summary:");
  if (oli_json_u64(oli_json_get(sum, "placed_objects"), &v) == 0) printf(" %" PRIu64 " placed objects", v);
  if (oli_json_u64(oli_json_get(sum, "small_objects"), &v) == 0) {
    uint64_t partial = 0; /* sites whose further small objects took the fast path uncounted */
    oli_json_u64(oli_json_get(sum, "small_objects_partial_sites"), &partial);
    printf(", %" PRIu64 "%s small", v, partial ? "+" : "");
  }
  if (oli_json_u64(oli_json_get(sum, "fallbacks"), &v) == 0) printf(", %" PRIu64 " fallbacks", v);
  printf("\n");
  for (const oli_json_t *e = oli_json_first(bytes); e; e = e->next)
    if (oli_json_u64(e, &v) == 0) printf("  bytes on %-12s %s\n", cli_shown(e->key), oli_format_size(v, b, sizeof b));
  if (oli_json_u64(oli_json_get(sum, "dram_saved"), &v) == 0)
    printf("  DRAM saved against all-DRAM: %s\n", oli_format_size(v, b, sizeof b));
  const oli_json_t *md = oli_json_get(sum, "runtime_metadata"); /* optional (issue 7) */
  uint64_t mo, per;
  if (md && oli_json_u64(oli_json_get(md, "bytes"), &v) == 0 &&
      oli_json_u64(oli_json_get(md, "tracked_objects"), &mo) == 0 &&
      oli_json_u64(oli_json_get(md, "bytes_per_object"), &per) == 0)
    printf("  runtime metadata: %s for %" PRIu64 " tracked objects (%" PRIu64 " B each)\n",
           oli_format_size(v, b, sizeof b), mo, per);
}

int cli_report_main(int argc, char **argv) {
  static const struct option opts[] = {
      {"help", no_argument, NULL, 'h'},
      {NULL, 0, NULL, 0},
  };
  int c;
  optind = 1;
  while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
    switch (c) {
    case 'h': usage(stdout); return OLI_EXIT_OK;
    default: usage(stderr); return OLI_EXIT_BAD;
    }
  }
  if (argc - optind != 1) {
    cli_error("report: expected one FILE, got %d arguments", argc - optind);
    usage(stderr);
    return OLI_EXIT_BAD;
  }
  cli_doc_t d;
  if (cli_doc_load(argv[optind], CLI_DOC_REPORT | CLI_DOC_PLAN | CLI_DOC_PROFILE, &d) != 0)
    return OLI_EXIT_BAD;
  char loc[256], place[64], size[32], pages[256], b1[32], b2[32];
  printf("%s %s%s%s, %zu site%s\n", d.schema, cli_shown(d.path), d.program[0] ? " program " : "",
         cli_shown(d.program), d.nsites, d.nsites == 1 ? "" : "s");
  /* by decision: the placements (oli_vocab.def) with default last, then "-" (none) */
  uint64_t by_dec_n[OLI_PLACE_COUNT_ + 1] = {0}, by_dec_b[OLI_PLACE_COUNT_ + 1] = {0};
  const char *decs[OLI_PLACE_COUNT_ + 1];
  int ndecs = 0;
  for (int p = 0; p < OLI_PLACE_COUNT_; p++)
    if (p != OLI_PLACE_DEFAULT) decs[ndecs++] = oli_placement_name((oli_placement_t)p);
  decs[ndecs++] = oli_placement_name(OLI_PLACE_DEFAULT);
  decs[ndecs++] = "-";
  size_t mismatches = 0;
  if (d.kind == CLI_DOC_PROFILE) {
    printf("%-18s  %-14s  %-30s  %-14s  %8s  %11s  %11s  %12s  %s\n", "ID", "KIND", "FILE:LINE", "NAME",
           "COUNT", "LARGEST", "PEAK_LIVE", "ACCESSES", "ACC/KiB");
    for (size_t i = 0; i < d.nsites; i++) {
      const cli_site_t *s = &d.sites[i];
      loc_cell(s, loc, sizeof loc);
      uint64_t bytes = s->peak_live ? s->peak_live : s->largest;
      printf("0x%016" PRIx64 "  %-14s  %-30s  %-14s  %8" PRIu64 "  %11s  %11s  %12" PRIu64 "  %.3g\n", s->id,
             s->kind[0] ? cli_shown(s->kind) : "-", loc, s->name[0] ? cli_shown(s->name) : "-", s->count,
             oli_format_size(s->largest, b1, sizeof b1), oli_format_size(s->peak_live, b2, sizeof b2),
             s->accesses, bytes ? (double)s->accesses * 1024.0 / (double)bytes : 0.0);
    }
    printf("footprint peak %s, %" PRIu64 " run%s, accesses from %s\n",
           oli_format_size(d.footprint_peak, b1, sizeof b1), d.runs, d.runs == 1 ? "" : "s",
           d.access_source);
    cli_doc_free(&d);
    return OLI_EXIT_OK;
  }
  int rep = d.kind == CLI_DOC_REPORT;
  int wk = 4, wl = 9, wn = 4, wp = 13;
  for (size_t i = 0; i < d.nsites; i++) {
    const cli_site_t *s = &d.sites[i];
    int mm;
    loc_cell(s, loc, sizeof loc);
    int k = (int)strlen(cli_shown(s->kind)), l = (int)strlen(loc), n = (int)strlen(cli_shown(s->name)), p = 0;
    if (rep) {
      pages_cell(s, pages, sizeof pages, &mm);
      p = (int)strlen(pages);
    }
    wk = k > wk ? k : wk;
    wl = l > wl ? (l < 60 ? l : 60) : wl;
    wn = n > wn ? (n < 30 ? n : 30) : wn;
    wp = p > wp ? (p < 60 ? p : 60) : wp;
  }
  printf("%-18s  %-*s  %-*s  %-*s  %11s  %-16s  ", "ID", wk, "KIND", wl, "FILE:LINE", wn, "NAME",
         rep ? "LARGEST" : "BYTES", "DECISION");
  if (rep) printf("%-*s  ", wp + 2, "PAGES ACH/INT");
  printf("REASON\n");
  for (size_t i = 0; i < d.nsites; i++) {
    const cli_site_t *s = &d.sites[i];
    loc_cell(s, loc, sizeof loc);
    cli_site_placement(s, place, sizeof place);
    uint64_t bytes = rep ? s->largest : s->bytes;
    oli_format_size(bytes, size, sizeof size);
    int k;
    for (k = 0; k < ndecs - 1 && strcmp(decs[k], s->decision); k++) {}
    by_dec_n[k]++;
    by_dec_b[k] += rep ? s->peak_live : s->bytes;
    int mm = 0;
    if (rep) {
      pages_cell(s, pages, sizeof pages, &mm);
      mismatches += (size_t)mm;
    }
    printf("0x%016" PRIx64 "  %-*s  %-*s  %-*s  %11s  %-16s  ", s->id, wk, s->kind[0] ? cli_shown(s->kind) : "-",
           wl, loc, wn, s->name[0] ? cli_shown(s->name) : "-", size, place);
    if (rep) printf("%-*s %s  ", wp, pages, mm ? "!" : " ");
    printf("%s%s\n", s->reason[0] ? cli_shown(s->reason) : "-", s->fallbacks ? " [fallbacks]" : "");
  }
  printf("by decision (%s):", rep ? "peak live bytes" : "bytes");
  for (int k = 0; k < ndecs; k++)
    if (by_dec_n[k])
      printf(" %s %" PRIu64 " (%s)", decs[k], by_dec_n[k], oli_format_size(by_dec_b[k], b1, sizeof b1));
  printf("\n");
  if (d.kind == CLI_DOC_PLAN)
    printf("DRAM limit %s\n", d.dram_limit ? oli_format_size(d.dram_limit, b1, sizeof b1) : "none");
  if (rep) {
    if (mismatches)
      printf("%zu site%s achieved a different page split than intended (marked !)\n", mismatches,
             mismatches == 1 ? "" : "s");
    summary_block(&d);
  }
  cli_doc_free(&d);
  return OLI_EXIT_OK;
}
