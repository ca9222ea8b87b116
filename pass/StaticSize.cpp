//===- StaticSize.cpp - byte sizes of allocations known at compile time --===//
//
// See StaticSize.h. The pass runs at pipeline start, so sizes that the
// optimiser would fold later are still spelled out: flang writes element
// sizes as `ptrtoint (gep T, null, 1)` and extents as max(ub - lb + 1, 0)
// with icmp + select; C code at any -O level keeps its locals in allocas
// until mem2reg. The folder evaluates those, within a small depth.
//
//===----------------------------------------------------------------------===//
#include "StaticSize.h"

#include "llvm/ADT/APInt.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/Analysis/ConstantFolding.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Operator.h"

using namespace llvm;

namespace oli {

constexpr unsigned MaxFoldDepth = 16; // operands followed from the size

namespace {

/// Evaluates integer values to constants (APInt of the value's width).
class Folder {
public:
  explicit Folder(const DataLayout &DL) : DL(DL) {}
  std::optional<APInt> eval(Value *V, unsigned Depth = 0);

private:
  std::optional<APInt> evalConstant(Constant *C);
  std::optional<APInt> evalLoad(LoadInst *LI, unsigned Depth);
  std::optional<APInt> evalBinary(BinaryOperator *BO, unsigned Depth);
  const DataLayout &DL;
};

} // namespace

std::optional<APInt> Folder::evalConstant(Constant *C) {
  if (auto *CI = dyn_cast<ConstantInt>(C))
    return CI->getValue();
  if (isa<ConstantExpr>(C))
    if (Constant *F = ConstantFoldConstant(C, DL))
      if (auto *CI = dyn_cast<ConstantInt>(F))
        return CI->getValue();
  return std::nullopt;
}

/// True when every use of GV is a plain load of it: nothing stores to it, so
/// its initializer is its value for the whole run.
static bool onlyLoaded(const GlobalVariable &GV) {
  for (const User *U : GV.users()) {
    auto *LI = dyn_cast<LoadInst>(U);
    if (!LI || LI->isVolatile())
      return false;
  }
  return true;
}

/// The one store into a local slot whose other uses are loads and lifetime
/// markers, when it runs before LI: in the entry block, or earlier in LI's.
static StoreInst *singleStoreBefore(AllocaInst *AI, LoadInst *LI) {
  StoreInst *Only = nullptr;
  for (User *U : AI->users()) {
    if (auto *SI = dyn_cast<StoreInst>(U)) {
      if (SI->getPointerOperand() != AI || Only || SI->isVolatile())
        return nullptr; // the slot's address escapes, or a second store
      Only = SI;
    } else if (auto *L = dyn_cast<LoadInst>(U)) {
      if (L->isVolatile())
        return nullptr;
    } else if (auto *II = dyn_cast<IntrinsicInst>(U)) {
      if (!II->isLifetimeStartOrEnd())
        return nullptr;
    } else {
      return nullptr;
    }
  }
  if (!Only)
    return nullptr;
  BasicBlock *SB = Only->getParent();
  if (SB == LI->getParent())
    return Only->comesBefore(LI) ? Only : nullptr;
  return SB->isEntryBlock() ? Only : nullptr;
}

std::optional<APInt> Folder::evalLoad(LoadInst *LI, unsigned Depth) {
  if (LI->isVolatile() || !LI->getType()->isIntegerTy())
    return std::nullopt;
  Value *Ptr = LI->getPointerOperand();
  if (auto *GV = dyn_cast<GlobalVariable>(Ptr)) {
    if (!GV->hasDefinitiveInitializer() || GV->getValueType() != LI->getType())
      return std::nullopt;
    if (GV->isConstant() || (GV->hasLocalLinkage() && onlyLoaded(*GV)))
      return evalConstant(GV->getInitializer());
    return std::nullopt;
  }
  if (auto *AI = dyn_cast<AllocaInst>(Ptr))
    if (StoreInst *SI = singleStoreBefore(AI, LI))
      if (SI->getValueOperand()->getType() == LI->getType())
        return eval(SI->getValueOperand(), Depth + 1);
  return std::nullopt;
}

std::optional<APInt> Folder::evalBinary(BinaryOperator *BO, unsigned Depth) {
  std::optional<APInt> A = eval(BO->getOperand(0), Depth + 1);
  if (!A)
    return std::nullopt;
  std::optional<APInt> B = eval(BO->getOperand(1), Depth + 1);
  if (!B)
    return std::nullopt;
  bool Ov = false;
  APInt R;
  // Wrapping is what the program computes; but a size that wrapped is not
  // the size the programmer meant, so overflow gives no hint at all.
  switch (unsigned(BO->getOpcode())) { // LLVM opcodes (no vocabulary enum): the rest give no hint
  case Instruction::Add: R = A->uadd_ov(*B, Ov); break;
  case Instruction::Sub: R = A->ssub_ov(*B, Ov); break;
  case Instruction::Mul: R = A->umul_ov(*B, Ov); break;
  case Instruction::Shl:
    if (B->uge(A->getBitWidth()))
      return std::nullopt;
    R = A->ushl_ov(*B, Ov);
    break;
  case Instruction::UDiv:
    if (B->isZero())
      return std::nullopt;
    R = A->udiv(*B);
    break;
  case Instruction::SDiv:
    if (B->isZero())
      return std::nullopt;
    R = A->sdiv_ov(*B, Ov);
    break;
  case Instruction::LShr:
    if (B->uge(A->getBitWidth()))
      return std::nullopt;
    R = A->lshr(*B);
    break;
  case Instruction::And: R = *A & *B; break;
  case Instruction::Or: R = *A | *B; break;
  default: return std::nullopt;
  }
  if (Ov)
    return std::nullopt;
  return R;
}

std::optional<APInt> Folder::eval(Value *V, unsigned Depth) {
  if (Depth > MaxFoldDepth || !V->getType()->isIntegerTy())
    return std::nullopt;
  if (auto *C = dyn_cast<Constant>(V))
    return evalConstant(C);
  if (auto *BO = dyn_cast<BinaryOperator>(V))
    return evalBinary(BO, Depth);
  if (auto *CI = dyn_cast<CastInst>(V)) {
    std::optional<APInt> A = eval(CI->getOperand(0), Depth + 1);
    if (!A)
      return std::nullopt;
    unsigned W = CI->getType()->getIntegerBitWidth();
    switch (unsigned(CI->getOpcode())) {
    case Instruction::ZExt: return A->zext(W);
    case Instruction::SExt: return A->sext(W);
    case Instruction::Trunc: return A->trunc(W);
    default: return std::nullopt;
    }
  }
  if (auto *Sel = dyn_cast<SelectInst>(V)) {
    Value *Cond = Sel->getCondition();
    if (auto *Cmp = dyn_cast<ICmpInst>(Cond)) {
      std::optional<APInt> A = eval(Cmp->getOperand(0), Depth + 1);
      std::optional<APInt> B = A ? eval(Cmp->getOperand(1), Depth + 1) : std::nullopt;
      if (!B)
        return std::nullopt;
      bool Taken = ICmpInst::compare(*A, *B, Cmp->getPredicate());
      return eval(Taken ? Sel->getTrueValue() : Sel->getFalseValue(), Depth + 1);
    }
    if (std::optional<APInt> C = eval(Cond, Depth + 1))
      return eval(C->isOne() ? Sel->getTrueValue() : Sel->getFalseValue(), Depth + 1);
    return std::nullopt;
  }
  if (auto *MM = dyn_cast<MinMaxIntrinsic>(V)) {
    std::optional<APInt> A = eval(MM->getLHS(), Depth + 1);
    std::optional<APInt> B = A ? eval(MM->getRHS(), Depth + 1) : std::nullopt;
    if (!B)
      return std::nullopt;
    return ICmpInst::compare(*A, *B, MM->getPredicate()) ? *A : *B;
  }
  if (auto *LI = dyn_cast<LoadInst>(V))
    return evalLoad(LI, Depth);
  return std::nullopt;
}

/// A non-negative value that fits 64 bits, as a byte count.
static std::optional<uint64_t> asSize(std::optional<APInt> A) {
  if (!A || A->isNegative() || A->getActiveBits() > 64)
    return std::nullopt;
  return A->getZExtValue();
}

std::optional<uint64_t> foldConstantSize(Value *V, const DataLayout &DL) {
  Folder F(DL);
  return asSize(F.eval(V));
}

// ---- Fortran ALLOCATE ------------------------------------------------------

/// flang's CFI-style descriptor: {base, elem_len, version, rank, type,
/// attribute, extra, [rank x [lb, extent, stride]], ...}.
constexpr unsigned DescElemLen = 1, DescRank = 3, DescDims = 7;

/// flang runtime TypeCategory numbers (flang/Common/Fortran.h).
enum : uint64_t { CatInteger = 0, CatReal = 1, CatComplex = 2, CatLogical = 4 };

static bool isSetBounds(StringRef N) {
  return N == "_FortranAAllocatableSetBounds" || N == "_FortranAPointerSetBounds";
}
static bool isInitIntrinsic(StringRef N) {
  return N == "_FortranAAllocatableInitIntrinsicForAllocate" || N == "_FortranAPointerNullifyIntrinsic";
}

/// The descriptor's rank from its type (the dims array) and its element size
/// from its initializer, for a descriptor global defined in this module.
static bool descriptorShape(Value *Desc, const DataLayout &DL, unsigned &Rank,
                            std::optional<uint64_t> &Elem) {
  auto *GV = dyn_cast<GlobalVariable>(Desc->stripPointerCasts());
  if (!GV)
    return false;
  auto *ST = dyn_cast<StructType>(GV->getValueType());
  if (!ST || ST->getNumElements() < DescDims || !ST->getElementType(DescElemLen)->isIntegerTy(64))
    return false;
  Rank = 0;
  if (ST->getNumElements() > DescDims)
    if (auto *AT = dyn_cast<ArrayType>(ST->getElementType(DescDims)))
      Rank = AT->getNumElements();
  if (GV->hasDefinitiveInitializer())
    if (Constant *Init = GV->getInitializer())
      if (Constant *EL = Init->getAggregateElement(DescElemLen)) {
        Elem = foldConstantSize(EL, DL);
        if (Constant *R = Init->getAggregateElement(DescRank))
          if (std::optional<uint64_t> RV = foldConstantSize(R, DL); RV && *RV != Rank)
            return false; // not the layout we know
      }
  return true;
}

/// The element size of a descriptor value being stored: a constant, or the
/// reload of a local slot that was stored a constant once (flang's copy).
static std::optional<uint64_t> storedElemLen(Value *V, const DataLayout &DL) {
  if (auto *LI = dyn_cast<LoadInst>(V))
    if (auto *AI = dyn_cast<AllocaInst>(LI->getPointerOperand()))
      if (StoreInst *SI = singleStoreBefore(AI, LI))
        V = SI->getValueOperand();
  if (auto *C = dyn_cast<Constant>(V))
    if (Constant *EL = C->getAggregateElement(DescElemLen))
      return foldConstantSize(EL, DL);
  return std::nullopt;
}

/// The element size of a module array's descriptor declared here but defined
/// in its module's file (no initializer: an ALLOCATE in another file than the
/// module, `allocate(u(n), stat=ierr)` in setup.f90 of `module app_data`):
/// the one scalar size this module's code indexes the array's base by
/// (`u(i) = 1.0d0`: a GEP of double from the base loaded from the descriptor),
/// none when it indexes none or several.
static std::optional<uint64_t> accessedElemLen(GlobalVariable *GV, const DataLayout &DL) {
  std::optional<uint64_t> Len;
  unsigned Seen = 0;
  for (User *U : GV->users()) {
    auto *Base = dyn_cast<LoadInst>(U);
    if (!Base || !Base->getType()->isPointerTy() || Base->getPointerOperand() != GV)
      continue;
    for (User *BU : Base->users()) {
      Type *T = nullptr;
      if (auto *G = dyn_cast<GetElementPtrInst>(BU); G && G->getPointerOperand() == Base && G->getNumIndices() == 1 &&
                                                      !G->getSourceElementType()->isIntegerTy(8)) // not a byte offset
        T = G->getSourceElementType();
      else if (auto *L = dyn_cast<LoadInst>(BU))
        T = L->getType();
      else if (auto *S = dyn_cast<StoreInst>(BU); S && S->getPointerOperand() == Base)
        T = S->getValueOperand()->getType();
      if (!T || !(T->isIntegerTy() || T->isFloatingPointTy()) || ++Seen > 64)
        continue;
      uint64_t Sz = DL.getTypeStoreSize(T);
      if (Len && *Len != Sz)
        return std::nullopt;
      Len = Sz;
    }
  }
  return Len;
}

std::optional<FortranShape> fortranAllocateShape(CallBase &CB, const DataLayout &DL) {
  if (CB.arg_size() < 1)
    return std::nullopt;
  Value *Desc = CB.getArgOperand(0)->stripPointerCasts();
  unsigned Rank = 0;
  std::optional<uint64_t> Elem;
  if (!descriptorShape(Desc, DL, Rank, Elem))
    return std::nullopt;
  Folder F(DL);
  SmallDenseMap<uint64_t, std::pair<Value *, Value *>, 8> Bounds; // dim -> (lb, ub), the latest call's
  // Walk back through the block: the calls that set this descriptor up.
  for (Instruction *I = CB.getPrevNode(); I; I = I->getPrevNode()) {
    auto *Call = dyn_cast<CallBase>(I);
    if (!Call) {
      if (auto *SI = dyn_cast<StoreInst>(I))
        if (SI->getPointerOperand()->stripPointerCasts() == Desc) {
          // A fresh descriptor stored first (flang nullifies a POINTER
          // before ALLOCATE): its element size, and the setup starts here.
          Elem = storedElemLen(SI->getValueOperand(), DL);
          break;
        }
      continue;
    }
    bool Mine = Call->arg_size() >= 1 && Call->getArgOperand(0)->stripPointerCasts() == Desc;
    Function *Fn = Call->getCalledFunction();
    StringRef N = Fn ? Fn->getName() : "";
    if (Mine && isSetBounds(N) && Call->arg_size() == 4) {
      std::optional<uint64_t> Dim = asSize(F.eval(Call->getArgOperand(1)));
      if (!Dim)
        return std::nullopt;
      Bounds.try_emplace(*Dim, Call->getArgOperand(2), Call->getArgOperand(3));
      continue;
    }
    if (Mine && isInitIntrinsic(N) && Call->arg_size() >= 3) {
      std::optional<uint64_t> Cat = asSize(F.eval(Call->getArgOperand(1)));
      std::optional<uint64_t> Kind = asSize(F.eval(Call->getArgOperand(2)));
      if (!Cat || !Kind)
        return std::nullopt;
      if (*Cat == CatInteger || *Cat == CatReal || *Cat == CatLogical)
        Elem = *Kind;
      else if (*Cat == CatComplex)
        Elem = 2 * *Kind;
      else
        return std::nullopt;
      break; // the descriptor's setup starts here
    }
    if (Mine || any_of(Call->args(), [&](Value *A) { return A->stripPointerCasts() == Desc; }))
      return std::nullopt; // something else done to the descriptor
  }
  if (!Elem)
    if (auto *GV = dyn_cast<GlobalVariable>(Desc); GV && !GV->hasDefinitiveInitializer())
      Elem = accessedElemLen(GV, DL);
  if (!Elem || Bounds.size() != Rank)
    return std::nullopt;
  FortranShape S{*Elem, {}};
  for (unsigned D = 0; D < Rank; ++D) {
    auto It = Bounds.find(D);
    if (It == Bounds.end())
      return std::nullopt;
    S.Bounds.push_back(It->second);
  }
  return S;
}

std::optional<uint64_t> fortranAllocateSize(CallBase &CB, const DataLayout &DL) {
  std::optional<FortranShape> S = fortranAllocateShape(CB, DL);
  if (!S)
    return std::nullopt;
  Folder F(DL);
  uint64_t Bytes = S->Elem;
  for (auto [LbV, UbV] : S->Bounds) {
    std::optional<APInt> Lb = F.eval(LbV), Ub = F.eval(UbV);
    if (!Lb || !Ub || Lb->getBitWidth() != Ub->getBitWidth())
      return std::nullopt;
    bool Ov = false;
    APInt E = Ub->ssub_ov(*Lb, Ov);
    E = E.sadd_ov(APInt(E.getBitWidth(), 1), Ov);
    if (Ov)
      return std::nullopt;
    if (__builtin_mul_overflow(Bytes, E.isNegative() ? 0 : E.getZExtValue(), &Bytes))
      return std::nullopt;
  }
  return Bytes;
}

} // namespace oli
