//===- OliTagSites.h - the worker of the oli-tag-sites pass ----*- C++ -*-===//
//
// Tags every allocation site of a module: rewrites heap calls into __oli_*
// entry points carrying a site record, brackets allocation-wrapper and
// Fortran ALLOCATE calls and calls into allocating standard-library code
// with __oli_site_enter/leave, registers large global objects from a module
// constructor.
//
//===----------------------------------------------------------------------===//
#ifndef OLI_PASS_TAGSITES_H
#define OLI_PASS_TAGSITES_H

#include "FieldName.h"
#include "OliOptions.h"
#include "SiteId.h"
#include "SiteRecord.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Analysis/TargetLibraryInfo.h"
#include "llvm/IR/InstrTypes.h"
#include "llvm/IR/Module.h"

#include <optional>
#include <vector>

namespace oli {

/// How a recognised callee is handled.
struct CalleeInfo {
  uint8_t Kind = 0;
  uint8_t Flags = 0;
  bool Bracket = false;  // wrapper / Fortran runtime: enter+leave, no rewrite
  const char *Repl = ""; // replacement entry point when !Bracket
  bool Library = false;  // a call into allocating library code (bracketed)
};

class OliTagSites {
public:
  OliTagSites(llvm::Module &M, const OliOptions &O) : M(M), Opt(O) {}
  /// Tags the module; returns true when it changed.
  bool run();

private:
  void findModuleFile();
  void fromPreprocessed(std::string &File, std::string &Dir);
  void findWrappers();
  /// Allocations a function stores into two fields or more of a struct a
  /// parameter points to (a constructor's members, `grid_init(g)`): members
  /// with sites of their own inside any bracket (OLI_SITE_F_MEMBER).
  void findFillers();
  void findAllocating();
  bool returnsAllocation(llvm::Value *V, llvm::SmallPtrSetImpl<llvm::Value *> &Seen);
  bool allocatesBesides(llvm::Function &F, const llvm::SmallPtrSetImpl<llvm::Value *> &Returned) const;
  std::optional<CalleeInfo> classify(llvm::Function *F) const;
  void instrumentFunction(llvm::Function &F);
  void libraryCalls(llvm::Function &F, llvm::ArrayRef<llvm::CallBase *> Calls,
                    llvm::SmallVectorImpl<std::pair<llvm::CallBase *, CalleeInfo>> &Sites);
  void externCalls(llvm::Function &F, llvm::ArrayRef<llvm::CallBase *> Calls,
                   llvm::SmallVectorImpl<std::pair<llvm::CallBase *, CalleeInfo>> &Sites);
  void tagCall(llvm::Function &F, llvm::CallBase &CB, const CalleeInfo &CI, unsigned Ordinal,
               llvm::StringMap<unsigned> &Keys);
  void rewriteHeapCall(llvm::CallBase &CB, const CalleeInfo &CI, llvm::GlobalVariable *Rec);
  void bracketCall(llvm::CallBase &CB, llvm::GlobalVariable *Rec);
  void registerGlobals();
  llvm::Function *entryPoint(const CalleeInfo &CI, llvm::FunctionType *OldTy);

  llvm::Module &M;
  const OliOptions &Opt;
  std::string ModuleFile, ModuleDir; // the compile unit's source file
  std::string CompileDir; // absolute compile directory (docs/site-ids.md)
  llvm::StringMap<std::string> RepoCache; // directory -> git checkout root
  llvm::StringMap<std::string> PpCache;   // preprocessed file -> the source it names, "" none
  std::string PpFile;                     // the compile unit's file when a preprocessor's output
  PreprocessedColumns PpColumns;          // its columns taken back to the sources
  FieldNamer FieldNames;                  // struct-field names, source lines cached
  /// The source name of the object CB allocates into global GV (null: ""):
  /// GV's, or for a component of a Fortran derived type the ALLOCATE
  /// statement's object (`g%u`), told apart by HolderOf on the line's other
  /// calls.
  std::string objectName(llvm::CallBase &CB, llvm::GlobalVariable *GV,
                         llvm::function_ref<llvm::GlobalVariable *(llvm::CallBase &)> HolderOf);
  llvm::SmallPtrSet<llvm::Function *, 8> Wrappers;
  /// Each wrapper's calls whose objects are members of its result with an
  /// identity of their own (OLI_SITE_F_MEMBER: membersOf)
  llvm::DenseMap<llvm::Function *, llvm::SmallPtrSet<llvm::CallBase *, 8>> WrapperMembers;
  llvm::SmallPtrSet<llvm::CallBase *, 16> Fillers; // findFillers
  std::optional<llvm::TargetLibraryInfoImpl> TLII; // externCalls' C library, made on first use
  llvm::SmallPtrSet<llvm::Function *, 32> Allocating; // defined here, reach an allocation call
  std::vector<llvm::GlobalVariable *> Records;
  std::vector<GlobalToRegister> Globals;
};

} // namespace oli

#endif // OLI_PASS_TAGSITES_H
