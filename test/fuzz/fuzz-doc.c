/* fuzz-doc.c - libFuzzer target for the one document reader (common/doc.c:
 * oli_doc_parse), which validates every report, plan and profile that the
 * CLI (`oli report`, `oli diff`, `oli plan`, `oli profile merge`), the
 * runtime (OLI_PLAN, embedded plans) and the pass (plan=FILE) read.
 *
 * Input: a document's bytes, parsed accepting all three kinds. On success
 * every site is looked up by id, formatted, and written back through the
 * writer (common/doc_read.c, doc_write.c, json_read.c, json_write.c); what the writer writes must read back as the
 * same document: same kind, same sites, same decisions, the same sites left
 * out (a plan's left_out[]) with the same why. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "doc.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  oli_doc_t d, back;
  char msg[512];
  unsigned all = OLI_DOC_REPORT | OLI_DOC_PLAN | OLI_DOC_PROFILE;
  if (oli_doc_parse((const char *)data, size, all, NULL, &d, msg, sizeof msg) != 0) {
    if (strchr(msg, '\n')) abort(); /* messages are one line */
    return 0;
  }
  char buf[64];
  for (size_t i = 0; i < d.nsites; i++) {
    const oli_doc_site_t *s = &d.sites[i];
    if (!s->kind || !s->file || !s->function || !s->name || !s->reason) abort(); /* never NULL */
    long k = oli_doc_find(&d, s->id);
    if (k < 0 || d.sites[k].id != s->id) abort();
    oli_doc_site_placement(s, buf, sizeof buf);
    oli_doc_site_placement(s, buf, 2);
  }
  for (size_t i = 0; i < d.nleft; i++) { /* a plan's left-out sites: found, never also planned */
    const oli_doc_site_t *s = &d.left[i];
    if (!s->kind || !s->file || !s->function || !s->name) abort();
    long k = oli_doc_find_left(&d, s->id);
    if (k < 0 || d.left[k].id != s->id || oli_doc_find(&d, s->id) >= 0) abort();
  }
  /* write it back (the sites and the header members every kind has) and re-read */
  char *out = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&out, &len);
  if (!f) abort();
  oli_jw_t w;
  oli_jw_init(&w, f);
  oli_doc_write_begin(&w, d.kind, d.program);
  if (d.kind == OLI_DOC_PROFILE) oli_jw_u64(&w, "footprint_peak", d.footprint_peak);
  if (d.kind == OLI_DOC_REPORT) oli_doc_write_report_head(&w, &d.report); /* the report's tables */
  oli_jw_array(&w, "sites", OLI_JW_LINES);
  for (size_t i = 0; i < d.nsites; i++) oli_doc_write_site(&w, d.kind, &d.sites[i]);
  oli_jw_end(&w);
  if (d.kind == OLI_DOC_REPORT && d.summary.present) oli_doc_write_summary(&w, &d.summary);
  if (d.nleft) {
    oli_jw_array(&w, "left_out", OLI_JW_LINES);
    for (size_t i = 0; i < d.nleft; i++) oli_doc_write_left_out(&w, &d.left[i]);
    oli_jw_end(&w);
  }
  oli_jw_end(&w);
  if (oli_jw_finish(&w) != 0) abort();
  fclose(f);
  if (oli_doc_parse(out, len, all, NULL, &back, msg, sizeof msg) != 0) {
    fprintf(stderr, "written document does not read back: %s\n%s", msg, out);
    abort();
  }
  if (back.kind != d.kind || back.nsites != d.nsites || back.nleft != d.nleft) abort();
  for (size_t i = 0; i < d.nleft; i++)
    if (d.left[i].id != back.left[i].id || d.left[i].left_out != back.left[i].left_out ||
        strcmp(d.left[i].file, back.left[i].file))
      abort();
  for (size_t i = 0; i < d.nsites; i++) {
    const oli_doc_site_t *a = &d.sites[i], *b = &back.sites[i];
    if (a->id != b->id || strcmp(a->file, b->file) || strcmp(a->name, b->name) ||
        (d.kind != OLI_DOC_PROFILE && !oli_doc_same_placement(a, b)) || a->count != b->count ||
        a->nredecisions != b->nredecisions || a->nframes != b->nframes ||
        a->accesses != b->accesses)
      abort();
  }
  oli_doc_free(&back);
  free(out);
  oli_doc_free(&d);
  return 0;
}
