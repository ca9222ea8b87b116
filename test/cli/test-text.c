/* test-text: common/text.c, how outside strings are shown as text: C0
 * controls and DEL as \n \r \t \xNN, C1 controls as \u0080.., invalid UTF-8
 * as \xNN, printable UTF-8 kept, the character limit, cutting at character
 * boundaries. */
#include <string.h>

#include "testhelper.h"
#include "text.h"

static const char *esc(const char *s, size_t n, size_t max) {
  static char buf[256];
  return oli_text_escape(buf, n ? n : sizeof buf, s, max);
}

int main(void) {
  CHECK_STR("plain text kept", esc("cg.c main a_1", 0, 0), "cg.c main a_1");
  CHECK_STR("newline, return, tab", esc("a\nb\rc\td", 0, 0), "a\\nb\\rc\\td");
  CHECK_STR("ESC, BEL, DEL as \\xNN", esc("\x1b[2J\a\x7f", 0, 0), "\\x1b[2J\\x07\\x7f");
  CHECK_STR("UTF-8 kept", esc("gr\xc3\xb6\xc3\x9f" "e \xe2\x82\xac \xf0\x9f\x98\x80", 0, 0),
            "gr\xc3\xb6\xc3\x9f" "e \xe2\x82\xac \xf0\x9f\x98\x80");
  CHECK_STR("C1 CSI (U+009B) escaped", esc("a\xc2\x9b" "31m", 0, 0), "a\\u009b31m");
  CHECK_STR("U+00A0 is not C1: kept", esc("\xc2\xa0", 0, 0), "\xc2\xa0");
  CHECK_STR("U+202E (right-to-left override) escaped", esc("evil\xe2\x80\xae" "fdp.exe", 0, 0), "evil\\u202efdp.exe");
  CHECK_STR("U+2028, U+2029 (line breaks) escaped", esc("a\xe2\x80\xa8" "b\xe2\x80\xa9", 0, 0), "a\\u2028b\\u2029");
  CHECK_STR("bidirectional isolates escaped", esc("\xe2\x81\xa6x\xe2\x81\xa9", 0, 0), "\\u2066x\\u2069");
  CHECK_STR("U+2027 (not a control) kept", esc("\xe2\x80\xa7", 0, 0), "\xe2\x80\xa7");
  CHECK_STR("invalid bytes as \\xNN", esc("\xff\xc0\xaf", 0, 0), "\\xff\\xc0\\xaf");
  CHECK_STR("truncated sequence", esc("x\xe2\x82", 0, 0), "x\\xe2\\x82");
  CHECK_STR("surrogate refused", esc("\xed\xa0\x80", 0, 0), "\\xed\\xa0\\x80");
  CHECK_STR("overlong refused", esc("\xe0\x80\xaf", 0, 0), "\\xe0\\x80\\xaf");
  CHECK_STR("limit in characters", esc("abcdefgh", 0, 3), "abc...");
  CHECK_STR("limit counts an escape as one", esc("\n\n\nx", 0, 2), "\\n\\n...");
  CHECK_STR("short buffer: cut before an escape", esc("ab\ncd", 4, 0), "ab");
  CHECK_STR("short buffer: cut before a UTF-8 character", esc("a\xe2\x82\xac", 3, 0), "a");
  CHECK_STR("NULL is empty", esc(NULL, 0, 0), "");
  char one[1] = {'x'};
  CHECK("n = 1: empty string", oli_text_escape(one, 1, "abc", 0) == one && one[0] == '\0');
  return TEST_SUMMARY();
}
