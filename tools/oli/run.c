/* tools/oli/run.c - `oli run`: a numactl-style launcher.
 *
 *   oli run [--policy P] [--dram-limit SIZE] [--weights D:C] [--report FILE]
 *           [--profile FILE] [--plan FILE] [--machine FILE] [...] [--] PROGRAM [ARGS...]
 *
 * Each option is one OLI_* variable of the runtime's option table. Its value
 * is checked by the runtime's own checker (_oli_option_check in
 * runtime/base/options.c, linked into the CLI), so `oli run` accepts exactly what
 * the program's runtime will; a bad value is one line naming the option and
 * what is accepted, exit 2, before anything runs. Then the variables are set
 * and PROGRAM is exec'ed in place of oli (same pid, so `%p` is the program's;
 * under `mpiexec -n N oli run ...` each rank's runtime expands `%r`).
 * A program that cannot be run exits 127 (not found) or 126 (not executable),
 * like env(1). docs/cli.md, "oli run". */
#include <errno.h>
#include <getopt.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "internal.h"
#include "machine.h"
#include "oli_abi.h"

#define EXIT_NOT_FOUND 127
#define EXIT_NOT_EXEC 126

/* One row per option: long name, the runtime option, a help line (NULL: the
 * option's words, from the vocabulary). The short names follow numactl where
 * it has one (-p preferred policy is not ours). */
typedef struct run_opt_s {
  const char *name;
  oli_option_t option;
  const char *arg, *help;
} run_opt_t;

static const run_opt_t run_opts[] = {
    {"policy", oli_option_policy, "P", NULL},
    {"dram-limit", oli_option_dram_limit, "SIZE", "emulated DRAM budget (64G, unlimited)"},
    {"weights", oli_option_weights, "D:C[:R]", "local DRAM : CXL [: remote DRAM] weights, 1-255"},
    {"report", oli_option_report, "FILE", "report at exit: stderr or a file (%p pid, %r rank, %h host)"},
    {"report-format", oli_option_report_format, "F", "text or json"},
    {"profile", oli_option_profile, "FILE", "write an access profile (%p %r %h)"},
    {"plan", oli_option_plan, "FILE", "place as an oli-plan (or profile) file says"},
    {"machine", oli_option_machine, "FILE", "measured bandwidths of oli calibrate, or none"},
    {"min-size", oli_option_min_size, "SIZE", "objects below this are never placed (default 1M)"},
    {"large-percent", oli_option_large_percent, "N", "share of the footprint that makes an object large"},
    {"dram-nodes", oli_option_dram_nodes, "LIST", "DRAM node list (0,1 or 0-1)"},
    {"cxl-nodes", oli_option_cxl_nodes, "LIST", "CXL node list (force:N for a node with CPUs)"},
    {"profile-source", oli_option_profile_source, "S", NULL},
    {"count-small", oli_option_count_small, "0|1", "count every small object"},
    {"verbose", oli_option_verbose, "0|1|2", "start-up log level"},
    {"strict", oli_option_strict, "0|1", "warnings stop the program"},
};
#define NRUN (sizeof run_opts / sizeof run_opts[0])

static void usage(FILE *f) {
  fputs("usage: oli run [OPTION...] [--] PROGRAM [ARGS...]\n"
        "Run PROGRAM (built with the oli plugin) with oli's runtime options set, as\n"
        "the OLI_* environment variables would; every value is checked first.\n",
        f);
  for (size_t i = 0; i < NRUN; i++) {
    char lhs[40], words[160];
    const char *help = run_opts[i].help;
    if (help == NULL && run_opts[i].option == oli_option_policy) help = oli_policy_list(words, sizeof words);
    if (help == NULL) help = oli_access_source_list(words, sizeof words);
    snprintf(lhs, sizeof lhs, "--%s %s", run_opts[i].name, run_opts[i].arg);
    fprintf(f, "  %-26s %s (%s)\n", lhs, help, _oli_option_name(run_opts[i].option));
  }
  fputs("  --help                     this text\n"
        "Exit status: PROGRAM's; 2 bad option or value; 126/127 PROGRAM not executable/found.\n"
        "MPI: mpiexec -n 4 oli run --report r.%r.json -- ./app (one report per rank).\n",
        f);
}

/* msg with each variable that came from an option named as the option
 * ("OLI_DRAM_NODES" -> "--dram-nodes"). */
static void name_options(const char *msg, const char *values[NRUN], char *out, size_t n) {
  size_t k = 0;
  for (const char *p = msg; *p && k + 1 < n;) {
    size_t used = 0;
    for (size_t i = 0; i < NRUN && !used; i++) {
      const char *env = _oli_option_name(run_opts[i].option);
      size_t len = strlen(env);
      if (values[i] && strncmp(p, env, len) == 0 && !(p[len] == '_' || (p[len] >= 'A' && p[len] <= 'Z'))) {
        k += (size_t)snprintf(out + k, n - k, "--%s", run_opts[i].name);
        used = len;
      }
    }
    if (k >= n) break;
    if (used) p += used;
    else out[k++] = *p++;
  }
  out[k < n ? k : n - 1] = '\0';
}

/* --dram-nodes and --cxl-nodes against this machine's nodes, as the
 * program's runtime checks them at start-up (_oli_topology_check_overrides,
 * the same code; OLI_SYSFS_ROOT honoured), so a bad list stops here, before
 * anything runs. The variables are set already: the values are the ones the
 * program will see (an option's or the environment's). */
static int check_nodes(const char *values[NRUN]) {
  bool given = false;
  for (size_t i = 0; i < NRUN; i++)
    if (values[i] && (run_opts[i].option == oli_option_dram_nodes || run_opts[i].option == oli_option_cxl_nodes))
      given = true;
  if (!given) return 0;
  _oli_options_reset();
  uint64_t dm = (uint64_t)_oli_option_get(oli_option_dram_nodes);
  uint64_t cm = (uint64_t)_oli_option_get(oli_option_cxl_nodes);
  const char *root = _oli_option_path(oli_option_sysfs_root);
  oli_topology_t t;
  char msg[512], shown[600];
  (void)_oli_topology_read(root ? root : "/", &t); /* no NUMA: one node, as the runtime sees it */
  if (_oli_topology_check_overrides(&t, dm, cm, _oli_option_forced(oli_option_cxl_nodes), msg, sizeof msg) == 0)
    return 0;
  name_options(msg, values, shown, sizeof shown);
  cli_error("run: %s", shown);
  return -1;
}

/* prog as execvp finds it (PATH, execvp's variable, not an oli option): 1 and
 * path, or 0. */
static int find_program(const char *prog, char *path, size_t n) {
  if (strchr(prog, '/')) return snprintf(path, n, "%s", prog) < (int)n;
  const char *dirs = getenv("PATH");
  for (const char *p = dirs && *dirs ? dirs : "/bin:/usr/bin"; *p;) {
    size_t len = strcspn(p, ":");
    if (snprintf(path, n, "%.*s%s%s", (int)len, p, len ? "/" : "", prog) < (int)n && access(path, X_OK) == 0)
      return 1;
    p += len;
    if (*p == ':') p++;
  }
  return 0;
}

/* liboli.so beside this oli: <prefix>/bin/oli and <prefix>/<libdir>/liboli.so.0
 * (the build tree: build/bin/oli, build/lib). 1 and its path, or 0. A
 * symlinked oli is taken where the link points (/proc/self/exe). */
static int find_liboli(char *lib, size_t n) {
  char self[4096];
  ssize_t k = readlink("/proc/self/exe", self, sizeof self - 1);
  if (k <= 0) return 0;
  self[k] = 0;
  for (int up = 0; up < 2; up++) { /* <prefix>/bin/oli: the prefix */
    char *slash = strrchr(self, '/');
    if (!slash || slash == self) return 0;
    *slash = 0;
  }
  /* by its SONAME link, as the dynamic loader would name it */
  static const char *const rel[] = {"/" OLI_INSTALL_LIBDIR "/liboli.so.0", "/lib/liboli.so.0", "/lib/liboli.so"};
  for (size_t i = 0; i < sizeof rel / sizeof rel[0]; i++)
    if (snprintf(lib, n, "%s%s", self, rel[i]) < (int)n && access(lib, R_OK) == 0) return 1;
  return 0;
}

/* A program not linked with liboli - an ELF file with no oli_sites section
 * (the plugin tagged nothing in it), no DT_NEEDED liboli.so (dynamic link)
 * and no liboli symbol (a static link, unless stripped), and no liboli in
 * LD_PRELOAD - runs with liboli preloaded: its large objects get call-stack
 * sites (docs/runtime.md, "Programs not built with the plugin"), so any
 * binary can be tried before it is rebuilt with the plugin. A sanitizer
 * tree's liboli cannot be preloaded (its sanitizer must come first): there,
 * and where no liboli is found beside oli, one warning and the program runs
 * as it is. Scripts and unreadable files are not judged. */
static void preload_unlinked(const char *prog) {
  char path[4096], why[256], lib[4096];
  const char *preload = getenv("LD_PRELOAD"); /* the dynamic loader's variable */
  if (!find_program(prog, path, sizeof path) || (preload && strstr(preload, "liboli"))) return;
  unsigned char *buf = NULL;
  size_t len = 0;
  int found = 0, needed = 0;
  if (cli_elf_read_section(path, OLI_SITE_SECTION, &buf, &len, &found, why, sizeof why) != 0) return;
  free(buf);
  if (found || cli_elf_needs(path, "liboli.so", &needed, why, sizeof why) != 0 || needed) return;
  if (cli_elf_read_section(path, ".strtab", &buf, &len, &found, why, sizeof why) != 0) return;
  static const char sym[] = "oli_report_write"; /* public API: in every static liboli */
  bool static_oli = found && memmem(buf, len, sym, sizeof sym) != NULL;
  free(buf);
  if (static_oli) return;
#ifndef OLI_CLI_NO_PRELOAD
  if (find_liboli(lib, sizeof lib)) {
    char v[8192];
    if (snprintf(v, sizeof v, "%s%s%s", lib, preload && *preload ? " " : "", preload ? preload : "") < (int)sizeof v &&
        setenv("LD_PRELOAD", v, 1) == 0)
      return;
  }
#else
  (void)lib;
#endif
  cli_warning("run: '%s' is not linked with liboli (no oli_sites section, no DT_NEEDED liboli.so, no liboli "
              "symbol) and liboli cannot be preloaded%s: the options have no effect on it unless a library it "
              "loads uses liboli",
              prog,
#ifdef OLI_CLI_NO_PRELOAD
              " (a sanitizer build)"
#else
              " (no liboli.so.0 beside oli)"
#endif
  );
}

int cli_run_main(int argc, char **argv) {
  struct option longopts[NRUN + 2];
  for (size_t i = 0; i < NRUN; i++)
    longopts[i] = (struct option){run_opts[i].name, required_argument, NULL, (int)(i + 256)};
  longopts[NRUN] = (struct option){"help", no_argument, NULL, 'h'};
  longopts[NRUN + 1] = (struct option){NULL, 0, NULL, 0};
  const char *values[NRUN] = {0};
  optind = 1;
  opterr = 0;
  int c;
  /* "+": stop at the first non-option, the program (its own options follow). */
  while ((c = getopt_long(argc, argv, "+h", longopts, NULL)) != -1) {
    if (c == 'h') {
      usage(stdout);
      return OLI_EXIT_OK;
    }
    if (c < 256 || c >= (int)(256 + NRUN)) {
      if (optopt >= 256 && optopt < (int)(256 + NRUN))
        cli_error("run: --%s needs a value (%s)", run_opts[optopt - 256].name, run_opts[optopt - 256].arg);
      else
        cli_error("run: unknown option '%s'; 'oli run --help' lists them", argv[optind - 1]);
      return OLI_EXIT_BAD;
    }
    values[c - 256] = optarg;
  }
  if (optind >= argc) {
    cli_error("run: no program to run; usage: oli run [OPTION...] [--] PROGRAM [ARGS...]");
    return OLI_EXIT_BAD;
  }
  for (size_t i = 0; i < NRUN; i++) {
    if (values[i] == NULL) continue;
    const char *env = _oli_option_name(run_opts[i].option);
    char msg[512];
    long v;
    bool forced;
    if (values[i][0] == '\0') {
      cli_error("run: --%s needs a value (%s)", run_opts[i].name, run_opts[i].arg);
      return OLI_EXIT_BAD;
    }
    if (_oli_option_check(run_opts[i].option, values[i], &v, &forced, msg, sizeof msg) != 0) {
      /* The runtime's message names its variable: name the option instead. */
      size_t k = strlen(env);
      const char *rest = strncmp(msg, env, k) == 0 ? msg + k : msg;
      cli_error("run: --%s%s%s", run_opts[i].name, rest == msg ? ": " : "", rest);
      return OLI_EXIT_BAD;
    }
    if (run_opts[i].option == oli_option_plan) {
      oli_doc_t doc;
      if (cli_doc_load(values[i], OLI_DOC_PLAN | OLI_DOC_PROFILE, &doc) != 0) return OLI_EXIT_BAD;
      oli_doc_free(&doc);
    }
    if (run_opts[i].option == oli_option_machine && strcmp(values[i], "none") != 0) {
      static oli_machine_t m;
      if (oli_machine_load(values[i], NULL, &m, msg, sizeof msg) != 0) {
        cli_error("%s: %s", values[i], msg);
        return OLI_EXIT_BAD;
      }
    }
    if (setenv(env, values[i], 1) != 0) {
      cli_error("run: cannot set %s: %s", env, strerror(errno));
      return OLI_EXIT_BAD;
    }
  }
  if (check_nodes(values) != 0) return OLI_EXIT_BAD;
  preload_unlinked(argv[optind]);
  fflush(stdout);
  execvp(argv[optind], argv + optind);
  int err = errno;
  cli_error("run: cannot run '%s': %s", argv[optind], strerror(err));
  return err == ENOENT || err == ENOTDIR ? EXIT_NOT_FOUND : EXIT_NOT_EXEC;
}
