/* test-messages: prefixes, once-per-ID warnings and their counts, errno kept,
 * error cap, verbose gating, OLI_STRICT=1 making a warning fatal (exit 2);
 * machine warnings quiet unless asked or verbose, once per host under MPI;
 * the MPI rank in every line. */
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

static void strict_machine_child(void) {
  setenv("OLI_STRICT", "1", 1);
  _oli_options_reset();
  _oli_machine_warning(W_NO_CXL, false, "no CXL node %d", 0);
}

/* A machine warning in a fresh state with the given MPI variables. */
static void machine(bool asked, const char *rank, const char *local) {
  clear();
  _oli_messages_reset();
  if (rank) setenv("PMI_RANK", rank, 1);
  else unsetenv("PMI_RANK");
  if (local) setenv("MPI_LOCALRANKID", local, 1);
  else unsetenv("MPI_LOCALRANKID");
  _oli_machine_warning(W_NO_CXL, asked, "no CXL node: local DRAM node %d", 0);
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

  const char *const mpi_vars[] = {"PMI_RANK", "PMIX_RANK", "OMPI_COMM_WORLD_RANK", "MV2_COMM_WORLD_RANK",
                                   "SLURM_PROCID", "MPI_LOCALRANKID", "OMPI_COMM_WORLD_LOCAL_RANK",
                                   "MV2_COMM_WORLD_LOCAL_RANK", "SLURM_LOCALID"};
  for (size_t i = 0; i < sizeof mpi_vars / sizeof mpi_vars[0]; i++) unsetenv(mpi_vars[i]);
  machine(false, NULL, NULL);
  CHECK_STR("machine warning, defaults: not printed", captured, "");
  CHECK_EQ("machine warning, defaults: counted", _oli_warning_count(W_NO_CXL), 1);
  machine(true, NULL, NULL);
  CHECK_STR("machine warning, asked: printed", captured, "oli: warning: no CXL node: local DRAM node 0\n");
  setenv("OLI_VERBOSE", "1", 1);
  _oli_options_reset();
  machine(false, NULL, NULL);
  CHECK_STR("machine warning, OLI_VERBOSE=1: printed", captured,
            "oli: warning: no CXL node: local DRAM node 0\n");
  unsetenv("OLI_VERBOSE");
  _oli_options_reset();
  machine(true, "3", NULL);
  CHECK_STR("machine warning, rank without local rank: printed, labelled", captured,
            "oli: warning: rank 3: no CXL node: local DRAM node 0\n");
  machine(true, "5", "1");
  CHECK_STR("machine warning, second rank of a host: not printed", captured, "");
  CHECK_EQ("machine warning, second rank of a host: counted", _oli_warning_count(W_NO_CXL), 1);
  machine(true, "4", "0");
  CHECK_STR("machine warning, first rank of a host: printed for the host", captured,
            "oli: warning: rank 4: no CXL node: local DRAM node 0 (for every rank on this host)\n");
  machine(false, "4", "0");
  CHECK_STR("machine warning, first rank, defaults: not printed", captured, "");
  clear();
  _oli_warning_message(W_MBIND, "mbind failed");
  _oli_error_message(0, "bad");
  setenv("OLI_VERBOSE", "1", 1);
  _oli_options_reset();
  _oli_verbose_message(1, "node 0");
  unsetenv("OLI_VERBOSE");
  _oli_options_reset();
  CHECK_STR("every line of a rank names it", captured,
            "oli: warning: rank 4: mbind failed\noli: error: rank 4: bad\noli: rank 4: node 0\n");
  unsetenv("PMI_RANK");
  unsetenv("MPI_LOCALRANKID");
  _oli_messages_reset();

  char out[4096];
  int st = run_child(strict_machine_child, out, sizeof out);
  CHECK_EQ("OLI_STRICT=1: an unasked machine warning still exits 2", st, 2);
  CHECK("OLI_STRICT=1: the machine warning is printed", strstr(out, "oli: warning: no CXL node 0\n") != NULL);
  st = run_child(strict_child, out, sizeof out);
  CHECK_EQ("OLI_STRICT=1: warning exits 2", st, 2);
  CHECK("OLI_STRICT=1: the warning is printed",
        strstr(out, "oli: warning: mbind failed for 7 pages\n") != NULL);
  CHECK("OLI_STRICT=1: says why it stopped", strstr(out, "oli: error: OLI_STRICT makes warnings fatal; stopping") != NULL);

  _oli_set_output(NULL, NULL);
  return TEST_SUMMARY();
}
