#!/usr/bin/env python3
"""check_report.py - run a plugin-compiled kernel with OLI_REPORT and check that
the report names the given large arrays by source name and file:line.

  check_report.py [--launcher 'mpiexec -n 2'] KERNEL CLASS NAME...

For each NAME there must be a site with that "name" that allocated at least one
byte and, unless it is a global (static array, COMMON block: no line), a
"line" > 0 whose source line (the file as given, or relative to this
repository) mentions NAME. Exit 0 when all hold, 1 when one
does not (one line per name either way), 2 on bad input. With --launcher
(MPI), there must be one report per rank, with ranks 0..N-1."""
import glob
import json
import os
import shlex
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def main(argv):
    launcher = []
    if len(argv) > 1 and argv[1] == "--launcher":
        launcher, argv = shlex.split(argv[2]), argv[2:]
    if len(argv) < 4:
        print("usage: check_report.py [--launcher CMD] KERNEL CLASS NAME...", file=sys.stderr)
        return 2
    kernel, cls, names = argv[1], argv[2], argv[3:]
    tmp = tempfile.mkdtemp(prefix="oli-check-report-")
    env = dict(os.environ, OLI_REPORT=os.path.join(tmp, "r-%p.json"), OLI_REPORT_FORMAT="json")
    p = subprocess.run(launcher + [kernel, cls], env=env, stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT, universal_newlines=True)
    if p.returncode != 0 or "VERIFICATION SUCCESSFUL" not in p.stdout:
        print("check_report: %s %s failed (status %d):\n%s" % (kernel, cls, p.returncode,
                                                              p.stdout[-2000:]))
        return 1
    files = sorted(glob.glob(os.path.join(tmp, "r-*.json")))
    if not files:
        print("check_report: %s wrote no report (OLI_REPORT=%s)" % (kernel, env["OLI_REPORT"]))
        return 1
    bad = 0
    if launcher:
        # One report per MPI rank, each with its own rank number.
        ranks = sorted(json.load(open(f)).get("rank") for f in files)
        ok = len(files) > 1 and ranks == list(range(len(files)))
        print("%s per-rank reports: %d, ranks %s" % ("ok" if ok else "WRONG", len(files), ranks))
        bad += not ok
    for path in files:
        with open(path) as f:
            rep = json.load(f)
        if rep.get("schema") != "oli-report" or rep.get("version") not in (1, 2):
            print("check_report: %s: not an oli-report version 1 or 2" % path)
            return 1
        sites = rep.get("sites", [])
        for name in names:
            hits = [s for s in sites if s.get("name") == name]
            if not hits:
                print("MISSING %s: no site named '%s' in %s (named: %s)" % (
                    name, name, os.path.basename(path),
                    ", ".join(sorted({str(s.get("name")) for s in sites}))))
                bad += 1
                continue
            s = hits[0]
            where = "%s:%s" % (s.get("file"), s.get("line"))
            src = s.get("file") or ""
            src = src if os.path.isabs(src) else os.path.join(ROOT, src)
            text = ""
            try:
                with open(src) as f:
                    lines = f.read().splitlines()
                if 0 < int(s.get("line") or 0) <= len(lines):
                    text = lines[int(s["line"]) - 1]
            except OSError:
                pass
            # Globals (static arrays, COMMON blocks) have no line in line tables.
            is_global = s.get("kind") == "global"
            ok = (s.get("total_bytes") or 0) > 0 and (
                is_global or (s.get("line", 0) > 0 and name in text))
            print("%s %s: %s %s, %s bytes, decision %s; source: %s" % (
                "ok" if ok else "WRONG", name, s.get("kind"), where, s.get("total_bytes"),
                s.get("decision"), text.strip() or "(line not found)"))
            bad += not ok
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
