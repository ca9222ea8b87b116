/* tools/oli/profile.c - `oli profile merge OUT IN...` and the profile writer. */
#include <getopt.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"

static void usage(FILE *f) {
  fputs("usage: oli profile merge [--sequential] [--any-program] OUT IN...\n"
        "Merge profiles (schema oli-profile, version 1) of several MPI ranks, runs or\n"
        "inputs into OUT, by site ID (docs/profile-schema.md, \"Merging\"): count,\n"
        "total_bytes, accesses, near_accesses, gather_accesses, gather_ops, lifetime_ns\n"
        "and operations are summed; largest, peak_live, touched, footprint_peak and\n"
        "run_ns take the maximum (touched only\n"
        "when every input has it); runs and threads are summed (ranks run at once).\n"
        "With --sequential (runs one after another: several inputs, one machine) run_ns\n"
        "is summed and threads take the maximum instead. A site ID described\n"
        "differently by two inputs, PMU and portable access counts mixed, or PMU\n"
        "counts of different events (access_event) mixed, is an error, and so are\n"
        "inputs of different programs (their \"program\", argv[0]'s basename).\n"
        "OUT may be one of the inputs; it is written only when every input is valid.\n"
        "      --sequential   the inputs ran one after another, not at once\n"
        "      --any-program  merge inputs of different programs anyway (a renamed\n"
        "                     binary); OUT names the first input's program\n"
        "  -h, --help         this text\n"
        "Exit status: 0 ok, 2 bad input.\n",
        f);
}

static uint64_t sat_add(uint64_t a, uint64_t b) { return a + b < a ? UINT64_MAX : a + b; }
static uint64_t max64(uint64_t a, uint64_t b) { return a > b ? a : b; }

enum { OPT_ANY_PROGRAM = 256, OPT_SEQUENTIAL };

int cli_profile_main(int argc, char **argv) {
  static const struct option opts[] = {
      {"help", no_argument, NULL, 'h'},
      {"any-program", no_argument, NULL, OPT_ANY_PROGRAM},
      {"sequential", no_argument, NULL, OPT_SEQUENTIAL},
      {NULL, 0, NULL, 0},
  };
  bool any_program = false, sequential = false;
  int c;
  optind = 1;
  while ((c = cli_getopt("profile", argc, argv, "+h", opts)) != -1) {
    switch (c) {
    case 'h': usage(stdout); return OLI_EXIT_OK;
    default: return OLI_EXIT_BAD; /* cli_getopt said why */
    }
  }
  if (optind >= argc || strcmp(argv[optind], "merge") != 0) {
    if (optind < argc) cli_error("profile: unknown action '%s' (only: merge); try 'oli profile --help'", argv[optind]);
    else cli_error("profile: expected an action (merge); try 'oli profile --help'");
    return OLI_EXIT_BAD;
  }
  /* options after "merge" */
  argc -= optind;
  argv += optind;
  optind = 0; /* 0, not 1: glibc starts afresh, without the '+' (no permuting) of the scan above */
  while ((c = cli_getopt("profile merge", argc, argv, "h", opts)) != -1) {
    switch (c) {
    case 'h': usage(stdout); return OLI_EXIT_OK;
    case OPT_ANY_PROGRAM: any_program = true; break;
    case OPT_SEQUENTIAL: sequential = true; break;
    default: return OLI_EXIT_BAD; /* cli_getopt said why */
    }
  }
  if (argc - optind < 2) {
    cli_error("profile merge: expected OUT and at least one IN; try 'oli profile --help'");
    return OLI_EXIT_BAD;
  }
  const char *out = argv[optind];
  int nin = argc - optind - 1;
  oli_doc_t *in = calloc((size_t)nin, sizeof *in);
  int rc = OLI_EXIT_BAD, loaded = 0;
  for (int i = 0; i < nin; i++, loaded++)
    if (cli_doc_load_in("profile merge: input", argv[optind + 1 + i], OLI_DOC_PROFILE, &in[i]) != 0) goto done;

  /* merged table: every distinct ID, in first-seen order */
  size_t cap = 0, n = 0;
  for (int i = 0; i < nin; i++) cap += in[i].nsites;
  oli_doc_site_t *m = calloc(cap ? cap : 1, sizeof *m);
  /* open-addressing table of indices into m, keyed by site ID */
  size_t hcap = 16;
  while (hcap < 2 * cap) hcap <<= 1;
  size_t *slot = malloc(hcap * sizeof *slot);
  for (size_t h = 0; h < hcap; h++) slot[h] = SIZE_MAX;
  oli_access_source_t source = OLI_ACCESS_NONE;
  const char *event = "", *program = in[0].program, *program_of = in[0].path;
  uint64_t footprint = 0, runs = 0, run_ns = 0, threads = 0, sampled = 0, unattributed = 0, ops = 0;
  oli_doc_phase_t phase = {0};
  bool has_phase = false;
  for (int i = 0; i < nin; i++) {
    const oli_doc_t *d = &in[i];
    if (d->has_phase) { /* samples of one phase only: a whole run's and a compute phase's do not add up */
      if (has_phase && phase.from_settle != d->phase.from_settle) {
        cli_error("profile merge: input %s: accesses sampled %s, another input's %s; profile one phase (OLI_PROFILE_START)", d->path,
                  d->phase.from_settle ? "from the first oli_settle()" : "from the start",
                  phase.from_settle ? "from the first oli_settle()" : "from the start");
        free(m);
        free(slot);
        goto done;
      }
      phase.from_settle = d->phase.from_settle;
      phase.waiting |= d->phase.waiting;
      phase.pauses = sat_add(phase.pauses, d->phase.pauses);
      phase.skipped_accesses = sat_add(phase.skipped_accesses, d->phase.skipped_accesses);
      has_phase = true;
    }
    if (d->access_source != OLI_ACCESS_NONE) {
      if (source != OLI_ACCESS_NONE && source != d->access_source) {
        cli_error("profile merge: input %s: accesses come from %s, another input's from %s; they cannot be added", d->path,
                  oli_access_source_name(d->access_source), oli_access_source_name(source));
        free(m);
        free(slot);
        goto done;
      }
      source = d->access_source;
      if (d->access_event[0]) {
        if (event[0] && strcmp(event, d->access_event) != 0) {
          cli_error("profile merge: input %s: accesses are samples of %s, another input's of %s; they cannot be added", d->path,
                    d->access_event, event);
          free(m);
          free(slot);
          goto done;
        }
        event = d->access_event;
      }
    }
    /* a profile without "program" (optional) matches any */
    if (!program[0]) program = d->program, program_of = d->path;
    if (d->program[0] && strcmp(d->program, program) != 0 && !any_program) {
      char a[128], b[128];
      cli_error("profile merge: input %s: a profile of program '%s', not '%s' like %s; merge one program's profiles, or pass "
                "--any-program to merge them anyway",
                d->path, oli_text_escape(a, sizeof a, d->program, 0), oli_text_escape(b, sizeof b, program, 0),
                program_of);
      free(m);
      free(slot);
      goto done;
    }
    footprint = max64(footprint, d->footprint_peak);
    runs = sat_add(runs, d->runs);
    if (sequential) { /* runs one after another: their times add, their threads do not meet */
      run_ns = sat_add(run_ns, d->run_ns);
      threads = max64(threads, d->threads);
    } else {
      run_ns = max64(run_ns, d->run_ns);      /* ranks run at once: the longest */
      threads = sat_add(threads, d->threads); /* ... and every rank's threads draw on the memory */
    }
    sampled = sat_add(sampled, d->sampled_accesses);
    unattributed = sat_add(unattributed, d->unattributed_accesses);
    ops = sat_add(ops, d->operations);
    for (size_t k = 0; k < d->nsites; k++) {
      const oli_doc_site_t *s = &d->sites[k];
      size_t h = (size_t)((s->id * 0x9e3779b97f4a7c15ull) >> 20) & (hcap - 1);
      while (slot[h] != SIZE_MAX && m[slot[h]].id != s->id) h = (h + 1) & (hcap - 1);
      if (slot[h] == SIZE_MAX) {
        slot[h] = n;
        m[n++] = *s;
        continue;
      }
      size_t j = slot[h];
      oli_doc_site_t *t = &m[j];
      if (strcmp(t->file, s->file) || strcmp(t->function, s->function) || strcmp(t->name, s->name) ||
          strcmp(t->kind, s->kind) || t->rel != s->rel) {
        cli_error("profile merge: input %s: site 0x%016" PRIx64 " is %s %s+%u '%s' here but %s %s+%u '%s' in another input "
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
      t->near_accesses = sat_add(t->near_accesses, s->near_accesses);
      if (t->near_accesses) OLI_SET(t, OLI_F_NEAR_ACCESSES);
      t->gather_accesses = sat_add(t->gather_accesses, s->gather_accesses);
      t->gather_ops = sat_add(t->gather_ops, s->gather_ops);
      if (t->gather_accesses) OLI_SET(t, OLI_F_GATHER_ACCESSES), OLI_SET(t, OLI_F_GATHER_OPS);
      t->lifetime_ns = sat_add(t->lifetime_ns, s->lifetime_ns);
      t->largest = max64(t->largest, s->largest);
      t->peak_live = max64(t->peak_live, s->peak_live);
      /* the sampled span: the widest; unknown in one input (too few samples): unknown */
      if (OLI_HAS(t, OLI_F_TOUCHED) && OLI_HAS(s, OLI_F_TOUCHED)) t->touched = max64(t->touched, s->touched);
      else t->touched = 0, t->has &= ~(1ull << OLI_F_TOUCHED);
      if (!t->line && OLI_HAS(s, OLI_F_LINE)) t->line = s->line, OLI_SET(t, OLI_F_LINE);
    }
  }
  free(slot);
  /* common/outfile.c: a temporary, then a rename (OUT may be an input) */
  cli_out_t o;
  if (cli_out_open(&o, out) != 0) {
    free(m);
    goto done;
  }
  FILE *f = o.f;
  oli_jw_t w;
  oli_jw_init(&w, f);
  oli_doc_write_begin(&w, OLI_DOC_PROFILE, program);
  oli_doc_t hd = {.runs = runs, .footprint_peak = footprint, .run_ns = run_ns, .threads = threads,
                  .access_source = source, .access_event = event, .sampled_accesses = sampled,
                  .unattributed_accesses = unattributed, .operations = ops, .has_phase = has_phase, .phase = phase};
  for (int i = 0; i < nin; i++) /* tiers: the first input's that has them */
    if (in[i].tiers.has[OLI_TIER_DRAM] || in[i].tiers.has[OLI_TIER_CXL] || in[i].tiers.has[OLI_TIER_REMOTE]) {
      hd.tiers = in[i].tiers;
      break;
    }
  oli_doc_write_profile_head(&w, &hd);
  oli_jw_array(&w, "sites", OLI_JW_LINES);
  for (size_t j = 0; j < n; j++) {
    OLI_SET(&m[j], OLI_F_LIFETIME_NS); /* merged: a sum, 0 when no input had it */
    oli_doc_write_site(&w, OLI_DOC_PROFILE, &m[j]);
  }
  oli_jw_end(&w);
  oli_jw_end(&w);
  oli_jw_finish(&w); /* a write error: cli_out_commit reports it */
  free(m);
  if (cli_out_commit(&o) != 0) goto done;
  printf("oli: merged %d profile%s, %zu sites -> %s\n", nin, nin == 1 ? "" : "s", n, cli_shown(out));
  rc = OLI_EXIT_OK;
done:
  for (int i = 0; i < loaded; i++) oli_doc_free(&in[i]);
  free(in);
  return rc;
}
