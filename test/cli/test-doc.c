/* test/cli/test-doc.c - the one reader and writer of reports, plans and
 * profiles (common/doc.c), which the CLI, the runtime (OLI_PLAN) and the pass
 * (plan=FILE) share: each document's required members, decisions and ratios
 * from the vocabulary, pages maps, the report summary, messages with line
 * and column, and sites written by the writer reading back the same. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "doc.h"
#include "testhelper.h"

static oli_doc_t d;
static char msg[512];

static int parse(const char *text, unsigned accept) {
  return oli_doc_parse(text, strlen(text), accept, NULL, &d, msg, sizeof msg);
}

/* Parse must fail with a message containing want. */
static int fails(const char *text, unsigned accept, const char *want) {
  if (parse(text, accept) == 0) {
    oli_doc_free(&d);
    fprintf(stderr, "     parsed: %s\n", text);
    return 0;
  }
  if (!strstr(msg, want) || strchr(msg, '\n')) {
    fprintf(stderr, "     message '%s' lacks '%s'\n", msg, want);
    return 0;
  }
  return 1;
}

#define ALL (OLI_DOC_REPORT | OLI_DOC_PLAN | OLI_DOC_PROFILE)
#define PLAN(sites) "{\"schema\": \"oli-plan\", \"version\": 1, \"sites\": [" sites "]}"
#define PROF(sites) "{\"schema\": \"oli-profile\", \"version\": 1, \"footprint_peak\": 10, \"sites\": [" sites "]}"

/* an allocator that counts: a refused document must cost no parse */
static size_t allocs;
static void *counting_alloc(size_t n) { return allocs++, malloc(n); }

/* A report of `nsites` sites: a big document of the wrong kind for OLI_PLAN. */
static char *big_report(size_t nsites, size_t *len) {
  size_t cap = 128 + nsites * 64, at = 0;
  char *t = malloc(cap);
  at += (size_t)snprintf(t + at, cap - at, "{\"schema\": \"oli-report\", \"version\": 2, \"sites\": [");
  for (size_t i = 0; i < nsites; i++)
    at += (size_t)snprintf(t + at, cap - at, "%s{\"id\": \"0x%zx\", \"decision\": \"dram\"}", i ? "," : "", i + 1);
  at += (size_t)snprintf(t + at, cap - at, "]}");
  *len = at;
  return t;
}

static void wrong_schema_first(void) {
  size_t len;
  char *t = big_report(200000, &len);
  oli_json_limits_t lim = {0, 0, counting_alloc, free};
  allocs = 0;
  CHECK_EQ("big report as a plan: refused", oli_doc_parse(t, len, OLI_DOC_PLAN, &lim, &d, msg, sizeof msg), -1);
  CHECK_STR("big report as a plan: the reader's words",
            msg, "line 1, column 12: schema \"oli-report\" is not accepted here (expected oli-plan)");
  CHECK_EQ("big report as a plan: refused before any parse (no allocation)", allocs, 0);
  char path[] = "/tmp/oli-test-doc-XXXXXX";
  int fd = mkstemp(path);
  CHECK("big report file written", fd >= 0 && write(fd, t, len) == (ssize_t)len);
  if (fd >= 0) close(fd);
  allocs = 0;
  CHECK_EQ("big report file as a plan: refused", oli_doc_load(path, OLI_DOC_PLAN | OLI_DOC_PROFILE, &lim, &d, msg, sizeof msg), -1);
  CHECK("big report file as a plan: names the schema and what is accepted",
        strstr(msg, "schema \"oli-report\" is not accepted here (expected oli-plan or oli-profile)") != NULL);
  CHECK_EQ("big report file as a plan: not read whole (no allocation)", allocs, 0);
  allocs = 0;
  CHECK_EQ("the same file as a report: read", oli_doc_load(path, OLI_DOC_REPORT, &lim, &d, msg, sizeof msg), 0);
  CHECK("the same file as a report: all sites", d.nsites == 200000 && allocs > 0);
  oli_doc_free(&d);
  unlink(path);
  /* schema not first, or escaped: the whole reader decides, with the same words */
  CHECK("schema second: refused by the whole reader",
        fails("{\"version\": 1, \"schema\": \"oli-report\", \"sites\": []}", OLI_DOC_PLAN,
              "line 1, column 26: schema \"oli-report\" is not accepted here (expected oli-plan)"));
  CHECK("escaped schema: refused by the whole reader",
        fails("{\"schema\": \"oli-r\\u0065port\", \"version\": 2, \"sites\": []}", OLI_DOC_PLAN,
              "schema \"oli-report\" is not accepted here (expected oli-plan)"));
  CHECK("a plan's schema first: read on", parse(PLAN(""), OLI_DOC_PLAN) == 0);
  oli_doc_free(&d);
  free(t);
}

#define REP(head) "{\"schema\": \"oli-report\", \"version\": 2, " head "\"sites\": []}"

/* A report's header objects (options, topology, striping, footprint,
 * task_policy) are read by the member tables the writer writes with. */
static void report_head(void) {
  CHECK_EQ("report head parses",
           parse(REP("\"oli_version\": \"0.1.0\", \"pid\": 7, \"rank\": null, \"policy\": \"uniform\", "
                     "\"task_policy\": {\"mode\": \"weighted-interleave\", \"nodes\": [0, 2], \"weights\": \"4:1\", "
                     "\"exact\": true}, \"options\": {\"dram_limit\": 5, \"large_percent\": 10, \"min_size\": 4096, "
                     "\"weights\": \"3:1\"}, \"topology\": {\"local_node\": 0, \"cxl_node\": 2, \"remote_node\": -1, "
                     "\"weighted_interleave\": true, \"weights_source\": \"hmat\", \"nodes\": [{\"node\": 2, "
                     "\"kind\": \"cxl\", \"cpus\": 0, \"mem_total\": 9, \"read_bandwidth\": null, "
                     "\"read_latency\": 250}]}, \"striping\": {\"thp\": \"never\", \"folio\": 4096, "
                     "\"max_map_count\": null, \"vma_budget\": 0}, \"footprint\": {\"peak\": 77, \"settles\": 3, "
                     "\"option\": null, \"final_settle\": true}, "),
                 OLI_DOC_REPORT),
           0);
  const oli_doc_report_head_t *h = &d.report;
  CHECK("head: run", !strcmp(h->oli_version, "0.1.0") && h->pid == 7 && !h->rank.has && h->policy == OLI_POLICY_UNIFORM);
  CHECK("head: task_policy", h->task_policy.present && h->task_policy.mode == OLI_TASK_POLICY_WEIGHTED_INTERLEAVE &&
                                 h->task_policy.nodes.n == 2 && h->task_policy.nodes.node[1] == 2 &&
                                 h->task_policy.weights[OLI_TIER_DRAM] == 4 && h->task_policy.exact);
  CHECK("head: options", h->options.dram_limit == 5 && h->options.large_percent == 10 &&
                             h->options.weights[OLI_TIER_DRAM] == 3 && h->options.weights[OLI_TIER_CXL] == 1);
  CHECK("head: topology", h->topology.remote_node == -1 && h->topology.weighted_interleave &&
                              !strcmp(h->topology.weights_source, "hmat") && h->topology.nodes.n == 1 &&
                              h->topology.nodes.e[0].kind == OLI_NODE_CXL && !h->topology.nodes.e[0].read_bandwidth.has &&
                              h->topology.nodes.e[0].read_latency.has && h->topology.nodes.e[0].read_latency.v == 250);
  CHECK("head: striping", h->striping.thp == OLI_THP_NEVER && !h->striping.max_map_count.has &&
                              h->striping.vma_budget.has && h->striping.vma_budget.v == 0);
  CHECK("head: footprint (and its peak and settles as before)",
        h->footprint.peak == 77 && !h->footprint.option.has && h->footprint.final_settle && d.footprint_peak == 77 &&
            d.summary.migration.settles == 3);
  /* written back by the writer's tables: the same text reads the same */
  char *out = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&out, &len);
  oli_jw_t w;
  oli_jw_init(&w, f);
  oli_doc_write_begin(&w, OLI_DOC_REPORT, "p");
  oli_doc_write_report_head(&w, h);
  oli_jw_array(&w, "sites", OLI_JW_LINES);
  oli_jw_end(&w);
  oli_jw_end(&w);
  oli_jw_finish(&w);
  fclose(f);
  CHECK("head written: options", strstr(out, "\"options\": {\"dram_limit\": 5, \"large_percent\": 10, "
                                             "\"min_size\": 4096, \"weights\": \"3:1\"}") != NULL);
  CHECK("head written: task_policy", strstr(out, "\"task_policy\": {\"mode\": \"weighted-interleave\", "
                                                 "\"nodes\": [0, 2], \"weights\": \"4:1\", \"exact\": true}") != NULL);
  CHECK("head written: nulls", strstr(out, "\"rank\": null") && strstr(out, "\"max_map_count\": null") &&
                                   strstr(out, "\"read_bandwidth\": null") && strstr(out, "\"vma_budget\": 0"));
  oli_doc_free(&d);
  CHECK_EQ("head written reads back", parse(out, OLI_DOC_REPORT), 0);
  CHECK("head read back", d.report.topology.nodes.n == 1 && d.report.footprint.settles == 3 &&
                              d.report.task_policy.weights[OLI_TIER_CXL] == 1);
  oli_doc_free(&d);
  free(out);
  /* what the tables refuse, with the member named */
  CHECK("head: task_policy mode not of the vocabulary",
        fails(REP("\"task_policy\": {\"mode\": \"sideways\"}, "), OLI_DOC_REPORT,
              "task_policy \"mode\" \"sideways\" is not one of this oli"));
  CHECK("head: large_percent out of range",
        fails(REP("\"options\": {\"large_percent\": 101}, "), OLI_DOC_REPORT, "\"large_percent\" must be an integer 0..100"));
  CHECK("head: footprint not an object",
        fails(REP("\"footprint\": 3, "), OLI_DOC_REPORT, "\"footprint\" must be an object, found number"));
  CHECK("head: a topology node not an object",
        fails(REP("\"topology\": {\"nodes\": [1]}, "), OLI_DOC_REPORT, "a topology node must be an object"));
  CHECK("head: weights not a ratio",
        fails(REP("\"options\": {\"weights\": \"3\"}, "), OLI_DOC_REPORT, "options \"weights\" must be a ratio"));
  CHECK("re-decision: settle required",
        fails("{\"schema\": \"oli-report\", \"version\": 2, \"sites\": [{\"id\": \"0x1\", \"decision\": \"dram\", "
              "\"redecisions\": [{\"size\": 1}]}]}",
              OLI_DOC_REPORT, "missing \"settle\""));
}

/* a plan's head through its table: dram_limit (null: unknown), predicted
 * (each policy's seconds required, >= 0) */
static void plan_head(void) {
#define PHEAD(members) "{\"schema\": \"oli-plan\", \"version\": 1, " members ", \"sites\": []}"
  CHECK_EQ("plan head parses",
           parse(PHEAD("\"dram_limit\": 0, \"predicted\": {\"dram\": 1.5, \"uniform\": 3, \"oli\": 2, "
                       "\"plan\": 1.75, \"threads\": 2, \"model\": \"defaults\"}"),
                 OLI_DOC_PLAN),
           0);
  CHECK("plan: dram_limit 0 is unlimited, not unknown", d.dram_limit.has && d.dram_limit.v == 0);
  CHECK("plan: predicted seconds in OLI_DOC_PREDICTED order",
        d.predicted.has && d.predicted.seconds[0] == 1.5 && d.predicted.seconds[1] == 3 &&
            d.predicted.seconds[2] == 2 && d.predicted.seconds[3] == 1.75 && d.predicted.threads == 2);
  CHECK_STR("plan: predicted model", d.predicted.model, "defaults");
  oli_doc_free(&d);
  CHECK_EQ("plan: null dram_limit", parse(PHEAD("\"dram_limit\": null"), OLI_DOC_PLAN), 0);
  CHECK("plan: null dram_limit is unknown", !d.dram_limit.has && !d.predicted.has);
  oli_doc_free(&d);
  CHECK("plan: negative seconds",
        fails(PHEAD("\"predicted\": {\"dram\": -1, \"uniform\": 3, \"oli\": 2, \"plan\": 1}"), OLI_DOC_PLAN,
              "\"predicted.dram\" must be a number of seconds >= 0"));
  CHECK("plan: a policy's seconds missing",
        fails(PHEAD("\"predicted\": {\"dram\": 1, \"uniform\": 3, \"oli\": 2}"), OLI_DOC_PLAN,
              "\"predicted.plan\" must be a number of seconds >= 0"));
#undef PHEAD
}

int main(void) {
  wrong_schema_first();
  report_head();
  plan_head();
  /* a plan: decisions, ratios by tier, optional members */
  CHECK_EQ("plan parses", parse(PLAN("{\"id\": \"0xA1\", \"decision\": \"interleave\", \"ratio\": \"2:1:1\", "
                                     "\"file\": \"x.c\", \"rel\": 3, \"name\": null, \"future\": [1]},"
                                     "{\"id\": \"0x2\", \"decision\": \"cxl\", \"ratio\": null}"),
                                OLI_DOC_PLAN),
           0);
  CHECK("plan: no dram_limit is unknown", !d.dram_limit.has && d.kind == OLI_DOC_PLAN);
  CHECK("plan: ratio by tier", d.sites[0].placement == OLI_PLACE_INTERLEAVE && d.sites[0].weight[OLI_TIER_DRAM] == 2 &&
                                   d.sites[0].weight[OLI_TIER_CXL] == 1 && d.sites[0].weight[OLI_TIER_REMOTE] == 1);
  CHECK("plan: members it had, and only those", OLI_HAS(&d.sites[0], OLI_F_REL) && OLI_HAS(&d.sites[0], OLI_F_FILE) &&
                                                    !OLI_HAS(&d.sites[0], OLI_F_NAME) && !OLI_HAS(&d.sites[1], OLI_F_REL));
  CHECK_STR("plan: absent strings are empty", d.sites[1].file, "");
  CHECK_EQ("plan: lookup by id", oli_doc_find(&d, 0xa1), 0);
  CHECK_EQ("plan: unknown id", oli_doc_find(&d, 0xa3), -1);
  char buf[64];
  CHECK_STR("plan: placement in words", oli_doc_site_placement(&d.sites[0], buf, sizeof buf), "interleave 2:1:1");
  oli_doc_free(&d);

  /* the same placement: 6:2 is 3:1 */
  CHECK_EQ("two sites", parse(PLAN("{\"id\": \"0x1\", \"decision\": \"interleave\", \"ratio\": \"6:2\"},"
                                   "{\"id\": \"0x2\", \"decision\": \"interleave\", \"ratio\": \"3:1\"},"
                                   "{\"id\": \"0x3\", \"decision\": \"interleave\", \"ratio\": \"3:2\"}"),
                              OLI_DOC_PLAN),
           0);
  CHECK("6:2 is 3:1", oli_doc_same_placement(&d.sites[0], &d.sites[1]));
  CHECK("3:2 is not 3:1", !oli_doc_same_placement(&d.sites[1], &d.sites[2]));
  oli_doc_free(&d);

  /* what a plan may not say */
  CHECK("plan: default is not a decision",
        fails(PLAN("{\"id\": \"0x1\", \"decision\": \"default\"}"), OLI_DOC_PLAN,
              "\"decision\" \"default\" is not one of dram, interleave, cxl"));
  CHECK("plan: decision required", fails(PLAN("{\"id\": \"0x1\"}"), OLI_DOC_PLAN, "missing \"decision\""));
  CHECK("plan: interleave needs a ratio",
        fails(PLAN("{\"id\": \"0x1\", \"decision\": \"interleave\", \"ratio\": \"0:0\"}"), OLI_DOC_PLAN,
              "line 1, column 97: an interleave decision needs \"ratio\""));
  CHECK("plan: ratio parts 0-1000",
        fails(PLAN("{\"id\": \"0x1\", \"decision\": \"interleave\", \"ratio\": \"1001:1\"}"), OLI_DOC_PLAN, "ratio"));
  CHECK("plan: a string member must be a string",
        fails(PLAN("{\"id\": \"0x1\", \"decision\": \"dram\", \"file\": 7}"), OLI_DOC_PLAN,
              "\"file\" must be a string, found number"));
  CHECK("plan: duplicate ids", fails(PLAN("{\"id\": \"0x1\", \"decision\": \"dram\"},\n{\"id\": \"0x01\", "
                                          "\"decision\": \"cxl\"}"),
                                     OLI_DOC_PLAN, "line 2, column 1: duplicate site id 0x0000000000000001 (first at line 1)"));
  /* a plan's left_out[]: the sites it left out and why, found by ID; an ID once in the plan */
#define LEFT(sites, left) "{\"schema\": \"oli-plan\", \"version\": 1, \"sites\": [" sites "],\n\"left_out\": [" left "]}"
  CHECK_EQ("plan: left_out parses",
           parse(LEFT("{\"id\": \"0x1\", \"decision\": \"dram\"}",
                      "{\"id\": \"0x2\", \"file\": \"m.c\", \"rel\": 4, \"count\": 3, \"largest\": 4096, \"why\": \"small\"},"
                      "{\"id\": \"0x3\", \"why\": \"unused\"}"),
                 OLI_DOC_PLAN),
           0);
  CHECK("plan: left_out read", d.nleft == 2 && oli_doc_find_left(&d, 2) == 0 && oli_doc_find_left(&d, 3) == 1 &&
                                   oli_doc_find_left(&d, 1) == -1 && oli_doc_find(&d, 2) == -1 &&
                                   d.left[0].left_out == OLI_LEFT_SMALL && d.left[0].largest == 4096 &&
                                   d.left[0].rel == 4 && d.left[1].left_out == OLI_LEFT_UNUSED && d.nsites == 1);
  oli_doc_free(&d);
  CHECK("plan: left_out needs why", fails(LEFT("", "{\"id\": \"0x2\"}"), OLI_DOC_PLAN, "missing \"why\""));
  CHECK("plan: why from the vocabulary", fails(LEFT("", "{\"id\": \"0x2\", \"why\": \"tiny\"}"), OLI_DOC_PLAN,
                                               "\"why\" \"tiny\" is not one of small, unused"));
  CHECK("plan: planned and left out",
        fails(LEFT("{\"id\": \"0x2\", \"decision\": \"dram\"}", "{\"id\": \"0x2\", \"why\": \"small\"}"),
              OLI_DOC_PLAN, "line 2, column 14: site id 0x0000000000000002 is both planned (line 1) and left out"));
  CHECK("plan: left out twice",
        fails(LEFT("", "{\"id\": \"0x2\", \"why\": \"small\"},{\"id\": \"0x2\", \"why\": \"unused\"}"), OLI_DOC_PLAN,
              "duplicate site id 0x0000000000000002"));
  CHECK("plan: left_out an array",
        fails("{\"schema\": \"oli-plan\", \"version\": 1, \"sites\": [], \"left_out\": 3}", OLI_DOC_PLAN,
              "\"left_out\" must be an array of site objects"));
  {
    oli_doc_site_t l;
    memset(&l, 0, sizeof l);
    l.id = 7, l.kind = "malloc", l.file = "k.c", l.function = "f", l.name = "", l.rel = 2, l.largest = 9;
    l.left_out = OLI_LEFT_UNUSED;
    OLI_SET(&l, OLI_F_ID), OLI_SET(&l, OLI_F_FILE), OLI_SET(&l, OLI_F_REL), OLI_SET(&l, OLI_F_LARGEST),
        OLI_SET(&l, OLI_F_WHY), OLI_SET(&l, OLI_F_DECISION);
    char *out = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&out, &len);
    oli_jw_t w;
    oli_jw_init(&w, f);
    oli_doc_write_begin(&w, OLI_DOC_PLAN, NULL);
    oli_jw_array(&w, "sites", OLI_JW_LINES);
    oli_jw_end(&w);
    oli_jw_array(&w, "left_out", OLI_JW_LINES);
    oli_doc_write_left_out(&w, &l);
    oli_jw_end(&w);
    oli_jw_end(&w);
    oli_jw_finish(&w);
    fclose(f);
    CHECK("writer: left_out reads back", parse(out, OLI_DOC_PLAN) == 0 && d.nleft == 1 && d.left[0].id == 7 &&
                                             d.left[0].left_out == OLI_LEFT_UNUSED && d.left[0].largest == 9 &&
                                             !strcmp(d.left[0].file, "k.c") && !OLI_HAS(&d.left[0], OLI_F_DECISION));
    oli_doc_free(&d);
    free(out);
  }
#undef LEFT

  CHECK("a plan where a profile is wanted", fails(PLAN(""), OLI_DOC_PROFILE,
                                                  "schema \"oli-plan\" is not accepted here (expected oli-profile)"));

  /* a profile: required counters, access source, tiers */
  CHECK("profile: count required", fails(PROF("{\"id\": \"0x1\", \"largest\": 1, \"peak_live\": 1, "
                                              "\"total_bytes\": 1, \"accesses\": 0}"),
                                         OLI_DOC_PROFILE, "missing \"count\""));
  CHECK("profile: footprint_peak required",
        fails("{\"schema\": \"oli-profile\", \"version\": 1, \"sites\": []}", OLI_DOC_PROFILE,
              "missing \"footprint_peak\""));
  CHECK("profile: access source from the vocabulary",
        fails("{\"schema\": \"oli-profile\", \"version\": 1, \"footprint_peak\": 1, \"access_source\": \"auto\", "
              "\"sites\": []}",
              OLI_DOC_PROFILE, "\"access_source\" \"auto\" is not one of none, portable, pmu"));
  CHECK_EQ("profile parses",
           parse("{\"schema\": \"oli-profile\", \"version\": 1, \"footprint_peak\": 100, \"access_source\": \"pmu\","
                 " \"tiers\": {\"cxl\": {\"bandwidth\": 10000, \"latency\": 280}}, \"sites\": [{\"id\": \"0x1\", "
                 "\"count\": 2, \"largest\": 40, \"peak_live\": 50, \"total_bytes\": 80, \"accesses\": 7}]}",
                 ALL),
           0);
  CHECK("profile: source, tiers, runs default 1",
        d.access_source == OLI_ACCESS_PMU && d.tiers.has[OLI_TIER_CXL] && !d.tiers.has[OLI_TIER_DRAM] &&
            d.tiers.latency[OLI_TIER_CXL] == 280 && d.runs == 1);
  CHECK_EQ("profile: bytes of a site are its peak", d.sites[0].bytes, 50);
  oli_doc_free(&d);

  /* a report: default decisions, pages maps, summary */
  const char *rep =
      "{\"schema\": \"oli-report\", \"version\": 1, \"sites\": [{\"id\": \"0x0\", \"decision\": \"default\", "
      "\"mechanism\": \"page-runs\", \"nodes\": [0, 2], \"pages_intended\": {\"0\": 3, \"2\": 1}, "
      "\"pages_achieved\": {}}], \"summary\": {\"placed_objects\": 4, \"bytes\": {\"cxl\": 9}, "
      "\"runtime_metadata\": {\"bytes\": 10, \"tracked_objects\": 2, \"bytes_per_object\": 5}}}";
  CHECK_EQ("report parses", parse(rep, ALL), 0);
  const oli_doc_site_t *s = d.nsites ? &d.sites[0] : NULL;
  CHECK("report: default decision, mechanism, nodes",
        s && s->placement == OLI_PLACE_DEFAULT && s->mechanism == OLI_MECH_PAGE_RUNS && s->nnodes == 2 && s->nodes[1] == 2);
  CHECK("report: pages intended", s && s->intended && s->intended->n == 2 && s->intended->e[1].node == 2 &&
                                      s->intended->e[1].pages == 1);
  CHECK("report: empty pages achieved", s && OLI_HAS(s, OLI_F_PAGES_ACHIEVED) && s->achieved == NULL);
  CHECK("report: summary", d.summary.present && d.summary.placed_objects == 4 && d.summary.bytes[OLI_TIER_CXL] == 9 &&
                               d.summary.metadata.present && d.summary.metadata.bytes_per_object == 5);
  oli_doc_free(&d);
  CHECK("report: a pages key is a node",
        fails("{\"schema\": \"oli-report\", \"version\": 1, \"sites\": [{\"id\": \"0x0\", \"decision\": \"dram\", "
              "\"pages_achieved\": {\"two\": 1}}]}",
              ALL, "\"pages_achieved\": \"two\" is not a node number 0-63"));
  CHECK("report: unknown mechanism",
        fails("{\"schema\": \"oli-report\", \"version\": 1, \"sites\": [{\"id\": \"0x0\", \"decision\": \"dram\", "
              "\"mechanism\": \"magic\"}]}",
              ALL, "\"mechanism\" \"magic\" is not a mechanism of this oli"));
  CHECK("report version 3", fails("{\"schema\": \"oli-report\",\n \"version\": 3, \"sites\": []}", ALL,
                                  "line 2, column 13: oli-report version 3 is not supported (this oli reads versions 1 to 2)"));
  CHECK("plan version 2", fails("{\"schema\": \"oli-plan\",\n \"version\": 2, \"sites\": []}", ALL,
                                "line 2, column 13: oli-plan version 2 is not supported (this oli reads version 1)"));

  /* pages against the decision (oli report's ! and the runtime's table):
   * untouched pages are never a mismatch, a page on a node beyond its share
   * is; a version 1 global's 2 edge pages are allowed, a version 2 global's
   * counts are its own pages only */
  {
#define RSITE(v, kind, pages) "{\"schema\": \"oli-report\", \"version\": " v ", \"sites\": [{\"id\": \"0x1\", " \
                              "\"kind\": \"" kind "\", \"decision\": \"dram\", " pages "}]}"
    static const struct {
      const char *what, *doc, *cell;
      bool judged, mismatch;
      unsigned long long untouched, misplaced;
    } pc[] = {
        {"untouched tail", RSITE("2", "malloc", "\"pages_intended\": {\"0\": 16384}, \"pages_achieved\": {\"0\": 8192}, \"pages_not_present\": 8192"),
         "0:8192/16384 +8192 untouched", true, false, 8192, 0},
        {"nothing touched", RSITE("2", "malloc", "\"pages_intended\": {\"0\": 1024}, \"pages_achieved\": {}, \"pages_not_present\": 1024"),
         "0:0/1024 +1024 untouched", true, false, 1024, 0},
        {"interleave, half touched", RSITE("2", "malloc", "\"pages_intended\": {\"0\": 768, \"2\": 256}, \"pages_achieved\": {\"0\": 512}, \"pages_not_present\": 512"),
         "0:512/768 2:0/256 +512 untouched", true, false, 512, 0},
        {"v1 global, edge pages", RSITE("1", "global", "\"pages_intended\": {\"0\": 8192}, \"pages_achieved\": {\"0\": 8193}"),
         "0:8193/8192", true, false, 0, 1},
        {"v1 global, its 2 edges on another node", RSITE("1", "global", "\"pages_intended\": {\"0\": 391}, \"pages_achieved\": {\"0\": 391, \"1\": 2}"),
         "0:391/391 1:2/0", true, false, 0, 2},
        {"v2 global: own pages only", RSITE("2", "global", "\"pages_intended\": {\"0\": 8192}, \"pages_achieved\": {\"0\": 8193}, \"pages_shared\": 2"),
         "0:8193/8192", true, true, 0, 1},
        {"v1 malloc: no edge slack", RSITE("1", "malloc", "\"pages_intended\": {\"0\": 8192}, \"pages_achieved\": {\"0\": 8193}"),
         "0:8193/8192", true, true, 0, 1},
        {"pages on the wrong node", RSITE("2", "malloc", "\"pages_intended\": {\"0\": 60000, \"2\": 5536}, \"pages_achieved\": {\"0\": 65536}"),
         "0:65536/60000 2:0/5536", true, true, 0, 5536},
        {"sampled within 1%", RSITE("2", "malloc", "\"pages_intended\": {\"0\": 300000, \"2\": 100000}, \"pages_achieved\": {\"0\": 300400, \"2\": 99600}, \"pages_sampled\": true"),
         "0:300400/300000 2:99600/100000 (sampled)", true, false, 0, 400},
        {"sampled beyond 1%", RSITE("2", "malloc", "\"pages_intended\": {\"0\": 300000, \"2\": 100000}, \"pages_achieved\": {\"0\": 320000, \"2\": 80000}, \"pages_sampled\": true"),
         "0:320000/300000 2:80000/100000 (sampled)", true, true, 0, 20000},
        {"nothing intended (policy off)", RSITE("2", "global", "\"pages_intended\": {}, \"pages_achieved\": {\"0\": 2049}"),
         "0:2049", false, false, 0, 2049},
        {"nothing known", RSITE("2", "malloc", "\"pages_intended\": {}, \"pages_achieved\": {}"), "-", false, false, 0, 0},
    };
#undef RSITE
    for (size_t i = 0; i < sizeof pc / sizeof pc[0]; i++) {
      char name[160], cell[160];
      snprintf(name, sizeof name, "pages: %s parses", pc[i].what);
      CHECK_EQ(name, parse(pc[i].doc, OLI_DOC_REPORT), 0);
      if (d.nsites != 1) continue;
      oli_doc_pages_cmp_t c;
      oli_doc_pages_compare(&d.sites[0], d.version, &c);
      snprintf(name, sizeof name, "pages: %s: cell", pc[i].what);
      CHECK_STR(name, oli_doc_pages_cell(&d.sites[0], cell, sizeof cell), pc[i].cell);
      snprintf(name, sizeof name, "pages: %s: %s", pc[i].what, pc[i].mismatch ? "a mismatch" : "no mismatch");
      CHECK(name, c.judged == pc[i].judged && c.mismatch == pc[i].mismatch && c.untouched == pc[i].untouched &&
                      c.misplaced == pc[i].misplaced);
      oli_doc_free(&d);
    }
  }

  /* runtime metadata: version 2 splits fixed tables from per-object bookkeeping */
  {
    char words[160];
    CHECK_EQ("metadata v2 parses",
             parse("{\"schema\": \"oli-report\", \"version\": 2, \"sites\": [], \"summary\": {\"runtime_metadata\": "
                   "{\"bytes\": 155648, \"fixed_bytes\": 153600, \"object_bytes\": 2048, \"tracked_objects\": 2, "
                   "\"bytes_per_object\": 1024}}}",
                   OLI_DOC_REPORT),
             0);
    CHECK("metadata v2: version and split", d.version == 2 && d.summary.metadata.fixed_bytes.has && d.summary.metadata.object_bytes.has &&
                                                d.summary.metadata.fixed_bytes.v == 153600 && d.summary.metadata.object_bytes.v == 2048);
    CHECK_STR("metadata v2 in words", oli_doc_metadata_words(&d.summary, words, sizeof words),
              "150.0 KiB fixed + 2.0 KiB for 2 tracked objects (1024 B each)");
    oli_doc_free(&d);
    CHECK_EQ("metadata v1 parses", parse(rep, ALL), 0);
    CHECK("metadata v1: no split", d.version == 1 && !d.summary.metadata.fixed_bytes.has);
    CHECK_STR("metadata v1 in words", oli_doc_metadata_words(&d.summary, words, sizeof words),
              "10 B for 2 tracked objects (5 B each, fixed tables included)");
    oli_doc_free(&d);
  }

  /* the writer: every kind's site reads back as written */
  oli_doc_site_t w0;
  memset(&w0, 0, sizeof w0);
  w0.id = 0x3f2a9c0d11e4b5a7ull;
  w0.kind = "new[]";
  w0.file = "a \"q\".c";
  w0.function = "main";
  w0.name = "";
  w0.reason = "why\x7f";
  w0.rel = 4;
  w0.count = 3;
  w0.total_bytes = w0.largest = w0.peak_live = 1u << 20;
  w0.accesses = 99;
  w0.placement = OLI_PLACE_INTERLEAVE;
  w0.weight[OLI_TIER_DRAM] = 3;
  w0.weight[OLI_TIER_CXL] = 1;
  w0.bytes = 1u << 20;
  w0.planned = OLI_PLACE_INTERLEAVE; /* a report's: what a plan wanted */
  w0.planned_weight[OLI_TIER_DRAM] = 4;
  w0.planned_weight[OLI_TIER_CXL] = 1;
  for (int f = 0; f < OLI_F_COUNT_; f++)
    if (f != OLI_F_NODES && f != OLI_F_MECHANISM && f != OLI_F_PAGES_INTENDED && f != OLI_F_PAGES_ACHIEVED)
      OLI_SET(&w0, f);
  for (unsigned k = OLI_DOC_REPORT; k <= OLI_DOC_PROFILE; k <<= 1) {
    char *out = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&out, &len);
    oli_jw_t w;
    oli_jw_init(&w, f);
    oli_doc_write_begin(&w, (oli_doc_kind_t)k, "p");
    if (k == OLI_DOC_PROFILE) oli_jw_u64(&w, "footprint_peak", 1);
    oli_jw_array(&w, "sites", OLI_JW_LINES);
    oli_doc_write_site(&w, (oli_doc_kind_t)k, &w0);
    oli_jw_end(&w);
    oli_jw_end(&w);
    CHECK("writer: written", oli_jw_finish(&w) == 0);
    fclose(f);
    char name[64];
    snprintf(name, sizeof name, "writer: %s reads back", oli_doc_schema((oli_doc_kind_t)k));
    int rc = oli_doc_parse(out, len, k, NULL, &d, msg, sizeof msg);
    CHECK(name, rc == 0);
    if (rc != 0) fprintf(stderr, "     %s\n%s", msg, out);
    if (rc == 0) {
      const oli_doc_site_t *b = &d.sites[0];
      snprintf(name, sizeof name, "writer: %s site the same", oli_doc_schema((oli_doc_kind_t)k));
      CHECK(name, b->id == w0.id && !strcmp(b->kind, "new[]") && !strcmp(b->file, w0.file) && b->rel == 4 &&
                      !strcmp(b->name, "") && !OLI_HAS(b, OLI_F_NAME) &&
                      (k == OLI_DOC_PLAN || b->count == (k == OLI_DOC_PLAN ? 0 : 3)) &&
                      (k == OLI_DOC_PROFILE || (oli_doc_same_placement(b, &w0) && !strcmp(b->reason, w0.reason))) &&
                      (k == OLI_DOC_REPORT || b->accesses == 99) &&
                      (k != OLI_DOC_REPORT || (OLI_HAS(b, OLI_F_PLANNED) && b->planned == OLI_PLACE_INTERLEAVE &&
                                               b->planned_weight[OLI_TIER_DRAM] == 4 &&
                                               b->planned_weight[OLI_TIER_CXL] == 1)));
      oli_doc_free(&d);
    }
    free(out);
  }
  return TEST_SUMMARY();
}
