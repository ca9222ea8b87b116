//===- CalledFunction.h - the function a call runs, through aliases -*- C++ -*-===//
//
// C++ emits a constructor's complete-object symbol (C1) and a destructor's
// (D1) as aliases of the base-object ones (C2, D2); where the optimiser keeps
// the alias (an explicitly instantiated class template's members, weak_odr),
// a call of it names no Function and CallBase::getCalledFunction() is null.
// The tagger and the estimator take such a call for a call of the function
// the alias names, unless the link may replace the alias by another
// definition (weak, or exported under semantic interposition).
//
//===----------------------------------------------------------------------===//
#ifndef OLI_PASS_CALLEDFUNCTION_H
#define OLI_PASS_CALLEDFUNCTION_H

#include "llvm/IR/GlobalAlias.h"
#include "llvm/IR/InstrTypes.h"

namespace oli {

/// The function CB runs: its callee, or the function defined in this module
/// that a non-interposable alias called by CB names; null for any other call.
inline llvm::Function *calledFunction(const llvm::CallBase &CB) {
  if (llvm::Function *F = CB.getCalledFunction())
    return F;
  auto *GA = llvm::dyn_cast<llvm::GlobalAlias>(CB.getCalledOperand());
  auto *F = GA && !GA->isInterposable() ? llvm::dyn_cast_or_null<llvm::Function>(GA->getAliaseeObject()) : nullptr;
  return F && !F->isDeclaration() && F->getFunctionType() == CB.getFunctionType() ? F : nullptr;
}

} // namespace oli

#endif
