/* common/text.h - strings from outside (ELF records, JSON documents, program
 * names, environment values) made safe for a terminal and for one-line
 * messages: what oli prints as text goes through here, JSON through
 * common/json.h's writer. */
#ifndef OLI_COMMON_TEXT_H
#define OLI_COMMON_TEXT_H

#include <stddef.h>
#include <stdint.h>

/* The one UTF-8 rule of oli (the JSON reader, the JSON writer, this file):
 * the length (1-4) of the valid UTF-8 character at s, 0 when the bytes there
 * are not one (a stray continuation byte, an overlong form, a surrogate,
 * above U+10FFFF, cut short by a NUL or any non-continuation byte); *cp (may
 * be NULL) gets its code point. */
size_t oli_utf8_decode(const char *s, uint32_t *cp);

/* 1 for a valid code point that oli never shows as it is, in text or JSON
 * (written \uXXXX): C1 controls U+0080-U+009F (terminals may obey them), the
 * line and paragraph separators U+2028/U+2029, and the bidirectional controls
 * U+061C, U+200E, U+200F, U+202A-U+202E, U+2066-U+2069 (text that reads
 * differently from what it is). */
int oli_text_unsafe(uint32_t cp);

/* Copy s into buf (always NUL-terminated when n > 0) with control characters
 * shown as \n, \r, \t or \xNN (C0 and DEL), the oli_text_unsafe code points
 * as \uXXXX, and bytes that are not valid UTF-8 as \xNN; printable UTF-8
 * stays as it is. After
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

/* The n bytes at b as lower-case hex into out (cap bytes, NUL-terminated,
 * cut at cap): GNU build IDs, as the report writes and oli compares them.
 * Returns out. */
char *oli_text_hex(const void *b, size_t n, char *out, size_t cap);

/* 1 when paths a and b name one source file: equal after any leading "./",
 * or the longer ends with "/" + the shorter (DWARF's absolute path against
 * the plugin's path relative to the build root, or two build roots; plans
 * re-match sites across builds by it). 0 otherwise or when either is NULL. */
int oli_text_same_file(const char *a, const char *b);

/* The file name of path without its directories (every spelling of the path shares it). */
const char *oli_text_base_name(const char *path);

#endif
