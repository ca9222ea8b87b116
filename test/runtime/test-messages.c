/* test-messages: prefixes, once-per-ID warnings and their counts, errno kept,
 * error cap, verbose gating, OLI_STRICT=1 making a warning fatal (exit 2). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "internal.h"
#include "testhelper.h"

static char captured[16384];
static int lines;

static void capture(const char *msg, void *arg) {
  (void)arg;
  size_t have = strlen(captured), add = strlen(msg);
  if (have + add < sizeof captured) memcpy(captured + have, msg, add + 1);
  lines++;
}

static void clear(void) {
  captured[0] = '\0';
  lines = 0;
}

/* Run fn in a child with stderr on a pipe; returns exit status, output in out. */
static int run_child(void (*fn)(void), char *out, size_t n) {
  int fd[2];
  pid_t pid = test_child_fork(fd);
  if (pid < 0) return -1;
  if (pid == 0) {
    _oli_set_output(NULL, NULL);
    fn();
    _exit(0);
  }
  return test_child_collect(fd, pid, out, n);
}

static void strict_child(void) {
  setenv("OLI_STRICT", "1", 1);
  _oli_options_reset();
  _oli_warning_message(W_MBIND, "mbind failed for %d pages", 7);
}

int main(void) {
  unsetenv("OLI_VERBOSE");
  unsetenv("OLI_STRICT");
  _oli_options_reset();
  _oli_set_output(capture, NULL);

  clear();
  _oli_warning_message(W_NO_CXL, "no CXL node: objects stay on local DRAM (%s)", "test");
  CHECK_STR("warning prefix and newline", captured,
            "oli: warning: no CXL node: objects stay on local DRAM (test)\n");
  _oli_warning_message(W_NO_CXL, "second time");
  _oli_warning_message(W_NO_CXL, "third time");
  CHECK_EQ("warning printed once per ID", lines, 1);
  CHECK_EQ("warning counted every time", _oli_warning_count(W_NO_CXL), 3);
  CHECK_EQ("other IDs not counted", _oli_warning_count(W_MBIND), 0);
  _oli_warning_message(W_MBIND, "other id");
  CHECK_EQ("a different ID prints", lines, 2);
  CHECK_EQ("out-of-range ID count is 0", _oli_warning_count(W_MAX_), 0);
  CHECK_STR("warning name", oli_warning_name(W_BAD_SYSFS), "bad_sysfs");

  clear();
  errno = ENOMEM;
  _oli_warning_message(W_ARENA_FULL, "arena full");
  CHECK_EQ("errno preserved by warning", errno, ENOMEM);
  errno = EINVAL;
  _oli_error_message(0, "plain");
  CHECK_EQ("errno preserved by error", errno, EINVAL);
  errno = EPERM;
  _oli_verbose_message(1, "hidden");
  CHECK_EQ("errno preserved by verbose", errno, EPERM);

  clear();
  _oli_error_message(EACCES, "cannot write report '%s'", "/x");
  CHECK_STR("error prefix with strerror", captured,
            "oli: error: cannot write report '/x': Permission denied\n");

  clear();
  for (int i = 0; i < 100; i++) _oli_error_message(0, "error %d", i);
  CHECK("errors capped", lines > 0 && lines < 100);
  CHECK("errors all counted", _oli_error_count() >= 100);

  clear();
  _oli_verbose_message(1, "not shown at OLI_VERBOSE=0");
  CHECK_EQ("verbose off by default", lines, 0);
  setenv("OLI_VERBOSE", "2", 1);
  _oli_options_reset();
  _oli_verbose_message(1, "shown %d", 1);
  _oli_verbose_message(2, "shown %d", 2);
  _oli_verbose_message(3, "hidden 3");
  CHECK_STR("verbose prefix and levels", captured, "oli: shown 1\noli: shown 2\n");
  unsetenv("OLI_VERBOSE");
  _oli_options_reset();

  clear();
  char big[2000];
  memset(big, 'x', sizeof big - 1);
  big[sizeof big - 1] = '\0';
  _oli_warning_message(W_REPORT, "%s", big);
  size_t len = strlen(captured);
  CHECK("long message truncated", len > 100 && len < 1000);
  CHECK("truncated message ends in newline", len > 0 && captured[len - 1] == '\n');

  clear();
  _oli_warning_message(W_PLAN, "value '%s'", "a\nb\rc\td");
  CHECK_STR("control characters never split a line", captured, "oli: warning: value 'a?b?c d'\n");

  clear();
  _oli_messages_reset();
  CHECK_EQ("reset clears counts", _oli_warning_count(W_NO_CXL), 0);
  _oli_warning_message(W_NO_CXL, "again");
  CHECK_EQ("after reset the warning prints again", lines, 1);

  char out[4096];
  int st = run_child(strict_child, out, sizeof out);
  CHECK_EQ("OLI_STRICT=1: warning exits 2", st, 2);
  CHECK("OLI_STRICT=1: the warning is printed",
        strstr(out, "oli: warning: mbind failed for 7 pages\n") != NULL);
  CHECK("OLI_STRICT=1: says why it stopped", strstr(out, "oli: error: OLI_STRICT=1") != NULL);

  _oli_set_output(NULL, NULL);
  return TEST_SUMMARY();
}
