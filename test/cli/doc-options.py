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
- With MANPAGE (the oli.1 the build makes from the .def): docs/runtime.md's
  accepted-values and default columns say what the page says. A default
  that is a size or a number has the same value (`1M` = "1.0 MiB"), one that
  is a word is in the cell; a list of words accepted is the cell's set of
  `words`; a size range ("4K to 128P") is in the cell.
Used by cli/doc-options (SRC [MANPAGE]). Exit 1 naming every difference."""
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

# docs/runtime.md against the page the .def makes: accepted values and defaults
UNITS = "KMGTP"


def size(text):  # bytes of "1M", "1.5G", "2.0 GiB"; None when text is no size
    m = re.fullmatch(r"([0-9]+(?:\.[0-9]+)?)\s*([KMGTP])(?:iB)?", text.strip())
    return None if not m else float(m.group(1)) * 1024 ** (UNITS.index(m.group(2)) + 1)


def man_env(path):  # variable -> (accepted, default) of the page's ENVIRONMENT section
    text = open(path).read().replace("\\-", "-").replace("\\fB", "").replace("\\fR", "")
    out, var = {}, None
    for line in text[text.find(".SH ENVIRONMENT"):].splitlines():
        if line.startswith(".B OLI_"):
            var = line.split()[1]
        m = re.match(r"Accepted: (.*); default (.*)\.$", line)
        if var and m:
            out[var] = (m.group(1), m.group(2))
    return out


if len(sys.argv) > 2:
    man = man_env(sys.argv[2])
    if len(man) < 20:
        problems.append("%s: %d variables with 'Accepted: ...; default ...' read, want every one" % (sys.argv[2], len(man)))
    for cells in table("docs/runtime.md", "## Environment variables"):
        for v in names(cells[0]):
            if v not in man or len(cells) < 3:
                continue
            accepted, default = man[v]
            words = set(re.findall(r"`([^`]+)`", cells[1]))
            cell = cells[2].replace("`", "")
            first = cell.split()[0].rstrip(",;:") if cell.split() else ""
            if size(default) is not None:
                if size(first) != size(default):
                    problems.append("docs/runtime.md: %s's default is %s, the page says %s" % (v, first, default))
            elif re.fullmatch(r"[0-9]+", default):
                if first != default:
                    problems.append("docs/runtime.md: %s's default is %s, the page says %s" % (v, first, default))
            elif default not in ("auto", "unset", "detected", "unknown") and default not in cell:
                problems.append("docs/runtime.md: %s's default cell '%s' lacks the page's %s" % (v, cells[2], default))
            listed = accepted.split(" (")[0]
            if re.fullmatch(r"[a-z][a-z-]*(, [a-z][a-z-]*)+", listed) and words != set(listed.split(", ")):
                problems.append("docs/runtime.md: %s accepts %s, the page says %s"
                                % (v, ", ".join(sorted(words)), listed))
            for lo, hi in re.findall(r"([0-9]+[KMGTP]) to ([0-9]+[KMGTP])", accepted):
                if "%s to %s" % (lo, hi) not in cells[1]:
                    problems.append("docs/runtime.md: %s's accepted sizes lack the page's %s to %s" % (v, lo, hi))

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
