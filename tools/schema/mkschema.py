#!/usr/bin/env python3
"""Write the JSON Schemas (draft 2020-12) of oli's documents.

    python3 tools/schema/mkschema.py SOURCE_DIR OUT_DIR

One file per document, OUT_DIR/oli-<name>.schema.json: report, profile, plan
(read by common/doc.c), sites (oli sites --json), diff (oli diff --json),
machine (common/machine.c) and compare (benchmarks/compare.py --json, its row
names read from the script). Nothing is spelled twice: the names of kinds,
decisions, mechanisms, policies, tiers, patterns, confidences, static flags,
re-decision outcomes, THP modes and access sources come from the rows of
include/oli_vocab.def, the site members of reports, plans and profiles
(their types, and which document requires which) from the reader's own table,
OLI_DOC_SITE_FIELDS in common/doc.c, and the members of a report's other
objects (its header, options, topology, striping, footprint, task_policy,
summary, a site's redecisions[] and frames[]) from the OLI_DOC_*_MEMBERS
tables there. A schema says what oli's readers accept:
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
        "thp": names("OLI_THP", 1),
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


def member_tables(src):
    """The other objects' tables, OLI_DOC_<NAME>_MEMBERS in common/doc.c: per
    table its rows (key, type, use, sub-table)."""
    text = open(os.path.join(src, "common", "doc.c")).read()
    tables = {}
    for m in re.finditer(r"#define OLI_DOC_(\w+)_MEMBERS\(X\)(.*?)\n\n", text, re.S):
        rows = re.findall(r'X\("(\w+)", [\w\[\]]+, (T_\w+), ([ROAZ]), (\w+)\)', m.group(2))
        if not rows or len(rows) != m.group(2).count("X("):
            sys.exit("mkschema: OLI_DOC_%s_MEMBERS: %d of %d rows read" % (m.group(1), len(rows), m.group(2).count("X(")))
        tables[m.group(1)] = rows
    modes = re.search(r'_oli_doc_allocator_modes\[2\] = \{"(\w+)", "(\w+)"\}', text)
    if not modes:
        sys.exit("mkschema: no _oli_doc_allocator_modes in common/doc.c")
    tables["alloc_modes"] = list(modes.groups())
    for need in ("REPORT", "REPORT_TAIL", "SUMMARY", "REDECISION", "FRAME", "PROFILE", "PLAN", "PREDICTED"):
        if need not in tables:
            sys.exit("mkschema: no OLI_DOC_%s_MEMBERS table in common/doc.c" % need)
    return tables


def table_obj(tables, name, v):
    props, req = {}, []
    for key, t, use, sub in tables[name]:
        props[key] = member_type(tables, t, sub, v)
        if use == "R":
            req.append(key)
    return obj(props, req)


def member_type(tables, t, sub, v):
    simple = {"T_STR": {"type": "string"}, "T_U32": U32, "T_U64": U64, "T_BOOL": {"type": "boolean"},
              "T_INT": {"type": "integer"}, "T_PCT": {"type": "integer", "minimum": 0, "maximum": 100},
              "T_NODE": NODE, "T_NI64": {"type": ["integer", "null"]}, "T_NUM": NU64,
              "T_HEX": {"type": "string", "pattern": "^0x[0-9a-fA-F]{1,16}$"}, "T_WEIGHTS": RATIO,
              "T_NODELIST": {"type": "array", "items": NODE}, "T_POLICY": enum(v["policy"]),
              "T_TASK_MODE": enum(v["task_policy"]), "T_NODE_KIND": enum(v["node_kind"]),
              "T_THP": enum(v["thp"]), "T_OUTCOME": enum(v["redecide"]), "T_COUNT": U32,
              "T_SOURCE": enum([s for s in v["access_source"] if s != "auto"] + [""]),
              "T_SECONDS": {"type": "number", "minimum": 0, "description": "seconds"}, "T_REAL": {"type": "number"}}
    if t in simple:
        return simple[t]
    if t == "T_OBJ":
        return table_obj(tables, sub, v)
    if t == "T_NOBJ":
        return {"anyOf": [table_obj(tables, sub, v), {"type": "null"}]}
    if t == "T_OBJS":
        return {"type": "array", "items": table_obj(tables, sub, v)}
    if t == "T_OOBJ":
        return {"anyOf": [table_obj(tables, sub, v), {"type": "null"}]}
    if t == "T_TIERS":
        return tiers_of(v, U64)
    if t == "T_WARNINGS":
        return {"type": "object", "additionalProperties": U64, "description": "count per warning name"}
    if t == "T_ALLOC_MODE":
        return enum(tables["alloc_modes"])
    sys.exit("mkschema: unknown member type " + t)


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


def field_type(t, v, doc, tables):
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
        return {"type": "array", "items": table_obj(tables, "REDECISION", v)}
    if t == "T_PLANNED":
        return obj({"decision": enum([p for p in v["placement"] if p != "default"]),
                    "ratio": {"anyOf": [RATIO, {"type": "null"}]}}, required=("decision",),
                   desc="the plan's decision where the run did not follow it")
    if t == "T_FRAMES":
        return {"type": "array", "items": table_obj(tables, "FRAME", v)}
    sys.exit("mkschema: unknown field type " + t)


def site(fields, v, doc, tables):
    col = {"report": 3, "plan": 4, "profile": 5}[doc]
    props, req = {}, []
    for row in fields:
        use = row[col]
        if use == "N":
            continue
        props[row[1]] = field_type(row[2], v, doc, tables)
        if use == "R":
            req.append(row[1])
    props["kind"] = enum(v["kind"], null=True) if "kind" in props else None
    if "pattern" in props:  # a profile's site: the pattern and what gave it (docs/profile-schema.md)
        props["pattern"] = enum(v["pattern"])
        props["pattern_source"] = enum(("profile", "static"))
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


def report(fields, v, tables):
    head = table_obj(tables, "REPORT", v)
    props = dict({"program": {"type": "string"}}, **head["properties"])
    props.update(table_obj(tables, "REPORT_TAIL", v)["properties"])
    props.update({
        "sites": {"type": "array", "items": site(fields, v, "report", tables)},
    })
    return envelope("oli-report", [1, 2], "oli placement report", props, ["sites"],
                    "A run's report (OLI_REPORT with the JSON format): every site with its decision and pages. "
                    "docs/report-schema.md")


def profile(fields, v, tables):
    tier = obj({"bandwidth": {"type": "number"}, "latency": {"type": "number"}})
    head = table_obj(tables, "PROFILE", v)
    props = dict({"program": {"type": "string"}}, **head["properties"])
    props.update({
        "tiers": {"anyOf": [tiers_of(v, tier), {"type": "null"}]},
        "sites": {"type": "array", "items": site(fields, v, "profile", tables)},
    })
    return envelope("oli-profile", [1], "oli access profile", props, head.get("required", []) + ["sites"],
                    "Per-site sizes and sampled accesses of one or more runs (OLI_PROFILE, oli profile merge). "
                    "docs/profile-schema.md")


def plan(fields, v, tables):
    props = {
        "program": {"type": "string"}, "profile": {"type": ["string", "null"]}, "binary": {"type": "string"},
        "sizes": {"type": ["string", "null"]}, "weights": {"anyOf": [RATIO, {"type": "null"}]},
        "model": {"type": ["object", "null"]}, "summary": {"type": ["object", "null"]},
        **table_obj(tables, "PLAN", v)["properties"],
        "sites": {"type": "array", "items": site(fields, v, "plan", tables)},
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
    summary = obj(dict({k: U64 for k in ("compared", "rematched", "moved", "new", "gone", "left_out", "small", "twins",
                                         "as_planned")},
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
    triad = obj({"threads": threads, "triad_bandwidth": bw}, required=("threads", "triad_bandwidth"))
    row = obj({"from": NODE, "to": NODE, "kind": {"anyOf": [enum(["dram", "cxl"]), {"type": "null"}]},
               "read_bandwidth": bw, "threads": {"anyOf": [threads, {"type": "null"}]}, "idle_latency": lat,
               "loaded_latency": lat, "gather_ns": lat,
               "gather_ps": {"type": ["integer", "null"], "minimum": 1, "maximum": 1000000000, "description": "ps"},
               "sweep": {"anyOf": [{"type": "array", "items": point, "maxItems": 16}, {"type": "null"}]},
               "triad_sweep": {"anyOf": [{"type": "array", "items": triad, "maxItems": 16}, {"type": "null"}]}},
              required=("from", "to", "read_bandwidth"))
    props = {"host": {"type": ["string", "null"]}, "tool": {"type": ["string", "null"]},
             "buffer_bytes": {"anyOf": [dict(U64, minimum=1), {"type": "null"}]},
             "cache_bytes": {"anyOf": [dict(U64, minimum=1), {"type": "null"}]},
             "cache_gather_ps": {"anyOf": [{"type": "integer", "minimum": 1, "maximum": 1000000000,
                                            "description": "ps"}, {"type": "null"}]},
             "cache_read_bandwidth": {"anyOf": [bw, {"type": "null"}]},
             "cache_chase_ps": {"anyOf": [{"type": "integer", "minimum": 1, "maximum": 1000000000,
                                           "description": "ps"}, {"type": "null"}]},
             "miss_window": {"anyOf": [{"type": "integer", "minimum": 1, "maximum": 1000000,
                                        "description": "operations a core holds in flight while a miss is out"},
                                       {"type": "null"}]},
             "op_ps": {"anyOf": [{"type": "integer", "minimum": 1, "maximum": 1000000000,
                                  "description": "ps per operation, one thread"}, {"type": "null"}]},
             "op_sweep": {"anyOf": [{"type": "array", "maxItems": 16, "items": obj(
                 {"threads": {"type": "integer", "minimum": 1, "maximum": 65536},
                  "op_ps": {"type": "integer", "minimum": 1, "maximum": 1000000000, "description": "ps"}},
                 required=("threads", "op_ps"))}, {"type": "null"}]},
             "cache_gathers": {"anyOf": [{"type": "array", "maxItems": 8, "items": obj(
                 {"bytes": dict(U64, minimum=1), "gather_ps": {"type": "integer", "minimum": 1,
                                                               "maximum": 1000000000, "description": "ps"}},
                 required=("bytes", "gather_ps"))}, {"type": "null"}]},
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
    v, fields, tables = vocab(src), site_fields(src), member_tables(src)
    os.makedirs(out, exist_ok=True)
    docs = {"oli-report": report(fields, v, tables), "oli-profile": profile(fields, v, tables),
            "oli-plan": plan(fields, v, tables),
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
