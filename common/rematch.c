/* common/rematch.c - see rematch.h. */
#include "rematch.h"

#include <stdlib.h>
#include <string.h>

#include "text.h"

/* Where a site is: its file by base name (every spelling of one path shares
 * it; the whole path is compared when pairing), function, offset. */
static int cmp_place(const oli_loc_t *x, const oli_loc_t *y) {
  int c;
  if ((c = strcmp(oli_text_base_name(x->file), oli_text_base_name(y->file))) || (c = strcmp(x->function, y->function)))
    return c;
  return x->pos < y->pos ? -1 : x->pos > y->pos;
}

/* Phase 1's key: the place's file and function, kind and name. */
static int cmp_key(const oli_loc_t *x, const oli_loc_t *y) {
  int c;
  if ((c = strcmp(oli_text_base_name(x->file), oli_text_base_name(y->file))) ||
      (c = strcmp(x->function, y->function)) || (c = strcmp(x->kind, y->kind)) || (c = strcmp(x->name, y->name)))
    return c;
  return 0;
}

static int cmp_index(const oli_loc_t *x, const oli_loc_t *y) { return x->index < y->index ? -1 : x->index > y->index; }

static int cmp_phase1(const void *a, const void *b) {
  const oli_loc_t *x = a, *y = b;
  int c = cmp_key(x, y);
  if (c) return c;
  if (x->pos != y->pos) return x->pos < y->pos ? -1 : 1;
  return cmp_index(x, y);
}

/* Phase 2's order: unpaired sites first, by place. */
static int cmp_phase2(const void *a, const void *b) {
  const oli_loc_t *x = a, *y = b;
  int c;
  if (!x->paired != !y->paired) return x->paired ? 1 : -1;
  if ((c = cmp_place(x, y))) return c;
  return cmp_index(x, y);
}

/* Kinds or names that may be one: equal, or one side does not know it. */
static int may_be(const char *a, const char *b) { return !a[0] || !b[0] || strcmp(a, b) == 0; }

/* Kinds a compiler turns into each other: a malloc whose memory is then
 * zeroed is a calloc to gcc -O2 (one build's malloc site, another's calloc). */
static int one_family(const char *a, const char *b) {
  int am = !strcmp(a, "malloc") || !strcmp(a, "calloc"), bm = !strcmp(b, "malloc") || !strcmp(b, "calloc");
  return am && bm;
}

/* Old o and new n can be one site: the same file (by path suffix), a kind
 * and a name that may be one (phase 1's keys make them equal); with family,
 * kinds of one family too (phase 3). */
static int fits(const oli_loc_t *o, const oli_loc_t *n, int family) {
  return !o->paired && !n->paired && (may_be(o->kind, n->kind) || (family && one_family(o->kind, n->kind))) &&
         may_be(o->name, n->name) && oli_text_same_file(o->file, n->file);
}

static int locatable(const oli_loc_t *s) { return s->file[0] && s->function[0]; }

#define RUN_MAX 64 /* more sites than this at one place: none pairs */

/* One run of old and new sites at one place: each pair that fits only each
 * other pairs (counted before any pairs: the order does not matter). */
static size_t pair_run(oli_loc_t *o, size_t no, oli_loc_t *n, size_t nn, long *pair, int family) {
  if (no == 0 || nn == 0 || no > RUN_MAX || nn > RUN_MAX || o[0].pos < 0) return 0;
  unsigned char co[RUN_MAX] = {0}, cn[RUN_MAX] = {0};
  long mo[RUN_MAX];
  for (size_t x = 0; x < no; x++)
    for (size_t y = 0; y < nn; y++)
      if (fits(&o[x], &n[y], family)) co[x]++, cn[y]++, mo[x] = (long)y;
  size_t made = 0;
  for (size_t x = 0; x < no; x++)
    if (co[x] == 1 && cn[mo[x]] == 1) {
      oli_loc_t *m = &n[mo[x]];
      pair[m->index] = o[x].index;
      o[x].paired = m->paired = 1;
      made++;
    }
  return made;
}

/* Phase 1 within one key: rule 0, then rule 1. */
static size_t pair_key(oli_loc_t *o, size_t no, oli_loc_t *n, size_t nn, long *pair) {
  size_t made = 0, x = 0, y = 0;
  while (x < no && y < nn) { /* rule 0: runs of one offset */
    if (o[x].pos < n[y].pos) { x++; continue; }
    if (o[x].pos > n[y].pos) { y++; continue; }
    size_t xe = x, ye = y;
    while (xe < no && o[xe].pos == o[x].pos) xe++;
    while (ye < nn && n[ye].pos == n[y].pos) ye++;
    made += pair_run(o + x, xe - x, n + y, ye - y, pair, 0);
    x = xe, y = ye;
  }
  if (!o[0].name[0]) return made;
  oli_loc_t *lo = NULL, *ln = NULL; /* rule 1: one named site left on each side */
  size_t left_o = 0, left_n = 0;
  for (x = 0; x < no; x++)
    if (!o[x].paired) left_o++, lo = &o[x];
  for (y = 0; y < nn; y++)
    if (!n[y].paired) left_n++, ln = &n[y];
  if (left_o == 1 && left_n == 1 && fits(lo, ln, 0)) {
    pair[ln->index] = lo->index;
    lo->paired = ln->paired = 1;
    made++;
  }
  return made;
}

int oli_rematch_names_differ(const char *a, const char *b) { return a && b && a[0] && b[0] && strcmp(a, b) != 0; }

size_t oli_rematch(oli_loc_t *old, size_t no, oli_loc_t *nw, size_t nn, long *pair) {
  size_t made = 0, oi = 0, ni = 0;
  for (size_t k = 0; k < no; k++) old[k].paired = locatable(&old[k]) ? 0 : 2; /* 2: never pairs */
  for (size_t k = 0; k < nn; k++) nw[k].paired = locatable(&nw[k]) ? 0 : 2;
  /* phase 1: same file, function, kind and name */
  qsort(old, no, sizeof *old, cmp_phase1);
  qsort(nw, nn, sizeof *nw, cmp_phase1);
  while (oi < no && ni < nn) {
    int c = cmp_key(&old[oi], &nw[ni]);
    if (c < 0) { oi++; continue; }
    if (c > 0) { ni++; continue; }
    size_t oe = oi, ne = ni;
    while (oe < no && cmp_key(&old[oe], &old[oi]) == 0) oe++;
    while (ne < nn && cmp_key(&nw[ne], &nw[ni]) == 0) ne++;
    if (locatable(&old[oi])) made += pair_key(old + oi, oe - oi, nw + ni, ne - ni, pair);
    oi = oe, ni = ne;
  }
  /* phase 2: a kind or name one side does not know (a hand-written plan, a
   * site DWARF could not name): one unpaired site on each side at one place;
   * phase 3: the same for kinds of one family (one build's malloc, another's
   * calloc), once no exact kind is left to pair */
  for (int family = 0; family < 2; family++) {
    qsort(old, no, sizeof *old, cmp_phase2);
    qsort(nw, nn, sizeof *nw, cmp_phase2);
    oi = ni = 0;
    while (oi < no && ni < nn && !old[oi].paired && !nw[ni].paired) {
      int c = cmp_place(&old[oi], &nw[ni]);
      if (c < 0) { oi++; continue; }
      if (c > 0) { ni++; continue; }
      size_t oe = oi, ne = ni;
      while (oe < no && !old[oe].paired && cmp_place(&old[oe], &old[oi]) == 0) oe++;
      while (ne < nn && !nw[ne].paired && cmp_place(&nw[ne], &nw[ni]) == 0) ne++;
      made += pair_run(old + oi, oe - oi, nw + ni, ne - ni, pair, family);
      oi = oe, ni = ne;
    }
  }
  return made;
}
