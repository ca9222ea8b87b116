//===- StaticIntensity.cpp - static access intensity per site ------------===//
//
// See StaticIntensity.h. Three steps:
//
//  1. Roots. Each site record names the values its objects start from: the
//     result of an __oli_* entry-point call, of a bracketed wrapper call (the
//     bracket's record wins over an inlined wrapper's own, as in the
//     runtime), the pointer slot an ALLOCATE or posix_memalign fills, the
//     global a module constructor registers.
//  2. Flow. From a root, a state (value, path) is followed through GEPs,
//     casts, phis and selects to the loads and stores that use it. A path
//     [o1, o2, ...] means "load the pointer at value+o1, then at that+o2, ...
//     to reach the object": storing an object pointer into a global, a local
//     slot or a Fortran descriptor prepends the slot's offset; loading it
//     back removes it. Calls of functions defined in the module continue in
//     the callee's argument (OpenMP outlined regions through the broker's
//     callback metadata); a slot filled through a pointer argument continues
//     in the callers. Anything else the object is handed to is an escape.
//  3. Weight. An access executes freq(block) / freq(entry) times per call of
//     its function (BlockFrequencyInfo, with trip counts SCEV knows replacing
//     its guesses), times the calls of that function (the same product over
//     the call graph from main). Per byte: the loops over which the address
//     is affine (or, for a gather, in which it varies) form the sweep nest;
//     when all of their trip counts are known the access's executions are
//     divided by the object's size (the size hint, else 1 MiB), otherwise
//     each entry of the nest is taken to cover the object once: 1/stride
//     accesses per byte (1/access size for a gather). Loops inside the nest
//     in which the address does not move multiply (reuse).
//     A second view (Mode 1) takes the trip counts that are expressions of
//     the objects' sizes at the sample point of SizeSample.h, with the
//     branches on sizes decided there: an access whose counts read only its
//     object's size symbols keeps that weight, divided by the size there
//     (exact passes); every other access keeps the first view's.
//
//===----------------------------------------------------------------------===//
#include "StaticIntensity.h"
#include "AddressShape.h"
#include "OliAbiNames.h"
#include "SiteRecord.h"
#include "SizeSample.h"
#include "StaticSize.h"
#include "summary.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/PostOrderIterator.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/BlockFrequencyInfo.h"
#include "llvm/Analysis/BranchProbabilityInfo.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/Analysis/TargetLibraryInfo.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/AbstractCallSite.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/GetElementPtrTypeIterator.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Operator.h"
#include "llvm/Support/Debug.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Transforms/Utils/ModuleUtils.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <map>
#include <memory>
#include <set>

using namespace llvm;

#define DEBUG_TYPE "oli"

STATISTIC(NumEstimated, "site records given a static access estimate");
STATISTIC(NumAccessesSeen, "loads and stores attributed to a site");

namespace oli {

namespace {

constexpr double NominalBytes = 1 << 20;   // size of an object of unknown size: OLI_MIN_SIZE, the smallest placed
constexpr double BulkWidth = 16;           // bytes per access credited to memset/memcpy (one SSE vector)
constexpr double ShortTrip = 64;           // a loop known to run at most this often is short
constexpr double OverflowGuard = 0x1p30;   // a constant at least this large bounds an index type, not a size
constexpr double LineBytes = 64;           // a stride below a cache line touches every line: streaming
constexpr unsigned MaxPath = 3;            // pointer indirections followed
constexpr unsigned MaxStates = 8192;       // flow states per module
constexpr unsigned MaxSteps = 1u << 20;    // values visited per module
constexpr unsigned MaxPushes = 1u << 16;   // call-graph paths weighed per site

/// Where a pointer slot lies relative to a value: bytes [Lo, Hi). One
/// offset o is [o, o+1); a slot of an array of pointers (p[i] = obj) spans
/// the array; Any is a slot whose place is not known.
struct Slot {
  int64_t Lo, Hi;
  bool operator<(const Slot &O) const { return Lo != O.Lo ? Lo < O.Lo : Hi < O.Hi; }
  bool operator==(const Slot &O) const { return Lo == O.Lo && Hi == O.Hi; }
  bool any() const { return Lo == INT64_MIN; }
  bool exact() const { return !any() && Hi == Lo + 1; }
  bool holds(int64_t O) const { return any() || (Lo <= O && O < Hi); }
  Slot shift(int64_t D) const { return any() ? *this : Slot{Lo - D, Hi - D}; }
  static Slot at(int64_t O) { return {O, O + 1}; }
  static Slot anywhere() { return {INT64_MIN, INT64_MAX}; }
};
/// Pointer slots to load in turn to reach the object; empty: the value
/// points into the object itself.
using Path = std::vector<Slot>;

struct Access {
  Instruction *I;
  Value *Ptr;
  uint64_t Size; // bytes per execution
  enum KindT : uint8_t { Load, Store, Bulk, VectorGather } Kind;
};

/// One (value, path) the flow started from. Absolute states hold in every
/// call of their function (a root, a slot in a global); relative ones (an
/// argument) only in the calls that pass this object.
struct State {
  Value *Root = nullptr;
  Path P;
  bool Absolute = false;
  bool Done = false;
  bool Escapes = false, Ambiguous = false, Unseen = false;
  std::vector<Access> Accesses;
  std::vector<std::pair<unsigned, CallBase *>> Calls; // argument states, via a call
  std::vector<unsigned> Also;                         // absolute states reached (slots, returns)
  std::vector<std::pair<std::string, CallBase *>> Exits; // keys other modules may use (a call: per call)
};

/// What the accesses from a set of roots add up to, before dividing by the
/// object's size: the parts whose counts are known (executions, bytes
/// moved; divided by the size hint or a nominal size), the parts known at
/// the sample point in the size's own symbols (divided by the size there)
/// and the parts taken to cover the object (per byte), by pattern.
struct Part {
  double PerByte[NumPatterns] = {}, Execs[NumPatterns] = {}, ExecsS[NumPatterns] = {};
  double PassPerByte = 0, Moved = 0, MovedS = 0;
  double GuessedPerByte = 0, GuessedExecs = 0, GuessedExecsS = 0;
  unsigned Accesses = 0;
  // the parts whose counts rest on guessed trip counts, by pattern (as above)
  double GPerByte[NumPatterns] = {}, GExecs[NumPatterns] = {}, GExecsS[NumPatterns] = {};
  /// A gather whose count rests on a guessed trip count (a lookup loop) and
  /// outweighs every other pattern's guessed part: what the known counts
  /// (a set-up that fills the object) add says nothing of it.
  bool openGather(double Bytes, double BytesS) const {
    auto G = [&](unsigned P) { return GPerByte[P] + GExecs[P] / Bytes + (BytesS > 0 ? GExecsS[P] / BytesS : 0); };
    double Other = 0;
    for (unsigned P = 1; P < NumPatterns; ++P)
      if (P != unsigned(OLI_PATTERN_GATHER))
        Other = std::max(Other, G(P));
    return G(OLI_PATTERN_GATHER) > 0 && G(OLI_PATTERN_GATHER) >= Other;
  }
};
struct Tally : Part {
  std::map<std::string, Part> ByRoot; // the same, by the module's root function ("fn()") it runs under
  bool Seen = false, Escapes = false, Unseen = false, Ambiguous = false;
  std::map<std::string, double> Exits; // key -> entries per run
  std::vector<char> Reached;
  std::vector<AccessPart> Parts; // Intensity filled by the caller
  SymSet Syms;                   // view 1: the symbols of the trip counts taken at the sample point
  std::vector<double> PartExecs, PartPerByte;
  std::vector<char> PartAtSample;
  /// BytesS: the object's size at the sample point (0: unknown).
  double intensity(double Bytes, double BytesS, unsigned P) const {
    return PerByte[P] + Execs[P] / Bytes + (BytesS > 0 ? ExecsS[P] / BytesS : 0);
  }
};

/// What one access contributes per call of its function.
struct Weight {
  double Execs = 0;   // executions per call, when its whole sweep nest has known trip counts
  double PerByte = 0; // accesses per byte per call, otherwise
  AccessPattern Pat = OLI_PATTERN_UNKNOWN;
  bool Guessed = false;
  bool Ok = false; // false: the function cannot be analysed (optnone)
  SymSet Syms;     // symbols of the trip counts taken at the sample point
};

/// The analyses of one function, and its loops' trip counts.
/// Two views (Estimator::Mode): 0, trip counts the compiler knows as
/// numbers; 1, also those it knows as expressions of the objects' sizes,
/// taken at the sample point with the branches that test such sizes
/// (`n > 0`, a vector loop's minimum) decided there.
struct FnInfo {
  LoopInfo *LI;
  ScalarEvolution *SE;
  BlockFrequencyInfo *BFI[2];
  BranchProbabilityInfo *BPI[2];
  double EntryFreq[2];
  DenseMap<const Loop *, std::pair<double, bool>> Iter[2]; // iterations per entry, known
  DenseMap<const Loop *, double> Corr[2];                  // known / BFI's iterations
  DenseMap<const Loop *, SymSet> LoopSyms;                 // view 1: a trip count's symbols
  std::unique_ptr<BranchProbabilityInfo> SampleBPI;
  std::unique_ptr<BlockFrequencyInfo> SampleBFI;
};

class Estimator {
public:
  Estimator(Module &M, ModuleAnalysisManager &MAM)
      : M(M), DL(M.getDataLayout()),
        FAM(MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager()), Space(M) {}
  std::vector<std::pair<GlobalVariable *, SiteEstimate>> run();

private:
  FnInfo *info(Function &F);
  double bfi(FnInfo &FI, const BasicBlock *BB) { return double(FI.BFI[Mode]->getBlockFreq(BB).getFrequency()); }
  void sampleBranches(Function &F, FnInfo &FI);
  std::optional<Sample> sizeAt(CallBase &CB);
  std::optional<Sample> sampleTrips(FnInfo &FI, const Loop *L);
  void livePhiInputs(FnInfo &FI, PHINode *P, SmallVectorImpl<Value *> &Out);
  std::pair<double, bool> iterations(FnInfo &FI, const Loop *L);
  double entering(FnInfo &FI, const Loop *L);
  std::pair<double, bool> relFreq(FnInfo &FI, const BasicBlock *BB, SymSet *Syms = nullptr);
  std::pair<double, bool> loopEntries(FnInfo &FI, const Loop *L);
  std::pair<double, bool> entryCount(Function &F);

  unsigned state(Value *Root, const Path &P, bool Absolute);
  void flow(unsigned S);
  void slot(unsigned S, Value *Dst, const Path &P, bool Copy, std::vector<std::pair<Value *, Path>> &Work);
  bool call(unsigned S, CallBase &CB, Use &U, const Path &P, std::vector<std::pair<Value *, Path>> &Work);

  Weight weigh(const Access &A);
  Weight weighOnce(const Access &A, FnInfo *FI);

  void findRoots();
  void addRoot(GlobalVariable *Rec, Instruction *At, Value *V, Path P);
  /// Exact: in view 1, which accesses keep view 1's weight (those whose
  /// trip counts read only the object's size's symbols); the others, and
  /// every access without Exact, take view 0's.
  Tally accumulate(const std::vector<std::pair<unsigned, double>> &From,
                   const std::function<bool(const SymSet &)> &Exact = nullptr);
  /// Symbols a view-1 trip count or branch may read: some object's size's,
  /// or a global every module names alike (a key's USE, joined elsewhere).
  bool usable(const SymSet &S) const {
    return all_of(S, [&](unsigned X) { return Space.shared(X) || is_contained(SizeSyms, X); });
  }
  const std::string &rootOf(Function &F);
  DenseMap<Function *, std::string> Rooted;
  void findKeys();
  void emitSummaries(const std::vector<std::pair<GlobalVariable *, Tally>> &Sites);

public:
  /// Key roots: key -> (state, calls per entry: 0 for an absolute state).
  std::map<std::string, std::vector<std::pair<unsigned, double>>> KeyRoots;
  bool Summaries = true;
  std::vector<unsigned char> SummaryBytes; // the module's summary records, end to end

private:

  Module &M;
  const DataLayout &DL;
  FunctionAnalysisManager &FAM;
  DenseMap<Function *, std::unique_ptr<FnInfo>> Fns;
  DenseMap<Function *, std::pair<double, bool>> Entries[2];
  SmallPtrSet<Function *, 8> InProgress;
  unsigned Mode = 0;           // FnInfo's view: 1 for the sites' own estimates
  SampleSpace Space;           // sizes and trip counts at the sample point
  SymSet SizeSyms;             // every symbol some object's size reads
  DenseMap<GlobalVariable *, std::optional<Sample>> SizeOf; // a record's size at the sample point
  SmallPtrSet<GlobalVariable *, 4> Disagree;                // records whose calls give two sizes
  std::vector<State> States;
  std::map<std::tuple<Value *, Path, bool>, unsigned> Index;
  DenseMap<Instruction *, Weight> Memo[2];
  std::vector<GlobalVariable *> Records;
  DenseMap<GlobalVariable *, std::vector<unsigned>> Roots;
  DenseMap<GlobalVariable *, Instruction *> Anchors;
  SmallPtrSet<CallBase *, 16> Bracketed; // calls whose objects belong to the bracket's record
  unsigned Steps = 0;
};

/// True for a global holding a site record.
static GlobalVariable *asRecord(Value *V) {
  auto *GV = dyn_cast<GlobalVariable>(V->stripPointerCasts());
  return GV && GV->getSection() == SiteSection ? GV : nullptr;
}

/// Keys: names of a pointer slot or parameter that mean the same in every
/// module of the program (common/summary.h).
static std::string globalKey(const GlobalValue &GV, int64_t Off) {
  return "@" + GV.getName().str() + "+" + std::to_string(Off);
}
/// "%struct.T+off" for a named struct type (a module's renamed duplicate
/// "struct.T.0" names the same type); "" for a literal one.
static std::string typeKey(Type *T, int64_t Off) {
  auto *ST = dyn_cast_or_null<StructType>(T);
  if (!ST || ST->isLiteral() || !ST->hasName())
    return "";
  StringRef N = ST->getName();
  size_t Dot = N.rfind('.');
  if (Dot != StringRef::npos && Dot + 1 < N.size() &&
      N.drop_front(Dot + 1).find_first_not_of("0123456789") == StringRef::npos && N.take_front(Dot).contains('.'))
    N = N.take_front(Dot);
  return "%" + N.str() + "+" + std::to_string(Off);
}
static std::string paramKey(const Function &F, unsigned I) { return F.getName().str() + "#" + std::to_string(I); }

/// How a call hands over a site's object: its result, or the slot an
/// operand points to (posix_memalign's out, an ALLOCATE's descriptor).
struct ObjectRole {
  bool Entry = false; // an __oli_* entry point: the record is its last operand
  bool Bracket = false; // a runtime call bracketed by __oli_site_enter/leave
  int OutArg = -1;    // the operand holding the slot; -1: the result
  int SizeArg = -1, CountArg = -1; // the operands whose product is the size; -1: none
};

/// The role of the function called N, from the kind rows of oli_vocab.def:
/// every kind's entry point (and the nothrow entry of the OLI_KF_NEW kinds),
/// and the bracketed library functions of the OLI_CALLEE rows (flang's
/// ALLOCATE). None for any other function.
static std::optional<ObjectRole> roleOf(StringRef N) {
  static const StringMap<ObjectRole> Roles = [] {
    StringMap<ObjectRole> R;
    for (unsigned K = 1; K <= OLI_KIND_MAX_; ++K) {
      const oli_kind_info_t &I = kindInfo(uint8_t(K));
      if (*I.entry)
        R[I.entry] = {true, false, I.out_arg, I.size_arg, I.count_arg};
      if ((I.flags & OLI_KF_NEW) && *I.entry)
        R[NewNothrowName] = {true, false, I.out_arg, I.size_arg, I.count_arg};
    }
    static const struct {
      const char *Name;
      uint8_t Kind;
    } Callees[] = {
#define OLI_CALLEE(Name, Kind, Params) {Name, OLI_KIND_##Kind},
#include "oli_vocab.def"
    };
    for (const auto &C : Callees)
      if (const oli_kind_info_t &I = kindInfo(C.Kind); I.flags & OLI_KF_BRACKET)
        R[C.Name] = {false, true, I.out_arg, I.size_arg, I.count_arg};
    return R;
  }();
  auto It = Roles.find(N);
  if (It == Roles.end())
    return std::nullopt;
  return It->second;
}

/// External functions that neither read the object nor let it escape: the
/// runtime's, OpenMP's, free and delete, flang's ALLOCATE (the kind rows) and
/// its DEALLOCATE and bounds setters, given a descriptor.
static bool isHarmlessCallee(StringRef N) {
  if (std::optional<ObjectRole> R = roleOf(N); R && R->Bracket)
    return true;
  return N == "_FortranAAllocatableDeallocate" || N == "_FortranAPointerDeallocate" ||
         N == "_FortranAAllocatableSetBounds" || N == "_FortranAPointerSetBounds" || N.starts_with(AbiPrefix) || N.starts_with("__kmpc_") || N == "free" || N == "cfree" ||
         N == "_ZdlPv" || N == "_ZdaPv" || N.starts_with("_ZdlPv") || N.starts_with("_ZdaPv");
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
  FI->BFI[0] = FI->BFI[1] = &FAM.getResult<BlockFrequencyAnalysis>(F);
  FI->BPI[0] = FI->BPI[1] = &FAM.getResult<BranchProbabilityAnalysis>(F);
  sampleBranches(F, *FI);
  for (unsigned V = 0; V < 2; ++V)
    FI->EntryFreq[V] = std::max(1.0, double(FI->BFI[V]->getEntryFreq().getFrequency()));
  return (Fns[&F] = std::move(FI)).get();
}

/// View 1's branch probabilities: a branch outside every loop's variation
/// that compares sizes with each other or with a small constant (`n > 0`
/// before a rotated loop, `n < 8` before a vector loop, `n == n & -8` before
/// its remainder) goes the way it goes at the sample point, instead of
/// BranchProbabilityInfo's even guess.
void Estimator::sampleBranches(Function &F, FnInfo &FI) {
  SmallVector<std::pair<BasicBlock *, bool>, 8> Decided;
  DenseMap<const BasicBlock *, bool> Way; // a decided branch: true, its first successor
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
  // threading's copies of `m > 0`).
  std::function<std::optional<bool>(Value *, unsigned)> decide = [&](Value *V, unsigned Depth) -> std::optional<bool> {
    if (auto *P = dyn_cast<PHINode>(V); P && Depth < 2) {
      std::optional<bool> R;
      for (Value *In : P->incoming_values()) {
        std::optional<bool> X = decide(In, Depth + 1);
        if (!X || (R && *R != *X))
          return std::nullopt;
        R = X;
      }
      return R;
    }
    // The vectoriser's run-time checks join their comparisons with or.
    if (auto *B = dyn_cast<BinaryOperator>(V);
        B && B->getType()->isIntegerTy(1) && Depth < 4 &&
        (B->getOpcode() == Instruction::Or || B->getOpcode() == Instruction::And)) {
      std::optional<bool> X = decide(B->getOperand(0), Depth + 1), Y = decide(B->getOperand(1), Depth + 1);
      if (!X || !Y)
        return std::nullopt;
      return B->getOpcode() == Instruction::Or ? (*X || *Y) : (*X && *Y);
    }
    auto *C = dyn_cast<ICmpInst>(V);
    if (!C || !C->getOperand(0)->getType()->isIntegerTy() || C->getOperand(0)->getType()->getIntegerBitWidth() > 64)
      return std::nullopt;
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
    if (!VA || !VB || (VA->Syms.empty() && VB->Syms.empty()) || !usable(VA->Syms) || !usable(VB->Syms))
      return std::nullopt;
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
    unsigned W = C->getOperand(0)->getType()->getIntegerBitWidth();
    return ICmpInst::compare(APInt(W, uint64_t(VA->Value), true), APInt(W, uint64_t(VB->Value), true),
                             C->getPredicate());
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
    if (std::optional<bool> Taken = decide(BI->getCondition(), 0))
      Decided.push_back({BB, *Taken}), Way[BB] = *Taken;
  }
  if (Decided.empty())
    return;
  FI.SampleBPI = std::make_unique<BranchProbabilityInfo>(F, *FI.LI, &FAM.getResult<TargetLibraryAnalysis>(F),
                                                         &FAM.getResult<DominatorTreeAnalysis>(F));
  for (auto [BB, Taken] : Decided) {
    SmallVector<BranchProbability, 2> P{Taken ? BranchProbability::getOne() : BranchProbability::getZero(),
                                        Taken ? BranchProbability::getZero() : BranchProbability::getOne()};
    FI.SampleBPI->setEdgeProbability(BB, P);
  }
  FI.SampleBFI = std::make_unique<BlockFrequencyInfo>(F, *FI.SampleBPI, *FI.LI);
  FI.BPI[1] = FI.SampleBPI.get();
  FI.BFI[1] = FI.SampleBFI.get();
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
    F.push_back(FI.SampleBFI ? double(FI.SampleBFI->getBlockFreq(In).getFrequency()) *
                                   double(FI.SampleBPI->getEdgeProbability(In, P->getParent()).getNumerator())
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

/// The size of the object a call allocates, at the sample point: its size
/// operand (times its count) as the kind row names them, or a Fortran
/// ALLOCATE's extents times its element size.
std::optional<Sample> Estimator::sizeAt(CallBase &CB) {
  Function *Callee = CB.getCalledFunction();
  std::optional<ObjectRole> R = Callee ? roleOf(Callee->getName()) : std::nullopt;
  if (!R || CB.getFunction()->hasOptNone())
    return std::nullopt;
  // not info(): its sample branches need every size first
  ScalarEvolution &SE = FAM.getResult<ScalarEvolutionAnalysis>(*CB.getFunction());
  LoopInfo &LI = FAM.getResult<LoopAnalysis>(*CB.getFunction());
  auto at = [&](Value *V) {
    // a phi of copies of one size (jump threading's) has that size
    Space.Live = [&](PHINode *P, SmallVectorImpl<Value *> &Out) {
      if (!LI.isLoopHeader(P->getParent()))
        Out.append(P->incoming_values().begin(), P->incoming_values().end());
    };
    std::optional<Sample> R = SE.isSCEVable(V->getType()) ? Space.eval(SE.getSCEV(V), SE) : std::nullopt;
    Space.Live = nullptr;
    return R;
  };
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
  if (isDispatchLoop(*FI.LI, L))
    R = {1.0, true}; // its chunks are one pass of the chunk loop's range
  else if (unsigned T = FI.SE->getSmallConstantTripCount(L))
    R = {double(T), true};
  else if (std::optional<Sample> TS = Mode ? sampleTrips(FI, L) : std::nullopt;
           TS && !TS->Syms.empty() && usable(TS->Syms))
    R = {double(TS->Value), true}, FI.LoopSyms[L] = TS->Syms; // in terms of the objects' sizes
  else if (double Max = maxTripCount(*FI.SE, L); Max > 0 && (Max <= ShortTrip || Max < Est))
    R = {std::min(Est, Max), Max <= ShortTrip}; // a loose bound only caps the guess
  FI.Corr[Mode][L] = Est > 0 ? R.first / Est : 1.0;
  return FI.Iter[Mode][L] = R;
}

/// Executions of BB per call of its function; second: a guessed trip count is in it.
std::pair<double, bool> Estimator::relFreq(FnInfo &FI, const BasicBlock *BB, SymSet *Syms) {
  double F = bfi(FI, BB) / FI.EntryFreq[Mode];
  bool Guess = false;
  for (const Loop *L = FI.LI->getLoopFor(BB); L; L = L->getParentLoop()) {
    auto [N, Known] = iterations(FI, L);
    (void)N;
    F *= FI.Corr[Mode][L];
    Guess |= !Known;
    if (auto It = FI.LoopSyms.find(L); Syms && Mode && It != FI.LoopSyms.end())
      unionSyms(*Syms, It->second);
  }
  return {F, Guess};
}

/// Entries into L per call of its function.
std::pair<double, bool> Estimator::loopEntries(FnInfo &FI, const Loop *L) {
  double F = entering(FI, L) / FI.EntryFreq[Mode];
  bool Guess = false;
  for (const Loop *P = L->getParentLoop(); P; P = P->getParentLoop()) {
    auto [N, Known] = iterations(FI, P);
    (void)N;
    F *= FI.Corr[Mode][P];
    Guess |= !Known;
  }
  return {F, Guess};
}

/// Calls of F per run: 1 for main and for functions only reachable from
/// outside the module, else the sum over its call sites (direct, and
/// callbacks such as __kmpc_fork_call) of caller calls x block frequency.
/// Recursive calls add nothing.
std::pair<double, bool> Estimator::entryCount(Function &F) {
  auto It = Entries[Mode].find(&F);
  if (It != Entries[Mode].end())
    return It->second;
  if (F.getName() == "main")
    return Entries[Mode][&F] = {1.0, false};
  if (!InProgress.insert(&F).second)
    return {0.0, false};
  double Sum = 0;
  bool Guess = false, Any = false;
  for (Use &U : F.uses()) {
    AbstractCallSite ACS(&U);
    if (!ACS)
      continue;
    CallBase *CB = ACS.getInstruction();
    Function *Caller = CB->getFunction();
    Any = true;
    auto [C, G1] = entryCount(*Caller);
    double R = 1;
    bool G2 = false;
    if (FnInfo *FI = info(*Caller))
      std::tie(R, G2) = relFreq(*FI, CB->getParent());
    Sum += C * R;
    Guess |= G1 || G2;
  }
  InProgress.erase(&F);
  if (!Any || (!F.hasLocalLinkage() && Sum == 0) ||
      F.hasAddressTaken(nullptr, /*IgnoreCallbackUses=*/true))
    Sum = std::max(Sum, 1.0), Guess = Guess || Any;
  return Entries[Mode][&F] = {Sum, Guess};
}

unsigned Estimator::state(Value *Root, const Path &P, bool Absolute) {
  auto Key = std::make_tuple(Root, P, Absolute);
  auto It = Index.find(Key);
  if (It != Index.end())
    return It->second;
  State St;
  St.Root = Root;
  St.P = P;
  St.Absolute = Absolute;
  States.push_back(std::move(St));
  return Index[Key] = unsigned(States.size() - 1);
}

/// The value V is stored into (Copy: copied with memcpy into) memory at Dst:
/// the slot becomes a state of its own, in this flow when it is a local.
void Estimator::slot(unsigned S, Value *Dst, const Path &P, bool Copy,
                     std::vector<std::pair<Value *, Path>> &Work) {
  if (!Copy && P.size() >= MaxPath) {
    States[S].Escapes = true;
    return;
  }
  APInt Off(DL.getIndexTypeSizeInBits(Dst->getType()), 0);
  Value *Base = Dst->stripAndAccumulateConstantOffsets(DL, Off, /*AllowNonInbounds=*/true);
  Slot Where = Slot::at(Off.getSExtValue());
  if (auto *G = dyn_cast<GEPOperator>(Base)) { // p[i] = obj: somewhere in the array
    APInt Off2(DL.getIndexTypeSizeInBits(G->getType()), 0);
    Value *Inner = G->getPointerOperand()->stripAndAccumulateConstantOffsets(DL, Off2, true);
    int64_t Lo, Hi;
    if (gepRange(*G, DL, Lo, Hi))
      Where = Slot{Lo, Hi}.shift(-(Off2.getSExtValue() + Off.getSExtValue()));
    else
      Where = Slot::anywhere();
    Base = Inner;
  }
  if (getUnderlyingObject(Base) != Base) { // more variable steps on the way
    Base = const_cast<Value *>(getUnderlyingObject(Base));
    Where = Slot::anywhere();
  }
  Path NP;
  if (Copy) { // the same slots, now relative to the copy
    NP = P;
    NP[0] = Where.exact() && NP[0].exact() ? NP[0].shift(-Where.Lo) : Slot::anywhere();
  } else {
    NP.push_back(Where);
    NP.insert(NP.end(), P.begin(), P.end());
  }
  if (!NP[0].exact())
    States[S].Ambiguous = true;
  if (isa<AllocaInst>(Base)) {
    Work.push_back({Base, NP});
  } else if (auto *GV = dyn_cast<GlobalVariable>(Base)) {
    if (!GV->hasLocalLinkage()) { // other modules may read the slot: by its key
      if (NP.size() == 1 && NP[0].exact() && Summaries)
        States[S].Exits.push_back({globalKey(*GV, NP[0].Lo), nullptr});
      else
        States[S].Escapes = true;
    }
    unsigned T = state(GV, NP, true);
    States[S].Also.push_back(T);
  } else if (auto *A = dyn_cast<Argument>(Base)) {
    // filled through a pointer argument: the caller's memory holds it now
    Function *F = A->getParent();
    if (!F->hasLocalLinkage()) { // a struct returned by value: its type's field
      std::string K = NP.size() == 1 && NP[0].exact() && Summaries
                          ? typeKey(F->getParamStructRetType(A->getArgNo()), NP[0].Lo)
                          : "";
      if (!K.empty())
        States[S].Exits.push_back({K, nullptr});
      else
        States[S].Escapes = true;
    }
    for (Use &U : F->uses()) {
      AbstractCallSite ACS(&U);
      if (!ACS)
        continue;
      if (Value *Op = ACS.getCallArgOperand(A->getArgNo()))
        if (Op->getType()->isPointerTy()) {
          unsigned T = state(Op, NP, true); // the same path, from the caller's pointer
          States[S].Also.push_back(T);
        }
    }
  } else {
    States[S].Escapes = true; // into heap memory or somewhere unknown
  }
}

/// A call with the flow's value in operand U. Returns false when the value
/// escapes into code the analysis cannot see.
bool Estimator::call(unsigned S, CallBase &CB, Use &U, const Path &P,
                     std::vector<std::pair<Value *, Path>> &Work) {
  if (CB.isCallee(&U))
    return true;
  unsigned ArgNo = CB.getArgOperandNo(&U);
  if (auto *II = dyn_cast<IntrinsicInst>(&CB)) {
    switch (II->getIntrinsicID()) {
    case Intrinsic::memset:
    case Intrinsic::memset_inline:
    case Intrinsic::memcpy:
    case Intrinsic::memcpy_inline:
    case Intrinsic::memmove: {
      if (P.empty()) {
        uint64_t Len = 0;
        if (auto *C = dyn_cast<ConstantInt>(II->getArgOperand(2)))
          Len = C->getZExtValue();
        States[S].Accesses.push_back({II, U.get(), Len, Access::Bulk});
      } else if (ArgNo == 1 && II->getIntrinsicID() != Intrinsic::memset &&
                 II->getIntrinsicID() != Intrinsic::memset_inline) {
        slot(S, II->getArgOperand(0), P, /*Copy=*/true, Work); // a descriptor or struct copy
      }
      return true;
    }
    case Intrinsic::masked_load:
    case Intrinsic::masked_store:
    case Intrinsic::masked_gather:
    case Intrinsic::masked_scatter: {
      if (!P.empty())
        return true;
      bool IsGather = II->getIntrinsicID() == Intrinsic::masked_gather ||
                      II->getIntrinsicID() == Intrinsic::masked_scatter;
      Type *T = II->getType()->isVoidTy() ? II->getArgOperand(0)->getType() : II->getType();
      uint64_t Size = DL.getTypeStoreSize(T->getScalarType());
      if (!IsGather)
        Size = DL.getTypeStoreSize(T);
      States[S].Accesses.push_back({II, U.get(), Size, IsGather ? Access::VectorGather
                                                               : II->getIntrinsicID() == Intrinsic::masked_load
                                                                     ? Access::Load
                                                                     : Access::Store});
      return true;
    }
    case Intrinsic::ptrmask:
    case Intrinsic::launder_invariant_group:
    case Intrinsic::strip_invariant_group:
      Work.push_back({II, P});
      return true;
    default:
      return true; // lifetime, assume, prefetch, debug info: no access
    }
  }
  bool Seen = false;
  Function *Callee = CB.getCalledFunction();
  if (Callee && !Callee->isDeclaration()) {
    if (ArgNo < Callee->arg_size()) {
      unsigned T = state(Callee->getArg(ArgNo), P, false);
      States[S].Calls.push_back({T, &CB});
    } else
      return false; // a vararg
    Seen = true;
  }
  SmallVector<const Use *, 2> CallbackUses;
  AbstractCallSite::getCallbackUses(CB, CallbackUses);
  for (const Use *CU : CallbackUses) {
    AbstractCallSite ACS(CU);
    Function *Cb = ACS ? ACS.getCalledFunction() : nullptr;
    if (!Cb || Cb->isDeclaration())
      continue;
    for (unsigned J = 0; J < Cb->arg_size(); ++J)
      if (ACS.getCallArgOperand(J) == U.get()) {
        unsigned T = state(Cb->getArg(J), P, false);
        States[S].Calls.push_back({T, &CB});
        Seen = true;
      }
  }
  if (Seen)
    return true;
  if (!Callee)
    return false;
  if (isHarmlessCallee(Callee->getName()))
    return true;
  if (!Summaries || Callee->isIntrinsic() || ArgNo >= Callee->arg_size())
    return false;
  // A function of another module (or a library): the object enters its
  // parameter's key, once per call; a struct passed by value, its type's field.
  std::string K;
  if (P.empty())
    K = paramKey(*Callee, ArgNo);
  else if (P.size() == 1 && P[0].exact() && CB.isByValArgument(ArgNo))
    K = typeKey(CB.getParamByValType(ArgNo), P[0].Lo);
  if (K.empty())
    return false;
  States[S].Exits.push_back({K, &CB});
  return true;
}

void Estimator::flow(unsigned S) {
  if (States[S].Done)
    return;
  States[S].Done = true;
  if (auto *GV = dyn_cast<GlobalVariable>(States[S].Root); GV && !GV->hasLocalLinkage()) {
    const Path &P0 = States[S].P; // other modules can reach it by name: its key
    if (P0.size() == 1 && P0[0].exact() && Summaries)
      States[S].Exits.push_back({globalKey(*GV, P0[0].Lo), nullptr});
    else
      States[S].Escapes = true;
  }
  std::vector<std::pair<Value *, Path>> Work{{States[S].Root, States[S].P}};
  std::set<std::pair<Value *, Path>> Visited;
  while (!Work.empty()) {
    auto [V, P] = Work.back();
    Work.pop_back();
    if (!Visited.insert({V, P}).second)
      continue;
    if (++Steps > MaxSteps) {
      States[S].Escapes = true;
      return;
    }
    for (Use &U : V->uses()) {
      User *Us = U.getUser();
      if (auto *I = dyn_cast<Instruction>(Us)) {
        if (I->getFunction()->hasOptNone()) { // what info() refuses, without asking for analyses
          States[S].Unseen = true;
          continue;
        }
      } else if (!isa<ConstantExpr>(Us)) {
        continue; // an initializer, llvm.used
      }
      if (auto *G = dyn_cast<GEPOperator>(Us)) {
        if (U.getOperandNo() != 0)
          continue; // used as an index
        APInt Off(DL.getIndexTypeSizeInBits(G->getType()), 0);
        Path NP = P;
        if (G->accumulateConstantOffset(DL, Off)) {
          if (!NP.empty())
            NP[0] = NP[0].shift(Off.getSExtValue());
        } else if (!NP.empty() && !NP[0].any()) {
          // a variable index into an array of slots: one of them, not known which
          int64_t Lo, Hi;
          if (gepRange(*G, DL, Lo, Hi) && (NP[0].Hi <= Lo || NP[0].Lo >= Hi))
            continue; // another field: not this slot
          NP[0] = Slot::anywhere();
          States[S].Ambiguous = true;
        }
        Work.push_back({G, NP});
        continue;
      }
      if (isa<BitCastOperator>(Us) || isa<AddrSpaceCastOperator>(Us) || isa<PHINode>(Us)) {
        Work.push_back({Us, P});
        continue;
      }
      auto *I = dyn_cast<Instruction>(Us);
      if (!I)
        continue;
      if (auto *Sel = dyn_cast<SelectInst>(I)) {
        if (U.getOperandNo() != 0)
          Work.push_back({Sel, P});
      } else if (auto *LI = dyn_cast<LoadInst>(I)) {
        if (P.empty()) {
          States[S].Accesses.push_back(
              {LI, U.get(), DL.getTypeStoreSize(LI->getType()), Access::Load});
        } else if (P[0].holds(0) && LI->getType()->isPointerTy()) {
          if (!P[0].exact())
            States[S].Ambiguous = true;
          Work.push_back({LI, Path(P.begin() + 1, P.end())});
        }
      } else if (auto *SI = dyn_cast<StoreInst>(I)) {
        if (U.getOperandNo() == SI->getPointerOperandIndex()) {
          if (P.empty())
            States[S].Accesses.push_back({SI, U.get(), DL.getTypeStoreSize(SI->getValueOperand()->getType()),
                                          Access::Store});
        } else {
          slot(S, SI->getPointerOperand(), P, false, Work);
        }
      } else if (isa<AtomicRMWInst>(I) || isa<AtomicCmpXchgInst>(I)) {
        if (P.empty() && U.getOperandNo() == 0)
          States[S].Accesses.push_back({I, U.get(), DL.getTypeStoreSize(I->getType()), Access::Store});
        else if (U.getOperandNo() != 0)
          States[S].Escapes = true;
      } else if (auto *CB = dyn_cast<CallBase>(I)) {
        if (!call(S, *CB, U, P, Work))
          States[S].Escapes = true;
      } else if (isa<ReturnInst>(I)) {
        Function *F = I->getFunction();
        if (!F->hasLocalLinkage())
          States[S].Escapes = true;
        for (Use &FU : F->uses())
          if (AbstractCallSite ACS(&FU); ACS && ACS.isDirectCall() && !Bracketed.count(ACS.getInstruction())) {
            unsigned T = state(ACS.getInstruction(), P, true);
            States[S].Also.push_back(T);
          }
      } else if (isa<ICmpInst>(I) || isa<PtrToIntInst>(I)) {
        // comparisons and alignment checks: no access
      } else if (isa<InsertValueInst>(I) || isa<InsertElementInst>(I) || isa<ExtractValueInst>(I)) {
        States[S].Escapes = true; // into an aggregate value: not followed
      } else {
        States[S].Escapes = true;
      }
    }
  }
}

/// True when S moves in loop P by a value chosen by data: the result of a
/// loop nested in P (a search), of a call (a random number generator), or a
/// hash (xor, shifts, masks of a value). Each run of the inner loop is then
/// a row gathered by data, not a piece of one sweep as when the starts are
/// read in order from an array (a CSR matrix's rowstr[i]) or carried from
/// the previous iteration.
static bool rowsByData(const SCEV *S, const Loop *P, const LoopInfo &LI, ScalarEvolution &SE) {
  struct Visit {
    const Loop *P;
    const LoopInfo &LI;
    ScalarEvolution &SE;
    bool ByData = false;
    bool follow(const SCEV *X) {
      auto *U = dyn_cast<SCEVUnknown>(X);
      auto *I = U ? dyn_cast<Instruction>(U->getValue()) : nullptr;
      if (!I || !P->contains(I))
        return true;
      if (LI.getLoopFor(I->getParent()) != P && !isa<PHINode>(I))
        ByData = true; // computed in an inner loop: a search's result
      else if (auto *CB = dyn_cast<CallBase>(I); CB && !isa<IntrinsicInst>(CB))
        ByData = true;
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
  } V{P, LI, SE};
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
    if (A.Size)
      W.Execs = Freq * double(A.Size) / BulkWidth;
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
  bool Bisect = false; // a binary search: log2(elements) probes per search
  const SCEV *Start = S;
  auto *AR = dyn_cast<SCEVAddRecExpr>(S);
  if (std::optional<int64_t> St = strideIn(S, L, SE); St && *St) {
    MinStep = std::fabs(double(*St));
    // an unrolled (or vectorised) loop steps u elements per iteration: its
    // copies together still walk every element
    W.Pat = MinStep / double(iterationStep(L, SE)) < LineBytes ? OLI_PATTERN_STREAMING : OLI_PATTERN_STRIDED;
    Start = startIn(S, L, SE);
  } else if (AR && AR->getLoop() == L && AR->isAffine()) {
    W.Pat = OLI_PATTERN_STRIDED; // a stride of n elements: a column
    Start = AR->getStart();
  } else {
    SmallPtrSet<Value *, 32> Seen;
    if (LoadInst *Idx = loadBehind(A.Ptr, L, SE, Seen)) {
      W.Pat = OLI_PATTERN_GATHER;
      SmallPtrSet<Value *, 32> Mid;
      Bisect = bisects(A.Ptr, L, Mid);
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
  bool Affine = MinStep > 0 || W.Pat == OLI_PATTERN_STRIDED, Segmented = false;
  for (const Loop *P = L->getParentLoop(); P; P = P->getParentLoop()) {
    if (!variesIn(Start, P, SE))
      break;
    std::optional<int64_t> St = strideIn(Start, P, SE);
    auto *PR = dyn_cast<SCEVAddRecExpr>(Start);
    bool Moves = (St && *St) || (PR && PR->getLoop() == P && PR->isAffine());
    if (Nest.size() == 1 && !Moves) {
      Segmented = true; // the inner loop's start moves with data (CSR rows): pieces of a sweep
      if (rowsByData(Start, P, *FI->LI, SE))
        W.Pat = OLI_PATTERN_GATHER; // rows chosen by a hash, a search, a random number: gathered
    }
    Nest.push_back(P);
    if (St && *St)
      MinStep = MinStep > 0 ? std::min(MinStep, std::fabs(double(*St))) : std::fabs(double(*St));
    if (Moves)
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
    W.Execs = H * Cond;
    W.Guessed = HGuess;
  } else {
    auto [In, InGuess] = loopEntries(*FI, Nest.back());
    double Density = 1.0 / (MinStep > 0 ? MinStep : Size * Unroll);
    // Searches repeated by an outer loop of the nest (one per particle, per
    // key): that loop is taken to cover the object once, one search per
    // element, and each search probes log2(elements) of them (of a nominal
    // object: the weight is shared by every object the access may reach).
    if (Bisect && Nest.size() > 1)
      Density *= std::max(1.0, std::log2(NominalBytes / Size));
    W.PerByte = In * Cond * Density;
    W.Guessed = true; // the nest is taken to cover the object
    (void)InGuess;
  }
  return W;
}

void Estimator::addRoot(GlobalVariable *Rec, Instruction *At, Value *V, Path P) {
  Roots[Rec].push_back(state(V, P, true));
  Anchors.try_emplace(Rec, At);
}

/// Step 1: the roots of every record.
void Estimator::findRoots() {
  for (GlobalVariable &GV : M.globals())
    if (GV.getSection() == SiteSection)
      Records.push_back(&GV);
  for (Function &F : M) {
    if (F.isDeclaration())
      continue;
    SmallVector<CallBase *, 8> Enters, Entries, Calls;
    for (Instruction &I : instructions(F)) {
      auto *CB = dyn_cast<CallBase>(&I);
      Function *Callee = CB ? CB->getCalledFunction() : nullptr;
      if (!Callee)
        continue;
      StringRef N = Callee->getName();
      GlobalVariable *Rec = CB->arg_size() ? asRecord(CB->getArgOperand(CB->arg_size() - 1)) : nullptr;
      if (N == SiteEnterName && CB->arg_size() == 1 && Rec)
        Enters.push_back(CB);
      else if (N == RegisterGlobalName && CB->arg_size() == 3 && Rec)
        addRoot(Rec, CB, CB->getArgOperand(0)->stripPointerCasts(), {});
      else if (std::optional<ObjectRole> R = roleOf(N); Rec && R && R->Entry)
        Entries.push_back(CB);
      else if ((R && R->Bracket) || (!Callee->isDeclaration() && CB->getType()->isPointerTy()))
        Calls.push_back(CB); // an object only inside a bracket
    }
    DominatorTree *DT = Enters.empty() ? nullptr : &FAM.getResult<DominatorTreeAnalysis>(F);
    // The outermost bracket around a call names its object, as in the runtime.
    auto bracketOf = [&](CallBase *CB) -> GlobalVariable * {
      CallBase *Outer = nullptr;
      for (CallBase *E : Enters) {
        if (!DT->dominates(E, CB))
          continue;
        bool Left = false;
        for (User *U : E->users())
          if (auto *L = dyn_cast<CallBase>(U))
            if (L->getCalledFunction() && L->getCalledFunction()->getName() == SiteLeaveName &&
                DT->dominates(L, CB))
              Left = true;
        if (!Left && (!Outer || DT->dominates(E, Outer)))
          Outer = E;
      }
      return Outer ? asRecord(Outer->getArgOperand(0)) : nullptr;
    };
    // The object reaches its slot: posix_memalign's *out, a descriptor's base address.
    auto slotRoot = [&](GlobalVariable *Rec, CallBase *CB, unsigned Arg) {
      Value *Dst = CB->getArgOperand(Arg);
      APInt Off(DL.getIndexTypeSizeInBits(Dst->getType()), 0);
      Value *Base = Dst->stripAndAccumulateConstantOffsets(DL, Off, /*AllowNonInbounds=*/true);
      addRoot(Rec, CB, Base, {Slot::at(Off.getSExtValue())});
    };
    // The size of a record's object; none when its calls disagree.
    // The size of a record's object; none when its calls disagree (a copy
    // the optimiser made on a path it could not simplify counts for none).
    auto noteSize = [&](GlobalVariable *Rec, CallBase *CB) {
      std::optional<Sample> S = sizeAt(*CB);
      auto [It, New] = SizeOf.try_emplace(Rec, S);
      if (New || !S)
        return;
      if (!It->second)
        It->second = S, Disagree.erase(Rec);
      else if (It->second->Value != S->Value)
        Disagree.insert(Rec);
    };
    for (CallBase *CB : Entries) {
      GlobalVariable *Rec = Enters.empty() ? nullptr : bracketOf(CB);
      if (!Rec)
        Rec = asRecord(CB->getArgOperand(CB->arg_size() - 1));
      noteSize(Rec, CB);
      if (int Out = roleOf(CB->getCalledFunction()->getName())->OutArg; Out >= 0)
        slotRoot(Rec, CB, unsigned(Out));
      else
        addRoot(Rec, CB, CB, {});
    }
    for (CallBase *CB : Calls)
      if (GlobalVariable *Rec = Enters.empty() ? nullptr : bracketOf(CB)) {
        Bracketed.insert(CB); // a wrapper's result goes to the bracket, not to the wrapper's own sites
        noteSize(Rec, CB);
        if (std::optional<ObjectRole> R = roleOf(CB->getCalledFunction()->getName()); R && R->OutArg >= 0)
          slotRoot(Rec, CB, unsigned(R->OutArg));
        else
          addRoot(Rec, CB, CB, {});
      }
  }
}

/// The accesses reached from the states From (each with the calls of its
/// function it holds in: 0 for an absolute state, which holds in every call).
/// Step 3: calls of each argument state's function with this object, the sum
/// over the call paths from the roots.
Tally Estimator::accumulate(const std::vector<std::pair<unsigned, double>> &From,
                            const std::function<bool(const SymSet &)> &Exact) {
  Tally T;
  std::vector<double> E(States.size(), 0.0);
  std::vector<char> &Reached = T.Reached, GuessedPath(States.size(), 0);
  Reached.assign(States.size(), 0);
  struct Item {
    unsigned S;
    double Delta;
    bool Guess;
    unsigned Depth;
  };
  std::vector<Item> Push;
  for (auto [R, Delta] : From)
    Push.push_back({R, Delta, false, 0});
  for (unsigned Pushes = 0; !Push.empty() && Pushes < MaxPushes; ++Pushes) {
    Item It = Push.back();
    Push.pop_back();
    bool First = !Reached[It.S];
    Reached[It.S] = 1;
    E[It.S] += It.Delta;
    GuessedPath[It.S] |= It.Guess;
    const State &St = States[It.S];
    if (It.Depth > 16 || (!First && It.Delta == 0))
      continue;
    for (unsigned A : St.Also)
      if (!Reached[A])
        Push.push_back({A, 0.0, false, It.Depth + 1});
    if (St.Absolute && !First)
      continue;
    for (auto [Tgt, CB] : St.Calls) {
      FnInfo *FI = info(*CB->getFunction());
      if (!FI)
        continue;
      auto [R, RG] = relFreq(*FI, CB->getParent());
      double Calls = It.Delta;
      bool G = It.Guess || RG;
      if (St.Absolute) {
        auto [C, CG] = entryCount(*CB->getFunction());
        Calls = C;
        G |= CG;
      }
      if (Calls * R > 0 || !Reached[Tgt])
        Push.push_back({Tgt, Calls * R, G, It.Depth + 1});
    }
  }
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
      return {E[S], bool(GuessedPath[S])};
    };
    for (const auto &[Key, CB] : St.Exits) {
      if (!CB) { // a slot: the object is there for the run
        T.Exits[Key] = std::max(T.Exits[Key], 1.0);
        continue;
      }
      FnInfo *FI = info(*CB->getFunction());
      if (!FI)
        continue;
      auto [C, CG] = callsOf(*CB->getFunction());
      T.Exits[Key] += C * relFreq(*FI, CB->getParent()).first;
    }
    for (const Access &A : St.Accesses) {
      Weight W = weigh(A);
      bool AtSample = false; // counts in the size's own symbols, at the sample point
      if (Mode && (!Exact || !Exact(W.Syms))) { // counts in terms unrelated to the size: view 0's
        Mode = 0;
        W = weigh(A);
        Mode = 1;
      } else if (Mode && !W.Syms.empty()) {
        unionSyms(T.Syms, W.Syms);
        AtSample = true;
      }
      if (!W.Ok)
        continue;
      T.Seen = true;
      auto [Calls, CG] = callsOf(*A.I->getFunction());
      double Width = double(A.Kind == Access::Bulk ? BulkWidth : std::max<uint64_t>(A.Size, 1));
      double PB = Calls * W.PerByte, EX = Calls * W.Execs;
      for (Part *Q : {static_cast<Part *>(&T), &T.ByRoot[St.Absolute ? rootOf(*A.I->getFunction()) : ""]}) {
        Q->PerByte[unsigned(W.Pat)] += PB;
        (AtSample ? Q->ExecsS : Q->Execs)[unsigned(W.Pat)] += EX;
        Q->PassPerByte += PB * Width;
        (AtSample ? Q->MovedS : Q->Moved) += EX * Width;
        if (W.Guessed || CG)
          Q->GuessedPerByte += PB, (AtSample ? Q->GuessedExecsS : Q->GuessedExecs) += EX;
        if (W.Guessed || CG)
          Q->GPerByte[unsigned(W.Pat)] += PB, (AtSample ? Q->GExecsS : Q->GExecs)[unsigned(W.Pat)] += EX;
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
  std::string Root = F.getName() == "main" ? "main()" : Caller ? rootOf(*Caller) : F.getName().str() + "()";
  return Rooted[&F] = Root;
}

/// Key roots: every place through which another module's object may come
/// into this one. A pointer parameter of a function other modules can call
/// (per call); a pointer slot of a global other modules name, loaded here; a
/// pointer field of a struct passed by value (per run).
void Estimator::findKeys() {
  for (Function &F : M) {
    if (F.isDeclaration() || F.hasLocalLinkage() || F.getName() == "main" || F.getName().starts_with(AbiPrefix) ||
        F.hasOptNone())
      continue;
    // a function without loops touches another module's object a few
    // times per call: its parameters are no key worth the analyses
    bool Loops = !FAM.getResult<LoopAnalysis>(F).empty();
    for (Argument &A : F.args()) {
      if (!A.getType()->isPointerTy() || A.hasStructRetAttr() || (!Loops && !F.getParamByValType(A.getArgNo())))
        continue;
      if (Type *BT = F.getParamByValType(A.getArgNo())) {
        // each pointer field the function loads, by constant offset
        for (User *U : A.users()) {
          Value *V = U;
          APInt Off(DL.getIndexTypeSizeInBits(A.getType()), 0);
          if (auto *LI = dyn_cast<LoadInst>(U); LI && LI->getPointerOperand() == &A)
            V = &A;
          else if (auto *G = dyn_cast<GEPOperator>(U); !G || !G->accumulateConstantOffset(DL, Off))
            continue;
          for (User *L : V->users())
            if (auto *LI = dyn_cast<LoadInst>(L); LI && LI->getType()->isPointerTy())
              if (std::string K = typeKey(BT, Off.getSExtValue()); !K.empty())
                KeyRoots[K].push_back({state(&A, {Slot::at(Off.getSExtValue())}, true), 0.0});
          if (V == &A)
            break;
        }
        continue;
      }
      KeyRoots[paramKey(F, A.getArgNo())].push_back({state(&A, {}, false), 1.0});
    }
  }
  for (GlobalVariable &GV : M.globals()) {
    if (GV.hasLocalLinkage() || GV.getName().starts_with(AbiPrefix) || GV.getSection() == SiteSection)
      continue;
    SmallVector<std::pair<Value *, int64_t>, 8> Work{{&GV, 0}};
    while (!Work.empty()) {
      auto [V, Off] = Work.pop_back_val();
      for (User *U : V->users()) {
        if (auto *G = dyn_cast<GEPOperator>(U)) {
          APInt O(DL.getIndexTypeSizeInBits(G->getType()), 0);
          if (G->getPointerOperand() == V && G->accumulateConstantOffset(DL, O))
            Work.push_back({G, Off + O.getSExtValue()});
        } else if (auto *LI = dyn_cast<LoadInst>(U); LI && LI->getType()->isPointerTy() && info(*LI->getFunction())) {
          KeyRoots[globalKey(GV, Off)].push_back({state(&GV, {Slot::at(Off)}, true), 0.0});
        } else if (auto *SI = dyn_cast<StoreInst>(U); SI && SI->getPointerOperand() == V && !GV.isDeclaration() &&
                                                     SI->getValueOperand()->getType()->isPointerTy()) {
          // the module defining the global summarises each pointer slot it
          // fills, loaded or not: the key is known, not a library's
          KeyRoots[globalKey(GV, Off)].push_back({state(&GV, {Slot::at(Off)}, true), 0.0});
        }
      }
    }
  }
}

std::vector<std::pair<GlobalVariable *, SiteEstimate>> Estimator::run() {
  findRoots();
  for (GlobalVariable *Rec : Disagree)
    SizeOf[Rec] = std::nullopt;
  for (auto &[Rec, S] : SizeOf)
    if (S)
      unionSyms(SizeSyms, S->Syms);
  if (Summaries)
    findKeys();
  // Step 2: every state reachable from a root.
  for (size_t I = 0; I < States.size() && I < MaxStates; ++I)
    flow(unsigned(I));
  bool Truncated = States.size() > MaxStates;
  // Sites per state, to flag slots holding several sites' objects.
  std::vector<std::vector<GlobalVariable *>> SitesOf(States.size());
  std::vector<std::pair<GlobalVariable *, SiteEstimate>> Out;
  std::vector<std::pair<GlobalVariable *, Tally>> Tallies;
  for (GlobalVariable *Rec : Records) {
    std::vector<std::pair<unsigned, double>> From;
    for (unsigned R : Roots.lookup(Rec))
      From.push_back({R, 0.0});
    SiteInfo Info;
    readSiteRecord(*Rec, Info);
    // The object's size: the record's constant hint, else its size at the
    // sample point (trip counts in the same symbols are then exact), else
    // a nominal OLI_MIN_SIZE.
    std::optional<Sample> SizeS = SizeOf.lookup(Rec);
    SymSet NoSyms;
    const SymSet *Syms = &NoSyms;
    double Bytes = NominalBytes, BytesS = 0;
    if ((Info.Flags & FlagSizeKnown) && Info.SizeHint)
      Bytes = double(Info.SizeHint);
    else if (SizeS && SizeS->Value > 0)
      BytesS = double(SizeS->Value), Syms = &SizeS->Syms;
    Mode = 1;
    Tally T = accumulate(From, [&](const SymSet &S) { return subsetSyms(S, *Syms); });
    Mode = 0;
    SiteEstimate Est;
    for (unsigned S = 0; S < States.size(); ++S)
      if (T.Reached[S])
        SitesOf[S].push_back(Rec);
    Est.Escapes = T.Escapes;
    Est.Unseen = T.Unseen;
    Est.Ambiguous = T.Ambiguous;
    Est.Keyed = !T.Exits.empty();
    for (unsigned P = 0; P < NumPatterns; ++P) {
      Est.Share[P] = T.intensity(Bytes, BytesS, P);
      Est.Intensity += Est.Share[P];
    }
    Est.Passes = T.PassPerByte + T.Moved / Bytes + (BytesS > 0 ? T.MovedS / BytesS : 0);
    Est.Accesses = T.Accesses;
    for (size_t I = 0; I < T.Parts.size(); ++I) {
      Est.Parts.push_back(T.Parts[I]);
      Est.Parts.back().Intensity = T.PartPerByte[I] + T.PartExecs[I] / (T.PartAtSample[I] ? BytesS : Bytes);
    }
    double Guessed = T.GuessedPerByte + T.GuessedExecs / Bytes + (BytesS > 0 ? T.GuessedExecsS / BytesS : 0);
    NumAccessesSeen += Est.Accesses;
    Est.Guessed = Est.Intensity > 0 && Guessed > 0.5 * Est.Intensity;
    double Best = 0;
    for (unsigned P = 1; P < NumPatterns; ++P)
      if (Est.Share[P] > Best)
        Best = Est.Share[P], Est.Pattern = AccessPattern(P);
    // A gather of unknown count (lookups, events, particles): however the
    // counted sweeps compare with its guess, its accesses wait on memory.
    Est.OpenGather = T.openGather(Bytes, BytesS);
    if (Est.OpenGather)
      Est.Pattern = OLI_PATTERN_GATHER;
    bool AnyRoot = !Roots.lookup(Rec).empty();
    // Keys other modules may use count as an escape until the join (the
    // runtime's or the CLI's) has seen those modules' summaries.
    bool Out1 = Est.Escapes || Est.Keyed;
    if (!AnyRoot || (!T.Seen && (Out1 || Est.Unseen)) || Truncated)
      Est.Conf = OLI_CONFIDENCE_NONE;
    else if (Out1 || Est.Unseen || Est.Ambiguous)
      Est.Conf = OLI_CONFIDENCE_LOW;
    else if (Est.Guessed)
      Est.Conf = OLI_CONFIDENCE_MEDIUM;
    else
      Est.Conf = OLI_CONFIDENCE_HIGH;
    if (Truncated)
      Est.Keyed = false;
    if (Est.Conf != OLI_CONFIDENCE_NONE)
      ++NumEstimated;
    Est.Anchor = Anchors.lookup(Rec);
    Out.push_back({Rec, Est});
    if (Summaries) // other modules' joins count in known numbers only
      Tallies.push_back({Rec, accumulate(From)});
  }
  // A pointer slot holding two sites' objects: neither estimate is its own.
  for (unsigned S = 0; S < States.size(); ++S)
    if (SitesOf[S].size() > 1 && !States[S].P.empty())
      for (auto &[Rec, Est] : Out)
        if (std::find(SitesOf[S].begin(), SitesOf[S].end(), Rec) != SitesOf[S].end() &&
            Est.Conf > OLI_CONFIDENCE_LOW) {
          Est.Ambiguous = true;
          Est.Conf = OLI_CONFIDENCE_LOW;
        }
  if (Summaries && !Truncated)
    emitSummaries(Tallies);
  return Out;
}

/// The module's summary records (common/summary.h), one global in section
/// oli_summary: an EDGE from each site to each key its object reaches, a USE
/// per key root (with the sites whose estimates already count it), an EDGE
/// from each key to the keys its objects reach on.
void Estimator::emitSummaries(const std::vector<std::pair<GlobalVariable *, Tally>> &Sites) {
  std::vector<unsigned char> Bytes;
  auto add = [&](const oli_summary_t &R, const std::vector<uint64_t> &Locals) {
    unsigned char Buf[1 << 16];
    size_t N = oli_summary_write(&R, Locals.data(), Buf, sizeof Buf);
    Bytes.insert(Bytes.end(), Buf, Buf + N);
  };
  auto edge = [&](uint64_t Site, const std::string &FromKey, const std::string &Key, double W,
                  const std::optional<Sample> &Size = std::nullopt) {
    oli_summary_t R{};
    R.what = OLI_SUMMARY_EDGE;
    R.from_site = Site;
    R.from_key = FromKey.c_str();
    R.key = Key.c_str();
    R.weight = float(W);
    std::string Names = Size ? Space.names(Size->Syms) : "";
    if (Size) // the object's size in shared symbols: other modules' counts in them are exact
      R.has_sample = 1, R.sample_bytes = float(Size->Value), R.syms = Names.c_str();
    add(R, {});
  };
  auto sharedOnly = [&](const SymSet &S) { return all_of(S, [&](unsigned X) { return Space.shared(X); }); };
  for (const auto &[Rec, T] : Sites) {
    SiteInfo Info;
    readSiteRecord(*Rec, Info);
    std::optional<Sample> Size = SizeOf.lookup(Rec);
    if (Size && (Size->Value <= 0 || Size->Syms.empty() || !sharedOnly(Size->Syms)))
      Size.reset();
    for (const auto &[Key, W] : T.Exits)
      edge(Info.Id, "", Key, W, Size);
  }
  for (const auto &[Key, From] : KeyRoots) {
    Tally T = accumulate(From);
    Mode = 1; // the same at the sample point, for sizes in shared symbols
    Tally TS = accumulate(From, sharedOnly);
    Mode = 0;
    std::string SymNames = Space.names(TS.Syms);
    std::vector<uint64_t> Locals;
    for (const auto &[Rec, ST] : Sites) {
      // the site's own flow reached the key's place (a by-value struct's
      // field as an argument of a call in this module, the key's root as
      // the whole run's): its estimate counts these accesses already
      bool Counted = false;
      for (auto [S, D] : From)
        for (bool Abs : {false, true})
          if (auto It = Index.find(std::make_tuple(States[S].Root, States[S].P, Abs)); It != Index.end())
            Counted |= It->second < ST.Reached.size() && ST.Reached[It->second];
      if (Counted) {
        SiteInfo Info;
        readSiteRecord(*Rec, Info);
        Locals.push_back(Info.Id);
      }
    }
    // one USE per root function the accesses run under (the join scales it
    // by that function's calls); none seen: one empty USE, the key is known
    std::map<std::string, Part> ByRoot = T.ByRoot;
    if (ByRoot.empty())
      ByRoot[""] = Part();
    for (const auto &[Root, Q] : ByRoot) {
      oli_summary_t R{};
      R.what = OLI_SUMMARY_USE;
      R.key = Key.c_str();
      R.from_key = Root.c_str();
      R.n_local = uint16_t(std::min<size_t>(Locals.size(), 4096));
      R.accesses = uint16_t(std::min(Q.Accesses, 65535u));
      double All = 0;
      for (unsigned P = 1; P < NumPatterns; ++P) {
        R.per_byte[P - 1] = float(Q.PerByte[P]);
        R.execs[P - 1] = float(Q.Execs[P]);
        All += Q.PerByte[P] + Q.Execs[P] / NominalBytes;
      }
      R.passes_per_byte = float(Q.PassPerByte);
      R.moved = float(Q.Moved);
      double G = Q.GuessedPerByte + Q.GuessedExecs / NominalBytes;
      R.flags = (All > 0 && G > 0.5 * All ? OLI_SUMMARY_F_GUESSED : 0) | (T.Escapes ? OLI_SUMMARY_F_ESCAPES : 0) |
                (T.Unseen ? OLI_SUMMARY_F_UNSEEN : 0) | (T.Ambiguous ? OLI_SUMMARY_F_AMBIGUOUS : 0) |
                (Q.openGather(NominalBytes, 0) ? OLI_SUMMARY_F_OPEN_GATHER : 0);
      if (!TS.Syms.empty()) {
        auto It = TS.ByRoot.find(Root);
        Part QS = It == TS.ByRoot.end() ? Part() : It->second;
        double AllS = 0;
        for (unsigned P = 1; P < NumPatterns; ++P) {
          R.sample_per_byte[P - 1] = float(QS.PerByte[P]);
          R.sample_execs[P - 1] = float(QS.ExecsS[P]);
          R.sample_rest[P - 1] = float(QS.Execs[P]);
          AllS += QS.PerByte[P] + (QS.Execs[P] + QS.ExecsS[P]) / NominalBytes;
        }
        R.sample_passes_per_byte = float(QS.PassPerByte);
        R.sample_moved = float(QS.MovedS);
        R.sample_rest_moved = float(QS.Moved);
        double GS = QS.GuessedPerByte + (QS.GuessedExecs + QS.GuessedExecsS) / NominalBytes;
        R.has_sample = 1;
        R.sample_flags = AllS > 0 && GS > 0.5 * AllS ? OLI_SUMMARY_F_GUESSED : 0;
        R.syms = SymNames.c_str();
      }
      add(R, Locals);
    }
    for (const auto &[K2, W] : T.Exits)
      if (K2 != Key)
        edge(0, Key, K2, W);
  }
  // Calls of other modules' functions ("fn()"), per call of the root they
  // run under: the join counts each root's calls from main.
  std::map<std::pair<std::string, std::string>, double> CallW;
  for (Function &F : M) {
    // functions analysed for some object already, and main (the root of
    // every count): no analysis is asked of the others for this
    if (F.isDeclaration() || F.getName().starts_with(AbiPrefix) || (!Fns.count(&F) && F.getName() != "main"))
      continue;
    FnInfo *FI = info(F);
    if (!FI)
      continue;
    for (Instruction &I : instructions(F))
      if (auto *CB = dyn_cast<CallBase>(&I))
        if (Function *Callee = CB->getCalledFunction();
            Callee && Callee->isDeclaration() && !Callee->isIntrinsic() && !Callee->getName().starts_with(AbiPrefix) &&
            !Callee->getName().starts_with("_Fortran") && !Callee->getName().starts_with("__kmpc"))
          CallW[{rootOf(F), Callee->getName().str() + "()"}] += entryCount(F).first * relFreq(*FI, CB->getParent()).first;
  }
  for (const auto &[FromTo, W] : CallW)
    edge(0, FromTo.first, FromTo.second, W);
  SummaryBytes = std::move(Bytes);
}

} // namespace

void writeSummaries(Module &M, const std::vector<unsigned char> &Bytes) {
  if (Bytes.empty())
    return;
  auto *Init = ConstantDataArray::get(M.getContext(), ArrayRef<uint8_t>(Bytes));
  auto *GV = new GlobalVariable(M, Init->getType(), /*isConstant=*/true, GlobalValue::PrivateLinkage, Init,
                                SummaryName);
  GV->setSection(SummarySection);
  GV->setAlignment(Align(8));
  appendToCompilerUsed(M, {GV});
}

void writeStaticIntensity(const std::vector<std::pair<GlobalVariable *, SiteEstimate>> &R) {
  for (const auto &[Rec, E] : R) {
    StaticFields F;
    F.Pattern = uint8_t(E.Pattern);
    F.Confidence = uint8_t(E.Conf);
    F.Flags = (E.Escapes ? OLI_STATIC_F_ESCAPES : 0) | (E.Ambiguous ? OLI_STATIC_F_AMBIGUOUS : 0) |
              (E.Guessed ? OLI_STATIC_F_GUESSED : 0) | (E.Unseen ? OLI_STATIC_F_UNSEEN : 0) |
              (E.Keyed ? OLI_STATIC_F_KEYED : 0) | (E.OpenGather ? OLI_STATIC_F_OPEN_GATHER : 0);
    for (unsigned P = 0; P < NumPatterns; ++P) // the rows with a share; unknown is the rest
      if (int I = oli_access_pattern_share(AccessPattern(P)); I >= 0)
        F.Share[I] = E.Intensity > 0 ? uint8_t(std::lround(100 * E.Share[P] / E.Intensity)) : 0;
    F.Intensity = float(std::min(E.Intensity, 3e38));
    F.Passes = float(std::min(E.Passes, 3e38));
    setStaticEstimate(*Rec, F);
  }
}

std::vector<std::pair<GlobalVariable *, SiteEstimate>>
estimateStaticIntensity(Module &M, ModuleAnalysisManager &MAM, std::vector<unsigned char> *Summary) {
  Estimator E(M, MAM);
  E.Summaries = Summary != nullptr;
  auto R = E.run();
  if (Summary)
    *Summary = std::move(E.SummaryBytes);
  return R;
}

void printSummaries(raw_ostream &OS, const std::vector<unsigned char> &Bytes) {
  {
    StringRef B(reinterpret_cast<const char *>(Bytes.data()), Bytes.size());
    oli_summary_t R;
    for (size_t At = 0; At + 8 <= B.size();) {
      int RC = oli_summary_decode(B.data() + At, B.size() - At, At, &R, nullptr, 0);
      if (RC < 0)
        break;
      At += RC == 0 ? 8 : R.size;
      if (RC == 0)
        continue;
      if (R.what == OLI_SUMMARY_EDGE) {
        OS << "oli: summary edge ";
        if (R.from_site)
          OS << format_hex(R.from_site, 18);
        else
          OS << R.from_key;
        OS << " -> " << R.key << " x" << format("%.4g", R.weight);
        if (R.has_sample)
          OS << ", size " << format("%.4g", R.sample_bytes) << " at the sample point of " << R.syms;
        OS << "\n";
        continue;
      }
      OS << "oli: summary use " << R.key;
      if (*R.from_key)
        OS << " under " << R.from_key;
      OS << ":";
      bool Any = false;
      for (unsigned P = 0; P < OLI_SUMMARY_PATTERNS; ++P)
        if (R.per_byte[P] > 0 || R.execs[P] > 0)
          Any = true, OS << " " << oli_access_pattern_name(AccessPattern(P + 1)) << " " << format("%.4g", R.per_byte[P])
             << "/byte+" << format("%.4g", R.execs[P]);
      if (!Any)
        OS << " none";
      OS << ", passes " << format("%.4g", R.passes_per_byte) << "/byte+" << format("%.4g", R.moved) << " bytes, "
         << R.accesses << " accesses";
      if (R.flags & OLI_SUMMARY_F_GUESSED)
        OS << ", guessed";
      if (R.flags & OLI_SUMMARY_F_ESCAPES)
        OS << ", escapes";
      if (R.flags & OLI_SUMMARY_F_OPEN_GATHER)
        OS << ", open gather";
      for (unsigned I = 0; I < R.n_local; ++I) {
        uint64_t Id;
        memcpy(&Id, R.local + 8 * I, 8);
        OS << (I ? " " : ", counted by ") << format_hex(Id, 18);
      }
      if (R.has_sample) {
        OS << "; at the sample point of " << R.syms << ":";
        for (unsigned P = 0; P < OLI_SUMMARY_PATTERNS; ++P)
          if (R.sample_per_byte[P] > 0 || R.sample_execs[P] > 0)
            OS << " " << oli_access_pattern_name(AccessPattern(P + 1)) << " " << format("%.4g", R.sample_per_byte[P])
               << "/byte+" << format("%.4g", R.sample_execs[P]);
        for (unsigned P = 0; P < OLI_SUMMARY_PATTERNS; ++P)
          if (R.sample_rest[P] > 0)
            OS << " " << oli_access_pattern_name(AccessPattern(P + 1)) << " +" << format("%.4g", R.sample_rest[P])
               << " known";
        OS << ", passes " << format("%.4g", R.sample_passes_per_byte) << "/byte+" << format("%.4g", R.sample_moved)
           << " bytes";
        if (R.sample_rest_moved > 0)
          OS << "+" << format("%.4g", R.sample_rest_moved) << " known";
        if (R.sample_flags & OLI_SUMMARY_F_GUESSED)
          OS << ", guessed";
      }
      OS << "\n";
    }
  }
}

void printStaticIntensity(raw_ostream &OS, const std::vector<std::pair<GlobalVariable *, SiteEstimate>> &R,
                          bool Detail) {
  for (const auto &[Rec, E] : R) {
    SiteInfo S;
    if (!readSiteRecord(*Rec, S))
      continue;
    OS << "oli: site " << format_hex(S.Id, 18) << " '" << (S.Name.empty() ? "-" : S.Name) << "' " << S.File;
    if (S.Line)
      OS << ":" << S.Line;
    OS << ": ";
    if (E.Conf == OLI_CONFIDENCE_NONE) {
      OS << "no estimate"
         << (E.Unseen    ? " (used in code that is not optimised)"
             : E.Escapes ? " (escapes)"
             : E.Keyed   ? " (keyed: other modules' summaries complete it)"
                         : "")
         << "\n";
      continue;
    }
    OS << format("%.4g", E.Intensity) << " accesses/byte (" << format("%.3g", E.Passes) << " passes), "
       << oli_access_pattern_name(E.Pattern);
    const char *Sep = " (";
    for (unsigned P = 1; P < NumPatterns; ++P)
      if (E.Intensity > 0 && E.Share[P] >= 0.005 * E.Intensity) {
        OS << Sep << oli_access_pattern_name(AccessPattern(P)) << " " << format("%.0f%%", 100 * E.Share[P] / E.Intensity);
        Sep = ", ";
      }
    if (*Sep == ',')
      OS << ")";
    OS << ", confidence " << oli_confidence_name(E.Conf) << ", " << E.Accesses << " accesses";
    if (E.Escapes)
      OS << ", escapes";
    if (E.Keyed)
      OS << ", keyed";
    if (E.Unseen)
      OS << ", partly not optimised";
    if (E.Ambiguous)
      OS << ", ambiguous";
    if (E.Guessed)
      OS << ", guessed trip counts";
    if (E.OpenGather)
      OS << ", gathered in a loop of unknown trip count";
    OS << "\n";
    if (!Detail)
      continue;
    for (const AccessPart &A : E.Parts) {
      OS << "  " << A.I->getFunction()->getName() << ": " << A.I->getOpcodeName();
      if (const DILocation *DL = A.I->getDebugLoc().get())
        OS << " line " << DL->getLine();
      OS << ": " << oli_access_pattern_name(A.Pattern) << " " << format("%.4g", A.Intensity)
         << (A.Guessed ? " (guessed)" : "") << "\n";
    }
  }
}

} // namespace oli
