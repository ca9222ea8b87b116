/* test-plan: reading oli-plan / oli-profile documents (OLI_PLAN): decisions
 * and ratios, lookup by ID, re-matching by source location after an edit,
 * match statistics, and every kind of bad file giving one clear message and
 * no plan (static hints), including through the environment at run time. */
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "internal.h"
#include "sitehelper.h"
#include "testhelper.h"

static char captured[8192];
static void capture(const char *msg, void *arg) {
  (void)arg;
  size_t have = strlen(captured), add = strlen(msg);
  if (have + add < sizeof captured) memcpy(captured + have, msg, add + 1);
}

static const char good[] =
    "{\"schema\": \"oli-plan\", \"version\": 1, \"dram_limit\": 1073741824, \"sites\": [\n"
    " {\"id\": \"0x00000000000000a1\", \"decision\": \"dram\", \"ratio\": null, \"bytes\": 100},\n"
    " {\"id\": \"0xA2\", \"decision\": \"cxl\", \"ratio\": null, \"accesses\": 0, \"bytes\": 100},\n"
    " {\"id\": \"0x00000000000000a3\", \"decision\": \"interleave\", \"ratio\": \"3:1\"},\n"
    " {\"id\": \"0x00000000000000a4\", \"decision\": \"interleave\", \"ratio\": \"0:1\"},\n"
    " {\"id\": \"0x00000000000000a5\", \"decision\": \"interleave\", \"ratio\": \"2:1:1\"},\n"
    " {\"id\": \"0x00000000000000b1\", \"decision\": \"interleave\", \"ratio\": \"5:2\",\n"
    "  \"file\": \"src/solver.c\", \"function\": \"setup\", \"rel\": 7, \"kind\": \"malloc\","
    "  \"name\": \"grid\", \"future_member\": [1, 2]},\n"
    " {\"id\": \"0x00000000000000c1\", \"decision\": \"dram\", \"file\": \"src/old.c\","
    "  \"function\": \"gone\", \"rel\": 1}\n"
    "]}";

static int set(const char *text, char *msg) { return _oli_plan_set_text(text, strlen(text), msg, 300); }

/* Child with OLI_PLAN=path: looks up `site`; exit 0 found, 1 not found. */
static const char *child_policy = "oli";
static int env_child(const char *path, __oli_site_t *site, char *out, size_t n) {
  int fd[2];
  pid_t pid = test_child_fork(fd);
  if (pid < 0) return -1;
  if (pid == 0) {
    alarm(20); /* a reader that blocks (a FIFO, with the old code) ends here */
    _oli_set_output(NULL, NULL);
    setenv("OLI_PLAN", path, 1);
    /* plans apply under the rule; a recorded tree with a CXL node: no no-CXL warning */
    setenv("OLI_POLICY", child_policy, 1);
    setenv("OLI_SYSFS_ROOT", OLI_TEST_DATA "/kernel-wi", 1);
    _oli_options_reset();
    _oli_plan_reset();
    _oli_process_init();
    const oli_plan_entry_t *e = _oli_plan_lookup(site);
    exit(e ? 0 : 1); /* exit, not _exit: the statistics line is printed at exit */
  }
  return test_child_collect(fd, pid, out, n);
}

int main(void) {
  unsetenv("OLI_PLAN");
  _oli_set_output(capture, NULL);
  char msg[300];
  static uint64_t buf[16][32];
  __oli_site_t *a1 = test_site_at(buf[0], 0xa1, OLI_KIND_MALLOC, 0, "src/x.c", 10, "main", NULL);
  __oli_site_t *a2 = test_site_at(buf[1], 0xa2, OLI_KIND_MALLOC, 0, "src/x.c", 11, "main", NULL);
  __oli_site_t *a3 = test_site_at(buf[2], 0xa3, OLI_KIND_MALLOC, 0, "src/x.c", 12, "main", NULL);
  __oli_site_t *a4 = test_site_at(buf[3], 0xa4, OLI_KIND_MALLOC, 0, "src/x.c", 13, "main", NULL);
  __oli_site_t *a5 = test_site_at(buf[4], 0xa5, OLI_KIND_MALLOC, 0, "src/x.c", 14, "main", NULL);
  __oli_site_t *a6 = test_site_at(buf[5], 0xa6, OLI_KIND_MALLOC, 0, "src/x.c", 15, "main", NULL);
  /* b1 after an edit: new ID, same file/function/rel/kind/name */
  __oli_site_t *moved = test_site_at(buf[6], 0xbeef, OLI_KIND_MALLOC, 0, "src/solver.c", 90, "setup", "grid");
  moved->rel = 7;
  __oli_site_t *other_rel = test_site_at(buf[7], 0xbeee, OLI_KIND_MALLOC, 0, "src/solver.c", 91, "setup", "grid");
  other_rel->rel = 8;
  __oli_site_t *other_kind = test_site_at(buf[8], 0xbeed, OLI_KIND_CALLOC, 0, "src/solver.c", 90, "setup", "grid");
  other_kind->rel = 7;
  __oli_site_t *fresh = test_site_at(buf[9], 0xf00d, OLI_KIND_MALLOC, 0, "src/new.c", 5, "main", NULL);
  __oli_site_t *suffix_only = test_site_at(buf[10], 0xbee1, OLI_KIND_MALLOC, 0, "rc/solver.c", 90, "setup", NULL);
  suffix_only->rel = 7;
  __oli_site_t *cg = test_site_at(buf[11], 0xbee2, OLI_KIND_MALLOC, 0, "/build/x/kernels/cg.c", 9, "main", NULL);
  cg->rel = 3;
  /* sites are re-matched among the registered ones (as oli diff pairs a report's) */
  __oli_site_t *early[] = {moved, other_rel, other_kind, fresh, suffix_only, cg};
  for (size_t i = 0; i < sizeof early / sizeof early[0]; i++) _oli_site_state(early[i]);

  CHECK_EQ("good plan parses", set(good, msg), 0);
  const oli_plan_entry_t *e = _oli_plan_lookup(a1);
  CHECK("dram entry", e && e->id == 0xa1 && e->placement == OLI_PLACE_DRAM && e->intensity < 0);
  e = _oli_plan_lookup(a2);
  CHECK("upper-case short id, cxl entry", e && e->placement == OLI_PLACE_CXL);
  CHECK("plan accesses 0 of 100 bytes: intensity 0", e && e->intensity == 0.0);
  e = _oli_plan_lookup(a3);
  CHECK("interleave 3:1", e && e->placement == OLI_PLACE_INTERLEAVE && e->weight[OLI_TIER_DRAM] == 3 &&
                              e->weight[OLI_TIER_CXL] == 1 && e->weight[OLI_TIER_REMOTE] == 0);
  e = _oli_plan_lookup(a4);
  CHECK("ratio 0:1 is CXL", e && e->placement == OLI_PLACE_CXL);
  e = _oli_plan_lookup(a5);
  CHECK("ratio 2:1:1", e && e->placement == OLI_PLACE_INTERLEAVE && e->weight[OLI_TIER_REMOTE] == 1);
  CHECK("site a6 not in the plan", _oli_plan_lookup(a6) == NULL);
  e = _oli_plan_lookup(moved);
  CHECK("re-matched by source location", e && e->id == 0xb1 && e->weight[OLI_TIER_DRAM] == 5);
  CHECK("different rel: no re-match", _oli_plan_lookup(other_rel) == NULL);
  CHECK("different kind: no re-match", _oli_plan_lookup(other_kind) == NULL);
  CHECK("new site: no entry", _oli_plan_lookup(fresh) == NULL);
  CHECK("NULL site: no entry", _oli_plan_lookup(NULL) == NULL);

  /* across builds: DWARF's absolute path (a preload run's plan) against the
   * plugin's root-relative one, compared by path suffix at a '/' */
  static const char across[] =
      "{\"schema\": \"oli-plan\", \"version\": 1, \"sites\": [\n"
      " {\"id\": \"0x00000000000000d1\", \"decision\": \"cxl\", \"file\": \"/home/u/app/src/solver.c\","
      "  \"function\": \"setup\", \"rel\": 7, \"kind\": \"malloc\"},\n"
      " {\"id\": \"0x00000000000000d2\", \"decision\": \"dram\", \"file\": \"./kernels/cg.c\","
      "  \"function\": \"main\", \"rel\": 3}\n"
      "]}";
  CHECK_EQ("plan with absolute and ./ paths parses", set(across, msg), 0);
  e = _oli_plan_lookup(moved); /* src/solver.c, setup, rel 7 */
  CHECK("root-relative site matches the absolute path by suffix", e && e->id == 0xd1 && e->placement == OLI_PLACE_CXL);
  CHECK("a suffix inside a directory name is no match", _oli_plan_lookup(suffix_only) == NULL);
  e = _oli_plan_lookup(cg);
  CHECK("absolute site matches ./kernels/cg.c (the plan gives no kind: any)", e && e->id == 0xd2);
  CHECK("unregistered site: not re-matched", _oli_plan_lookup(a6) == NULL);
  CHECK_EQ("back to the good plan", set(good, msg), 0);

  /* a remote-DRAM share without a CXL (or DRAM) share: the runtime cannot
   * follow it, so the shared reader refuses the plan (one line), never a
   * site dropped in silence */
  static const char remote_only[] =
      "{\"schema\": \"oli-plan\", \"version\": 1, \"dram_limit\": 0, \"sites\": [\n"
      " {\"id\": \"0xa1\", \"decision\": \"dram\", \"ratio\": null},\n"
      " {\"id\": \"0xa6\", \"decision\": \"interleave\", \"ratio\": \"3:0:1\"}]}";
  CHECK_EQ("ratio 3:0:1 refused", set(remote_only, msg), -1);
  CHECK("the refusal says what is accepted", strstr(msg, "needs a local-DRAM and a CXL share") && strstr(msg, "3:0:1"));
  static const char cxl_remote[] =
      "{\"schema\": \"oli-plan\", \"version\": 1, \"sites\": [\n"
      " {\"id\": \"0xa6\", \"decision\": \"interleave\", \"ratio\": \"0:1:1\"}]}";
  CHECK_EQ("ratio 0:1:1 refused", set(cxl_remote, msg), -1);
  CHECK_EQ("good plan parses again", set(good, msg), 0);

  /* decide with the entry */
  oli_topology_t t;
  memset(&t, 0, sizeof t);
  t.num_nodes = 2;
  t.local_node = 0;
  t.cxl_node = 1;
  t.remote_node = -1;
  oli_decide_in_t in = {.size = 64 << 20, .footprint = 1ULL << 34, .policy = OLI_POLICY_OLI,
                        .topo = &t, .min_size = 1 << 20, .large_percent = 10, .weight = {3, 1, 0}};
  in.plan = _oli_plan_lookup(moved);
  oli_decision_t d = _oli_decide(&in);
  CHECK("decision follows the plan", d.reason == OLI_WHY_PLAN && _oli_decision_weight(&d, OLI_TIER_DRAM) == 5 &&
                                         _oli_decision_weight(&d, OLI_TIER_CXL) == 2);

  /* statistics over registered sites */
  __oli_site_t *reg[] = {a1, a2, a3, moved, fresh};
  for (size_t i = 0; i < sizeof reg / sizeof reg[0]; i++) _oli_site_state(reg[i]);

  oli_plan_stats_t st;
  _oli_site_plan_stats(&st);
  CHECK_EQ("stats: entries (one skipped)", st.entries, 7);
  CHECK_EQ("stats: matched", st.matched, 3);
  CHECK_EQ("stats: re-matched", st.rematched, 1);
  /* new sites that placed nothing (none allocated yet) are counted apart, as oli diff does */
  CHECK_EQ("stats: unmatched (new), none allocated", st.unmatched, 0);
  CHECK_EQ("stats: new that placed nothing", st.small_new, 5); /* other_rel, other_kind, fresh, suffix_only, cg */
  _oli_site_count_small(_oli_site_state(fresh), 4096);
  _oli_site_plan_stats(&st);
  CHECK("stats: a new site's objects below OLI_MIN_SIZE: still apart", st.unmatched == 0 && st.small_new == 5);
  oli_decision_t dflt;
  memset(&dflt, 0, sizeof dflt);
  _oli_site_count_object(_oli_site_state(fresh), 2u << 20, &dflt);
  _oli_site_plan_stats(&st);
  CHECK("stats: a new site with an object of OLI_MIN_SIZE or more: new", st.unmatched == 1 && st.small_new == 4 &&
                                                                           st.first_new[0]->id == 0xf00d);
  CHECK_EQ("stats: stale", st.stale, 3); /* a4, a5, c1 */
  /* the allocation path's lookup: resolved once per site state and plan, and
   * resolved again when the plan changes (a state never keeps an old plan's entry) */
  oli_site_state_t *smoved = _oli_site_state(moved), *sa6 = _oli_site_state(a6);
  e = _oli_plan_for(smoved);
  CHECK("state: re-matched entry", e && e->id == 0xb1);
  CHECK("state: the same entry from its cache", _oli_plan_for(smoved) == e && smoved->plan_entry == e);
  CHECK("state: not in the plan", _oli_plan_for(sa6) == NULL);
  static const char a6_plan[] =
      "{\"schema\": \"oli-plan\", \"version\": 1, \"sites\": [\n"
      " {\"id\": \"0xa6\", \"decision\": \"cxl\"}]}";
  CHECK_EQ("another plan", set(a6_plan, msg), 0);
  e = _oli_plan_for(sa6);
  CHECK("state: the new plan's entry after a change", e && e->id == 0xa6 && e->placement == OLI_PLACE_CXL);
  CHECK("state: the old plan's entry is gone", _oli_plan_for(smoved) == NULL);
  /* many entries of one file and function: the location index finds the one
   * whose rel (and kind) fits; the first in ID order when several do */
  enum { MANY = 20000 };
  size_t cap = (size_t)MANY * 120 + 200;
  char *many = malloc(cap);
  size_t len = (size_t)snprintf(many, cap, "{\"schema\": \"oli-plan\", \"version\": 1, \"sites\": [\n");
  for (int i = 0; i < MANY; i++)
    len += (size_t)snprintf(many + len, cap - len,
                            "%s{\"id\": \"0x%x\", \"decision\": \"dram\", \"file\": \"src/solver.c\", "
                            "\"function\": \"setup\", \"rel\": %d}\n",
                            i ? "," : "", 0x100000 + i, 100 + i);
  len += (size_t)snprintf(many + len, cap - len, ",{\"id\": \"0x7\", \"decision\": \"cxl\", \"file\": \"src/solver.c\", "
                                                  "\"function\": \"setup\", \"rel\": 7, \"kind\": \"malloc\"}]}");
  CHECK_EQ("a plan of 20001 sites", _oli_plan_set_text(many, len, msg, sizeof msg), 0);
  e = _oli_plan_lookup(moved);
  CHECK("20001 sites: re-matched by location", e && e->id == 0x7);
  CHECK("20001 sites: another kind, another offset, another file: none",
        _oli_plan_lookup(other_kind) == NULL && _oli_plan_lookup(other_rel) == NULL && _oli_plan_lookup(fresh) == NULL);
  free(many);

  /* re-matching as oli diff pairs (common/rematch.c): only what is unambiguous */
  static uint64_t rb[8][32];
  static const char edit_plan[] =
      "{\"schema\": \"oli-plan\", \"version\": 1, \"sites\": [\n"
      " {\"id\": \"0xe1\", \"decision\": \"cxl\", \"file\": \"src/e.c\", \"function\": \"f\", \"rel\": 4, \"kind\": \"malloc\"},\n"
      " {\"id\": \"0xe2\", \"decision\": \"dram\", \"file\": \"src/e.c\", \"function\": \"g\", \"rel\": 4, \"kind\": \"malloc\"},\n"
      " {\"id\": \"0xe3\", \"decision\": \"cxl\", \"file\": \"src/e.c\", \"function\": \"h\", \"rel\": 2, \"kind\": \"malloc\","
      "  \"name\": \"u\"},\n"
      " {\"id\": \"0xe4\", \"decision\": \"cxl\", \"file\": \"src/e.c\", \"function\": \"k\", \"rel\": 1, \"kind\": \"malloc\"}\n"
      "]}";
  CHECK_EQ("edit plan parses", set(edit_plan, msg), 0);
  /* f: two new unnamed sites at the offset of the one entry (a malloc added on its line) */
  __oli_site_t *f1 = test_site_at(rb[0], 0xf1, OLI_KIND_MALLOC, 0, "src/e.c", 30, "f", NULL);
  __oli_site_t *f2 = test_site_at(rb[1], 0xf2, OLI_KIND_MALLOC, 0, "src/e.c", 30, "f", NULL);
  /* g: the entry's own ID is live, and a new site at its offset */
  __oli_site_t *g0 = test_site_at(rb[2], 0xe2, OLI_KIND_MALLOC, 0, "src/e.c", 40, "g", NULL);
  __oli_site_t *g1 = test_site_at(rb[3], 0xf3, OLI_KIND_MALLOC, 0, "src/e.c", 40, "g", NULL);
  /* h: the named object's line offset moved (2 -> 5) */
  __oli_site_t *h1 = test_site_at(rb[4], 0xf4, OLI_KIND_MALLOC, 0, "src/e.c", 53, "h", "u");
  f1->rel = f2->rel = g0->rel = g1->rel = 4;
  h1->rel = 5;
  __oli_site_t *edited[] = {f1, f2, g0, g1, h1};
  for (size_t i = 0; i < sizeof edited / sizeof edited[0]; i++) _oli_site_state(edited[i]);
  CHECK("two new sites at one entry's offset: neither takes it",
        _oli_plan_lookup(f1) == NULL && _oli_plan_lookup(f2) == NULL);
  e = _oli_plan_lookup(g0);
  CHECK("an entry whose ID is live is that site's", e && e->id == 0xe2);
  CHECK("... not also a new site's at its offset", _oli_plan_lookup(g1) == NULL);
  e = _oli_plan_lookup(h1);
  CHECK("a named object whose offset moved: re-matched by its name", e && e->id == 0xe3);
  /* a library loaded later (dlopen): its sites pair with the entries left */
  __oli_site_t *k1 = test_site_at(rb[5], 0xf5, OLI_KIND_MALLOC, 0, "src/e.c", 61, "k", NULL);
  k1->rel = 1;
  CHECK("a site not registered yet: none", _oli_plan_lookup(k1) == NULL);
  _oli_site_state(k1);
  e = _oli_plan_lookup(k1);
  CHECK("registered after the first pairing: paired with the entry left", e && e->id == 0xe4);

  CHECK_EQ("good plan parses a third time", set(good, msg), 0);

  /* a profile as OLI_PLAN: intensities only */
  const char *prof =
      "{\"schema\": \"oli-profile\", \"version\": 1, \"footprint_peak\": 1000, "
      "\"access_source\": \"portable\", \"sites\": ["
      "{\"id\": \"0xa1\", \"count\": 1, \"largest\": 400, \"peak_live\": 400, \"total_bytes\": 400,"
      " \"accesses\": 800},"
      "{\"id\": \"0xa2\", \"count\": 1, \"largest\": 100, \"peak_live\": 100, \"total_bytes\": 100,"
      " \"accesses\": 0}]}";
  CHECK_EQ("profile parses", set(prof, msg), 0);
  e = _oli_plan_lookup(a1);
  CHECK("profile entry: no placement, intensity 2", e && e->placement == OLI_PLACE_DEFAULT &&
                                                        e->intensity == 2.0);
  e = _oli_plan_lookup(a2);
  CHECK("profile entry: cold", e && e->intensity == 0.0);
  const char *prof_none =
      "{\"schema\": \"oli-profile\", \"version\": 1, \"footprint_peak\": 1000, "
      "\"access_source\": \"none\", \"sites\": [{\"id\": \"0xa1\", \"count\": 1, \"largest\": 4,"
      " \"peak_live\": 4, \"total_bytes\": 4, \"accesses\": 0}]}";
  CHECK_EQ("profile without access data parses", set(prof_none, msg), 0);
  e = _oli_plan_lookup(a1);
  CHECK("no access data: intensity unknown, not cold", e && e->intensity < 0);

  /* bad documents: one message each, then no plan */
  struct { const char *name, *text, *want; } bad[] = {
      {"empty", "", "line 1"},
      {"not JSON", "hello", "line 1, column 1"},
      {"truncated", "{\"schema\": \"oli-plan\", \"version\": 1, \"sites\": [{\"id\": \"0xa1\"", "line 1"},
      {"wrong version", "{\"schema\": \"oli-plan\",\n \"version\": 2, \"sites\": []}",
       "line 2, column 13: oli-plan version 2 is not supported (this oli reads version 1)"},
      {"wrong schema", "{\"schema\": \"oli-report\", \"version\": 1, \"sites\": []}",
       "schema \"oli-report\" is not accepted here (expected oli-plan or oli-profile)"},
      {"not an object", "[1, 2]", "expected an object (oli-plan or oli-profile), found array"},
      {"no schema", "{\"sites\": []}", "no \"schema\""},
      {"no sites", "{\"schema\": \"oli-plan\", \"version\": 1}", "oli-plan needs a \"sites\" array"},
      {"duplicate id",
       "{\"schema\": \"oli-plan\", \"version\": 1, \"sites\": [{\"id\": \"0xa1\", \"decision\": "
       "\"dram\"}, {\"id\": \"0x00A1\", \"decision\": \"cxl\"}]}",
       "duplicate site id 0x00000000000000a1 (first at line 1)"},
      {"bad id", "{\"schema\": \"oli-plan\", \"version\": 1, \"sites\": [{\"id\": \"0xZZ\", "
                 "\"decision\": \"dram\"}]}", "site \"id\" must be a string \"0x\" + up to 16 hex digits, found \"0xZZ\""},
      {"id too long", "{\"schema\": \"oli-plan\", \"version\": 1, \"sites\": [{\"id\": "
                      "\"0x11112222333344445\", \"decision\": \"dram\"}]}", "site \"id\" must be a string"},
      {"bad decision", "{\"schema\": \"oli-plan\", \"version\": 1, \"sites\": [{\"id\": \"0xa1\", "
                       "\"decision\": \"fast\"}]}", "\"decision\" \"fast\" is not one of dram, interleave, cxl"},
      {"interleave without ratio", "{\"schema\": \"oli-plan\", \"version\": 1, \"sites\": [{\"id\": "
                                   "\"0xa1\", \"decision\": \"interleave\"}]}", "ratio"},
      {"bad ratio", "{\"schema\": \"oli-plan\", \"version\": 1, \"sites\": [{\"id\": \"0xa1\", "
                    "\"decision\": \"interleave\", \"ratio\": \"3:1:1:1\"}]}", "ratio"},
      {"huge ratio", "{\"schema\": \"oli-plan\", \"version\": 1, \"sites\": [{\"id\": \"0xa1\", "
                     "\"decision\": \"interleave\", \"ratio\": \"99999999999:1\"}]}", "ratio"},
      {"huge number", "{\"schema\": \"oli-plan\", \"version\": 1, \"sites\": [{\"id\": \"0xa1\", "
                      "\"decision\": \"dram\", \"accesses\": 99999999999999999999999}]}",
       "\"accesses\" is out of range (an integer 0..18446744073709551615)"},
      {"negative number", "{\"schema\": \"oli-plan\", \"version\": 1, \"sites\": [{\"id\": \"0xa1\", "
                          "\"decision\": \"dram\", \"bytes\": -5}]}", "\"bytes\" is out of range"},
  };
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    char name[96];
    msg[0] = '\0';
    int rc = set(bad[i].text, msg);
    snprintf(name, sizeof name, "bad plan (%s) rejected", bad[i].name);
    CHECK(name, rc == -1);
    snprintf(name, sizeof name, "bad plan (%s) message", bad[i].name);
    CHECK(name, strstr(msg, bad[i].want) != NULL && strchr(msg, '\n') == NULL);
    if (strstr(msg, bad[i].want) == NULL) fprintf(stderr, "     message: %s\n", msg);
    snprintf(name, sizeof name, "bad plan (%s): no entries left", bad[i].name);
    CHECK(name, _oli_plan_lookup(a1) == NULL);
  }

  /* through the environment, at run time */
  char path[] = "/tmp/oli-test-plan-XXXXXX", out[4096];
  int fd = mkstemp(path);
  CHECK("temp file", fd >= 0);
  if (write(fd, good, strlen(good)) != (ssize_t)strlen(good)) CHECK("write temp", 0);
  close(fd);
  CHECK_EQ("OLI_PLAN good file: entry found", env_child(path, a3, out, sizeof out), 0);
  CHECK("OLI_PLAN good file: match statistics at exit",
        strstr(out, "oli: plan ") && strstr(out, " matched, "));
  { /* nothing matched: the exit line names the program the plan is for */
    char other[] = "/tmp/oli-test-plan-other-XXXXXX";
    int ofd = mkstemp(other);
    static const char heat[] = "{\"schema\": \"oli-plan\", \"version\": 1, \"program\": \"heat\", \"sites\": [\n"
                               " {\"id\": \"0x0000000000000099\", \"decision\": \"dram\", \"ratio\": null}]}";
    CHECK("temp file (other program)", ofd >= 0 && write(ofd, heat, strlen(heat)) == (ssize_t)strlen(heat));
    close(ofd);
    CHECK_EQ("another program's plan: nothing found", env_child(other, a3, out, sizeof out), 1);
    CHECK("another program's plan: the exit line says whose it is",
          strstr(out, "0 sites matched, 0 re-matched") && strstr(out, "; the plan is for program 'heat'"));
    if (!strstr(out, "program 'heat'")) fprintf(stderr, "     got: %s\n", out);
    unlink(other);
  }
  child_policy = "dram"; /* a fixed policy places every object itself: the plan is not applied, and says so */
  env_child(path, a3, out, sizeof out);
  CHECK("OLI_PLAN under OLI_POLICY=dram: said not applied, no match statistics",
        strstr(out, "oli: plan ") && strstr(out, ": not applied: OLI_POLICY=dram places every object itself") &&
            !strstr(out, " matched, "));
  if (!strstr(out, "not applied")) fprintf(stderr, "     got: %s\n", out);
  child_policy = "oli";
  fd = open(path, O_WRONLY | O_TRUNC);
  if (write(fd, "{\"schema\": \"oli-plan\", \"version\": 1, \"sites\": [", 48) != 48) CHECK("write", 0);
  close(fd);
  /* a bad OLI_PLAN is the user's input, as a bad OLI_MACHINE: one error at start-up, exit 2 */
  CHECK_EQ("OLI_PLAN truncated: stops at start-up (exit 2)", env_child(path, a3, out, sizeof out), 2);
  char want[256];
  snprintf(want, sizeof want, "oli: error: OLI_PLAN=%s: line 1, column ", path);
  CHECK("OLI_PLAN truncated: one error naming the file and what to do",
        strncmp(out, want, strlen(want)) == 0 && strstr(out, "; write one with oli plan, or unset OLI_PLAN\n") &&
            strchr(out, '\n') == out + strlen(out) - 1);
  if (strncmp(out, want, strlen(want)) != 0) fprintf(stderr, "     got: %s\n", out);
  unlink(path);
  CHECK_EQ("OLI_PLAN missing file: stops (exit 2)", env_child(path, a3, out, sizeof out), 2);
  CHECK("OLI_PLAN missing file: says so", strstr(out, "oli: error: OLI_PLAN=") &&
                                              strstr(out, "cannot open: No such file or directory; ") != NULL);
  /* a FIFO nobody writes: refused at once (it blocked the program before main) */
  if (mkfifo(path, 0644) == 0) {
    CHECK_EQ("OLI_PLAN FIFO: refused at once (exit 2)", env_child(path, a3, out, sizeof out), 2);
    CHECK("OLI_PLAN FIFO: one error naming it", strstr(out, "not a regular file (a FIFO); ") != NULL);
    unlink(path);
  }
  /* read at start-up, not at the first placed allocation */
  snprintf(want, sizeof want, "%s", path);
  fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (write(fd, "[]", 2) != 2) CHECK("write", 0);
  close(fd);
  {
    int p2[2];
    pid_t pid = test_child_fork(p2);
    if (pid == 0) {
      _oli_set_output(NULL, NULL);
      setenv("OLI_PLAN", path, 1);
      setenv("OLI_SYSFS_ROOT", OLI_TEST_DATA "/kernel-wi", 1);
      _oli_options_reset();
      _oli_plan_reset();
      _oli_process_init(); /* no lookup: the error must come from init */
      _exit(0);
    }
    CHECK_EQ("OLI_PLAN bad: the error comes from start-up", test_child_collect(p2, pid, out, sizeof out), 2);
  }
  unlink(path);

  _oli_set_output(NULL, NULL);
  return TEST_SUMMARY();
}
