//===- OliAbiNames.h - the runtime names the pass emits --------*- C++ -*-===//
//
// The symbols, section and layout constants of include/oli_abi.h (ABI
// version 1) the pass needs, as C++ constants. Layout constants and flags are
// the header's own macros (checked against __oli_site_t in SiteRecord.cpp);
// allocation kinds, their entry points and operands are the rows of
// include/oli_vocab.def, read through oli_kind_info() (common/vocab.c,
// compiled into the plugin). Function names without a vocabulary row are
// spelled here, once.
//
//===----------------------------------------------------------------------===//
#ifndef OLI_PASS_ABINAMES_H
#define OLI_PASS_ABINAMES_H

#include "oli_abi.h"
#include "oli_vocab.h"
#include "summary.h"

#include <cstdint>
#include <string_view>

namespace oli {

constexpr char VersionCheckName[] = "__oli_version_mismatch_check_v1";
constexpr char InitName[] = "__oli_init";
constexpr char FiniName[] = "__oli_fini";
constexpr char RegisterGlobalName[] = "__oli_register_global";
constexpr char SiteEnterName[] = "__oli_site_enter";
constexpr char SiteLeaveName[] = "__oli_site_leave";
constexpr char NewNothrowName[] = "__oli_new_nothrow"; // the nothrow entry of the OLI_KF_NEW kinds
constexpr char ProfileSampleName[] = "__oli_profile_sample4"; // a block's countdown (4-byte quanta) below zero
constexpr char ProfileNearName[] = "__oli_profile_near4"; // the same, the crossing access using lines another of its block brings
constexpr char ProfileGatherName[] = "__oli_profile_gather4"; // the same, the crossing access gathering, with its loop's operations
constexpr char ProfileSpanName[] = "__oli_profile_span4"; // a memset/memcpy/memmove side
constexpr char ProfileOpsName[] = "__oli_profile_ops"; // a function's operations countdown below zero
constexpr char PlanEmbeddedName[] = "__oli_plan_embedded";
constexpr char PlanTextPrefix[] = "__oli_plan_text_"; // + hash of the embedded plan
constexpr char ArenaLoName[] = "__oli_arena_lo";
constexpr char ArenaLenName[] = "__oli_arena_len";
constexpr char AbiPrefix[] = "__oli_";
/// The program's main functions: C's, and flang's main program, which the
/// Fortran runtime's `main` calls.
constexpr std::string_view ProgramMainNames[] = {"main", "_QQmain"};
constexpr char SiteSection[] = OLI_SITE_SECTION;
constexpr char SectionStart[] = "__start_" OLI_SITE_SECTION;
constexpr char SectionStop[] = "__stop_" OLI_SITE_SECTION;
constexpr char SummarySection[] = OLI_SUMMARY_SECTION; // common/summary.h
constexpr char SummaryStart[] = "__start_" OLI_SUMMARY_SECTION;
constexpr char SummaryStop[] = "__stop_" OLI_SUMMARY_SECTION;
constexpr char SummaryName[] = "oli.summary";
constexpr char RegisterSummariesName[] = "__oli_register_summaries";
constexpr char ModuleCtorName[] = "oli.module_ctor";
constexpr char ModuleDtorName[] = "oli.module_dtor";
constexpr char TaggedFlag[] = "oli.tagged"; // module flag: the pass has run
constexpr char EstimatedFlag[] = "oli.estimated"; // module flag: the static estimate and summaries are written
constexpr uint32_t SiteMagic = OLI_SITE_MAGIC;
constexpr unsigned SiteHeaderSize = OLI_SITE_HEADER_SIZE;
constexpr unsigned SiteSmallShiftOffset = OLI_SITE_SMALL_SHIFT_OFFSET; // __oli_site_t.small_shift (u16)
constexpr int CtorPriority = 1;

// __oli_site_t.flags
constexpr uint8_t FlagSizeKnown = OLI_SITE_F_SIZE_KNOWN;
constexpr uint8_t FlagHasLine = OLI_SITE_F_HAS_LINE;
constexpr uint8_t FlagNothrow = OLI_SITE_F_NOTHROW;
constexpr uint8_t FlagAligned = OLI_SITE_F_ALIGNED;
constexpr uint8_t FlagInvoke = OLI_SITE_F_INVOKE;
constexpr uint8_t FlagExtern = OLI_SITE_F_EXTERN;
constexpr uint8_t FlagReturned = OLI_SITE_F_RETURNED;
constexpr uint8_t FlagMember = OLI_SITE_F_MEMBER;

/// A function given a heap object back and the entry point the pass calls
/// instead (the OLI_RELEASE rows of oli_vocab.def).
struct ReleaseRow {
  const char *Name, *Entry;
  unsigned Params; // with the pointer
  bool Frees;      // takes the object back (all but malloc_usable_size)
};
/// Parameters of each shape, the pointer included.
enum ReleaseShapeParams : unsigned {
  Params_FREE = 1, Params_USABLE = 1, Params_P = 1, Params_S = 2, Params_A = 2, Params_SA = 3, Params_N = 2, Params_AN = 3
};
inline constexpr ReleaseRow ReleaseRows[] = {
#define OLI_RELEASE(Name, Entry, Shape) {Name, #Entry, Params_##Shape, std::string_view(#Shape) != "USABLE"},
#include "oli_vocab.def"
};
constexpr char LibcFreeName[] = "__libc_free"; // glibc's free, behind the interposed one

/// The vocabulary row of kind K (never null for a kind the pass assigned).
inline const oli_kind_info_t &kindInfo(uint8_t K) {
  static const oli_kind_info_t None = {0, "unknown", "", "", "", -1, -1, -1, -1, 0};
  const oli_kind_info_t *I = oli_kind_info(K);
  return I ? *I : None;
}

/// True when kind K has all of the OLI_KF_* flags F.
inline bool kindHas(uint8_t K, unsigned F) { return (kindInfo(K).flags & F) == F; }

} // namespace oli

#endif // OLI_PASS_ABINAMES_H
