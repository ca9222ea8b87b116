/* runtime/base/options.c - the one option table of the runtime.
 *
 * Every knob is one row of include/oli_options.def (environment name, legacy
 * name, type, default, accepted values), from which both oli_option_t
 * (include/oli.h) and the table below are made. This is the only file that
 * calls getenv. A value is read on first use (and all of
 * them by _oli_options_init at process start); a bad value prints one line
 *   oli: error: OLI_POLICY='unifrom' is not one of oli, uniform, dram, cxl, off, rdram
 * (the accepted words of a vocabulary option come from include/oli_vocab.def)
 * and stops the process with exit status 2 (docs/runtime.md, "Bad input").
 * Nothing here calls malloc: strings are copied into static buffers.
 *
 * Secure execution (setuid, setgid or file capabilities: AT_SECURE), like
 * glibc's tunables: no OLI_* variable is read at all - each names a file or
 * changes behaviour - every option keeps its default, and one line says so
 * when OLI_VERBOSE asks for the start-up log (docs/runtime.md, "Secure
 * execution"). */
#include <ctype.h>
#include <sched.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/auxv.h>
#include <sys/stat.h>
#include <unistd.h>

#include "internal.h"
#include "grammar.h"
#include "ratio.h"
#include "text.h"

/* Build-time defaults (override with -DOLI_DEFAULT_X=...). */
#ifndef OLI_DEFAULT_POLICY
#define OLI_DEFAULT_POLICY OLI_POLICY_OLI
#endif
#ifndef OLI_DEFAULT_LARGE_PERCENT
#define OLI_DEFAULT_LARGE_PERCENT 10
#endif
#ifndef OLI_DEFAULT_MIN_SIZE
#define OLI_DEFAULT_MIN_SIZE (1L << 20) /* 1M */
#endif
#ifndef OLI_DEFAULT_ARENA_SIZE
#define OLI_DEFAULT_ARENA_SIZE 0 /* 0: the arena chooses */
#endif
/* Migration budget of re-decisions (docs/runtime.md, "Re-decision"). */
#ifndef OLI_DEFAULT_MIGRATE_LIMIT
#define OLI_DEFAULT_MIGRATE_LIMIT (2L << 30) /* 2G */
#endif
#ifndef OLI_DEFAULT_MIGRATE_TIME
#define OLI_DEFAULT_MIGRATE_TIME 500L /* ms */
#endif
#define MSEC_CEILING 86400000L /* a day */

#define OPT_STR_MAX 4096
#define MIN_SIZE_FLOOR 4096L             /* a page: smaller objects cannot be placed */
#define SIZE_CEILING (1L << 57)          /* 128 PiB: beyond any machine, far below overflow */
#define ARENA_CEILING (1L << 47)         /* 128 TiB: a user-space address space */

typedef enum opt_type_e {
  T_POLICY,  /* oli_policy_t */
  T_LEVEL,   /* 0, 1, 2 (yes/no words too) */
  T_BOOL,    /* 0, 1 (yes/no words too) */
  T_FORMAT,  /* oli_report_format_t */
  T_SIZE,    /* bytes, "64G" */
  T_PERCENT, /* 0..100 */
  T_MSEC,    /* milliseconds: "500", "500ms", "2s" */
  T_WEIGHTS, /* "3:1" packed w0 | w1 << 8 | w2 << 16 */
  T_NODES,   /* node list -> 64-bit mask ("force:" prefix allowed for CXL) */
  T_STRING,  /* copied, value = 1 when set */
  T_PATTERN, /* path pattern with %p %r %h %%; value = 1 when set */
  T_DIR,     /* existing directory; value = 1 when set */
  T_CHOICE,  /* one word of choices[option]; value = its index */
} opt_type_t;

/* T_CHOICE words, by option; the value is the index (oli_vocab.def's access
 * sources; internal.h's PMU events). */
static const char *const *const choices[_oli_option_last] = {
    [oli_option_profile_source] = (const char *const[]){
#define OLI_ACCESS_SOURCE(Id, Name) Name,
#include "oli_vocab.def"
        NULL},
    [oli_option_pmu_event] = (const char *const[]){"hw", "sw-page-faults", NULL},
    [oli_option_profile_start] = (const char *const[]){"start", "settle", NULL},
};

typedef enum opt_state_e { UNINIT = 0, DEFAULTED, SET, READING } opt_state_t;

typedef struct option_desc_s {
  long value;
  _Atomic int state; /* opt_state_t, published after value */
  bool forced;       /* T_NODES: "force:" given */
  oli_option_t option;
  const char *name;
  const char *legacy_name;
  opt_type_t type;
  long deflt;
  const char *deflt_str; /* string options */
  const char *zero;      /* the value 0 in words ("" none) */
  const char *accepts;   /* accepted values in words ("": the vocabulary's or the choice's) */
} option_desc_t;

/* A row's Default column: a number, or a string for the string types. */
#define DEFAULT_POLICY(x) .deflt = (x)
#define DEFAULT_LEVEL(x) .deflt = (x)
#define DEFAULT_BOOL(x) .deflt = (x)
#define DEFAULT_FORMAT(x) .deflt = (x)
#define DEFAULT_SIZE(x) .deflt = (x)
#define DEFAULT_PERCENT(x) .deflt = (x)
#define DEFAULT_MSEC(x) .deflt = (x)
#define DEFAULT_WEIGHTS(x) .deflt = (x)
#define DEFAULT_NODES(x) .deflt = (x)
#define DEFAULT_CHOICE(x) .deflt = (x)
#define DEFAULT_STRING(x) .deflt_str = (x)
#define DEFAULT_PATTERN(x) .deflt_str = (x)
#define DEFAULT_DIR(x) .deflt_str = (x)

/* The table: one entry per row of include/oli_options.def, in enum order. */
static option_desc_t options[_oli_option_last] = {
#define OLI_OPTION(Id, Num, Env, Legacy, Type, Default, Zero, Flag, Short, Arg, Accepts, Help)                     \
  [Num] = {.option = oli_option_##Id, .name = Env, .legacy_name = Legacy, .type = T_##Type, DEFAULT_##Type(Default), \
           .zero = Zero, .accepts = Accepts},
#include "oli_options.def"
};

/* Row order is number order (the numbers are API). */
enum {
#define OLI_OPTION(Id, ...) ROW_##Id,
#include "oli_options.def"
  ROWS
};
#define OLI_OPTION(Id, Num, ...) _Static_assert(ROW_##Id == Num, "oli_options.def: " #Id " out of number order");
#include "oli_options.def"
_Static_assert(ROWS == _oli_option_last, "oli_options.def: a number skipped");

static char strings[_oli_option_last][OPT_STR_MAX];
static char paths[_oli_option_last][OPT_STR_MAX]; /* string options as file names (startup_relative) */

/* The directory the process started in, captured before main: a relative file
 * name in OLI_REPORT, OLI_PROFILE, OLI_PLAN or OLI_SYSFS_ROOT means a file
 * there, as it did for the shell that started the program, even when the
 * program chdir()s before the plan is read or the report written at exit
 * (docs/runtime.md, "File names"). "" when unknown (then relative names stay
 * relative to the current directory at use). A module dlopen()ed later
 * captures its own time's directory. */
static char startup_dir[OPT_STR_MAX];
static bool startup_known;

/* First in liboli's start-up (init.c); an option read before it (another
 * library's constructor) captures the directory itself: still before main. */
void _oli_options_capture_dir(void) {
  if (startup_known) return;
  if (getcwd(startup_dir, sizeof startup_dir) == NULL) startup_dir[0] = '\0';
  startup_known = true;
}

/* v as the file name the option means: relative ones under startup_dir ('%'
 * of the directory doubled in a pattern, so %p and friends stay the user's). */
static void startup_relative(const option_desc_t *d, const char *v, char *out, size_t n) {
  bool file = d->type == T_PATTERN || d->type == T_DIR || d->option == oli_option_plan;
  snprintf(out, n, "%s", v);
  _oli_options_capture_dir();
  if (!file || v[0] == '/' || startup_dir[0] == '\0' || _oli_is_stderr_name(v)) return;
  size_t k = 0;
  for (const char *p = startup_dir; *p && k + 2 < n; p++) {
    if (*p == '%' && d->type == T_PATTERN) out[k++] = '%';
    out[k++] = *p;
  }
  if (k + 1 + strlen(v) + 1 > n) { /* too long as an absolute name: as given */
    snprintf(out, n, "%s", v);
    return;
  }
  snprintf(out + k, n - k, "/%s", v);
}

/* ---- pure parsers ------------------------------------------------------ */

/* Decimal number 0..max at *p (common/grammar.c), no sign; advances *p. -1
 * when none or > max. */
static int parse_uint(const char **p, long max, long *out) {
  uint64_t v;
  if (oli_parse_decimal(p, (uint64_t)max, &v) != 0) return -1;
  *out = (long)v;
  return 0;
}

/* OLI_WEIGHTS: a ratio (common/grammar.c) whose every given weight is 1-255. */
int _oli_parse_weights(const char *s, uint32_t w[OLI_MAX_TARGETS], int *n) {
  uint32_t tmp[OLI_NODE_TIERS];
  int k;
  if (oli_parse_ratio(s, OLI_WEIGHT_MAX, tmp, &k) != 0) return -1;
  for (int i = 0; i < k; i++)
    if (tmp[i] < 1) return -1;
  memcpy(w, tmp, sizeof tmp);
  *n = k;
  return 0;
}

/* OLI_DRAM_NODES, OLI_CXL_NODES: a list (common/grammar.c) of nodes 0-63, not empty. */
int _oli_parse_nodelist(const char *s, uint64_t *mask) {
  uint64_t m = 0;
  int count;
  if (s == NULL || strpbrk(s, " \t\n\r") || oli_parse_list(s, &m, OLI_MAX_NODES, OLI_MAX_NODES - 1, &count) != 0 ||
      count == 0) /* no blanks in a value (the option's are trimmed) */
    return -1;
  *mask = m;
  return 0;
}

static int parse_bool_word(const char *s, long *out) {
  static const char *const yes[] = {"yes", "true", "on"}, *const no[] = {"no", "false", "off"};
  for (int i = 0; i < 3; i++) {
    if (strcasecmp(s, yes[i]) == 0) { *out = 1; return 0; }
    if (strcasecmp(s, no[i]) == 0) { *out = 0; return 0; }
  }
  return -1;
}

/* %p %r %h %% only. */
static int check_pattern(const char *s, char *bad) {
  for (const char *p = s; *p; p++) {
    if (*p != '%') continue;
    p++;
    if (*p == 'p' || *p == 'r' || *p == 'h' || *p == '%') continue;
    *bad = *p;
    return -1;
  }
  return 0;
}

/* A file name (pattern) as given: not blank at either end (' ' or 'r.json '
 * is a quoting slip, not a name) and without control characters. */
static int file_name_check(const char *name, const char *value, const char *vs, char *msg, size_t n) {
  size_t len = strlen(value);
  for (size_t i = 0; i < len; i++) {
    if ((unsigned char)value[i] < 0x20 || value[i] == 0x7f) {
      snprintf(msg, n, "%s='%s' holds a control character; a file name cannot", name, vs);
      return -1;
    }
  }
  size_t blanks = 0;
  while (blanks < len && isspace((unsigned char)value[blanks])) blanks++;
  if (len > 0 && blanks == len) {
    snprintf(msg, n, "%s='%s' is blank; give a file name", name, vs);
    return -1;
  }
  if (len > 0 && (isspace((unsigned char)value[0]) || isspace((unsigned char)value[len - 1]))) {
    snprintf(msg, n, "%s='%s' %s with a blank; give the file name without blanks around it", name, vs,
             isspace((unsigned char)value[0]) ? "starts" : "ends");
    return -1;
  }
  return 0;
}

bool _oli_is_stderr_name(const char *s) { return s != NULL && strcasecmp(s, "stderr") == 0; }

/* Validate `value` for `option` (pure except T_DIR, which stats a path).
 * 0 ok with *out set; -1 with one message line (no prefix) in msg. */
int _oli_option_check(oli_option_t option, const char *value, long *out, bool *forced,
                      char *msg, size_t n) {
  if ((unsigned)option >= _oli_option_last) return -1;
  const option_desc_t *d = &options[option];
  const char *name = d->name;
  char vbuf[256]; /* as shown in a message: escaped (one line), cut at 80 characters */
  const char *vs = oli_text_escape(vbuf, sizeof vbuf, value, 80);
  long v = 0;
  if (forced) *forced = false;
  switch (d->type) {
  case T_POLICY: {
    oli_policy_t p;
    if (oli_policy_parse(value, &p) != 0) {
      char list[160];
      snprintf(msg, n, "%s='%s' is not one of %s", name, vs, oli_policy_list(list, sizeof list));
      return -1;
    }
    v = p;
    break;
  }
  case T_LEVEL:
  case T_BOOL: {
    long max = d->type == T_LEVEL ? 2 : 1;
    const char *p = value;
    if (parse_bool_word(value, &v) != 0 && (parse_uint(&p, max, &v) != 0 || *p != '\0')) {
      snprintf(msg, n, "%s='%s' is not one of %s (or yes/no)", name, vs,
               d->type == T_LEVEL ? "0, 1, 2" : "0, 1");
      return -1;
    }
    break;
  }
  case T_FORMAT:
    if (strcasecmp(value, "text") == 0) v = OLI_REPORT_FORMAT_TEXT;
    else if (strcasecmp(value, "json") == 0) v = OLI_REPORT_FORMAT_JSON;
    else {
      snprintf(msg, n, "%s='%s' is not one of text, json", name, vs);
      return -1;
    }
    break;
  case T_SIZE: {
    uint64_t b;
    if (option == oli_option_dram_limit &&
        (strcasecmp(value, "unlimited") == 0 || strcasecmp(value, "none") == 0)) {
      v = 0;
      break;
    }
    int prc = oli_parse_size(value, &b);
    if (prc == -2 && option != oli_option_min_size) {
      snprintf(msg, n, "%s='%s' is less than one byte (write 0 for %s)", name, vs,
               option == oli_option_dram_limit    ? "unlimited"
               : option == oli_option_arena_size  ? "automatic"
               : option == oli_option_footprint   ? "unknown"
               : option == oli_option_migrate_limit ? "no migration"
                                                  : "none");
      return -1;
    }
    if (prc == -2) b = 0;                /* OLI_MIN_SIZE: out of range below */
    else if (prc == -3) b = UINT64_MAX; /* well formed, too large: out of range above */
    else if (prc != 0) {
      snprintf(msg, n, "%s='%s' is not a size (bytes, or a number with K, M, G, T, P: e.g. 64G)",
               name, vs);
      return -1;
    }
    long lo = option == oli_option_min_size ? MIN_SIZE_FLOOR : 0;
    long hi = option == oli_option_arena_size ? ARENA_CEILING : SIZE_CEILING;
    if (b > (uint64_t)hi || (b < (uint64_t)lo) ||
        (option == oli_option_arena_size && b != 0 && b < (64L << 20))) {
      snprintf(msg, n, "%s='%s' is out of range (%s)", name, vs,
               option == oli_option_min_size      ? "4K to 128P"
               : option == oli_option_arena_size   ? "0 for automatic, or 64M to 128T"
               : option == oli_option_footprint    ? "0 for unknown, up to 128P"
               : option == oli_option_migrate_limit ? "0 for no migration, up to 128P"
                                                   : "0 for unlimited, up to 128P");
      return -1;
    }
    v = (long)b;
    break;
  }
  case T_MSEC: {
    const char *p = value;
    long scale = 1;
    if (parse_uint(&p, MSEC_CEILING, &v) != 0) {
      snprintf(msg, n, "%s='%s' is not a time (milliseconds, or a whole number with ms or s: e.g. 500ms, 2s)",
               name, vs);
      return -1;
    }
    if (strcasecmp(p, "s") == 0) scale = 1000;
    else if (*p != '\0' && strcasecmp(p, "ms") != 0) {
      snprintf(msg, n, "%s='%s' is not a time (milliseconds, or a whole number with ms or s: e.g. 500ms, 2s)",
               name, vs);
      return -1;
    }
    if (v > MSEC_CEILING / scale) {
      snprintf(msg, n, "%s='%s' is out of range (0 to 86400s)", name, vs);
      return -1;
    }
    v *= scale;
    break;
  }
  case T_PERCENT: {
    const char *p = value;
    if (parse_uint(&p, 100, &v) != 0 || (*p == '%' ? *++p : *p) != '\0') {
      snprintf(msg, n, "%s='%s' is not a whole percentage 0-100", name, vs);
      return -1;
    }
    break;
  }
  case T_WEIGHTS: {
    uint32_t w[OLI_MAX_TARGETS];
    int k;
    if (_oli_parse_weights(value, w, &k) != 0) {
      snprintf(msg, n,
               "%s='%s' is not D:C or D:C:R (local DRAM : CXL : remote DRAM, each 1-255, e.g. 3:1)",
               name, vs);
      return -1;
    }
    v = (long)(w[OLI_TIER_DRAM] | w[OLI_TIER_CXL] << 8 | w[OLI_TIER_REMOTE] << 16);
    break;
  }
  case T_NODES: {
    uint64_t m;
    const char *p = value;
    bool f = false;
    if (option == oli_option_cxl_nodes && strncasecmp(p, "force:", 6) == 0) {
      p += 6;
      f = true;
    }
    if (_oli_parse_nodelist(p, &m) != 0) {
      snprintf(msg, n, "%s='%s' is not a node list (e.g. 0,2 or 0-3%s; nodes 0-%d)", name, vs,
               option == oli_option_cxl_nodes ? ", force:1 for a node with CPUs" : "",
               OLI_MAX_NODES - 1);
      return -1;
    }
    if (forced) *forced = f;
    v = (long)m;
    break;
  }
  case T_PATTERN: {
    char bad = 0;
    if (file_name_check(name, value, vs, msg, n) != 0) return -1;
    if (check_pattern(value, &bad) != 0) {
      char b[8] = {'%', bad, 0};
      if (bad == 0) snprintf(b, sizeof b, "%%");
      else if ((unsigned char)bad < 0x20 || bad == 0x7f) snprintf(b, sizeof b, "%%\\x%02x", (unsigned char)bad);
      snprintf(msg, n, "%s='%s': '%s'%s is not one of %%p (pid), %%r (MPI rank), %%h (host), %%%%",
               name, vs, b, bad ? "" : " at the end");
      return -1;
    }
    v = 1;
    break;
  }
  case T_DIR: {
    struct stat st;
    if (stat(value, &st) != 0 || !S_ISDIR(st.st_mode)) {
      snprintf(msg, n, "%s='%s' is not an existing directory", name, vs);
      return -1;
    }
    v = 1;
    break;
  }
  case T_STRING:
    if (file_name_check(name, value, vs, msg, n) != 0) return -1;
    v = 1;
    break;
  case T_CHOICE: {
    const char *const *c = choices[option];
    for (v = 0; c[v] && strcasecmp(value, c[v]) != 0; v++) {}
    if (c[v] == NULL) {
      char list[128] = "";
      for (int i = 0; c[i]; i++)
        snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s", i ? ", " : "", c[i]);
      snprintf(msg, n, "%s='%s' is not one of %s", name, vs, list);
      return -1;
    }
    break;
  }
  }
  if ((d->type == T_STRING || d->type == T_PATTERN || d->type == T_DIR) &&
      strlen(value) >= OPT_STR_MAX) {
    snprintf(msg, n, "%s is longer than %d characters", name, OPT_STR_MAX - 1);
    return -1;
  }
  *out = v;
  return 0;
}

/* ---- secure execution ---------------------------------------------------- */

static _Atomic int secure = -1; /* -1: not asked yet */

bool _oli_secure(void) {
  int s = atomic_load_explicit(&secure, memory_order_relaxed);
  if (oli_unlikely(s < 0)) {
    s = getauxval(AT_SECURE) != 0;
    atomic_store_explicit(&secure, s, memory_order_relaxed);
  }
  return s != 0;
}

void _oli_set_secure(int on) { atomic_store(&secure, on < 0 ? -1 : on != 0); }

/* ---- reading ----------------------------------------------------------- */

/* Trim surrounding blanks of non-string values into buf. */
static const char *trimmed(const char *s, char *buf, size_t n) {
  while (isspace((unsigned char)*s)) s++;
  size_t len = strlen(s);
  while (len > 0 && isspace((unsigned char)s[len - 1])) len--;
  if (len >= n) len = n - 1;
  memcpy(buf, s, len);
  buf[len] = '\0';
  return buf;
}

static void option_default(option_desc_t *d) {
  d->value = d->deflt;
  d->forced = false;
  if (d->deflt_str) snprintf(strings[d->option], OPT_STR_MAX, "%s", d->deflt_str);
  else strings[d->option][0] = '\0';
  if (d->deflt_str) d->value = 1;
  atomic_store_explicit(&d->state, DEFAULTED, memory_order_release);
}

static void option_read(option_desc_t *d) {
  if (_oli_secure()) { /* not even read: the environment belongs to the caller */
    option_default(d);
    return;
  }
  const char *name = d->name;
  const char *s = getenv(name);
  if ((s == NULL || *s == '\0') && d->legacy_name != NULL) {
    s = getenv(d->legacy_name);
    if (s != NULL && *s != '\0') {
      name = d->legacy_name;
      _oli_warning_message(W_OPTION, "%s is deprecated, use %s", d->legacy_name, d->name);
    }
  }
  if (s == NULL || *s == '\0') { /* unset or empty: the default */
    option_default(d);
    return;
  }
  bool is_str = d->type == T_STRING || d->type == T_PATTERN || d->type == T_DIR;
  char tbuf[256];
  const char *v = is_str ? s : trimmed(s, tbuf, sizeof tbuf);
  char msg[400];
  long value;
  bool forced = false;
  if (!is_str && strlen(s) >= sizeof tbuf) {
    _oli_error_message(0, "%s is too long to be a valid value (%zu characters)", name, strlen(s));
    _oli_fatal_exit();
  }
  if (_oli_option_check(d->option, v, &value, &forced, msg, sizeof msg) != 0) {
    if (name != d->name) { /* name the variable the user actually set */
      char m2[400];
      snprintf(m2, sizeof m2, "%s%s", name, msg + strlen(d->name));
      memcpy(msg, m2, sizeof msg);
    }
    _oli_error_message(0, "%s", msg);
    _oli_fatal_exit();
  }
  if (is_str) {
    snprintf(strings[d->option], OPT_STR_MAX, "%s", s); /* as given: what messages show */
    startup_relative(d, s, paths[d->option], OPT_STR_MAX);
  } else {
    snprintf(strings[d->option], OPT_STR_MAX, "%s", v);
  }
  d->value = value;
  d->forced = forced;
  atomic_store_explicit(&d->state, SET, memory_order_release);
}

/* One thread reads an option; others that need it meanwhile wait (a read is
 * a few getenv calls, or ends the process on a bad value). */
static option_desc_t *desc(oli_option_t option) {
  if ((unsigned)option >= _oli_option_last) return NULL;
  option_desc_t *d = &options[option];
  int st = atomic_load_explicit(&d->state, memory_order_acquire);
  if (oli_likely(st == DEFAULTED || st == SET)) return d;
  int expected = UNINIT;
  if (atomic_compare_exchange_strong(&d->state, &expected, READING)) option_read(d);
  else
    while (atomic_load_explicit(&d->state, memory_order_acquire) == READING) sched_yield();
  return d;
}

long _oli_option_get(oli_option_t option) {
  option_desc_t *d = desc(option);
  return d ? d->value : 0;
}

OLI_EXPORT long oli_option_get(oli_option_t option) { return _oli_option_get(option); }

const char *_oli_option_str(oli_option_t option) {
  option_desc_t *d = desc(option);
  if (d == NULL || strings[option][0] == '\0') return NULL;
  return strings[option];
}

const char *_oli_option_path(oli_option_t option) {
  option_desc_t *d = desc(option);
  if (d == NULL || strings[option][0] == '\0') return NULL;
  return paths[option][0] ? paths[option] : strings[option]; /* a default ("/"): as it is */
}

bool _oli_option_is_set(oli_option_t option) {
  option_desc_t *d = desc(option);
  return d != NULL && atomic_load_explicit(&d->state, memory_order_acquire) == SET;
}

bool _oli_option_forced(oli_option_t option) {
  option_desc_t *d = desc(option);
  return d != NULL && d->forced;
}

const char *_oli_option_name(oli_option_t option) {
  return (unsigned)option < _oli_option_last ? options[option].name : "?";
}

int _oli_option_weights(uint32_t w[OLI_MAX_TARGETS]) {
  long v = _oli_option_get(oli_option_weights);
  w[OLI_TIER_DRAM] = (uint32_t)(v & 0xff);
  w[OLI_TIER_CXL] = (uint32_t)(v >> 8 & 0xff);
  w[OLI_TIER_REMOTE] = (uint32_t)(v >> 16 & 0xff);
  return v == 0 ? 0 : w[OLI_TIER_REMOTE] ? 3 : 2;
}

/* Secure execution: the one line, only when OLI_VERBOSE (read for this alone)
 * asks for the start-up log; it names the variables set, never their values. */
static void secure_note(void) {
  const char *v = getenv("OLI_VERBOSE");
  char tbuf[32], msg[64], names[512] = "";
  long level = 0;
  if (v == NULL || strlen(v) >= sizeof tbuf ||
      _oli_option_check(oli_option_verbose, trimmed(v, tbuf, sizeof tbuf), &level, NULL, msg,
                        sizeof msg) != 0 || level < 1)
    return;
  size_t len = 0;
  for (int i = 0; i < _oli_option_last; i++) {
    const char *n[2] = {options[i].name, options[i].legacy_name};
    for (int k = 0; k < 2; k++) {
      const char *e = n[k] ? getenv(n[k]) : NULL;
      if (e && *e && len < sizeof names)
        len += (size_t)snprintf(names + len, sizeof names - len, "%s%s", len ? ", " : "", n[k]);
    }
  }
  _oli_verbose_message(0, "secure execution (setuid, setgid or capabilities): OLI_* variables "
                          "ignored (%s set), placing with defaults", names);
}

/* Edit distance (insertions, deletions, substitutions) of a[0..la) and
 * b[0..lb), both shorter than 64. */
static unsigned edits(const char *a, size_t la, const char *b, size_t lb) {
  unsigned row[64], prev;
  for (size_t j = 0; j <= lb; j++) row[j] = (unsigned)j;
  for (size_t i = 1; i <= la; i++) {
    prev = row[0];
    row[0] = (unsigned)i;
    for (size_t j = 1; j <= lb; j++) {
      unsigned up = row[j], best = prev + (a[i - 1] != b[j - 1]);
      if (up + 1 < best) best = up + 1;
      if (row[j - 1] + 1 < best) best = row[j - 1] + 1;
      prev = up;
      row[j] = best;
    }
  }
  return row[lb];
}

extern char **environ;

/* An OLI_* variable that is none of ours but two edits or fewer from one is a
 * typo (OLI_POLIC=dram would run with the default policy): one warning naming
 * both. Other OLI_* names (OLI_PASS_OPTIONS, tools' and tests' own) are not
 * ours to judge. */
static void typo_check(void) {
  for (char **e = environ; e && *e; e++) {
    if (strncmp(*e, "OLI_", 4) != 0) continue;
    size_t ln = strcspn(*e, "=");
    if (ln >= 64) continue;
    const char *best = NULL;
    unsigned fewest = 3;
    bool ours = false;
    for (int i = 0; i < _oli_option_last && !ours; i++) {
      const char *names[2] = {options[i].name, options[i].legacy_name};
      for (int k = 0; k < 2 && !ours; k++) {
        size_t l = names[k] ? strlen(names[k]) : 64;
        if (l >= 64) continue;
        unsigned d = edits(*e, ln, names[k], l);
        ours = d == 0;
        if (d < fewest) fewest = d, best = options[i].name;
      }
    }
    if (!ours && best)
      _oli_warning_message(W_OPTION, "%.*s is not an oli variable and is ignored; did you mean %s?", (int)ln, *e,
                           best);
  }
}

void _oli_options_init(void) {
  for (int i = 0; i < _oli_option_last; i++) (void)desc((oli_option_t)i);
  if (_oli_secure()) secure_note();
  else typo_check();
}

void _oli_options_reset(void) {
  for (int i = 0; i < _oli_option_last; i++) atomic_store(&options[i].state, UNINIT);
}

/* Human text of an option's value for the verbose start-up log. */
static const char *format_value(const option_desc_t *d, char *buf, size_t n) {
  char tmp[64];
  switch (d->type) {
  case T_POLICY: return oli_policy_name((oli_policy_t)d->value);
  case T_FORMAT:
    return d->value == OLI_REPORT_FORMAT_TEXT ? "text" : d->value == OLI_REPORT_FORMAT_JSON ? "json"
                                                                                            : "auto";
  case T_SIZE:
    if (d->value == 0 && d->zero[0]) return d->zero;
    if (d->value == 0) break;
    snprintf(buf, n, "%s", oli_format_size((uint64_t)d->value, tmp, sizeof tmp));
    return buf;
  case T_WEIGHTS: {
    if (d->value == 0) return d->zero;
    uint32_t w[OLI_NODE_TIERS];
    _oli_option_weights(w);
    return oli_format_ratio(w, buf, n);
  }
  case T_NODES:
    if (d->value == 0) return d->zero;
    oli_format_list((uint64_t)d->value, tmp, sizeof tmp);
    snprintf(buf, n, "%s%s", d->forced ? "force:" : "", tmp);
    return buf;
  case T_STRING:
  case T_PATTERN:
  case T_DIR: return strings[d->option][0] ? strings[d->option] : "(unset)";
  case T_CHOICE: return choices[d->option][d->value];
  case T_LEVEL:
  case T_BOOL:
  case T_PERCENT: break;
  case T_MSEC: snprintf(buf, n, "%ldms", d->value); return buf;
  }
  snprintf(buf, n, "%ld", d->value);
  return buf;
}

/* The accepted values in words (oli run --help, the man page). */
const char *_oli_option_accepts(oli_option_t option, char *buf, size_t n) {
  if ((unsigned)option >= _oli_option_last || n == 0) return "";
  const option_desc_t *d = &options[option];
  if (d->accepts[0]) return d->accepts;
  if (d->type == T_POLICY) return oli_policy_list(buf, n);
  buf[0] = '\0';
  if (d->type == T_CHOICE)
    for (size_t i = 0, k = 0; choices[option][i] && k < n; i++)
      k += (size_t)snprintf(buf + k, n - k, "%s%s", i ? ", " : "", choices[option][i]);
  return buf;
}

/* The default in words, as the start-up log shows it ("1M", "oli",
 * "unlimited"); "unset" for a string option without one. */
const char *_oli_option_default_text(oli_option_t option, char *buf, size_t n) {
  if ((unsigned)option >= _oli_option_last) return "";
  option_desc_t d = {.option = option, .name = options[option].name, .type = options[option].type,
                     .value = options[option].deflt, .zero = options[option].zero};
  if (d.type == T_STRING || d.type == T_PATTERN || d.type == T_DIR)
    return options[option].deflt_str ? options[option].deflt_str : "unset";
  return format_value(&d, buf, n);
}

void _oli_options_print(void) {
  for (int i = 0; i < _oli_option_last; i++) {
    option_desc_t *d = desc((oli_option_t)i);
    char buf[OPT_STR_MAX + 16];
    bool set = atomic_load(&d->state) == SET;
    /* NAME=VALUE only for what the environment set: a default ("auto",
     * "detected") is a description, not always a value the option takes */
    if (set) _oli_verbose_message(1, "option %s=%s", d->name, format_value(d, buf, sizeof buf));
    else _oli_verbose_message(1, "option %s not set: default %s", d->name, format_value(d, buf, sizeof buf));
  }
}

/* ---- file name patterns --------------------------------------------------- */

/* The first of vars[] that holds a number 0..INT_MAX; -1 when none does. */
static long env_first_uint(const char *const *vars, size_t n) {
  for (size_t i = 0; i < n; i++) {
    const char *s = getenv(vars[i]);
    long r;
    if (s != NULL && parse_uint(&s, INT_MAX, &r) == 0 && *s == '\0') return r;
  }
  return -1;
}

/* MPI rank from the usual launcher variables; -1 when not under MPI. */
long _oli_env_mpi_rank(void) {
  static const char *const vars[] = {"PMI_RANK", "PMIX_RANK", "OMPI_COMM_WORLD_RANK",
                                     "MV2_COMM_WORLD_RANK", "SLURM_PROCID"};
  return env_first_uint(vars, sizeof vars / sizeof vars[0]);
}

/* The rank among those on this host (MPICH/Hydra, Open MPI, MVAPICH, Slurm);
 * -1 when the launcher does not say. */
long _oli_env_mpi_local_rank(void) {
  static const char *const vars[] = {"MPI_LOCALRANKID", "OMPI_COMM_WORLD_LOCAL_RANK",
                                     "MV2_COMM_WORLD_LOCAL_RANK", "SLURM_LOCALID"};
  return env_first_uint(vars, sizeof vars / sizeof vars[0]);
}

int _oli_expand_pattern(const char *pattern, char *buf, size_t n) {
  size_t len = 0;
  char tmp[256];
  if (n == 0) return -1;
  for (const char *p = pattern; *p; p++) {
    const char *add = tmp;
    if (*p != '%') {
      tmp[0] = *p;
      tmp[1] = '\0';
    } else {
      p++;
      if (*p == 'p') snprintf(tmp, sizeof tmp, "%ld", (long)getpid());
      else if (*p == 'r') {
        long r = _oli_env_mpi_rank();
        snprintf(tmp, sizeof tmp, "%ld", r < 0 ? 0 : r);
      } else if (*p == 'h') {
        if (gethostname(tmp, sizeof tmp) != 0) snprintf(tmp, sizeof tmp, "localhost");
        tmp[sizeof tmp - 1] = '\0';
      } else if (*p == '%') add = "%";
      else return -1;
    }
    size_t k = strlen(add);
    if (len + k >= n) return -1;
    memcpy(buf + len, add, k);
    len += k;
  }
  buf[len] = '\0';
  return 0;
}

/* The option's value in the environment now, without caching it and without
 * ending the process on a bad one (a constructor's look before main:
 * taskpolicy.c): 0 and *out; -1 when unset, empty or not valid (the real read
 * reports a bad value later, as ever). */
int _oli_option_peek(oli_option_t option, long *out) {
  if ((unsigned)option >= _oli_option_last || _oli_secure()) return -1; /* secure: nothing is read */
  const option_desc_t *d = &options[option];
  const char *s = getenv(d->name);
  if ((s == NULL || *s == '\0') && d->legacy_name != NULL) s = getenv(d->legacy_name);
  if (s == NULL || *s == '\0') return -1;
  char tbuf[256], msg[400];
  bool forced;
  if (strlen(s) >= sizeof tbuf) return -1;
  return _oli_option_check(option, trimmed(s, tbuf, sizeof tbuf), out, &forced, msg, sizeof msg);
}
