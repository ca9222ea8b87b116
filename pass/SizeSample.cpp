//===- SizeSample.cpp - sizes and trip counts at one sample point --------===//
//
// See SizeSample.h.
//
//===----------------------------------------------------------------------===//
#include "SizeSample.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

#include <algorithm>

using namespace llvm;

namespace oli {

void unionSyms(SymSet &A, const SymSet &B) {
  for (unsigned S : B)
    if (!std::binary_search(A.begin(), A.end(), S))
      A.insert(std::upper_bound(A.begin(), A.end(), S), S);
}

bool subsetSyms(const SymSet &A, const SymSet &B) {
  return std::all_of(A.begin(), A.end(), [&](unsigned S) { return std::binary_search(B.begin(), B.end(), S); });
}

std::string SampleSpace::names(const SymSet &S) const {
  SmallVector<StringRef, 4> N;
  for (unsigned X : S)
    N.push_back(Names[X]);
  llvm::sort(N);
  std::string R;
  for (StringRef X : N)
    R += (R.empty() ? "" : ",") + X.str();
  return R;
}

int64_t SampleSpace::sampleOf(StringRef Name) {
  uint64_t H = 14695981039346656037ull; // FNV-1a
  for (unsigned char C : Name)
    H = (H ^ C) * 1099511628211ull;
  return 1031 + 8 * int64_t(H % 256); // 7 modulo 8: unrolled and vector loops leave a remainder
}

namespace {
constexpr unsigned MaxDepth = 24;
constexpr int64_t Limit = int64_t(1) << 62;

std::string keyed(StringRef Base, int64_t Off) { return (Base + "+" + Twine(Off)).str(); }
/// A global's name as a symbol's base: "@g" when other modules see the
/// same global (a Fortran module variable, a C extern), "%@g" otherwise.
std::string globalBase(const GlobalVariable &G) { return (G.hasLocalLinkage() ? "%@" : "@") + G.getName().str(); }
} // namespace

SampleSpace::SampleSpace(Module &M) {
  // A value stored into a global slot and nothing else stored there (`n =
  // atol(argv[1])`, then `malloc(n * 8)` in this function and `i < n`
  // loaded back in others): the value is the slot's symbol.
  StringMap<SmallVector<Value *, 2>> Stored;
  for (Function &F : M)
    for (Instruction &I : instructions(F))
      if (auto *SI = dyn_cast<StoreInst>(&I); SI && SI->getValueOperand()->getType()->isIntegerTy()) {
        const DataLayout &DL = M.getDataLayout();
        APInt Off(DL.getIndexTypeSizeInBits(SI->getPointerOperandType()), 0);
        Value *Base = SI->getPointerOperand()->stripAndAccumulateConstantOffsets(DL, Off, true);
        if (auto *G = dyn_cast<GlobalVariable>(Base)) {
          auto &Vs = Stored[keyed(globalBase(*G), Off.getSExtValue())];
          if (!is_contained(Vs, SI->getValueOperand()))
            Vs.push_back(SI->getValueOperand());
        }
      }
  for (auto &E : Stored)
    if (E.second.size() == 1 && !isa<Constant>(E.second[0]))
      StoredOnce[E.second[0]] = E.first().str();
}

/// The name every caller gives argument A (Name of its operand), when A's
/// function is internal, only called directly, and all of them agree; ""
/// otherwise.
static std::string callersAgree(Argument *A, function_ref<std::string(Value *)> Name) {
  Function *F = A->getParent();
  if (!F->hasLocalLinkage() || F->use_empty())
    return "";
  std::string Common;
  for (Use &U : F->uses()) {
    auto *CB = dyn_cast<CallBase>(U.getUser());
    if (!CB || !CB->isCallee(&U) || CB->arg_size() <= A->getArgNo())
      return "";
    std::string N = Name(CB->getArgOperand(A->getArgNo()));
    if (N.empty() || (!Common.empty() && N != Common))
      return "";
    Common = N;
  }
  return Common;
}

/// The memory a pointer names, the same in every function: a global slot
/// ("@g+8"), or the slot behind a parameter ("fn#1+0": a Fortran dummy
/// argument passed by reference) — through the callers of an internal
/// function when all of them pass the same slot. Empty: no such name.
std::string SampleSpace::addressName(Value *Ptr, unsigned Depth) {
  if (!Ptr->getType()->isPointerTy() || Depth > 4)
    return "";
  Module *M = nullptr;
  if (auto *I = dyn_cast<Instruction>(Ptr))
    M = I->getModule();
  else if (auto *A = dyn_cast<Argument>(Ptr))
    M = A->getParent()->getParent();
  else if (auto *G = dyn_cast<GlobalValue>(Ptr))
    M = G->getParent();
  if (!M)
    return "";
  const DataLayout &DL = M->getDataLayout();
  APInt Off(DL.getIndexTypeSizeInBits(Ptr->getType()), 0);
  Value *Base = Ptr->stripAndAccumulateConstantOffsets(DL, Off, true);
  int64_t O = Off.getSExtValue();
  if (auto *G = dyn_cast<GlobalVariable>(Base))
    return keyed(globalBase(*G), O);
  auto *A = dyn_cast<Argument>(Base);
  if (!A)
    return "";
  std::string Common = callersAgree(A, [&](Value *Op) { return addressName(Op, Depth + 1); });
  if (!Common.empty()) { // the callers' slot, moved by this offset
    size_t Plus = Common.rfind('+');
    return keyed(StringRef(Common).take_front(Plus), std::stoll(Common.substr(Plus + 1)) + O);
  }
  return keyed((A->getParent()->getName() + "#" + Twine(A->getArgNo())).str(), O);
}

std::string SampleSpace::nameOf(Value *V, unsigned Depth) {
  if (Depth > 4)
    return "";
  auto It = StoredOnce.find(V);
  if (It != StoredOnce.end())
    return It->second;
  if (auto *LI = dyn_cast<LoadInst>(V); LI && LI->isSimple())
    return addressName(LI->getPointerOperand(), Depth);
  if (auto *A = dyn_cast<Argument>(V)) {
    // a caller's own value (`n = atol(..)` passed as `n`) is named by its symbol
    std::string Common = callersAgree(A, [&](Value *Op) {
      return isa<Instruction>(Op) && !isa<LoadInst>(Op) ? Names[symbol(Op)] : nameOf(Op, Depth + 1);
    });
    return !Common.empty() ? Common : (A->getParent()->getName() + "#" + Twine(A->getArgNo())).str();
  }
  return "";
}

unsigned SampleSpace::symbol(Value *V) {
  auto It = Of.find(V);
  if (It != Of.end())
    return It->second;
  std::string N = nameOf(V, 0);
  if (N.empty()) { // a value of this function only
    const Function *F = nullptr;
    if (auto *I = dyn_cast<Instruction>(V))
      F = I->getFunction();
    N = ("%" + (F ? F->getName() : StringRef("")) + "." + Twine(Locals++)).str();
  }
  auto [Ins, New] = Ids.try_emplace(N, unsigned(Names.size()));
  if (New) {
    Names.push_back(N);
    Values.push_back(sampleOf(N));
  }
  return Of[V] = Ins->second;
}

std::optional<Sample> SampleSpace::tripCount(const Loop *L, ScalarEvolution &SE) {
  const SCEV *B = SE.getBackedgeTakenCount(L);
  if (isa<SCEVCouldNotCompute>(B))
    return std::nullopt;
  std::optional<Sample> R = evalAt(B, SE, 0);
  if (!R || R->Value < 0 || R->Value + 1 >= Limit)
    return std::nullopt;
  R->Value += 1;
  return R;
}

std::optional<Sample> SampleSpace::eval(const SCEV *S, ScalarEvolution &SE) { return evalAt(S, SE, 0); }

std::optional<Sample> SampleSpace::evalBitOp(Value *V, ScalarEvolution &SE, unsigned Depth) {
  auto *B = dyn_cast<BinaryOperator>(V);
  if (!B || !B->getType()->isIntegerTy() || B->getType()->getIntegerBitWidth() > 64)
    return std::nullopt;
  unsigned W = B->getType()->getIntegerBitWidth();
  // the operands as unsigned numbers below 2^W (a value is kept modulo 2^W)
  auto operand = [&](unsigned I) -> std::optional<Sample> {
    std::optional<Sample> X = evalAt(SE.getSCEV(B->getOperand(I)), SE, Depth + 1);
    if (X && W < 63)
      X->Value = ((X->Value % (int64_t(1) << W)) + (int64_t(1) << W)) % (int64_t(1) << W);
    return X && X->Value >= 0 ? X : std::nullopt;
  };
  unsigned Op = B->getOpcode();
  if (Op != Instruction::Or && Op != Instruction::And && Op != Instruction::Xor && Op != Instruction::Shl &&
      Op != Instruction::LShr)
    return std::nullopt;
  std::optional<Sample> A = operand(0), C = operand(1);
  if (!A || !C)
    return std::nullopt;
  uint64_t X = uint64_t(A->Value), Y = uint64_t(C->Value), R;
  switch (Op) {
  case Instruction::Or: R = X | Y; break;
  case Instruction::And: R = X & Y; break;
  case Instruction::Xor: R = X ^ Y; break;
  case Instruction::Shl:
    if (Y >= W || (X << Y) >> Y != X)
      return std::nullopt;
    R = X << Y;
    break;
  default:
    if (Y >= W)
      return std::nullopt;
    R = X >> Y;
  }
  if (R >= uint64_t(Limit))
    return std::nullopt;
  unionSyms(A->Syms, C->Syms);
  return Sample{int64_t(R), A->Syms};
}

std::optional<Sample> SampleSpace::evalAt(const SCEV *S, ScalarEvolution &SE, unsigned Depth) {
  if (Depth > MaxDepth || !S->getType()->isIntegerTy())
    return std::nullopt;
  auto ops = [&](const SCEVNAryExpr *N, SmallVectorImpl<Sample> &Out) {
    for (const SCEV *Op : N->operands()) {
      std::optional<Sample> V = evalAt(Op, SE, Depth + 1);
      if (!V)
        return false;
      Out.push_back(*V);
    }
    return true;
  };
  auto fits = [](__int128 V) { return V > -__int128(Limit) && V < __int128(Limit); };
  switch (S->getSCEVType()) {
  case scConstant: {
    const APInt &C = cast<SCEVConstant>(S)->getAPInt();
    if (C.getSignificantBits() > 63)
      return std::nullopt;
    return Sample{C.getSExtValue(), {}};
  }
  case scTruncate:
  case scZeroExtend:
  case scSignExtend: { // a value is kept as any number congruent to it modulo 2^width
    const SCEV *Op = cast<SCEVCastExpr>(S)->getOperand();
    std::optional<Sample> V = evalAt(Op, SE, Depth + 1);
    if (!V)
      return std::nullopt;
    unsigned W = S->getSCEVType() == scTruncate ? S->getType()->getIntegerBitWidth()
                                                  : Op->getType()->getIntegerBitWidth();
    if (W >= 63)
      return V;
    int64_t Mod = int64_t(1) << W;
    V->Value = ((V->Value % Mod) + Mod) % Mod; // unsigned: trunc, zext
    if (S->getSCEVType() == scSignExtend && V->Value >= Mod / 2)
      V->Value -= Mod;
    return V;
  }
  case scAddExpr:
  case scMulExpr: {
    SmallVector<Sample, 4> Vs;
    if (!ops(cast<SCEVNAryExpr>(S), Vs))
      return std::nullopt;
    bool Mul = S->getSCEVType() == scMulExpr;
    __int128 Acc = Mul ? 1 : 0;
    Sample R;
    for (const Sample &V : Vs) {
      Acc = Mul ? Acc * V.Value : Acc + V.Value;
      if (!fits(Acc))
        return std::nullopt;
      unionSyms(R.Syms, V.Syms);
    }
    R.Value = int64_t(Acc);
    return R;
  }
  case scUDivExpr: {
    auto *D = cast<SCEVUDivExpr>(S);
    std::optional<Sample> A = evalAt(D->getLHS(), SE, Depth + 1), B = evalAt(D->getRHS(), SE, Depth + 1);
    if (!A || !B || A->Value < 0 || B->Value <= 0)
      return std::nullopt;
    Sample R{A->Value / B->Value, A->Syms};
    unionSyms(R.Syms, B->Syms);
    return R;
  }
  case scSMaxExpr:
  case scUMaxExpr:
  case scSMinExpr:
  case scUMinExpr:
  case scSequentialUMinExpr: {
    SmallVector<Sample, 4> Vs;
    if (!ops(cast<SCEVNAryExpr>(S), Vs))
      return std::nullopt;
    SCEVTypes T = S->getSCEVType();
    bool Unsigned = T == scUMaxExpr || T == scUMinExpr || T == scSequentialUMinExpr;
    bool Max = T == scSMaxExpr || T == scUMaxExpr;
    Sample R = Vs[0];
    for (const Sample &V : ArrayRef(Vs).drop_front()) {
      bool Less = Unsigned ? uint64_t(V.Value) < uint64_t(R.Value) : V.Value < R.Value;
      if (Less != Max && V.Value != R.Value)
        R.Value = V.Value;
      unionSyms(R.Syms, V.Syms);
    }
    return R;
  }
  case scAddRecExpr: { // an enclosing loop's induction variable: at the middle of its range
    auto *AR = cast<SCEVAddRecExpr>(S);
    std::optional<Sample> T = tripCount(AR->getLoop(), SE);
    if (!T)
      return std::nullopt;
    const SCEV *At = AR->evaluateAtIteration(SE.getConstant(AR->getType(), uint64_t((T->Value - 1) / 2)), SE);
    std::optional<Sample> R = evalAt(At, SE, Depth + 1);
    if (R)
      unionSyms(R->Syms, T->Syms);
    return R;
  }
  case scUnknown: {
    Value *V = cast<SCEVUnknown>(S)->getValue();
    if (isa<Constant>(V)) // undef, poison, a constant expression
      return std::nullopt;
    if (auto *Phi = dyn_cast<PHINode>(V); Phi && Live) {
      SmallVector<Value *, 4> Ins;
      Live(Phi, Ins);
      std::optional<Sample> R;
      for (Value *In : Ins) {
        std::optional<Sample> X = In != Phi && SE.isSCEVable(In->getType())
                                      ? evalAt(SE.getSCEV(In), SE, Depth + 1) : std::nullopt;
        if (!X || (R && R->Value != X->Value)) {
          R.reset();
          break;
        }
        if (R)
          unionSyms(X->Syms, R->Syms);
        R = X;
      }
      if (R)
        return R;
    }
    if (std::optional<Sample> R = evalBitOp(V, SE, Depth))
      return R;
    unsigned Sym = symbol(V);
    return Sample{Values[Sym], {Sym}};
  }
  case scVScale:
  case scPtrToInt:
  case scCouldNotCompute:
    return std::nullopt;
  }
}

} // namespace oli
