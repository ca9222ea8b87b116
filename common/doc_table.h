/* common/doc_table.h - the tables of common/doc.c, for its reader
 * (doc_read.c) and its writer (doc_write.c) only: how each member of a
 * document is typed, which struct member holds it and which document
 * requires it. Other modules use doc.h. */
#ifndef OLI_COMMON_DOC_TABLE_H
#define OLI_COMMON_DOC_TABLE_H

#include "doc.h"

/* How a member is read and written (tools/schema/mkschema.py maps each to
 * a JSON Schema type). */
typedef enum ftype_e {
  T_ID,       /* "0x" + hex digits (grammar.h) */
  T_STR,      /* string; null or absent reads as "" */
  T_NSTR,     /* string or null; "" is written as null */
  T_U32,      /* integer 0..2^32-1 */
  T_U64,      /* integer 0..2^64-1 */
  T_NU64,     /* the same or null */
  T_BOOL,     /* true/false */
  T_DBL,      /* any number */
  T_DECISION, /* a placement name (oli_vocab.def); a plan's is never "default" */
  T_RATIO,    /* "D:C[:R]" with an interleave decision, else null */
  T_NODES,    /* array of node numbers */
  T_MECH,     /* a mechanism name (oli_vocab.def) */
  T_PAGES,    /* {"node": pages, ...} */
  T_RULE,     /* null or a re-decision outcome's name (oli_vocab.def) */
  T_REDECISIONS, /* [{...}]: the REDECISION table's objects */
  T_FRAMES,   /* [{...}]: the FRAME table's objects, innermost first */
  T_WHY,      /* why a plan left a site out: an oli_left_out_t name (oli_vocab.def) */
  T_PLANNED,  /* {"decision", "ratio"}: a plan's placement the run did not follow */
  /* members of the other objects (the OLI_DOC_*_MEMBERS tables; struct member's C type) */
  T_INT,      /* int64_t, any integer */
  T_PCT,      /* int64_t, an integer 0..100 */
  T_NODE,     /* int64_t, a node number 0..OLI_DOC_MAX_PAGE_NODES-1 */
  T_NI64,     /* oli_doc_ni64_t: an integer or null */
  T_NUM,      /* oli_doc_nu64_t: an integer >= 0 or null */
  T_HEX,      /* uint64_t as "0x" + hex digits */
  T_WEIGHTS,  /* uint32_t[OLI_NODE_TIERS] as a ratio "D:C[:R]" */
  T_NODELIST, /* oli_doc_nodes_t: an array of node numbers */
  T_POLICY,   /* oli_policy_t by name (oli_vocab.def) */
  T_TASK_MODE, /* oli_task_policy_mode_t by name */
  T_NODE_KIND, /* oli_node_kind_t by name */
  T_THP,      /* oli_thp_t by name */
  T_OUTCOME,  /* oli_redecide_t by name */
  T_OBJ,      /* an object: the row's Sub table, the struct member its struct */
  T_NOBJ,     /* the same or null (the struct's first member: bool present) */
  T_OBJS,     /* an array of objects: struct { size_t n; T *e; } (the reader allocates e) */
  T_OOBJ,     /* an optional object: written when present (the struct's first member), else left out */
  T_TIERS,    /* uint64_t[OLI_TIER_COUNT_]: an object keyed by tier name */
  T_WARNINGS, /* uint64_t[W_MAX_]: an object keyed by warning name, the counts not 0 */
  T_ALLOC_MODE, /* bool host: _oli_doc_allocator_modes[host] */
  T_COUNT,    /* uint64_t, an integer 0..2^32-1 */
  T_SOURCE,   /* oli_access_source_t by name (never auto) */
  T_SECONDS,  /* double, a number >= 0 */
  T_REAL,     /* double, any number */
} ftype_t;

/* Per document (site fields) or per member: N not a member; O read if
 * present, written when set; R required; A read if present, always written
 * (null when the writer has no value); Z (members only) read if present,
 * written only when it has a value: a number not 0, a string not empty, an
 * integer-or-null not null. */
enum { N = 0, O = 1, R = 2, A = 3, Z = 4 };

typedef struct field_s {
  const char *key;
  ftype_t type;
  unsigned char use[4]; /* by document: report, plan, profile; a plan's left_out[] entry */
} field_t;
extern const field_t _oli_doc_fields[OLI_F_COUNT_];
#define LEFT_COLUMN 3 /* use[] of a plan's left_out[] entries */
int _oli_doc_index(oli_doc_kind_t k); /* the use[] column of a document */

/* One member of an object other than a site: its key, type, whether a
 * reader requires it (R) or not (O; the writer writes every member), and
 * where its value is in the object's struct. */
typedef struct oli_doc_table_s oli_doc_table_t;
typedef struct member_s {
  const char *key;
  unsigned char type, use;
  size_t off;
  const oli_doc_table_t *sub; /* T_OBJ, T_NOBJ, T_OBJS */
} member_t;
struct oli_doc_table_s {
  const char *what;     /* the object in messages: "re-decision", "frame", "footprint" */
  const member_t *m;
  size_t n, size;       /* rows; sizeof the struct */
  oli_jw_style_t style; /* how the writer lays the object out */
};
extern const oli_doc_table_t _oli_doc_report_head, _oli_doc_report_tail, _oli_doc_redecision, _oli_doc_frame,
    _oli_doc_profile_head, _oli_doc_plan_head;

/* summary.allocator.mode's words (by host); a profile's phase.from's (by from_settle). */
extern const char *const _oli_doc_allocator_modes[2], *const _oli_doc_phase_from[2];

#endif /* OLI_COMMON_DOC_TABLE_H */
