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
#include <sched.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "internal.h"
#include "machine.h"
#include "oli_abi.h"

#define EXIT_NOT_FOUND 127
#define EXIT_NOT_EXEC 126

/* One entry per row of include/oli_options.def, in its order: long name
 * ("" for the options oli run has no flag for), short name (numactl's where it
 * has one; 0 none), the runtime option, the value's name and a help line. */
typedef struct run_opt_s {
  const char *name;
  char short_name;
  oli_option_t option;
  const char *arg, *help;
} run_opt_t;

static const run_opt_t run_opts[] = {
#define OLI_OPTION(Id, Num, Env, Legacy, Type, Default, Zero, Flag, Short, Arg, Accepts, Help) \
  {Flag, Short, oli_option_##Id, Arg, Help},
#include "oli_options.def"
};
#define NRUN (sizeof run_opts / sizeof run_opts[0])

/* A short flag without a value: -v is --verbose 1 (its long form takes one). */
#define FLAG_SHORT 'v'
#define FLAG_VALUE "1"

/* Where the program runs, numactl's spelling: options of oli run itself (no
 * OLI_* variable), applied to oli's own process before the exec. */
enum { BIND_NODES = 512, BIND_CPUS };
_Static_assert(256 + NRUN <= BIND_NODES, "oli run: option codes overlap");

static void usage(FILE *f) {
  fputs("usage: oli run [OPTION...] [--] PROGRAM [ARGS...]\n"
        "Run PROGRAM with oli's runtime options set, as the OLI_* environment\n"
        "variables would; every value is checked first. A program not linked with\n"
        "liboli (built by any compiler) gets it preloaded: its large objects are\n"
        "placed by call stack.\n",
        f);
  for (size_t i = 0; i < NRUN; i++) {
    if (!run_opts[i].name[0]) continue;
    char lhs[48], words[256], deflt[64];
    if (run_opts[i].short_name == FLAG_SHORT)
      snprintf(lhs, sizeof lhs, "-%c (%s), --%s %s", FLAG_SHORT, FLAG_VALUE, run_opts[i].name, run_opts[i].arg);
    else if (run_opts[i].short_name)
      snprintf(lhs, sizeof lhs, "-%c, --%s %s", run_opts[i].short_name, run_opts[i].name, run_opts[i].arg);
    else
      snprintf(lhs, sizeof lhs, "    --%s %s", run_opts[i].name, run_opts[i].arg);
    fprintf(f, "  %-30s %s (%s)\n  %-30s %s; default %s\n", lhs, run_opts[i].help,
            _oli_option_name(run_opts[i].option), "", _oli_option_accepts(run_opts[i].option, words, sizeof words),
            _oli_option_default_text(run_opts[i].option, deflt, sizeof deflt));
  }
  fputs("  -N, --cpunodebind NODES        run on the CPUs of these nodes (0,1 or 0-1; all), as numactl\n"
        "  -C, --physcpubind CPUS         run on these CPUs (0-3,8; all), as numactl\n"
        "  -h, --help                     this text\n"
        "PROGRAM may be run through numactl, taskset, env and the like: the program they\n"
        "run is the one judged for preloading liboli.\n"
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

/* --dram-nodes and --cxl-nodes, and --machine's rows, against this
 * machine's nodes, as the program's runtime checks them at start-up
 * (_oli_topology_check_overrides, _oli_topology_check_machine: the same code;
 * OLI_SYSFS_ROOT honoured), so a bad list or a file measured elsewhere stops
 * here, before anything runs. The variables are set already: the values are the ones the
 * program will see (an option's or the environment's). */
static int check_nodes(const char *values[NRUN]) {
  bool given = false;
  const char *machine = NULL;
  for (size_t i = 0; i < NRUN; i++) {
    if (values[i] && (run_opts[i].option == oli_option_dram_nodes || run_opts[i].option == oli_option_cxl_nodes))
      given = true;
    if (values[i] && run_opts[i].option == oli_option_machine && strcmp(values[i], "none") != 0) machine = values[i];
  }
  if (!given && !machine) return 0;
  _oli_options_reset();
  uint64_t dm = (uint64_t)_oli_option_get(oli_option_dram_nodes);
  uint64_t cm = (uint64_t)_oli_option_get(oli_option_cxl_nodes);
  const char *root = _oli_option_path(oli_option_sysfs_root);
  oli_topology_t t;
  char msg[512], shown[600];
  (void)_oli_topology_read(root ? root : "/", &t); /* no NUMA: one node, as the runtime sees it */
  if (machine) { /* its rows name nodes this machine has, as the runtime checks (docs/machine.md) */
    static oli_machine_t m;
    if (oli_machine_load(machine, NULL, &m, msg, sizeof msg) != 0 ||
        _oli_topology_check_machine(&m, &t, msg, sizeof msg) != 0) {
      cli_error("run: --machine %s: %s", machine, msg);
      return -1;
    }
  }
  if (!given ||
      _oli_topology_check_overrides(&t, dm, cm, _oli_option_forced(oli_option_cxl_nodes), msg, sizeof msg) == 0)
    return 0;
  name_options(msg, values, shown, sizeof shown);
  cli_error("run: %s", shown);
  return -1;
}

/* "0-3,8" for a CPU set (truncated with "..." when long). */
static void format_cpus(const cpu_set_t *set, char *buf, size_t n) {
  size_t k = 0;
  buf[0] = '\0';
  for (int c = 0; c < CPU_SETSIZE; c++) {
    if (!CPU_ISSET(c, set)) continue;
    int e = c;
    while (e + 1 < CPU_SETSIZE && CPU_ISSET(e + 1, set)) e++;
    int w = e > c ? snprintf(buf + k, n - k, "%s%d-%d", k ? "," : "", c, e) : snprintf(buf + k, n - k, "%s%d", k ? "," : "", c);
    if (w < 0 || k + (size_t)w >= n) {
      if (n > 4) snprintf(buf + (k < n - 4 ? k : n - 4), 4, "...");
      return;
    }
    k += (size_t)w;
    c = e;
  }
}

/* The CPUs of -N NODES / -C CPUS, numactl's two bindings, within the CPUs
 * this process may use (its affinity: a cpuset, taskset), set on oli itself
 * so the exec'ed program inherits them. 0 ok, -1 after one line. */
static int bind_cpus(const char *nodes, const char *cpus) {
  if (!nodes && !cpus) return 0;
  cpu_set_t allowed, want;
  CPU_ZERO(&want);
  if (sched_getaffinity(0, sizeof allowed, &allowed) != 0) {
    cli_error("run: cannot read this process's CPUs: %s", strerror(errno));
    return -1;
  }
  char allowed_s[256];
  format_cpus(&allowed, allowed_s, sizeof allowed_s);
  if (nodes) {
    oli_topology_t t;
    const char *root = _oli_option_path(oli_option_sysfs_root);
    (void)_oli_topology_read(root ? root : "/", &t); /* no NUMA: node 0 has every CPU */
    uint64_t mask = 0;
    int all = strcmp(nodes, "all") == 0;
    if (!all && oli_parse_list(nodes, &mask, OLI_MAX_NODES, OLI_MAX_NODES - 1, NULL) != 0) {
      cli_error("run: --cpunodebind '%s' is not a node list (0,1 or 0-1; all)", nodes);
      return -1;
    }
    uint64_t with_cpus = 0;
    for (int i = 0; i < t.num_nodes && i < OLI_MAX_NODES; i++)
      if (t.nodes[i].ncpus > 0) with_cpus |= 1ULL << i;
    char with[128];
    oli_format_list(with_cpus, with, sizeof with);
    for (int i = 0; i < OLI_MAX_NODES; i++) {
      if (!all && !(mask >> i & 1)) continue;
      if (i >= t.num_nodes || (t.nodes[i].kind == OLI_NODE_NONE && t.nodes[i].ncpus == 0)) {
        if (all) continue;
        cli_error("run: --cpunodebind names node %d, which does not exist (nodes with CPUs: %s)", i, with);
        return -1;
      }
      int had = 0;
      for (int c = 0; c < OLI_MAX_CPUS && c < CPU_SETSIZE; c++)
        if (t.cpus[i][c / 64] >> (c % 64) & 1) {
          had = 1;
          if (CPU_ISSET(c, &allowed)) CPU_SET(c, &want);
        }
      if (!had && !all) {
        cli_error("run: --cpunodebind names node %d, which has no CPUs (nodes with CPUs: %s)", i, with);
        return -1;
      }
    }
    if (CPU_COUNT(&want) == 0) {
      cli_error("run: --cpunodebind %s: none of its CPUs is one this process may use (%s)", nodes, allowed_s);
      return -1;
    }
  }
  if (cpus) {
    uint64_t bits[CPU_SETSIZE / 64] = {0};
    int all = strcmp(cpus, "all") == 0;
    if (!all && oli_parse_list(cpus, bits, CPU_SETSIZE, CPU_SETSIZE - 1, NULL) != 0) {
      cli_error("run: --physcpubind '%s' is not a CPU list (0-3,8; all; CPUs below %d)", cpus, CPU_SETSIZE);
      return -1;
    }
    cpu_set_t c2;
    CPU_ZERO(&c2);
    for (int c = 0; c < CPU_SETSIZE; c++) {
      if (!all && !(bits[c / 64] >> (c % 64) & 1)) continue;
      if (!CPU_ISSET(c, &allowed)) {
        if (all) continue;
        cli_error("run: --physcpubind names CPU %d, which this process may not use (CPUs: %s)", c, allowed_s);
        return -1;
      }
      CPU_SET(c, &c2);
    }
    if (nodes) CPU_AND(&want, &want, &c2); /* both: numactl takes the CPUs in both */
    else want = c2;
    if (CPU_COUNT(&want) == 0) {
      cli_error("run: --physcpubind %s and --cpunodebind %s have no CPU in common", cpus, nodes);
      return -1;
    }
  }
  if (sched_setaffinity(0, sizeof want, &want) != 0) {
    cli_error("run: cannot bind to the CPUs asked for: %s", strerror(errno));
    return -1;
  }
  return 0;
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

/* Programs that run another with the environment they were given: the
 * program they run is the one to judge (numactl -N 0 ./app, env A=1 ./app). */
static const char *const wrappers[] = {"env", "numactl", "taskset", "nice", "ionice", "chrt", "stdbuf", "timeout",
                                       "time", "nohup", "setsid", "setarch", "hwloc-bind", "migratepages"};

static int is_wrapper(const char *prog) {
  const char *base = strrchr(prog, '/');
  base = base ? base + 1 : prog;
  for (size_t i = 0; i < sizeof wrappers / sizeof wrappers[0]; i++)
    if (strcmp(base, wrappers[i]) == 0) return 1;
  return 0;
}

/* 1 when word is a program to run (an executable regular file, found as
 * execvp would): not an option's value (numactl's 0, taskset's 0x3,
 * timeout's 10s). */
static int runnable(const char *word) {
  char path[4096];
  struct stat st;
  return word[0] != '-' && !strchr(word, '=') && find_program(word, path, sizeof path) && stat(path, &st) == 0 &&
         S_ISREG(st.st_mode) && access(path, X_OK) == 0;
}

/* The program argv runs in the end: argv[0], or for a wrapper the first of
 * its arguments that is a program to run (wrappers in wrappers too); NULL
 * when a wrapper's program cannot be told (nothing is judged). */
static const char *wrapped_program(char **argv) {
  for (int depth = 0; depth < 8 && is_wrapper(argv[0]); depth++) {
    int k = 1;
    while (argv[k] && !runnable(argv[k])) k++;
    if (argv[k] == NULL) return NULL;
    argv += k;
  }
  return argv[0];
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
static void preload_unlinked(char **argv) {
  char path[4096], why[256], lib[4096];
  const char *preload = getenv("LD_PRELOAD"); /* the dynamic loader's variable */
  const char *prog = wrapped_program(argv);
  if (prog == NULL || !find_program(prog, path, sizeof path) || (preload && strstr(preload, "liboli"))) return;
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

/* The directory a report or profile goes to exists and takes files: they
 * are written at the program's exit, when a run of hours would lose them.
 * True (said) when it does not. */
static bool out_dir_missing(const char *opt, const char *path) {
  char dir[4096];
  const char *slash = strrchr(path, '/');
  if (!slash) snprintf(dir, sizeof dir, ".");
  else if (slash == path) snprintf(dir, sizeof dir, "/");
  else snprintf(dir, sizeof dir, "%.*s", (int)(slash - path), path);
  struct stat st;
  if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode)) {
    cli_error("run: --%s %s: directory '%s' %s; it is written at the program's exit", opt, cli_shown(path),
              cli_shown(dir), stat(dir, &st) != 0 ? "does not exist" : "is not a directory");
    return true;
  }
  if (access(dir, W_OK | X_OK) != 0) {
    cli_error("run: --%s %s: directory '%s' is not writable; it is written at the program's exit", opt,
              cli_shown(path), cli_shown(dir));
    return true;
  }
  return false;
}

int cli_run_main(int argc, char **argv) {
  struct option longopts[NRUN + 4];
  char shortopts[2 * NRUN + 8] = "+hN:C:"; /* "+": stop at the program (its own options follow) */
  size_t ns = strlen(shortopts);
  size_t nl = 0;
  for (size_t i = 0; i < NRUN; i++) {
    if (!run_opts[i].name[0]) continue; /* no flag: the variable only */
    longopts[nl++] = (struct option){run_opts[i].name, required_argument, NULL, (int)(i + 256)};
    if (run_opts[i].short_name) shortopts[ns++] = run_opts[i].short_name;
    if (run_opts[i].short_name && run_opts[i].short_name != FLAG_SHORT) shortopts[ns++] = ':';
  }
  shortopts[ns] = '\0';
  longopts[nl++] = (struct option){"cpunodebind", required_argument, NULL, BIND_NODES};
  longopts[nl++] = (struct option){"physcpubind", required_argument, NULL, BIND_CPUS};
  longopts[nl++] = (struct option){"help", no_argument, NULL, 'h'};
  longopts[nl] = (struct option){NULL, 0, NULL, 0};
  const char *values[NRUN] = {0}, *bind_nodes = NULL, *bind_cpus_s = NULL;
  optind = 1;
  opterr = 0;
  int c;
  while ((c = getopt_long(argc, argv, shortopts, longopts, NULL)) != -1) {
    if (c == 'h') {
      usage(stdout);
      return OLI_EXIT_OK;
    }
    if (optarg && strcmp(optarg, "--") == 0 && optind >= 2 && argv[optind - 1] == optarg) {
      /* "--report -- ./app": the value is missing, the separator is not a file name */
      cli_error("run: option '%s' needs a value before '--'; try 'oli run --help'", cli_shown(argv[optind - 2]));
      return OLI_EXIT_BAD;
    }
    if (c == 'N' || c == BIND_NODES) {
      bind_nodes = optarg;
      continue;
    }
    if (c == 'C' || c == BIND_CPUS) {
      bind_cpus_s = optarg;
      continue;
    }
    bool flag = c == FLAG_SHORT;
    for (size_t i = 0; i < NRUN; i++)
      if (run_opts[i].short_name && c == run_opts[i].short_name) c = (int)(i + 256);
    if (flag && c >= 256 && c < (int)(256 + NRUN)) {
      values[c - 256] = FLAG_VALUE;
      continue;
    }
    if (c < 256 || c >= (int)(256 + NRUN)) {
      int o = optopt;
      for (size_t i = 0; i < NRUN; i++)
        if (run_opts[i].short_name && o == run_opts[i].short_name) o = (int)(i + 256);
      if (o >= 256 && o < (int)(256 + NRUN))
        cli_error("run: --%s needs a value (%s)", run_opts[o - 256].name, run_opts[o - 256].arg);
      else if (o == BIND_NODES || o == 'N')
        cli_error("run: --cpunodebind needs a value (NODES)");
      else if (o == BIND_CPUS || o == 'C')
        cli_error("run: --physcpubind needs a value (CPUS)");
      else if (o > 0 && o < 128 && strncmp(argv[optind - 1], "--", 2) != 0)
        cli_error("run: unknown option '-%c'; 'oli run --help' lists them", o);
      else
        cli_error("run: unknown option '%s'; 'oli run --help' lists them", argv[optind - 1]);
      return OLI_EXIT_BAD;
    }
    values[c - 256] = optarg;
  }
  for (size_t i = 0; i < NRUN; i++) { /* values first: `-v ./app` is a bad value, not a missing program */
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
    if ((run_opts[i].option == oli_option_report || run_opts[i].option == oli_option_profile) &&
        !_oli_is_stderr_name(values[i]) && out_dir_missing(run_opts[i].name, values[i]))
      return OLI_EXIT_BAD;
    if (run_opts[i].option == oli_option_plan) {
      oli_doc_t doc;
      if (cli_doc_load_in("run: --plan", values[i], OLI_DOC_PLAN | OLI_DOC_PROFILE, &doc) != 0) return OLI_EXIT_BAD;
      oli_doc_free(&doc);
    }
    if (run_opts[i].option == oli_option_machine && strcmp(values[i], "none") != 0) {
      static oli_machine_t m;
      if (oli_machine_load(values[i], NULL, &m, msg, sizeof msg) != 0) {
        cli_error("run: --machine %s: %s", values[i], msg);
        return OLI_EXIT_BAD;
      }
    }
    if (setenv(env, values[i], 1) != 0) {
      cli_error("run: cannot set %s: %s", env, strerror(errno));
      return OLI_EXIT_BAD;
    }
  }
  if (optind >= argc) {
    cli_error("run: no program to run; usage: oli run [OPTION...] [--] PROGRAM [ARGS...]");
    return OLI_EXIT_BAD;
  }
  if (check_nodes(values) != 0) return OLI_EXIT_BAD;
  if (bind_cpus(bind_nodes, bind_cpus_s) != 0) return OLI_EXIT_BAD;
  preload_unlinked(argv + optind);
  fflush(stdout);
  execvp(argv[optind], argv + optind);
  int err = errno;
  if (err == ENOENT && !strchr(argv[optind], '/') && access(argv[optind], F_OK) == 0)
    cli_error("run: cannot run '%s': not found in PATH; a file of this directory is './%s'", cli_shown(argv[optind]),
              cli_shown(argv[optind]));
  else
    cli_error("run: cannot run '%s': %s", argv[optind], strerror(err));
  return err == ENOENT || err == ENOTDIR ? EXIT_NOT_FOUND : EXIT_NOT_EXEC;
}
