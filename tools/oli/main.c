/* tools/oli/main.c - `oli` dispatcher: one row per subcommand in
 * tools/oli/commands.def (oli sites|report|diff|plan|profile|run|calibrate);
 * each subcommand's entry point is in its own file, the helpers they share in
 * cli.c. */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "oli.h"

#ifndef OLI_VERSION_STRING
#define OLI_VERSION_STRING "0.0.0"
#endif

typedef struct cli_command_s {
  const char *name;
  int (*main)(int argc, char **argv);
  const char *synopsis, *help;
  int lost_exit; /* exit status when standard output was lost */
} cli_command_t;

static const cli_command_t commands[] = {
#define OLI_COMMAND(Id, Name, Synopsis, Help, LostExit) {Name, cli_##Id##_main, Synopsis, Help, LostExit},
#include "commands.def"
};
#define NCOMMANDS (sizeof commands / sizeof commands[0])

/* The runtime's variables (include/oli_options.def), named in --help. */
static const char *const option_env[] = {
#define OLI_OPTION(Id, Num, Env, ...) Env,
#include "oli_options.def"
};

/* "sites, report, diff, ...": the commands' names. */
static const char *command_names(char *buf, size_t n) {
  size_t k = 0;
  buf[0] = '\0';
  for (size_t i = 0; i < NCOMMANDS && k < n; i++)
    k += (size_t)snprintf(buf + k, n - k, "%s%s", i ? ", " : "", commands[i].name);
  return buf;
}

static void usage(FILE *f) {
  fputs("usage: oli COMMAND [ARGS]\n", f);
  for (size_t i = 0; i < NCOMMANDS; i++) { /* one line per form, the help beside the last or below it */
    const char *s = commands[i].synopsis;
    int helped = 0;
    while (*s) {
      size_t len = strcspn(s, "\n");
      char lhs[160];
      snprintf(lhs, sizeof lhs, "%s %.*s", commands[i].name, (int)len, s);
      s += len + (s[len] == '\n');
      if (*s == '\0' && strlen(lhs) <= 32) fprintf(f, "  %-32s %s\n", lhs, commands[i].help), helped = 1;
      else fprintf(f, "  %s\n", lhs);
    }
    if (!helped) fprintf(f, "  %-32s %s\n", "", commands[i].help);
  }
  fputs("  --help, --version\n"
        "'oli COMMAND --help' describes a command. Exit status: 0 ok, 1 differences\n"
        "found (diff), 2 bad input or usage.\n"
        "The runtime reads ('oli run --help' sets them; man oli, ENVIRONMENT):\n",
        f);
  for (int i = 0, col = 0; i < _oli_option_last; i++) {
    int w = (int)strlen(option_env[i]) + 2;
    if (col + w > 78) fputs("\n", f), col = 0;
    col += fprintf(f, "%s%s%s", col ? " " : "  ", option_env[i], i + 1 < _oli_option_last ? "," : "\n");
  }
}

static const cli_command_t *find(const char *name) {
  for (size_t i = 0; i < NCOMMANDS; i++)
    if (strcmp(commands[i].name, name) == 0) return &commands[i];
  return NULL;
}

static int dispatch(int argc, char **argv, const cli_command_t **ran) {
  char names[160];
  if (argc < 2) {
    cli_error("no command (one of %s); try 'oli --help'", command_names(names, sizeof names));
    return OLI_EXIT_BAD;
  }
  const char *cmd = argv[1];
  if (strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0 || strcmp(cmd, "help") == 0) {
    usage(stdout);
    return OLI_EXIT_OK;
  }
  if (strcmp(cmd, "--version") == 0) {
    printf("oli %s\n", OLI_VERSION_STRING);
    return OLI_EXIT_OK;
  }
  if ((*ran = find(cmd)) != NULL) return (*ran)->main(argc - 1, argv + 1);
  cli_error("unknown command '%s' (one of %s); try 'oli --help'", cmd, command_names(names, sizeof names));
  return OLI_EXIT_BAD;
}

int main(int argc, char **argv) {
  const cli_command_t *ran = NULL;
  int rc = dispatch(argc, argv, &ran);
  /* Lost output (oli report R > /dev/full) is trouble, as in coreutils: exit
   * 1; for diff 2, since its 1 means "something moved" (diff(1)). */
  if (cli_close_stdout() != 0 && rc != OLI_EXIT_BAD) rc = ran ? ran->lost_exit : OLI_EXIT_WRITE;
  return rc;
}
