//===- StaticIntensity.cpp - static access intensity per site ------------===//
//
// See StaticIntensity.h. Three steps, over three files (Estimator.h declares
// what they share): steps 1 and 2 in EstimateFlow.cpp, step 3 in
// EstimateWeight.cpp; this file runs them over a module, writes the
// estimates and the summary records, and prints both.
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
#include "Estimator.h"
#include "ModuleView.h"
#include "StructParams.h"

#include "llvm/ADT/Sequence.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Analysis/TargetLibraryInfo.h"
#include "llvm/TargetParser/Triple.h"

#define DEBUG_TYPE "oli"

STATISTIC(NumEstimated, "site records given a static access estimate");
STATISTIC(NumAccessesSeen, "loads and stores attributed to a site");

namespace oli {

static_assert(SampleSpace::ParamSample == OLI_SUMMARY_PARAM_SAMPLE, "the join divides by the parameters' sample");

namespace intensity {

std::vector<std::pair<GlobalVariable *, SiteEstimate>> Estimator::run() {
  HasMain = false;
  for (std::string_view N : ProgramMainNames)
    if (Function *Main = M.getFunction(N); Main && !Main->isDeclaration())
      HasMain = true;
  findRoots();
  for (GlobalVariable *Rec : Disagree)
    SizeOf[Rec] = std::nullopt;
  for (auto &[Rec, S] : SizeOf)
    if (S)
      unionSyms(SizeSyms, S->Syms);
  for (auto &[Rec, Cs] : CopySizes) // each copy's loops are counted against it
    for (const Sample &S : Cs)
      unionSyms(SizeSyms, S.Syms);
  for (auto &[Rec, S] : SizeOf) // ... and its callers' loops against the size in their values
    if (CallBase *Alloc = S && S->Value > 0 ? SizeCall.lookup(Rec) : nullptr)
      if (std::optional<Sample> C = callerSize(*Alloc, *S)) {
        unionSyms(SizeSyms, C->Syms);
        CallerSize[Rec] = *C;
      }
  if (Summaries)
    findKeys();
  // Step 2: every state reachable from a root.
  for (size_t I = 0; I < States.size() && I < MaxStates; ++I)
    flow(unsigned(I));
  HasRanges = any_of(States, [](const State &St) { return !St.Range.empty(); });
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
    // a constant by now, where the tagger at the pipeline's start saw none
    // (flang's ALLOCATE of a constant extent, lowered and folded): the size
    if (BytesS > 0 && Syms->empty())
      Bytes = BytesS;
    // copies of the call that disagree, an inlined one of a constant size
    // (the known counts are that copy's loops, of constant trips)
    else if (auto C = ConstSizeOf.find(Rec); !(Info.Flags & FlagSizeKnown) && !SizeS && C != ConstSizeOf.end() &&
                                             C->second > 0 && Disagree.count(Rec))
      Bytes = double(C->second);
    // copies whose sizes are in different symbols (`grid_init`'s own in
    // `g->n`, the one inlined into main in main's n): each count in one
    // copy's symbols against that copy's size; where they disagree with no
    // shared one, for this estimate only (the summary gives no size)
    std::vector<Sample> InParams;
    bool Copies = false;
    if (auto CS = CopySizes.find(Rec);
        !(Info.Flags & FlagSizeKnown) && !WrapKey.count(Rec) && CS != CopySizes.end() && CS->second.size() > 1) {
      if (!SizeS && Disagree.count(Rec))
        Copies = true, BytesS = double(CS->second.front().Value), Syms = &CS->second.front().Syms;
      // (where one copy's size is in shared symbols, that one is the size)
      for (const Sample &X : CS->second)
        if (BytesS > 0 && X.Syms != *Syms)
          InParams.push_back(X);
      // and each in a field its function stores into: a constructor kept out
      // of line and inlined into main, storing `n_ = n` beside `new double[n]`
      // (`i < m.n_` elsewhere meets the out-of-line copy's)
      for (unsigned I = 0; Copies && I < CS->second.size(); ++I)
        if (std::optional<Sample> Alt = sizeInStored(*CopyCalls[Rec][I], CS->second[I]); Alt && Alt->Syms != *Syms)
          InParams.push_back(*Alt);
    }
    // the object's size in the parameters of each key function the object
    // enters here (`smooth(y, x, n)` of `x = malloc(n * 8)`): that
    // function's loops over them are exact too, at its own sample point
    std::optional<Tally> T0;
    std::optional<Sample> RangeSize;
    if ((Summaries && !KeyFns.empty()) || HasRanges) {
      T0 = accumulate(From);
      if (BytesS > 0 && !Copies)
        for (const auto &[F, Calls] : T0->EnterCalls)
          if (std::optional<Sample> KO, KS = sizeInParams(Rec, (F->getName() + "#").str(), Calls, &KO); KS) {
            InParams.push_back(*KS);
            if (KO)
              InParams.push_back(*KO);
          }
      // and in the range of a std::vector holding it, which functions it
      // is passed to here loop over (`i < v.size()`, a range-for)
      // ... or a std::vector member of a program class holding it (a mesh
      // class on main's stack whose constructor and member functions are
      // inlined there: loops to `x_.size()` read the member's range)
      std::set<std::string> Ranges, Members;
      for (unsigned S = 0; S < States.size(); ++S) {
        const State &St = States[S];
        if (!T0->Reached[S])
          continue;
        if (!St.Range.empty())
          Ranges.insert(St.Range);
        auto *A = St.P.size() == 1 && St.P[0].exact() ? dyn_cast<AllocaInst>(St.Root) : nullptr;
        if (std::string R = A ? memberRange(fieldKey(M, A->getAllocatedType(), St.P[0].Lo)) : ""; !R.empty())
          Members.insert(R);
      }
      // no size at the sample point (a member's `x_.resize(n)`, sized in the
      // library's growth) and one member holding it: its range is the size
      if (BytesS == 0 && !(Info.Flags & FlagSizeKnown) && !Copies && Members.size() == 1)
        if (Sample RS = Space.named(*Members.begin()); RS.Value > 0)
          RangeSize = RS, BytesS = double(RS.Value), Syms = &RangeSize->Syms, Members.clear();
      Ranges.insert(Members.begin(), Members.end());
      for (const std::string &R : BytesS > 0 ? Ranges : std::set<std::string>())
        InParams.push_back(Space.named(R));
    }
    // and in a field or global its function stores it into (or a function of
    // the module it calls does: `build(&V, n)` storing `V->n = n`), which
    // loops here read back (`i < V->n`)
    if (CallBase *Alloc = BytesS > 0 && SizeS && !Syms->empty() && !Copies ? SizeCall.lookup(Rec) : nullptr) {
      if (std::optional<Sample> Alt = sizeInStored(*Alloc, *SizeS); Alt && Alt->Syms != *Syms)
        InParams.push_back(*Alt);
      // ... and in the values its function's calls here pass for its
      // parameters (`alloc_particles(n)` from main, kept out of line for
      // other modules, and main's loops to n)
      if (auto C = CallerSize.find(Rec); C != CallerSize.end() && C->second.Syms != *Syms)
        InParams.push_back(C->second);
    }
    auto exactAt = [&] {
      Mode = 1;
      Tally T = accumulate(
          From,
          [&](const SymSet &S) {
            if (subsetSyms(S, *Syms))
              return 1.0;
            for (const Sample &KS : InParams)
              if (subsetSyms(S, KS.Syms))
                return BytesS / double(KS.Value);
            return 0.0;
          },
          // loops to global slots the program defaults where the input gives
          // none (an NPB-like grid's `nx2`, read from a file or set to the
          // problem's size), none of them the size's: at those defaults, each
          // taken linear in its slot
          [&](const SymSet &S) {
            double F = 1;
            for (unsigned X : S) {
              std::optional<int64_t> D = is_contained(*Syms, X) ? std::nullopt : symDefault(X);
              if (!D || *D <= 0 || Space.value(X) <= 0)
                return 0.0;
              F *= double(*D) / double(Space.value(X));
            }
            return F;
          });
      Mode = 0;
      return T;
    };
    Tally T = exactAt();
    // what a wrapper returns: its own accesses at its size, for the callers'
    // joins in other files (a zeroing loop, xcalloc's memset)
    if (Summaries && (Info.Flags & FlagReturned) && BytesS > 0 && !Copies)
      ReturnedTally[Rec] = T;
    // another file's wrapper's object: counted at the hypothesis's size for
    // the join (the private key's USE), its own estimate at a nominal size
    // as before - the hypothesis is the join's to confirm
    if (Summaries && WrapKey.count(Rec) && BytesS > 0 && !(Info.Flags & FlagSizeKnown)) {
      WrapTally[Rec] = std::move(T);
      BytesS = 0, Syms = &NoSyms, InParams.clear();
      T = exactAt();
    }
    // sized in a parameter of a function other modules call, and swept by
    // loops bounded by other such parameters: counted as if they were the
    // size's (ParamHypothesis), for the join to confirm from the callers
    if (Summaries && BytesS > 0 && SizeS && !Copies && !WrapTally.count(Rec) && !(Info.Flags & FlagSizeKnown))
      if (std::optional<unsigned> P0 = hypothesisRoot(*Syms)) {
        auto taken = [&](unsigned X) { return is_contained(*Syms, X) || hypothesisParam(X); };
        enableView2();
        Mode = 2;
        Tally TH = accumulate(From, [&](const SymSet &S) { return all_of(S, taken) ? 1.0 : 0.0; });
        Mode = 0;
        SymSet Used;
        for (unsigned X : TH.Syms)
          if (!is_contained(*Syms, X) && hypothesisParam(X))
            Used.push_back(X);
        if (!Used.empty()) {
          Sample H{SizeS->Value, *Syms};
          unionSyms(H.Syms, Used);
          Hypothesis[Rec] = {std::move(TH), std::move(H), *P0, std::move(Used)};
        }
      }
    // its accesses under roots only other modules call (`step()` of the
    // file that allocates, called 10 times by main.c): counted once per run
    // here; the join adds what the calls it finds make beyond that one (its
    // private key)
    if (Summaries && !HasMain && !Truncated) {
      RootUses RU;
      for (const auto &[Root, Q] : T.ByRoot)
        if (!Root.empty() && Root != "main()" && Q.Accesses)
          RU.ByRoot[Root] = Q;
      if (!RU.ByRoot.empty()) {
        if (BytesS > 0 && !Copies)
          RU.Size = Sample{int64_t(BytesS), *Syms};
        RootParts[Rec] = std::move(RU);
      }
    }
    SiteEstimate Est;
    for (unsigned S = 0; S < States.size(); ++S)
      if (T.Reached[S])
        SitesOf[S].push_back(Rec);
    Est.Escapes = T.Escapes;
    Est.Unseen = T.Unseen;
    Est.Ambiguous = T.Ambiguous;
    // a hypothesis is joined too, but no escape (unconfirmed, the module's
    // own estimate stands)
    Est.Keyed = !T.Exits.empty() || WrapTally.count(Rec);
    Est.RootParts = RootParts.count(Rec);
    Est.Hypothesis = Hypothesis.count(Rec);
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
    double Guessed = T.guessedPerByte() + T.guessedExecs() / Bytes + (BytesS > 0 ? T.guessedExecsS() / BytesS : 0);
    // several objects a run (a filler called twice): each its share of the
    // accesses all of them get, here and in its edges for the join (not a
    // site whose accesses other modules' calls count: RootParts, a
    // hypothesis, another file's wrapper's)
    if (double K = Est.RootParts || Est.Hypothesis || WrapKey.count(Rec) ? 1 : objectsPerRun(Rec); K > 1) {
      for (double &X : Est.Share)
        X /= K;
      for (AccessPart &AP : Est.Parts)
        AP.Intensity /= K;
      Est.Intensity /= K, Est.Passes /= K, Guessed /= K;
      Objects[Rec] = K;
    }
    NumAccessesSeen += Est.Accesses;
    Est.Guessed = Est.Intensity > 0 && Guessed > 0.5 * Est.Intensity;
    double Best = 0;
    for (unsigned P = 1; P < NumPatterns; ++P)
      if (Est.Share[P] > Best)
        Best = Est.Share[P], Est.Pattern = AccessPattern(P);
    // A gather of unknown count (lookups, events, particles): however the
    // counted sweeps compare with its guess, its accesses wait on memory.
    Est.OpenGather = T.openGather(Bytes, BytesS);
    Est.Chained = T.chainedGather(Bytes, BytesS);
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
    else if (Est.Guessed || Est.OpenGather) // a gather of unknown count is no exact count
      Est.Conf = OLI_CONFIDENCE_MEDIUM;
    else
      Est.Conf = OLI_CONFIDENCE_HIGH;
    // the object of another file's wrapper (EXTERN): its size is not known
    // here, so its passes rest on a nominal size - never `cold` on that alone
    if ((Info.Flags & FlagExtern) && !(Info.Flags & FlagSizeKnown) && BytesS == 0 && Est.Conf > OLI_CONFIDENCE_LOW)
      Est.Conf = OLI_CONFIDENCE_LOW;
    if (Truncated)
      Est.Keyed = Est.Hypothesis = Est.RootParts = false;
    if (Est.Conf != OLI_CONFIDENCE_NONE)
      ++NumEstimated;
    Est.Anchor = Anchors.lookup(Rec);
    Out.push_back({Rec, Est});
    if (Summaries) // other modules' joins count in known numbers only
      Tallies.push_back({Rec, T0 ? std::move(*T0) : accumulate(From)});
  }
  // A pointer slot holding two sites' objects: neither estimate is its own.
  // A parallel region's shared pointer is no such slot: each fork passes
  // its own caller's variable, and its accesses count per fork (as a
  // kernel's parameter's count per call); nor is a slot of what a
  // function's parameter points to, reached from its callers (a
  // std::vector& kernel called with x and with y): each call's is its
  // caller's, counted along the call's path.
  auto regionArg = [](const Value *V) {
    auto *A = dyn_cast<Argument>(V);
    return A && A->getParent()->hasLocalLinkage() && !A->getParent()->use_empty() &&
           all_of(A->getParent()->uses(), [](const Use &U) {
             AbstractCallSite ACS(&U);
             return ACS && ACS.isCallbackCall();
           });
  };
  for (unsigned S = 0; S < States.size(); ++S)
    if (SitesOf[S].size() > 1 && !States[S].P.empty() && !regionArg(States[S].Root) &&
        !(isa<Argument>(States[S].Root) && !States[S].Absolute))
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

void Estimator::partUse(std::vector<unsigned char> &Out, const std::string &Key, const std::string &FromKey,
                        const Part &Q, const std::optional<Sample> &H, const std::vector<uint64_t> &Locals,
                        uint8_t Flags) {
  std::string HNames = H ? Space.names(H->Syms) : "";
  double HB = H ? double(H->Value) : 0;
  oli_summary_t R{};
  R.what = OLI_SUMMARY_USE;
  R.key = Key.c_str();
  R.from_key = FromKey.c_str();
  R.n_local = uint16_t(Locals.size());
  R.accesses = uint16_t(std::min(Q.Accesses, 65535u));
  double All = 0, AllS = 0;
  for (unsigned P = 1; P < NumPatterns; ++P) {
    R.per_byte[P - 1] = R.sample_per_byte[P - 1] = float(Q.PerByte[P]);
    R.execs[P - 1] = R.sample_rest[P - 1] = float(Q.Execs[P]);
    R.sample_execs[P - 1] = float(Q.ExecsS[P]);
    All += Q.PerByte[P] + Q.Execs[P] / NominalBytes;
    AllS += Q.PerByte[P] + Q.Execs[P] / NominalBytes + (HB > 0 ? Q.ExecsS[P] / HB : 0);
  }
  R.passes_per_byte = R.sample_passes_per_byte = float(Q.PassPerByte);
  R.moved = R.sample_rest_moved = float(Q.Moved);
  R.sample_moved = float(Q.MovedS);
  double G = Q.guessedPerByte() + Q.guessedExecs() / NominalBytes;
  double GS = G + (HB > 0 ? Q.guessedExecsS() / HB : 0);
  R.flags = Flags | (All > 0 && G > 0.5 * All ? OLI_SUMMARY_F_GUESSED : 0) |
            (Q.openGather(NominalBytes, HB) ? OLI_SUMMARY_F_OPEN_GATHER : 0) |
            (Q.chainedGather(NominalBytes, HB) ? OLI_SUMMARY_F_CHAINED : 0);
  if (H) {
    R.has_sample = 1;
    R.sample_flags = AllS > 0 && GS > 0.5 * AllS ? OLI_SUMMARY_F_GUESSED : 0;
    if (Q.HasForm && Q.OneForm) // one product of its symbols (version 12)
      R.flags |= OLI_SUMMARY_F_ONE_FORM;
    R.syms = HNames.c_str();
  }
  unsigned char Buf[1 << 16];
  size_t N = oli_summary_write(&R, Locals.data(), Buf, sizeof Buf);
  Out.insert(Out.end(), Buf, Buf + N);
}

/// A USE of Key into Out: the accesses of tally Q, counted at size H (Q's
/// second view in H's symbols), listing the sites in Locals. Returned: Q is
/// a wrapper's object, whose return is no escape (the key is its return).
void Estimator::sizedUse(std::vector<unsigned char> &Out, const std::string &Key, const Tally &Q, const Sample &H,
                         const std::vector<uint64_t> &Locals, bool Returned) {
  partUse(Out, Key, "", Q, H, Locals,
          (Q.Escapes && !Returned ? OLI_SUMMARY_F_ESCAPES : 0) | (Q.Unseen ? OLI_SUMMARY_F_UNSEEN : 0) |
              (Q.Ambiguous ? OLI_SUMMARY_F_AMBIGUOUS : 0));
}

/// The key of calls through a pointer of type T: "*" and T as LLVM prints it
/// ("*void (ptr, i64)"), the same in every module.
static std::string indirectKey(FunctionType &T) {
  std::string S = "*";
  raw_string_ostream OS(S);
  T.print(OS);
  return OS.str();
}

/// The functions of the module whose bodies the inliner copied into F, by
/// the debug locations' inlining chains (none without debug information).
SmallVector<Function *, 4> Estimator::inlinedInto(Function &F) {
  if (Subprograms.empty())
    for (Function &G : M)
      if (DISubprogram *SP = G.getSubprogram(); SP && !G.isDeclaration())
        Subprograms[SP] = &G;
  SmallPtrSet<Function *, 4> Seen;
  SmallVector<Function *, 4> Out;
  for (Instruction &I : instructions(F))
    for (DILocation *DL = I.getDebugLoc(); DL && DL->getInlinedAt(); DL = DL->getInlinedAt())
      if (Function *G = Subprograms.lookup(DL->getScope()->getSubprogram()); G && G != &F && Seen.insert(G).second)
        Out.push_back(G);
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
  // Renames: an edge from a parameter's key, which of the callee's
  // parameters are the caller's ("relax#1=solve#1")
  auto edge = [&](uint64_t Site, const std::string &FromKey, const std::string &Key, double W, double Sweeps,
                  const std::optional<Sample> &Size = std::nullopt, bool Guessed = false,
                  const std::string &Renames = "", bool Wrapped = false, uint8_t Flags = 0,
                  const std::vector<uint64_t> &Locals = {}) {
    oli_summary_t R{};
    R.what = OLI_SUMMARY_EDGE;
    R.flags = Flags | (Guessed ? OLI_SUMMARY_F_GUESSED : 0) | (Wrapped && Size ? OLI_SUMMARY_F_WRAPPED : 0);
    R.from_site = Site;
    R.from_key = FromKey.c_str();
    R.key = Key.c_str();
    R.weight = float(W);
    R.sweeps = float(Sweeps);
    std::string Names = Size ? Space.names(Size->Syms) : "";
    if (Size) // the object's size in shared symbols: other modules' counts in them are exact
      R.has_sample = 1, R.sample_bytes = float(Size->Value), R.syms = Names.c_str();
    else if (!Renames.empty())
      R.has_sample = 1, R.syms = Renames.c_str();
    R.n_local = uint16_t(std::min<size_t>(Locals.size(), 4096));
    add(R, Locals);
  };
  auto sharedOnly = [&](const SymSet &S) { return all_of(S, [&](unsigned X) { return Space.shared(X); }); };
  // the objects each wrapper returns as they are (one: its accesses to it
  // are the returned object's; more, on different paths: neither's alone)
  DenseMap<Function *, unsigned> Returns;
  for (const auto &[Rec, T] : Sites) {
    SiteInfo Info;
    Function *W = nullptr;
    if (readSiteRecord(*Rec, Info) && (Info.Flags & FlagReturned) && (returnedSize(Rec, W), W))
      ++Returns[W];
  }
  for (const auto &[Rec, T] : Sites) {
    SiteInfo Info;
    readSiteRecord(*Rec, Info);
    // another file's wrapper's object: its sizes are the hypothesis's
    auto WT = WrapTally.find(Rec);
    bool Wrapped = WT != WrapTally.end();
    // the size at the sample point for other modules' counts: in shared
    // symbols, or in one parameter of a function they call (their sweeps
    // over parameters the join finds equal to it: the twin USEs)
    std::optional<Sample> Size = SizeOf.lookup(Rec);
    // in a field's or global's symbol its function stores a fraction of it
    // into (`g->n = nx * ny`): other modules' loops over that field meet it
    // - the size for them when it has no shared symbols, else another form
    // of it (`8 * g->nx * g->ny` for a nest over both, `8 * g->n` for a
    // flat loop), an edge of weight 0 (common/summary.h, version 6)
    std::optional<Sample> Alt;
    if (Size && Size->Value > 0 && !Wrapped)
      if (CallBase *Alloc = SizeCall.lookup(Rec))
        Alt = sizeInStored(*Alloc, *Size);
    if (Alt && (Size->Syms.empty() || !sharedOnly(Size->Syms)))
      Size = Alt, Alt.reset();
    if (Size && (Size->Value <= 0 || Size->Syms.empty() ||
                 (!sharedOnly(Size->Syms) && (Wrapped || !hypothesisRoot(Size->Syms)))))
      Size.reset();
    if (Alt && (!Size || Alt->Syms == Size->Syms))
      Alt.reset();
    // none in shared symbols: in the module's own value, named as its call
    // edges name arguments ("%main.1:main.c"), for the join to meet another
    // module's field a function stores the parameter it is passed that
    // value for into (`csr_build(&A, n)`, then `i < A->n` elsewhere: v8)
    if (!Size && !Wrapped && !Alt)
      Size = localSize(Rec);
    double K = std::max(1.0, Objects.lookup(Rec)); // per object (Objects)
    for (const auto &[Key, W] : T.Exits) {
      // into a parameter: the size in that function's parameters, when the
      // calls pass its values (its loops over them are then exact)
      auto It = T.ExitCalls.find(Key);
      std::optional<Sample> KO; // another form in them (a length passed beside the size's symbols)
      std::optional<Sample> KS = It == T.ExitCalls.end() ? std::nullopt : sizeInParams(Rec, Key, It->second, &KO);
      // into a std::vector's slot: its size is its range, the callee's loops'
      if (auto DE = DerefExtent.find(Key); !KS && DE != DerefExtent.end())
        KS = Space.named(DE->second);
      // into a std::vector member of a program class (`x_.resize(n)` in its
      // constructor): its range, which the member functions' loops to
      // x_.size() read - another form of the size, or the size
      if (std::string R = KS || KO || Alt ? "" : memberRange(Key); !R.empty())
        (Size ? KO : KS) = Space.named(R);
      edge(Info.Id, "", Key, W / K, T.ExitSweeps.at(Key) / K, KS ? KS : Size, T.ExitGuessed.count(Key) > 0, "",
           Wrapped);
      if (Alt && !KS)
        edge(Info.Id, "", Key, 0, 0, Alt);
      else if (KO)
        edge(Info.Id, "", Key, 0, 0, KO);
    }
    // one object per call of a function other modules call (a filler whose
    // calls this module does not count): the join divides what it finds by
    // those calls (OLI_SUMMARY_F_PER_CALL, version 11)
    if (!T.Exits.empty() && !Objects.count(Rec) && !Wrapped && !Hypothesis.count(Rec))
      if (Function *F = oncePerCall(Rec); F && !F->hasLocalLinkage() && !isProgramMain(*F))
        edge(Info.Id, "", (F->getName() + "()").str(), 0, 0, std::nullopt, false, "", false, OLI_SUMMARY_F_PER_CALL);
    if (Wrapped) { // its own accesses at that size, under its private key (listing the site)
      std::optional<Sample> H = SizeOf.lookup(Rec);
      std::string PKey = WrapKey.lookup(Rec) + "@" + utohexstr(Info.Id, /*LowerCase=*/true, 16);
      sizedUse(Bytes, PKey, WT->second, *H, {Info.Id}, false);
      edge(Info.Id, "", PKey, 1, 1, H, false, "", true);
    }
    if (auto RP = RootParts.find(Rec); RP != RootParts.end()) {
      // its own accesses under roots other modules call, which its estimate
      // counts once each: a USE per root of its private key "!<id>:<file>"
      // (listing no site; the file's: a COMMON block's records in several
      // files share the ID), for the join to add the roots' other calls, at
      // its size when it has one at the sample point
      std::string PKey = "!" + utohexstr(Info.Id, /*LowerCase=*/true, 16) + ":" + Info.File;
      edge(Info.Id, "", PKey, 1, 1, RP->second.Size);
      for (const auto &[Root, Q] : RP->second.ByRoot)
        partUse(Bytes, PKey, Root, Q, RP->second.Size, {}, 0);
    }
    if (auto HT = Hypothesis.find(Rec); HT != Hypothesis.end()) {
      // its own accesses with the hypothesis's parameters taken as the size's,
      // under its private key "~=size#i=f#j=..@<id>" (listing the site)
      std::string PKey = "~=" + Space.name(HT->second.Param);
      for (unsigned X : HT->second.Used)
        PKey += "=" + Space.name(X);
      PKey += "@" + utohexstr(Info.Id, /*LowerCase=*/true, 16);
      sizedUse(Bytes, PKey, HT->second.T, HT->second.Size, {Info.Id}, false);
      edge(Info.Id, "", PKey, 1, 1, HT->second.Size);
    }
    // a wrapper's object (RETURNED as it is): its size in the wrapper's
    // parameters, for the callers' hypotheses in other files (a size that
    // is no product of them: 0, no caller's hypothesis holds), and what the
    // wrapper itself does to it (a USE of the same key, joined with them)
    Function *W = nullptr;
    if (Info.Flags & FlagReturned) {
      std::optional<Sample> RS = returnedSize(Rec, W);
      if (W)
        edge(Info.Id, "", W->getName().str() + "#r", 1, 1, RS ? *RS : Sample{0, {}});
      if (auto RT = ReturnedTally.find(Rec); W && RS && RT != ReturnedTally.end() && Returns[W] == 1)
        sizedUse(Bytes, W->getName().str() + "#r", RT->second, *RS, {}, true);
    }
  }
  for (const auto &KeyRoot : KeyRoots) {
    const std::string &Key = KeyRoot.first;
    const std::vector<std::pair<unsigned, double>> &From = KeyRoot.second;
    Tally T = accumulate(From);
    // a parameter's key ("fn#i"): trip counts in fn's parameters are exact
    // too, against the size its callers give in them (sizeInParams)
    StringRef KeyFn = SampleSpace::paramFunction(Key);
    auto exact = [&](const SymSet &S) {
      return all_of(S, [&](unsigned X) { return Space.shared(X) || (!KeyFn.empty() && Space.paramOf(X) == KeyFn); });
    };
    Mode = 1; // the same at the sample point, for sizes in shared symbols
    Tally TS = accumulate(From, exact);
    Mode = 0;
    // a global's or a field's object swept over parameters of functions
    // other modules call (`step(n)` over `u` that init(n) allocated in
    // another file): the same counts with those taken at the sample point
    // too, under the twin key "~" + Key, for the join to take when it
    // finds them equal to the size's parameter (common/summary.h, v5)
    std::optional<Tally> TH;
    if (KeyFn.empty() && (T.guessedPerByte() > 0 || T.guessedExecs() > 0)) {
      auto taken = [&](const SymSet &S) {
        return all_of(S, [&](unsigned X) { return Space.shared(X) || hypothesisParam(X); });
      };
      enableView2();
      Mode = 2;
      TH = accumulate(From, taken);
      Mode = 0;
      if (none_of(TH->Syms, [&](unsigned X) { return hypothesisParam(X); }))
        TH.reset();
    }
    // the site's own flow reached the key's place (a by-value struct's
    // field as an argument of a call in this module, the key's root as
    // the whole run's): its estimate counts these accesses already
    auto counted = [&](const Tally &ST, unsigned S) {
      bool C = false;
      for (bool Abs : {false, true})
        if (auto It = Index.find(std::make_tuple(States[S].Root, States[S].P, Abs)); It != Index.end())
          C |= It->second < ST.Reached.size() && ST.Reached[It->second];
      return C;
    };
    // the sites whose own flow reached a root OfRoot accepts (by From's index)
    auto sitesAt = [&](function_ref<bool(size_t)> OfRoot) {
      std::vector<uint64_t> Ids;
      for (const auto &Site : Sites) {
        const Tally &ST = Site.second;
        if (any_of(llvm::seq(From.size()), [&](size_t I) { return counted(ST, From[I].first) && OfRoot(I); })) {
          SiteInfo Info;
          readSiteRecord(*Site.first, Info);
          Ids.push_back(Info.Id);
        }
      }
      return Ids;
    };
    std::vector<uint64_t> Locals = sitesAt([](size_t) { return true; });
    // each root's own root functions and exits, once (useLocals, exitLocals)
    std::vector<std::pair<std::set<std::string>, std::map<std::string, double>>> Own;
    auto own = [&]() -> const auto & {
      if (Own.empty())
        for (const auto &F : From) {
          Tally OT = accumulate({F});
          std::set<std::string> Rs;
          for (const auto &RQ : OT.ByRoot)
            Rs.insert(RQ.first);
          Own.push_back({std::move(Rs), std::move(OT.Exits)});
        }
      return Own;
    };
    // a USE lists the sites whose own flow reached a root of the key whose
    // accesses run under the USE's root function (a constructor's stores and
    // reads of `this->x_` do not make the site's own the reads of another
    // function, `Domain::advance()` that main.cpp calls: the join counts those)
    auto useLocals = [&](const std::string &Root) {
      if (Locals.empty() || From.size() < 2 || Root.empty())
        return Locals;
      return sitesAt([&](size_t I) { return own()[I].first.count(Root) > 0; });
    };
    // one USE per root function the accesses run under (the join scales it
    // by that function's calls); none seen: one empty USE, the key is known
    std::map<std::string, Part> ByRoot = T.ByRoot;
    if (ByRoot.empty())
      ByRoot[""] = Part();
    std::string Twin = "~" + Key;
    for (const auto &[Root, Q] : ByRoot) {
      std::vector<uint64_t> RootLocals = useLocals(Root);
      for (const Tally *V : {&TS, TH ? &*TH : nullptr}) {
        if (!V)
          continue;
        oli_summary_t R{};
        R.what = OLI_SUMMARY_USE;
        R.key = V == &TS ? Key.c_str() : Twin.c_str();
        R.from_key = Root.c_str();
        R.n_local = uint16_t(std::min<size_t>(RootLocals.size(), 4096));
        R.accesses = uint16_t(std::min(Q.Accesses, 65535u));
        double All = 0;
        for (unsigned P = 1; P < NumPatterns; ++P) {
          R.per_byte[P - 1] = float(Q.PerByte[P]);
          R.execs[P - 1] = float(Q.Execs[P]);
          All += Q.PerByte[P] + Q.Execs[P] / NominalBytes;
        }
        R.passes_per_byte = float(Q.PassPerByte);
        R.moved = float(Q.Moved);
        double G = Q.guessedPerByte() + Q.guessedExecs() / NominalBytes;
        R.flags = (All > 0 && G > 0.5 * All ? OLI_SUMMARY_F_GUESSED : 0) | (T.Escapes ? OLI_SUMMARY_F_ESCAPES : 0) |
                  (T.Unseen ? OLI_SUMMARY_F_UNSEEN : 0) | (T.Ambiguous ? OLI_SUMMARY_F_AMBIGUOUS : 0) |
                  (Q.openGather(NominalBytes, 0) ? OLI_SUMMARY_F_OPEN_GATHER : 0) |
                  (Q.chainedGather(NominalBytes, 0) ? OLI_SUMMARY_F_CHAINED : 0);
        std::string RootSyms; // the root's own: another root's counts in other terms leave its exact
        if (!V->Syms.empty()) {
          auto It = V->ByRoot.find(Root);
          Part QS = It == V->ByRoot.end() ? Part() : It->second;
          RootSyms = Space.names(QS.ViewSyms);
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
          double GS = QS.guessedPerByte() + (QS.guessedExecs() + QS.guessedExecsS()) / NominalBytes;
          R.has_sample = 1;
          R.sample_flags = AllS > 0 && GS > 0.5 * AllS ? OLI_SUMMARY_F_GUESSED : 0;
          R.syms = RootSyms.c_str();
          if (QS.HasForm && QS.OneForm) // one product of its symbols (version 12)
            R.flags |= OLI_SUMMARY_F_ONE_FORM;
        }
        add(R, RootLocals);
      }
    }
    // an exit's edge lists the sites that reached a root it leaves from
    // (grid_init's store and reload of g->cur do not count the move of
    // another function, grid_swap's `g->next = g->cur`, as the site's own)
    auto exitLocals = [&](const std::string &K2) {
      if (Locals.empty() || From.size() < 2)
        return Locals;
      return sitesAt([&](size_t I) { return own()[I].second.count(K2) > 0; });
    };
    for (const auto &[K2, W] : T.Exits)
      if (K2 != Key) {
        // a parameter's object passed on with this function's lengths
        // (solve(a, n) calling relax(a, n)): which of the callee's
        // parameters are which of ours, so the join carries the object's
        // size in them on to the callee's key
        auto It = T.ExitCalls.find(K2);
        std::string Renames = It == T.ExitCalls.end() ? "" : paramRenames(KeyFn, K2, It->second);
        // (the sites that reach the key's root here have these exits among
        // their own edges: listed, the join does not count them twice)
        // into a std::vector's slot: the object's size is the vector's range,
        // whichever object it is (a member's, `smooth(f.u)`)
        std::optional<Sample> KS;
        if (auto DE = DerefExtent.find(K2); Renames.empty() && DE != DerefExtent.end())
          KS = Space.named(DE->second);
        edge(0, Key, K2, W, T.ExitSweeps.at(K2), KS, T.ExitGuessed.count(K2) > 0, Renames, false, 0, exitLocals(K2));
      }
  }
  // a library type's field -> a parameter's deref key, for the objects no
  // caller names (a vector filled in another file, then passed by reference)
  for (const auto &[K, D] : Unclaimed)
    edge(0, K, D, 1, 1, std::nullopt, false, "", false, OLI_SUMMARY_F_UNCLAIMED);
  // an integer parameter of a function other modules call, stored into a
  // field or global and nothing else stored there in the module
  // (`csr_build(csr *A, int n)` storing `A->n = n`): "fn#j" -> the slot, for
  // the join to meet other modules' counts in the field with a size in the
  // value the calls pass for it (OLI_SUMMARY_F_STORES, version 8)
  std::set<std::pair<std::string, std::string>> Stores;
  for (const auto &[V, Slot] : Space.storedOnce())
    if (auto *A = dyn_cast<Argument>(V); A && A->getType()->isIntegerTy() && SampleSpace::sharedName(Slot)) {
      const Function *F = A->getParent();
      if (!F->isDeclaration() && !F->hasLocalLinkage() && !isProgramMain(*F))
        Stores.insert({(F->getName() + "#" + Twine(A->getArgNo())).str(), Slot});
    }
  for (const auto &[P, Slot] : Stores)
    edge(0, P, Slot, 0, 0, std::nullopt, false, "", false, OLI_SUMMARY_F_STORES);
  // a field or global given one value and nothing else in the module, a
  // value every module names (a Fortran module array's ALLOCATE, inlined:
  // its descriptor's extent `@b+32` given `n`, a module variable): "@n+0"
  // -> "@b+32", flagged stores (version 9), for the join to meet the loops
  // of array syntax in other files, which run to the descriptor's extents
  // (`a(:) = b(:) + c(:)`), with a size in n
  std::set<std::pair<std::string, std::string>> Held; // the symbol, the slot holding its value
  for (const auto &E : Space.slotValues()) {
    StringRef Slot = E.first();
    auto *I = dyn_cast<Instruction>(E.second);
    if (!SampleSpace::sharedName(Slot) || !I || isa<LoadInst>(I)) // (a load's slot is named as its own)
      continue;
    ScalarEvolution &SE = FAM.getResult<ScalarEvolutionAnalysis>(*I->getFunction());
    std::optional<Sample> V = SE.isSCEVable(I->getType()) ? Space.eval(SE.getSCEV(I), SE) : std::nullopt;
    if (V && V->Syms.size() == 1 && V->Value == Space.value(V->Syms[0]) && Space.shared(V->Syms[0]) &&
        Space.name(V->Syms[0]) != Slot)
      Held.insert({Space.name(V->Syms[0]), Slot.str()});
  }
  for (const auto &[Sym, Slot] : Held)
    edge(0, Sym, Slot, 0, 0, std::nullopt, false, "", false, OLI_SUMMARY_F_STORES);
  // a field or global the module gives one constant and nothing else (an
  // ELLPACK matrix's row width, `A->K = 4` in its builder): "=4" -> the
  // slot, flagged stores (version 10), for the join to count other
  // modules' loops to that field (`k < A->K` in the product's file);
  // flagged guessed where a call is given the global's address (an input's
  // reader may set it, `read(2, *) grid_points(1)`: the constant is a default)
  std::set<std::pair<std::string, std::string>> Consts;
  for (const auto &E : Space.constStores())
    if (auto *C = dyn_cast<ConstantInt>(E.second->getValueOperand());
        C && SampleSpace::sharedName(E.first()) && C->getValue().isStrictlyPositive() &&
        C->getValue().getActiveBits() < 32)
      Consts.insert({("=" + Twine(C->getZExtValue())).str(), E.first().str()});
  for (const auto &[K, Slot] : Consts)
    edge(0, K, Slot, 0, 0, std::nullopt, Space.addressTaken(Slot), "", false, OLI_SUMMARY_F_STORES);
  // ... or one value that is the program's default where the input gives
  // none (`nx2 = grid_points(1) - 2` after the grid is read from a file or
  // set to the problem's size): "=22" flagged guessed too (version 12), for
  // the join to count other modules' loops to it at the default, guessed.
  // A global's only (not a field's: `c.nx = argc > 1 ? atol(..) : 1024`
  // keeps its symbol, which a size may be in), and not a slot holding a
  // shared symbol's value (above: the join relates it to a size exactly).
  std::set<std::string> HeldSlots;
  for (const auto &H : Held)
    HeldSlots.insert(H.second);
  std::set<std::pair<std::string, std::string>> Defaults;
  for (const auto &E : Space.slotValues())
    if (SampleSpace::sharedName(E.first()) && E.first().starts_with("@") && !HeldSlots.count(E.first().str()))
      if (std::optional<int64_t> D = slotDefault(E.first()); D && *D > 0 && *D < (int64_t(1) << 31))
        Defaults.insert({("=" + Twine(*D)).str(), E.first().str()});
  for (const auto &[K, Slot] : Defaults)
    edge(0, K, Slot, 0, 0, std::nullopt, false, "", false, OLI_SUMMARY_F_STORES | OLI_SUMMARY_F_GUESSED);
  // Calls of other modules' functions ("fn()"), per call of the root they
  // run under: the join counts each root's calls from main. Each call edge
  // also names the values the calls pass for the callee's integer
  // parameters ("fn#1=%main.3:main.c", the same in every call, else left
  // out), and calls the edges do not count (from a function analysed for
  // nothing, or of a function defined here) have edges of their names
  // only (OLI_SUMMARY_F_ARGS): the join compares two parameters by them
  // (ParamHypothesis).
  using CallKey = std::pair<std::string, std::string>;
  std::map<CallKey, double> CallW;
  std::map<CallKey, bool> CallG; // CallW rests on a guessed trip count
  std::map<CallKey, double> CallEach; // calls through a table walk: each function's (OLI_SUMMARY_F_EACH)
  std::map<CallKey, std::map<unsigned, std::string>> CallArgs, ArgsOnly;
  TargetLibraryInfoImpl TLII{Triple(M.getTargetTriple())};
  TargetLibraryInfo TLI(TLII);
  auto names = [&](std::map<unsigned, std::string> &Args, bool First, CallBase &CB, Function &Callee) {
    for (unsigned I = 0; I < CB.arg_size() && I < Callee.arg_size(); ++I) {
      if (!CB.getArgOperand(I)->getType()->isIntegerTy())
        continue;
      std::string N = Space.argumentName(CB.getArgOperand(I));
      auto It = Args.find(I);
      if (First && !N.empty())
        Args[I] = N;
      else if (It != Args.end() && It->second != N)
        It->second.clear(); // two calls, two values
    }
  };
  auto counted = [&](Function *Callee) {
    return Callee && !Callee->isIntrinsic() && !Callee->getName().starts_with(AbiPrefix) &&
           !Callee->getName().starts_with("_Fortran") && !Callee->getName().starts_with("__kmpc");
  };
  for (Function &F : M) {
    if (F.isDeclaration() || F.getName().starts_with(AbiPrefix))
      continue;
    // functions analysed for some object already, and main (the root of
    // every count): no analysis is asked of the others for this
    FnInfo *FI = Fns.count(&F) || isProgramMain(F) ? info(F) : nullptr;
    for (Instruction &I : instructions(F)) {
      auto *CB = dyn_cast<CallBase>(&I);
      Function *Callee = CB ? CB->getCalledFunction() : nullptr;
      LibFunc LF;
      if (CB && !Callee && FI && !CB->isInlineAsm()) {
        // a call through a pointer (a table of stages filled at run time):
        // per call of the root, into the functions of its type whose address
        // the program takes, shared among them by the join (a guess)
        CallKey K{rootOf(F), indirectKey(*CB->getFunctionType())};
        // a loop walking a table of them (`stages[k]()`, k its induction
        // variable): each function once per entry of the loop
        const Loop *L = FI->LI->getLoopFor(CB->getParent());
        auto *LI = dyn_cast<LoadInst>(CB->getCalledOperand());
        auto *AR = L && LI ? dyn_cast<SCEVAddRecExpr>(FI->SE->getSCEV(LI->getPointerOperand())) : nullptr;
        bool Walk = AR && AR->getLoop() == L && AR->isAffine() && isa<SCEVConstant>(AR->getStepRecurrence(*FI->SE));
        double Per = Walk ? loopEntries(*FI, L).first : relFreq(*FI, CB->getParent()).first;
        (Walk ? CallEach : CallW)[K] += rootCalls(F).first * Per;
        CallG[K] = true;
        continue;
      }
      if (!counted(Callee))
        continue;
      bool Named = !TLI.getLibFunc(*Callee, LF) && !Callee->getName().starts_with("__") && // the C library's own
                   !Callee->hasLocalLinkage() && !isProgramMain(*Callee) &&
                   any_of(Callee->args(), [](const Argument &A) { return A.getType()->isIntegerTy(); });
      CallKey K{FI ? rootOf(F) : F.getName().str() + "()", Callee->getName().str() + "()"};
      if (FI && Callee->isDeclaration()) {
        bool First = !CallW.count(K);
        auto [RC, RG] = rootCalls(F);
        auto [Freq, FG] = relFreq(*FI, CB->getParent());
        CallW[K] += RC * Freq;
        CallG[K] |= (RG || FG) && RC * Freq > 0;
        if (Named)
          names(CallArgs[K], First, *CB, *Callee);
      } else if (Named) {
        K.first = F.getName().str() + "()";
        bool First = !ArgsOnly.count(K);
        names(ArgsOnly[K], First, *CB, *Callee);
      }
    }
    // a root main's module does not call (its calls here were inlined):
    // main calls it none per run, other modules' edges add theirs
    if (FI && uncalledRoot(F))
      CallW[{"main()", F.getName().str() + "()"}] += 0;
    // ... in a module without main, a function of other modules' whose
    // calls here were all inlined into F (a step's `compute_flux(s)`, kept
    // out of line): F's root calls it none, for its own USEs, a root of
    // their own, to run as often as other modules' edges say (none: 0, not
    // the once of a function no module calls)
    if (FI && !HasMain)
      for (Function *G : inlinedInto(F))
        if (!G->hasLocalLinkage() && !G->hasAddressTaken(nullptr, /*IgnoreCallbackUses=*/true) &&
            none_of(G->uses(), [](Use &U) { return bool(AbstractCallSite(&U)); }))
          CallW[{rootOf(F), G->getName().str() + "()"}] += 0;
  }
  // a function that returns the pointer it loads from a field or global
  // (`double *Mesh::x() { return x_; }`, called from other files): an edge
  // from the slot's key into its result's, "fn#r", which the callers' sweeps
  // through the result are USEs of (common/summary.h, version 8); when no
  // module calls it (inlined into every caller here, main's edge into it of
  // weight 0) the join takes the key for one that never runs
  std::set<std::pair<std::string, std::string>> Returned; // slot, the function's result key
  for (Function &F : M)
    if (!F.isDeclaration() && F.getReturnType()->isPointerTy() && !F.getName().starts_with(AbiPrefix))
      for (BasicBlock &BB : F)
        if (auto *RI = dyn_cast<ReturnInst>(BB.getTerminator()); RI && RI->getReturnValue())
          if (auto *LI = dyn_cast<LoadInst>(RI->getReturnValue()->stripPointerCasts()))
            if (std::string Slot = Space.slotName(LI->getPointerOperand()); SampleSpace::sharedName(Slot)) {
              Returned.insert({Slot, F.getName().str() + "#r"});
              if (HasMain && none_of(F.users(), [](const User *U) { return isa<CallBase>(U); }))
                CallW[{"main()", F.getName().str() + "()"}] += 0;
            }
  for (const auto &[Slot, Result] : Returned)
    edge(0, Slot, Result, 1, 1);
  // ... and one that returns an integer it loads from a field or global
  // (`std::size_t Mesh::size() const { return n_; }`), whose result other
  // modules name "fn#r" in their trip counts (SampleSpace::accessorResult):
  // the slot -> "fn#r", of weight 0, flagged OLI_SUMMARY_F_STORES (version
  // 9), for the join to meet those counts with a size in the slot
  std::set<std::pair<std::string, std::string>> IntResults; // slot, the function's result key
  for (Function &F : M)
    if (!F.isDeclaration() && !F.hasLocalLinkage() && F.getReturnType()->isIntegerTy() && F.arg_size() == 1 &&
        !F.getName().starts_with(AbiPrefix))
      for (BasicBlock &BB : F)
        if (auto *RI = dyn_cast<ReturnInst>(BB.getTerminator()); RI && RI->getReturnValue())
          if (auto *LI = dyn_cast<LoadInst>(RI->getReturnValue()); LI && LI->isSimple())
            if (std::string Slot = Space.slotName(LI->getPointerOperand()); SampleSpace::sharedName(Slot))
              IntResults.insert({Slot, F.getName().str() + "#r"});
  for (const auto &[Slot, Result] : IntResults)
    edge(0, Slot, Result, 0, 0, std::nullopt, false, "", false, OLI_SUMMARY_F_STORES);
  // the functions whose address this module takes: candidates of the calls
  // through pointers of their type (an edge "*<type>" -> "fn()" of weight 1)
  // (not a constructor or destructor the loader runs, not a parallel
  // region's outlined function: a callback)
  auto startOrExit = [](const User *U) {
    SmallVector<const User *, 4> Work{U};
    while (!Work.empty()) {
      const User *X = Work.pop_back_val();
      if (auto *GV = dyn_cast<GlobalVariable>(X))
        return GV->getName().starts_with("llvm.");
      if (!isa<Constant>(X))
        return false;
      append_range(Work, X->users());
    }
    return false;
  };
  for (Function &G : M) {
    if (G.isIntrinsic() || G.getName().starts_with(AbiPrefix))
      continue;
    bool Taken = any_of(G.uses(), [&](const Use &U) {
      if (auto *CB = dyn_cast<CallBase>(U.getUser()); CB && CB->isCallee(&U))
        return false; // a call
      if (AbstractCallSite ACS(&U); ACS && ACS.isCallbackCall())
        return false;
      return !isa<GlobalAlias>(U.getUser()) && !startOrExit(U.getUser()); // an alias (C1 of C2) calls it by name
    });
    if (Taken)
      CallW[{indirectKey(*G.getFunctionType()), G.getName().str() + "()"}] = 1;
  }
  auto argList = [&](const std::string &Callee, const std::map<unsigned, std::string> &Args) {
    std::string L;
    for (const auto &[I, N] : Args)
      if (!N.empty())
        L += (L.empty() ? "" : ",") + StringRef(Callee).drop_back(2).str() + "#" + std::to_string(I) + "=" + N;
    return L;
  };
  for (const auto &[FromTo, W] : CallW)
    edge(0, FromTo.first, FromTo.second, W, W, std::nullopt, CallG[FromTo], argList(FromTo.second, CallArgs[FromTo]));
  for (const auto &[FromTo, W] : CallEach)
    edge(0, FromTo.first, FromTo.second, W, W, std::nullopt, true, "", false, OLI_SUMMARY_F_EACH);
  for (const auto &[FromTo, Args] : ArgsOnly)
    if (std::string L = argList(FromTo.second, Args); !L.empty()) {
      oli_summary_t R{};
      R.what = OLI_SUMMARY_EDGE;
      R.flags = OLI_SUMMARY_F_ARGS;
      R.from_key = FromTo.first.c_str();
      R.key = FromTo.second.c_str();
      R.has_sample = 1, R.syms = L.c_str();
      add(R, {});
    }
  SummaryBytes = std::move(Bytes);
}

} // namespace intensity

using namespace intensity;

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
              (E.Keyed || E.Hypothesis || E.RootParts ? OLI_STATIC_F_KEYED : 0) | (E.OpenGather ? OLI_STATIC_F_OPEN_GATHER : 0) |
              (E.Chained ? OLI_STATIC_F_CHAINED : 0);
    for (unsigned P = 0; P < NumPatterns; ++P) // the rows with a share; unknown is the rest
      if (int I = oli_access_pattern_share(AccessPattern(P)); I >= 0)
        F.Share[I] = E.Intensity > 0 ? uint8_t(std::lround(100 * E.Share[P] / E.Intensity)) : 0;
    F.Intensity = float(std::min(E.Intensity, 3e38));
    F.Passes = float(std::min(E.Passes, 3e38));
    setStaticEstimate(*Rec, F);
  }
}

std::vector<std::pair<GlobalVariable *, SiteEstimate>>
estimateStaticIntensity(Module &M, ModuleAnalysisManager &MAM, std::vector<unsigned char> *Summary,
                        uint64_t MinGlobalSize) {
  ModuleView View(M, MAM); // as the program runs it, while the estimate runs
  Estimator E(M, MAM);
  E.Summaries = Summary != nullptr;
  E.MinGlobalSize = MinGlobalSize;
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
        if (R.sweeps != R.weight) // the calls are handed parts of it
          OS << " (" << format("%.4g", R.sweeps) << " sweeps)";
        if (R.has_sample && !R.from_site && *R.from_key)
          OS << ", parameters " << R.syms;
        else if (R.has_sample)
          OS << ", size " << format("%.4g", R.sample_bytes) << " at the sample point of " << R.syms;
        if (R.flags & OLI_SUMMARY_F_GUESSED)
          OS << ", guessed";
        if (R.flags & OLI_SUMMARY_F_WRAPPED)
          OS << ", wrapped";
        if (R.flags & OLI_SUMMARY_F_ARGS)
          OS << ", arguments only";
        if (!R.from_site && (R.flags & OLI_SUMMARY_F_STORES))
          OS << ", stores";
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
      if (R.flags & OLI_SUMMARY_F_CHAINED)
        OS << ", chained";
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
    if (E.Chained)
      OS << ", chained gathers";
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