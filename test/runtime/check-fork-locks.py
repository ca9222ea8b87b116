#!/usr/bin/env python3
"""runtime/fork-locks: every lock of liboli is safe across fork().

A child forked while another thread held one of the runtime's locks waits for
it forever at its first allocation that needs it (stress/robust-fork hung so,
rarely, on the zoneinfo scan's lock). So every pthread mutex or rwlock defined
in runtime/ must be guarded (_oli_fork_guard / _oli_fork_guard_rw of it, from
runtime/base/forklocks.c) or re-initialised by a pthread_atfork child handler
of its own file (pthread_mutex_init / pthread_rwlock_init of it, and
pthread_atfork called in that file).

  check-fork-locks.py RUNTIME_DIR
Exit 0 when every lock is covered, 1 naming each one that is not."""
import os
import re
import sys

root = sys.argv[1]
decl = re.compile(r"\bpthread_(mutex|rwlock)_t\s+(\w+)\s*=\s*PTHREAD_(?:MUTEX|RWLOCK)_INITIALIZER")
bad, seen = [], 0
for dirpath, _, files in os.walk(root):
    for f in sorted(files):
        if not f.endswith(".c"):
            continue
        path = os.path.join(dirpath, f)
        text = open(path).read()
        for m in decl.finditer(text):
            kind, name = m.group(1), m.group(2)
            seen += 1
            guarded = re.search(r"_oli_fork_guard(?:_rw)?\(&%s\b" % re.escape(name), text)
            reinit = "pthread_atfork(" in text and re.search(r"pthread_%s_init\(&%s\b" % (kind, re.escape(name)), text)
            if not (guarded or reinit):
                line = text.count("\n", 0, m.start()) + 1
                bad.append("%s:%d: lock '%s' is not safe across fork: guard it with _oli_fork_guard%s(&%s, ...) "
                           "from a constructor (runtime/base/forklocks.c)"
                           % (os.path.relpath(path, root), line, name, "_rw" if kind == "rwlock" else "", name))
for b in bad:
    print(b)
print("%d locks, %d not safe across fork" % (seen, len(bad)))
sys.exit(1 if bad or seen == 0 else 0)
