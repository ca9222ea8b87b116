#!/usr/bin/env python3
"""check_rule.py - run a plugin-compiled kernel under OLI_POLICY=oli and check
that every placed object's final decision follows the 10% rule of the
process's *peak* footprint: interleave when the object is at least
OLI_LARGE_PERCENT of it, local DRAM otherwise, a large object the static
estimate calls latency-bound on DRAM (docs/runtime.md, "Decision rule").

  check_rule.py [--footprint] [--expect-violations] [--sysfs DIR] KERNEL CLASS
  check_rule.py --dram-limit SIZE --want NAME=DECISION [--want ...] KERNEL CLASS

The kernel runs against a recorded sysfs tree with a CXL node (default: the
NUMA lab's, test/runtime/data/qemu-lab-6.12), so decisions are made as on a
machine with CXL memory even on a one-node box (mbind to the missing nodes
then falls back; the decision is still the one the rule made). The report
(JSON) gives each object's size and decision; the peak footprint is the
report's `footprint.peak` when it has one, else the sum of the sites' peak
live bytes (the kernels keep every large object live until exit).

--footprint runs the kernel twice: once to learn its peak footprint, then
with OLI_FOOTPRINT set to it, and checks the second run.
--dram-limit runs it under OLI_DRAM_LIMIT=SIZE instead, where the budget, not
the 10% rule alone, decides: each --want NAME=DECISION (dram, cxl, interleave,
or off-dram: cxl or an interleave) must hold for every object named NAME.
--expect-violations inverts the verdict: exit 0 when the kernel verified and
at least one object contradicts the rule (a finding reproduced), 1 when none
does.

Exit status: 0 every object follows the rule, 1 one does not (one line per
object either way), 2 bad input or a kernel that failed."""
import argparse
import glob
import json
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def mib(b):
    return "%.1f MiB" % (b / 1048576.0)


def run(kernel, cls, env_extra, tmp, tag):
    env = dict(os.environ)
    for var in ("OLI_DRAM_LIMIT", "OLI_PLAN", "OLI_WEIGHTS", "OLI_LARGE_PERCENT", "OLI_MIN_SIZE"):
        env.pop(var, None)
    env.update(OLI_POLICY="oli", OLI_REPORT_FORMAT="json", OLI_REPORT=os.path.join(tmp, "%s-%%p.json" % tag),
               **env_extra)
    # Under a budget the run stays on CPU 0, whose node (0) the host has: on
    # another CPU the recorded tree's local node may be one the host lacks,
    # mbind to it fails, and an object that fell back is not charged to the
    # budget (docs/runtime.md, "DRAM budget").
    pin = (lambda: os.sched_setaffinity(0, {0})) if "OLI_DRAM_LIMIT" in env_extra else None
    p = subprocess.run([kernel, cls], env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                       universal_newlines=True, preexec_fn=pin)
    if p.returncode != 0 or "VERIFICATION SUCCESSFUL" not in p.stdout:
        print("check_rule: %s %s failed (status %d):\n%s" % (kernel, cls, p.returncode, p.stdout[-3000:]))
        sys.exit(2)
    files = glob.glob(os.path.join(tmp, "%s-*.json" % tag))
    if len(files) != 1:
        print("check_rule: %s %s wrote %d reports (want 1)" % (kernel, cls, len(files)))
        sys.exit(2)
    with open(files[0]) as f:
        rep = json.load(f)
    if rep.get("schema") != "oli-report":
        print("check_rule: %s: not an oli-report" % files[0])
        sys.exit(2)
    return rep


def objects(rep):
    """(label, bytes, decision) of every placed object: the report's objects
    when it lists them, else each site's largest object."""
    min_size = rep["options"]["min_size"]
    if "objects" in rep:
        return [("%s#%s" % (o.get("name") or o.get("site"), o.get("index", 0)), o["size"], o["decision"],
                 o.get("reason") or "") for o in rep["objects"] if o["size"] >= min_size]
    out = []
    for s in rep["sites"]:
        if (s.get("largest") or 0) >= min_size and s.get("count", 0) > 0:
            where = "%s:%s" % (s.get("file"), s.get("line"))
            out.append((s.get("name") or where, s["largest"], s["decision"], s.get("reason") or ""))
    return out


def rule(size, peak, lp, reason):
    """The decision the rule gives: interleave at OLI_LARGE_PERCENT of the peak
    or more, else DRAM - except a large object the pass's static estimate
    found latency-bound (DRAM) or cold (CXL under a DRAM budget): issue 15's
    refinement of the rule (docs/runtime.md, "Decision rule")."""
    if size * 100 < lp * peak:
        return "dram"
    if "gather (static estimate)" in reason:
        return "dram"
    if "but cold (static estimate" in reason:
        return "cxl"
    return "interleave"


def peak_footprint(rep):
    fp = rep.get("footprint")
    if isinstance(fp, dict) and fp.get("peak"):
        return fp["peak"]
    return sum(s.get("peak_live") or 0 for s in rep["sites"])


def check_budget(rep, limit, want):
    """Every object named in want has the wanted decision under the budget."""
    bad = 0
    seen = set()
    for label, size, decision, reason in objects(rep):
        name = label.split("#")[0]
        if name not in want:
            continue
        seen.add(name)
        w = want[name]
        ok = decision in ("cxl", "interleave") if w == "off-dram" else decision == w
        bad += not ok
        print("%s %s: %s, decision %s (want %s under OLI_DRAM_LIMIT=%s): %s" % (
            "ok" if ok else "WRONG", label, mib(size), decision, w, limit, reason))
    for name in sorted(set(want) - seen):
        print("WRONG %s: no placed object of that name in the report" % name)
        bad += 1
    print("%d of %d wanted decisions not met" % (bad, len(want)))
    return 1 if bad else 0


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--footprint", action="store_true")
    ap.add_argument("--expect-violations", action="store_true")
    ap.add_argument("--sysfs", default=os.path.join(ROOT, "test", "runtime", "data", "qemu-lab-6.12"))
    ap.add_argument("--dram-limit")
    ap.add_argument("--want", action="append", default=[], metavar="NAME=DECISION")
    ap.add_argument("kernel")
    ap.add_argument("cls")
    a = ap.parse_args(argv[1:])
    if not os.path.isdir(a.sysfs):
        print("check_rule: --sysfs %s is not a directory" % a.sysfs)
        return 2
    want = {}
    for w in a.want:
        name, _, dec = w.partition("=")
        if not name or dec not in ("dram", "cxl", "interleave", "off-dram"):
            print("check_rule: --want %r is not NAME=DECISION (dram, cxl, interleave, off-dram)" % w)
            return 2
        want[name] = dec
    if bool(a.dram_limit) != bool(want):
        print("check_rule: --dram-limit and --want go together")
        return 2
    tmp = tempfile.mkdtemp(prefix="oli-check-rule-")
    env = {"OLI_SYSFS_ROOT": a.sysfs}
    if a.dram_limit:
        env["OLI_DRAM_LIMIT"] = a.dram_limit
        return check_budget(run(a.kernel, a.cls, env, tmp, "budget"), a.dram_limit, want)
    rep = run(a.kernel, a.cls, env, tmp, "first")
    if a.footprint:
        env["OLI_FOOTPRINT"] = str(peak_footprint(rep))
        rep = run(a.kernel, a.cls, env, tmp, "second")
    peak = peak_footprint(rep)
    lp = rep["options"]["large_percent"]
    if rep["topology"].get("cxl_node", -1) < 0:
        print("check_rule: the report has no CXL node (sysfs %s): nothing to check" % a.sysfs)
        return 2
    objs = objects(rep)
    if not objs or peak <= 0:
        print("check_rule: no placed object in the report")
        return 2
    bad = 0
    for label, size, decision, reason in objs:
        want = rule(size, peak, lp, reason)
        ok = decision == want
        bad += not ok
        print("%s %s: %s = %.1f%% of the peak footprint %s, decision %s (rule: %s)" % (
            "ok" if ok else "WRONG", label, mib(size), 100.0 * size / peak, mib(peak), decision, want))
    how = " with OLI_FOOTPRINT=%s" % env["OLI_FOOTPRINT"] if a.footprint else ""
    print("%d of %d objects contradict the %d%% rule%s" % (bad, len(objs), lp, how))
    if a.expect_violations:
        print("finding reproduced" if bad else "finding NOT reproduced: every object follows the rule")
        return 0 if bad else 1
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
