/* test/runtime/testhelper.h - tiny named-check harness for runtime unit tests.
 *
 *   int main(void) {
 *     CHECK("parses 3:1", parse("3:1") == 0);
 *     CHECK_EQ("first weight", w[0], 3);
 *     CHECK_STR("reason", buf, "small");
 *     return TEST_SUMMARY();   // prints "N passed, N failed"; 1 on failure
 *   }
 *
 * TEST_SKIP("why") prints the reason and exits 77 (CTest SKIP_RETURN_CODE). */
#ifndef OLI_TESTHELPER_H
#define OLI_TESTHELPER_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

static int oli_test_passed = 0;
static int oli_test_failed = 0;

/* Every check prints one line only when it fails (or always with OLI_TEST_VERBOSE). */
#define CHECK(name, cond)                                                                     \
  do {                                                                                        \
    if (cond) {                                                                               \
      oli_test_passed++;                                                                      \
      if (getenv("OLI_TEST_VERBOSE")) fprintf(stderr, "ok   %s\n", (name));                  \
    } else {                                                                                  \
      oli_test_failed++;                                                                      \
      fprintf(stderr, "FAIL %s  (%s:%d: %s)\n", (name), __FILE__, __LINE__, #cond);          \
    }                                                                                         \
  } while (0)

/* Integer comparison that prints both values on failure. */
#define CHECK_EQ(name, got, want)                                                             \
  do {                                                                                        \
    long long g_ = (long long)(got), w_ = (long long)(want);                                  \
    CHECK(name, g_ == w_);                                                                    \
    if (g_ != w_) fprintf(stderr, "     got %lld, want %lld\n", g_, w_);                      \
  } while (0)

/* String comparison (NULL-safe) that prints both strings on failure. */
#define CHECK_STR(name, got, want)                                                            \
  do {                                                                                        \
    const char *g_ = (got), *w_ = (want);                                                     \
    int same_ = (g_ == NULL || w_ == NULL) ? g_ == w_ : strcmp(g_, w_) == 0;                  \
    CHECK(name, same_);                                                                       \
    if (!same_) fprintf(stderr, "     got '%s', want '%s'\n", g_ ? g_ : "(null)",            \
                        w_ ? w_ : "(null)");                                                  \
  } while (0)

/* Print "N passed, N failed" alone on a line; the value to return from main:
 * 1 on a failure, and when no check ran at all (a test that checked nothing
 * has not passed; skip it with TEST_SKIP and a reason instead). */
#define TEST_SUMMARY()                                                                        \
  (printf("%d passed, %d failed%s\n", oli_test_passed, oli_test_failed,                      \
          oli_test_passed + oli_test_failed ? "" : ": no check ran"),                         \
   fflush(stdout), oli_test_failed || oli_test_passed == 0 ? 1 : 0)

/* Skip the whole test (no hardware, no permission...): exit 77 with a reason. */
#define TEST_SKIP(reason)                                                                     \
  do {                                                                                        \
    printf("SKIP: %s\n", (reason));                                                           \
    fflush(stdout);                                                                           \
    exit(77);                                                                                 \
  } while (0)

/* Fork a child whose stderr goes into a new pipe fd: returns its pid (0 in
 * the child, with stderr redirected), or -1 when pipe or fork fails. */
static inline pid_t test_child_fork(int fd[2]) {
  if (pipe(fd) != 0) return -1;
  pid_t pid = fork();
  if (pid < 0) {
    close(fd[0]);
    close(fd[1]);
  } else if (pid == 0) {
    dup2(fd[1], 2);
    close(fd[0]);
  }
  return pid;
}

/* Collect a forked child: read what it wrote into the pipe fd (the write end is
 * closed here) into out (NUL-terminated, at most n - 1 bytes), wait for it.
 * Returns its exit status, or 128 + the signal that ended it. */
static inline int test_child_collect(int fd[2], pid_t pid, char *out, size_t n) {
  close(fd[1]);
  size_t len = 0;
  ssize_t k;
  while (len < n - 1 && (k = read(fd[0], out + len, n - 1 - len)) > 0) len += (size_t)k;
  out[len] = '\0';
  close(fd[0]);
  int st = 0;
  waitpid(pid, &st, 0);
  return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
}

#endif /* OLI_TESTHELPER_H */
