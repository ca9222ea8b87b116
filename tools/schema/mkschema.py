#!/usr/bin/env python3
"""Write the JSON Schemas (draft 2020-12) of oli's documents.

    python3 tools/schema/mkschema.py SOURCE_DIR OUT_DIR

One file per document, OUT_DIR/oli-<name>.schema.json: report, profile, plan
(read by common/doc.c), sites (oli sites --json), diff (oli diff --json),
machine (common/machine.c) and compare (benchmarks/compare.py --json, its row
names read from the script). Nothing is spelled twice: the names of kinds,
decisions, mechanisms, policies, tiers, patterns, confidences, static flags,
re-decision outcomes and access sources come from the rows of
include/oli_vocab.def, and the site members of reports, plans and profiles
(their types, and which document requires which) from the reader's own table,
OLI_DOC_SITE_FIELDS in common/doc.c. A schema says what oli's readers accept:
members a reader does not know are allowed (readers ignore them within a
version), and a member is required only where the reader requires it.
Installed under share/oli/schema/ (docs/schemas.md)."""
import json
import os
import re
import sys

DRAFT = "https://json-schema.org/draft/2020-12/schema"
BASE = "https://oli.invalid/schema/"  # an identifier only: nothing is fetched


def vocab(src):
    text = open(os.path.join(src, "include", "oli_vocab.def")).read()
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)

    def rows(macro):
        out = []
        for m in re.finditer(r"^%s\((.*?)\)\s*$" % macro, text, re.M | re.S):
            args = [a.strip() for a in re.split(r",(?=(?:[^\"]*\"[^\"]*\")*[^\"]*$)", m.group(1))]
            out.append(args)
        if not out:
            sys.exit("mkschema: no %s rows in oli_vocab.def" % macro)
        return out

    def names(macro, col):
        return [json.loads(r[col]) for r in rows(macro)]

    v = {
        "kind": names("OLI_KIND", 2),
        "placement": names("OLI_PLACEMENT", 2),
        "mechanism": names("OLI_MECHANISM", 1),
        "policy": names("OLI_POLICY", 2),
        "tier": names("OLI_TIER", 2),
        "node_kind": names("OLI_NODE_KIND", 2),
        "task_policy": names("OLI_TASK_POLICY", 1),
        "pattern": names("OLI_PATTERN", 2),
        "confidence": names("OLI_CONFIDENCE", 2),
        "static_flag": names("OLI_STATIC_FLAG", 2),
        "access_source": names("OLI_ACCESS_SOURCE", 1),
        "redecide": names("OLI_REDECIDE", 1),
        "rule": [json.loads(r[1]) for r in rows("OLI_REDECIDE") if r[2] == "0"],
        "share_pattern": [json.loads(r[2]) for r in rows("OLI_PATTERN") if r[3] != "-1"],
    }
    return v


def site_fields(src):
    text = open(os.path.join(src, "common", "doc.c")).read()
    block = re.search(r"#define OLI_DOC_SITE_FIELDS\(X\)(.*?)\n\n", text, re.S)
    if not block:
        sys.exit("mkschema: no OLI_DOC_SITE_FIELDS table in common/doc.c")
    fields = re.findall(r'X\((\w+), "(\w+)", (T_\w+), (\w), (\w), (\w)(?:, (\w))?\)', block.group(1))
    if len(fields) < 20:
        sys.exit("mkschema: OLI_DOC_SITE_FIELDS: %d rows read" % len(fields))
    return fields


U32 = {"type": "integer", "minimum": 0, "maximum": 4294967295}
U64 = {"type": "integer", "minimum": 0, "maximum": 18446744073709551615}
NU64 = {"type": ["integer", "null"], "minimum": 0, "maximum": 18446744073709551615}
ID = {"type": "string", "pattern": "^0[xX][0-9a-fA-F]{1,16}$", "description": "site ID, 0x and hex digits"}
RATIO = {"type": "string", "pattern": "^[0-9]+:[0-9]+(:[0-9]+)?$", "description": "D:C or D:C:R"}
NODE = {"type": "integer", "minimum": 0, "maximum": 63}


def enum(values, null=False, desc=None):
    s = {"enum": list(values) + ([None] if null else [])}
    if desc:
        s["description"] = desc
    return s


def obj(props, required=(), desc=None, **extra):
    s = {"type": "object", "properties": props}
    if required:
        s["required"] = list(required)
    if desc:
        s["description"] = desc
    s.update(extra)
    return s


def field_type(t, v, doc):
    if t == "T_ID":
        return ID
    if t in ("T_STR", "T_NSTR"):
        return {"type": ["string", "null"]}
    if t == "T_U32":
        return U32
    if t == "T_U64":
        return U64
    if t == "T_NU64":
        return NU64
    if t == "T_BOOL":
        return {"type": "boolean"}
    if t == "T_DBL":
        return {"type": "number"}
    if t == "T_DECISION":  # a plan's decision is never "default"
        return enum([p for p in v["placement"] if doc != "plan" or p != "default"])
    if t == "T_RATIO":
        return {"anyOf": [RATIO, {"type": "null"}]}
    if t == "T_NODES":
        return {"type": "array", "items": NODE}
    if t == "T_MECH":
        return enum(v["mechanism"])
    if t == "T_PAGES":
        return {"type": "object", "patternProperties": {"^[0-9]+$": U64}, "additionalProperties": False,
                "description": "pages per node"}
    if t == "T_RULE":
        return enum(v["rule"], null=True)
    if t == "T_REDECISIONS":
        return {"type": "array", "items": obj({
            "settle": U32, "size": U64, "objects": U64, "from": {"type": "string"}, "to": {"type": "string"},
            "outcome": enum(v["redecide"]), "footprint": U64, "bytes_migrated": U64, "ns": U64})}
    if t == "T_PLANNED":
        return obj({"decision": enum([p for p in v["placement"] if p != "default"]),
                    "ratio": {"anyOf": [RATIO, {"type": "null"}]}}, required=("decision",),
                   desc="the plan's decision where the run did not follow it")
    if t == "T_FRAMES":
        return {"type": "array", "items": obj({
            "module": {"type": "string"}, "build_id": {"type": "string", "pattern": "^[0-9a-f]*$"},
            "offset": {"type": "string", "pattern": "^0x[0-9a-fA-F]{1,16}$"}}, required=("module", "offset"))}
    sys.exit("mkschema: unknown field type " + t)


def site(fields, v, doc):
    col = {"report": 3, "plan": 4, "profile": 5}[doc]
    props, req = {}, []
    for row in fields:
        use = row[col]
        if use == "N":
            continue
        props[row[1]] = field_type(row[2], v, doc)
        if use == "R":
            req.append(row[1])
    props["kind"] = enum(v["kind"], null=True) if "kind" in props else None
    props = {k: s for k, s in props.items() if s is not None}
    return obj(props, req)


def envelope(name, versions, title, props, required, desc):
    s = {"$schema": DRAFT, "$id": BASE + name + ".schema.json", "title": title, "description": desc,
         "type": "object"}
    s["properties"] = dict({"schema": {"const": name},
                            "version": {"type": "integer", "enum": versions}}, **props)
    s["required"] = ["schema", "version"] + list(required)
    return s


def tiers_of(v, item):
    return obj({t: item for t in v["tier"]})


def report(fields, v):
    counts = {k: U64 for k in ("placed_objects", "small_objects", "small_objects_partial_sites", "fallbacks",
                               "dram_saved")}
    migration = obj({k: U64 for k in ("redecided", "rebound", "migrated", "bytes", "ns", "fallbacks", "move_failed",
                                      "over_budget", "at_exit", "budget_bytes", "budget_ns", "records_dropped")})
    summary = obj(dict(counts, **{
        "bytes": tiers_of(v, U64),
        "runtime_metadata": obj({k: U64 for k in ("bytes", "fixed_bytes", "object_bytes", "tracked_objects",
                                                  "bytes_per_object")}),
        "migration": {"anyOf": [migration, {"type": "null"}]},
        "allocator": {"anyOf": [obj({"mode": enum(["interposed", "host"]), "name": {"type": "string"},
                                     "blocks": U64, "live_blocks": U64, "unseen_frees": U64,
                                     "unseen_bytes": U64}, required=("mode", "name")), {"type": "null"}]},
        "warnings": {"type": "object", "additionalProperties": U64}}))
    node = obj({"node": NODE, "kind": enum(v["node_kind"]), "cpus": U32, "mem_total": U64,
                "read_bandwidth": NU64, "read_latency": NU64})
    props = {
        "program": {"type": "string"}, "oli_version": {"type": "string"}, "pid": U64,
        "rank": {"type": ["integer", "null"]}, "policy": enum(v["policy"]),
        "task_policy": {"anyOf": [obj({"mode": enum(v["task_policy"]), "nodes": {"type": "array", "items": NODE},
                                       "weights": {"anyOf": [RATIO, {"type": "null"}]},
                                       "exact": {"type": "boolean"}}), {"type": "null"}]},
        "options": obj({"dram_limit": U64, "large_percent": {"type": "integer", "minimum": 0, "maximum": 100},
                        "min_size": U64, "weights": RATIO}),
        "topology": obj({"local_node": {"type": "integer"}, "cxl_node": {"type": "integer"},
                         "remote_node": {"type": "integer"}, "weighted_interleave": {"type": "boolean"},
                         "weights_source": {"type": "string"}, "nodes": {"type": "array", "items": node}}),
        "striping": obj({"thp": {"type": "string"}, "folio": U64, "step": U64, "max_map_count": NU64,
                         "maps_at_start": NU64, "headroom": NU64, "vma_budget": NU64, "vmas_used": U64,
                         "vmas_peak": U64, "coarsened_objects": U64}),
        "footprint": obj({"peak": U64, "live": U64, "option": NU64, "static_hints": U64, "pending_hints": U64,
                          "settles": U64, "settled_at": U64, "final_settle": {"type": "boolean"}}),
        "summary": {"anyOf": [summary, {"type": "null"}]},
        "sites": {"type": "array", "items": site(fields, v, "report")},
    }
    return envelope("oli-report", [1, 2], "oli placement report", props, ["sites"],
                    "A run's report (OLI_REPORT with the JSON format): every site with its decision and pages. "
                    "docs/report-schema.md")


def profile(fields, v):
    tier = obj({"bandwidth": {"type": "number"}, "latency": {"type": "number"}})
    props = {
        "program": {"type": "string"}, "runs": {"type": "integer", "minimum": 0, "maximum": 4294967295},
        "footprint_peak": U64,
        "run_ns": dict(U64, description="wall time the samples cover, ns"),
        "threads": {"type": "integer", "minimum": 0, "maximum": 4294967295,
                    "description": "most threads that counted at once"},
        "access_source": enum([s for s in v["access_source"] if s != "auto"] + [""]),
        "access_event": {"type": ["string", "null"]}, "pmu_status": {"type": ["string", "null"]},
        "tiers": {"anyOf": [tiers_of(v, tier), {"type": "null"}]},
        "sites": {"type": "array", "items": site(fields, v, "profile")},
    }
    return envelope("oli-profile", [1], "oli access profile", props, ["footprint_peak", "sites"],
                    "Per-site sizes and sampled accesses of one or more runs (OLI_PROFILE, oli profile merge). "
                    "docs/profile-schema.md")


def plan(fields, v):
    props = {
        "program": {"type": "string"}, "profile": {"type": ["string", "null"]}, "binary": {"type": "string"},
        "sizes": {"type": ["string", "null"]}, "dram_limit": U64, "weights": {"anyOf": [RATIO, {"type": "null"}]},
        "model": {"type": ["object", "null"]}, "summary": {"type": ["object", "null"]},
        "predicted": {"anyOf": [obj(dict({k: {"type": "number", "minimum": 0, "description": "seconds"}
                                          for k in ("dram", "uniform", "oli", "plan")},
                                         threads={"type": "number"}, model={"type": "string"}),
                                    required=("dram", "uniform", "oli", "plan")), {"type": "null"}]},
        "sites": {"type": "array", "items": site(fields, v, "plan")},
    }
    return envelope("oli-plan", [1], "oli placement plan", props, ["sites"],
                    "A decision per site (oli plan), read by the runtime (OLI_PLAN) and the plugin (plan=FILE). "
                    "docs/profile-schema.md")


def sites(v):
    static = obj(dict({
        "intensity": {"type": "number", "minimum": 0}, "passes": {"type": "number", "minimum": 0},
        "pattern": enum(v["pattern"]), "confidence": enum(v["confidence"]),
        "shares": obj({p: {"type": "integer", "minimum": 0, "maximum": 100}
                       for p in v["share_pattern"] + ["unknown"]})},
        **{f: {"type": "boolean"} for f in v["static_flag"]}), required=("intensity", "pattern", "confidence"))
    item = obj({"id": ID, "kind": enum(v["kind"]), "file": {"type": "string"}, "line": U32, "rel": U32,
                "rel_is_line": {"type": "boolean"}, "function": {"type": "string"},
                "name": {"type": ["string", "null"]}, "size_hint": NU64,
                "static": {"anyOf": [static, {"type": "null"}]}}, required=("id", "kind", "file", "function"))
    return envelope("oli-sites", [1], "oli sites --json", {"binary": {"type": "string"},
                                                           "sites": {"type": "array", "items": item}},
                    ["binary", "sites"], "The site records of an ELF file (oli sites --json). docs/cli.md")


def diff(v):
    side = {"anyOf": [obj({"decision": enum(v["placement"]), "ratio": {"anyOf": [RATIO, {"type": "null"}]},
                           "bytes": U64}, required=("decision",)), {"type": "null"}]}
    change = obj({"id": ID, "change": enum(["moved", "rematched", "new", "gone"]), "old_id": ID,
                  "file": {"type": "string"}, "line": U32, "function": {"type": "string"},
                  "name": {"type": ["string", "null"]}, "old": side, "new": side},
                 required=("id", "change", "old", "new"))
    summary = obj(dict({k: U64 for k in ("compared", "rematched", "moved", "new", "gone")},
                       changed={"type": "boolean"}), required=("compared", "moved", "new", "gone", "changed"))
    return envelope("oli-diff", [1], "oli diff --json", {"old": {"type": "string"}, "new": {"type": "string"},
                                                         "changes": {"type": "array", "items": change},
                                                         "summary": summary},
                    ["changes", "summary"], "What moved between two reports or plans (oli diff --json). docs/cli.md")


def machine(v):
    lat = {"type": ["integer", "null"], "minimum": 1, "maximum": 1000000, "description": "ns"}
    bw = {"type": "integer", "minimum": 1, "maximum": 4294967295, "description": "MB/s"}
    threads = {"type": "integer", "minimum": 1, "maximum": 65536}
    point = obj({"threads": threads, "read_bandwidth": bw}, required=("threads", "read_bandwidth"))
    row = obj({"from": NODE, "to": NODE, "kind": {"anyOf": [enum(["dram", "cxl"]), {"type": "null"}]},
               "read_bandwidth": bw, "threads": {"anyOf": [threads, {"type": "null"}]}, "idle_latency": lat,
               "loaded_latency": lat,
               "sweep": {"anyOf": [{"type": "array", "items": point, "maxItems": 16}, {"type": "null"}]}},
              required=("from", "to", "read_bandwidth"))
    props = {"host": {"type": ["string", "null"]}, "tool": {"type": ["string", "null"]},
             "buffer_bytes": {"anyOf": [dict(U64, minimum=1), {"type": "null"}]},
             "measurements": {"type": "array", "items": row, "minItems": 1, "maxItems": 256}}
    return envelope("oli-machine", [1], "oli machine file", props, ["measurements"],
                    "Measured bandwidth and latency per node pair (oli calibrate -o, OLI_MACHINE). docs/machine.md")


def compare_policies(src):
    """The row names of benchmarks/compare.py (OLI_POLICIES, NUMACTL_ROWS), read from the script."""
    text = open(os.path.join(src, "benchmarks", "compare.py")).read()
    m = re.search(r"^OLI_POLICIES = \((.*?)\)$", text, re.M)
    rows = re.search(r"^NUMACTL_ROWS = \((.*?)^\)$", text, re.M | re.S)
    if not m or not rows:
        sys.exit("mkschema: no OLI_POLICIES or NUMACTL_ROWS in benchmarks/compare.py")
    names = re.findall(r'"([^"]+)"', m.group(1)) + re.findall(r'^\s*\("([^"]+)"', rows.group(1), re.M)
    if len(names) < 8:
        sys.exit("mkschema: benchmarks/compare.py: %d policy rows read" % len(names))
    return names


def compare(v, policies):
    num = {"type": "number", "minimum": 0}
    tiers = obj({t: U64 for t in ("dram", "cxl", "remote_dram", "files")},
                desc="the process's own bytes per tier at exit, from the kernel (numa_maps, bench-numa-run)")
    task = obj({"mode": enum(v["task_policy"]), "nodes": {"type": "array", "items": NODE},
                "weights": {"anyOf": [RATIO, {"type": "null"}]}, "exact": {"type": "boolean"}})
    row = obj({
        "policy": enum(policies), "label": {"type": "string"},
        "skipped": {"type": ["string", "null"], "description": "why the row did not run; null when it ran"},
        "env": {"type": "object", "additionalProperties": {"type": "string"}},
        "command": {"type": "array", "items": {"type": "string"}},
        "lab_setup": {"type": ["string", "null"]},
        "times_s": {"type": "array", "items": num}, "median_s": {"anyOf": [num, {"type": "null"}]},
        "verified": U32, "runs": dict(U32, minimum=1),
        "dram": NU64, "cxl": NU64, "remote_dram": NU64, "default": NU64, "dram_saved": NU64, "placed": NU64,
        "reports": U32, "sites_as_intended": NU64, "sites_with_pages": NU64,
        "task_policy": {"anyOf": [task, {"type": "null"}]},
        "kernel": {"anyOf": [tiers, {"type": "null"}]}},
        required=("policy", "label", "skipped"),
        desc="one policy row: with skipped null, the run's members (times, verification, the report's placed "
             "bytes per tier, the kernel's bytes per tier)")
    props = {"program": {"type": "string"}, "args": {"type": "array", "items": {"type": "string"}},
             "title": {"type": "string"}, "machine": {"type": "string"}, "lab": {"type": "boolean"},
             "repeat": dict(U32, minimum=1), "rows": {"type": "array", "items": row},
             "notes": {"type": "array", "items": {"type": "string"}}}
    return envelope("oli-compare", [1], "benchmarks/compare.py --json", props, ["program", "rows", "notes"],
                    "One program under each oli policy and numactl: the policy table as data "
                    "(benchmarks/compare.py --json, oli-compare when installed). docs/benchmarks.md")


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: mkschema.py SOURCE_DIR OUT_DIR")
    src, out = sys.argv[1:3]
    v, fields = vocab(src), site_fields(src)
    os.makedirs(out, exist_ok=True)
    docs = {"oli-report": report(fields, v), "oli-profile": profile(fields, v), "oli-plan": plan(fields, v),
            "oli-sites": sites(v), "oli-diff": diff(v), "oli-machine": machine(v),
            "oli-compare": compare(v, compare_policies(src))}
    for name, schema in docs.items():
        path = os.path.join(out, name + ".schema.json")
        text = json.dumps(schema, indent=2) + "\n"
        if not os.path.exists(path) or open(path).read() != text:
            with open(path + ".tmp", "w") as f:
                f.write(text)
            os.replace(path + ".tmp", path)


if __name__ == "__main__":
    main()
