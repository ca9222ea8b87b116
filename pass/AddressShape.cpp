//===- AddressShape.cpp - how an address moves in a loop -----------------===//
//
// See AddressShape.h.
//
//===----------------------------------------------------------------------===//
#include "AddressShape.h"

#include "llvm/ADT/MapVector.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/InstrTypes.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Operator.h"

#include <algorithm>
#include <map>

using namespace llvm;

namespace oli {

constexpr unsigned MaxDepDepth = 24; // values looked at to tell a gather
constexpr unsigned MaxLoadDepth = 3; // loads looked through to tell a segmented sweep

bool gepRange(const GEPOperator &G, const DataLayout &DL, int64_t &Lo, int64_t &Hi) {
  Type *Cur = G.getSourceElementType();
  auto It = G.idx_begin();
  auto *C0 = dyn_cast<ConstantInt>(*It);
  if (!C0 || !Cur->isSized())
    return false;
  Lo = C0->getSExtValue() * int64_t(DL.getTypeAllocSize(Cur));
  int64_t Span = 0;
  for (++It; It != G.idx_end(); ++It) {
    auto *C = dyn_cast<ConstantInt>(*It);
    if (auto *ST = dyn_cast<StructType>(Cur)) {
      if (!C)
        return false;
      Lo += int64_t(DL.getStructLayout(ST)->getElementOffset(unsigned(C->getZExtValue())));
      Cur = ST->getElementType(unsigned(C->getZExtValue()));
    } else if (auto *AT = dyn_cast<ArrayType>(Cur)) {
      int64_t ES = int64_t(DL.getTypeAllocSize(AT->getElementType()));
      if (C)
        Lo += C->getSExtValue() * ES;
      else
        Span += int64_t(AT->getNumElements()) * ES;
      Cur = AT->getElementType();
    } else {
      return false;
    }
  }
  Hi = Lo + std::max<int64_t>(Span, int64_t(DL.getTypeAllocSize(Cur)));
  return true;
}

int64_t iterationStep(const Loop *L, ScalarEvolution &SE) {
  int64_t Best = 0;
  for (PHINode &PN : L->getHeader()->phis()) {
    if (!PN.getType()->isIntegerTy() || !SE.isSCEVable(PN.getType()))
      continue;
    auto *AR = dyn_cast<SCEVAddRecExpr>(SE.getSCEV(&PN));
    auto *C = AR && AR->getLoop() == L ? dyn_cast<SCEVConstant>(AR->getStepRecurrence(SE)) : nullptr;
    if (!C || C->getAPInt().getSignificantBits() > 63)
      continue;
    int64_t S = C->getAPInt().getSExtValue();
    S = S < 0 ? -S : S;
    if (S > 0 && (Best == 0 || S < Best))
      Best = S;
  }
  return Best ? Best : 1;
}

double maxTripCount(ScalarEvolution &SE, const Loop *L) {
  if (unsigned Max = SE.getSmallConstantMaxTripCount(L))
    return Max;
  const SCEV *BTC = SE.getSymbolicMaxBackedgeTakenCount(L);
  if (isa<SCEVCouldNotCompute>(BTC))
    return 0;
  const SCEV *TC = SE.getAddExpr(BTC, SE.getOne(BTC->getType()));
  APInt Max = SE.getUnsignedRangeMax(TC);
  return Max.ult(1u << 30) ? double(Max.getZExtValue()) : 0;
}

bool inPlaceStore(const StoreInst &SI) {
  const Value *Ptr = SI.getPointerOperand();
  if (SI.isVolatile())
    return false;
  for (const Instruction *I = SI.getPrevNode(); I; I = I->getPrevNode()) {
    if (auto *LD = dyn_cast<LoadInst>(I); LD && LD->getPointerOperand() == Ptr && !LD->isVolatile())
      return true;
    if (I->mayWriteToMemory())
      return false; // another store or a call between: the line may have gone
  }
  return false;
}

namespace {
/// An address or index as a polynomial over the values it is computed from
/// (atoms: loop variables, loaded values, bounds): each term's atoms, sorted,
/// and its coefficient; the constant term has none. Extensions and
/// truncations are looked through, and so is a wrap, as what it is but at
/// the edge: `(k + 1) & m` is k + 1, and `(k + m) & m` is k - 1 (m is -1
/// modulo the period m + 1), as `(k + 1023) & 1023`; `(k + n - 1) % n` is
/// k - 1 (n is 0 modulo n), and so is Fortran's `modulo(k - 1, n)`; a
/// sign extension done with shifts (`(x << 32) >> 32`, flang's) is x, and
/// `x ^ -1` is -x - 1.
using Poly = AddressPoly;
using Monomial = Poly::key_type;
constexpr unsigned MaxPolyTerms = 32, MaxPolyDepth = 12;

Poly atomPoly(const Value *V) { return Poly{{Monomial{V}, 1}}; }

void addPoly(Poly &P, const Poly &Q, int64_t K) {
  for (auto &[M, C] : Q)
    if ((P[M] += K * C) == 0)
      P.erase(M);
}

std::optional<Poly> mulPoly(const Poly &P, const Poly &Q) {
  Poly R;
  for (auto &[MP, CP] : P)
    for (auto &[MQ, CQ] : Q) {
      Monomial M(MP);
      M.append(MQ.begin(), MQ.end());
      llvm::sort(M);
      if ((R[M] += CP * CQ) == 0)
        R.erase(M);
      if (R.size() > MaxPolyTerms)
        return std::nullopt;
    }
  return R;
}

/// P with atom X taken as the constant V (each term's X^e as V^e).
Poly substitute(const Poly &P, const Value *X, int64_t V) {
  Poly R;
  for (auto &[M, C] : P) {
    Monomial Rest;
    int64_t K = C;
    for (const Value *A : M)
      if (A == X)
        K *= V;
      else
        Rest.push_back(A);
    if (K != 0 && (R[Rest] += K) == 0)
      R.erase(Rest);
  }
  return R;
}

/// P modulo a period whose length is M's value plus Plus (`x & m`: m + 1;
/// `x % n`: n): a constant period folds the constant term into
/// (-period/2, period/2], an atom's is substituted (m by -1, n by 0).
Poly wrapped(Poly P, const Poly &M, int64_t Plus) {
  if (M.size() == 1 && M.begin()->first.empty()) { // a constant period
    int64_t Period = M.begin()->second + Plus;
    auto It = P.find(Monomial{});
    if (Period > 1 && It != P.end()) {
      int64_t C = ((It->second % Period) + Period) % Period;
      if (C > Period / 2)
        C -= Period;
      if (C == 0)
        P.erase(It);
      else
        It->second = C;
    }
    return P;
  }
  if (M.size() == 1 && M.begin()->first.size() == 1 && M.begin()->second == 1)
    return substitute(P, M.begin()->first.front(), -Plus);
  return P;
}

/// True when X is `select c, N, 0` (either way round) and Y a remainder by
/// N: Fortran's `modulo(a, n)`, `srem(a, n) + (c ? n : 0)`, n where the
/// remainder's sign differs from n's - the same value modulo n.
static bool moduloFixup(const Value *X, const Value *Y) {
  auto *S = dyn_cast<SelectInst>(X);
  auto *R = dyn_cast<BinaryOperator>(Y);
  if (!S || !R || (R->getOpcode() != Instruction::SRem && R->getOpcode() != Instruction::URem))
    return false;
  auto IsZero = [](const Value *V) { return isa<ConstantInt>(V) && cast<ConstantInt>(V)->isZero(); };
  const Value *N = R->getOperand(1);
  return (S->getTrueValue() == N && IsZero(S->getFalseValue())) || (S->getFalseValue() == N && IsZero(S->getTrueValue()));
}

Poly polyOf(const Value *V, const DataLayout &DL, unsigned Depth) {
  if (auto *C = dyn_cast<ConstantInt>(V))
    return C->getBitWidth() <= 64 && !C->isZero() ? Poly{{Monomial{}, C->getSExtValue()}} : Poly{};
  auto *Op = dyn_cast<Operator>(V);
  if (!Op || Depth >= MaxPolyDepth)
    return atomPoly(V);
  auto Of = [&](unsigned I) { return polyOf(Op->getOperand(I), DL, Depth + 1); };
  switch (Op->getOpcode()) {
  case Instruction::Add:
    if (moduloFixup(Op->getOperand(0), Op->getOperand(1)))
      return Of(1);
    if (moduloFixup(Op->getOperand(1), Op->getOperand(0)))
      return Of(0);
    [[fallthrough]];
  case Instruction::Sub: {
    Poly P = Of(0);
    addPoly(P, Of(1), Op->getOpcode() == Instruction::Add ? 1 : -1);
    return P;
  }
  case Instruction::Or: // an add the compiler proved carries nothing
    if (auto *D = dyn_cast<PossiblyDisjointInst>(Op); D && D->isDisjoint()) {
      Poly P = Of(0);
      addPoly(P, Of(1), 1);
      return P;
    }
    return atomPoly(V);
  case Instruction::Xor: // `x ^ -1` is -x - 1 (flang's `-1 - lower bound`)
    if (auto *C = dyn_cast<ConstantInt>(Op->getOperand(1)); C && C->isMinusOne()) {
      Poly P{{Monomial{}, -1}};
      addPoly(P, Of(0), -1);
      return P;
    }
    return atomPoly(V);
  case Instruction::Mul:
    if (std::optional<Poly> P = mulPoly(Of(0), Of(1)))
      return *P;
    return atomPoly(V);
  case Instruction::Shl:
    if (auto *C = dyn_cast<ConstantInt>(Op->getOperand(1)); C && C->getZExtValue() < 62) {
      Poly P;
      addPoly(P, Of(0), int64_t(1) << C->getZExtValue());
      return P;
    }
    return atomPoly(V);
  case Instruction::AShr:
  case Instruction::LShr: // a shift back: sign extension in a register (`(x << 32) >> 32`), a divide by 2^c
    if (auto *C = dyn_cast<ConstantInt>(Op->getOperand(1)); C && C->getZExtValue() < 62) {
      Poly P = Of(0);
      int64_t D = int64_t(1) << C->getZExtValue();
      if (llvm::all_of(P, [&](const auto &T) { return T.second % D == 0; })) {
        for (auto &T : P)
          T.second /= D;
        return P;
      }
    }
    return atomPoly(V);
  case Instruction::ZExt:
  case Instruction::SExt:
  case Instruction::Trunc:
    return Of(0);
  case Instruction::And: { // a mask m, period m + 1: a constant, a loaded bound or an argument, else the second
    auto Fixed = [](const Value *X) { return isa<ConstantInt>(X) || isa<LoadInst>(X) || isa<Argument>(X); };
    bool MaskFirst = Fixed(Op->getOperand(0)) && !Fixed(Op->getOperand(1));
    return MaskFirst ? wrapped(Of(1), Of(0), 1) : wrapped(Of(0), Of(1), 1);
  }
  case Instruction::URem:
  case Instruction::SRem:
    return wrapped(Of(0), Of(1), 0);
  case Instruction::GetElementPtr: {
    auto *G = cast<GEPOperator>(Op);
    unsigned Bits = DL.getIndexTypeSizeInBits(G->getType());
    MapVector<Value *, APInt> Vars;
    APInt Const(Bits, 0);
    if (!G->collectOffset(DL, Bits, Vars, Const) || Const.getSignificantBits() > 64)
      return atomPoly(V);
    Poly P = polyOf(G->getPointerOperand(), DL, Depth + 1);
    addPoly(P, Poly{{Monomial{}, Const.getSExtValue()}}, 1);
    for (auto &[X, Scale] : Vars) {
      if (Scale.getSignificantBits() > 64)
        return atomPoly(V);
      addPoly(P, polyOf(X, DL, Depth + 1), Scale.getSExtValue());
    }
    return P;
  }
  default:
    return atomPoly(V);
  }
}

/// The terms of P that hold atom X once, without it: how P moves when X
/// grows by one.
Poly coefficientOf(const Poly &P, const Value *X) {
  Poly R;
  for (auto &[M, C] : P)
    if (llvm::count(M, X) == 1) {
      Monomial Rest;
      for (const Value *A : M)
        if (A != X)
          Rest.push_back(A);
      R[Rest] += C;
    }
  return R;
}
} // namespace

/// How much Phi, a variable of L's header, grows each iteration when that is
/// a constant (`i + 1`, a vector loop's `index + 8`; also through a phi of
/// such values, as GVN leaves `i.next.pre-phi`), else 0.
static int64_t phiIncrement(const PHINode &Phi, const Loop *L) {
  const BasicBlock *Latch = L->getLoopLatch();
  if (!Latch || Phi.getBasicBlockIndex(Latch) < 0)
    return 0;
  auto Step = [&](const Value *V) -> int64_t {
    auto *Next = dyn_cast<BinaryOperator>(V);
    if (!Next || Next->getOpcode() != Instruction::Add || Next->getOperand(0) != &Phi)
      return 0;
    auto *C = dyn_cast<ConstantInt>(Next->getOperand(1));
    return C && C->getBitWidth() <= 64 ? C->getSExtValue() : 0;
  };
  const Value *Next = Phi.getIncomingValueForBlock(Latch);
  auto *Join = dyn_cast<PHINode>(Next);
  if (!Join || Join == &Phi)
    return Step(Next);
  int64_t S = 0;
  for (const Value *In : Join->incoming_values()) {
    int64_t T = Step(In);
    if (T == 0 || (S != 0 && T != S))
      return 0;
    S = T;
  }
  return S;
}

AddressPoly addressPoly(const Value *Ptr, const DataLayout &DL) { return polyOf(Ptr, DL, 0); }

NearKind nearAccess(const AddressPoly &PA, uint64_t WA, const AddressPoly &PB, uint64_t WB, const Loop *L,
                    int64_t &Offset) {
  constexpr int64_t LineBytes = 64, PageBytes = 4096;
  Poly D = PB;
  addPoly(D, PA, -1);
  std::optional<int64_t> C;
  if (D.empty())
    C = 0;
  else if (D.size() == 1 && D.begin()->first.empty())
    C = D.begin()->second;
  // a sweep: both move with a variable of L alike, by Step bytes an
  // iteration when that is a constant (0 unknown)
  bool Swept = false;
  int64_t Step = 0;
  if (L)
    for (const PHINode &Phi : L->getHeader()->phis()) {
      Poly CA = coefficientOf(PA, &Phi);
      if (CA.empty() || CA != coefficientOf(PB, &Phi))
        continue;
      Swept = true;
      if (CA.size() == 1 && CA.begin()->first.empty())
        Step = CA.begin()->second * phiIncrement(Phi, L);
      break;
    }
  if (!Swept) { // fixed or gathered: the same line, if the caller finds the group fits one
    if (!C || *C <= -LineBytes || *C >= LineBytes)
      return NearKind::None;
    Offset = *C;
    return NearKind::Line;
  }
  // a sweep counts bytes, not lines: B is near when A's sweep touches its
  // bytes - all of them between its ends when each access reaches the next
  // (contiguous), else those at A's offsets within each step
  uint64_t S = Step < 0 ? uint64_t(-Step) : uint64_t(Step);
  bool Contiguous = S != 0 && WA >= S;
  if (C) {
    if (Contiguous)
      return *C > -PageBytes && *C < PageBytes ? NearKind::Sweep : NearKind::None;
    if (S == 0 || S > uint64_t(PageBytes))
      return NearKind::None;
    uint64_t R = uint64_t(((*C % int64_t(S)) + int64_t(S)) % int64_t(S));
    return R + WB <= WA ? NearKind::Sweep : NearKind::None;
  }
  if (!Contiguous)
    return NearKind::None;
  // one or two steps of a variable of L or of a loop around it: a row, a plane
  for (const Loop *P = L; P; P = P->getParentLoop())
    for (const PHINode &Phi : P->getHeader()->phis()) {
      Poly Coef = coefficientOf(PA, &Phi);
      int64_t Inc = phiIncrement(Phi, P);
      if (Coef.empty() || Inc == 0)
        continue;
      for (int64_t K : {1, -1, 2, -2}) {
        Poly KS;
        addPoly(KS, Coef, K * Inc);
        if (KS == D)
          return NearKind::Sweep;
      }
    }
  return NearKind::None;
}

bool gatheredUpdate(const StoreInst &SI, const LoopInfo &LI, ScalarEvolution &SE) {
  auto *G = dyn_cast<GEPOperator>(SI.getPointerOperand());
  const Loop *L = LI.getLoopFor(SI.getParent());
  if (!L || !G || !inPlaceStore(SI))
    return false;
  // an index that moves with data (a loaded index, a hash). A value the loop
  // reloads from a fixed address (a Fortran descriptor's base, bound or
  // stride) moves with nothing: an index of the induction variable and such
  // values is a sweep's.
  auto moves = [&](const SCEV *X) {
    auto *U = dyn_cast<SCEVUnknown>(X);
    if (!U || SE.isLoopInvariant(U, L))
      return false;
    auto *LD = dyn_cast<LoadInst>(U->getValue());
    return !(LD && SE.isSCEVable(LD->getPointerOperand()->getType()) &&
             SE.isLoopInvariant(SE.getSCEV(LD->getPointerOperand()), L));
  };
  for (const Use &Idx : G->indices()) {
    if (!SE.isSCEVable(Idx->getType()))
      continue;
    const SCEV *S = SE.getSCEV(Idx.get());
    if (SE.isLoopInvariant(S, L))
      continue;
    auto *AR = dyn_cast<SCEVAddRecExpr>(S);
    if (!(AR && AR->getLoop() == L && AR->isAffine()) && SCEVExprContains(S, moves))
      return true;
  }
  return false;
}

std::optional<std::pair<double, bool>> geometricTrips(const Loop *L) {
  BasicBlock *Exiting = L->getExitingBlock(), *Latch = L->getLoopLatch(), *Pre = L->getLoopPredecessor();
  auto *BI = Exiting ? dyn_cast<BranchInst>(Exiting->getTerminator()) : nullptr;
  auto *Cmp = BI && BI->isConditional() ? dyn_cast<ICmpInst>(BI->getCondition()) : nullptr;
  if (!Cmp || !Latch || !Pre || !Cmp->getOperand(0)->getType()->isIntegerTy() ||
      Cmp->getOperand(0)->getType()->getIntegerBitWidth() > 64)
    return std::nullopt;
  for (PHINode &P : L->getHeader()->phis()) {
    if (!P.getType()->isIntegerTy() || P.getNumIncomingValues() != 2)
      continue;
    auto *Start = dyn_cast<ConstantInt>(P.getIncomingValueForBlock(Pre));
    auto *Next = dyn_cast<BinaryOperator>(P.getIncomingValueForBlock(Latch));
    auto *K = Next && Next->getOperand(0) == &P ? dyn_cast<ConstantInt>(Next->getOperand(1)) : nullptr;
    if (!K || K->getValue().getActiveBits() > 8 || (Start && Start->getSExtValue() <= 0))
      continue;
    // the step: doubling (a left shift, a multiply by a power of two) or halving
    unsigned Shift = 0;
    bool Halve = false;
    unsigned Op = Next->getOpcode();
    if (Op == Instruction::Shl || Op == Instruction::LShr || Op == Instruction::AShr)
      Shift = unsigned(K->getZExtValue()), Halve = Op != Instruction::Shl;
    else if ((Op == Instruction::Mul || Op == Instruction::UDiv || Op == Instruction::SDiv) && K->getValue().isPowerOf2())
      Shift = K->getValue().logBase2(), Halve = Op != Instruction::Mul;
    if (Shift == 0 || Shift >= 8)
      continue;
    // which side of the compare is the variable (x or its next value), which the bound
    unsigned VarOp = Cmp->getOperand(0) == &P || Cmp->getOperand(0) == Next ? 0
                     : Cmp->getOperand(1) == &P || Cmp->getOperand(1) == Next ? 1
                                                                             : 2;
    if (VarOp == 2 || !L->isLoopInvariant(Cmp->getOperand(1 - VarOp)))
      continue;
    auto *BC = dyn_cast<ConstantInt>(Cmp->getOperand(1 - VarOp));
    if (Halve ? !BC : !Start)
      continue; // halving from an unknown start to an unknown bound, or doubling from an unknown start
    bool OnNext = Cmp->getOperand(VarOp) == Next, Stays = L->contains(BI->getSuccessor(0));
    unsigned Bits = P.getType()->getIntegerBitWidth();
    // the unknown end: a doubling's bound, a halving's start, at GeometricGuessBound
    APInt Bound = BC ? BC->getValue() : APInt(Bits, GeometricGuessBound);
    APInt X = Start ? Start->getValue().sextOrTrunc(Bits) : APInt(Bits, GeometricGuessBound);
    double Trips = 0;
    for (int I = 0; I < 64; ++I) { // a header execution, then the exit test
      ++Trips;
      APInt N = Halve ? X.lshr(Shift) : X.shl(Shift);
      const APInt &V = OnNext ? N : X;
      bool Cond = VarOp == 0 ? ICmpInst::compare(V, Bound, Cmp->getPredicate())
                             : ICmpInst::compare(Bound, V, Cmp->getPredicate());
      if (Cond != Stays || N.isNegative() || N.isZero() || N == X)
        break;
      X = N;
    }
    return std::make_pair(Trips, Start && BC);
  }
  return std::nullopt;
}

std::optional<int64_t> strideIn(const SCEV *X, const Loop *L, ScalarEvolution &SE) {
  if (SE.isLoopInvariant(X, L))
    return 0;
  if (auto *AR = dyn_cast<SCEVAddRecExpr>(X)) {
    auto *C = dyn_cast<SCEVConstant>(AR->getStepRecurrence(SE));
    if (AR->getLoop() != L || !AR->isAffine() || !C)
      return std::nullopt;
    return C->getAPInt().getSExtValue();
  }
  if (auto *A = dyn_cast<SCEVAddExpr>(X)) {
    int64_t Sum = 0;
    for (const SCEV *Op : A->operands()) {
      std::optional<int64_t> O = strideIn(Op, L, SE);
      if (!O)
        return std::nullopt;
      Sum += *O;
    }
    return Sum;
  }
  if (auto *M = dyn_cast<SCEVMulExpr>(X)) {
    auto *C = dyn_cast<SCEVConstant>(M->getOperand(0));
    if (M->getNumOperands() != 2 || !C)
      return std::nullopt;
    std::optional<int64_t> O = strideIn(M->getOperand(1), L, SE);
    return O ? std::optional<int64_t>(*O * C->getAPInt().getSExtValue()) : std::nullopt;
  }
  if (auto *C = dyn_cast<SCEVCastExpr>(X))
    return strideIn(C->getOperand(0), L, SE);
  return std::nullopt;
}

/// Each load V is or merges (the leaves of its phis, a value reloaded on
/// several paths), for F; false when a leaf is no load, or F refuses one.
static bool eachLoad(Value *V, function_ref<bool(LoadInst &)> F) {
  SmallVector<Value *, 8> Work{V};
  SmallPtrSet<Value *, 8> Seen;
  while (!Work.empty()) {
    Value *X = Work.pop_back_val();
    if (!Seen.insert(X).second)
      continue;
    if (auto *Phi = dyn_cast<PHINode>(X)) {
      if (Seen.size() > 16)
        return false;
      Work.append(Phi->incoming_values().begin(), Phi->incoming_values().end());
      continue;
    }
    auto *LI = dyn_cast<LoadInst>(X);
    if (!LI || !F(*LI))
      return false;
  }
  return true;
}

int64_t stepMultiple(const SCEVAddRecExpr &S, ScalarEvolution &SE) {
  auto *M = dyn_cast<SCEVMulExpr>(S.getStepRecurrence(SE));
  auto *C = M && M->getNumOperands() == 2 ? dyn_cast<SCEVConstant>(M->getOperand(0)) : nullptr;
  int64_t K = C ? C->getAPInt().getSExtValue() : 1;
  return K > 1 && K <= 64 ? K : 1;
}

const Value *loadSlot(const Value *V, int64_t &Off) {
  auto *LI = dyn_cast<LoadInst>(V);
  if (!LI || !LI->isSimple())
    return nullptr;
  const DataLayout &DL = LI->getModule()->getDataLayout();
  APInt O(DL.getIndexTypeSizeInBits(LI->getPointerOperand()->getType()), 0);
  const Value *Base = LI->getPointerOperand()->stripAndAccumulateConstantOffsets(DL, O, true);
  Off = O.getSExtValue();
  return Base;
}

int64_t descriptorStep(const SCEV *S, const Loop *L, ScalarEvolution &SE) {
  constexpr int64_t BaseAt = descriptor::BaseAt, StrideAt = descriptor::DimAt + descriptor::StrideAt; // dim[0]'s
  auto *AR = dyn_cast<SCEVAddRecExpr>(S);
  if (!AR || AR->getLoop() != L || !AR->isAffine())
    return 0;
  const SCEV *Step = AR->getStepRecurrence(SE);
  int64_t Times = stepMultiple(*AR, SE);
  if (auto *M = dyn_cast<SCEVMulExpr>(Step); M && M->getNumOperands() == 2 && isa<SCEVConstant>(M->getOperand(0)))
    Step = M->getOperand(1); // unrolled: a multiple of it
  while (auto *C = dyn_cast<SCEVCastExpr>(Step))
    Step = C->getOperand(0);
  // the struct a load at offset At reads, also through a phi of such loads
  // (a time loop's reloads of a module array's descriptor, partly hoisted)
  auto slot = [&](const SCEV *X, int64_t At) -> const Value * {
    auto *U = dyn_cast<SCEVUnknown>(X);
    const Value *Base = nullptr;
    bool Ok = U && eachLoad(U->getValue(), [&](LoadInst &LI) {
                int64_t Off = 0;
                const Value *B = loadSlot(&LI, Off);
                if (!B || Off != At || (Base && B != Base))
                  return false;
                Base = B;
                return true;
              });
    return Ok ? Base : nullptr;
  };
  const Value *Desc = slot(Step, StrideAt);
  bool Based = Desc && SCEVExprContains(AR->getStart(), [&](const SCEV *X) {
                 return isa<SCEVUnknown>(X) && X->getType()->isPointerTy() && slot(X, BaseAt) == Desc;
               });
  return Based ? Times : 0;
}

const SCEV *startIn(const SCEV *X, const Loop *L, ScalarEvolution &SE) {
  struct Rewriter : SCEVRewriteVisitor<Rewriter> {
    const Loop *L;
    Rewriter(ScalarEvolution &SE, const Loop *L) : SCEVRewriteVisitor(SE), L(L) {}
    const SCEV *visitAddRecExpr(const SCEVAddRecExpr *AR) {
      return AR->getLoop() == L ? AR->getStart() : AR;
    }
  } R(SE, L);
  return R.visit(X);
}

/// The loop of P's nest (P itself or one inside it) whose header holds Phi;
/// null when Phi merges paths of one iteration (no loop's header).
static const Loop *headerOf(const PHINode *Phi, const Loop *P) {
  for (const Loop *R : P->getLoopsInPreorder())
    if (R->getHeader() == Phi->getParent())
      return R;
  return nullptr;
}

bool variesIn(const SCEV *X, const Loop *P, ScalarEvolution &SE, unsigned Depth) {
  if (SE.isLoopInvariant(X, P))
    return false;
  // the address every load Phi merges reads (through phis), if one; none else
  auto reloads = [&SE](PHINode *Phi) -> const SCEV * {
    const SCEV *Addr = nullptr;
    bool Ok = eachLoad(Phi, [&](LoadInst &LI) {
      const SCEV *A = SE.isSCEVable(LI.getPointerOperandType()) ? SE.getSCEV(LI.getPointerOperand()) : nullptr;
      if (!A || (Addr && A != Addr))
        return false;
      Addr = A;
      return true;
    });
    return Ok ? Addr : nullptr;
  };
  bool Varies = false;
  struct Finder {
    const Loop *P;
    ScalarEvolution &SE;
    unsigned Depth;
    bool &Varies;
    function_ref<const SCEV *(PHINode *)> reloads;
    bool follow(const SCEV *N) {
      if (Varies)
        return false;
      if (auto *AR = dyn_cast<SCEVAddRecExpr>(N)) {
        if (P->contains(AR->getLoop()))
          Varies = true;
        return !Varies;
      }
      if (auto *U = dyn_cast<SCEVUnknown>(N)) {
        auto *I = dyn_cast<Instruction>(U->getValue());
        if (!I || !P->contains(I))
          return false;
        if (auto *Phi = dyn_cast<PHINode>(I); Phi && Depth < MaxLoadDepth) {
          // a phi of loads of one address (a value reloaded in P, the loads
          // partly hoisted: a Fortran time loop's reloads of a module
          // array's descriptor) moves as that address does
          if (const SCEV *A = reloads(Phi); A && !variesIn(A, P, SE, Depth + 1))
            return false;
          // a value a loop inside P carries from one iteration to the next
          // (a CSR row loop's start, the row before's end) starts over from
          // what enters that loop: it moves in P as that does; a phi merging
          // the paths of one iteration (an unrolled loop's start after its
          // prologue) as its values do
          // - and as every value it takes in that loop does (a row's end
          // loaded from row_ptr, not a bisection's `lo = mid` of a key P
          // loads); itself, met again on the way, is no other value
          static thread_local SmallPtrSet<const PHINode *, 8> Visiting;
          if (Visiting.count(Phi))
            return false;
          const Loop *R = headerOf(Phi, P);
          SmallVector<Value *, 4> Ins;
          if (R != P)
            Ins.append(Phi->incoming_values().begin(), Phi->incoming_values().end());
          auto startsIn = [&](Value *In) { // an inner loop's induction (a prologue's end): from its start
            const SCEV *X = SE.getSCEV(In);
            while (auto *AR = dyn_cast<SCEVAddRecExpr>(X)) {
              if (AR->getLoop() == P || !P->contains(AR->getLoop()))
                break;
              X = AR->getStart();
            }
            return X;
          };
          Visiting.insert(Phi);
          bool Fixed = !Ins.empty() && all_of(Ins, [&](Value *In) {
            return SE.isSCEVable(In->getType()) && !variesIn(startsIn(In), P, SE, Depth + 1);
          });
          Visiting.erase(Phi);
          if (Fixed)
            return false;
          Varies = true;
          return false;
        }
        auto *LI = dyn_cast<LoadInst>(I);
        if (!LI || Depth >= MaxLoadDepth) {
          Varies = true;
          return false;
        }
        const SCEV *A = SE.getSCEV(LI->getPointerOperand());
        // an address sweeping an inner loop starts from its start in P
        while (auto *AR = dyn_cast<SCEVAddRecExpr>(A)) {
          if (AR->getLoop() == P || !P->contains(AR->getLoop()))
            break;
          A = AR->getStart();
        }
        if (variesIn(A, P, SE, Depth + 1))
          Varies = true;
        return false;
      }
      return true;
    }
    bool isDone() const { return Varies; }
  } F{P, SE, Depth, Varies, reloads};
  SCEVTraversal<Finder> T(F);
  T.visitAll(X);
  return Varies;
}

/// A pointer loaded in L from an address fixed in the whole loop nest: the
/// object's base reloaded each iteration because a store may alias its slot
/// (`A->val[k] = ...` through a struct pointer, an OpenMP region's shared
/// pointer), the same value every time.
static bool reloadedBase(const Value *V, const Loop *L, ScalarEvolution &SE) {
  auto *LI = dyn_cast<LoadInst>(const_cast<Value *>(V));
  if (!LI || !L->contains(LI) || !LI->getType()->isPointerTy() || !SE.isSCEVable(LI->getPointerOperandType()))
    return false;
  const Loop *Out = L;
  while (Out->getParentLoop())
    Out = Out->getParentLoop();
  return SE.isLoopInvariant(SE.getSCEV(LI->getPointerOperand()), Out);
}

const SCEV *dropReloadedBases(const SCEV *S, const Loop *L, ScalarEvolution &SE) {
  auto *A = dyn_cast<SCEVAddExpr>(S);
  if (!A)
    return S;
  SmallVector<const SCEV *, 4> Keep;
  for (const SCEV *T : A->operands())
    if (auto *U = dyn_cast<SCEVUnknown>(T); !U || !reloadedBase(U->getValue(), L, SE))
      Keep.push_back(T);
  if (Keep.size() == A->getNumOperands() || Keep.empty())
    return S;
  return Keep.size() == 1 ? Keep[0] : SE.getAddExpr(Keep);
}

bool descriptorMember(const Instruction &LI) {
  auto *Tag = dyn_cast_or_null<MDNode>(LI.getMetadata(LLVMContext::MD_tbaa));
  auto *Type = Tag && Tag->getNumOperands() >= 2 ? dyn_cast<MDNode>(Tag->getOperand(1)) : nullptr;
  auto *Name = Type && Type->getNumOperands() >= 1 ? dyn_cast<MDString>(Type->getOperand(0)) : nullptr;
  return Name && Name->getString() == "descriptor member";
}

LoadInst *loadBehind(Value *V, const Loop *L, ScalarEvolution &SE, SmallPtrSetImpl<Value *> &Seen) {
  auto *I = dyn_cast<Instruction>(V);
  if (!I || !L->contains(I) || Seen.size() > MaxDepDepth || !Seen.insert(V).second)
    return nullptr;
  if (reloadedBase(I, L, SE))
    return nullptr;
  if (auto *LI = dyn_cast<LoadInst>(I))
    return descriptorMember(*LI) ? nullptr : LI;
  if (auto *PN = dyn_cast<PHINode>(I))
    if (SE.isSCEVable(PN->getType()) && isa<SCEVAddRecExpr>(SE.getSCEV(PN)))
      return nullptr; // an induction variable
  if (isa<CallBase>(I) && !isa<IntrinsicInst>(I))
    return nullptr;
  for (Value *Op : I->operands())
    if (LoadInst *LI = loadBehind(Op, L, SE, Seen))
      return LI;
  return nullptr;
}

/// V adds nothing or more to nothing: a constant >= 0, a flag widened
/// (`n += c > 0`), a choice or a sum of those.
static bool nonNegative(const Value *V, unsigned Depth) {
  if (Depth > 6)
    return false;
  if (auto *C = dyn_cast<ConstantInt>(V))
    return !C->isNegative();
  if (auto *Z = dyn_cast<ZExtInst>(V))
    return Z->getSrcTy()->isIntegerTy(1) || nonNegative(Z->getOperand(0), Depth + 1);
  if (auto *Se = dyn_cast<SelectInst>(V))
    return nonNegative(Se->getTrueValue(), Depth + 1) && nonNegative(Se->getFalseValue(), Depth + 1);
  if (auto *B = dyn_cast<BinaryOperator>(V); B && B->getOpcode() == Instruction::Add)
    return nonNegative(B->getOperand(0), Depth + 1) && nonNegative(B->getOperand(1), Depth + 1);
  return false;
}

/// V is Origin plus steps of nothing or more, inside L, on every path: the
/// counter's value from the latch.
static bool grows(const Value *V, const Value *Origin, const Loop *L, SmallPtrSetImpl<const Value *> &Seen) {
  if (V == Origin)
    return true;
  if (auto *O = dyn_cast<LoadInst>(Origin)) // a count in memory: another read of it (an unrolled copy)
    if (auto *VL = dyn_cast<LoadInst>(V); VL && L->contains(VL) && VL->getPointerOperand() == O->getPointerOperand())
      return true;
  auto *I = dyn_cast<Instruction>(V);
  if (!I || !L->contains(I) || Seen.size() > MaxDepDepth || !Seen.insert(V).second)
    return false;
  if (auto *B = dyn_cast<BinaryOperator>(I); B && B->getOpcode() == Instruction::Add)
    return (grows(B->getOperand(0), Origin, L, Seen) && nonNegative(B->getOperand(1), 0)) ||
           (grows(B->getOperand(1), Origin, L, Seen) && nonNegative(B->getOperand(0), 0));
  if (auto *Ph = dyn_cast<PHINode>(I)) { // the count after a branch that may add
    for (const Value *In : Ph->incoming_values())
      if (!grows(In, Origin, L, Seen))
        return false;
    return true;
  }
  if (auto *Se = dyn_cast<SelectInst>(I))
    return grows(Se->getTrueValue(), Origin, L, Seen) && grows(Se->getFalseValue(), Origin, L, Seen);
  return false;
}

/// A and B are one address: the same value, or the same expression.
static bool sameAddress(Value *A, Value *B, ScalarEvolution &SE) {
  return A == B || (SE.isSCEVable(A->getType()) && SE.getSCEV(A) == SE.getSCEV(B));
}

/// V counts up in L: a phi of L's header whose value from the latch is
/// itself plus steps of nothing or more, or a value loaded in L that L
/// stores back so to the same address: a count kept in memory (`s->n++`,
/// the address fixed in L) or one of several chosen by data (`cnt[b]++`, a
/// bucket's cursor: each bucket's accesses follow one another).
static bool counter(Value *V, const Loop *L, ScalarEvolution &SE) {
  SmallPtrSet<const Value *, 32> Seen;
  if (auto *Ph = dyn_cast<PHINode>(V); Ph && Ph->getParent() == L->getHeader()) {
    bool Back = false;
    for (unsigned K = 0; K < Ph->getNumIncomingValues(); ++K)
      if (L->contains(Ph->getIncomingBlock(K))) {
        if (!grows(Ph->getIncomingValue(K), Ph, L, Seen))
          return false;
        Back = true;
      }
    return Back;
  }
  auto *LI = dyn_cast<LoadInst>(V);
  if (!LI || !L->contains(LI))
    return false;
  bool Stored = false;
  for (BasicBlock *BB : L->blocks())
    for (Instruction &I : *BB)
      if (auto *SI = dyn_cast<StoreInst>(&I); SI && sameAddress(SI->getPointerOperand(), LI->getPointerOperand(), SE)) {
        if (!grows(SI->getValueOperand(), LI, L, Seen))
          return false;
        Stored = true;
      }
  return Stored;
}

/// V, or V plus a non-negative amount through L's blocks (not its header's
/// phis), is the value a loop nested in L enters its induction variable with.
static bool entersSubloop(const Value *V, const Loop *L, ScalarEvolution &SE, SmallPtrSetImpl<const Value *> &Seen) {
  if (Seen.size() > MaxDepDepth || !Seen.insert(V).second)
    return false;
  for (const User *U : V->users()) {
    auto *I = dyn_cast<Instruction>(U);
    if (!I || !L->contains(I))
      continue;
    if (auto *Ph = dyn_cast<PHINode>(I)) {
      if (Ph->getParent() == L->getHeader())
        continue;
      for (const Loop *Sub : L->getSubLoops())
        if (Sub->getHeader() == Ph->getParent() && SE.isSCEVable(Ph->getType()))
          if (auto *AR = dyn_cast<SCEVAddRecExpr>(SE.getSCEV(const_cast<PHINode *>(Ph))); AR && AR->getLoop() == Sub)
            return true;
      if (entersSubloop(Ph, L, SE, Seen))
        return true;
    } else if (auto *B = dyn_cast<BinaryOperator>(I); B && B->getOpcode() == Instruction::Add) {
      const Value *Other = B->getOperand(0) == V ? B->getOperand(1) : B->getOperand(0);
      if (auto *C = dyn_cast<ConstantInt>(Other); C && !C->isNegative() && entersSubloop(B, L, SE, Seen))
        return true;
    }
  }
  return false;
}

/// The one term of S that moves in L, as c * v (casts of v dropped): the
/// others fixed in L or a base L reloads from a fixed slot. False when
/// another term moves too, or the moving one is not of that form.
static bool movingTerm(const SCEV *S, const Loop *L, ScalarEvolution &SE, int64_t &C, Value *&V) {
  SmallVector<const SCEV *, 4> Terms;
  if (auto *A = dyn_cast<SCEVAddExpr>(S))
    Terms.append(A->operands().begin(), A->operands().end());
  else
    Terms.push_back(S);
  V = nullptr;
  for (const SCEV *T : Terms) {
    if (SE.isLoopInvariant(T, L))
      continue;
    if (auto *U = dyn_cast<SCEVUnknown>(T); U && reloadedBase(U->getValue(), L, SE))
      continue;
    const SCEV *X = T;
    int64_t K = 1;
    if (auto *M = dyn_cast<SCEVMulExpr>(T); M && M->getNumOperands() == 2)
      if (auto *MC = dyn_cast<SCEVConstant>(M->getOperand(0)))
        K = MC->getAPInt().getSExtValue(), X = M->getOperand(1);
    while (auto *E = dyn_cast<SCEVIntegralCastExpr>(X))
      X = E->getOperand();
    auto *U = dyn_cast<SCEVUnknown>(X);
    if (V || !U)
      return false;
    C = K, V = U->getValue();
  }
  return V != nullptr;
}

bool rowStart(const SCEV *S, const Loop *L, ScalarEvolution &SE) {
  int64_t C;
  Value *Row;
  SmallPtrSet<const Value *, 32> Seen;
  return movingTerm(S, L, SE, C, Row) && entersSubloop(Row, L, SE, Seen);
}

int64_t cursorStep(const SCEV *S, const Loop *L, ScalarEvolution &SE) {
  int64_t C;
  Value *N;
  return movingTerm(S, L, SE, C, N) && C > 0 && counter(N, L, SE) ? C : 0;
}

/// V depends, inside L, on a phi of L's header.
static bool onHeaderPhi(Value *V, const Loop *L, SmallPtrSetImpl<Value *> &Seen) {
  auto *I = dyn_cast<Instruction>(V);
  if (!I || !L->contains(I) || Seen.size() > MaxDepDepth || !Seen.insert(V).second)
    return false;
  if (isa<PHINode>(I) && I->getParent() == L->getHeader())
    return true;
  if (isa<LoadInst>(I) || (isa<CallBase>(I) && !isa<IntrinsicInst>(I)))
    return false;
  for (Value *Op : I->operands())
    if (onHeaderPhi(Op, L, Seen))
      return true;
  return false;
}

/// The header phis of L (not induction variables) V depends on inside L.
static void headerPhis(Value *V, const Loop *L, ScalarEvolution &SE, SmallPtrSetImpl<Value *> &Seen,
                       SmallVectorImpl<PHINode *> &Out) {
  auto *I = dyn_cast<Instruction>(V);
  if (!I || !L->contains(I) || Seen.size() > MaxDepDepth || !Seen.insert(V).second)
    return;
  if (auto *PN = dyn_cast<PHINode>(I); PN && PN->getParent() == L->getHeader()) {
    if (!(SE.isSCEVable(PN->getType()) && isa<SCEVAddRecExpr>(SE.getSCEV(PN))))
      Out.push_back(PN);
    return;
  }
  if (isa<LoadInst>(I) || (isa<CallBase>(I) && !isa<IntrinsicInst>(I)))
    return;
  for (Value *Op : I->operands())
    headerPhis(Op, L, SE, Seen, Out);
}

/// V depends, inside L, on Target (a header phi of L), through arithmetic,
/// selects and the phis of other blocks, not through loads or other header phis.
static bool reaches(Value *V, const PHINode *Target, const Loop *L, SmallPtrSetImpl<Value *> &Seen) {
  if (V == Target)
    return true;
  auto *I = dyn_cast<Instruction>(V);
  if (!I || !L->contains(I) || Seen.size() > MaxDepDepth || !Seen.insert(V).second)
    return false;
  if ((isa<PHINode>(I) && I->getParent() == L->getHeader()) || isa<LoadInst>(I) ||
      (isa<CallBase>(I) && !isa<IntrinsicInst>(I)))
    return false;
  for (Value *Op : I->operands())
    if (reaches(Op, Target, L, Seen))
      return true;
  return false;
}

/// The value V (the latch's value of the header phi PN) depends, inside L,
/// on a load whose address depends on PN: the loop carries PN through memory.
static bool throughLoad(Value *V, const PHINode *PN, const Loop *L, SmallPtrSetImpl<Value *> &Seen) {
  auto *I = dyn_cast<Instruction>(V);
  if (!I || !L->contains(I) || Seen.size() > MaxDepDepth || !Seen.insert(V).second)
    return false;
  if (auto *LI = dyn_cast<LoadInst>(I)) {
    SmallPtrSet<Value *, 32> Addr;
    return reaches(LI->getPointerOperand(), PN, L, Addr);
  }
  if ((isa<PHINode>(I) && I->getParent() == L->getHeader()) || (isa<CallBase>(I) && !isa<IntrinsicInst>(I)))
    return false;
  for (Value *Op : I->operands())
    if (throughLoad(Op, PN, L, Seen))
      return true;
  return false;
}

unsigned rotation(const SCEV *X, const Loop *P) {
  BasicBlock *Latch = P->getLoopLatch();
  if (!Latch)
    return 0;
  unsigned K = 0;
  bool Other = false; // varies in P some other way
  (void)SCEVExprContains(X, [&](const SCEV *Y) {
    if (auto *AR = dyn_cast<SCEVAddRecExpr>(Y); AR && P->contains(AR->getLoop()))
      Other = true;
    auto *U = dyn_cast<SCEVUnknown>(Y);
    auto *I = U ? dyn_cast<Instruction>(U->getValue()) : nullptr;
    if (!I || !P->contains(I))
      return false;
    auto *Ph = dyn_cast<PHINode>(I);
    if (!Ph || Ph->getParent() != P->getHeader() || !Ph->getType()->isPointerTy()) {
      Other = true;
      return false;
    }
    // the latch's value of each phi is the next one's, back to Ph
    unsigned N = 0;
    for (auto *Q = Ph;;) {
      auto *Next = dyn_cast<PHINode>(Q->getIncomingValueForBlock(Latch));
      ++N;
      if (!Next || Next->getParent() != P->getHeader() || N > 4) {
        Other = true;
        break;
      }
      if (Next == Ph)
        break;
      Q = Next;
    }
    if (!Other && N >= 2)
      K = std::max(K, N);
    return false;
  });
  return Other ? 0 : K;
}

bool chains(Value *V, const Loop *L, ScalarEvolution &SE) {
  BasicBlock *Latch = L->getLoopLatch();
  if (!Latch)
    return false;
  SmallPtrSet<Value *, 32> Seen;
  SmallVector<PHINode *, 4> Phis;
  headerPhis(V, L, SE, Seen, Phis);
  for (PHINode *PN : Phis) {
    SmallPtrSet<Value *, 32> Back;
    if (throughLoad(PN->getIncomingValueForBlock(Latch), PN, L, Back))
      return true;
  }
  return false;
}

static bool isHalving(const Instruction *I) {
  auto *B = dyn_cast<BinaryOperator>(I);
  if (!B)
    return false;
  auto *C = dyn_cast<ConstantInt>(B->getOperand(1));
  if (!C)
    return false;
  unsigned Op = B->getOpcode();
  if (Op == Instruction::LShr || Op == Instruction::AShr)
    return C->isOne();
  return (Op == Instruction::UDiv || Op == Instruction::SDiv) && C->getValue() == 2;
}

bool bisects(Value *V, const Loop *L, SmallPtrSetImpl<Value *> &Seen) {
  auto *I = dyn_cast<Instruction>(V);
  if (!I || !L->contains(I) || Seen.size() > MaxDepDepth || !Seen.insert(V).second)
    return false;
  if (isHalving(I)) {
    SmallPtrSet<Value *, 16> Inner;
    return onHeaderPhi(I->getOperand(0), L, Inner);
  }
  if (isa<PHINode>(I) || isa<LoadInst>(I) || (isa<CallBase>(I) && !isa<IntrinsicInst>(I)))
    return false; // the midpoint is computed in the iteration that uses it
  for (Value *Op : I->operands())
    if (bisects(Op, L, Seen))
      return true;
  return false;
}

bool scrambled(const SCEV *S, const Loop *L) {
  return SCEVExprContains(S, [&](const SCEV *N) {
    auto *U = dyn_cast<SCEVUnknown>(N);
    auto *I = U ? dyn_cast<Instruction>(U->getValue()) : nullptr;
    if (!I || !L->contains(I))
      return false;
    Value *V = I;
    while (auto *C = dyn_cast<CastInst>(V))
      V = C->getOperand(0);
    if (auto *CB = dyn_cast<CallBase>(V))
      return !isa<IntrinsicInst>(CB);
    // the mixing may sit under the wrap to the table's size (`h % n`)
    std::function<bool(Value *, unsigned)> mixes = [&](Value *X, unsigned Depth) -> bool {
      auto *B = dyn_cast<BinaryOperator>(X);
      if (!B || Depth > 4 || !L->contains(B))
        return false;
      unsigned Op = B->getOpcode();
      if (Op == Instruction::Xor || Op == Instruction::LShr || Op == Instruction::AShr || Op == Instruction::Mul)
        return true;
      if (Op == Instruction::URem || Op == Instruction::SRem || Op == Instruction::And)
        return mixes(B->getOperand(0), Depth + 1);
      return false;
    };
    return mixes(V, 0);
  });
}

bool periodic(const SCEV *S, const Loop *L, ScalarEvolution &SE) {
  bool Any = false, Other = false;
  struct Finder {
    const Loop *L;
    ScalarEvolution &SE;
    bool &Any, &Other;
    bool follow(const SCEV *N) {
      if (auto *AR = dyn_cast<SCEVAddRecExpr>(N)) {
        if (AR->getLoop() == L && !AR->isAffine())
          Other = true;
        return false;
      }
      auto *U = dyn_cast<SCEVUnknown>(N);
      if (!U)
        return true;
      auto *I = dyn_cast<Instruction>(U->getValue());
      if (!I || !L->contains(I))
        return false;
      Value *V = I;
      while (auto *C = dyn_cast<CastInst>(V))
        V = C->getOperand(0);
      auto *B = dyn_cast<BinaryOperator>(V);
      // the mask of an `and` may be either operand (`m & (k + 1)`)
      for (unsigned Op = 0; B && Op < (B->getOpcode() == Instruction::And ? 2u : 1u); ++Op)
        if ((B->getOpcode() == Instruction::And || B->getOpcode() == Instruction::URem ||
             B->getOpcode() == Instruction::SRem) &&
            SE.isSCEVable(B->getType()) && L->isLoopInvariant(B->getOperand(1 - Op))) {
          const SCEV *X = SE.getSCEV(B->getOperand(Op));
          if (auto *AR = dyn_cast<SCEVAddRecExpr>(X); AR && AR->getLoop() == L && AR->isAffine()) {
            Any = true;
            return false;
          }
        }
      Other = true;
      return false;
    }
    bool isDone() const { return Other; }
  } F{L, SE, Any, Other};
  SCEVTraversal<Finder> T(F);
  T.visitAll(S);
  return Any && !Other;
}

} // namespace oli
