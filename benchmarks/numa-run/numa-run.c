/* benchmarks/numa-run/numa-run.c - bench-numa-run: run an unmodified program and
 * write, as it exits, how many bytes of it the kernel holds on each NUMA node.
 *
 *   bench-numa-run [--out FILE] [--maps FILE] [--weighted-interleave=NODES] [--] COMMAND [ARGS...]
 *
 * The harness (benchmarks/compare.py) wraps every row in it, so that rows of a
 * program without liboli (numactl --interleave, --preferred, --membind) have
 * the same byte columns as oli's. COMMAND runs as a ptrace child; when its
 * main thread exits (PTRACE_EVENT_EXIT: the address space still exists) its
 * /proc/PID/numa_maps is summed per node and written to FILE as one JSON
 * object (%p in FILE: the program's pid). Every mapping counts: heap, stacks,
 * globals, anonymous mmap and the mapped pages of files (shared libraries),
 * as numa_maps lists them. COMMAND may be numactl: its exec of the program is
 * followed (same process). --maps FILE keeps the numa_maps text itself.
 *
 * --weighted-interleave=NODES sets MPOL_WEIGHTED_INTERLEAVE (Linux 6.9+) over
 * NODES as the task policy before COMMAND starts, at the kernel's weights
 * (/sys/kernel/mm/mempolicy/weighted_interleave/nodeN): what numactl 2.0.18's
 * --weighted-interleave does; Debian 12's numactl 2.0.16 has no such option.
 *
 * Exit status: COMMAND's (128+N when killed by signal N); 2 bad arguments;
 * 77 the kernel has no MPOL_WEIGHTED_INTERLEAVE (nothing was run); 127 COMMAND
 * cannot be run. Messages start with "bench-numa-run:". */
#define _GNU_SOURCE
#include <errno.h>
#include <getopt.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ptrace.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#define PROG "bench-numa-run"
#define MAX_NODES 64
#define MPOL_DEFAULT_ 0
#define MPOL_WEIGHTED_INTERLEAVE_ 6 /* Linux 6.9+ */

static pid_t child = -1;

static void usage(FILE *f) {
  fprintf(f, "usage: " PROG " [--out FILE] [--maps FILE] [--weighted-interleave=NODES] [--] COMMAND [ARGS...]\n"
             "  --out FILE                  write the bytes per node at COMMAND's exit as JSON\n"
             "                              (%%p: COMMAND's pid; default: standard error)\n"
             "  --maps FILE                 also copy COMMAND's numa_maps at exit to FILE (%%p)\n"
             "  --weighted-interleave=NODES task policy MPOL_WEIGHTED_INTERLEAVE over NODES\n"
             "                              (0,2 or 0-2) at the kernel's weights (Linux 6.9+)\n");
}

/* "0,2", "0-3", "1": bits of mask; -1 when it is not a node list. */
static int parse_nodes(const char *s, unsigned long *mask) {
  memset(mask, 0, MAX_NODES / 8);
  const char *p = s;
  if (*p == '\0') return -1;
  while (*p) {
    char *end;
    errno = 0;
    long a = strtol(p, &end, 10), b;
    if (end == p || errno || a < 0 || a >= MAX_NODES) return -1;
    b = a;
    p = end;
    if (*p == '-') {
      b = strtol(p + 1, &end, 10);
      if (end == p + 1 || b < a || b >= MAX_NODES) return -1;
      p = end;
    }
    for (long i = a; i <= b; i++) mask[i / (8 * sizeof(long))] |= 1ul << (i % (8 * sizeof(long)));
    if (*p == ',') p++;
    else if (*p) return -1;
  }
  return 0;
}

/* %p -> pid; everything else kept. */
static void expand(const char *pat, pid_t pid, char *out, size_t n) {
  size_t o = 0;
  for (const char *p = pat; *p && o + 1 < n; p++) {
    if (p[0] == '%' && p[1] == 'p') {
      o += (size_t)snprintf(out + o, n - o, "%ld", (long)pid);
      if (o >= n) o = n - 1;
      p++;
    } else {
      out[o++] = *p;
    }
  }
  out[o] = '\0';
}

typedef struct {
  unsigned long long bytes[MAX_NODES];      /* every mapping */
  unsigned long long file_bytes[MAX_NODES]; /* mappings of a file */
  int max_node;
  int lines;
} per_node_t;

/* One numa_maps line: "ADDR POLICY [file=F] ... N0=12 N2=3 kernelpagesize_kB=4". */
static void add_line(per_node_t *pn, char *line) {
  unsigned long long kb = 4, count[MAX_NODES] = {0};
  int is_file = 0;
  for (char *tok = strtok(line, " \n"); tok; tok = strtok(NULL, " \n")) {
    if (strncmp(tok, "file=", 5) == 0) is_file = 1;
    else if (strncmp(tok, "kernelpagesize_kB=", 18) == 0) kb = strtoull(tok + 18, NULL, 10);
    else if (tok[0] == 'N' && tok[1] >= '0' && tok[1] <= '9') {
      char *eq;
      long node = strtol(tok + 1, &eq, 10);
      if (*eq == '=' && node >= 0 && node < MAX_NODES) count[node] += strtoull(eq + 1, NULL, 10);
    }
  }
  for (int i = 0; i < MAX_NODES; i++) {
    if (!count[i]) continue;
    pn->bytes[i] += count[i] * kb * 1024;
    if (is_file) pn->file_bytes[i] += count[i] * kb * 1024;
    if (i > pn->max_node) pn->max_node = i;
  }
  pn->lines++;
}

static int sample(pid_t pid, per_node_t *pn, const char *maps_pattern) {
  char path[4096], line[4096];
  snprintf(path, sizeof path, "/proc/%ld/numa_maps", (long)pid);
  FILE *f = fopen(path, "r"), *copy = NULL;
  if (!f) return -1;
  if (maps_pattern) {
    expand(maps_pattern, pid, path, sizeof path);
    if (!(copy = fopen(path, "w"))) fprintf(stderr, PROG ": warning: cannot write '%s': %s\n", path, strerror(errno));
  }
  while (fgets(line, sizeof line, f)) {
    size_t len = strlen(line);
    if (copy) fputs(line, copy);
    add_line(pn, line);
    /* an over-long line (a very long file name): skip its rest */
    while (len == sizeof line - 1 && line[len - 1] != '\n' && fgets(line, sizeof line, f)) len = strlen(line);
  }
  fclose(f);
  if (copy && fclose(copy) != 0) fprintf(stderr, PROG ": warning: cannot write '%s': %s\n", path, strerror(errno));
  return 0;
}

/* CPUs of node i from sysfs (0 when unknown or none). */
static int node_cpus(int i) {
  char path[96], buf[4096];
  snprintf(path, sizeof path, "/sys/devices/system/node/node%d/cpulist", i);
  FILE *f = fopen(path, "r");
  if (!f) return -1;
  int n = 0;
  if (fgets(buf, sizeof buf, f)) {
    for (char *p = buf; *p && *p != '\n';) {
      char *end;
      long a = strtol(p, &end, 10), b = a;
      if (end == p) break;
      p = end;
      if (*p == '-') b = strtol(p + 1, &p, 10);
      n += (int)(b - a + 1);
      if (*p == ',') p++;
    }
  }
  fclose(f);
  return n;
}

static int write_json(const char *pattern, pid_t pid, int sampled, const per_node_t *pn, int status,
                      const char *policy) {
  char path[4096];
  FILE *f = stderr;
  if (pattern) {
    expand(pattern, pid, path, sizeof path);
    f = fopen(path, "w");
    if (!f) {
      fprintf(stderr, PROG ": warning: cannot write '%s': %s\n", path, strerror(errno));
      return -1;
    }
  }
  unsigned cpu = 0, node = 0;
  int local = syscall(SYS_getcpu, &cpu, &node, NULL) == 0 ? (int)node : -1;
  unsigned long long total = 0;
  fprintf(f, "{\"schema\": \"bench-numa-run\", \"version\": 1, \"pid\": %ld, \"sampled\": %s, "
             "\"policy\": \"%s\", \"exit_status\": %d, \"local_node\": %d, \"nodes\": [",
          (long)pid, sampled ? "true" : "false", policy, status, local);
  int first = 1;
  for (int i = 0; i <= pn->max_node || i < 1; i++) {
    int cpus = node_cpus(i);
    if (cpus < 0 && !pn->bytes[i]) continue;
    fprintf(f, "%s{\"node\": %d, \"cpus\": %d, \"bytes\": %llu, \"file_bytes\": %llu}", first ? "" : ", ", i,
            cpus < 0 ? 0 : cpus, pn->bytes[i], pn->file_bytes[i]);
    total += pn->bytes[i];
    first = 0;
  }
  fprintf(f, "], \"bytes\": %llu}\n", total);
  if (f != stderr && fclose(f) != 0) {
    fprintf(stderr, PROG ": warning: cannot write '%s': %s\n", path, strerror(errno));
    return -1;
  }
  return 0;
}

static void forward(int sig) {
  if (child > 0) kill(child, sig);
}

int main(int argc, char **argv) {
  static const struct option opts[] = {
      {"out", required_argument, NULL, 'o'},
      {"maps", required_argument, NULL, 'm'},
      {"weighted-interleave", required_argument, NULL, 'w'},
      {"help", no_argument, NULL, 'h'},
      {NULL, 0, NULL, 0},
  };
  const char *out = NULL, *maps = NULL, *wi = NULL;
  unsigned long mask[MAX_NODES / (8 * sizeof(long))];
  int c;
  while ((c = getopt_long(argc, argv, "+o:m:w:h", opts, NULL)) != -1) {
    switch (c) {
    case 'o': out = optarg; break;
    case 'm': maps = optarg; break;
    case 'w':
      if (parse_nodes(optarg, mask) != 0) {
        fprintf(stderr, PROG ": error: --weighted-interleave '%s' is not a node list (0,2 or 0-2, nodes 0-%d)\n",
                optarg, MAX_NODES - 1);
        return 2;
      }
      wi = optarg;
      break;
    case 'h': usage(stdout); return 0;
    default: usage(stderr); return 2;
    }
  }
  if (optind >= argc) {
    fprintf(stderr, PROG ": error: no COMMAND to run\n");
    usage(stderr);
    return 2;
  }
  char policy[160] = "default";
  if (wi) {
    /* Set on ourselves: the child inherits it through fork and exec. */
    if (syscall(SYS_set_mempolicy, MPOL_WEIGHTED_INTERLEAVE_, mask, MAX_NODES + 1) != 0) {
      int e = errno;
      if (e == EINVAL)
        fprintf(stderr, PROG ": SKIP: this kernel has no MPOL_WEIGHTED_INTERLEAVE (Linux 6.9 or later), "
                        "or nodes '%s' are not all online: --weighted-interleave not run\n", wi);
      else
        fprintf(stderr, PROG ": error: set_mempolicy(MPOL_WEIGHTED_INTERLEAVE, %s): %s\n", wi, strerror(e));
      return e == EINVAL ? 77 : 1;
    }
    snprintf(policy, sizeof policy, "weighted-interleave=%s", wi);
  }

  child = fork();
  if (child < 0) {
    fprintf(stderr, PROG ": error: fork: %s\n", strerror(errno));
    return 1;
  }
  if (child == 0) {
    if (ptrace(PTRACE_TRACEME, 0, NULL, NULL) != 0) {
      fprintf(stderr, PROG ": error: ptrace(PTRACE_TRACEME): %s (needed to read numa_maps at exit)\n",
              strerror(errno));
      _exit(127);
    }
    raise(SIGSTOP); /* let the parent set the options first */
    execvp(argv[optind], argv + optind);
    fprintf(stderr, PROG ": error: cannot run '%s': %s\n", argv[optind], strerror(errno));
    _exit(127);
  }
  if (wi) syscall(SYS_set_mempolicy, MPOL_DEFAULT_, NULL, 0);
  signal(SIGINT, forward);
  signal(SIGTERM, forward);
  signal(SIGHUP, forward);

  per_node_t pn;
  memset(&pn, 0, sizeof pn);
  int sampled = 0, st, first_stop = 1;
  for (;;) {
    pid_t r = waitpid(child, &st, 0);
    if (r < 0) {
      if (errno == EINTR) continue;
      fprintf(stderr, PROG ": error: waitpid: %s\n", strerror(errno));
      return 1;
    }
    if (WIFEXITED(st) || WIFSIGNALED(st)) break;
    if (!WIFSTOPPED(st)) continue;
    int sig = WSTOPSIG(st), event = st >> 16, pass = 0;
    if (first_stop && sig == SIGSTOP) {
      first_stop = 0;
      ptrace(PTRACE_SETOPTIONS, child, NULL,
             (void *)(long)(PTRACE_O_TRACEEXIT | PTRACE_O_TRACEEXEC | PTRACE_O_EXITKILL));
    } else if (event == PTRACE_EVENT_EXIT) {
      sampled = sample(child, &pn, maps) == 0;
    } else if (event == 0 && sig != SIGTRAP) {
      siginfo_t si;
      /* a signal for the program: deliver it; a group stop (no siginfo): go on */
      if (ptrace(PTRACE_GETSIGINFO, child, NULL, &si) == 0) pass = sig;
    }
    ptrace(PTRACE_CONT, child, NULL, (void *)(long)pass);
  }
  int status = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
  if (!sampled)
    fprintf(stderr, PROG ": warning: %s ended before its exit could be sampled (killed, or its main thread "
                    "ended first): no bytes per node\n", argv[optind]);
  write_json(out, child, sampled, &pn, status, policy);
  return status;
}
