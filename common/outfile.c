/* common/outfile.c - write a file safely (common/outfile.h says what "safely"
 * means; docs/reliability.md, "Threat model", why). */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* O_PATH */
#endif
#include "outfile.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

enum { MAX_LINKS = 40 }; /* the kernel's limit on symlinks in one lookup (ELOOP) */

static int fail(char *why, size_t n, int err, const char *what) {
  snprintf(why, n, "%s", what ? what : strerror(err));
  errno = err;
  return -1;
}

static int fail_close(int fd, char *why, size_t n, int err, const char *what) {
  if (fd >= 0) close(fd);
  return fail(why, n, err, what);
}

static uint64_t random_bits(void) {
  uint64_t r = 0;
  if (getrandom(&r, sizeof r, GRND_NONBLOCK) == (ssize_t)sizeof r) return r;
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  static unsigned counter;
  return ((uint64_t)ts.tv_nsec << 20) ^ (uint64_t)ts.tv_sec ^ ((uint64_t)++counter << 40);
}

/* The one ownership rule for what a shared directory may hold: a symlink or a
 * FIFO is used only when it belongs to the caller (effective uid) or root. */
static int trusted_owner(const struct stat *st) {
  return st->st_uid == geteuid() || st->st_uid == 0;
}

static int refuse_owner(const struct stat *st, const char *what, char *why, size_t n) {
  char line[160];
  snprintf(line, sizeof line, "%s owned by another user (uid %ld); not %s", what, (long)st->st_uid,
           S_ISLNK(st->st_mode) ? "followed" : "written");
  return fail(why, n, EPERM, line);
}

/* todo = link's target + "/" + rest (rest points into todo; "" at the end):
 * the lookup goes on there. In place: no second path buffer on the stack. */
static int put_target(char *todo, size_t cap, const char *target, const char *rest, int dir,
                      char *why, size_t n) {
  size_t tlen = strlen(target), rlen = strlen(rest);
  if (tlen + 1 + rlen + 1 > cap) return fail(why, n, ENAMETOOLONG, NULL);
  if (rlen || dir) { /* dir: "link/" names a directory, so does "target/" */
    memmove(todo + tlen + 1, rest, rlen + 1);
    todo[tlen] = '/';
  } else {
    todo[tlen] = '\0';
  }
  memcpy(todo, target, tlen);
  return 0;
}

/* Resolve name like the kernel does, one component at a time, relative to
 * directory descriptors opened O_PATH|O_NOFOLLOW, so a symlink anywhere in the
 * path (the directory part too) is seen and followed only under the ownership
 * rule, and nothing swapped in later redirects the write: the temporary and
 * the rename use o->dirfd. On success o->dirfd and o->name hold the directory
 * and the last component; *st and the return value (1 exists, 0 new) say what
 * is there now. */
static int chase(oli_outfile_t *o, const char *name, struct stat *st, char *why, size_t n) {
  char todo[PATH_MAX], target[PATH_MAX];
  if (strlen(name) >= PATH_MAX) return fail(why, n, ENAMETOOLONG, NULL);
  snprintf(todo, sizeof todo, "%s", name);
  int fd = open(todo[0] == '/' ? "/" : ".", O_PATH | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return fail(why, n, errno, NULL);
  int links = 0, last_was_link = 0;
  size_t at = 0;
  for (;;) {
    while (todo[at] == '/') at++;
    if (todo[at] == '\0') return fail_close(fd, why, n, EISDIR, NULL); /* "/", "dir/" */
    size_t len = strcspn(todo + at, "/");
    if (len > NAME_MAX) return fail_close(fd, why, n, ENAMETOOLONG, NULL);
    char comp[NAME_MAX + 1];
    memcpy(comp, todo + at, len);
    comp[len] = '\0';
    int last = todo[at + len] == '\0'; /* "dir/" names a directory: not last */
    at += len;
    int next = openat(fd, comp, O_PATH | O_NOFOLLOW | O_CLOEXEC);
    if (next < 0) {
      int e = errno;
      if (e != ENOENT || !last) return fail_close(fd, why, n, e, NULL);
      if (last_was_link) /* a dangling link would create a file where it points */
        return fail_close(fd, why, n, ENOENT, "a symlink to a missing file; not followed");
      o->dirfd = fd;
      snprintf(o->name, sizeof o->name, "%s", comp);
      return 0;
    }
    if (fstat(next, st) != 0) {
      int e = errno;
      close(next);
      return fail_close(fd, why, n, e, NULL);
    }
    if (!S_ISLNK(st->st_mode)) {
      if (last) {
        close(next);
        o->dirfd = fd;
        snprintf(o->name, sizeof o->name, "%s", comp);
        return 1;
      }
      close(fd);
      if (!S_ISDIR(st->st_mode)) return fail_close(next, why, n, ENOTDIR, NULL);
      fd = next; /* one directory further down */
      continue;
    }
    /* a symlink: the ownership rule, then its target in its place */
    if (!trusted_owner(st)) {
      close(next);
      close(fd);
      return refuse_owner(st, last ? "a symlink" : "a symlink in the directory part", why, n);
    }
    ssize_t k = ++links > MAX_LINKS ? (errno = ELOOP, -1) : readlinkat(next, "", target, sizeof target - 1);
    int e = errno;
    close(next);
    if (k <= 0) return fail_close(fd, why, n, k == 0 ? ENOENT : e, NULL);
    target[k] = '\0';
    const char *rest = todo + at;
    while (*rest == '/') rest++;
    if (put_target(todo, sizeof todo, target, rest, !last, why, n) != 0) {
      close(fd);
      return -1;
    }
    at = 0;
    if (last) last_was_link = 1; /* what follows is the link's target */
    if (todo[0] == '/') {
      close(fd);
      fd = open("/", O_PATH | O_DIRECTORY | O_CLOEXEC);
      if (fd < 0) return fail(why, n, errno, NULL);
    }
  }
}

/* The temporary beside the destination, in o->dirfd: created, never opened
 * through a symlink or over an existing file. mode: permission bits to keep
 * (-1: 0666 less the umask). */
static int open_temp(oli_outfile_t *o, int mode, char *why, size_t n) {
  for (int tries = 0; tries < 100; tries++) {
    char suffix[48];
    int sk = snprintf(suffix, sizeof suffix, ".tmp.%ld.%08llx", (long)getpid(),
                      (unsigned long long)(random_bits() & 0xffffffffull));
    /* a name near NAME_MAX keeps as much of itself as leaves room for the suffix */
    size_t keep = strlen(o->name);
    if (keep + (size_t)sk > NAME_MAX) keep = NAME_MAX - (size_t)sk;
    int k = snprintf(o->tmp, sizeof o->tmp, "%.*s%s", (int)keep, o->name, suffix);
    if (k < 0 || (size_t)k >= sizeof o->tmp) return fail(why, n, ENAMETOOLONG, NULL);
    int fd = openat(o->dirfd, o->tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
    if (fd >= 0) {
      if (mode >= 0) (void)fchmod(fd, (mode_t)mode);
      return fd;
    }
    if (errno != EEXIST) {
      int e = errno;
      o->tmp[0] = '\0';
      return fail(why, n, e, NULL);
    }
  }
  o->tmp[0] = '\0';
  return fail(why, n, EEXIST, "no unused temporary name");
}

/* The destination itself (device, FIFO, socket). A FIFO is written only when
 * it belongs to the caller or root (another user's, with a reader that never
 * reads, would hang the exit and get the data) and a reader has it open
 * (O_NONBLOCK: ENXIO at once instead of blocking). */
static int open_in_place(oli_outfile_t *o, const struct stat *st, char *why, size_t n) {
  if (S_ISDIR(st->st_mode)) return fail(why, n, EISDIR, NULL);
  if (S_ISFIFO(st->st_mode) && !trusted_owner(st)) return refuse_owner(st, "a FIFO", why, n);
  int fd = openat(o->dirfd, o->name, O_WRONLY | O_NOCTTY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK);
  if (fd < 0) {
    int e = errno;
    if (e == ENXIO && S_ISFIFO(st->st_mode)) return fail(why, n, e, "a FIFO with no reader");
    if (e == ENXIO && S_ISSOCK(st->st_mode)) return fail(why, n, e, "a socket, not a file");
    return fail(why, n, e, NULL);
  }
  struct stat now;
  if (fstat(fd, &now) != 0 || now.st_ino != st->st_ino || now.st_dev != st->st_dev) {
    close(fd); /* replaced meanwhile: start again */
    return fail(why, n, EAGAIN, "the destination changed while it was opened");
  }
  int fl = fcntl(fd, F_GETFL);
  if (fl >= 0) (void)fcntl(fd, F_SETFL, fl & ~O_NONBLOCK); /* writes block like any writer's */
  o->in_place = 1;
  return fd;
}

static void close_dir(oli_outfile_t *o) {
  if (o->dirfd >= 0) close(o->dirfd);
  o->dirfd = -1;
}

int oli_outfile_open(oli_outfile_t *o, const char *name, uint64_t max_bytes, char *why, size_t n) {
  memset(o, 0, sizeof *o);
  o->dirfd = -1;
  o->max_bytes = max_bytes;
  if (name == NULL || name[0] == '\0') return fail(why, n, ENOENT, NULL);
  struct stat st;
  int exists = chase(o, name, &st, why, n);
  if (exists < 0) return -1;
  int fd = -1;
  for (int round = 0; round < 3 && fd < 0; round++) {
    if (round > 0) { /* the last component changed under us: look again, links not followed */
      exists = fstatat(o->dirfd, o->name, &st, AT_SYMLINK_NOFOLLOW) == 0;
      if (!exists && errno != ENOENT) break;
    }
    /* A symlink here appeared after chase: the rename replaces the link
     * itself, never what it points to. */
    if (exists && !S_ISREG(st.st_mode) && !S_ISLNK(st.st_mode)) {
      fd = open_in_place(o, &st, why, n);
      if (fd < 0 && errno != EAGAIN) break;
    } else {
      /* the old mode only of the caller's own file: a planted 0666 file
       * must not make the caller's document writable by everyone */
      int keep = exists && S_ISREG(st.st_mode) && st.st_uid == geteuid();
      fd = open_temp(o, keep ? (int)(st.st_mode & 0777) : -1, why, n);
      break;
    }
  }
  if (fd < 0) {
    int e = errno;
    close_dir(o);
    errno = e;
    return -1;
  }
  o->f = fdopen(fd, "w");
  if (o->f == NULL) {
    int e = errno;
    close(fd);
    if (o->tmp[0]) unlinkat(o->dirfd, o->tmp, 0);
    o->tmp[0] = '\0';
    close_dir(o);
    return fail(why, n, e, NULL);
  }
  return 0;
}

void oli_outfile_abort(oli_outfile_t *o) {
  if (o->f) fclose(o->f);
  o->f = NULL;
  if (o->tmp[0]) unlinkat(o->dirfd, o->tmp, 0);
  o->tmp[0] = '\0';
  close_dir(o);
}

int oli_outfile_commit(oli_outfile_t *o, char *why, size_t n) {
  int e = 0;
  const char *what = NULL;
  char big[160];
  if (fflush(o->f) != 0 || ferror(o->f)) e = errno ? errno : EIO;
  if (!e && o->max_bytes && !o->in_place) {
    off_t len = ftello(o->f);
    if (len > 0 && (uint64_t)len > o->max_bytes) {
      snprintf(big, sizeof big, "%lld bytes, more than the %llu bytes oli reads back", (long long)len,
               (unsigned long long)o->max_bytes);
      e = EFBIG;
      what = big;
    }
  }
  if (!e && !o->in_place && fsync(fileno(o->f)) != 0) e = errno;
  if (fclose(o->f) != 0 && !e) e = errno;
  o->f = NULL;
  if (!e && !o->in_place && renameat(o->dirfd, o->tmp, o->dirfd, o->name) != 0) e = errno;
  if (e) {
    if (o->tmp[0]) unlinkat(o->dirfd, o->tmp, 0);
    o->tmp[0] = '\0';
    close_dir(o);
    return fail(why, n, e, what);
  }
  if (!o->in_place) { /* the rename itself, durably (best effort; needs read permission) */
    int dfd = openat(o->dirfd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dfd >= 0) {
      (void)fsync(dfd);
      close(dfd);
    }
  }
  o->tmp[0] = '\0';
  close_dir(o);
  return 0;
}
