/* tools/oli/cli.h - shared pieces of the `oli` command-line tool.
 * Exit codes (docs/cli.md): 0 ok, 1 `oli diff` found changes (or a write
 * error on standard output, other commands), 2 bad input or usage. */
#ifndef OLI_CLI_H
#define OLI_CLI_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "doc.h"
#include "grammar.h"
#include "json.h"
#include "outfile.h"
#include "text.h"

#define OLI_EXIT_OK 0
#define OLI_EXIT_CHANGED 1
#define OLI_EXIT_BAD 2
#define OLI_EXIT_WRITE 1 /* standard output lost (a write error), except diff: 2 */

#if defined(__GNUC__)
#define CLI_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define CLI_PRINTF(f, a)
#endif

// cli.c: what every subcommand calls (main.c only dispatches)
/* "oli: <message>\n" on stderr. */
void cli_error(const char *fmt, ...) CLI_PRINTF(1, 2);
void cli_warning(const char *fmt, ...) CLI_PRINTF(1, 2);
/* getopt_long for subcommand cmd ("plan"), with getopt's own messages off:
 * an unknown option, a missing value or a value given to a flag is one
 * "oli: cmd: ...; try 'oli cmd --help'" line and '?' (exit 2). */
struct option;
int cli_getopt(const char *cmd, int argc, char **argv, const char *shortopts, const struct option *longopts);
/* "no arguments", "1 argument", "3 arguments": a count in a usage error
 * (a ring of 4 static buffers). */
const char *cli_arguments(int n);
/* s with control characters escaped (common/text.h), for text output: a ring
 * of 8 static buffers, so up to 8 can be used in one printf. */
const char *cli_shown(const char *s);
/* A document site's location, as every output shows it (oli_text_where):
 * file:line, file (a global, or no line and no ordinal), file:function#N. */
char *cli_where(const oli_doc_site_t *s, char *buf, size_t n);
/* Load and validate a report, plan or profile at `path` (common/doc.c);
 * `accept` is a mask of oli_doc_kind_t. On error prints one
 * "oli: CONTEXT PATH: ..." line, the context naming what the file was given
 * as ("run: --plan", "plan: profile"), and returns -1; an ELF file given for
 * a document gets the hint that oli sites reads it. Free with oli_doc_free.
 * Call-stack sites get file, line and function from their frames
 * (symbolize.c). */
int cli_doc_load_in(const char *context, const char *path, unsigned accept, oli_doc_t *doc);

// output.c
/* A command's output document: a file (common/outfile.c) or, with name NULL,
 * standard output (kept in memory until complete). Errors print one line. */
typedef struct cli_out_s {
  FILE *f;          /* write the document here */
  const char *name; /* NULL: standard output */
  const char *hint; /* appended to "more than ... oli reads back" (may be NULL) */
  oli_outfile_t file;
  char *buf;
  size_t len;
} cli_out_t;
/* 0 ok; -1 after one "oli: NAME: cannot write: why" line. */
int cli_out_open(cli_out_t *o, const char *name);
/* Check and deliver: nothing is replaced and -1 returned (one line printed)
 * on a write error or a document larger than oli reads back. */
int cli_out_commit(cli_out_t *o);
/* At exit: -1 (one "oli: write error: ..." line) when anything written to
 * standard output was lost (oli report R > /dev/full). */
int cli_close_stdout(void);
/* A write to standard output failed with err (a JSON writer's flush): no
 * message here; cli_close_stdout prints the one line with err's words. */
void cli_stdout_failed(int err);

// symbolize.c: frames of call-stack sites named from DWARF (libdw)
typedef struct cli_symbol_s {
  const char *function, *file; /* NULL when unknown */
  uint32_t line, rel;          /* rel: line - the function's first line, when has_rel */
  int has_rel;
} cli_symbol_t;
/* 0: function, file and line; 1: the function only; -1 nothing (no symbols there); -2 the module is
 * not readable (its file gone, or another build). */
int cli_symbolize(const oli_doc_frame_t *f, cli_symbol_t *out);
/* Every site with frames and no file gets the first frame that has a source line. */
void cli_symbolize_doc(oli_doc_t *d);
/* "main (pre.c:7) [pre+0x10e9]", or "libc.so.6+0x2724a" when it cannot be named. */
char *cli_frame_words(const oli_doc_frame_t *f, char *buf, size_t n);

// elf.c
/* Read section `name` of the ELF64 little-endian file at `path` into a
 * malloc'ed buffer. 0 ok; -1 with a one-line reason in why (no file name);
 * *found = 0 (and 0 returned) when the file is a valid ELF without it. */
int cli_elf_read_section(const char *path, const char *name, unsigned char **buf, size_t *len,
                         int *found, char *why, size_t why_n);
/* The same for every section called name, concatenated in file order (a
 * relocatable file keeps each comdat's copy apart: the build notes). */
int cli_elf_read_sections(const char *path, const char *name, unsigned char **buf, size_t *len, int *found,
                          char *why, size_t why_n);

/* *needed = 1 when the ELF file at path has a DT_NEEDED entry starting with
 * prefix ("liboli.so"). 0 ok (also for a static file: *needed 0); -1 as above. */
int cli_elf_needs(const char *path, const char *prefix, int *needed, char *why, size_t why_n);

// sites.c
/* The site records of ELF file `path`, one per distinct ID, in section order
 * (*recs malloc'ed; their strings point into *buf, malloc'ed too: free both).
 * 0 ok; -1 after one "oli: [CONTEXT ]PATH: ..." line (context: what the file
 * was given as, "plan: --static"; NULL: none). */
struct oli_siterec_s;
int cli_sites_read(const char *context, const char *path, struct oli_siterec_s **recs, size_t *n, unsigned char **buf);
/* path has an oli_sites section (or could not be read: said elsewhere). */
bool cli_sites_section(const char *path);

// one entry point per subcommand (commands.def), each in its own file:
// argc/argv start at the subcommand name
#define OLI_COMMAND(Id, ...) int cli_##Id##_main(int argc, char **argv);
#include "commands.def"

#endif /* OLI_CLI_H */
