/* tools/oli/diff.c - `oli diff OLD NEW`: what moved between two reports/plans. */
#include <getopt.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static void usage(FILE *f) {
  fputs("usage: oli diff [--json] [--moved-only] OLD NEW\n"
        "Compare two reports or plans (any mix) by site ID and print every site whose\n"
        "placement moved (decision or interleave ratio), appeared (new) or disappeared\n"
        "(gone), with its object name and bytes. Sites with the same decision and an\n"
        "equivalent ratio (6:2 = 3:1) have not moved.\n"
        "  -j, --json        print a JSON document (schema oli-diff, version 1)\n"
        "  -m, --moved-only  new and gone sites are listed but do not count as changes\n"
        "  -h, --help        this text\n"
        "Exit status: 0 nothing moved, 1 something moved (or appeared/disappeared),\n"
        "2 bad input.\n",
        f);
}

static uint64_t gcd(uint64_t a, uint64_t b) {
  while (b) {
    uint64_t t = a % b;
    a = b;
    b = t;
  }
  return a;
}

/* Ratio reduced to lowest terms ("6:2" -> "3:1"); trailing ":0" dropped. */
static void norm_ratio(const char *r, char *buf, size_t n) {
  uint64_t v[3] = {0, 0, 0};
  int k = 0;
  for (const char *p = r; *p && k < 3; k++) {
    v[k] = strtoull(p, (char **)&p, 10);
    if (*p == ':') p++;
  }
  uint64_t g = gcd(gcd(v[0], v[1]), v[2]);
  if (g == 0) g = 1;
  if (v[2]) snprintf(buf, n, "%" PRIu64 ":%" PRIu64 ":%" PRIu64, v[0] / g, v[1] / g, v[2] / g);
  else snprintf(buf, n, "%" PRIu64 ":%" PRIu64, v[0] / g, v[1] / g);
}

static int same_place(const cli_site_t *a, const cli_site_t *b) {
  if (strcmp(a->decision, b->decision) != 0) return 0;
  if (strcmp(a->decision, "interleave") != 0) return 1;
  char x[64], y[64];
  norm_ratio(a->ratio, x, sizeof x);
  norm_ratio(b->ratio, y, sizeof y);
  return strcmp(x, y) == 0;
}

static uint64_t site_bytes(const cli_doc_t *d, const cli_site_t *s) {
  return d->kind == CLI_DOC_REPORT ? s->largest : s->bytes;
}

static void json_side(const cli_doc_t *d, const cli_site_t *s) {
  if (s == NULL) {
    printf("null");
    return;
  }
  printf("{\"decision\": \"%s\", \"ratio\": ", s->decision);
  if (s->ratio[0]) oli_json_write_string(stdout, s->ratio);
  else printf("null");
  printf(", \"bytes\": %" PRIu64 "}", site_bytes(d, s));
}

int cli_diff_main(int argc, char **argv) {
  static const struct option opts[] = {
      {"json", no_argument, NULL, 'j'},
      {"moved-only", no_argument, NULL, 'm'},
      {"help", no_argument, NULL, 'h'},
      {NULL, 0, NULL, 0},
  };
  int json = 0, moved_only = 0, c;
  optind = 1;
  while ((c = getopt_long(argc, argv, "jmh", opts, NULL)) != -1) {
    switch (c) {
    case 'j': json = 1; break;
    case 'm': moved_only = 1; break;
    case 'h': usage(stdout); return OLI_EXIT_OK;
    default: usage(stderr); return OLI_EXIT_BAD;
    }
  }
  if (argc - optind != 2) {
    cli_error("diff: expected OLD and NEW, got %d arguments", argc - optind);
    usage(stderr);
    return OLI_EXIT_BAD;
  }
  cli_doc_t a, b;
  if (cli_doc_load(argv[optind], CLI_DOC_REPORT | CLI_DOC_PLAN, &a) != 0) return OLI_EXIT_BAD;
  if (cli_doc_load(argv[optind + 1], CLI_DOC_REPORT | CLI_DOC_PLAN, &b) != 0) {
    cli_doc_free(&a);
    return OLI_EXIT_BAD;
  }
  size_t compared = 0, moved = 0, added = 0, gone = 0, nout = 0;
  if (json) {
    printf("{\n  \"schema\": \"oli-diff\",\n  \"version\": 1,\n  \"old\": ");
    oli_json_write_string(stdout, a.path);
    printf(",\n  \"new\": ");
    oli_json_write_string(stdout, b.path);
    printf(",\n  \"changes\": [");
  }
  /* walk NEW in its order, then OLD's sites that are gone */
  for (int pass = 0; pass < 2; pass++) {
    const cli_doc_t *d = pass ? &a : &b, *o = pass ? &b : &a;
    for (size_t i = 0; i < d->nsites; i++) {
      const cli_site_t *s = &d->sites[i];
      long j = cli_doc_find(o, s->id);
      const cli_site_t *t = j >= 0 ? &o->sites[j] : NULL;
      const cli_site_t *olds = pass ? s : t, *news = pass ? t : s;
      const char *what;
      if (pass == 1 && t) continue; /* already compared */
      if (t) {
        compared++;
        if (same_place(olds, news)) continue;
        moved++;
        what = "moved";
      } else if (pass == 0) {
        added++;
        what = "new";
      } else {
        gone++;
        what = "gone";
      }
      const cli_site_t *desc = news ? news : olds;
      char loc[256], p1[64], p2[64];
      if (desc->has_line && desc->line) snprintf(loc, sizeof loc, "%s:%u", desc->file, desc->line);
      else snprintf(loc, sizeof loc, "%s:%s+%u", desc->file, desc->function, desc->rel);
      if (json) {
        printf("%s\n    {\"id\": \"0x%016" PRIx64 "\", \"change\": \"%s\", \"file\": ", nout ? "," : "",
               desc->id, what);
        oli_json_write_string(stdout, desc->file);
        printf(", \"line\": %u, \"function\": ", desc->line);
        oli_json_write_string(stdout, desc->function);
        printf(", \"name\": ");
        oli_json_write_string(stdout, desc->name);
        printf(", \"old\": ");
        json_side(&a, olds);
        printf(", \"new\": ");
        json_side(&b, news);
        printf("}");
      } else {
        uint64_t ob = olds ? site_bytes(&a, olds) : 0, nb = news ? site_bytes(&b, news) : 0;
        char bytes[64];
        if (olds && news && ob != nb)
          snprintf(bytes, sizeof bytes, "%" PRIu64 " -> %" PRIu64 " bytes", ob, nb);
        else snprintf(bytes, sizeof bytes, "%" PRIu64 " bytes", news ? nb : ob);
        printf("%-5s  0x%016" PRIx64 "  %s %s  %s  %s -> %s  %s\n", what, desc->id, loc,
               desc->function[0] ? desc->function : "?", desc->name[0] ? desc->name : "-",
               olds ? cli_site_placement(olds, p1, sizeof p1) : "(none)",
               news ? cli_site_placement(news, p2, sizeof p2) : "(none)", bytes);
      }
      nout++;
    }
  }
  int changed = moved > 0 || (!moved_only && (added > 0 || gone > 0));
  if (json) {
    printf("%s],\n  \"summary\": {\"compared\": %zu, \"moved\": %zu, \"new\": %zu, \"gone\": %zu, "
           "\"changed\": %s}\n}\n",
           nout ? "\n  " : "", compared, moved, added, gone, changed ? "true" : "false");
  } else {
    printf("%zu site%s in both: %zu moved; %zu new, %zu gone%s\n", compared, compared == 1 ? "" : "s",
           moved, added, gone, moved_only ? " (not counted: --moved-only)" : "");
  }
  cli_doc_free(&a);
  cli_doc_free(&b);
  return changed ? OLI_EXIT_CHANGED : OLI_EXIT_OK;
}
