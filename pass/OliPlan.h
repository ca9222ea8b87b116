//===- OliPlan.h - embed an oli-plan at compile time -----------*- C++ -*-===//
//
// Pass option plan=FILE (profile-guided rebuild): the `oli-plan` v1 file
// written by `oli plan` is validated here and its decisions are embedded in
// the module as compact JSON text (a linkonce_odr constant keyed by the text's
// hash, so modules of one program share one copy); the module constructor
// passes it to __oli_plan_embedded(text, len) after __oli_init, so the binary
// places objects with no run-time configuration (OLI_PLAN overrides it).
//
//===----------------------------------------------------------------------===//
#ifndef OLI_PASS_PLAN_H
#define OLI_PASS_PLAN_H

#include <string>

namespace llvm {
class GlobalVariable;
class Module;
} // namespace llvm

namespace oli {

struct OliOptions;

/// Reads and validates the plan at O.PlanPath (plan= resolved); on success
/// O.PlanText holds the compact plan to embed (schema, version and per site:
/// id, decision, ratio, file, function, rel, kind, name; the sites it left
/// out with why), O.PlanSites and O.PlanLeftOut their counts. On failure
/// returns false with one line in Err naming the file and what is wrong.
bool readPlan(OliOptions &O, std::string &Err);

/// The module's constant holding Text (NUL-terminated), created once.
llvm::GlobalVariable *planTextGlobal(llvm::Module &M, const std::string &Text);

} // namespace oli

#endif // OLI_PASS_PLAN_H
