/* test/cli/test-machine.c - the machine file's reader and writer
 * (common/machine.c) and the ratio reduction (common/ratio.c) that turns its
 * bandwidths into interleave weights. */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include <string.h>

#include "machine.h"
#include "ratio.h"
#include "testhelper.h"

static oli_machine_t m;
static char why[256];

static int parse(const char *text) { return oli_machine_parse(text, strlen(text), NULL, &m, why, sizeof why); }

/* The reader's message for a document with one measurement row `row`. */
static const char *row_error(const char *row) {
  static char doc[1024];
  snprintf(doc, sizeof doc, "{\"schema\": \"oli-machine\", \"version\": 1, \"measurements\": [%s]}", row);
  return parse(doc) == 0 ? "(accepted)" : why;
}

int main(void) {
  /* ratio reduction */
  uint32_t a, b;
  static const struct { uint64_t x, y; uint32_t a, b; } ratios[] = {
      {20000, 5000, 4, 1}, {1000, 1000, 1, 1}, {30000, 20000, 3, 2}, {1000000, 1, 31, 1},
      {5000, 20000, 1, 4}, {21032, 7340, 3, 1}, {15688, 12001, 4, 3}, {0, 5, 0, 1}, {7, 0, 1, 0},
  };
  for (size_t i = 0; i < sizeof ratios / sizeof ratios[0]; i++) {
    char name[64];
    snprintf(name, sizeof name, "ratio %llu:%llu = %u:%u", (unsigned long long)ratios[i].x,
             (unsigned long long)ratios[i].y, ratios[i].a, ratios[i].b);
    oli_ratio_reduce(ratios[i].x, ratios[i].y, &a, &b);
    CHECK(name, a == ratios[i].a && b == ratios[i].b);
  }
  for (uint64_t x = 1; x < 5000; x += 37)
    for (uint64_t y = 1; y < 5000; y += 41) {
      oli_ratio_reduce(x, y, &a, &b);
      if (a + b > OLI_RATIO_MAX_SUM || a == 0 || b == 0) {
        CHECK("reduced ratios stay small and non-zero", 0);
        x = y = 5000;
      }
    }

  /* a good file, written again */
  const char *good =
      "{\"schema\": \"oli-machine\", \"version\": 1, \"host\": \"lab\", \"buffer_bytes\": 33554432,\n"
      " \"cache_bytes\": 25165824, \"cache_gather_ps\": 1800, \"cache_chase_ps\": 4200, \"future_member\": {\"ignored\": true},\n"
      " \"cache_gathers\": [{\"bytes\": 16384, \"gather_ps\": 800}, {\"bytes\": 1048576, \"gather_ps\": 1900}],\n"
      " \"miss_window\": 130, \"op_ps\": 60, \"op_sweep\": [{\"threads\": 1, \"op_ps\": 60}, {\"threads\": 4, \"op_ps\": 120}],\n"
      " \"measurements\": [\n"
      "  {\"from\": 0, \"to\": 0, \"kind\": \"dram\", \"read_bandwidth\": 20480, \"threads\": 2, \"idle_latency\": 100,"
      "   \"loaded_latency\": 180, \"gather_ns\": 45, \"gather_ps\": 44500, \"sweep\": [{\"threads\": 1, \"read_bandwidth\": 11000}, {\"threads\": 2, \"read_bandwidth\": 20480}]},\n"
      "  {\"from\": 0, \"to\": 2, \"kind\": \"cxl\", \"read_bandwidth\": 5120, \"idle_latency\": 300, \"loaded_latency\": null},\n"
      "  {\"from\": 0, \"to\": 1, \"kind\": \"dram\", \"read_bandwidth\": 8000, \"sweep\": [{\"threads\": 1, \"read_bandwidth\": 5000},"
      "   {\"threads\": 2, \"read_bandwidth\": 8000}], \"triad_sweep\": [{\"threads\": 1, \"triad_bandwidth\": 6000},"
      "   {\"threads\": 2, \"triad_bandwidth\": 9600}]}]}\n";
  CHECK_EQ("good: parses", parse(good), 0);
  CHECK_EQ("good: 3 rows", m.n, 3);
  CHECK_STR("good: host", m.host, "lab");
  const oli_machine_row_t *r = oli_machine_find(&m, 0, 2);
  CHECK("good: node 2 from node 0", r && r->read_bw == 5120 && r->idle_lat == 300 && r->loaded_lat == 0 &&
                                        strcmp(r->kind, "cxl") == 0);
  CHECK("good: sweep kept", m.rows[0].nsweep == 2 && m.rows[0].sweep[1].read_bw == 20480 && m.rows[0].threads == 2);
  CHECK("good: cache bytes and gather time", m.cache_bytes == 25165824 && m.rows[0].gather_ns == 45 &&
                                                 m.rows[0].gather_ps == 44500 && r && r->gather_ns == 0 &&
                                                 r->gather_ps == 0);
  CHECK("good: a hit's costs", m.cache_gather_ps == 1800 && m.cache_chase_ps == 4200 && m.cache_read_bw == 0);
  CHECK_EQ("good: the core's miss window", m.miss_window, 130);
  CHECK("good: the hit curve", m.nhits == 2 && m.hits[0].bytes == 16384 && m.hits[0].gather_ps == 800 &&
                                   m.hits[1].bytes == 1048576 && m.hits[1].gather_ps == 1900);
  CHECK("good: no row from node 1", oli_machine_find(&m, 1, 2) == NULL);
  /* an operation's cost by thread count: the op sweep, interpolated; its last point beyond */
  CHECK("ops: 1 thread is the sweep's first point", fabs(oli_machine_op_ps_at(&m, 1) - 60) < 1e-9);
  CHECK("ops: 2 threads between the points", fabs(oli_machine_op_ps_at(&m, 2) - 80) < 1e-9);
  CHECK("ops: 8 threads the last point", fabs(oli_machine_op_ps_at(&m, 8) - 120) < 1e-9);
  static oli_machine_t one;
  one.op_ps = 70;
  CHECK("ops: no sweep, op_ps at any count", fabs(oli_machine_op_ps_at(&one, 8) - 70) < 1e-9);
  /* the bandwidth curve the planner reads: the sweep, interpolated; saturated beyond it */
  CHECK("curve: 1 thread is the sweep's first point", fabs(oli_machine_bw_at(&m.rows[0], 1) - 11000) < 1e-9);
  CHECK("curve: 1.5 threads between the points", fabs(oli_machine_bw_at(&m.rows[0], 1.5) - 15740) < 1e-9);
  CHECK("curve: 8 threads saturated at the best", fabs(oli_machine_bw_at(&m.rows[0], 8) - 20480) < 1e-9);
  CHECK("curve: no sweep, no thread count: the one figure at 1 thread", fabs(oli_machine_bw_at(r, 1) - 5120) < 1e-9);
  CHECK("curve: no sweep: the one figure beyond", fabs(oli_machine_bw_at(r, 4) - 5120) < 1e-9);
  /* a triad sweep, when the row has one, is the curve instead of the read sweep */
  const oli_machine_row_t *t = oli_machine_find(&m, 0, 1);
  CHECK("triad: kept", t && t->ntriad == 2 && t->triad[1].threads == 2 && t->triad[1].triad_bw == 9600 && t->nsweep == 2);
  CHECK("triad: 1 thread is its first point", t && fabs(oli_machine_bw_at(t, 1) - 6000) < 1e-9);
  CHECK("triad: 1.5 threads between its points", t && fabs(oli_machine_bw_at(t, 1.5) - 7800) < 1e-9);
  CHECK("triad: 4 threads saturated at its best", t && fabs(oli_machine_bw_at(t, 4) - 9600) < 1e-9);
  CHECK("triad: none in the other rows", m.rows[0].ntriad == 0 && r && r->ntriad == 0);
  char *text = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&text, &len);
  CHECK_EQ("write: ok", f ? oli_machine_write(f, &m, "test") : -1, 0);
  if (f) fclose(f);
  static oli_machine_t again;
  CHECK_EQ("write: reads back", text ? oli_machine_parse(text, len, NULL, &again, why, sizeof why) : -1, 0);
  CHECK("write: same rows", again.n == m.n && memcmp(again.rows, m.rows, m.n * sizeof m.rows[0]) == 0);
  CHECK("write: same cache bytes", again.cache_bytes == m.cache_bytes);
  CHECK("write: same hit costs", again.cache_gather_ps == 1800 && again.cache_chase_ps == 4200 && again.cache_read_bw == 0);
  CHECK_EQ("write: same miss window", again.miss_window, 130);
  CHECK("write: same hit curve", again.nhits == 2 && memcmp(again.hits, m.hits, sizeof m.hits[0] * 2) == 0);
  CHECK("write: same op sweep", again.op_ps == 60 && again.nops == 2 && again.ops[1].threads == 4 &&
                                    again.ops[1].op_ps == 120);
  CHECK("write: names the tool", text && strstr(text, "\"tool\": \"test\""));
  free(text);

  /* bad files: one line each, naming the place and what is accepted */
  CHECK_EQ("hit curve not ascending", parse("{\"schema\": \"oli-machine\", \"version\": 1, \"cache_gathers\": "
                                            "[{\"bytes\": 65536, \"gather_ps\": 900}, {\"bytes\": 16384, \"gather_ps\": 700}], "
                                            "\"measurements\": [{\"from\": 0, \"to\": 0, \"read_bandwidth\": 1}]}"), -1);
  CHECK_STR("hit curve not ascending: says so", why,
            "line 1, column 95: cache_gathers[1].bytes is 16384, not above the point before's 65536 (the points "
            "ascend by bytes)");
  CHECK_EQ("hit curve point without its time", parse("{\"schema\": \"oli-machine\", \"version\": 1, \"cache_gathers\": "
                                                     "[{\"bytes\": 65536}], \"measurements\": [{\"from\": 0, \"to\": 0, "
                                                     "\"read_bandwidth\": 1}]}"), -1);
  CHECK("hit curve point without its time: names it", strstr(why, "cache_gathers[0].gather_ps is missing") != NULL);
  CHECK_EQ("op sweep not ascending", parse("{\"schema\": \"oli-machine\", \"version\": 1, \"op_sweep\": "
                                           "[{\"threads\": 2, \"op_ps\": 60}, {\"threads\": 1, \"op_ps\": 50}], "
                                           "\"measurements\": [{\"from\": 0, \"to\": 0, \"read_bandwidth\": 1}]}"), -1);
  CHECK("op sweep not ascending: says so",
        strstr(why, "op_sweep[1].threads is 1, not above the point before's 2 (the points ascend by threads)") != NULL);
  CHECK_EQ("hit curve not an array", parse("{\"schema\": \"oli-machine\", \"version\": 1, \"cache_gathers\": 5, "
                                           "\"measurements\": [{\"from\": 0, \"to\": 0, \"read_bandwidth\": 1}]}"), -1);
  CHECK("hit curve not an array: says what is accepted", strstr(why, "not an array of at most 8 points") != NULL);
  CHECK_EQ("not JSON", parse("{\"schema\": "), -1);
  CHECK("not JSON: the JSON reader's position", strncmp(why, "line 1, column ", 15) == 0);
  CHECK_EQ("no schema", parse("{\"version\": 1}"), -1);
  CHECK_STR("no schema: says what to do", why,
            "line 1, column 1: not an oli-machine document (no \"schema\"); write one with oli calibrate");
  CHECK_EQ("other schema", parse("{\"schema\": \"oli-plan\", \"version\": 1}"), -1);
  CHECK_STR("other schema: names it", why, "line 1, column 12: schema \"oli-plan\" is not accepted here (expected oli-machine)");
  CHECK_EQ("schema with a newline", parse("{\"schema\": \"a\\nb\", \"version\": 1}"), -1);
  CHECK_STR("schema with a newline: escaped, one line", why, "line 1, column 12: schema \"a\\nb\" is not accepted here (expected oli-machine)");
  CHECK_EQ("host with a newline", parse("{\"schema\": \"oli-machine\", \"version\": 1, \"host\": \"a\\nb\", "
                                        "\"measurements\": [{\"from\": 0, \"to\": 0, \"read_bandwidth\": 1}]}"), 0);
  CHECK_STR("host with a newline: kept printable", m.host, "a?b");
  CHECK_EQ("host a number", parse("{\"schema\": \"oli-machine\", \"version\": 1, \"host\": 17, "
                                    "\"measurements\": [{\"from\": 0, \"to\": 0, \"read_bandwidth\": 1}]}"), -1);
  CHECK_STR("host a number: refused", why, "line 1, column 49: document.host is not a string");
  CHECK_EQ("tool an object", parse("{\"schema\": \"oli-machine\", \"version\": 1, \"tool\": {}, "
                                   "\"measurements\": [{\"from\": 0, \"to\": 0, \"read_bandwidth\": 1}]}"), -1);
  CHECK_STR("tool an object: refused", why, "line 1, column 49: document.tool is not a string");
  CHECK_EQ("host and tool null", parse("{\"schema\": \"oli-machine\", \"version\": 1, \"host\": null, \"tool\": null, "
                                       "\"measurements\": [{\"from\": 0, \"to\": 0, \"read_bandwidth\": 1}]}"), 0);
  CHECK_STR("buffer_bytes a string", (parse("{\"schema\": \"oli-machine\", \"version\": 1, \"buffer_bytes\": \"1M\", "
                                            "\"measurements\": [{\"from\": 0, \"to\": 0, \"read_bandwidth\": 1}]}"), why),
            "line 1, column 57: document.buffer_bytes is not a byte count");
  CHECK_EQ("version 2", parse("{\"schema\": \"oli-machine\", \"version\": 2, \"measurements\": []}"), -1);
  CHECK_STR("version 2: not supported", why,
            "line 1, column 38: oli-machine version 2 is not supported (this oli reads version 1)");
  CHECK_EQ("no measurements", parse("{\"schema\": \"oli-machine\", \"version\": 1, \"measurements\": []}"), -1);
  CHECK_STR("no measurements: says so", why, "line 1, column 57: \"measurements\" is missing, empty or not an array");
  CHECK_STR("zero bandwidth", row_error("{\"from\": 0, \"to\": 0, \"read_bandwidth\": 0}"),
            "line 1, column 97: measurements[0].read_bandwidth is not a whole number of MB/s above 0");
  CHECK_STR("fractional bandwidth", row_error("{\"from\": 0, \"to\": 0, \"read_bandwidth\": 1.5}"),
            "line 1, column 97: measurements[0].read_bandwidth is not a whole number of MB/s above 0");
  CHECK_STR("missing bandwidth", row_error("{\"from\": 0, \"to\": 0}"),
            "line 1, column 58: measurements[0].read_bandwidth is missing; a whole number of MB/s above 0");
  CHECK_STR("node 64", row_error("{\"from\": 64, \"to\": 0, \"read_bandwidth\": 9}"),
            "line 1, column 67: measurements[0].from is not a node number 0-63");
  CHECK_STR("negative node", row_error("{\"from\": 0, \"to\": -1, \"read_bandwidth\": 9}"),
            "line 1, column 76: measurements[0].to is not a node number 0-63");
  CHECK_STR("latency zero", row_error("{\"from\": 0, \"to\": 1, \"read_bandwidth\": 9, \"idle_latency\": 0}"),
            "line 1, column 116: measurements[0].idle_latency is not a latency in ns (1-1000000) or null");
  CHECK_STR("gather zero", row_error("{\"from\": 0, \"to\": 1, \"read_bandwidth\": 9, \"gather_ns\": 0}"),
            "line 1, column 113: measurements[0].gather_ns is not a time in ns (1-1000000) or null");
  CHECK("gather in ps too large",
        strstr(row_error("{\"from\": 0, \"to\": 1, \"read_bandwidth\": 9, \"gather_ps\": 1000000001}"),
               "measurements[0].gather_ps is not a time in ps (1-1000000000) or null") != NULL);
  CHECK_STR("cache_bytes negative", (parse("{\"schema\": \"oli-machine\", \"version\": 1, \"cache_bytes\": -1, "
                                           "\"measurements\": [{\"from\": 0, \"to\": 0, \"read_bandwidth\": 1}]}"), why),
            "line 1, column 56: document.cache_bytes is not a byte count");
  CHECK_STR("cache_chase_ps zero", (parse("{\"schema\": \"oli-machine\", \"version\": 1, \"cache_chase_ps\": 0, "
                                          "\"measurements\": [{\"from\": 0, \"to\": 0, \"read_bandwidth\": 1}]}"), why),
            "line 1, column 59: document.cache_chase_ps is not a time in ps (1-1000000000)");
  CHECK_STR("miss_window zero", (parse("{\"schema\": \"oli-machine\", \"version\": 1, \"miss_window\": 0, "
                                       "\"measurements\": [{\"from\": 0, \"to\": 0, \"read_bandwidth\": 1}]}"), why),
            "line 1, column 56: document.miss_window is not a count of operations (1-1000000)");
  CHECK_STR("bad kind", row_error("{\"from\": 0, \"to\": 1, \"read_bandwidth\": 9, \"kind\": \"hbm\"}"),
            "line 1, column 108: measurements[0].kind is not \"dram\" or \"cxl\"");
  CHECK_STR("row not an object", row_error("[1]"), "line 1, column 58: measurements[0] is not an object");
  CHECK_STR("duplicate", row_error("{\"from\": 0, \"to\": 1, \"read_bandwidth\": 9}, {\"from\": 0, \"to\": 1, \"read_bandwidth\": 8}"),
            "line 1, column 101: measurements[1] measures node 1 from node 0 again");
  CHECK_STR("sweep point", row_error("{\"from\": 0, \"to\": 1, \"read_bandwidth\": 9, \"sweep\": [{\"threads\": 0, \"read_bandwidth\": 9}]}"),
            "line 1, column 122: measurements[0].sweep[0].threads is not a thread count 1-65536");
  CHECK("triad sweep not ascending",
        strstr(row_error("{\"from\": 0, \"to\": 1, \"read_bandwidth\": 9, \"triad_sweep\": [{\"threads\": 2, "
                         "\"triad_bandwidth\": 9}, {\"threads\": 1, \"triad_bandwidth\": 5}]}"),
               "measurements[0].triad_sweep[1].threads is 1, not above the point before's 2 (the points ascend by "
               "threads)") != NULL);
  CHECK("triad point without its bandwidth",
        strstr(row_error("{\"from\": 0, \"to\": 1, \"read_bandwidth\": 9, \"triad_sweep\": [{\"threads\": 1}]}"),
               "measurements[0].triad_sweep[0].triad_bandwidth is missing") != NULL);
  CHECK_EQ("load: missing file", oli_machine_load("/nonexistent/m.json", NULL, &m, why, sizeof why), -1);
  CHECK_STR("load: missing file says so", why, "cannot open: No such file or directory");
  CHECK_EQ("load: a directory", oli_machine_load("/", NULL, &m, why, sizeof why), -1);
  CHECK("load: a directory is not a file", strstr(why, "not a regular file") != NULL);
  return TEST_SUMMARY();
}
