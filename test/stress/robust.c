/* robust.c - robustness of a program running under the oli runtime, one CTest
 * test per case (robust CASE); each case runs children of this same program
 * (robust child-KIND) with OLI_* set, and checks what a user would see:
 *
 *   fork         fork() while 4 threads place objects: 24 children each
 *                allocate, check and free placed and inherited objects (a
 *                hung child is killed by alarm and fails the test)
 *   signal-intr  SIGUSR1 flood (handler without SA_RESTART) while the report
 *                is written at exit: report complete, exit status 0
 *   signal-term  SIGTERM at 12 different moments around the report write:
 *                report complete or absent, never a truncated file (all 12
 *                trials run, each from a clean directory)
 *   exit-normal  return from main: report and profile complete
 *   exit-_exit   _exit(0): report and profile absent (no partial file)
 *   exit-thread  exit(0) from a second thread while the main thread allocates:
 *                report complete
 *   abort        abort(): report and profile absent, no partial file
 *   same-pattern two processes at once with OLI_REPORT/OLI_PROFILE holding %p:
 *                two distinct complete files each; without %p: one complete
 *                file, no temporaries left behind
 *   readonly     report into an unwritable directory (mode 0555; as root the
 *                child drops CAP_DAC_OVERRIDE): one clear warning line, exit
 *                status and program output unaffected
 *   full         the file system refuses the data (RLIMIT_FSIZE, EFBIG) in the
 *                middle of the write: one warning, no file, no temporary
 *   absurd-env   every OLI_* set to absurd sizes (100,000-character strings,
 *                2^64, huge node lists, 10000-character paths): each refused,
 *                exit 2 with one bounded "oli: error: OLI_X..." line; huge but
 *                valid values: exit 0; never a crash
 *   dev-full     OLI_REPORT names a symlink to /dev/full: a warning naming
 *                ENOSPC and the symlink left alone
 *   shared-dir   a sticky world-writable directory (like /tmp) where another
 *                user planted symlinks to a victim file at the report's name
 *                (as root) and at NAME.tmp.PID of the writing process: the
 *                victim keeps its bytes, the report is written beside them or
 *                refused with one warning
 * "Complete" means the file parses as JSON (common/json_read.c) with schema
 * oli-report (or oli-profile) and its last member, summary (or sites), present. */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/capability.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "json.h"
#include "oli.h"
#include "oli_abi.h"
#include "sitehelper.h"
#include "testhelper.h"

#define KiB 1024ull
#define NSITES 1500 /* a report of about a megabyte: takes a while to write */

static char dir[256];
static const char *self = "/proc/self/exe";

/* ---- children ----------------------------------------------------------- */

/* Site records live until exit (the at-exit report reads them): kept
 * reachable here so LeakSanitizer does not count them as leaks. */
static __oli_site_t **kept_sites[16];

static __oli_site_t **make_sites(int n) {
  static int nkept;
  __oli_site_t **s = calloc((size_t)n, sizeof *s);
  if (nkept < 16) kept_sites[nkept++] = s;
  uint64_t *store = calloc((size_t)n, 256);
  for (int i = 0; i < n; i++)
    s[i] = test_site_at((char *)store + 256 * (size_t)i, 0x7e00000 + (uint64_t)i, OLI_KIND_MALLOC, 0,
                        "test/stress/robust.c", 100 + (unsigned)i, "work", "obj");
  return s;
}

/* Place one 64 KiB object per site, touched, live at exit. */
static char *live_at_exit[NSITES]; /* reachable: not leaks (LeakSanitizer) */

static void work(int n) {
  __oli_site_t **s = make_sites(n);
  for (int i = 0; i < n; i++) {
    char *p = __oli_malloc(64 * KiB, s[i]);
    if (!p) _exit(3);
    if (i < NSITES) live_at_exit[i] = p;
    memset(p, i, 64 * KiB);
  }
  printf("app-output-ok\n");
  fflush(stdout);
}

static _Atomic long usr1;
static void on_usr1(int sig) {
  (void)sig;
  usr1++;
}

static void *exit_from_thread(void *arg) {
  (void)arg;
  usleep(20000);
  exit(0);
}

static int child(const char *kind) {
  if (!strcmp(kind, "child-exit")) {
    work(NSITES);
    return 0;
  }
  if (!strcmp(kind, "child-small")) {
    work(4);
    return 0;
  }
  if (!strcmp(kind, "child-_exit")) {
    work(NSITES);
    _exit(0);
  }
  if (!strcmp(kind, "child-abort")) {
    work(NSITES);
    signal(SIGABRT, SIG_DFL);
    abort();
  }
  if (!strcmp(kind, "child-signal")) {
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_usr1; /* no SA_RESTART: slow calls see EINTR */
    sigaction(SIGUSR1, &sa, NULL);
    work(NSITES);
    if (write(3, "x", 1) != 1) _exit(4); /* tell the parent: exiting now */
    return 0;
  }
  if (!strcmp(kind, "child-thread-exit")) {
    work(NSITES);
    pthread_t t;
    pthread_create(&t, NULL, exit_from_thread, NULL);
    __oli_site_t *s = make_sites(1)[0];
    for (;;) { /* keep allocating while the other thread runs exit() */
      char *p = __oli_malloc(128 * KiB, s);
      if (p) memset(p, 7, 128 * KiB);
      free(p);
    }
  }
  fprintf(stderr, "robust: unknown child kind %s\n", kind);
  return 2;
}

/* ---- parent helpers --------------------------------------------------------- */

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

typedef struct env_s {
  const char *name, *value;
} env_t;

/* Start `robust KIND` with env set; stdout/stderr to dir/NAME.out/.err.
 * extra_fd >= 0 becomes fd 3. fsize > 0 limits file size (SIGXFSZ ignored). */
static int drop_dac; /* spawn: children lose root's power to ignore file modes */
static int gate_fd = -1; /* spawn: >= 0: the child waits for a byte here before exec */
static pid_t spawn(const char *kind, const env_t *env, int nenv, const char *name, int extra_fd,
                   rlim_t fsize) {
  char out[512], err[512];
  snprintf(out, sizeof out, "%s/%s.out", dir, name);
  snprintf(err, sizeof err, "%s/%s.err", dir, name);
  fflush(stdout);
  fflush(stderr);
  pid_t pid = fork();
  if (pid != 0) return pid;
  for (int i = 0; i < nenv; i++) setenv(env[i].name, env[i].value, 1);
  int o = open(out, O_WRONLY | O_CREAT | O_TRUNC, 0644), e = open(err, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  dup2(o, 1);
  dup2(e, 2);
  if (extra_fd >= 0) dup2(extra_fd, 3);
  if (fsize > 0) {
    signal(SIGXFSZ, SIG_IGN);
    struct rlimit rl = {fsize, fsize};
    setrlimit(RLIMIT_FSIZE, &rl);
  }
  if (chdir(dir) != 0) _exit(126);
  if (drop_dac && geteuid() == 0) { /* out of the bounding set: gone after exec too */
    if (prctl(PR_CAPBSET_DROP, CAP_DAC_OVERRIDE, 0, 0, 0) != 0 ||
        prctl(PR_CAPBSET_DROP, CAP_DAC_READ_SEARCH, 0, 0, 0) != 0 ||
        prctl(PR_CAPBSET_DROP, CAP_FOWNER, 0, 0, 0) != 0)
      _exit(125);
  }
  if (gate_fd >= 0) {
    char c;
    if (read(gate_fd, &c, 1) != 1) _exit(124);
    close(gate_fd);
  }
  execl(self, "robust", kind, (char *)NULL);
  _exit(127);
}

static int wait_for(pid_t pid) {
  int st = 0;
  while (waitpid(pid, &st, 0) < 0 && errno == EINTR) {
  }
  return st;
}

static char *slurp(const char *path, size_t *len) {
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  size_t cap = 1 << 16, n = 0;
  char *buf = malloc(cap + 1);
  size_t k;
  while ((k = fread(buf + n, 1, cap - n, f)) > 0) {
    n += k;
    if (n == cap) buf = realloc(buf, (cap *= 2) + 1);
  }
  fclose(f);
  buf[n] = '\0';
  if (len) *len = n;
  return buf;
}

/* 1 complete, 0 absent, -1 present but not a complete document (says why). */
static int doc_state(const char *path, const char *schema, const char *last) {
  struct stat st;
  if (lstat(path, &st) != 0) return 0;
  oli_json_error_t err;
  oli_json_doc_t *d = oli_json_parse_file(path, NULL, &err);
  if (!d) {
    fprintf(stderr, "FAIL %s: not a complete JSON document (%lld bytes): %s\n", path,
            (long long)st.st_size, err.msg);
    return -1;
  }
  const oli_json_t *root = oli_json_root(d);
  const char *s = oli_json_str(oli_json_get(root, "schema"));
  int ok = s && !strcmp(s, schema) && oli_json_get(root, last) != NULL;
  if (!ok) fprintf(stderr, "FAIL %s: schema %s or member %s missing\n", path, schema, last);
  oli_json_free(d);
  return ok ? 1 : -1;
}

/* Number of directory entries whose name contains `part`. */
static int count_files(const char *part) {
  char cmd[600];
  snprintf(cmd, sizeof cmd, "ls -1 '%s' | grep -c -F -- '%s'", dir, part);
  FILE *p = popen(cmd, "r");
  int n = 0;
  if (p) {
    if (fscanf(p, "%d", &n) != 1) n = -1;
    pclose(p);
  }
  return n;
}

static int lines_with(const char *text, const char *needle) {
  int n = 0;
  for (const char *p = text; p && (p = strstr(p, needle)); p++) n++;
  return n;
}

static void rm_dir(void) {
  char cmd[600];
  snprintf(cmd, sizeof cmd, "chmod -R u+w '%s' 2>/dev/null; rm -rf '%s'", dir, dir);
  if (system(cmd) != 0) printf("note: could not remove %s\n", dir);
}

/* ---- cases ------------------------------------------------------------------ */

static _Atomic int stop_threads;
static __oli_site_t *fork_site;
static void *hammer(void *arg) {
  (void)arg;
  while (!stop_threads) {
    char *p = __oli_malloc(256 * KiB, fork_site);
    if (p) memset(p, 1, 4096);
    p = realloc(p, 512 * KiB);
    free(p);
  }
  return NULL;
}

static void case_fork(void) {
  fork_site = test_site(0x7f01, OLI_KIND_MALLOC, 0, "forked");
  char *inherited = __oli_malloc(1024 * KiB, fork_site);
  memset(inherited, 0x5a, 1024 * KiB);
  pthread_t t[4];
  for (int i = 0; i < 4; i++) pthread_create(&t[i], NULL, hammer, NULL);
  int ok = 0, hung = 0, n = 24;
  for (int i = 0; i < n; i++) {
    usleep(2000 + 1000 * i);
    pid_t pid = fork();
    if (pid == 0) {
      alarm(20); /* a deadlock after fork ends here, with SIGALRM */
      int bad = 0;
      for (size_t k = 0; k < 1024 * KiB; k += 4096) bad |= inherited[k] != 0x5a;
      for (int r = 0; r < 50; r++) {
        char *p = __oli_malloc(256 * KiB + (size_t)r * 4096, fork_site);
        if (!p) _exit(3);
        memset(p, r, 256 * KiB);
        p = realloc(p, 768 * KiB);
        for (size_t k = 0; k < 256 * KiB; k += 512) bad |= p[k] != (char)r;
        free(p);
        free(malloc(100)); /* glibc side too */
      }
      free(inherited);
      _exit(bad ? 1 : 0);
    }
    int st = wait_for(pid);
    if (WIFEXITED(st) && WEXITSTATUS(st) == 0) ok++;
    else if (WIFSIGNALED(st) && WTERMSIG(st) == SIGALRM) hung++;
    else fprintf(stderr, "fork child %d: status 0x%x\n", i, st);
  }
  stop_threads = 1;
  for (int i = 0; i < 4; i++) pthread_join(t[i], NULL);
  printf("fork: %d children while 4 threads placed objects: %d ok, %d hung\n", n, ok, hung);
  CHECK_EQ("every child allocated and freed safely", ok, n);
  CHECK_EQ("no child hung after fork", hung, 0);
  CHECK("parent's object intact", inherited[0] == 0x5a && inherited[1024 * KiB - 1] == 0x5a);
  free(inherited);
}

static double exit_took; /* seconds from "exiting" to reaped, last run_signal */

/* Run child-signal; after it says "exiting", send `sig` (flood for SIGUSR1,
 * once after delay_us for others; 0: none). Returns the wait status. */
static int run_signal(int sig, long delay_us, const char *report) {
  env_t env[] = {{"OLI_REPORT", report}};
  int fds[2];
  if (pipe(fds) != 0) return -1;
  pid_t pid = spawn("child-signal", env, 1, "signal", fds[1], 0);
  close(fds[1]);
  char c;
  if (read(fds[0], &c, 1) != 1) {
    close(fds[0]);
    return wait_for(pid);
  }
  close(fds[0]);
  double t0 = now();
  if (sig == 0) {
    int st = wait_for(pid);
    exit_took = now() - t0;
    return st;
  }
  if (sig == SIGUSR1) {
    int st;
    long sent = 0;
    while (waitpid(pid, &st, WNOHANG) == 0) {
      kill(pid, SIGUSR1);
      sent++;
      if (sent % 64 == 0) usleep(50);
    }
    printf("signal-intr: %ld SIGUSR1 sent while the child exited\n", sent);
    return st;
  }
  if (delay_us > 0) usleep((useconds_t)delay_us);
  kill(pid, sig);
  return wait_for(pid);
}

static void case_signal_intr(void) {
  char report[400];
  snprintf(report, sizeof report, "%s/intr.json", dir);
  int st = run_signal(SIGUSR1, 0, report);
  CHECK("exit status 0 under a signal flood", WIFEXITED(st) && WEXITSTATUS(st) == 0);
  CHECK_EQ("report complete", doc_state(report, "oli-report", "summary"), 1);
  CHECK_EQ("no temporary left", count_files(".tmp."), 0);
}

static void case_signal_term(void) {
  char report[400];
  snprintf(report, sizeof report, "%s/term.json", dir);
  /* how long does the exit (mostly the report) take? */
  int st = run_signal(0, 0, report);
  double took = exit_took;
  CHECK("undisturbed run exits 0", WIFEXITED(st) && WEXITSTATUS(st) == 0);
  CHECK_EQ("undisturbed report complete", doc_state(report, "oli-report", "summary"), 1);
  int complete = 0, absent = 0, broken = 0, midway = 0, cleaned = 1;
  for (int i = 0; i < 12; i++) {
    unlink(report);
    char cmd[600];
    snprintf(cmd, sizeof cmd, "rm -f '%s'/*.tmp.*", dir);
    if (system(cmd) != 0) cleaned = 0;
    long delay = (long)(took * 1e6 * i / 10); /* from at once to just after the end */
    st = run_signal(SIGTERM, delay, report);
    int s = doc_state(report, "oli-report", "summary");
    complete += s == 1;
    absent += s == 0;
    broken += s < 0;
    midway += s == 0 && count_files(".tmp.") > 0;
  }
  printf("signal-term: exit with report took %.0f ms; 12 SIGTERMs: %d complete, %d absent "
         "(%d of them mid-write: temporary left), %d truncated\n",
         took * 1e3, complete, absent, midway, broken);
  CHECK_EQ("never a truncated report", broken, 0);
  CHECK("every trial started clean", cleaned);
  CHECK_EQ("all 12 trials ran", complete + absent + broken, 12);
}

static void case_exit(const char *kind, int want_report) {
  char report[400], profile[400];
  snprintf(report, sizeof report, "%s/r.json", dir);
  snprintf(profile, sizeof profile, "%s/p.json", dir);
  env_t env[] = {{"OLI_REPORT", report}, {"OLI_PROFILE", profile}};
  int st = wait_for(spawn(kind, env, 2, "exit", -1, 0));
  int r = doc_state(report, "oli-report", "summary"), p = doc_state(profile, "oli-profile", "sites");
  printf("%s: status 0x%x, report %s, profile %s\n", kind, st, r > 0 ? "complete" : r ? "BROKEN" : "absent",
         p > 0 ? "complete" : p ? "BROKEN" : "absent");
  CHECK("report complete or absent", r >= 0);
  CHECK("profile complete or absent", p >= 0);
  if (!want_report) { /* _exit, abort: no destructor ran, so no report at all */
    CHECK_EQ("report absent", r, 0);
    CHECK_EQ("profile absent", p, 0);
  }
  if (want_report) {
    CHECK("exit status 0", WIFEXITED(st) && WEXITSTATUS(st) == 0);
    CHECK_EQ("report written", r, 1);
    CHECK_EQ("profile written", p, 1);
  }
  CHECK_EQ("no temporary left", count_files(".tmp."), 0);
}

static void case_same_pattern(void) {
  char rp[400], pp[400], shared[400];
  snprintf(rp, sizeof rp, "%s/same-%%p.json", dir);
  snprintf(pp, sizeof pp, "%s/prof-%%p.json", dir);
  env_t env[] = {{"OLI_REPORT", rp}, {"OLI_PROFILE", pp}};
  pid_t a = spawn("child-exit", env, 2, "a", -1, 0), b = spawn("child-exit", env, 2, "b", -1, 0);
  int sa = wait_for(a), sb = wait_for(b);
  CHECK("both exit 0", WIFEXITED(sa) && !WEXITSTATUS(sa) && WIFEXITED(sb) && !WEXITSTATUS(sb));
  char f[2][400], g[2][400];
  snprintf(f[0], 400, "%s/same-%ld.json", dir, (long)a);
  snprintf(f[1], 400, "%s/same-%ld.json", dir, (long)b);
  snprintf(g[0], 400, "%s/prof-%ld.json", dir, (long)a);
  snprintf(g[1], 400, "%s/prof-%ld.json", dir, (long)b);
  CHECK("two distinct report files, both complete",
        doc_state(f[0], "oli-report", "summary") == 1 && doc_state(f[1], "oli-report", "summary") == 1);
  CHECK("two distinct profiles, both complete",
        doc_state(g[0], "oli-profile", "sites") == 1 && doc_state(g[1], "oli-profile", "sites") == 1);
  size_t la, lb;
  char *ta = slurp(f[0], &la), *tb = slurp(f[1], &lb);
  char want_a[64], want_b[64];
  snprintf(want_a, sizeof want_a, "\"pid\": %ld", (long)a);
  snprintf(want_b, sizeof want_b, "\"pid\": %ld", (long)b);
  CHECK("each report is its own process's", ta && tb && strstr(ta, want_a) && strstr(tb, want_b));
  free(ta);
  free(tb);
  /* the same name for both: one complete file (the last rename wins) */
  snprintf(shared, sizeof shared, "%s/shared.json", dir);
  env_t env2[] = {{"OLI_REPORT", shared}};
  a = spawn("child-exit", env2, 1, "a", -1, 0);
  b = spawn("child-exit", env2, 1, "b", -1, 0);
  wait_for(a);
  wait_for(b);
  CHECK_EQ("one name, two writers: one complete file", doc_state(shared, "oli-report", "summary"), 1);
  CHECK_EQ("no temporary left", count_files(".tmp."), 0);
}

static void check_warned_app_ok(const char *name, int st, const char *what) {
  char out[512], err[512];
  snprintf(out, sizeof out, "%s/%s.out", dir, name);
  snprintf(err, sizeof err, "%s/%s.err", dir, name);
  char *o = slurp(out, NULL), *e = slurp(err, NULL);
  CHECK("exit status 0: the application is unaffected", WIFEXITED(st) && WEXITSTATUS(st) == 0);
  CHECK("application output intact", o && !strcmp(o, "app-output-ok\n"));
  CHECK_EQ("one warning line about the report", lines_with(e, "oli: warning: cannot write report"), 1);
  CHECK("the warning says why", e && strstr(e, what) != NULL);
  if (e && (lines_with(e, "oli: warning: cannot write report") != 1 || !strstr(e, what)))
    fprintf(stderr, "     stderr was: %s\n", e);
  free(o);
  free(e);
}

static void case_readonly(void) {
  char ro[400], report[500];
  snprintf(ro, sizeof ro, "%s/ro", dir);
  mkdir(ro, 0555);
  chmod(ro, 0555);
  snprintf(report, sizeof report, "%s/r.json", ro);
  env_t env[] = {{"OLI_REPORT", report}};
  drop_dac = 1; /* as root: without CAP_DAC_OVERRIDE the mode holds */
  int st = wait_for(spawn("child-small", env, 1, "ro", -1, 0));
  drop_dac = 0;
  if (WIFEXITED(st) && WEXITSTATUS(st) == 125)
    TEST_SKIP("running as root without CAP_SETPCAP: cannot make a directory unwritable");
  check_warned_app_ok("ro", st, "Permission denied");
  CHECK("no file created", access(report, F_OK) != 0);
  CHECK_EQ("no temporary left", count_files(".tmp."), 0);
}

static void case_full(void) {
  char report[400];
  snprintf(report, sizeof report, "%s/full.json", dir);
  env_t env[] = {{"OLI_REPORT", report}};
  int st = wait_for(spawn("child-exit", env, 1, "full", -1, 16 * KiB));
  check_warned_app_ok("full", st, "File too large");
  CHECK_EQ("no report file", doc_state(report, "oli-report", "summary"), 0);
  CHECK_EQ("no temporary left", count_files(".tmp."), 0);
}

static void case_dev_full(void) {
  char link[400];
  snprintf(link, sizeof link, "%s/to-dev-full.json", dir);
  if (symlink("/dev/full", link) != 0) TEST_SKIP("cannot make a symlink");
  env_t env[] = {{"OLI_REPORT", link}};
  int st = wait_for(spawn("child-small", env, 1, "devfull", -1, 0));
  check_warned_app_ok("devfull", st, "No space left on device");
  struct stat s;
  CHECK("the symlink to /dev/full is left alone", lstat(link, &s) == 0 && S_ISLNK(s.st_mode));
}

static void case_shared_dir(void) {
  char shared[400], victim[400], report[500], planted[600];
  snprintf(shared, sizeof shared, "%s/shared", dir);
  snprintf(victim, sizeof victim, "%s/victim", dir);
  mkdir(shared, 01777);
  chmod(shared, 01777);
  int fd = open(victim, O_WRONLY | O_CREAT | O_TRUNC, 0600);
  if (fd < 0 || write(fd, "precious\n", 9) != 9) TEST_SKIP("cannot write the victim file");
  close(fd);
  const uid_t other = 12345;
  int root = geteuid() == 0;
  /* 1. temporaries planted at the names a predictable writer would use */
  snprintf(report, sizeof report, "%s/r.json", shared);
  int gate[2];
  if (pipe(gate) != 0) TEST_SKIP("pipe failed");
  env_t env[] = {{"OLI_REPORT", report}};
  gate_fd = gate[0];
  pid_t pid = spawn("child-small", env, 1, "shared", -1, 0);
  gate_fd = -1;
  close(gate[0]);
  for (int i = 0; i < 4; i++) { /* NAME.tmp.PID, and the next pids in case of a re-fork */
    snprintf(planted, sizeof planted, "%s.tmp.%ld", report, (long)pid + i);
    if (symlink(victim, planted) != 0) TEST_SKIP("cannot plant a symlink");
    if (root && lchown(planted, other, other) != 0) TEST_SKIP("lchown failed");
  }
  if (write(gate[1], "g", 1) != 1) TEST_SKIP("cannot release the child");
  close(gate[1]);
  int st = wait_for(pid);
  size_t len = 0;
  char *v = slurp(victim, &len);
  CHECK("planted temporaries: exit 0", WIFEXITED(st) && WEXITSTATUS(st) == 0);
  CHECK("planted temporaries: the victim keeps its bytes", v && !strcmp(v, "precious\n"));
  CHECK_EQ("planted temporaries: the report is complete where it belongs",
           doc_state(report, "oli-report", "summary"), 1);
  free(v);
  /* 2. (root) the report's own name is another user's symlink to the victim */
  if (!root) {
    printf("shared-dir: not root, another user's symlink not tested\n");
    return;
  }
  snprintf(report, sizeof report, "%s/planted.json", shared);
  if (symlink(victim, report) != 0 || lchown(report, other, other) != 0) TEST_SKIP("cannot plant the link");
  env[0].value = report;
  st = wait_for(spawn("child-small", env, 1, "shared2", -1, 0));
  v = slurp(victim, &len);
  char errp[512];
  snprintf(errp, sizeof errp, "%s/shared2.err", dir);
  char *e = slurp(errp, NULL);
  CHECK("another user's symlink: exit 0", WIFEXITED(st) && WEXITSTATUS(st) == 0);
  CHECK("another user's symlink: the victim keeps its bytes", v && !strcmp(v, "precious\n"));
  CHECK("one warning saying the link is not followed",
        e && lines_with(e, "oli: warning: cannot write report") == 1 && strstr(e, "owned by another user"));
  struct stat ls;
  CHECK("the planted link is left alone", lstat(report, &ls) == 0 && S_ISLNK(ls.st_mode));
  free(v);
  free(e);
}

static char *repeated[32]; /* kept for the whole case (LeakSanitizer) */

static char *repeat(const char *unit, size_t times) {
  static int nrep;
  size_t k = strlen(unit);
  char *s = malloc(k * times + 1);
  if (nrep < 32) repeated[nrep++] = s;
  for (size_t i = 0; i < times; i++) memcpy(s + i * k, unit, k);
  s[k * times] = '\0';
  return s;
}

static void case_absurd_env(void) {
  char longpath[11000];
  snprintf(longpath, sizeof longpath, "%s/%s.json", dir, repeat("a", 10000));
  env_t cases[] = {
      {"OLI_POLICY", repeat("x", 100000)},
      {"OLI_POLICY", repeat(" ", 1 << 16)},
      {"OLI_MIN_SIZE", repeat("9", 300)},
      {"OLI_MIN_SIZE", "18446744073709551616"},
      {"OLI_MIN_SIZE", "99999999999P"},
      {"OLI_MIN_SIZE", "-1"},
      {"OLI_MIN_SIZE", "1e400"},
      {"OLI_DRAM_LIMIT", "16383P"},
      {"OLI_DRAM_LIMIT", "18446744073709551615"},
      {"OLI_LARGE_PERCENT", "4294967396"},
      {"OLI_LARGE_PERCENT", "100000000000000000000"},
      {"OLI_WEIGHTS", "4294967297:1"},
      {"OLI_WEIGHTS", "1:1:1:1"},
      {"OLI_WEIGHTS", repeat("1", 5000)},
      {"OLI_WEIGHTS", "256:1"},
      {"OLI_DRAM_NODES", "0-4294967295"},
      {"OLI_DRAM_NODES", "0-63,64"},
      {"OLI_CXL_NODES", repeat("0,", 50000)},
      {"OLI_ARENA_SIZE", "16383P"},
      {"OLI_ARENA_SIZE", "1"},
      {"OLI_VERBOSE", "99999999999999999999"},
      {"OLI_REPORT", longpath},
      {"OLI_REPORT", repeat("%p", 5000)},
      {"OLI_REPORT", repeat("%h", 3000)},
      {"OLI_PROFILE", repeat("%r", 5000)},
      {"OLI_PLAN", repeat("/p", 5000)},
      {"OLI_REPORT_FORMAT", repeat("json", 25000)},
      {"OLI_SYSFS_ROOT", repeat("/", 100000)},
      {"OLI_DRAM_BUDGET", repeat("8", 400)}, /* a legacy name */
      /* huge but valid (from here on): the program must run with them */
      {"OLI_DRAM_LIMIT", "128P"},
      {"OLI_MIN_SIZE", "128P"},
      {"OLI_ARENA_SIZE", "64T"},
      {"OLI_WEIGHTS", "255:255:255"},
      {"OLI_LARGE_PERCENT", "100"},
      {"OLI_DRAM_NODES", "0"},
      {"OLI_REPORT", repeat("r", 200)},
  };
  int n = (int)(sizeof cases / sizeof cases[0]), ok = 0, refused = 0, first_valid = n - 7, valid_ok = 0;
  for (int i = 0; i < n; i++) {
    int st = wait_for(spawn("child-small", &cases[i], 1, "absurd", -1, 0));
    char err[512];
    snprintf(err, sizeof err, "%s/absurd.err", dir);
    size_t len = 0;
    char *e = slurp(err, &len);
    char shown[48];
    snprintf(shown, sizeof shown, "%.20s%s (%zu chars)", cases[i].value, strlen(cases[i].value) > 20 ? "..." : "",
             strlen(cases[i].value));
    int good = 0;
    if (WIFEXITED(st) && WEXITSTATUS(st) == 0) {
      good = i >= first_valid; /* an absurd value that runs was taken for something */
      ok++;
      valid_ok += i >= first_valid;
    } else if (WIFEXITED(st) && WEXITSTATUS(st) == 2 && i < first_valid) {
      /* the last line is the error naming the variable; any before it are warnings */
      const char *last = e ? strstr(e, "oli: error: ") : NULL;
      const char *nl = last ? strchr(last, '\n') : NULL;
      good = last && (last == e || !strncmp(e, "oli: warning: ", 14)) && nl && nl[1] == '\0' &&
             strstr(last, cases[i].name) && strstr(last, cases[i].name) < nl && len <= 1024;
      refused++;
    }
    if (!good)
      fprintf(stderr, "FAIL %s=%s: status 0x%x, stderr %zu bytes: %.300s\n", cases[i].name, shown, st, len,
              e ? e : "");
    CHECK(cases[i].name, good);
    free(e);
  }
  printf("absurd-env: %d values: %d accepted (exit 0), %d refused with one line (exit 2)\n", n, ok, refused);
  CHECK_EQ("huge but valid values accepted", valid_ok, n - first_valid);
  CHECK_EQ("every absurd value refused", refused, first_valid);
  CHECK_EQ("no file appeared under a truncated name", count_files("aaaa"), 0);
}

int main(int argc, char **argv) {
  if (argc > 1 && !strncmp(argv[1], "child-", 6)) return child(argv[1]);
  if (argc < 2) {
    fprintf(stderr, "usage: robust CASE (see the head of robust.c)\n");
    return 2;
  }
  const char *tmp = getenv("TMPDIR");
  snprintf(dir, sizeof dir, "%s/oli-robust-XXXXXX", tmp && strlen(tmp) < 200 ? tmp : "/tmp");
  if (!mkdtemp(dir)) {
    perror("robust: mkdtemp");
    return 2;
  }
  const char *c = argv[1];
  if (!strcmp(c, "fork")) case_fork();
  else if (!strcmp(c, "signal-intr")) case_signal_intr();
  else if (!strcmp(c, "signal-term")) case_signal_term();
  else if (!strcmp(c, "exit-normal")) case_exit("child-exit", 1);
  else if (!strcmp(c, "exit-_exit")) case_exit("child-_exit", 0);
  else if (!strcmp(c, "exit-thread")) case_exit("child-thread-exit", 1);
  else if (!strcmp(c, "abort")) case_exit("child-abort", 0);
  else if (!strcmp(c, "same-pattern")) case_same_pattern();
  else if (!strcmp(c, "readonly")) case_readonly();
  else if (!strcmp(c, "full")) case_full();
  else if (!strcmp(c, "dev-full")) case_dev_full();
  else if (!strcmp(c, "shared-dir")) case_shared_dir();
  else if (!strcmp(c, "absurd-env")) case_absurd_env();
  else {
    fprintf(stderr, "robust: unknown case '%s'\n", c);
    rm_dir();
    return 2;
  }
  int rc = TEST_SUMMARY();
  if (rc == 0 || !getenv("OLI_KEEP")) rm_dir();
  else printf("files kept in %s\n", dir);
  return rc;
}
