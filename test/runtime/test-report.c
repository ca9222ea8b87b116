/* test-report.c - the placement report: module records registered (zero
 * padding skipped, static hints summed once per ID), JSON written with %p in
 * the name and parsed by python3's json module (fields of docs/report-schema.md
 * checked), the text table, an unwritable directory (one warning, program
 * unaffected), and the at-exit report of a child process run with OLI_REPORT. */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "internal.h"
#include "siterec.h"
#include "sitehelper.h"
#include "testhelper.h"

#define MiB (1024ull * 1024)

/* Two "modules" of records laid end to end with a zero word between them. */
static uint64_t section[256] __attribute__((aligned(8)));
static char global_array[8 * MiB] __attribute__((aligned(4096)));

static int have_python(void) { return system("python3 -c 'import json' >/dev/null 2>&1") == 0; }

/* Runs a python3 check over a report file; 0 when every assertion holds. */
static int py_check(const char *file, const char *assertions) {
  char cmd[8192];
  snprintf(cmd, sizeof cmd,
           "python3 - '%s' <<'EOF'\n"
           "import json, sys\n"
           "r = json.load(open(sys.argv[1]))\n"
           "sites = {s['id']: s for s in r['sites']}\n"
           "%s\n"
           "EOF\n",
           file, assertions);
  return system(cmd);
}

static int child(void) {
  __oli_site_t *s = test_site(0x7001, OLI_KIND_MALLOC, 0, "child_obj");
  char *p = __oli_malloc(4 * MiB, s);
  memset(p, 1, 4 * MiB); /* live at exit: reported with its pages */
  return 0;
}

/* A decide hook: "on_cxl" on CXL, the rest on local DRAM, with this
 * machine's DRAM node standing in for the CXL node (mbind succeeds on one
 * node; the tier accounting books each tier its share). */
static oli_topology_t topo1;
static oli_decision_t by_name(const oli_decide_in_t *in) {
  topo1 = *_oli_topology();
  topo1.cxl_node = topo1.local_node;
  oli_decide_in_t x = *in;
  x.topo = &topo1;
  const char *file, *func, *name;
  oli_siterec_strings(in->site, &file, &func, &name);
  x.policy = name && strcmp(name, "on_cxl") == 0 ? OLI_POLICY_CXL : OLI_POLICY_DRAM;
  return _oli_decide(&x);
}

static int saved_child(const char *report) {
  _oli_alloc_ready();
  _oli_process_init();
  __oli_site_t *sc = test_site(0x6301, OLI_KIND_MALLOC, 0, "on_cxl");
  __oli_site_t *sd = test_site(0x6302, OLI_KIND_MALLOC, 0, "on_dram");
  _oli_alloc_set_decide_hook(by_name);
  free(__oli_malloc(16 * MiB, sc));
  char *d = __oli_malloc(16 * MiB, sd); /* live at the report */
  return d && oli_report_write(report) == 0 ? 0 : 1;
}

static int run_child(const char *self, const char *report, int *status) {
  pid_t pid = fork();
  if (pid == 0) {
    setenv("OLI_REPORT", report, 1);
    execl(self, self, "child", (char *)NULL);
    _exit(127);
  }
  waitpid(pid, status, 0);
  return pid;
}

int main(int argc, char **argv) {
  if (argc > 1 && strcmp(argv[1], "child") == 0) return child();
  if (argc > 2 && strcmp(argv[1], "saved") == 0) return saved_child(argv[2]);
  if (argc > 1 && strcmp(argv[1], "limit") == 0) { /* a fresh process under OLI_DRAM_LIMIT: its table */
    void *volatile big = __oli_malloc(2 * MiB, test_site(0x6901, OLI_KIND_MALLOC, 0, "big"));
    free(big);
    return oli_report_write("stderr") == 0 ? 0 : 1;
  }

  char *b = (char *)section;
  __oli_site_t *a1 = test_site_at(b, 0x6001, OLI_KIND_MALLOC, 0, "t.c", 11, "main", "matrix");
  a1->rel = 4; /* line 11 of a function starting at line 7 */
  b += a1->size;
  __oli_site_t *a2 = test_site_at(b, 0x6002, OLI_KIND_CALLOC, 1000, "t.c", 12, "main", "vec\"q");
  b += a2->size;
  b += 8; /* zero padding between modules */
  __oli_site_t *a3 = test_site_at(b, 0x6002, OLI_KIND_CALLOC, 1000, "t.c", 12, "main", "vec\"q"); /* same ID */
  b += a3->size;
  __oli_site_t *g = test_site_at(b, 0x6003, OLI_KIND_GLOBAL, sizeof global_array, "t.c", 3, "", "global_array");
  b += g->size;
  __oli_init((__oli_site_t *)section, (__oli_site_t *)b);
  CHECK("records registered", _oli_site_fast(a1) && _oli_site_fast(a2) && _oli_site_fast(g));
  CHECK("same ID in two modules shares the state", _oli_site_fast(a2) == _oli_site_fast(a3));
  CHECK_EQ("static hints summed once per ID", _oli_site_static_footprint(), 1000 + sizeof global_array);

  /* A damaged module (common/siterec.c reads it): the good record before the
   * damage is registered, the rest is not, one W_PLAN warning says so. */
  static uint64_t damaged[64] __attribute__((aligned(8)));
  __oli_site_t *ok_rec = test_site_at(damaged, 0x6101, OLI_KIND_MALLOC, 0, "d.c", 1, "f", "ok");
  __oli_site_t *bad_rec = test_site_at((char *)damaged + ok_rec->size, 0x6102, OLI_KIND_MALLOC, 0, "d.c", 2, "f", "bad");
  bad_rec->kind = 200; /* no such kind */
  uint64_t wplan = _oli_warning_count(W_PLAN);
  __oli_init((__oli_site_t *)damaged, (__oli_site_t *)((char *)bad_rec + bad_rec->size));
  CHECK("damaged module: the record before the damage is registered", _oli_site_fast(ok_rec) != NULL);
  CHECK("damaged module: the damaged record is not", _oli_site_fast(bad_rec) == NULL);
  CHECK_EQ("damaged module: one W_PLAN warning", _oli_warning_count(W_PLAN), wplan + 1);

  __oli_register_global(global_array, sizeof global_array, g);
  memset(global_array, 3, sizeof global_array);
  char *m = __oli_malloc(16 * MiB, a1);
  memset(m, 2, 16 * MiB);
  for (int i = 0; i < 10; i++) free(__oli_calloc(10, 100, a2));

  const char *tmp = getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp";
  char dir[512], pattern[600], file[600];
  snprintf(dir, sizeof dir, "%s/oli-report-test.%ld", tmp, (long)getpid());
  mkdir(dir, 0700);
  snprintf(pattern, sizeof pattern, "%s/r-%%p.json", dir);
  snprintf(file, sizeof file, "%s/r-%ld.json", dir, (long)getpid());
  CHECK_EQ("oli_report_write to a file", oli_report_write(pattern), 0);
  CHECK("file named with the pid", access(file, R_OK) == 0);
  char tmpname[700];
  snprintf(tmpname, sizeof tmpname, "%s.tmp.%ld", file, (long)getpid());
  CHECK("no temporary file left", access(tmpname, F_OK) != 0);

  if (have_python()) {
    CHECK("JSON parses with the schema's fields",
          py_check(file,
                   "assert r['schema'] == 'oli-report' and r['version'] == 2\n"
                   "assert r['pid'] > 0 and r['policy'] in ('oli','uniform','dram','cxl','off')\n"
                   "assert set(r['options']) >= {'dram_limit','large_percent','min_size','weights'}\n"
                   "assert isinstance(r['topology']['nodes'], list) and r['topology']['nodes']\n"
                   "m = sites['0x0000000000006001']\n"
                   "assert m['name'] == 'matrix' and m['kind'] == 'malloc' and m['line'] == 11\n"
                   "assert m['rel'] == 4\n"
                   "assert m['count'] == 1 and m['largest'] == 16*1024*1024\n"
                   "assert m['reason'] and m['decision'] in ('dram','interleave','cxl','default')\n"
                   "if m['decision'] != 'default':\n"
                   "    assert m['peak_live'] == 16*1024*1024\n"
                   "    assert sum(m['pages_intended'].values()) == 4096, m['pages_intended']\n"
                   "    assert sum(m['pages_achieved'].values()) == 4096, m['pages_achieved']\n"
                   "v = sites['0x0000000000006002']\n"
                   "assert v['name'] == 'vec\"q' and v['count'] == 10 and v['size_hint'] == 1000\n"
                   "assert v['decision'] == 'default' and v['pages_achieved'] == {}\n"
                   "gl = sites['0x0000000000006003']\n"
                   "assert gl['kind'] == 'global' and gl['count'] == 1\n"
                   "if gl['decision'] != 'default': assert sum(gl['pages_achieved'].values()) == 2048\n"
                   "s = r['summary']\n"
                   "assert s['placed_objects'] == 2 and s['small_objects'] == 10, s\n"
                   "assert sum(s['bytes'].values()) >= (24 if m['decision'] != 'default' else 8)*1024*1024\n"
                   "b = s['bytes']\n"
                   "saved = max(0, r['footprint']['placed_peak'] - b['dram'] - b['default'])\n"
                   "assert s['dram_saved'] == min(saved, b['cxl'] + b['remote_dram']), s\n") == 0);
  } else {
    printf("note: python3 missing, JSON not parsed\n");
  }

  /* Runtime metadata (issue 7): reported, and bounded per tracked object with
   * 1000 placed objects of OLI_MIN_SIZE (not touched: no memory used). */
  {
    static char *objs[1000];
    __oli_site_t *many = test_site(0x6004, OLI_KIND_MALLOC, 0, "many");
    size_t sz = (size_t)_oli_option_get(oli_option_min_size);
    for (int i = 0; i < 1000; i++) objs[i] = __oli_malloc(sz, many);
    char mfile[700];
    snprintf(mfile, sizeof mfile, "%s/meta.json", dir);
    CHECK_EQ("report with 1000 more placed objects", oli_report_write(mfile), 0);
    uint64_t mf = 0, mb = 0, mo = 0;
    _oli_runtime_meta(&mf, &mb, &mo);
    printf("runtime metadata: %llu bytes fixed + %llu bytes for %llu tracked objects\n", (unsigned long long)mf,
           (unsigned long long)mb, (unsigned long long)mo);
    if (have_python())
      CHECK("runtime_metadata reported and bounded",
            py_check(mfile, "md = r['summary']['runtime_metadata']\n"
                            "k = sites['0x0000000000006004']\n"
                            "assert md['bytes'] > 0, md\n"
                            "if k['decision'] != 'default':\n"
                            "    assert md['tracked_objects'] >= 1000, md\n"
                            "    assert 0 < md['bytes_per_object'] < 4096, md\n"
                            "    assert md['bytes_per_object'] == md['object_bytes'] // md['tracked_objects']\n"
                            "assert md['bytes'] == md['fixed_bytes'] + md['object_bytes'], md\n"
                            "assert md['fixed_bytes'] > 0 and md['object_bytes'] > 0, md\n") == 0);
    for (int i = 0; i < 1000; i++) free(objs[i]);
  }

  /* DRAM saved is peak DRAM saved: an object on CXL freed before one as large
   * on DRAM saves nothing (the tiers' peaks add up to twice the placed peak);
   * in a fresh process (exec), whose tiers hold nothing else */
  {
    char pf[700];
    snprintf(pf, sizeof pf, "%s/saved.json", dir);
    pid_t pid = fork();
    if (pid == 0) {
      execl(argv[0], argv[0], "saved", pf, (char *)NULL);
      _exit(127);
    }
    int st = -1;
    waitpid(pid, &st, 0);
    CHECK("saved: child wrote the report", WIFEXITED(st) && WEXITSTATUS(st) == 0);
    if (have_python())
      CHECK("saved: one object at a time, on CXL then on DRAM: no DRAM saved",
            py_check(pf, "s = r['summary']\n"
                         "assert s['bytes']['cxl'] == 16 << 20 and s['bytes']['dram'] == 16 << 20, s['bytes']\n"
                         "assert r['footprint']['placed_peak'] == 16 << 20, r['footprint']\n"
                         "assert s['dram_saved'] == 0, s\n") == 0);
  }

  /* Honest pages (issue 11): in a child, a global that starts and ends inside
   * a page (its 2 edge pages are its neighbours': pages_shared, in no count)
   * and an object whose tail was never touched (pages_not_present): neither
   * is a mismatch in the JSON counts or the text table. */
  {
    int fd[2];
    pid_t tp = test_child_fork(fd);
    if (tp == 0) {
      static char backing[4 * MiB] __attribute__((aligned(4096)));
      static uint64_t rec[64];
      char *b2 = (char *)rec;
      __oli_site_t *og = test_site_at(b2, 0x6201, OLI_KIND_GLOBAL, 2 * MiB, "h.c", 0, "", "odd");
      b2 += og->size;
      __oli_site_t *ht = test_site_at(b2, 0x6202, OLI_KIND_MALLOC, 0, "h.c", 0, "main", "half");
      b2 += ht->size;
      __oli_init((__oli_site_t *)rec, (__oli_site_t *)b2);
      __oli_register_global(backing + 100, 2 * MiB, og); /* pages 0 and 512 are shared */
      memset(backing + 100, 1, 2 * MiB);
      char *h = __oli_malloc(4 * MiB, ht);
      memset(h, 1, 2 * MiB); /* the tail: never touched */
      char pf[700];
      snprintf(pf, sizeof pf, "%s/pages.json", dir);
      _exit(oli_report_write(pf) == 0 && oli_report_write("stderr") == 0 ? 0 : 1);
    }
    char out[65536], pf[700];
    int st = test_child_collect(fd, tp, out, sizeof out);
    snprintf(pf, sizeof pf, "%s/pages.json", dir);
    CHECK_EQ("pages: child wrote both reports", st, 0);
    if (have_python())
      CHECK("pages: a global counts its own pages, untouched pages are apart",
            py_check(pf, "g = sites['0x0000000000006201']\n"
                         "assert g['pages_shared'] == 2, g\n"
                         "if g['decision'] != 'default':\n"
                         "    assert sum(g['pages_intended'].values()) == 511, g\n"
                         "    assert sum(g['pages_achieved'].values()) + g['pages_not_present'] == 511, g\n"
                         "h = sites['0x0000000000006202']\n"
                         "assert h['pages_not_present'] == 512 and h['pages_shared'] == 0, h\n"
                         "if h['decision'] != 'default':\n"
                         "    assert sum(h['pages_achieved'].values()) == 512, h\n"
                         "    assert sum(h['pages_intended'].values()) == 1024, h\n") == 0);
    const char *row = strstr(out, "h.c:main#0 half");
    CHECK("pages: the untouched tail in the table", row && strstr(row, "+512 untouched"));
    CHECK("pages: no site marked", strstr(out, " !") == NULL && strstr(out, "different page split") == NULL);
    CHECK("pages: the global is at its file", strstr(out, " h.c odd ") != NULL);
    if (!row || strstr(out, " !")) fprintf(stderr, "     table was:\n%s", out);
  }

  /* The run's DRAM limit in the table's summary line: on a machine with no
   * CXL or remote node it cannot be kept, and the line says so. */
  {
    int fd[2];
    pid_t tp = test_child_fork(fd);
    if (tp == 0) {
      setenv("OLI_DRAM_LIMIT", "10M", 1);
      setenv("OLI_SYSFS_ROOT", OLI_TEST_DATA "/devbox-1node", 1);
      execl(argv[0], argv[0], "limit", (char *)NULL);
      _exit(127);
    }
    char out[65536];
    CHECK_EQ("limit: child wrote the table", test_child_collect(fd, tp, out, sizeof out), 0);
    CHECK("limit: in the summary, not kept", strstr(out, "; DRAM limit 10.0 MiB (not kept: no CXL or remote node") != NULL);
    if (!strstr(out, "; DRAM limit")) fprintf(stderr, "     table was:\n%s", out);
  }

  /* Text table to stderr. */
  CHECK_EQ("table to stderr", oli_report_write("stderr"), 0);
  /* ... with a program name and record strings holding newlines and terminal
   * controls: shown escaped, so nothing can forge a line or drive the terminal */
  {
    int fd[2];
    pid_t tp = test_child_fork(fd);
    if (tp == 0) {
      extern char *program_invocation_short_name;
      program_invocation_short_name = "x\nevil::0:0:::\ny";
      static uint64_t rec[64];
      __oli_site_t *e = test_site_at(rec, 0x6abc, OLI_KIND_MALLOC, 0, "d\x1b[2J/e\nvil.c", 3, "f", "n\x1b]0;t\a");
      free(__oli_malloc(64, e));
      _exit(oli_report_write("stderr") == 0 ? 0 : 1);
    }
    char out[65536];
    int st = test_child_collect(fd, tp, out, sizeof out);
    CHECK_EQ("text table with hostile strings written", st, 0);
    CHECK("no forged line from the program name", strstr(out, "\nevil::") == NULL);
    CHECK("the program name escaped", strstr(out, "oli report: x\\nevil::0:0:::\\ny, pid") != NULL);
    int raw = 0;
    for (const char *p = out; *p; p++) raw += (*p < 0x20 && *p != '\n') || *p == 0x7f;
    CHECK_EQ("no raw control characters in the table", raw, 0);
    CHECK("record strings escaped", strstr(out, "e\\nvil.c:3 n\\x1b]0;t\\x07") != NULL);
    if (raw || !strstr(out, "e\\nvil.c:3")) fprintf(stderr, "     table was:\n%s", out);
  }

  /* Unwritable directory: -1, one warning, we carry on. */
  uint64_t w0 = _oli_warning_count(W_REPORT);
  errno = 0;
  CHECK_EQ("unwritable directory fails", oli_report_write("/nonexistent-oli-dir/r.json"), -1);
  CHECK("errno says why", errno == ENOENT);
  CHECK("W_REPORT warned", _oli_warning_count(W_REPORT) == w0 + 1);

  /* At exit, in a child run with OLI_REPORT. */
  int status = 0;
  char cpat[600], cfile[600];
  snprintf(cpat, sizeof cpat, "%s/exit-%%p.json", dir);
  pid_t pid = run_child("/proc/self/exe", cpat, &status);
  snprintf(cfile, sizeof cfile, "%s/exit-%ld.json", dir, (long)pid);
  CHECK("child exits 0", WIFEXITED(status) && WEXITSTATUS(status) == 0);
  CHECK("at-exit report written", access(cfile, R_OK) == 0);
  if (have_python())
    CHECK("at-exit report parses",
          py_check(cfile, "c = sites['0x0000000000007001']\n"
                          "assert c['count'] == 1 and c['largest'] == 4*1024*1024\n"
                          "assert c['peak_live'] == (0 if c['decision'] == 'default' else 4*1024*1024)\n") == 0);
  status = 0;
  run_child("/proc/self/exe", "/nonexistent-oli-dir/exit-%p.json", &status);
  CHECK("unwritable at-exit report leaves exit status 0", WIFEXITED(status) && WEXITSTATUS(status) == 0);

  /* "stderr" in any case is standard error, for the profile too: no file of that name */
  for (int k = 0; k < 2; k++) {
    int fd[2];
    pid_t sp = test_child_fork(fd);
    if (sp == 0) {
      if (chdir(dir) != 0) _exit(126);
      setenv(k ? "OLI_PROFILE" : "OLI_REPORT", k ? "Stderr" : "STDERR", 1);
      execl("/proc/self/exe", "test-report", "child", (char *)NULL);
      _exit(127);
    }
    char out[65536];
    int st = test_child_collect(fd, sp, out, sizeof out);
    char named[700];
    snprintf(named, sizeof named, "%s/%s", dir, k ? "Stderr" : "STDERR");
    CHECK(k ? "OLI_PROFILE=Stderr: exit 0, JSON on stderr" : "OLI_REPORT=STDERR: exit 0, table on stderr",
          st == 0 && strstr(out, k ? "\"schema\": \"oli-profile\"" : "oli report: test-report, pid") != NULL);
    CHECK(k ? "OLI_PROFILE=Stderr: no file named Stderr" : "OLI_REPORT=STDERR: no file named STDERR",
          access(named, F_OK) != 0);
  }

  /* OLI_REPORT naming a FIFO nobody reads: one warning at exit, no hang */
  char fifo[700];
  snprintf(fifo, sizeof fifo, "%s/fifo", dir);
  mkfifo(fifo, 0644);
  {
    int fd[2];
    pid_t fp = test_child_fork(fd);
    if (fp == 0) {
      alarm(20); /* the old writer blocked in open() at exit */
      setenv("OLI_REPORT", fifo, 1);
      execl("/proc/self/exe", "test-report", "child", (char *)NULL);
      _exit(127);
    }
    char out[4096];
    int st = test_child_collect(fd, fp, out, sizeof out);
    CHECK_EQ("OLI_REPORT=FIFO without a reader: exit 0 at once", st, 0);
    CHECK("... one warning naming it", strstr(out, "oli: warning: cannot write report") &&
                                           strstr(out, "a FIFO with no reader"));
    struct stat fs;
    CHECK("... the FIFO is left a FIFO", lstat(fifo, &fs) == 0 && S_ISFIFO(fs.st_mode));
  }

  char cmd[700];
  snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
  if (system(cmd) != 0) printf("note: could not remove %s\n", dir);
  free(m);
  return TEST_SUMMARY();
}
