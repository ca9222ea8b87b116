//===- FreeBypass.cpp - free() of glibc memory without the runtime --------===//
//
// See FreeBypass.h. Idempotent: a rewritten call's callee is a select, no
// longer @free.
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

STATISTIC(NumFreeBypass, "free() calls given the inline placed-memory test");

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

bool addFreeBypass(Module &M) {
  Function *Free = M.getFunction("free");
  if (!Free || !moduleQualifies(M))
    return false;
  FunctionType *Ty = Free->getFunctionType();
  if (!Ty->getReturnType()->isVoidTy() || Ty->getNumParams() != 1 || !Ty->getParamType(0)->isPointerTy())
    return false;
  SmallVector<CallInst *, 32> Calls;
  for (User *U : Free->users())
    if (auto *CI = dyn_cast<CallInst>(U))
      if (CI->getCalledOperand() == Free && !CI->isMustTailCall() && functionQualifies(*CI->getFunction()))
        Calls.push_back(CI);
  if (Calls.empty())
    return false;
  const DataLayout &DL = M.getDataLayout();
  IntegerType *IntPtr = DL.getIntPtrType(M.getContext());
  GlobalVariable *Lo = runtimeWord(M, ArenaLoName, IntPtr);
  GlobalVariable *Len = runtimeWord(M, ArenaLenName, IntPtr);
  FunctionCallee LibcFree = M.getOrInsertFunction("__libc_free", Ty);
  Align A = DL.getABITypeAlign(IntPtr);
  for (CallInst *CI : Calls) {
    IRBuilder<> B(CI);
    LoadInst *N = B.CreateAlignedLoad(IntPtr, Len, A, "oli.arena.len");
    N->setAtomic(AtomicOrdering::Acquire); // published last, with release
    LoadInst *L = B.CreateAlignedLoad(IntPtr, Lo, A, "oli.arena.lo");
    L->setAtomic(AtomicOrdering::Monotonic);
    Value *Off = B.CreateSub(B.CreatePtrToInt(CI->getArgOperand(0), IntPtr), L);
    Value *Placed = B.CreateICmpULT(Off, N, "oli.placed");
    CI->setCalledOperand(B.CreateSelect(Placed, Free, LibcFree.getCallee(), "oli.free"));
    ++NumFreeBypass;
  }
  return true;
}

} // namespace oli
