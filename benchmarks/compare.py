#!/usr/bin/env python3
"""compare.py - run one benchmark kernel under each oli placement policy and
print one table: median time, ratio to `dram`, verification, bytes on each
memory tier and DRAM saved (from the runtime's JSON report, OLI_REPORT).

  benchmarks/compare.py [options] KERNEL [CLASS]

KERNEL is a kernel binary (build/bench/bench-cg-oli), or an NPB or XSBench
binary (their time and verification lines are recognised; use --no-class and
--args for their command lines); other programs are timed by the wall clock and
count as verified when they exit 0. Policies, in order:
off, dram, uniform, oli, oli+budget (OLI_DRAM_LIMIT), and oli+plan when --plan
or --make-plan is given. Python 3 standard library only; gnuplot for --plot.
See docs/benchmarks.md.
"""
import argparse
import glob
import json
import os
import re
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

UNITS = {"": 1, "K": 1 << 10, "M": 1 << 20, "G": 1 << 30, "T": 1 << 40}
# Environment variables this script sets per policy; a value inherited from the
# caller's environment would silently change the comparison.
OWNED_ENV = ("OLI_POLICY", "OLI_DRAM_LIMIT", "OLI_PLAN", "OLI_REPORT", "OLI_REPORT_FORMAT",
             "OLI_PROFILE")


# Result lines: our kernels (time_s, VERIFICATION ...), NPB (Time in seconds =,
# Verification = SUCCESSFUL) and XSBench (Runtime: X seconds, checksum (Valid)).
TIME_RE = re.compile(r"^\s*(?:time_s\s+|Time in seconds\s*=\s*|Runtime:\s*)([0-9.eE+-]+)",
                     re.M)
PASS_RE = re.compile(r"VERIFICATION SUCCESSFUL|Verification\s*=\s*SUCCESSFUL|\(Valid\)")
FAIL_RE = re.compile(r"VERIFICATION FAILED|Verification\s*=\s*UNSUCCESSFUL|INVALID|\(Invalid\)")


def die(msg, status=2):
    print("compare: error: " + msg, file=sys.stderr)
    sys.exit(status)


def parse_size(text, what):
    """Bytes from '123', '64M', '1.5G'; or ('percent', N) from '50%'."""
    m = re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*%\s*", text)
    if m:
        pct = float(m.group(1))
        if pct > 100:
            die("%s '%s' is above 100%%" % (what, text))
        return ("percent", pct)
    m = re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*([KMGT]?)(?:i?B)?\s*", text, re.I)
    if not m:
        die("%s '%s' is not a size (bytes, 512M, 64G, 1.5T) or a percentage (50%%)" % (what, text))
    return int(float(m.group(1)) * UNITS[m.group(2).upper()])


def human(n):
    if n is None:
        return "-"
    for unit in ("B", "KiB", "MiB", "GiB", "TiB"):
        if abs(n) < 1024 or unit == "TiB":
            return ("%d %s" % (n, unit)) if unit == "B" else ("%.1f %s" % (n, unit))
        n /= 1024.0
    return str(n)


def load_report(path):
    try:
        with open(path) as f:
            rep = json.load(f)
    except (OSError, ValueError) as e:
        die("%s: cannot read the oli report: %s" % (path, e))
    if rep.get("schema") != "oli-report":
        die("%s: schema '%s' is not oli-report" % (path, rep.get("schema")))
    if rep.get("version") != 1:
        die("%s: oli-report version %s is not supported (this script reads version 1)"
            % (path, rep.get("version")))
    return rep


def merge_reports(reps):
    """Sum the tier bytes of all reports of one run (one per MPI rank), and count
    the sites whose pages the kernel reports where the runtime intended them."""
    tiers = {"dram": 0, "cxl": 0, "remote_dram": 0, "default": 0}
    saved = 0
    as_intended, with_pages = 0, 0
    for rep in reps:
        for site in rep.get("sites", []):
            want = {k: v for k, v in (site.get("pages_intended") or {}).items() if v}
            got = {k: v for k, v in (site.get("pages_achieved") or {}).items() if v}
            if want:
                with_pages += 1
                as_intended += want == got
        summ = rep.get("summary", {})
        for k in tiers:
            tiers[k] += int(summ.get("bytes", {}).get(k) or 0)
        saved += int(summ.get("dram_saved") or 0)
    return tiers, saved, (as_intended, with_pages)


# Set by --lab: run every command inside the QEMU NUMA lab (test/numa-lab).
LAB = None


def lab_command(cmd, env, tmp):
    """run-demo.sh boots the lab once per run; OLI_* and OMP_* go in as VAR=VALUE,
    the report comes back in OUT/report.json."""
    out = os.path.join(tmp, "lab")
    shutil.rmtree(out, ignore_errors=True)
    lab = [LAB["script"], "--out", out, "--timeout", str(LAB["timeout"])]
    if LAB["cache"]:
        lab += ["--cache", LAB["cache"]]
    passed = ["%s=%s" % (k, v) for k, v in sorted(env.items())
              if (k.startswith("OLI_") and k not in ("OLI_REPORT", "OLI_REPORT_FORMAT"))
              or k.startswith("OMP_") or k.startswith("BENCH_")]
    return lab + [cmd[0]] + passed + ["--"] + cmd[1:], out


def run_once(cmd, env, tmp, timeout):
    """Run the kernel once; returns (seconds, verified, reports, output)."""
    for old in glob.glob(os.path.join(tmp, "report-*.json")):
        os.unlink(old)
    env = dict(env)
    env["OLI_REPORT"] = os.path.join(tmp, "report-%p.json")
    env["OLI_REPORT_FORMAT"] = "json"
    lab_out = None
    if LAB:
        cmd, lab_out = lab_command(cmd, env, tmp)
    for attempt in (1, 2):
        try:
            p = subprocess.run(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                               timeout=timeout, universal_newlines=True)
        except subprocess.TimeoutExpired:
            return None, False, [], "timed out after %d s" % timeout
        except OSError as e:
            die("cannot run %s: %s" % (cmd[0], e))
        # A guest that did not boot or finish is the lab's failure, not the
        # kernel's: boot it once more.
        if not (LAB and attempt == 1 and "guest did not finish" in p.stdout):
            break
        print("compare: note: the lab guest did not finish (console log in %s); booting again"
              % lab_out, file=sys.stderr)
    out = p.stdout
    times = [float(m.group(1)) for m in TIME_RE.finditer(out)]
    passed = PASS_RE.search(out) is not None
    failed = FAIL_RE.search(out) is not None
    has_marker = passed or failed
    verified = p.returncode == 0 and not failed and (passed or not has_marker)
    if p.returncode != 0:
        print("compare: %s exited with status %d; last lines:\n  %s" % (
            cmd[0], p.returncode, "\n  ".join(out.strip().splitlines()[-5:])), file=sys.stderr)
    pattern = os.path.join(lab_out, "report.json") if lab_out else os.path.join(tmp, "report-*.json")
    reps = [load_report(f) for f in sorted(glob.glob(pattern))]
    if LAB and p.returncode == 77:
        die("the NUMA lab cannot run here (run-demo.sh exit 77):\n  " +
            "\n  ".join(out.strip().splitlines()[-3:]), 77)
    return (max(times) if times else None), verified, reps, out


def timed_run(cmd, env, tmp, timeout):
    t0 = time.monotonic()
    secs, ok, reps, out = run_once(cmd, env, tmp, timeout)
    wall = time.monotonic() - t0
    return (secs if secs is not None else wall), ok, reps, out


def topology_note(reps):
    if not reps:
        return ("no oli report was written: the program is not linked with liboli "
                "(build the -oli variant); placement columns are empty")
    topo = reps[0].get("topology", {})
    nodes = topo.get("nodes", [])
    desc = ", ".join("node %s: %s, %s CPUs, %s" % (n.get("node"), n.get("kind"), n.get("cpus"),
                                                   human(n.get("mem_total"))) for n in nodes)
    cxl = topo.get("cxl_node")
    if cxl is None or cxl < 0:
        return ("%d NUMA node(s) (%s), no CXL node: every policy ends up on local DRAM, so the "
                "times cannot differ between policies (differences are noise); the placement "
                "columns show what the runtime decided" % (len(nodes), desc))
    return ("%d NUMA nodes (%s); local DRAM node %s, CXL node %s, weights %s (%s)" % (
        len(nodes), desc, topo.get("local_node"), cxl, reps[0].get("options", {}).get("weights"),
        topo.get("weights_source")))


def make_plan(args, cmd, base_env, tmp, limit):
    oli = args.oli or shutil.which("oli")
    if not oli:
        die("--make-plan needs the oli CLI: pass --oli build/bin/oli")
    prof = os.path.join(tmp, "profile-%p.json")
    env = dict(base_env, OLI_POLICY="oli", OLI_PROFILE=prof)
    _, ok, _, out = timed_run(cmd, env, tmp, args.timeout)
    profiles = sorted(glob.glob(os.path.join(tmp, "profile-*.json")))
    if not ok or not profiles:
        die("profile run failed or wrote no profile (OLI_PROFILE=%s)" % prof, 1)
    if len(profiles) > 1:
        merged = os.path.join(tmp, "profile-merged.json")
        subprocess.run([oli, "profile", "merge", merged] + profiles, check=True)
        profiles = [merged]
    plan = os.path.join(tmp, "plan.json")
    r = subprocess.run([oli, "plan", profiles[0], "--dram-limit", str(limit), "-o", plan],
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, universal_newlines=True)
    if r.returncode != 0:
        die("oli plan failed: %s" % r.stdout.strip(), 1)
    return plan


def plot(path, rows, title):
    gp = shutil.which("gnuplot")
    if not gp:
        die("--plot needs gnuplot (Debian package gnuplot-nox)")
    ext = os.path.splitext(path)[1].lower()
    term = {".svg": "svg size 900,420 dynamic", ".png": "pngcairo size 900,420"}.get(ext)
    if not term:
        die("--plot '%s': the file name must end in .svg or .png" % path)
    data = tempfile.NamedTemporaryFile("w", suffix=".dat", delete=False)
    for r in rows:
        mib = lambda b: (b or 0) / 1048576.0
        data.write('"%s" %.6f %.3f %.3f %.3f\n' % (r["policy"], r["median_s"] or 0,
                                                  mib(r["dram"]), mib(r["cxl"]),
                                                  mib(r["remote_dram"])))
    data.close()
    script = """set terminal %s
set output '%s'
set termoption noenhanced
set key top left
set multiplot layout 1,2 title '%s'
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.8 border -1
set boxwidth 0.8
set xtics rotate by -30
set grid ytics
set title 'median time'
set ylabel 'seconds'
set yrange [0:*]
plot '%s' using 2:xtic(1) notitle lc rgb '#4477aa'
set title 'memory by tier'
set ylabel 'MiB'
set style histogram rowstacked
set yrange [0:*]
set offsets 0,0,graph 0.25,0
plot '%s' using 3:xtic(1) title 'local DRAM' lc rgb '#4477aa', '' using 4 title 'CXL' lc rgb '#ee6677', '' using 5 title 'remote DRAM' lc rgb '#ccbb44'
unset multiplot
""" % (term, path.replace("'", ""), title.replace("'", ""), data.name, data.name)
    r = subprocess.run([gp], input=script, universal_newlines=True,
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    os.unlink(data.name)
    if r.returncode != 0:
        die("gnuplot failed: %s" % r.stdout.strip(), 1)


def main():
    ap = argparse.ArgumentParser(
        description="Compare oli placement policies on one kernel (docs/benchmarks.md).")
    ap.add_argument("kernel", help="kernel binary, e.g. build/bench/bench-cg-oli")
    ap.add_argument("cls", nargs="?", default="S", help="size class S|W|A|B|C (default S)")
    ap.add_argument("-n", "--repeat", type=int, default=3, help="runs per policy (default 3)")
    ap.add_argument("--policies", default="off,dram,uniform,oli,oli+budget",
                    help="comma list of off,dram,uniform,cxl,oli,oli+budget,oli+plan")
    ap.add_argument("--dram-limit", default="50%",
                    help="OLI_DRAM_LIMIT of oli+budget: a size (512M) or a percentage of the "
                         "bytes the dram policy placed (default 50%%)")
    ap.add_argument("--plan", help="plan file (oli plan) for an oli+plan row")
    ap.add_argument("--make-plan", action="store_true",
                    help="profile one run (OLI_PROFILE), make a plan with `oli plan "
                         "--dram-limit` and add an oli+plan row")
    ap.add_argument("--oli", help="the oli CLI for --make-plan (default: oli on PATH)")
    ap.add_argument("--threads", type=int, help="OMP_NUM_THREADS (default: inherited)")
    ap.add_argument("--no-class", action="store_true",
                    help="do not pass the class argument (NPB binaries, XSBench)")
    ap.add_argument("--args", default="", help="further arguments, e.g. '-s small -m event'")
    ap.add_argument("--launcher", default="", help="command prefix, e.g. 'mpiexec -n 2'")
    ap.add_argument("--lab", action="store_true",
                    help="run every run inside the QEMU NUMA lab (two sockets + a CXL-like "
                         "node; one boot per run; times are not meaningful, placement is)")
    ap.add_argument("--lab-cache", help="the lab's kernel cache (run-demo.sh --cache)")
    ap.add_argument("--timeout", type=int, default=3600, help="seconds per run (default 3600)")
    ap.add_argument("--plot", help="write a gnuplot chart of time and memory per policy "
                                   "(.svg or .png)")
    ap.add_argument("--json", help="also write the table as JSON to this file")
    args = ap.parse_args()

    if args.repeat < 1:
        die("--repeat '%d' must be at least 1" % args.repeat)
    if args.cls.upper() not in ("S", "W", "A", "B", "C"):
        die("class '%s' is not one of S, W, A, B, C" % args.cls)
    if not os.access(args.kernel, os.X_OK):
        die("kernel '%s' is not an executable file" % args.kernel)
    policies = [p.strip() for p in args.policies.split(",") if p.strip()]
    known = ("off", "dram", "uniform", "cxl", "oli", "oli+budget", "oli+plan")
    for p in policies:
        if p not in known:
            die("--policies: '%s' is not one of %s" % (p, ", ".join(known)))
    if args.plan:
        if not os.path.isfile(args.plan):
            die("--plan '%s' is not a file" % args.plan)
    if (args.plan or args.make_plan) and "oli+plan" not in policies:
        policies.append("oli+plan")
    if "oli+plan" in policies and not (args.plan or args.make_plan):
        die("policy oli+plan needs --plan FILE or --make-plan")
    limit = parse_size(args.dram_limit, "--dram-limit")
    if args.plot and os.path.splitext(args.plot)[1].lower() not in (".svg", ".png"):
        die("--plot '%s': the file name must end in .svg or .png" % args.plot)
    if args.plot and not shutil.which("gnuplot"):
        die("--plot needs gnuplot (Debian package gnuplot-nox)")

    global LAB
    if args.lab:
        script = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                              "test", "numa-lab", "run-demo.sh")
        if not os.access(script, os.X_OK):
            die("--lab needs %s" % script)
        if args.launcher:
            die("--lab and --launcher cannot be combined (the lab runs one process)")
        if args.plan:
            die("--lab with --plan is not supported: the plan file is not copied into the lab")
        LAB = {"script": script, "cache": args.lab_cache, "timeout": min(args.timeout, 600)}
        if args.make_plan:
            die("--lab with --make-plan is not supported")

    base_env = dict(os.environ)
    for k in OWNED_ENV:
        if k in base_env:
            print("compare: note: ignoring %s=%s from the environment" % (k, base_env.pop(k)),
                  file=sys.stderr)
    if args.threads:
        base_env["OMP_NUM_THREADS"] = str(args.threads)
    cmd = shlex.split(args.launcher) + [os.path.abspath(args.kernel)]
    cmd += ([] if args.no_class else [args.cls.upper()]) + shlex.split(args.args)
    tmp = tempfile.mkdtemp(prefix="oli-compare-")

    # The dram run comes first: it is the reference, and sizes a percentage budget.
    order = sorted(policies, key=lambda p: 0 if p == "dram" else 1)
    results, all_reps = {}, []
    for pol in order:
        env = dict(base_env)
        env["OLI_POLICY"] = pol.split("+")[0]
        if pol == "oli+budget" or (pol == "oli+plan" and args.make_plan):
            if isinstance(limit, tuple):
                ref = results.get("dram")
                if not ref or ref["placed"] is None:
                    print("compare: note: --dram-limit %s is relative to the dram policy's "
                          "report, and there is none (not run, or the kernel is not linked with "
                          "liboli): %s skipped" % (args.dram_limit, pol), file=sys.stderr)
                    policies.remove(pol)
                    continue
                limit = max(4096, int(ref["placed"] * limit[1] / 100.0))
            env["OLI_DRAM_LIMIT"] = str(limit)
        if pol == "oli+plan":
            if args.make_plan and not args.plan:
                args.plan = make_plan(args, cmd, base_env, tmp, limit)
            env["OLI_PLAN"] = os.path.abspath(args.plan)
        times, oks, reps = [], 0, []
        for _ in range(args.repeat):
            secs, ok, reps, _ = timed_run(cmd, env, tmp, args.timeout)
            if secs is not None:
                times.append(secs)
            oks += ok
        all_reps = all_reps or reps
        tiers, saved, pages = merge_reports(reps) if reps else ({}, None, None)
        placed = sum(tiers[k] for k in ("dram", "cxl", "remote_dram")) if reps else None
        results[pol] = {
            "policy": pol, "env": {k: v for k, v in env.items() if k.startswith("OLI_")
                                   and k not in ("OLI_REPORT", "OLI_REPORT_FORMAT")},
            "times_s": times, "median_s": statistics.median(times) if times else None,
            "verified": oks, "runs": args.repeat,
            "dram": tiers.get("dram"), "cxl": tiers.get("cxl"),
            "remote_dram": tiers.get("remote_dram"), "default": tiers.get("default"),
            "dram_saved": saved, "placed": placed, "reports": len(reps),
            "sites_as_intended": pages[0] if pages else None,
            "sites_with_pages": pages[1] if pages else None,
        }
    shutil.rmtree(tmp, ignore_errors=True)

    rows = [results[p] for p in policies]
    ref = results.get("dram", {}).get("median_s")
    title = "%s, %d run%s per policy, OMP_NUM_THREADS=%s" % (
        " ".join(shlex.split(args.launcher) + [os.path.basename(args.kernel)]
                 + cmd[len(shlex.split(args.launcher)) + 1:]), args.repeat,
        "s" if args.repeat > 1 else "", base_env.get("OMP_NUM_THREADS", "(unset)"))
    print(title)
    print("machine: " + ("QEMU NUMA lab (test/numa-lab, one boot per run; times are "
                         "emulated and not meaningful): " if LAB else "") + topology_note(all_reps))
    if "oli+budget" in results:
        print("oli+budget: OLI_DRAM_LIMIT=%s" % human(int(results["oli+budget"]["env"]
                                                         .get("OLI_DRAM_LIMIT", 0))))
    if "oli+plan" in results:
        print("oli+plan: OLI_PLAN=%s" % results["oli+plan"]["env"].get("OLI_PLAN"))
    hdr = ("policy", "median s", "vs dram", "verified", "DRAM", "CXL", "remote DRAM",
           "default", "DRAM saved", "pages as intended")
    table = []
    for r in rows:
        ratio = "%.3f" % (r["median_s"] / ref) if ref and r["median_s"] is not None else "-"
        table.append((r["policy"], "%.4f" % r["median_s"] if r["median_s"] is not None else "-",
                      ratio, "%d/%d" % (r["verified"], r["runs"]), human(r["dram"]),
                      human(r["cxl"]), human(r["remote_dram"]), human(r["default"]),
                      human(r["dram_saved"]),
                      "%d/%d sites" % (r["sites_as_intended"], r["sites_with_pages"])
                      if r["sites_with_pages"] else "-"))
    widths = [max(len(str(x[i])) for x in [hdr] + table) for i in range(len(hdr))]
    fmt = "  ".join("%-" + str(w) + "s" if i == 0 else "%" + str(w) + "s"
                    for i, w in enumerate(widths))
    print(fmt % hdr)
    for t in table:
        print(fmt % t)
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"title": title, "machine": topology_note(all_reps), "rows": rows}, f,
                      indent=1)
    if args.plot:
        plot(args.plot, rows, title)
        print("plot: %s" % args.plot)
    bad = [r["policy"] for r in rows if r["verified"] != r["runs"]]
    if bad:
        print("VERIFICATION FAILED under: %s" % ", ".join(bad))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
