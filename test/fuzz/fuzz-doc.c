/* fuzz-doc.c - libFuzzer target for the CLI's document reader
 * (tools/oli/doc.c: cli_doc_load), which validates every report, plan and
 * profile that `oli report`, `oli diff`, `oli plan` and `oli profile merge`
 * read.
 *
 * Input: a file's contents. It is written to a memfd and loaded through
 * /proc/self/fd/N accepting all three kinds; on success every site is looked
 * up by id and formatted. */

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "cli.h"

/* cli_error/cli_warning live in main.c (with main); quiet copies here. */
void cli_error(const char *fmt, ...) {
  char buf[512];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
}
void cli_warning(const char *fmt, ...) {
  char buf[512];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static int fd = -1;
  static char path[64];
  if (fd < 0) {
    fd = memfd_create("oli-fuzz-doc", 0);
    if (fd < 0) abort();
    snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
  }
  if (ftruncate(fd, 0) != 0 || pwrite(fd, data, size, 0) != (ssize_t)size) abort();
  cli_doc_t d;
  if (cli_doc_load(path, CLI_DOC_REPORT | CLI_DOC_PLAN | CLI_DOC_PROFILE, &d) == 0) {
    char buf[64];
    for (size_t i = 0; i < d.nsites; i++) {
      const cli_site_t *s = &d.sites[i];
      if (!s->kind || !s->file || !s->function || !s->name || !s->decision || !s->ratio ||
          !s->reason)
        abort(); /* never NULL, says cli.h */
      long k = cli_doc_find(&d, s->id);
      if (k < 0 || d.sites[k].id != s->id) abort();
      cli_site_placement(s, buf, sizeof buf);
      cli_site_placement(s, buf, 2);
    }
    cli_doc_free(&d);
  }
  return 0;
}
