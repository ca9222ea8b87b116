//===- StaticIntensity.h - static access intensity per site ----*- C++ -*-===//
//
// For every site record of a module (heap site, wrapper call, Fortran
// ALLOCATE, registered global) the analysis follows the object's base pointer
// to the loads and stores that use it inside the module and estimates how
// often each byte of the object is accessed during a run (exact where the
// loops' trip counts are expressions of the object's own size, SizeSample.h;
// relative elsewhere: trip counts the compiler cannot relate to the size are
// BlockFrequencyInfo's guesses) and how:
// streaming, strided, gather/indirect or unknown. It runs at the end of the
// optimisation pipeline, on optimised IR, and fills the records the tagger
// emitted at pipeline start. docs/site-ids.md, "Static access estimate", has
// the model.
//
//===----------------------------------------------------------------------===//
#ifndef OLI_PASS_STATICINTENSITY_H
#define OLI_PASS_STATICINTENSITY_H

#include "oli_vocab.h"

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

/// Access pattern classes and confidences: the rows of include/oli_vocab.def
/// (OLI_PATTERN, OLI_CONFIDENCE), numbered as the record's fields.
using AccessPattern = oli_access_pattern_t;
using Confidence = oli_confidence_t;
constexpr unsigned NumPatterns = OLI_PATTERN_COUNT_;

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
  AccessPattern Pattern = OLI_PATTERN_NONE; // dominant pattern
  Confidence Conf = OLI_CONFIDENCE_NONE;
  unsigned Accesses = 0;  // load/store instructions attributed
  bool Escapes = false;   // passed to code outside the module (accesses unseen)
  bool Unseen = false;    // used in functions that are not optimised (optnone, -O0): not analysed
  bool Ambiguous = false; // reached through a slot that holds several sites' objects
  bool Guessed = false;   // most of Intensity rests on BlockFrequencyInfo trip counts
  bool Keyed = false;     // reaches keys other modules may use: the join completes it
  bool Hypothesis = false; // sized in a parameter, swept in others': the join may confirm them equal
  bool RootParts = false;  // accessed under roots other modules call: the join adds their calls (RootUses)
  bool OpenGather = false; // gathered in a loop of unknown trip count: Pattern is gather whatever the shares
  bool Chained = false;    // most of its gathered accesses are chained (each address from the load before)
  llvm::Instruction *Anchor = nullptr; // the allocation (or registration) call, for remarks
  std::vector<AccessPart> Parts;       // per access, for the printer
};

/// Estimates every site record of M (records in section oli_sites). Records
/// without any analysable use get Conf None. With Summary, the module's
/// access summaries (common/summary.h: what it does with objects reached
/// through keys other modules name, and which keys its sites' objects reach)
/// go there, records end to end; without, objects reaching such keys escape.
/// MinGlobalSize: the tagger's (min-global-size): global arrays this large
/// that other modules define are summarised under their own key.
std::vector<std::pair<llvm::GlobalVariable *, SiteEstimate>>
estimateStaticIntensity(llvm::Module &M, llvm::ModuleAnalysisManager &MAM,
                        std::vector<unsigned char> *Summary = nullptr, uint64_t MinGlobalSize = 65536);

/// Puts the summary records into M: one constant in section oli_summary,
/// kept by llvm.compiler.used (nothing when there are none).
void writeSummaries(llvm::Module &M, const std::vector<unsigned char> &Bytes);

/// Writes each estimate into its record's static block (SiteRecord.h): the
/// runtime's decision rule and `oli sites` read it from there.
void writeStaticIntensity(const std::vector<std::pair<llvm::GlobalVariable *, SiteEstimate>> &R);

/// One line per record: "site 0x... NAME FILE:LINE: ..." (remarks, the
/// printer pass); with Detail, then one line per access.
void printStaticIntensity(llvm::raw_ostream &OS,
                          const std::vector<std::pair<llvm::GlobalVariable *, SiteEstimate>> &R,
                          bool Detail = false);

/// One line per access-summary record: "oli:
/// summary use KEY: ..." and "oli: summary edge FROM -> KEY xWEIGHT".
void printSummaries(llvm::raw_ostream &OS, const std::vector<unsigned char> &Bytes);

} // namespace oli

#endif // OLI_PASS_STATICINTENSITY_H
