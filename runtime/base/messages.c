/* runtime/base/messages.c - levelled, capped messages of the runtime.
 *
 *   _oli_verbose_message(level, ...)   "oli: ..."          when OLI_VERBOSE >= level
 *   _oli_warning_message(W_x, ...)     "oli: warning: ..." once per W_x, counted
 *   _oli_machine_warning(W_x, asked, ...)  the same for a fact of the machine:
 *                                      quiet unless asked / OLI_VERBOSE>=1,
 *                                      once per host under MPI
 *   _oli_error_message(err, ...)       "oli: error: ...[: strerror(err)]", capped
 *
 * Every message is formatted into a stack buffer and handed to one output hook
 * (default: write(2) to stderr), so it never calls malloc and can be used from
 * inside the interposed allocator. errno is preserved. With OLI_STRICT=1 a
 * warning is fatal: the process exits with status 2 after printing it.
 * Under MPI every line names the rank after its prefix ("oli: warning: rank
 * 3: ..."), as mpiexec -prepend-rank would, so ranks' lines can be told apart. */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "internal.h"

#define MSG_MAX 512        /* one line, truncated beyond */
#define ERROR_CAP 32       /* error lines printed at most; the rest are counted */

static void stderr_output(const char *msg, void *arg) {
  (void)arg;
  size_t len = strlen(msg);
  while (len > 0) {
    ssize_t n = write(2, msg, len);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return;
    msg += n;
    len -= (size_t)n;
  }
}

static oli_output_fun *_Atomic out_fun = &stderr_output;
static void *_Atomic out_arg = NULL;
static _Atomic uint64_t warning_count[W_MAX_];
static _Atomic uint64_t error_count;

void _oli_set_output(oli_output_fun *out, void *arg) {
  atomic_store(&out_arg, arg);
  atomic_store(&out_fun, out != NULL ? out : &stderr_output);
}

void _oli_messages_reset(void) {
  for (int i = 0; i < W_MAX_; i++) atomic_store(&warning_count[i], 0);
  atomic_store(&error_count, 0);
}

/* Format "prefix" + fmt + optional ": strerror(err)" + "\n" and output it. */
static void emit(const char *prefix, int err, const char *fmt, va_list ap) {
  char buf[MSG_MAX];
  size_t n = strlen(prefix);
  if (n >= sizeof buf) n = sizeof buf - 1;
  memcpy(buf, prefix, n);
  int k;
  long rank = _oli_env_mpi_rank();
  if (rank >= 0) {
    k = snprintf(buf + n, sizeof buf - n, "rank %ld: ", rank);
    if (k > 0) n += (size_t)k < sizeof buf - n ? (size_t)k : sizeof buf - n - 1;
  }
  k = vsnprintf(buf + n, sizeof buf - n, fmt, ap);
  if (k > 0) n += (size_t)k < sizeof buf - n ? (size_t)k : sizeof buf - n - 1;
  if (err != 0 && n < sizeof buf - 1) {
    char ebuf[128];
    /* GNU strerror_r returns a pointer, never allocates for known errnos */
    const char *es = strerror_r(err, ebuf, sizeof ebuf);
    k = snprintf(buf + n, sizeof buf - n, ": %s", es);
    if (k > 0) n += (size_t)k < sizeof buf - n ? (size_t)k : sizeof buf - n - 1;
  }
  if (n > sizeof buf - 2) n = sizeof buf - 2; /* room for '\n' */
  for (size_t i = 0; i < n; i++) /* one line, whatever the arguments held */
    if ((unsigned char)buf[i] < 0x20 || buf[i] == 0x7f) buf[i] = buf[i] == '\t' ? ' ' : '?';
  buf[n++] = '\n';
  buf[n] = '\0';
  oli_output_fun *out = atomic_load(&out_fun);
  out(buf, atomic_load(&out_arg));
}

void _oli_verbose_message(int level, const char *fmt, ...) {
  int saved = errno;
  if (_oli_option_get(oli_option_verbose) >= level) {
    va_list ap;
    va_start(ap, fmt);
    emit("oli: ", 0, fmt, ap);
    va_end(ap);
  }
  errno = saved;
}

static _Atomic bool at_exit; /* liboli's destructor runs: _oli_messages_at_exit */

void _oli_messages_at_exit(void) { atomic_store(&at_exit, true); }

/* Count a warning of id; print its first one when show (every one, then
 * stop, under OLI_STRICT=1). */
static void warn(oli_warning_t id, bool show, const char *fmt, va_list ap) {
  if ((unsigned)id >= W_MAX_) id = W_OPTION;
  uint64_t before = atomic_fetch_add(&warning_count[id], 1);
  bool strict = _oli_option_get(oli_option_strict) != 0;
  if ((before == 0 && show) || strict) emit("oli: warning: ", 0, fmt, ap);
  if (strict) {
    static const char line[] = "oli: error: OLI_STRICT makes warnings fatal; stopping\n";
    atomic_load(&out_fun)(line, atomic_load(&out_arg));
    /* at exit the program's own output is complete and still buffered
     * (liboli's destructor runs before stdio's flush): keep it; anywhere
     * else a stream's lock may be held by the code the warning came from */
    if (atomic_load(&at_exit)) fflush(NULL);
    _exit(2);
  }
}

static void warn_fmt(oli_warning_t id, bool show, const char *fmt, ...) OLI_PRINTF(3, 4);
static void warn_fmt(oli_warning_t id, bool show, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  warn(id, show, fmt, ap);
  va_end(ap);
}

void _oli_warning_message(oli_warning_t id, const char *fmt, ...) {
  int saved = errno;
  va_list ap;
  va_start(ap, fmt);
  warn(id, true, fmt, ap);
  va_end(ap);
  errno = saved;
}

void _oli_machine_warning(oli_warning_t id, bool asked, const char *fmt, ...) {
  int saved = errno;
  long local = _oli_env_mpi_local_rank();
  /* The same on every rank of a host: its first rank speaks for all of them;
   * with no local rank from the launcher, every rank does (labelled). */
  bool show = (asked || _oli_option_get(oli_option_verbose) >= 1) && local <= 0;
  char msg[MSG_MAX];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  warn_fmt(id, show, "%s%s", msg, local == 0 ? " (for every rank on this host)" : "");
  errno = saved;
}

void _oli_error_message(int err, const char *fmt, ...) {
  int saved = errno;
  uint64_t before = atomic_fetch_add(&error_count, 1);
  if (before < ERROR_CAP) {
    va_list ap;
    va_start(ap, fmt);
    emit("oli: error: ", err, fmt, ap);
    va_end(ap);
  }
  errno = saved;
}

uint64_t _oli_warning_count(oli_warning_t id) {
  if ((unsigned)id >= W_MAX_) return 0;
  return atomic_load(&warning_count[id]);
}

uint64_t _oli_error_count(void) { return atomic_load(&error_count); }

_Noreturn void _oli_fatal_exit(void) {
  /* Bad configuration at start-up: like numactl refusing a bad argument. */
  _exit(2);
}
