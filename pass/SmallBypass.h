//===- SmallBypass.h - the small-object fast path at heap calls -*- C++ -*-===//
//
// At the end of the optimisation pipeline, every call of a heap entry point
// (__oli_malloc, __oli_new, ...) gets an inline test in front of it: when the
// byte count is below 2^small_shift, read from the call's site record at run
// time (include/oli_abi.h, "Small-object fast path"), the original allocator
// is called instead. The runtime sets small_shift once it has counted a
// site's first small objects, so objects it never places cost no runtime call
// from then on. Runs last so that the optimiser saw one allocation call per
// site (dead-allocation removal, alias facts); idempotent through a module
// flag.
//
//===----------------------------------------------------------------------===//
#ifndef OLI_PASS_SMALLBYPASS_H
#define OLI_PASS_SMALLBYPASS_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/Module.h"

namespace oli {

/// Adds the fast path to the heap entry-point calls of M whose site record is
/// visible and that can pay for it (in a loop of GetLI's loops, or in a small
/// function); returns true when M changed.
bool addSmallBypass(llvm::Module &M, llvm::function_ref<llvm::LoopInfo &(llvm::Function &)> GetLI);

/// True when F is instrumented by a sanitizer: its allocations must go
/// through the sanitizer's malloc/free, never straight to glibc's.
bool hasSanitizer(const llvm::Function &F);

} // namespace oli

#endif // OLI_PASS_SMALLBYPASS_H
