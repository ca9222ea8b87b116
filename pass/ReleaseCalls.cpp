//===- ReleaseCalls.cpp - free and delete through the runtime -------------===//
//
// See ReleaseCalls.h.
//
//===----------------------------------------------------------------------===//
#include "ReleaseCalls.h"
#include "OliAbiNames.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/IR/Attributes.h"
#include "llvm/IR/Function.h"

using namespace llvm;

#define DEBUG_TYPE "oli"

STATISTIC(NumReleaseCalls, "free/delete/malloc_usable_size uses rewritten to __oli_* entry points");

namespace oli {

/// What the optimiser knows of a deallocation function, on its entry point:
/// it frees operand 0 of its allocation family (an unused malloc/free pair
/// still disappears, attrs-o2.ll) and does not unwind.
static void addReleaseAttrs(Function *E, const ReleaseRow &R) {
  if (!R.Frees)
    return;
  StringRef Name(R.Name);
  E->addFnAttr(Attribute::NoUnwind);
  E->addParamAttr(0, Attribute::AllocatedPointer);
  E->addFnAttr(Attribute::get(E->getContext(), Attribute::AllocKind, uint64_t(AllocFnKind::Free)));
  // the families clang and LLVM give: malloc, and operator new/new[]'s own
  E->addFnAttr("alloc-family", Name == "free" ? "malloc" : Name.starts_with("_Zda") ? "_Znam" : "_Znwm");
}

bool rewriteReleaseCalls(Module &M) {
  bool Changed = false;
  for (const ReleaseRow &R : ReleaseRows) {
    Function *F = M.getFunction(R.Name);
    if (!F || !F->isDeclaration() || F->arg_size() != R.Params || !F->getFunctionType()->getParamType(0)->isPointerTy())
      continue;
    FunctionCallee E = M.getOrInsertFunction(R.Entry, F->getFunctionType(), F->getAttributes());
    if (auto *EF = dyn_cast<Function>(E.getCallee()); !EF || EF->getFunctionType() != F->getFunctionType())
      continue; // declared with another type: left alone
    addReleaseAttrs(cast<Function>(E.getCallee()), R);
    NumReleaseCalls += F->getNumUses();
    F->replaceAllUsesWith(E.getCallee());
    F->eraseFromParent();
    Changed = true;
  }
  return Changed;
}

} // namespace oli
