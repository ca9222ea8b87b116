#!/bin/sh
# install/doc-links (test/install/CMakeLists.txt): `cmake --install` of this
# build into a scratch prefix, then every relative link of every installed
# Markdown page under share/doc/oli (README.md, docs/, npb-patches/, test/)
# must name a file that is installed: inline links and images `[t](target)`,
# `[t](target "title")` and reference definitions `[t]: target`, with any
# #anchor cut off. Links with a scheme (https:, mailto:) and bare #anchors are
# not checked. Also: the Debian copyright file is installed (the .deb carries
# it at /usr/share/doc/oli/copyright, Debian policy 12.5).
# With DOCDIR set instead of BUILD, checks that directory (deb.sh uses it on
# the unpacked package). Environment: BUILD, CMAKE (or DOCDIR).
set -u
fail() { echo "FAIL install/doc-links: $*" >&2; exit 1; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/oli-doclinks.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
log=$tmp/log
if [ -z "${DOCDIR:-}" ]; then
  "$CMAKE" --install "$BUILD" --prefix "$tmp/prefix" >"$log" 2>&1 || { cat "$log" >&2; fail "cmake --install failed"; }
  DOCDIR=$tmp/prefix/share/doc/oli
fi
[ -f "$DOCDIR/README.md" ] || fail "no README.md in $DOCDIR"
[ -s "$DOCDIR/copyright" ] || fail "no copyright file in $DOCDIR"
grep -q "^Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/" "$DOCDIR/copyright" ||
  fail "$DOCDIR/copyright is not in the machine-readable format (no Format: line)"

find "$DOCDIR" -name '*.md' | sort >"$tmp/pages"
[ -s "$tmp/pages" ] || fail "no Markdown page under $DOCDIR"
pages=0
links=0
bad=0
while IFS= read -r page; do
  pages=$((pages + 1))
  dir=$(dirname "$page")
  # One target per line: inline `](target)` / `](target "title")`, and
  # reference definitions `[label]: target` at the start of a line.
  awk '
    { line = $0
      while (match(line, /\]\([^)]*\)/)) {
        t = substr(line, RSTART + 2, RLENGTH - 3); sub(/[ \t].*$/, "", t); print t
        line = substr(line, RSTART + RLENGTH)
      }
      if (match($0, /^ {0,3}\[[^]]+\]:[ \t]+[^ \t]+/)) {
        t = substr($0, RSTART, RLENGTH); sub(/^[^]]*\]:[ \t]+/, "", t); print t
      } }' "$page" >"$tmp/targets"
  while IFS= read -r target; do
    target=${target#<}
    target=${target%>}
    case "$target" in
      ''|'#'*|*:*) continue ;;  # empty, an anchor in the page, a URL (https:, mailto:)
    esac
    links=$((links + 1))
    file=${target%%#*}
    if [ ! -e "$dir/$file" ]; then
      echo "install/doc-links: ${page#"$DOCDIR"/} links to '$target', which is not installed" >&2
      bad=$((bad + 1))
    fi
  done <"$tmp/targets"
done <"$tmp/pages"
[ "$bad" -eq 0 ] || fail "$bad of $links relative links in $pages installed pages name a missing file"
[ "$links" -gt 10 ] || fail "only $links relative links found in $pages pages (the link scan is broken)"
echo "ok install/doc-links ($links relative links in $pages pages resolve)"
