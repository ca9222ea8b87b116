/* runtime/objects/summary.c - the linked files' access summaries, for the join of
 * each site's static estimate (common/summary.h, docs/static-intensity.md
 * "Across modules"). Every module constructor passes its linked file's whole
 * oli_summary section before registering its records; the section is kept
 * by reference (it lives as long as the file) and dropped with the file's
 * records (__oli_fini). No allocation. The entry point is api.c's. */
#include "internal.h"

#include "summary.h"

#include <pthread.h>

#define MAX_FILES 64 /* linked files (the program, its plugin-built libraries) with summaries */

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
__attribute__((constructor)) static void guard_lock(void) { _oli_fork_guard(&lock, NULL); }
static const void *owner[MAX_FILES]; /* the file's oli_sites start: its identity */
static oli_summary_buf_t bufs[MAX_FILES];
static size_t nfiles;

void _oli_summary_register(const __oli_site_t *sites, const void *start, const void *stop) {
  if (!sites || !start || !stop || stop <= start) return;
  char why[160];
  if (oli_summary_check(start, stop, why, sizeof why) != 0) {
    _oli_warning_message(W_PLAN, "access summaries at %p unusable, estimates of this file are its modules' own: %s",
                         start, why);
    return;
  }
  pthread_mutex_lock(&lock);
  size_t i = 0;
  while (i < nfiles && owner[i] != sites) i++;
  if (i == nfiles && nfiles < MAX_FILES) {
    owner[i] = sites;
    bufs[i].start = start;
    bufs[i].len = (size_t)((const unsigned char *)stop - (const unsigned char *)start);
    nfiles++;
  }
  pthread_mutex_unlock(&lock);
}

void _oli_summary_join(const __oli_site_t *s, __oli_site_static_t *est) {
  if (!(est->flags & OLI_STATIC_F_KEYED)) return;
  __oli_site_static_t joined;
  pthread_mutex_lock(&lock);
  oli_summary_join(bufs, nfiles, s->id, (s->flags & OLI_SITE_F_SIZE_KNOWN) ? s->size_hint : 0, est, &joined);
  pthread_mutex_unlock(&lock);
  *est = joined;
}

void _oli_summary_forget(const __oli_site_t *sites) {
  pthread_mutex_lock(&lock);
  for (size_t i = 0; i < nfiles; i++)
    if (owner[i] == sites) {
      owner[i] = owner[nfiles - 1];
      bufs[i] = bufs[nfiles - 1];
      nfiles--;
      break;
    }
  pthread_mutex_unlock(&lock);
}
