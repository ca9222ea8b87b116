//===- OliAbiNames.h - the names of include/oli_abi.h, as constants -*- C++ -*-===//
//
// Every runtime name the pass emits, spelled once. Must match
// include/oli_abi.h (ABI version 1).
//
//===----------------------------------------------------------------------===//
#ifndef OLI_PASS_ABINAMES_H
#define OLI_PASS_ABINAMES_H

#include <cstdint>

namespace oli {

constexpr unsigned AbiVersion = 1;
constexpr char VersionCheckName[] = "__oli_version_mismatch_check_v1";
constexpr char InitName[] = "__oli_init";
constexpr char FiniName[] = "__oli_fini";
constexpr char RegisterGlobalName[] = "__oli_register_global";
constexpr char SiteEnterName[] = "__oli_site_enter";
constexpr char SiteLeaveName[] = "__oli_site_leave";
constexpr char ProfileAccessName[] = "__oli_profile_access";
constexpr char PlanEmbeddedName[] = "__oli_plan_embedded";
constexpr char PlanTextPrefix[] = "__oli_plan_text_"; // + hash of the embedded plan
constexpr char ArenaLoName[] = "__oli_arena_lo";
constexpr char ArenaLenName[] = "__oli_arena_len";
constexpr char AbiPrefix[] = "__oli_";
constexpr char SiteSection[] = "oli_sites";
constexpr char SectionStart[] = "__start_oli_sites";
constexpr char SectionStop[] = "__stop_oli_sites";
constexpr char ModuleCtorName[] = "oli.module_ctor";
constexpr char ModuleDtorName[] = "oli.module_dtor";
constexpr char TaggedFlag[] = "oli.tagged"; // module flag: the pass has run
constexpr uint32_t SiteMagic = 0x314c4f53u;
constexpr unsigned SiteHeaderSize = 48;
constexpr unsigned SiteSmallShiftOffset = 38; // __oli_site_t.small_shift (u16)
constexpr int CtorPriority = 1;

// oli_site_kind_t
enum SiteKind : uint8_t {
  KindMalloc = 1,
  KindCalloc = 2,
  KindRealloc = 3,
  KindReallocarray = 4,
  KindAlignedAlloc = 5,
  KindPosixMemalign = 6,
  KindMemalign = 7,
  KindValloc = 8,
  KindNew = 9,
  KindNewArray = 10,
  KindMmap = 11,
  KindGlobal = 12,
  KindFortranAllocate = 13,
  KindFortranPointerAllocate = 14,
  KindWrapper = 15,
};

// __oli_site_t.flags
constexpr uint8_t FlagSizeKnown = 0x01;
constexpr uint8_t FlagHasLine = 0x02;
constexpr uint8_t FlagNothrow = 0x04;
constexpr uint8_t FlagAligned = 0x08;
constexpr uint8_t FlagInvoke = 0x10;

} // namespace oli

#endif // OLI_PASS_ABINAMES_H
