#!/usr/bin/env python3
"""static-vs-profile.py: the plugin's static access estimate against the portable
profile, on the bundled kernels (issue 15 acceptance; docs/benchmarks.md).

For each kernel: compile it with the plugin and profile-every=N, run it once at
CLASS with OLI_PROFILE, and compare, over the objects of at least MIN bytes:
  ranking  the static intensity (`oli sites --json`) against the profile's
           accesses per byte: the same top-3 set, the same top object, and
           Spearman's rank correlation;
  passes   per object of at least 10% of the footprint, the static passes against
           the profile's: the bytes its accesses moved over the object's bytes
           (the profile counts accesses in 8-byte units of what they move,
           whatever the element size and vector width): within 2x?
  plans    `oli plan --static BINARY --sizes PROFILE` against the profile-guided
           `oli plan PROFILE`, both under a DRAM budget of half the footprint and
           --min-size MIN: `oli diff --moved-only` must exit 0.

    benchmarks/static-vs-profile.py [--build build] [--class W] [--kernels "cg mg ft is xs fcg"]
                                    [--every 1021] [--min-size 1M] [--threads 2] [--json FILE]
N defaults to the prime 1021, which kept the figures right when the profile's
period was fixed (a period sharing a factor with a loop block's accesses sampled
only some of them); the periods move now (N +- N/8) and any N agrees within 2%
(docs/profile-schema.md, "Any N"), and 1021 keeps the figures comparable with
earlier runs.
Python 3 standard library only. Exit 0 when the measurement ran (whatever it
found), 2 on bad input, 1 when a kernel cannot be built or run.
"""
import argparse
import glob
import json
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
# A kernel's sources: a file, or a pattern for one in several files (xs).
KERNELS = {"cg": "cg/cg.c", "mg": "mg/mg.c", "ft": "ft/ft.c", "is": "is/is.c", "xs": "xs/*.c",
           "fcg": "fortran/fcg.F90", "ep": "ep/ep.c"}


def bad(msg):
    print("static-vs-profile: error: " + msg, file=sys.stderr)
    sys.exit(2)


def size_of(s):
    units = {"": 1, "K": 1 << 10, "M": 1 << 20, "G": 1 << 30}
    s = s.strip().upper()
    u = s[-1] if s and s[-1] in "KMG" else ""
    try:
        return int(float(s[:-1] if u else s) * units[u])
    except ValueError:
        bad("--min-size '%s' is not a size (bytes, 64K, 1M)" % s)


def ranks(values):
    """Average ranks (1 = largest), ties share their mean rank."""
    order = sorted(range(len(values)), key=lambda i: -values[i])
    r = [0.0] * len(values)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        for k in range(i, j + 1):
            r[order[k]] = (i + j) / 2 + 1
        i = j + 1
    return r


def spearman(a, b):
    if len(a) < 2:
        return None
    ra, rb = ranks(a), ranks(b)
    ma, mb = sum(ra) / len(ra), sum(rb) / len(rb)
    num = sum((x - ma) * (y - mb) for x, y in zip(ra, rb))
    den = (sum((x - ma) ** 2 for x in ra) * sum((y - mb) ** 2 for y in rb)) ** 0.5
    return num / den if den else None


def run(cmd, **kw):
    return subprocess.run(cmd, capture_output=True, text=True, **kw)


def kernel(a, k, work):
    srcs = sorted(glob.glob(os.path.join(HERE, "kernels", KERNELS[k])))
    exe = os.path.join(work, k)
    fortran = srcs[0].endswith(".F90")
    cc = a.flang if fortran else a.clang
    env = dict(os.environ, OLI_PASS_OPTIONS="root=%s;profile-every=%d" % (ROOT, a.every))
    cmd = [cc, "-O2", "-fopenmp", "-gline-tables-only", "-fpass-plugin=" + a.plugin]
    cmd += ["-I" + os.path.join(HERE, "kernels", "common")]  # bench.h, and bench.inc for Fortran
    cmd += srcs + ["-o", exe, "-L" + a.libdir, "-Wl,-rpath," + a.libdir, "-loli", "-lnuma", "-lm"]
    r = run(cmd, env=env, cwd=work)  # flang writes its .mod files here
    if r.returncode != 0:
        raise RuntimeError("%s: build failed: %s" % (k, r.stderr.strip()[-500:]))
    prof = os.path.join(work, k + ".profile.json")
    env = dict(os.environ, OMP_NUM_THREADS=str(a.threads), OLI_PROFILE=prof, OLI_MIN_SIZE="4K")
    env.pop("OLI_PLAN", None)
    r = run([exe, a.cls], env=env)
    if r.returncode != 0 or "VERIFICATION SUCCESSFUL" not in r.stdout:
        raise RuntimeError("%s: run failed (exit %d): %s" % (k, r.returncode, (r.stdout + r.stderr)[-500:]))
    p = json.load(open(prof))
    sites = json.loads(run([a.oli, "sites", "--json", exe]).stdout)["sites"]
    est = {int(s["id"], 16): s for s in sites}
    objs = []
    for s in p["sites"]:
        b = max(s.get("peak_live", 0), s.get("largest", 0))
        if b < a.min_size or s.get("count", 0) == 0:
            continue
        st = (est.get(int(s["id"], 16)) or {}).get("static") or {}
        objs.append({"name": s.get("name") or "%s:%s" % (os.path.basename(s.get("file", "?")), s.get("line", "?")),
                     "bytes": b, "profile": s.get("accesses", 0) / b, "static": st.get("intensity", 0.0),
                     "static_passes": st.get("passes", 0.0), "profile_passes": s.get("accesses", 0) * 8 / b,
                     "share": b / max(1, p.get("footprint_peak", 0)),
                     "pattern": st.get("pattern", "none"), "confidence": st.get("confidence", "none")})
    prof_order = [o["name"] for o in sorted(objs, key=lambda o: -o["profile"])]
    stat_order = [o["name"] for o in sorted(objs, key=lambda o: -o["static"])]
    top = min(3, len(objs))
    res = {"kernel": k, "class": a.cls, "objects": objs, "profile_order": prof_order, "static_order": stat_order,
           "top3_same": set(prof_order[:top]) == set(stat_order[:top]),
           "top1_same": prof_order[:1] == stat_order[:1],
           "spearman": spearman([o["profile"] for o in objs], [o["static"] for o in objs])}
    big = [o for o in objs if o["share"] >= 0.10]
    res["passes_within_2x"] = sum(1 for o in big if o["profile_passes"] > 0 and
                                  0.5 <= o["static_passes"] / o["profile_passes"] <= 2.0)
    res["passes_objects"] = len(big)
    # plans at half the footprint
    half = p.get("footprint_peak", 0) // 2
    pp, sp = os.path.join(work, k + ".profile.plan.json"), os.path.join(work, k + ".static.plan.json")
    common = ["--dram-limit", str(half), "--min-size", str(a.min_size)]
    r1 = run([a.oli, "plan", prof] + common + ["-o", pp])
    r2 = run([a.oli, "plan", "--static", exe, "--sizes", prof] + common + ["-o", sp])
    if r1.returncode or r2.returncode:
        raise RuntimeError("%s: plan failed: %s %s" % (k, r1.stderr.strip(), r2.stderr.strip()))
    d = run([a.oli, "diff", "--moved-only", pp, sp])
    res.update({"dram_limit": half, "diff_exit": d.returncode,
                "moved": [l for l in d.stdout.splitlines() if l.strip().startswith(("moved", "0x"))] if d.returncode else [],
                "diff_text": d.stdout.strip()})
    for name, path in (("profile_plan", pp), ("static_plan", sp)):
        res[name] = {s.get("name") or "%s:%s" % (os.path.basename(s.get("file", "?")), s.get("line", "?")):
                     s["decision"] + (" " + s["ratio"] if s.get("ratio") else "") for s in json.load(open(path))["sites"]}
    return res


def main():
    ap = argparse.ArgumentParser(description="static access estimate vs portable profile")
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    ap.add_argument("--class", dest="cls", default="W", choices=["S", "W", "A", "B", "C"])
    ap.add_argument("--kernels", default="cg mg ft is xs fcg")
    ap.add_argument("--every", type=int, default=1021,
                    help="profile-every (default 1021: figures comparable with earlier runs)")
    ap.add_argument("--min-size", default="1M")
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--clang", default="clang-19")
    ap.add_argument("--flang", default="flang-new-19")
    ap.add_argument("--json")
    a = ap.parse_args()
    a.min_size = size_of(a.min_size)
    if a.every < 1 or a.threads < 1:
        bad("--every and --threads must be at least 1")
    a.plugin = os.path.join(a.build, "lib", "OliPass.so")
    a.libdir = os.path.join(a.build, "lib")
    a.oli = os.path.join(a.build, "bin", "oli")
    for f in (a.plugin, a.oli):
        if not os.path.exists(f):
            bad("%s not found: build the tree first (tools/dev.sh build), or name it with --build" % f)
    ks = a.kernels.split()
    for k in ks:
        if k not in KERNELS:
            bad("kernel '%s' is not one of %s" % (k, ", ".join(KERNELS)))
    work = tempfile.mkdtemp(prefix="oli-static-vs-profile.")
    out = []
    try:
        for k in ks:
            if k == "fcg" and not shutil.which(a.flang):
                print("%s: skipped (%s not found)" % (k, a.flang))
                continue
            try:
                r = kernel(a, k, work)
            except RuntimeError as e:
                print("static-vs-profile: error: %s" % e, file=sys.stderr)
                return 1
            out.append(r)
            print("== %s class %s: %d objects >= %d bytes" % (k, a.cls, len(r["objects"]), a.min_size))
            print("   %-16s %10s %5s %14s %10s %9s %9s %6s %12s %s" % (
                "object", "MiB", "share", "profile acc/B", "static", "passes:p", "passes:s", "ratio", "pattern",
                "confidence"))
            for o in sorted(r["objects"], key=lambda o: -o["profile"]):
                ratio = o["static_passes"] / o["profile_passes"] if o["profile_passes"] > 0 else float("nan")
                print("   %-16s %10.1f %4.0f%% %14.4g %10.4g %9.3g %9.3g %6.2f %12s %s" % (
                    o["name"][:16], o["bytes"] / 1048576, 100 * o["share"], o["profile"], o["static"],
                    o["profile_passes"], o["static_passes"], ratio, o["pattern"], o["confidence"]))
            print("   passes: %d of %d objects of at least 10%% of the footprint within 2x of the profile's" % (
                r["passes_within_2x"], r["passes_objects"]))
            rho = "%.2f" % r["spearman"] if r["spearman"] is not None else "-"
            print("   ranking: top-3 set %s, top object %s, Spearman %s" % (
                "same" if r["top3_same"] else "DIFFERS", "same" if r["top1_same"] else "DIFFERS", rho))
            print("   plans at %.1f MiB (half the footprint): oli diff --moved-only exit %d%s" % (
                r["dram_limit"] / 1048576, r["diff_exit"], "" if not r["diff_exit"] else "\n      " +
                r["diff_text"].replace("\n", "\n      ")))
        agree = sum(1 for r in out if r["diff_exit"] == 0)
        top3 = sum(1 for r in out if r["top3_same"])
        print("summary: top-3 sets agree on %d of %d kernels; plans agree (diff exit 0) on %d of %d; "
              "passes within 2x for %d of %d objects of at least 10%% of the footprint" % (
                  top3, len(out), agree, len(out), sum(r["passes_within_2x"] for r in out),
                  sum(r["passes_objects"] for r in out)))
        if a.json:
            with open(a.json, "w") as f:
                json.dump(out, f, indent=1)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
