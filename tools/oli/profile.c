/* tools/oli/profile.c - `oli profile merge OUT IN...` and the profile writer. */
#include <getopt.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"

static void usage(FILE *f) {
  fputs("usage: oli profile merge OUT IN...\n"
        "Merge profiles (schema oli-profile, version 1) of several MPI ranks, runs or\n"
        "inputs into OUT, by site ID (docs/profile-schema.md, \"Merging\"): count,\n"
        "total_bytes, accesses and lifetime_ns are summed; largest, peak_live and\n"
        "footprint_peak take the maximum; runs are summed. A site ID described\n"
        "differently by two inputs, PMU and portable access counts mixed, or PMU\n"
        "counts of different events (access_event) mixed, is an error.\n"
        "OUT may be one of the inputs; it is written only when every input is valid.\n"
        "  -h, --help   this text\n"
        "Exit status: 0 ok, 2 bad input.\n",
        f);
}

static uint64_t sat_add(uint64_t a, uint64_t b) { return a + b < a ? UINT64_MAX : a + b; }
static uint64_t max64(uint64_t a, uint64_t b) { return a > b ? a : b; }

static void put_str(FILE *f, const char *key, const char *v) {
  fprintf(f, ", \"%s\": ", key);
  if (v && v[0]) oli_json_write_string(f, v);
  else fputs("null", f);
}

int cli_profile_main(int argc, char **argv) {
  static const struct option opts[] = {
      {"help", no_argument, NULL, 'h'},
      {NULL, 0, NULL, 0},
  };
  int c;
  optind = 1;
  while ((c = getopt_long(argc, argv, "+h", opts, NULL)) != -1) {
    switch (c) {
    case 'h': usage(stdout); return OLI_EXIT_OK;
    default: usage(stderr); return OLI_EXIT_BAD;
    }
  }
  if (optind >= argc || strcmp(argv[optind], "merge") != 0) {
    if (optind < argc) cli_error("profile: unknown action '%s' (only: merge)", argv[optind]);
    else cli_error("profile: expected an action (merge)");
    usage(stderr);
    return OLI_EXIT_BAD;
  }
  /* options after "merge" */
  argc -= optind;
  argv += optind;
  optind = 1;
  while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
    switch (c) {
    case 'h': usage(stdout); return OLI_EXIT_OK;
    default: usage(stderr); return OLI_EXIT_BAD;
    }
  }
  if (argc - optind < 2) {
    cli_error("profile merge: expected OUT and at least one IN");
    usage(stderr);
    return OLI_EXIT_BAD;
  }
  const char *out = argv[optind];
  int nin = argc - optind - 1;
  cli_doc_t *in = calloc((size_t)nin, sizeof *in);
  int rc = OLI_EXIT_BAD, loaded = 0;
  for (int i = 0; i < nin; i++, loaded++)
    if (cli_doc_load(argv[optind + 1 + i], CLI_DOC_PROFILE, &in[i]) != 0) goto done;

  /* merged table: every distinct ID, in first-seen order */
  size_t cap = 0, n = 0;
  for (int i = 0; i < nin; i++) cap += in[i].nsites;
  cli_site_t *m = calloc(cap ? cap : 1, sizeof *m);
  /* open-addressing table of indices into m, keyed by site ID */
  size_t hcap = 16;
  while (hcap < 2 * cap) hcap <<= 1;
  size_t *slot = malloc(hcap * sizeof *slot);
  for (size_t h = 0; h < hcap; h++) slot[h] = SIZE_MAX;
  const char *source = "none", *event = "", *program = in[0].program;
  uint64_t footprint = 0, runs = 0;
  for (int i = 0; i < nin; i++) {
    const cli_doc_t *d = &in[i];
    if (strcmp(d->access_source, "none") != 0) {
      if (strcmp(source, "none") != 0 && strcmp(source, d->access_source) != 0) {
        cli_error("%s: accesses come from %s, another input's from %s; they cannot be added",
                  d->path, d->access_source, source);
        free(m);
        free(slot);
        goto done;
      }
      source = d->access_source;
      if (d->access_event[0]) {
        if (event[0] && strcmp(event, d->access_event) != 0) {
          cli_error("%s: accesses are samples of %s, another input's of %s; they cannot be added", d->path,
                    d->access_event, event);
          free(m);
          free(slot);
          goto done;
        }
        event = d->access_event;
      }
    }
    if (strcmp(d->program, program) != 0)
      cli_warning("%s: program '%s' differs from '%s' of %s", d->path, d->program, program, in[0].path);
    footprint = max64(footprint, d->footprint_peak);
    runs = sat_add(runs, d->runs);
    for (size_t k = 0; k < d->nsites; k++) {
      const cli_site_t *s = &d->sites[k];
      size_t h = (size_t)((s->id * 0x9e3779b97f4a7c15ull) >> 20) & (hcap - 1);
      while (slot[h] != SIZE_MAX && m[slot[h]].id != s->id) h = (h + 1) & (hcap - 1);
      if (slot[h] == SIZE_MAX) {
        slot[h] = n;
        m[n++] = *s;
        continue;
      }
      size_t j = slot[h];
      cli_site_t *t = &m[j];
      if (strcmp(t->file, s->file) || strcmp(t->function, s->function) || strcmp(t->name, s->name) ||
          strcmp(t->kind, s->kind) || t->rel != s->rel) {
        cli_error("%s: site 0x%016" PRIx64 " is %s %s+%u '%s' here but %s %s+%u '%s' in another input "
                  "(different programs?)",
                  d->path, s->id, s->file, s->function, s->rel, s->name, t->file, t->function, t->rel,
                  t->name);
        free(m);
        free(slot);
        goto done;
      }
      t->count = sat_add(t->count, s->count);
      t->total_bytes = sat_add(t->total_bytes, s->total_bytes);
      t->accesses = sat_add(t->accesses, s->accesses);
      t->lifetime_ns = sat_add(t->lifetime_ns, s->lifetime_ns);
      t->largest = max64(t->largest, s->largest);
      t->peak_live = max64(t->peak_live, s->peak_live);
      if (!t->line) t->line = s->line, t->has_line = s->has_line;
    }
  }
  free(slot);
  /* common/outfile.c: a temporary, then a rename (OUT may be an input) */
  cli_out_t w;
  if (cli_out_open(&w, out) != 0) {
    free(m);
    goto done;
  }
  FILE *f = w.f;
  fprintf(f, "{\n  \"schema\": \"oli-profile\",\n  \"version\": 1,\n  \"program\": ");
  oli_json_write_string(f, program);
  fprintf(f, ",\n  \"runs\": %" PRIu64 ",\n  \"footprint_peak\": %" PRIu64 ",\n  \"access_source\": \"%s\",\n",
          runs, footprint, source);
  if (event[0]) {
    fputs("  \"access_event\": ", f);
    oli_json_write_string(f, event);
    fputs(",\n", f);
  }
  /* tiers: carried over from the first input that has them */
  for (int i = 0; i < nin; i++) {
    const oli_json_t *t = oli_json_get(in[i].root, "tiers");
    if (t == NULL || t->type != OLI_JSON_OBJECT) continue;
    fprintf(f, "  \"tiers\": {");
    int first = 1;
    for (const oli_json_t *e = oli_json_first(t); e; e = e->next) {
      double bw = 0, lat = 0;
      oli_json_double(oli_json_get(e, "bandwidth"), &bw);
      oli_json_double(oli_json_get(e, "latency"), &lat);
      fprintf(f, "%s", first ? "" : ", ");
      oli_json_write_string(f, e->key);
      fprintf(f, ": {\"bandwidth\": %.17g, \"latency\": %.17g}", bw, lat);
      first = 0;
    }
    fprintf(f, "},\n");
    break;
  }
  fprintf(f, "  \"sites\": [");
  for (size_t j = 0; j < n; j++) {
    const cli_site_t *s = &m[j];
    fprintf(f, "%s\n    {\"id\": \"0x%016" PRIx64 "\"", j ? "," : "", s->id);
    put_str(f, "kind", s->kind);
    put_str(f, "file", s->file);
    put_str(f, "function", s->function);
    if (s->has_line) fprintf(f, ", \"line\": %u", s->line);
    fprintf(f, ", \"rel\": %u", s->rel);
    put_str(f, "name", s->name);
    fprintf(f, ", \"count\": %" PRIu64 ", \"largest\": %" PRIu64 ", \"peak_live\": %" PRIu64
               ", \"total_bytes\": %" PRIu64 ", \"lifetime_ns\": %" PRIu64 ", \"accesses\": %" PRIu64 "}",
            s->count, s->largest, s->peak_live, s->total_bytes, s->lifetime_ns, s->accesses);
  }
  fprintf(f, "%s]\n}\n", n ? "\n  " : "");
  free(m);
  if (cli_out_commit(&w) != 0) goto done;
  printf("oli: merged %d profile%s, %zu sites -> %s\n", nin, nin == 1 ? "" : "s", n, cli_shown(out));
  rc = OLI_EXIT_OK;
done:
  for (int i = 0; i < loaded; i++) cli_doc_free(&in[i]);
  free(in);
  return rc;
}
