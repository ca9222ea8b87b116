/* common/text.h - strings from outside (ELF records, JSON documents, program
 * names, environment values) made safe for a terminal and for one-line
 * messages: what oli prints as text goes through here, JSON through
 * common/json.h's writer. */
#ifndef OLI_COMMON_TEXT_H
#define OLI_COMMON_TEXT_H

#include <stddef.h>

/* Copy s into buf (always NUL-terminated when n > 0) with control characters
 * shown as \n, \r, \t or \xNN (C0 and DEL), C1 controls written in UTF-8
 * (U+0080-U+009F, which terminals may obey) as \u0080..\u009f, and bytes
 * that are not valid UTF-8 as \xNN; printable UTF-8 stays as it is. After
 * max_chars characters of s (0: no limit) the rest is "...". A result that
 * does not fit is cut at a character boundary. Returns buf. */
char *oli_text_escape(char *buf, size_t n, const char *s, size_t max_chars);

/* A site's location as every oli output shows it (oli sites, the runtime's
 * text report, oli report, oli diff): "file:line" when the record has a line
 * (debug info); else "file" for a global (its function is the enclosing
 * module or program) and "file:function#N" for a call site (N: the call's
 * ordinal among its function's allocation calls, docs/site-ids.md). The file
 * and function are escaped; an empty file reads "?". Returns buf. */
char *oli_text_where(char *buf, size_t n, const char *file, unsigned line, int is_global, const char *function,
                     unsigned ordinal);

#endif
