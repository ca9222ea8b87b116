#!/usr/bin/env python3
"""test/schema/validate.py - oli's documents against their JSON Schemas (CTest schema/documents).

Environment (set by CMake): SCHEMAS (build/share/oli/schema), OLI, CLANG, PLUGIN, LIBDIR,
SRC (the repository), BUILD (the build tree), WORK (scratch), BENCH (the benchmark kernels).

1. Every schema is a valid draft 2020-12 schema, one per document oli writes.
2. Documents made here by the tools themselves: a plugin-built program's report and
   profile (files, and OLI_REPORT=stderr with the JSON format), oli plan, oli plan
   --static, oli profile merge, oli sites --json, oli diff --json, oli calibrate -o,
   benchmarks/compare.py --json on bench-cg-oli (rows run, rows skipped).
3. Every oli-* JSON document the other tests left in the build tree (test/cli, test/e2e,
   ... work directories): each one oli's own reader accepts must be valid (oli report,
   oli calibrate --show decide; documents oli refuses, which some tests make on purpose,
   are left out and counted).
4. Every complete example in README.md and docs/*.md (```json blocks with a "schema").
5. Broken documents (a decision outside the vocabulary, a plan's "default", a machine's
   host that is a number, a negative static intensity, a wrong version) are refused,
   so this test can fail.
Exit 0 when all hold, 1 otherwise; 77 without python3-jsonschema."""
import glob
import json
import os
import re
import subprocess
import sys

try:
    from jsonschema import Draft202012Validator
except ImportError:
    print("SKIP: python3-jsonschema is not installed (tools/install-deps.sh installs it)")
    sys.exit(77)

E = os.environ
SCHEMAS, OLI, SRC, BUILD, WORK = E["SCHEMAS"], E["OLI"], E["SRC"], E["BUILD"], E["WORK"]
CLANG, PLUGIN, LIBDIR = E.get("CLANG", ""), E.get("PLUGIN", ""), E.get("LIBDIR", "")
BENCH = E.get("BENCH", "")
failures = []
validators = {}


def fail(msg):
    failures.append(msg)
    print("FAIL " + msg)


def run(*cmd, env=None, ok=True):
    p = subprocess.run(cmd, cwd=WORK, capture_output=True, text=True, env=dict(E, **(env or {})))
    if ok and p.returncode != 0:
        fail("%s: exit %d: %s" % (" ".join(cmd), p.returncode, p.stderr.strip()[:300]))
    return p


def errors(doc):
    v = validators.get(doc.get("schema")) if isinstance(doc, dict) else None
    if v is None:
        return ["no schema for %r" % (doc.get("schema") if isinstance(doc, dict) else type(doc).__name__)]
    return ["%s at /%s" % (e.message[:200], "/".join(map(str, e.absolute_path)))
            for e in sorted(v.iter_errors(doc), key=lambda e: list(map(str, e.absolute_path)))]


def check(what, doc):
    errs = errors(doc)
    if errs:
        fail("%s (%s): %s" % (what, doc.get("schema") if isinstance(doc, dict) else "?", "; ".join(errs[:3])))
    return not errs


# 1. the schemas
names = ("report", "profile", "plan", "sites", "diff", "machine", "compare")
for n in names:
    path = os.path.join(SCHEMAS, "oli-%s.schema.json" % n)
    try:
        s = json.load(open(path))
        Draft202012Validator.check_schema(s)
        validators[s["properties"]["schema"]["const"]] = Draft202012Validator(s)
    except Exception as e:  # a missing or broken schema is a failure, not a skip
        fail("%s: %s" % (path, e))
if len(validators) != len(names):
    sys.exit(1)

# 2. documents the tools make here
os.makedirs(WORK, exist_ok=True)
made = []


def load(name):
    try:
        return json.load(open(os.path.join(WORK, name)))
    except Exception as e:
        fail("%s: not JSON: %s" % (name, e))
        return None


if PLUGIN and os.path.exists(PLUGIN):
    with open(os.path.join(WORK, "app.c"), "w") as f:
        f.write("""#include <stdio.h>
#include <stdlib.h>
static double table[1 << 17]; /* a global of 1 MiB */
int main(int argc, char **argv) {
  size_t n = (size_t)(argc + 1) << 19;
  double *a = malloc(n * sizeof *a), *b = calloc(n / 4, sizeof *b);
  for (size_t i = 0; i < n; i++) a[i] = (double)i;
  for (int t = 0; t < 4; t++)
    for (size_t i = 0; i < n; i++) a[i] += b[i % (n / 4)] + table[i % (1 << 17)];
  printf("%g\\n", a[n - 1]);
  free(a);
  free(b);
  return 0;
}
""")
    run(CLANG, "-O2", "-gline-tables-only", "-fpass-plugin=" + PLUGIN, "app.c", "-o", "app", "-L" + LIBDIR,
        "-Wl,-rpath," + LIBDIR, "-loli")
    run("./app", env={"OLI_REPORT": "r.json", "OLI_PROFILE": "p.json", "OLI_POLICY": "oli"})
    run(OLI, "plan", "p.json", "--dram-limit", "8M", "-o", "plan.json")
    run(OLI, "plan", "--static", "app", "--sizes", "r.json", "--dram-limit", "8M", "-o", "plan-static.json")
    run(OLI, "profile", "merge", "merged.json", "p.json", "p.json")
    with open(os.path.join(WORK, "sites.json"), "w") as f:
        f.write(run(OLI, "sites", "--json", "app").stdout)
    with open(os.path.join(WORK, "diff.json"), "w") as f:
        f.write(run(OLI, "diff", "--json", "plan.json", "r.json", ok=False).stdout)
    made += ["r.json", "p.json", "plan.json", "plan-static.json", "merged.json", "sites.json", "diff.json"]
    p = run("./app", env={"OLI_REPORT": "stderr", "OLI_REPORT_FORMAT": "json", "OLI_PLAN": "plan.json"})
    lines = p.stderr.split("\n")
    while lines and lines[0].startswith("oli: warning: "):
        lines.pop(0)
    with open(os.path.join(WORK, "stderr-report.json"), "w") as f:
        f.write("\n".join(lines))
    made.append("stderr-report.json")
else:
    print("note: %s not built: the plugin-built documents are not made here" % PLUGIN)
if run(OLI, "calibrate", "--size", "8M", "--repeat", "1", "-o", "m.json", ok=False).returncode == 0:
    made.append("m.json")
else:
    print("note: oli calibrate could not measure here: no machine file made")
# benchmarks/compare.py --json on a real kernel: rows that ran (oli's policies, numactl
# through bench-numa-run), then the same kernel alone in a directory (no plain build,
# no bench-numa-run beside it): skipped rows
if BENCH and os.access(os.path.join(BENCH, "bench-cg-oli"), os.X_OK):
    compare = [sys.executable, os.path.join(SRC, "benchmarks", "compare.py"), "-n", "1", "--threads", "1"]
    run(*compare, "--policies", "dram,oli,oli+budget,numactl-membind", os.path.join(BENCH, "bench-cg-oli"), "S",
        "--json", "compare.json")
    os.makedirs(os.path.join(WORK, "alone"), exist_ok=True)
    alone = os.path.join(WORK, "alone", "bench-cg-oli")
    if os.path.exists(alone):
        os.unlink(alone)
    os.symlink(os.path.join(BENCH, "bench-cg-oli"), alone)
    run(*compare, "--policies", "dram,numactl-membind", alone, "S", "--json", "compare-skipped.json",
        env={"PATH": "/usr/bin:/bin"})
    made += ["compare.json", "compare-skipped.json"]
    d = load("compare-skipped.json")
    if d and not any(r.get("skipped") for r in d.get("rows", [])):
        fail("compare-skipped.json: no skipped row")
else:
    print("note: %s/bench-cg-oli not built: no compare.py document made" % BENCH)
for name in made:
    d = load(name)
    if d is not None and check(name, d):
        print("ok   %-20s %s" % (name, d["schema"]))

# 3. documents the other tests left behind, where oli's reader accepts them
seen = accepted = refused = 0
for path in sorted(glob.glob(os.path.join(BUILD, "test", "**", "*.json"), recursive=True)):
    if os.path.commonpath([path, WORK]) == WORK:
        continue
    # Other tests may be writing these files while this one runs (ctest -j), or
    # removing them (a test that starts clears its scratch directory): read the
    # bytes once and give oli's reader a copy of those, so that the reader's verdict
    # and the schema's are about the same document; a file gone since the listing
    # is skipped.
    try:
        if os.path.getsize(path) > 64 << 20:
            continue
        text = open(path, "rb").read()
        d = json.loads(text)
    except Exception:
        continue
    if not isinstance(d, dict) or not str(d.get("schema", "")).startswith("oli-"):
        continue
    seen += 1
    kind = d["schema"]
    copy = os.path.join(WORK, "left-behind.json")
    with open(copy, "wb") as f:
        f.write(text)
    if kind in ("oli-report", "oli-plan", "oli-profile"):
        ok = subprocess.run([OLI, "report", copy], capture_output=True).returncode == 0
    elif kind == "oli-machine":
        ok = subprocess.run([OLI, "calibrate", "--show", copy], capture_output=True).returncode == 0
    else:
        ok = True  # sites and diff documents: only oli writes them
    if not ok:
        refused += 1
        continue
    accepted += 1
    check(os.path.relpath(path, BUILD), d)
print("the build tree: %d oli documents, %d accepted by oli's readers and checked, %d refused by them (left out)"
      % (seen, accepted, refused))

# 4. the examples in the docs
examples = 0
for page in [os.path.join(SRC, "README.md")] + sorted(glob.glob(os.path.join(SRC, "docs", "*.md"))):
    for m in re.finditer(r"```json\n(.*?)```", open(page).read(), re.S):
        try:
            d = json.loads(m.group(1))
        except ValueError:
            continue
        if isinstance(d, dict) and str(d.get("schema", "")).startswith("oli-"):
            examples += 1
            if check("%s example" % os.path.relpath(page, SRC), d):
                print("ok   %-20s %s" % (os.path.relpath(page, SRC), d["schema"]))
if examples < 4:
    fail("only %d complete examples found in the docs (report, profile, plan, machine expected)" % examples)

# 5. broken documents are refused
good_report = {"schema": "oli-report", "version": 2, "sites": [{"id": "0x1", "decision": "dram", "kind": "malloc"}]}
good_plan = {"schema": "oli-plan", "version": 1, "sites": [{"id": "0x1", "decision": "cxl", "ratio": None}]}
good_machine = {"schema": "oli-machine", "version": 1,
                "measurements": [{"from": 0, "to": 0, "read_bandwidth": 9}]}
good_sites = {"schema": "oli-sites", "version": 1, "binary": "a", "sites": [
    {"id": "0x1", "kind": "malloc", "file": "a.c", "function": "main",
     "static": {"intensity": 1.5, "passes": 2, "pattern": "gather", "confidence": "low"}}]}
good_compare = {"schema": "oli-compare", "version": 1, "program": "/b/bench-cg-oli", "notes": [],
                "rows": [{"policy": "dram", "label": "dram", "skipped": None, "times_s": [0.5], "median_s": 0.5,
                          "verified": 1, "runs": 1, "kernel": {"dram": 4096, "cxl": 0, "remote_dram": 0, "files": 0}},
                         {"policy": "numactl-membind", "label": "numactl -m 2", "skipped": "no plain build"}]}
for name, doc in (("report", good_report), ("plan", good_plan), ("machine", good_machine), ("sites", good_sites),
                  ("compare", good_compare)):
    check("a good %s" % name, doc)


def broken(what, doc):
    if not errors(doc):
        fail("a broken document passes: " + what)


broken("decision outside the vocabulary", dict(good_report, sites=[{"id": "0x1", "decision": "sometimes"}]))
broken("a plan's default decision", dict(good_plan, sites=[{"id": "0x1", "decision": "default"}]))
broken("a site without its id", dict(good_plan, sites=[{"decision": "dram"}]))
broken("an id that is not hex", dict(good_plan, sites=[{"id": "12", "decision": "dram"}]))
broken("a report of version 3", dict(good_report, version=3))
broken("a ratio that is not D:C", dict(good_plan, sites=[{"id": "0x1", "decision": "interleave", "ratio": "3"}]))
broken("a machine's host that is a number", dict(good_machine, host=17))
broken("a machine without measurements", dict(good_machine, measurements=[]))
broken("a negative static intensity",
       dict(good_sites, sites=[dict(good_sites["sites"][0], static=dict(good_sites["sites"][0]["static"],
                                                                         intensity=-1))]))
broken("a compare row of a policy compare.py does not have",
       dict(good_compare, rows=[dict(good_compare["rows"][0], policy="fast")]))
broken("a compare row with a negative time", dict(good_compare, rows=[dict(good_compare["rows"][0], times_s=[-1])]))
broken("a report's planned decision outside the vocabulary",
       dict(good_report, sites=[dict(good_report["sites"][0], planned={"decision": "sometimes"})]))
broken("a profile without footprint_peak", {"schema": "oli-profile", "version": 1, "sites": []})
good_profile_site = {"id": "0x1", "kind": "malloc", "file": "k.c", "rel": 1, "function": "main", "count": 1,
                     "total_bytes": 8, "largest": 8, "peak_live": 8, "accesses": 64, "pattern": "gather",
                     "pattern_source": "profile", "touched": 8}
good_profile = {"schema": "oli-profile", "version": 1, "footprint_peak": 8, "sites": [good_profile_site]}
check("a good profile", good_profile)
broken("a profile site's pattern outside the vocabulary",
       dict(good_profile, sites=[dict(good_profile_site, pattern="random")]))
broken("a profile site's pattern from a source that is neither the profile nor the estimate",
       dict(good_profile, sites=[dict(good_profile_site, pattern_source="guess")]))
broken("a profile site's touched span below 0", dict(good_profile, sites=[dict(good_profile_site, touched=-1)]))
check("a profile site with chained gathers", dict(good_profile, sites=[dict(good_profile_site, chained=True)]))
broken("a profile site's chained as a string", dict(good_profile, sites=[dict(good_profile_site, chained="yes")]))
check("a machine with a cache hit's cost", dict(good_machine, cache_bytes=1 << 20, cache_gather_ps=1800,
                                                cache_read_bandwidth=72000))
broken("a machine's cache hit of 0 ps", dict(good_machine, cache_gather_ps=0))
broken("a machine's cache read bandwidth as a string", dict(good_machine, cache_read_bandwidth="fast"))
check("a machine with a dependent load's cost", dict(good_machine, cache_chase_ps=4200))
broken("a machine's dependent load of 0 ps", dict(good_machine, cache_chase_ps=0))
check("a machine with a core's miss window", dict(good_machine, miss_window=130))
broken("a machine's miss window of 0 operations", dict(good_machine, miss_window=0))
check("a machine with an operation's cost", dict(good_machine, op_ps=95))
broken("a machine's operation of 0 ps", dict(good_machine, op_ps=0))
check("a machine with its operations by thread count", dict(good_machine, op_ps=56, op_sweep=[dict(threads=1, op_ps=56),
                                                                                               dict(threads=2, op_ps=59)]))
broken("a machine's op sweep point without its time", dict(good_machine, op_sweep=[dict(threads=1)]))
check("a machine with a cache hit curve", dict(good_machine, cache_gathers=[dict(bytes=16384, gather_ps=800),
                                                                            dict(bytes=1 << 20, gather_ps=1900)]))
broken("a machine's hit curve point of 0 ps", dict(good_machine, cache_gathers=[dict(bytes=16384, gather_ps=0)]))
broken("a machine's hit curve point without bytes", dict(good_machine, cache_gathers=[dict(gather_ps=800)]))

if failures:
    print("%d failures" % len(failures))
    sys.exit(1)
print("all documents valid against share/oli/schema")
