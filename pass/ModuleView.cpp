//===- ModuleView.cpp - the module as the estimate reads it --------------===//
//
// See ModuleView.h.
//
//===----------------------------------------------------------------------===//
#include "ModuleView.h"
#include "CalledFunction.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/Instructions.h"

using namespace llvm;

namespace oli {

ModuleView::ModuleView(Module &M, ModuleAnalysisManager &MAM)
    : FAM(MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager()) {
  SmallVector<Function *, 8> To; // collected first: renaming changes the alias's uses
  for (GlobalAlias &GA : M.aliases())
    for (Use &U : GA.uses())
      if (auto *CB = dyn_cast<CallBase>(U.getUser()); CB && CB->isCallee(&U))
        if (Function *F = calledFunction(*CB))
          Callees.push_back({CB, &GA}), To.push_back(F);
  for (size_t I = 0; I < Callees.size(); ++I) {
    Callees[I].first->setCalledOperand(To[I]);
    FAM.invalidate(*Callees[I].first->getFunction(), PreservedAnalyses::none());
  }
}

ModuleView::~ModuleView() {
  for (auto &[CB, GA] : Callees) {
    CB->setCalledOperand(GA);
    FAM.invalidate(*CB->getFunction(), PreservedAnalyses::none());
  }
}

} // namespace oli
