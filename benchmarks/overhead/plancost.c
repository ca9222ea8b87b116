/* benchmarks/overhead/plancost.c - what a plan costs a placed allocation
 * (docs/benchmarks-overhead.md, "Plans"). Compiled with the plugin: one real
 * site, placed (OLI_MIN_SIZE=1M, 2 MiB objects, OLI_POLICY=oli). The parent
 * writes plans of N sites that do not list this site - N entries of its own
 * file and function at other positions, the worst case for re-matching by
 * location - and runs a child per plan size, alternating, several rounds:
 * each child times malloc+free of a 2 MiB object and prints ns per pair, the
 * median of its batches. The table gives each plan size's median over the
 * rounds and its ratio to no plan.
 *   plancost [--rounds R] [--sizes N,N,...]   default: 5 rounds, 0,2000,200000 */
#define _GNU_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "clock.h"

#define BATCHES 9
#define PER_BATCH 2000
#define OBJ (2u << 20)

static double now_ns(void) { return bench_ns(CLOCK_MONOTONIC); }
#define median bench_median

/* The child: the placed site. */
static __attribute__((noinline)) void *probe(size_t n) { return malloc(n); }

static int child(void) {
  double ns[BATCHES];
  volatile char sink = 0;
  for (int w = 0; w < 200; w++) free(probe(OBJ)); /* warm: plan loaded, block recycled */
  for (int b = 0; b < BATCHES; b++) {
    double t0 = now_ns();
    for (int i = 0; i < PER_BATCH; i++) {
      char *p = probe(OBJ);
      sink += p[0];
      free(p);
    }
    ns[b] = (now_ns() - t0) / PER_BATCH;
  }
  printf("%.1f\n", median(ns, BATCHES));
  return sink == 42;
}

/* A plan of n sites, none of them the probe's, all in this file and function. */
static void write_plan(const char *path, long n) {
  FILE *f = fopen(path, "w");
  if (!f) {
    perror(path);
    exit(2);
  }
  fprintf(f, "{\"schema\": \"oli-plan\", \"version\": 1, \"sites\": [\n");
  for (long i = 0; i < n; i++)
    fprintf(f, "%s{\"id\": \"0x%016llx\", \"kind\": \"malloc\", \"file\": \"%s\", \"function\": \"probe\", "
               "\"rel\": %ld, \"decision\": \"dram\"}\n",
            i ? "," : "", (unsigned long long)(0x5a5a000000000000ull + (uint64_t)i), __FILE__, 1000 + i);
  fprintf(f, "]}\n");
  fclose(f);
}

static double run_child(const char *self, const char *plan) {
  int fd[2];
  if (pipe(fd) != 0) exit(2);
  pid_t pid = fork();
  if (pid == 0) {
    dup2(fd[1], 1);
    close(fd[0]);
    FILE *null = freopen("/dev/null", "w", stderr); /* the one-node machine's warning, the plan's exit line */
    (void)null;
    setenv("OLI_MIN_SIZE", "1M", 1);
    setenv("OLI_POLICY", "oli", 1);
    if (plan) setenv("OLI_PLAN", plan, 1);
    else unsetenv("OLI_PLAN");
    execl(self, self, "--child", (char *)NULL);
    _exit(127);
  }
  close(fd[1]);
  char buf[64] = "";
  ssize_t k = read(fd[0], buf, sizeof buf - 1);
  close(fd[0]);
  int st;
  waitpid(pid, &st, 0);
  if (k <= 0 || !WIFEXITED(st) || WEXITSTATUS(st) != 0) {
    fprintf(stderr, "plancost: child with plan %s failed\n", plan ? plan : "(none)");
    exit(1);
  }
  return atof(buf);
}

int main(int argc, char **argv) {
  if (argc > 1 && strcmp(argv[1], "--child") == 0) return child();
  int rounds = 5;
  long sizes[8] = {0, 2000, 200000};
  int nsizes = 3;
  for (int i = 1; i < argc; i++) {
    if (strcmp(argv[i], "--rounds") == 0 && i + 1 < argc) rounds = atoi(argv[++i]);
    else if (strcmp(argv[i], "--sizes") == 0 && i + 1 < argc) {
      nsizes = 0;
      for (char *s = strtok(argv[++i], ","); s && nsizes < 8; s = strtok(NULL, ",")) sizes[nsizes++] = atol(s);
    } else {
      fprintf(stderr, "usage: plancost [--rounds R] [--sizes N,N,...]\n");
      return 2;
    }
  }
  if (rounds < 1 || rounds > 99) rounds = 5;
  char self[4096];
  ssize_t sl = readlink("/proc/self/exe", self, sizeof self - 1);
  if (sl <= 0) return 2;
  self[sl] = 0;
  char paths[8][64];
  for (int s = 0; s < nsizes; s++) {
    snprintf(paths[s], sizeof paths[s], "/tmp/oli-plancost-%d-%ld.json", (int)getpid(), sizes[s]);
    if (sizes[s]) write_plan(paths[s], sizes[s]);
  }
  double t[8][100];
  for (int r = 0; r < rounds; r++) /* alternating: every size in every round */
    for (int s = 0; s < nsizes; s++) t[s][r] = run_child(self, sizes[s] ? paths[s] : NULL);
  printf("%-12s %14s %8s   (2 MiB malloc+free, placed; the site not in the plan; median of %d rounds)\n",
         "plan sites", "ns per pair", "ratio", rounds);
  double base = 0;
  for (int s = 0; s < nsizes; s++) {
    double m = median(t[s], rounds);
    if (s == 0) base = m;
    printf("%-12ld %14.1f %8.2f\n", sizes[s], m, base > 0 ? m / base : 0);
    if (sizes[s]) unlink(paths[s]);
  }
  return 0;
}
