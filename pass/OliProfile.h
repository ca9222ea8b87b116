//===- OliProfile.h - sampled load/store profiling for oli -----*- C++ -*-===//
//
// The portable access profile: every Nth load, store or atomic a thread
// makes through a non-stack pointer calls __oli_profile_access(addr, N), and
// the runtime attributes the sample to the live object holding addr. Runs
// at the end of the optimisation pipeline, so it counts the accesses the
// optimised code makes and does not stop vectorisation.
//
//===----------------------------------------------------------------------===//
#ifndef OLI_PASS_PROFILE_H
#define OLI_PASS_PROFILE_H

#include <cstdint>

#include "llvm/IR/PassManager.h"

namespace llvm {
class Module;
}

namespace oli {

/// Instruments the module's loads and stores with a per-thread countdown of
/// Every accesses; returns true when it changed. Idempotent (module flag).
/// FAM (may be null) gives loop and scalar evolution analyses, which tell a
/// sweep's accesses under 8 bytes from gathered ones, and the loops that
/// tell an access near another of its block (a stencil's neighbour, a
/// struct's next field: nearAccess), whose samples go to
/// __oli_profile_near4.
bool instrumentAccesses(llvm::Module &M, uint64_t Every, llvm::FunctionAnalysisManager *FAM);

} // namespace oli

#endif // OLI_PASS_PROFILE_H
