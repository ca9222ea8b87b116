//===- Estimator.h - the static intensity estimator, inside -----*- C++ -*-===//
//
// The estimator of StaticIntensity.h, shared by the files of its three
// steps: EstimateFlow.cpp (1. roots, 2. flow from them to the accesses,
// and the keys other modules name), EstimateWeight.cpp (3. the weight of
// each access and their sum per site) and StaticIntensity.cpp (the run
// over a module, the summary records and the printers). Only those files
// include it.
//
//===----------------------------------------------------------------------===//
#ifndef OLI_PASS_ESTIMATOR_H
#define OLI_PASS_ESTIMATOR_H

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

namespace oli {
namespace intensity {

using namespace llvm;

constexpr double NominalBytes = 1 << 20;   // size of an object of unknown size: OLI_MIN_SIZE, the smallest placed
constexpr double UnitBytes = 8;           // an access counts its bytes / 8 (the portable profile's unit)
constexpr double BulkWidth = 16;           // bytes per access credited to memset/memcpy (one SSE vector)
constexpr double ShortTrip = 64;           // a loop known to run at most this often is short
constexpr double DeadFreq = 1e-4;          // view 1: executions a call (entries an outer iteration) below this: dead
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
  std::string Range; // a callee's argument given a std::vector holding the object: its range's symbol
};

/// What the accesses from a set of roots add up to, before dividing by the
/// object's size: the parts whose counts are known (executions, bytes
/// moved; divided by the size hint or a nominal size), the parts known at
/// the sample point in the size's own symbols (divided by the size there)
/// and the parts taken to cover the object (per byte), by pattern.
struct Part {
  double PerByte[NumPatterns] = {}, Execs[NumPatterns] = {}, ExecsS[NumPatterns] = {};
  double PassPerByte = 0, Moved = 0, MovedS = 0;
  unsigned Accesses = 0;
  // the parts whose counts rest on guessed trip counts, by pattern (as above)
  double GPerByte[NumPatterns] = {}, GExecs[NumPatterns] = {}, GExecsS[NumPatterns] = {};
  /// The guessed parts over every pattern.
  static double sum(const double (&A)[NumPatterns]) {
    double S = 0;
    for (double X : A)
      S += X;
    return S;
  }
  // the gathers' parts whose addresses are chained (AddressShape.h, chains)
  double CPerByte = 0, CExecs = 0, CExecsS = 0;
  // view 1: the symbols of the trip counts this part's ExecsS are taken in
  // at the sample point (a root's own, for its USE: Tally::Syms has them all)
  SymSet ViewSyms;
  // ... and whether they are one product: every access counted there read
  // the same symbols (Form), not some one and some another (a sum of two)
  SymSet Form;
  bool HasForm = false, OneForm = true;
  void addForm(const SymSet &S) {
    if (!HasForm)
      Form = S, HasForm = true;
    else if (!(subsetSyms(S, Form) && subsetSyms(Form, S)))
      OneForm = false;
  }
  double guessedPerByte() const { return sum(GPerByte); }
  double guessedExecs() const { return sum(GExecs); }
  double guessedExecsS() const { return sum(GExecsS); }
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
  /// Most of the gather's part (at least half) is chained: each address
  /// waits for a value the access before it loaded.
  bool chainedGather(double Bytes, double BytesS) const {
    double C = CPerByte + CExecs / Bytes + (BytesS > 0 ? CExecsS / BytesS : 0);
    unsigned G = unsigned(OLI_PATTERN_GATHER);
    double All = PerByte[G] + Execs[G] / Bytes + (BytesS > 0 ? ExecsS[G] / BytesS : 0);
    return C > 0 && C >= 0.5 * All;
  }
};
struct Tally : Part {
  std::map<std::string, Part> ByRoot; // the same, by the module's root function ("fn()") it runs under
  bool Seen = false, Escapes = false, Unseen = false, Ambiguous = false;
  std::map<std::string, double> Exits; // key -> entries per run
  std::map<std::string, double> ExitSweeps; // key -> sweeps of the object they make (tiles: fewer than entries)
  std::map<std::string, std::vector<CallBase *>> ExitCalls; // key -> the calls passing the object (a parameter's)
  std::map<const Function *, std::vector<CallBase *>> EnterCalls; // the calls passing it to a key's function here
  std::set<std::string> ExitGuessed; // keys entered a number of times that rests on a guessed trip count
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
  bool Chained = false; // a gather whose address waits for a load of the iteration before
  bool Guessed = false;
  bool Ok = false; // false: the function cannot be analysed (optnone)
  SymSet Syms;     // symbols of the trip counts taken at the sample point
};

/// The analyses of one function, and its loops' trip counts.
/// Three views (Estimator::Mode): 0, trip counts the compiler knows as
/// numbers; 1, also those it knows as expressions of the objects' sizes,
/// taken at the sample point with the branches that test such sizes
/// (`n > 0`, a vector loop's minimum) decided there; 2, view 1 with the
/// integer parameters of functions other modules call as such sizes too
/// (a site's ParamHypothesis only: in view 1 a loop over such a parameter
/// stays a guess, so that a nest with an exact inner loop keeps it).
constexpr unsigned NumViews = 3;
struct FnInfo {
  LoopInfo *LI;
  ScalarEvolution *SE;
  BlockFrequencyInfo *BFI[NumViews];
  BranchProbabilityInfo *BPI[NumViews];
  double EntryFreq[NumViews];
  DenseMap<const Loop *, std::pair<double, bool>> Iter[NumViews]; // iterations per entry, known
  DenseMap<const Loop *, double> Corr[NumViews];                  // known / BFI's iterations (x EnterCorr)
  DenseMap<const Loop *, double> EnterCorr[NumViews];             // entries: a guard decided / BFI's
  DenseMap<const Loop *, SymSet> LoopSyms[NumViews];              // views 1, 2: a trip count's symbols
  std::unique_ptr<BranchProbabilityInfo> OuterBPI; // a recursive function's outermost call (all views)
  std::unique_ptr<BlockFrequencyInfo> OuterBFI;
  std::unique_ptr<BranchProbabilityInfo> SampleBPI[NumViews]; // views 1, 2: their decided branches
  std::unique_ptr<BlockFrequencyInfo> SampleBFI[NumViews];
  SmallVector<std::pair<BasicBlock *, BranchProbability>, 2> Once; // onceBranches, rangeGuards: the first successor's
  DenseMap<const BasicBlock *, const Loop *> OncePer; // onceBranches: blocks run once per entry of the loop
  SmallVector<std::pair<BasicBlock *, bool>, 2> Outermost;        // the branches every view decides
  unsigned Decided1 = 0;                                          // how many view 1 decides
};

/// LI reads two pointers side by side as one vector whose lanes, exchanged,
/// are stored back where it read them: the SLP vectoriser's swap of two
/// adjacent fields (`t = g->u; g->u = g->v; g->v = t`).
bool laneSwap(const LoadInst &LI);

/// The pointer loads and stores at constant offsets of Base (through
/// constant GEPs, at most MaxSteps of them walked): OnLoad and OnStore with
/// each one's offset.
void pointerSlots(Value *Base, const DataLayout &DL, unsigned MaxSteps, function_ref<void(int64_t, LoadInst *)> OnLoad,
                  function_ref<void(int64_t, StoreInst *)> OnStore);

class Estimator {
public:
  Estimator(Module &M, ModuleAnalysisManager &MAM)
      : M(M), DL(M.getDataLayout()),
        FAM(MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager()), Space(M) {
    Space.Dom = [this](Function &F) { return &FAM.getResult<DominatorTreeAnalysis>(F); };
  }
  std::vector<std::pair<GlobalVariable *, SiteEstimate>> run();

private:
  FnInfo *info(Function &F);
  double bfi(FnInfo &FI, const BasicBlock *BB) { return double(FI.BFI[Mode]->getBlockFreq(BB).getFrequency()); }
  /// View's decided branches (1 or 2: the comparisons of symbols usable()
  /// takes in that view) and its frequencies, when it decides more than
  /// Outermost and than Before (the view before's count); returns how many.
  unsigned sampleBranches(Function &F, FnInfo &FI, ArrayRef<std::pair<BasicBlock *, bool>> Outermost, unsigned View,
                          unsigned Before = 0);
  /// View 2 is made only once a site's hypothesis needs it: for every
  /// function analysed by then, and for each one analysed after.
  bool View2 = false;
  void enableView2();
  void view2(Function &F, FnInfo &FI);
  SmallVector<std::pair<BasicBlock *, bool>, 2> outermostBranches(Function &F, LoopInfo &LI);
  void onceBranches(Function &F, FnInfo &FI);
  void rangeGuards(Function &F, FnInfo &FI);
  std::unique_ptr<BranchProbabilityInfo> decidedBranches(Function &F, FnInfo &FI,
                                                         ArrayRef<std::pair<BasicBlock *, bool>> Decided);
  std::optional<Sample> sizeAt(CallBase &CB);
  std::optional<Sample> mergedSize(ArrayRef<CallBase *> Calls);
  std::optional<Sample> sampleTrips(FnInfo &FI, const Loop *L);
  void livePhiInputs(FnInfo &FI, PHINode *P, SmallVectorImpl<Value *> &Out);
  std::pair<double, bool> iterations(FnInfo &FI, const Loop *L);
  bool deadAtSample(FnInfo &FI, const Loop *L);
  std::optional<double> argTrips(FnInfo &FI, const Loop *L, bool &Enters);
  std::optional<double> tableTrips(FnInfo &FI, const Loop *L, bool &Enters);
  std::optional<double> constSlotTrips(FnInfo &FI, const Loop *L, bool &Enters);
  std::optional<double> boundTrips(FnInfo &FI, const Loop *L, bool &Enters,
                                   function_ref<SmallVector<int64_t, 8>(LoadInst &)> Values, unsigned Least);
  std::optional<double> defaultTrips(FnInfo &FI, const Loop *L, bool &Enters);
  /// The program's default for the value a global slot holds: its one stored
  /// value a phi or select of one constant and the input's values (`nx2 =
  /// grid_points(1) - 2` after the grid is read from a file, or set to the
  /// problem's size where none opens); none otherwise.
  std::optional<int64_t> slotDefault(StringRef Slot);
  /// The value a symbol that names a global slot (`@nx2+0`) holds where the
  /// input gives none: slotDefault's, or the one constant the module stores
  /// there where a call (the input's reader, `read(2, *) grid_points(1)`)
  /// is given its address; none for any other symbol.
  std::optional<int64_t> symDefault(unsigned Sym);
  DenseMap<unsigned, std::optional<int64_t>> SymDefaults; // symDefault's answers
  SmallPtrSet<Function *, 4> ArgTripsBusy;
  double entering(FnInfo &FI, const Loop *L);
  std::pair<double, bool> relFreq(FnInfo &FI, const BasicBlock *BB, SymSet *Syms = nullptr);
  std::pair<double, bool> loopEntries(FnInfo &FI, const Loop *L);
  double tileEntries(FnInfo &FI, CallBase &CB, Value *Ptr, double &R);
  bool swappedSlot(unsigned S);
  DenseMap<unsigned, bool> Swapped; // swappedSlot's answers, by state
  DenseMap<unsigned, const Function *> SwappedBy; // ... the function handed the struct that swaps it
  std::pair<double, bool> entryCount(Function &F);
  std::pair<double, bool> rootCalls(Function &F);
  /// Views 1, 2: the symbols of the trip counts the callers' loops around
  /// F's calls were taken at the sample point in (entryCount, rootCalls).
  SymSet callerSyms(Function &F);
  bool uncalledRoot(Function &F);

  unsigned state(Value *Root, const Path &P, bool Absolute);
  void flow(unsigned S);
  void slot(unsigned S, Value *Dst, const Path &P, bool Copy, std::vector<std::pair<Value *, Path>> &Work,
            int64_t Lane = 0);
  bool callerSlots(unsigned S, Argument &A, const Path &P);
  Function *oncePerCall(GlobalVariable *Rec);
  double objectsPerRun(GlobalVariable *Rec);
  bool lanes(unsigned S, Value *Vec, unsigned Lane, const Path &P, std::vector<std::pair<Value *, Path>> &Work,
             unsigned Depth = 0);
  bool call(unsigned S, CallBase &CB, Use &U, const Path &P, std::vector<std::pair<Value *, Path>> &Work);
  bool otherObjectIn(unsigned S, Value *Ptr, const Path &P, Instruction *At);

  Weight weigh(const Access &A);
  Weight weighOnce(const Access &A, FnInfo *FI);

  void findRoots();
  void addRoot(GlobalVariable *Rec, Instruction *At, Value *V, Path P);
  /// A call's bracketed object that comes out through memory: the slots
  /// (argument, byte offset) F, or a function it calls, stores a fresh
  /// object into (a constructor's this->start = allocate(n)).
  const SmallVector<std::pair<unsigned, int64_t>, 2> &freshSlots(Function *F, unsigned Depth = 0);
  bool freshValue(Value *V, unsigned Depth);
  /// Exact: in view 1, which accesses keep view 1's weight (those whose
  /// trip counts read only the object's size's symbols), and by what their
  /// executions are scaled (the size at the sample point over the size in
  /// the symbols they read: a key function's parameters); 0: the access,
  /// as every access without Exact, takes view 0's. Defaults: for an access
  /// Exact does not take (its callers' counts in no symbol), the factor of
  /// its executions at the program's defaults for the slots its counts read
  /// (symDefault), then counted in no symbol, guessed; 0: not taken either.
  Tally accumulate(const std::vector<std::pair<unsigned, double>> &From,
                   const std::function<double(const SymSet &)> &Exact = nullptr,
                   const std::function<double(const SymSet &)> &Defaults = nullptr);
  /// Symbols a view-1 trip count or branch may read: some object's size's,
  /// a global every module names alike (a key's USE, joined elsewhere), or
  /// a parameter of a function with a parameter key (keyParam).
  bool usable(const SymSet &S) const {
    return all_of(S, [&](unsigned X) {
      return Space.shared(X) || is_contained(SizeSyms, X) || keyParam(X) || (Mode == 2 && hypothesisParam(X));
    });
  }
  /// An integer parameter of a function other modules can call (defined
  /// here with external linkage, not main): its value is its callers',
  /// which the join may find equal to another such parameter's
  /// (`bank_init(np)` and `run_events(np)` in main.c: ParamHypothesis).
  bool hypothesisParam(unsigned Sym) const;
  /// A parameter of a function other modules can call (a key's: its
  /// callers' edges may give the object's size in these symbols).
  bool keyParam(unsigned Sym) const;
  SmallPtrSet<const Function *, 8> KeyFns; // functions with a parameter key (findKeys)
  /// The object's size in the parameters of the function the calls pass
  /// it to as Key, when each call passes the size's values as arguments
  /// (`sweep(a, n)` of `a = malloc(n * 8)`: `sweep#1 * 8`); none otherwise.
  /// Other, when given: another form, a constant multiple of one parameter,
  /// where the calls also pass such a length (`pack(m, nx, v, lo)` of `lo =
  /// malloc(m * 8)`, m = nx * nx: `8 * pack#0` beside `8 * pack#1^2`).
  std::optional<Sample> sizeInParams(GlobalVariable *Rec, StringRef Key, ArrayRef<CallBase *> Calls,
                                     std::optional<Sample> *Other = nullptr);
  /// sizeInParams for a length that is no symbol of the size but an
  /// expression the size is a constant multiple of (`relax(a, nx * ny)`).
  std::optional<Sample> sizeAsMultiple(CallBase &Alloc, const Sample &Size,
                                       ArrayRef<std::pair<Value *, unsigned>> Cands);
  /// The size as a constant multiple of a value its function stores into a
  /// struct field or global slot alone, in that slot's symbol (for the edges).
  std::optional<Sample> sizeInStored(CallBase &Alloc, const Sample &Size);
  /// The size of Rec's object in its one symbol, a value of this module named
  /// as call edges name arguments (SampleSpace::argumentName: "%main.1:main.c"),
  /// at that name's sample value; none for any other size.
  std::optional<Sample> localSize(GlobalVariable *Rec);
  /// The size Alloc gives in parameters of its function (one other modules
  /// may call, kept out of line) in the values every call of it in this
  /// module passes for them (`alloc_particles(n)` from main, whose loops are
  /// bounded by its n); none otherwise.
  std::optional<Sample> callerSize(CallBase &Alloc, const Sample &Size);
  /// The size Alloc gives with the symbols of Map read as the ones they map
  /// to (SampleSpace::Renamed, set for the call only).
  std::optional<Sample> sizeRenamed(CallBase &Alloc, DenseMap<unsigned, unsigned> Map);
  std::optional<Sample> storedSize(CallBase &Alloc, const Sample &Size); // sizeInStored's work
  DenseMap<CallBase *, std::pair<Sample, std::optional<Sample>>> StoredSize; // sizeInStored's answers
  DenseMap<Function *, SmallVector<std::pair<Value *, unsigned>, 2>> CalleeStored; // its callees' stores
  /// The callee's parameters that the calls passing the object as Key pass
  /// Fn's own parameters as ("relax#1=solve#1,..."; by value, or a slot
  /// passed on by reference), the same in every call; "" when none or they
  /// differ.
  std::string paramRenames(StringRef Fn, StringRef Key, ArrayRef<CallBase *> Calls);
  const std::string &rootOf(Function &F);
  DenseMap<Function *, std::string> Rooted;
  void findKeys();
  /// A and the values that are A: loads of a slot of A's function's frame
  /// that holds A for good (stored with it only; read by loads and by the
  /// parallel regions the function forks, which only read it), and those
  /// regions' loads of it (a region reads `g` through its shared variable).
  SmallVector<Value *, 4> sameArgValues(Argument &A);
  /// A global array of at least MinGlobalSize other modules may touch by
  /// name (C's `extern double tab[N]`, a Fortran module's fixed-size array
  /// in a file that uses the module): the object itself is a key, "@name",
  /// which every module that touches it summarises and the one that defines
  /// (and registers) it gives an EDGE into. Not a COMMON block: every file
  /// that declares one defines and registers it, each its own accesses.
  bool keyedArray(const GlobalVariable &GV) const;
  /// The type at address Ptr of a frame slot or a global (through constant
  /// offsets: Base, Off), or null.
  Type *typeAtAddress(Value *Ptr, Value *&Base, APInt &Off);
  /// The symbol of a std::vector's range ("<its data slot's field key>:8",
  /// SampleSpace::extent) where U passes the address of a vector holding
  /// the object (P: its data pointer); "" for any other slot.
  std::string vectorRange(const Use &U, const Path &P);
  /// A program struct's field key whose slot begins a std::vector member
  /// (`%class.Domain+0`, member x_'s data pointer): the symbol of that
  /// vector's range there ("%class.Domain+0:8", SampleSpace::extent) - the
  /// object's size in the terms of loops to x_.size(); "" for another key.
  std::string memberRange(StringRef K) const;
  SmallVector<Function *, 4> inlinedInto(Function &F);
  DenseMap<const DISubprogram *, Function *> Subprograms; // inlinedInto's: each defined function's
  void emitSummaries(const std::vector<std::pair<GlobalVariable *, Tally>> &Sites);

public:
  /// Key roots: key -> (state, calls per entry: 0 for an absolute state).
  std::map<std::string, std::vector<std::pair<unsigned, double>>> KeyRoots;
  /// A library type's field key -> a deref key of a parameter of that type
  /// ("%struct.std::...+0" -> "axpy#0*0"): the EDGEs the join takes for the
  /// objects no caller names (OLI_SUMMARY_F_UNCLAIMED).
  std::set<std::pair<std::string, std::string>> Unclaimed;
  /// A deref key a caller passes a std::vector's data in -> the symbol of
  /// that vector's range ("%struct.std::..._Vector_impl_data+0:8"), the
  /// object's size in the callee's terms (SampleSpace::extent).
  std::map<std::string, std::string> DerefExtent;
  bool HasRanges = false; // a State has a Range: the sites' estimates look for them
  bool Summaries = true;
  uint64_t MinGlobalSize = 65536; // the tagger's: a global array this large is keyed ("@name")
  std::vector<unsigned char> SummaryBytes; // the module's summary records, end to end

private:

  Module &M;
  const DataLayout &DL;
  FunctionAnalysisManager &FAM;
  DenseMap<Function *, std::unique_ptr<FnInfo>> Fns;
  DenseMap<Function *, std::pair<double, bool>> Entries[NumViews][2]; // [Mode][PerRoot]
  DenseMap<Function *, SymSet> EntrySyms[NumViews][2]; // views 1, 2: the symbols of Entries' trip counts
  /// entryCount's unit: false, calls per run of this module's program (a
  /// module with main counts its own calls only); true, per call of the
  /// function's root (a USE's unit: the join counts the roots' calls).
  bool PerRoot = false;
  bool HasMain = false;
  SmallPtrSet<Function *, 8> InProgress;
  unsigned Mode = 0;           // FnInfo's view: 1 for the sites' own estimates, 2 their hypotheses
  SampleSpace Space;           // sizes and trip counts at the sample point
  SymSet SizeSyms;             // every symbol some object's size reads
  DenseMap<GlobalVariable *, std::optional<Sample>> SizeOf; // a record's size at the sample point
  DenseMap<GlobalVariable *, CallBase *> SizeCall;          // the allocation it was read from
  SmallPtrSet<GlobalVariable *, 4> Disagree;                // records whose calls give two sizes
  DenseMap<GlobalVariable *, int64_t> ConstSizeOf;          // ... one of them a constant (0: two)
  DenseMap<GlobalVariable *, SmallVector<CallBase *, 2>> EntryCalls; // a record's entry-point calls (mergedSize)
  DenseMap<GlobalVariable *, SmallVector<Sample, 2>> CopySizes; // each call's size in symbols, distinct
  DenseMap<GlobalVariable *, double> Objects; // objectsPerRun above 1: its estimate and edges per object
  DenseMap<GlobalVariable *, SmallVector<CallBase *, 2>> CopyCalls; // the call of each of CopySizes
  DenseMap<GlobalVariable *, Sample> CallerSize;                // callerSize's answers
  /// Another file's wrapper (`a = alloc_vec(n)`, its size unknown here): the
  /// size taken as the product of the call's integer arguments (the
  /// hypothesis the join confirms from the wrapper's own records, common/
  /// summary.h version 4). The calls sized so, each record's private key
  /// ("~alloc_vec#0@<id>"), and its tally at that size.
  SmallPtrSet<CallBase *, 4> WrapCalls;
  DenseMap<GlobalVariable *, std::string> WrapKey;
  DenseMap<GlobalVariable *, Tally> WrapTally;
  DenseMap<GlobalVariable *, Tally> ReturnedTally; // what a wrapper returns: its tally at its size
  /// A site's own accesses under this module's roots that only other
  /// modules call, in a module without main (its estimate counts each root
  /// once per run): per root, for the join to add the calls it finds beyond
  /// that one (its private key "!<id>:<file>"), with its size at the sample point.
  struct RootUses {
    std::map<std::string, Part> ByRoot;
    std::optional<Sample> Size;
  };
  DenseMap<GlobalVariable *, RootUses> RootParts;
  /// An object sized in a parameter of a function other modules call
  /// (`bank = malloc(np * 32)` in bank_init(np)) and swept by loops bounded
  /// by other such parameters (run_events(np)): its tally with those taken
  /// as the size's parameter (the hypothesis the join confirms from the
  /// callers' arguments, common/summary.h version 5), at Size (the size's
  /// symbols and Used), and the parameters it takes as equal.
  struct ParamHypothesis {
    Tally T;
    Sample Size;
    unsigned Param;
    SymSet Used;
  };
  DenseMap<GlobalVariable *, ParamHypothesis> Hypothesis;
  /// The one parameter of a size that is a hypothesisParam, the others all
  /// shared; none otherwise.
  std::optional<unsigned> hypothesisRoot(const SymSet &Size) const;
  /// A USE of Key under root FromKey into Out: part Q's accesses, counted at
  /// size H when given (Q's second view in its symbols), listing Locals,
  /// with Flags (escapes, unseen, ambiguous) beside the ones Q gives.
  void partUse(std::vector<unsigned char> &Out, const std::string &Key, const std::string &FromKey, const Part &Q,
               const std::optional<Sample> &H, const std::vector<uint64_t> &Locals, uint8_t Flags);
  void sizedUse(std::vector<unsigned char> &Out, const std::string &Key, const Tally &Q, const Sample &H,
                const std::vector<uint64_t> &Locals, bool Returned);
  /// The size of a site a wrapper of this module returns as it is (W: the
  /// wrapper; null for any other site, one stored into what it returns
  /// among them) as a constant times a product of the wrapper's integer
  /// parameters (`malloc(n * 8)` in alloc_vec(n): 8 * alloc_vec#0),
  /// checked at a second point; none when W returns it but its size is no
  /// such product.
  std::optional<Sample> returnedSize(GlobalVariable *Rec, Function *&W);
  std::vector<State> States;
  std::map<std::tuple<Value *, Path, bool>, unsigned> Index;
  DenseMap<Instruction *, Weight> Memo[NumViews];
  std::vector<GlobalVariable *> Records;
  DenseMap<GlobalVariable *, std::vector<unsigned>> Roots;
  DenseMap<GlobalVariable *, Instruction *> Anchors;
  SmallPtrSet<CallBase *, 16> Bracketed; // calls whose objects belong to the bracket's record
  DenseMap<Function *, SmallVector<std::pair<unsigned, int64_t>, 2>> FreshSlots;
  DenseMap<Function *, bool> FreshReturn;
  unsigned Steps = 0;
};

/// The program's entry, called once per run: C's `main`, or flang's main
/// program `_QQmain`, which a `main` calls (flang 19 emits that `main` in the
/// program's module; older ones took it from their runtime) - unless this
/// module's `main` calls it no more: its body was inlined into `main`, and
/// this copy never runs (counting both counted the program's calls twice).
inline bool isProgramMain(const Function &F) {
  if (!is_contained(ProgramMainNames, std::string_view(F.getName())))
    return false;
  const Function *Main = F.getParent()->getFunction(ProgramMainNames[0]);
  return &F == Main || !Main || Main->isDeclaration() || !F.use_empty();
}

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
std::optional<ObjectRole> roleOf(StringRef N);

} // namespace intensity
} // namespace oli

#endif // OLI_PASS_ESTIMATOR_H
