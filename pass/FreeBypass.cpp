//===- FreeBypass.cpp - free() of glibc memory without the runtime --------===//
//
// See FreeBypass.h. Idempotent: a rewritten call's callee is a select, no
// longer the entry point.
//
//===----------------------------------------------------------------------===//
#include "FreeBypass.h"
#include "OliAbiNames.h"
#include "SmallBypass.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/TargetParser/Triple.h"

using namespace llvm;

#define DEBUG_TYPE "oli"

STATISTIC(NumFreeBypass, "free()/delete calls given the inline placed-memory test");

namespace oli {

/// True when the functions of M may get the inline test at all.
static bool moduleQualifies(const Module &M) {
  Triple T(M.getTargetTriple());
  if (!T.isOSLinux() || !T.isGNUEnvironment() || !M.getModuleFlag(TaggedFlag))
    return false;
  return M.getPICLevel() != PICLevel::NotPIC || M.getPIELevel() != PIELevel::Default;
}

/// True for a function whose free() calls may get it.
static bool functionQualifies(const Function &F) {
  return !F.hasOptSize() && !F.hasFnAttribute(Attribute::Cold) && !hasSanitizer(F);
}

/// An external word of the runtime (no dso_local: read through the GOT).
static GlobalVariable *runtimeWord(Module &M, StringRef Name, Type *Ty) {
  if (GlobalVariable *G = M.getGlobalVariable(Name))
    return G;
  return new GlobalVariable(M, Ty, /*isConstant=*/false, GlobalValue::ExternalLinkage, nullptr, Name);
}

/// The inline test in front of each qualifying call of Entry; Orig is what
/// a pointer outside the window goes to.
static unsigned bypassCalls(Module &M, Function *Entry, FunctionCallee Orig) {
  SmallVector<CallInst *, 32> Calls;
  for (User *U : Entry->users())
    if (auto *CI = dyn_cast<CallInst>(U))
      if (CI->getCalledOperand() == Entry && !CI->isMustTailCall() && functionQualifies(*CI->getFunction()))
        Calls.push_back(CI);
  if (Calls.empty())
    return 0;
  const DataLayout &DL = M.getDataLayout();
  IntegerType *IntPtr = DL.getIntPtrType(M.getContext());
  GlobalVariable *Lo = runtimeWord(M, ArenaLoName, IntPtr);
  GlobalVariable *Len = runtimeWord(M, ArenaLenName, IntPtr);
  Align A = DL.getABITypeAlign(IntPtr);
  for (CallInst *CI : Calls) {
    IRBuilder<> B(CI);
    LoadInst *N = B.CreateAlignedLoad(IntPtr, Len, A, "oli.arena.len");
    N->setAtomic(AtomicOrdering::Acquire); // published last, with release
    LoadInst *L = B.CreateAlignedLoad(IntPtr, Lo, A, "oli.arena.lo");
    L->setAtomic(AtomicOrdering::Monotonic);
    Value *Off = B.CreateSub(B.CreatePtrToInt(CI->getArgOperand(0), IntPtr), L);
    Value *Placed = B.CreateICmpULT(Off, N, "oli.placed");
    CI->setCalledOperand(B.CreateSelect(Placed, Entry, Orig.getCallee(), "oli.free"));
  }
  return Calls.size();
}

bool addFreeBypass(Module &M) {
  if (!moduleQualifies(M))
    return false;
  unsigned N = 0;
  for (const ReleaseRow &R : ReleaseRows) {
    Function *Entry = R.Frees ? M.getFunction(R.Entry) : nullptr;
    if (!Entry || !Entry->getFunctionType()->getReturnType()->isVoidTy())
      continue;
    // free: glibc's own, behind the interposed one; delete: the C++ runtime's
    StringRef Orig = StringRef(R.Name) == "free" ? StringRef(LibcFreeName) : StringRef(R.Name);
    N += bypassCalls(M, Entry, M.getOrInsertFunction(Orig, Entry->getFunctionType()));
  }
  NumFreeBypass += N;
  return N != 0;
}

} // namespace oli
