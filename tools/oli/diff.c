/* tools/oli/diff.c - `oli diff OLD NEW`: what moved between two reports/plans. */
#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "rematch.h"

static void usage(FILE *f) {
  fputs("usage: oli diff [--json] [--moved-only] [--ids-only] [--as-planned] OLD NEW\n"
        "Compare two reports or plans (any mix) by site ID and print every site whose\n"
        "placement moved (decision or interleave ratio), appeared (new) or disappeared\n"
        "(gone), with its object name and bytes. Sites with the same decision and an\n"
        "equivalent ratio (6:2 = 3:1) have not moved. A site whose ID changed (an edit\n"
        "moved it inside its function) is re-matched by source location as a run\n"
        "applies a plan: same file, function, kind, name and line offset, else same\n"
        "file, function, kind and a unique object name, one site on each side;\n"
        "re-matched sites are listed ('same' or 'moved').\n"
        "  -j, --json        print a JSON document (schema oli-diff, version 1)\n"
        "A site a plan left out (its left_out[]: objects below the plan's minimum size, never\n"
        "allocated) matches a report's site that agrees: decision default for a small\n"
        "one, no objects for an unused one; otherwise it moved.\n"
        "A report's site that appears or disappears with every object below the run's\n"
        "OLI_MIN_SIZE (never placed) is counted apart, not as a change.\n"
        "  -m, --moved-only  list only moved sites; new and gone ones do not count\n"
        "  -i, --ids-only    match by site ID only, no re-matching by location\n"
        "  -p, --as-planned  a report's site the run placed otherwise than its plan\n"
        "                    (its \"planned\": no CXL node here, a DRAM budget) counts as\n"
        "                    placed as planned (a CI host without the plan's tiers)\n"
        "  -h, --help        this text\n"
        "Exit status: 0 nothing moved, 1 something moved (or appeared/disappeared),\n"
        "2 bad input.\n",
        f);
}

/* Pair NEW's sites not paired by ID with OLD's by source location, by the
 * rules the runtime applies a plan with (common/rematch.c): the line offset
 * is rel when every unpaired site has one, else the line. */
static void rematch(const oli_doc_t *a, const oli_doc_t *b, long *pair, char *old_used, char *by_loc) {
  size_t no = 0, nn = 0;
  oli_loc_t *o = malloc((a->nsites ? a->nsites : 1) * sizeof *o);
  oli_loc_t *n = malloc((b->nsites ? b->nsites : 1) * sizeof *n);
  if (!o || !n) {
    free(o), free(n);
    return; /* no memory: no re-matching, every site by ID */
  }
  int use_rel = 1;
  for (size_t j = 0; j < a->nsites; j++)
    if (!old_used[j]) use_rel &= OLI_HAS(&a->sites[j], OLI_F_REL);
  for (size_t i = 0; i < b->nsites; i++)
    if (pair[i] < 0) use_rel &= OLI_HAS(&b->sites[i], OLI_F_REL);
  for (int side = 0; side < 2; side++) {
    const oli_doc_t *d = side ? b : a;
    for (size_t k = 0; k < d->nsites; k++) {
      const oli_doc_site_t *s = &d->sites[k];
      if (side ? pair[k] >= 0 : old_used[k]) continue;
      int64_t pos = use_rel ? (int64_t)s->rel : (OLI_HAS(s, OLI_F_LINE) && s->line ? (int64_t)s->line : -1);
      oli_loc_t l = {s->file, s->function, s->kind, s->name, pos, (long)k, 0};
      if (side) n[nn++] = l;
      else o[no++] = l;
    }
  }
  oli_rematch(o, no, n, nn, pair);
  for (size_t k = 0; k < nn; k++)
    if (pair[n[k].index] >= 0) old_used[pair[n[k].index]] = 1, by_loc[n[k].index] = 1;
  free(o);
  free(n);
}

/* A site's bytes as a plan counts them (oli plan: the peak live bytes, else
 * the largest object), so a plan and a run of it compare like with like. */
static uint64_t site_bytes(const oli_doc_t *d, const oli_doc_site_t *s) {
  if (OLI_HAS(s, OLI_F_WHY)) return s->largest; /* a plan's left-out entry */
  if (d->kind != OLI_DOC_PLAN) return OLI_HAS(s, OLI_F_PEAK_LIVE) && s->peak_live ? s->peak_live : s->largest;
  return s->bytes;
}

/* The entry of plan d's left_out[] for site s of the other document: by ID,
 * else (unless ids_only) by file, function, kind and line offset (rel when
 * both have it, else line); NULL when none. */
static const oli_doc_site_t *left_match(const oli_doc_t *d, const oli_doc_site_t *s, int ids_only) {
  long i = oli_doc_find_left(d, s->id);
  if (i >= 0 && (ids_only || !oli_rematch_names_differ(d->left[i].name, s->name))) return &d->left[i];
  for (size_t k = 0; !ids_only && k < d->nleft; k++) {
    const oli_doc_site_t *l = &d->left[k];
    if (strcmp(l->file, s->file) || strcmp(l->function, s->function) || (l->kind[0] && strcmp(l->kind, s->kind)) ||
        oli_rematch_names_differ(l->name, s->name))
      continue;
    if (OLI_HAS(l, OLI_F_REL) && OLI_HAS(s, OLI_F_REL) ? l->rel == s->rel
        : OLI_HAS(l, OLI_F_LINE) && OLI_HAS(s, OLI_F_LINE) && l->line && l->line == s->line)
      return l;
  }
  return NULL;
}

/* Site s of a report (sd) agrees with the plan's leaving it out (l): a small
 * site's objects stayed on the default policy, an unused one allocated
 * nothing. A plan's site never agrees (the other plan decided it). */
static int left_agrees(const oli_doc_site_t *l, const oli_doc_t *sd, const oli_doc_site_t *s) {
  if (sd->kind != OLI_DOC_REPORT) return 0;
  bool dflt = !OLI_HAS(s, OLI_F_DECISION) || s->placement == OLI_PLACE_DEFAULT;
  bool none = OLI_HAS(s, OLI_F_COUNT) && s->count == 0;
  switch (l->left_out) {
  case OLI_LEFT_SMALL: return dflt;
  case OLI_LEFT_UNUSED: return none || (dflt && !OLI_HAS(s, OLI_F_COUNT));
  }
  return 0;
}

/* Site s of document d, with no partner on the other side, is a report's
 * site whose objects were all below the run's OLI_MIN_SIZE and got the
 * default policy: nothing was placed, so its coming or going is no change
 * of placement (a new 72-byte std::map node must not fail a CI gate). */
static int small_unplaced(const oli_doc_t *d, const oli_doc_site_t *s) {
  if (d->kind != OLI_DOC_REPORT || !d->report.options.min_size) return 0;
  bool dflt = !OLI_HAS(s, OLI_F_DECISION) || s->placement == OLI_PLACE_DEFAULT;
  return dflt && OLI_HAS(s, OLI_F_COUNT) && s->largest < d->report.options.min_size;
}

/* Site s of plan d, with no partner on the other side, has a twin that has
 * one: another entry of d at its source location (file by path suffix,
 * function, line in the function) with the same decision. `oli plan
 * --preload-sites` writes each planned site once more under the ID of each
 * call-stack site of a preload run there: a preload run's report pairs those
 * copies, a plugin build's the plugin's entry, and the other is the same
 * decision for the other kind of build, not a site gone or new. */
static int twin_paired(const oli_doc_t *d, const oli_doc_site_t *s, const char *paired) {
  if (d->kind != OLI_DOC_PLAN || !OLI_HAS(s, OLI_F_REL) || !s->function[0] || OLI_HAS(s, OLI_F_WHY)) return 0;
  for (size_t k = 0; k < d->nsites; k++) {
    const oli_doc_site_t *t = &d->sites[k];
    if (t != s && paired[k] && OLI_HAS(t, OLI_F_REL) && !OLI_HAS(t, OLI_F_WHY) && t->rel == s->rel &&
        strcmp(t->function, s->function) == 0 && oli_text_same_file(t->file, s->file) &&
        oli_doc_same_placement(t, s))
      return 1;
  }
  return 0;
}

/* A side of a change as the table shows it: the decision, or why the plan
 * left the site out. */
static const char *side_words(const oli_doc_site_t *s, char *buf, size_t n) {
  if (s == NULL) return "(none)";
  if (OLI_HAS(s, OLI_F_WHY)) {
    snprintf(buf, n, "(left out: %s)", oli_left_out_name(s->left_out));
    return buf;
  }
  return oli_doc_site_placement(s, buf, n);
}

static void json_side(oli_jw_t *w, const char *key, const oli_doc_t *d, const oli_doc_site_t *s) {
  if (s == NULL) {
    oli_jw_null(w, key);
    return;
  }
  char r[40];
  oli_jw_object(w, key, OLI_JW_INLINE);
  if (OLI_HAS(s, OLI_F_WHY)) { /* a plan's left-out site */
    oli_jw_null(w, "decision");
    oli_jw_null(w, "ratio");
    oli_jw_str(w, "left_out", oli_left_out_name(s->left_out));
    oli_jw_u64(w, "bytes", s->largest);
    oli_jw_end(w);
    return;
  }
  oli_jw_str(w, "decision", oli_placement_name(s->placement));
  if (s->placement == OLI_PLACE_INTERLEAVE) oli_jw_str(w, "ratio", oli_format_ratio(s->weight, r, sizeof r));
  else oli_jw_null(w, "ratio");
  oli_jw_u64(w, "bytes", site_bytes(d, s));
  oli_jw_end(w);
}

/* --as-planned: each report site the run placed otherwise than its plan
 * ("planned": the machine had no CXL node, a DRAM budget held) as the plan
 * said; the number of them. */
static size_t take_planned(oli_doc_t *d) {
  size_t n = 0;
  if (d->kind != OLI_DOC_REPORT) return 0;
  for (size_t i = 0; i < d->nsites; i++) {
    oli_doc_site_t *s = &d->sites[i];
    if (!OLI_HAS(s, OLI_F_PLANNED)) continue;
    s->placement = s->planned;
    if (s->planned_weight[OLI_TIER_DRAM] + s->planned_weight[OLI_TIER_CXL] + s->planned_weight[OLI_TIER_REMOTE])
      memcpy(s->weight, s->planned_weight, sizeof s->weight);
    n++;
  }
  return n;
}

int cli_diff_main(int argc, char **argv) {
  static const struct option opts[] = {
      {"json", no_argument, NULL, 'j'},
      {"moved-only", no_argument, NULL, 'm'},
      {"ids-only", no_argument, NULL, 'i'},
      {"as-planned", no_argument, NULL, 'p'},
      {"help", no_argument, NULL, 'h'},
      {NULL, 0, NULL, 0},
  };
  int json = 0, moved_only = 0, ids_only = 0, as_planned = 0, c;
  oli_jw_t w;
  optind = 1;
  while ((c = cli_getopt("diff", argc, argv, "jmiph", opts)) != -1) {
    switch (c) {
    case 'j': json = 1; break;
    case 'p': as_planned = 1; break;
    case 'm': moved_only = 1; break;
    case 'i': ids_only = 1; break;
    case 'h': usage(stdout); return OLI_EXIT_OK;
    default: return OLI_EXIT_BAD; /* cli_getopt said why */
    }
  }
  if (argc - optind != 2) {
    cli_error("diff: expected OLD and NEW, got %s; try 'oli diff --help'", cli_arguments(argc - optind));
    return OLI_EXIT_BAD;
  }
  oli_doc_t a, b;
  if (cli_doc_load_in("diff: OLD", argv[optind], OLI_DOC_REPORT | OLI_DOC_PLAN, &a) != 0) return OLI_EXIT_BAD;
  if (cli_doc_load_in("diff: NEW", argv[optind + 1], OLI_DOC_REPORT | OLI_DOC_PLAN, &b) != 0) {
    oli_doc_free(&a);
    return OLI_EXIT_BAD;
  }
  if (a.kind == OLI_DOC_REPORT && b.kind == OLI_DOC_PLAN)
    cli_warning("diff: OLD %s is a report and NEW %s a plan: a CI gate (did the run follow the plan?) is "
                "'oli diff PLAN REPORT'", cli_shown(a.path), cli_shown(b.path));
  size_t compared = 0, moved = 0, added = 0, gone = 0, rematched = 0, kept_out = 0, small = 0, twins = 0;
  size_t degraded = as_planned ? take_planned(&a) + take_planned(&b) : 0;

  /* pair NEW's sites with OLD's: by ID, then (unless --ids-only) by source location */
  long *pair = malloc((b.nsites ? b.nsites : 1) * sizeof *pair);  /* NEW i -> OLD j or -1 */
  char *old_used = calloc(a.nsites ? a.nsites : 1, 1);
  char *by_loc = calloc(b.nsites ? b.nsites : 1, 1);
  long *by_id = malloc((b.nsites ? b.nsites : 1) * sizeof *by_id); /* an ID whose names differ: the last resort */
  if (!pair || !old_used || !by_loc || !by_id) {
    cli_error("diff: out of memory");
    free(pair), free(old_used), free(by_loc), free(by_id);
    oli_doc_free(&a), oli_doc_free(&b);
    return OLI_EXIT_BAD;
  }
  for (size_t i = 0; i < b.nsites; i++) {
    pair[i] = by_id[i] = oli_doc_find(&a, b.sites[i].id);
    if (pair[i] >= 0 && !ids_only && oli_rematch_names_differ(a.sites[pair[i]].name, b.sites[i].name)) pair[i] = -1;
    if (pair[i] >= 0) old_used[pair[i]] = 1;
  }
  if (!ids_only) rematch(&a, &b, pair, old_used, by_loc);
  for (size_t i = 0; i < b.nsites; i++) /* renamed in place: the ID's, when location paired neither */
    if (pair[i] < 0 && by_id[i] >= 0 && !old_used[by_id[i]]) pair[i] = by_id[i], old_used[by_id[i]] = 1;
  free(by_id);
  char *new_used = calloc(b.nsites ? b.nsites : 1, 1);
  for (size_t i = 0; i < b.nsites; i++) new_used[i] = pair[i] >= 0;
  if (json) {
    oli_jw_init(&w, stdout);
    oli_jw_object(&w, NULL, OLI_JW_LINES);
    oli_jw_str(&w, "schema", "oli-diff");
    oli_jw_u64(&w, "version", 1);
    oli_jw_str(&w, "old", a.path);
    oli_jw_str(&w, "new", b.path);
    oli_jw_array(&w, "changes", OLI_JW_LINES);
  }
  /* NEW in its order, then OLD's sites that are gone */
  for (size_t k = 0; k < b.nsites + a.nsites; k++) {
    const oli_doc_site_t *olds, *news;
    const char *what;
    int loc_pair = 0;
    if (k < b.nsites) {
      news = &b.sites[k];
      olds = pair[k] >= 0 ? &a.sites[pair[k]] : NULL;
      loc_pair = by_loc[k];
      if (olds) {
        compared++;
        rematched += (size_t)loc_pair;
        if (oli_doc_same_placement(olds, news)) {
          if (!loc_pair) continue;
          what = "same";
        } else {
          moved++;
          what = "moved";
        }
      } else if ((olds = left_match(&a, news, ids_only)) != NULL) { /* OLD, a plan, left it out */
        if (left_agrees(olds, &b, news)) {
          kept_out++;
          continue;
        }
        moved++;
        what = "moved";
      } else if (small_unplaced(&b, news)) {
        small++;
        continue;
      } else if (twin_paired(&b, news, new_used)) {
        twins++;
        continue;
      } else {
        added++;
        what = "new";
      }
    } else {
      if (old_used[k - b.nsites]) continue;
      olds = &a.sites[k - b.nsites];
      if ((news = left_match(&b, olds, ids_only)) != NULL) { /* NEW, a plan, left it out */
        if (left_agrees(news, &a, olds)) {
          kept_out++;
          continue;
        }
        moved++;
        what = "moved";
      } else if (small_unplaced(&a, olds)) {
        small++;
        continue;
      } else if (twin_paired(&a, olds, old_used)) {
        twins++;
        continue;
      } else {
        gone++;
        what = "gone";
      }
    }
    if (moved_only && strcmp(what, "moved") != 0) continue; /* --moved-only: only the moves are listed */
    const oli_doc_site_t *desc = news ? news : olds;
    char loc[256], p1[64], p2[64], from[64] = "";
    cli_where(desc, loc, sizeof loc);
    if (loc_pair) snprintf(from, sizeof from, " (re-matched by location, old ID 0x%016" PRIx64 ")", olds->id);
    if (json) {
      char id[OLI_SITE_ID_LEN];
      oli_jw_object(&w, NULL, OLI_JW_INLINE);
      oli_jw_str(&w, "id", oli_format_site_id(desc->id, id));
      oli_jw_str(&w, "change", !strcmp(what, "same") ? "rematched" : what);
      if (loc_pair) oli_jw_str(&w, "old_id", oli_format_site_id(olds->id, id));
      oli_jw_str(&w, "file", desc->file);
      oli_jw_u64(&w, "line", desc->line);
      oli_jw_str(&w, "function", desc->function);
      oli_jw_str(&w, "name", desc->name);
      json_side(&w, "old", &a, olds);
      json_side(&w, "new", &b, news);
      oli_jw_end(&w);
    } else {
      uint64_t ob = olds ? site_bytes(&a, olds) : 0, nb = news ? site_bytes(&b, news) : 0;
      char bytes[64];
      if (olds && news && ob != nb)
        snprintf(bytes, sizeof bytes, "%" PRIu64 " -> %" PRIu64 " bytes", ob, nb);
      else snprintf(bytes, sizeof bytes, "%" PRIu64 " bytes", news ? nb : ob);
      printf("%-5s  0x%016" PRIx64 "  %s %s  %s  %s -> %s  %s%s\n", what, desc->id, loc,
             desc->function[0] ? cli_shown(desc->function) : "?", desc->name[0] ? cli_shown(desc->name) : "-",
             side_words(olds, p1, sizeof p1), side_words(news, p2, sizeof p2), bytes, from);
    }
  }
  free(pair);
  free(old_used);
  free(new_used);
  free(by_loc);
  int changed = moved > 0 || (!moved_only && (added > 0 || gone > 0));
  if (json) {
    oli_jw_end(&w);
    oli_jw_object(&w, "summary", OLI_JW_INLINE);
    oli_jw_u64(&w, "compared", compared);
    oli_jw_u64(&w, "rematched", rematched);
    oli_jw_u64(&w, "moved", moved);
    oli_jw_u64(&w, "new", added);
    oli_jw_u64(&w, "gone", gone);
    oli_jw_u64(&w, "left_out", kept_out);
    oli_jw_u64(&w, "small", small);
    oli_jw_u64(&w, "twins", twins);
    if (as_planned) oli_jw_u64(&w, "as_planned", degraded);
    oli_jw_bool(&w, "changed", changed);
    oli_jw_end(&w);
    oli_jw_end(&w);
    if (oli_jw_finish(&w) != 0) cli_stdout_failed(errno); /* main's cli_close_stdout: one line */
  } else {
    char kept[400] = "";
    size_t k = 0;
    if (kept_out)
      k += (size_t)snprintf(kept, sizeof kept, "; %zu left out by the plan, as the run agrees", kept_out);
    if (small && k < sizeof kept)
      k += (size_t)snprintf(kept + k, sizeof kept - k,
                            "; %zu small site%s new or gone (below the run's OLI_MIN_SIZE, never placed)", small,
                            small == 1 ? "" : "s");
    if (twins && k < sizeof kept)
      k += (size_t)snprintf(kept + k, sizeof kept - k, "; %zu plan entr%s for the other kind of build "
                            "(--preload-sites) at a location that matched", twins, twins == 1 ? "y" : "ies");
    if (degraded && k < sizeof kept)
      snprintf(kept + k, sizeof kept - k, "; %zu placed otherwise by the run, taken as planned (--as-planned)",
               degraded);
    printf("%zu site%s in both (%zu re-matched by location): %zu moved; %zu new, %zu gone%s%s\n", compared,
           compared == 1 ? "" : "s", rematched, moved, added, gone,
           moved_only ? " (not counted, not listed: --moved-only)" : "", kept);
  }
  oli_doc_free(&a);
  oli_doc_free(&b);
  return changed ? OLI_EXIT_CHANGED : OLI_EXIT_OK;
}
