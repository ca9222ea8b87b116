/* common/outfile.c - write a file safely (common/outfile.h says what "safely"
 * means; docs/reliability.md, "Threat model", why). */
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

static int fail(char *why, size_t n, int err, const char *what) {
  snprintf(why, n, "%s", what ? what : strerror(err));
  errno = err;
  return -1;
}

/* dirname of path into buf ("." when it has no '/'). */
static void dir_of(const char *path, char *buf, size_t n) {
  const char *slash = strrchr(path, '/');
  if (slash == NULL) snprintf(buf, n, ".");
  else if (slash == path) snprintf(buf, n, "/");
  else snprintf(buf, n, "%.*s", (int)(slash - path), path);
}

static uint64_t random_bits(void) {
  uint64_t r = 0;
  if (getrandom(&r, sizeof r, GRND_NONBLOCK) == (ssize_t)sizeof r) return r;
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  static unsigned counter;
  return ((uint64_t)ts.tv_nsec << 20) ^ (uint64_t)ts.tv_sec ^ ((uint64_t)++counter << 40);
}

/* The temporary beside o->path: created, never opened through a symlink or
 * over an existing file. mode: permission bits to keep (-1: the umask's). */
static int open_temp(oli_outfile_t *o, int mode, char *why, size_t n) {
  for (int tries = 0; tries < 100; tries++) {
    int k = snprintf(o->tmp, sizeof o->tmp, "%s.tmp.%ld.%08llx", o->path, (long)getpid(),
                     (unsigned long long)(random_bits() & 0xffffffffull));
    if (k < 0 || (size_t)k >= sizeof o->tmp) return fail(why, n, ENAMETOOLONG, NULL);
    int fd = open(o->tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
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

/* The destination itself (device, FIFO, socket); a FIFO without a reader is
 * refused at once (O_NONBLOCK: ENXIO) instead of blocking. */
static int open_in_place(oli_outfile_t *o, const struct stat *st, char *why, size_t n) {
  if (S_ISDIR(st->st_mode)) return fail(why, n, EISDIR, NULL);
  int fd = open(o->path, O_WRONLY | O_NOCTTY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK);
  if (fd < 0) {
    int e = errno;
    if (e == ENXIO && S_ISFIFO(st->st_mode)) return fail(why, n, e, "a FIFO with no reader");
    if (e == ENXIO && S_ISSOCK(st->st_mode)) return fail(why, n, e, "a socket, not a file");
    return fail(why, n, e, NULL);
  }
  struct stat now;
  if (fstat(fd, &now) != 0 || S_ISREG(now.st_mode)) { /* replaced meanwhile: start again */
    close(fd);
    return fail(why, n, EAGAIN, "the destination changed while it was opened");
  }
  int fl = fcntl(fd, F_GETFL);
  if (fl >= 0) (void)fcntl(fd, F_SETFL, fl & ~O_NONBLOCK); /* writes block like any writer's */
  o->in_place = 1;
  return fd;
}

/* A symlink is followed only when its owner is the caller or root. */
static int resolve_link(oli_outfile_t *o, const char *name, const struct stat *lst, char *why,
                        size_t n) {
  if (lst->st_uid != geteuid() && lst->st_uid != 0) {
    char what[160];
    snprintf(what, sizeof what, "a symlink owned by another user (uid %ld); not followed",
             (long)lst->st_uid);
    return fail(why, n, EPERM, what);
  }
  char real[PATH_MAX];
  if (realpath(name, real) == NULL) {
    int e = errno;
    return fail(why, n, e, e == ENOENT ? "a symlink to a missing file; not followed" : NULL);
  }
  if (strlen(real) >= sizeof o->path) return fail(why, n, ENAMETOOLONG, NULL);
  snprintf(o->path, sizeof o->path, "%s", real);
  return 0;
}

int oli_outfile_open(oli_outfile_t *o, const char *name, uint64_t max_bytes, char *why, size_t n) {
  memset(o, 0, sizeof *o);
  o->max_bytes = max_bytes;
  if (name == NULL || name[0] == '\0') return fail(why, n, ENOENT, NULL);
  if (strlen(name) >= sizeof o->path) return fail(why, n, ENAMETOOLONG, NULL);
  snprintf(o->path, sizeof o->path, "%s", name);
  struct stat st;
  if (lstat(o->path, &st) == 0 && S_ISLNK(st.st_mode) && resolve_link(o, name, &st, why, n) != 0)
    return -1;
  int fd = -1;
  for (int round = 0; round < 3 && fd < 0; round++) {
    int exists = lstat(o->path, &st) == 0;
    if (!exists && errno != ENOENT) return fail(why, n, errno, NULL);
    /* A symlink here appeared after resolve_link: the rename replaces the
     * link itself, never what it points to. */
    if (exists && !S_ISREG(st.st_mode) && !S_ISLNK(st.st_mode)) {
      fd = open_in_place(o, &st, why, n);
      if (fd < 0 && errno != EAGAIN) return -1;
    } else {
      fd = open_temp(o, exists && S_ISREG(st.st_mode) ? (int)(st.st_mode & 0777) : -1, why, n);
      if (fd < 0) return -1;
    }
  }
  if (fd < 0) return -1;
  o->f = fdopen(fd, "w");
  if (o->f == NULL) {
    int e = errno;
    close(fd);
    if (o->tmp[0]) unlink(o->tmp);
    o->tmp[0] = '\0';
    return fail(why, n, e, NULL);
  }
  return 0;
}

void oli_outfile_abort(oli_outfile_t *o) {
  if (o->f) fclose(o->f);
  o->f = NULL;
  if (o->tmp[0]) unlink(o->tmp);
  o->tmp[0] = '\0';
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
  if (!e && !o->in_place && rename(o->tmp, o->path) != 0) e = errno;
  if (e) {
    if (o->tmp[0]) unlink(o->tmp);
    o->tmp[0] = '\0';
    return fail(why, n, e, what);
  }
  if (!o->in_place) { /* the rename itself, durably (best effort) */
    char dir[4096];
    dir_of(o->path, dir, sizeof dir);
    int dfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dfd >= 0) {
      (void)fsync(dfd);
      close(dfd);
    }
  }
  o->tmp[0] = '\0';
  return 0;
}
