#!/usr/bin/env python3
"""doc-options.py SRC - the options tables written by hand in the docs agree
with include/oli_options.def, the one table of OLI_* variables.

- docs/runtime.md, "Environment variables": one row per variable of the .def,
  no other; a row with a legacy name says it.
- docs/cli.md, "oli run": every variable with an `oli run` flag is in a row
  with that flag (and its short letter when it has one); every flag and
  variable of the table is the .def's, paired as the .def pairs them.
- README.md, "Environment variables" (a summary: not every variable): every
  variable it names is one of the .def.
Used by cli/doc-options. Exit 1 naming every difference."""
import re
import sys

src = sys.argv[1]
problems = []


def rows(path, macro):  # the arguments of each MACRO(...) row of a .def
    body = re.sub(r"/\*.*?\*/", "", open(path).read(), flags=re.S)
    out = []
    for m in re.finditer(r"^%s\((.*?)\)\s*$" % macro, body, re.S | re.M):
        args = re.findall(r'"(?:[^"\\]|\\.)*"|\'.\'|[^,\s][^,]*', m.group(1))
        if args and args[0] != "Id":
            out.append([a.strip() for a in args])
    return out


opts = {}
for r in rows(src + "/include/oli_options.def", "OLI_OPTION"):
    env, legacy, flag, short = r[2].strip('"'), r[3], r[7].strip('"'), r[8]
    opts[env] = {"legacy": None if legacy == "NULL" else legacy.strip('"'), "flag": flag,
                 "short": short.strip("'") if short != "0" else ""}
if len(opts) < 20:
    sys.exit("doc-options: include/oli_options.def: %d rows read, want every variable" % len(opts))


def table(path, heading):  # the first table after the heading: its rows as lists of cells
    text = open(src + "/" + path).read()
    at = text.find("\n" + heading + "\n")
    if at < 0:
        problems.append("%s: no heading '%s'" % (path, heading))
        return []
    out, started = [], False
    for line in text[at + 1:].splitlines()[1:]:
        if line.startswith("|"):
            started = True
            cells = [c.strip() for c in re.split(r"(?<!\\)\|", line.strip())[1:-1]]
            if not re.fullmatch(r"-+", cells[0]) and cells[0] not in ("variable", "option"):
                cells = [c.replace("\\|", "|") for c in cells]
                out.append(cells)
        elif started:
            break
    return out


def names(cell):
    return re.findall(r"`(OLI_[A-Z0-9_]+)`", cell)


# docs/runtime.md: every variable once
seen = {}
for cells in table("docs/runtime.md", "## Environment variables"):
    for v in names(cells[0]):
        seen[v] = seen.get(v, 0) + 1
        if v not in opts:
            problems.append("docs/runtime.md: %s is not a row of oli_options.def" % v)
        elif opts[v]["legacy"] and opts[v]["legacy"] not in " ".join(cells):
            problems.append("docs/runtime.md: %s's row does not name its legacy name %s" % (v, opts[v]["legacy"]))
for v in opts:
    if seen.get(v, 0) != 1:
        problems.append("docs/runtime.md: %s in %d rows of the variables table, want 1" % (v, seen.get(v, 0)))

# docs/cli.md: oli run's flags with their variables
paired = set()
for cells in table("docs/cli.md", "## `oli run [OPTION...] [--] PROGRAM [ARGS...]`"):
    flags = re.findall(r"--([a-z][a-z-]*)", cells[0])
    shorts = re.findall(r"`-([A-Za-z])`", cells[0])
    vars_ = names(cells[1])
    for v in vars_:
        if v not in opts:
            problems.append("docs/cli.md: %s is not a row of oli_options.def" % v)
            continue
        o = opts[v]
        if o["flag"] not in flags:
            problems.append("docs/cli.md: %s's row has no --%s" % (v, o["flag"] or "(none in the .def)"))
        if o["short"] and o["short"] not in shorts:
            problems.append("docs/cli.md: --%s's row has no -%s" % (o["flag"], o["short"]))
        paired.add(v)
    for f in flags:
        owners = [v for v, o in opts.items() if o["flag"] == f]
        if vars_ and not (set(owners) & set(vars_)):
            problems.append("docs/cli.md: --%s is not the flag of %s" % (f, ", ".join(vars_)))
for v, o in opts.items():
    if o["flag"] and v not in paired:
        problems.append("docs/cli.md: oli run --%s (%s) is not in the options table" % (o["flag"], v))

# README.md: a summary, each name one of the .def's
readme = table("README.md", "## Environment variables")
if not readme:
    problems.append("README.md: no variables table under 'Environment variables'")
for cells in readme:
    for v in names(cells[0]):
        if v not in opts:
            problems.append("README.md: %s is not a row of oli_options.def" % v)

if problems:
    sys.exit("the docs' option tables lag include/oli_options.def:\n  " + "\n  ".join(problems))
print("docs' option tables: %d variables, %d oli run flags, all as in oli_options.def"
      % (len(opts), sum(1 for o in opts.values() if o["flag"])))
