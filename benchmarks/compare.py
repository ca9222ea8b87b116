#!/usr/bin/env python3
"""compare.py - run one benchmark kernel under each oli placement policy and
under numactl, and print one table: median time, ratio to `dram`, verification,
bytes of the whole process on each memory tier as the kernel holds them at exit
(/proc/PID/numa_maps, through bench-numa-run), and, for oli's rows, the bytes of
the objects the runtime placed and the DRAM saved (its JSON report, OLI_REPORT).

  benchmarks/compare.py [options] KERNEL [CLASS]

KERNEL is a kernel binary (build/bench/bench-cg-oli), or an NPB or XSBench
binary (their time and verification lines are recognised; use --no-class and
--args for their command lines); other programs are timed by the wall clock and
count as verified when they exit 0. Rows, in order:
off, dram, uniform, oli, oli+budget (OLI_DRAM_LIMIT), oli+plan when --plan or
--make-plan is given, then the plain build (--plain, no liboli) under
numactl --interleave, --weighted-interleave, --preferred and --membind, the
nodes taken from the detected topology. Python 3 standard library only;
gnuplot for --plot. See docs/benchmarks.md.
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


class Progress:
    """One line on stderr per run and per row as they happen (the table comes at
    the end, after minutes): which row, which run of how many, the seconds so far
    and, once a run has finished, an estimate of what is left (the mean time of
    the runs so far times the runs left)."""

    def __init__(self, rows, repeat):
        self.left_runs = rows * repeat
        self.total = rows
        self.done_runs = 0
        self.spent = 0.0
        self.start = time.monotonic()

    def _left(self):
        if not self.done_runs or self.left_runs <= 0:
            return ""
        est = self.spent / self.done_runs * self.left_runs
        return ", about %s left" % (("%.0f s" % est) if est < 120 else ("%.1f min" % (est / 60)))

    def run(self, row, label, k, repeat):
        print("compare: [%d/%d] %s: run %d of %d (%.0f s so far%s)"
              % (row, self.total, label, k, repeat, time.monotonic() - self.start, self._left()),
              file=sys.stderr, flush=True)

    def ran(self, secs):
        self.done_runs += 1
        self.left_runs -= 1
        self.spent += secs

    def skipped(self, row, label, runs, why):
        self.left_runs -= runs
        print("compare: [%d/%d] %s: skipped: %s" % (row, self.total, label, why), file=sys.stderr, flush=True)

    def row(self, row, label, median, ok, runs):
        print("compare: [%d/%d] %s: %s, verified %d/%d (%.0f s so far%s)"
              % (row, self.total, label, "median %.3g s" % median if median is not None else "no time",
                 ok, runs, time.monotonic() - self.start, self._left()), file=sys.stderr, flush=True)


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


def load_doc(path, schema, what, versions=(1,)):
    """One JSON document of `schema` in one of `versions`; a bad one stops the harness."""
    try:
        with open(path) as f:
            doc = json.load(f)
    except (OSError, ValueError) as e:
        die("%s: cannot read %s: %s" % (path, what, e))
    if doc.get("schema") != schema:
        die("%s: schema '%s' is not %s" % (path, doc.get("schema"), schema))
    if doc.get("version") not in versions:
        die("%s: %s version %s is not supported (this script reads version %s)"
            % (path, schema, doc.get("version"), " or ".join(map(str, versions))))
    return doc


def load_report(path):
    return load_doc(path, "oli-report", "the oli report", (1, 2))


def load_numa(path):
    return load_doc(path, "bench-numa-run", "bench-numa-run's output")


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
                # as `oli report` judges it: no page on a node beyond its share
                # (untouched pages are on no node yet, not misplaced)
                with_pages += 1
                as_intended += all(v <= want.get(k, 0) for k, v in got.items())
        summ = rep.get("summary", {})
        for k in tiers:
            tiers[k] += int(summ.get("bytes", {}).get(k) or 0)
        saved += int(summ.get("dram_saved") or 0)
    return tiers, saved, (as_intended, with_pages)


# Set by --lab: run every command inside the QEMU NUMA lab (test/numa-lab).
LAB = None
# bench-numa-run (benchmarks/numa-run): the kernel's bytes per node at exit.
NUMA_RUN = None
# numactl on this machine (also copied into the lab guest).
NUMACTL = None
# --launcher, split.
LAUNCHER = []


class Target:
    """What one row runs: [pre...] PROGRAM ARGS, wrapped in bench-numa-run with
    helper options (--weighted-interleave=...) when it exists."""

    def __init__(self, program, args, pre=(), helper=()):
        self.program, self.args, self.pre, self.helper = program, list(args), list(pre), list(helper)


def lab_command(target, env, tmp, setup):
    """run-demo.sh boots the lab once per run; OLI_* and OMP_* go in as VAR=VALUE,
    the report comes back in OUT/report.json, bench-numa-run's in OUT/numa.json.
    The program (and numactl) are copied into the guest's /lab."""
    out = os.path.join(tmp, "lab")
    shutil.rmtree(out, ignore_errors=True)
    lab = [LAB["script"], "--out", out, "--timeout", str(LAB["timeout"]), "--kernel", LAB["kernel"]]
    if LAB["cache"]:
        lab += ["--cache", LAB["cache"]]
    lab += ["--setup", " && ".join([LAB["setup"]] + ([setup] if setup else []))]
    passed = ["%s=%s" % (k, v) for k, v in sorted(env.items())
              if (k.startswith("OLI_") and k not in ("OLI_REPORT", "OLI_REPORT_FORMAT"))
              or k.startswith("OMP_") or k.startswith("BENCH_")]
    if not NUMA_RUN:
        return lab + [target.program] + passed + ["--"] + target.args, out
    name = os.path.basename(target.program)
    lab += ["--file", "%s=%s" % (target.program, name), "--fetch", "/tmp/numa.json"]
    pre = list(target.pre)
    if pre and pre[0] == "numactl":
        lab += ["--file", "%s=numactl" % NUMACTL]
        pre[0] = "/lab/numactl"
    return (lab + [NUMA_RUN] + passed + ["--", "--out", "/tmp/numa.json"] + target.helper + ["--"]
            + pre + ["/lab/" + name] + target.args), out


def host_command(target, tmp):
    if not NUMA_RUN:
        return LAUNCHER + target.pre + [target.program] + target.args
    return (LAUNCHER + [NUMA_RUN, "--out", os.path.join(tmp, "numa-%p.json")] + target.helper
            + ["--"] + target.pre + [target.program] + target.args)


def run_once(target, env, tmp, timeout, setup=None):
    """Run the kernel once; returns (seconds, verified, reports, numa docs, output, status)."""
    for old in glob.glob(os.path.join(tmp, "report-*.json")) + glob.glob(os.path.join(tmp, "numa-*.json")):
        os.unlink(old)
    env = dict(env)
    env["OLI_REPORT"] = os.path.join(tmp, "report-%p.json")
    env["OLI_REPORT_FORMAT"] = "json"
    lab_out = None
    if LAB:
        cmd, lab_out = lab_command(target, env, tmp, setup)
    else:
        cmd = host_command(target, tmp)
    for attempt in (1, 2):
        try:
            p = subprocess.run(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                               timeout=timeout, universal_newlines=True)
        except subprocess.TimeoutExpired:
            return None, False, [], [], "timed out after %d s" % timeout, None
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
    if LAB and p.returncode == 77 and "SKIP" not in out:
        die("the NUMA lab cannot run here (run-demo.sh exit 77):\n  " +
            "\n  ".join(out.strip().splitlines()[-3:]), 77)
    if p.returncode not in (0, 77):
        print("compare: %s exited with status %d; last lines:\n  %s" % (
            target.program, p.returncode, "\n  ".join(out.strip().splitlines()[-5:])), file=sys.stderr)
    pattern = os.path.join(lab_out, "report.json") if lab_out else os.path.join(tmp, "report-*.json")
    reps = [load_report(f) for f in sorted(glob.glob(pattern))]
    pattern = os.path.join(lab_out, "numa.json") if lab_out else os.path.join(tmp, "numa-*.json")
    numa = [load_numa(f) for f in sorted(glob.glob(pattern))]
    return (max(times) if times else None), verified, reps, numa, out, p.returncode


def timed_run(target, env, tmp, timeout, setup=None):
    t0 = time.monotonic()
    secs, ok, reps, numa, out, status = run_once(target, env, tmp, timeout, setup)
    wall = time.monotonic() - t0
    return (secs if secs is not None else wall), ok, reps, numa, out, status


def node_kinds(reps, numa):
    """{node: 'dram'|'cxl'} from an oli report's topology, else from
    bench-numa-run (a node without CPUs is CXL, as the runtime's own rule)."""
    for rep in reps:
        nodes = rep.get("topology", {}).get("nodes", [])
        if nodes:
            return {int(n["node"]): ("cxl" if n.get("kind") == "cxl" else "dram") for n in nodes}
    for doc in numa:
        return {int(n["node"]): ("dram" if n.get("cpus") else "cxl") for n in doc.get("nodes", [])}
    return {}


def kernel_tiers(numa, kinds):
    """Bytes of the processes' own pages at exit per tier: the process's node (its
    CPU's) is DRAM, other nodes with CPUs remote DRAM, CPU-less ones CXL. Pages
    of mapped files (shared libraries: page cache that was read in before, by
    no one's policy) are counted apart, in "files"."""
    if not numa or not all(d.get("sampled") for d in numa):
        return None
    tiers = {"dram": 0, "cxl": 0, "remote_dram": 0, "files": 0}
    for doc in numa:
        local = doc.get("local_node")
        for n in doc.get("nodes", []):
            node, f = int(n["node"]), int(n.get("file_bytes") or 0)
            b = int(n.get("bytes") or 0) - f
            kind = kinds.get(node, "dram")
            tiers["cxl" if kind == "cxl" else "dram" if node == local else "remote_dram"] += b
            tiers["files"] += f
    return tiers


def topology_note(reps, numa):
    if not reps:
        kinds = node_kinds(reps, numa)
        if kinds:
            return ("%d NUMA node(s) as bench-numa-run saw them (%s); no oli report (the program is "
                    "not linked with liboli: build the -oli variant), so placed-object columns are "
                    "empty" % (len(kinds), ", ".join("node %d: %s" % kv for kv in sorted(kinds.items()))))
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
    return ("%d NUMA nodes (%s); local DRAM node %s, CXL node %s, weights %s (%s), kernel weighted "
            "interleave: %s" % (
                len(nodes), desc, topo.get("local_node"), cxl,
                reps[0].get("options", {}).get("weights"), topo.get("weights_source"),
                "yes" if topo.get("weighted_interleave") else "no"))


def make_plan(args, target, base_env, tmp, limit):
    oli = args.oli or shutil.which("oli")
    if not oli:
        die("--make-plan needs the oli CLI: pass --oli build/bin/oli")
    prof = os.path.join(tmp, "profile-%p.json")
    env = dict(base_env, OLI_POLICY="oli", OLI_PROFILE=prof)
    _, ok, _, _, _, _ = timed_run(target, env, tmp, args.timeout)
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
        k = r.get("kernel") or {"dram": r["dram"], "cxl": r["cxl"], "remote_dram": r["remote_dram"]}
        data.write('"%s" %.6f %.3f %.3f %.3f\n' % (r["label"], r["median_s"] or 0,
                                                  mib(k["dram"]), mib(k["cxl"]),
                                                  mib(k["remote_dram"])))
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


# numactl rows: key -> (label, numactl option or helper option, node kind).
NUMACTL_ROWS = (
    ("numactl-interleave", "numactl -i %s", "--interleave=%s", "dram,cxl"),
    ("numactl-weighted", "numactl -w %s", "--weighted-interleave=%s", "dram,cxl"),
    ("numactl-preferred", "numactl -p %s", "--preferred=%s", "dram"),
    ("numactl-membind", "numactl -m %s", "--membind=%s", "cxl"),
)
OLI_POLICIES = ("off", "dram", "uniform", "cxl", "oli", "oli+budget", "oli+plan")
DEFAULT_POLICIES = "off,dram,uniform,oli,oli+budget," + ",".join(r[0] for r in NUMACTL_ROWS)


def numactl_nodes(reps, numa):
    """(local DRAM node, CXL node) for the numactl rows: the runtime's choice when
    a report exists, else bench-numa-run's view (its CPU's node; the first
    CPU-less node). No CXL node: the DRAM node for both."""
    for rep in reps:
        t = rep.get("topology", {})
        if t.get("local_node") is not None and t["local_node"] >= 0:
            c = t.get("cxl_node")
            return t["local_node"], (c if c is not None and c >= 0 else t["local_node"])
    for doc in numa:
        d = doc.get("local_node", 0)
        cxl = [int(n["node"]) for n in doc.get("nodes", []) if not n.get("cpus")]
        return d, (cxl[0] if cxl else d)
    return 0, 0


def kernel_weights_setup(reps):
    """Lab only: a guest command giving the kernel's weighted-interleave weights
    the runtime's ratio (`numactl -w` and uniform's task policy use the kernel's)."""
    for rep in reps:
        t = rep.get("topology", {})
        w = str(rep.get("options", {}).get("weights", ""))
        if not t.get("weighted_interleave") or t.get("cxl_node", -1) < 0 or not re.fullmatch(r"\d+:\d+", w):
            continue
        d, c = w.split(":")
        base = "/sys/kernel/mm/mempolicy/weighted_interleave/node"
        return "echo %s > %s%d && echo %s > %s%d" % (d, base, t["local_node"], c, base, t["cxl_node"])
    return None


def main():
    ap = argparse.ArgumentParser(
        description="Compare oli placement policies and numactl on one kernel (docs/benchmarks.md).")
    ap.add_argument("kernel", help="kernel binary, e.g. build/bench/bench-cg-oli")
    ap.add_argument("cls", nargs="?", default="S", help="size class S|W|A|B|C (default S)")
    ap.add_argument("-n", "--repeat", type=int, default=3, help="runs per policy (default 3)")
    ap.add_argument("--policies", default=DEFAULT_POLICIES,
                    help="comma list of %s (default: all but cxl and oli+plan)"
                    % ",".join(OLI_POLICIES + tuple(r[0] for r in NUMACTL_ROWS)))
    ap.add_argument("--dram-limit", default="50%",
                    help="OLI_DRAM_LIMIT of oli+budget: a size (512M) or a percentage of the "
                         "bytes the dram policy placed (default 50%%)")
    ap.add_argument("--plan", help="plan file (oli plan) for an oli+plan row")
    ap.add_argument("--make-plan", action="store_true",
                    help="profile one run (OLI_PROFILE), make a plan with `oli plan "
                         "--dram-limit` and add an oli+plan row")
    ap.add_argument("--oli", help="the oli CLI for --make-plan (default: oli on PATH)")
    ap.add_argument("--plain", help="the plain build (no liboli) for the numactl rows (default: "
                                    "KERNEL without its -oli/-rt suffix, when it exists)")
    ap.add_argument("--numa-run", help="bench-numa-run, which measures every row's bytes per node "
                                       "at exit (default: beside KERNEL, then the one installed with "
                                       "oli-compare, then on PATH)")
    ap.add_argument("--threads", type=int, help="OMP_NUM_THREADS (default: inherited)")
    ap.add_argument("--no-class", action="store_true",
                    help="do not pass the class argument (NPB binaries, XSBench)")
    ap.add_argument("--args", default="", help="further arguments, e.g. '-s small -m event'")
    ap.add_argument("--launcher", default="", help="command prefix, e.g. 'mpiexec -n 2'")
    ap.add_argument("--lab", action="store_true",
                    help="run every run inside the QEMU NUMA lab (two sockets + a CXL-like "
                         "node; one boot per run; times are not meaningful, placement is; "
                         "a source checkout only)")
    ap.add_argument("--lab-cache", help="the lab's kernel cache (run-demo.sh --cache)")
    ap.add_argument("--lab-kernel", default="6.12", help="the lab's guest kernel, 6.12 or 6.1")
    ap.add_argument("--lab-thp", default="never", help="the lab guest's transparent huge pages: never "
                    "(default: the kernel interleaves page by page), madvise or always (whole 2 MiB "
                    "folios are interleaved, a program's share on CXL follows the folios)")
    ap.add_argument("--timeout", type=int, default=3600, help="seconds per run (default 3600)")
    ap.add_argument("--plot", help="write a gnuplot chart of time and memory per policy "
                                   "(.svg or .png)")
    ap.add_argument("--json", help="also write the table as JSON to this file (schema oli-compare, "
                                   "share/oli/schema/oli-compare.schema.json)")
    args = ap.parse_args()

    if args.repeat < 1:
        die("--repeat '%d' must be at least 1" % args.repeat)
    if args.cls.upper() not in ("S", "W", "A", "B", "C"):
        die("class '%s' is not one of S, W, A, B, C" % args.cls)
    if not os.access(args.kernel, os.X_OK):
        die("kernel '%s' is not an executable file" % args.kernel)
    policies = [p.strip() for p in args.policies.split(",") if p.strip()]
    known = OLI_POLICIES + tuple(r[0] for r in NUMACTL_ROWS)
    for p in policies:
        if p not in known:
            die("--policies: '%s' is not one of %s" % (p, ", ".join(known)))
    if args.plan:
        if not os.path.isfile(args.plan):
            die("--plan '%s' is not a file" % args.plan)
    if (args.plan or args.make_plan) and "oli+plan" not in policies:
        policies.insert(len([p for p in policies if p in OLI_POLICIES]), "oli+plan")
    if "oli+plan" in policies and not (args.plan or args.make_plan):
        die("policy oli+plan needs --plan FILE or --make-plan")
    limit = parse_size(args.dram_limit, "--dram-limit")
    if args.plot and os.path.splitext(args.plot)[1].lower() not in (".svg", ".png"):
        die("--plot '%s': the file name must end in .svg or .png" % args.plot)
    if args.plot and not shutil.which("gnuplot"):
        die("--plot needs gnuplot (Debian package gnuplot-nox)")
    if args.plain and not os.access(args.plain, os.X_OK):
        die("--plain '%s' is not an executable file" % args.plain)
    if args.numa_run and not os.access(args.numa_run, os.X_OK):
        die("--numa-run '%s' is not an executable file" % args.numa_run)
    if args.lab_kernel not in ("6.12", "6.1"):
        die("--lab-kernel '%s' is not one of 6.12, 6.1" % args.lab_kernel)
    if args.lab_thp not in ("never", "madvise", "always"):
        die("--lab-thp '%s' is not one of never, madvise, always" % args.lab_thp)

    global LAB, NUMA_RUN, NUMACTL, LAUNCHER
    LAUNCHER = shlex.split(args.launcher)
    kernel = os.path.abspath(args.kernel)
    here = os.path.dirname(kernel)
    # bench-numa-run: beside KERNEL (build/bench/), the one installed with this
    # script (bin/oli-compare: LIB/oli/bench-numa-run of the same prefix), on PATH
    prefix = os.path.dirname(os.path.dirname(os.path.realpath(__file__)))
    installed = sorted(glob.glob(os.path.join(prefix, "lib", "*", "oli", "bench-numa-run"))) + \
        [os.path.join(prefix, "lib", "oli", "bench-numa-run")]
    NUMA_RUN = args.numa_run or next((p for p in [os.path.join(here, "bench-numa-run")] + installed
                                      if os.access(p, os.X_OK)), None) or shutil.which("bench-numa-run")
    NUMA_RUN = os.path.abspath(NUMA_RUN) if NUMA_RUN else None
    NUMACTL = shutil.which("numactl")
    plain = args.plain
    if not plain:
        base = re.sub(r"-(oli|rt)$", "", kernel)
        plain = base if base != kernel and os.access(base, os.X_OK) else None
    plain = os.path.abspath(plain) if plain else None
    if args.lab:
        script = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                              "test", "numa-lab", "run-demo.sh")
        if not os.access(script, os.X_OK):
            die("--lab needs the NUMA lab of oli's source tree (%s), which is not installed: run "
                "benchmarks/compare.py of a checkout" % script)
        if args.launcher:
            die("--lab and --launcher cannot be combined (the lab runs one process)")
        if args.plan:
            die("--lab with --plan is not supported: the plan file is not copied into the lab")
        LAB = {"script": script, "cache": args.lab_cache, "timeout": args.timeout,
               "kernel": args.lab_kernel,
               "setup": "echo %s > /sys/kernel/mm/transparent_hugepage/enabled" % args.lab_thp}
        if args.make_plan:
            die("--lab with --make-plan is not supported")

    base_env = dict(os.environ)
    for k in OWNED_ENV:
        if k in base_env:
            print("compare: note: ignoring %s=%s from the environment" % (k, base_env.pop(k)),
                  file=sys.stderr)
    if args.threads:
        base_env["OMP_NUM_THREADS"] = str(args.threads)
    prog_args = ([] if args.no_class else [args.cls.upper()]) + shlex.split(args.args)
    target = Target(kernel, prog_args)
    tmp = tempfile.mkdtemp(prefix="oli-compare-")

    # The dram run comes first: it is the reference, sizes a percentage budget
    # and gives the topology (nodes of the numactl rows); numactl rows come last.
    order = sorted(policies, key=lambda p: 0 if p == "dram" else 1 if p in OLI_POLICIES else 2)
    results, all_reps, all_numa, notes = {}, [], [], []
    progress = Progress(len(order), args.repeat)
    if not NUMA_RUN:
        notes.append("bench-numa-run not found (build it, or install oli, or --numa-run PATH): no kernel byte "
                     "columns, numactl rows skipped")
    for index, pol in enumerate(order, 1):
        env = dict(base_env)
        setup = None
        row = {"policy": pol, "label": pol, "skipped": None}
        spec = next((r for r in NUMACTL_ROWS if r[0] == pol), None)
        if spec:
            reason = None
            if not NUMA_RUN:
                reason = "bench-numa-run not found"
            elif not plain:
                reason = ("no plain build (pass --plain PROGRAM; %s has no plain sibling)"
                          % os.path.basename(kernel))
            elif not NUMACTL and pol != "numactl-weighted":
                reason = "numactl not found (Debian package numactl)"
            if reason is None and not all_reps and not all_numa:
                # No oli row ran: ask bench-numa-run which nodes there are.
                _, _, _, probe, _, _ = run_once(Target("/bin/true", []), base_env, tmp, args.timeout)
                all_numa += probe
            d, c = numactl_nodes(all_reps, all_numa)
            nodes = {"dram,cxl": "%d,%d" % (d, c) if c != d else "%d" % d, "dram": "%d" % d,
                     "cxl": "%d" % c}[spec[3]]
            row["label"] = spec[1] % nodes
            wi = [r for r in all_reps if "weighted_interleave" in r.get("topology", {})]
            if reason is None and pol == "numactl-weighted" and wi and not wi[0]["topology"]["weighted_interleave"]:
                reason = "the kernel has no MPOL_WEIGHTED_INTERLEAVE (Linux 6.9+)"
            if reason:
                row["skipped"] = reason
                results[pol] = row
                progress.skipped(index, row["label"], args.repeat, reason)
                continue
            env["OLI_POLICY"] = "off"  # inert: the plain build has no liboli
            if pol == "numactl-weighted":
                # numactl 2.0.16 (Debian 12) has no --weighted-interleave: bench-numa-run sets it.
                run = Target(plain, prog_args, helper=[spec[2] % nodes])
            else:
                run = Target(plain, prog_args, pre=["numactl", spec[2] % nodes])
            setup = kernel_weights_setup(all_reps) if LAB else None
        else:
            run = target
            env["OLI_POLICY"] = pol.split("+")[0]
            setup = kernel_weights_setup(all_reps) if LAB else None
        if pol == "oli+budget" or (pol == "oli+plan" and args.make_plan):
            if isinstance(limit, tuple):
                ref = results.get("dram")
                if not ref or ref.get("placed") is None:
                    row["skipped"] = ("--dram-limit %s is relative to the dram policy's report, and "
                                      "there is none (not run, or the kernel is not linked with "
                                      "liboli)" % args.dram_limit)
                    results[pol] = row
                    progress.skipped(index, row["label"], args.repeat, row["skipped"])
                    continue
                limit = max(4096, int(ref["placed"] * limit[1] / 100.0))
            env["OLI_DRAM_LIMIT"] = str(limit)
        if pol == "oli+plan":
            if args.make_plan and not args.plan:
                args.plan = make_plan(args, target, base_env, tmp, limit)
            env["OLI_PLAN"] = os.path.abspath(args.plan)
        times, oks, reps, numa, skip = [], 0, [], [], None
        for k in range(args.repeat):
            progress.run(index, row["label"], k + 1, args.repeat)
            began = time.monotonic()
            secs, ok, reps, numa, out, status = timed_run(run, env, tmp, args.timeout, setup)
            progress.ran(time.monotonic() - began)
            m = re.search(r"bench-numa-run: SKIP: (.*)", out)
            if status == 77 and m:
                skip = m.group(1).strip()
                break
            if secs is not None:
                times.append(secs)
            oks += ok
        if skip:
            row["skipped"] = skip
            results[pol] = row
            progress.skipped(index, row["label"], args.repeat - k - 1, skip)
            continue
        all_reps = all_reps or reps
        all_numa = all_numa or numa
        tiers, saved, pages = merge_reports(reps) if reps else ({}, None, None)
        placed = sum(tiers[k] for k in ("dram", "cxl", "remote_dram")) if reps else None
        task = reps[0].get("task_policy") if reps else None
        row.update({
            "env": {k: v for k, v in env.items() if k.startswith("OLI_")
                    and k not in ("OLI_REPORT", "OLI_REPORT_FORMAT")},
            "command": ([NUMA_RUN] + run.helper if run.helper else []) + run.pre + [run.program] + run.args,
            "lab_setup": setup,
            "times_s": times, "median_s": statistics.median(times) if times else None,
            "verified": oks, "runs": args.repeat,
            "dram": tiers.get("dram"), "cxl": tiers.get("cxl"),
            "remote_dram": tiers.get("remote_dram"), "default": tiers.get("default"),
            "dram_saved": saved, "placed": placed, "reports": len(reps),
            "sites_as_intended": pages[0] if pages else None,
            "sites_with_pages": pages[1] if pages else None,
            "task_policy": task,
            "kernel": kernel_tiers(numa, node_kinds(all_reps, numa)),
        })
        if task and not task.get("exact"):
            notes.append("uniform: the kernel interleaves the whole process at %s (its own weights), "
                         "placed objects at %s (the runtime's)" % (task.get("weights"),
                                                                   reps[0].get("options", {}).get("weights")))
        results[pol] = row
        progress.row(index, row["label"], row["median_s"], oks, args.repeat)
    shutil.rmtree(tmp, ignore_errors=True)

    rows = [results[p] for p in policies]
    ref = results.get("dram", {}).get("median_s")
    title = "%s, %d run%s per policy, OMP_NUM_THREADS=%s" % (
        " ".join(LAUNCHER + [os.path.basename(args.kernel)] + prog_args), args.repeat,
        "s" if args.repeat > 1 else "", base_env.get("OMP_NUM_THREADS", "(unset)"))
    print(title)
    machine = (("QEMU NUMA lab (test/numa-lab, kernel %s, transparent huge pages %s, one boot per run; "
                "times are emulated and not meaningful): " % (args.lab_kernel, args.lab_thp)) if LAB else "") \
        + topology_note(all_reps, all_numa)
    print("machine: " + machine)
    if plain and any(r[0] in results for r in NUMACTL_ROWS):
        print("numactl rows: %s (no liboli)%s" % (
            os.path.basename(plain), "; numactl -w is bench-numa-run --weighted-interleave "
            "(numactl %s has no such option), at the kernel's weights" % numactl_version()
            if "numactl-weighted" in results else ""))
    if LAB and kernel_weights_setup(all_reps):
        print("lab: the kernel's weighted-interleave weights set to the runtime's before each run (%s)"
              % kernel_weights_setup(all_reps))
    if "oli+budget" in results and not results["oli+budget"]["skipped"]:
        print("oli+budget: OLI_DRAM_LIMIT=%s" % human(int(results["oli+budget"]["env"]
                                                         .get("OLI_DRAM_LIMIT", 0))))
    if "oli+plan" in results and not results["oli+plan"]["skipped"]:
        print("oli+plan: OLI_PLAN=%s" % results["oli+plan"]["env"].get("OLI_PLAN"))
    print("columns: DRAM, CXL, remote DRAM, CXL %: the process's own pages at exit (heap, stacks, "
          "globals, anonymous mmap; mapped files apart), from the kernel (numa_maps); placed ...: "
          "the objects oli placed (its report)")
    hdr = ("policy", "median s", "vs dram", "verified", "DRAM", "CXL", "remote DRAM", "CXL %",
           "placed DRAM", "placed CXL", "DRAM saved", "pages as intended")
    table = []
    for r in rows:
        if r["skipped"]:
            table.append((r["label"], "skipped") + ("",) * (len(hdr) - 2))
            notes.append("%s skipped: %s" % (r["label"], r["skipped"]))
            continue
        k = r["kernel"] or {}
        total = sum(k.get(t, 0) for t in ("dram", "cxl", "remote_dram"))
        ratio = "%.3f" % (r["median_s"] / ref) if ref and r["median_s"] is not None else "-"
        table.append((r["label"], "%.4f" % r["median_s"] if r["median_s"] is not None else "-",
                      ratio, "%d/%d" % (r["verified"], r["runs"]),
                      human(k.get("dram")), human(k.get("cxl")), human(k.get("remote_dram")),
                      "%.1f" % (100.0 * k["cxl"] / total) if total else "-",
                      human(r["dram"]), human(None if r["cxl"] is None else r["cxl"] + r["remote_dram"]),
                      human(r["dram_saved"]),
                      "%d/%d sites" % (r["sites_as_intended"], r["sites_with_pages"])
                      if r["sites_with_pages"] else "-"))
    widths = [max(len(str(x[i])) for x in [hdr] + table) for i in range(len(hdr))]
    fmt = "  ".join("%-" + str(w) + "s" if i == 0 else "%" + str(w) + "s"
                    for i, w in enumerate(widths))
    print(fmt % hdr)
    for t in table:
        print((fmt % t).rstrip())
    for n in notes:
        print("note: " + n)
    if args.json:
        # schema oli-compare, version 1 (share/oli/schema/oli-compare.schema.json)
        doc = {"schema": "oli-compare", "version": 1, "program": kernel, "args": prog_args, "title": title,
               "machine": machine, "lab": bool(LAB), "repeat": args.repeat, "rows": rows, "notes": notes}
        tmpname = args.json + ".tmp"
        with open(tmpname, "w") as f:
            json.dump(doc, f, indent=1)
            f.write("\n")
        os.replace(tmpname, args.json)
    ran = [r for r in rows if not r["skipped"]]
    if args.plot:
        plot(args.plot, ran, title)
        print("plot: %s" % args.plot)
    bad = [r["label"] for r in ran if r["verified"] != r["runs"]]
    if bad:
        print("VERIFICATION FAILED under: %s" % ", ".join(bad))
        return 1
    return 0


def numactl_version():
    try:
        out = subprocess.run(["dpkg-query", "-W", "-f", "${Version}", "numactl"], stdout=subprocess.PIPE,
                             stderr=subprocess.DEVNULL, universal_newlines=True).stdout.strip()
    except OSError:
        out = ""
    return out.split("-")[0] if out else "here"


if __name__ == "__main__":
    sys.exit(main())
