/* common/outfile.h - the one way oli writes a file: the runtime's reports and
 * profiles, `oli plan -o`, `oli profile merge` (docs/reliability.md, "Threat
 * model").
 *
 *   oli_outfile_t o;
 *   char why[256];
 *   if (oli_outfile_open(&o, "r.json", OLI_DOC_MAX_BYTES, why, sizeof why) != 0) ... why
 *   fprintf(o.f, ...);
 *   if (oli_outfile_commit(&o, why, sizeof why) != 0) ... why (nothing was replaced)
 *
 * The name is looked up one component at a time from the current (or root)
 * directory through descriptors opened O_PATH|O_NOFOLLOW, like the kernel
 * does, and a symlink anywhere in it - the directory part too - is followed
 * only when it belongs to the caller (effective uid) or to root; so a link
 * planted by another user in a shared directory never redirects the write,
 * and nothing swapped in after the lookup does: the temporary and the rename
 * are relative to the directory's descriptor.
 * A new name or a regular file: the data goes to a temporary NAME.tmp.PID.XXXX
 * created beside it with O_CREAT|O_EXCL|O_NOFOLLOW (never through a planted
 * symlink, never over an existing file), is fsync'ed and renamed over NAME, so
 * readers see the old file or the complete new one; a file being replaced
 * keeps its permission bits when it is the caller's own, else the new one gets
 * 0666 less the umask (and always the caller as owner). An existing device,
 * FIFO or socket is written in place (a FIFO only when it is the caller's or
 * root's and a reader has it open: no hang), never replaced by a regular file,
 * and every write is checked. errno is set on failure and `why` holds one
 * line (no file name). No malloc except stdio's buffer. */
#ifndef OLI_COMMON_OUTFILE_H
#define OLI_COMMON_OUTFILE_H

#include <stdint.h>
#include <stdio.h>

typedef struct oli_outfile_s {
  FILE *f;            /* write here */
  int in_place;       /* the destination itself (device, FIFO): no temporary */
  int dirfd;          /* the directory the data ends up in (O_PATH; -1 when closed) */
  uint64_t max_bytes; /* commit refuses more (0: no limit) */
  char name[256];     /* the last component in dirfd (symlinks resolved) */
  char tmp[320];      /* the temporary in dirfd ("" when in place) */
} oli_outfile_t;

/* 0 ok (o->f open); -1 with errno and why. max_bytes: see commit. */
int oli_outfile_open(oli_outfile_t *o, const char *name, uint64_t max_bytes, char *why, size_t n);
/* Flush, check every write, refuse more than max_bytes (EFBIG: what oli
 * would not read back), fsync, rename. 0 ok; -1 with errno and why, the
 * temporary removed and the destination as it was. Closes o->f either way. */
int oli_outfile_commit(oli_outfile_t *o, char *why, size_t n);
/* Give up: close, remove the temporary. */
void oli_outfile_abort(oli_outfile_t *o);

#endif
