//===- StaticIntensity.h - static access intensity per site ----*- C++ -*-===//
//
// For every site record of a module (heap site, wrapper call, Fortran
// ALLOCATE, registered global) the analysis follows the object's base pointer
// to the loads and stores that use it inside the module and estimates how
// often each byte of the object is accessed during a run (relative: loop trip
// counts the compiler cannot see are BlockFrequencyInfo's guesses) and how:
// streaming, strided, gather/indirect or unknown. It runs at the end of the
// optimisation pipeline, on optimised IR, and fills the records the tagger
// emitted at pipeline start. docs/site-ids.md, "Static access estimate", has
// the model.
//
//===----------------------------------------------------------------------===//
#ifndef OLI_PASS_STATICINTENSITY_H
#define OLI_PASS_STATICINTENSITY_H

#include "llvm/IR/PassManager.h"

#include <cstdint>
#include <utility>
#include <vector>

namespace llvm {
class GlobalVariable;
class Instruction;
class Module;
class raw_ostream;
} // namespace llvm

namespace oli {

/// Access pattern classes, in the order of the record's pattern field.
enum class AccessPattern : uint8_t {
  None = 0,      // no access seen (or not analysed)
  Streaming = 1, // affine address, stride <= access size (also periodic wrap-around)
  Strided = 2,   // affine address, stride > access size
  Gather = 3,    // address depends on a value loaded in the loop (index, pointer, search)
  Unknown = 4,   // non-affine without a load behind it, outside loops, unanalysable
};
constexpr unsigned NumPatterns = 5;

/// How far the estimate can be trusted.
enum class Confidence : uint8_t {
  None = 0,   // no estimate: nothing analysable (e.g. -O0), or the object escapes unseen
  Low = 1,    // ambiguous base (a pointer slot shared by several sites) or accesses outside the module
  Medium = 2, // most of the estimate rests on guessed trip counts
  High = 3,   // trip counts known (or the object is cold with every use in view)
};

/// One access's part of an estimate (for the printer).
struct AccessPart {
  const llvm::Instruction *I;
  AccessPattern Pattern;
  double Intensity; // accesses per byte it adds
  bool Guessed;
};

/// The estimate for one site record.
struct SiteEstimate {
  double Intensity = 0;            // estimated accesses per byte of the object over a run
  double Passes = 0;               // bytes those accesses move per byte: passes over the object
  double Share[NumPatterns] = {};  // part of Intensity by pattern
  AccessPattern Pattern = AccessPattern::None; // dominant pattern
  Confidence Conf = Confidence::None;
  unsigned Accesses = 0;  // load/store instructions attributed
  bool Escapes = false;   // passed to code outside the module (accesses unseen)
  bool Unseen = false;    // used in functions that are not optimised (optnone, -O0): not analysed
  bool Ambiguous = false; // reached through a slot that holds several sites' objects
  bool Guessed = false;   // most of Intensity rests on BlockFrequencyInfo trip counts
  llvm::Instruction *Anchor = nullptr; // the allocation (or registration) call, for remarks
  std::vector<AccessPart> Parts;       // per access, for the printer
};

/// Estimates every site record of M (records in section oli_sites). Records
/// without any analysable use get Conf None.
std::vector<std::pair<llvm::GlobalVariable *, SiteEstimate>>
estimateStaticIntensity(llvm::Module &M, llvm::ModuleAnalysisManager &MAM);

/// Writes each estimate into its record's static block (SiteRecord.h): the
/// runtime's decision rule and `oli sites` read it from there.
void writeStaticIntensity(const std::vector<std::pair<llvm::GlobalVariable *, SiteEstimate>> &R);

/// Short names: "streaming", "strided", "gather", "unknown", "none".
const char *patternName(AccessPattern P);
const char *confidenceName(Confidence C);

/// One line per record: "site 0x... NAME FILE:LINE: ..." (remarks, the
/// printer pass); with Detail, then one line per access.
void printStaticIntensity(llvm::raw_ostream &OS,
                          const std::vector<std::pair<llvm::GlobalVariable *, SiteEstimate>> &R,
                          bool Detail = false);

} // namespace oli

#endif // OLI_PASS_STATICINTENSITY_H
