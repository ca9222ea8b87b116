/* fuzz-elf.c - libFuzzer target for the CLI's ELF section reader
 * (tools/oli/elf.c: cli_elf_read_section), which `oli sites BINARY` runs on
 * any file it is given, followed by the site-record iterator on what it found.
 *
 * Input: a file's contents, written to a memfd. */

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "cli.h"
#include "siterec.h"

void cli_error(const char *fmt, ...) { (void)fmt; }
void cli_warning(const char *fmt, ...) { (void)fmt; }

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static int fd = -1;
  static char path[64];
  if (fd < 0) {
    fd = memfd_create("oli-fuzz-elf", 0);
    if (fd < 0) abort();
    snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
  }
  if (ftruncate(fd, 0) != 0 || pwrite(fd, data, size, 0) != (ssize_t)size) abort();
  unsigned char *buf = NULL;
  size_t len = 0;
  int found = -1;
  char why[160];
  int rc = cli_elf_read_section(path, OLI_SITE_SECTION, &buf, &len, &found, why, sizeof why);
  if (rc == 0 && found) {
    if (len > size) abort(); /* a section cannot be larger than the file */
    oli_siterec_iter_t it;
    oli_siterec_t r;
    oli_siterec_iter_init(&it, buf, buf + len);
    while (oli_siterec_next(&it, &r, why, sizeof why) > 0) {
    }
  } else if (rc != 0 && memchr(why, '\0', sizeof why) == NULL) {
    abort();
  }
  free(buf);
  return 0;
}
