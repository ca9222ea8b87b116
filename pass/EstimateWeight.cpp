//===- EstimateWeight.cpp - the weight of each access ---------------------===//
//
// Step 3 of StaticIntensity.cpp: how often each access runs per call of its
// function and per run (trip counts, block frequencies, calls over the call
// graph), what it adds per byte of its object, and the sum over the states
// a site's object reaches.
//
//===----------------------------------------------------------------------===//
#include "CalledFunction.h"
#include "Estimator.h"

#include "llvm/ADT/ScopeExit.h"
#include "llvm/Analysis/AliasAnalysis.h"
#include "llvm/Analysis/CFG.h"
#include "llvm/Analysis/ConstantFolding.h"
#include "llvm/IR/PatternMatch.h"

namespace oli {
namespace intensity {

/// An allocation's result tested for NULL (`if (!u || !v) return 1;`, the
/// tests joined by `or`/`and`): the allocation succeeds, in both views (the
/// failure path, taken at most once, is no half of the run, as
/// BranchProbabilityInfo's even odds for a path that is not cold make it).
/// An allocation: a call returning `noalias` (the `__oli_*` entry points), or
/// a wrapper's call the tagger bracketed (Wrappers: another file's `xmalloc`).
/// The condition's value then; none for any other condition.
static std::optional<bool> allocationSucceeds(Value *V, unsigned Depth, const SmallPtrSetImpl<CallBase *> &Wrappers) {
  using namespace PatternMatch;
  Value *L, *R;
  bool IsOr = match(V, m_LogicalOr(m_Value(L), m_Value(R)));
  if (Depth < 4 && (IsOr || match(V, m_LogicalAnd(m_Value(L), m_Value(R))))) {
    std::optional<bool> X = allocationSucceeds(L, Depth + 1, Wrappers), Y = allocationSucceeds(R, Depth + 1, Wrappers);
    if (!X || !Y)
      return std::nullopt;
    return IsOr ? (*X || *Y) : (*X && *Y);
  }
  auto *C = dyn_cast<ICmpInst>(V);
  if (C && C->isEquality() && isa<ConstantPointerNull>(C->getOperand(1)))
    if (auto *CB = dyn_cast<CallBase>(C->getOperand(0)->stripPointerCasts());
        CB && (CB->returnDoesNotAlias() || Wrappers.count(CB)))
      return C->getPredicate() == ICmpInst::ICMP_NE;
  return std::nullopt;
}

/// True when the edge From -> To of main leaves the program with a failure
/// status and no work (`if (argc < 4) return 1;`), as an `exit(1)` does,
/// which BranchProbabilityInfo takes for cold where it gives a return half
/// (every call after the test counted half a run): To returns a non-zero
/// constant, or a phi's such value for From (the return block -O2 merges the
/// returns into); or To, entered only from From, branches on to such a
/// return (after printing a usage line: its calls are no loops).
static bool failureExit(BasicBlock *From, BasicBlock *To) {
  auto failed = [](Value *V) {
    auto *C = dyn_cast_or_null<ConstantInt>(V);
    return C && !C->isZero();
  };
  auto returns = [&](BasicBlock *R, BasicBlock *Pred) {
    auto *Ret = dyn_cast<ReturnInst>(R->getTerminator());
    Value *V = Ret ? Ret->getReturnValue() : nullptr;
    if (auto *Phi = dyn_cast_or_null<PHINode>(V); Phi && Phi->getParent() == R)
      V = Phi->getIncomingValueForBlock(Pred);
    return failed(V);
  };
  if (returns(To, From))
    return true;
  auto *Br = dyn_cast<BranchInst>(To->getTerminator());
  return To->getSinglePredecessor() == From && Br && Br->isUnconditional() && Br->getSuccessor(0) != To &&
         returns(Br->getSuccessor(0), To);
}

FnInfo *Estimator::info(Function &F) {
  if (F.isDeclaration() || F.hasOptNone())
    return nullptr;
  auto It = Fns.find(&F);
  if (It != Fns.end())
    return It->second.get();
  auto FI = std::make_unique<FnInfo>();
  FI->LI = &FAM.getResult<LoopAnalysis>(F);
  FI->SE = &FAM.getResult<ScalarEvolutionAnalysis>(F);
  for (unsigned V = 0; V < NumViews; ++V) {
    FI->BFI[V] = &FAM.getResult<BlockFrequencyAnalysis>(F);
    FI->BPI[V] = &FAM.getResult<BranchProbabilityAnalysis>(F);
  }
  SmallVector<std::pair<BasicBlock *, bool>, 2> Outermost = outermostBranches(F, *FI->LI);
  auto decided = [&](BasicBlock &BB) {
    return any_of(Outermost, [&](const std::pair<BasicBlock *, bool> &D) { return D.first == &BB; });
  };
  for (BasicBlock &BB : F) {
    auto *BI = dyn_cast<BranchInst>(BB.getTerminator());
    if (!BI || !BI->isConditional() || decided(BB))
      continue;
    if (std::optional<bool> Ok = allocationSucceeds(BI->getCondition(), 0, Bracketed)) {
      Outermost.push_back({&BB, *Ok});
      continue;
    }
    bool Fail0 = isProgramMain(F) && failureExit(&BB, BI->getSuccessor(0));
    if (isProgramMain(F) && Fail0 != failureExit(&BB, BI->getSuccessor(1)))
      Outermost.push_back({&BB, !Fail0}); // the run goes on past main's failure exit
  }
  onceBranches(F, *FI);
  rangeGuards(F, *FI);
  if (!Outermost.empty() || !FI->Once.empty()) { // both views
    FI->OuterBPI = decidedBranches(F, *FI, Outermost);
    FI->OuterBFI = std::make_unique<BlockFrequencyInfo>(F, *FI->OuterBPI, *FI->LI);
    for (unsigned V = 0; V < NumViews; ++V)
      FI->BPI[V] = FI->OuterBPI.get(), FI->BFI[V] = FI->OuterBFI.get();
  }
  FI->Decided1 = sampleBranches(F, *FI, Outermost, 1);
  FI->Outermost = std::move(Outermost);
  for (unsigned V = 0; V < NumViews; ++V)
    FI->EntryFreq[V] = std::max(1.0, double(FI->BFI[V]->getEntryFreq().getFrequency()));
  FnInfo *R = (Fns[&F] = std::move(FI)).get();
  if (View2)
    view2(F, *R);
  return R;
}

/// View 2's frequencies: view 1's, or, when the parameters it also takes
/// decide more branches, those.
void Estimator::view2(Function &F, FnInfo &FI) {
  FI.BPI[2] = FI.BPI[1], FI.BFI[2] = FI.BFI[1];
  sampleBranches(F, FI, FI.Outermost, 2, FI.Decided1);
  FI.EntryFreq[2] = std::max(1.0, double(FI.BFI[2]->getEntryFreq().getFrequency()));
}

void Estimator::enableView2() {
  if (View2)
    return;
  View2 = true;
  SmallVector<std::pair<Function *, FnInfo *>, 16> Made;
  for (auto &[F, FI] : Fns)
    if (FI)
      Made.push_back({F, FI.get()});
  for (auto [F, FI] : Made)
    view2(*F, *FI);
}

/// A function that calls itself counts its outermost calls only (entryCount:
/// recursion adds nothing), and an outermost call does not stop at the
/// base case: a branch outside loops whose one side reaches a call of F
/// and whose other side reaches none (`if (l == nlev - 1) { smooth(..,
/// 40); return; }` before `vcycle(L, l + 1, ..)`) goes the recursive way,
/// not BranchProbabilityInfo's even guess. The base case is the innermost
/// call's, on its own (smaller) part of the data.
SmallVector<std::pair<BasicBlock *, bool>, 2> Estimator::outermostBranches(Function &F, LoopInfo &LI) {
  SmallVector<std::pair<BasicBlock *, bool>, 2> Out;
  SmallPtrSet<const BasicBlock *, 4> SelfCalls;
  for (Instruction &I : instructions(F))
    if (auto *CB = dyn_cast<CallBase>(&I); CB && CB->getCalledFunction() == &F)
      SelfCalls.insert(CB->getParent());
  if (SelfCalls.empty())
    return Out;
  auto reachesSelf = [&](BasicBlock *From, BasicBlock *Skip) {
    SmallVector<BasicBlock *, 16> Work{From};
    SmallPtrSet<BasicBlock *, 32> Seen{Skip, From};
    while (!Work.empty()) {
      BasicBlock *B = Work.pop_back_val();
      if (SelfCalls.count(B))
        return true;
      for (BasicBlock *S : successors(B))
        if (Seen.insert(S).second)
          Work.push_back(S);
    }
    return false;
  };
  for (BasicBlock &BB : F) {
    auto *BI = dyn_cast<BranchInst>(BB.getTerminator());
    if (!BI || !BI->isConditional() || LI.getLoopFor(&BB) || BI->getSuccessor(0) == BI->getSuccessor(1))
      continue;
    bool R0 = reachesSelf(BI->getSuccessor(0), &BB), R1 = reachesSelf(BI->getSuccessor(1), &BB);
    if (R0 != R1)
      Out.push_back({&BB, R0});
  }
  return Out;
}

/// Branches taken at most once per entry of a loop L: `iv == x` (or `!=`,
/// the other way round) with iv an induction variable of L (affine, a
/// constant step) and x fixed in L - `if (s == steps / 2) copy(..)`, `if (it
/// == 0) init(..)`. Their equal side gets 1/T, T L's iterations as the
/// block frequencies have them, not BranchProbabilityInfo's guess for an
/// equality (3/8: an array copied once in a time loop read 10 passes, and an
/// outside trial's written-once array took DRAM as hot).
void Estimator::onceBranches(Function &F, FnInfo &FI) {
  BlockFrequencyInfo &BFI = *FI.BFI[0];
  ScalarEvolution &SE = *FI.SE;
  for (BasicBlock &BB : F) {
    auto *BI = dyn_cast<BranchInst>(BB.getTerminator());
    const Loop *Inner = FI.LI->getLoopFor(&BB);
    Value *Cond = BI && BI->isConditional() ? BI->getCondition() : nullptr;
    auto *C = dyn_cast_or_null<ICmpInst>(Cond);
    // also joined with a test fixed in the loop (SimplifyCFG's `s != 0 || n
    // < 1` before a fill in the first step): its once side is the equality's
    using namespace PatternMatch;
    Value *X, *Y;
    if (!C && Cond &&
        (match(Cond, m_LogicalOr(m_Value(X), m_Value(Y))) || match(Cond, m_LogicalAnd(m_Value(X), m_Value(Y))))) {
      bool Or = match(Cond, m_LogicalOr(m_Value(), m_Value()));
      for (auto [A, B] : {std::pair{X, Y}, std::pair{Y, X}})
        if (auto *CA = dyn_cast<ICmpInst>(A);
            !C && CA && Inner && Inner->isLoopInvariant(B) &&
            CA->getPredicate() == (Or ? ICmpInst::ICMP_NE : ICmpInst::ICMP_EQ))
          C = CA; // at most once: taken as often as the equality alone
    }
    if (!C || !C->isEquality() || !Inner || Inner->isLoopExiting(&BB) || !SE.isSCEVable(C->getOperand(0)->getType()))
      continue;
    const SCEV *A = SE.getSCEV(C->getOperand(0)), *B = SE.getSCEV(C->getOperand(1));
    for (const Loop *L = Inner; L; L = L->getParentLoop()) {
      auto once = [&](const SCEV *X, const SCEV *Y) {
        auto *AR = dyn_cast<SCEVAddRecExpr>(X);
        return AR && AR->getLoop() == L && AR->isAffine() && isa<SCEVConstant>(AR->getStepRecurrence(SE)) &&
               !AR->getStepRecurrence(SE)->isZero() && SE.isLoopInvariant(Y, L);
      };
      if (!once(A, B) && !once(B, A))
        continue;
      double In = 0, Head = double(BFI.getBlockFreq(L->getHeader()).getFrequency());
      for (BasicBlock *P : predecessors(L->getHeader()))
        if (!L->contains(P))
          In += double(BFI.getBlockFreq(P).getFrequency());
      double T = In > 0 ? Head / In : 0;
      if (T > 1) {
        BranchProbability Eq = BranchProbability::getBranchProbability(
            uint64_t(std::max(1.0, 1e6 / T)), 1000000u); // once in T iterations
        bool EqFirst = C->getPredicate() == ICmpInst::ICMP_EQ;
        FI.Once.push_back({&BB, EqFirst ? Eq : Eq.getCompl()});
        // what only the equal side reaches runs once per entry of L however
        // many iterations L's trip count is taken to have (Corr leaves it)
        BasicBlock *Side = BI->getSuccessor(EqFirst ? 0 : 1);
        if (Side->getSinglePredecessor() == &BB) {
          DominatorTree &DT = FAM.getResult<DominatorTreeAnalysis>(F);
          for (BasicBlock *X : L->blocks())
            if (DT.dominates(Side, X))
              FI.OncePer.try_emplace(X, L);
        }
      }
      break;
    }
  }
}

/// A container's test for emptiness finds it not empty: the loops over it
/// run, not 5/8 of the time (BranchProbabilityInfo's guess, which made a
/// kernel over a std::vector& read 0.55 of each sweep). Either the equality
/// of two pointers loaded from one struct (`begin == end`: a std::vector's
/// range before `for (i = 0; i < v.size(); i++)`), or a test of an extent
/// of a Fortran array's descriptor (AddressShape.h: a struct whose base
/// address is loaded here; dim[k]'s extent) against a constant, decided as
/// for a million elements: `do i = 1, size(y)` over an assumed-shape dummy
/// runs, and so does the main part of that loop unrolled.
void Estimator::rangeGuards(Function &F, FnInfo &FI) {
  // an extent of a descriptor: an integer loaded at dim[k]'s extent of a
  // struct whose base address is loaded too
  auto extent = [&](Value *V) {
    using namespace descriptor;
    int64_t Off = 0;
    const Value *B = V->getType()->isIntegerTy() ? loadSlot(V, Off) : nullptr;
    return B && Off >= DimAt + ExtentAt && (Off - DimAt - ExtentAt) % DimBytes == 0 &&
           any_of(B->users(), [&](const User *U) {
             auto *LI = dyn_cast<LoadInst>(U);
             return LI && LI->getType()->isPointerTy() && LI->getPointerOperand() == B;
           });
  };
  // V with the extents it reads at a million elements (a placed array's),
  // through the shifts, extensions and truncations flang and the loop
  // unroller put around them (`(n << 32) == 1 << 32`: one element, the
  // unrolled loop skipped)
  std::function<std::optional<APInt>(Value *, unsigned)> atLarge = [&](Value *V,
                                                                      unsigned Depth) -> std::optional<APInt> {
    if (!V->getType()->isIntegerTy()) // a pointer an address was cast from
      return std::nullopt;
    unsigned W = V->getType()->getIntegerBitWidth();
    if (extent(V))
      return APInt(W, 1u << 20);
    auto *I = dyn_cast<Instruction>(V);
    if (!I || Depth > 4)
      return std::nullopt;
    if (auto *Cast = dyn_cast<CastInst>(I)) {
      std::optional<APInt> X = atLarge(Cast->getOperand(0), Depth + 1);
      unsigned Op = Cast->getOpcode();
      if (!X || (Op != Instruction::Trunc && Op != Instruction::SExt && Op != Instruction::ZExt))
        return std::nullopt;
      return Op == Instruction::Trunc ? X->trunc(W) : Op == Instruction::SExt ? X->sext(W) : X->zext(W);
    }
    auto *BO = dyn_cast<BinaryOperator>(I);
    auto *K = BO ? dyn_cast<ConstantInt>(BO->getOperand(1)) : nullptr;
    std::optional<APInt> X = K ? atLarge(BO->getOperand(0), Depth + 1) : std::nullopt;
    if (!X)
      return std::nullopt;
    const APInt &KV = K->getValue();
    unsigned Op = BO->getOpcode();
    if (Op == Instruction::Add)
      return *X + KV;
    if (Op == Instruction::And)
      return *X & KV;
    if (KV.uge(W))
      return std::nullopt;
    if (Op == Instruction::Shl)
      return X->shl(KV);
    if (Op == Instruction::AShr)
      return X->ashr(KV);
    if (Op == Instruction::LShr)
      return X->lshr(KV);
    return std::nullopt;
  };
  for (BasicBlock &BB : F) {
    auto *BI = dyn_cast<BranchInst>(BB.getTerminator());
    auto *C = BI && BI->isConditional() ? dyn_cast<ICmpInst>(BI->getCondition()) : nullptr;
    if (!C || any_of(FI.Once, [&](const std::pair<BasicBlock *, BranchProbability> &O) { return O.first == &BB; }))
      continue;
    std::optional<bool> FirstFull; // the first successor is the side of a range not empty
    int64_t O0 = 0, O1 = 0;
    if (C->isEquality() && C->getOperand(0)->getType()->isPointerTy()) {
      const Value *B0 = loadSlot(C->getOperand(0), O0), *B1 = loadSlot(C->getOperand(1), O1);
      if (B0 && B0 == B1 && O0 != O1)
        FirstFull = C->getPredicate() == ICmpInst::ICMP_NE;
    } else if (auto *K = dyn_cast<ConstantInt>(C->getOperand(1)); K && C->getOperand(0)->getType()->isIntegerTy()) {
      // extent > 0 (the loop over it runs), extent == 1 (an unrolled loop's
      // main part skipped): as at a million elements
      if (std::optional<APInt> X = atLarge(C->getOperand(0), 0))
        FirstFull = ICmpInst::compare(*X, K->getValue(), C->getPredicate());
    }
    if (FirstFull)
      FI.Once.push_back({&BB, *FirstFull ? BranchProbability::getOne() : BranchProbability::getZero()});
  }
}

/// Branch probabilities with the branches of Decided taken one way
/// (true: the first successor), those of FI.Once as onceBranches has them,
/// the others as BranchProbabilityInfo has them.
std::unique_ptr<BranchProbabilityInfo>
Estimator::decidedBranches(Function &F, FnInfo &FI, ArrayRef<std::pair<BasicBlock *, bool>> Decided) {
  auto BPI = std::make_unique<BranchProbabilityInfo>(F, *FI.LI, &FAM.getResult<TargetLibraryAnalysis>(F),
                                                     &FAM.getResult<DominatorTreeAnalysis>(F));
  for (auto [BB, Taken] : Decided) {
    SmallVector<BranchProbability, 2> P{Taken ? BranchProbability::getOne() : BranchProbability::getZero(),
                                        Taken ? BranchProbability::getZero() : BranchProbability::getOne()};
    BPI->setEdgeProbability(BB, P);
  }
  for (auto [BB, First] : FI.Once)
    if (none_of(Decided, [BB = BB](const std::pair<BasicBlock *, bool> &D) { return D.first == BB; })) {
      SmallVector<BranchProbability, 2> P{First, First.getCompl()};
      BPI->setEdgeProbability(BB, P);
    }
  return BPI;
}

/// True when A and B are based on two different objects: each a parameter,
/// an identified object or a pointer loaded from a slot of a parameter or a
/// global (a parallel region's shared array, which its outlined function
/// reads through a pointer; a derived type's components, `g%u` and `g%v`,
/// the bases in their descriptors), not one slot loaded twice.
static bool distinctObjects(const Value *A, const Value *B) {
  std::function<std::pair<const Value *, int64_t>(const Value *, unsigned)> slotOf1;
  auto slotOf = [&](const Value *O) { return slotOf1(O, 0); };
  slotOf1 = [&](const Value *O, unsigned Depth) -> std::pair<const Value *, int64_t> {
    // a phi of loads of one slot (a field reloaded after a call, on each
    // path into a vectorised loop: a step's kernels inlined one after another)
    if (auto *P = dyn_cast<PHINode>(O); P && Depth < 2) {
      std::pair<const Value *, int64_t> S{nullptr, 0};
      for (const Value *In : P->incoming_values()) {
        auto X = slotOf1(In, Depth + 1);
        if (!X.first || (S.first && S != X))
          return {nullptr, 0};
        S = X;
      }
      return S;
    }
    auto *LI = dyn_cast<LoadInst>(O);
    if (!LI || !LI->isSimple())
      return {nullptr, 0};
    const DataLayout &DL = LI->getModule()->getDataLayout();
    APInt Off(DL.getIndexTypeSizeInBits(LI->getPointerOperandType()), 0);
    const Value *Base = LI->getPointerOperand()->stripAndAccumulateConstantOffsets(DL, Off, true);
    // a parameter's, a global's, a local struct's or one a call returned
    // (`g = grid_create(n)`; its fields `g->u`, `g->unew`)
    return isa<Argument>(Base) || isa<GlobalVariable>(Base) || isa<AllocaInst>(Base) || isa<CallBase>(Base)
               ? std::make_pair(Base, Off.getSExtValue())
               : std::make_pair(nullptr, int64_t(0));
  };
  auto object = [&](const Value *O) { return isa<Argument>(O) || isIdentifiedObject(O) || slotOf(O).first; };
  auto distinct = [&](const Value *X, const Value *Y) {
    bool Slots = !slotOf(X).first || !slotOf(Y).first || slotOf(X) != slotOf(Y);
    return X != Y && object(X) && object(Y) && Slots;
  };
  // two phis of one block that swap (a time step's `t = u; u = v; v = t`):
  // on each edge two different objects, or each other's values
  auto *PA = dyn_cast<PHINode>(A), *PB = dyn_cast<PHINode>(B);
  if (PA && PB && PA != PB && PA->getParent() == PB->getParent())
    return all_of(PA->blocks(), [&](const BasicBlock *BB) {
      const Value *X = getUnderlyingObject(PA->getIncomingValueForBlock(BB));
      const Value *Y = getUnderlyingObject(PB->getIncomingValueForBlock(BB));
      return (X == PB && Y == PA) || distinct(X, Y);
    });
  return distinct(A, B);
}

/// True for the vectoriser's test of whether two arrays' ranges overlap:
/// `A.lo <u B.hi && B.lo <u A.hi` (an `and` or a `select`) with the bounds
/// of each based on one object, a parameter, an identified object or a
/// pointer loaded from a slot of a parameter or a global (a parallel
/// region's shared array, which its outlined function reads through a
/// pointer; a derived type's components), the two different.
static bool rangesOverlap(Value *V) {
  using namespace PatternMatch;
  Value *L, *R;
  if (!match(V, m_LogicalAnd(m_Value(L), m_Value(R))))
    return false;
  // each comparison as Lo < Hi, by the objects its pointers are based on
  auto below = [](Value *X, const Value *&Lo, const Value *&Hi) {
    auto *C = dyn_cast<ICmpInst>(X);
    if (!C || !C->getOperand(0)->getType()->isPointerTy())
      return false;
    bool Less = C->getPredicate() == ICmpInst::ICMP_ULT || C->getPredicate() == ICmpInst::ICMP_ULE;
    if (!Less && C->getPredicate() != ICmpInst::ICMP_UGT && C->getPredicate() != ICmpInst::ICMP_UGE)
      return false;
    Lo = getUnderlyingObject(C->getOperand(Less ? 0 : 1));
    Hi = getUnderlyingObject(C->getOperand(Less ? 1 : 0));
    return true;
  };
  const Value *ALo, *BHi, *BLo, *AHi;
  if (!below(L, ALo, BHi) || !below(R, BLo, AHi))
    return false;
  return ALo == AHi && BLo == BHi && distinctObjects(ALo, BLo);
}

/// View 1's branch probabilities: a branch outside every loop's variation
/// that compares sizes with each other or with a small constant (`n > 0`
/// before a rotated loop, `n < 8` before a vector loop, `n == n & -8` before
/// its remainder) goes the way it goes at the sample point, instead of
/// BranchProbabilityInfo's even guess.
unsigned Estimator::sampleBranches(Function &F, FnInfo &FI, ArrayRef<std::pair<BasicBlock *, bool>> Outermost,
                                   unsigned View, unsigned Before) {
  unsigned Saved = Mode;
  Mode = View; // the symbols usable() takes
  auto Restore = make_scope_exit([&] { Mode = Saved; });
  SmallVector<std::pair<BasicBlock *, bool>, 8> Decided(Outermost.begin(), Outermost.end());
  DenseMap<const BasicBlock *, bool> Way; // a decided branch: true, its first successor
  for (auto [BB, Taken] : Outermost)
    Way[BB] = Taken;
  SmallPtrSet<const BasicBlock *, 32> LiveBB;
  auto edgeLive = [&](BasicBlock *From, BasicBlock *To) {
    if (!LiveBB.count(From))
      return false;
    auto It = Way.find(From);
    return It == Way.end() || cast<BranchInst>(From->getTerminator())->getSuccessor(It->second ? 0 : 1) == To;
  };
  ScalarEvolution &SE = *FI.SE;
  auto noRec = [](const SCEV *X) { return !SCEVExprContains(X, [](const SCEV *Y) { return isa<SCEVAddRecExpr>(Y); }); };
  // A comparison of sizes, or a phi of such comparisons that agree (jump
  // threading's copies of `m > 0`) on the edges the decided branches leave
  // open - a flag among them (`true` where the fill loop ran, `false` from a
  // path of `n <= 0` the sample point does not take).
  std::function<std::optional<bool>(Value *, unsigned)> decide = [&](Value *V, unsigned Depth) -> std::optional<bool> {
    if (auto *K = dyn_cast<ConstantInt>(V); K && K->getType()->isIntegerTy(1) && Depth > 0)
      return K->isOne();
    if (auto *P = dyn_cast<PHINode>(V); P && Depth < 2) {
      bool Header = FI.LI->isLoopHeader(P->getParent());
      std::optional<bool> R;
      for (unsigned I = 0; I < P->getNumIncomingValues(); ++I) {
        if (!Header && !edgeLive(P->getIncomingBlock(I), P->getParent()))
          continue; // not reached at the sample point
        std::optional<bool> X = decide(P->getIncomingValue(I), Depth + 1);
        if (!X || (R && *R != *X))
          return std::nullopt;
        R = X;
      }
      return R;
    }
    // The vectoriser's range overlap check of two arrays (`lo1 <u hi2 &&
    // lo2 <u hi1`, pointers): distinct objects do not overlap, so the vector
    // loop runs (a stencil over three arrays, whose ranges of rows differ)
    if (rangesOverlap(V))
      return false;
    // ... and its wrap checks (the versioning of a loop over an array of
    // structs in an OpenMP region: its chunk's range), which no object meets:
    // an element count's byte product overflowing (`umul.with.overflow(n,
    // 48)`'s flag), an address past an array's start below it (`gep(p, d) <u
    // p`, d that product or not negative)
    if (auto *EV = dyn_cast<ExtractValueInst>(V); EV && EV->getNumIndices() == 1 && EV->getIndices()[0] == 1)
      if (auto *WO = dyn_cast<WithOverflowInst>(EV->getAggregateOperand());
          WO && WO->getBinaryOp() == Instruction::Mul && !WO->isSigned() && isa<ConstantInt>(WO->getRHS()))
        return false;
    if (auto *PC = dyn_cast<ICmpInst>(V); PC && PC->getPredicate() == ICmpInst::ICMP_ULT &&
                                          PC->getOperand(0)->getType()->isPointerTy())
      if (auto *G = dyn_cast<GEPOperator>(PC->getOperand(0));
          G && G->getPointerOperand() == PC->getOperand(1) && G->getNumIndices() == 1) {
        Value *D = G->idx_begin()->get();
        auto *Prod = dyn_cast<ExtractValueInst>(D);
        bool Unsigned = Prod && Prod->getNumIndices() == 1 && Prod->getIndices()[0] == 0 &&
                        isa<WithOverflowInst>(Prod->getAggregateOperand()) &&
                        !cast<WithOverflowInst>(Prod->getAggregateOperand())->isSigned();
        if (Unsigned || (SE.isSCEVable(D->getType()) && SE.isKnownNonNegative(SE.getSCEV(D))))
          return false;
      }
    // The vectoriser's run-time checks join their comparisons with or, one
    // after another: a pair of arrays each (a loop over four global arrays
    // and a shared scalar's slot, an OpenMP region's: 7 deep)
    using namespace PatternMatch;
    Value *L, *R;
    bool IsOr = match(V, m_LogicalOr(m_Value(L), m_Value(R)));
    if (V->getType()->isIntegerTy(1) && Depth < 32 && (IsOr || match(V, m_LogicalAnd(m_Value(L), m_Value(R))))) {
      std::optional<bool> X = decide(L, Depth + 1), Y = decide(R, Depth + 1);
      if (!X || !Y)
        return std::nullopt;
      return IsOr ? (*X || *Y) : (*X && *Y);
    }
    auto *C = dyn_cast<ICmpInst>(V);
    if (!C || !C->getOperand(0)->getType()->isIntegerTy() || C->getOperand(0)->getType()->getIntegerBitWidth() > 64)
      return std::nullopt;
    // The vectoriser's overlap check of two arrays (`(ptrtoint a) - (ptrtoint
    // b) <u 32`, one vector step apart): distinct objects are further apart,
    // so the vector loop runs (the scalar loop's guessed trips were counted
    // as often, a 2-D sweep through two parameters read 1.5 passes a call)
    // ... also where the difference is of two bases and the descriptors'
    // offsets around them (flang's copy between two components of a derived
    // type: `ptrtoint(u.base) + 8 * u.lb - ptrtoint(w.base) - 8 * w.lb`)
    if (auto *K = dyn_cast<ConstantInt>(C->getOperand(1));
        K && C->isUnsigned() && K->getValue().ule(4096) && SE.isSCEVable(C->getOperand(0)->getType())) {
      // the bases it adds and subtracts, through sums, negations and a row's
      // recurrence (the start: it moves with an outer loop)
      SmallVector<std::pair<const Value *, int>, 4> Bases;
      std::function<void(const SCEV *, int, unsigned)> visit = [&](const SCEV *X, int Sign, unsigned Depth) {
        if (Depth > 8 || Bases.size() > 2)
          return;
        if (auto *Add = dyn_cast<SCEVAddExpr>(X))
          for (const SCEV *Op : Add->operands())
            visit(Op, Sign, Depth + 1);
        else if (auto *M = dyn_cast<SCEVMulExpr>(X); M && M->getNumOperands() == 2 && M->getOperand(0)->isAllOnesValue())
          visit(M->getOperand(1), -Sign, Depth + 1);
        else if (auto *AR = dyn_cast<SCEVAddRecExpr>(X))
          visit(AR->getStart(), Sign, Depth + 1);
        else if (auto *PI = dyn_cast<SCEVPtrToIntExpr>(X))
          if (auto *U = dyn_cast<SCEVUnknown>(PI->getOperand()))
            Bases.push_back({U->getValue(), Sign});
      };
      visit(SE.getSCEV(C->getOperand(0)), 1, 0);
      if (Bases.size() == 2 && Bases[0].second == -Bases[1].second && distinctObjects(Bases[0].first, Bases[1].first))
        return C->getPredicate() == ICmpInst::ICMP_UGT || C->getPredicate() == ICmpInst::ICMP_UGE;
    }
    if (auto *K = dyn_cast<ConstantInt>(C->getOperand(1));
        K && C->isUnsigned() && K->getValue().ule(4096) &&
        PatternMatch::match(C->getOperand(0), PatternMatch::m_Sub(PatternMatch::m_PtrToInt(PatternMatch::m_Value()),
                                                                 PatternMatch::m_PtrToInt(PatternMatch::m_Value()))))
      return C->getPredicate() == ICmpInst::ICMP_UGT || C->getPredicate() == ICmpInst::ICMP_UGE;
    const SCEV *A = SE.getSCEV(C->getOperand(0)), *B = SE.getSCEV(C->getOperand(1));
    if (!noRec(A) || !noRec(B))
      return std::nullopt;
    Space.Live = [&](PHINode *P, SmallVectorImpl<Value *> &Out) {
      for (unsigned I = 0; I < P->getNumIncomingValues(); ++I)
        if (!FI.LI->isLoopHeader(P->getParent()) && edgeLive(P->getIncomingBlock(I), P->getParent()))
          Out.push_back(P->getIncomingValue(I));
    };
    std::optional<Sample> VA = Space.eval(A, SE), VB = Space.eval(B, SE);
    Space.Live = nullptr;
    if (!VA || !VB || !usable(VA->Syms) || !usable(VB->Syms))
      return std::nullopt;
    unsigned W = C->getOperand(0)->getType()->getIntegerBitWidth();
    auto compare = [&] {
      return ICmpInst::compare(APInt(W, uint64_t(VA->Value), true), APInt(W, uint64_t(VB->Value), true),
                               C->getPredicate());
    };
    // values the module gives (a slot it stores one constant into: a grid's
    // extent, `n == n & -2` before a vector row's rest), not sample values
    if (VA->Syms.empty() && VB->Syms.empty())
      return isa<SCEVConstant>(A) && isa<SCEVConstant>(B) ? std::nullopt : std::optional<bool>(compare());
    // Against a constant only a small one (a vector loop's minimum, `n > 0`):
    // a limit such as `n > nmax` depends on the real size, which the sample
    // point is not. Or an index type's overflow guard (the vectoriser's
    // `n - 2 > 2^31 - 4`) against a value far below it, as a dimension is
    // (not a product of dimensions, which may reach it at run time).
    for (const Sample *X : {&*VA, &*VB}) {
      const Sample *Other = X == &*VA ? &*VB : &*VA;
      bool Guard = std::abs(double(X->Value)) >= OverflowGuard && std::abs(double(Other->Value)) <= OverflowGuard / 1024;
      if (X->Syms.empty() && (X->Value > ShortTrip || X->Value < -ShortTrip) && !Guard)
        return std::nullopt;
    }
    return compare();
  };
  // In reverse post-order, so that a phi after decided branches (the start
  // of a vector loop's remainder) takes the value of the edges left open.
  for (BasicBlock *BB : ReversePostOrderTraversal<Function *>(&F)) {
    if (BB->isEntryBlock() || any_of(predecessors(BB), [&](BasicBlock *P) { return edgeLive(P, BB); }))
      LiveBB.insert(BB);
    auto *BI = dyn_cast<BranchInst>(BB->getTerminator());
    if (!BI || !BI->isConditional())
      continue;
    if (const Loop *L = FI.LI->getLoopFor(BB); L && L->isLoopExiting(BB))
      continue; // a loop's exit: its trip count says how often it is taken
    if (Way.count(BB))
      continue; // decided already (outermostBranches)
    if (std::optional<bool> Taken = decide(BI->getCondition(), 0))
      Decided.push_back({BB, *Taken}), Way[BB] = *Taken;
  }
  if (Decided.size() == Outermost.size() || Decided.size() == Before)
    return unsigned(Decided.size()); // view 0's, or the view before's
  FI.SampleBPI[View] = decidedBranches(F, FI, Decided);
  FI.SampleBFI[View] = std::make_unique<BlockFrequencyInfo>(F, *FI.SampleBPI[View], *FI.LI);
  FI.BPI[View] = FI.SampleBPI[View].get();
  FI.BFI[View] = FI.SampleBFI[View].get();
  return unsigned(Decided.size());
}

/// The incoming values of P whose edges view 1 leaves open (all of them
/// before its branches are decided); none for a loop header's phi.
void Estimator::livePhiInputs(FnInfo &FI, PHINode *P, SmallVectorImpl<Value *> &Out) {
  if (FI.LI->isLoopHeader(P->getParent()))
    return;
  double Sum = 0;
  SmallVector<double, 4> F;
  for (unsigned I = 0; I < P->getNumIncomingValues(); ++I) {
    BasicBlock *In = P->getIncomingBlock(I);
    unsigned V = FI.SampleBFI[Mode] || Mode < 2 ? Mode : 1; // view 2 may decide no more than view 1
    F.push_back(FI.SampleBFI[V] ? double(FI.SampleBFI[V]->getBlockFreq(In).getFrequency()) *
                                      double(FI.SampleBPI[V]->getEdgeProbability(In, P->getParent()).getNumerator())
                             : 1.0);
    Sum += F.back();
  }
  for (unsigned I = 0; I < P->getNumIncomingValues(); ++I)
    if (F[I] > 0.001 * Sum)
      Out.push_back(P->getIncomingValue(I));
}

/// L's trip count at the sample point, a phi on the way taking the value of
/// the edges the sample's branches leave open (view 1's frequencies).
std::optional<Sample> Estimator::sampleTrips(FnInfo &FI, const Loop *L) {
  Space.Live = [&](PHINode *P, SmallVectorImpl<Value *> &Out) { livePhiInputs(FI, P, Out); };
  std::optional<Sample> T = Space.tripCount(L, *FI.SE);
  Space.Live = nullptr;
  return T;
}

/// The bytes a size operand asks for past new[]'s guard against an
/// overflowing count (`n > MAX ? -1 : n * 8`, the -1 making operator new[]
/// throw): the other arm; V itself otherwise.
static Value *unguardedBytes(Value *V) {
  if (auto *Sel = dyn_cast<SelectInst>(V))
    for (unsigned Arm : {1u, 2u})
      if (auto *C = dyn_cast<ConstantInt>(Sel->getOperand(Arm)); C && C->isMinusOne())
        return Sel->getOperand(3 - Arm);
  return V;
}

/// The size of the object a call allocates, at the sample point: its size
/// operand (times its count) as the kind row names them, or a Fortran
/// ALLOCATE's extents times its element size.
/// Copies of one allocation that jump threading made on the paths of a
/// value the program defaults, merged by a phi after them (`n = argc > 1 ?
/// atol(argv[1]) : 1 << 20; u = malloc(n * 8)`: one copy of 8 MiB, one of
/// `8 * atol(..)`, then `n` a phi of the two): the object's size is the
/// phi's times the element size, in the phi's symbol, which the loops to
/// `n` read. Each copy's size must be that scale times the phi's value on
/// the edge its block leads to; none otherwise.
std::optional<Sample> Estimator::mergedSize(ArrayRef<CallBase *> Calls) {
  Function &F = *Calls[0]->getFunction();
  if (any_of(Calls, [&](CallBase *CB) { return CB->getFunction() != &F; }) || F.hasOptNone())
    return std::nullopt;
  Function *Callee = calledFunction(*Calls[0]);
  std::optional<ObjectRole> R = Callee ? roleOf(Callee->getName()) : std::nullopt;
  if (!R || !R->Entry || R->SizeArg < 0 || R->CountArg >= 0 ||
      any_of(Calls, [&](CallBase *CB) { return calledFunction(*CB) != Callee; }))
    return std::nullopt;
  ScalarEvolution &SE = FAM.getResult<ScalarEvolutionAnalysis>(F);
  DominatorTree &DT = FAM.getResult<DominatorTreeAnalysis>(F);
  auto sizeOf = [&](CallBase *CB) { return unguardedBytes(CB->getArgOperand(unsigned(R->SizeArg))); };
  for (BasicBlock &BB : F)
    for (PHINode &P : BB.phis()) {
      if (!P.getType()->isIntegerTy() || !SE.isSCEVable(P.getType()) || P.getNumIncomingValues() != Calls.size())
        continue;
      const SCEV *Scale = nullptr;
      SmallPtrSet<BasicBlock *, 4> Used;
      bool Fits = true;
      for (CallBase *CB : Calls) {
        Value *Size = sizeOf(CB);
        BasicBlock *Edge = nullptr; // the incoming edge CB's block leads to, alone
        unsigned Edges = 0;
        for (BasicBlock *Pred : P.blocks())
          if (DT.dominates(CB->getParent(), Pred) && !Used.count(Pred))
            Edge = Pred, ++Edges;
        if (Edges != 1 || !SE.isSCEVable(Size->getType()) || Size->getType() != P.getType()) {
          Fits = false;
          break;
        }
        Used.insert(Edge);
        const SCEV *In = SE.getSCEV(P.getIncomingValueForBlock(Edge)), *Sz = SE.getSCEV(Size);
        if (!Scale) { // the element size: the size over the value, a constant
          auto *C = dyn_cast<SCEVConstant>(SE.getUDivExactExpr(Sz, In));
          if (!C || C->getAPInt().isZero() || SE.getMulExpr(C, In) != Sz) {
            Fits = false;
            break;
          }
          Scale = C;
        } else if (SE.getMulExpr(Scale, In) != Sz) {
          Fits = false;
          break;
        }
      }
      if (!Fits || !Scale)
        continue;
      return Space.eval(SE.getMulExpr(Scale, SE.getSCEV(&P)), SE);
    }
  return std::nullopt;
}

std::optional<Sample> Estimator::sizeAt(CallBase &CB) {
  Function *Callee = CB.getCalledFunction();
  std::optional<ObjectRole> R = Callee ? roleOf(Callee->getName()) : std::nullopt;
  if ((!R && !WrapCalls.count(&CB) && (!Callee || Callee->isDeclaration())) || CB.getFunction()->hasOptNone())
    return std::nullopt;
  // not info(): its sample branches need every size first
  ScalarEvolution &SE = FAM.getResult<ScalarEvolutionAnalysis>(*CB.getFunction());
  LoopInfo &LI = FAM.getResult<LoopAnalysis>(*CB.getFunction());
  auto at = [&](Value *V) {
    V = unguardedBytes(V);
    // a phi of copies of one size (jump threading's) has that size
    Space.Live = [&](PHINode *P, SmallVectorImpl<Value *> &Out) {
      if (!LI.isLoopHeader(P->getParent()))
        Out.append(P->incoming_values().begin(), P->incoming_values().end());
    };
    std::optional<Sample> R = SE.isSCEVable(V->getType()) ? Space.eval(SE.getSCEV(V), SE) : std::nullopt;
    Space.Live = nullptr;
    return R;
  };
  if (!R && !Callee->isDeclaration() && !WrapCalls.count(&CB)) {
    // this module's wrapper that returns one site's object as it is
    // (std::vector's _M_allocate(n), left out of line in a bracket): the
    // size that site gives in the wrapper's parameters (returnedSize), at
    // the call's arguments
    for (GlobalVariable *Inner : Records) {
      auto *A = dyn_cast_or_null<CallBase>(Anchors.lookup(Inner));
      Function *W = nullptr;
      auto Renamed = std::move(Space.Renamed); // returnedSize renames on its own
      Space.Renamed.clear();
      std::optional<Sample> RS = A && A->getFunction() == Callee ? returnedSize(Inner, W) : std::nullopt;
      Space.Renamed = std::move(Renamed);
      if (!RS || W != Callee)
        continue;
      double V = double(RS->Value);
      Sample P{0, {}};
      for (unsigned X : RS->Syms) {
        unsigned J = 0;
        if (StringRef(Space.name(X)).drop_front(Callee->getName().size() + 1).getAsInteger(10, J) ||
            J >= CB.arg_size())
          return std::nullopt;
        std::optional<Sample> Arg = at(CB.getArgOperand(J));
        if (!Arg || Arg->Value <= 0)
          return std::nullopt;
        V = V / double(SampleSpace::ParamSample) * double(Arg->Value);
        unionSyms(P.Syms, Arg->Syms);
      }
      if (!(V >= 1 && V < 0x1p62))
        return std::nullopt;
      P.Value = int64_t(std::llround(V));
      return P;
    }
    return std::nullopt;
  }
  if (!R) { // another file's wrapper: the product of its integer arguments
    std::optional<Sample> P;
    for (Value *A : CB.args()) {
      if (!A->getType()->isIntegerTy())
        continue;
      std::optional<Sample> V = at(A);
      if (!V || V->Value <= 0)
        return std::nullopt;
      if (!P)
        P = V;
      else if (__builtin_mul_overflow(P->Value, V->Value, &P->Value))
        return std::nullopt;
      else
        unionSyms(P->Syms, V->Syms);
    }
    return P;
  }
  if (R->SizeArg >= 0 && unsigned(R->SizeArg) < CB.arg_size()) {
    std::optional<Sample> S = at(CB.getArgOperand(unsigned(R->SizeArg)));
    if (S && R->CountArg >= 0 && unsigned(R->CountArg) < CB.arg_size()) {
      std::optional<Sample> N = at(CB.getArgOperand(unsigned(R->CountArg)));
      if (!N || __builtin_mul_overflow(S->Value, N->Value, &S->Value))
        return std::nullopt;
      unionSyms(S->Syms, N->Syms);
    }
    return S;
  }
  std::optional<FortranShape> FS = R->Bracket ? fortranAllocateShape(CB, DL) : std::nullopt;
  if (!FS)
    return std::nullopt;
  Sample S{int64_t(FS->Elem), {}};
  for (auto [Lb, Ub] : FS->Bounds) {
    std::optional<Sample> L = at(Lb), U = at(Ub);
    if (!L || !U || __builtin_mul_overflow(S.Value, std::max<int64_t>(0, U->Value - L->Value + 1), &S.Value))
      return std::nullopt;
    unionSyms(S.Syms, L->Syms);
    unionSyms(S.Syms, U->Syms);
  }
  return S;
}

/// A parameter's symbol name (SizeSample.h): "fn#j", or "fn#j+0" for the
/// slot behind a pointer parameter.
static std::string paramSymbol(StringRef Fn, unsigned J, bool Slot) {
  return (Fn + "#" + Twine(J) + (Slot ? "+0" : "")).str();
}

/// SI stores into the struct a fork passes its parallel region (flang packs
/// the shared variables' addresses into one): a slot of the frame only
/// stored into, marked and forked with.
static bool intoRegion(const StoreInst &SI) {
  auto *AI = dyn_cast<AllocaInst>(getUnderlyingObject(SI.getPointerOperand()));
  return AI && all_of(AI->users(), [](const User *U) {
           auto *CB = dyn_cast<CallBase>(U);
           return CB ? forksOrMarks(*CB) : isa<StoreInst>(U) || isa<GetElementPtrInst>(U);
         });
}

/// A pointer parameter that is a scalar passed by reference (a Fortran
/// dummy): only loaded or passed on (to a call, or into the struct of a
/// parallel region's shared addresses) - not an array, not a struct.
static bool scalarByReference(const Argument &A) {
  return all_of(A.users(), [&](const User *U) {
    auto *SI = dyn_cast<StoreInst>(U);
    return isa<LoadInst>(U) || isa<CallBase>(U) || (SI && SI->getValueOperand() == &A && intoRegion(*SI));
  });
}

/// The parameter number a parameter's key names ("fn#i", its deref key
/// "fn#i*off": i); none for another key.
static std::optional<unsigned> keyArgNo(StringRef Key) {
  unsigned I = 0;
  size_t H = Key.rfind('#');
  if (H == StringRef::npos || Key.drop_front(H + 1).split('*').first.getAsInteger(10, I))
    return std::nullopt;
  return I;
}

/// A call of the function whose parameter Key ("fn#i") names.
static bool callsKey(const CallBase &CB, StringRef Key) {
  const Function *F = CB.getCalledFunction();
  return F && Key.starts_with((F->getName() + "#").str());
}

std::string Estimator::paramRenames(StringRef Fn, StringRef Key, ArrayRef<CallBase *> Calls) {
  std::optional<std::string> R;
  unsigned Obj = keyArgNo(Key).value_or(~0u); // the object's own argument: no length
  for (CallBase *CB : Calls) {
    if (!callsKey(*CB, Key))
      return "";
    Function *Callee = CB->getCalledFunction();
    ScalarEvolution &SE = FAM.getResult<ScalarEvolutionAnalysis>(*CB->getFunction());
    std::vector<std::string> Pairs;
    for (unsigned J = 0; J < CB->arg_size(); ++J) {
      if (J == Obj)
        continue;
      Value *A = CB->getArgOperand(J);
      std::string From;
      if (A->getType()->isIntegerTy() && SE.isSCEVable(A->getType())) {
        std::optional<Sample> V = Space.eval(SE.getSCEV(A), SE);
        // the caller's own parameter, or a symbol every module names alike (a
        // field: `axpy(g.v, g.rhs, a, g.n)` passes %struct.grid+16)
        if (V && V->Syms.size() == 1 && V->Value == Space.value(V->Syms[0]) &&
            ((!Fn.empty() && Space.paramOf(V->Syms[0]) == Fn) || Space.shared(V->Syms[0])))
          From = Space.name(V->Syms[0]);
      } else if (auto *Arg = dyn_cast<Argument>(A->stripPointerCasts());
                 Arg && Arg->getParent()->getName() == Fn && A->getType()->isPointerTy() && scalarByReference(*Arg)) {
        From = paramSymbol(Fn, Arg->getArgNo(), true); // a Fortran dummy passed on
      } else if (A->getType()->isPointerTy() && isa<GlobalVariable>(getUnderlyingObject(A))) {
        // a module variable passed by reference (`call relax(n, a, b)` with
        // n a module's): the value behind the parameter is the global's slot
        if (std::string N = Space.slotName(A); SampleSpace::sharedName(N))
          From = N;
      }
      if (!From.empty())
        Pairs.push_back(paramSymbol(Callee->getName(), J, A->getType()->isPointerTy()) + "=" + From);
    }
    std::string S;
    for (const std::string &P : Pairs)
      S += (S.empty() ? "" : ",") + P;
    if (R && *R != S)
      return "";
    R = S;
  }
  return R.value_or("");
}

bool Estimator::hypothesisParam(unsigned Sym) const {
  StringRef Name = Space.paramOf(Sym);
  const Function *F = Name.empty() || !Summaries ? nullptr : M.getFunction(Name);
  return F && !F->isDeclaration() && !F->hasLocalLinkage() && !isProgramMain(*F) &&
         !StringRef(Space.name(Sym)).ends_with("+0");
}

std::optional<unsigned> Estimator::hypothesisRoot(const SymSet &Size) const {
  std::optional<unsigned> P;
  for (unsigned X : Size)
    if (hypothesisParam(X)) {
      if (P)
        return std::nullopt;
      P = X;
    } else if (!Space.shared(X)) {
      return std::nullopt;
    }
  return P;
}

bool Estimator::keyParam(unsigned Sym) const {
  StringRef Name = Space.paramOf(Sym);
  const Function *F = Name.empty() ? nullptr : M.getFunction(Name);
  if (!F || !KeyFns.count(F))
    return false;
  if (!StringRef(Space.name(Sym)).ends_with("+0"))
    return true; // an integer parameter's value
  // the slot behind a pointer parameter: a scalar passed by reference (a
  // Fortran dummy), only loaded or passed on - not a struct's first field
  unsigned J = 0;
  StringRef(Space.name(Sym)).drop_front(Name.size() + 1).consumeInteger(10, J);
  return J < F->arg_size() && scalarByReference(*F->getArg(J));
}

std::optional<Sample> Estimator::sizeInParams(GlobalVariable *Rec, StringRef Key, ArrayRef<CallBase *> Calls,
                                              std::optional<Sample> *Other) {
  if (Other)
    Other->reset();
  CallBase *Alloc = SizeCall.lookup(Rec);
  std::optional<Sample> Size = SizeOf.lookup(Rec);
  if (!Alloc || !Size || Size->Value <= 0 || Calls.empty() || Disagree.count(Rec))
    return std::nullopt;
  std::optional<Sample> R, R2;
  bool Two = true; // every call gives the other form, the same
  SmallVector<std::pair<unsigned, Value *>, 4> SizeVals; // the values of the size's symbols (once)
  for (CallBase *CB : Calls) {
    if (!callsKey(*CB, Key))
      return std::nullopt;
    Function *Callee = CB->getCalledFunction();
    ScalarEvolution &SE = FAM.getResult<ScalarEvolutionAnalysis>(*CB->getFunction());
    // each of the size's symbols the call passes as an argument: its value
    // (`n`), or a slot by reference (a Fortran dummy: the size's loads of it)
    DenseMap<unsigned, unsigned> Rename;
    for (unsigned J = 0; J < CB->arg_size(); ++J) {
      Value *A = CB->getArgOperand(J);
      SmallVector<unsigned, 2> From;
      if (A->getType()->isIntegerTy() && SE.isSCEVable(A->getType())) {
        std::optional<Sample> V = Space.eval(SE.getSCEV(A), SE);
        if (V && V->Syms.size() == 1 && V->Value == Space.value(V->Syms[0]))
          From.push_back(V->Syms[0]);
      } else if (A->getType()->isPointerTy()) {
        // the slot's value: a load of it, or a phi of its loads and of
        // constants stored into it (`n = 100000; read(arg, *) n`, merged)
        Value *Slot = A->stripPointerCasts();
        auto loaded = [&](Value *V) {
          auto *LI = dyn_cast<LoadInst>(V);
          return LI && LI->isSimple() && LI->getPointerOperand() == Slot;
        };
        auto stored = [&](Value *V) {
          return isa<ConstantInt>(V) && any_of(Slot->users(), [&](User *U) {
                   auto *SI = dyn_cast<StoreInst>(U);
                   return SI && SI->getPointerOperand() == Slot && SI->getValueOperand() == V;
                 });
        };
        // (not a struct of the program's, `apply_bc(&c)`: the callee names
        // its first field by the struct's field key, not as a scalar)
        Type *Held = isa<AllocaInst>(Slot) ? cast<AllocaInst>(Slot)->getAllocatedType()
                     : isa<GlobalVariable>(Slot) ? cast<GlobalVariable>(Slot)->getValueType()
                                                 : nullptr;
        if (Held && !(isa<StructType>(Held) && cast<StructType>(Held)->hasName())) {
          if (SizeVals.empty())
            for (unsigned X : Size->Syms)
              for (Value *V : Space.valuesOf(X))
                SizeVals.push_back({X, V});
          for (auto [X, V] : SizeVals) {
            auto *Phi = dyn_cast<PHINode>(V);
            if (loaded(V) || (Phi && all_of(Phi->incoming_values(), [&](Value *In) { return loaded(In) || stored(In); })))
              From.push_back(X);
          }
        }
      }
      for (unsigned X : From)
        if (is_contained(Size->Syms, X))
          Rename.try_emplace(X, Space.symbolNamed(paramSymbol(Callee->getName(), J, A->getType()->isPointerTy())));
    }
    // `relax(a, nx * ny)` of `a = malloc(nx * ny * 8)`, both in one function
    SmallVector<std::pair<Value *, unsigned>, 4> Cands;
    for (unsigned J = 0; Alloc->getFunction() == CB->getFunction() && J < CB->arg_size(); ++J)
      Cands.push_back({CB->getArgOperand(J), Space.symbolNamed(paramSymbol(Callee->getName(), J, false))});
    std::optional<Sample> M = sizeAsMultiple(*Alloc, *Size, Cands);
    std::optional<Sample> S = !Rename.empty() ? sizeRenamed(*Alloc, std::move(Rename)) : M;
    if (!S || S->Value <= 0 || S->Syms == Size->Syms ||
        any_of(S->Syms, [&](unsigned X) { return !Space.shared(X) && Space.paramOf(X) != Callee->getName(); }))
      return std::nullopt;
    if (R && (R->Value != S->Value || R->Syms != S->Syms))
      return std::nullopt; // two calls passing different values
    R = S;
    // the multiple of one parameter as another form, when the renamed one is
    // in others
    if (!M || M->Syms == S->Syms || (R2 && (R2->Value != M->Value || R2->Syms != M->Syms)))
      Two = false;
    R2 = M;
  }
  if (Other && Two && R2)
    *Other = R2;
  return R;
}

/// The size of the object Alloc allocates (Size at the sample point) as a
/// constant multiple of one of the values Cands names (each with its
/// symbol), all in Alloc's function: `relax(a, nx * ny)` of `a =
/// malloc(nx * ny * 8)` is 8 times relax's second parameter, whichever
/// symbols the length reads (a compound length is no symbol the call
/// passes). In that value's symbol; none when none is such a factor (the
/// same multiple, to within 1/256, at the sample point and at a second one),
/// the nearest when several are, then the larger multiple; none when two
/// are as near and the same multiple.
std::optional<Sample> Estimator::sizeAsMultiple(CallBase &Alloc, const Sample &Size,
                                                ArrayRef<std::pair<Value *, unsigned>> Cands) {
  std::optional<ObjectRole> R = roleOf(Alloc.getCalledFunction() ? Alloc.getCalledFunction()->getName() : "");
  if (!R || R->SizeArg < 0 || unsigned(R->SizeArg) >= Alloc.arg_size())
    return std::nullopt;
  ScalarEvolution &SE = FAM.getResult<ScalarEvolutionAnalysis>(*Alloc.getFunction());
  Value *Bytes = unguardedBytes(Alloc.getArgOperand(unsigned(R->SizeArg)));
  if (!SE.isSCEVable(Bytes->getType()))
    return std::nullopt;
  const SCEV *SizeS = SE.getSCEV(Bytes);
  if (R->CountArg >= 0 && unsigned(R->CountArg) < Alloc.arg_size()) {
    Value *Count = Alloc.getArgOperand(unsigned(R->CountArg));
    if (!SE.isSCEVable(Count->getType()) || Count->getType() != Bytes->getType())
      return std::nullopt;
    SizeS = SE.getMulExpr(SizeS, SE.getSCEV(Count));
  }
  std::optional<Sample> S1 = Space.eval(SizeS, SE);
  if (!S1 || S1->Value != Size.Value || S1->Syms != Size.Syms)
    return std::nullopt;
  // a second point, each of the size's symbols renamed to one of its own
  // (ScalarEvolution keeps `nx * ny` and `ny * nx` apart: the two are
  // compared as numbers, at two points)
  DenseMap<unsigned, unsigned> Other;
  for (unsigned X : Size.Syms)
    Other[X] = Space.symbolNamed(Space.name(X) + "'");
  Space.Renamed = Other;
  std::optional<Sample> S2 = Space.eval(SizeS, SE);
  Space.Renamed.clear();
  // the nearest multiple (`8 * nelem` of nelem = m * m * m, not of nnode =
  // (m + 1)^3, within 1/256 of it too), of those the largest (`28 * n` of a
  // CSR matrix's int array, not `4 * nnz` of nnz = 7 * n: the rows, which a
  // product's loop runs over, its entries a row's data); none when two
  // values are as near and the same multiple
  std::optional<Sample> Best;
  double BestErr = 0;
  int64_t BestC = 0;
  bool Tie = false;
  for (auto [A, P] : Cands) {
    if (!S2 || !A->getType()->isIntegerTy() || !SE.isSCEVable(A->getType()) ||
        SE.getTypeSizeInBits(A->getType()) > SE.getTypeSizeInBits(SizeS->getType()))
      continue;
    const SCEV *AS = SE.getNoopOrSignExtend(SE.getSCEV(A), SizeS->getType());
    std::optional<Sample> V1 = Space.eval(AS, SE);
    if (!V1 || V1->Value <= 0 || V1->Syms != Size.Syms)
      continue;
    // a multiple to within 1/256 (`relax(a, n / 2)` of `a = malloc(n * 8)`:
    // 16 times, n odd or even)
    int64_t C = std::llround(double(Size.Value) / double(V1->Value));
    auto err = [](double X, double Y) { return std::fabs(X - Y) / Y; };
    Space.Renamed = Other;
    std::optional<Sample> V2 = Space.eval(AS, SE);
    Space.Renamed.clear();
    if (C < 1 || !V2)
      continue;
    double E = std::max(err(double(C) * double(V1->Value), double(Size.Value)),
                        err(double(C) * double(V2->Value), double(S2->Value)));
    if (E > 1.0 / 256)
      continue;
    Sample X{C * Space.value(P), {P}};
    if (Best && E == BestErr && C == BestC && Best->Syms != X.Syms)
      Tie = true;
    else if (!Best || E < BestErr || (E == BestErr && C > BestC))
      Best = X, BestErr = E, BestC = C, Tie = false;
  }
  return Tie ? std::nullopt : Best;
}

/// The size of the object Alloc allocates in the symbol of a struct field
/// or global slot its function stores a constant fraction of it into
/// (`n = nx * ny; g->n = n; g->u = malloc(n * 8)`: 8 times `%struct.grid+16`),
/// for other modules' loops over that field (`i < g->n`); none otherwise.
std::optional<Sample> Estimator::sizeInStored(CallBase &Alloc, const Sample &Size) {
  // asked for a site's own estimate and again for its summary's edges
  auto [M, New] = StoredSize.try_emplace(&Alloc);
  if (New || M->second.first.Value != Size.Value || M->second.first.Syms != Size.Syms)
    M->second = {Size, storedSize(Alloc, Size)};
  return M->second.second;
}

std::optional<Sample> Estimator::storedSize(CallBase &Alloc, const Sample &Size) {
  // a constant size and one field or global its function gives a constant it
  // is a multiple of by an element's size (`g%n = n; allocate(g%u(n))` with n
  // a constant: 8 times `%grid_t+0`, in which another file's `do i = 1, g%n`
  // counts); none where two fields could be it
  if (Size.Syms.empty()) {
    std::optional<Sample> R;
    for (const auto &E : Space.constStores()) {
      StoreInst *SI = E.second;
      int64_t K = cast<ConstantInt>(SI->getValueOperand())->getSExtValue();
      unsigned P = Space.symbolNamed(E.first());
      if (SI->getFunction() != Alloc.getFunction() || descriptorMember(*SI) || K <= 1 || Size.Value % K ||
          !Space.shared(P))
        continue;
      int64_t C = Size.Value / K;
      if (C > 16 || !isPowerOf2_64(uint64_t(C)))
        continue;
      if (R)
        return std::nullopt;
      R = Sample{C * Space.value(P), {P}};
    }
    return R;
  }
  SmallVector<std::pair<Value *, unsigned>, 4> Cands;
  for (const auto &[V, Name] : Space.storedOnce())
    if (auto *I = dyn_cast<Instruction>(V); I && I->getFunction() == Alloc.getFunction())
      if (unsigned P = Space.symbolNamed(Name); Space.shared(P))
        Cands.push_back({V, P});
  // ... or stored by its function alone, whatever others store there: a
  // parameter it stores as it is (a constructor's `n_(n)` beside `x_ = new
  // double[n]`, whose copy inlined into main stores main's n)
  for (const auto &[V, Name] : Space.storedBy(*Alloc.getFunction()))
    if (unsigned P = Space.symbolNamed(Name); Space.shared(P) && !is_contained(Cands, std::make_pair(V, P)))
      Cands.push_back({V, P});
  // ... or a value its function passes to a function of the module that
  // stores that parameter there (`build(&V, n)` storing `V->n = n`), found
  // once per function
  auto [C, New] = CalleeStored.try_emplace(Alloc.getFunction());
  if (New)
    for (Instruction &I : instructions(*Alloc.getFunction()))
      if (auto *CB = dyn_cast<CallBase>(&I); CB && CB->getCalledFunction() && !CB->getCalledFunction()->isDeclaration())
        for (Argument &A : CB->getCalledFunction()->args())
          if (auto It = Space.storedOnce().find(&A); It != Space.storedOnce().end() && A.getArgNo() < CB->arg_size())
            if (unsigned P = Space.symbolNamed(It->second); Space.shared(P))
              C->second.push_back({CB->getArgOperand(A.getArgNo()), P});
  Cands.append(C->second.begin(), C->second.end());
  return sizeAsMultiple(Alloc, Size, Cands);
}

std::optional<Sample> Estimator::sizeRenamed(CallBase &Alloc, DenseMap<unsigned, unsigned> Map) {
  Space.Renamed = std::move(Map);
  std::optional<Sample> S = sizeAt(Alloc);
  Space.Renamed.clear();
  return S;
}

std::optional<Sample> Estimator::callerSize(CallBase &Alloc, const Sample &Size) {
  Function *F = Alloc.getFunction();
  if (F->hasLocalLinkage() || F->use_empty())
    return std::nullopt; // (a static's parameters are its callers' values already: callersAgree)
  DenseMap<unsigned, unsigned> Rename;
  for (unsigned X : Size.Syms) {
    StringRef N = Space.name(X);
    unsigned J = 0;
    if (Space.paramOf(X) != F->getName() || N.ends_with("+0") ||
        N.drop_front(F->getName().size() + 1).getAsInteger(10, J))
      continue;
    std::optional<unsigned> Common;
    for (User *U : F->users()) {
      auto *CB = dyn_cast<CallBase>(U);
      if (!CB || CB->getCalledFunction() != F || J >= CB->arg_size())
        return std::nullopt;
      ScalarEvolution &SE = FAM.getResult<ScalarEvolutionAnalysis>(*CB->getFunction());
      Value *A = CB->getArgOperand(J);
      std::optional<Sample> V = SE.isSCEVable(A->getType()) ? Space.eval(SE.getSCEV(A), SE) : std::nullopt;
      if (!V || V->Syms.size() != 1 || V->Value != Space.value(V->Syms[0]) || (Common && *Common != V->Syms[0]))
        return std::nullopt;
      Common = V->Syms[0];
    }
    if (!Common)
      return std::nullopt;
    Rename[X] = *Common;
  }
  if (Rename.empty())
    return std::nullopt;
  std::optional<Sample> S = sizeRenamed(Alloc, std::move(Rename));
  return S && S->Value > 0 ? S : std::nullopt;
}

std::optional<Sample> Estimator::localSize(GlobalVariable *Rec) {
  CallBase *Alloc = SizeCall.lookup(Rec);
  std::optional<Sample> Size = SizeOf.lookup(Rec);
  if (!Alloc || !Size || Size->Value <= 0 || Size->Syms.size() != 1 || Space.shared(Size->Syms[0]))
    return std::nullopt;
  SmallVector<Value *, 2> Vals = Space.valuesOf(Size->Syms[0]);
  std::string Q = Vals.empty() ? "" : Space.argumentName(Vals.front());
  if (Q.empty() || Q == Space.name(Size->Syms[0]))
    return std::nullopt; // a parameter of a function other modules call: its own name's, the hypothesis's
  std::optional<Sample> S = sizeRenamed(*Alloc, {{Size->Syms[0], Space.symbolNamed(Q)}});
  return S && S->Value > 0 && S->Syms.size() == 1 ? S : std::nullopt;
}

/// True when V, through casts, phis and selects, is what some `ret` of its
/// function returns (not an object stored into the returned one).
static bool returnedAsIs(Value *V) {
  SmallVector<Value *, 8> Work{V};
  SmallPtrSet<Value *, 16> Seen{V};
  while (!Work.empty()) {
    Value *X = Work.pop_back_val();
    for (User *U : X->users()) {
      if (isa<ReturnInst>(U))
        return true;
      if ((isa<CastInst>(U) || isa<PHINode>(U) || isa<SelectInst>(U) ||
           (isa<GetElementPtrInst>(U) && cast<GetElementPtrInst>(U)->hasAllZeroIndices())) &&
          Seen.insert(U).second)
        Work.push_back(U);
    }
  }
  return false;
}

std::optional<Sample> Estimator::returnedSize(GlobalVariable *Rec, Function *&W) {
  auto *Alloc = dyn_cast_or_null<CallBase>(Anchors.lookup(Rec));
  W = Alloc ? Alloc->getFunction() : nullptr;
  // posix_memalign(&p, ...): the object is what a load of its slot gives
  bool Returned = Alloc && returnedAsIs(Alloc);
  if (std::optional<ObjectRole> R = Alloc && Alloc->getCalledFunction() ? roleOf(Alloc->getCalledFunction()->getName())
                                                                         : std::nullopt;
      R && R->OutArg >= 0 && unsigned(R->OutArg) < Alloc->arg_size())
    for (User *U : Alloc->getArgOperand(unsigned(R->OutArg))->stripPointerCasts()->users())
      if (auto *LI = dyn_cast<LoadInst>(U))
        Returned |= returnedAsIs(LI);
  if (!W || W->hasLocalLinkage() || isProgramMain(*W) || !Returned) {
    W = nullptr; // part of what it returns, or no wrapper other files call
    return std::nullopt;
  }
  std::optional<Sample> Size = SizeOf.lookup(Rec);
  if (WrapCalls.count(Alloc) || SizeCall.lookup(Rec) != Alloc || !Size || Size->Value <= 0 || Size->Syms.empty() ||
      Disagree.count(Rec))
    return std::nullopt;
  // every symbol one of W's integer parameters (by value): C * P^k at the
  // sample point, every parameter there at ParamSample
  double C = double(Size->Value);
  DenseMap<unsigned, unsigned> Other;
  // the second point: each parameter about a million (a placed object's
  // size), fewer for products of three or more (below 2^56 together)
  unsigned K = unsigned(Size->Syms.size());
  int64_t Large = (int64_t(1) << std::min(20u, 56 / K)) + 7;
  for (unsigned X : Size->Syms) {
    StringRef N = Space.name(X);
    if (Space.paramOf(X) != W->getName() || N.ends_with("+0"))
      return std::nullopt;
    C /= double(SampleSpace::ParamSample);
    Other[X] = Space.symbolNamed(N.str() + "'L" + std::to_string(K), Large);
  }
  // a constant multiple to within 1/64, here and at a second point where
  // every parameter is about a million: a monomial, not `n * n * 8`; a size
  // rounded up to a cache line or with a few cells or bytes more (`(n + 2)
  // * 8`) is one at real sizes, one rounded up to 2 MiB is not
  auto near = [](double X, double Y) { return std::fabs(X - Y) <= Y / 64; };
  double Exact = C;
  C = std::round(C);
  if (C < 1 || !near(C, Exact))
    return std::nullopt;
  double Want = C;
  for (auto [X, Y] : Other)
    Want *= double(Space.value(Y));
  std::optional<Sample> S2 = sizeRenamed(*Alloc, std::move(Other));
  if (!S2 || !near(Want, double(S2->Value)))
    return std::nullopt;
  Sample R = *Size;
  R.Value = int64_t(C) * int64_t(std::llround(double(Size->Value) / Exact)); // C times the parameters' product
  return R;
}

double Estimator::entering(FnInfo &FI, const Loop *L) {
  double E = 0;
  BasicBlock *H = L->getHeader();
  for (BasicBlock *Pred : predecessors(H))
    if (!L->contains(Pred))
      E += bfi(FI, Pred) * double(FI.BPI[Mode]->getEdgeProbability(Pred, H).getNumerator()) /
           double(BranchProbability::getDenominator());
  return E;
}

/// An OpenMP dynamic or guided worksharing loop's dispatch loop: it asks the
/// runtime for the next chunk (__kmpc_dispatch_next_*) and runs the chunk
/// loop inside it. Its iterations partition the worksharing range, so
/// together they run the chunk loop's range once, not once per chunk.
static bool isDispatchLoop(const LoopInfo &LI, const Loop *L) {
  for (const BasicBlock *BB : L->blocks()) {
    if (LI.getLoopFor(BB) != L)
      continue;
    for (const Instruction &I : *BB)
      if (const auto *CB = dyn_cast<CallBase>(&I))
        if (const Function *Callee = CB->getCalledFunction())
          if (Callee->getName().starts_with("__kmpc_dispatch_next"))
            return true;
  }
  return false;
}

/// The branch that lets L run at all (`if (n > 0)` above a rotated loop):
/// the conditional branch that ends the chain of unique predecessors above
/// L's header, with the number of its successor on the way to L.
static std::pair<BranchInst *, unsigned> loopGuard(const Loop *L) {
  BasicBlock *B = L->getHeader(), *P = L->getLoopPredecessor();
  for (unsigned Steps = 0; P && Steps < 4; ++Steps, B = P, P = P->getUniquePredecessor()) {
    auto *BI = dyn_cast<BranchInst>(P->getTerminator());
    if (!BI)
      break;
    if (BI->isConditional())
      return BI->getSuccessor(0) == BI->getSuccessor(1) ? std::make_pair(nullptr, 0u)
                                                        : std::make_pair(BI, BI->getSuccessor(0) == B ? 0u : 1u);
  }
  return {nullptr, 0};
}

/// Whether L's guard G lets it run with the values Map gives (the same
/// values its trip count was taken with): both sides of its comparison are
/// then constants. No answer for any other guard.
static std::optional<bool> guardEnters(std::pair<BranchInst *, unsigned> G, ScalarEvolution &SE,
                                       ValueToSCEVMapTy &Map) {
  auto *C = G.first ? dyn_cast<ICmpInst>(G.first->getCondition()) : nullptr;
  if (!C || !C->getOperand(0)->getType()->isIntegerTy())
    return std::nullopt;
  auto *A = dyn_cast<SCEVConstant>(SCEVParameterRewriter::rewrite(SE.getSCEV(C->getOperand(0)), SE, Map));
  auto *B = dyn_cast<SCEVConstant>(SCEVParameterRewriter::rewrite(SE.getSCEV(C->getOperand(1)), SE, Map));
  if (!A || !B)
    return std::nullopt;
  return ICmpInst::compare(A->getAPInt(), B->getAPInt(), C->getPredicate()) == (G.second == 0);
}

/// Whether L's guard is the test of the first __kmpc_dispatch_next's
/// answer (a dispatch loop: some thread gets the first chunk of a range that
/// is not empty), L on the side of a chunk handed out.
static bool firstChunkGuard(const Loop *L) {
  auto [BI, Succ] = loopGuard(L);
  auto *C = BI ? dyn_cast<ICmpInst>(BI->getCondition()) : nullptr;
  auto *K = C ? dyn_cast<ConstantInt>(C->getOperand(1)) : nullptr;
  auto *Next = C ? dyn_cast<CallBase>(C->getOperand(0)) : nullptr;
  Function *F = Next ? Next->getCalledFunction() : nullptr;
  return K && K->isZero() && C->isEquality() && F && F->getName().starts_with("__kmpc_dispatch_next") &&
         (C->getPredicate() == ICmpInst::ICMP_NE) == (Succ == 0);
}

/// L's trip count when it reads parameters of its function only and every
/// call that runs (a block frequency above zero: not a recursion's base
/// case, outermostBranches) passes the same constants for them (smooth's
/// `sweeps`: 2 from the outermost V-cycle, 40 only at the coarsest level).
std::optional<double> Estimator::argTrips(FnInfo &FI, const Loop *L, bool &Enters) {
  Enters = false;
  Function &F = *L->getHeader()->getParent();
  const SCEV *B = FI.SE->getBackedgeTakenCount(L);
  if (!F.hasLocalLinkage() || isa<SCEVCouldNotCompute>(B) || !ArgTripsBusy.insert(&F).second)
    return std::nullopt;
  auto reads = [&](bool Arg) {
    return SCEVExprContains(B, [&](const SCEV *X) {
      auto *U = dyn_cast<SCEVUnknown>(X);
      return U && isa<Argument>(U->getValue()) == Arg;
    });
  };
  std::optional<int64_t> Trips;
  bool Agree = reads(true) && !reads(false);
  std::pair<BranchInst *, unsigned> Guard = loopGuard(L);
  Enters = Guard.first != nullptr;
  SmallVector<std::pair<CallBase *, double>, 4> Calls;
  double Most = 0;
  for (Use &U : F.uses()) {
    auto *CB = dyn_cast<CallBase>(U.getUser());
    FnInfo *CI = Agree && CB && CB->isCallee(&U) ? info(*CB->getFunction()) : nullptr;
    if (!CI) {
      Agree = false;
      break;
    }
    Calls.push_back({CB, relFreq(*CI, CB->getParent()).first});
    Most = std::max(Most, Calls.back().second);
  }
  for (auto [CB, Freq] : Calls) {
    if (!Agree)
      break;
    if (Freq <= 0.001 * Most)
      continue; // a call that does not run (BFI keeps a trace of a decided edge)
    ValueToSCEVMapTy Map;
    for (Argument &A : F.args())
      if (auto *C = dyn_cast<ConstantInt>(CB->getArgOperand(A.getArgNo())); C && A.getType()->isIntegerTy())
        Map[&A] = FI.SE->getConstant(C->getValue());
    auto *T = dyn_cast<SCEVConstant>(SCEVParameterRewriter::rewrite(B, *FI.SE, Map));
    if (!T || T->getAPInt().getSignificantBits() > 62 || (Trips && *Trips != T->getAPInt().getSExtValue() + 1))
      Agree = false;
    else
      Trips = T->getAPInt().getSExtValue() + 1;
    Enters &= guardEnters(Guard, *FI.SE, Map).value_or(false);
  }
  ArgTripsBusy.erase(&F);
  if (!Agree || !Trips || *Trips <= 0)
    return std::nullopt;
  return double(*Trips);
}

/// Whether A and B read the same place: the same type at the same constant
/// offset of the same base.
static bool sameSlot(LoadInst &A, LoadInst &B) {
  if (&A == &B)
    return true;
  const DataLayout &DL = A.getModule()->getDataLayout();
  if (A.getType() != B.getType() || A.getPointerOperandType() != B.getPointerOperandType())
    return false;
  APInt OA(DL.getIndexTypeSizeInBits(A.getPointerOperandType()), 0), OB = OA;
  return A.getPointerOperand()->stripAndAccumulateConstantOffsets(DL, OA, true) ==
             B.getPointerOperand()->stripAndAccumulateConstantOffsets(DL, OB, true) &&
         OA == OB;
}

/// The values a load may read from a row of a constant table chosen at run
/// time: `classes[cls].nsolve`, directly or from a local copy of the row
/// (`const params_t P = classes[cls];`, one memcpy, otherwise only read:
/// by loads, by forks of regions that only read it). Empty for any other
/// load.
static SmallVector<int64_t, 8> tableValues(LoadInst &LI) {
  SmallVector<int64_t, 8> Out;
  const DataLayout &DL = LI.getModule()->getDataLayout();
  auto *IT = dyn_cast<IntegerType>(LI.getType());
  if (!IT || !LI.isSimple() || IT->getBitWidth() > 64)
    return Out;
  APInt Off(DL.getIndexTypeSizeInBits(LI.getPointerOperand()->getType()), 0);
  Value *Base = LI.getPointerOperand()->stripAndAccumulateConstantOffsets(DL, Off, true);
  if (auto *AI = dyn_cast<AllocaInst>(Base)) { // the row's copy: its one memcpy's source
    MemCpyInst *Copy = nullptr;
    for (User *U : AI->users()) {
      if (auto *MC = dyn_cast<MemCpyInst>(U); MC && MC->getRawDest() == AI && !Copy)
        Copy = MC;
      else if (auto *CB = dyn_cast<CallBase>(U); CB && !isa<LifetimeIntrinsic>(CB) && !regionsRead(*CB, AI))
        return Out;
      else if (!CB && !isa<LoadInst>(U) &&
               !(isa<GetElementPtrInst>(U) && all_of(U->users(), [](User *V) { return isa<LoadInst>(V); })))
        return Out; // a store into the copy
    }
    auto *Len = Copy ? dyn_cast<ConstantInt>(Copy->getLength()) : nullptr;
    if (!Len || Off.getSExtValue() + int64_t(DL.getTypeStoreSize(IT)) > int64_t(Len->getZExtValue()))
      return Out;
    Base = Copy->getRawSource();
  }
  // the row: a GEP on a constant table, one index variable
  auto *GEP = dyn_cast<GEPOperator>(Base);
  auto *G = GEP ? dyn_cast<GlobalVariable>(GEP->getPointerOperand()) : nullptr;
  if (!G || !G->isConstant() || !G->hasDefinitiveInitializer())
    return Out;
  unsigned Bits = DL.getIndexTypeSizeInBits(GEP->getType());
  MapVector<Value *, APInt> Vars;
  APInt Const(Bits, 0);
  if (!GEP->collectOffset(DL, Bits, Vars, Const) || Vars.size() != 1)
    return Out;
  int64_t Stride = Vars.front().second.getSExtValue(), Size = int64_t(DL.getTypeAllocSize(G->getValueType()));
  int64_t At = Const.getSExtValue() + Off.getSExtValue();
  if (Stride <= 0 || At < 0 || At >= Stride)
    return Out;
  for (int64_t Row = At; Row + int64_t(DL.getTypeStoreSize(IT)) <= Size && Out.size() < 64; Row += Stride) {
    Constant *V = ConstantFoldLoadFromConst(G->getInitializer(), IT, APInt(64, Row), DL);
    auto *C = dyn_cast_or_null<ConstantInt>(V);
    if (!C)
      return {};
    Out.push_back(C->getSExtValue());
  }
  return Out;
}

/// X as an induction of L with constant start and step (its value at the
/// latch's test of the first iteration, and its step): an affine recurrence,
/// or a counter kept in a slot of the frame (`s` shared with a parallel
/// region the loop forks: loaded, incremented, stored back and tested each
/// iteration, after its step or before it; stored a constant before the
/// loop, only read by the regions).
static std::optional<std::pair<int64_t, int64_t>> induction(Value *X, const Loop *L, ScalarEvolution &SE) {
  auto small = [](const APInt &V) { return V.getSignificantBits() <= 62; };
  if (auto *AR = dyn_cast<SCEVAddRecExpr>(SE.getSCEV(X)); AR && AR->getLoop() == L && AR->isAffine()) {
    auto *St = dyn_cast<SCEVConstant>(AR->getStart());
    auto *Sp = dyn_cast<SCEVConstant>(AR->getStepRecurrence(SE));
    if (St && Sp && small(St->getAPInt()) && small(Sp->getAPInt()))
      return std::make_pair(St->getAPInt().getSExtValue(), Sp->getAPInt().getSExtValue());
    return std::nullopt;
  }
  using namespace PatternMatch;
  Value *Old, *Next = X; // X is the counter after its step; or before it (the load tested, then stepped)
  const APInt *Step = nullptr;
  auto *Ld = match(X, m_Add(m_Value(Old), m_APInt(Step))) ? dyn_cast<LoadInst>(Old) : nullptr;
  bool Before = !Ld && isa<LoadInst>(X);
  if (Before) {
    Ld = cast<LoadInst>(X), Next = nullptr;
    for (User *U : Ld->users())
      if (match(U, m_Add(m_Specific(Ld), m_APInt(Step))))
        Next = U;
  }
  auto *A = Ld && Next && L->contains(Ld) ? dyn_cast<AllocaInst>(Ld->getPointerOperand()) : nullptr;
  if (!A || !small(*Step))
    return std::nullopt;
  std::optional<int64_t> Start;
  for (User *U : A->users()) {
    if (auto *SI = dyn_cast<StoreInst>(U)) {
      auto *C = dyn_cast<ConstantInt>(SI->getValueOperand());
      if (SI->getPointerOperand() != A || (L->contains(SI) ? SI->getValueOperand() != Next : !C || Start))
        return std::nullopt;
      if (C)
        Start = C->getSExtValue();
    } else if (auto *CB = dyn_cast<CallBase>(U)) {
      if (!isa<LifetimeIntrinsic>(CB) && !regionsRead(*CB, A))
        return std::nullopt;
    } else if (!isa<LoadInst>(U)) {
      return std::nullopt;
    }
  }
  if (!Start)
    return std::nullopt;
  return std::make_pair(*Start + (Before ? 0 : Step->getSExtValue()), Step->getSExtValue());
}

/// The latch's test `x pred Bound` of L, x an induction (with constant
/// start and step), Bound fixed in L: the tests it makes until it exits.
struct LatchTest {
  std::pair<int64_t, int64_t> Ind; // x's value at the first test, and its step
  Value *Bound;
  CmpInst::Predicate P; // x P Bound
  bool ExitOnTrue;
  unsigned W;
  /// The tests with Bound = V (the loop's trips), up to 65536 of them: a
  /// count of steps or solves, not a size; none beyond.
  std::optional<int64_t> tests(int64_t V) const {
    constexpr int64_t MaxTests = int64_t(1) << 16;
    int64_t X = Ind.first;
    for (int64_t N = 1; N < MaxTests; ++N, X += Ind.second)
      if (ICmpInst::compare(APInt(W, uint64_t(X), true), APInt(W, uint64_t(V), true), P) == ExitOnTrue)
        return N;
    return std::nullopt;
  }
};

/// L's latch test of an induction against a constant or a load, if it has one.
static std::optional<LatchTest> latchTest(const Loop *L, ScalarEvolution &SE) {
  BasicBlock *Latch = L->getLoopLatch();
  auto *BI = Latch && L->getExitingBlock() == Latch ? dyn_cast<BranchInst>(Latch->getTerminator()) : nullptr;
  auto *C = BI && BI->isConditional() ? dyn_cast<ICmpInst>(BI->getCondition()) : nullptr;
  // an integer test (a loop ending on a pointer, `p != end`, has none: its
  // type has no bit width)
  if (!C || !C->getOperand(0)->getType()->isIntegerTy() || C->getOperand(0)->getType()->getIntegerBitWidth() > 64)
    return std::nullopt;
  for (unsigned I = 0; I < 2; ++I) {
    Value *Bound = C->getOperand(1 - I);
    if (!isa<LoadInst>(Bound) && !isa<ConstantInt>(Bound))
      continue;
    if (std::optional<std::pair<int64_t, int64_t>> Ind = induction(C->getOperand(I), L, SE))
      return LatchTest{*Ind, Bound, I ? C->getSwappedPredicate() : C->getPredicate(),
                       !L->contains(BI->getSuccessor(0)), C->getOperand(0)->getType()->getIntegerBitWidth()};
  }
  return std::nullopt;
}

/// L's trip count when its counter is kept in a frame slot it shares with
/// the parallel regions it forks (`for (it = 0; it < 10; it++)` around a
/// region that reads `it`: loaded, incremented, stored back and tested each
/// iteration, so ScalarEvolution counts no trip) and its bound is a
/// constant: the latch's tests, run.
static std::optional<double> slotCounterTrips(const Loop *L, ScalarEvolution &SE) {
  std::optional<LatchTest> T = latchTest(L, SE);
  auto *K = T ? dyn_cast<ConstantInt>(T->Bound) : nullptr;
  std::optional<int64_t> N = K && K->getValue().getSignificantBits() <= 63 ? T->tests(K->getSExtValue()) : std::nullopt;
  return N ? std::optional<double>(double(*N)) : std::nullopt;
}

/// L's trip count when its bound is a field of a constant table's row the
/// program chooses at run time (a class's parameters: `for (s = 0; s <
/// P.nsolve; s++)`): the median over the rows, a guess (which row runs is
/// the input's), but one of the counts the program can run. The bound may
/// be read again each iteration (the row's copy is shared with a parallel
/// region the loop forks, so ScalarEvolution counts no trip): the latch's
/// test of an induction against it is then run for each row.
std::optional<double> Estimator::tableTrips(FnInfo &FI, const Loop *L, bool &Enters) {
  return boundTrips(FI, L, Enters, tableValues, 2);
}

/// L's trip count when its bound is a slot the module stores one constant
/// into and nothing else (an ELLPACK matrix's row width, `A->K = 4` in its
/// builder, whose int stores into the matrix keep the optimiser from
/// forwarding it to the product's `k < A->K`): the count with that constant.
std::optional<double> Estimator::constSlotTrips(FnInfo &FI, const Loop *L, bool &Enters) {
  return boundTrips(
      FI, L, Enters,
      [&](LoadInst &Ld) {
        SmallVector<int64_t, 8> V;
        if (ConstantInt *C = Space.constLoaded(&Ld))
          V.push_back(C->getSExtValue());
        return V;
      },
      1);
}

/// L's trip count with its bound, a load, taking each of the values
/// Values gives it (at least Least of them): their median.
std::optional<double> Estimator::boundTrips(FnInfo &FI, const Loop *L, bool &Enters,
                                            function_ref<SmallVector<int64_t, 8>(LoadInst &)> Values,
                                            unsigned Least) {
  ScalarEvolution &SE = *FI.SE;
  SmallVector<int64_t, 8> Trips;
  // the guard reads the bound from the same place (perhaps by a load of its own)
  std::pair<BranchInst *, unsigned> Guard = loopGuard(L);
  Enters = Guard.first != nullptr;
  auto guardSees = [&](LoadInst *Bound, int64_t V) {
    ValueToSCEVMapTy Map;
    auto *C = Guard.first ? dyn_cast<ICmpInst>(Guard.first->getCondition()) : nullptr;
    for (unsigned I = 0; C && I < 2; ++I)
      if (auto *GL = dyn_cast<LoadInst>(C->getOperand(I)); GL && sameSlot(*GL, *Bound))
        Map[GL] = SE.getConstant(GL->getType(), uint64_t(V), /*isSigned=*/true);
    Map[Bound] = SE.getConstant(Bound->getType(), uint64_t(V), /*isSigned=*/true);
    Enters &= guardEnters(Guard, SE, Map).value_or(false);
  };
  // (also the counts ScalarEvolution has none of: a latch's phi of the
  // paths' `j + 1` around a row loop that may not run, flang's `do j = 1, ny2`)
  const SCEV *B = backedgeCount(L, SE);
  if (B && !isa<SCEVCouldNotCompute>(B)) {
    LoadInst *Leaf = nullptr;
    bool Other = false;
    SCEVExprContains(B, [&](const SCEV *X) {
      if (auto *U = dyn_cast<SCEVUnknown>(X)) {
        auto *LI = dyn_cast<LoadInst>(U->getValue());
        if (LI && (!Leaf || Leaf == LI))
          Leaf = LI;
        else
          Other = true;
      }
      return false;
    });
    if (!Leaf || Other)
      return std::nullopt;
    for (int64_t V : Values(*Leaf)) {
      ValueToSCEVMapTy Map;
      Map[Leaf] = SE.getConstant(Leaf->getType(), uint64_t(V), /*isSigned=*/true);
      auto *T = dyn_cast<SCEVConstant>(SCEVParameterRewriter::rewrite(B, SE, Map));
      if (!T || T->getAPInt().getSignificantBits() > 62)
        return std::nullopt;
      Trips.push_back(T->getAPInt().getSExtValue() + 1);
      guardSees(Leaf, V);
    }
  } else {
    std::optional<LatchTest> T = latchTest(L, SE);
    auto *Ld = T ? dyn_cast<LoadInst>(T->Bound) : nullptr;
    for (int64_t V : Ld ? Values(*Ld) : SmallVector<int64_t, 8>()) {
      std::optional<int64_t> N = T->tests(V);
      if (!N)
        return std::nullopt;
      Trips.push_back(*N);
      guardSees(Ld, V);
    }
  }
  if (Trips.size() < Least)
    return std::nullopt;
  llvm::sort(Trips);
  int64_t Mid = Trips[(Trips.size() - 1) / 2];
  return Mid > 0 ? std::optional<double>(double(Mid)) : std::nullopt;
}

/// The constant a value takes where the program is given no other: a phi or
/// select of one constant and values of the input (`steps = argc > 2 ?
/// atoi(argv[2]) : 10`); none for a loop header's phi (an induction's start).
/// Or a load of a frame slot that one store of a constant before it sets and
/// only calls may set again (Fortran's `steps = 10` before `read(arg, *)
/// steps`, the slot passed to the runtime's input).
static std::optional<int64_t> programDefault(Value *V, const LoopInfo &LI, DominatorTree &DT) {
  if (auto *Ld = dyn_cast<LoadInst>(V); Ld && Ld->isSimple()) {
    auto *Slot = dyn_cast<AllocaInst>(Ld->getPointerOperand());
    if (!Slot)
      return std::nullopt;
    StoreInst *Def = nullptr;
    unsigned Calls = 0;
    for (User *U : Slot->users()) {
      if (isa<LoadInst>(U) || (isa<IntrinsicInst>(U) && cast<IntrinsicInst>(U)->isLifetimeStartOrEnd()))
        continue;
      auto *St = dyn_cast<StoreInst>(U);
      if (St && St->getPointerOperand() == Slot && isa<ConstantInt>(St->getValueOperand()) && !Def)
        Def = St;
      else if (auto *CB = dyn_cast<CallBase>(U);
               CB && !isa<IntrinsicInst>(CB) && CB->getCalledOperand() != Slot && is_contained(CB->args(), Slot))
        ++Calls; // the input's reader
      else
        return std::nullopt;
    }
    // before the load on every path (`steps = 10` and then the read), or on
    // one arm of the input's test and never after the load (NPB's `niter =
    // niter_default` where no input file opens, `read (2, *) niter` where one
    // does)
    auto *K = Def ? cast<ConstantInt>(Def->getValueOperand()) : nullptr;
    if (!K || !Calls || K->getValue().getSignificantBits() > 62 ||
        (!DT.dominates(Def, Ld) &&
         (!isPotentiallyReachable(Def, Ld, nullptr, &DT) || isPotentiallyReachable(Ld, Def, nullptr, &DT))))
      return std::nullopt;
    return K->getSExtValue();
  }
  SmallVector<Value *, 4> Ins;
  if (auto *P = dyn_cast<PHINode>(V); P && !LI.isLoopHeader(P->getParent()))
    Ins.append(P->op_begin(), P->op_end());
  else if (auto *S = dyn_cast<SelectInst>(V))
    Ins = {S->getTrueValue(), S->getFalseValue()};
  std::optional<int64_t> C;
  unsigned Input = 0;
  for (Value *In : Ins)
    if (auto *K = dyn_cast<ConstantInt>(In)) {
      if (K->getValue().getSignificantBits() > 62 || (C && *C != K->getSExtValue()))
        return std::nullopt;
      C = K->getSExtValue();
    } else if (isa<Constant>(In))
      return std::nullopt; // undef, an address
    else
      ++Input;
  return Input ? C : std::nullopt;
}

std::optional<int64_t> Estimator::symDefault(unsigned Sym) {
  auto [It, New] = SymDefaults.try_emplace(Sym, std::nullopt);
  StringRef Slot = Space.name(Sym);
  if (!New || !Slot.starts_with("@"))
    return It->second;
  if (auto CS = Space.constStores().find(Slot); CS != Space.constStores().end() && Space.addressTaken(Slot)) {
    if (auto *C = dyn_cast<ConstantInt>(CS->second->getValueOperand()); C && C->getValue().getActiveBits() < 62)
      It->second = C->getSExtValue();
  } else {
    It->second = slotDefault(Slot);
  }
  return It->second;
}

std::optional<int64_t> Estimator::slotDefault(StringRef Slot) {
  auto It = Space.slotValues().find(Slot);
  auto *I = It == Space.slotValues().end() ? nullptr : dyn_cast<Instruction>(It->second);
  if (!I || !(isa<PHINode>(I) || isa<SelectInst>(I)))
    return std::nullopt;
  Function &F = *I->getFunction();
  return programDefault(I, FAM.getResult<LoopAnalysis>(F), FAM.getResult<DominatorTreeAnalysis>(F));
}

/// L's trip count when its bound is a value the program defaults (a step
/// count read from argv, else 10): the trips at the default, a guess (the
/// run's input decides), but the count the program runs when given none
/// rather than BranchProbabilityInfo's 32.
std::optional<double> Estimator::defaultTrips(FnInfo &FI, const Loop *L, bool &Enters) {
  ScalarEvolution &SE = *FI.SE;
  // at most: a C++ time loop's calls also leave it by their unwind edges
  const SCEV *B = SE.getSymbolicMaxBackedgeTakenCount(L);
  if (isa<SCEVCouldNotCompute>(B))
    B = backedgeCount(L, SE);
  if (!B || isa<SCEVCouldNotCompute>(B))
    return std::nullopt;
  Value *Leaf = nullptr;
  bool Other = false;
  SCEVExprContains(B, [&](const SCEV *X) {
    if (auto *U = dyn_cast<SCEVUnknown>(X)) {
      if (!Leaf || Leaf == U->getValue())
        Leaf = U->getValue();
      else
        Other = true;
    }
    return false;
  });
  std::optional<int64_t> D =
      Leaf && !Other && isa<Instruction>(Leaf)
          ? programDefault(Leaf, *FI.LI, FAM.getResult<DominatorTreeAnalysis>(*cast<Instruction>(Leaf)->getFunction()))
          : std::nullopt;
  if (!D)
    return std::nullopt;
  ValueToSCEVMapTy Map;
  Map[Leaf] = SE.getConstant(Leaf->getType(), uint64_t(*D), /*isSigned=*/true);
  auto *T = dyn_cast<SCEVConstant>(SCEVParameterRewriter::rewrite(B, SE, Map));
  if (!T || T->getAPInt().getSignificantBits() > 31 || T->getAPInt().isNegative())
    return std::nullopt;
  std::pair<BranchInst *, unsigned> Guard = loopGuard(L);
  Enters = Guard.first && guardEnters(Guard, SE, Map).value_or(false);
  return double(T->getAPInt().getSExtValue() + 1);
}

/// The count at which an exit of L leaves when its test, alone or and-ed or
/// or-ed with the data's, compares a counter of L with a slot the loop
/// reloads and the module stores one constant into (a Fortran COMMON
/// block's `niter_max = 1000`, reloaded after each parallel region's fork,
/// which ScalarEvolution cannot take for loop-invariant); 0 for any other.
static double reloadedLimit(const Loop *L, BasicBlock *BB, ScalarEvolution &SE, SampleSpace &Space) {
  auto *Br = dyn_cast<BranchInst>(BB->getTerminator());
  if (!Br || !Br->isConditional())
    return 0;
  using namespace PatternMatch;
  SmallVector<Value *, 4> Work{Br->getCondition()};
  double Best = 0;
  for (unsigned Steps = 0; !Work.empty() && Steps < 16; ++Steps) {
    Value *V = Work.pop_back_val();
    Value *A, *B;
    if (match(V, m_LogicalAnd(m_Value(A), m_Value(B))) || match(V, m_LogicalOr(m_Value(A), m_Value(B)))) {
      Work.append({A, B});
      continue;
    }
    auto *Cmp = dyn_cast<ICmpInst>(V);
    if (!Cmp)
      continue;
    for (unsigned I : {0u, 1u}) {
      auto *LI = dyn_cast<LoadInst>(Cmp->getOperand(I));
      auto *AR = dyn_cast<SCEVAddRecExpr>(SE.getSCEV(Cmp->getOperand(1 - I)));
      if (!LI || !LI->isSimple() || !L->contains(LI) || !AR || AR->getLoop() != L || !AR->isAffine())
        continue;
      auto *Start = dyn_cast<SCEVConstant>(AR->getStart());
      auto *Step = dyn_cast<SCEVConstant>(AR->getStepRecurrence(SE));
      ConstantInt *Limit = Space.constLoaded(LI);
      if (!Start || !Step || Step->getAPInt().isZero() || !Limit)
        continue;
      double K = double(Limit->getSExtValue());
      double N = (K - double(Start->getAPInt().getSExtValue())) / double(Step->getAPInt().getSExtValue());
      if (N >= 1 && N < double(uint64_t(1) << 30))
        Best = Best > 0 ? std::min(Best, N) : N;
    }
  }
  return Best;
}

/// The limit of a loop that ends on data before it (a solver's `while (it <
/// 1000 && residual > tol)`): the least constant bound ScalarEvolution
/// finds on its exits' counts, when some exit has no count it can compute
/// (the data's; `it < 1000` may share its branch); 0 for any other loop.
static double dataLoopLimit(const Loop *L, ScalarEvolution &SE, SampleSpace &Space) {
  SmallVector<BasicBlock *, 4> Exiting;
  L->getExitingBlocks(Exiting);
  double Limit = 0;
  bool Data = false;
  for (BasicBlock *BB : Exiting) {
    const SCEV *Exact = SE.getExitCount(L, BB);
    if (!isa<SCEVConstant>(Exact) && !isa<SCEVCouldNotCompute>(Exact))
      return 0; // an exit in the program's values: no limit of the data's
    Data |= isa<SCEVCouldNotCompute>(Exact);
    double N = 0;
    if (auto *C = dyn_cast<SCEVConstant>(SE.getExitCount(L, BB, ScalarEvolution::ConstantMaximum));
        C && C->getAPInt().ult(uint64_t(1) << 30))
      N = double(C->getAPInt().getZExtValue() + 1);
    else if (isa<SCEVCouldNotCompute>(Exact))
      N = reloadedLimit(L, BB, SE, Space);
    if (N > 0)
      Limit = Limit > 0 ? std::min(Limit, N) : N;
  }
  return Data ? Limit : 0;
}

/// The tests of Cond that must all hold for Cond to (a logical and's,
/// down to 8 leaves); Negate: of Cond false (a logical or's, each test
/// inverted: an exit on `it >= n || r <= tol` stays while `it < n && r >
/// tol`). False when Cond is no such tree.
static bool holdingTests(Value *Cond, bool Negate, SmallVectorImpl<std::pair<CmpInst *, CmpInst::Predicate>> &Out) {
  using namespace PatternMatch;
  SmallVector<Value *, 8> Work{Cond};
  while (!Work.empty()) {
    Value *V = Work.pop_back_val(), *A, *B;
    if (!Negate ? match(V, m_LogicalAnd(m_Value(A), m_Value(B))) : match(V, m_LogicalOr(m_Value(A), m_Value(B)))) {
      Work.append({A, B});
      continue;
    }
    auto *C = dyn_cast<CmpInst>(V);
    if (!C || Out.size() == 8)
      return false;
    Out.push_back({C, Negate ? C->getInversePredicate() : C->getPredicate()});
  }
  return true;
}

/// Whether a loop that ends on data (dataLoopLimit) is entered each time
/// its guard is reached: the guard is the loop's own test on the values
/// before the first iteration (loop rotation's copy: a solver's `do while
/// (it < niter_max .and. residual > tol)` tested once before the loop,
/// `niter_max > 0 .and. sqrt(rho / rho) > tol`). Each of its tests compares
/// data as one of the loop's staying tests does (the same predicate against
/// the same constant) or is decided true by constants and slots the module
/// stores one constant into. The estimate of such a loop's count takes it to
/// run; BranchProbabilityInfo's even odds on the guard halved it.
static bool dataGuardEnters(const Loop *L, SampleSpace &Space) {
  auto [Guard, Succ] = loopGuard(L);
  SmallVector<std::pair<CmpInst *, CmpInst::Predicate>, 8> Tests, Stays;
  if (!Guard || !holdingTests(Guard->getCondition(), Succ != 0, Tests))
    return false;
  SmallVector<BasicBlock *, 4> Exiting;
  L->getExitingBlocks(Exiting);
  for (BasicBlock *BB : Exiting)
    if (auto *Br = dyn_cast<BranchInst>(BB->getTerminator()); Br && Br->isConditional())
      (void)holdingTests(Br->getCondition(), !L->contains(Br->getSuccessor(0)), Stays);
  auto Known = [&](Value *V) -> Constant * {
    if (auto *C = dyn_cast<Constant>(V))
      return C;
    ConstantInt *K = Space.constLoaded(V);
    return K && K->getType() == V->getType() ? K : nullptr;
  };
  bool Data = false;
  for (const auto &T : Tests) {
    CmpInst *C = T.first;
    CmpInst::Predicate Pred = T.second;
    Constant *A = Known(C->getOperand(0)), *B = Known(C->getOperand(1));
    if (A && B) {
      auto *R = dyn_cast_or_null<ConstantInt>(ConstantFoldCompareInstOperands(Pred, A, B, C->getDataLayout()));
      if (!R || !R->isOne())
        return false;
      continue;
    }
    unsigned K = isa<Constant>(C->getOperand(1)) ? 1 : 0;
    auto *Bound = dyn_cast<Constant>(C->getOperand(K));
    if (!Bound || !any_of(Stays, [&](auto &S) {
          return S.second == Pred && S.first->getOperand(K) == Bound && !isa<Constant>(S.first->getOperand(1 - K));
        }))
      return false;
    Data = true;
  }
  return Data;
}

/// Header executions per entry of L: SCEV's trip count when it has one (or
/// its bound, when BFI guesses more), 1 for a worksharing dispatch loop, else
/// BFI's guess. Second: known.
std::pair<double, bool> Estimator::iterations(FnInfo &FI, const Loop *L) {
  auto It = FI.Iter[Mode].find(L);
  if (It != FI.Iter[Mode].end())
    return It->second;
  double In = entering(FI, L);
  double Est = In > 0 ? bfi(FI, L->getHeader()) / In : 1.0;
  std::pair<double, bool> R{Est, false};
  bool Enters = false, E = false; // its guard lets it in with the values its count was taken with
  if (isDispatchLoop(*FI.LI, L))
    R = {1.0, true}, Enters = firstChunkGuard(L); // its chunks are one pass of the chunk loop's range
  else if (unsigned T = FI.SE->getSmallConstantTripCount(L))
    R = {double(T), true};
  else if (auto *TC = dyn_cast_or_null<SCEVConstant>(threadedExitCount(L, *FI.SE));
           TC && TC->getAPInt().ult(uint64_t(1) << 31))
    R = {double(TC->getAPInt().getZExtValue() + 1), true}; // its test on each path of a branch (jump threading's)
  else if (std::optional<double> S = slotCounterTrips(L, *FI.SE))
    R = {*S, true}; // a counter in a slot shared with its regions, a constant bound
  else if (std::optional<double> C = constSlotTrips(FI, L, E))
    R = {*C, true}, Enters = E; // a bound the module sets to one constant
  else if (std::optional<double> A = argTrips(FI, L, E))
    R = {*A, true}, Enters = E; // the same constants from every caller that runs
  else if (std::optional<Sample> TS = Mode ? sampleTrips(FI, L) : std::nullopt;
           TS && !TS->Syms.empty() && usable(TS->Syms))
    R = {double(TS->Value), true}, FI.LoopSyms[Mode][L] = TS->Syms; // in terms of the objects' sizes
  else if (std::optional<double> T = tableTrips(FI, L, E))
    R = {*T, false}, Enters = E; // a class's parameter from a constant table: the rows' median, guessed
  else if (std::optional<double> T = defaultTrips(FI, L, E))
    R = {*T, false}, Enters = E; // the program's default for a count it reads, guessed
  else if (std::optional<std::pair<double, bool>> G = geometricTrips(L))
    R = *G; // log2 of its bound
  else if (double Max = maxTripCount(*FI.SE, L); Max > 0 && (Max <= ShortTrip || Max < Est))
    R = {std::min(Est, Max), Max <= ShortTrip}; // a loose bound only caps the guess
  else if (double Limit = dataLoopLimit(L, *FI.SE, Space); Limit > ShortTrip && std::sqrt(Limit) > Est)
    R = {std::sqrt(Limit), false}, // ends on data, at most Limit times: [1, Limit]'s middle on a log scale
        Enters = dataGuardEnters(L, Space);
  // entered each time its guard is reached, not BranchProbabilityInfo's 5/8
  double Entry = Enters && In > 0 ? std::max(In, bfi(FI, loopGuard(L).first->getParent())) : In;
  FI.EnterCorr[Mode][L] = In > 0 ? Entry / In : 1.0;
  FI.Corr[Mode][L] = Est > 0 ? R.first / Est * FI.EnterCorr[Mode][L] : 1.0;
  return FI.Iter[Mode][L] = R;
}

/// Whether view 1's decided branches leave L unentered: BlockFrequencyInfo
/// keeps a block behind a never-taken edge at its least frequency, not 0,
/// which the trip counts of the loops around it scale up (the scalar rest of
/// a vectorised row loop, 1.7e-4 executions per call after a row loop of
/// 1173 and a time loop of 10): its entries per iteration of the loop around
/// it (per call, outside loops) decide.
bool Estimator::deadAtSample(FnInfo &FI, const Loop *L) {
  if (relFreq(FI, L->getHeader()).first < DeadFreq)
    return true;
  const Loop *P = L->getParentLoop();
  return entering(FI, L) < DeadFreq * (P ? bfi(FI, P->getHeader()) : FI.EntryFreq[Mode]);
}

/// Whether F gives any heap object back (free, delete: the vocabulary's
/// release rows, or the entry points the pass calls instead).
static bool releasesIn(const Function &F) {
  for (const Instruction &I : instructions(F))
    if (auto *CB = dyn_cast<CallBase>(&I))
      if (const Function *C = CB->getCalledFunction())
        for (const ReleaseRow &R : ReleaseRows)
          if (R.Frees && (C->getName() == R.Name || C->getName() == R.Entry))
            return true;
  return false;
}

/// The function site Rec's call runs in when it runs on every call of it,
/// outside its loops, and gives nothing back (one object per call, each
/// kept for its caller: a filler, `field_init(f, n)`); null otherwise (an
/// allocation in a loop of its function: not told apart here; a temporary
/// freed before the function returns is one object live at a time).
Function *Estimator::oncePerCall(GlobalVariable *Rec) {
  auto *At = dyn_cast_or_null<Instruction>(Anchors.lookup(Rec));
  FnInfo *FI = At ? info(*At->getFunction()) : nullptr;
  if (!FI || FI->LI->getLoopFor(At->getParent()) || releasesIn(*At->getFunction()))
    return nullptr;
  unsigned Was = Mode;
  Mode = 0;
  double Every = bfi(*FI, At->getParent()) / FI->EntryFreq[0];
  Mode = Was;
  return Every > 0.99 ? At->getFunction() : nullptr;
}

/// The objects site Rec makes per run, alive together: its allocation calls
/// that run on every call of their function, outside its loops (a class's
/// constructor inlined for each of its instances, `Vec x(n); Vec y(n)`; jump
/// threading's copies, on exclusive paths, add up to one), times the known
/// calls of that function when it gives nothing back (a filler called for
/// two fields, `field_init(&a, n); field_init(&b, n)`; a temporary freed
/// before it returns is one object at a time), summed over the functions
/// holding such calls that this module calls; a function's own copy that
/// no call here runs adds none (an external filler inlined at both its
/// calls, `field_init` kept out of line for other modules). The site's
/// accesses per run are all of theirs, each object's a share. 1 when not
/// known.
double Estimator::objectsPerRun(GlobalVariable *Rec) {
  unsigned Was = Mode;
  Mode = 0;
  auto Restore = make_scope_exit([&] { Mode = Was; });
  MapVector<Function *, std::pair<double, bool>> PerCall; // per call of each function; false: one in a loop
  for (unsigned R : Roots.lookup(Rec)) {
    auto *CB = dyn_cast<CallBase>(States[R].Root);
    FnInfo *FI = CB ? info(*CB->getFunction()) : nullptr;
    if (!FI)
      return 1;
    auto &[P, Outside] = PerCall.try_emplace(CB->getFunction(), 0.0, true).first->second;
    P += bfi(*FI, CB->getParent()) / FI->EntryFreq[0];
    Outside &= !FI->LI->getLoopFor(CB->getParent());
  }
  double Objects = 0;
  for (auto &[F, PO] : PerCall) {
    auto [P, Outside] = PO;
    // of several functions, those this module calls (not copies kept for
    // other modules' calls: an inlined filler's own, a constructor's two
    // ABI variants, whose calls are alternatives)
    auto Called = [](Use &U) { return bool(AbstractCallSite(&U)); };
    if (PerCall.size() > 1 && !isProgramMain(*F) && none_of(F->uses(), Called))
      continue;
    auto [K, Guess] = entryCount(*F);
    bool Every = Outside && P > 0.99;
    Objects += (Every ? P : 1.0) * (Every && !Guess && K >= 2 && !releasesIn(*F) ? K : 1.0);
  }
  return Objects >= 1.5 ? Objects : 1;
}

/// Executions of BB per call of its function; second: a guessed trip count is in it.
std::pair<double, bool> Estimator::relFreq(FnInfo &FI, const BasicBlock *BB, SymSet *Syms) {
  double F = bfi(FI, BB) / FI.EntryFreq[Mode];
  bool Guess = false;
  auto OnceIn = FI.OncePer.find(BB);
  for (const Loop *L = FI.LI->getLoopFor(BB); L; L = L->getParentLoop()) {
    auto [N, Known] = iterations(FI, L);
    (void)N;
    bool Once = OnceIn != FI.OncePer.end() && OnceIn->second == L;
    F *= Once ? FI.EnterCorr[Mode][L] : FI.Corr[Mode][L];
    if (Once)
      continue; // once per entry, whatever L's count
    Guess |= !Known;
    if (auto It = FI.LoopSyms[Mode].find(L); Syms && Mode && It != FI.LoopSyms[Mode].end())
      unionSyms(*Syms, It->second);
  }
  return {F, Guess};
}

/// Entries into L per call of its function.
std::pair<double, bool> Estimator::loopEntries(FnInfo &FI, const Loop *L) {
  (void)iterations(FI, L);
  double F = entering(FI, L) / FI.EntryFreq[Mode] * FI.EnterCorr[Mode][L];
  bool Guess = false;
  auto OnceIn = FI.OncePer.find(L->getHeader());
  for (const Loop *P = L->getParentLoop(); P; P = P->getParentLoop()) {
    auto [N, Known] = iterations(FI, P);
    (void)N;
    bool Once = OnceIn != FI.OncePer.end() && OnceIn->second == P; // as relFreq
    F *= Once ? FI.EnterCorr[Mode][P] : FI.Corr[Mode][P];
    Guess |= !Known && !Once;
  }
  return {F, Guess};
}

/// CB's argument ArgNo; null past its last.
static Value *argAt(CallBase &CB, unsigned ArgNo) {
  return ArgNo < CB.arg_size() ? CB.getArgOperand(ArgNo) : nullptr;
}

/// The pointer a fork CB shares with its outlined function's argument A
/// (the value stored into the slot it passes, regionSlotValue); null for
/// any other call.
static Value *regionArgValue(CallBase &CB, Argument &A) {
  if (!A.onlyReadsMemory())
    return nullptr;
  SmallVector<const Use *, 2> CallbackUses;
  AbstractCallSite::getCallbackUses(CB, CallbackUses);
  for (const Use *CU : CallbackUses) {
    AbstractCallSite ACS(CU);
    if (ACS && ACS.getCalledFunction() == A.getParent())
      if (Value *Op = ACS.getCallArgOperand(A.getArgNo()))
        return regionSlotValue(Op, A.getType()); // a pointer, as A
  }
  return nullptr;
}

/// Per call of CB's function, how often the callee's sweeps of the pointer
/// Ptr CB passes (straight into the object) make one sweep of
/// the object. The pointer moves in loops around CB (a grid line per call,
/// `fft_line(u + ID(0, j, k), nx)`): the callee's loops walk that part, the
/// loops that move it tile the object with the parts, so a sweep counts
/// once per entry of the outermost of them, not once per call. Otherwise
/// the call's frequency (R). Pointers that take turns as the argument (a
/// time loop's `step(u, v); t = u; u = v; v = t`: rotation) are no parts:
/// each is the argument on 1/K of the calls, R scaled so.
double Estimator::tileEntries(FnInfo &FI, CallBase &CB, Value *Ptr, double &R) {
  if (!Ptr || !FI.SE->isSCEVable(Ptr->getType()))
    return R;
  const SCEV *S = FI.SE->getSCEV(Ptr);
  const Loop *Out = nullptr;
  for (const Loop *P = FI.LI->getLoopFor(CB.getParent()); P && variesIn(S, P, *FI.SE); P = P->getParentLoop()) {
    if (unsigned K = Out ? 0 : rotation(S, P)) {
      R /= K;
      return R;
    }
    Out = P;
    // where the parts start as P begins: a loop around P that only runs P
    // again (a time loop around the tiles) repeats the sweep, it is no tile
    S = startIn(S, P, *FI.SE);
  }
  return Out ? std::min(R, loopEntries(FI, Out).first) : R;
}

/// Calls of F per run: 1 for main, else the sum over its call sites (direct,
/// and callbacks such as __kmpc_fork_call) of caller calls x block
/// frequency. Recursive calls add nothing. A function only other modules
/// call (no call site here, external linkage) or whose address is taken is
/// a root, called once per call of itself (PerRoot) and, in a module
/// without main, once per run. In a module with main, an external function
/// with no call left here is called from other modules or not at all: its
/// calls from main's module were inlined (their copies count where they
/// are) or are none, and other modules' calls are theirs (the join counts
/// them through their "fn()" edges): none per run here.
std::pair<double, bool> Estimator::entryCount(Function &F) {
  auto &Memo = Entries[Mode][PerRoot];
  auto It = Memo.find(&F);
  if (It != Memo.end())
    return It->second;
  if (isProgramMain(F))
    return Memo[&F] = {1.0, false};
  if (!InProgress.insert(&F).second)
    return {0.0, false};
  double Sum = 0;
  bool Guess = false, Any = false, Cut = false;
  SymSet Syms; // views 1, 2: the callers' trip counts taken at the sample point
  for (Use &U : F.uses()) {
    AbstractCallSite ACS(&U);
    if (!ACS)
      continue;
    CallBase *CB = ACS.getInstruction();
    Function *Caller = CB->getFunction();
    Any = true;
    Cut |= InProgress.count(Caller) > 0; // a recursion: its calls are not known here
    auto [C, G1] = entryCount(*Caller);
    double R = 1;
    bool G2 = false;
    if (FnInfo *FI = info(*Caller))
      std::tie(R, G2) = relFreq(*FI, CB->getParent(), &Syms);
    if (Mode)
      unionSyms(Syms, EntrySyms[Mode][PerRoot].lookup(Caller));
    Sum += C * R;
    Guess |= G1 || G2;
  }
  InProgress.erase(&F);
  if (Mode)
    EntrySyms[Mode][PerRoot][&F] = Syms;
  bool Taken = F.hasAddressTaken(nullptr, /*IgnoreCallbackUses=*/true);
  bool OnlyOthers = !F.hasLocalLinkage() && Sum == 0; // no call here that runs
  if (Taken || (!Any && F.hasLocalLinkage()) || (OnlyOthers && (PerRoot || !HasMain || Cut)))
    Sum = std::max(Sum, 1.0), Guess = Guess || Any;
  return Memo[&F] = {Sum, Guess};
}

/// Calls of F per call of its root (rootOf): the unit of a USE under it.
std::pair<double, bool> Estimator::rootCalls(Function &F) {
  bool Was = PerRoot;
  PerRoot = true;
  auto R = entryCount(F);
  PerRoot = Was;
  return R;
}

SymSet Estimator::callerSyms(Function &F) {
  (void)entryCount(F), (void)rootCalls(F);
  SymSet S = EntrySyms[Mode][0].lookup(&F);
  unionSyms(S, EntrySyms[Mode][1].lookup(&F));
  return S;
}

/// True for a root function of a module with main that this module never
/// calls (no call site left, external linkage, address not taken).
bool Estimator::uncalledRoot(Function &F) {
  if (!HasMain || isProgramMain(F) || F.isDeclaration() || F.hasLocalLinkage() ||
      F.hasAddressTaken(nullptr, /*IgnoreCallbackUses=*/true))
    return false;
  for (Use &U : F.uses())
    if (AbstractCallSite ACS(&U); ACS)
      return false;
  return true;
}

/// True when S moves in loop P by a value chosen by data: the result of a
/// loop nested in P (a search), of a call (a random number generator), or a
/// hash (xor, shifts, masks of a value). Each run of the inner loop is then
/// a row gathered by data, not a piece of one sweep as when the starts are
/// read in order from an array (a CSR matrix's rowstr[i]) or carried from
/// the previous iteration.
static bool rowsByData(const SCEV *S, const Loop *P, const Loop *Inner, const LoopInfo &LI, ScalarEvolution &SE) {
  struct Visit {
    const Loop *P, *Inner;
    const LoopInfo &LI;
    ScalarEvolution &SE;
    bool ByData = false;
    bool follow(const SCEV *X) {
      auto *U = dyn_cast<SCEVUnknown>(X);
      auto *I = U ? dyn_cast<Instruction>(U->getValue()) : nullptr;
      if (!I || !P->contains(I))
        return true;
      // a periodic stencil neighbour's wrapped index, `(j + 1) & m` in P or
      // `(k + 1) & m` in the sweep's own loop: in order, not by data
      const Loop *At = LI.getLoopFor(I->getParent());
      if ((At == P || At == Inner) && periodic(X, At, SE))
        return true;
      if (At != P && !isa<PHINode>(I))
        ByData = true; // computed in an inner loop: a search's result
      else if (auto *CB = dyn_cast<CallBase>(I); CB && !isa<IntrinsicInst>(CB) && !CB->returnDoesNotAlias())
        ByData = true; // (not a fresh object's base: an allocation in P, a temporary per step)
      else if (auto *BO = dyn_cast<BinaryOperator>(I); BO && (BO->getOpcode() == Instruction::Xor ||
                                                               BO->getOpcode() == Instruction::LShr ||
                                                               BO->getOpcode() == Instruction::AShr ||
                                                               BO->getOpcode() == Instruction::And ||
                                                               BO->getOpcode() == Instruction::Or))
        ByData = true; // a hash
      else if (auto *Phi = dyn_cast<PHINode>(I)) {
        if (LI.getLoopFor(Phi->getParent()) != P)
          ByData = true; // inside an inner loop: a search's state
        else if (Phi->getParent() != P->getHeader())
          for (Value *In : Phi->incoming_values()) { // an inner loop's exit value (LCSSA)
            auto *II = dyn_cast<Instruction>(In);
            if (!II || LI.getLoopFor(II->getParent()) == P || !P->contains(II) || !SE.isSCEVable(II->getType()))
              continue;
            // an induction variable's end (a CSR row's k) is a sweep's; a
            // value the inner loop chose by data (a search's lo) is not
            auto *AR = dyn_cast<SCEVAddRecExpr>(SE.getSCEV(II));
            if (!AR || !AR->isAffine())
              ByData = true;
          }
      }
      return !ByData;
    }
    bool isDone() const { return ByData; }
  } V{P, Inner, LI, SE};
  visitAll(S, V);
  return V.ByData;
}

Weight Estimator::weigh(const Access &A) {
  auto It = Memo[Mode].find(A.I);
  if (It != Memo[Mode].end())
    return It->second;
  FnInfo *FI = info(*A.I->getFunction());
  Weight W = FI ? weighOnce(A, FI) : Weight();
  if (FI && Mode) // the loops it runs in whose trip counts are expressions of sizes
    relFreq(*FI, A.I->getParent(), &W.Syms);
  return Memo[Mode][A.I] = W;
}

/// The constant A - B where ScalarEvolution does not see one: two phis of
/// one block whose values on every edge differ by it (the counters a
/// vectorised loop's scalar rest starts from, `j` and `j - 1`); none when not.
static std::optional<int64_t> phiDiff(Value *A, Value *B, ScalarEvolution &SE, unsigned Depth) {
  if (!SE.isSCEVable(A->getType()) || A->getType() != B->getType())
    return std::nullopt;
  if (auto *C = dyn_cast<SCEVConstant>(SE.getMinusSCEV(SE.getSCEV(A), SE.getSCEV(B))))
    return C->getAPInt().getSExtValue();
  auto *PA = dyn_cast<PHINode>(A), *PB = dyn_cast<PHINode>(B);
  if (Depth > 3 || !PA || !PB || PA->getParent() != PB->getParent())
    return std::nullopt;
  std::optional<int64_t> D;
  for (BasicBlock *In : PA->blocks()) {
    std::optional<int64_t> E = phiDiff(PA->getIncomingValueForBlock(In), PB->getIncomingValueForBlock(In), SE, Depth + 1);
    if (!E || (D && *D != *E))
      return std::nullopt;
    D = E;
  }
  return D;
}

/// S with each header phi ScalarEvolution takes for no induction rewritten
/// as the one it is: a phi of a loop around L0 whose next value is a phi
/// of the latch with every input its `+ 1` (the row loop of a 2-D sweep
/// whose columns have two paths, a guard inside the row: each path computes
/// `i + 1`), {start,+,1} (latchPhiCount counts its trips); or whose next
/// value is another counter's plus c, starting at that counter's start less
/// its step plus c (an unrolled scalar loop's second counter), as that one.
static const SCEV *hiddenInductions(const SCEV *S, const Loop *L0, ScalarEvolution &SE) {
  ValueToSCEVMapTy Map;
  SCEVExprContains(S, [&](const SCEV *X) {
    auto *U = dyn_cast<SCEVUnknown>(X);
    auto *H = U ? dyn_cast<PHINode>(U->getValue()) : nullptr;
    if (!H || Map.count(H) || H->getNumIncomingValues() != 2 || !SE.isSCEVable(H->getType()))
      return false;
    for (const Loop *P = L0; P; P = P->getParentLoop()) {
      if (H->getParent() != P->getHeader())
        continue;
      BasicBlock *Latch = P->getLoopLatch(), *Pre = P->getLoopPredecessor();
      auto *N = Latch && Pre ? dyn_cast<PHINode>(H->getIncomingValueForBlock(Latch)) : nullptr;
      if (N && N->getParent() == Latch && all_of(N->incoming_values(), [&](Value *In) {
            return SE.getMinusSCEV(SE.getSCEV(In), SE.getSCEV(H))->isOne();
          }))
        Map[H] = SE.getAddRecExpr(SE.getSCEV(H->getIncomingValueForBlock(Pre)), SE.getOne(H->getType()), P,
                                  SCEV::FlagAnyWrap);
      // ... or the step's counter K plus c from the latch, starting where K
      // less its step s plus c does (`j = k + 1` of an unrolled loop's
      // pair, k stepping 2): {start, +, s} as K is
      else if (Value *V = Latch && Pre ? H->getIncomingValueForBlock(Latch) : nullptr)
        for (PHINode &K : P->getHeader()->phis()) {
          auto *KR = &K != H && SE.isSCEVable(K.getType()) && K.getType() == H->getType()
                         ? dyn_cast<SCEVAddRecExpr>(SE.getSCEV(&K))
                         : nullptr;
          auto *C = KR ? dyn_cast<SCEVConstant>(SE.getMinusSCEV(SE.getSCEV(V), KR)) : nullptr;
          auto *St = KR && KR->getLoop() == P && KR->isAffine() ? dyn_cast<SCEVConstant>(KR->getStepRecurrence(SE))
                                                                : nullptr;
          if (!C || !St)
            continue;
          int64_t Step = St->getAPInt().getSExtValue(), Plus = C->getAPInt().getSExtValue();
          if (std::optional<int64_t> D = phiDiff(K.getIncomingValueForBlock(Pre), H->getIncomingValueForBlock(Pre), SE, 0);
              D && *D == Step - Plus) {
            Map[H] = SE.getAddRecExpr(SE.getSCEV(H->getIncomingValueForBlock(Pre)), St, P, SCEV::FlagAnyWrap);
            break;
          }
        }
      break;
    }
    return false;
  });
  return Map.empty() ? S : SCEVParameterRewriter::rewrite(S, SE, Map);
}

Weight Estimator::weighOnce(const Access &A, FnInfo *FI) {
  Weight W;
  W.Ok = true;
  ScalarEvolution &SE = *FI->SE;
  BasicBlock *BB = A.I->getParent();
  auto [Freq, FreqGuess] = relFreq(*FI, BB);
  double Size = std::max<uint64_t>(A.Size, 1);
  const Loop *L0 = FI->LI->getLoopFor(BB);
  if (A.Kind == Access::Bulk) { // memset/memcpy: a sweep of BulkWidth-byte accesses
    W.Pat = OLI_PATTERN_STREAMING;
    W.Guessed = FreqGuess;
    const SCEV *D = SE.isSCEVable(A.Ptr->getType()) ? SE.getSCEV(A.Ptr) : nullptr;
    const Loop *Out = nullptr; // the loops that move the destination tile the object
    for (const Loop *P = L0; P && D && variesIn(D, P, SE); P = P->getParentLoop())
      Out = P;
    Value *Len = isa<MemIntrinsic>(A.I) ? cast<MemIntrinsic>(A.I)->getLength() : nullptr;
    // a length in the size's own terms, at the sample point (view 1); with
    // the loops around it known, also for a copy per row (the loops move
    // the destination: rows of an interior, `memcpy` made of a copy loop)
    std::optional<Sample> LS;
    if (!A.Size && Mode && (!Out || !FreqGuess) && Len && SE.isSCEVable(Len->getType())) {
      Space.Live = [&](PHINode *P, SmallVectorImpl<Value *> &Outs) { livePhiInputs(*FI, P, Outs); };
      LS = Space.eval(SE.getSCEV(Len), SE);
      Space.Live = nullptr;
    }
    if (A.Size)
      W.Execs = Freq * double(A.Size) / BulkWidth;
    else if (LS && LS->Value > 0 && !LS->Syms.empty() && usable(LS->Syms))
      W.Execs = Freq * double(LS->Value) / BulkWidth, unionSyms(W.Syms, LS->Syms); // a part of it, exactly
    else if (Out)
      std::tie(W.PerByte, W.Guessed) = loopEntries(*FI, Out), W.PerByte /= BulkWidth, W.Guessed = true;
    else
      W.PerByte = Freq / BulkWidth;
    return W;
  }
  if (A.Kind == Access::VectorGather) { // a vector of addresses: one element each
    W.Pat = OLI_PATTERN_GATHER;
    if (!L0) {
      W.Execs = Freq;
      W.Guessed = FreqGuess;
    } else {
      auto [In, InGuess] = loopEntries(*FI, L0);
      W.PerByte = In * std::min(1.0, bfi(*FI, BB) / std::max(1.0, bfi(*FI, L0->getHeader()))) / Size;
      W.Guessed = InGuess || !iterations(*FI, L0).second;
    }
    return W;
  }
  const SCEV *S = SE.isSCEVable(A.Ptr->getType()) ? SE.getSCEV(A.Ptr) : nullptr;
  if (S && L0)
    S = hiddenInductions(dropReloadedBases(S, L0, SE), L0, SE); // a base reloaded from a fixed slot moves nothing
  // Loops in which the address stays put repeat it from cache: it counts
  // once per iteration of the innermost loop that moves it.
  const Loop *L = L0;
  while (L && S && SE.isLoopInvariant(S, L))
    L = L->getParentLoop();
  if (!L || !S) { // outside loops, fixed in all of them, or nothing SCEV can say
    W.Execs = S ? std::min(Freq, 1.0) : Freq;
    W.Guessed = FreqGuess;
    W.Pat = OLI_PATTERN_UNKNOWN;
    return W;
  }
  // the share of L's iterations that reach the access (a branch in the body)
  double Cond = std::min(1.0, bfi(*FI, BB) / std::max(1.0, bfi(*FI, L->getHeader())));
  // Pattern, and the nest of loops the address sweeps.
  double MinStep = 0, Unroll = 1;
  bool Bisect = false;  // a binary search: log2(elements) probes per search
  bool RowHead = false; // a row's first element, peeled off its sweep: the rows are the sweep's to judge
  bool Walks = false;   // an affine walk by a stride the code reads (descriptorStep)
  const SCEV *Start = S;
  auto *AR = dyn_cast<SCEVAddRecExpr>(S);
  if (std::optional<int64_t> St = strideIn(S, L, SE); St && *St) {
    MinStep = std::fabs(double(*St));
    // an unrolled (or vectorised) loop steps u elements per iteration: its
    // copies together still walk every element
    W.Pat = MinStep / double(iterationStep(L, SE)) < LineBytes ? OLI_PATTERN_STREAMING : OLI_PATTERN_STRIDED;
    Start = startIn(S, L, SE);
  } else if (int64_t Times = descriptorStep(S, L, SE)) {
    W.Pat = OLI_PATTERN_STREAMING; // an assumed-shape dummy's elements
    Start = AR->getStart();
    Walks = true;
    Unroll = double(Times); // each of an unrolled loop's copies walks 1/Times of them
  } else if (AR && AR->getLoop() == L && AR->isAffine()) {
    W.Pat = OLI_PATTERN_STRIDED; // a stride of n elements: a column
    Start = AR->getStart();
    Unroll = double(stepMultiple(*AR, SE)); // a copy of a loop unrolled by 4: every 4th element
  } else if (int64_t C = cursorStep(S, L, SE)) {
    MinStep = double(C); // one element per access, the object covered once by the nest
    W.Pat = OLI_PATTERN_STREAMING;
  } else if (rowStart(S, L, SE)) {
    W.Pat = OLI_PATTERN_STREAMING; // a row's first element: the sweep of its rest is the subloop's
    RowHead = true;
  } else {
    SmallPtrSet<Value *, 32> Seen;
    if (LoadInst *Idx = loadBehind(A.Ptr, L, SE, Seen)) {
      W.Pat = OLI_PATTERN_GATHER;
      SmallPtrSet<Value *, 32> Mid;
      Bisect = bisects(A.Ptr, L, Mid);
      W.Chained = chains(A.Ptr, L, SE);
      // x[idx[i]] unrolled by u: each copy runs once per u elements of idx
      if (SE.isSCEVable(Idx->getPointerOperand()->getType()))
        if (auto *IR = dyn_cast<SCEVAddRecExpr>(SE.getSCEV(Idx->getPointerOperand()));
            IR && IR->getLoop() == L && IR->isAffine())
          if (auto *C = dyn_cast<SCEVConstant>(IR->getStepRecurrence(SE)))
            Unroll = std::max(1.0, std::fabs(double(C->getAPInt().getSExtValue())) /
                                       double(std::max<uint64_t>(1, DL.getTypeStoreSize(Idx->getType()))));
    } else if (periodic(S, L, SE)) {
      W.Pat = OLI_PATTERN_STREAMING;
    } else if (scrambled(S, L)) {
      W.Pat = OLI_PATTERN_GATHER; // an index from a hash or a random number
    } else {
      W.Pat = OLI_PATTERN_UNKNOWN;
    }
  }
  SmallVector<const Loop *, 4> Nest{L};
  bool Affine = MinStep > 0 || W.Pat == OLI_PATTERN_STRIDED || Walks, Segmented = false;
  unsigned Turns = 1; // objects taking turns at the access (a time loop's swap): each has 1/Turns of P's sweeps
  for (const Loop *P = L->getParentLoop(); P; P = P->getParentLoop()) {
    if (!variesIn(Start, P, SE))
      break;
    if (unsigned K = rotation(Start, P)) {
      Turns = K; // P repeats the sweep, over one of K objects at a time: no piece of a larger one
      break;
    }
    std::optional<int64_t> St = strideIn(Start, P, SE);
    auto *PR = dyn_cast<SCEVAddRecExpr>(Start);
    bool Moves = (St && *St) || (PR && PR->getLoop() == P && PR->isAffine());
    // a step of P added to a base P does not move (rows of a run-time
    // length, `u[j * nx + i]`, u reloaded each time step): P moves the start
    // too, and the loops around P repeat where it begins
    auto *Sum = dyn_cast<SCEVAddExpr>(Start);
    bool Steps = Sum && any_of(Sum->operands(), [P](const SCEV *X) {
                   auto *R = dyn_cast<SCEVAddRecExpr>(X);
                   return R && R->getLoop() == P && R->isAffine();
                 });
    if (Nest.size() == 1 && !Moves) {
      Segmented = true; // the inner loop's start moves with data (CSR rows): pieces of a sweep
      if (!RowHead && rowsByData(Start, P, L, *FI->LI, SE))
        W.Pat = OLI_PATTERN_GATHER; // rows chosen by a hash, a search, a random number: gathered
    }
    Nest.push_back(P);
    if (St && *St)
      MinStep = MinStep > 0 ? std::min(MinStep, std::fabs(double(*St))) : std::fabs(double(*St));
    if (Moves || Steps)
      Start = startIn(Start, P, SE);
  }
  bool AllKnown = true;
  for (const Loop *N : Nest)
    AllKnown &= iterations(*FI, N).second;
  // A short inner loop over pieces (the remainder of an unrolled CSR row
  // loop) covers a few elements per piece, not the object: count executions.
  auto [InnerIter, InnerKnown] = iterations(*FI, L);
  bool Short = InnerKnown && InnerIter <= ShortTrip && Nest.size() > 1 && (Segmented || !Affine);
  if (AllKnown || Short) {
    auto [H, HGuess] = relFreq(*FI, L->getHeader());
    // objects taking turns (a swap in the time loop): each reaches every
    // phi of the rotation, and holds each on 1/Turns of the steps
    W.Execs = H * Cond / Turns;
    W.Guessed = HGuess;
  } else if (Mode && deadAtSample(*FI, L)) {
    // a loop that does not run at the sample point (an unrolled remainder
    // the vector loop left empty: its edges decided never taken)
    W.PerByte = 0;
  } else {
    auto [In, InGuess] = loopEntries(*FI, Nest.back());
    double Density = 1.0 / (MinStep > 0 ? MinStep : Size * Unroll);
    // Searches repeated by an outer loop of the nest (one per particle, per
    // key): that loop is taken to cover the object once, one search per
    // element, and each search probes log2(elements) of them (of a nominal
    // object: the weight is shared by every object the access may reach).
    if (Bisect && Nest.size() > 1)
      Density *= std::max(1.0, std::log2(NominalBytes / Size));
    W.PerByte = In * Cond * Density / Turns;
    W.Guessed = true; // the nest is taken to cover the object
    (void)InGuess;
  }
  return W;
}

/// A pointer slot of a parameter (or a local struct) that the function
/// swaps with another slot of the same struct: it stores the value loaded
/// from each into the other (`t = g->u; g->u = g->v; g->v = t`, the loads
/// and stores of a time step). An object reaching the slot through the
/// function's calls holds it on half of them, the other slot on the rest
/// (the join does the same for two keys with an edge each way: common/summary.c).
bool Estimator::swappedSlot(unsigned S) {
  auto [It, New] = Swapped.try_emplace(S, false);
  if (!New)
    return It->second;
  const State &St = States[S];
  // a slot of a parameter or a local struct, or (absolute: every call's) of a
  // struct a call returned, a global or main's own struct (`g = grid_create(..)`
  // and the time loop inlined beside it, one file; `grid_t g` in main)
  bool Held = isa<CallBase>(St.Root) || isa<GlobalVariable>(St.Root) || isa<AllocaInst>(St.Root);
  if ((St.Absolute && !Held) || St.P.size() != 1 || !St.P[0].exact() || !St.Root->getType()->isPointerTy() ||
      (!isa<Argument>(St.Root) && !Held))
    return false;
  int64_t A = St.P[0].Lo;
  // Root's slot A swapped with another by Root's own function
  auto swapsIn = [&](Value *Root) {
    // the pointer loads and stores at constant offsets of the root
    std::vector<std::pair<int64_t, LoadInst *>> Loads;
    std::vector<std::pair<int64_t, StoreInst *>> Stores;
    pointerSlots(
        Root, DL, 64, [&](int64_t Off, LoadInst *LI) { Loads.push_back({Off, LI}); },
        [&](int64_t Off, StoreInst *SI) { Stores.push_back({Off, SI}); });
    // from slot X into slot Y: a load at X whose value a store at Y writes
    auto moves = [&](int64_t X, int64_t Y) {
      for (auto &[LO, LI] : Loads)
        if (LO == X)
          for (auto &[SO, SI] : Stores)
            if (SO == Y && SI->getValueOperand() == LI && SI->getFunction() == LI->getFunction())
              return true;
      return false;
    };
    for (auto &[SO, SI] : Stores)
      if (SO != A && moves(A, SO) && moves(SO, A))
        return true;
    // ... or both at once, as the SLP vectoriser writes two adjacent fields'
    // swap: `load <2 x ptr>` at X, its lanes exchanged, stored back at X
    for (User *U : Root->users()) {
      APInt Off(DL.getIndexTypeSizeInBits(Root->getType()), 0);
      Value *Addr = Root; // the vector's address: the root, or a constant offset of it
      if (auto *G = dyn_cast<GEPOperator>(U); G && G->getPointerOperand() == Root && G->accumulateConstantOffset(DL, Off))
        Addr = G;
      else if (!isa<LoadInst>(U))
        continue;
      for (User *L : Addr == Root ? SmallVector<User *, 1>{U} : SmallVector<User *, 1>(Addr->users())) {
        auto *LI = dyn_cast<LoadInst>(L);
        if (!LI || LI->getPointerOperand() != Addr || !laneSwap(*LI))
          continue;
        int64_t Lo = Off.getSExtValue(), W = int64_t(DL.getTypeStoreSize(cast<VectorType>(LI->getType())->getElementType()));
        if (A == Lo || A == Lo + W) // the slot is one of its two lanes
          return true;
      }
    }
    return false;
  };
  if (swapsIn(St.Root))
    return Swapped[S] = true;
  // ... or by a function of this module the struct is handed to
  // (`grid_swap(&g)` beside `grid_step(&g)`, the swap kept out of line)
  if (Held)
    for (Use &U : St.Root->uses())
      if (auto *CB = dyn_cast<CallBase>(U.getUser()); CB && CB->isArgOperand(&U))
        if (Function *F = CB->getCalledFunction();
            F && !F->isDeclaration() && CB->getArgOperandNo(&U) < F->arg_size() &&
            swapsIn(F->getArg(CB->getArgOperandNo(&U)))) {
          SwappedBy[S] = F; // its parameter's slots halve its own calls
          return Swapped[S] = true;
        }
  return false;
}

/// The accesses reached from the states From (each with the calls of its
/// function it holds in: 0 for an absolute state, which holds in every call).
/// Step 3: calls of each argument state's function with this object, the sum
/// over the call paths from the roots.
Tally Estimator::accumulate(const std::vector<std::pair<unsigned, double>> &From,
                            const std::function<double(const SymSet &)> &Exact,
                            const std::function<double(const SymSet &)> &Defaults) {
  Tally T;
  // One view's flow. E: calls of each state's function with the object;
  // ET: of those, the sweeps of the object its coverage counts
  // (tileEntries: fewer when the calls are handed parts of it); Syms (views
  // 1, 2): the symbols of the callers' trip counts taken at the sample point
  // Root, ER: the root function an absolute state's calls passed the
  // object on from (a key's function of a module without main, which other
  // modules call: its callees' accesses count per call of it, as its own),
  // and the calls per call of that root ("" when none, or two roots)
  struct Flow {
    std::vector<double> E, ET;
    std::vector<char> Guessed;
    std::vector<SymSet> Syms;
    std::vector<std::string> Root;
    std::vector<char> Mixed;
    std::vector<double> ER;
  };
  struct Item {
    unsigned S;
    double Delta, DeltaT;
    bool Guess;
    unsigned Depth;
    SymSet Syms;
    std::string Root;
    double DeltaR;
  };
  std::vector<char> &Reached = T.Reached;
  Reached.assign(States.size(), 0);
  auto flowIn = [&](unsigned View) {
    unsigned Was = Mode;
    Mode = View;
    Flow Fl{std::vector<double>(States.size(), 0.0), std::vector<double>(States.size(), 0.0),
            std::vector<char>(States.size(), 0), std::vector<SymSet>(States.size()),
            std::vector<std::string>(States.size()), std::vector<char>(States.size(), 0),
            std::vector<double>(States.size(), 0.0)};
    std::vector<char> Seen(States.size(), 0);
    std::vector<Item> Push;
    // a call two absolute states pass the object to (the copies of an
    // allocation jump threading made, merged by a phi): one call, once
    std::set<std::pair<CallBase *, unsigned>> AbsPushed;
    for (auto [R, Delta] : From)
      Push.push_back({R, Delta, Delta, false, 0, {}, "", Delta});
    for (unsigned Pushes = 0; !Push.empty() && Pushes < MaxPushes; ++Pushes) {
      Item It = Push.back();
      Push.pop_back();
      if (swappedSlot(It.S)) // the object holds the slot half the calls (a time step's swap)
        It.Delta *= 0.5, It.DeltaT *= 0.5;
      bool First = !Seen[It.S];
      Seen[It.S] = 1;
      Fl.E[It.S] += It.Delta;
      Fl.ET[It.S] += It.DeltaT;
      Fl.Guessed[It.S] |= It.Guess;
      unionSyms(Fl.Syms[It.S], It.Syms);
      if (!It.Root.empty()) {
        if (First && Fl.Root[It.S].empty())
          Fl.Root[It.S] = It.Root;
        else if (Fl.Root[It.S] != It.Root)
          Fl.Mixed[It.S] = 1;
      }
      Fl.ER[It.S] += It.DeltaR;
      const State &St = States[It.S];
      if (It.Depth > 16 || (!First && It.Delta == 0 && It.DeltaT == 0))
        continue;
      for (unsigned A : St.Also)
        if (!Seen[A])
          Push.push_back({A, 0.0, 0.0, false, It.Depth + 1, {}, "", 0.0});
      if (St.Absolute && !First)
        continue;
      for (auto [Tgt, CB] : St.Calls) {
        if (St.Absolute && !AbsPushed.insert({CB, Tgt}).second)
          continue;
        if (Function *C = CB->getCalledFunction(); C && KeyFns.count(C) && !is_contained(T.EnterCalls[C], CB))
          T.EnterCalls[C].push_back(CB);
        FnInfo *FI = info(*CB->getFunction());
        if (!FI)
          continue;
        SymSet CS = St.Absolute ? callerSyms(*CB->getFunction()) : It.Syms;
        auto [R, RG] = relFreq(*FI, CB->getParent(), &CS);
        double Calls = It.Delta, CallsT = It.DeltaT, RT = R, CallsR = It.DeltaR;
        std::string Root = It.Root;
        bool G = It.Guess || RG;
        if (St.Absolute) {
          auto [C, CG] = entryCount(*CB->getFunction());
          Calls = CallsT = C;
          G |= CG;
          Root = rootOf(*CB->getFunction()), CallsR = rootCalls(*CB->getFunction()).first;
          // the object holds the slot on half the calls (a swap out of line;
          // the swapping function's parameter halves its own)
          if (swappedSlot(It.S) && SwappedBy.lookup(It.S) != CB->getCalledFunction())
            Calls *= 0.5, CallsT *= 0.5, CallsR *= 0.5;
        }
        if (auto *A = dyn_cast<Argument>(States[Tgt].Root);
            A && States[Tgt].P.empty() && CB->getCalledFunction() == A->getParent())
          RT = tileEntries(*FI, *CB, argAt(*CB, A->getArgNo()), R);
        else if (A && States[Tgt].P.size() == 1 && States[Tgt].P[0].exact() && States[Tgt].P[0].Lo == 0)
          // a parallel region's shared pointer: the variable the fork passes
          // (a time loop's rotation of the arrays it runs over)
          RT = tileEntries(*FI, *CB, regionArgValue(*CB, *A), R);
        if (CB->getCalledFunction() == CB->getFunction())
          R = RT = 0; // recursion adds nothing, as in entryCount
        if (Calls * R > 0 || CallsR * R > 0 || !Seen[Tgt])
          Push.push_back({Tgt, Calls * R, CallsT * RT, G, It.Depth + 1, std::move(CS), std::move(Root), CallsR * R});
      }
    }
    for (unsigned S = 0; S < States.size(); ++S)
      Reached[S] |= Seen[S];
    Mode = Was;
    return Fl;
  };
  const Flow Fl = flowIn(Mode);
  // views 1, 2: the calls around an access are counted in view 0 when the
  // callers' trip counts at the sample point are not exact for the object
  // (a time loop over a parameter around a parallel region's sweep)
  const Flow Fl0 = Mode ? flowIn(0) : Flow();
  // what two absolute states both reach (an allocation's copies merged by a
  // phi; an object in two slots read at one place) runs as often either way
  SmallPtrSet<const Instruction *, 32> AbsCounted;
  std::set<std::pair<std::string, CallBase *>> AbsExits;
  for (unsigned S = 0; S < States.size(); ++S) {
    if (!Reached[S])
      continue;
    const State &St = States[S];
    T.Escapes |= St.Escapes;
    T.Unseen |= St.Unseen;
    T.Ambiguous |= St.Ambiguous;
    auto callsOf = [&](Function &F) -> std::pair<double, bool> {
      if (St.Absolute)
        return entryCount(F);
      return {Fl.E[S], bool(Fl.Guessed[S])};
    };
    for (const auto &[Key, CB] : St.Exits) {
      if (St.Absolute && CB && !AbsExits.insert({Key, CB}).second)
        continue;
      if (!CB) { // a slot: the object is there for the run
        T.Exits[Key] = std::max(T.Exits[Key], 1.0);
        T.ExitSweeps[Key] = std::max(T.ExitSweeps[Key], 1.0);
        continue;
      }
      FnInfo *FI = info(*CB->getFunction());
      if (!FI)
        continue;
      auto [C, CG] = callsOf(*CB->getFunction());
      auto [R, RG] = relFreq(*FI, CB->getParent());
      // the sweeps of the object the calls make: fewer when they are handed
      // parts of it, a loop around the calls moving the pointer (tileEntries)
      double RT = R;
      if (std::optional<unsigned> ArgNo = keyArgNo(Key))
        RT = tileEntries(*FI, *CB, argAt(*CB, *ArgNo), R);
      T.Exits[Key] += C * R;
      T.ExitSweeps[Key] += (St.Absolute ? C : Fl.ET[S]) * RT;
      if (CG || RG)
        T.ExitGuessed.insert(Key);
      T.ExitCalls[Key].push_back(CB);
    }
    for (const Access &A : St.Accesses) {
      if (St.Absolute && !AbsCounted.insert(A.I).second)
        continue;
      // an in-place update of a gathered element counts once, as its load (the profile's count)
      if (auto *SI = dyn_cast<StoreInst>(A.I); SI && A.Kind == Access::Store && inPlaceStore(*SI))
        if (FnInfo *FI = info(*SI->getFunction()); FI && gatheredUpdate(*SI, *FI->LI, *FI->SE))
          continue;
      Weight W = weigh(A);
      Function &F = *A.I->getFunction();
      // the trip counts of the callers' loops around its calls taken at the sample point
      SymSet CS = Mode ? (St.Absolute ? callerSyms(F) : Fl.Syms[S]) : SymSet();
      bool AtSample = false; // counts in the size's own symbols, at the sample point
      double Scale = Mode && Exact ? Exact(W.Syms) : 0;
      // ... or at the program's defaults for the slots they read: executions
      // then, in no symbol (guessed)
      bool ByDefault = false;
      if (Mode && Scale <= 0 && Defaults && !W.Syms.empty() && CS.empty())
        if (double D = Defaults(W.Syms); D > 0)
          Scale = D, ByDefault = true;
      // counts in terms unrelated to the size, its own or its callers' (a
      // time loop over a parameter around a parallel region): view 0's
      bool View0 = Mode && !ByDefault && (Scale <= 0 || (!CS.empty() && Exact(CS) <= 0));
      if (View0) {
        unsigned View = Mode;
        Mode = 0;
        W = weigh(A);
        Mode = View;
      } else if (ByDefault) {
        W.Execs *= Scale;
        W.Guessed = true;
      } else if (Mode && (!W.Syms.empty() || !CS.empty())) {
        unionSyms(T.Syms, W.Syms);
        unionSyms(T.Syms, CS);
        AtSample = true;
        W.Execs *= Scale;
      }
      if (!W.Ok)
        continue;
      T.Seen = true;
      // the calls around it in the same view
      const unsigned CV = View0 ? 0 : Mode;
      const Flow &FC = CV == Mode ? Fl : Fl0;
      auto callsIn = [&](bool PerRootCall) -> std::pair<double, bool> {
        if (!St.Absolute)
          return {FC.E[S], bool(FC.Guessed[S])};
        unsigned View = Mode;
        Mode = CV;
        auto R = PerRootCall ? rootCalls(F) : entryCount(F);
        Mode = View;
        return R;
      };
      auto [Calls, CG] = callsIn(false);
      // a sweep taken to cover the object counts per sweep of it (tileEntries)
      double CallsT = St.Absolute ? Calls : FC.ET[S];
      // a USE counts per call of the root it runs under: the join counts the roots
      // ... or per call of the root an absolute state passed it on from
      const std::string &FlowRoot = St.Absolute || FC.Mixed[S] ? std::string() : FC.Root[S];
      double RCalls = St.Absolute ? callsIn(true).first : !FlowRoot.empty() ? FC.ER[S] : Calls;
      double RCallsT = St.Absolute ? RCalls : !FlowRoot.empty() && Calls > 0 ? CallsT * RCalls / Calls : CallsT;
      if (St.Absolute && swappedSlot(S)) // a slot it holds half the run (a time step's swap; the flow halves the others)
        Calls *= 0.5, CallsT *= 0.5, RCalls *= 0.5, RCallsT *= 0.5;
      double Width = double(A.Kind == Access::Bulk ? BulkWidth : std::max<uint64_t>(A.Size, 1));
      // accesses in 8-byte units of what they move, as the portable profile
      // counts them: an int of a sweep half a double, a <4 x double> four; a
      // gathered access at least one (each may fetch a line of its own)
      const double Units = W.Pat == OLI_PATTERN_GATHER ? std::max(1.0, Width / UnitBytes) : Width / UnitBytes;
      const double PB = CallsT * W.PerByte * Units, EX = Calls * W.Execs * Units;
      for (Part *Q : {static_cast<Part *>(&T), &T.ByRoot[St.Absolute ? rootOf(F) : FlowRoot]}) {
        double C = Q == &T ? Calls : RCalls, QPB = (Q == &T ? CallsT : RCallsT) * W.PerByte * Units,
               QEX = C * W.Execs * Units;
        Q->PerByte[unsigned(W.Pat)] += QPB;
        (AtSample ? Q->ExecsS : Q->Execs)[unsigned(W.Pat)] += QEX;
        Q->PassPerByte += QPB * UnitBytes; // the profile's accesses x 8 / bytes
        (AtSample ? Q->MovedS : Q->Moved) += QEX * UnitBytes;
        if (W.Guessed || CG)
          Q->GPerByte[unsigned(W.Pat)] += QPB, (AtSample ? Q->GExecsS : Q->GExecs)[unsigned(W.Pat)] += QEX;
        if (W.Chained && W.Pat == OLI_PATTERN_GATHER)
          Q->CPerByte += QPB, (AtSample ? Q->CExecsS : Q->CExecs) += QEX;
        if (AtSample) {
          SymSet Form = W.Syms;
          unionSyms(Form, CS);
          unionSyms(Q->ViewSyms, Form), Q->addForm(Form);
        }
        ++Q->Accesses;
      }
      T.Parts.push_back({A.I, W.Pat, 0, W.Guessed || CG});
      T.PartPerByte.push_back(PB);
      T.PartExecs.push_back(EX);
      T.PartAtSample.push_back(AtSample);
    }
  }
  return T;
}

/// The function of this module whose calls an absolute weight in F counts
/// (entryCount takes it as called once): main, or a function other modules
/// call that no function here calls ("fn()"); F's first caller's otherwise.
const std::string &Estimator::rootOf(Function &F) {
  auto It = Rooted.find(&F);
  if (It != Rooted.end())
    return It->second;
  Rooted[&F]; // "" while in progress: a recursive caller counts per run
  Function *Caller = nullptr;
  for (Use &U : F.uses())
    if (AbstractCallSite ACS(&U); ACS && ACS.getInstruction()->getFunction() != &F) {
      Caller = ACS.getInstruction()->getFunction();
      break;
    }
  std::string Root = isProgramMain(F) ? "main()" : Caller ? rootOf(*Caller) : F.getName().str() + "()";
  return Rooted[&F] = Root;
}

} // namespace intensity
} // namespace oli
