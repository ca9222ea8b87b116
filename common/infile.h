/* common/infile.h - open a file oli reads (plans, profiles, reports, ELF
 * files, sysfs): a regular file only, refused at once otherwise - a FIFO would
 * block the program before main or the CLI forever, a device could be read
 * without end (docs/reliability.md, "Threat model"). */
#ifndef OLI_COMMON_INFILE_H
#define OLI_COMMON_INFILE_H

#include <stddef.h>

/* A read-only descriptor of the regular file at path (O_CLOEXEC, never a
 * controlling terminal), its size in *size (may be NULL). -1 with errno and
 * one line in why: "cannot open: <reason>" or "not a regular file (a FIFO)". */
int oli_infile_open(const char *path, long long *size, char *why, size_t n);

/* A small file (sysfs, procfs) read whole into buf as a NUL-terminated
 * string, at most n - 1 bytes: its length, or -1 when it cannot be opened as
 * above (absent, a FIFO, a directory). No malloc. */
long oli_infile_read(const char *path, char *buf, size_t n);

#endif
