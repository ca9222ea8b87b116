#!/usr/bin/env python3
"""interposers.py BUILD REGEX - print, one per line, the CTest tests of BUILD
matching REGEX whose executable carries the runtime's interposed allocator
(runtime/alloc.c: defines __oli_malloc, or needs liboli.so). Under ASan/TSan such a malloc runs
inside the sanitizer's own start-up before its shadow memory exists and the
program dies with SIGSEGV (docs/reliability.md, open issues), so
run-sanitize.sh leaves these tests out and names them."""
import json
import os
import re
import subprocess
import sys

build, regex = sys.argv[1], sys.argv[2]
info = json.loads(subprocess.run(["ctest", "--test-dir", build, "--show-only=json-v1"],
                                 capture_output=True, text=True, check=True).stdout)
pat = re.compile(regex)
seen = {}
for t in info.get("tests", []):
    name = t.get("name", "")
    if not pat.search(name):
        continue
    for arg in t.get("command", []):  # every ELF argument: `cmake -E env ... exe` too
        if not (os.path.isfile(arg) and os.access(arg, os.X_OK)):
            continue
        with open(arg, "rb") as f:
            if f.read(4) != b"\x7fELF":
                continue
        if arg not in seen:
            syms = subprocess.run(["nm", "--defined-only", arg], capture_output=True, text=True).stdout
            dyn = subprocess.run(["readelf", "-d", arg], capture_output=True, text=True).stdout
            seen[arg] = (re.search(r"^\S+ [TW] __oli_malloc$", syms, re.M) is not None
                         or "[liboli.so" in dyn)
        if seen[arg]:
            print(name)
            break
