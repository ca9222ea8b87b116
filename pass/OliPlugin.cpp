//===- OliPlugin.cpp - registration and options of the oli pass plugin ---===//
//
// Loads as `clang-19/flang-new-19 -fpass-plugin=OliPass.so` (runs at
// pipeline start, every -O level) and as
// `opt-19 -load-pass-plugin=OliPass.so -passes='oli-tag-sites<...>'`.
// Every option is here: the -oli-* cl::opts, OLI_PASS_OPTIONS, and the pass
// parameters, folded once into OliOptions.
//
//===----------------------------------------------------------------------===//
#include "OliOptions.h"
#include "OliPlan.h"
#include "OliProfile.h"
#include "OliTagSites.h"
#include "FreeBypass.h"
#include "SmallBypass.h"
#include "StaticIntensity.h"

#include "size.h"

#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/PassManager.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Passes/PassPlugin.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/Path.h"

#include <cstdlib>

using namespace llvm;

constexpr char DEBUG_TYPE_NAME[] = "oli"; // remark pass name (-Rpass-analysis=oli)

static cl::opt<std::string> ClRoot("oli-root", cl::desc("oli: source root; site IDs use paths relative to it"),
                                   cl::Hidden, cl::init(""));
static cl::opt<uint64_t> ClMinGlobalSize("oli-min-global-size",
                                         cl::desc("oli: register global objects of at least this many bytes"),
                                         cl::Hidden, cl::init(65536));
static cl::opt<uint64_t> ClMinHeapSize("oli-min-heap-size",
                                       cl::desc("oli: leave constant-size allocations below this alone"),
                                       cl::Hidden, cl::init(0));
static cl::opt<bool> ClVersionCheck("oli-version-check",
                                    cl::desc("oli: reference __oli_version_mismatch_check_v1"),
                                    cl::Hidden, cl::init(true));
static cl::opt<bool> ClWrappers("oli-wrappers", cl::desc("oli: tag calls of allocation wrappers"),
                                cl::Hidden, cl::init(true));
static cl::opt<bool> ClGlobals("oli-globals", cl::desc("oli: register large global objects"),
                               cl::Hidden, cl::init(true));
static cl::opt<bool> ClSmallBypass("oli-small-bypass",
                                   cl::desc("oli: inline fast path for objects the runtime never places"),
                                   cl::Hidden, cl::init(true));
static cl::opt<bool> ClStaticIntensity("oli-static-intensity",
                                       cl::desc("oli: estimate each site's access intensity and pattern"),
                                       cl::Hidden, cl::init(true));
static cl::opt<bool> ClSummaries("oli-summaries",
                                 cl::desc("oli: write the module's access summaries for the whole-program join"),
                                 cl::Hidden, cl::init(true));
static cl::opt<uint64_t> ClProfileEvery("oli-profile-every",
                                        cl::desc("oli: call __oli_profile_access every Nth load/store (0: off)"),
                                        cl::Hidden, cl::init(0));

/// The environment variable carrying options for clang/flang users.
constexpr char EnvOptions[] = "OLI_PASS_OPTIONS";
constexpr char PassName[] = "oli-tag-sites";
constexpr char ProfilePassName[] = "oli-profile-accesses";
constexpr char BypassPassName[] = "oli-small-bypass";
constexpr char IntensityPassName[] = "oli-static-intensity";
constexpr char IntensityPrinterName[] = "print<oli-static-intensity>";
constexpr char Accepted[] = "root=PATH, min-global-size=SIZE, min-heap-size=SIZE, version-check=0|1, "
                            "wrappers=0|1, globals=0|1, small-bypass=0|1, profile-every=N, plan=FILE, static-intensity=0|1, "
                            "summaries=0|1";

namespace oli {

/// Parses a byte count as the runtime and the CLI do (common/size.c):
/// digits, an optional fraction and a K/M/G/T/P suffix (powers of 1024,
/// optional B or iB): 4096, 64K, 1.5M, 64GiB.
static bool parseSize(StringRef S, uint64_t &Out) {
  return oli_parse_size(S.str().c_str(), &Out) == 0;
}

/// Parses 0/1/true/false.
static bool parseBool(StringRef S, bool &Out) {
  if (S == "1" || S == "true") return Out = true, true;
  if (S == "0" || S == "false") return Out = false, true;
  return false;
}

/// Records the first error of an option source.
static bool fail(OliOptions &O, const std::string &Msg) {
  if (O.Error.empty())
    O.Error = Msg;
  return false;
}

bool applyOptionString(OliOptions &O, const std::string &Text, const std::string &Origin) {
  SmallVector<StringRef, 8> Items;
  StringRef(Text).split(Items, ';', -1, false);
  for (StringRef Item : Items) {
    Item = Item.trim();
    if (Item.empty())
      continue;
    auto [Key, Val] = Item.split('=');
    std::string Where = "oli: option '" + Item.str() + "' in " + Origin;
    bool Ok = true;
    if (!Item.contains('='))
      return fail(O, Where + ": expected key=value; accepted: " + Accepted);
    if (Key == "root")
      O.Root = Val.str();
    else if (Key == "min-global-size")
      Ok = parseSize(Val, O.MinGlobalSize);
    else if (Key == "min-heap-size")
      Ok = parseSize(Val, O.MinHeapSize);
    else if (Key == "profile-every")
      Ok = !Val.getAsInteger(10, O.ProfileEvery) && O.ProfileEvery < (1ULL << 32);
    else if (Key == "plan")
      O.Plan = Val.str();
    else if (Key == "version-check")
      Ok = parseBool(Val, O.VersionCheck);
    else if (Key == "wrappers")
      Ok = parseBool(Val, O.Wrappers);
    else if (Key == "globals")
      Ok = parseBool(Val, O.Globals);
    else if (Key == "small-bypass")
      Ok = parseBool(Val, O.SmallBypass);
    else if (Key == "static-intensity")
      Ok = parseBool(Val, O.StaticIntensity);
    else if (Key == "summaries")
      Ok = parseBool(Val, O.Summaries);
    else
      return fail(O, "oli: unknown option '" + Key.str() + "' in " + Origin + "; accepted: " + Accepted);
    if (!Ok) {
      const char *What = Key.ends_with("size") ? "a size (bytes, or a number with K, M, G, T, P: e.g. 64K, 1.5M)"
                         : Key == "profile-every" ? "a whole number below 2^32"
                                                  : "0, 1, true or false";
      return fail(O, Where + ": expected " + What);
    }
  }
  return true;
}

/// Defaults, then -oli-* flags, then OLI_PASS_OPTIONS.
static OliOptions baseOptions() {
  OliOptions O;
  O.Root = ClRoot;
  O.MinGlobalSize = ClMinGlobalSize;
  O.MinHeapSize = ClMinHeapSize;
  O.VersionCheck = ClVersionCheck;
  O.Wrappers = ClWrappers;
  O.Globals = ClGlobals;
  O.SmallBypass = ClSmallBypass;
  O.StaticIntensity = ClStaticIntensity;
  O.Summaries = ClSummaries;
  O.ProfileEvery = ClProfileEvery;
  if (const char *Env = std::getenv(EnvOptions))
    applyOptionString(O, Env, EnvOptions);
  return O;
}

/// A relative path of an option (plan=) against root= when root= is set
/// (itself against the compile directory when relative), so a recursive
/// make compiling in subdirectories finds the file; else unchanged (the
/// compile directory).
static std::string resolveAgainstRoot(const std::string &Path, const std::string &Root) {
  if (Path.empty() || sys::path::is_absolute(Path) || Root.empty())
    return Path;
  SmallString<256> P(Root);
  sys::path::append(P, Path);
  return std::string(P);
}

/// Reports a bad option. clang and opt show Ctx.emitError as an error and
/// fail the compile; flang-new-19's backend diagnostic handler drops it, so
/// for flang's modules (all named FIRModule) the error ends the compile with
/// report_fatal_error instead (a message and exit 1, no crash dump).
static void reportOptionError(Module &M, const std::string &Msg) {
  if (M.getName() == "FIRModule" || M.getSourceFileName() == "FIRModule")
    report_fatal_error(Twine(Msg), /*gen_crash_diag=*/false);
  M.getContext().emitError(Msg);
}

/// The module pass: reports a bad option, else hands the module to the worker.
struct OliTagSitesPass : PassInfoMixin<OliTagSitesPass> {
  explicit OliTagSitesPass(OliOptions O) : Opt(std::move(O)) {}
  PreservedAnalyses run(Module &M, ModuleAnalysisManager &) {
    if (!Opt.Error.empty()) {
      reportOptionError(M, Opt.Error);
      return PreservedAnalyses::all();
    }
    if (!Opt.Plan.empty() && Opt.PlanText.empty()) {
      std::string Err;
      Opt.PlanPath = resolveAgainstRoot(Opt.Plan, Opt.Root);
      if (!readPlan(Opt, Err)) {
        reportOptionError(M, Err);
        return PreservedAnalyses::all();
      }
    }
    return OliTagSites(M, Opt).run() ? PreservedAnalyses::none() : PreservedAnalyses::all();
  }
  static bool isRequired() { return true; }
  OliOptions Opt;
};

/// The profiling pass (profile-every=N): sampled load/store counters, at
/// the end of the optimisation pipeline.
struct OliProfilePass : PassInfoMixin<OliProfilePass> {
  explicit OliProfilePass(OliOptions O) : Opt(std::move(O)) {}
  PreservedAnalyses run(Module &M, ModuleAnalysisManager &) {
    if (!Opt.Error.empty()) {
      reportOptionError(M, Opt.Error);
      return PreservedAnalyses::all();
    }
    return instrumentAccesses(M, Opt.ProfileEvery) ? PreservedAnalyses::none()
                                                   : PreservedAnalyses::all();
  }
  static bool isRequired() { return true; }
  OliOptions Opt;
};

/// The small-object fast path (small-bypass=1, the default): at the end of
/// the optimisation pipeline, after the profiling pass.
struct OliSmallBypassPass : PassInfoMixin<OliSmallBypassPass> {
  explicit OliSmallBypassPass(OliOptions O) : Opt(std::move(O)) {}
  PreservedAnalyses run(Module &M, ModuleAnalysisManager &MAM) {
    if (!Opt.Error.empty()) {
      reportOptionError(M, Opt.Error);
      return PreservedAnalyses::all();
    }
    if (!Opt.SmallBypass)
      return PreservedAnalyses::all();
    auto &FAM = MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
    bool Changed = addSmallBypass(M, [&](Function &F) -> LoopInfo & { return FAM.getResult<LoopAnalysis>(F); });
    Changed |= addFreeBypass(M);
    return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
  }
  static bool isRequired() { return true; }
  OliOptions Opt;
};

/// The static access estimate (static-intensity=1, the default): at the end
/// of the optimisation pipeline, before the profiling and fast-path passes
/// change the code it reads. Print: the printer of opt tests.
struct OliStaticIntensityPass : PassInfoMixin<OliStaticIntensityPass> {
  OliStaticIntensityPass(OliOptions O, bool Print) : Opt(std::move(O)), Print(Print) {}
  PreservedAnalyses run(Module &M, ModuleAnalysisManager &MAM) {
    if (!Opt.Error.empty()) {
      reportOptionError(M, Opt.Error);
      return PreservedAnalyses::all();
    }
    if (!Opt.StaticIntensity && !Print)
      return PreservedAnalyses::all();
    std::vector<unsigned char> Summary;
    auto Result = estimateStaticIntensity(M, MAM, Opt.Summaries ? &Summary : nullptr);
    if (Print) { // an analysis printer: the IR stays as it is
      printStaticIntensity(errs(), Result, /*Detail=*/true);
      printSummaries(errs(), Summary);
      return PreservedAnalyses::all();
    }
    emitRemarks(M, Result);
    writeStaticIntensity(Result); // record initializers only: every function analysis holds
    writeSummaries(M, Summary);   // a new global: every function analysis holds too
    PreservedAnalyses PA;
    PA.preserveSet<AllAnalysesOn<Function>>();
    return PA;
  }
  /// -Rpass-analysis=oli: one remark per estimated site, at its allocation.
  static void emitRemarks(Module &M, const std::vector<std::pair<GlobalVariable *, SiteEstimate>> &R) {
    if (!M.getContext().getDiagHandlerPtr()->isAnalysisRemarkEnabled(DEBUG_TYPE_NAME))
      return;
    for (const auto &[Rec, E] : R) {
      if (!E.Anchor)
        continue;
      std::string Text;
      raw_string_ostream OS(Text);
      printStaticIntensity(OS, {{Rec, E}});
      OptimizationRemarkEmitter ORE(E.Anchor->getFunction());
      ORE.emit(OptimizationRemarkAnalysis(DEBUG_TYPE_NAME, "StaticIntensity", E.Anchor)
               << StringRef(Text).trim().drop_front(5)); // without "oli: "
    }
  }
  static bool isRequired() { return true; }
  OliOptions Opt;
  bool Print;
};

/// Options of a pipeline element `Base` or `Base<k=v;...>`; false when Name
/// is not that element.
static bool elementOptions(StringRef Name, StringRef Base, OliOptions &O) {
  if (!Name.consume_front(Base))
    return false;
  O = baseOptions();
  if (Name.empty())
    return true;
  if (!Name.consume_front("<") || !Name.consume_back(">"))
    return false;
  applyOptionString(O, Name.str(), (Base + "<...>").str());
  return true;
}

/// Accepts `oli-tag-sites[<k=v;...>]`, `oli-profile-accesses[<k=v;...>]`,
/// `oli-small-bypass[<k=v;...>]`, `oli-static-intensity[<k=v;...>]` and
/// `print<oli-static-intensity>`.
static bool parsePipelineElement(StringRef Name, ModulePassManager &MPM,
                                 ArrayRef<PassBuilder::PipelineElement>) {
  OliOptions O;
  if (elementOptions(Name, PassName, O)) {
    MPM.addPass(OliTagSitesPass(std::move(O)));
    return true;
  }
  if (elementOptions(Name, ProfilePassName, O)) {
    MPM.addPass(OliProfilePass(std::move(O)));
    return true;
  }
  if (elementOptions(Name, BypassPassName, O)) {
    MPM.addPass(OliSmallBypassPass(std::move(O)));
    return true;
  }
  if (elementOptions(Name, IntensityPassName, O)) {
    MPM.addPass(OliStaticIntensityPass(std::move(O), false));
    return true;
  }
  if (Name == IntensityPrinterName) {
    MPM.addPass(OliStaticIntensityPass(baseOptions(), true));
    return true;
  }
  return false;
}

/// Registers the named pass and the pipeline-start hook.
static void registerCallbacks(PassBuilder &PB) {
  PB.registerPipelineParsingCallback(parsePipelineElement);
  PB.registerPipelineStartEPCallback(
      [](ModulePassManager &MPM, OptimizationLevel) { MPM.addPass(OliTagSitesPass(baseOptions())); });
  PB.registerOptimizerLastEPCallback([](ModulePassManager &MPM, OptimizationLevel) {
    OliOptions O = baseOptions();
    if (!O.Error.empty()) // a bad option is reported once, by the tagger
      return;
    if (O.StaticIntensity)
      MPM.addPass(OliStaticIntensityPass(O, false));
    if (O.ProfileEvery)
      MPM.addPass(OliProfilePass(O));
    if (O.SmallBypass)
      MPM.addPass(OliSmallBypassPass(O));
  });
}

} // namespace oli

extern "C" LLVM_ATTRIBUTE_WEAK PassPluginLibraryInfo llvmGetPassPluginInfo() {
  return {LLVM_PLUGIN_API_VERSION, "OliPass", "0.1", oli::registerCallbacks};
}
