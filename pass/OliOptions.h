//===- OliOptions.h - options of the oli-tag-sites pass --------*- C++ -*-===//
//
// One struct holds every knob, one member per row of OliOptions.def. It is
// folded once from the -oli-* cl::opts, then OLI_PASS_OPTIONS, then the pass
// parameters (oli-tag-sites<...>), later sources winning (OliPlugin.cpp).
// The accepted keys are listed in README.md, "Compiling with the plugin".
//
//===----------------------------------------------------------------------===//
#ifndef OLI_PASS_OPTIONS_H
#define OLI_PASS_OPTIONS_H

#include <cstdint>
#include <string>

namespace oli {

/// The C++ type of an option of each Type of OliOptions.def.
using OliPassType_STRING = std::string;
using OliPassType_DIR = std::string;
using OliPassType_SIZE = uint64_t;
using OliPassType_BOOL = bool;
using OliPassType_COUNT = uint64_t;

struct OliOptions {
  // One member per row of OliOptions.def (key=value), with its default.
#define OLI_PASS_OPTION(Key, Field, Type, Arg, Default, Flag, Desc) OliPassType_##Type Field = Default;
#include "OliOptions.def"
  std::string PlanText;          // not an option: the validated plan, read by the pass
  std::string PlanPath;          // not an option: plan= resolved (against root= when relative)
  uint32_t PlanSites = 0;        // not an option: the plan's decided sites
  uint32_t PlanLeftOut = 0;      // not an option: the sites the plan left out, with why
  std::string Error;             // first bad option; run() reports it
};

/// Applies "key=value;key=value" from Origin (for messages) to O. On a bad
/// entry sets O.Error (if not yet set) and returns false.
bool applyOptionString(OliOptions &O, const std::string &Text, const std::string &Origin);

} // namespace oli

#endif // OLI_PASS_OPTIONS_H
