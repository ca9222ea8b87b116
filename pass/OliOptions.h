//===- OliOptions.h - options of the oli-tag-sites pass --------*- C++ -*-===//
//
// One struct holds every knob. It is folded once from the -oli-* cl::opts,
// then OLI_PASS_OPTIONS, then the pass parameters (oli-tag-sites<...>),
// later sources winning (OliPlugin.cpp). The accepted keys are listed in
// README.md, "Compiling with the plugin".
//
//===----------------------------------------------------------------------===//
#ifndef OLI_PASS_OPTIONS_H
#define OLI_PASS_OPTIONS_H

#include <cstdint>
#include <string>

namespace oli {

struct OliOptions {
  std::string Root;              // root=PATH: IDs use paths relative to it
  uint64_t MinGlobalSize = 65536; // min-global-size=SIZE: register globals this big
  uint64_t MinHeapSize = 0;      // min-heap-size=SIZE: skip constant sizes below
  bool VersionCheck = true;      // version-check=0|1
  bool Wrappers = true;          // wrappers=0|1: detect allocation wrappers
  bool Globals = true;           // globals=0|1: register global objects
  bool SmallBypass = true;       // small-bypass=0|1: inline small-object fast path at heap calls
  uint64_t ProfileEvery = 0;     // profile-every=N: sample every Nth load/store (0: off)
  bool StaticIntensity = true;   // static-intensity=0|1: estimate access intensity per site
  bool Summaries = true;         // summaries=0|1: access summaries for the whole-program join
  std::string Plan;              // plan=FILE: embed this oli-plan (profile-guided rebuild)
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
