/* common/rematch.h - pairing sites whose IDs changed by their source location.
 *
 * A site's ID is made of its file, function, line offset and column: an edit
 * inside a function changes the IDs below it. `oli diff` (two reports or plans)
 * and the runtime (a plan's entries against the sites a run registers) pair
 * such sites with the same rules, so the CI gate and the run agree on which
 * old entry a new site took (docs/cli.md, "Re-matching"). */
#ifndef OLI_COMMON_REMATCH_H
#define OLI_COMMON_REMATCH_H

#include <stddef.h>
#include <stdint.h>

typedef struct oli_loc_s {
  const char *file, *function, *kind, *name; /* "" when unknown; never NULL */
  int64_t pos;                               /* line offset (rel), else line; -1: none */
  long index;                                /* the caller's index of the site */
  int paired;                                /* scratch (pair[] says what paired) */
} oli_loc_t;

/* Pairs sites of `nw` with sites of `old`, neither paired by ID, each at most
 * once, and sets pair[nw[k].index] = old[j].index for each pair (pair[] is
 * the caller's, indexed like its new sites; other slots are left alone).
 * Both arrays are sorted in place. A new and an old site *fit* when they are
 * in one file (by path suffix, oli_text_same_file: an absolute DWARF path
 * against a root-relative one) and their kinds and names may be one (equal,
 * or "" on one side). Phase 1, within one file, function, kind and name:
 *   rule 0: at one line offset, an old and a new site that fit only each
 *           other pair;
 *   rule 1: a named key with one site left on each side pairs them (the
 *           object's line offset moved).
 * Phase 2, among the sites left, at one file, function and offset: rule 0
 * again, so a kind or a name one side does not know (a hand-written plan, a
 * site DWARF could not name) matches any. Two new sites that fit an old one
 * (or two old that fit a new one) take none: which one is meant cannot be
 * told; neither do more than 64 sites at one place. Sites without a file or
 * a function, or without an offset (pos < 0: rule 1 only), do not pair
 * otherwise. Returns the pairs made. */
size_t oli_rematch(oli_loc_t *old, size_t no, oli_loc_t *nw, size_t nn, long *pair);

/* One ID, two objects: both sites are named, differently. An edit above two
 * allocations of one kind at one column moves the lower's ID onto the upper
 * (`table` takes the line, and the ID, `small` had): such a pair is not
 * paired by ID but re-matched by location (oli_rematch), and takes the ID's
 * entry only when that pairs neither (a variable renamed in place).
 * NULL or "" is a name not known, which never differs. */
int oli_rematch_names_differ(const char *a, const char *b);

#endif /* OLI_COMMON_REMATCH_H */
