//===- SmallBypass.cpp - the small-object fast path at heap calls ---------===//
//
// See SmallBypass.h. For a call asking for n bytes the test is
//
//     %oli.shift = load atomic i16 (record + 38) monotonic
//     %oli.small = icmp eq (lshr n, (zext %oli.shift) & 63), 0
//     br %oli.small, label %oli.small.call, label %oli.site.call
//
// with n the product for calloc/reallocarray, whose overflow takes the
// runtime path (which reports ENOMEM). The small path calls the function the
// source called (operator new(size_t, nothrow_t const&), realloc, ...); both
// results meet in a phi. mmap calls get no fast path (rare and large), nor do
// calls in functions optimised for size (-Os, -Oz) or marked cold.
//
// Only where it can pay: a call inside a loop (LoopInfo, after inlining: the
// pass runs at the end of the pipeline), or in a function of at most
// SmallFunctionInsts instructions (an allocation helper, called often from
// elsewhere). A call outside any loop of a bigger function runs once per call
// of that function; its test and second call would cost compile time (the
// blocks, the phi, instruction selection) for a saving of a few nanoseconds.
//
// malloc, calloc, memalign and valloc go straight to glibc's __libc_*
// functions (Linux/glibc targets, functions without sanitizer instrumentation):
// liboli's interposed malloc only attributes objects to an enclosing
// allocation wrapper, which small objects do not need, and skipping it saves
// an indirect jump per call. realloc keeps the interposed realloc, which must
// see placed blocks; under a sanitizer the sanitizer's malloc is the right one.
//
//===----------------------------------------------------------------------===//
#include "SmallBypass.h"
#include "OliAbiNames.h"
#include "SiteRecord.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/TargetParser/Triple.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"

using namespace llvm;

#define DEBUG_TYPE "oli"

STATISTIC(NumBypass, "heap calls given the small-object fast path");
STATISTIC(NumNotHot, "heap calls left without the fast path: outside loops of a big function");

/// A function this small is taken for an allocation helper: its calls get the
/// fast path even outside loops.
constexpr unsigned SmallFunctionInsts = 64;

namespace oli {

constexpr char BypassFlag[] = "oli.small-bypass"; // module flag: done

/// The original allocator behind an entry-point call.
struct Original {
  std::string Name;
  SmallVector<Value *, 4> Args;
  int Size = -1, Count = -1; // operands of Args giving the byte count (Count: a product)
};

/// Reads the kind and flags out of a site record's initializer.
static bool recordKind(Value *Rec, uint8_t &Kind, uint8_t &Flags) {
  auto *GV = dyn_cast<GlobalVariable>(Rec);
  SiteInfo S;
  if (!GV || !readSiteRecord(*GV, S))
    return false;
  Kind = S.Kind;
  Flags = S.Flags;
  return true;
}

bool hasSanitizer(const Function &F) {
  for (Attribute::AttrKind K : {Attribute::SanitizeAddress, Attribute::SanitizeHWAddress, Attribute::SanitizeThread,
                                Attribute::SanitizeMemory, Attribute::SanitizeMemTag})
    if (F.hasFnAttribute(K))
      return true;
  return false;
}

/// True when the small path of CB may call glibc's allocator directly.
static bool glibcDirect(const CallBase &CB, const Module &M) {
  Triple T(M.getTargetTriple());
  return !hasSanitizer(*CB.getFunction()) && T.isOSLinux() && T.isGNUEnvironment();
}

/// What CB (a call of an entry point) replaced, or nullopt when it has no
/// fast path. The record's kind row (oli_vocab.def) gives the allocator
/// (Plain, or glibc's Libc alias) and the operands holding the byte count.
static std::optional<Original> originalOf(CallBase &CB, Module &M) {
  Function *Fn = CB.getCalledFunction();
  if (!Fn || CB.arg_size() < 2)
    return std::nullopt;
  StringRef Name = Fn->getName();
  Value *Rec = CB.getArgOperand(CB.arg_size() - 1);
  uint8_t Kind, Flags;
  if (!recordKind(Rec, Kind, Flags))
    return std::nullopt;
  const oli_kind_info_t &K = kindInfo(Kind);
  bool IsNew = K.flags & OLI_KF_NEW;
  if (!K.plain[0] || !K.entry[0] || (Name != K.entry && !(IsNew && Name == NewNothrowName)))
    return std::nullopt; // mmap, or not the record's entry point
  Original O;
  if (IsNew) { // (size, align, site): the mangled operator the source called
    O.Name = K.plain;
    O.Args.push_back(CB.getArgOperand(0));
    if (Flags & FlagAligned) {
      O.Name += "St11align_val_t";
      O.Args.push_back(CB.getArgOperand(1));
    }
    if (Flags & FlagNothrow) {
      O.Name += "RKSt9nothrow_t";
      O.Args.push_back(M.getOrInsertGlobal("_ZSt7nothrow", Type::getInt8Ty(M.getContext())));
    }
    O.Size = K.size_arg;
    return O;
  }
  O.Name = K.libc[0] && glibcDirect(CB, M) ? K.libc : K.plain;
  O.Args.append(CB.arg_begin(), CB.arg_end() - 1);
  O.Size = K.size_arg;
  O.Count = K.count_arg;
  if (O.Size < 0 || unsigned(O.Size) >= O.Args.size())
    return std::nullopt;
  return O;
}

/// The test "this call takes the small path", built before CB.
static Value *smallTest(IRBuilder<> &B, const Original &O, Value *Rec) {
  Value *N = O.Args[O.Size];
  auto *Ty = dyn_cast<IntegerType>(N->getType());
  if (!Ty)
    return nullptr;
  Value *Overflow = nullptr;
  if (O.Count >= 0) {
    if (O.Args[O.Count]->getType() != Ty)
      return nullptr;
    Value *Mul = B.CreateBinaryIntrinsic(Intrinsic::umul_with_overflow, N, O.Args[O.Count]);
    N = B.CreateExtractValue(Mul, 0, "oli.bytes");
    Overflow = B.CreateExtractValue(Mul, 1, "oli.overflow");
  }
  Value *Field = B.CreateConstInBoundsGEP1_64(B.getInt8Ty(), Rec, SiteSmallShiftOffset);
  LoadInst *Shift = B.CreateAlignedLoad(B.getInt16Ty(), Field, Align(2), "oli.shift");
  Shift->setAtomic(AtomicOrdering::Monotonic); // the runtime stores it while others read
  Value *Amount = B.CreateAnd(B.CreateZExtOrTrunc(Shift, Ty), Ty->getBitWidth() - 1);
  Value *Small = B.CreateICmpEQ(B.CreateLShr(N, Amount), ConstantInt::get(Ty, 0), "oli.small");
  if (Overflow)
    Small = B.CreateAnd(Small, B.CreateNot(Overflow), "oli.small");
  return Small;
}

/// The original allocator's callee, declared with the argument types used.
static FunctionCallee originalCallee(Module &M, const Original &O, Type *Ret) {
  SmallVector<Type *, 4> Params;
  for (Value *A : O.Args)
    Params.push_back(A->getType());
  return M.getOrInsertFunction(O.Name, FunctionType::get(Ret, Params, false));
}

/// Copies the attributes that describe the result and the shared arguments.
static void copyAttrs(CallBase &From, CallBase &To, bool SameArgs) {
  LLVMContext &Ctx = From.getContext();
  AttributeList A = From.getAttributes();
  SmallVector<AttributeSet, 4> Params;
  for (unsigned I = 0; I < To.arg_size(); ++I)
    Params.push_back(SameArgs || I == 0 ? A.getParamAttrs(I) : AttributeSet());
  To.setAttributes(AttributeList::get(Ctx, AttributeSet(), A.getRetAttrs(), Params));
  To.setCallingConv(From.getCallingConv());
  To.setDebugLoc(From.getDebugLoc());
}

/// At most SmallFunctionInsts instructions (counting stops there).
static bool isSmallFunction(const Function &F) {
  size_t N = 0;
  for (const BasicBlock &BB : F)
    if ((N += BB.size()) > SmallFunctionInsts)
      return false;
  return true;
}

/// Splits around CB; returns false when nothing was done.
static bool split(CallBase &CB, Module &M) {
  const Function *F = CB.getFunction();
  if (F->hasOptSize() || F->hasFnAttribute(Attribute::Cold))
    return false; // -Os/-Oz and cold code: the extra code is not worth it
  std::optional<Original> O = originalOf(CB, M);
  auto *CI = dyn_cast<CallInst>(&CB);
  if (!O || (CI && CI->isMustTailCall()))
    return false;
  IRBuilder<> B(&CB);
  Value *Small = smallTest(B, *O, CB.getArgOperand(CB.arg_size() - 1));
  if (!Small)
    return false;
  FunctionCallee Callee = originalCallee(M, *O, CB.getType());
  bool SameArgs = !StringRef(O->Name).starts_with("_Z"); // C functions keep the argument list
  LLVMContext &Ctx = M.getContext();
  BasicBlock *SmallBB, *SiteBB, *Join;
  CallBase *SmallCall;
  if (CI) {
    Instruction *ThenTerm, *ElseTerm;
    SplitBlockAndInsertIfThenElse(Small, &CB, &ThenTerm, &ElseTerm);
    Join = CB.getParent();
    SmallBB = ThenTerm->getParent();
    SiteBB = ElseTerm->getParent();
    CB.moveBefore(ElseTerm);
    SmallCall = CallInst::Create(Callee, O->Args, "", ThenTerm->getIterator());
  } else {
    auto &II = cast<InvokeInst>(CB);
    BasicBlock *From = II.getParent(), *Normal = II.getNormalDest(), *Unwind = II.getUnwindDest();
    Function *F = From->getParent();
    SmallBB = BasicBlock::Create(Ctx, "", F, Normal);
    SiteBB = BasicBlock::Create(Ctx, "", F, Normal);
    Join = BasicBlock::Create(Ctx, "", F, Normal);
    SmallCall = InvokeInst::Create(Callee, Join, Unwind, O->Args, "", SmallBB);
    II.removeFromParent();
    II.insertInto(SiteBB, SiteBB->end());
    II.setNormalDest(Join);
    BranchInst::Create(SmallBB, SiteBB, Small, From);
    BranchInst::Create(Normal, Join);
    Normal->replacePhiUsesWith(From, Join);
    for (PHINode &PN : Unwind->phis()) {
      int I = PN.getBasicBlockIndex(From);
      Value *V = PN.getIncomingValue(I);
      PN.setIncomingBlock(I, SiteBB);
      PN.addIncoming(V, SmallBB);
    }
  }
  SmallBB->setName("oli.small.call");
  SiteBB->setName("oli.site.call");
  Join->setName("oli.join");
  copyAttrs(CB, *SmallCall, SameArgs);
  PHINode *Phi = PHINode::Create(CB.getType(), 2, "", Join->begin());
  Phi->takeName(&CB);
  CB.replaceAllUsesWith(Phi);
  Phi->addIncoming(SmallCall, SmallBB);
  Phi->addIncoming(&CB, SiteBB);
  ++NumBypass;
  return true;
}

bool addSmallBypass(Module &M, function_ref<LoopInfo &(Function &)> GetLI) {
  if (M.getModuleFlag(BypassFlag))
    return false;
  bool Changed = false;
  for (Function &F : M) {
    SmallVector<CallBase *, 8> Calls;
    for (Instruction &I : instructions(F))
      if (auto *CB = dyn_cast<CallBase>(&I))
        if (Function *Fn = CB->getCalledFunction(); Fn && Fn->getName().starts_with(AbiPrefix))
          Calls.push_back(CB);
    if (Calls.empty())
      continue;
    // Only where it can pay: every call of a small function (an allocation
    // helper), else the calls in loops of the function as it was (splits add
    // blocks but no loops).
    SmallVector<CallBase *, 8> Hot;
    if (isSmallFunction(F)) {
      Hot = Calls;
    } else {
      LoopInfo &LI = GetLI(F);
      for (CallBase *CB : Calls)
        if (LI.getLoopFor(CB->getParent()))
          Hot.push_back(CB);
        else if (!F.hasOptSize() && !F.hasFnAttribute(Attribute::Cold))
          ++NumNotHot;
    }
    for (CallBase *CB : Hot)
      Changed |= split(*CB, M);
  }
  if (Changed)
    M.addModuleFlag(Module::Max, BypassFlag, 1);
  return Changed;
}

} // namespace oli
