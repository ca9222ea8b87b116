/* tools/man/mkman.c - oli.1 from docs/man/oli.1.in and the tables.
 *
 *   oli-mkman TEMPLATE OUT
 *
 * Copies TEMPLATE to OUT, replacing each line that is a marker with roff made
 * from the rows every other user of the tables reads:
 *   @SYNOPSIS@     one line per form of each subcommand (tools/oli/commands.def)
 *   @RUN_OPTIONS@  each option oli run has a flag for (include/oli_options.def)
 *   @POLICIES@     each policy with its help (include/oli_vocab.def)
 *   @ENVIRONMENT@  every OLI_* variable: help, accepted values, default, flag
 * Accepted values and defaults come from the runtime's own option table
 * (runtime/base/options.c, linked in), as `oli run --help` shows them. Run at
 * build time (tools/oli/CMakeLists.txt), so the page cannot lag the tables.
 * An unknown marker, a missing one, or a file that cannot be read or written:
 * one "oli-mkman:" line, exit 1. */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"


typedef struct command_s {
  const char *name, *synopsis, *help;
} command_t;

static const command_t commands[] = {
#define OLI_COMMAND(Id, Name, Synopsis, Help, LostExit) {Name, Synopsis, Help},
#include "commands.def"
};

typedef struct option_row_s {
  oli_option_t option;
  const char *env, *legacy, *flag, *arg, *help;
  char short_name;
} option_row_t;

static const option_row_t rows[] = {
#define OLI_OPTION(Id, Num, Env, Legacy, Type, Default, Zero, Flag, Short, Arg, Accepts, Help) \
  {oli_option_##Id, Env, Legacy, Flag, Arg, Help, Short},
#include "oli_options.def"
};

typedef struct policy_row_s {
  const char *name, *help;
} policy_row_t;

static const policy_row_t policies[] = {
#define OLI_POLICY(Id, Num, Name, Rule, Placement, Process, Help) {Name, Help},
#include "oli_vocab.def"
};

#define N(a) (sizeof(a) / sizeof((a)[0]))

/* s as roff text: '-' and '\' escaped, a leading '.' or '\'' made literal. */
static void text(FILE *f, const char *s) {
  if (*s == '.' || *s == '\'') fputs("\\&", f);
  for (; *s; s++) {
    if (*s == '-') fputs("\\-", f);
    else if (*s == '\\') fputs("\\e", f);
    else fputc(*s, f);
  }
}

/* One synopsis form: literal words and options bold, UPPERCASE arguments
 * italic, brackets and "..." roman ("oli diff [--json] OLD NEW"). */
static void synopsis_form(FILE *f, const char *name, const char *s, size_t len) {
  fputs("\\fBoli ", f);
  text(f, name);
  fputs(len ? "\\fR " : "\\fR", f);
  for (size_t i = 0; i < len;) {
    if (strchr(" []|", s[i])) {
      fputc(s[i++], f);
      continue;
    }
    size_t k = i;
    while (k < len && !strchr(" []|", s[k])) k++;
    size_t w = k - i, dots = w > 3 && strncmp(s + k - 3, "...", 3) == 0 ? 3 : 0;
    bool arg = true;
    for (size_t j = i; j < k - dots; j++)
      if ((s[j] >= 'a' && s[j] <= 'z') || s[j] == '-') arg = false;
    char word[128];
    snprintf(word, sizeof word, "%.*s", (int)(w - dots), s + i);
    fputs(arg ? "\\fI" : "\\fB", f);
    text(f, word);
    fputs("\\fR", f);
    if (dots) fputs("...", f);
    i = k;
  }
  fputs("\n.br\n", f);
}

static void synopsis(FILE *f) {
  for (size_t i = 0; i < N(commands); i++)
    for (const char *s = commands[i].synopsis; *s;) {
      size_t len = strcspn(s, "\n");
      synopsis_form(f, commands[i].name, s, len);
      s += len + (s[len] == '\n');
    }
}

/* "Accepted: ...; default ...." of a row. */
static void accepted(FILE *f, const option_row_t *r) {
  char words[512], deflt[128];
  fputs("Accepted: ", f);
  text(f, _oli_option_accepts(r->option, words, sizeof words));
  fputs("; default ", f);
  text(f, _oli_option_default_text(r->option, deflt, sizeof deflt));
  fputs(".\n", f);
}

static void run_options(FILE *f) {
  for (size_t i = 0; i < N(rows); i++) {
    const option_row_t *r = &rows[i];
    if (!r->flag[0]) continue;
    fputs(".TP\n.BI \"", f);
    if (r->short_name) fprintf(f, "\\-%c, ", r->short_name);
    fputs("\\-\\-", f);
    text(f, r->flag);
    fputs(" \" \"", f);
    text(f, r->arg);
    fputs("\"\n(\\fB", f);
    text(f, r->env);
    fputs("\\fR) ", f);
    text(f, r->help);
    fputs(".\n", f);
    accepted(f, r);
  }
}

static void policy_list(FILE *f) {
  for (size_t i = 0; i < N(policies); i++) {
    fputs(".TP\n.B ", f);
    text(f, policies[i].name);
    fputs("\n", f);
    text(f, policies[i].help);
    fputs(".\n", f);
  }
}

static void environment(FILE *f) {
  for (size_t i = 0; i < N(rows); i++) {
    const option_row_t *r = &rows[i];
    fputs(".TP\n.B ", f);
    text(f, r->env);
    fputs("\n", f);
    text(f, r->help);
    fputs(".\n", f);
    accepted(f, r);
    if (r->flag[0]) {
      fputs("Set by \\fBoli run \\-\\-", f);
      text(f, r->flag);
      fputs("\\fR.\n", f);
    }
    if (r->legacy) {
      fputs("Legacy name \\fB", f);
      text(f, r->legacy);
      fputs("\\fR, read with a warning.\n", f);
    }
  }
}

static const struct {
  const char *marker;
  void (*write)(FILE *f);
} markers[] = {
    {"@SYNOPSIS@", synopsis},
    {"@RUN_OPTIONS@", run_options},
    {"@POLICIES@", policy_list},
    {"@ENVIRONMENT@", environment},
};

int main(int argc, char **argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: oli-mkman TEMPLATE OUT\n");
    return 1;
  }
  FILE *in = fopen(argv[1], "r");
  if (!in) {
    perror(argv[1]);
    return 1;
  }
  char tmp[4096];
  snprintf(tmp, sizeof tmp, "%s.tmp", argv[2]);
  FILE *out = fopen(tmp, "w");
  if (!out) {
    perror(tmp);
    fclose(in);
    return 1;
  }
  bool seen[N(markers)] = {false};
  char line[4096];
  int lineno = 0, rc = 0;
  while (fgets(line, sizeof line, in)) {
    lineno++;
    if (line[0] != '@') {
      fputs(line, out);
      continue;
    }
    line[strcspn(line, "\n")] = '\0';
    size_t m = 0;
    while (m < N(markers) && strcmp(line, markers[m].marker) != 0) m++;
    if (m == N(markers)) {
      fprintf(stderr, "oli-mkman: %s:%d: unknown marker '%s'\n", argv[1], lineno, line);
      rc = 1;
      continue;
    }
    seen[m] = true;
    markers[m].write(out);
  }
  for (size_t m = 0; m < N(markers); m++)
    if (!seen[m]) {
      fprintf(stderr, "oli-mkman: %s: no %s line; every table has its place in the page\n", argv[1],
              markers[m].marker);
      rc = 1;
    }
  fclose(in);
  if (fclose(out) != 0) {
    perror(tmp);
    rc = 1;
  }
  if (rc == 0 && rename(tmp, argv[2]) != 0) {
    perror(argv[2]);
    rc = 1;
  }
  if (rc != 0) remove(tmp);
  return rc;
}
