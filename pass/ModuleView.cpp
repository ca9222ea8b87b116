//===- ModuleView.cpp - the module as the estimate reads it --------------===//
//
// See ModuleView.h.
//
//===----------------------------------------------------------------------===//
#include "ModuleView.h"
#include "CalledFunction.h"

#include "llvm/IR/Instructions.h"

using namespace llvm;

namespace oli {

ModuleView::ModuleView(Module &M, ModuleAnalysisManager &MAM)
    : FAM(MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager()) {
  for (GlobalAlias &GA : M.aliases())
    for (Use &U : GA.uses())
      if (auto *CB = dyn_cast<CallBase>(U.getUser()); CB && CB->isCallee(&U))
        if (calledFunction(*CB))
          Callees.push_back({CB, &GA});
  for (auto &[CB, GA] : Callees) {
    Function *F = calledFunction(*CB);
    CB->setCalledOperand(F);
    FAM.invalidate(*CB->getFunction(), PreservedAnalyses::none());
  }
}

ModuleView::~ModuleView() {
  for (auto &[CB, GA] : Callees) {
    CB->setCalledOperand(GA);
    FAM.invalidate(*CB->getFunction(), PreservedAnalyses::none());
  }
}

} // namespace oli
