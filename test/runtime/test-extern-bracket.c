/* test-extern-bracket: a bracket of another file's function that may be an
 * allocation wrapper (record flag EXTERN, pass/OliTagSites.cpp externCalls)
 * takes only the allocations whose records are flagged RETURNED (what a
 * wrapper of the callee's file returns); any other allocation keeps its own
 * site, an allocation of code not built with the plugin is untagged, and a
 * bracket inside that is not RETURNED (the callee was no wrapper and calls
 * one of its own file) takes the EXTERN one's place until it leaves. A record
 * flagged MEMBER (an array a struct constructor stores into the struct it
 * returns) keeps its own site inside any bracket. */
#include <stdlib.h>

#include "internal.h"
#include "sitehelper.h"
#include "testhelper.h"

#define MiB (1024ull * 1024)

static void *volatile keep; /* malloc/free pairs the compiler may not delete */
static void plain(size_t n) {
  keep = malloc(n);
  free(keep);
}

static uint64_t count_of(__oli_site_t *s) {
  uint64_t c = 0;
  _oli_site_totals(_oli_site_state(s), &c, NULL, NULL);
  return c;
}

int main(void) {
  __oli_site_t *ext = test_site(0x11, OLI_KIND_WRAPPER, 0, "u");   /* main.c: u = xmalloc(n) */
  __oli_site_t *ret = test_site(0x12, OLI_KIND_MALLOC, 0, "p");    /* util.c: xmalloc's malloc */
  __oli_site_t *own = test_site(0x13, OLI_KIND_MALLOC, 0, "tmp");  /* work.c: a scratch buffer */
  __oli_site_t *inner = test_site(0x14, OLI_KIND_WRAPPER, 0, "g"); /* work.c: a call of its own file's wrapper */
  ext->flags |= OLI_SITE_F_EXTERN;
  ret->flags |= OLI_SITE_F_RETURNED;
  __oli_site_t *prev = __oli_site_enter(ext);
  CHECK("an EXTERN bracket is current", prev == NULL);
  free(__oli_malloc(2 * MiB, ret));
  CHECK_EQ("a RETURNED allocation: the bracket's", count_of(ext), 1);
  CHECK_EQ("... not its own record's", count_of(ret), 0);
  free(__oli_malloc(2 * MiB, own));
  CHECK_EQ("any other allocation: its own site", count_of(own), 1);
  CHECK_EQ("... not the bracket's", count_of(ext), 1);
  uint64_t untagged = 0;
  _oli_site_totals(_oli_site_at(0), &untagged, NULL, NULL);
  plain(2 * MiB); /* code not built with the plugin */
  uint64_t after = 0;
  _oli_site_totals(_oli_site_at(0), &after, NULL, NULL);
  CHECK("code not built with the plugin: untagged, not the bracket's", after == untagged + 1 && count_of(ext) == 1);
  __oli_site_t *p2 = __oli_site_enter(inner); /* the callee was no wrapper: its own file's bracket */
  CHECK("an inner bracket that is not RETURNED takes the EXTERN one's place", p2 == ext);
  free(__oli_malloc(2 * MiB, ret));
  CHECK_EQ("... and its objects", count_of(inner), 1);
  __oli_site_leave(p2);
  __oli_site_t *rb = test_site(0x15, OLI_KIND_WRAPPER, 0, "q"); /* a wrapper's call of another wrapper */
  rb->flags |= OLI_SITE_F_RETURNED;
  __oli_site_t *p3 = __oli_site_enter(rb);
  free(__oli_malloc(2 * MiB, ret));
  CHECK("a RETURNED inner bracket leaves the EXTERN one current", count_of(ext) == 2 && count_of(rb) == 0);
  __oli_site_leave(p3);
  __oli_site_leave(prev);
  free(__oli_malloc(2 * MiB, ret));
  CHECK_EQ("outside the bracket: the record's own", count_of(ret), 1);

  /* an ordinary bracket is unchanged: it takes every allocation inside it */
  __oli_site_t *wrap = test_site(0x16, OLI_KIND_WRAPPER, 0, "w");
  prev = __oli_site_enter(wrap);
  free(__oli_malloc(2 * MiB, own));
  plain(2 * MiB);
  __oli_site_leave(prev);
  CHECK_EQ("an ordinary bracket: both", count_of(wrap), 2);

  /* a member of the wrapper's object (a struct constructor's arrays, record
   * flag MEMBER) keeps its own site inside an ordinary bracket, and so do
   * the objects inside a bracketed call flagged MEMBER */
  __oli_site_t *mem = test_site(0x17, OLI_KIND_MALLOC, 0, "g->u");
  mem->flags |= OLI_SITE_F_MEMBER;
  __oli_site_t *memcall = test_site(0x18, OLI_KIND_WRAPPER, 0, "g->v"); /* g->v = xmalloc(n) */
  memcall->flags |= OLI_SITE_F_MEMBER;
  prev = __oli_site_enter(wrap);
  free(__oli_malloc(2 * MiB, mem));
  CHECK_EQ("a MEMBER allocation in a bracket: its own site", count_of(mem), 1);
  CHECK_EQ("... not the bracket's", count_of(wrap), 2);
  __oli_site_t *p4 = __oli_site_enter(memcall);
  CHECK("a MEMBER bracket inside takes the outer one's place", p4 == wrap);
  free(__oli_malloc(2 * MiB, own));
  __oli_site_leave(p4);
  CHECK_EQ("... and its objects", count_of(memcall), 1);
  free(__oli_malloc(2 * MiB, own));
  __oli_site_leave(prev);
  CHECK_EQ("the outer bracket again after it leaves", count_of(wrap), 3);
  return TEST_SUMMARY();
}
