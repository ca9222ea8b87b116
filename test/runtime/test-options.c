/* test-options: the option table, the pure parsers (policy, weights, node
 * lists, sizes) with good, bad and absurd values, legacy names, the exact error
 * line and exit status 2 for bad environment values, file name patterns. */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "grammar.h"
#include "internal.h"
#include "testhelper.h"

static char captured[8192];
static void capture(const char *msg, void *arg) {
  (void)arg;
  size_t have = strlen(captured), add = strlen(msg);
  if (have + add < sizeof captured) memcpy(captured + have, msg, add + 1);
}

static const char *const all_vars[] = {
    "OLI_POLICY", "OLI_VERBOSE", "OLI_STRICT", "OLI_REPORT", "OLI_REPORT_FORMAT",
    "OLI_DRAM_LIMIT", "OLI_DRAM_BUDGET", "OLI_LARGE_PERCENT", "OLI_LARGE_PCT", "OLI_MIN_SIZE",
    "OLI_WEIGHTS", "OLI_DRAM_NODES", "OLI_CXL_NODES", "OLI_PROFILE", "OLI_PLAN",
    "OLI_ARENA_SIZE", "OLI_SYSFS_ROOT", "OLI_COUNT_SMALL", "OLI_MACHINE", "OLI_FOOTPRINT", "OLI_MIGRATE_LIMIT",
    "OLI_MIGRATE_TIME", "OLI_PROFILE_START"};

static void clean_env(void) {
  for (size_t i = 0; i < sizeof all_vars / sizeof all_vars[0]; i++) unsetenv(all_vars[i]);
  _oli_options_reset();
}

/* Child: set var=value, read all options. Returns exit status; stderr in out. */
static int run_with(const char *var, const char *value, char *out, size_t n) {
  int fd[2];
  pid_t pid = test_child_fork(fd);
  if (pid < 0) return -1;
  if (pid == 0) {
    _oli_set_output(NULL, NULL);
    _oli_messages_reset(); /* the parent's warnings were printed: each is printed once */
    clean_env();
    setenv(var, value, 1);
    _oli_options_init();
    _exit(0);
  }
  return test_child_collect(fd, pid, out, n);
}

static void *reader(void *arg) {
  long bad = 0;
  for (int i = 0; i < 1000; i++) {
    if (oli_option_get(oli_option_policy) != OLI_POLICY_CXL) bad++;
    const char *r = _oli_option_str(oli_option_report);
    if (r == NULL || strcmp(r, "/tmp/x.%p") != 0) bad++;
  }
  *(long *)arg = bad;
  return NULL;
}

static int check(oli_option_t o, const char *v, long *out, char *msg) {
  bool forced;
  return _oli_option_check(o, v, out, &forced, msg, 400);
}

int main(void) {
  clean_env();
  _oli_set_output(capture, NULL);

  /* policy parser */
  oli_policy_t p = OLI_POLICY_OFF;
  CHECK("policy oli", oli_policy_parse("oli", &p) == 0 && p == OLI_POLICY_OLI);
  CHECK("policy uniform", oli_policy_parse("uniform", &p) == 0 && p == OLI_POLICY_UNIFORM);
  CHECK("policy dram", oli_policy_parse("dram", &p) == 0 && p == OLI_POLICY_DRAM);
  CHECK("policy cxl", oli_policy_parse("cxl", &p) == 0 && p == OLI_POLICY_CXL);
  CHECK("policy off", oli_policy_parse("off", &p) == 0 && p == OLI_POLICY_OFF);
  CHECK("policy rdram", oli_policy_parse("rdram", &p) == 0 && p == OLI_POLICY_RDRAM);
  CHECK("policy case-insensitive", oli_policy_parse("CXL", &p) == 0 && p == OLI_POLICY_CXL);
  CHECK("policy typo rejected", oli_policy_parse("unifrom", &p) == -1);
  CHECK("policy empty rejected", oli_policy_parse("", &p) == -1);
  CHECK("policy NULL rejected", oli_policy_parse(NULL, &p) == -1);
  CHECK_STR("policy name", oli_policy_name(OLI_POLICY_UNIFORM), "uniform");

  /* weights parser */
  uint32_t w[OLI_MAX_TARGETS] = {9, 9, 9};
  int n = 0;
  CHECK("weights 3:1", _oli_parse_weights("3:1", w, &n) == 0 && n == 2 && w[0] == 3 && w[1] == 1 &&
                           w[2] == 0);
  CHECK("weights 3:1:1", _oli_parse_weights("3:1:1", w, &n) == 0 && n == 3 && w[2] == 1);
  CHECK("weights 255:1", _oli_parse_weights("255:1", w, &n) == 0 && w[0] == 255);
  const char *bad_w[] = {"", "3", "3:", ":1", "0:1", "1:0", "256:1", "3:1:1:1", "3;1", "-3:1",
                         "+3:1", "3:1 ", "a:b", "99999999999999999999999:1", "3:1:", "1.5:1"};
  for (size_t i = 0; i < sizeof bad_w / sizeof bad_w[0]; i++) {
    char name[80];
    snprintf(name, sizeof name, "weights '%s' rejected", bad_w[i]);
    w[0] = 7;
    CHECK(name, _oli_parse_weights(bad_w[i], w, &n) == -1 && w[0] == 7);
  }

  /* node list parser */
  uint64_t m = 0;
  CHECK("nodes 0,2", _oli_parse_nodelist("0,2", &m) == 0 && m == 0x5);
  CHECK("nodes 0-3", _oli_parse_nodelist("0-3", &m) == 0 && m == 0xf);
  CHECK("nodes 0-1,3", _oli_parse_nodelist("0-1,3", &m) == 0 && m == 0xb);
  CHECK("nodes 63", _oli_parse_nodelist("63", &m) == 0 && m == 1ULL << 63);
  CHECK("nodes duplicate ok", _oli_parse_nodelist("1,1", &m) == 0 && m == 0x2);
  const char *bad_n[] = {"", "64", "3-1", "0,", ",0", "0--1", "a", "-1", "0 1", "1-",
                         "18446744073709551617", "0-99999999999"};
  for (size_t i = 0; i < sizeof bad_n / sizeof bad_n[0]; i++) {
    char name[80];
    snprintf(name, sizeof name, "nodes '%s' rejected", bad_n[i]);
    CHECK(name, _oli_parse_nodelist(bad_n[i], &m) == -1);
  }
  char nb[64];
  CHECK_STR("format nodelist", oli_format_list(0xb, nb, sizeof nb), "0-1,3");
  CHECK_STR("format empty nodelist", oli_format_list(0, nb, sizeof nb), "(none)");

  /* option checks: messages name variable, value and what is accepted */
  long v = 0;
  char msg[400];
  CHECK("check policy bad", check(oli_option_policy, "unifrom", &v, msg) == -1);
  CHECK_STR("policy message", msg, "OLI_POLICY='unifrom' is not one of oli, uniform, dram, cxl, off, rdram");
  CHECK("dram limit 64G", check(oli_option_dram_limit, "64G", &v, msg) == 0 && v == 64L << 30);
  CHECK("dram limit unlimited", check(oli_option_dram_limit, "unlimited", &v, msg) == 0 && v == 0);
  CHECK("dram limit 64X rejected", check(oli_option_dram_limit, "64X", &v, msg) == -1);
  CHECK_STR("size message", msg,
            "OLI_DRAM_LIMIT='64X' is not a size (bytes, or a number with K, M, G, T, P: e.g. 64G)");
  CHECK("dram limit absurd rejected", check(oli_option_dram_limit, "99999P", &v, msg) == -1);
  CHECK("dram limit overflow rejected",
        check(oli_option_dram_limit, "99999999999999999999999", &v, msg) == -1);
  CHECK("... as out of range, not as no size", strstr(msg, "OLI_DRAM_LIMIT='99999999999999999999999' is out of range") != NULL);
  CHECK("a size over 16 EiB by its suffix", check(oli_option_dram_limit, "99999999999P", &v, msg) == -1 &&
                                                strstr(msg, "is out of range") != NULL);
  CHECK("min size 1M", check(oli_option_min_size, "1M", &v, msg) == 0 && v == 1L << 20);
  CHECK("min size 100 rejected (below a page)", check(oli_option_min_size, "100", &v, msg) == -1);
  CHECK("min size message says range", strstr(msg, "4K to 128P") != NULL);
  CHECK("percent 10", check(oli_option_large_percent, "10", &v, msg) == 0 && v == 10);
  CHECK("percent 10%", check(oli_option_large_percent, "10%", &v, msg) == 0 && v == 10);
  CHECK("percent 0", check(oli_option_large_percent, "0", &v, msg) == 0 && v == 0);
  CHECK("percent 101 rejected", check(oli_option_large_percent, "101", &v, msg) == -1);
  CHECK("percent -5 rejected", check(oli_option_large_percent, "-5", &v, msg) == -1);
  CHECK("percent 2.5 rejected", check(oli_option_large_percent, "2.5", &v, msg) == -1);
  CHECK_STR("percent message", msg, "OLI_LARGE_PERCENT='2.5' is not a whole percentage 0-100");
  CHECK("verbose 2", check(oli_option_verbose, "2", &v, msg) == 0 && v == 2);
  CHECK("verbose yes", check(oli_option_verbose, "yes", &v, msg) == 0 && v == 1);
  CHECK("verbose 3 rejected", check(oli_option_verbose, "3", &v, msg) == -1);
  CHECK("strict 2 rejected", check(oli_option_strict, "2", &v, msg) == -1);
  CHECK("strict off", check(oli_option_strict, "off", &v, msg) == 0 && v == 0);
  CHECK("count small 1", check(oli_option_count_small, "1", &v, msg) == 0 && v == 1);
  /* re-decision (issue 11): the expected footprint and the migration budget */
  CHECK("footprint 64G", check(oli_option_footprint, "64G", &v, msg) == 0 && v == 64L << 30);
  CHECK("footprint 0 = unknown", check(oli_option_footprint, "0", &v, msg) == 0 && v == 0);
  CHECK("footprint words rejected", check(oli_option_footprint, "lots", &v, msg) == -1);
  CHECK("footprint message names the variable and sizes", strstr(msg, "OLI_FOOTPRINT='lots' is not a size") != NULL);
  CHECK("footprint below a byte rejected", check(oli_option_footprint, "0.0000001K", &v, msg) == -1 &&
                                               strstr(msg, "write 0 for unknown") != NULL);
  CHECK("migrate limit 4G", check(oli_option_migrate_limit, "4G", &v, msg) == 0 && v == 4L << 30);
  CHECK("migrate limit default 2G", oli_option_get(oli_option_migrate_limit) == 2L << 30);
  CHECK("migrate time 500ms", check(oli_option_migrate_time, "500ms", &v, msg) == 0 && v == 500);
  CHECK("migrate time 2s", check(oli_option_migrate_time, "2s", &v, msg) == 0 && v == 2000);
  CHECK("migrate time 250", check(oli_option_migrate_time, "250", &v, msg) == 0 && v == 250);
  CHECK("migrate time 1.5s rejected", check(oli_option_migrate_time, "1.5s", &v, msg) == -1);
  CHECK("migrate time message names the variable", strstr(msg, "OLI_MIGRATE_TIME='1.5s' is not a time") != NULL);
  CHECK("migrate time 2min rejected", check(oli_option_migrate_time, "2min", &v, msg) == -1);
  CHECK("migrate time over a day rejected", check(oli_option_migrate_time, "100000s", &v, msg) == -1 &&
                                                strstr(msg, "out of range") != NULL);
  CHECK("migrate time default 500", oli_option_get(oli_option_migrate_time) == 500);
  CHECK("count small all rejected", check(oli_option_count_small, "all", &v, msg) == -1);
  CHECK("count small message names the variable", strstr(msg, "OLI_COUNT_SMALL='all'") != NULL);
  CHECK("format json", check(oli_option_report_format, "json", &v, msg) == 0 &&
                           v == OLI_REPORT_FORMAT_JSON);
  CHECK("format xml rejected", check(oli_option_report_format, "xml", &v, msg) == -1);
  CHECK("weights option packed", check(oli_option_weights, "3:1:2", &v, msg) == 0 &&
                                     v == (3 | 1 << 8 | 2 << 16));
  CHECK("weights option 0:1 rejected", check(oli_option_weights, "0:1", &v, msg) == -1);
  CHECK("nodes option", check(oli_option_dram_nodes, "0-1", &v, msg) == 0 && v == 3);
  bool forced = false;
  CHECK("cxl nodes force:", _oli_option_check(oli_option_cxl_nodes, "force:1", &v, &forced, msg,
                                              sizeof msg) == 0 && v == 2 && forced);
  CHECK("force: not for DRAM nodes", check(oli_option_dram_nodes, "force:1", &v, msg) == -1);
  CHECK("nodes 99 rejected", check(oli_option_cxl_nodes, "99", &v, msg) == -1);
  CHECK("report pattern ok", check(oli_option_report, "r.%p.%r.%h.%%.json", &v, msg) == 0);
  CHECK("report pattern %q rejected", check(oli_option_report, "r.%q", &v, msg) == -1);
  CHECK_STR("pattern message", msg,
            "OLI_REPORT='r.%q': '%q' is not one of %p (pid), %r (MPI rank), %h (host), %%");
  CHECK("newline in a value rejected", check(oli_option_policy, "oli\nrm -rf", &v, msg) == -1);
  CHECK_STR("newline shown escaped, one line", msg,
            "OLI_POLICY='oli\\nrm -rf' is not one of oli, uniform, dram, cxl, off, rdram");
  CHECK("fuzzer reproducer: one line", check(oli_option_large_percent, "6%\xff\xff\xff\n", &v, msg) == -1 &&
                                           strchr(msg, '\n') == NULL);
  CHECK("control character escaped", check(oli_option_report_format, "a\x01", &v, msg) == -1 &&
                                         strstr(msg, "'a\\x01'") != NULL);
  char longv[300];
  memset(longv, 'q', sizeof longv - 1);
  longv[sizeof longv - 1] = '\0';
  CHECK("long value cut in the message", check(oli_option_policy, longv, &v, msg) == -1 &&
                                             strstr(msg, "qqq...'") != NULL && strlen(msg) < 200);
  CHECK("control character in a pattern", check(oli_option_report, "r.%\x02", &v, msg) == -1 &&
                                              strchr(msg, '\x02') == NULL);
  CHECK("trailing % in a pattern", check(oli_option_report, "r.%", &v, msg) == -1 &&
                                       strstr(msg, "'%' at the end") != NULL);
  CHECK("arena 0 auto", check(oli_option_arena_size, "0", &v, msg) == 0 && v == 0);
  CHECK("arena 1K rejected", check(oli_option_arena_size, "1K", &v, msg) == -1);
  CHECK("arena 1P rejected", check(oli_option_arena_size, "1P", &v, msg) == -1);
  CHECK("sysfs root missing rejected", check(oli_option_sysfs_root, "/no/such/dir", &v, msg) == -1);
  CHECK("sysfs root / ok", check(oli_option_sysfs_root, "/", &v, msg) == 0);

  /* reading the environment */
  clean_env();
  CHECK_EQ("default policy oli", _oli_option_get(oli_option_policy), OLI_POLICY_OLI);
  CHECK_EQ("default large percent 10", _oli_option_get(oli_option_large_percent), 10);
  CHECK_EQ("default min size 1M", _oli_option_get(oli_option_min_size), 1L << 20);
  CHECK_EQ("default dram limit unlimited", _oli_option_get(oli_option_dram_limit), 0);
  CHECK("default report unset", _oli_option_str(oli_option_report) == NULL);
  CHECK("default not set", !_oli_option_is_set(oli_option_policy));
  CHECK_STR("default sysfs root", _oli_option_str(oli_option_sysfs_root), "/");
  CHECK_EQ("default weights unset", _oli_option_weights(w), 0);
  setenv("OLI_POLICY", " uniform ", 1);
  setenv("OLI_WEIGHTS", "5:2", 1);
  setenv("OLI_REPORT", "/tmp/r.%p.json", 1);
  setenv("OLI_MIN_SIZE", "", 1);
  _oli_options_reset();
  CHECK_EQ("env policy (blanks trimmed)", _oli_option_get(oli_option_policy), OLI_POLICY_UNIFORM);
  CHECK("env policy is set", _oli_option_is_set(oli_option_policy));
  CHECK("env weights", _oli_option_weights(w) == 2 && w[0] == 5 && w[1] == 2);
  CHECK_STR("env report string", _oli_option_str(oli_option_report), "/tmp/r.%p.json");
  CHECK_EQ("empty value means default", _oli_option_get(oli_option_min_size), 1L << 20);
  CHECK_EQ("exported oli_option_get", oli_option_get(oli_option_policy), OLI_POLICY_UNIFORM);
  CHECK_EQ("out-of-range option is 0", oli_option_get(_oli_option_last), 0);

  clean_env();
  captured[0] = '\0';
  setenv("OLI_DRAM_BUDGET", "2G", 1);
  CHECK_EQ("legacy name read", _oli_option_get(oli_option_dram_limit), 2L << 30);
  CHECK("legacy name warns", strstr(captured, "oli: warning: OLI_DRAM_BUDGET is deprecated, use "
                                              "OLI_DRAM_LIMIT\n") != NULL);
  setenv("OLI_DRAM_LIMIT", "4G", 1);
  _oli_options_reset();
  CHECK_EQ("new name wins over legacy", _oli_option_get(oli_option_dram_limit), 4L << 30);

  clean_env();
  captured[0] = '\0';
  setenv("OLI_VERBOSE", "1", 1);
  _oli_options_reset();
  _oli_options_print();
  CHECK("verbose prints every option", strstr(captured, "oli: option OLI_POLICY not set: default oli\n") &&
                                           strstr(captured, "oli: option OLI_SYSFS_ROOT not set: default /") &&
                                           strstr(captured, "OLI_VERBOSE=1\n"));

  /* bad values stop the process at start-up: one line, exit 2 */
  char out[2048];
  /* a name two edits or fewer from one of ours is a typo: a warning; others are not ours */
  CHECK_EQ("typo: runs", run_with("OLI_POLIC", "dram", out, sizeof out), 0);
  CHECK_STR("typo: one warning naming the variable meant", out,
            "oli: warning: OLI_POLIC is not an oli variable and is ignored; did you mean OLI_POLICY?\n");
  CHECK_EQ("typo, two edits", run_with("OLI_DRAMLIMT", "1G", out, sizeof out), 0);
  CHECK("typo, two edits: named", strstr(out, "did you mean OLI_DRAM_LIMIT?") != NULL);
  CHECK_EQ("another tool's variable", run_with("OLI_STRESS_SECONDS", "5", out, sizeof out), 0);
  CHECK_STR("another tool's variable: no word", out, "");
  CHECK_EQ("the pass's variable", run_with("OLI_PASS_OPTIONS", "wrappers=0", out, sizeof out), 0);
  CHECK_STR("the pass's variable: no word", out, "");
  CHECK_EQ("a legacy name", run_with("OLI_DRAM_BUDGET", "2G", out, sizeof out), 0);
  CHECK("a legacy name is not a typo", strstr(out, "not an oli variable") == NULL);
  CHECK_EQ("bad policy exits 2", run_with("OLI_POLICY", "unifrom", out, sizeof out), 2);
  CHECK_STR("bad policy: exactly one line", out,
            "oli: error: OLI_POLICY='unifrom' is not one of oli, uniform, dram, cxl, off, rdram\n");
  CHECK_EQ("bad size exits 2", run_with("OLI_DRAM_LIMIT", "64X", out, sizeof out), 2);
  CHECK("bad size names variable", strncmp(out, "oli: error: OLI_DRAM_LIMIT='64X'", 31) == 0);
  CHECK_EQ("bad legacy exits 2", run_with("OLI_DRAM_BUDGET", "lots", out, sizeof out), 2);
  CHECK("bad legacy names the legacy variable", strstr(out, "oli: error: OLI_DRAM_BUDGET='lots'"));
  CHECK_EQ("bad nodes exits 2", run_with("OLI_CXL_NODES", "1-0", out, sizeof out), 2);
  CHECK_EQ("bad weights exits 2", run_with("OLI_WEIGHTS", "3:0", out, sizeof out), 2);
  CHECK_EQ("bad percent exits 2", run_with("OLI_LARGE_PERCENT", "200", out, sizeof out), 2);
  CHECK_EQ("bad verbose exits 2", run_with("OLI_VERBOSE", "loud", out, sizeof out), 2);
  char huge[300];
  memset(huge, '9', sizeof huge - 1);
  huge[sizeof huge - 1] = '\0';
  CHECK_EQ("huge value exits 2", run_with("OLI_MIN_SIZE", huge, out, sizeof out), 2);
  /* values that used to be taken for something else (issue 12) */
  CHECK_EQ("a DRAM limit below one byte is not 'unlimited'", run_with("OLI_DRAM_LIMIT", "0.0000001K", out, sizeof out), 2);
  CHECK_STR("... one line", out, "oli: error: OLI_DRAM_LIMIT='0.0000001K' is less than one byte (write 0 for unlimited)\n");
  CHECK_EQ("an arena below one byte is not 'automatic'", run_with("OLI_ARENA_SIZE", "0.00001K", out, sizeof out), 2);
  CHECK("... names it", strstr(out, "OLI_ARENA_SIZE='0.00001K' is less than one byte (write 0 for automatic)") != NULL);
  CHECK_EQ("OLI_MIN_SIZE below one byte: out of range", run_with("OLI_MIN_SIZE", "0.00001K", out, sizeof out), 2);
  CHECK_EQ("OLI_DRAM_LIMIT=0 is still unlimited", run_with("OLI_DRAM_LIMIT", "0", out, sizeof out), 0);
  CHECK_EQ("OLI_DRAM_LIMIT=0.0K is zero, fine", run_with("OLI_DRAM_LIMIT", "0.0K", out, sizeof out), 0);
  CHECK_EQ("a blank report name is refused", run_with("OLI_REPORT", " ", out, sizeof out), 2);
  CHECK("... one line saying so", strstr(out, "OLI_REPORT=' ' is blank") != NULL && !strchr(out, '\n')[1]);
  CHECK_EQ("a report name ending in a blank is refused", run_with("OLI_REPORT", "r.json ", out, sizeof out), 2);
  CHECK_EQ("a plan name starting with a blank is refused", run_with("OLI_PLAN", " p.json", out, sizeof out), 2);
  CHECK_EQ("a control character in a profile name is refused", run_with("OLI_PROFILE", "p\x1b.json", out, sizeof out), 2);
  CHECK("... shown escaped", strstr(out, "OLI_PROFILE='p\\x1b.json' holds a control character") != NULL);
  CHECK("stderr is a word of OLI_REPORT in any case", _oli_is_stderr_name("STDERR") && _oli_is_stderr_name("stderr") &&
                                                         !_oli_is_stderr_name("./stderr"));
  CHECK_EQ("good value exits 0", run_with("OLI_POLICY", "dram", out, sizeof out), 0);
  CHECK_STR("good value prints nothing", out, "");

  /* many threads reading options that are not read yet */
  clean_env();
  setenv("OLI_POLICY", "cxl", 1);
  setenv("OLI_REPORT", "/tmp/x.%p", 1);
  _oli_options_reset();
  pthread_t th[8];
  long bad[8];
  for (int i = 0; i < 8; i++) pthread_create(&th[i], NULL, reader, &bad[i]);
  long total_bad = 0;
  for (int i = 0; i < 8; i++) {
    pthread_join(th[i], NULL);
    total_bad += bad[i];
  }
  CHECK_EQ("8 threads read the same values", total_bad, 0);
  clean_env();

  /* file name patterns */
  char buf[256], want[256];
  setenv("PMI_RANK", "3", 1);
  /* secure execution: nothing is read, every option keeps its default */
  clean_env();
  setenv("OLI_POLICY", "bogus", 1);
  setenv("OLI_MIN_SIZE", "4K", 1);
  setenv("OLI_REPORT", "/tmp/x.json", 1);
  _oli_set_secure(1);
  _oli_options_reset();
  CHECK_EQ("secure: bad OLI_POLICY not read (default)", oli_option_get(oli_option_policy), OLI_POLICY_OLI);
  CHECK_EQ("secure: OLI_MIN_SIZE default", oli_option_get(oli_option_min_size), 1L << 20);
  CHECK("secure: OLI_REPORT unset", _oli_option_str(oli_option_report) == NULL &&
                                         !_oli_option_is_set(oli_option_report));
  long peeked = -1;
  setenv("OLI_POLICY", "uniform", 1);
  CHECK("secure: a constructor's peek sees nothing either (uniform's task policy)",
        _oli_option_peek(oli_option_policy, &peeked) == -1);
  _oli_set_secure(0);
  _oli_options_reset();
  CHECK_EQ("not secure: OLI_MIN_SIZE read", oli_option_get(oli_option_min_size), 4096);
  _oli_set_secure(-1);
  clean_env();

  CHECK("expand %p %r %%", _oli_expand_pattern("o.%p.%r.%%", buf, sizeof buf) == 0);
  snprintf(want, sizeof want, "o.%ld.3.%%", (long)getpid());
  CHECK_STR("expanded pattern", buf, want);
  CHECK_EQ("mpi rank from PMI_RANK", _oli_env_mpi_rank(), 3);
  unsetenv("PMI_RANK");
  CHECK_EQ("no MPI: rank -1", _oli_env_mpi_rank(), -1);
  CHECK("expand %r outside MPI is 0", _oli_expand_pattern("%r", buf, sizeof buf) == 0 &&
                                          strcmp(buf, "0") == 0);
  CHECK("expand %h", _oli_expand_pattern("%h", buf, sizeof buf) == 0 && buf[0] != '\0');
  CHECK("expand unknown escape fails", _oli_expand_pattern("%z", buf, sizeof buf) == -1);
  CHECK("expand too long fails", _oli_expand_pattern("abcdef", buf, 4) == -1);

  _oli_set_output(NULL, NULL);
  return TEST_SUMMARY();
}
