/* tools/oli/sites.c - `oli sites BINARY`: the site records of a linked ELF file. */
#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "buildnote.h"
#include "siterec.h"
#include "summary.h"

static void usage(FILE *f) {
  fputs("usage: oli sites BINARY [--json] [--all]\n"
        "List every allocation site and global the oli plugin tagged in BINARY (an ELF64\n"
        "executable, shared library or object), read from its oli_sites section; no run\n"
        "needed. One line per distinct site ID: ID, kind, file:line, function, object\n"
        "name ('-' unknown), static size hint in bytes ('?' unknown), and the plugin's\n"
        "static access estimate: accesses per byte over a run, passes over the object,\n"
        "dominant pattern (streaming, strided, gather, unknown), confidence ('-': none).\n"
        "Then how the modules were built (their oli build notes): 'profile build:\n"
        "profile-every=N' or 'plain build', 'plan embedded: FILE' with its counts; a\n"
        "warning when modules were built with different pass options (stale objects).\n"
        "The table leaves out the sites in system headers (/usr/include, /usr/lib: a\n"
        "standard library's own allocations, whose objects its callers' sites name)\n"
        "and says how many; --json has every site.\n"
        "  -a, --all    list the sites in system headers too\n"
        "  -j, --json   print a JSON document instead (schema oli-sites, version 1)\n"
        "  -h, --help   this text\n"
        "Exit status: 0 ok (also when BINARY has no sites), 2 bad input.\n",
        f);
}

/* A site in a system header (a standard library's own allocation inside
 * std::vector and the like, whose objects the caller's site names): the
 * table leaves it out unless --all. */
static int system_site(const oli_siterec_t *r) {
  return strncmp(r->file, "/usr/include/", 13) == 0 || strncmp(r->file, "/usr/lib/", 9) == 0;
}

/* The table's estimate columns ACC/BYTE, PASSES, PATTERN, CONFIDENCE ('-' each without one). */
static void static_words(const oli_siterec_t *r, char *buf, size_t n) {
  const __oli_site_static_t *s = &r->st;
  if (!r->has_static || s->confidence == OLI_CONFIDENCE_NONE)
    snprintf(buf, n, "%-8s  %-6s  %-9s  -", "-", "-", "-");
  else
    snprintf(buf, n, "%-8.3g  %-6.3g  %-9s  %s%s", s->intensity, s->passes, oli_access_pattern_name(s->pattern),
             oli_confidence_name(s->confidence), (s->flags & OLI_STATIC_F_ESCAPES) ? " (escapes)" : "");
}

/* "static": {...} (null without an estimate): the pass's access estimate. */
static void write_static_json(oli_jw_t *w, const oli_siterec_t *r) {
  const __oli_site_static_t *s = &r->st;
  if (!r->has_static || s->confidence == OLI_CONFIDENCE_NONE) {
    oli_jw_null(w, "static");
    return;
  }
  oli_jw_object(w, "static", OLI_JW_INLINE);
  oli_jw_double(w, "intensity", s->intensity, 6);
  oli_jw_double(w, "passes", s->passes, 6);
  oli_jw_str(w, "pattern", oli_access_pattern_name(s->pattern));
  oli_jw_str(w, "confidence", oli_confidence_name(s->confidence));
  oli_jw_object(w, "shares", OLI_JW_INLINE);
  int unknown = 100;
  for (unsigned p = 0; p <= OLI_PATTERN_MAX_; p++) {
    int i = oli_access_pattern_share((oli_access_pattern_t)p);
    if (i < 0) continue;
    oli_jw_u64(w, oli_access_pattern_name(p), s->share[i]);
    unknown -= s->share[i];
  }
  oli_jw_u64(w, oli_access_pattern_name(OLI_PATTERN_UNKNOWN), unknown < 0 ? 0 : (uint64_t)unknown);
  oli_jw_end(w);
  for (int f = 0; f < oli_static_flag_count; f++)
    oli_jw_bool(w, oli_static_flags[f].name, (s->flags & oli_static_flags[f].bit) != 0);
  oli_jw_end(w);
}

static int same_site(const oli_siterec_t *a, const oli_siterec_t *b) {
  /* one program-wide global (a COMMON block declared in every file that uses
   * it, a weak or inline variable): its ID is the symbol's, each module's
   * record names its own file and line */
  if (a->kind == OLI_KIND_GLOBAL && b->kind == OLI_KIND_GLOBAL)
    return strcmp(a->name, b->name) == 0 && strcmp(a->function, b->function) == 0;
  return a->kind == b->kind && a->line == b->line && a->rel == b->rel &&
         strcmp(a->file, b->file) == 0 && strcmp(a->function, b->function) == 0 &&
         strcmp(a->name, b->name) == 0;
}

static int cmp_id(const void *a, const void *b) {
  const oli_siterec_t *x = a, *y = b;
  if (x->id != y->id) return x->id < y->id ? -1 : 1;
  return x->offset < y->offset ? -1 : x->offset > y->offset;
}

static int cmp_offset(const void *a, const void *b) {
  const oli_siterec_t *x = a, *y = b;
  return x->offset < y->offset ? -1 : x->offset > y->offset;
}

bool cli_sites_section(const char *path) {
  unsigned char *sec = NULL;
  size_t len = 0;
  int found = 1; /* unreadable: said by whoever read it first */
  char why[256];
  if (cli_elf_read_section(path, OLI_SITE_SECTION, &sec, &len, &found, why, sizeof why) != 0) found = 1;
  free(sec);
  return found != 0;
}

int cli_sites_read(const char *context, const char *path, oli_siterec_t **out, size_t *nout, unsigned char **bufout) {
  unsigned char *buf;
  size_t len;
  int found;
  char why[256];
  if (cli_elf_read_sections(path, OLI_SITE_SECTION, &buf, &len, &found, why, sizeof why) != 0) {
    cli_error("%s%s%s: %s", context ? context : "", context ? " " : "", path, why);
    return -1;
  }
  size_t n = 0, cap = 64;
  oli_siterec_t *recs = malloc(cap * sizeof *recs);
  oli_siterec_iter_t it;
  oli_siterec_iter_init(&it, buf, buf ? buf + len : NULL);
  int rc;
  for (;;) {
    if (n == cap) recs = realloc(recs, (cap *= 2) * sizeof *recs);
    rc = oli_siterec_next(&it, &recs[n], why, sizeof why);
    if (rc <= 0) break;
    n++;
  }
  if (rc < 0) {
    cli_error("%s: section %s: %s", path, OLI_SITE_SECTION, why);
    free(recs);
    free(buf);
    return -1;
  }
  /* dedupe identical IDs (an inline function's sites in several TUs); a
   * global's records from several files (a COMMON block each file defines)
   * each estimate their own file's accesses: their sum is the object's */
  qsort(recs, n, sizeof *recs, cmp_id);
  size_t m = 0, first = 0; /* recs[first..i): the ID's records so far (within a group nothing is overwritten) */
  for (size_t i = 0; i < n; i++) {
    if (m > 0 && recs[m - 1].id == recs[i].id) {
      oli_siterec_t *kept = &recs[m - 1];
      bool again = false; /* the same file's record once more: a module linked twice */
      for (size_t j = first; j < i && !again; j++) again = strcmp(recs[j].file, recs[i].file) == 0;
      if (kept->kind == OLI_KIND_GLOBAL && recs[i].kind == OLI_KIND_GLOBAL && recs[i].has_static && !again) {
        if (!kept->has_static) memset(&kept->st, 0, sizeof kept->st), kept->has_static = 1;
        oli_summary_add_local(&kept->st, &recs[i].st);
      }
      if (!same_site(&recs[m - 1], &recs[i])) {
        const oli_siterec_t *x = &recs[m - 1], *y = &recs[i];
        char wx[512], wy[512];
        oli_text_where(wx, sizeof wx, x->file, x->line, x->kind == OLI_KIND_GLOBAL, x->function, x->rel);
        oli_text_where(wy, sizeof wy, y->file, y->line, y->kind == OLI_KIND_GLOBAL, y->function, y->rel);
        cli_warning("%s: site ID 0x%016" PRIx64 " describes two sites: %s %s and %s %s", cli_shown(path), y->id, wx,
                    cli_shown(x->function), wy, cli_shown(y->function));
      }
      continue;
    }
    first = i;
    recs[m++] = recs[i];
  }
  qsort(recs, m, sizeof *recs, cmp_offset); /* section (link) order */
  /* the whole program's estimates: each record joined with every module's
   * access summaries (common/summary.h), as the runtime joins them */
  unsigned char *sum;
  size_t slen;
  int has_sum;
  if (cli_elf_read_section(path, OLI_SUMMARY_SECTION, &sum, &slen, &has_sum, why, sizeof why) != 0 ||
      (has_sum && oli_summary_check(sum, sum + slen, why, sizeof why) != 0)) {
    cli_error("%s: section %s: %s", path, OLI_SUMMARY_SECTION, why);
    free(recs);
    free(buf);
    return -1;
  }
  if (has_sum && sum) {
    oli_summary_buf_t sb = {sum, slen};
    for (size_t i = 0; i < m; i++)
      if (recs[i].has_static)
        oli_summary_join(&sb, 1, recs[i].id, (recs[i].flags & OLI_SITE_F_SIZE_KNOWN) ? recs[i].size_hint : 0,
                         &recs[i].st, &recs[i].st);
  }
  free(sum);
  *out = recs;
  *nout = m;
  *bufout = buf;
  return 0;
}

/* The distinct build notes of path (OLI_NOTE_SECTION; modules built alike
 * share one): 0 and *n (0: none, an older plugin), -1 after one error line. */
#define MAX_BUILDS 16
static int read_builds(const char *path, oli_build_t *b, size_t *n) {
  unsigned char *buf;
  size_t len;
  int found;
  char why[256];
  *n = 0;
  if (cli_elf_read_sections(path, OLI_NOTE_SECTION, &buf, &len, &found, why, sizeof why) != 0) {
    cli_error("%s: %s", path, why);
    return -1;
  }
  const unsigned char *p = buf;
  oli_build_t x;
  while (found && *n < MAX_BUILDS && oli_build_next(&p, buf + len, &x) == 1) {
    size_t i = 0;
    while (i < *n && memcmp(&b[i], &x, sizeof x) != 0) i++;
    if (i == *n) b[(*n)++] = x;
  }
  free(buf);
  return 0;
}

/* "profile build: profile-every=1024 (options 0x...)" and, with a plan,
 * "plan embedded: FILE (N sites planned, M left out)". */
static void print_build(const oli_build_t *b) {
  if (b->profile_every)
    printf("profile build: profile-every=%" PRIu64 " (options 0x%016" PRIx64 ")\n", b->profile_every, b->options);
  else
    printf("%s build (options 0x%016" PRIx64 ")\n", b->plan_hash ? "plan" : "plain", b->options);
  if (b->plan_hash)
    printf("plan embedded: %s (%" PRIu32 " site%s planned, %" PRIu32 " left out)\n", cli_shown(b->plan),
           b->plan_sites, b->plan_sites == 1 ? "" : "s", b->plan_left_out);
}

static void write_builds_json(oli_jw_t *w, const oli_build_t *b, size_t n) {
  char hex[OLI_SITE_ID_LEN];
  oli_jw_array(w, "builds", OLI_JW_LINES);
  for (size_t i = 0; i < n; i++) {
    oli_jw_object(w, NULL, OLI_JW_INLINE);
    oli_jw_str(w, "options", oli_format_site_id(b[i].options, hex));
    oli_jw_u64(w, "profile_every", b[i].profile_every);
    if (b[i].plan_hash) {
      oli_jw_str(w, "plan", b[i].plan);
      oli_jw_str(w, "plan_hash", oli_format_site_id(b[i].plan_hash, hex));
      oli_jw_u64(w, "plan_sites", b[i].plan_sites);
      oli_jw_u64(w, "plan_left_out", b[i].plan_left_out);
    } else {
      oli_jw_null(w, "plan");
    }
    oli_jw_end(w);
  }
  oli_jw_end(w);
}

int cli_sites_main(int argc, char **argv) {
  static const struct option opts[] = {
      {"json", no_argument, NULL, 'j'},
      {"all", no_argument, NULL, 'a'},
      {"help", no_argument, NULL, 'h'},
      {NULL, 0, NULL, 0},
  };
  int json = 0, all = 0, c;
  optind = 1;
  while ((c = cli_getopt("sites", argc, argv, "jah", opts)) != -1) {
    switch (c) {
    case 'j': json = 1; break;
    case 'a': all = 1; break;
    case 'h': usage(stdout); return OLI_EXIT_OK;
    default: return OLI_EXIT_BAD; /* cli_getopt said why */
    }
  }
  if (argc - optind != 1) {
    cli_error("sites: expected one BINARY, got %s; try 'oli sites --help'", cli_arguments(argc - optind));
    return OLI_EXIT_BAD;
  }
  const char *path = argv[optind];
  unsigned char *buf;
  oli_siterec_t *recs;
  size_t m;
  if (cli_sites_read(NULL, path, &recs, &m, &buf) != 0) return OLI_EXIT_BAD;
  if (m == 0) { /* say why there is nothing: most often, a build without the plugin */
    if (!cli_sites_section(path))
      cli_warning("sites: %s has no %s section: it was not compiled with the oli plugin (oli-config --cflags or "
                  "--fflags, oli_instrument() in CMake); oli run places its objects by call stack",
                  path, OLI_SITE_SECTION);
    else
      cli_warning("sites: %s: the oli plugin tagged no allocation in it (no malloc-family call, ALLOCATE or "
                  "global of at least min-global-size)", path);
  }
  oli_build_t builds[MAX_BUILDS];
  size_t nb = 0;
  if (read_builds(path, builds, &nb) != 0) {
    free(recs);
    free(buf);
    return OLI_EXIT_BAD;
  }
  if (nb > 1)
    cli_warning("%s: its modules were built with %zu different sets of pass options (objects left from an earlier "
                "build? remove them and build again)", cli_shown(path), nb);

  if (json) {
    oli_jw_t w;
    oli_jw_init(&w, stdout);
    oli_jw_object(&w, NULL, OLI_JW_LINES);
    oli_jw_str(&w, "schema", "oli-sites");
    oli_jw_u64(&w, "version", 1);
    oli_jw_str(&w, "binary", path);
    oli_jw_array(&w, "sites", OLI_JW_LINES);
    for (size_t i = 0; i < m; i++) {
      const oli_siterec_t *r = &recs[i];
      char id[OLI_SITE_ID_LEN];
      oli_jw_object(&w, NULL, OLI_JW_INLINE);
      oli_jw_str(&w, "id", oli_format_site_id(r->id, id));
      oli_jw_str(&w, "kind", oli_kind_name(r->kind));
      oli_jw_str(&w, "file", r->file);
      oli_jw_u64(&w, "line", r->line);
      oli_jw_u64(&w, "rel", r->rel);
      oli_jw_bool(&w, "rel_is_line", (r->flags & OLI_SITE_F_HAS_LINE) != 0);
      oli_jw_str(&w, "function", r->function);
      oli_jw_str(&w, "name", r->name[0] ? r->name : NULL);
      if (r->flags & OLI_SITE_F_SIZE_KNOWN) oli_jw_u64(&w, "size_hint", r->size_hint);
      else oli_jw_null(&w, "size_hint");
      write_static_json(&w, r);
      oli_jw_end(&w);
    }
    oli_jw_end(&w);
    write_builds_json(&w, builds, nb);
    oli_jw_end(&w);
    if (oli_jw_finish(&w) != 0) cli_stdout_failed(errno); /* main's cli_close_stdout: one line */
  } else {
    /* column widths from the longest entry (capped) */
    int wk = 4, wl = 9, wf = 8, wn = 4;
    char loc[512], size[32];
    for (int pass = 0; pass < 2; pass++) {
      if (pass == 1)
        printf("%-18s  %-*s  %-*s  %-*s  %-*s  %-10s  %-8s  %-6s  %-9s  %s\n", "ID", wk, "KIND", wl, "FILE:LINE", wf,
               "FUNCTION", wn, "NAME", "SIZE", "ACC/BYTE", "PASSES", "PATTERN", "CONFIDENCE");
      for (size_t i = 0; i < m; i++) {
        const oli_siterec_t *r = &recs[i];
        if (!all && system_site(r)) continue;
        /* the records' strings come from the binary: shown escaped */
        const char *func = cli_shown(r->function), *name = cli_shown(r->name);
        oli_text_where(loc, sizeof loc, r->file, r->line, r->kind == OLI_KIND_GLOBAL, r->function, r->rel);
        if (pass == 0) {
          int k = (int)strlen(oli_kind_name(r->kind));
          wk = k > wk ? k : wk;
          int l = (int)strlen(loc), f = (int)strlen(func), n = (int)strlen(name);
          wl = l > wl ? (l < 60 ? l : 60) : wl;
          wf = f > wf ? (f < 40 ? f : 40) : wf;
          wn = n > wn ? (n < 30 ? n : 30) : wn;
          continue;
        }
        if (r->flags & OLI_SITE_F_SIZE_KNOWN) snprintf(size, sizeof size, "%" PRIu64, r->size_hint);
        else snprintf(size, sizeof size, "?");
        char est[96];
        static_words(r, est, sizeof est);
        printf("0x%016" PRIx64 "  %-*s  %-*s  %-*s  %-*s  %-10s  %s\n", r->id, wk, oli_kind_name(r->kind), wl,
               loc, wf, func[0] ? func : "-", wn, name[0] ? name : "-", size, est);
      }
    }
    size_t hidden = 0;
    for (size_t i = 0; i < m && !all; i++) hidden += system_site(&recs[i]) != 0;
    if (hidden)
      printf("%zu site%s (%zu more in system headers: --all lists them)\n", m - hidden, m - hidden == 1 ? "" : "s",
             hidden);
    else
      printf("%zu site%s\n", m, m == 1 ? "" : "s");
    for (size_t i = 0; i < nb; i++) print_build(&builds[i]);
  }
  free(recs);
  free(buf);
  return OLI_EXIT_OK;
}
