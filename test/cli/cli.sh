#!/bin/sh
# test/cli/cli.sh CASE - one behaviour of the `oli` command per CASE (CTest: cli/CASE).
# Environment (set by CMake): OLI (the oli binary), CLANG, INC (include/), IN
# (test/cli/inputs), WORK (a scratch directory for this case), PLUGIN (OliPass.so, may not exist),
# LIBDIR (liboli), SANITIZED (1 in a sanitizer tree), MANPAGE (the built oli.1), SRC (the source tree).
set -u
case_=$1
mkdir -p "$WORK" && cd "$WORK" || exit 1
fail() { echo "FAIL $case_: $*" >&2; exit 1; }
# run CMD...: captures stdout in out.txt, stderr in err.txt, status in $rc
run() { "$@" >out.txt 2>err.txt; rc=$?; }
want_rc() { [ "$rc" -eq "$1" ] || { cat out.txt err.txt >&2; fail "exit $rc, want $1 ($2)"; }; }
# exactly one error line, starting "oli: ", containing $1
one_line() {
  n=$(wc -l <err.txt)
  [ "$n" -eq 1 ] || { cat err.txt >&2; fail "$n stderr lines, want 1"; }
  grep -q '^oli: ' err.txt || fail "error line not prefixed 'oli: ': $(cat err.txt)"
  grep -qF -- "$1" err.txt || fail "error line lacks '$1': $(cat err.txt)"
}
has() { grep -qF -- "$1" out.txt || { cat out.txt >&2; fail "output lacks '$1'"; }; }
hasnt() { ! grep -qF -- "$1" out.txt || { cat out.txt >&2; fail "output has '$1'"; }; }
json_ok() { python3 -c 'import json,sys; json.load(open(sys.argv[1]))' "$1" || fail "$1 is not valid JSON"; }
# pmu_event_inputs: ibs.json and pebs.json, profile-pmu.json with an access_event each
pmu_event_inputs() {
  python3 - "$IN/profile-pmu.json" <<'PY' || fail "cannot make the access_event inputs"
import json, sys
p = json.load(open(sys.argv[1]))
for name, ev in (("ibs.json", "amd-ibs-op"), ("pebs.json", "intel-pebs-mem-loads-ldlat30")):
    p["access_event"] = ev
    json.dump(p, open(name, "w"))
PY
}
build_handmade() {
  "$CLANG" -I"$INC" -Wno-gnu-variable-sized-type-not-at-end -c "$IN/handmade-sites.c" -o a.o ${1:-} &&
  "$CLANG" -I"$INC" -Wno-gnu-variable-sized-type-not-at-end -DSECOND_TU -c "$IN/handmade-sites.c" -o b.o &&
  "$CLANG" a.o b.o -o hm || fail "cannot build the hand-made binary"
}

case "$case_" in
help) # every subcommand has --help, exit 0, text on stdout
  for c in sites report diff plan "profile merge" profile run calibrate; do
    run $OLI $c --help; want_rc 0 "oli $c --help"; grep -q '^usage: oli' out.txt || fail "oli $c --help: no usage"
  done
  run $OLI --help; want_rc 0 "--help"
  run $OLI; want_rc 2 "no command"
  run $OLI frobnicate; want_rc 2 "unknown command"; grep -q "^oli: unknown command 'frobnicate'" err.txt || fail "msg"
  run $OLI sites --bogus x; want_rc 2 "unknown option"; one_line "oli: sites: unknown option '--bogus'; try 'oli sites --help'"
  run $OLI diff onlyone.json; want_rc 2 "one argument"
  run $OLI plan "$IN/profile-rank0.json"; want_rc 2 "no --dram-limit"; grep -q '^oli: plan: --dram-limit SIZE is required' err.txt || fail msg
  ;;
man-tables) # the man page (made at build time) lists every subcommand, option, policy and OLI_* variable of the tables and of the command's own help
  python3 "$IN/../man-tables.py" "$OLI" "$MANPAGE" "$SRC" || fail "the man page lags the tables"
  ;;
doc-options) # the docs' hand-written option tables (docs/runtime.md, docs/cli.md, README.md) agree with include/oli_options.def
  python3 "$IN/../doc-options.py" "$SRC" "$MANPAGE" || fail "a doc's option table lags oli_options.def"
  ;;
calibrate) # measures this machine's nodes from this node: a table, and a machine file --show reads back
  run $OLI calibrate --size 8M --repeat 1 -o m.json; want_rc 0 "calibrate"
  json_ok m.json
  grep -q '^FROM  NODE  KIND' out.txt || fail "no table header"
  grep -Eq '^0 +0 +dram +[0-9]+ \(1: [0-9]+[^)]*\) +[0-9]+ \(1: [0-9]+' out.txt || fail "no row for node 0 with its read and triad sweeps"
  grep -Eq '"triad_sweep": \[\{"threads": 1, "triad_bandwidth": [1-9][0-9]*\}' m.json || fail "no triad sweep in the file"
  grep -q '"schema": "oli-machine"' m.json || fail "no schema in the file"
  grep -q 'machine file -> m.json' err.txt || fail "no note of the file written"
  # progress on stderr: each pair, then each step with its figure and the time so far
  grep -q '^oli: calibrate: \[1/1\] node 0 from node 0 (' err.txt || fail "no progress line for the pair: $(cat err.txt)"
  grep -Eq '^oli: calibrate:   node 0 from node 0: read bandwidth, 1 thread: [0-9]+ MB/s \([0-9.]+ s\)$' err.txt ||
    fail "no progress line for the sweep: $(cat err.txt)"
  grep -Eq '^oli: calibrate:   node 0 from node 0: triad bandwidth, 1 thread: [0-9]+ MB/s \([0-9.]+ s\)$' err.txt ||
    fail "no progress line for the triad: $(cat err.txt)"
  grep -Eq '^oli: calibrate:   node 0 from node 0: idle latency: [0-9]+ ns \(' err.txt || fail "no progress line for the latency"
  grep -Eq '^oli: calibrate: 1 pair measured in [0-9.]+ s$' err.txt || fail "no closing progress line"
  [ ! -e /sys/devices/system/cpu/cpu0/cache/index0/size ] || grep -q 'smaller than 4x the last-level cache' err.txt || fail "no warning about the 8 MiB buffer"
  # the miss window needs misses: none read over a buffer the caches hold
  ! grep -q 'smaller than 4x the last-level cache' err.txt || ! grep -q '"miss_window"' m.json ||
    fail "a miss window read from a buffer the caches hold"
  [ "$(uname -m)" != x86_64 ] || grep -Eq '"op_ps": [1-9][0-9]*' m.json || fail "no operation's cost in the file"
  [ "$(uname -m)" != x86_64 ] || grep -Eq '"op_sweep": \[\{"threads": 1, "op_ps": [1-9][0-9]*\}' m.json ||
    fail "no operations' sweep in the file"
  # all the CPUs at once more than a quarter slower than one: said, in one line naming both figures
  python3 - <<'PY' || fail "the operations sweep's warning: $(grep -i operation err.txt)"
import json
s = json.load(open("m.json")).get("op_sweep", [])
err = open("err.txt").read()
said = "an operation took" in err
if len(s) > 1:
    one, all_ = s[0]["op_ps"], s[-1]
    assert said == (all_["op_ps"] > one + one // 4), (said, s)
    assert not said or "an operation took %d ps with %d threads at once, %d with one" % (all_["op_ps"], all_["threads"], one) in err
else:
    assert not said, s
PY
  run $OLI calibrate --show m.json; want_rc 0 "--show"
  has "oli-machine m.json"; grep -Eq '^0 +0 +dram' out.txt || fail "--show: no row"
  ! grep -q "no measurement of a node's own memory" err.txt || fail "--show warned of a file with its own node's row"
  echo '{"schema": "oli-machine", "version": 1, "measurements": [{"from": 0, "to": 3, "read_bandwidth": 900}]}' >other.json
  run $OLI calibrate --show other.json; want_rc 0 "--show without a node's own memory"
  grep -q "^oli: warning: calibrate: other.json has no measurement of a node's own memory (from == to): oli plan cannot model local DRAM from it" err.txt ||
    fail "--show said nothing of a file oli plan refuses: $(cat err.txt)"
  if grep -q '"kind": "cxl"' m.json; then grep -q '^interleave weights from node' out.txt || fail "no weights: $(cat out.txt)"
  else grep -q '^no CXL node measured (no node with memory and no CPUs): no interleave weights; oli plan models CXL with built-in figures$' out.txt ||
    fail "no word that no CXL node was measured: $(cat out.txt)"; fi
  ;;
calibrate-window) # over a buffer well beyond the caches: the core's miss window, from the gather loop with work
  # added (x86-64 and AArch64); a plausible count of operations (a core holds tens to a few thousand)
  case "$(uname -m)" in x86_64 | aarch64) ;; *) echo "SKIP: the miss window is measured on x86-64 and AArch64 only"; exit 77 ;; esac
  run $OLI calibrate --size 128M --repeat 1 -o w.json; want_rc 0 "calibrate --size 128M"
  if grep -q 'smaller than 4x the last-level cache' err.txt; then
    echo "SKIP: the last-level cache is above 32 MiB: 128 MiB is no buffer beyond it"; exit 77
  fi
  grep -Eq '^oli: calibrate:   core: about [0-9]+ operations in flight while a miss is out \([0-9.]+ ns a miss per operation of work\) \(' err.txt ||
    fail "no progress line for the miss window: $(cat err.txt)"
  grep -Eq '^core: about [0-9]+ operations in flight while a miss is out \(measured\)$' out.txt || fail "no window in the table"
  python3 -c 'import json,sys; w = json.load(open(sys.argv[1]))["miss_window"]; assert 16 <= w <= 4096, w' w.json ||
    fail "miss_window missing or implausible: $(grep miss_window w.json)"
  # the caches' bytes, from the gather loop over growing sizes: above a second level's share, at most
  # twice the last-level cache sysfs names
  grep -Eq '^oli: calibrate:   caches: a gathered read over [0-9]+ KiB: [0-9.]+ ns, [0-9]+% from the caches \(' err.txt ||
    fail "no progress line for the caches' sizes: $(cat err.txt)"
  python3 - <<'PY' || fail "cache_bytes missing or implausible: $(grep cache_bytes w.json)"
import glob, json
c = json.load(open("w.json")).get("cache_bytes", 0)
units = {"K": 1 << 10, "M": 1 << 20}
llc = max([int(s[:-1]) * units[s[-1]] if s[-1] in units else int(s)
           for s in (open(f).read().strip() for f in glob.glob("/sys/devices/system/cpu/cpu0/cache/index*/size"))] or [0])
assert 128 << 10 <= c and (llc == 0 or c <= 2 * llc), (c, llc)
PY
  # measured twice, seconds apart: the file keeps the mean, and a move of more than a quarter is said
  python3 - <<'PY' || fail "the caches' two readings: $(grep caches err.txt)"
import json, re
err = open("err.txt").read()
one = [int(x) for x in re.findall(r"^oli: calibrate:   caches: about (\d+) KiB serve a thread of node \d+ \(", err, re.M)]
two = [int(x) for x in re.findall(r"^oli: calibrate:   caches: about (\d+) KiB serve a thread of node \d+, again \(", err, re.M)]
assert len(one) == 1 and len(two) == 1, (one, two)
c = json.load(open("w.json"))["cache_bytes"] >> 10
assert abs(c - (one[0] + two[0]) / 2) <= 1, (c, one, two)
lo, hi = sorted((one[0], two[0]))
said = "calibrate: the caches served a thread %d KiB, then %d KiB" % (one[0], two[0]) in err
assert said == (hi - lo > lo / 4) or abs(hi - lo - lo / 4) <= 2, (said, one, two)  # KiB here, bytes there
PY
  ;;
calibrate-bad-input) # bad options and bad machine files: one line, exit 2
  run $OLI calibrate --size 1K; want_rc 2 "--size 1K"; one_line "--size '1K' is not a size from 4M to 1T"
  run $OLI calibrate --repeat 0; want_rc 2 "--repeat 0"; one_line "--repeat '0' is not a whole number 1-1000"
  run $OLI calibrate --from x; want_rc 2 "--from x"; one_line "--from 'x' is not a node list"
  run $OLI calibrate --nodes 63; want_rc 2 "--nodes 63"; one_line "--nodes: node 63 has no memory"
  run $OLI calibrate extra; want_rc 2 "an argument"; grep -q "^oli: calibrate: unexpected argument 'extra'" err.txt || fail "msg"
  # an output that cannot be written: said at once, before any measurement, exit 2
  run $OLI calibrate -o nonexistent-dir/m.json; want_rc 2 "-o into a missing directory"
  one_line "oli: calibrate: cannot write 'nonexistent-dir/m.json':"
  ! grep -q "read bandwidth" err.txt || fail "measured before refusing the output: $(cat err.txt)"
  printf '{"schema": "oli-machine", "version": 1, "measurements": [{"from": 0, "to": 0}]}' > m.json
  run $OLI calibrate --show m.json; want_rc 2 "--show bad"
  one_line "oli: calibrate: --show m.json: line 1, column 58: measurements[0].read_bandwidth is missing; a whole number of MB/s above 0"
  run $OLI calibrate --show nonexistent.json; want_rc 2 "--show missing"; one_line "oli: calibrate: --show nonexistent.json: cannot open"
  rm -f m.fifo && mkfifo m.fifo || fail "mkfifo"
  run timeout 10 $OLI calibrate --show m.fifo; want_rc 2 "--show FIFO (124: it blocked)"
  one_line "oli: calibrate: --show m.fifo: not a regular file (a FIFO)"
  ;;
plan-static) # oli plan --static: a plan from the plugin's static estimates alone (sizes from the records' hints)
  [ -f "$PLUGIN" ] || { echo "SKIP: $PLUGIN not built"; exit 77; }
  cat >prog.c <<'C'
#include <stdio.h>
#define N (1 << 20)
static double hot[N];   /* swept every step: streaming, hot */
static double table[N]; /* read at random through idx: gather */
static int idx[N];      /* the index stream */
static double once[N];  /* written once, read once: cold */
int main(int argc, char **argv) {
  unsigned x = 12345;
  for (int i = 0; i < N; i++) hot[i] = i, table[i] = i, once[i] = argc, idx[i] = (int)((x = x * 1103515245u + 12345u) % N);
  double s = 0;
  for (int t = 0; t < 20; t++) {
    for (int i = 0; i < N; i++) hot[i] = hot[i] * 0.5 + 1;
    for (int i = 0; i < N; i++) s += table[idx[i]];
  }
  for (int i = 0; i < N; i++) s += once[i];
  printf("%g\n", s + hot[7]);
  return 0;
}
C
  "$CLANG" -O2 -gline-tables-only -fpass-plugin="$PLUGIN" -c prog.c -o prog.o || fail "compile with plugin"
  OLI_MACHINE=none run $OLI plan --static prog.o --dram-limit 20M -o p.json; want_rc 0 "plan --static"; json_ok p.json
  python3 - <<'PY' || fail "static plan decisions"
import json
p = json.load(open("p.json"))
d = {s["name"]: (s["decision"], s["ratio"], s["reason"]) for s in p["sites"]}
assert p["binary"] == "prog.o" and p["profile"] is None, p
assert d["table"][0] == "dram" and "gather" in d["table"][2] and "latency-bound" in d["table"][2], d["table"]
assert d["once"][0] != "dram" and "estimated accesses/KiB" in d["once"][2], d["once"]  # the cold one leaves DRAM first
assert d["hot"][0] == d["idx"][0] == "dram", (d["hot"], d["idx"])  # 1 thread: DRAM far from saturated
PY
  grep -q "^oli: a static plan's times come from the estimate's access counts, not a run's" err.txt ||
    fail "a static plan's seconds without the word that they are the estimate's: $(cat err.txt)"
  # 8 threads of the built-in tiers: local DRAM saturated, so the streamed arrays spread
  OLI_MACHINE=none run $OLI plan --static prog.o --dram-limit 64M --threads 8 -o r.json; want_rc 0 "plan --static, 8 threads"
  python3 - <<'PY' || fail "static plan at 8 threads"
import json
d = {s["name"]: (s["decision"], s["ratio"], s["reason"]) for s in json.load(open("r.json"))["sites"]}
assert d["hot"][:2] == ("interleave", "3:1") and "local DRAM saturates" in d["hot"][2], d["hot"]
assert d["idx"][:2] == ("interleave", "3:1"), d["idx"]
PY
  run $OLI plan --static prog.o --dram-limit 64M -o q.json; want_rc 0 "plan --static, DRAM enough"
  python3 -c 'import json; d = {s["name"]: s["decision"] for s in json.load(open("q.json"))["sites"]}; assert d["table"] == d["once"] == "dram", d' ||
    fail "with DRAM enough the gather and the cold array stay on DRAM"
  # a --sizes profile's threads are the run modelled, as a profile's own are
  python3 -c 'import json; p = json.load(open("'"$IN"'/profile-rank0.json")); p["threads"] = 4; json.dump(p, open("t4.json", "w"))'
  OLI_MACHINE=none run $OLI plan --static prog.o --sizes t4.json --dram-limit 64M -o t.json; want_rc 0 "plan --static --sizes, 4 threads"
  python3 -c 'import json; t = json.load(open("t.json"))["predicted"]["threads"]; assert t == 4, t' ||
    fail "the --sizes profile's 4 threads are not the plan's"
  # a site the --sizes run never allocated (count 0) is left out as never allocated, not as small
  "$OLI" sites --json prog.o >sites.json || fail "oli sites --json prog.o"
  python3 - <<'PY' || fail "cannot make the sizes"
import json
ids = {s["name"]: s["id"] for s in json.load(open("sites.json"))["sites"]}
p = json.load(open("t4.json"))
p["sites"] = [dict(p["sites"][0], id=ids["once"], name="once", count=0, largest=0, peak_live=0, total_bytes=0,
                   accesses=0)]
json.dump(p, open("zero.json", "w"))
PY
  OLI_MACHINE=none run $OLI plan --static prog.o --sizes zero.json --dram-limit 64M -o z.json; want_rc 0 "plan --static, a site never allocated"
  python3 -c 'import json; l = {s["name"]: (s["why"], s["count"]) for s in json.load(open("z.json"))["left_out"]}; assert l["once"] == ("unused", 0), l' ||
    fail "a site the --sizes run never allocated is not left out as unused"
  # sizes of objects sized at run time come from a report; bad combinations are one line
  run $OLI plan --static prog.o --sizes nonexistent.json --dram-limit 1M; want_rc 2 "--sizes missing"; one_line "oli: plan: --sizes nonexistent.json: cannot open"
  run $OLI plan --sizes x.json p.json --dram-limit 1M; want_rc 2 "--sizes without --static"; one_line "--sizes goes with --static BINARY"
  run $OLI plan --static nonexistent.o --dram-limit 1M; want_rc 2 "--static missing"; one_line "oli: plan: --static nonexistent.o: cannot open"
  # every site sized at run time and no --sizes: no plan at all (an empty one would hold its DRAM limit)
  cat >rt.c <<'C'
#include <stdlib.h>
int main(int argc, char **argv) {
  size_t n = argc > 1 ? strtoul(argv[1], 0, 10) : 1000000;
  double *a = malloc(n * sizeof *a);
  for (size_t i = 0; i < n; i++) a[i] = (double)i;
  return a[n / 2] > 0;
}
C
  "$CLANG" -O2 -fpass-plugin="$PLUGIN" -c rt.c -o rt.o || fail "compile rt.c"
  run $OLI plan --static rt.o --dram-limit 20M -o rt.json; want_rc 2 "--static, every site sized at run time"
  one_line "oli: plan: --static rt.o: all 1 of its sites are sized at run time, so no site could be planned; give a run's report or profile with --sizes FILE"
  [ ! -e rt.json ] || fail "a plan of no site was written"
  ;;
sites-list) # hand-made records: every field, section order, dedupe of one inline site
  build_handmade
  run $OLI sites hm; want_rc 0 "sites"
  has "0x3f2a9c0d11e4b5a7  malloc"; has "cg/cg.c:120"; has "main"
  nostat='  *-  *-  *-  *-$' # records without the plugin's static estimate block
  grep -q "^0x00000000000000ff  global .*colidx  *8388608$nostat" out.txt || fail "global row"
  grep -q "^0x1111222233334444  new\\[\\] .*x.cc:40 .*vec_init .* -  *4096$nostat" out.txt || fail "new[] row"
  grep -q "^0xabcdef0123456789  calloc .*util.h:7 .*xcalloc .* ?$nostat" out.txt || fail "size ? row"
  [ "$(grep -c 0xabcdef0123456789 out.txt)" -eq 1 ] || fail "inline site not deduplicated"
  has "4 sites"
  ;;
sites-json)
  build_handmade
  run $OLI sites --json hm; want_rc 0 "sites --json"; json_ok out.txt
  python3 - <<'PY' || fail "JSON content"
import json
d = json.load(open("out.txt"))
assert d["schema"] == "oli-sites" and d["version"] == 1
ids = [s["id"] for s in d["sites"]]
assert ids == ["0x3f2a9c0d11e4b5a7", "0x00000000000000ff", "0x1111222233334444", "0xabcdef0123456789"], ids
assert d["sites"][1]["size_hint"] == 8388608 and d["sites"][0]["size_hint"] is None
assert d["sites"][2]["name"] is None and d["sites"][0]["name"] == "a"
assert all(s["static"] is None for s in d["sites"]), "hand-made records carry no static estimate"
PY
  ;;
sites-object) # a relocatable object works too; a binary without the section lists nothing
  build_handmade
  run $OLI sites b.o; want_rc 0 "object"; has "1 site"
  run $OLI sites "$(command -v sh)"; want_rc 0 "no section"; has "0 sites"
  # stripping keeps the (allocated) section: a stripped binary still lists its sites
  strip=$(command -v llvm-strip-19 || command -v strip)
  if [ -n "$strip" ]; then
    "$strip" -o hm-stripped hm || fail "strip"
    run $OLI sites hm-stripped; want_rc 0 "stripped"; has "4 sites"
  fi
  ;;
sites-bad-elf) # not ELF, empty, truncated, 32-bit, missing: one line, exit 2
  build_handmade
  run $OLI sites "$IN/not-json.txt"; want_rc 2 "text file"; one_line "not an ELF file"
  : >empty; run $OLI sites empty; want_rc 2 "empty"; one_line "not an ELF file"
  head -c 40 hm >trunc-hdr; run $OLI sites trunc-hdr; want_rc 2 "truncated header"; one_line "truncated ELF header"
  sz=$(wc -c <hm); head -c $((sz - 200)) hm >trunc; run $OLI sites trunc; want_rc 2 "truncated"; one_line "truncated"
  cp hm elf32; printf '\001' | dd of=elf32 bs=1 seek=4 conv=notrunc 2>/dev/null
  run $OLI sites elf32; want_rc 2 "32-bit"; one_line "32-bit"
  run $OLI sites nonexistent; want_rc 2 "missing"; one_line "cannot open"
  ;;
sites-elf-layouts) # minimal ELF files from mkelf.py: extended section numbering, NOBITS, past EOF
  mk() { python3 "$IN/../mkelf.py" "$1" "$1.elf" || fail "mkelf $1"; }
  for v in plain extended; do
    mk $v; run $OLI sites $v.elf; want_rc 0 $v
    grep -q '^0x0123456789abcdef  malloc  m.c:42  *main  *buf  *?  *-  *-  *-  *-$' out.txt || fail "$v: record"
  done
  mk nobits; run $OLI sites nobits.elf; want_rc 2 nobits; one_line "has no bytes in the file (NOBITS)"
  mk past-eof; run $OLI sites past-eof.elf; want_rc 2 past-eof; one_line "runs past the end of the file"
  mk badstrndx; run $OLI sites badstrndx.elf; want_rc 2 badstrndx; one_line "bad section-name table index 7"
  ;;
sites-bad-record) # a record with a bad size, and one with a bad magic
  build_handmade -DBAD_SIZE
  run $OLI sites hm; want_rc 2 "bad size"; one_line "bad size 40"
  build_handmade -DBAD_MAGIC
  run $OLI sites hm; want_rc 2 "bad magic"; one_line "bad magic"
  ;;
sites-plugin) # real programs compiled with the pass plugin: lines, names, sizes, dedupe across TUs
  [ -f "$PLUGIN" ] || { echo "SKIP: $PLUGIN not built"; exit 77; }
  cat >util.h <<'C'
#include <stdlib.h>
static inline double *mk(size_t n) { return malloc(n * sizeof(double)); }
C
  cat >prog.c <<'C'
#include <stdlib.h>
#include "util.h"
static double grid[1 << 20];
int main(int argc, char **argv) {
  double *a = malloc((size_t)argc * 8 << 20);
  double *b = calloc(1 << 20, sizeof *b);
  double *c = mk((size_t)argc);
  a[0] = b[0] = c[0] = grid[argc];
  free(a); free(b); free(c);
  return 0;
}
C
  cat >second.c <<'C'
#include "util.h"
double *second(size_t n) { return mk(n); }
C
  for o in -O0 -O2; do
    "$CLANG" $o -gline-tables-only -fpass-plugin="$PLUGIN" -c prog.c -o prog.o || fail "compile with plugin"
    "$CLANG" $o -gline-tables-only -fpass-plugin="$PLUGIN" -c second.c -o second.o || fail "compile with plugin"
    "$CLANG" -r prog.o second.o -o both.o || fail "relocatable link"
    run $OLI sites prog.o; want_rc 0 "plugin sites $o"
    grep -q '^0x[0-9a-f]\{16\}  malloc .*prog.c:5 .*main ' out.txt || fail "malloc at line 5 ($o)"
    grep -q '^0x[0-9a-f]\{16\}  calloc .*prog.c:6 .*main .* 8388608  ' out.txt || fail "calloc at line 6, 8 MiB ($o)"
    grep -q '^0x[0-9a-f]\{16\}  global .*prog.c .*grid  *8388608  ' out.txt || fail "global grid, 8 MiB ($o)"
    # the static estimate: none at -O0 (nothing is optimised), a pattern and a confidence at -O2
    if [ $o = -O0 ]; then
      grep -q 'grid  *8388608  *-  *-  *-  *-$' out.txt || fail "grid has an estimate at -O0"
    else
      grep -Eq 'grid  *8388608  *[0-9.e+-]+  *[0-9.e+-]+  *(none|streaming|strided|gather|unknown)  *(low|medium|high)' out.txt ||
        fail "grid has no estimate at -O2"
    fi
    cp out.txt prog$o.txt
    run $OLI sites both.o; want_rc 0 "two TUs $o"
    n_prog=$(grep -c '^0x' prog$o.txt); n_both=$(grep -c '^0x' out.txt)
    # second.c adds its own call of mk(); the inline mk()'s own malloc is shared
    [ "$n_both" -ge "$n_prog" ] || fail "two TUs list fewer sites than one ($o)"
    [ "$(cut -c1-18 out.txt | grep '^0x' | sort | uniq -d | wc -l)" -eq 0 ] || fail "duplicate IDs listed ($o)"
    # mk() is inline in both TUs: if both carry its record, it is listed once
    if grep -q 'util.h:2 .*mk ' prog$o.txt && $OLI sites second.o | grep -q 'util.h:2 .*mk '; then
      [ "$(grep -c 'util.h:2 .*mk ' out.txt)" -eq 1 ] || fail "inline site of mk() not deduplicated ($o)"
    fi
  done
  # IDs do not depend on -O level
  cut -c1-18 prog-O0.txt | grep '^0x' | sort >ids0; cut -c1-18 prog-O2.txt | grep '^0x' | sort >ids2
  cmp -s ids0 ids2 || fail "site IDs differ between -O0 and -O2"
  # a C++ program: the standard library's own allocations (std::vector's, in its
  # headers) are left out of the table and counted; --all lists them, --json has them
  cat >vec.cpp <<'C'
#include <vector>
int main(int argc, char **argv) {
  std::vector<double> v((std::size_t)argc << 20, 1.0);
  return (int)v[0];
}
C
  "$CLANG" --driver-mode=g++ -O2 -gline-tables-only -fpass-plugin="$PLUGIN" -c vec.cpp -o vec.o || fail "compile C++"
  run $OLI sites vec.o; want_rc 0 "sites of C++"
  grep -q 'vec.cpp:3 .*main .* v ' out.txt || fail "the vector's site at line 3: $(cat out.txt)"
  ! grep -q '/usr/include/' out.txt || fail "a system header's site in the table"
  grep -Eq '^[0-9]+ sites? \([0-9]+ more in system headers: --all lists them\)$' out.txt || fail "no count of those left out"
  run $OLI sites --all vec.o; want_rc 0 "sites --all"
  grep -q '/usr/include/' out.txt || fail "--all: no system header's site"
  grep -Eq '^[0-9]+ sites$' out.txt || fail "--all: the count of all"
  run $OLI sites --json vec.o; want_rc 0 "sites --json"
  grep -q '"/usr/include/' out.txt || fail "--json leaves sites out"
  ;;
e2e-plan) # plugin + liboli: profile run -> oli plan -> run with the plan -> oli diff plan report
  [ -f "$PLUGIN" ] || { echo "SKIP: $PLUGIN not built"; exit 77; }
  [ -f "$LIBDIR/liboli.so" ] || { echo "SKIP: $LIBDIR/liboli.so not built"; exit 77; }
  cat >k.c <<'C'
#include <stdio.h>
#include <stdlib.h>
#define N (4 << 20)
int main(void) {
  double *hot = malloc(N * sizeof(double));
  double *cold = malloc(N * sizeof(double));
  double *small = malloc(1 << 21);
  double s = 0;
  for (int i = 0; i < N; i++) hot[i] = cold[i] = i;
  for (int r = 0; r < 4; r++)
    for (int i = 0; i < N; i++) s += hot[i];
  for (int i = 0; i < (1 << 18); i++) small[i] = i;
  printf("%g\n", s + cold[5] + small[3]);
  free(hot); free(cold); free(small);
  return 0;
}
C
  "$CLANG" -O2 -gline-tables-only -fpass-plugin="$PLUGIN" k.c -L"$LIBDIR" -loli -Wl,-rpath,"$LIBDIR" -o k ||
    fail "compile and link with plugin and liboli"
  run $OLI sites --json k; want_rc 0 "sites of the linked program"; cp out.txt sites.json
  rm -f prof*.json
  # No access counts (this binary has no profile-every): the plan must not depend
  # on whether the machine has a PMU (OLI_PROFILE_SOURCE=auto would sample one).
  OLI_PROFILE_SOURCE=none OLI_PROFILE=prof.%p.json ./k >/dev/null 2>run.err || { cat run.err >&2; fail "profile run"; }
  OLI_PROFILE_SOURCE=none OLI_PROFILE=prof.%p.json ./k >/dev/null 2>>run.err || fail "second profile run"
  set -- prof.*.json
  [ $# -eq 2 ] || fail "want two profiles (%p), got: $*"
  run $OLI report "$1"; want_rc 0 "profile readable"
  has "k.c:5"; has "k.c:6"; has "k.c:7"
  python3 - "$1" <<'PY' || fail "profile IDs are not the IDs oli sites lists"
import json, sys
ids = {s["id"] for s in json.load(open("sites.json"))["sites"]}
prof = {s["id"] for s in json.load(open(sys.argv[1]))["sites"]}
assert prof and prof <= ids, (prof, ids)
PY
  run $OLI profile merge prof.json "$1" "$2"; want_rc 0 merge
  python3 -c 'import json; p=json.load(open("prof.json")); assert p["runs"]==2 and all(s["count"]==2 for s in p["sites"]), p' ||
    fail "merged counts"
  run $OLI plan prof.json --dram-limit 1G -o plan.json; want_rc 0 "plan, DRAM sufficient"
  OLI_PLAN=plan.json OLI_REPORT=rep.json ./k >/dev/null 2>run.err || { cat run.err >&2; fail "run with plan"; }
  grep -q "sites\? matched" run.err || { cat run.err >&2; fail "runtime printed no match statistics"; }
  run $OLI diff plan.json rep.json; want_rc 0 "run follows the plan"
  # a fixed policy places every object itself: the plan is said to be unused, not matched
  OLI_POLICY=uniform OLI_PLAN=plan.json ./k >/dev/null 2>run.err || { cat run.err >&2; fail "run with plan, uniform"; }
  grep -q "plan plan.json: not applied: OLI_POLICY=uniform places every object itself" run.err ||
    { cat run.err >&2; fail "uniform: the plan not said to be unapplied"; }
  ! grep -q "sites\? matched" run.err || { cat run.err >&2; fail "uniform: match statistics of a plan not applied"; }
  # a budget too small for everything: only meaningful with a CXL (CPU-less memory) node
  cxl=0
  for d in /sys/devices/system/node/node[0-9]*; do
    [ -d "$d" ] || continue
    [ -z "$(tr -d '\n' <"$d/cpulist")" ] && cxl=1
  done
  if [ "$cxl" -eq 1 ]; then
    run $OLI plan prof.json --dram-limit 40M -o plan-small.json; want_rc 0 "plan, DRAM insufficient"
    OLI_PLAN=plan-small.json OLI_REPORT=rep-small.json ./k >/dev/null 2>run.err || fail "run with small plan"
    run $OLI diff plan-small.json rep-small.json; want_rc 0 "run follows the small plan"
  else
    echo "note: no CPU-less memory node; the insufficient-DRAM run is checked in the NUMA lab"
  fi
  ;;
report-table) # report, plan and profile as tables
  run $OLI report "$IN/report-old.json"; want_rc 0 report
  grep -q '^0x3f2a9c0d11e4b5a7  malloc .*cg.c:120 .* a .*384.0 MiB  interleave 3:1 .*0:73728/73728 2:24576/24576' out.txt || fail "row a"
  grep -q '^0x1111222233334444  calloc .* x  *12  *8.0 MiB  dram ' out.txt || fail "row x: no COUNT 12"
  has "1 site achieved a different page split than intended"; has "DRAM saved against all-DRAM: 96.0 MiB"
  run $OLI report "$IN/plan-good.json"; want_rc 0 plan; has "interleave 3:1"; has "DRAM limit 4.0 GiB"
  run $OLI report "$IN/profile-rank0.json"; want_rc 0 profile; has "footprint peak 6.0 GiB"
  run $OLI report "$IN/report-old.json"; has "runtime summary: 3 placed objects, 120 small,"
  has "by decision (each site's peak live bytes): dram 2 (264.0 MiB) interleave 1 (384.0 MiB) default 1 (640 B)"
  # a site below OLI_MIN_SIZE, not tracked live (peak_live 0): its largest object, a lower bound
  python3 -c 'import json,sys; r = json.load(open(sys.argv[1])); [s.update(peak_live=0) for s in r["sites"] if s["decision"] == "default"]; json.dump(r, open("small.json", "w"))' \
    "$IN/report-old.json" || fail "cannot make small.json"
  run $OLI report small.json; want_rc 0 small
  has "by decision (each site's peak live bytes): dram 2 (264.0 MiB) interleave 1 (384.0 MiB) default 1 (>= 64 B); >=: sites below OLI_MIN_SIZE, not tracked live, count their largest object"
  python3 -c 'import json,sys; r = json.load(open(sys.argv[1])); r["summary"]["small_objects_partial_sites"] = 2; json.dump(r, open("partial.json", "w"))' \
    "$IN/report-old.json" || fail "cannot make partial.json"
  run $OLI report partial.json; want_rc 0 partial; has "runtime summary: 3 placed objects, 120+ small,"
  python3 -c 'import json,sys; r = json.load(open(sys.argv[1])); r["sites"][2]["count_partial"] = True; json.dump(r, open("partial-site.json", "w"))' \
    "$IN/report-old.json" || fail "cannot make partial-site.json"
  run $OLI report partial-site.json; want_rc 0 partial-site
  grep -q '^0x1111222233334444  calloc .* x  *12+  *8.0 MiB  dram ' out.txt || fail "row x: a partial count without +"
  # the run's DRAM limit: shown, and said not kept where there was no CXL or remote node
  hasnt "DRAM limit"
  python3 -c 'import json,sys; r = json.load(open(sys.argv[1])); r["options"]["dram_limit"] = 1 << 30; json.dump(r, open("lim.json", "w"))
r["topology"]["cxl_node"] = r["topology"]["remote_node"] = -1; json.dump(r, open("lim1.json", "w"))' \
    "$IN/report-old.json" || fail "cannot make lim.json"
  run $OLI report lim.json; want_rc 0 lim; grep -qx '  DRAM limit: 1.0 GiB' out.txt || fail "the limit: $(grep limit out.txt)"
  run $OLI report lim1.json; want_rc 0 lim1
  has "  DRAM limit: 1.0 GiB (not kept: no CXL or remote node to place the rest on, everything on local DRAM)"
  ;;
report-pages) # untouched pages and a global's edge pages are not a mismatch; pages on a wrong node are
  run $OLI report "$IN/report-pages.json"; want_rc 0 "report-pages"
  has "PAGES PRESENT/INTENDED"
  grep -q '^0x00000000000000a1 .*0:8192/16384 +8192 untouched  *9% of' out.txt || fail "untouched tail: no count, or marked"
  grep -q '^0x00000000000000a2 .*0:0/768 2:0/256 +1024 untouched  *12% of' out.txt || fail "untouched object marked"
  grep -q '^0x00000000000000a3 .*0:8193/8192  *5% of' out.txt || fail "global's edge page marked"
  grep -q '^0x00000000000000a4 .*0:392/391  *0% of' out.txt || fail "Fortran global's edge page marked"
  grep -q '^0x00000000000000a5 .*0:1000/1024 2:24/0  *!  6% of' out.txt || fail "pages on a wrong node not marked"
  has "1 site achieved a different page split than intended (marked !)"
  has "2 sites with 9216 untouched pages (not present on any node yet)"
  hasnt ":?"
  ;;
report-redecisions) # a report's re-decisions, rule verdicts and summary.migration, in the runtime's table words
  python3 - "$IN/report-same.json" <<'PY' || fail "cannot make the re-decision report"
import json, sys
r = json.load(open(sys.argv[1]))
r["version"] = 2
a, c = r["sites"][0], r["sites"][1]
a.update(share_at_decision=38.1, share_of_peak=38.1, rule=None, redecisions=[
    {"settle": 1, "size": 2176000, "objects": 1, "from": "interleave 4:1", "to": "dram", "outcome": "migrated",
     "footprint": 89216000, "bytes_migrated": 434176, "ns": 1830000}])
c.update(share_at_decision=2.4, share_of_peak=12.0, rule="migration_bytes", redecisions=[
    {"settle": 2, "size": 4194304, "objects": 3, "from": "dram", "to": "interleave 3:1", "outcome": "migration_bytes",
     "footprint": 100000000, "bytes_migrated": 0, "ns": 0}])
r["footprint"] = {"peak": 1073741824, "live": 0, "option": None, "static_hints": 0, "pending_hints": 0,
                  "settles": 3, "settled_at": 1073741824, "final_settle": True}
r["summary"]["migration"] = {"redecided": 1, "rebound": 0, "migrated": 1, "bytes": 434176, "ns": 1830000,
    "fallbacks": 0, "move_failed": 0, "over_budget": 1, "at_exit": 0, "budget_bytes": 2147483648,
    "budget_ns": 500000000, "records_dropped": 0}
json.dump(r, open("rd.json", "w"), indent=1)
for k, v in (("rule", "sideways"), ("outcome", "sideways")):
    b = json.loads(json.dumps(r))
    if k == "rule": b["sites"][1]["rule"] = v
    else: b["sites"][0]["redecisions"][0]["outcome"] = v
    json.dump(b, open("bad-%s.json" % k, "w"), indent=1)
PY
  run $OLI report rd.json; want_rc 0 "report with re-decisions"
  # under site a, then under colidx: one line each, after the site's row
  grep -A1 '^0x3f2a9c0d11e4b5a7 ' out.txt | tail -1 | grep -qxE ' +re-decided at settle 1: 1 x 2\.1 MiB interleave 4:1 -> dram: migrated, 424\.0 KiB in 1\.8 ms' ||
    { cat out.txt >&2; fail "no re-decision line under site a"; }
  grep -A2 '^0x00000000000000ff ' out.txt | sed -n 2p | grep -qxE ' +re-decided at settle 2: 3 x 4\.0 MiB dram -> interleave 3:1: migration budget used up \(OLI_MIGRATE_LIMIT\)' ||
    { cat out.txt >&2; fail "no re-decision line under colidx"; }
  grep -A2 '^0x00000000000000ff ' out.txt | sed -n 3p | grep -qxE ' +! 12\.0% of the peak footprint \(2\.4% when decided\): the rule says otherwise, not applied: migration budget used up \(OLI_MIGRATE_LIMIT\)' ||
    { cat out.txt >&2; fail "no rule line under colidx"; }
  has "  footprint: peak 1.0 GiB, 3 settles, 1 re-decision (0 re-bound, 1 migrated: 424.0 KiB in 1.8 ms; 1 over the migration budget, 0 failed moves)"
  # a version 1 report has none of them: no such lines
  run $OLI report "$IN/report-same.json"; want_rc 0 "version 1 report"; hasnt "re-decided"; hasnt "footprint:"; hasnt "the rule says"
  run $OLI report bad-rule.json; want_rc 2 "bad rule"; one_line "\"rule\" \"sideways\" is not a re-decision outcome of this oli"
  run $OLI report bad-outcome.json; want_rc 2 "bad outcome"; one_line "re-decision \"outcome\" \"sideways\" is not one of this oli"
  ;;
no-cxl-warning) # one node: the defaults count no_cxl silently; asked for CXL, one line; MPI: labelled, once per host
  [ -f "$LIBDIR/liboli.so" ] || { echo "SKIP: $LIBDIR/liboli.so not built"; exit 77; }
  [ "${SANITIZED:-0}" = 0 ] || { echo "SKIP: sanitizer build: a plain program cannot link its liboli"; exit 77; }
  printf '#include <stdlib.h>\nint main(void) { char *p = malloc(1 << 22); p[1] = 1; free(p); return 0; }\n' >u.c
  "$CLANG" -O0 u.c -o u -L"$LIBDIR" -Wl,-rpath,"$LIBDIR" -loli || fail "cannot build u.c"
  # counted: the report's summary.warnings.no_cxl, whatever was printed
  no_cxl() { python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["summary"]["warnings"].get("no_cxl", 0))' "$1"; }
  one() { # ENV... : run u on the one-node tree with a report; stderr in err.txt
    rm -f u.json
    env -u PMI_RANK -u PMIX_RANK -u OMPI_COMM_WORLD_RANK -u MV2_COMM_WORLD_RANK -u SLURM_PROCID -u MPI_LOCALRANKID \
      -u OMPI_COMM_WORLD_LOCAL_RANK -u MV2_COMM_WORLD_LOCAL_RANK -u SLURM_LOCALID -u OLI_POLICY -u OLI_VERBOSE \
      OLI_SYSFS_ROOT="$IN/../../runtime/data/devbox-1node" OLI_REPORT=u.json "$@" ./u >out.txt 2>err.txt ||
      { cat err.txt >&2; fail "run $*"; }
    [ "$(no_cxl u.json)" = 1 ] || fail "$*: the report does not count no_cxl once: $(no_cxl u.json)"
  }
  W="no CXL node (a node with memory and no CPUs): OLI_POLICY=oli places objects on local DRAM node 0"
  one; [ ! -s err.txt ] || fail "defaults on one node are not silent: $(cat err.txt)"
  one OLI_VERBOSE=1; grep -qxF "oli: warning: $W" err.txt || { cat err.txt >&2; fail "OLI_VERBOSE=1: no warning"; }
  one OLI_POLICY=oli; one_line "oli: warning: $W"
  one OLI_DRAM_LIMIT=1G; one_line "oli: warning: no CXL node"
  one OLI_POLICY=oli PMI_RANK=3; one_line "oli: warning: rank 3: $W"
  one OLI_POLICY=oli PMI_RANK=4 MPI_LOCALRANKID=0; one_line "oli: warning: rank 4: $W (for every rank on this host)"
  one OLI_POLICY=oli PMI_RANK=5 MPI_LOCALRANKID=1; [ ! -s err.txt ] || fail "second rank of a host printed: $(cat err.txt)"
  one OLI_POLICY=oli OMPI_COMM_WORLD_RANK=6 OMPI_COMM_WORLD_LOCAL_RANK=2; [ ! -s err.txt ] || fail "Open MPI local rank 2 printed: $(cat err.txt)"
  ;;
report-untagged) # liboli without the plugin: OLI_REPORT still gives a report, of zero sites
  [ -f "$LIBDIR/liboli.so" ] || { echo "SKIP: $LIBDIR/liboli.so not built"; exit 77; }
  # a sanitizer tree's liboli needs the sanitizer's runtime in the program (the real builds test this)
  [ "${SANITIZED:-0}" = 0 ] || { echo "SKIP: sanitizer build: a plain program cannot link its liboli"; exit 77; }
  printf '#include <stdio.h>\n#include <stdlib.h>\nint main(void) { char *p = malloc(1 << 22); p[1] = 1; printf("%%d\\n", p[1]); free(p); return 0; }\n' >u.c
  "$CLANG" -O0 u.c -o u -L"$LIBDIR" -Wl,-rpath,"$LIBDIR" -loli || fail "cannot build u.c"
  for lib in shared static; do
    [ $lib = static ] && { "$CLANG" -O0 u.c -o u "$LIBDIR/liboli.a" -lpthread || fail "cannot link liboli.a"; }
    rm -f u.json
    OLI_REPORT=u.json ./u >/dev/null 2>run.err || { cat run.err >&2; fail "run ($lib)"; }
    [ -f u.json ] || fail "no report with zero tagged sites ($lib)"
    python3 -c 'import json,sys; r=json.load(open("u.json")); assert r["schema"]=="oli-report" and r["sites"]==[] and r["summary"]["placed_objects"]==0, r' ||
      fail "not a valid report of zero sites ($lib)"
    run $OLI report u.json; want_rc 0 "oli report of zero sites ($lib)"; has "0 sites"
    OLI_REPORT=stderr ./u >/dev/null 2>run.err || fail "run, table ($lib)"
    grep -q '^oli report: u, pid' run.err || { cat run.err >&2; fail "no text report with zero tagged sites ($lib)"; }
    rm -f u.json; ./u >/dev/null 2>run.err; [ ! -f u.json ] && [ ! -s run.err ] || fail "output without OLI_REPORT ($lib)"
    # the runtime comes up at start-up, as for an instrumented program: a bad value stops it before main
    OLI_REPORT=u.json OLI_POLICY=nope ./u >u.out 2>run.err; rc=$?
    [ "$rc" -eq 2 ] && [ ! -s u.out ] && grep -q "OLI_POLICY='nope'" run.err ||
      { cat u.out run.err >&2; fail "bad OLI_POLICY with OLI_REPORT: exit $rc, want 2 before main ($lib)"; }
  done
  ;;
verbose-once) # OLI_VERBOSE=2: no line twice (a module of two TUs registers its section from both constructors)
  [ -f "$PLUGIN" ] || { echo "SKIP: $PLUGIN not built"; exit 77; }
  printf '#include <stdlib.h>\nvoid *other(size_t n) { return malloc(n); }\n' >b.c
  printf '#include <stdlib.h>\n#include <string.h>\nvoid *other(size_t);\nint main(void) { char *p = malloc(1 << 21), *q = other(1 << 21); memset(p, 1, 1 << 21); memset(q, 1, 1 << 21); free(p); free(q); return 0; }\n' >a.c
  "$CLANG" -O1 -fpass-plugin="$PLUGIN" a.c b.c -o ab -L"$LIBDIR" -Wl,-rpath,"$LIBDIR" -loli || fail "cannot build a.c b.c"
  OLI_VERBOSE=2 OLI_REPORT=ab.json ./ab 2>v.txt || { cat v.txt >&2; fail "run"; }
  [ "$(grep -c 'oli: registered .* site records' v.txt)" -eq 1 ] || { cat v.txt >&2; fail "registration not said once"; }
  [ "$(grep -c 'oli: unregistered .* site records' v.txt)" -eq 1 ] || { cat v.txt >&2; fail "unregistration not said once"; }
  # per-object lines name addresses, so a repeated line is a message said twice
  [ -z "$(sort v.txt | uniq -d)" ] || { sort v.txt | uniq -d >&2; fail "a verbose line printed twice"; }
  ;;
report-idle-sites) # a site that made no object is a row of the JSON report, not of the tables
  # (and a placed site with nothing live at exit has its empty pages column explained):
  # both tables give their number in one line (the runtime's and oli report's): here the
  # wrapper never() and its malloc
  [ -f "$PLUGIN" ] || { echo "SKIP: $PLUGIN not built"; exit 77; }
  cat >idle.c <<'C'
#include <stdlib.h>
#include <string.h>
__attribute__((noinline)) char *never(size_t n) { return malloc(n); }
int main(int argc, char **argv) {
  char *a = malloc(4u << 20), *b = argc > 5 ? never(8u << 20) : NULL;
  memset(a, 1, 4u << 20);
  int r = ((volatile char *)a)[100] != 1 || (b && b[0]);
  free(a);
  free(b);
  return r;
}
C
  "$CLANG" -O1 -g -fpass-plugin="$PLUGIN" idle.c -o idle -L"$LIBDIR" -Wl,-rpath,"$LIBDIR" -loli || fail "cannot build idle.c"
  OLI_REPORT=stderr ./idle 2>t.txt || fail "run"
  grep -q "^0x[0-9a-f]* malloc   idle.c:5 " t.txt || { cat t.txt >&2; fail "runtime table: the site that ran is not shown"; }
  ! grep -q "idle.c:3" t.txt || { cat t.txt >&2; fail "runtime table: the site that made nothing is a row"; }
  grep -q "^2 sites made no object (not shown; each is in the JSON report)$" t.txt || { cat t.txt >&2; fail "runtime table: no count of idle sites"; }
  # and a placed site whose object was freed before the report: why its pages column is empty
  grep -q "^1 placed site had no live object at the report: pages are read from live objects only$" t.txt ||
    { cat t.txt >&2; fail "runtime table: the freed placed site's empty pages not explained"; }
  OLI_REPORT=idle.json ./idle || fail "run, JSON"
  python3 -c 'import json,sys; s = [x for x in json.load(open(sys.argv[1]))["sites"] if x["line"] == 3]; assert len(s) == 1 and s[0]["count"] == 0, s' idle.json ||
    fail "JSON report: the idle site is not there with count 0"
  run $OLI report idle.json; want_rc 0 "oli report"
  grep -q "^0x[0-9a-f]*  malloc  idle.c:5 " out.txt || fail "oli report: the site that ran is not shown"
  hasnt "idle.c:3"
  has "2 sites made no object (not shown; each is in the JSON report)"
  has "1 placed site had no live object at the report: pages are read from live objects only"
  ;;
where) # one rendering of a location: oli sites, the runtime's table, oli report and oli diff agree
  [ -f "$PLUGIN" ] || { echo "SKIP: $PLUGIN not built"; exit 77; }
  cat >w.c <<'C'
#include <stdlib.h>
#include <string.h>
double grid[1 << 18];
int main(void) {
  double *a = malloc(4u << 20);
  memset(a, 1, 4u << 20);
  memset(grid, 1, sizeof grid);
  int r = ((volatile char *)a)[100] != 1; /* used: -O1 keeps the allocation */
  free(a);
  return r;
}
C
  for g in "" -g; do
    [ -n "$g" ] && gw="w.c:3" aw="w.c:5" || { gw="w.c"; aw="w.c:main#0"; }
    "$CLANG" -O1 $g -fpass-plugin="$PLUGIN" w.c -o w -L"$LIBDIR" -Wl,-rpath,"$LIBDIR" -loli || fail "cannot build w.c"
    run $OLI sites w; want_rc 0 "sites ($g)"
    grep -q "^0x[0-9a-f]*  global  $gw  .*grid" out.txt || fail "oli sites: global not at '$gw' ($g)"
    grep -q "^0x[0-9a-f]*  malloc  $aw  " out.txt || fail "oli sites: malloc not at '$aw' ($g)"
    OLI_REPORT=stderr ./w 2>t.txt || fail "run ($g)"
    grep -q "^0x[0-9a-f]* global   $gw grid " t.txt || { cat t.txt >&2; fail "runtime table: global not at '$gw' ($g)"; }
    grep -q "^0x[0-9a-f]* malloc   $aw " t.txt || { cat t.txt >&2; fail "runtime table: malloc not at '$aw' ($g)"; }
    OLI_REPORT=w.json ./w || fail "run, JSON ($g)"
    run $OLI report w.json; want_rc 0 "report ($g)"
    grep -q "^0x[0-9a-f]*  global  $gw  .*grid" out.txt || fail "oli report: global not at '$gw' ($g)"
    grep -q "^0x[0-9a-f]*  malloc  $aw  " out.txt || fail "oli report: malloc not at '$aw' ($g)"
    python3 -c 'import json; r=json.load(open("w.json")); r["sites"]=[s for s in r["sites"] if s["kind"]=="global"]; json.dump(r, open("w-old.json","w"))'
    run $OLI diff w-old.json w.json; want_rc 1 "diff ($g)"
    grep -q "^new    0x[0-9a-f]*  $aw " out.txt || fail "oli diff: malloc not at '$aw' ($g)"
    run $OLI diff w.json w-old.json; want_rc 1 "diff back ($g)"
    hasnt ":0 "; hasnt "?+"
  done
  ;;
diff-same)
  run $OLI diff "$IN/report-old.json" "$IN/report-same.json"; want_rc 0 "nothing moved"; has "0 moved"
  ;;
diff-moved) # one decision moved; 3:1 vs 6:2 is not a move
  run $OLI diff "$IN/report-old.json" "$IN/report-moved.json"; want_rc 1 "moved"
  grep -q '^moved  0x1111222233334444 .*makea  x  dram -> interleave 3:1  8388608 bytes$' out.txt || fail "moved line"
  [ "$(grep -c '^moved' out.txt)" -eq 1 ] || fail "more than one move"
  run $OLI diff --json "$IN/report-old.json" "$IN/report-moved.json"; want_rc 1 "json"; json_ok out.txt
  python3 -c 'import json; d=json.load(open("out.txt")); c=d["changes"]; assert len(c)==1 and c[0]["name"]=="x" and c[0]["old"]["decision"]=="dram" and c[0]["new"]["ratio"]=="3:1" and d["summary"]["moved"]==1' || fail "json content"
  ;;
diff-newgone) # a large array gone (x) and another new (y); small sites that come and go with every
  # object below the run's OLI_MIN_SIZE (never placed: tmp, the 64-byte site) are counted apart, no change
  run $OLI diff "$IN/report-old.json" "$IN/report-newgone.json"; want_rc 1 "new/gone"
  has "new    0x2222333344445555"; has "gone   0x1111222233334444"
  hasnt "0x000000000000beef"; hasnt "0x000000000000abcd"
  has "0 moved; 1 new, 1 gone; 2 small sites new or gone (below the run's OLI_MIN_SIZE, never placed)"
  run $OLI diff --json "$IN/report-old.json" "$IN/report-newgone.json"; want_rc 1 "json"; json_ok out.txt
  python3 -c 'import json; s=json.load(open("out.txt"))["summary"]; assert (s["new"], s["gone"], s["small"]) == (1, 1, 2), s' || fail "json summary"
  run $OLI diff --moved-only "$IN/report-old.json" "$IN/report-newgone.json"; want_rc 0 "--moved-only"
  hasnt "new    0x"; hasnt "gone   0x" # --moved-only lists only moved sites
  has "0 moved; 1 new, 1 gone (not counted, not listed: --moved-only)"
  ;;
diff-twins) # a plan of `oli plan --preload-sites`: one location's decision under the plugin's ID and a
  # call-stack site's; the report of either kind of build pairs one, the other is no site gone
  python3 - "$IN/report-old.json" <<'PY' || fail "cannot make the twin inputs"
import json, sys
r = json.load(open(sys.argv[1]))
base = r["sites"][3]  # makea's unnamed malloc
def site(i, kind, dec):
    return dict(base, id="0x%016x" % i, kind=kind, rel=5, line=150, decision=dec,
                nodes=[0] if dec == "dram" else [2], peak_live=8 << 20, largest=8 << 20)
for name, i, kind in (("plugin", 0xa1, base["kind"]), ("preload", 0xc1, base["kind"])):
    r["sites"] = [site(i, kind, "cxl")]
    json.dump(r, open("rep-%s.json" % name, "w"))
def entry(i, kind, dec):
    return {"id": "0x%016x" % i, "kind": kind, "file": base["file"], "function": "makea", "rel": 5, "name": None,
            "decision": dec, "ratio": None, "bytes": 8 << 20, "reason": "planned"}
for name, dec in (("plan", "cxl"), ("plan-split", "dram")):
    plan = {"schema": "oli-plan", "version": 1, "program": "cg", "dram_limit": 1 << 30,
            "sites": [entry(0xa1, base["kind"], "cxl"), entry(0xc1, base["kind"], dec)]}
    json.dump(plan, open(name + ".json", "w"))
PY
  for b in plugin preload; do
    run $OLI diff plan.json rep-$b.json; want_rc 0 "the $b build's report"
    has "0 new, 0 gone; 1 plan entry for the other kind of build (--preload-sites) at a location that matched"
  done
  run $OLI diff --json plan.json rep-preload.json; want_rc 0 "json"; json_ok out.txt
  python3 -c 'import json; s=json.load(open("out.txt"))["summary"]; assert (s["gone"], s["twins"]) == (0, 1), s' || fail "json summary"
  run $OLI diff rep-preload.json plan.json; want_rc 0 "the report first: the twin is no new site"
  # twins that disagree are two decisions: the unpaired one is gone
  run $OLI diff plan-split.json rep-plugin.json; want_rc 1 "disagreeing entries"
  has "0 new, 1 gone"
  ;;
diff-rematch) # an edit changed two IDs: re-matched by location, only the real move counts
  run $OLI diff "$IN/report-old.json" "$IN/report-edited.json"; want_rc 1 "edited"
  grep -q '^moved  0x5555000000000002 .*cg.c:152 makea  x  dram -> interleave 3:1  8388608 bytes (re-matched by location, old ID 0x1111222233334444)$' out.txt || fail "x re-matched and moved"
  grep -q '^same   0x5555000000000001 .* a  interleave 3:1 -> interleave 3:1 ' out.txt || fail "a re-matched, same"
  has "(2 re-matched by location): 1 moved; 0 new, 0 gone"
  run $OLI diff "$IN/report-old.json" "$IN/report-edited-same.json"; want_rc 0 "only an ID changed"
  run $OLI diff --ids-only "$IN/report-old.json" "$IN/report-edited-same.json"; want_rc 1 "--ids-only"
  has "1 new, 1 gone"
  run $OLI diff --json "$IN/report-old.json" "$IN/report-edited.json"; json_ok out.txt
  python3 -c 'import json; d=json.load(open("out.txt")); c={x["change"]: x for x in d["changes"]}; assert c["moved"]["old_id"]=="0x1111222233334444" and c["rematched"]["name"]=="a" and d["summary"]["rematched"]==2' || fail "json"
  ;;
diff-id-taken) # one ID, two names: a line added above moved y's ID onto x (re-matched by name and
  # location, not paired by the ID); a variable renamed in place keeps its ID's pairing
  python3 - "$IN/report-old.json" <<'PY' || fail "cannot make the inputs"
import json, sys
d = json.load(open(sys.argv[1]))
base = d["sites"][0]
def site(i, name, rel, dec, ratio):
    s = dict(base, id="0x%016x" % i, name=name, line=100 + rel, rel=rel, decision=dec, ratio=ratio)
    return s
d["sites"] = [site(1, "x", 5, "dram", None), site(2, "y", 6, "interleave", "3:1")]
json.dump(d, open("old.json", "w"))
d["sites"] = [site(2, "x", 6, "dram", None), site(3, "y", 7, "interleave", "3:1")]   # a line added above x
json.dump(d, open("edited.json", "w"))
d["sites"] = [site(1, "x2", 5, "dram", None), site(2, "y", 6, "interleave", "3:1")]  # x renamed x2 in place
json.dump(d, open("renamed.json", "w"))
PY
  run $OLI diff old.json edited.json; want_rc 0 "an ID taken by the site above"
  has "2 sites in both (2 re-matched by location): 0 moved; 0 new, 0 gone"
  run $OLI diff old.json renamed.json; want_rc 0 "renamed in place"
  has "2 sites in both (0 re-matched by location): 0 moved; 0 new, 0 gone"
  run $OLI diff --ids-only old.json edited.json; want_rc 1 "--ids-only pairs by ID alone"
  # gcc -O2 makes a malloc whose memory is zeroed a calloc: one build's malloc site is the
  # other's calloc site (a preload run's plan applied to a plugin build)
  python3 - "$IN/report-old.json" <<'PY' || fail "cannot make the malloc/calloc inputs"
import json, sys
d = json.load(open(sys.argv[1]))
base = d["sites"][0]
d["sites"] = [dict(base, id="0x%016x" % 1, name="u", line=105, rel=5, kind="calloc", decision="dram", ratio=None)]
json.dump(d, open("gcc.json", "w"))
d["sites"] = [dict(base, id="0x%016x" % 9, name="u", line=105, rel=5, kind="malloc", decision="dram", ratio=None)]
json.dump(d, open("clang.json", "w"))
PY
  run $OLI diff gcc.json clang.json; want_rc 0 "calloc and malloc at one place"
  has "1 site in both (1 re-matched by location): 0 moved; 0 new, 0 gone"
  ;;
diff-plan-report) # a plan against a report: did the run follow the plan?
  run $OLI diff "$IN/plan-good.json" "$IN/report-old.json"; want_rc 1 "plan vs report"
  grep -q '^moved  0x00000000000000ff .*colidx  cxl -> dram' out.txt || fail "colidx moved"
  ! grep -q warning err.txt || fail "a warning for PLAN REPORT: $(cat err.txt)"
  # a CI host without CXL: the run kept colidx on DRAM ("planned": the plan's cxl); --as-planned
  # takes such a site as the plan's (the run did what it could), plain diff calls it moved
  python3 - "$IN/report-old.json" <<'PY' || fail "cannot make the no-CXL report"
import json, sys
r = json.load(open(sys.argv[1]))
for s in r["sites"]:
    if s["id"] == "0x00000000000000ff":
        s["planned"] = {"decision": "cxl", "ratio": None}
        s["reason"] = "no CXL node: local DRAM (the plan wanted CXL)"
json.dump(r, open("nocxl.json", "w"))
PY
  run $OLI diff "$IN/plan-good.json" nocxl.json; want_rc 1 "plan vs a no-CXL report"
  run $OLI diff --as-planned "$IN/plan-good.json" nocxl.json
  ! grep -q 'colidx' out.txt || fail "--as-planned still lists colidx: $(cat out.txt)"
  has "1 placed otherwise by the run, taken as planned (--as-planned)"
  run $OLI diff "$IN/report-old.json" "$IN/plan-good.json"; want_rc 1 "report vs plan"
  grep -q "^oli: warning: diff: OLD .*report-old.json is a report and NEW .*plan-good.json a plan: a CI gate (did the run follow the plan?) is 'oli diff PLAN REPORT'$" err.txt ||
    fail "no warning for the reversed order: $(cat err.txt)"
  # An edit changed the IDs of two unnamed sites of one function (and moved its
  # lines): the report's rel pairs each with its plan entry, the second moved.
  python3 - "$IN/report-old.json" <<'PY' || fail "cannot make the rel inputs"
import json, sys
r = json.load(open(sys.argv[1]))
base = r["sites"][3]  # makea's unnamed malloc
def site(i, rel, line, dec):
    return dict(base, id="0x%016x" % i, rel=rel, line=line, decision=dec, nodes=[0] if dec == "dram" else [2],
                peak_live=8 << 20, largest=8 << 20)
r["sites"] = [site(0xa1, 5, 150, "dram"), site(0xa2, 9, 154, "cxl")]
json.dump(r, open("rep.json", "w"))
plan = {"schema": "oli-plan", "version": 1, "program": "cg", "dram_limit": 1 << 30, "sites": [
    {"id": "0x%016x" % i, "kind": "malloc", "file": base["file"], "function": "makea", "rel": rel, "name": None,
     "decision": "dram", "ratio": None, "bytes": 8 << 20, "reason": "planned"} for i, rel in ((0xb1, 5), (0xb2, 9))]}
json.dump(plan, open("plan.json", "w"))
PY
  run $OLI diff plan.json rep.json; want_rc 1 "plan vs report by rel"
  has "2 sites in both (2 re-matched by location): 1 moved; 0 new, 0 gone"
  grep -q '^moved  0x00000000000000a2 .* dram -> cxl .*old ID 0x00000000000000b2)$' out.txt || fail "rel 9 paired and moved"
  # four 4 MiB objects of a site live at once: the plan's bytes are its peak live bytes, as the report's
  python3 - <<'PY' || fail "cannot make the peak-live inputs"
import json
r, p = json.load(open("rep.json")), json.load(open("plan.json"))
r["sites"][1].update(count=4, largest=4 << 20, peak_live=16 << 20, rel=9)
p["sites"][1].update(id=r["sites"][1]["id"], bytes=16 << 20)
json.dump(r, open("rep2.json", "w")); json.dump(p, open("plan2.json", "w"))
PY
  run $OLI diff plan2.json rep2.json; want_rc 1 "plan vs report, peak live"
  grep -q '^moved  0x00000000000000a2 .* dram -> cxl  16777216 bytes$' out.txt || fail "bytes: the plan's and the run's peak live, unchanged: $(cat out.txt)"
  ;;
bad-input) # every bad file: one clear line naming the file and what it was given as, exit 2, for report, diff and plan
  for f in report-truncated report-v3 report-dupid report-huge profile-truncated profile-v2 profile-huge \
           profile-dupid plan-truncated plan-v2 plan-huge plan-dupid empty missing; do
    run $OLI report "$IN/$f.json"; want_rc 2 "report $f"; one_line "oli: report: $IN/$f.json: "
    case $f in profile-*) continue ;; esac
    run $OLI diff "$IN/report-old.json" "$IN/$f.json"; want_rc 2 "diff $f"; one_line "oli: diff: NEW $IN/$f.json: "
    run $OLI diff "$IN/$f.json" "$IN/report-old.json"; want_rc 2 "diff $f first"; one_line "oli: diff: OLD $IN/$f.json: "
  done
  for f in profile-truncated profile-v2 profile-huge profile-dupid empty missing; do
    run $OLI plan "$IN/$f.json" --dram-limit 1G; want_rc 2 "plan $f"; one_line "oli: plan: profile $IN/$f.json: "
    run $OLI profile merge m.json "$IN/profile-rank0.json" "$IN/$f.json"; want_rc 2 "merge $f"
    one_line "oli: profile merge: input $IN/$f.json: "
  done
  run $OLI plan "$IN/missing.json" --dram-limit 1G; one_line "oli: plan: profile $IN/missing.json: cannot open: No such file or directory"
  run $OLI report "$IN/not-json.txt"; want_rc 2 "not json"; one_line "line 1, column 1"
  run $OLI report "$IN/report-v3.json"; one_line "oli-report version 3 is not supported (this oli reads versions 1 to 2)"
  run $OLI report "$IN/profile-huge.json"; one_line "\"accesses\" is out of range"
  run $OLI report "$IN/plan-dupid.json"; one_line "duplicate site id 0x3f2a9c0d11e4b5a7"
  run $OLI plan "$IN/report-old.json" --dram-limit 1G; want_rc 2 "report as profile"; one_line "is not accepted here (expected oli-profile)"
  run $OLI plan "$IN/profile-rank0.json" --dram-limit 64X; want_rc 2 "bad size"; one_line "--dram-limit '64X' is not a size"
  run $OLI plan "$IN/profile-rank0.json" --dram-limit 99999999999P; want_rc 2 "huge size"
  one_line "--dram-limit '99999999999P' is too large: 16 EiB or more"
  run $OLI plan "$IN/profile-rank0.json" --dram-limit 1G --weights 3; want_rc 2 "bad weights"; one_line "--weights '3'"
  run $OLI plan "$IN/profile-rank0.json" --dram-limit 1G --bandwidth 1:-2; want_rc 2 "bad bw"; one_line "--bandwidth"
  ;;
plan-budget) # budget held to the byte on the real profile; sufficient vs insufficient
  for lim in 16G 6G 4G 3G 1G 1; do
    run $OLI plan "$IN/profile-rank0.json" --dram-limit $lim -o plan.json; want_rc 0 "plan $lim"
    json_ok plan.json
    python3 - "$lim" <<'PY' || fail "budget $lim"
import json, sys
units = {"G": 1 << 30, "M": 1 << 20}
s = sys.argv[1]; lim = int(s[:-1]) * units[s[-1]] if s[-1] in units else int(s)
p = json.load(open("plan.json"))
assert p["schema"] == "oli-plan" and p["version"] == 1 and p["dram_limit"] == lim
used = sum(x["dram_bytes"] for x in p["sites"])
assert used <= lim, (used, lim)
assert used == p["summary"]["dram_bytes"]
for x in p["sites"]:
    assert x["reason"], x
    assert (x["ratio"] is None) == (x["decision"] != "interleave"), x
PY
  done
  # no machine file: the built-in tiers; the profile names no threads: 1, far from saturating DRAM
  OLI_MACHINE=none run $OLI plan "$IN/profile-rank0.json" --dram-limit 16G -o plan.json
  run $OLI report plan.json
  grep -q ' a .*dram ' out.txt || fail "sufficient, 1 thread: hot large a stays on DRAM"
  grep -q ' colidx .*dram ' out.txt || fail "sufficient: cold large colidx on DRAM"
  grep -q ' x .*dram ' out.txt || fail "sufficient: hot x on DRAM"
  OLI_MACHINE=none run $OLI plan "$IN/profile-rank0.json" --dram-limit 16G --threads 8 -o plan.json
  run $OLI report plan.json
  grep -q ' a .*interleave 3:1' out.txt || fail "sufficient, 8 threads (DRAM saturated): hot large a interleaved"
  OLI_MACHINE=none run $OLI plan "$IN/profile-rank0.json" --dram-limit 3G -o plan.json
  run $OLI report plan.json
  grep -q ' a .*dram ' out.txt || fail "insufficient: the hottest per byte, a, stays"
  grep -q ' q .*cxl ' out.txt || fail "insufficient: untouched q to CXL"
  grep -q ' colidx .*\(cxl\|interleave\)' out.txt || fail "insufficient: cold colidx leaves DRAM"
  ;;
plan-unlimited) # --dram-limit 0 is no limit, as OLI_DRAM_LIMIT=0 and oli run --dram-limit 0 (one meaning of 0)
  run $OLI plan "$IN/profile-rank0.json" --dram-limit 1P -o big.json; want_rc 0 "plan 1P"
  # a limit without its unit (bytes, below the least placed object) is taken, and said
  run env OLI_MACHINE=none $OLI plan "$IN/profile-rank0.json" --dram-limit 20 -o tiny.json; want_rc 0 "plan 20"
  grep -qF "oli: warning: plan: --dram-limit 20 is 20 bytes, less than the least object placed (1 MiB): every planned object goes to CXL; a size takes a unit (20M, 20G)" err.txt ||
    fail "--dram-limit 20: no warning: $(cat err.txt)"
  for lim in 0 unlimited none; do
    run $OLI plan "$IN/profile-rank0.json" --dram-limit $lim -o plan.json; want_rc 0 "plan $lim"
    grep -q "of unlimited" err.txt || fail "--dram-limit $lim: the summary line does not say unlimited: $(cat err.txt)"
    python3 - <<'PY' || fail "--dram-limit $lim is not the plan without a limit"
import json
p = json.load(open("plan.json")); b = json.load(open("big.json"))
assert p["dram_limit"] == 0, p["dram_limit"]
assert [(x["id"], x["decision"], x["ratio"]) for x in p["sites"]] == [(x["id"], x["decision"], x["ratio"]) for x in b["sites"]]
assert p["summary"]["dram_bytes"] > 0
PY
    run $OLI report plan.json; want_rc 0 "report of the $lim plan"; has "DRAM limit unlimited"
  done
  ;;
plan-no-accesses) # a profile of sizes only (zero-rebuild or no profile build): no time is predicted, and a site
  # moved off DRAM for the limit says it saves DRAM, not "+0 s"
  python3 - "$IN/profile-rank0.json" <<'PY' >sizes.json || fail "make a sizes-only profile"
import json, sys
p = json.load(open(sys.argv[1]))
p["access_source"] = "none"
p["sampled_accesses"] = p["unattributed_accesses"] = 0
for s in p["sites"]:
    s["accesses"] = 0
print(json.dumps(p))
PY
  run $OLI plan sizes.json --dram-limit 2G -o plan.json; want_rc 0 "plan of a sizes-only profile"
  grep -q "^oli: predicted time: none (no object has accesses in sizes.json)$" err.txt || fail "no 'none' line: $(cat err.txt)"
  grep -q "predicted time at" err.txt && fail "a predicted time from no accesses"
  grep -q "or plan from the build's static estimate: oli plan --static BINARY --sizes sizes.json$" err.txt ||
    fail "the warning does not point to --static: $(cat err.txt)"
  run $OLI report plan.json; want_rc 0 "report of the plan"
  has "predicted time: none (no object had accesses in the profile)"
  has "of DRAM (no accesses: every placement predicts the same memory time)"
  grep -q "+0 s\|+0.0 s" out.txt && fail "a '+0 s' reason: $(grep '+0' out.txt)"
  ;;
plan-remote-ratio) # a remote-DRAM share needs DRAM and CXL shares: oli plan refuses to write it, every reader refuses it
  run $OLI plan "$IN/profile-rank0.json" --dram-limit 1G --weights 3:0:1; want_rc 2 "--weights 3:0:1"
  one_line "--weights '3:0:1' is not D:C or D:C:R (integers 0-255 as OLI_WEIGHTS, D > 0, C > 0)"
  run $OLI plan "$IN/profile-rank0.json" --dram-limit 1G --weights 300:1; want_rc 2 "--weights 300:1"
  one_line "--weights '300:1' is not D:C or D:C:R (integers 0-255 as OLI_WEIGHTS, D > 0, C > 0)"
  run $OLI plan "$IN/profile-rank0.json" --dram-limit 1G --ratios 3:1,0:1:1; want_rc 2 "--ratios 0:1:1"
  one_line "'0:1:1' is not D:C or D:C:R"
  cat >remote.json <<'J'
{"schema": "oli-plan", "version": 1, "dram_limit": 0, "sites": [
 {"id": "0x00000000000000a1", "decision": "interleave", "ratio": "3:0:1"}]}
J
  run $OLI report remote.json; want_rc 2 "report of a 3:0:1 plan"
  one_line "needs a local-DRAM and a CXL share too"
  run $OLI run --plan remote.json -- /bin/true; want_rc 2 "run --plan of a 3:0:1 plan"
  one_line "needs a local-DRAM and a CXL share too"
  ;;
usage-errors) # a usage error is one "oli:" line with a hint, never getopt's own words or the whole usage
  P="$IN/profile-rank0.json"
  run $OLI plan "$P" --dram-limit 1G -o; want_rc 2 "-o without a value"; one_line "oli: plan: option '-o' needs a value; try 'oli plan --help'"
  run $OLI plan "$P" --dram-limit 1G --output; want_rc 2 "--output without a value"; one_line "option '--output' needs a value"
  run $OLI plan "$P"; want_rc 2 "no --dram-limit"; one_line "--dram-limit SIZE is required"
  run $OLI plan; want_rc 2 "no profile"; one_line "plan: expected one PROFILE (or --static BINARY), got no arguments; try 'oli plan --help'"
  run $OLI profile; want_rc 2 "profile"; one_line "expected an action (merge); try 'oli profile --help'"
  run $OLI profile merge; want_rc 2 "profile merge"; one_line "expected OUT and at least one IN"
  run $OLI bogus; want_rc 2 "unknown command"; one_line "unknown command 'bogus'"
  run $OLI; want_rc 2 "no command"; one_line "no command"
  run $OLI report --json "$IN/report-old.json"; want_rc 2 "report --json"; one_line "oli: report: unknown option '--json'; try 'oli report --help'"
  run $OLI sites --json=1 x; want_rc 2 "--json=1"; one_line "option '--json' takes no value"
  run $OLI diff -z a b; want_rc 2 "diff -z"; one_line "unknown option '-z'"
  run $OLI diff a; want_rc 2 "diff one argument"; one_line "try 'oli diff --help'"
  run $OLI sites; want_rc 2 "sites"; one_line "try 'oli sites --help'"
  run $OLI run --bogus -- /bin/true; want_rc 2 "run --bogus"; one_line "unknown option '--bogus'"
  run $OLI calibrate --bogus; want_rc 2 "calibrate --bogus"; one_line "oli: calibrate: unknown option '--bogus'; try 'oli calibrate --help'"
  ! $OLI --help | grep -q 'report FILE \[--json\]' || fail "oli --help still offers report --json"
  ;;
plan-options) # weights, ratios, tiers from the command line are used and recorded
  run $OLI plan "$IN/profile-rank0.json" --dram-limit 16G --bandwidth 20000:20000 --latency 100:250 --threads 8 -o plan.json
  want_rc 0 "bw 1:1"
  python3 -c 'import json; p=json.load(open("plan.json")); a=[s for s in p["sites"] if s["name"]=="a"][0]; assert a["ratio"]=="1:1", a; assert p["model"]["cxl"]["source"]=="command line"' || fail "1:1 bandwidth gives 1:1"
  run $OLI plan "$IN/profile-rank0.json" --dram-limit 16G --ratios 5:3 -o plan.json; want_rc 0 ratios
  python3 -c 'import json; p=json.load(open("plan.json")); assert {s["ratio"] for s in p["sites"]} <= {None,"5:3"}' || fail "ratios"
  run $OLI plan "$IN/profile-rank0.json" --dram-limit 16G --solver greedy -o plan.json; want_rc 0 greedy
  python3 -c 'import json; p=json.load(open("plan.json")); assert p["summary"]["solver"]=="greedy"' || fail "greedy"
  run $OLI plan "$IN/profile-rank0.json" --dram-limit 16G; want_rc 0 stdout; json_ok out.txt
  ;;
plan-machine) # --machine FILE: the tiers are the file's, read at the profiled thread count; the plan names it
  cat >m.json <<'J'
{"schema": "oli-machine", "version": 1, "host": "t", "measurements": [
 {"from": 0, "to": 0, "kind": "dram", "read_bandwidth": 20000, "threads": 2, "idle_latency": 90, "loaded_latency": 130,
  "sweep": [{"threads": 1, "read_bandwidth": 12000}, {"threads": 2, "read_bandwidth": 20000}, {"threads": 4, "read_bandwidth": 20000}]},
 {"from": 0, "to": 1, "kind": "cxl", "read_bandwidth": 9000, "threads": 4, "idle_latency": 250, "loaded_latency": 400,
  "sweep": [{"threads": 1, "read_bandwidth": 5000}, {"threads": 4, "read_bandwidth": 9000}]}]}
J
  run $OLI plan "$IN/profile-rank0.json" --dram-limit 16G --machine m.json --threads 4 -o plan.json; want_rc 0 "plan --machine"
  python3 - <<'PY' || fail "the plan's model is not the machine file's at 4 threads"
import json
p = json.load(open("plan.json")); m = p["model"]
assert m["source"] == "machine" and m["machine"] == "m.json" and m["threads"] == 4, m
assert m["dram"] == dict(m["dram"], bandwidth=20000, bandwidth_1thread=12000, latency=130, source="machine"), m["dram"]
assert m["cxl"]["bandwidth"] == 9000 and m["cxl"]["bandwidth_1thread"] == 5000 and m["cxl"]["latency"] == 400, m["cxl"]
assert m["remote_dram"]["source"] == "default", m["remote_dram"]
assert p["weights"] == "11:5", p["weights"]  # 20000:9000 saturated, in at most 16 parts
a = [s for s in p["sites"] if s["name"] == "a"][0]
assert a["decision"] == "interleave", a  # DRAM saturates at 2 threads: at 4 the hot array spreads
PY
  grep -q "model: machine m.json (node 0: dram, cxl measured; remote_dram default)" err.txt || fail "stderr does not name the machine file: $(cat err.txt)"
  ! grep -q "warning" err.txt || fail "a warning with a machine file: $(cat err.txt)"
  run $OLI plan "$IN/profile-rank0.json" --dram-limit 16G --machine m.json --threads 1 -o plan1.json; want_rc 0 "1 thread"
  python3 -c 'import json; p=json.load(open("plan1.json")); a=[s for s in p["sites"] if s["name"]=="a"][0]; assert a["decision"]=="dram", a; assert p["model"]["dram"]["bandwidth"]==12000' ||
    fail "1 thread: DRAM far from saturated, a stays on DRAM at the 1-thread bandwidth"
  # the caches' bytes and the gather time, when measured, are the model's; --latency replaces the gather time
  sed 's/"host": "t",/"host": "t", "cache_bytes": 1099511627776,/; s/"loaded_latency": 130,/"loaded_latency": 130, "gather_ns": 7,/' m.json >mc.json
  run $OLI plan "$IN/profile-rank0.json" --dram-limit 16G --machine mc.json --threads 1 -o planc.json; want_rc 0 "cache"
  run $OLI plan "$IN/profile-rank0.json" --dram-limit 16G --machine mc.json --threads 1 --latency 100:300 -o planl.json; want_rc 0 "--latency"
  python3 - <<'PY' || fail "the machine file's cache_bytes and gather_ns are not the model's"
import json
p1, pc, pl = (json.load(open(f)) for f in ("plan1.json", "planc.json", "planl.json"))
assert pc["model"]["cache_bytes"] == 1099511627776 and pc["model"]["dram"]["gather_ns"] == 7, pc["model"]
assert "cache_bytes" not in p1["model"] and "gather_ns" not in p1["model"]["dram"], p1["model"]
assert "gather_ns" not in pl["model"]["dram"], pl["model"]
# a cache larger than everything: each object's bytes move once, not once per pass
assert pc["predicted"]["dram"] < p1["predicted"]["dram"], (pc["predicted"], p1["predicted"])
assert any("in the caches" in s["reason"] for s in pc["sites"]), [s["reason"] for s in pc["sites"]]
PY
  # a loaded latency measured below the idle one (another guest's noise): the idle one
  sed 's/"loaded_latency": 130,/"loaded_latency": 60,/' m.json >mlow.json
  run $OLI plan "$IN/profile-rank0.json" --dram-limit 16G --machine mlow.json --threads 1 -o planlow.json; want_rc 0 "loaded < idle"
  python3 -c 'import json; m=json.load(open("planlow.json"))["model"]; assert m["dram"]["latency"] == 90, m["dram"]' ||
    fail "a loaded latency below the idle one was taken"
  # a gather time in ps, when the file has one, is the model's instead of the whole ns
  sed 's/"loaded_latency": 130,/"loaded_latency": 130, "gather_ns": 3, "gather_ps": 3250,/' m.json >mg.json
  run $OLI plan "$IN/profile-rank0.json" --dram-limit 16G --machine mg.json --threads 1 -o plang.json; want_rc 0 "gather_ps"
  python3 -c 'import json; m=json.load(open("plang.json"))["model"]; assert m["dram"]["gather_ns"] == 3.25, m["dram"]' ||
    fail "the machine file's gather_ps is not the model's gather time"
  # a triad sweep, when the file has one, is the bandwidth instead of the read sweep (the CXL row has none)
  sed 's/"sweep": \[{"threads": 1, "read_bandwidth": 12000}/"triad_sweep": [{"threads": 1, "triad_bandwidth": 15000}, {"threads": 4, "triad_bandwidth": 24000}], &/' m.json >mt.json
  run $OLI plan "$IN/profile-rank0.json" --dram-limit 16G --machine mt.json --threads 4 -o plant.json; want_rc 0 "triad"
  python3 -c 'import json; m=json.load(open("plant.json"))["model"]; assert (m["dram"]["bandwidth"], m["dram"]["bandwidth_1thread"], m["dram"]["saturated"], m["cxl"]["bandwidth"]) == (24000, 15000, 24000, 9000), m' ||
    fail "the triad sweep is not the model's DRAM bandwidth"
  ;;
plan-machine-env) # OLI_MACHINE gives the machine file as --machine does; OLI_MACHINE=none and --machine none use none
  cat >m.json <<'J'
{"schema": "oli-machine", "version": 1, "measurements": [
 {"from": 0, "to": 0, "kind": "dram", "read_bandwidth": 15000, "idle_latency": 80}]}
J
  OLI_MACHINE=m.json run $OLI plan "$IN/profile-rank0.json" --dram-limit 16G -o plan.json; want_rc 0 OLI_MACHINE
  python3 -c 'import json; m=json.load(open("plan.json"))["model"]; assert m["source"]=="machine" and m["machine"]=="m.json" and m["dram"]["bandwidth"]==15000 and m["dram"]["latency"]==80, m' ||
    fail "OLI_MACHINE=m.json is not used"
  nomachine() { python3 -c 'import json; m=json.load(open("plan.json"))["model"]; assert m["machine"] is None and m["dram"]["source"]!="machine", m' ||
    fail "$1: a machine file was used"; }
  OLI_MACHINE=none run $OLI plan "$IN/profile-rank0.json" --dram-limit 16G -o plan.json; want_rc 0 none
  nomachine "OLI_MACHINE=none"
  OLI_MACHINE=m.json run $OLI plan "$IN/profile-rank0.json" --dram-limit 16G --machine none -o plan.json; want_rc 0 "--machine none"
  nomachine "--machine none over OLI_MACHINE"
  ;;
plan-machine-bad) # a bad machine file named by the user: one line naming it, exit 2
  rm -f plan.json
  printf '{"schema": "oli-machine", "version": 1, "measurements": [{"from": 0, "to": 0, "read_bandwidth": 0}]}' >bad.json
  run $OLI plan "$IN/profile-rank0.json" --dram-limit 1G --machine bad.json -o plan.json; want_rc 2 "bad machine file"
  one_line "oli: plan: --machine bad.json: line 1, column"
  printf '{"schema": "oli-machine", "version": 1, "measurements": [{"from": 0, "to": 2, "kind": "cxl", "read_bandwidth": 9000}]}' >nolocal.json
  OLI_MACHINE=nolocal.json run $OLI plan "$IN/profile-rank0.json" --dram-limit 1G -o plan.json; want_rc 2 "no local DRAM row"
  one_line "oli: plan: OLI_MACHINE nolocal.json: no measurement of a node's own memory"
  run $OLI plan "$IN/profile-rank0.json" --dram-limit 1G --machine missing.json -o plan.json; want_rc 2 "missing"
  one_line "oli: plan: --machine missing.json: cannot open"
  [ ! -e plan.json ] || fail "a plan was written"
  ;;
plan-defaults-said) # without a machine file or measured tiers the plan says its tiers are built-in defaults
  python3 -c '
import json; p = json.load(open("'"$IN"'/profile-rank0.json")); p.pop("tiers", None); json.dump(p, open("notiers.json", "w"))'
  OLI_MACHINE=none run $OLI plan notiers.json --dram-limit 16G -o plan.json; want_rc 0 "defaults"
  grep -q "^oli: warning: plan: built-in defaults (no machine file): built-in default figures model the tiers; measure this machine with 'oli calibrate -o FILE'" err.txt ||
    fail "no warning about the defaults: $(cat err.txt)"
  grep -q "model: built-in defaults (no machine file)$" err.txt || fail "the summary does not name the defaults: $(cat err.txt)"
  python3 -c 'import json; m=json.load(open("plan.json"))["model"]; assert m["source"]=="default" and all(m[t]["source"]=="default" for t in ("dram","cxl","remote_dram")), m' ||
    fail "the plan's model does not say default"
  # a machine file from a machine without CXL memory: local DRAM measured, CXL's figures named as built-in
  printf '{"schema": "oli-machine", "version": 1, "measurements": [{"from": 0, "to": 0, "kind": "dram", "read_bandwidth": 20000, "threads": 2, "idle_latency": 90}]}' >dramonly.json
  run $OLI plan notiers.json --dram-limit 16G --machine dramonly.json --threads 2 -o plan.json; want_rc 0 "no CXL measured"
  grep -q "^oli: warning: plan: machine dramonly.json (node 0: dram measured; cxl, remote_dram default): the file measured no CXL node (a memory node without CPUs): CXL is modelled by built-in figures (8000 MB/s at 2 threads, 280 ns); calibrate where CXL memory is, or give --bandwidth and --latency$" err.txt ||
    fail "no warning naming CXL's built-in figures: $(cat err.txt)"
  grep -q "measure this machine with" err.txt && fail "the warning asks to calibrate the machine the file measured"
  ;;
plan-predicted) # the plan predicts seconds for all-DRAM, uniform, oli and itself; printed with units; oli report shows them
  OLI_MACHINE=none run $OLI plan "$IN/profile-rank0.json" --dram-limit 4G --threads 2 -o plan.json; want_rc 0 plan
  grep -Eq '^oli: predicted time at 2 threads: plan [0-9.e+]+ (s|ms|us|ns), all-DRAM [0-9.e+]+ (s|ms), uniform \(every object [0-9]+:[0-9]+\) [0-9.e+]+ (s|ms), oli [0-9.e+]+ (s|ms); model: ' err.txt ||
    fail "no predicted line with units: $(cat err.txt)"
  python3 - <<'PY' || fail "predicted seconds"
import json
p = json.load(open("plan.json")); t = p["predicted"]
assert set(t) >= {"dram", "uniform", "oli", "plan"} and t["threads"] == 2, t
# all-DRAM: the traffic (8 bytes a sampled access) at local DRAM's bandwidth at 2 threads (20000 MB/s)
acc = sum(s["accesses"] for s in p["sites"])
assert abs(t["dram"] - acc * 8 / 20000e6) < 1e-6 * t["dram"], (t["dram"], acc * 8 / 20000e6)
assert t["plan"] >= t["dram"] * 0.999, t  # 2 threads do not saturate DRAM: nothing beats all-DRAM, and 4G < footprint
assert t["uniform"] > t["dram"], t
assert abs(sum(s["stall"] for s in p["sites"]) - t["plan"]) < 1e-6 * t["plan"], t
PY
  run $OLI report plan.json; want_rc 0 report
  grep -Eq '^predicted time at 2 threads: plan [0-9.e+]+ (s|ms), all-DRAM [0-9.e+]+ (s|ms), uniform [0-9.e+]+ (s|ms), oli [0-9.e+]+ (s|ms); model: ' out.txt ||
    fail "oli report shows no predicted times: $(cat out.txt)"
  ;;
plan-compute) # the profile's operations at the machine file's op_ps, over the threads: the run's time where longer than its memory's
  for ps in 100 100000; do
    cat >m$ps.json <<J
{"schema": "oli-machine", "version": 1, "host": "t", "op_ps": $ps, "measurements": [
 {"from": 0, "to": 0, "kind": "dram", "read_bandwidth": 20000, "threads": 2, "idle_latency": 90}]}
J
    run $OLI plan "$IN/profile-rank0.json" --dram-limit 0 --machine m$ps.json --threads 2 -o plan$ps.json; want_rc 0 "plan, op_ps $ps"
    cp err.txt err$ps.txt
  done
  # 3e9 operations x 0.1 ns / 2 threads = 150 ms, below the memory time (12.6 s); at 100 ns, 150 s above it
  grep -q '^oli: on local DRAM at 2 threads: memory 12.6 s, core 150 ms (cache hits 0 s, compute 150 ms: 3e+09 operations at 0.1 ns a thread): the model finds the run memory-bound$' err100.txt ||
    fail "no memory-bound line: $(cat err100.txt)"
  grep -q '^oli: on local DRAM at 2 threads: memory 12.6 s, core 150 s (cache hits 0 s, compute 150 s: 3e+09 operations at 100 ns a thread): the model finds the run core-bound$' err100000.txt ||
    fail "no core-bound line: $(cat err100000.txt)"
  python3 - <<'PY' || fail "the compute time is not the run's where longer"
import json
fast, slow = (json.load(open("plan%d.json" % ps)) for ps in (100, 100000))
m = fast["model"]
assert m["operations"] == 3000000000 and m["op_ns"] == 0.1 and abs(m["compute_time"] - 0.15) < 1e-9, m
assert fast["predicted"]["dram"] > 1 and fast["predicted"]["plan"] < fast["predicted"]["uniform"], fast["predicted"]
assert all(abs(slow["predicted"][k] - 150) < 1e-6 for k in ("dram", "uniform", "oli", "plan")), slow["predicted"]
# the all-DRAM run's two parts: its memory time and its core's (no cache figures here: compute alone)
for p in (fast, slow):
    assert abs(p["predicted"]["dram_core"] - p["model"]["compute_time"]) < 1e-9, p["predicted"]
    assert abs(p["predicted"]["dram_memory"] - fast["predicted"]["dram"]) < 1e-6, p["predicted"]
PY
  run $OLI report plan100000.json; want_rc 0 "report, op_ps 100000"
  has "on local DRAM: memory 12.6 s, core 150 s (cache hits plus compute): the model finds the run core-bound"
  # by thread count (op_sweep): at 2 threads between its points, 1: 100 ps and 4: 400 ps
  sed 's/"op_ps": 100, /"op_ps": 100, "op_sweep": [{"threads": 1, "op_ps": 100}, {"threads": 4, "op_ps": 400}], /' m100.json >ms.json
  run $OLI plan "$IN/profile-rank0.json" --dram-limit 0 --machine ms.json --threads 2 -o plan.json; want_rc 0 "plan, op_sweep"
  python3 -c 'import json; m = json.load(open("plan.json"))["model"]; assert m["op_ns"] == 0.2 and abs(m["compute_time"] - 0.3) < 1e-9, m' ||
    fail "the op sweep not read at the thread count"
  sed 's/"op_ps": 100, //' m100.json >m.json
  run $OLI plan "$IN/profile-rank0.json" --dram-limit 0 --machine m.json --threads 2 -o plan.json; want_rc 0 "plan, no op_ps"
  grep -qF "oli: compute time: not modelled (the machine file has no op_ps; 'oli calibrate -o FILE' measures it)" err.txt ||
    fail "no word that compute is not modelled: $(cat err.txt)"
  python3 -c 'import json; m = json.load(open("plan.json"))["model"]; assert m["compute_time"] == 0 and m["op_ns"] == 0, m' ||
    fail "a compute time without op_ps"
  OLI_MACHINE=none run $OLI plan "$IN/profile-rank0.json" --dram-limit 0 --threads 2 -o plan.json; want_rc 0 "plan, no machine file"
  grep -qF "oli: compute time: not modelled (no machine file; 'oli calibrate -o FILE' measures it)" err.txt ||
    fail "no word that there is no machine file: $(cat err.txt)"
  ;;
plan-predicted-budget) # the uniform and oli predictions spill as the runtime does under the plan's DRAM budget
  for lim in unlimited 1T 1G 256M; do
    OLI_MACHINE=none run $OLI plan "$IN/profile-rank0.json" --dram-limit "$lim" --threads 2 -o "p-$lim.json"
    want_rc 0 "plan $lim"
  done
  python3 - <<'PY' || fail "the budget does not move the uniform and oli predictions"
import json
t = {l: json.load(open("p-%s.json" % l))["predicted"] for l in ("unlimited", "1T", "1G", "256M")}
t["none"] = t["unlimited"]
assert t["1T"]["oli"] == t["none"]["oli"] and t["1T"]["uniform"] == t["none"]["uniform"], t  # a budget above the footprint: none
assert t["none"]["oli"] < t["1G"]["oli"] < t["256M"]["oli"], t  # less DRAM, more spilled to the slower CXL
assert t["none"]["uniform"] < t["1G"]["uniform"] <= t["256M"]["uniform"], t
assert t["1G"]["dram"] == t["none"]["dram"], t  # all-DRAM stays the no-budget reference
PY
  ;;
plan-min-size-default) # without --min-size the plan leaves out what the runtime never places: objects below 1M (OLI_MIN_SIZE)
  python3 - <<'PY' || fail "cannot make the profile"
import json
sites = [{"id": "0x%016x" % (0x100 + i), "kind": "malloc", "file": "k.c", "function": "main", "line": 10 + i, "rel": i,
          "name": n, "count": c, "largest": b, "peak_live": b, "total_bytes": b * c, "accesses": a}
         for i, (n, c, b, a) in enumerate([("big", 1, 64 << 20, 10 ** 9), ("tiny", 1, 6, 1000), ("below", 1, (1 << 20) - 1, 10 ** 6),
                                          ("edge", 1, 1 << 20, 10 ** 6), ("never", 0, 0, 0)])]
json.dump({"schema": "oli-profile", "version": 1, "program": "k", "access_source": "portable",
           "footprint_peak": sum(s["peak_live"] for s in sites), "sites": sites}, open("p.json", "w"))
PY
  OLI_MACHINE=none run $OLI plan p.json --dram-limit 16M -o plan.json; want_rc 0 plan
  python3 - <<'PY' || fail "sites below 1M or never allocated got a decision"
import json
p = json.load(open("plan.json"))
assert sorted(s["name"] for s in p["sites"]) == ["big", "edge"], p["sites"]
assert {l["name"]: l["why"] for l in p["left_out"]} == {"tiny": "small", "below": "small", "never": "unused"}, p["left_out"]
PY
  OLI_MACHINE=none run $OLI plan p.json --dram-limit 16M --min-size 1 -o plan.json; want_rc 0 "min-size 1"
  python3 -c 'import json; p=json.load(open("plan.json")); assert sorted(s["name"] for s in p["sites"])==["below","big","edge","tiny"], p["sites"]' ||
    fail "--min-size 1 plans every allocated site"
  ;;
profile-time-threads) # the profile records the wall time it covers, the most threads that counted at once and their operations
  [ -f "$PLUGIN" ] || { echo "SKIP: $PLUGIN not built"; exit 77; }
  [ "$SANITIZED" = 1 ] && { echo "SKIP: sanitizer tree"; exit 77; }
  cat >tt.c <<'C'
#include <pthread.h>
#include <stdlib.h>
#include <time.h>
#define N (1 << 20)
static double *a;
static pthread_barrier_t bar;
static void *work(void *arg) {
  double s = 0;
  pthread_barrier_wait(&bar); /* all three stream at once */
  for (int r = 0; r < 4; r++)
    for (int i = 0; i < N; i++) s += a[i];
  pthread_barrier_wait(&bar);
  *(double *)arg = s;
  return NULL;
}
int main(void) {
  a = malloc(N * sizeof(double));
  for (int i = 0; i < N; i++) a[i] = i;
  pthread_barrier_init(&bar, NULL, 3);
  pthread_t t[3];
  double out[3];
  for (int k = 0; k < 3; k++) pthread_create(&t[k], NULL, work, &out[k]);
  for (int k = 0; k < 3; k++) pthread_join(t[k], NULL);
  struct timespec ts = {0, 300000000};
  nanosleep(&ts, NULL);
  return out[0] < 0;
}
C
  OLI_PASS_OPTIONS='profile-every=16' "$CLANG" -O1 -pthread -gline-tables-only -I"$INC" -fpass-plugin="$PLUGIN" tt.c -o tt \
    -L"$LIBDIR" -Wl,-rpath,"$LIBDIR" -loli || fail build
  run env OLI_PROFILE=p.json OLI_PROFILE_SOURCE=portable ./tt; want_rc 0 run
  python3 - <<'PY' || fail "run_ns or threads"
import json
p = json.load(open("p.json"))
assert 3e8 <= p["run_ns"] < 120e9, p.get("run_ns")
assert p["threads"] >= 3, p.get("threads")
# operations: 3 threads x 4 x 2^20 iterations of 5 (load, fadd, add, icmp, br) and main's
# 2^20 of 5 (sitofp, store, add, icmp, br): 68.2 M, whichever thread ran them
assert 0.9 * 68.2e6 <= p["operations"] <= 1.1 * 68.2e6, p.get("operations")
PY
  run $OLI report p.json; want_rc 0 report
  grep -Eq '^run [0-9.]+ (s|ms), [0-9]+ threads at most at once$' out.txt || fail "oli report: no run line: $(cat out.txt)"
  grep -Eq "^operations 6[0-9.]+e\+07 \(the instrumented code's, all threads: oli plan's compute time\)$" out.txt ||
    fail "oli report: no operations line: $(cat out.txt)"
  # the accesses no tagged object held, with their share of the sampled ones (a profile with none: no line)
  python3 - <<'PY' || fail "oli report: the unattributed accesses' line: $(cat out.txt)"
import json
p = json.load(open("p.json")); u, a = p["unattributed_accesses"], p["sampled_accesses"]
lines = [l for l in open("out.txt") if l.startswith("unattributed accesses")]
want = "unattributed accesses %d (%.1f%% of the %d sampled: no tagged object held them" % (u, 100.0 * u / a, a) if u else None
assert (lines == [] if want is None else len(lines) == 1 and lines[0].startswith(want)), (want, lines)
json.dump(dict(p, unattributed_accesses=12, sampled_accesses=48), open("p2.json", "w"))
PY
  run $OLI report p2.json; want_rc 0 "report with unattributed accesses"
  grep -q "^unattributed accesses 12 (25.0% of the 48 sampled: no tagged object held them - the stack, untagged or foreign memory; no site's count has them)$" out.txt ||
    fail "oli report: no unattributed line for 12 of 48: $(cat out.txt)"
  ;;
plan-profile-pattern) # a profile site seen as a gather is latency-bound: its misses at the loaded latency; the
  # reason names whose gather it is (the profile's sampled addresses, the pass's estimate)
  python3 - <<'PY' || fail "cannot make the profile"
import json
site = lambda i, n, pat, src=None: dict({"id": "0x%016x" % (0x200 + i), "kind": "malloc", "file": "k.c", "function": "main",
                               "line": 5 + i, "rel": i, "name": n, "count": 1, "largest": 64 << 20, "peak_live": 64 << 20,
                               "total_bytes": 64 << 20, "accesses": 10 ** 8}, **({"pattern": pat} if pat else {}),
                               **({"pattern_source": src} if src else {}))
json.dump({"schema": "oli-profile", "version": 1, "program": "k", "access_source": "portable",
           "footprint_peak": 192 << 20, "sites": [site(0, "grid", "gather", "static"), site(1, "flux", None),
                                                  site(2, "table", "gather", "profile")]}, open("p.json", "w"))
PY
  OLI_MACHINE=none run $OLI plan p.json --dram-limit 0 -o plan.json; want_rc 0 plan
  python3 - <<'PY' || fail "the gather is not latency-bound"
import json
by = {s["name"]: s for s in json.load(open("plan.json"))["sites"]}
g, f = by["grid"], by["flux"]
assert "gather by the static estimate" in g["reason"] and "latency-bound" in g["reason"], g["reason"]
t = by["table"]
assert "gather by its sampled addresses" in t["reason"] and "latency-bound" in t["reason"], t["reason"]
assert abs(g["stall"] - 1.0) < 1e-9, g["stall"]   # 1e8 misses x 100 ns / 10 in flight, 1 thread
assert abs(f["stall"] - 0.08) < 1e-9, f["stall"]  # streamed: 8e8 B at 10000 MB/s
PY
  ;;
plan-small-counted) # a site below --min-size gets no decision, but its hits and traffic are the run's: a
  # 256 KiB table gathered from the caches beside a 32 MiB stream; the predicted times and the hits' time
  # are the same whether --min-size leaves the table out (the default, 1M) or plans it (1), and more
  # than without the table
  python3 - <<'PY' || fail "cannot make the inputs"
import json
M = 1 << 20
json.dump({"schema": "oli-machine", "version": 1, "cache_bytes": M, "cache_gather_ps": 2000, "cache_read_bandwidth": 16000,
           "op_ps": 100, "measurements": [{"from": 0, "to": 0, "kind": "dram", "read_bandwidth": 10000, "threads": 1,
                                            "idle_latency": 100, "gather_ns": 20}]}, open("m.json", "w"))
def site(i, name, size, acc, pattern):
    return {"id": "0x%016x" % (0x500 + i), "kind": "malloc", "file": "k.c", "function": "main", "line": 10 + i, "rel": 0,
            "name": name, "count": 1, "largest": size, "peak_live": size, "total_bytes": size, "accesses": acc,
            "pattern": pattern, "pattern_source": "profile"}
def prof(path, sites):
    json.dump({"schema": "oli-profile", "version": 1, "program": "k", "access_source": "portable", "threads": 1,
               "operations": 10**9, "footprint_peak": 33 * M, "sites": sites}, open(path, "w"))
stream, table = site(0, "a", 32 * M, 16 * M, "streaming"), site(1, "table", 256 << 10, 64 * M, "gather")
prof("both.json", [stream, table])
prof("stream.json", [stream])
PY
  run $OLI plan both.json --machine m.json --dram-limit 0 -o d.plan.json; want_rc 0 "default --min-size"
  run $OLI plan both.json --machine m.json --dram-limit 0 --min-size 1 -o one.plan.json; want_rc 0 "--min-size 1"
  run $OLI plan stream.json --machine m.json --dram-limit 0 -o s.plan.json; want_rc 0 "without the table"
  python3 - <<'PY' || fail "the small table's time is not the run's"
import json
d, one, s = (json.load(open(p)) for p in ("d.plan.json", "one.plan.json", "s.plan.json"))
assert [x["why"] for x in d["left_out"]] == ["small"] and len(one["sites"]) == 2, (d["left_out"], one["sites"])
for k in ("dram", "uniform", "oli", "plan", "dram_memory", "dram_core"):
    assert abs(d["predicted"][k] - one["predicted"][k]) <= 1e-5 * one["predicted"][k], (k, d["predicted"], one["predicted"])
assert abs(d["model"]["hit_time"] - one["model"]["hit_time"]) <= 1e-5 * one["model"]["hit_time"], (d["model"], one["model"])
# the table's 64 Mi accesses, cached: (64 Mi - 4096 first touches) hits at 2 ns, on top of the stream's
want = (64 * 2**20 - 4096) * 2e-9
assert abs(d["model"]["hit_time"] - s["model"]["hit_time"] - want) <= 1e-5 * want, (d["model"]["hit_time"], s["model"]["hit_time"], want)
assert d["predicted"]["dram"] > s["predicted"]["dram"] + 0.9 * want, (d["predicted"], s["predicted"])
PY
  ;;
plan-touched-hits) # an IS-like key_count: 64 MiB gathered, 512 KiB of it touched (the profile's touched), on a
  # machine with 1 MiB of cache and a measured hit cost: the touched part is cached, its hits cost
  # cache_gather_ps each (the run: the longer of memory and hits); without touched the whole 64 MiB
  # counts and nearly every access misses
  python3 - <<'PY' || fail "cannot make the inputs"
import json
M = 1 << 20
json.dump({"schema": "oli-machine", "version": 1, "cache_bytes": M, "cache_gather_ps": 2000, "cache_read_bandwidth": 16000,
           "measurements": [{"from": 0, "to": 0, "kind": "dram", "read_bandwidth": 10000, "threads": 1,
                             "idle_latency": 100, "gather_ns": 20}]}, open("m.json", "w"))
def prof(path, touched):
    s = dict({"id": "0x0000000000000400", "kind": "global", "file": "is.c", "function": "main", "line": 9, "rel": 0,
              "name": "key_count", "count": 1, "largest": 64 * M, "peak_live": 64 * M, "total_bytes": 64 * M,
              "accesses": 8 * M, "pattern": "gather", "pattern_source": "profile"},
             **({"touched": touched} if touched else {}))
    json.dump({"schema": "oli-profile", "version": 1, "program": "is", "access_source": "portable", "threads": 1,
               "footprint_peak": 64 * M, "sites": [s]}, open(path, "w"))
prof("t.json", 512 << 10)
prof("w.json", 0)
prof("t2.json", 1 << 20)
PY
  run $OLI plan t.json --machine m.json --dram-limit 0 -o t.plan.json; want_rc 0 "plan with touched"
  run $OLI plan w.json --machine m.json --dram-limit 0 -o w.plan.json; want_rc 0 "plan without touched"
  run $OLI profile merge m1.json t.json t2.json; want_rc 0 "merge of two touched spans"
  run $OLI profile merge m2.json t.json w.json; want_rc 0 "merge with a profile without touched"
  python3 - <<'PY' || fail "the touched part and the hits' time"
import json
t, w = (json.load(open(p)) for p in ("t.plan.json", "w.plan.json"))
# (the plan writes 6 digits) touched: D = 512 KiB <= 1 MiB, cached: misses its 8192 lines once at 20 ns; 8380416 hits at 2 ns
want_t = max(8192 * 20e-9, (8 * 2**20 - 8192) * 2e-9)   # the run: the longer of memory and hits
assert abs(t["predicted"]["dram"] - want_t) < 1e-5 * want_t, (t["predicted"], want_t)
assert t["model"]["hit_ns"] == 2 and t["model"]["cache_bandwidth"] == 16000 and t["model"]["hit_source"] == "machine", t["model"]
# whole: 1/64 of it cached: misses 63/64 x 8 Mi + 1/64 x 1 Mi lines = 8273920, hits 114688
want_w = max(8273920 * 20e-9, 114688 * 2e-9)
assert abs(w["predicted"]["dram"] - want_w) < 1e-5 * want_w, (w["predicted"], want_w)
m1, m2 = (json.load(open(p))["sites"][0] for p in ("m1.json", "m2.json"))
assert m1["touched"] == 1 << 20, m1   # the widest span
assert "touched" not in m2, m2        # unknown in one input: unknown
PY
  ;;
plan-chained-hits) # a union grid searched by bisection: 1 MiB gathered, cached, its accesses chained (the
  # profile's `chained`, from the pass's estimate): its hits cost the machine's cache_chase_ps each, the same
  # grid unchained cache_gather_ps; `oli profile merge` keeps the flag
  python3 - <<'PY' || fail "cannot make the inputs"
import json
M = 1 << 20
json.dump({"schema": "oli-machine", "version": 1, "cache_bytes": 2 * M, "cache_gather_ps": 2000, "cache_chase_ps": 5000,
           "measurements": [{"from": 0, "to": 0, "kind": "dram", "read_bandwidth": 10000, "threads": 1,
                             "idle_latency": 100, "gather_ns": 20}]}, open("m.json", "w"))
def prof(path, chained):
    s = dict({"id": "0x0000000000000500", "kind": "malloc", "file": "xs.c", "function": "grid", "line": 9, "rel": 0,
              "name": "union_energy", "count": 1, "largest": M, "peak_live": M, "total_bytes": M,
              "accesses": 8 * M, "pattern": "gather", "pattern_source": "profile"},
             **({"chained": True} if chained else {}))
    json.dump({"schema": "oli-profile", "version": 1, "program": "xs", "access_source": "portable", "threads": 1,
               "footprint_peak": M, "sites": [s]}, open(path, "w"))
prof("c.json", True)
prof("u.json", False)
PY
  run $OLI plan c.json --machine m.json --dram-limit 0 -o c.plan.json; want_rc 0 "plan of a chained gather"
  run $OLI plan u.json --machine m.json --dram-limit 0 -o u.plan.json; want_rc 0 "plan of the same gather unchained"
  run $OLI profile merge cm.json c.json c.json; want_rc 0 "merge of chained profiles"
  python3 - <<'PY' || fail "the chained hits' time"
import json
c, u = (json.load(open(p)) for p in ("c.plan.json", "u.plan.json"))
# cached whole: its 16384 lines once from memory at 20 ns, 8 Mi - 16384 hits
hits = 8 * 2**20 - 16384
assert abs(c["model"]["hit_time"] - hits * 5e-9) < 1e-5 * hits * 5e-9, c["model"]
assert abs(u["model"]["hit_time"] - hits * 2e-9) < 1e-5 * hits * 2e-9, u["model"]
assert c["model"]["chase_ns"] == 5 and c["model"]["hit_source"] == "machine", c["model"]
assert abs(c["predicted"]["dram"] - max(16384 * 20e-9, hits * 5e-9)) < 1e-5 * hits * 5e-9, c["predicted"]
assert json.load(open("cm.json"))["sites"][0].get("chained") is True
assert "chained" not in json.load(open("u.json"))["sites"][0]
assert ", chained)" in c["sites"][0]["reason"] and "chained" not in u["sites"][0]["reason"], (c["sites"][0], u["sites"][0])
PY
  ;;
plan-gather-work) # a gathered index grid whose loop does 50 operations a miss (the profile's gather_ops /
  # gather_accesses) on a core of a 100-operation window (miss_window): half its 200 ns latency a miss, not the
  # machine's 20 ns gather; without the window, or without the work, 20 ns; merge sums both counts
  python3 - <<'PY' || fail "cannot make the inputs"
import json
M = 1 << 20
row = {"from": 0, "to": 0, "kind": "dram", "read_bandwidth": 10000, "threads": 1, "idle_latency": 200, "gather_ns": 20}
json.dump({"schema": "oli-machine", "version": 1, "miss_window": 100, "measurements": [row]}, open("w.json", "w"))
json.dump({"schema": "oli-machine", "version": 1, "measurements": [row]}, open("nw.json", "w"))
def prof(path, work):
    s = dict({"id": "0x0000000000000600", "kind": "malloc", "file": "xs.c", "function": "grid", "line": 12, "rel": 0,
              "name": "index_grid", "count": 1, "largest": 64 * M, "peak_live": 64 * M, "total_bytes": 64 * M,
              "accesses": M, "pattern": "gather", "pattern_source": "profile"},
             **({"gather_accesses": M // 2, "gather_ops": 50 * (M // 2)} if work else {}))
    json.dump({"schema": "oli-profile", "version": 1, "program": "xs", "access_source": "portable", "threads": 1,
               "footprint_peak": 64 * M, "sites": [s]}, open(path, "w"))
prof("g.json", True)
prof("n.json", False)
PY
  run $OLI plan g.json --machine w.json --dram-limit 0 -o g.plan.json; want_rc 0 "plan of a gather with work"
  run $OLI plan g.json --machine nw.json --dram-limit 0 -o gn.plan.json; want_rc 0 "the same without a window"
  run $OLI plan n.json --machine w.json --dram-limit 0 -o n.plan.json; want_rc 0 "the same without the work"
  run $OLI profile merge gm.json g.json g.json; want_rc 0 "merge of profiles with gathers' work"
  python3 - <<'PY' || fail "the gathers' work"
import json
g, gn, n = (json.load(open(p)) for p in ("g.plan.json", "gn.plan.json", "n.plan.json"))
misses = 1 << 20  # no cache: every access a miss
assert abs(g["predicted"]["dram"] - misses * 100e-9) < 1e-5 * misses * 100e-9, g["predicted"]
for p in (gn, n):
    assert abs(p["predicted"]["dram"] - misses * 20e-9) < 1e-5 * misses * 20e-9, p["predicted"]
assert g["model"]["miss_window"] == 100 and "miss_window" not in gn["model"], (g["model"], gn["model"])
assert ", 50 operations a miss)" in g["sites"][0]["reason"], g["sites"][0]["reason"]
assert "operations a miss" not in n["sites"][0]["reason"] + gn["sites"][0]["reason"]
m = json.load(open("gm.json"))["sites"][0]
assert m["gather_accesses"] == 1 << 20 and m["gather_ops"] == 50 << 20, m
PY
  ;;
plan-hit-curve) # the machine file's gathered hit curve (cache_gathers): a bucket table of 8 KiB touched pays
  # its first point per hit, a 1 MiB vector the point at 1 MiB, one of 2 MiB between 1 and 4 MiB (log2);
  # the plan records the curve; without it both pay cache_gather_ps
  python3 - <<'PY' || fail "cannot make the inputs"
import json
M = 1 << 20
mach = {"schema": "oli-machine", "version": 1, "cache_bytes": 16 * M, "cache_gather_ps": 1500,
        "measurements": [{"from": 0, "to": 0, "kind": "dram", "read_bandwidth": 10000, "threads": 1,
                          "idle_latency": 100, "gather_ns": 20}]}
json.dump(mach, open("flat.json", "w"))
mach["cache_gathers"] = [{"bytes": 16384, "gather_ps": 500}, {"bytes": M, "gather_ps": 2000},
                         {"bytes": 4 * M, "gather_ps": 3000}]
json.dump(mach, open("curve.json", "w"))
def site(i, name, peak, touched):
    return {"id": "0x%016x" % (0x600 + i), "kind": "malloc", "file": "k.c", "function": "main", "line": 10 + i,
            "rel": 0, "name": name, "count": 1, "largest": peak, "peak_live": peak, "total_bytes": peak,
            "accesses": 64 * M, "pattern": "gather", "pattern_source": "profile", "touched": touched}
for n, (name, peak, touched) in enumerate([("buckets", 1 * M, 8192), ("p", M, M), ("grid", 2 * M, 2 * M)]):
    json.dump({"schema": "oli-profile", "version": 1, "program": "k", "access_source": "portable", "threads": 1,
               "footprint_peak": peak, "sites": [site(n, name, peak, touched)]}, open(name + ".json", "w"))
PY
  for o in buckets p grid; do
    run $OLI plan $o.json --machine curve.json --dram-limit 0 --min-size 1 -o $o.curve.plan.json; want_rc 0 "plan of $o, curve"
    run $OLI plan $o.json --machine flat.json --dram-limit 0 --min-size 1 -o $o.flat.plan.json; want_rc 0 "plan of $o, flat"
  done
  python3 - <<'PY' || fail "the hits' time by the gathered object's size"
import json
M = 1 << 20
def plan(o, m): return json.load(open("%s.%s.plan.json" % (o, m)))
for o, touched, ns in (("buckets", 8192, 0.5), ("p", M, 2.0), ("grid", 2 * M, 2.5)):
    c, f = plan(o, "curve"), plan(o, "flat")
    hits = 64 * M - touched // 64          # cached whole: each line once from memory
    assert abs(c["model"]["hit_time"] - hits * ns * 1e-9) < 1e-5 * hits * ns * 1e-9, (o, c["model"])
    assert abs(f["model"]["hit_time"] - hits * 1.5e-9) < 1e-5 * hits * 1.5e-9, (o, f["model"])
    assert [p["bytes"] for p in c["model"]["hit_curve"]] == [16384, M, 4 * M], c["model"]
    assert "hit_curve" not in f["model"], f["model"]
PY
  ;;
plan-xs-budget) # an XSBench-like profile at 2 threads under a 100M budget: the hottest grid per byte stays on
  # local DRAM and the plan fills at least 95% of the budget (DRAM lowers predicted time for every touched grid)
  python3 - <<'PY' || fail "cannot make the profile"
import json
M = 1 << 20
grids = [("nuclide_grid", 62 * M, 70_000_000_000, "gather"), ("index_grid", 240 * M, 14_000_000_000, "gather"),
         ("union_energy", 9 * M, 9_000_000_000, "gather"), ("bank", 40 * M, 2_000_000_000, "streaming"),
         ("mat_conc", 1 * M + 4096, 600_000_000, "streaming"), ("never", 0, 0, None), ("tiny", 6, 10_000, None)]
sites = [dict({"id": "0x%016x" % (0x300 + i), "kind": "malloc", "file": "xs.c", "function": "grid_init", "line": 50 + i,
               "rel": i, "name": n, "count": 1 if b else 0, "largest": b, "peak_live": b, "total_bytes": b,
               "accesses": a}, **({"pattern": p} if p else {})) for i, (n, b, a, p) in enumerate(grids)]
json.dump({"schema": "oli-profile", "version": 1, "program": "xs", "access_source": "portable", "threads": 2,
           "footprint_peak": sum(s["peak_live"] for s in sites), "sites": sites}, open("xs.json", "w"))
PY
  OLI_MACHINE=none run $OLI plan xs.json --dram-limit 100M -o plan.json; want_rc 0 plan
  python3 - <<'PY' || fail "the XSBench-like plan"
import json
p = json.load(open("plan.json"))
by = {s["name"]: s for s in p["sites"]}
assert by["nuclide_grid"]["decision"] == "dram", by["nuclide_grid"]          # 1.1e3 accesses/B: the hottest per byte
assert by["union_energy"]["decision"] == "dram", by["union_energy"]
used = p["summary"]["dram_bytes"]
assert used >= 0.95 * (100 << 20), (used, 100 << 20)                          # the budget filled
assert p["predicted"]["plan"] < p["predicted"]["uniform"], p["predicted"]    # gathers lose on CXL: better than uniform
assert {l["name"]: l["why"] for l in p["left_out"]} == {"never": "unused", "tiny": "small"}, p["left_out"]
PY
  ;;
plan-big) # what oli writes, oli reads back: a 200,000-site profile gives a plan above 64 MiB
  # (the old input limit), which oli report and the runtime's OLI_PLAN read
  python3 - <<'PY' || fail "cannot make the profile"
import json
sites = [{"id": "0x%016x" % (0x1000 + i), "kind": "malloc", "file": "src/module_%d/file_%d.c" % (i // 1000, i % 1000),
          "function": "compute_kernel_%d" % i, "line": 100 + i % 500, "rel": i % 50, "name": "array_%d" % i,
          "count": 1, "largest": (1 << 20) + i, "peak_live": (1 << 20) + i, "total_bytes": (1 << 20) + i,
          "accesses": i * 1000} for i in range(200000)]
json.dump({"schema": "oli-profile", "version": 1, "program": "big", "runs": 1, "access_source": "portable",
           "footprint_peak": sum(s["peak_live"] for s in sites), "sites": sites}, open("big.json", "w"))
PY
  run $OLI plan big.json --dram-limit 64G -o plan.json; want_rc 0 "plan of 200,000 sites"
  [ "$(wc -c <plan.json)" -gt $((64 << 20)) ] || fail "the plan is not above 64 MiB: the case tests nothing"
  run $OLI report plan.json; want_rc 0 "oli report reads it back"; has "oli-plan plan.json program big, 200000 sites"
  if nm -D --undefined-only "$LIBDIR/liboli.so" 2>/dev/null | grep -q '__[at]san_'; then
    echo "note: liboli is a sanitizer build here: the runtime's read of the plan is checked in the normal tree"
    rm -f big.json plan.json; exit 0
  fi
  cat >p.c <<'C'
#include "sitehelper.h"
#include <stdlib.h>
int main(void) { free(__oli_malloc(2 << 20, test_site(0x1005, OLI_KIND_MALLOC, 0, "array_5"))); return 0; }
C
  "$CLANG" -I"$INC" -I"$IN/../../runtime" p.c -o p -L"$LIBDIR" -loli -Wl,-rpath,"$LIBDIR" || fail "compile"
  OLI_PLAN=plan.json OLI_VERBOSE=1 ./p >out.txt 2>err.txt || { cat err.txt >&2; fail "run with OLI_PLAN"; }
  grep -q "^oli: plan plan.json: plan with 200000 sites$" err.txt || { grep plan err.txt >&2; fail "OLI_PLAN not read"; }
  rm -f big.json plan.json
  ;;
input-fifo) # a FIFO (or other non-regular file) as input is refused at once, like readelf
  rm -f fifo; mkfifo fifo || fail "mkfifo"
  for c in "sites fifo" "report fifo" "diff fifo $IN/report-old.json" "plan fifo --dram-limit 1G" "profile merge out.json fifo"; do
    run timeout 10 $OLI $c; want_rc 2 "oli $c"; one_line "fifo: not a regular file (a FIFO)"
  done
  run $OLI report /dev/null; want_rc 2 "a device"; one_line "not a regular file (a character device)"
  run $OLI sites .; want_rc 2 "a directory"; one_line "not a regular file (a directory)"
  ;;
text-escape) # strings from ELF records and documents reach the terminal escaped, one line each
  python3 "$IN/../mkelf.py" controls controls.elf || fail "mkelf"
  run $OLI sites controls.elf; want_rc 0 "sites"
  [ "$(wc -l <out.txt)" -eq 3 ] || { cat -A out.txt >&2; fail "a string broke the table's lines"; }
  grep -q '^0x0123456789abcdef  malloc  m\\x1b\]0;pwned\\x07\.c:42  ma\\x1b\[2Jin\\nFORGED-ROW  b\\u009b1mu\\xff\\x7ff  ? *- *- *- *-$' out.txt ||
    { cat -A out.txt >&2; fail "escaped row"; }
  ! LC_ALL=C grep -q "$(printf '[\001-\010\013-\037\177]')" out.txt || fail "raw control characters in oli sites"
  python3 - "$IN" <<'PY' || fail "cannot make the inputs"
import json, sys
r = json.load(open(sys.argv[1] + "/report-old.json"))
r["program"] = "prog\nforged line"
r["sites"][0]["name"] = "a\u001b[2J\u009b31m"
r["sites"][0]["reason"] = "why\rnot"
json.dump(r, open("r.json", "w"))
p = json.load(open(sys.argv[1] + "/profile-rank0.json"))
q = json.load(open(sys.argv[1] + "/profile-rank0.json"))
q["sites"][0]["file"] = "cg.c\nforged: second line"
json.dump(q, open("q.json", "w"))
PY
  run $OLI report r.json; want_rc 0 "report"
  ! LC_ALL=C grep -q "$(printf '[\001-\010\013-\037\177]')" out.txt || fail "raw control characters in oli report"
  grep -q '^oli-report r.json program prog\\nforged line, ' out.txt || fail "program name not escaped"
  grep -q 'a\\x1b\[2J\\u009b31m' out.txt || fail "site name not escaped"
  grep -q 'why\\rnot' out.txt || fail "reason not escaped"
  run $OLI profile merge m.json "$IN/profile-rank0.json" q.json; want_rc 2 "conflict"
  one_line "cg.c\nforged: second line"
  ;;
json-utf8) # JSON oli writes is valid UTF-8 whatever a symbol holds: invalid bytes as \ufffd (oli sites --json, the runtime's report)
  [ -f "$PLUGIN" ] || { echo "SKIP: $PLUGIN not built"; exit 77; }
  [ -f "$LIBDIR/liboli.so" ] || { echo "SKIP: $LIBDIR/liboli.so not built"; exit 77; }
  cat >w.c <<'C'
#include <stdlib.h>
#include <string.h>
__attribute__((noinline)) void *weird(size_t n) __asm__("fu\nnc\x9b" "31m\xe2\x80\xae");
void *weird(size_t n) { void *p = malloc(n); memset(p, 1, n); return p; }
int main(void) { void *p = weird(8 << 20); free(p); return 0; }
C
  "$CLANG" -O1 -g -fpass-plugin="$PLUGIN" w.c -L"$LIBDIR" -loli -Wl,-rpath,"$LIBDIR" -o w || fail "compile"
  run $OLI sites --json w; want_rc 0 "sites --json"; cp out.txt sites.json
  OLI_POLICY=dram OLI_REPORT=w.json OLI_REPORT_FORMAT=json ./w || fail "run with OLI_REPORT"
  python3 - <<'PY' || fail "not valid UTF-8 JSON"
import json
for f in ("sites.json", "w.json"):
    raw = open(f, "rb").read()
    raw.decode("utf-8")  # strict: any invalid byte raises
    assert b"\x9b" not in raw and b"\xe2\x80\xae" not in raw, f
    text = json.dumps(json.loads(raw))
    assert "\\ufffd31m" in text, (f, text[:400])
PY
  run $OLI sites w; want_rc 0 "sites"
  grep -q 'fu\\nnc\\x9b31m\\u202e' out.txt || { cat out.txt >&2; fail "table: the name not escaped"; }
  ;;
output-devices) # -o naming a device or FIFO writes it in place, never replaces it
  P="$IN/profile-rank0.json"
  rm -f fifo full null
  mkfifo fifo || fail "mkfifo"
  run timeout 10 $OLI plan "$P" --dram-limit 1G -o fifo; want_rc 2 "FIFO, no reader"
  one_line "a FIFO with no reader"; [ -p fifo ] || fail "the FIFO was replaced"
  exec 3<>fifo # a reader (and writer) held open here: the plan waits in the pipe
  run timeout 10 $OLI plan "$P" --dram-limit 1G -o fifo; want_rc 0 "FIFO with a reader"
  python3 -c 'import os, sys; sys.stdout.write(os.read(3, 1 << 20).decode())' >from-fifo.txt; exec 3<&-
  json_ok from-fifo.txt; [ -p fifo ] || fail "the FIFO was replaced"
  if [ "$(id -u)" -ne 0 ]; then echo "note: not root: device copies not made"; exit 0; fi
  mknod full c 1 7 && mknod null c 1 3 || fail "mknod"
  run $OLI plan "$P" --dram-limit 1G -o full; want_rc 2 "full device"; one_line "No space left on device"
  [ -c full ] || fail "the full device became a regular file"
  run $OLI plan "$P" --dram-limit 1G -o null; want_rc 0 "null device"; [ -c null ] || fail "null replaced"
  run $OLI profile merge full "$P"; want_rc 2 "merge into a full device"; one_line "No space left on device"
  [ -c full ] || fail "merge replaced the full device"
  ;;
output-shared-dir) # a sticky shared directory with symlinks planted at NAME.tmp.PID (and, as root, at NAME)
  P="$IN/profile-rank0.json"
  rm -rf shared gate victim
  mkdir -m 1777 shared && printf 'precious\n' >victim && chmod 600 victim || fail "setup"
  mkfifo gate
  ( read g <gate; exec $OLI plan "$P" --dram-limit 1G -o shared/plan.json ) >out.txt 2>err.txt & pid=$!
  for i in 0 1 2 3; do ln -s "$WORK/victim" "shared/plan.json.tmp.$((pid + i))" || fail "ln"; done
  echo go >gate; wait $pid; rc=$?; want_rc 0 "planted temporaries"
  [ "$(cat victim)" = precious ] || fail "planted temporaries: the victim was overwritten"
  json_ok shared/plan.json
  if [ "$(id -u)" -ne 0 ]; then echo "note: not root: another user's link not made"; exit 0; fi
  ln -s "$WORK/victim" shared/merged.json && chown -h 12345:12345 shared/merged.json || fail "plant"
  run $OLI profile merge shared/merged.json "$P"; want_rc 2 "another user's symlink"
  one_line "a symlink owned by another user"
  [ "$(cat victim)" = precious ] || fail "another user's symlink: the victim was overwritten"
  [ -L shared/merged.json ] || fail "the planted link was replaced"
  # another user's link in the directory part: shared/results -> a root-owned directory
  mkdir -p rootdir && printf 'precious\n' >rootdir/victim.json || fail "setup"
  ln -s "$WORK/rootdir" shared/results && chown -h 12345:12345 shared/results || fail "plant"
  run $OLI plan "$P" --dram-limit 1G -o shared/results/victim.json; want_rc 2 "another user's directory symlink"
  one_line "a symlink in the directory part owned by another user"
  [ "$(cat rootdir/victim.json)" = precious ] || fail "another user's directory symlink: the victim was overwritten"
  # another user's planted 0666 file: replaced by root's own, not world-writable
  touch shared/perm.json && chmod 666 shared/perm.json && chown 12345:12345 shared/perm.json || fail "plant"
  run sh -c "umask 022; exec $OLI plan '$P' --dram-limit 1G -o shared/perm.json"; want_rc 0 "over a planted file"
  [ "$(stat -c %a:%u shared/perm.json)" = "644:0" ] || fail "the planted file's mode or owner was kept: $(stat -c %a:%u shared/perm.json)"
  ;;
stdout-errors) # output lost on standard output: one line, exit 1 (diff: 2, its 1 means "moved")
  run sh -c "$OLI report '$IN/report-old.json' >/dev/full"; want_rc 1 "report >/dev/full"; one_line "write error: No space left on device"
  run sh -c "$OLI diff '$IN/report-old.json' '$IN/report-moved.json' >/dev/full"; want_rc 2 "diff >/dev/full"
  one_line "write error"
  run sh -c "$OLI diff '$IN/report-old.json' '$IN/report-same.json' >/dev/full"; want_rc 2 "diff, same >/dev/full"
  run sh -c "$OLI plan '$IN/profile-rank0.json' --dram-limit 1G >/dev/full"; want_rc 1 "plan >/dev/full"; one_line "write error"
  run sh -c "$OLI --help >/dev/full"; want_rc 1 "--help >/dev/full"
  # every subcommand alike, --json or not: one "write error" line, exit 1 (diff 2)
  build_handmade
  printf '{"schema": "oli-machine", "version": 1, "measurements": [{"from": 0, "to": 0, "read_bandwidth": 9}]}' >m.json
  for a in "sites hm" "sites --json hm" "report $IN/plan-good.json" "calibrate --show m.json"; do
    # shellcheck disable=SC2086
    run sh -c "$OLI $a >/dev/full"; want_rc 1 "$a >/dev/full"; one_line "write error: No space left on device"
  done
  for a in "" "--json "; do
    run sh -c "$OLI diff $a'$IN/report-old.json' '$IN/report-moved.json' >/dev/full"; want_rc 2 "diff $a>/dev/full"
    one_line "write error: No space left on device"
  done
  run sh -c "$OLI report '$IN/report-old.json' >/dev/null"; want_rc 0 "report >/dev/null"
  ;;
profile-merge-programs) # profiles of two programs: one line naming both, exit 2, OUT untouched; --any-program merges them
  sed 's/"program": "cg"/"program": "mg"/' "$IN/profile-rank1.json" >mg.json
  grep -q '"program": "mg"' mg.json || fail "cannot make the mg profile"
  echo keep >m.json
  run $OLI profile merge m.json "$IN/profile-rank0.json" mg.json; want_rc 2 "two programs"
  one_line "oli: profile merge: input mg.json: a profile of program 'mg', not 'cg' like $IN/profile-rank0.json; merge one program's profiles, or pass --any-program to merge them anyway"
  [ "$(cat m.json)" = keep ] || fail "OUT written despite two programs"
  run $OLI profile merge --any-program m.json "$IN/profile-rank0.json" mg.json; want_rc 0 "--any-program"
  [ ! -s err.txt ] || fail "--any-program still complains: $(cat err.txt)"
  python3 -c 'import json; d = json.load(open("m.json")); assert d["program"] == "cg" and d["runs"] == 2, d["program"]' ||
    fail "--any-program: not the first input's program, or not both runs"
  run $OLI profile merge m.json "$IN/profile-rank0.json" mg.json --any-program; want_rc 0 "--any-program after the files"
  # a profile without "program" (optional) merges with any
  python3 -c 'import json,sys; d = json.load(open(sys.argv[1])); del d["program"]; json.dump(d, open("anon.json", "w"))' "$IN/profile-rank1.json"
  run $OLI profile merge m.json anon.json mg.json; want_rc 0 "no program, then mg"
  run $OLI profile merge m.json "$IN/profile-rank0.json" anon.json mg.json; want_rc 2 "cg, none, mg"; one_line "not 'cg' like"
  ;;
profile-merge) # sums, maxima, union of sites; OUT may be an input
  run $OLI profile merge m.json "$IN/profile-rank0.json" "$IN/profile-rank1.json"; want_rc 0 merge
  json_ok m.json
  python3 - "$IN" <<'PY' || fail "merge semantics"
import json, sys
a = json.load(open(sys.argv[1] + "/profile-rank0.json")); b = json.load(open(sys.argv[1] + "/profile-rank1.json"))
m = json.load(open("m.json"))
assert m["schema"] == "oli-profile" and m["version"] == 1 and m["runs"] == 2
assert m["footprint_peak"] == max(a["footprint_peak"], b["footprint_peak"])
A = {s["id"]: s for s in a["sites"]}; B = {s["id"]: s for s in b["sites"]}; M = {s["id"]: s for s in m["sites"]}
assert set(M) == set(A) | set(B)
for i, s in M.items():
    xs = [d[i] for d in (A, B) if i in d]
    for k in ("count", "total_bytes", "accesses", "lifetime_ns"): assert s[k] == sum(x[k] for x in xs), (i, k)
    for k in ("largest", "peak_live"): assert s[k] == max(x[k] for x in xs), (i, k)
    assert s["file"] == xs[0]["file"] and s["rel"] == xs[0]["rel"]
assert m["tiers"]["cxl"]["latency"] == 280
for k in ("sampled_accesses", "unattributed_accesses", "operations"): assert m[k] == a[k] + b[k] and a[k] + b[k] > 0, k
assert "rank" not in m and a["rank"] == 0  # one rank's number says nothing of a merge
PY
  # ranks run at once: the longest time, their threads summed; runs one after another
  # (--sequential): their times add, their threads never met
  python3 - "$IN" <<'PY' || fail "cannot make the timed inputs"
import json, sys
for k, (ns, t) in enumerate(((2000000000, 4), (3000000000, 2))):
    d = json.load(open(sys.argv[1] + "/profile-rank%d.json" % k))
    d["run_ns"], d["threads"] = ns, t
    json.dump(d, open("t%d.json" % k, "w"))
PY
  run $OLI profile merge r.json t0.json t1.json; want_rc 0 "merge, timed"
  run $OLI profile merge --sequential s.json t0.json t1.json; want_rc 0 "merge --sequential"
  python3 - <<'PY' || fail "merge of run_ns and threads, at once and --sequential"
import json
r, s = json.load(open("r.json")), json.load(open("s.json"))
assert r["run_ns"] == 3000000000 and r["threads"] == 6, (r["run_ns"], r["threads"])
assert s["run_ns"] == 5000000000 and s["threads"] == 4, (s["run_ns"], s["threads"])
PY
  # near_accesses: summed, absent as 0
  python3 -c 'import json,sys; d = json.load(open(sys.argv[1])); d["sites"][0]["near_accesses"] = 7; json.dump(d, open("n0.json", "w"))' "$IN/profile-rank0.json"
  python3 -c 'import json,sys; d = json.load(open(sys.argv[1])); [s.__setitem__("near_accesses", 5) for s in d["sites"] if s["id"] == json.load(open("n0.json"))["sites"][0]["id"]]; json.dump(d, open("n1.json", "w"))' "$IN/profile-rank1.json"
  run $OLI profile merge n.json n0.json n1.json; want_rc 0 "near_accesses"
  python3 -c 'import json,sys
n0, n1, m = (json.load(open(f)) for f in ("n0.json", "n1.json", "n.json"))
i = n0["sites"][0]["id"]
want = 7 + sum(s.get("near_accesses", 0) for s in n1["sites"] if s["id"] == i)
got = [s.get("near_accesses", 0) for s in m["sites"] if s["id"] == i]
assert got == [want], (got, want)
assert all("near_accesses" not in s for s in m["sites"] if s["id"] != i)' || fail "near_accesses not summed"
  cp "$IN/profile-rank0.json" r0.json
  run $OLI profile merge r0.json r0.json "$IN/profile-rank1.json"; want_rc 0 "in place"; json_ok r0.json
  run $OLI plan m.json --dram-limit 4G -o plan.json; want_rc 0 "plan from merged"
  pmu_event_inputs
  run $OLI profile merge e.json ibs.json "$IN/profile-pmu.json"; want_rc 0 "pmu inputs, one event"
  python3 -c 'import json; d = json.load(open("e.json")); assert d["access_source"] == "pmu" and d["access_event"] == "amd-ibs-op"' ||
    fail "access_event not carried over"
  run $OLI profile merge m.json "$IN/profile-rank0.json" "$IN/profile-rank1.json"; want_rc 0 merge
  python3 -c 'import json; assert "access_event" not in json.load(open("m.json"))' || fail "access_event on portable counts"
  ;;
profile-merge-bad)
  run $OLI profile merge m.json "$IN/profile-rank0.json" "$IN/profile-conflict.json"; want_rc 2 conflict
  one_line "site 0x00000000000000ff is other.c"
  run $OLI profile merge m.json "$IN/profile-rank0.json" "$IN/profile-pmu.json"; want_rc 2 "pmu+portable"
  one_line "cannot be added"
  pmu_event_inputs
  run $OLI profile merge m.json ibs.json pebs.json; want_rc 2 "two pmu events"
  one_line "accesses are samples of intel-pebs-mem-loads-ldlat30, another input's of amd-ibs-op"
  [ ! -e m.json ] || fail "OUT written despite bad input"
  run $OLI profile merge m.json; want_rc 2 "no inputs"
  run $OLI profile split x; want_rc 2 "unknown action"; grep -q "^oli: profile: unknown action 'split'" err.txt || fail msg
  ;;
run-options) # every option of oli run sets its OLI_* variable, exactly as given, and execs the program
  # node lists are checked against the machine: a recorded three-node tree (2 sockets + CXL)
  run env OLI_SYSFS_ROOT="$IN/../../runtime/data/qemu-lab-6.12" \
    $OLI run --policy oli --dram-limit 64G --weights 3:1:2 --report 'r.%r.%p.json' --report-format json \
    --profile p.%h.json --plan "$IN/plan-good.json" --min-size 2M --large-percent 20 --dram-nodes 0-1 \
    --cxl-nodes force:2 --profile-source none --count-small 1 --verbose 1 --strict yes --machine none -- env
  want_rc 0 "all options"
  for kv in OLI_POLICY=oli OLI_DRAM_LIMIT=64G OLI_WEIGHTS=3:1:2 'OLI_REPORT=r.%r.%p.json' \
      OLI_REPORT_FORMAT=json 'OLI_PROFILE=p.%h.json' "OLI_PLAN=$IN/plan-good.json" OLI_MIN_SIZE=2M \
      OLI_LARGE_PERCENT=20 OLI_DRAM_NODES=0-1 OLI_CXL_NODES=force:2 OLI_PROFILE_SOURCE=none \
      OLI_COUNT_SMALL=1 OLI_VERBOSE=1 OLI_STRICT=yes OLI_MACHINE=none; do
    grep -qxF -- "$kv" out.txt || { cat out.txt >&2; fail "env lacks $kv"; }
  done
  # --opt=value, no "--" before the program, the program's own options kept, its status returned
  run env OLI_POLICY=cxl $OLI run --policy=dram sh -c 'echo "$OLI_POLICY $0 $1"; exit 7' a --policy
  want_rc 7 "program status"; has "dram a --policy"
  # the flags of the later rows of include/oli_options.def
  run $OLI run --arena-size 1G --footprint 8G --migrate-limit 0 --migrate-time 2s --profile-start settle -- env
  want_rc 0 "later options"
  for kv in OLI_ARENA_SIZE=1G OLI_FOOTPRINT=8G OLI_MIGRATE_LIMIT=0 OLI_MIGRATE_TIME=2s OLI_PROFILE_START=settle; do
    grep -qxF -- "$kv" out.txt || { cat out.txt >&2; fail "env lacks $kv"; }
  done
  run $OLI run --help; want_rc 0 "run --help"; has "--dram-limit SIZE"; has "(OLI_WEIGHTS)"; has "default unlimited"
  ;;
run-nodes) # --dram-nodes/--cxl-nodes are checked against the machine before exec (the runtime's own check), naming the option
  T="$IN/../../runtime/data"
  run env OLI_SYSFS_ROOT="$T/qemu-lab-6.12" $OLI run --dram-nodes 5 -- sh -c 'echo ran'; want_rc 2 "--dram-nodes 5"
  one_line "oli: run: --dram-nodes names node 5, which does not exist (nodes: 0-2)"; hasnt "ran"
  run env OLI_SYSFS_ROOT="$T/qemu-lab-6.12" $OLI run --cxl-nodes 1 -- true; want_rc 2 "--cxl-nodes 1 (CPUs)"
  one_line "write --cxl-nodes=force:1 to use it as CXL anyway"
  run env OLI_SYSFS_ROOT="$T/qemu-lab-6.12" $OLI run --cxl-nodes force:1 -- true; want_rc 0 "the advice works"
  # one node: no advice to use force:, which would fail next
  run env OLI_SYSFS_ROOT="$T/devbox-1node" $OLI run --cxl-nodes 0 -- true; want_rc 2 "one node, --cxl-nodes 0"
  one_line "would leave no DRAM node"; ! grep -q "force:" err.txt || fail "advice that fails next: $(cat err.txt)"
  # a variable from the environment keeps its own name
  run env OLI_SYSFS_ROOT="$T/qemu-lab-6.12" OLI_CXL_NODES=7 $OLI run --dram-nodes 0 -- true; want_rc 2 "env OLI_CXL_NODES=7"
  one_line "OLI_CXL_NODES names node 7"
  # --machine: a file measured on another machine (a node this one has not) stops here, naming the option
  echo '{"schema": "oli-machine", "version": 1, "measurements": [{"from": 0, "to": 3, "read_bandwidth": 900}]}' >other.json
  run env OLI_SYSFS_ROOT="$T/qemu-lab-6.12" $OLI run --machine other.json -- sh -c 'echo ran'; want_rc 2 "--machine of another machine"
  one_line "oli: run: --machine other.json: node 3 measured from node 0: this machine has no such memory node"; hasnt "ran"
  echo '{"schema": "oli-machine", "version": 1, "measurements": [{"from": 0, "to": 2, "read_bandwidth": 900}]}' >lab.json
  run env OLI_SYSFS_ROOT="$T/qemu-lab-6.12" $OLI run --machine lab.json -- sh -c 'echo ran'; want_rc 0 "--machine of this machine"; has "ran"
  ;;
run-unlinked) # a program not linked with liboli (no oli_sites, no DT_NEEDED liboli.so, no liboli symbol) runs with liboli preloaded (zero-rebuild mode); a sanitizer tree's oli cannot preload: one warning
  if [ "$SANITIZED" = 1 ]; then
    run $OLI run --report nr.json -- /bin/true; want_rc 0 "/bin/true runs"
    one_line "oli: warning: run: '/bin/true' is not linked with liboli"; grep -qF "(a sanitizer build)" err.txt || fail "no reason"
    run $OLI run -- env A=1 /bin/true; want_rc 0 "env /bin/true"
    one_line "oli: warning: run: '/bin/true' is not linked with liboli" # the program, not env
    exit 0
  fi
  run $OLI run --report nr.json -- /bin/true; want_rc 0 "/bin/true runs"
  [ ! -s err.txt ] || fail "a warning for a program oli can preload into: $(cat err.txt)"
  python3 -c 'import json,sys; r=json.load(open("nr.json")); assert r["schema"]=="oli-report" and r["sites"]==[], r' ||
    fail "no report from the preloaded runtime in /bin/true"
  run $OLI run -- sh -c 'echo "$LD_PRELOAD"'; want_rc 0 "sh"; grep -q '/liboli\.so\.0$' out.txt || fail "LD_PRELOAD: $(cat out.txt)"
  [ -f "$(cat out.txt)" ] || fail "preloaded a liboli that is not there: $(cat out.txt)"
  run env LD_PRELOAD=libm.so.6 $OLI run -- sh -c 'echo "$LD_PRELOAD"'; want_rc 0 "sh"
  grep -q 'liboli\.so\.0 libm\.so\.6$' out.txt || fail "the user's LD_PRELOAD not kept after liboli: $(cat out.txt)"
  run $OLI run -- sh -c 'exit 3'; want_rc 3 "status kept"
  printf '#!/bin/sh\necho "[$LD_PRELOAD]"\n' >script.sh && chmod +x script.sh
  run $OLI run -- ./script.sh; want_rc 0 "script"; has "[]"; [ ! -s err.txt ] || fail "a script is judged: $(cat err.txt)"
  # linked programs are not preloaded
  [ -f "$LIBDIR/liboli.so" ] || { echo "note: no liboli.so here: the linked case not run"; exit 0; }
  printf '#include <stdio.h>\n#include <stdlib.h>\nint main(void) { const char *p = getenv("LD_PRELOAD"); printf("[%%s]\\n", p ? p : ""); return 0; }\n' >plain.c
  "$CLANG" plain.c -L"$LIBDIR" -Wl,--no-as-needed -loli -Wl,-rpath,"$LIBDIR" -o linked || fail "link with liboli"
  run $OLI run --policy off -- ./linked; want_rc 0 "linked"; has "[]"
  # a wrapper (env, taskset, numactl, ...) is not judged: the program it runs is
  for w in "env" "env A=1" "taskset -c $(sed -n 's/^Cpus_allowed_list:[[:space:]]*//p' /proc/self/status)" "nice -n 1" "env env"; do
    # shellcheck disable=SC2086
    run $OLI run -- $w ./linked; want_rc 0 "$w ./linked"; has "[]"
    [ ! -s err.txt ] || fail "$w ./linked: $(cat err.txt)"
  done
  run $OLI run -- env sh -c 'echo "[$LD_PRELOAD]"'; want_rc 0 "env sh"; grep -q 'liboli\.so\.0\]$' out.txt ||
    fail "env sh: the unlinked program run by env not preloaded: $(cat out.txt)"
  ;;
run-chdir) # relative OLI_PLAN/OLI_REPORT/OLI_PROFILE mean files in the start-up directory, also after the program's chdir
  [ -f "$PLUGIN" ] || { echo "SKIP: $PLUGIN not built"; exit 77; }
  [ -f "$LIBDIR/liboli.so" ] || { echo "SKIP: $LIBDIR/liboli.so not built"; exit 77; }
  cat >cd.c <<'C'
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
int main(void) {
  if (chdir("elsewhere") != 0) return 9; /* before the first placed allocation: the plan is read after it */
  char *p = malloc(8 << 20);
  memset(p, 1, 8 << 20);
  int r = p[12345] - 1; /* used: not elided */
  free(p);
  return r;
}
C
  "$CLANG" -O1 -g -fpass-plugin="$PLUGIN" cd.c -L"$LIBDIR" -loli -Wl,-rpath,"$LIBDIR" -o cd2 || fail "compile"
  rm -rf elsewhere rel.json rel.prof.json && mkdir elsewhere
  run $OLI sites --json cd2; python3 - <<'PY' || fail "cannot make the plan"
import json
s = json.load(open("out.txt"))["sites"]
m = [x for x in s if x["kind"] == "malloc"][0]
json.dump({"schema": "oli-plan", "version": 1, "dram_limit": 0,
           "sites": [{"id": m["id"], "decision": "dram", "ratio": None}]}, open("cd2.plan.json", "w"))  # dram: also on a machine without CXL
PY
  run $OLI run --policy oli --verbose 1 --plan cd2.plan.json --report rel.json --profile rel.prof.json -- ./cd2
  want_rc 0 "run after chdir"
  ! grep -q "cannot open" err.txt || { cat err.txt >&2; fail "the plan was looked for after the chdir"; }
  [ -f rel.json ] && [ -f rel.prof.json ] || { ls -R >&2; fail "report or profile not in the start-up directory"; }
  [ ! -e elsewhere/rel.json ] || fail "the report followed the chdir"
  grep -q "cd2.plan.json: 1 site matched" err.txt || { cat err.txt >&2; fail "the plan was not read"; }
  ;;
run-bad) # a bad value is refused by the runtime's own checker: one line naming the option, exit 2, nothing run
  for bad in "--policy unifrom|--policy='unifrom' is not one of oli, uniform, dram, cxl, off, rdram" \
      "--dram-limit 12Q|--dram-limit='12Q' is not a size" "--weights 0:1|--weights='0:1' is not D:C or D:C:R" \
      "--weights 3|--weights='3' is not D:C" "--report x%q|--report='x%q': '%q' is not one of %p" \
      "--report-format xml|--report-format='xml' is not one of text, json" \
      "--min-size 1K|--min-size='1K' is out of range (4K to 128P)" "--large-percent 101|is not a whole percentage 0-100" \
      "--dram-nodes 0-x|--dram-nodes='0-x' is not a node list" "--cxl-nodes force:|--cxl-nodes='force:' is not a node list" \
      "--profile-source perf|--profile-source='perf' is not one of auto, portable, pmu, none" \
      "--count-small 2|--count-small='2' is not one of 0, 1" "--verbose 3|--verbose='3' is not one of 0, 1, 2" \
      "--strict maybe|--strict='maybe' is not one of 0, 1" "--plan $IN/not-json.txt|run: --plan $IN/not-json.txt" \
      "--machine $IN/not-json.txt|run: --machine $IN/not-json.txt: line 1, column 1" \
      "--plan nonexistent.json|run: --plan nonexistent.json: cannot open" "--policy=|--policy needs a value" \
      "--frobnicate 1|unknown option '--frobnicate'" "|no program to run"; do
    opts=${bad%%|*} msg=${bad#*|}
    # shellcheck disable=SC2086
    run $OLI run $opts -- sh -c 'echo RAN'
    [ -n "$opts" ] || run $OLI run
    want_rc 2 "oli run $opts"; one_line "$msg"; grep -q '^oli: run: ' err.txt || fail "prefix: $(cat err.txt)"
    hasnt RAN
  done
  run $OLI run --policy; want_rc 2 "value missing at the end"; one_line "--policy needs a value (P)"
  # the program taken for a value: the value is what is wrong, not a missing program
  run $OLI run --verbose ./app; want_rc 2 "--verbose ./app"; one_line "--verbose='./app' is not one of 0, 1, 2"
  # -v is a flag (--verbose 1): what follows is the program
  run $OLI run -v ./app; want_rc 127 "-v ./app"; one_line "oli: run: cannot run './app': No such file or directory"
  # a file here named without ./ is no program in PATH: say how to name it
  : >here.sh
  run $OLI run -- here.sh; want_rc 127 "here.sh"; one_line "oli: run: cannot run 'here.sh': not found in PATH; a file of this directory is './here.sh'"
  # a report or profile into a directory that is not there: said before the run, not lost after it
  run $OLI run --report nodir/r.json -- true; want_rc 2 "--report nodir/r.json"
  one_line "oli: run: --report nodir/r.json: directory 'nodir' does not exist; it is written at the program's exit"
  ;;
hints) # a wrong file or count gets a line that says what to do
  build_handmade
  run $OLI report hm; want_rc 2 "report BINARY"
  one_line "oli: report: hm: an ELF file (a program, library or object), not a JSON document; 'oli sites hm' lists its sites"
  run $OLI diff hm "$IN/report-old.json"; want_rc 2 "diff BINARY"; one_line "'oli sites hm' lists its sites"
  printf 'oli report: hm, pid 1, policy oli, local DRAM node 0, CXL node none\n' >rt.txt
  run $OLI report rt.txt; want_rc 2 "report of a text report"
  one_line "oli: report: rt.txt: a report in text (OLI_REPORT_FORMAT=text), to read as it is; oli reads the JSON one"
  run $OLI sites "$(command -v sh)"; want_rc 0 "sites, no section"; has "0 sites"
  one_line "has no oli_sites section: it was not compiled with the oli plugin (oli-config --cflags"
  run $OLI sites --json "$(command -v sh)"; want_rc 0 "sites --json, no section"; json_ok out.txt
  one_line "was not compiled with the oli plugin"
  run $OLI sites hm; want_rc 0 "sites with sites"; [ ! -s err.txt ] || fail "a hint for a binary with sites: $(cat err.txt)"
  # a plan from the estimates of a program built without the plugin: an error, not an empty plan
  rm -f sp.json
  run $OLI plan --static "$(command -v sh)" --dram-limit 1G -o sp.json; want_rc 2 "plan --static, no section"
  one_line "has no oli_sites section: it was not compiled with the oli plugin, and --static plans from the plugin's"
  [ ! -e sp.json ] || fail "plan --static wrote a plan of nothing"
  run $OLI report a b; want_rc 2 "two files"; one_line "oli: report: expected one FILE, got 2 arguments;"
  run $OLI diff onlyone.json; want_rc 2 "one file"; one_line "oli: diff: expected OLD and NEW, got 1 argument;"
  run $OLI sites; want_rc 2 "no binary"; one_line "oli: sites: expected one BINARY, got no arguments;"
  run $OLI run --plan missing.json -- true; want_rc 2 "run --plan missing"
  one_line "oli: run: --plan missing.json: cannot open: No such file or directory"
  run $OLI run --plan hm -- true; want_rc 2 "run --plan BINARY"; one_line "oli: run: --plan hm: an ELF file"
  run $OLI run --machine missing.json -- true; want_rc 2 "run --machine missing"
  one_line "oli: run: --machine missing.json: cannot open: No such file or directory"
  ;;
run-short) # short options, numactl's spelling where numactl has one: the same variables as the long ones
  run $OLI run -P dram -d 64G -W 3:1 -r r.json -f json -o p.json -L "$IN/plan-good.json" -M none -v -- env
  want_rc 0 "short options"
  for kv in OLI_POLICY=dram OLI_DRAM_LIMIT=64G OLI_WEIGHTS=3:1 OLI_REPORT=r.json OLI_REPORT_FORMAT=json \
      OLI_PROFILE=p.json "OLI_PLAN=$IN/plan-good.json" OLI_MACHINE=none OLI_VERBOSE=1; do
    grep -qxF -- "$kv" out.txt || { cat out.txt >&2; fail "env lacks $kv"; }
  done
  run $OLI run -P unifrom -- true; want_rc 2 "bad -P"; one_line "oli: run: --policy='unifrom' is not one of"
  run $OLI run -P; want_rc 2 "-P without a value"; one_line "oli: run: --policy needs a value (P)"
  run $OLI run --report -- true; want_rc 2 "--report before --"; one_line "oli: run: option '--report' needs a value before '--'"
  [ ! -e -- ] || fail "--report -- wrote a report called --"
  run $OLI run -Z 1 -- true; want_rc 2 "unknown short"; one_line "oli: run: unknown option '-Z'"
  run $OLI run --help; want_rc 0 "help"; has "-N, --cpunodebind NODES"; has "-C, --physcpubind CPUS"; has "-P, --policy P"
  ;;
run-bind) # -N/--cpunodebind and -C/--physcpubind bind the program's CPUs as numactl does, checked first
  allowed=$(sed -n 's/^Cpus_allowed_list:[[:space:]]*//p' /proc/self/status)
  first=${allowed%%[-,]*}
  run $OLI run -C "$first" -- grep Cpus_allowed_list /proc/self/status; want_rc 0 "-C $first"
  grep -q "[[:space:]]$first\$" out.txt || fail "-C $first: $(cat out.txt)"
  run $OLI run --physcpubind="$first" -- grep Cpus_allowed_list /proc/self/status; want_rc 0 "--physcpubind"
  grep -q "[[:space:]]$first\$" out.txt || fail "--physcpubind=$first: $(cat out.txt)"
  run $OLI run -C all -- grep Cpus_allowed_list /proc/self/status; want_rc 0 "-C all"
  grep -q "[[:space:]]$allowed\$" out.txt || fail "-C all: $(cat out.txt), want $allowed"
  # nodes from a recorded tree: node 0 holds CPU 0, node 1 CPU 1, nodes 2 and 3 none
  T="$IN/../../runtime/data/two-cpus"
  run env OLI_SYSFS_ROOT="$T" $OLI run -N 0 -- grep Cpus_allowed_list /proc/self/status; want_rc 0 "-N 0"
  grep -q "[[:space:]]0\$" out.txt || fail "-N 0: $(cat out.txt)"
  run env OLI_SYSFS_ROOT="$T" $OLI run -N 2 -- true; want_rc 2 "-N 2 (no CPUs)"
  one_line "oli: run: --cpunodebind names node 2, which has no CPUs (nodes with CPUs: 0-1)"
  run env OLI_SYSFS_ROOT="$T" $OLI run --cpunodebind 7 -- true; want_rc 2 "-N 7"
  one_line "oli: run: --cpunodebind names node 7, which does not exist (nodes with CPUs: 0-1)"
  run $OLI run -N x -- true; want_rc 2 "-N x"; one_line "oli: run: --cpunodebind 'x' is not a node list"
  run $OLI run -C 1000 -- true; want_rc 2 "-C 1000"; one_line "oli: run: --physcpubind names CPU 1000, which this process may not use (CPUs: $allowed)"
  run $OLI run -C 0-y -- true; want_rc 2 "-C 0-y"; one_line "oli: run: --physcpubind '0-y' is not a CPU list"
  run $OLI run -C; want_rc 2 "-C without a value"; one_line "oli: run: --physcpubind needs a value (CPUS)"
  ;;
run-exec) # a program that cannot be run: 127 not found, 126 not executable, one line each (env(1)'s codes)
  run $OLI run --policy dram -- ./no-such-program; want_rc 127 "not found"; one_line "cannot run './no-such-program'"
  printf 'not a program\n' >data.txt; chmod -x data.txt
  run $OLI run ./data.txt; want_rc 126 "not executable"; one_line "cannot run './data.txt'"
  ;;
report-stderr-json) # OLI_REPORT=stderr with the JSON format (and OLI_PROFILE=stderr) is the document alone, also with a plan
  [ -f "$PLUGIN" ] || { echo "SKIP: $PLUGIN not built"; exit 77; }
  printf '#include <stdlib.h>\n#include <string.h>\nchar *volatile keep;\nint main(void) { char *g = malloc(8u << 20); memset(g, 1, 8u << 20); keep = g; free(g); return 0; }\n' >big.c
  "$CLANG" -O1 -gline-tables-only -fpass-plugin="$PLUGIN" big.c -o big -L"$LIBDIR" -Wl,-rpath,"$LIBDIR" -loli ||
    fail "cannot build big.c"
  run env OLI_PROFILE=p.json ./big; want_rc 0 "profile run"
  run $OLI plan p.json --dram-limit 1G -o plan.json; want_rc 0 "plan"
  for v in "OLI_REPORT=stderr OLI_REPORT_FORMAT=json|oli-report" "OLI_PROFILE=stderr|oli-profile"; do
    # shellcheck disable=SC2086
    run env OLI_PLAN=plan.json ${v%%|*} ./big; want_rc 0 "${v%%|*}"
    # warnings the run raised come first (and are in the document's summary.warnings); then the document, alone
    python3 -c '
import json, sys
lines = open("err.txt").read().split("\n")
while lines and lines[0].startswith("oli: warning: "):
    lines.pop(0)
d = json.loads("\n".join(lines))
assert d["schema"] == sys.argv[1], d["schema"]' "${v#*|}" || { cat err.txt >&2; fail "${v%%|*}: stderr is not the document alone"; }
  done
  run env OLI_PLAN=plan.json OLI_REPORT=stderr OLI_REPORT_FORMAT=text ./big; want_rc 0 "text report"
  grep -q '^oli: plan plan.json: 1 site matched' err.txt || fail "the plan's line is gone from a text report: $(cat err.txt)"
  run env OLI_PLAN=plan.json OLI_VERBOSE=1 OLI_PROFILE=stderr ./big; want_rc 0 "verbose"
  grep -q '^oli: plan plan.json: 1 site matched' err.txt || fail "OLI_VERBOSE=1: the plan's line is gone"
  ;;
report-plan-degraded) # a plan-built program on a machine without CXL: each site's report row says what the plan wanted
  [ -f "$PLUGIN" ] || { echo "SKIP: $PLUGIN not built"; exit 77; }
  cat >k.c <<'C'
#include <stdlib.h>
#include <string.h>
char *volatile keep;
int main(void) {
  char *a = malloc(16u << 20);
  char *b = malloc(8u << 20);
  char *c = malloc(2u << 20);
  memset(a, 1, 16u << 20); memset(b, 2, 8u << 20); memset(c, 3, 2u << 20);
  keep = a; keep = b; keep = c;
  free(a); free(b); free(c);
  return 0;
}
C
  "$CLANG" -O1 -gline-tables-only -fpass-plugin="$PLUGIN" -c k.c -o k0.o || fail "cannot build k.c"
  run $OLI sites --json k0.o; want_rc 0 "sites"
  # the plan: a (line 5) interleaved 3:1, b (line 6) on CXL, c (line 7) on local DRAM
  python3 - out.txt <<'PY' || fail "cannot write the plan"
import json, sys
calls = {s.get("line"): s for s in json.load(open(sys.argv[1]))["sites"] if s["kind"] == "malloc"}
want = {5: ("interleave", "3:1"), 6: ("cxl", None), 7: ("dram", None)}
plan = {"schema": "oli-plan", "version": 1, "program": "k", "sites": []}
for s, (d, r) in ((calls[line], w) for line, w in want.items()):
    e = {"id": s["id"], "decision": d, "file": s["file"], "function": s["function"], "kind": "malloc"}
    if r:
        e["ratio"] = r
    plan["sites"].append(e)
json.dump(plan, open("k.plan.json", "w"))
PY
  OLI_PASS_OPTIONS="root=$WORK;plan=k.plan.json" "$CLANG" -O1 -gline-tables-only -fpass-plugin="$PLUGIN" k.c -o k \
    -L"$LIBDIR" -Wl,-rpath,"$LIBDIR" -loli || fail "cannot build k.c with the plan"
  onenode="$IN/../../runtime/data/devbox-1node"
  run env OLI_SYSFS_ROOT="$onenode" OLI_REPORT=rep.json ./k; want_rc 0 "run on one node"
  python3 - rep.json <<'PY' || fail "the report's planned members"
import json, sys
rep = json.load(open(sys.argv[1]))
got = {}
for s in rep["sites"]:
    if s["kind"] == "malloc" and s["count"]:
        got[s["largest"]] = (s["decision"], s.get("planned"), s["reason"])
a, b, c = got[16 << 20], got[8 << 20], got[2 << 20]
assert a == ("dram", {"decision": "interleave", "ratio": "3:1"},
             "no CXL node: local DRAM (the plan wanted interleave 3:1)"), a
assert b == ("dram", {"decision": "cxl", "ratio": None}, "no CXL node: local DRAM (the plan wanted CXL)"), b
assert c[0] == "dram" and c[1] is None and "the plan wanted" not in c[2], c  # the plan's DRAM: followed
PY
  run $OLI report rep.json; want_rc 0 "oli report"
  has "no CXL node: local DRAM (the plan wanted interleave 3:1)"
  has "no CXL node: local DRAM (the plan wanted CXL)"
  run env OLI_SYSFS_ROOT="$onenode" OLI_REPORT=stderr ./k; want_rc 0 "text report"
  grep -qF "no CXL node: local DRAM (the plan wanted interleave 3:1)" err.txt || { cat err.txt >&2; fail "text row"; }
  grep -qF "note: 2 sites not placed as the plan wanted (peak 24.0 MiB; each row says what it wanted)" err.txt ||
    { cat err.txt >&2; fail "text note"; }
  # with a CXL node the plan is followed: nothing planned
  run env OLI_SYSFS_ROOT="$IN/../../runtime/data/qemu-lab-6.12" OLI_REPORT=rep-cxl.json ./k; want_rc 0 "run with a CXL node"
  python3 -c '
import json, sys
r = json.load(open(sys.argv[1]))
assert not [s for s in r["sites"] if "planned" in s], r["sites"]
assert any(s["reason"] == "plan: interleave 3:1" for s in r["sites"]), [s["reason"] for s in r["sites"]]' rep-cxl.json ||
    fail "with a CXL node the report says the plan was not followed"
  ;;
sites-build) # oli sites says how the modules were built (their build notes): plain, profile, plan embedded; mixed builds warn
  [ -f "$PLUGIN" ] || { echo "SKIP: $PLUGIN not built"; exit 77; }
  printf '#include <stdlib.h>\nint main(int c, char **v) { double *a = malloc((size_t)c << 23); a[0] = 1; free(a); return 0; }\n' >m.c
  printf '#include <stdlib.h>\ndouble *mk(size_t n) { return malloc(n); }\n' >u.c
  printf '{"schema": "oli-plan", "version": 1, "sites": [{"id": "0x1", "decision": "cxl"}, {"id": "0x2", "decision": "dram"}]}' >k.plan.json
  cc() { "$CLANG" -O1 -gline-tables-only -fpass-plugin="$PLUGIN" -c "$@" || fail "compile $*"; }
  cc m.c -o m.o; cc u.c -o u.o
  run $OLI sites m.o; want_rc 0 plain; has "plain build (options 0x"; hasnt "profile build"; hasnt "plan embedded"
  OLI_PASS_OPTIONS='profile-every=512' cc m.c -o mp.o
  run $OLI sites mp.o; want_rc 0 profile; has "profile build: profile-every=512 (options 0x"
  OLI_PASS_OPTIONS="root=$WORK;plan=k.plan.json" cc m.c -o mq.o
  run $OLI sites mq.o; want_rc 0 plan; has "plan build (options 0x"; has "plan embedded: $WORK/k.plan.json (2 sites planned, 0 left out)"
  run $OLI sites --json mq.o; want_rc 0 json; json_ok out.txt
  grep -q '"builds": \[' out.txt && grep -q '"profile_every": 0, "plan": "[^"]*k.plan.json", "plan_hash": "0x' out.txt ||
    { cat out.txt >&2; fail "json builds"; }
  "$CLANG" -r m.o u.o -o same.o || fail "relocatable link"
  run $OLI sites same.o; want_rc 0 same; [ "$(grep -c 'build (options' out.txt)" -eq 1 ] || fail "alike modules: one build line"
  [ ! -s err.txt ] || fail "alike modules warn: $(cat err.txt)"
  "$CLANG" -r mp.o u.o -o mixed.o || fail "relocatable link"
  run $OLI sites mixed.o; want_rc 0 mixed; has "plain build"; has "profile build: profile-every=512"
  one_line "were built with 2 different sets of pass options"
  ;;
profile-no-counts) # OLI_PROFILE on a binary without profile instrumentation (and no PMU) says so at start; a profile build does not
  [ -f "$PLUGIN" ] || { echo "SKIP: $PLUGIN not built"; exit 77; }
  [ "$SANITIZED" = 1 ] && { echo "SKIP: sanitizer tree"; exit 77; }
  printf '#include <stdlib.h>\nchar *volatile keep;\nint main(void) { char *p = malloc(2 << 20); keep = p; for (int i = 0; i < 2 << 20; i++) p[i] = (char)i; free(p); return 0; }\n' >p.c
  "$CLANG" -O1 -gline-tables-only -fpass-plugin="$PLUGIN" p.c -o plain -L"$LIBDIR" -Wl,-rpath,"$LIBDIR" -loli || fail build
  OLI_PASS_OPTIONS='profile-every=64' "$CLANG" -O1 -gline-tables-only -fpass-plugin="$PLUGIN" p.c -o prof \
    -L"$LIBDIR" -Wl,-rpath,"$LIBDIR" -loli || fail build
  run env OLI_PROFILE=a.json OLI_PROFILE_SOURCE=portable ./plain; want_rc 0 plain
  one_line "oli: warning: OLI_PROFILE='a.json': no module of this program was compiled with profile-every=N"
  run env OLI_PROFILE=b.json OLI_PROFILE_SOURCE=portable ./prof; want_rc 0 prof
  [ ! -s err.txt ] || fail "profile build warns: $(cat err.txt)"
  grep -q '"access_source": "portable"' b.json || fail "profile build counted nothing"
  run env OLI_PROFILE=c.json OLI_PROFILE_SOURCE=none ./plain; want_rc 0 none
  [ ! -s err.txt ] || fail "OLI_PROFILE_SOURCE=none warns: $(cat err.txt)"
  # a stale object among profile-every ones: its accesses would be missing, said at start
  printf 'void touch(char *p, int n) { for (int i = 0; i < n; i++) p[i]++; }\n' >t.c
  printf '#include <stdlib.h>\nvoid touch(char *, int);\nchar *volatile keep;\nint main(void) { char *p = calloc(2 << 20, 1); keep = p; touch(p, 2 << 20); free(p); return 0; }\n' >q.c
  "$CLANG" -O1 -fpass-plugin="$PLUGIN" -c t.c -o t.o || fail build
  OLI_PASS_OPTIONS='profile-every=64' "$CLANG" -O1 -fpass-plugin="$PLUGIN" -c q.c -o q.o || fail build
  "$CLANG" q.o t.o -o mixed -L"$LIBDIR" -Wl,-rpath,"$LIBDIR" -loli || fail build
  run env OLI_PROFILE=d.json OLI_PROFILE_SOURCE=portable ./mixed; want_rc 0 mixed
  one_line "oli: warning: OLI_PROFILE='d.json': some of the program's objects were built with profile-every=N and some without it"
  # a program not built with the plugin: no advice to rebuild with OLI_PASS_OPTIONS alone
  "$CLANG" -O1 q.c t.c -o unplugged || fail build
  run $OLI run --profile e.json --profile-source portable -- ./unplugged; want_rc 0 unplugged
  one_line "oli: warning: OLI_PROFILE='e.json': the program was not built with the oli plugin and PMU sampling is off"
  ;;
profile-phase) # OLI_PROFILE_START=settle and oli_profile_pause/resume keep set-up out of the access samples; the profile records its phase
  [ -f "$PLUGIN" ] || { echo "SKIP: $PLUGIN not built"; exit 77; }
  [ "$SANITIZED" = 1 ] && { echo "SKIP: sanitizer tree"; exit 77; }
  cat >ph.c <<'C'
#include <stdlib.h>
#include <string.h>
#include <oli.h>
#define N (1 << 18)
double *volatile sink[2];
int main(int argc, char **argv) {
  int pause = argc > 1 && !strcmp(argv[1], "pause"), settle = !(argc > 1 && !strcmp(argv[1], "nosettle"));
  double *setup_only = malloc(N * sizeof(double));
  double *work = malloc(N * sizeof(double));
  if (pause) oli_profile_pause();
  for (int r = 0; r < 4; r++)
    for (int i = 0; i < N; i++) setup_only[i] = i + r;
  for (int i = 0; i < N; i++) work[i] = setup_only[i];
  if (pause) oli_profile_resume();
  if (settle) oli_settle();
  double s = 0;
  for (int r = 0; r < 8; r++)
    for (int i = 0; i < N; i++) s += work[i];
  sink[0] = setup_only, sink[1] = work;
  return s < 0;
}
C
  OLI_PASS_OPTIONS='profile-every=16' "$CLANG" -O1 -gline-tables-only -I"$INC" -fpass-plugin="$PLUGIN" ph.c -o ph \
    -L"$LIBDIR" -Wl,-rpath,"$LIBDIR" -loli || fail build
  acc() { python3 - "$1" <<'PY'
import json, sys
p = json.load(open(sys.argv[1]))
by = {s["line"]: s["accesses"] for s in p["sites"]}
ph = p.get("phase", {})
print(by[8], by[9], ph.get("from"), ph.get("waiting"), ph.get("pauses"), ph.get("skipped_accesses", 0) > 0)
PY
  }
  run env OLI_PROFILE=all.json OLI_PROFILE_SOURCE=portable ./ph; want_rc 0 all
  set -- $(acc all.json); [ "$1" -gt 0 ] && [ "$2" -gt "$1" ] && [ "$3" = start ] && [ "$5" = 0 ] && [ "$6" = False ] ||
    fail "whole run: setup_only and work sampled, phase from the start: $*"
  run env OLI_PROFILE=settle.json OLI_PROFILE_SOURCE=portable OLI_PROFILE_START=settle ./ph; want_rc 0 settle
  set -- $(acc settle.json); [ "$1" -eq 0 ] && [ "$2" -gt 0 ] && [ "$3" = settle ] && [ "$4" = False ] && [ "$6" = True ] ||
    fail "OLI_PROFILE_START=settle: set-up accesses sampled: $*"
  run env OLI_PROFILE=pause.json OLI_PROFILE_SOURCE=portable ./ph pause; want_rc 0 pause
  set -- $(acc pause.json); [ "$1" -eq 0 ] && [ "$2" -gt 0 ] && [ "$3" = start ] && [ "$5" = 1 ] && [ "$6" = True ] ||
    fail "oli_profile_pause/resume around set-up: $*"
  run env OLI_PROFILE=never.json OLI_PROFILE_SOURCE=portable OLI_PROFILE_START=settle ./ph nosettle; want_rc 0 nosettle
  set -- $(acc never.json); [ "$1" -eq 0 ] && [ "$2" -eq 0 ] && [ "$4" = True ] || fail "no oli_settle(): nothing sampled: $*"
  run $OLI report settle.json; want_rc 0 "report"; has "sampled from the first oli_settle(), 0 pauses"
  run $OLI profile merge m.json settle.json never.json; want_rc 0 "merge one phase"
  grep -q '"phase": {"from": "settle", "waiting": true' m.json || fail "merged phase: $(grep phase m.json)"
  run $OLI profile merge m2.json settle.json all.json; want_rc 2 "merge two phases"
  one_line "accesses sampled from the start, another input's from the first oli_settle()"
  run env OLI_PROFILE_START=later ./ph; want_rc 2 "bad OLI_PROFILE_START"; grep -q "OLI_PROFILE_START='later' is not one of start, settle" err.txt ||
    fail "bad value: $(cat err.txt)"
  ;;
run-report) # a program built with the plugin, run through oli run --report: the report is written and read back
  [ -f "$PLUGIN" ] || { echo "SKIP: $PLUGIN not built"; exit 77; }
  cat >big.c <<'C'
#include <stdlib.h>
#include <string.h>
static double *grid;
int main(void) {
  grid = malloc(8u << 20);
  memset(grid, 1, 8u << 20);
  free(grid);
  return 0;
}
C
  "$CLANG" -O1 -gline-tables-only -fpass-plugin="$PLUGIN" big.c -o big -L"$LIBDIR" -Wl,-rpath,"$LIBDIR" -loli ||
    fail "cannot build big.c"
  run $OLI run --policy off --report rep.%p.json --report-format json -- ./big; want_rc 0 "run big"
  set -- rep.*.json; [ -f "$1" ] || fail "no report rep.PID.json"
  json_ok "$1"
  run $OLI report "$1"; want_rc 0 "oli report"; has "grid"; has "big.c:5"
  ;;
run-mpi) # under mpiexec -n 2 each rank's runtime expands %r: one report per rank
  [ -f "$PLUGIN" ] || { echo "SKIP: $PLUGIN not built"; exit 77; }
  command -v mpiexec >/dev/null || { echo "SKIP: no mpiexec"; exit 77; }
  printf '#include <stdlib.h>\nint main(void) { char *p = malloc(1 << 21); p[0] = 1; free(p); return 0; }\n' >r.c
  "$CLANG" -O1 -gline-tables-only -fpass-plugin="$PLUGIN" r.c -o r -L"$LIBDIR" -Wl,-rpath,"$LIBDIR" -loli ||
    fail "cannot build r.c"
  rm -f rank.*.json
  run timeout 120 mpiexec -n 2 $OLI run --policy off --report rank.%r.json -- ./r; want_rc 0 "mpiexec oli run"
  for r in 0 1; do [ -f rank.$r.json ] || { cat err.txt >&2; fail "no rank.$r.json"; }; json_ok rank.$r.json; done
  run timeout 60 mpiexec -n 2 $OLI run --policy nope -- ./r; [ "$rc" -ne 0 ] || fail "bad value under mpiexec: exit 0"
  grep -q "oli: run: --policy='nope'" err.txt || fail "bad value under mpiexec: $(cat err.txt)"
  ;;
*) echo "unknown case $case_" >&2; exit 2 ;;
esac
exit 0
