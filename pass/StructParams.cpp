//===- StructParams.cpp - the struct each pointer parameter points to -----===//
//
// StructParams.h says why. The record is function metadata "oli.struct.params":
// one string per parameter, the struct's name or "".
//
//===----------------------------------------------------------------------===//
#include "StructParams.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Metadata.h"
#include "llvm/IR/Operator.h"

using namespace llvm;

namespace oli {

static constexpr const char *StructParamsMD = "oli.struct.params";

/// The named struct V is indexed as by a field GEP (`gep %struct.T, V, 0, k`),
/// null when none, or when two different structs are (a union of views).
static StructType *indexedAs(Value *V, bool &Mixed) {
  StructType *Found = nullptr;
  for (User *U : V->users()) {
    auto *G = dyn_cast<GEPOperator>(U);
    if (!G || G->getPointerOperand() != V || G->getNumIndices() < 2)
      continue;
    auto *ST = dyn_cast<StructType>(G->getSourceElementType());
    auto *First = dyn_cast<ConstantInt>(G->getOperand(1));
    if (!ST || ST->isLiteral() || !ST->hasName() || !First || !First->isZero())
      continue;
    if (Found && Found != ST)
      Mixed = true;
    Found = ST;
  }
  return Found;
}

/// The struct A is indexed as: A's own field GEPs, and those of the loads of
/// the stack slot clang spills A to (at -O0's shape, before mem2reg).
static StructType *structOf(Argument &A) {
  bool Mixed = false;
  StructType *ST = indexedAs(&A, Mixed);
  for (User *U : A.users()) {
    auto *SI = dyn_cast<StoreInst>(U);
    auto *Slot = SI && SI->getValueOperand() == &A ? dyn_cast<AllocaInst>(SI->getPointerOperand()) : nullptr;
    if (!Slot)
      continue;
    for (User *SU : Slot->users()) {
      if (auto *LI = dyn_cast<LoadInst>(SU)) {
        if (StructType *T = indexedAs(LI, Mixed)) {
          if (ST && ST != T)
            Mixed = true;
          ST = T;
        }
      } else if (auto *Other = dyn_cast<StoreInst>(SU); Other && Other != SI) {
        return nullptr; // the slot holds another pointer too
      }
    }
  }
  return Mixed ? nullptr : ST;
}

void recordStructParams(Module &M) {
  LLVMContext &Ctx = M.getContext();
  for (Function &F : M) {
    if (F.isDeclaration() || F.getMetadata(StructParamsMD))
      continue;
    SmallVector<Metadata *, 4> Names;
    bool Any = false;
    for (Argument &A : F.args()) {
      StructType *ST = A.getType()->isPointerTy() && !A.hasStructRetAttr() && !A.hasByValAttr() ? structOf(A) : nullptr;
      Names.push_back(MDString::get(Ctx, ST ? ST->getName() : ""));
      Any |= ST != nullptr;
    }
    if (Any)
      F.setMetadata(StructParamsMD, MDNode::get(Ctx, Names));
  }
}

StringRef structParam(const Argument &A) {
  MDNode *N = A.getParent()->getMetadata(StructParamsMD);
  if (!N || A.getArgNo() >= N->getNumOperands())
    return "";
  auto *S = dyn_cast<MDString>(N->getOperand(A.getArgNo()));
  return S ? S->getString() : "";
}

std::string fieldKey(StringRef N, int64_t Off) {
  size_t Dot = N.rfind('.');
  if (Dot != StringRef::npos && Dot + 1 < N.size() &&
      N.drop_front(Dot + 1).find_first_not_of("0123456789") == StringRef::npos && N.take_front(Dot).contains('.'))
    N = N.take_front(Dot);
  return "%" + N.str() + "+" + std::to_string(Off);
}

std::string fieldKey(Type *T, int64_t Off) {
  auto *ST = dyn_cast_or_null<StructType>(T);
  if (!ST || ST->isLiteral() || !ST->hasName())
    return "";
  return fieldKey(ST->getName(), Off);
}

std::string fieldKeyAt(const Value *Base, int64_t Off) {
  if (auto *AI = dyn_cast<AllocaInst>(Base))
    return fieldKey(AI->getAllocatedType(), Off);
  auto *A = dyn_cast<Argument>(Base);
  if (!A || !A->getType()->isPointerTy())
    return "";
  const Function &F = *A->getParent();
  if (Type *T = F.getParamByValType(A->getArgNo()))
    return fieldKey(T, Off);
  if (Type *T = F.getParamStructRetType(A->getArgNo()))
    return fieldKey(T, Off);
  StringRef N = structParam(*A);
  return N.empty() ? "" : fieldKey(N, Off);
}

} // namespace oli
