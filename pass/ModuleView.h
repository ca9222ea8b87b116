//===- ModuleView.h - the module as the estimate reads it ------*- C++ -*-===//
//
// A call through an alias of a function of the module calls that function
// (CalledFunction.h): while the static estimate runs, such calls name it, so
// the analyses, which follow calls to the functions they name, follow it (a
// constructor's object stored into the caller's variable); undone after it,
// so the object code is unchanged.
//
//===----------------------------------------------------------------------===//
#ifndef OLI_PASS_MODULEVIEW_H
#define OLI_PASS_MODULEVIEW_H

#include "llvm/IR/InstrTypes.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/PassManager.h"
#include <utility>
#include <vector>

namespace oli {

class ModuleView {
public:
  ModuleView(llvm::Module &M, llvm::ModuleAnalysisManager &MAM);
  ~ModuleView();
  ModuleView(const ModuleView &) = delete;
  ModuleView &operator=(const ModuleView &) = delete;

private:
  llvm::FunctionAnalysisManager &FAM;
  std::vector<std::pair<llvm::CallBase *, llvm::Value *>> Callees; // the calls renamed, their alias
};

} // namespace oli

#endif
