/* test-secure: secure execution (AT_SECURE). A setuid-root (and a setgid)
 * copy of this program, run by a non-root user created for the test, ignores
 * every OLI_* variable: the report, profile and plan files the user names are
 * neither written nor read (a root-owned file keeps its bytes and inode, its
 * contents never reach stderr, a program name holding newlines cannot forge
 * lines anywhere), bad values do not stop it, it places with the defaults, and
 * OLI_VERBOSE=1 gives exactly one line saying so. The same copy without the
 * setuid bit honours OLI_REPORT (the control: the test can fail).
 *
 * Needs root (useradd, chown), a file system without nosuid for the copy and
 * a directory the user can reach; skipped with the reason otherwise. */
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/auxv.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/wait.h>
#include <unistd.h>

#include "internal.h"
#include "sitehelper.h"
#include "testhelper.h"

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
/* The sanitizer tree: LeakSanitizer cannot stop the world in a setuid or
 * setgid process (it is not dumpable); the children run without it. */
const char *__asan_default_options(void) { return getauxval(AT_SECURE) ? "detect_leaks=0" : ""; }
#endif
#endif

static char dir[256], prog[300], rootfile[300], user[32];
static uid_t uid;
static gid_t gid;
static int user_made;

/* The program a user runs: one placed object, then what it saw. */
static int child(void) {
  __oli_site_t *s = test_site(0x5ec0001, OLI_KIND_MALLOC, 0, "obj");
  char *p = __oli_malloc(4 << 20, s);
  if (p == NULL) return 3;
  memset(p, 1, 4 << 20);
  printf("secure=%lu euid=%d egid=%d policy=%ld min_size=%ld report=%ld strict=%ld\n",
         getauxval(AT_SECURE), (int)geteuid(), (int)getegid(), oli_option_get(oli_option_policy),
         oli_option_get(oli_option_min_size), oli_option_get(oli_option_report),
         oli_option_get(oli_option_strict));
  fflush(stdout);
  return 0;
}

static void cleanup(void) {
  if (user_made) {
    char cmd[128];
    snprintf(cmd, sizeof cmd, "userdel %s 2>/dev/null", user);
    if (system(cmd) != 0) printf("note: could not remove user %s\n", user);
  }
  if (dir[0]) {
    char cmd[600];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    if (system(cmd) != 0) printf("note: could not remove %s\n", dir);
  }
}

/* A directory for the setuid copy: on a file system that honours setuid,
 * reachable by everyone (mode 0711 on the way down). */
static const char *pick_dir(char *why, size_t n) {
  const char *cands[] = {getenv("TMPDIR"), "/tmp", "/var/tmp", "/dev/shm"};
  for (size_t i = 0; i < sizeof cands / sizeof cands[0]; i++) {
    struct statvfs sv;
    struct stat st;
    if (!cands[i] || strlen(cands[i]) > 200 || statvfs(cands[i], &sv) != 0 || stat(cands[i], &st) != 0)
      continue;
    if (sv.f_flag & ST_NOSUID) {
      snprintf(why, n, "%s is mounted nosuid", cands[i]);
      continue;
    }
    if ((st.st_mode & 0001) == 0) {
      snprintf(why, n, "%s is not searchable by other users", cands[i]);
      continue;
    }
    return cands[i];
  }
  return NULL;
}

typedef struct run_s {
  int status;
  char out[4096], err[8192];
} run_t;

/* Run `prog child` as the test user with argv[0] and env; collect output. */
static void run_as_user(const char *argv0, char *const env[], run_t *r) {
  int o[2], e[2];
  memset(r, 0, sizeof *r);
  if (pipe(o) != 0 || pipe(e) != 0) {
    r->status = -1;
    return;
  }
  pid_t pid = fork();
  if (pid == 0) {
    dup2(o[1], 1);
    dup2(e[1], 2);
    close(o[0]);
    close(e[0]);
    if (setgroups(0, NULL) != 0 || setgid(gid) != 0 || setuid(uid) != 0) _exit(124);
    if (chdir(dir) != 0) _exit(125);
    char *argv[] = {(char *)argv0, "child", NULL};
    execve(prog, argv, env);
    _exit(errno == EACCES ? 126 : 127);
  }
  close(o[1]);
  close(e[1]);
  size_t lo = 0, le = 0;
  ssize_t k;
  while ((k = read(o[0], r->out + lo, sizeof r->out - 1 - lo)) > 0) lo += (size_t)k;
  while ((k = read(e[0], r->err + le, sizeof r->err - 1 - le)) > 0) le += (size_t)k;
  close(o[0]);
  close(e[0]);
  int st = 0;
  waitpid(pid, &st, 0);
  r->status = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
}

static int count(const char *text, const char *needle) {
  int n = 0;
  for (const char *p = text; (p = strstr(p, needle)) != NULL; p++) n++;
  return n;
}

static struct stat root_before;
static const char secret[] = "root:secret-line-of-a-root-only-file\n";

static int rootfile_intact(void) {
  struct stat st;
  char buf[256] = "";
  int fd = open(rootfile, O_RDONLY);
  ssize_t k = fd >= 0 ? read(fd, buf, sizeof buf - 1) : -1;
  if (fd >= 0) close(fd);
  if (k >= 0) buf[k] = '\0';
  return lstat(rootfile, &st) == 0 && st.st_ino == root_before.st_ino && st.st_uid == 0 &&
         S_ISREG(st.st_mode) && (st.st_mode & 0777) == 0600 && strcmp(buf, secret) == 0;
}

int main(int argc, char **argv) {
  if (argc > 1 && strcmp(argv[1], "child") == 0) return child();
  if (geteuid() != 0) TEST_SKIP("not root: cannot create a user and a setuid-root program");
  char why[256] = "no candidate directory";
  const char *base = pick_dir(why, sizeof why);
  if (base == NULL) {
    char msg[320];
    snprintf(msg, sizeof msg, "no directory for a setuid program: %s", why);
    TEST_SKIP(msg);
  }
  snprintf(dir, sizeof dir, "%s/oli-secure-XXXXXX", base);
  if (!mkdtemp(dir)) TEST_SKIP("mkdtemp failed");
  atexit(cleanup);
  chmod(dir, 0711);
  snprintf(user, sizeof user, "olisec%ld", (long)getpid() % 1000000);
  char cmd[600];
  snprintf(cmd, sizeof cmd, "useradd --system --no-create-home --user-group --shell /usr/sbin/nologin %s "
           ">/dev/null 2>&1", user);
  if (system(cmd) != 0) TEST_SKIP("useradd failed: cannot create a non-root user");
  user_made = 1;
  struct passwd *pw = getpwnam(user);
  if (pw == NULL || pw->pw_uid == 0) TEST_SKIP("the new user cannot be looked up");
  uid = pw->pw_uid;
  gid = pw->pw_gid;

  /* the program: a root-owned copy of this test, setuid */
  snprintf(prog, sizeof prog, "%s/prog", dir);
  snprintf(cmd, sizeof cmd, "cp /proc/%ld/exe '%s'", (long)getpid(), prog);
  if (system(cmd) != 0 || chown(prog, 0, 0) != 0 || chmod(prog, 04755) != 0)
    TEST_SKIP("cannot make the setuid copy");
  snprintf(rootfile, sizeof rootfile, "%s/rootfile", dir);
  int fd = open(rootfile, O_WRONLY | O_CREAT | O_EXCL, 0600);
  if (fd < 0 || write(fd, secret, strlen(secret)) != (ssize_t)strlen(secret)) TEST_SKIP("cannot write a file");
  close(fd);
  lstat(rootfile, &root_before);
  /* a directory the user owns: anything it may name there */
  char udir[300], ureport[340], uprofile[340];
  snprintf(udir, sizeof udir, "%s/user", dir);
  mkdir(udir, 0700);
  if (chown(udir, uid, gid) != 0) TEST_SKIP("cannot chown a directory");
  snprintf(ureport, sizeof ureport, "%s/report.json", udir);
  snprintf(uprofile, sizeof uprofile, "%s/profile.json", udir);

  char e_report[400], e_profile[400], e_plan[400], e_ureport[400], e_uprofile[400];
  snprintf(e_report, sizeof e_report, "OLI_REPORT=%s", rootfile);
  snprintf(e_profile, sizeof e_profile, "OLI_PROFILE=%s", rootfile);
  snprintf(e_plan, sizeof e_plan, "OLI_PLAN=%s", rootfile);
  snprintf(e_ureport, sizeof e_ureport, "OLI_REPORT=%s", ureport);
  snprintf(e_uprofile, sizeof e_uprofile, "OLI_PROFILE=%s", uprofile);
  const char *evil = "x\nevil::0:0:::\ny";
  run_t r;

  /* 0. it really runs setuid root (else everything below is meaningless) */
  char *env0[] = {"PATH=/usr/bin:/bin", NULL};
  run_as_user("prog", env0, &r);
  if (r.status == 126) TEST_SKIP("the test user cannot reach the setuid copy (permissions on the way)");
  if (!strstr(r.out, "secure=1 euid=0")) {
    fprintf(stderr, "child said: %s%s", r.out, r.err);
    TEST_SKIP("the copy did not run setuid root (AT_SECURE not set): no setuid on this file system?");
  }
  CHECK_EQ("setuid program runs", r.status, 0);

  /* 1. the attack: the report over a root-owned file, text, argv[0] with newlines */
  char *env1[] = {e_report, "OLI_REPORT_FORMAT=text", NULL};
  run_as_user(evil, env1, &r);
  CHECK_EQ("OLI_REPORT: exit 0", r.status, 0);
  CHECK("OLI_REPORT naming a root-owned file: the file is untouched", rootfile_intact());
  CHECK("no forged line anywhere", !strstr(r.err, "evil::") && !strstr(r.out, "evil::"));
  CHECK("no report on stderr", !strstr(r.err, "oli report"));

  /* 2. the profile, into the same file and into the user's own directory */
  char *env2[] = {e_profile, NULL};
  run_as_user("prog", env2, &r);
  CHECK("OLI_PROFILE naming a root-owned file: the file is untouched", rootfile_intact() && r.status == 0);
  char *env2b[] = {e_ureport, e_uprofile, NULL};
  run_as_user("prog", env2b, &r);
  CHECK("no report or profile where the user asked, either",
        r.status == 0 && access(ureport, F_OK) != 0 && access(uprofile, F_OK) != 0);

  /* 3. the plan: a root-only file is not read (nothing of it reaches stderr) */
  char *env3[] = {e_plan, NULL};
  run_as_user("prog", env3, &r);
  CHECK_EQ("OLI_PLAN: exit 0", r.status, 0);
  CHECK("OLI_PLAN naming a root-only file: not read, nothing echoed",
        !strstr(r.err, "OLI_PLAN") && !strstr(r.err, "secret") && !strstr(r.err, "root:"));
  char *env3b[] = {"OLI_STRICT=1", NULL}; /* else the no-CXL warning of a 1-node machine stops it */
  run_as_user("prog", env3b, &r);
  CHECK_EQ("OLI_STRICT=1 ignored: exit 0", r.status, 0);

  /* 4. bad and behaviour-changing values are ignored: defaults, exit 0 */
  char *env4[] = {"OLI_POLICY=bogus", "OLI_MIN_SIZE=1", "OLI_REPORT=stderr", "OLI_STRICT=1",
                  "OLI_SYSFS_ROOT=/nonexistent", "OLI_ARENA_SIZE=1", NULL};
  run_as_user("prog", env4, &r);
  CHECK_EQ("bad values: exit 0, not 2", r.status, 0);
  CHECK("defaults in force (policy oli, min size 1M, no report, not strict)",
        strstr(r.out, "policy=0 min_size=1048576 report=0 strict=0") != NULL);
  CHECK("no error line, no report", !strstr(r.err, "oli: error") && !strstr(r.err, "oli report"));
  CHECK_EQ("silent without OLI_VERBOSE", count(r.err, "secure execution"), 0);

  /* 5. OLI_VERBOSE=1: one line, naming what was ignored; no start-up log */
  char *env5[] = {"OLI_VERBOSE=1", e_report, NULL};
  run_as_user("prog", env5, &r);
  CHECK_EQ("OLI_VERBOSE=1: exactly one secure-execution line", count(r.err, "secure execution"), 1);
  CHECK("it names the variables, not their values",
        strstr(r.err, "OLI_REPORT") && strstr(r.err, "OLI_VERBOSE") && !strstr(r.err, rootfile));
  CHECK("no start-up log", !strstr(r.err, "option OLI_") && !strstr(r.err, "arena:"));
  CHECK("the root-owned file is still untouched", rootfile_intact());
  if (count(r.err, "secure execution") != 1) fprintf(stderr, "     stderr was: %s\n", r.err);

  /* 6. setgid (egid root) is secure execution too */
  if (chmod(prog, 02755) != 0) TEST_SKIP("chmod g+s failed");
  run_as_user(evil, env1, &r);
  CHECK("setgid: AT_SECURE, the file is untouched",
        strstr(r.out, "secure=1") && strstr(r.out, "egid=0") && rootfile_intact() && r.status == 0);
  if (!strstr(r.out, "secure=1") || r.status != 0) fprintf(stderr, "     status %d, out: %s     err: %s\n", r.status, r.out, r.err);

  /* 7. control: without the setuid bit the same program honours OLI_REPORT */
  if (chmod(prog, 0755) != 0) TEST_SKIP("chmod failed");
  char *env7[] = {e_ureport, NULL};
  run_as_user("prog", env7, &r);
  CHECK("not setuid: AT_SECURE off", strstr(r.out, "secure=0") != NULL);
  CHECK("not setuid: OLI_REPORT written", r.status == 0 && access(ureport, F_OK) == 0);
  return TEST_SUMMARY();
}
