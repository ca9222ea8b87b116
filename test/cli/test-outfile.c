/* test-outfile: common/outfile.c, the one writer of reports, profiles and
 * plans. A new name and a regular file go through a temporary and a rename
 * (complete or untouched, permission bits kept); devices and FIFOs are
 * written in place and stay what they are; a FIFO without a reader is refused
 * at once; a symlink of another user is not followed, neither as the last
 * component nor in the directory part (as root: a sticky shared directory
 * with planted links to a victim file and to a root-owned directory); another
 * user's FIFO is refused (a reader that never reads would hang the writer);
 * another user's planted file is replaced without its mode; the size limit
 * refuses before anything is replaced; directories are refused. */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/wait.h>
#include <unistd.h>

#include "outfile.h"
#include "testhelper.h"

static char dir[256];

static void hung(int sig) {
  (void)sig;
  static const char msg[] = "FAIL the writer hung on a FIFO whose reader never reads\n";
  if (write(1, msg, sizeof msg - 1) < 0) _exit(1);
  _exit(1);
}

static char *path(const char *name) {
  static char buf[8][512];
  static int k;
  char *p = buf[k++ % 8];
  snprintf(p, 512, "%s/%s", dir, name);
  return p;
}

static int write_doc(const char *name, const char *text, uint64_t max, char *why) {
  oli_outfile_t o;
  if (oli_outfile_open(&o, name, max, why, 256) != 0) return -1;
  fputs(text, o.f);
  return oli_outfile_commit(&o, why, 256);
}

static char *slurp(const char *p) {
  static char buf[4096];
  int fd = open(p, O_RDONLY | O_NONBLOCK);
  ssize_t k = fd >= 0 ? read(fd, buf, sizeof buf - 1) : -1;
  if (fd >= 0) close(fd);
  buf[k > 0 ? k : 0] = '\0';
  return buf;
}

/* A file that must keep its bytes: "precious\n". */
static void plant_victim(const char *p, mode_t mode) {
  int fd = open(p, O_WRONLY | O_CREAT | O_TRUNC, mode);
  if (fd < 0 || write(fd, "precious\n", 9) != 9) printf("note: cannot write %s\n", p);
  if (fd >= 0) close(fd);
}

static int temporaries(void) {
  char cmd[400];
  snprintf(cmd, sizeof cmd, "ls -a '%s' | grep -c '\\.tmp\\.'", dir);
  FILE *p = popen(cmd, "r");
  int n = -1;
  if (p && fscanf(p, "%d", &n) != 1) n = -1;
  if (p) pclose(p);
  return n;
}

int main(void) {
  char why[256];
  snprintf(dir, sizeof dir, "%s/oli-outfile-XXXXXX", getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
  if (!mkdtemp(dir)) TEST_SKIP("mkdtemp failed");
  mode_t um = umask(022);

  /* a new name: complete file, umask's mode, no temporary left */
  CHECK("new file written", write_doc(path("a.json"), "{\"a\": 1}\n", 0, why) == 0);
  CHECK_STR("new file complete", slurp(path("a.json")), "{\"a\": 1}\n");
  struct stat st;
  CHECK("new file mode 0644 under umask 022", stat(path("a.json"), &st) == 0 && (st.st_mode & 0777) == 0644);
  CHECK_EQ("no temporary left", temporaries(), 0);

  /* names of 234-255 bytes: the temporary's name stays within NAME_MAX */
  for (int len = 234; len <= 255; len++) {
    char name[300], label[96];
    memset(name, 'r', (size_t)len);
    memcpy(name + len - 5, ".json", 5);
    name[len] = '\0';
    snprintf(label, sizeof label, "a %d-byte name written", len);
    CHECK(label, write_doc(path(name), "{}\n", 0, why) == 0);
    snprintf(label, sizeof label, "a %d-byte name complete", len);
    CHECK_STR(label, slurp(path(name)), "{}\n");
    unlink(path(name));
  }
  CHECK_EQ("no temporary left after long names", temporaries(), 0);

  /* an existing regular file: replaced (a new inode), its mode kept */
  chmod(path("a.json"), 0600);
  stat(path("a.json"), &st);
  ino_t before = st.st_ino;
  CHECK("regular file replaced", write_doc(path("a.json"), "two\n", 0, why) == 0);
  CHECK("replaced by rename (new inode), mode 0600 kept",
        stat(path("a.json"), &st) == 0 && st.st_ino != before && (st.st_mode & 0777) == 0600);
  CHECK_STR("replaced contents", slurp(path("a.json")), "two\n");

  /* a failed write replaces nothing: the size limit, checked before the rename */
  errno = 0;
  CHECK("more than max_bytes refused", write_doc(path("a.json"), "0123456789\n", 4, why) == -1 && errno == EFBIG);
  CHECK("the refusal says why", strstr(why, "more than the 4 bytes oli reads back") != NULL);
  CHECK_STR("old contents intact", slurp(path("a.json")), "two\n");
  CHECK_EQ("no temporary left after a refusal", temporaries(), 0);
  oli_outfile_t o;
  CHECK("abort: open", oli_outfile_open(&o, path("a.json"), 0, why, sizeof why) == 0);
  fputs("half", o.f);
  oli_outfile_abort(&o);
  CHECK("abort leaves the old file and no temporary", !strcmp(slurp(path("a.json")), "two\n") && temporaries() == 0);

  /* directories are refused */
  mkdir(path("d"), 0755);
  CHECK("a directory is refused (EISDIR)", write_doc(path("d"), "x", 0, why) == -1 && errno == EISDIR);

  /* a FIFO: without a reader refused at once, with one written in place */
  mkfifo(path("fifo"), 0644);
  errno = 0;
  CHECK("FIFO without a reader: ENXIO at once", write_doc(path("fifo"), "x\n", 0, why) == -1 && errno == ENXIO);
  CHECK("the refusal names the FIFO", strstr(why, "FIFO") != NULL);
  int rfd = open(path("fifo"), O_RDONLY | O_NONBLOCK);
  CHECK("FIFO with a reader: written", write_doc(path("fifo"), "via fifo\n", 0, why) == 0);
  char got[64] = "";
  ssize_t k = read(rfd, got, sizeof got - 1);
  got[k > 0 ? k : 0] = '\0';
  CHECK_STR("the reader got the document", got, "via fifo\n");
  close(rfd);
  CHECK("the FIFO is still a FIFO", lstat(path("fifo"), &st) == 0 && S_ISFIFO(st.st_mode));

  /* a symlink of our own is followed; its target is replaced, the link kept */
  int fd = open(path("target.json"), O_WRONLY | O_CREAT, 0644);
  close(fd);
  symlink("target.json", path("link.json"));
  CHECK("own symlink followed", write_doc(path("link.json"), "linked\n", 0, why) == 0);
  CHECK("the link is still a link", lstat(path("link.json"), &st) == 0 && S_ISLNK(st.st_mode));
  CHECK_STR("its target got the document", slurp(path("target.json")), "linked\n");
  symlink("missing.json", path("dangling.json"));
  CHECK("a dangling symlink is refused", write_doc(path("dangling.json"), "x", 0, why) == -1 &&
                                            access(path("missing.json"), F_OK) != 0);
  /* a dangling link to a deeper missing name is refused as well */
  mkdir(path("sub"), 0755);
  symlink("sub/missing.json", path("dangling2.json"));
  CHECK("a dangling symlink into a directory is refused",
        write_doc(path("dangling2.json"), "x", 0, why) == -1 && access(path("sub/missing.json"), F_OK) != 0);
  /* a directory symlink of our own is followed; the document lands behind it */
  symlink("sub", path("sublink"));
  CHECK("own directory symlink followed", write_doc(path("sublink/in.json"), "in\n", 0, why) == 0);
  CHECK_STR("the document is behind the link", slurp(path("sub/in.json")), "in\n");
  CHECK("the directory link is still a link", lstat(path("sublink"), &st) == 0 && S_ISLNK(st.st_mode));
  /* "link/" names a directory: a link to a missing name is not made a file */
  symlink("sub/nothing", path("dirlink"));
  errno = 0;
  CHECK("a trailing slash through a link to a missing name: refused",
        write_doc(path("dirlink/"), "x", 0, why) == -1 && access(path("sub/nothing"), F_OK) != 0);
  /* relative names, "..", "." and repeated slashes resolve as the kernel's */
  char here[512];
  CHECK("getcwd", getcwd(here, sizeof here) != NULL);
  CHECK("chdir", chdir(path("sub")) == 0);
  CHECK("relative name with ..", write_doc("..//sub/./rel.json", "rel\n", 0, why) == 0);
  CHECK_STR("relative document", slurp(path("sub/rel.json")), "rel\n");
  CHECK("chdir back", chdir(here) == 0);
  /* a symlink loop: ELOOP, not a hang */
  symlink("loop2", path("loop1"));
  symlink("loop1", path("loop2"));
  errno = 0;
  CHECK("a symlink loop is refused (ELOOP)", write_doc(path("loop1/x.json"), "x", 0, why) == -1 && errno == ELOOP);
  errno = 0;
  CHECK("a file in the directory part: ENOTDIR", write_doc(path("a.json/x"), "x", 0, why) == -1 && errno == ENOTDIR);

  if (geteuid() != 0) {
    printf("note: not root: devices and other users' symlinks not tested\n");
  } else {
    /* devices: copies of /dev/null and /dev/full made here (never the real ones) */
    CHECK("mknod null", mknod(path("null"), S_IFCHR | 0666, makedev(1, 3)) == 0);
    CHECK("mknod full", mknod(path("full"), S_IFCHR | 0666, makedev(1, 7)) == 0);
    CHECK("a null device: written in place", write_doc(path("null"), "gone\n", 0, why) == 0);
    CHECK("the null device is still a character device", lstat(path("null"), &st) == 0 && S_ISCHR(st.st_mode));
    errno = 0;
    CHECK("a full device: ENOSPC", write_doc(path("full"), "x\n", 0, why) == -1 && errno == ENOSPC);
    CHECK("the full device is still a character device", lstat(path("full"), &st) == 0 && S_ISCHR(st.st_mode));
    CHECK_EQ("no temporary beside devices", temporaries(), 0);

    /* a shared sticky directory (like /tmp), a link planted by another user */
    mkdir(path("shared"), 01777);
    chmod(path("shared"), 01777);
    plant_victim(path("victim"), 0600);
    symlink(path("victim"), path("shared/report.json"));
    CHECK("lchown the planted link", lchown(path("shared/report.json"), 12345, 12345) == 0);
    errno = 0;
    CHECK("another user's symlink is not followed", write_doc(path("shared/report.json"), "x\n", 0, why) == -1 &&
                                                        errno == EPERM);
    CHECK("the refusal says why", strstr(why, "owned by another user") != NULL);
    CHECK_STR("the victim is untouched", slurp(path("victim")), "precious\n");
    CHECK("the link is untouched", lstat(path("shared/report.json"), &st) == 0 && S_ISLNK(st.st_mode));
    /* temporaries planted at the names a predictable writer would use */
    char planted[600];
    for (int i = 0; i < 64; i++) {
      snprintf(planted, sizeof planted, "%s.tmp.%ld", path("shared/plan.json"), (long)getpid() + i);
      symlink(path("victim"), planted);
      lchown(planted, 12345, 12345);
    }
    CHECK("write beside planted temporaries", write_doc(path("shared/plan.json"), "plan\n", 0, why) == 0);
    CHECK_STR("the victim is still untouched", slurp(path("victim")), "precious\n");
    CHECK_STR("the document is where it belongs", slurp(path("shared/plan.json")), "plan\n");

    /* another user's link in the directory part: shared/results -> a root-owned directory */
    mkdir(path("rootdir"), 0755);
    plant_victim(path("rootdir/victim.json"), 0644);
    symlink(path("rootdir"), path("shared/results"));
    CHECK("lchown the planted directory link", lchown(path("shared/results"), 12345, 12345) == 0);
    errno = 0;
    CHECK("another user's directory symlink is not followed",
          write_doc(path("shared/results/victim.json"), "x\n", 0, why) == -1 && errno == EPERM);
    CHECK("the refusal names the directory part", strstr(why, "symlink in the directory part owned by another user") != NULL);
    CHECK_STR("the file behind the link is untouched", slurp(path("rootdir/victim.json")), "precious\n");
    /* ... also further down, behind a directory of ours, and after a link of ours */
    mkdir(path("shared/mine"), 0755);
    symlink(path("shared/results"), path("shared/mine/deeper"));
    CHECK("a chain through another user's link is refused",
          write_doc(path("shared/mine/deeper/victim.json"), "x\n", 0, why) == -1 && errno == EPERM);
    CHECK_STR("still untouched", slurp(path("rootdir/victim.json")), "precious\n");

    /* another user's FIFO, held open by a reader that never reads: refused at
     * once, not a hang once the pipe is full (alarm: a hang fails the test) */
    mkfifo(path("shared/fifo.json"), 0666);
    CHECK("chown the planted FIFO", chown(path("shared/fifo.json"), 12345, 12345) == 0);
    int stuck = open(path("shared/fifo.json"), O_RDONLY | O_NONBLOCK);
    static char bigdoc[1 << 18];
    memset(bigdoc, 'x', sizeof bigdoc - 1);
    signal(SIGALRM, hung);
    alarm(20);
    errno = 0;
    CHECK("another user's FIFO is refused", write_doc(path("shared/fifo.json"), bigdoc, 0, why) == -1 &&
                                                errno == EPERM && strstr(why, "FIFO owned by another user"));
    alarm(0);
    close(stuck);

    /* a planted file of another user, mode 0666: replaced by the caller's own,
     * 0666 less the umask, never the planted mode */
    fd = open(path("shared/perm.json"), O_WRONLY | O_CREAT, 0666);
    close(fd);
    chmod(path("shared/perm.json"), 0666);
    CHECK("chown the planted file", chown(path("shared/perm.json"), 12345, 12345) == 0);
    CHECK("over another user's file: written", write_doc(path("shared/perm.json"), "mine\n", 0, why) == 0);
    CHECK("the planted mode is not kept (0644 under umask 022), the owner is the caller",
          stat(path("shared/perm.json"), &st) == 0 && (st.st_mode & 07777) == 0644 && st.st_uid == geteuid());
  }
  umask(um);
  char cmd[400];
  snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
  if (system(cmd) != 0) printf("note: could not remove %s\n", dir);
  return TEST_SUMMARY();
}
