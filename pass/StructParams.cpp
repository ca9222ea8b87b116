//===- StructParams.cpp - the struct each pointer parameter points to -----===//
//
// StructParams.h says why. The record is function metadata "oli.struct.params":
// one string per parameter, the struct's name or "".
//
//===----------------------------------------------------------------------===//
#include "StructParams.h"

#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/IR/AbstractCallSite.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Metadata.h"
#include "llvm/IR/Operator.h"

using namespace llvm;

namespace oli {

static constexpr const char *StructParamsMD = "oli.struct.params";
static constexpr const char *StructResultMD = "oli.struct.result";
static constexpr const char *StructNamesMD = "oli.struct.names";

/// ST joined with T (null: nothing said): the one struct both name, Mixed
/// when they name two.
static void joinStruct(StructType *&ST, StructType *T, bool &Mixed) {
  if (!T)
    return;
  if (ST && ST != T)
    Mixed = true;
  ST = T;
}

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
    joinStruct(Found, ST, Mixed);
  }
  return Found;
}

/// The stack slot U stores V into (clang's spill of a parameter or of a
/// call's result, at the pipeline's start), or null.
static AllocaInst *spillSlot(Value *V, User *U) {
  auto *SI = dyn_cast<StoreInst>(U);
  return SI && SI->getValueOperand() == V ? dyn_cast<AllocaInst>(SI->getPointerOperand()) : nullptr;
}

static StructType *structOf(Argument &A, unsigned Depth);

SmallVector<Value *, 4> regionLoads(CallBase &CB, Value *Slot) {
  SmallVector<Value *, 4> Out;
  SmallVector<const Use *, 2> CallbackUses;
  AbstractCallSite::getCallbackUses(CB, CallbackUses);
  for (const Use *CU : CallbackUses) {
    AbstractCallSite ACS(CU);
    Function *Cb = ACS ? ACS.getCalledFunction() : nullptr;
    for (unsigned J = 0; Cb && !Cb->isDeclaration() && J < Cb->arg_size(); ++J) {
      if (ACS.getCallArgOperand(J) != Slot)
        continue;
      SmallVector<Value *, 4> Ptrs{Cb->getArg(J)}; // the parameter, and the loads of its spill slot
      for (User *U : Cb->getArg(J)->users())
        if (auto *SI = dyn_cast<StoreInst>(U); SI && SI->getValueOperand() == Cb->getArg(J))
          if (auto *Spill = dyn_cast<AllocaInst>(SI->getPointerOperand()))
            for (User *SU : Spill->users())
              if (auto *LI = dyn_cast<LoadInst>(SU); LI && LI->getType()->isPointerTy())
                Ptrs.push_back(LI);
      for (Value *P : Ptrs)
        for (User *U : P->users())
          if (auto *LI = dyn_cast<LoadInst>(U); LI && LI->getPointerOperand() == P && LI->getType()->isPointerTy())
            Out.push_back(LI);
    }
  }
  return Out;
}

/// The struct the defined functions V is passed to index their parameter
/// as (a C++ member function's `this`: `w[i]` and `w.size()` are calls of
/// std::vector's operator[] and size() at the pipeline's start).
static StructType *passedAs(Value *V, bool &Mixed, unsigned Depth) {
  StructType *Found = nullptr;
  for (Use &U : V->uses()) {
    auto *CB = dyn_cast<CallBase>(U.getUser());
    Function *F = CB ? CB->getCalledFunction() : nullptr;
    if (!F || F->isDeclaration() || !CB->isArgOperand(&U) || CB->getArgOperandNo(&U) >= F->arg_size())
      continue;
    joinStruct(Found, structOf(*F->getArg(CB->getArgOperandNo(&U)), Depth + 1), Mixed);
  }
  return Found;
}

/// The struct A is indexed as: A's own field GEPs, and those of the loads of
/// the stack slot clang spills A to (at -O0's shape, before mem2reg); else
/// the struct the functions it is passed to index it as (two calls deep).
static StructType *structOf(Argument &A, unsigned Depth) {
  bool Mixed = false;
  StructType *ST = indexedAs(&A, Mixed);
  SmallVector<Value *, 4> Copies{&A}; // A and the loads of its slot
  for (User *U : A.users()) {
    AllocaInst *Slot = spillSlot(&A, U);
    if (!Slot)
      continue;
    for (User *SU : Slot->users()) {
      if (auto *LI = dyn_cast<LoadInst>(SU)) {
        Copies.push_back(LI);
        joinStruct(ST, indexedAs(LI, Mixed), Mixed);
      } else if (auto *Other = dyn_cast<StoreInst>(SU); Other && Other != U) {
        return nullptr; // the slot holds another pointer too
      } else if (auto *CB = dyn_cast<CallBase>(SU)) {
        // a parallel region's shared variable: the region's loads of it
        for (Value *L : regionLoads(*CB, Slot)) {
          Copies.push_back(L);
          joinStruct(ST, indexedAs(L, Mixed), Mixed);
        }
      }
    }
  }
  // a reference bound to it (a range-for's `__range`): the loads of the
  // slot a copy is stored into, when nothing else is stored there
  for (size_t I = 1, N = Copies.size(); I < N; ++I)
    for (User *U : Copies[I]->users())
      if (auto *SI = dyn_cast<StoreInst>(U); SI && SI->getValueOperand() == Copies[I])
        if (auto *Ref = dyn_cast<AllocaInst>(SI->getPointerOperand());
            Ref && all_of(Ref->users(), [&](User *RU) { return isa<LoadInst>(RU) || RU == SI || isa<IntrinsicInst>(RU); }))
          for (User *RU : Ref->users())
            if (auto *LI = dyn_cast<LoadInst>(RU))
              Copies.push_back(LI);
  if (!ST && Depth < 2)
    for (Value *V : Copies)
      joinStruct(ST, passedAs(V, Mixed, Depth), Mixed);
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
      StructType *ST = A.getType()->isPointerTy() && !A.hasStructRetAttr() && !A.hasByValAttr() ? structOf(A, 0) : nullptr;
      Names.push_back(MDString::get(Ctx, ST ? ST->getName() : ""));
      Any |= ST != nullptr;
    }
    if (Any)
      F.setMetadata(StructParamsMD, MDNode::get(Ctx, Names));
  }
}

/// The struct a call's pointer result is indexed as: directly, or through
/// the one stack slot clang stores it to (`grid_t *g = malloc(sizeof *g);
/// g->u = ...` at the pipeline's start).
static StructType *resultStruct(CallBase &CB) {
  bool Mixed = false;
  StructType *ST = indexedAs(&CB, Mixed);
  for (User *U : CB.users()) {
    AllocaInst *Slot = spillSlot(&CB, U);
    if (!Slot)
      continue;
    for (User *SU : Slot->users()) {
      if (auto *LI = dyn_cast<LoadInst>(SU)) {
        joinStruct(ST, indexedAs(LI, Mixed), Mixed);
      } else if (auto *Other = dyn_cast<StoreInst>(SU); Other && Other != U && Other->getPointerOperand() == Slot) {
        return nullptr; // the slot holds another pointer too
      }
    }
  }
  if (!ST) // handed to a constructor (`new Grid(n)`: its `this`)
    joinStruct(ST, passedAs(&CB, Mixed, 0), Mixed);
  return Mixed ? nullptr : ST;
}

void recordStructResults(Module &M) {
  LLVMContext &Ctx = M.getContext();
  for (Function &F : M)
    for (Instruction &I : instructions(F))
      if (auto *CB = dyn_cast<CallBase>(&I); CB && CB->getType()->isPointerTy() && !CB->getMetadata(StructResultMD))
        if (StructType *ST = resultStruct(*CB))
          CB->setMetadata(StructResultMD, MDNode::get(Ctx, MDString::get(Ctx, ST->getName())));
}

StringRef structResult(const CallBase &CB) {
  MDNode *N = CB.getMetadata(StructResultMD);
  auto *S = N && N->getNumOperands() ? dyn_cast<MDString>(N->getOperand(0)) : nullptr;
  return S ? S->getString() : "";
}

StringRef structParam(const Argument &A) {
  MDNode *N = A.getParent()->getMetadata(StructParamsMD);
  if (!N || A.getArgNo() >= N->getNumOperands())
    return "";
  auto *S = dyn_cast<MDString>(N->getOperand(A.getArgNo()));
  return S ? S->getString() : "";
}

/// A C++ type's mangled name names a class template's specialization
/// (`_ZTS3ArrIdE`: Arr<double>, `_ZTSN2ns3ArrIfEE`): its name, or a nested
/// name's last part, is followed by template arguments.
static bool templateTypeName(StringRef N) {
  if (!N.consume_front("_ZTS"))
    return false;
  bool Nested = N.consume_front("N");
  while (!N.empty() && isDigit(N.front())) {
    unsigned Len = 0;
    while (!N.empty() && isDigit(N.front()))
      Len = Len * 10 + unsigned(N.front() - '0'), N = N.drop_front();
    if (Len == 0 || Len > N.size())
      return false;
    N = N.drop_front(Len);
    if (N.starts_with("I"))
      return true;
    if (!Nested)
      return false;
  }
  return false;
}

void recordStructNames(Module &M) {
  if (M.getNamedMetadata(StructNamesMD))
    return; // recorded at the first run (ThinLTO's second sees byte offsets only)
  // the type-based alias tag of an access through a struct GEP names the
  // struct's C++ type (clang's struct-path TBAA): a specialization's, where
  // clang names every one of a template `class.Arr`, `class.Arr.0`, ... in
  // the order a module meets them
  MapVector<StructType *, StringRef> Names;
  for (Function &F : M)
    for (Instruction &I : instructions(F)) {
      MDNode *Tag = I.getMetadata(LLVMContext::MD_tbaa);
      auto *G = dyn_cast_or_null<GEPOperator>(getLoadStorePointerOperand(&I));
      auto *ST = G ? dyn_cast<StructType>(G->getSourceElementType()) : nullptr;
      if (!Tag || !ST || !ST->hasName() || Tag->getNumOperands() < 3)
        continue;
      auto *Base = dyn_cast<MDNode>(Tag->getOperand(0));
      auto *Name = Base && Base->getNumOperands() ? dyn_cast<MDString>(Base->getOperand(0)) : nullptr;
      if (Name && templateTypeName(Name->getString()))
        Names.insert({ST, Name->getString()});
    }
  NamedMDNode *NMD = M.getOrInsertNamedMetadata(StructNamesMD);
  LLVMContext &Ctx = M.getContext();
  for (auto &[ST, N] : Names)
    NMD->addOperand(MDNode::get(Ctx, {MDString::get(Ctx, ST->getName()), MDString::get(Ctx, N)}));
}

/// The C++ type name recordStructNames found for struct N of M, or "".
static StringRef specializationName(const Module &M, StringRef N) {
  if (NamedMDNode *NMD = M.getNamedMetadata(StructNamesMD))
    for (MDNode *Op : NMD->operands())
      if (auto *L = dyn_cast<MDString>(Op->getOperand(0)); L && L->getString() == N)
        if (auto *C = dyn_cast<MDString>(Op->getOperand(1)))
          return C->getString();
  return "";
}

/// N without the suffix of a module's renamed duplicate ("struct.T.0").
static StringRef baseName(StringRef N) {
  size_t Dot = N.rfind('.');
  if (Dot != StringRef::npos && Dot + 1 < N.size() &&
      N.drop_front(Dot + 1).find_first_not_of("0123456789") == StringRef::npos && N.take_front(Dot).contains('.'))
    N = N.take_front(Dot);
  return N;
}

std::string fieldKey(const Module &M, Type *T, int64_t Off) {
  auto *ST = dyn_cast_or_null<StructType>(T);
  if (!ST || ST->isLiteral() || !ST->hasName())
    return "";
  // down to the innermost named struct holding the slot
  const DataLayout &DL = M.getDataLayout();
  while (ST->isSized() && Off >= 0) {
    const StructLayout *SL = DL.getStructLayout(ST);
    if (uint64_t(Off) >= SL->getSizeInBytes())
      break;
    unsigned I = SL->getElementContainingOffset(uint64_t(Off));
    auto *In = dyn_cast<StructType>(ST->getElementType(I));
    if (!In || In->isLiteral() || !In->hasName() || !In->isSized())
      break;
    // not into a standard library type a program's struct holds: its
    // members (`hot`, `cold`: two std::vector<double>) would share the
    // library's one field (_Vector_impl_data+0)
    if (In->getName().contains("std::") && !ST->getName().contains("std::"))
      break;
    Off -= int64_t(SL->getElementOffset(I));
    ST = In;
  }
  // a class template's specialization by its C++ name: every module's
  // `class.Arr` is some Arr<T> (the one it met first)
  StringRef Spec = specializationName(M, ST->getName());
  return "%" + (Spec.empty() ? baseName(ST->getName()) : Spec).str() + "+" + std::to_string(Off);
}

std::string fieldKey(const Module &M, StringRef N, int64_t Off) {
  if (StructType *ST = StructType::getTypeByName(M.getContext(), N))
    return fieldKey(M, ST, Off);
  return "%" + baseName(N).str() + "+" + std::to_string(Off);
}

std::string fieldKeyAt(const Value *Base, int64_t Off) {
  if (auto *AI = dyn_cast<AllocaInst>(Base))
    return fieldKey(*AI->getModule(), AI->getAllocatedType(), Off);
  if (auto *CB = dyn_cast<CallBase>(Base)) // a fresh struct (`g = malloc(sizeof *g)`)
    return structResult(*CB).empty() ? "" : fieldKey(*CB->getModule(), structResult(*CB), Off);
  auto *A = dyn_cast<Argument>(Base);
  if (!A || !A->getType()->isPointerTy())
    return "";
  const Function &F = *A->getParent();
  if (Type *T = F.getParamByValType(A->getArgNo()))
    return fieldKey(*F.getParent(), T, Off);
  if (Type *T = F.getParamStructRetType(A->getArgNo()))
    return fieldKey(*F.getParent(), T, Off);
  StringRef N = structParam(*A);
  return N.empty() ? "" : fieldKey(*F.getParent(), N, Off);
}

} // namespace oli
