/* common/vocab.c - names and parsers of the vocabulary (include/oli_vocab.def).
 * Every table below is generated from the .def rows; the static assertions
 * check that numbered rows are in number order (so a table indexed by the
 * number is the row order). No malloc: used inside the interposed allocator. */
#include "oli_vocab.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

#define UNKNOWN "unknown"

/* ---- allocation kinds ------------------------------------------------------ */
static const oli_kind_info_t kinds[] = {
    {0, UNKNOWN, "", "", "", -1, -1, -1, -1, 0},
#define OLI_KIND(Id, Num, Name, Entry, Plain, Libc, SizeArg, CountArg, AlignArg, OutArg, Flags) \
  {Num, Name, Entry, Plain, Libc, SizeArg, CountArg, AlignArg, OutArg, Flags},
#include "oli_vocab.def"
};
_Static_assert(sizeof kinds / sizeof kinds[0] == OLI_KIND_COUNT_, "one row per kind");

const oli_kind_info_t *oli_kind_info(unsigned kind) {
  return kind >= 1 && kind <= OLI_KIND_MAX_ ? &kinds[kind] : NULL;
}

const char *oli_kind_name(unsigned kind) {
  const oli_kind_info_t *k = oli_kind_info(kind);
  return k ? k->name : UNKNOWN;
}

int oli_kind_parse(const char *s, oli_site_kind_t *out) {
  for (unsigned k = 1; s && k <= OLI_KIND_MAX_; k++)
    if (strcmp(kinds[k].name, s) == 0) {
      *out = (oli_site_kind_t)k;
      return 0;
    }
  return -1;
}

/* ---- tiers -------------------------------------------------------------------- */
#define OLI_TIER(Id, Num, Name, Words, Weight) \
  _Static_assert(OLI_TIER_##Id == Num, "oli_vocab.def: tier rows in number order");
#include "oli_vocab.def"
static const struct {
  const char *name, *words;
  uint32_t weight;
} tiers[OLI_TIER_COUNT_] = {
#define OLI_TIER(Id, Num, Name, Words, Weight) [Num] = {Name, Words, Weight},
#include "oli_vocab.def"
};

const char *oli_tier_name(oli_tier_t t) { return (unsigned)t < OLI_TIER_COUNT_ ? tiers[t].name : UNKNOWN; }
const char *oli_tier_words(oli_tier_t t) { return (unsigned)t < OLI_TIER_COUNT_ ? tiers[t].words : UNKNOWN; }
void oli_default_ratio(uint32_t w[OLI_NODE_TIERS]) {
  for (int t = 0; t < OLI_NODE_TIERS; t++) w[t] = tiers[t].weight;
}

int oli_tier_parse(const char *s, oli_tier_t *out) {
  for (int t = 0; s && t < OLI_TIER_COUNT_; t++)
    if (strcmp(tiers[t].name, s) == 0) {
      *out = (oli_tier_t)t;
      return 0;
    }
  return -1;
}

/* ---- node kinds ----------------------------------------------------------------- */
#define OLI_NODE_KIND(Id, Num, Name) \
  _Static_assert(OLI_NODE_##Id == Num, "oli_vocab.def: node kind rows in number order");
#include "oli_vocab.def"
static const char *const node_kinds[OLI_NODE_KIND_COUNT_] = {
#define OLI_NODE_KIND(Id, Num, Name) [Num] = Name,
#include "oli_vocab.def"
};
const char *oli_node_kind_name(oli_node_kind_t k) {
  return (unsigned)k < OLI_NODE_KIND_COUNT_ ? node_kinds[k] : UNKNOWN;
}

/* ---- placements --------------------------------------------------------------- */
#define OLI_PLACEMENT(Id, Num, Name, Tier, Needs, Missing, Words) \
  _Static_assert(OLI_PLACE_##Id == Num, "oli_vocab.def: placement rows in number order");
#include "oli_vocab.def"
static const struct {
  const char *name, *words;
  oli_tier_t tier, needs;
  oli_reason_t missing;
} placements[OLI_PLACE_COUNT_] = {
#define OLI_PLACEMENT(Id, Num, Name, Tier, Needs, Missing, Words) \
  [Num] = {Name, Words, OLI_TIER_##Tier, OLI_TIER_##Needs, OLI_WHY_##Missing},
#include "oli_vocab.def"
};

const char *oli_placement_name(oli_placement_t p) {
  return (unsigned)p < OLI_PLACE_COUNT_ ? placements[p].name : UNKNOWN;
}
const char *oli_placement_words(oli_placement_t p) {
  return (unsigned)p < OLI_PLACE_COUNT_ ? placements[p].words : UNKNOWN;
}
oli_tier_t oli_placement_tier(oli_placement_t p) {
  return (unsigned)p < OLI_PLACE_COUNT_ ? placements[p].tier : OLI_TIER_DEFAULT;
}
oli_tier_t oli_placement_needs(oli_placement_t p) {
  return (unsigned)p < OLI_PLACE_COUNT_ ? placements[p].needs : OLI_TIER_DEFAULT;
}
oli_reason_t oli_placement_missing(oli_placement_t p) {
  return (unsigned)p < OLI_PLACE_COUNT_ ? placements[p].missing : OLI_WHY_NO_CXL;
}

int oli_placement_parse(const char *s, oli_placement_t *out) {
  for (int p = 0; s && p < OLI_PLACE_COUNT_; p++)
    if (strcmp(placements[p].name, s) == 0) {
      *out = (oli_placement_t)p;
      return 0;
    }
  return -1;
}

/* ---- policies ----------------------------------------------------------------- */
#define OLI_POLICY(Id, Num, Name, Rule, Placement, Process, Help)                    \
  _Static_assert(OLI_POLICY_##Id == Num, "oli_vocab.def: policy rows in number order"); \
  _Static_assert(!(Process) || OLI_PLACE_##Placement == OLI_PLACE_INTERLEAVE,           \
                 "oli_vocab.def: a whole-process policy interleaves (runtime/policy/taskpolicy.c)");
#include "oli_vocab.def"
static const struct {
  const char *name, *help;
  int process;
  oli_placement_t placement;
} policies[OLI_POLICY_COUNT_] = {
#define OLI_POLICY(Id, Num, Name, Rule, Placement, Process, Help) \
  [Num] = {Name, Help, Process, OLI_PLACE_##Placement},
#include "oli_vocab.def"
};

const char *oli_policy_name(oli_policy_t p) {
  return (unsigned)p < OLI_POLICY_COUNT_ ? policies[p].name : UNKNOWN;
}
const char *oli_policy_help(oli_policy_t p) {
  return (unsigned)p < OLI_POLICY_COUNT_ ? policies[p].help : UNKNOWN;
}
int oli_policy_whole_process(oli_policy_t p) { return (unsigned)p < OLI_POLICY_COUNT_ && policies[p].process; }
oli_placement_t oli_policy_placement(oli_policy_t p) {
  return (unsigned)p < OLI_POLICY_COUNT_ ? policies[p].placement : OLI_PLACE_DEFAULT;
}

int oli_policy_parse(const char *s, oli_policy_t *out) {
  for (int p = 0; s && p < OLI_POLICY_COUNT_; p++)
    if (strcasecmp(policies[p].name, s) == 0) {
      *out = (oli_policy_t)p;
      return 0;
    }
  return -1;
}

/* ---- reasons, mechanisms, task policy modes, warnings, access sources ------------- */
static const char *const reasons[OLI_WHY_COUNT_] = {
#define OLI_REASON(Id, Name) [OLI_WHY_##Id] = Name,
#include "oli_vocab.def"
};
const char *oli_reason_name(oli_reason_t r) { return (unsigned)r < OLI_WHY_COUNT_ ? reasons[r] : UNKNOWN; }

static const char *const mechanisms[OLI_MECH_COUNT_] = {
#define OLI_MECHANISM(Id, Name) [OLI_MECH_##Id] = Name,
#include "oli_vocab.def"
};
const char *oli_mechanism_name(oli_mechanism_t m) {
  return (unsigned)m < OLI_MECH_COUNT_ ? mechanisms[m] : UNKNOWN;
}

static const struct {
  const char *name, *words;
  int applied;
} redecides[OLI_REDO_COUNT_] = {
#define OLI_REDECIDE(Id, Name, Applied, Words) [OLI_REDO_##Id] = {Name, Words, Applied},
#include "oli_vocab.def"
};
const char *oli_redecide_name(oli_redecide_t o) { return (unsigned)o < OLI_REDO_COUNT_ ? redecides[o].name : UNKNOWN; }
const char *oli_redecide_words(oli_redecide_t o) { return (unsigned)o < OLI_REDO_COUNT_ ? redecides[o].words : UNKNOWN; }
int oli_redecide_applied(oli_redecide_t o) { return (unsigned)o < OLI_REDO_COUNT_ && redecides[o].applied; }
int oli_redecide_parse(const char *s, oli_redecide_t *out) {
  for (int i = 0; s && i < OLI_REDO_COUNT_; i++)
    if (strcmp(s, redecides[i].name) == 0) {
      *out = (oli_redecide_t)i;
      return 0;
    }
  return -1;
}

static const struct {
  const char *name, *words;
} left_outs[OLI_LEFT_COUNT_] = {
#define OLI_LEFT_OUT(Id, Name, Words) [OLI_LEFT_##Id] = {Name, Words},
#include "oli_vocab.def"
};
const char *oli_left_out_name(oli_left_out_t w) { return (unsigned)w < OLI_LEFT_COUNT_ ? left_outs[w].name : UNKNOWN; }
const char *oli_left_out_words(oli_left_out_t w) { return (unsigned)w < OLI_LEFT_COUNT_ ? left_outs[w].words : UNKNOWN; }
int oli_left_out_parse(const char *s, oli_left_out_t *out) {
  for (int i = 0; s && i < OLI_LEFT_COUNT_; i++)
    if (strcmp(s, left_outs[i].name) == 0) {
      *out = (oli_left_out_t)i;
      return 0;
    }
  return -1;
}

static const char *const task_policy_modes[OLI_TASK_POLICY_COUNT_] = {
#define OLI_TASK_POLICY(Id, Name) [OLI_TASK_POLICY_##Id] = Name,
#include "oli_vocab.def"
};
const char *oli_task_policy_mode_name(oli_task_policy_mode_t m) {
  return (unsigned)m < OLI_TASK_POLICY_COUNT_ ? task_policy_modes[m] : UNKNOWN;
}

static const char *const thp_modes[OLI_THP_COUNT_] = {
#define OLI_THP(Id, Name, Folio) [OLI_THP_##Id] = Name,
#include "oli_vocab.def"
};
static const bool thp_folio[OLI_THP_COUNT_] = {
#define OLI_THP(Id, Name, Folio) [OLI_THP_##Id] = Folio,
#include "oli_vocab.def"
};
const char *oli_thp_name(oli_thp_t m) { return (unsigned)m < OLI_THP_COUNT_ ? thp_modes[m] : UNKNOWN; }
bool oli_thp_folio(oli_thp_t m) { return (unsigned)m < OLI_THP_COUNT_ ? thp_folio[m] : true; }
int oli_thp_parse(const char *s, oli_thp_t *out) {
  for (int i = 0; i < OLI_THP_COUNT_; i++)
    if (strcmp(s, thp_modes[i]) == 0) {
      *out = (oli_thp_t)i;
      return 0;
    }
  return -1;
}

static const char *const warnings[W_MAX_] = {
#define OLI_WARNING(Id, Name) [W_##Id] = Name,
#include "oli_vocab.def"
};
const char *oli_warning_name(oli_warning_t w) { return (unsigned)w < W_MAX_ ? warnings[w] : UNKNOWN; }

static const char *const access_sources[OLI_ACCESS_COUNT_] = {
#define OLI_ACCESS_SOURCE(Id, Name) [OLI_ACCESS_##Id] = Name,
#include "oli_vocab.def"
};
const char *oli_access_source_name(oli_access_source_t a) {
  return (unsigned)a < OLI_ACCESS_COUNT_ ? access_sources[a] : UNKNOWN;
}
int oli_access_source_parse(const char *s, oli_access_source_t *out) {
  for (int a = 0; s && a < OLI_ACCESS_COUNT_; a++)
    if (strcasecmp(access_sources[a], s) == 0) {
      *out = (oli_access_source_t)a;
      return 0;
    }
  return -1;
}

/* ---- the static estimate: patterns, confidences, flags ---------------------------- */
static const char *const patterns[OLI_PATTERN_COUNT_] = {
#define OLI_PATTERN(Id, Num, Name, Share) [OLI_PATTERN_##Id] = Name,
#include "oli_vocab.def"
};
const char *oli_access_pattern_name(unsigned p) { return p < OLI_PATTERN_COUNT_ ? patterns[p] : UNKNOWN; }
int oli_access_pattern_parse(const char *s, oli_access_pattern_t *out) {
  for (int p = 0; s && p < OLI_PATTERN_COUNT_; p++)
    if (strcmp(patterns[p], s) == 0) {
      *out = (oli_access_pattern_t)p;
      return 0;
    }
  return -1;
}
int oli_access_pattern_share(oli_access_pattern_t p) {
  static const int share[OLI_PATTERN_COUNT_] = {
#define OLI_PATTERN(Id, Num, Name, Share) [OLI_PATTERN_##Id] = Share,
#include "oli_vocab.def"
  };
  return (unsigned)p < OLI_PATTERN_COUNT_ ? share[p] : -1;
}

static const char *const confidences[OLI_CONFIDENCE_COUNT_] = {
#define OLI_CONFIDENCE(Id, Num, Name) [OLI_CONFIDENCE_##Id] = Name,
#include "oli_vocab.def"
};
const char *oli_confidence_name(unsigned c) { return c < OLI_CONFIDENCE_COUNT_ ? confidences[c] : UNKNOWN; }
int oli_confidence_parse(const char *s, oli_confidence_t *out) {
  for (int c = 0; s && c < OLI_CONFIDENCE_COUNT_; c++)
    if (strcmp(confidences[c], s) == 0) {
      *out = (oli_confidence_t)c;
      return 0;
    }
  return -1;
}

const struct oli_static_flag_info_s oli_static_flags[] = {
#define OLI_STATIC_FLAG(Id, Bit, Name) {Bit, Name},
#include "oli_vocab.def"
};
const int oli_static_flag_count = (int)(sizeof oli_static_flags / sizeof oli_static_flags[0]);

/* ---- lists for messages ------------------------------------------------------------ */
static void append(char *buf, size_t n, size_t *len, const char *word) {
  int k = snprintf(buf + *len, n - *len, "%s%s", *len ? ", " : "", word);
  if (k > 0) *len = *len + (size_t)k < n ? *len + (size_t)k : n - 1;
}

const char *oli_policy_list(char *buf, size_t n) {
  size_t len = 0;
  if (n) buf[0] = '\0';
  for (int p = 0; n && p < OLI_POLICY_COUNT_; p++) append(buf, n, &len, policies[p].name);
  return buf;
}

const char *oli_access_source_list(char *buf, size_t n) {
  size_t len = 0;
  if (n) buf[0] = '\0';
  for (int a = 0; n && a < OLI_ACCESS_COUNT_; a++) append(buf, n, &len, access_sources[a]);
  return buf;
}

const char *oli_placement_list(char *buf, size_t n, int with_default) {
  size_t len = 0;
  if (n) buf[0] = '\0';
  for (int p = 0; n && p < OLI_PLACE_COUNT_; p++)
    if (p != OLI_PLACE_DEFAULT) append(buf, n, &len, placements[p].name);
  if (n && with_default) append(buf, n, &len, placements[OLI_PLACE_DEFAULT].name); /* last: not placed */
  return buf;
}
