//===- OliProfile.cpp - sampled load/store profiling for oli -------------===//
//
// See OliProfile.h. Per basic block with K profiled accesses (in 4-byte
// quanta: an int is one, a double two, a vector access the bytes it moves
// / 4, so the runtime's 8-byte units count bytes moved): subtract K from
// a thread-local countdown (one per DSO, a linkonce hidden TLS variable) once,
// at the end of the block; when it goes negative (Left < 0), the access
// whose quanta hold the crossing - quantum K + Left of the block's, the one
// a per-access countdown would have sampled - calls __oli_profile_sample4(addr,
// Left, Every), which counts Every 8-byte accesses per period crossed and
// returns the countdown with the next periods added (2 Every quanta +- 1/8:
// a fixed period locks onto a loop whose quanta divide it and samples one
// array of it only). One countdown update per block instead of per access
// keeps the profiled run cheap (a per-access countdown cost 5.7x on mg W).
// Within a function the countdown is a local copy (syncCountdown): loaded at
// entry and after each call, stored back before each call, return and
// resume, and made SSA by mem2reg, so a loop without calls keeps it in a
// register instead of making each iteration wait on the last one's store.
// A memset, memcpy or memmove side (the destination, a copy's source) takes
// its length in quanta off the countdown right after the call and, when that
// crosses zero, calls __oli_profile_span4, which samples the quanta a
// per-access countdown would have and returns the countdown.
// A block's accesses that use what another of its accesses brings (a
// stencil's neighbours, a gathered struct's other fields: markNear) come
// after its leading ones in its quanta, and a crossing among them calls
// __oli_profile_near4 instead, which the runtime counts in the site's
// near_accesses too: oli plan counts those as cache hits. A crossing at a
// leading access in a loop whose address waits on a value the iteration
// loads (gatherOps) calls __oli_profile_gather4 with the operations of that
// loop's iteration per gather overlapping it: oli plan's misses a core overlaps.
// Every block's operations (blockOps) come off a second countdown at its
// end, after the accesses' code, in every function (a counted innermost loop's
// once, at its exit); where the function's copy meets the thread's (before
// calls and returns) a countdown below zero calls __oli_profile_ops, which
// adds them to the profile's operations: oli plan's compute time.
// Deterministic: the same program and input give the same samples on each
// thread.
//
//===----------------------------------------------------------------------===//
#include "OliProfile.h"
#include "AddressShape.h"
#include "OliAbiNames.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/MDBuilder.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Debug.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/LoopUtils.h"
#include "llvm/Transforms/Utils/PromoteMemToReg.h"

using namespace llvm;

#define DEBUG_TYPE "oli"

STATISTIC(NumProfiledAccesses, "loads and stores given a sampled profiling counter");
STATISTIC(NumProfiledSpans, "memset/memcpy/memmove sides given a sampled profiling counter");
STATISTIC(NumProfiledOps, "operations in blocks given an operations counter");

namespace oli {

constexpr char CountdownName[] = "__oli_profile_countdown4"; // in 4-byte quanta
constexpr char OpsCountdownName[] = "__oli_profile_ops_left"; // in operations
constexpr uint64_t OpsPeriod = 1 << 16; // operations per __oli_profile_ops call
constexpr char ProfiledFlag[] = "oli.profiled"; // module flag: accesses instrumented

/// Ptr when memory through it is worth profiling, else null: stack slots and
/// constants are never placed, so they are skipped.
static Value *profiledAddress(Value *Ptr) {
  if (!Ptr || Ptr->getType()->getPointerAddressSpace() != 0)
    return nullptr;
  const Value *Obj = getUnderlyingObject(Ptr);
  if (isa<AllocaInst>(Obj))
    return nullptr;
  if (auto *GV = dyn_cast<GlobalVariable>(Obj))
    if (GV->isConstant() || GV->isThreadLocal() || GV->getName().starts_with(AbiPrefix) ||
        GV->hasSection())
      return nullptr;
  return Ptr;
}

/// The pointer operand of a load, store or atomic worth profiling, else null.
static Value *profiledPointer(Instruction &I) {
  if (auto *LI = dyn_cast<LoadInst>(&I))
    return profiledAddress(LI->getPointerOperand());
  if (auto *SI = dyn_cast<StoreInst>(&I))
    return profiledAddress(SI->getPointerOperand());
  if (auto *RMW = dyn_cast<AtomicRMWInst>(&I)) // #pragma omp atomic x[i] += ...
    return profiledAddress(RMW->getPointerOperand());
  if (auto *CX = dyn_cast<AtomicCmpXchgInst>(&I))
    return profiledAddress(CX->getPointerOperand());
  return nullptr;
}

/// The sides of memset, memcpy and memmove (their inline forms too) worth
/// profiling: the destination, and a copy's source.
static void profiledSpans(Instruction &I, SmallVectorImpl<std::pair<MemIntrinsic *, Value *>> &Spans) {
  auto *MI = dyn_cast<MemIntrinsic>(&I);
  if (!MI || MI->isVolatile())
    return;
  // the destination first: each side's code goes in right after the call, so the source's runs first
  if (Value *Dst = profiledAddress(MI->getRawDest()))
    Spans.push_back({MI, Dst});
  if (auto *MT = dyn_cast<MemTransferInst>(MI))
    if (Value *Src = profiledAddress(MT->getRawSource()))
      Spans.push_back({MI, Src});
}

/// The bytes a load, store or atomic moves (0 unsized).
static uint64_t accessBytes(const Instruction &I, const DataLayout &DL) {
  Type *Ty = nullptr;
  if (auto *LI = dyn_cast<LoadInst>(&I))
    Ty = LI->getType();
  else if (auto *SI = dyn_cast<StoreInst>(&I))
    Ty = SI->getValueOperand()->getType();
  else if (auto *RMW = dyn_cast<AtomicRMWInst>(&I))
    Ty = RMW->getValOperand()->getType();
  else if (auto *CX = dyn_cast<AtomicCmpXchgInst>(&I))
    Ty = CX->getNewValOperand()->getType();
  return Ty && Ty->isSized() ? DL.getTypeStoreSize(Ty).getKnownMinValue() : 0;
}

/// The 4-byte quanta an access moves (at least one): a double is two, an int
/// or a float one, a vectorised load of <4 x double> eight, the four scalar
/// loads it replaced; so a profile counts bytes moved whatever the element
/// size and vector width (a char or a short counts as an int).
static uint64_t bytesQuanta(const Instruction &I, const DataLayout &DL) {
  uint64_t Bytes = accessBytes(I, DL);
  return Bytes > 4 ? (Bytes + 3) / 4 : 1;
}

/// The quanta an access counts: its bytes' in a sweep (the address an
/// affine function of its loop, or fixed in it, its base reloaded in it or
/// not) or outside loops; at least
/// two, one 8-byte access, when its address moves with data inside a loop
/// (x[idx[i]], a hash, a pointer chase): each such access may fetch a line
/// of its own, as the planner's latency model counts them. Loop and scalar
/// evolution analyses are asked for only when an access under 8 bytes needs
/// them (Get).
static uint64_t accessQuanta(Instruction &I, Value *Ptr, const DataLayout &DL,
                             function_ref<std::pair<LoopInfo *, ScalarEvolution *>()> Get) {
  uint64_t Q = bytesQuanta(I, DL);
  if (Q >= 2)
    return Q;
  auto [LI, SE] = Get();
  const Loop *L = LI ? LI->getLoopFor(I.getParent()) : nullptr;
  if (!L || !SE)
    return Q;
  if (!SE->isSCEVable(Ptr->getType()))
    return 2;
  // (a base the loop reloads from a fixed slot moves nothing: an OpenMP
  // region's shared pointer beside an atomic update, which may alias it)
  const SCEV *S = dropReloadedBases(SE->getSCEV(Ptr), L, *SE);
  if (SE->isLoopInvariant(S, L))
    return Q;
  if (auto *AR = dyn_cast<SCEVAddRecExpr>(S); AR && AR->getLoop() == L && AR->isAffine())
    return Q;
  return 2;
}

/// A per-DSO thread-local countdown named Name, Start at thread start (the
/// accesses' 0: the first access is sampled; the operations' OpsPeriod).
static GlobalVariable *countdown(Module &M, StringRef Name, uint64_t Start) {
  if (GlobalVariable *GV = M.getGlobalVariable(Name))
    return GV;
  Type *I64 = Type::getInt64Ty(M.getContext());
  auto *GV = new GlobalVariable(M, I64, false, GlobalValue::LinkOnceODRLinkage,
                                ConstantInt::get(I64, Start), Name, nullptr,
                                GlobalValue::InitialExecTLSModel);
  GV->setVisibility(GlobalValue::HiddenVisibility);
  GV->setAlignment(Align(8));
  if (M.getTargetTriple().find("linux") != std::string::npos)
    GV->setComdat(M.getOrInsertComdat(Name));
  return GV;
}

/// The operations a block runs, as the machine will issue them: its
/// instructions but phis, debug and assume-like intrinsics, no-op casts,
/// address arithmetic (a GEP folds into its access's addressing mode) and
/// fixed stack slots (the frame's).
static uint64_t blockOps(const BasicBlock &BB, const DataLayout &DL) {
  uint64_t N = 0;
  for (const Instruction &I : BB) {
    if (isa<PHINode>(I) || isa<GetElementPtrInst>(I) || I.isDebugOrPseudoInst())
      continue;
    if (auto *AI = dyn_cast<AllocaInst>(&I); AI && AI->isStaticAlloca())
      continue;
    if (auto *II = dyn_cast<IntrinsicInst>(&I); II && II->isAssumeLikeIntrinsic())
      continue;
    if (auto *C = dyn_cast<CastInst>(&I); C && C->isNoopCast(DL))
      continue;
    ++N;
  }
  return N;
}

/// Takes the operations of the countdown at Left's place when it is below
/// zero: __oli_profile_ops counts OpsPeriod - left of them and gives the
/// countdown back, stored to OCd. Before Before.
static void takeOps(Value *Left, Value *OCd, FunctionCallee OpsHook, Instruction *Before) {
  MDNode *Unlikely = MDBuilder(OCd->getContext()).createBranchWeights(1, OpsPeriod >> 4);
  IRBuilder<> B(Before);
  Value *Hit = B.CreateICmpSLT(Left, ConstantInt::get(Left->getType(), 0));
  Instruction *Then = SplitBlockAndInsertIfThen(Hit, Before->getIterator(), false, Unlikely);
  IRBuilder<> T(Then);
  T.CreateStore(T.CreateCall(OpsHook, {Left, ConstantInt::get(Left->getType(), OpsPeriod)}, "oli.ops.next"), OCd);
}

/// Where operations come off the countdown: before At, N of them, plus
/// Loop (an i64, or null): a loop's, counted once at its exit.
struct OpsAt {
  Instruction *At;
  uint64_t N;
  Value *Loop = nullptr;
};

/// An innermost loop of one block ending in a branch, without calls, entered
/// from one block (one made when several), with one exit block (given an
/// edge of its own) and an induction variable {Init,+,Step} has its
/// operations counted once, at its exit - (the variable's last value - Init)
/// / Step iterations of N - rather than in every iteration: its body (a
/// vectorised loop's, say) then runs nothing more. (A call in it could pause
/// the profile: the operations before it are counted before it.) Ops: each
/// block's end and operations, in block order.
static void countLoopsAtExit(SmallVectorImpl<OpsAt> &Ops, LoopInfo &LI, ScalarEvolution &SE) {
  DenseMap<Instruction *, size_t> End;
  for (size_t J = 0; J < Ops.size(); ++J)
    End[Ops[J].At] = J;
  for (Loop *L : LI.getLoopsInPreorder()) {
    BasicBlock *H = L->getHeader(), *Pre = L->getLoopPredecessor(), *Exit = L->getExitBlock();
    auto Body = End.find(H->getTerminator());
    if (!L->isInnermost() || L->getNumBlocks() != 1 || !Exit || Body == End.end() || Exit->isEHPad() ||
        !isa<BranchInst>(H->getTerminator()) ||
        any_of(*H, [](Instruction &I) { return isa<CallBase>(I) && !isa<IntrinsicInst>(I); }))
      continue;
    if (!Pre) // entered from several blocks (an unrolled loop's guard and prologue): one block before it
      Pre = InsertPreheaderForLoop(L, nullptr, &LI, nullptr, false);
    if (!Pre)
      continue;
    for (PHINode &Phi : H->phis()) {
      auto *AR = dyn_cast<SCEVAddRecExpr>(SE.getSCEV(&Phi));
      if (!Phi.getType()->isIntegerTy() || Phi.getType()->getIntegerBitWidth() > 64 || !AR ||
          AR->getLoop() != L || !AR->isAffine())
        continue;
      auto *Step = dyn_cast<SCEVConstant>(AR->getStepRecurrence(SE));
      Value *Next = Phi.getIncomingValueForBlock(H), *Init = Phi.getIncomingValueForBlock(Pre);
      if (!Step || Step->getValue()->isZero() || SE.getMinusSCEV(SE.getSCEV(Next), AR) != Step)
        continue;
      if (Exit->getSinglePredecessor() != H) // an exit of its own, run once per exit of the loop
        Exit = SplitEdge(H, Exit, nullptr, &LI);
      Instruction *At = &*Exit->getFirstInsertionPt(); // the count goes before it, after its amount
      IRBuilder<> B(At);
      Value *Trips = B.CreateSDiv(B.CreateSub(Next, Init), Step->getValue(), "oli.trips", /*isExact=*/true);
      Value *Amount = B.CreateMul(B.CreateZExt(Trips, B.getInt64Ty()), B.getInt64(Ops[Body->second].N));
      Ops.push_back({At, 0, Amount});
      Ops[Body->second].N = 0;
      break;
    }
  }
  erase_if(Ops, [](const OpsAt &O) { return !O.N && !O.Loop; });
}

/// Before each block's end (Ops: where and how many) the operations come off
/// the countdown OCd: a subtraction, and with Take the test of takeOps after
/// it (a function whose copy of the countdown is local tests it where the
/// copy meets the thread's instead: takeOpsAt).
static void instrumentOps(ArrayRef<OpsAt> Ops, Value *OCd, FunctionCallee OpsHook, bool Take) {
  for (auto [At, N, Loop] : Ops) {
    IRBuilder<> B(At);
    Type *I64 = B.getInt64Ty();
    Value *Amount = Loop ? Loop : ConstantInt::get(I64, N);
    Value *Left = B.CreateSub(B.CreateLoad(I64, OCd, "oli.ops"), Amount);
    B.CreateStore(Left, OCd);
    if (Take)
      takeOps(Left, OCd, OpsHook, At);
  }
}

/// Where F's local copy of the countdown meets the thread's (syncCountdown).
struct SyncPoints {
  SmallVector<CallBase *, 16> Calls; // may run instrumented code
  SmallVector<Instruction *, 8> Exits; // returns and resumes
};

/// F's sync points; false when F has control flow a local copy cannot follow
/// (callbr, funclet pads): the blocks then update the thread's countdown.
static bool findSyncPoints(Function &F, SyncPoints &P) {
  for (Instruction &I : instructions(F)) {
    if (isa<CallBrInst>(I) || (I.isEHPad() && !isa<LandingPadInst>(I)))
      return false;
    if (auto *CB = dyn_cast<CallBase>(&I)) {
      if (!isa<IntrinsicInst>(CB)) // no intrinsic runs instrumented code
        P.Calls.push_back(CB);
    } else if (isa<ReturnInst>(I) || isa<ResumeInst>(I)) {
      P.Exits.push_back(&I);
    }
  }
  return true;
}

/// Makes Local, an i64 alloca the instrumented blocks update, F's copy of the
/// thread's countdown at Addr: loaded at entry (loadAtEntry) and after each
/// call of P, stored back before each call and exit of P. A call's normal
/// successor reached from elsewhere too gets a block of its own for the
/// reload; an unwind successor is reached by unwinding only (each invoke
/// stored first).
static void loadAtEntry(Value *Addr, AllocaInst *Local, IRBuilder<> &Entry) {
  Entry.CreateStore(Entry.CreateLoad(Local->getAllocatedType(), Addr, "oli.cd.entry"), Local);
}

/// The operations' test (takeOps) of F's local copy, Local, where it meets
/// the thread's (before each call and exit of P): the loops between run a
/// subtraction per block and nothing else, and the count is the same - the
/// hook counts what the countdown went below zero by. Before the copy is
/// stored back (syncCountdown), so that a call that pauses or resumes the
/// profile finds the operations before it counted under the state they ran
/// in.
static void takeOpsAt(const SyncPoints &P, AllocaInst *Local, FunctionCallee OpsHook) {
  auto Take = [&](Instruction *Before) {
    IRBuilder<> B(Before);
    takeOps(B.CreateLoad(Local->getAllocatedType(), Local, "oli.ops"), Local, OpsHook, Before);
  };
  for (CallBase *CB : P.Calls)
    Take(CB);
  for (Instruction *X : P.Exits)
    Take(X);
}

static void syncCountdown(const SyncPoints &P, Value *Addr, AllocaInst *Local) {
  Type *I64 = Local->getAllocatedType();
  auto Store = [&](Instruction *Before) {
    IRBuilder<> B(Before);
    B.CreateStore(B.CreateLoad(I64, Local), Addr);
  };
  auto Reload = [&](BasicBlock::iterator At) {
    IRBuilder<> B(At->getParent(), At);
    B.CreateStore(B.CreateLoad(I64, Addr, "oli.cd.reload"), Local);
  };
  SmallPtrSet<BasicBlock *, 4> Pads; // one reload however many invokes unwind there
  for (CallBase *CB : P.Calls) {
    Store(CB);
    if (auto *CI = dyn_cast<CallInst>(CB)) {
      if (!CI->isMustTailCall()) // a return follows it, nothing else
        Reload(std::next(CI->getIterator()));
    } else if (auto *II = dyn_cast<InvokeInst>(CB)) {
      BasicBlock *Normal = II->getNormalDest();
      if (!Normal->getSinglePredecessor())
        Normal = SplitEdge(II->getParent(), Normal);
      Reload(Normal->getFirstInsertionPt());
      if (Pads.insert(II->getUnwindDest()).second)
        Reload(II->getUnwindDest()->getFirstInsertionPt());
    }
  }
  for (Instruction *X : P.Exits)
    Store(X);
}

/// After each memset/memcpy/memmove side of Spans: its 4-byte quanta come
/// off the countdown Cd at once, and when that crosses zero
/// __oli_profile_span4 samples the quanta a per-access countdown would have
/// and gives the countdown back (its length is known at run time only).
static void instrumentSpans(ArrayRef<std::pair<MemIntrinsic *, Value *>> Spans, Value *Cd, FunctionCallee Span,
                            uint64_t Every, MDNode *Unlikely) {
  for (auto &[MI, Ptr] : Spans) {
    IRBuilder<> B(MI->getNextNode());
    Type *I64 = B.getInt64Ty();
    Value *Len = B.CreateZExtOrTrunc(MI->getLength(), I64);
    Value *Units = B.CreateLShr(B.CreateAdd(Len, ConstantInt::get(I64, 3)), ConstantInt::get(I64, 2), "oli.quanta");
    Value *Left = B.CreateSub(B.CreateLoad(I64, Cd, "oli.cd"), Units);
    B.CreateStore(Left, Cd);
    Value *Hit = B.CreateICmpSLT(Left, ConstantInt::get(I64, 0));
    Instruction *Then = SplitBlockAndInsertIfThen(Hit, B.GetInsertPoint(), false, Unlikely);
    IRBuilder<> T(Then);
    T.CreateStore(T.CreateCall(Span, {Ptr, Units, Left, ConstantInt::get(I64, Every)}), Cd);
    ++NumProfiledSpans;
  }
}

/// Near[J] for each access of Accesses that uses what an earlier one of its
/// block brings (nearAccess): a load near a load or a store, a store near a
/// store only (its line is written back, a load's is not). Each block's
/// first access of a group leads it; a group of the same line (fixed or
/// gathered accesses) spans at most 64 bytes (XSBench's two 48-byte grid
/// points, 12 doubles read: two groups, two lines).
static void markNear(ArrayRef<std::pair<Instruction *, Value *>> Accesses, MutableArrayRef<bool> Near,
                     function_ref<LoopInfo *()> GetLI) {
  constexpr int64_t LineBytes = 64;
  constexpr size_t MaxLeads = 16; // the block's latest: a block of hundreds of accesses stays linear
  struct Lead {
    size_t J;
    AddressPoly Addr; // its address's form, worked out once
    uint64_t W;       // its bytes
    int64_t Lo, Hi;   // a line group's extent, in bytes from the leading access
  };
  SmallVector<Lead, 16> Leads; // the block's leading accesses so far
  for (size_t J = 0; J < Accesses.size(); ++J) {
    Instruction *I = Accesses[J].first;
    if (J > 0 && Accesses[J - 1].first->getParent() != I->getParent())
      Leads.clear();
    if (!isa<LoadInst>(I) && !isa<StoreInst>(I))
      continue; // an atomic leads nothing and follows nothing
    LoopInfo *LI = GetLI();
    if (!LI)
      return;
    const Loop *L = LI->getLoopFor(I->getParent());
    const DataLayout &DL = I->getModule()->getDataLayout();
    uint64_t W = accessBytes(*I, DL);
    AddressPoly Addr = addressPoly(Accesses[J].second, DL);
    for (Lead &G : make_range(Leads.size() > MaxLeads ? Leads.end() - MaxLeads : Leads.begin(), Leads.end())) {
      if (!isa<LoadInst>(I) && !isa<StoreInst>(Accesses[G.J].first))
        continue;
      int64_t Off = 0;
      NearKind K = nearAccess(G.Addr, G.W, Addr, W, L, Off);
      if (K == NearKind::Line) {
        int64_t Lo = std::min(G.Lo, Off), Hi = std::max(G.Hi, Off + int64_t(W));
        if (Hi - Lo > LineBytes)
          continue;
        G.Lo = Lo, G.Hi = Hi;
      }
      if (K != NearKind::None) {
        Near[J] = true;
        break;
      }
    }
    if (!Near[J])
      Leads.push_back({J, std::move(Addr), W, 0, int64_t(W)});
  }
}

/// The gathers of an iteration whose addresses wait on the value J's
/// address waits on furthest: 1 + the most of those of the gathers (Gather:
/// their loads) its address is computed from within L (the loop's own
/// values: not through its header's phis, the iteration before), 1 when none.
/// Depth: the memo (0 not yet, -1 under way).
static int gatherDepth(size_t J, ArrayRef<std::pair<Instruction *, Value *>> Accesses, const Loop *L,
                       const DenseMap<const Instruction *, size_t> &Gather, MutableArrayRef<int> Depth) {
  if (Depth[J] != 0)
    return std::max(Depth[J], 0);
  Depth[J] = -1;
  int D = 0;
  SmallPtrSet<const Value *, 32> Seen;
  SmallVector<const Value *, 16> Work{Accesses[J].second};
  while (!Work.empty() && Seen.size() < 64) {
    auto *I = dyn_cast<Instruction>(Work.pop_back_val());
    if (!I || !L->contains(I) || !Seen.insert(I).second || (isa<PHINode>(I) && I->getParent() == L->getHeader()))
      continue;
    if (auto It = Gather.find(I); It != Gather.end() && It->second != J) {
      D = std::max(D, gatherDepth(It->second, Accesses, L, Gather, Depth));
      continue;
    }
    for (const Value *Op : I->operands())
      Work.push_back(Op);
  }
  return Depth[J] = D + 1;
}

/// Ops[J], for each leading access of Accesses (not Near) in a loop whose
/// address waits on a value the iteration loads (loadBehind: x[idx[i]], a
/// search's probe, a chase): the operations of one iteration of that loop
/// (blockOps of its own blocks, its inner loops' left out) over the loop's
/// leading gathers at its depth (gatherDepth: an unrolled gather's copies,
/// x[idx[i]] beside y[idx[i]], overlap their misses; the grid read at the
/// index grid's value waits for it): the work a core holds in flight per miss
/// of it; 0 for the others.
static void gatherOps(ArrayRef<std::pair<Instruction *, Value *>> Accesses, ArrayRef<bool> Near,
                      const DenseMap<const BasicBlock *, uint64_t> &BlockOps, LoopInfo &LI, ScalarEvolution &SE,
                      MutableArrayRef<uint64_t> Ops) {
  DenseMap<const Loop *, uint64_t> PerIteration;
  DenseMap<const Loop *, DenseMap<const Instruction *, size_t>> Gathers; // by loop: each gathering load or store
  SmallVector<const Loop *, 32> LoopOf(Accesses.size(), nullptr);
  for (size_t J = 0; J < Accesses.size(); ++J) {
    Instruction *I = Accesses[J].first;
    const Loop *L = LI.getLoopFor(I->getParent());
    if (!L || (!isa<LoadInst>(I) && !isa<StoreInst>(I)))
      continue;
    SmallPtrSet<Value *, 32> Seen;
    if (!loadBehind(Accesses[J].second, L, SE, Seen))
      continue;
    LoopOf[J] = L;
    Gathers[L][I] = J;
    auto [It, New] = PerIteration.try_emplace(L, 0);
    if (New)
      for (const BasicBlock *BB : L->blocks())
        if (LI.getLoopFor(BB) == L)
          It->second += BlockOps.lookup(BB);
  }
  SmallVector<int, 32> Depth(Accesses.size(), 0);
  DenseMap<std::pair<const Loop *, int>, uint64_t> AtDepth; // leading gathers by loop and depth
  for (size_t J = 0; J < Accesses.size(); ++J)
    if (LoopOf[J] && !Near[J])
      ++AtDepth[{LoopOf[J], gatherDepth(J, Accesses, LoopOf[J], Gathers[LoopOf[J]], Depth)}];
  for (size_t J = 0; J < Accesses.size(); ++J)
    if (LoopOf[J] && !Near[J]) {
      uint64_t N = AtDepth.lookup({LoopOf[J], Depth[J]});
      Ops[J] = std::max<uint64_t>(1, (PerIteration.lookup(LoopOf[J]) + N / 2) / N);
    }
}

/// The module's entry points and countdowns.
struct Hooks {
  FunctionCallee Sample, Near, Gather, Span, Ops;
  GlobalVariable *Ctr, *OpsCtr;
};

/// Instruments one function; returns true when it changed.
static bool instrumentFunction(Function &F, Hooks &H, uint64_t Every, FunctionAnalysisManager *FAM) {
  if (F.isDeclaration() || F.hasAvailableExternallyLinkage() ||
      F.getName().starts_with(AbiPrefix) || F.getName() == ModuleCtorName ||
      F.getName() == ModuleDtorName)
    return false;
  const DataLayout &DL = F.getParent()->getDataLayout();
  SmallVector<std::pair<Instruction *, Value *>, 32> Accesses;
  SmallVector<std::pair<MemIntrinsic *, Value *>, 4> Spans;
  SmallVector<OpsAt, 16> Ops; // each block's end and operations, before the function changes
  DenseMap<const BasicBlock *, uint64_t> BlockOps;
  for (BasicBlock &BB : F) {
    for (Instruction &I : BB) {
      if (Value *Ptr = profiledPointer(I))
        Accesses.push_back({&I, Ptr});
      profiledSpans(I, Spans);
    }
    if (uint64_t N = blockOps(BB, DL)) {
      Ops.push_back({BB.getTerminator(), N});
      BlockOps[&BB] = N;
      NumProfiledOps += N;
    }
  }
  // every access's quanta, before the function changes
  std::pair<LoopInfo *, ScalarEvolution *> An{nullptr, nullptr};
  bool Asked = false;
  auto Get = [&]() {
    if (!Asked && FAM)
      An = {&FAM->getResult<LoopAnalysis>(F), &FAM->getResult<ScalarEvolutionAnalysis>(F)};
    Asked = true;
    return An;
  };
  // an in-place update of a gathered element (`cnt[k]++`) counts once, as its load
  erase_if(Accesses, [&](const std::pair<Instruction *, Value *> &A) {
    auto *SI = dyn_cast<StoreInst>(A.first);
    if (!SI || !inPlaceStore(*SI))
      return false;
    auto [LI, SE] = Get();
    return LI && SE && gatheredUpdate(*SI, *LI, *SE);
  });
  SmallVector<uint64_t, 32> Quanta;
  for (auto &[I, Ptr] : Accesses)
    Quanta.push_back(accessQuanta(*I, Ptr, DL, Get));
  // an access that uses what another of its block brings (a stencil's
  // neighbours, a struct's fields) goes after the block's others, its
  // samples to the near entry point
  SmallVector<bool, 32> Near(Accesses.size(), false);
  bool AskedLI = false;
  markNear(Accesses, Near, [&]() -> LoopInfo * {
    AskedLI = FAM != nullptr;
    return FAM ? &FAM->getResult<LoopAnalysis>(F) : nullptr;
  });
  // the gathers' loops' operations, and a counted loop's operations at its
  // exit (scalar evolution only for a function with loops)
  SmallVector<uint64_t, 32> GatherOps(Accesses.size(), 0);
  if (!Accesses.empty() && FAM && !FAM->getResult<LoopAnalysis>(F).empty())
    if (auto [LI, SE] = Get(); LI && SE)
      gatherOps(Accesses, Near, BlockOps, *LI, *SE, GatherOps);
  if (FAM && !FAM->getResult<LoopAnalysis>(F).empty()) {
    AskedLI = true;
    if (auto [LI, SE] = Get(); LI && SE)
      countLoopsAtExit(Ops, *LI, *SE);
  }
  LLVMContext &Ctx = F.getContext();
  Type *I64 = Type::getInt64Ty(Ctx);
  IRBuilder<> Entry(&*F.getEntryBlock().getFirstNonPHIOrDbgOrAlloca());
  // the countdowns' thread-local copies and the function's own (syncCountdown)
  SyncPoints Sync;
  bool Synced = findSyncPoints(F, Sync);
  bool Counts = !Accesses.empty() || !Spans.empty();
  Value *Addr = Counts ? Entry.CreateThreadLocalAddress(H.Ctr) : nullptr;
  auto LocalOf = [&](const Twine &Name) {
    return new AllocaInst(I64, DL.getAllocaAddrSpace(), Name, F.getEntryBlock().getFirstInsertionPt());
  };
  AllocaInst *Local = Counts && Synced ? LocalOf("oli.cd.local") : nullptr;
  AllocaInst *OpsLocal = Synced ? LocalOf("oli.ops.local") : nullptr;
  Value *Cd = Local ? Local : Addr; // the countdown the blocks update
  MDNode *Unlikely = MDBuilder(Ctx).createBranchWeights(1, (uint32_t)std::min<uint64_t>(Every, 1u << 20));
  // Accesses are in instruction order, so each block's are contiguous.
  for (size_t Begin = 0, End; Begin < Accesses.size(); Begin = End) {
    BasicBlock *BB = Accesses[Begin].first->getParent();
    for (End = Begin + 1; End < Accesses.size() && Accesses[End].first->getParent() == BB; ++End)
      ;
    // the block's accesses, those near another after the rest
    SmallVector<size_t, 32> Order;
    for (bool Second : {false, true})
      for (size_t J = Begin; J < End; ++J)
        if (Near[J] == Second)
          Order.push_back(J);
    // K: the block's quanta; Cum[J]: the quanta up to and including the J-th
    // of Order; Lead: the quanta before the first near one
    SmallVector<uint64_t, 32> Cum;
    uint64_t K = 0, Lead = 0;
    for (size_t J : Order) {
      Cum.push_back(K += Quanta[J]);
      if (!Near[J])
        Lead = K;
    }
    bool Scalar = K == End - Begin; // one quantum each: index J - Begin is access J
    IRBuilder<> B(BB->getTerminator());
    Value *Left = B.CreateSub(B.CreateLoad(I64, Cd, "oli.cd"), ConstantInt::get(I64, K));
    B.CreateStore(Left, Cd);
    Value *Hit = B.CreateICmpSLT(Left, ConstantInt::get(I64, 0));
    Instruction *Then = SplitBlockAndInsertIfThen(Hit, BB->getTerminator()->getIterator(), false, Unlikely);
    IRBuilder<> T(Then);
    Value *Idx = T.CreateAdd(Left, ConstantInt::get(I64, K), "oli.idx");
    Value *Ptr = Accesses[Order.back()].second;
    for (size_t J = Order.size() - 1; J-- > 0;)
      Ptr = T.CreateSelect(Scalar ? T.CreateICmpEQ(Idx, ConstantInt::get(I64, J))
                                  : T.CreateICmpULT(Idx, ConstantInt::get(I64, Cum[J])),
                           Accesses[Order[J]].second, Ptr);
    Value *Callee = H.Sample.getCallee();
    if (Lead < K) // the crossing quantum is a near access's from Lead on
      Callee = T.CreateSelect(T.CreateICmpUGE(Idx, ConstantInt::get(I64, Lead)), H.Near.getCallee(), Callee);
    Value *EveryV = ConstantInt::get(I64, Every);
    // a gathering crossing access (a leading one: GatherOps) calls the gather entry point with its loop's operations
    Value *GOps = nullptr;
    if (any_of(Order, [&](size_t J) { return GatherOps[J] != 0; })) {
      auto OpsOf = [&](size_t J) { return ConstantInt::get(I64, GatherOps[J]); };
      GOps = OpsOf(Order.back());
      for (size_t J = Order.size() - 1; J-- > 0;)
        GOps = T.CreateSelect(Scalar ? T.CreateICmpEQ(Idx, ConstantInt::get(I64, J))
                                     : T.CreateICmpULT(Idx, ConstantInt::get(I64, Cum[J])),
                              OpsOf(Order[J]), GOps);
    }
    Value *NextV;
    if (!GOps) {
      CallInst *Next = T.CreateCall(H.Sample.getFunctionType(), Callee, {Ptr, Left, EveryV}, "oli.cd.next");
      Next->setDoesNotThrow(); // either entry point: an indirect call unwinds nowhere either
      NextV = Next;
    } else {
      Instruction *GT = nullptr, *ST = nullptr;
      SplitBlockAndInsertIfThenElse(T.CreateICmpNE(GOps, ConstantInt::get(I64, 0)), Then->getIterator(), &GT, &ST);
      IRBuilder<> G(GT), S(ST);
      CallInst *GC = G.CreateCall(H.Gather, {Ptr, Left, EveryV, GOps}, "oli.cd.next");
      CallInst *SC = S.CreateCall(H.Sample.getFunctionType(), Callee, {Ptr, Left, EveryV}, "oli.cd.next");
      GC->setDoesNotThrow(), SC->setDoesNotThrow();
      T.SetInsertPoint(Then); // the tail, after both
      PHINode *P = T.CreatePHI(I64, 2, "oli.cd.next");
      P->addIncoming(GC, GT->getParent());
      P->addIncoming(SC, ST->getParent());
      NextV = P;
    }
    T.CreateStore(NextV, Cd);
    NumProfiledAccesses += End - Begin;
  }
  instrumentSpans(Spans, Cd, H.Span, Every, Unlikely); // after the blocks': it splits them
  if (Local) {
    loadAtEntry(Addr, Local, Entry);
    syncCountdown(Sync, Addr, Local);
  }
  // the operations last, at the ends the blocks had (the accesses' code
  // before them), the entry's load first (the entry block's end moves)
  Value *OpsAddr = Entry.CreateThreadLocalAddress(H.OpsCtr);
  if (OpsLocal)
    loadAtEntry(OpsAddr, OpsLocal, Entry);
  instrumentOps(Ops, OpsLocal ? OpsLocal : OpsAddr, H.Ops, !OpsLocal);
  if (OpsLocal) {
    takeOpsAt(Sync, OpsLocal, H.Ops);
    syncCountdown(Sync, OpsAddr, OpsLocal);
  }
  if (Synced) {
    SmallVector<AllocaInst *, 2> Locals{OpsLocal};
    if (Local)
      Locals.push_back(Local);
    DominatorTree DT(F);
    PromoteMemToReg(Locals, DT);
  }
  if ((Asked || AskedLI) && FAM)
    FAM->invalidate(F, PreservedAnalyses::none()); // its blocks were split
  return true;
}

bool instrumentAccesses(Module &M, uint64_t Every, FunctionAnalysisManager *FAM) {
  if (!Every || M.getModuleFlag(ProfiledFlag))
    return false;
  for (const Function &F : M)
    if (!F.isDeclaration() && F.getName().starts_with(AbiPrefix))
      return false; // the runtime
  LLVMContext &Ctx = M.getContext();
  Type *I64 = Type::getInt64Ty(Ctx), *Ptr = PointerType::getUnqual(Ctx);
  Hooks H;
  H.Sample = M.getOrInsertFunction(ProfileSampleName, I64, Ptr, I64, I64);
  H.Near = M.getOrInsertFunction(ProfileNearName, H.Sample.getFunctionType());
  H.Gather = M.getOrInsertFunction(ProfileGatherName, I64, Ptr, I64, I64, I64);
  H.Span = M.getOrInsertFunction(ProfileSpanName, I64, Ptr, I64, I64, I64);
  H.Ops = M.getOrInsertFunction(ProfileOpsName, I64, I64, I64);
  for (FunctionCallee FC : {H.Sample, H.Near, H.Gather, H.Span, H.Ops})
    if (auto *Fn = dyn_cast<Function>(FC.getCallee()))
      Fn->addFnAttr(Attribute::NoUnwind);
  H.Ctr = countdown(M, CountdownName, 0);
  H.OpsCtr = countdown(M, OpsCountdownName, OpsPeriod);
  bool Changed = false;
  SmallVector<Function *, 64> Fns;
  for (Function &F : M)
    Fns.push_back(&F);
  for (Function *F : Fns)
    Changed |= instrumentFunction(*F, H, Every, FAM);
  for (FunctionCallee FC : {H.Sample, H.Near, H.Gather, H.Span, H.Ops})
    if (auto *Fn = dyn_cast<Function>(FC.getCallee()); Fn && Fn->use_empty())
      Fn->eraseFromParent(); // no access, no near access, no span in the module
  for (GlobalVariable *GV : {H.Ctr, H.OpsCtr})
    if (GV->use_empty())
      GV->eraseFromParent();
  if (!Changed)
    return false;
  M.addModuleFlag(Module::Max, ProfiledFlag, 1);
  LLVM_DEBUG(dbgs() << "oli: profiled " << NumProfiledAccesses << " accesses\n");
  return true;
}

} // namespace oli
