//===- OliPlugin.cpp - registration and options of the oli pass plugin ---===//
//
// Loads as `clang-19/flang-new-19 -fpass-plugin=OliPass.so` (runs at
// pipeline start, every -O level) and as
// `opt-19 -load-pass-plugin=OliPass.so -passes='oli-tag-sites<...>'`.
// Every option is here: the -oli-* cl::opts, OLI_PASS_OPTIONS, and the pass
// parameters, folded once into OliOptions; all three come from the rows of
// OliOptions.def.
//
//===----------------------------------------------------------------------===//
#include "OliAbiNames.h"
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
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <cstdlib>

using namespace llvm;

constexpr char DEBUG_TYPE_NAME[] = "oli"; // remark pass name (-Rpass-analysis=oli)

// The -oli-<key> flags: one per FLAG row of OliOptions.def.
#define OLI_PASS_CL_FLAG(Key, Field, Type, Default, Desc)                                                       \
  static cl::opt<oli::OliPassType_##Type> Cl##Field("oli-" Key, cl::desc(Desc), cl::Hidden, cl::init(Default));
#define OLI_PASS_CL_NOFLAG(Key, Field, Type, Default, Desc)
#define OLI_PASS_OPTION(Key, Field, Type, Arg, Default, Flag, Desc) OLI_PASS_CL_##Flag(Key, Field, Type, Default, Desc)
#include "OliOptions.def"

/// The environment variable carrying options for clang/flang users.
constexpr char EnvOptions[] = "OLI_PASS_OPTIONS";
constexpr char PassName[] = "oli-tag-sites";
constexpr char ProfilePassName[] = "oli-profile-accesses";
constexpr char BypassPassName[] = "oli-small-bypass";
constexpr char IntensityPassName[] = "oli-static-intensity";
constexpr char IntensityPrinterName[] = "print<oli-static-intensity>";

/// "root=PATH, min-global-size=SIZE, ...": every key, for error messages.
static const std::string &accepted() {
  static const std::string Text = [] {
    std::string T;
#define OLI_PASS_OPTION(Key, Field, Type, Arg, Default, Flag, Desc) T += std::string(T.empty() ? "" : ", ") + Key "=" Arg;
#include "OliOptions.def"
    return T;
  }();
  return Text;
}

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

/// One parser per Type of OliOptions.def, and what it accepts in words.
static bool parseValue_STRING(StringRef S, std::string &Out) { return Out = S.str(), true; }
static bool parseValue_DIR(StringRef S, std::string &Out) { return Out = S.str(), sys::fs::is_directory(S); }
static bool parseValue_SIZE(StringRef S, uint64_t &Out) { return parseSize(S, Out); }
static bool parseValue_BOOL(StringRef S, bool &Out) { return parseBool(S, Out); }
static bool parseValue_COUNT(StringRef S, uint64_t &Out) {
  return !S.getAsInteger(10, Out) && Out < (1ULL << 32);
}
constexpr char Expected_STRING[] = "a string";
constexpr char Expected_DIR[] = "an existing directory (the root of the sources' paths)";
constexpr char Expected_SIZE[] = "a size (bytes, or a number with K, M, G, T, P: e.g. 64K, 1.5M)";
constexpr char Expected_BOOL[] = "0, 1, true or false";
constexpr char Expected_COUNT[] = "a whole number below 2^32";

/// Sets the option Key of O from Val: 1 done, 0 a bad value (*Expected says
/// what is accepted), -1 no such key.
static int setOption(OliOptions &O, StringRef Key, StringRef Val, const char **Expected) {
#define OLI_PASS_OPTION(Key_, Field, Type, Arg, Default, Flag, Desc)                                             \
  if (Key == Key_)                                                                                                 \
    return *Expected = Expected_##Type, parseValue_##Type(Val, O.Field) ? 1 : 0;
#include "OliOptions.def"
  return -1;
}

/// The smallest sampling period: a basic block's accesses are counted down
/// together and one sample stands for every period the block crosses, so a
/// period below a loop block's accesses gives the block's whole weight to one
/// of its arrays (profile-every=1: every access of a[i] * b[i] counted for a).
constexpr uint64_t MinProfileEvery = 16;
constexpr char ProfileEveryFloor[] =
    "expected 0 (off) or a whole number from 16 up (a block's accesses are sampled together: below 16 a "
    "block's weight goes to one of its arrays; 1000 or so is the usual rate)";

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
    if (!Item.contains('='))
      return fail(O, Where + ": expected key=value; accepted: " + accepted());
    const char *Expected = nullptr;
    int Set = setOption(O, Key, Val, &Expected);
    if (Set < 0)
      return fail(O, "oli: unknown option '" + Key.str() + "' in " + Origin + "; accepted: " + accepted());
    if (Set == 0)
      return fail(O, Where + ": expected " + Expected);
    if (Key == "profile-every" && O.ProfileEvery && O.ProfileEvery < MinProfileEvery)
      return fail(O, Where + ": " + ProfileEveryFloor);
  }
  return true;
}

/// Defaults, then -oli-* flags, then OLI_PASS_OPTIONS.
static OliOptions baseOptions() {
  OliOptions O;
#define OLI_PASS_BASE_FLAG(Field) O.Field = Cl##Field;
#define OLI_PASS_BASE_NOFLAG(Field)
#define OLI_PASS_OPTION(Key, Field, Type, Arg, Default, Flag, Desc) OLI_PASS_BASE_##Flag(Field)
#include "OliOptions.def"
  if (!O.Root.empty() && !sys::fs::is_directory(O.Root)) // -oli-root: checked as root= is
    fail(O, "oli: option '-oli-root=" + O.Root + "': expected " + Expected_DIR);
  if (O.ProfileEvery && O.ProfileEvery < MinProfileEvery) // -oli-profile-every likewise
    fail(O, "oli: option '-oli-profile-every=" + std::to_string(O.ProfileEvery) + "': " + ProfileEveryFloor);
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
  PreservedAnalyses run(Module &M, ModuleAnalysisManager &MAM) {
    if (!Opt.Error.empty()) {
      reportOptionError(M, Opt.Error);
      return PreservedAnalyses::all();
    }
    auto &FAM = MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
    return instrumentAccesses(M, Opt.ProfileEvery, &FAM) ? PreservedAnalyses::none()
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
    // Once per module: under LTO the pipeline's end runs before the link
    // and again in the link's backend, where the module has other modules'
    // functions imported (and inlined) and its summaries are in already; the
    // first run's estimate and summaries stand, as in a build without LTO.
    if (!Print && M.getModuleFlag(EstimatedFlag))
      return PreservedAnalyses::all();
    std::vector<unsigned char> Summary;
    auto Result = estimateStaticIntensity(M, MAM, Opt.Summaries ? &Summary : nullptr, Opt.MinGlobalSize);
    if (Print) { // an analysis printer: the IR stays as it is
      printStaticIntensity(errs(), Result, /*Detail=*/true);
      printSummaries(errs(), Summary);
      return PreservedAnalyses::all();
    }
    emitRemarks(M, Result);
    writeStaticIntensity(Result); // record initializers only: every function analysis holds
    writeSummaries(M, Summary);   // a new global: every function analysis holds too
    M.addModuleFlag(Module::Max, EstimatedFlag, 1);
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
