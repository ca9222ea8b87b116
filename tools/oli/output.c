/* tools/oli/output.c - where a command's document goes, and standard output
 * checked like coreutils do (a write error is an error, not a silent exit 0). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

int cli_out_open(cli_out_t *o, const char *name) {
  memset(o, 0, sizeof *o);
  o->name = name;
  if (name == NULL) { /* standard output: kept until complete, then checked and written */
    o->f = open_memstream(&o->buf, &o->len);
    if (o->f == NULL) {
      cli_error("cannot write to standard output: %s", strerror(errno));
      return -1;
    }
    return 0;
  }
  char why[256];
  if (oli_outfile_open(&o->file, name, OLI_DOC_MAX_BYTES, why, sizeof why) != 0) {
    cli_error("%s: cannot write: %s", name, why);
    return -1;
  }
  o->f = o->file.f;
  return 0;
}

int cli_out_commit(cli_out_t *o) {
  char why[256];
  const char *hint = o->hint ? o->hint : "";
  if (o->name == NULL) {
    int rc = -1;
    if (fclose(o->f) != 0) cli_error("cannot write to standard output: %s", strerror(errno));
    else if (o->len > OLI_DOC_MAX_BYTES)
      cli_error("the document would be %zu bytes, more than the %zu bytes oli reads back; nothing "
                "written%s%s", o->len, (size_t)OLI_DOC_MAX_BYTES, hint[0] ? "; " : "", hint);
    else {
      fwrite(o->buf, 1, o->len, stdout); /* a failed write: cli_close_stdout reports it */
      rc = 0;
    }
    o->f = NULL;
    free(o->buf);
    o->buf = NULL;
    return rc;
  }
  if (oli_outfile_commit(&o->file, why, sizeof why) != 0) {
    cli_error("%s: cannot write: %s%s%s", o->name, why, errno == EFBIG && hint[0] ? "; " : "",
              errno == EFBIG ? hint : "");
    return -1;
  }
  return 0;
}

static int stdout_errno; /* the first failed flush's errno (cli_stdout_failed) */

void cli_stdout_failed(int err) {
  if (!stdout_errno) stdout_errno = err;
}

int cli_close_stdout(void) {
  /* gnulib's close_stdout: an earlier error, or one flushing the rest */
  int prev = ferror(stdout);
  errno = 0;
  int fail = fclose(stdout) != 0;
  if (!prev && !fail) return 0;
  int e = errno ? errno : stdout_errno;
  cli_error("write error: %s", e ? strerror(e) : "standard output");
  return -1;
}
