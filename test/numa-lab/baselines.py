"""NUMA lab checks of the baselines (imported by check.py): OLI_POLICY=uniform
against numactl (suite baselines, guest/suite-baselines.sh)."""
import json

SHARE_TOLERANCE = 0.02   # acceptance: the same share of the process's pages on CXL within 2%


def numa_doc(c, name):
    txt = c.lab.json.get("numa-" + name)
    if txt is None:
        return None
    try:
        return json.loads(txt)
    except ValueError as e:
        c.expect(False, "baselines: run %s: bench-numa-run output" % name, "not JSON: %s" % e)
        return None


def cxl_share(doc, cxl=2):
    """Share of the process's own pages (mapped files apart) on the CXL node."""
    own = {int(n["node"]): int(n["bytes"]) - int(n.get("file_bytes") or 0) for n in doc.get("nodes", [])}
    total = sum(own.values())
    return (own.get(cxl, 0) / total if total else 0.0), total


def run_ok(c, name):
    """The run exited 0, verified and was sampled at exit; its numa document."""
    r = c.lab.one("baseline", "name", name)
    if not c.expect(r is not None, "baselines: run %s ran" % name, "no 'OLI-LAB baseline name=%s' line" % name):
        return None
    c.eq("baselines: run %s: exit status, verification" % name, ("0", "1"), (r.get("status"), r.get("verified")))
    doc = numa_doc(c, name)
    if c.expect(doc is not None and doc.get("sampled"), "baselines: run %s: bytes per node sampled at exit" % name,
                "bench-numa-run wrote %r" % (doc and {k: doc[k] for k in ("sampled", "exit_status") if k in doc})):
        return doc
    return None


def report(c, name):
    txt = c.lab.json.get("report-" + name)
    try:
        return json.loads(txt) if txt else {}
    except ValueError:
        return {}


def same_share(c, a, b, want, label):
    """Runs a and b put the same share of their pages on node 2, within 2%, and
    that share is want (+-0.05: an interleave really happened)."""
    da, db = run_ok(c, a), run_ok(c, b)
    if not (da and db):
        return
    (sa, ta), (sb, tb) = cxl_share(da), cxl_share(db)
    what = "%s: %s %.2f%% of %d KiB, %s %.2f%% of %d KiB" % (label, a, 100 * sa, ta // 1024, b, 100 * sb, tb // 1024)
    c.expect(abs(sa - sb) <= SHARE_TOLERANCE, "baselines: %s and %s put the same share of the process's pages on "
             "CXL (within %d%%)" % (a, b, 100 * SHARE_TOLERANCE), what)
    c.expect(abs(sa - want) <= 0.05 and abs(sb - want) <= 0.05,
             "baselines: %s and %s interleave (share on CXL about %d%%)" % (a, b, 100 * want), what)
    print("oli-lab: baselines: " + what)


def check_baselines(c):
    lab = c.lab
    wi = lab.one("wi", "present", "1")
    if c.kernel == "6.12":
        c.expect(wi is not None and (wi.get("node0"), wi.get("node2")) == ("4", "1"),
                 "baselines: kernel weighted-interleave weights set to 4:1", "wi line %r" % wi)
        same_share(c, "wi", "uniform", 0.2, "weighted 4:1")
        same_share(c, "wi", "uniform-rt", 0.2, "weighted 4:1, liboli without the plugin")
        tp = report(c, "uniform").get("task_policy") or {}
        c.eq("baselines: run uniform: task_policy", ("weighted-interleave", [0, 2], "4:1", True),
             (tp.get("mode"), tp.get("nodes"), tp.get("weights"), tp.get("exact")))
    else:
        r = lab.one("baseline", "name", "wi")
        err = [l for l in lab.lines if l.startswith("OLI-LAB-STDERR wi:")]
        c.expect(r is not None and r.get("status") == "77" and any("SKIP" in l for l in err),
                 "baselines: --weighted-interleave is refused with a reason on %s (exit 77)" % c.kernel,
                 "run wi %r, stderr %r" % (r, err))
        c.skip("uniform against numactl --weighted-interleave: kernel %s has no MPOL_WEIGHTED_INTERLEAVE" % c.kernel)
        tp = report(c, "uniform").get("task_policy") or {}
        c.eq("baselines: run uniform on %s: task_policy interleave 1:1, not the weights (4:1)" % c.kernel,
             ("interleave", [0, 2], "1:1", False), (tp.get("mode"), tp.get("nodes"), tp.get("weights"), tp.get("exact")))
    same_share(c, "il", "uniform11", 0.5, "interleave 1:1")
    d = run_ok(c, "dram")
    if d:
        c.eq("baselines: run dram: no page on CXL", 0.0, cxl_share(d)[0])
    c.eq("no process was OOM-killed in the guest", ["0"], [r.get("oom_kills") for r in lab.group("dmesg")])


# ---- suite: tiering (guest/suite-tiering.sh) -------------------------------------
TIER_RUNS = ("first-touch", "tiering", "oli-budget", "oli")
VMSTAT = ("pgpromote_success", "pgdemote_kswapd", "pgdemote_direct", "numa_hint_faults", "pgmigrate_success")


def tier_delta(c, name):
    """{counter: after - before} of one run (None: counter absent from /proc/vmstat)."""
    before = after = None
    for r in c.lab.group("tier"):
        if r.get("name") == name:
            if r.get("phase") == "before":
                before = r
            elif r.get("phase") == "after":
                after = r
    if before is None or after is None:
        return None, after
    out = {}
    for k in VMSTAT:
        a, b = after.get(k, ""), before.get(k, "")
        out[k] = int(a) - int(b) if a.isdigit() and b.isdigit() else None
    return out, after


def tier_row(c, name):
    """(bytes on node 0, 1, 2 of the process's own pages, vmstat deltas) of one run."""
    delta, after = tier_delta(c, name)
    if not c.expect(after is not None, "tiering: run %s ran" % name, "no before/after lines"):
        return None
    c.eq("tiering: run %s: exit status, verification" % name, ("0", "1"), (after.get("status"), after.get("verified")))
    doc = numa_doc(c, name)
    if not c.expect(doc is not None and doc.get("sampled"), "tiering: run %s: bytes per node sampled at exit" % name,
                    "bench-numa-run wrote %r" % doc):
        return None
    own = {int(n["node"]): int(n["bytes"]) - int(n.get("file_bytes") or 0) for n in doc.get("nodes", [])}
    return own, delta


def check_tiering(c):
    lab = c.lab
    sup = next((r for r in lab.group("tiering") if "supported" in r), None)
    tiers = next((r.get("tiers") for r in lab.group("tiering") if "tiers" in r), "")
    if sup is not None and sup.get("supported") == "0":
        c.skip_all("kernel %s cannot run the tiering scenario (%s; memory tiers %s)" % (
            c.kernel, sup.get("reason"), tiers or "none"))
        return
    # node 2 must be in a slower tier than node 0, or there is nothing to demote to
    tier_of = {}
    for part in (tiers or "").split(","):
        if ":" in part:
            t, nodes = part.split(":", 1)
            for n in nodelist_of(nodes):
                tier_of[n] = t
    if tier_of.get(2) is None or tier_of.get(2) == tier_of.get(0):
        c.skip_all("kernel %s puts node 2 in the same memory tier as node 0 (%s): no demotion target" % (
            c.kernel, tiers or "no memory_tiering"))
        return
    c.eq("tiering: scenario supported (numa_balancing=2, demotion_enabled)", "1", sup and sup.get("supported"))
    room = next((r for r in lab.group("tiering") if "room_mb" in r), {})
    free0 = int(room.get("node0_free_kb") or 0) - int(room.get("node0_high_kb") or 0)
    c.expect(0 < free0 <= (int(room.get("room_mb") or 0) + 8) * 1024, "tiering: node 0 made small",
             "node 0 free above its high watermark %d kB, room %s MiB" % (free0, room.get("room_mb")))
    rows = {}
    for name in TIER_RUNS:
        r = tier_row(c, name)
        if r:
            rows[name] = r
        # each run starts with node 0 small again (its hold redone after the last run)
        before = next((t for t in lab.group("tier") if t.get("name") == name and t.get("phase") == "before"), {})
        room0 = int(before.get("node0_free_kb") or 0) - int(before.get("node0_high_kb") or 0)
        c.expect(room0 <= (int(room.get("room_mb") or 0) + 8) * 1024, "tiering: run %s: node 0 small before it" % name,
                 "node 0 free above its high watermark %d kB, room %s MiB (huge pages and a filler of %s MiB held)" % (
                     room0, room.get("room_mb"), before.get("topped_mb")))
        # the fillers took nodes 0 and 1 until they gave no more (node 0's then gave back the room)
        c.eq("tiering: run %s: the hold filled nodes 0 and 1 to their limits" % name, ["spill", "spill"],
             [before.get("fill_stop"), before.get("fill1_stop")])
    # DRAM too small for cg: without tiering its pages spill to CXL; with demotion on, the
    # kernel may instead demote other cold pages to CXL and keep all of cg on DRAM (seen:
    # 41.8 MiB on node 0, 1132 pages demoted): either way the run met a DRAM too small
    if "first-touch" in rows:
        c.expect(rows["first-touch"][0].get(2, 0) > 0, "tiering: run first-touch: DRAM too small, pages on CXL",
                 "bytes per node %r" % rows["first-touch"][0])
    if "tiering" in rows:
        own, delta = rows["tiering"]
        demoted = sum((delta or {}).get(k) or 0 for k in ("pgdemote_kswapd", "pgdemote_direct"))
        c.expect(own.get(2, 0) > 0 or demoted > 0,
                 "tiering: run tiering: DRAM too small, pages on CXL or demoted there",
                 "bytes per node %r, %d pages demoted" % (own, demoted))
    rep = report(c, "oli-budget") if "oli-budget" in rows else {}
    placed_ok = [s for s in rep.get("sites", []) if s.get("pages_intended")]
    same = [s for s in placed_ok if {k: v for k, v in s["pages_intended"].items() if v}
            == {k: v for k, v in (s.get("pages_achieved") or {}).items() if v}]
    if rep:
        c.expect(placed_ok and len(same) == len(placed_ok),
                 "tiering: run oli-budget: every placed object's pages still where oli put them at exit "
                 "(the kernel's tiering does not move them)",
                 "%d of %d sites as intended" % (len(same), len(placed_ok)))
    budget = int(room.get("budget_mb") or 0) << 20
    if rep:
        c.expect(int(rep.get("summary", {}).get("bytes", {}).get("dram") or 0) <= budget,
                 "tiering: run oli-budget: placed bytes on DRAM within OLI_DRAM_LIMIT", "report %r" %
                 rep.get("summary", {}).get("bytes"))
    for name, (own, delta) in rows.items():
        total = sum(own.values()) or 1
        print("oli-lab: tiering: %-11s node0 %6.1f MiB  node1 %5.1f MiB  node2 %6.1f MiB  CXL %4.1f%%  %s" % (
            name, own.get(0, 0) / 1048576.0, own.get(1, 0) / 1048576.0, own.get(2, 0) / 1048576.0,
            100.0 * own.get(2, 0) / total,
            " ".join("%s=%s" % (k, "-" if v is None else v) for k, v in (delta or {}).items())))
    c.eq("no process was OOM-killed in the guest", ["0"], [r.get("oom_kills") for r in lab.group("dmesg")])


def nodelist_of(s):
    out = set()
    for part in s.split(","):
        if "-" in part:
            a, b = part.split("-", 1)
            if a.isdigit() and b.isdigit():
                out.update(range(int(a), int(b) + 1))
        elif part.isdigit():
            out.add(int(part))
    return out
