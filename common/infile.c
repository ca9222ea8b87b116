/* common/infile.c - open an input file without blocking on FIFOs (infile.h). */
#include "infile.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const char *kind(mode_t m) {
  return S_ISFIFO(m) ? "a FIFO" : S_ISDIR(m) ? "a directory" : S_ISCHR(m) ? "a character device"
       : S_ISBLK(m) ? "a block device" : S_ISSOCK(m) ? "a socket" : "not a file";
}

int oli_infile_open(const char *path, long long *size, char *why, size_t n) {
  /* O_NONBLOCK: opening a FIFO without a writer returns at once; cleared below */
  int fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);
  if (fd < 0) {
    int e = errno;
    snprintf(why, n, "cannot open: %s", strerror(e));
    errno = e;
    return -1;
  }
  struct stat st;
  int e = 0;
  if (fstat(fd, &st) != 0) {
    e = errno;
    snprintf(why, n, "cannot open: %s", strerror(e));
  } else if (!S_ISREG(st.st_mode)) {
    e = EINVAL;
    snprintf(why, n, "not a regular file (%s)", kind(st.st_mode));
  }
  if (e) {
    close(fd);
    errno = e;
    return -1;
  }
  int fl = fcntl(fd, F_GETFL);
  if (fl >= 0) (void)fcntl(fd, F_SETFL, fl & ~O_NONBLOCK);
  if (size) *size = (long long)st.st_size;
  return fd;
}

long oli_infile_read(const char *path, char *buf, size_t n) {
  char why[160];
  if (n == 0) return -1;
  int fd = oli_infile_open(path, NULL, why, sizeof why);
  if (fd < 0) return -1;
  size_t len = 0;
  while (len < n - 1) {
    ssize_t k = read(fd, buf + len, n - 1 - len);
    if (k < 0 && errno == EINTR) continue;
    if (k <= 0) break;
    len += (size_t)k;
  }
  close(fd);
  buf[len] = '\0';
  return (long)len;
}
