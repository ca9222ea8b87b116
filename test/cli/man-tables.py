#!/usr/bin/env python3
"""man-tables.py OLI MANPAGE SRC - the man page lists every row of the tables.

The rows are read twice, independently of the page's generator: from the
sources (include/oli_options.def, include/oli_vocab.def's policies,
tools/oli/commands.def) and from the oli binary's own help (`oli --help`,
`oli run --help`, `oli plan --help`, ...). Every subcommand must be in the
SYNOPSIS and have a paragraph in DESCRIPTION; every OLI_* variable in
ENVIRONMENT; every oli run flag and its variable in OPTIONS OF oli run; every
policy in POLICIES; every option of plan and calibrate in its own section, and
of the other subcommands in the SYNOPSIS. Used by cli/man-tables (the built
page) and install/prefix (the installed one). Exit 1 naming what is missing."""
import re
import subprocess
import sys

oli, man, src = sys.argv[1:4]
page = open(man).read()
text = page.replace("\\-", "-").replace("\\fB", "").replace("\\fI", "").replace("\\fR", "")
missing, n = [], 0


def section(title):
    m = re.search(r"^\.SH " + re.escape(title) + r"\n(.*?)(?=^\.SH |\Z)", text, re.S | re.M)
    return m.group(1) if m else ""


def entries(sec):  # the tags of a section's .TP paragraphs
    return re.findall(r"^\.TP\n\.B[IR]* +\"?([^\"\n]*)", sec, re.M)


def check(ok, what):
    global n
    n += 1
    if not ok:
        missing.append(what)


def help_of(*cmd):
    return subprocess.run([oli, *cmd, "--help"], capture_output=True, text=True, check=True).stdout


def opts(h):
    return sorted(set(re.findall(r"--[a-z][a-z-]*", h)) - {"--help"})


def rows(path, macro):  # the first arguments of each MACRO(...) row of a .def
    body = open(path).read()
    body = re.sub(r"/\*.*?\*/", "", body, flags=re.S)
    return [re.split(r",\s*", m.group(1).strip()) for m in re.finditer(r"^%s\((.*?)\)\s*$" % macro, body, re.S | re.M)
            if not m.group(1).startswith("Id,")]


syn, desc, run, env, pol = (section(t) for t in ("SYNOPSIS", "DESCRIPTION", "OPTIONS OF oli run", "ENVIRONMENT",
                                                 "POLICIES"))
described = {e.split()[0] for e in entries(desc) if e}

# subcommands: commands.def and oli --help
cmds = [r[1].strip('"') for r in rows(src + "/tools/oli/commands.def", "OLI_COMMAND")]
check(len(cmds) >= 7, "commands.def: %d rows read, want every subcommand" % len(cmds))
helped = [l.split()[0] for l in help_of().splitlines()[1:] if re.match(r"  [a-z]", l)]
for c in sorted(set(cmds) | set(helped)):
    check(re.search(r"^oli %s\b" % re.escape(c), syn, re.M), "subcommand %s: not in SYNOPSIS" % c)
    check(c in described, "subcommand %s: no paragraph in DESCRIPTION" % c)

# options: oli_options.def and oli run --help
opt_rows = rows(src + "/include/oli_options.def", "OLI_OPTION")
check(len(opt_rows) >= 20, "oli_options.def: %d rows read" % len(opt_rows))
env_entries = set(entries(env))
run_entries = " ".join(entries(run))
for r in opt_rows:
    var, flag = r[2].strip('"'), r[7].strip('"')
    check(var in env_entries, "%s: not in ENVIRONMENT" % var)
    if flag:
        check("--%s " % flag in run_entries + " ", "oli run --%s: not in OPTIONS OF oli run" % flag)
        check("(%s)" % var in run, "%s: not in OPTIONS OF oli run" % var)
rh = help_of("run")
for o in opts(rh):
    check(o in run, "oli run %s: not in OPTIONS OF oli run" % o)
for v in re.findall(r"\((OLI_[A-Z_]+)\)", rh) + re.findall(r"OLI_[A-Z_]+", help_of().split("reads", 1)[-1]):
    check(v in env_entries, "%s (oli's help): not in ENVIRONMENT" % v)

# policies: oli_vocab.def and the runtime's accepted words
pols = [r[2].strip('"') for r in rows(src + "/include/oli_vocab.def", "OLI_POLICY")]
check(len(pols) >= 6, "oli_vocab.def: %d policy rows read" % len(pols))
words = re.search(r"--policy P .*\n +(.*?); default", rh).group(1).split(", ")
pol_entries = set(entries(pol))
for p in sorted(set(pols) | set(words)):
    check(p in pol_entries, "policy %s: not in POLICIES" % p)

# the other subcommands' options, from their help
for c in ("plan", "calibrate"):
    for o in opts(help_of(c)):
        check(o in section("OPTIONS OF oli " + c), "oli %s %s: not in OPTIONS OF oli %s" % (c, o, c))
for c in ("sites", "report", "diff", "profile merge"):
    for o in opts(help_of(*c.split())):
        check(o in syn, "oli %s %s: not in SYNOPSIS" % (c, o))

if missing:
    sys.exit("%s lags the tables:\n  %s" % (man, "\n  ".join(missing)))
print("man page: %d entries of the tables, none missing" % n)
