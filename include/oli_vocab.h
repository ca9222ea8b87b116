/* oli_vocab.h - the project's vocabulary as C types, from include/oli_vocab.def.
 *
 * Enums of placements, tiers, reasons, mechanisms, task-policy modes, warnings and access
 * sources (allocation kinds are ABI: include/oli_abi.h; policies public API:
 * include/oli.h), the kinds' OLI_KF_* flags, and the names and parsers of
 * common/vocab.c, shared by the runtime, the CLI and the pass plugin. Every
 * name below is generated from the rows of oli_vocab.def; nothing here
 * spells a name twice. Not installed API: for oli's own components. */
#ifndef OLI_VOCAB_H
#define OLI_VOCAB_H

#include <stdbool.h>
#include <stddef.h>

#include "oli.h"
#include "oli_abi.h"

#ifdef __cplusplus
extern "C" {
#endif

/* OLI_KIND Flags (oli_vocab.def): what the pass and the runtime need to know
 * about an allocation kind beyond its operands. */
#define OLI_KF_ALLOC 0x01u   /* an allocation function to LLVM (noalias result, allockind) */
#define OLI_KF_ARGMEM 0x02u  /* touches only its arguments and memory the program cannot see */
#define OLI_KF_ZEROED 0x04u  /* the memory reads as zero (calloc) */
#define OLI_KF_REALLOC 0x08u /* operand 0 is the block being resized */
#define OLI_KF_RET_INT 0x10u /* returns an int error code, the pointer through operand 0 */
#define OLI_KF_NEW 0x20u     /* C++ operator new: may throw; Plain is the mangled stem */
#define OLI_KF_MMAP 0x40u    /* mmap: only anonymous private mappings are placed */
#define OLI_KF_BRACKET 0x80u /* the call is bracketed with __oli_site_enter/leave */
#define OLI_KF_FORTRAN 0x100u /* flang runtime ALLOCATE: name from operand 0, line from the last */

typedef enum oli_tier_e {
#define OLI_TIER(Id, Num, Name, Words, Weight) OLI_TIER_##Id = Num,
#include "oli_vocab.def"
} oli_tier_t;
enum { OLI_TIER_COUNT_ = 0
#define OLI_TIER(Id, Num, Name, Words, Weight) +1
#include "oli_vocab.def"
};
/* Tiers with a node (local DRAM, CXL, remote DRAM): the targets of a decision
 * and the positions of a ratio "D:C:R". */
#define OLI_NODE_TIERS OLI_TIER_DEFAULT

typedef enum oli_node_kind_e {
#define OLI_NODE_KIND(Id, Num, Name) OLI_NODE_##Id = Num,
#include "oli_vocab.def"
} oli_node_kind_t;
enum { OLI_NODE_KIND_COUNT_ = 0
#define OLI_NODE_KIND(Id, Num, Name) +1
#include "oli_vocab.def"
};

typedef enum oli_placement_e {
#define OLI_PLACEMENT(Id, Num, Name, Tier, Needs, Missing, Words) OLI_PLACE_##Id = Num,
#include "oli_vocab.def"
} oli_placement_t;
enum { OLI_PLACE_COUNT_ = 0
#define OLI_PLACEMENT(Id, Num, Name, Tier, Needs, Missing, Words) +1
#include "oli_vocab.def"
};

typedef enum oli_reason_e {
#define OLI_REASON(Id, Name) OLI_WHY_##Id,
#include "oli_vocab.def"
} oli_reason_t;
enum { OLI_WHY_COUNT_ = 0
#define OLI_REASON(Id, Name) +1
#include "oli_vocab.def"
};

typedef enum oli_left_out_e {
#define OLI_LEFT_OUT(Id, Name, Words) OLI_LEFT_##Id,
#include "oli_vocab.def"
} oli_left_out_t;
enum { OLI_LEFT_COUNT_ = 0
#define OLI_LEFT_OUT(Id, Name, Words) +1
#include "oli_vocab.def"
};

typedef enum oli_redecide_e {
#define OLI_REDECIDE(Id, Name, Applied, Words) OLI_REDO_##Id,
#include "oli_vocab.def"
} oli_redecide_t;
enum { OLI_REDO_COUNT_ = 0
#define OLI_REDECIDE(Id, Name, Applied, Words) +1
#include "oli_vocab.def"
};

typedef enum oli_mechanism_e {
#define OLI_MECHANISM(Id, Name) OLI_MECH_##Id,
#include "oli_vocab.def"
} oli_mechanism_t;
enum { OLI_MECH_COUNT_ = 0
#define OLI_MECHANISM(Id, Name) +1
#include "oli_vocab.def"
};

typedef enum oli_task_policy_mode_e {
#define OLI_TASK_POLICY(Id, Name) OLI_TASK_POLICY_##Id,
#include "oli_vocab.def"
} oli_task_policy_mode_t;
enum { OLI_TASK_POLICY_COUNT_ = 0
#define OLI_TASK_POLICY(Id, Name) +1
#include "oli_vocab.def"
};

typedef enum oli_thp_e {
#define OLI_THP(Id, Name, Folio) OLI_THP_##Id,
#include "oli_vocab.def"
} oli_thp_t;
enum { OLI_THP_COUNT_ = 0
#define OLI_THP(Id, Name, Folio) +1
#include "oli_vocab.def"
};

typedef enum oli_warning_e {
#define OLI_WARNING(Id, Name) W_##Id,
#include "oli_vocab.def"
} oli_warning_t;
enum { W_MAX_ = 0
#define OLI_WARNING(Id, Name) +1
#include "oli_vocab.def"
};

typedef enum oli_access_source_e {
#define OLI_ACCESS_SOURCE(Id, Name) OLI_ACCESS_##Id,
#include "oli_vocab.def"
} oli_access_source_t;
enum { OLI_ACCESS_COUNT_ = 0
#define OLI_ACCESS_SOURCE(Id, Name) +1
#include "oli_vocab.def"
};

/* The OLI_*_COUNT_ (and W_MAX_) constants count rows; they are not members
 * of the typed enums, so a switch lists only real values (-Wswitch-enum). */

/* ---- names and parsers (common/vocab.c) --------------------------------- */
/* Each name function returns the row's Name, or "unknown" for a value
 * outside the table (never NULL). Each parser is exact (case-sensitive)
 * unless said otherwise: 0 with *out set, -1 for a word not in the table. */
const char *oli_kind_name(unsigned kind);
int oli_kind_parse(const char *s, oli_site_kind_t *out);
/* The row of a kind (NULL outside the table): its flags and operands. */
typedef struct oli_kind_info_s {
  unsigned num;
  const char *name, *entry, *plain, *libc;
  int size_arg, count_arg, align_arg;
  int out_arg; /* the operand whose slot receives the object; -1: the result */
  unsigned flags;
} oli_kind_info_t;
const oli_kind_info_t *oli_kind_info(unsigned kind);

const char *oli_tier_name(oli_tier_t t);
const char *oli_tier_words(oli_tier_t t); /* "local DRAM" */
void oli_default_ratio(uint32_t w[OLI_NODE_TIERS]); /* the rows' Weight: 3:1 */
int oli_tier_parse(const char *s, oli_tier_t *out);

const char *oli_node_kind_name(oli_node_kind_t k);

const char *oli_placement_name(oli_placement_t p);
const char *oli_placement_words(oli_placement_t p); /* "local DRAM", "CXL" */
oli_tier_t oli_placement_tier(oli_placement_t p);
oli_tier_t oli_placement_needs(oli_placement_t p);     /* tier whose node it needs */
oli_reason_t oli_placement_missing(oli_placement_t p); /* reason when that node is missing */
int oli_placement_parse(const char *s, oli_placement_t *out);

const char *oli_policy_name(oli_policy_t p);
const char *oli_policy_help(oli_policy_t p);
/* Decided by the rule (oli): from the rows, inline (the placed path asks it). */
static inline int oli_policy_is_rule(oli_policy_t p) {
  switch (p) {
#define OLI_POLICY(Id, Num, Name, Rule, Placement, Process, Help) \
  case Num: return Rule;
#include "oli_vocab.def"
  default: return 0;
  }
}
int oli_policy_whole_process(oli_policy_t p);      /* the process's task policy too (uniform) */
oli_placement_t oli_policy_placement(oli_policy_t p); /* a fixed policy's placement */
int oli_policy_parse(const char *s, oli_policy_t *out); /* case-insensitive: an option value */

const char *oli_reason_name(oli_reason_t r);
const char *oli_mechanism_name(oli_mechanism_t m);
/* A re-decision's outcome: its name, its words, whether the new decision holds. */
const char *oli_redecide_name(oli_redecide_t o);
const char *oli_redecide_words(oli_redecide_t o);
int oli_redecide_applied(oli_redecide_t o);
int oli_redecide_parse(const char *s, oli_redecide_t *out); /* a report's name; 0, -1 */
const char *oli_left_out_name(oli_left_out_t w);
const char *oli_left_out_words(oli_left_out_t w);
int oli_left_out_parse(const char *s, oli_left_out_t *out); /* a plan's left_out[].why; 0, -1 */
const char *oli_task_policy_mode_name(oli_task_policy_mode_t m);
const char *oli_thp_name(oli_thp_t m);
bool oli_thp_folio(oli_thp_t m); /* plans 2 MiB folios */
int oli_thp_parse(const char *s, oli_thp_t *out); /* 0, -1 */
const char *oli_warning_name(oli_warning_t w);

/* The static estimate's words (the block's numbers as stored: unsigned). */
const char *oli_access_pattern_name(unsigned pattern);
int oli_access_pattern_parse(const char *s, oli_access_pattern_t *out);
int oli_access_pattern_share(oli_access_pattern_t p); /* index in share[], -1 none */
const char *oli_confidence_name(unsigned confidence);
int oli_confidence_parse(const char *s, oli_confidence_t *out);
/* The Name of each OLI_STATIC_F_* row, in row order; n rows. */
extern const struct oli_static_flag_info_s {
  unsigned bit;
  const char *name;
} oli_static_flags[];
extern const int oli_static_flag_count;

const char *oli_access_source_name(oli_access_source_t a);
int oli_access_source_parse(const char *s, oli_access_source_t *out); /* case-insensitive */

/* The accepted words of a table as "a, b, c" (what a "not one of" message
 * lists) into buf; returns buf. */
const char *oli_policy_list(char *buf, size_t n);
const char *oli_access_source_list(char *buf, size_t n);
const char *oli_placement_list(char *buf, size_t n, int with_default);

#ifdef __cplusplus
}
#endif
#endif /* OLI_VOCAB_H */
