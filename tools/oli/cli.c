/* tools/oli/cli.c - what every subcommand calls: messages, option parsing,
 * counts and locations in words, loading a document (cli.h, "// cli.c"). */
#include <getopt.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "infile.h"

/* One line, whatever the arguments hold (file names, strings from documents
 * and ELF records): control characters escaped. */
static void message(const char *prefix, const char *fmt, va_list ap) {
  char raw[4096], shown[8192];
  vsnprintf(raw, sizeof raw, fmt, ap);
  fprintf(stderr, "%s%s\n", prefix, oli_text_escape(shown, sizeof shown, raw, 0));
}

void cli_error(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  message("oli: ", fmt, ap);
  va_end(ap);
}

void cli_warning(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  message("oli: warning: ", fmt, ap);
  va_end(ap);
}

int cli_getopt(const char *cmd, int argc, char **argv, const char *shortopts, const struct option *longopts) {
  char opts[64];
  int plus = shortopts[0] == '+';
  snprintf(opts, sizeof opts, "%s:%s", plus ? "+" : "", shortopts + plus); /* ':': a missing value is ':' */
  opterr = 0; /* getopt's own "cmd: unrecognized option" lines are not ours */
  int c = getopt_long(argc, argv, opts, longopts, NULL);
  if (c != '?' && c != ':') return c;
  const char *typed = optind > 0 && optind <= argc ? argv[optind - 1] : "";
  char name[80];
  if (strncmp(typed, "--", 2) == 0) snprintf(name, sizeof name, "%.*s", (int)strcspn(typed, "="), typed);
  else snprintf(name, sizeof name, "-%c", optopt > 0 && optopt < 128 ? optopt : '?');
  if (c == ':')
    cli_error("%s: option '%s' needs a value; try 'oli %s --help'", cmd, cli_shown(name), cmd);
  else if (optopt != 0 && strchr(typed, '=') && strncmp(typed, "--", 2) == 0)
    cli_error("%s: option '%s' takes no value; try 'oli %s --help'", cmd, cli_shown(name), cmd);
  else
    cli_error("%s: unknown option '%s'; try 'oli %s --help'", cmd, cli_shown(name), cmd);
  return '?';
}

const char *cli_arguments(int n) {
  static char ring[4][32];
  static unsigned k;
  char *b = ring[k++ % 4];
  if (n == 0) return "no arguments";
  snprintf(b, sizeof ring[0], "%d argument%s", n, n == 1 ? "" : "s");
  return b;
}

const char *cli_shown(const char *s) {
  static char ring[8][16384];
  static unsigned k;
  char *b = ring[k++ % 8];
  return oli_text_escape(b, sizeof ring[0], s, 0);
}

char *cli_where(const oli_doc_site_t *s, char *buf, size_t n) {
  unsigned line = OLI_HAS(s, OLI_F_LINE) ? s->line : 0;
  int global = strcmp(s->kind, oli_kind_name(OLI_KIND_GLOBAL)) == 0 || !OLI_HAS(s, OLI_F_REL);
  return oli_text_where(buf, n, s->file, line, global, s->function, s->rel);
}

/* 1 when the file at path starts with the n bytes of magic. */
static int starts_with(const char *path, const char *magic, size_t n) {
  char why[160];
  unsigned char head[16];
  if (n > sizeof head) return 0;
  int fd = oli_infile_open(path, NULL, why, sizeof why);
  if (fd < 0) return 0;
  ssize_t k = read(fd, head, n);
  close(fd);
  return k == (ssize_t)n && memcmp(head, magic, n) == 0;
}

int cli_doc_load_in(const char *context, const char *path, unsigned accept, oli_doc_t *doc) {
  char msg[512];
  if (oli_doc_load(path, accept, NULL, doc, msg, sizeof msg) == 0) {
    cli_symbolize_doc(doc);
    return 0;
  }
  const char *ctx = context ? context : "", *sep = context ? " " : "";
  if (starts_with(path, "\x7f" "ELF", 4)) /* oli report ./a.out: the binary, not its report */
    cli_error("%s%s%s: an ELF file (a program, library or object), not a JSON document; 'oli sites %s' lists its "
              "sites", ctx, sep, path, path);
  else if (starts_with(path, "oli report: ", 12)) /* OLI_REPORT_FORMAT=text: for people, already read */
    cli_error("%s%s%s: a report in text (OLI_REPORT_FORMAT=text), to read as it is; oli reads the JSON one "
              "(OLI_REPORT_FORMAT=json, the default for a file)", ctx, sep, path);
  else
    cli_error("%s%s%s: %s", ctx, sep, path, msg);
  return -1;
}
