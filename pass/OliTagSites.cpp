//===- OliTagSites.cpp - the worker of the oli-tag-sites pass ------------===//
//
// See OliTagSites.h. Runs at pipeline start, before inlining and library
// call simplification, so the calls it sees are the calls the source wrote.
//
//===----------------------------------------------------------------------===//
#include "OliTagSites.h"
#include "ReleaseCalls.h"
#include "OliPlan.h"
#include "BuildNote.h"
#include "CalledFunction.h"
#include "OliAbiNames.h"
#include "SiteId.h"
#include "StaticSize.h"
#include "StructParams.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/TargetLibraryInfo.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/Support/Debug.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"

using namespace llvm;

#define DEBUG_TYPE "oli"

STATISTIC(NumTaggedHeap, "heap allocation calls rewritten to __oli_* entry points");
STATISTIC(NumTaggedBracket, "wrapper / Fortran ALLOCATE calls bracketed with site enter/leave");
STATISTIC(NumTaggedLibrary, "calls into allocating standard-library code bracketed at the caller");
STATISTIC(NumTaggedExtern, "calls of other files' functions that may be allocation wrappers bracketed");
STATISTIC(NumGlobals, "global objects registered");
STATISTIC(NumIndirect, "indirect calls left alone");
STATISTIC(NumSmall, "constant-size allocations below min-heap-size left alone");
STATISTIC(NumSkippedModules, "modules skipped (already tagged, or the runtime)");

namespace oli {

constexpr uint64_t MapAnonymous = 0x20; // Linux MAP_ANONYMOUS
constexpr unsigned MaxStoreWalk = 4;    // depth of the stored-into-name walk

/// True for names the pass must never touch (the runtime's own).
static bool isOliName(StringRef Name) { return Name.starts_with(AbiPrefix); }

/// True when the module defines a runtime function: it is the runtime.
static bool definesRuntime(const Module &M) {
  for (const Function &F : M)
    if (!F.isDeclaration() && isOliName(F.getName()))
      return true;
  return false;
}

/// True for a Fortran source file name.
static bool isFortranFile(StringRef F) {
  std::string L = F.lower();
  StringRef S(L);
  return S.ends_with(".f90") || S.ends_with(".f") || S.ends_with(".f95") || S.ends_with(".f03") ||
         S.ends_with(".f08") || S.ends_with(".for") || S.ends_with(".f77");
}

/// The NUL-terminated C string a constant pointer designates, or "".
static StringRef constantString(Value *V) {
  auto *GV = dyn_cast<GlobalVariable>(V->stripPointerCasts());
  if (!GV || !GV->hasInitializer())
    return "";
  auto *CDA = dyn_cast<ConstantDataArray>(GV->getInitializer());
  if (!CDA || !CDA->isString())
    return "";
  return CDA->getAsString().split('\0').first;
}

/// The value of a constant integer operand, if it is one.
static std::optional<uint64_t> constInt(Value *V) {
  if (auto *C = dyn_cast<ConstantInt>(V))
    if (C->getBitWidth() <= 64)
      return C->getZExtValue();
  return std::nullopt;
}

/// Product of two optional constants; nullopt on unknown or overflow.
static std::optional<uint64_t> mulSize(std::optional<uint64_t> A, std::optional<uint64_t> B) {
  uint64_t R;
  if (!A || !B || __builtin_mul_overflow(*A, *B, &R))
    return std::nullopt;
  return R;
}

/// Operand I of CB folded to a byte count (StaticSize.cpp: constant
/// expressions, arithmetic, locals stored once), when it has one (I < 0: none).
static std::optional<uint64_t> constArg(CallBase &CB, int I, const DataLayout &DL) {
  if (I < 0 || unsigned(I) >= CB.arg_size())
    return std::nullopt;
  return foldConstantSize(CB.getArgOperand(I), DL);
}

/// Folds the size operands of a heap call (its kind's SizeArg, times
/// CountArg when it has one; a Fortran ALLOCATE's bounds set before it) to a
/// byte count when constant.
static std::optional<uint64_t> staticSize(CallBase &CB, uint8_t Kind) {
  const DataLayout &DL = CB.getModule()->getDataLayout();
  if (kindHas(Kind, OLI_KF_FORTRAN))
    return fortranAllocateSize(CB, DL);
  const oli_kind_info_t &K = kindInfo(Kind);
  if (K.count_arg >= 0)
    return mulSize(constArg(CB, K.size_arg, DL), constArg(CB, K.count_arg, DL));
  return constArg(CB, K.size_arg, DL);
}

/// Source name of the global a pointer designates (through GEPs/casts).
static std::string globalSourceName(Value *Ptr) {
  auto *GV = dyn_cast<GlobalVariable>(getUnderlyingObject(Ptr));
  if (!GV || !GV->hasName())
    return "";
  return splitGlobalName(GV->getName(), GV->hasCommonLinkage()).Name;
}

/// The global variable V ends up stored into: directly, into a field of it,
/// via insertvalue into a descriptor, or via a local slot that is reloaded
/// and stored on (flang's descriptor copy). Null if not evident.
static GlobalVariable *storedIntoGlobal(Value *V, unsigned Depth) {
  if (Depth > MaxStoreWalk)
    return nullptr;
  for (User *U : V->users()) {
    if (auto *SI = dyn_cast<StoreInst>(U)) {
      if (SI->getValueOperand() != V)
        continue;
      Value *Dst = getUnderlyingObject(SI->getPointerOperand());
      if (auto *GV = dyn_cast<GlobalVariable>(Dst))
        return GV->hasName() ? GV : nullptr;
      if (isa<AllocaInst>(Dst))
        for (User *AU : Dst->users())
          if (auto *LI = dyn_cast<LoadInst>(AU))
            if (GlobalVariable *GV = storedIntoGlobal(LI, Depth + 1))
              return GV;
    } else if (isa<InsertValueInst>(U) || isa<CastInst>(U)) {
      if (GlobalVariable *GV = storedIntoGlobal(U, Depth + 1))
        return GV;
    }
  }
  return nullptr;
}

/// The source line CB's outermost debug location is on (0: none).
static unsigned outermostLine(const CallBase &CB) {
  const DILocation *DL = CB.getDebugLoc().get();
  while (DL && DL->getInlinedAt())
    DL = DL->getInlinedAt();
  return DL ? DL->getLine() : 0;
}

std::string OliTagSites::objectName(CallBase &CB, GlobalVariable *GV,
                                    function_ref<GlobalVariable *(CallBase &)> HolderOf) {
  if (!GV)
    return "";
  std::string Name = splitGlobalName(GV->getName(), GV->hasCommonLinkage()).Name;
  // a component of a Fortran derived type (flang's struct type _Q...T<type>):
  // the ALLOCATE statement's object that names it, `g%u`; with several
  // (`allocate(g%u(n), g%v(n))`), the one in this call's place among the
  // line's allocations into the same variable
  auto *ST = dyn_cast<StructType>(GV->getValueType());
  if (!ST || !ST->hasName() || !ST->getName().starts_with("_Q"))
    return Name;
  std::vector<std::string> Objs;
  for (std::string &O : FieldNames.allocateObjects(CB))
    if (StringRef(O).starts_with(StringRef(Name).lower() + "%"))
      Objs.push_back(std::move(O));
  if (Objs.size() <= 1)
    return Objs.empty() ? Name : Objs[0];
  unsigned Line = outermostLine(CB), K = 0, Mine = ~0u;
  for (Instruction &I : instructions(*CB.getFunction()))
    if (auto *Other = dyn_cast<CallBase>(&I); Other && outermostLine(*Other) == Line && HolderOf(*Other) == GV)
      Mine = Other == &CB ? K : Mine, ++K;
  return K == Objs.size() && Mine < K ? Objs[Mine] : Name;
}

/// The functions recognised by name: the OLI_CALLEE rows of oli_vocab.def.
static const struct {
  const char *Name;
  uint8_t Kind;
  int Params; // -1: any
} Callees[] = {
#define OLI_CALLEE(Name, Kind, Params) {Name, OLI_KIND_##Kind, Params},
#include "oli_vocab.def"
};

std::optional<CalleeInfo> OliTagSites::classify(Function *F) const {
  if (!F)
    return std::nullopt;
  StringRef N = F->getName();
  if (Wrappers.count(F))
    return CalleeInfo{OLI_KIND_WRAPPER, 0, true, ""};
  if (!F->isDeclaration())
    return std::nullopt; // a module's own malloc is not the C library's
  FunctionType *T = F->getFunctionType();
  unsigned NP = T->getNumParams();
  bool RetPtr = T->getReturnType()->isPointerTy();
  for (const auto &C : Callees) {
    if (N != C.Name)
      continue;
    const oli_kind_info_t &K = kindInfo(C.Kind);
    bool Bracket = K.flags & OLI_KF_BRACKET;
    if ((C.Params >= 0 && NP != unsigned(C.Params)) ||
        (!Bracket && !RetPtr && !(K.flags & OLI_KF_RET_INT)))
      return std::nullopt;
    return CalleeInfo{C.Kind, uint8_t(K.align_arg >= 0 ? FlagAligned : 0), Bracket, K.entry};
  }
  // Itanium operator new: the kind's stem (_Znwm, _Znam), then
  // [St11align_val_t] [RKSt9nothrow_t].
  for (uint8_t Kind = 1; Kind <= OLI_KIND_MAX_; ++Kind) {
    const oli_kind_info_t &K = kindInfo(Kind);
    StringRef Rest = N;
    if (!(K.flags & OLI_KF_NEW) || !RetPtr || !Rest.consume_front(K.plain))
      continue;
    uint8_t Fl = 0;
    if (Rest.consume_front("St11align_val_t"))
      Fl |= FlagAligned;
    if (Rest.consume_front("RKSt9nothrow_t"))
      Fl |= FlagNothrow;
    unsigned Want = 1 + ((Fl & FlagAligned) ? 1 : 0) + ((Fl & FlagNothrow) ? 1 : 0);
    if (!Rest.empty() || NP != Want)
      return std::nullopt;
    return CalleeInfo{Kind, Fl, false, (Fl & FlagNothrow) ? NewNothrowName : K.entry};
  }
  return std::nullopt;
}

/// The Fortran source file of the compile this pass runs in, from the front
/// end's own command line (flang-new -fc1 ... FILE): the last argument that
/// names an existing Fortran file. "" elsewhere (opt, clang). flang names
/// every module FIRModule and, under -gline-tables-only, emits no compile
/// unit for a file without procedures (a module of data only).
static std::string frontEndFortranInput() {
  ErrorOr<std::unique_ptr<MemoryBuffer>> B = MemoryBuffer::getFileAsStream("/proc/self/cmdline");
  if (!B)
    return "";
  SmallVector<StringRef, 64> Args;
  (*B)->getBuffer().split(Args, '\0', -1, false);
  std::string Found;
  for (unsigned I = 0; I < Args.size(); ++I) {
    StringRef A = Args[I];
    if (A == "-o" || A == "-module-dir" || A == "-J") {
      ++I; // an output, not the input
      continue;
    }
    if (!A.starts_with("-") && isFortranFile(A) && sys::fs::exists(A))
      Found = A.str();
  }
  return Found;
}

/// The source file a preprocessor's output names on its first line, `#line
/// "FILE" N` (flang -E) or `# N "FILE"` (cpp); "" when it names none.
static std::string lineMarkerFile(StringRef Path) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> B = MemoryBuffer::getFileSlice(Path, 4096, 0);
  if (!B)
    return "";
  StringRef L = (*B)->getBuffer().split('\n').first.trim();
  if (!L.consume_front("#"))
    return "";
  L = L.ltrim();
  if (L.consume_front("line"))
    L = L.ltrim();
  L = L.drop_while([](char C) { return C >= '0' && C <= '9'; }).ltrim(); // cpp: the line first
  if (!L.consume_front("\""))
    return "";
  size_t End = L.find('"');
  return End == StringRef::npos || End == 0 ? "" : L.substr(0, End).str();
}

/// A Fortran file that is a preprocessor's output (CMake's Ninja generator
/// compiles `build/.../main.f90-pp.f90`, made by `flang -E main.f90`; flang's
/// debug info names that output, not the file the user wrote): the source
/// its line marker names, when that file exists. File and Dir as the debug
/// info gives them; a relative marker is taken from Dir.
void OliTagSites::fromPreprocessed(std::string &File, std::string &Dir) {
  if (!isFortranFile(File))
    return;
  std::string Path = StringRef(File).starts_with("/") || Dir.empty() ? File : Dir + "/" + File;
  auto It = PpCache.find(Path);
  if (It == PpCache.end()) {
    std::string Src = lineMarkerFile(Path);
    if (!Src.empty() && !StringRef(Src).starts_with("/") && !Dir.empty())
      Src = Dir + "/" + Src;
    if (!Src.empty() && (!sys::fs::exists(Src) || Src == Path))
      Src.clear();
    It = PpCache.insert({Path, Src}).first;
  }
  if (!It->second.empty())
    File = It->second;
}

void OliTagSites::findModuleFile() {
  if (NamedMDNode *CUs = M.getNamedMetadata("llvm.dbg.cu"))
    for (MDNode *N : CUs->operands())
      if (auto *CU = dyn_cast<DICompileUnit>(N)) {
        ModuleFile = CU->getFilename().str();
        ModuleDir = CU->getDirectory().str();
        CompileDir = compileDirectory(ModuleDir);
        std::string Unit = ModuleFile;
        fromPreprocessed(ModuleFile, ModuleDir);
        if (ModuleFile != Unit)
          PpFile = StringRef(Unit).starts_with("/") ? Unit : ModuleDir + "/" + Unit;
        return;
      }
  ModuleFile = M.getSourceFileName();
  CompileDir = compileDirectory("");
  if (ModuleFile != "FIRModule")
    return;
  // flang without debug info: its runtime calls carry the file name.
  for (GlobalVariable &GV : M.globals())
    if (GV.getName().starts_with("_QQcl")) {
      StringRef S = constantString(&GV);
      if (isFortranFile(S)) {
        ModuleFile = S.str();
        return;
      }
    }
  // No compile unit, no runtime call (a module of data): flang's input file.
  std::string In = frontEndFortranInput();
  if (!In.empty())
    ModuleFile = In;
  fromPreprocessed(ModuleFile, ModuleDir);
}

bool OliTagSites::returnsAllocation(Value *V, SmallPtrSetImpl<Value *> &Seen) {
  V = V->stripInBoundsOffsets(); // casts, and `p + pad` of an aligning wrapper
  if (!Seen.insert(V).second)
    return true; // a cycle adds no non-allocation source
  if (isa<ConstantPointerNull>(V))
    return true; // a failure path returning NULL does not disqualify
  if (auto *CB = dyn_cast<CallBase>(V)) {
    std::optional<CalleeInfo> CI = classify(CB->getCalledFunction());
    if (!CI)
      return false;
    return CI->Kind == OLI_KIND_WRAPPER || (!CI->Bracket && !kindHas(CI->Kind, OLI_KF_RET_INT));
  }
  if (auto *PN = dyn_cast<PHINode>(V)) {
    for (Value *In : PN->incoming_values())
      if (!returnsAllocation(In, Seen))
        return false;
    return true;
  }
  if (auto *Sel = dyn_cast<SelectInst>(V))
    return returnsAllocation(Sel->getTrueValue(), Seen) &&
           returnsAllocation(Sel->getFalseValue(), Seen);
  if (auto *LI = dyn_cast<LoadInst>(V)) {
    // -O0: the value went through a local slot; every store into it counts.
    auto *AI = dyn_cast<AllocaInst>(LI->getPointerOperand());
    if (!AI)
      return false;
    Seen.insert(AI); // the slot holds the returned object (allocatesBesides)
    bool Any = false;
    for (User *U : AI->users()) {
      if (auto *SI = dyn_cast<StoreInst>(U)) {
        if (SI->getPointerOperand() != AI || !returnsAllocation(SI->getValueOperand(), Seen))
          return false;
        Any = true;
      } else if (auto *CB = dyn_cast<CallBase>(U); CB && !isa<IntrinsicInst>(CB)) {
        // an allocation into the slot (posix_memalign(&p, ...)); any other
        // call may keep or change it
        std::optional<CalleeInfo> CI = classify(CB->getCalledFunction());
        int Out = CI && CI->Kind != OLI_KIND_WRAPPER ? kindInfo(CI->Kind).out_arg : -1;
        if (Out < 0 || unsigned(Out) >= CB->arg_size() || CB->getArgOperand(unsigned(Out)) != AI ||
            any_of(CB->args(), [&](const Use &A) { return A.get() == AI && A.getOperandNo() != unsigned(Out); }))
          return false;
        Any = true;
      } else if (!isa<LoadInst>(U) && !isa<IntrinsicInst>(U)) {
        return false; // the slot escapes
      }
    }
    return Any;
  }
  return false;
}

void OliTagSites::findAllocating() {
  // A function that calls an allocation function (or a Fortran ALLOCATE), and
  // every function of the module that reaches one through its calls: one
  // look at each call, then along the callers.
  DenseMap<Function *, SmallVector<Function *, 4>> Callers;
  SmallVector<Function *, 32> Work;
  DenseMap<Function *, bool> IsAlloc; // classify() once per callee
  for (Function &F : M) {
    if (F.isDeclaration())
      continue;
    for (Instruction &I : instructions(F)) {
      auto *CB = dyn_cast<CallBase>(&I);
      Function *Callee = CB ? calledFunction(*CB) : nullptr; // a constructor through its alias too
      if (!Callee)
        continue;
      if (!Callee->isDeclaration()) {
        Callers[Callee].push_back(&F);
        continue;
      }
      auto It = IsAlloc.try_emplace(Callee, false);
      if (It.second)
        It.first->second = classify(Callee).has_value();
      if (It.first->second && Allocating.insert(&F).second)
        Work.push_back(&F);
    }
  }
  while (!Work.empty())
    for (Function *Caller : Callers.lookup(Work.pop_back_val()))
      if (Allocating.insert(Caller).second)
        Work.push_back(Caller);
}

/// The object is the returned one, or part of it: a value the return takes
/// (Returned: returnsAllocation's walk, local slots included), or memory
/// reached from one (a field or element of it).
static bool ofReturned(Value *Ptr, const SmallPtrSetImpl<Value *> &Returned) {
  Value *U = getUnderlyingObject(Ptr);
  if (Returned.count(U))
    return true;
  auto *LI = dyn_cast<LoadInst>(U); // -O0: the returned pointer reloaded from its slot
  return LI && Returned.count(LI->getPointerOperand()->stripPointerCasts());
}

/// The slot of the object its wrapper returns that CB's object is stored
/// into (a field or an element of it: `g->u = malloc(..)`, `rows[0] =
/// malloc(..)`), as the store's address; null when none (returned itself).
static Value *memberSlot(CallBase &CB, const SmallPtrSetImpl<Value *> &Returned) {
  if (Returned.count(&CB))
    return nullptr;
  for (User *U : CB.users())
    if (auto *SI = dyn_cast<StoreInst>(U); SI && SI->getValueOperand() == &CB && ofReturned(SI->getPointerOperand(), Returned))
      return SI->getPointerOperand();
  return nullptr;
}

/// The calls of wrapper F whose objects are members of the object it
/// returns with an identity of their own: when F fills two fields or more
/// (a struct of arrays: `g->u`, `g->v`, each a role of its own, which one
/// site for all of them at the caller would merge); the one block of a 2-D
/// array (`rows[0] = malloc(n * m * ..)`) is the returned object's data,
/// each caller's (`a`, `b`).
static SmallPtrSet<CallBase *, 8> membersOf(Function &F, const SmallPtrSetImpl<Value *> &Returned) {
  SmallPtrSet<CallBase *, 8> Members;
  SmallPtrSet<const Value *, 8> Slots;
  for (Instruction &I : instructions(F))
    if (auto *CB = dyn_cast<CallBase>(&I))
      if (Value *Slot = memberSlot(*CB, Returned)) {
        Members.insert(CB);
        APInt Off(64, 0);
        const Value *Base = Slot->stripAndAccumulateConstantOffsets(F.getParent()->getDataLayout(), Off, true);
        Slots.insert(Off.isZero() ? Base : Slot); // one field per distinct address
      }
  if (Slots.size() < 2)
    Members.clear();
  return Members;
}

/// The pointer parameter of F that Ptr addresses a field of a struct of
/// (a field GEP of a named struct, as clang writes `this->u`, `g->v` at the
/// pipeline's start; not an element of an array, `out[1]`): directly, or
/// through the stack slot clang spills the parameter to; null when none.
static Argument *paramField(Value *Ptr) {
  auto *G = dyn_cast<GEPOperator>(Ptr->stripPointerCasts());
  auto *ST = G ? dyn_cast<StructType>(G->getSourceElementType()) : nullptr;
  if (!ST || ST->isLiteral() || !ST->hasName())
    return nullptr;
  Value *U = getUnderlyingObject(G->getPointerOperand());
  if (auto *A = dyn_cast<Argument>(U))
    return A->getType()->isPointerTy() ? A : nullptr;
  auto *LI = dyn_cast<LoadInst>(U);
  auto *Slot = LI ? dyn_cast<AllocaInst>(LI->getPointerOperand()->stripPointerCasts()) : nullptr;
  if (!Slot)
    return nullptr;
  Argument *Held = nullptr;
  for (User *SU : Slot->users())
    if (auto *SI = dyn_cast<StoreInst>(SU); SI && SI->getPointerOperand() == Slot) {
      auto *A = dyn_cast<Argument>(SI->getValueOperand());
      if (!A || (Held && Held != A))
        return nullptr; // the slot holds something else too
      Held = A;
    }
  return Held;
}

void OliTagSites::findFillers() {
  for (Function &F : M) {
    if (F.isDeclaration() || Wrappers.count(&F))
      continue;
    SmallPtrSet<CallBase *, 8> Members;
    SmallPtrSet<const Value *, 8> Slots;
    for (Instruction &I : instructions(F)) {
      auto *CB = dyn_cast<CallBase>(&I);
      Function *Callee = CB ? calledFunction(*CB) : nullptr;
      if (!Callee || (!classify(Callee) && !Wrappers.count(Callee)))
        continue;
      for (User *U : CB->users())
        if (auto *SI = dyn_cast<StoreInst>(U); SI && SI->getValueOperand() == CB && paramField(SI->getPointerOperand())) {
          Members.insert(CB);
          Slots.insert(SI->getPointerOperand());
        }
    }
    if (Slots.size() >= 2)
      Fillers.insert(Members.begin(), Members.end());
  }
}

/// F allocates something that is not part of what it returns: an
/// allocation call, wrapper or allocating function of the module whose
/// result is neither returned nor stored into the returned object, and
/// that is given no pointer into it (cg_solve's work vectors beside the
/// Stats it returns). Such a function is not an allocation wrapper: its
/// bracket would give every object it makes its callers' site.
bool OliTagSites::allocatesBesides(Function &F, const SmallPtrSetImpl<Value *> &Returned) const {
  for (Instruction &I : instructions(F)) {
    auto *CB = dyn_cast<CallBase>(&I);
    Function *Callee = CB ? calledFunction(*CB) : nullptr;
    if (!Callee || Returned.count(CB) || (!classify(Callee) && !Allocating.count(Callee)))
      continue;
    bool Part = false;
    for (User *U : CB->users()) // stored into the returned object
      if (auto *SI = dyn_cast<StoreInst>(U))
        Part |= SI->getValueOperand() == CB && ofReturned(SI->getPointerOperand(), Returned);
    for (Value *A : CB->args()) // a constructor or method of the returned object
      Part |= A->getType()->isPointerTy() && ofReturned(A, Returned);
    if (!Part)
      return true;
  }
  return false;
}

void OliTagSites::findWrappers() {
  // Fixpoint: a wrapper may return another wrapper's result.
  for (bool Grew = true; Grew;) {
    Grew = false;
    for (Function &F : M) {
      if (F.isDeclaration() || Wrappers.count(&F) || isOliName(F.getName()) ||
          !F.getReturnType()->isPointerTy() || F.hasAvailableExternallyLinkage())
        continue;
      bool AllOk = true, AnyAlloc = false;
      SmallPtrSet<Value *, 16> Returned;
      for (BasicBlock &BB : F)
        if (auto *RI = dyn_cast<ReturnInst>(BB.getTerminator())) {
          Value *V = RI->getReturnValue();
          if (isa<ConstantPointerNull>(V))
            continue; // `return NULL` on a failure path does not disqualify
          SmallPtrSet<Value *, 16> Seen;
          if (returnsAllocation(V, Seen))
            AnyAlloc = true;
          else
            AllOk = false;
          Returned.insert(Seen.begin(), Seen.end());
        }
      if (AllOk && AnyAlloc && !allocatesBesides(F, Returned)) {
        LLVM_DEBUG(dbgs() << "oli: allocation wrapper " << F.getName() << "\n");
        Wrappers.insert(&F);
        WrapperMembers[&F] = membersOf(F, Returned);
        Grew = true;
      }
    }
  }
}

/// What LLVM takes an allocation of the kind's row for (allockind).
static Attribute allocKind(LLVMContext &Ctx, const oli_kind_info_t &Info) {
  AllocFnKind K = AllocFnKind::Alloc | AllocFnKind::Uninitialized;
  if (Info.flags & OLI_KF_ZEROED)
    K = AllocFnKind::Alloc | AllocFnKind::Zeroed;
  if (Info.flags & OLI_KF_REALLOC)
    K = AllocFnKind::Realloc;
  if (Info.align_arg >= 0)
    K = K | AllocFnKind::Aligned;
  return Attribute::get(Ctx, Attribute::AllocKind, uint64_t(K));
}

/// Declares an entry point with the optimiser's knowledge of the function it
/// replaces, so -O2 code keeps treating the call as an allocation. What it
/// knows comes from the kind's row (oli_vocab.def): flags and operands.
static void addAllocatorAttrs(Function *Fn, const CalleeInfo &CI) {
  LLVMContext &Ctx = Fn->getContext();
  const oli_kind_info_t &Info = kindInfo(CI.Kind);
  bool IsNew = Info.flags & OLI_KF_NEW;
  unsigned SiteArg = Fn->arg_size() - 1;
  Fn->addParamAttr(SiteArg, Attribute::NonNull);
  Fn->addParamAttr(SiteArg, Attribute::NoUndef);
  if (!IsNew || (CI.Flags & FlagNothrow))
    Fn->addFnAttr(Attribute::NoUnwind);
  if (!IsNew)
    Fn->addFnAttr(Attribute::WillReturn); // operator new may loop in new_handler
  // Like the C library's allocators: touches its arguments (the site's
  // runtime slot, *out, the old block) and memory the program cannot see.
  if (Info.flags & OLI_KF_ARGMEM)
    Fn->setMemoryEffects(MemoryEffects::argMemOnly() | MemoryEffects::inaccessibleMemOnly());
  if (!(Info.flags & OLI_KF_ALLOC))
    return; // mmap, posix_memalign: not allocation functions to LLVM either
  Fn->addRetAttr(Attribute::NoAlias);
  Fn->addRetAttr(Attribute::NoUndef);
  if (Info.flags & OLI_KF_REALLOC)
    Fn->addParamAttr(0, Attribute::AllocatedPointer);
  if (Info.align_arg >= 0)
    Fn->addParamAttr(Info.align_arg, Attribute::AllocAlign);
  if (IsNew && !(CI.Flags & FlagNothrow))
    Fn->addRetAttr(Attribute::NonNull);
  std::optional<unsigned> Second;
  if (Info.count_arg >= 0)
    Second = Info.count_arg;
  Fn->addFnAttr(Attribute::getWithAllocSizeArgs(Ctx, Info.size_arg, Second));
  // operator new/new[] share one entry point: the family, and whether the
  // call is an allocation the optimiser may remove, go on each call
  // (rewriteHeapCall); the C library's allocators are removable as LLVM
  // takes them
  if (!IsNew) {
    Fn->addFnAttr(allocKind(Ctx, Info));
    Fn->addFnAttr("alloc-family", "malloc");
  }
}

Function *OliTagSites::entryPoint(const CalleeInfo &CI, FunctionType *OldTy) {
  LLVMContext &Ctx = M.getContext();
  Type *I64 = Type::getInt64Ty(Ctx), *PtrTy = PointerType::getUnqual(Ctx);
  SmallVector<Type *, 8> Params;
  if (kindHas(CI.Kind, OLI_KF_NEW))
    Params = {I64, I64}; // (size, align)
  else
    Params.append(OldTy->param_begin(), OldTy->param_end());
  Params.push_back(PtrTy);
  FunctionType *Ty = FunctionType::get(OldTy->getReturnType(), Params, false);
  if (Function *Existing = M.getFunction(CI.Repl))
    return Existing->getFunctionType() == Ty ? Existing : nullptr;
  Function *Fn = Function::Create(Ty, GlobalValue::ExternalLinkage, CI.Repl, M);
  addAllocatorAttrs(Fn, CI);
  return Fn;
}

void OliTagSites::rewriteHeapCall(CallBase &CB, const CalleeInfo &CI, GlobalVariable *Rec) {
  Function *Fn = entryPoint(CI, CB.getFunctionType());
  if (!Fn)
    return; // a conflicting user declaration: leave the call alone
  bool IsNew = kindHas(CI.Kind, OLI_KF_NEW);
  SmallVector<Value *, 8> Args;
  if (IsNew) {
    Type *I64 = Type::getInt64Ty(M.getContext());
    Args = {CB.getArgOperand(0), (CI.Flags & FlagAligned) ? CB.getArgOperand(1)
                                                          : (Value *)ConstantInt::get(I64, 0)};
  } else {
    Args.append(CB.arg_begin(), CB.arg_end());
  }
  Args.push_back(Rec);
  SmallVector<OperandBundleDef, 1> Bundles;
  CB.getOperandBundlesAsDefs(Bundles);
  CallBase *New;
  if (auto *II = dyn_cast<InvokeInst>(&CB))
    New = InvokeInst::Create(Fn, II->getNormalDest(), II->getUnwindDest(), Args, Bundles, "",
                             CB.getIterator());
  else
    New = CallInst::Create(Fn, Args, Bundles, "", CB.getIterator());
  New->setCallingConv(CB.getCallingConv());
  New->copyMetadata(CB);
  // Keep the call-site attributes the front end wrote (noalias, nonnull,
  // align, noundef); drop builtin, which only means something for the
  // original name.
  LLVMContext &Ctx = M.getContext();
  AttributeList Old = CB.getAttributes();
  AttrBuilder FnB(Ctx, Old.getFnAttrs());
  FnB.removeAttribute(Attribute::Builtin);
  FnB.removeAttribute(Attribute::NoBuiltin);
  FnB.removeAttribute(Attribute::AllocSize); // the entry point declares its own
  if (IsNew) {
    std::string Family = kindInfo(CI.Kind).plain; // _Znwm, _Znam
    if (CI.Flags & FlagAligned)
      Family += "St11align_val_t";
    FnB.addAttribute("alloc-family", Family);
    // a new-expression's call (builtin) may be removed, a direct call of
    // ::operator new may not (C++14 [expr.new]/10): it must throw or return
    // as the program asked, even with its result unused
    if (Old.hasFnAttr(Attribute::Builtin))
      FnB.addAttribute(allocKind(Ctx, kindInfo(CI.Kind)));
  }
  SmallVector<AttributeSet, 8> ParamAttrs;
  for (unsigned I = 0; I + 1 < Args.size(); ++I)
    ParamAttrs.push_back(IsNew && I == 1 && !(CI.Flags & FlagAligned) ? AttributeSet()
                                                                         : Old.getParamAttrs(I));
  ParamAttrs.push_back(AttributeSet());
  New->setAttributes(AttributeList::get(Ctx, AttributeSet::get(Ctx, FnB), Old.getRetAttrs(),
                                        ParamAttrs));
  New->takeName(&CB);
  CB.replaceAllUsesWith(New);
  CB.eraseFromParent();
  ++NumTaggedHeap;
}

void OliTagSites::bracketCall(CallBase &CB, GlobalVariable *Rec) {
  LLVMContext &Ctx = M.getContext();
  Type *PtrTy = PointerType::getUnqual(Ctx), *VoidTy = Type::getVoidTy(Ctx);
  FunctionCallee Enter = M.getOrInsertFunction(SiteEnterName, PtrTy, PtrTy);
  FunctionCallee Leave = M.getOrInsertFunction(SiteLeaveName, VoidTy, PtrTy);
  for (FunctionCallee FC : {Enter, Leave})
    if (auto *Fn = dyn_cast<Function>(FC.getCallee()))
      Fn->addFnAttr(Attribute::NoUnwind);
  IRBuilder<> B(&CB);
  CallInst *Prev = B.CreateCall(Enter, {Rec}, "oli.prev");
  if (auto *II = dyn_cast<InvokeInst>(&CB)) {
    // Leave on both edges; give each edge a block of its own first.
    BasicBlock *From = II->getParent();
    BasicBlock *Normal = II->getNormalDest();
    if (!Normal->getSinglePredecessor()) {
      BasicBlock *Mid = BasicBlock::Create(Ctx, "oli.leave", From->getParent(), Normal);
      BranchInst::Create(Normal, Mid);
      Normal->replacePhiUsesWith(From, Mid);
      II->setNormalDest(Mid);
      Normal = Mid;
    }
    IRBuilder<>(&*Normal->getFirstInsertionPt()).CreateCall(Leave, {Prev});
    BasicBlock *Unwind = II->getUnwindDest();
    if (!Unwind->getSinglePredecessor()) {
      SmallVector<BasicBlock *, 2> NewBBs;
      SplitLandingPadPredecessors(Unwind, {From}, ".oli", ".oli.rest", NewBBs);
      Unwind = NewBBs[0];
    }
    IRBuilder<>(&*Unwind->getFirstInsertionPt()).CreateCall(Leave, {Prev});
  } else {
    IRBuilder<>(CB.getNextNode()).CreateCall(Leave, {Prev});
  }
  ++NumTaggedBracket;
}

/// True for a musttail call: nothing may come between it and the return.
static bool isMustTail(const CallBase &CB) {
  auto *CI = dyn_cast<CallInst>(&CB);
  return CI && CI->isMustTailCall();
}

/// Code of the C++ standard library (namespace std, __gnu_cxx) or of a
/// system header (/usr/include, /usr/lib) defined in this module: inline and
/// template code shared by every user, such as std::vector's allocation.
static bool isLibraryCode(const Function &F) {
  StringRef N = F.getName();
  for (StringRef P : {"_ZNSt", "_ZNKSt", "_ZSt", "_ZN9__gnu_cxx", "_ZNK9__gnu_cxx"})
    if (N.starts_with(P))
      return true;
  if (const DISubprogram *SP = F.getSubprogram()) {
    StringRef File = SP->getFilename(), Dir = SP->getDirectory();
    std::string Path = File.starts_with("/") || Dir.empty() ? File.str() : (Dir + "/" + File).str();
    return StringRef(Path).starts_with("/usr/include/") || StringRef(Path).starts_with("/usr/lib/");
  }
  return false;
}

void OliTagSites::tagCall(Function &F, CallBase &CB, const CalleeInfo &CI, unsigned Ordinal,
                          StringMap<unsigned> &Keys) {
  SiteInfo S;
  S.Kind = CI.Kind;
  S.Flags = CI.Flags | (isa<InvokeInst>(CB) ? FlagInvoke : 0);
  // whatever a wrapper allocates is part of what it returns (findWrappers):
  // the object itself, or one it stores into it, a member of its own
  if (Wrappers.count(&F))
    S.Flags |= WrapperMembers[&F].count(&CB) ? FlagMember : FlagReturned;
  else if (Fillers.count(&CB)) // a struct's fields a function fills (a constructor's members)
    S.Flags |= FlagMember;
  S.Func = displayFunctionName(F.getName());
  std::string File = ModuleFile, Dir = ModuleDir, Key;
  if (const DILocation *DL = CB.getDebugLoc().get()) {
    while (const DILocation *Outer = DL->getInlinedAt())
      DL = Outer;
    if (!DL->getFilename().empty()) {
      File = DL->getFilename().str();
      Dir = DL->getDirectory().str();
      fromPreprocessed(File, Dir);
    }
    S.Line = DL->getLine();
    unsigned Start = F.getSubprogram() ? F.getSubprogram()->getLine() : 0;
    S.Rel = S.Line >= Start ? S.Line - Start : 0;
    S.Flags |= FlagHasLine;
    unsigned Col = DL->getColumn();
    if (!PpFile.empty() && isFortranFile(File)) // the column the source has, not the output
      if (unsigned C = PpColumns.sourceColumn(
              PpFile, StringRef(File).starts_with("/") || Dir.empty() ? File : Dir + "/" + File, S.Line, Col))
        Col = C;
    Key = ("L" + Twine(S.Rel) + ":" + Twine(Col)).str();
  } else {
    S.Rel = Ordinal;
    Key = ("N" + Twine(Ordinal)).str();
  }
  std::string Rel = normaliseSourcePath(File, Dir, CompileDir, Opt.Root, RepoCache);
  S.File = Rel;
  if (kindHas(CI.Kind, OLI_KF_FORTRAN)) {
    unsigned N = CB.arg_size();
    if (!S.Line && N >= 2)
      if (std::optional<uint64_t> L = constInt(CB.getArgOperand(N - 1)))
        S.Line = *L; // absolute line from the runtime call, without debug info
    auto DescOf = [&](CallBase &C) -> GlobalVariable * { // the descriptor's variable, for calls of the same runtime entry
      auto *GV = C.getCalledFunction() == CB.getCalledFunction() && C.arg_size()
                     ? dyn_cast<GlobalVariable>(getUnderlyingObject(C.getArgOperand(0)))
                     : nullptr;
      return GV && GV->hasName() ? GV : nullptr;
    };
    S.Name = objectName(CB, DescOf(CB), DescOf);
    if (std::optional<uint64_t> Size = staticSize(CB, CI.Kind)) {
      S.SizeHint = *Size; // bounds set by constants (npbparams.h)
      S.Flags |= FlagSizeKnown;
    }
  } else if (CI.Library) {
    if (CB.arg_size())
      S.Name = globalSourceName(CB.getArgOperand(0)); // a global std::vector
    if (S.Name.empty())
      S.Name = FieldNames.objectName(CB);
  } else if (!isLibraryCode(F)) { // a library's own members (this->_M_impl._M_start) name no object of the program
    auto HolderOf = [&](CallBase &C) -> GlobalVariable * { // the line's allocations, tagged or not yet
      return C.getType()->isPointerTy() ? storedIntoGlobal(&C, 0) : nullptr;
    };
    S.Name = objectName(CB, storedIntoGlobal(&CB, 0), HolderOf);
    if (S.Name.empty())
      S.Name = FieldNames.name(CB); // SD.nuclide_grid = malloc(...)
    if (S.Name.empty())
      S.Name = FieldNames.localName(CB); // double *work = malloc(...)
    if (!CI.Bracket)
      if (std::optional<uint64_t> Size = staticSize(CB, CI.Kind)) {
        S.SizeHint = *Size;
        S.Flags |= FlagSizeKnown;
      }
  }
  // Two sites on one line and column (a macro) get a duplicate counter.
  std::string FullKey = (Twine(CI.Kind) + "/" + Key).str();
  unsigned Dup = Keys[FullKey]++;
  Fnv1a64 H;
  H.addField(SiteIdRecipe);
  H.addField(Rel);
  H.addField(F.getName());
  H.addNumber(CI.Kind);
  H.addField(Key);
  if (Dup)
    H.addNumber(Dup);
  S.Id = H.value();

  if (kindHas(CI.Kind, OLI_KF_MMAP))
    if (std::optional<uint64_t> Flags = constInt(CB.getArgOperand(3)))
      if (!(*Flags & MapAnonymous))
        return; // file mappings are not placed
  if (!CI.Bracket && Opt.MinHeapSize && (S.Flags & FlagSizeKnown) &&
      S.SizeHint < Opt.MinHeapSize) {
    ++NumSmall;
    return;
  }
  GlobalVariable *Rec = emitSiteRecord(M, S, F.hasComdat());
  Records.push_back(Rec);
  LLVM_DEBUG(dbgs() << "oli: site " << format_hex(S.Id, 18) << " kind " << unsigned(S.Kind)
                    << " " << S.File << ":" << S.Line << " in " << S.Func << "\n");
  if (CI.Bracket)
    bracketCall(CB, Rec);
  else
    rewriteHeapCall(CB, CI, Rec);
}

/// F's loops, found on the first question.
namespace {
class LoopsOf {
public:
  explicit LoopsOf(Function &F) : F(F) {}
  bool inLoop(const CallBase *CB) {
    if (!LI) {
      DT.emplace(F);
      LI.emplace(*DT);
    }
    return LI->getLoopFor(CB->getParent()) != nullptr;
  }

private:
  Function &F;
  std::optional<DominatorTree> DT;
  std::optional<LoopInfo> LI;
};
} // namespace

/// Calls from F (code of the program) into library code of the module that
/// allocates (a std::vector constructor, resize, reserve, make_unique): the
/// object is the caller's, at the caller's line, not one site per template
/// instantiation. Calls, F's calls of defined functions that are not sites of
/// their own (instrumentFunction's one look at F). Not inside a loop: a
/// push_back there would pay the bracket on every element, a small vector
/// made in each iteration 15-20% more.
void OliTagSites::libraryCalls(Function &F, ArrayRef<CallBase *> Calls,
                               SmallVectorImpl<std::pair<CallBase *, CalleeInfo>> &Sites) {
  if (!Opt.Containers || Calls.empty() || Allocating.empty() || isLibraryCode(F))
    return;
  LoopsOf Loops(F);
  for (CallBase *CB : Calls) {
    Function *G = CB->getCalledFunction();
    if (!Allocating.count(G) || Wrappers.count(G) || !isLibraryCode(*G) || isMustTail(*CB) || Loops.inLoop(CB))
      continue;
    Sites.push_back({CB, CalleeInfo{OLI_KIND_WRAPPER, 0, true, "", true}});
    ++NumTaggedLibrary;
  }
}

/// Calls from F of functions defined in another file that may be allocation
/// wrappers (`grid = xmalloc(n * sizeof *grid)` with xmalloc in util.c): a
/// pointer returned, an integer given, not a function of the C library (the
/// optimiser's list) or of a language runtime. Bracketed with the record
/// flagged EXTERN: the runtime gives the bracket only allocations whose
/// records the callee's module flagged RETURNED (part of what a wrapper
/// returns), so a callee that is no wrapper keeps its own sites. Not inside
/// a loop, as libraryCalls.
void OliTagSites::externCalls(Function &F, ArrayRef<CallBase *> Calls,
                              SmallVectorImpl<std::pair<CallBase *, CalleeInfo>> &Sites) {
  if (!Opt.ExternWrappers || Calls.empty() || isLibraryCode(F))
    return;
  if (!TLII) // once per module: the optimiser's list of the C library's functions
    TLII.emplace(Triple(M.getTargetTriple()));
  TargetLibraryInfo TLI(*TLII);
  LoopsOf Loops(F);
  for (CallBase *CB : Calls) {
    Function *G = CB->getCalledFunction();
    StringRef N = G->getName();
    LibFunc LF;
    bool Counted = any_of(G->args(), [](const Argument &A) { return A.getType()->isIntegerTy(); });
    if (!G->getReturnType()->isPointerTy() || !Counted || TLI.getLibFunc(*G, LF) || isMustTail(*CB) ||
        N.starts_with("llvm.") || N.starts_with("MPI_") || N.starts_with("PMPI_") || N.starts_with("omp_"))
      continue;
    if (N.starts_with("_")) { // C++ of the program's other files, not its standard library; no runtime's (_Fortran..)
      if (!N.starts_with("_Z"))
        continue;
      std::string D = demangle(N);
      if (StringRef(D).starts_with("std::") || StringRef(D).starts_with("__gnu_cxx::") ||
          StringRef(D).starts_with("operator"))
        continue;
    }
    if (Loops.inLoop(CB))
      continue;
    Sites.push_back({CB, CalleeInfo{OLI_KIND_WRAPPER, FlagExtern, true, "", false}});
    ++NumTaggedExtern;
  }
}

void OliTagSites::instrumentFunction(Function &F) {
  if (F.isDeclaration() || F.hasAvailableExternallyLinkage() || isOliName(F.getName()))
    return;
  SmallVector<std::pair<CallBase *, CalleeInfo>, 16> Sites;
  SmallVector<CallBase *, 16> Defined; // calls of the module's own functions (libraryCalls)
  SmallVector<CallBase *, 16> Declared; // calls of other files' functions (externCalls)
  for (Instruction &I : instructions(F)) {
    auto *CB = dyn_cast<CallBase>(&I);
    if (!CB || isa<IntrinsicInst>(CB))
      continue;
    if (CB->isIndirectCall()) {
      ++NumIndirect;
      F.getContext().diagnose(OptimizationRemarkMissed(DEBUG_TYPE, "IndirectCall", CB)
                              << "indirect call left untagged");
      continue;
    }
    if (std::optional<CalleeInfo> CI = classify(CB->getCalledFunction())) {
      if (!CI->Bracket || !isMustTail(*CB)) // a bracket's leave cannot follow a musttail call
        Sites.push_back({CB, *CI});
    } else if (Function *G = CB->getCalledFunction(); G && !G->isDeclaration()) { // not inline asm
      Defined.push_back(CB);
    } else if (G && !isOliName(G->getName())) {
      Declared.push_back(CB);
    }
  }
  libraryCalls(F, Defined, Sites); // after the others: their ordinals (sites without a line) stay
  externCalls(F, Declared, Sites);
  StringMap<unsigned> Keys;
  for (unsigned I = 0; I < Sites.size(); ++I)
    tagCall(F, *Sites[I].first, Sites[I].second, I, Keys);
}

/// True for a global the constructor should register (before the size test).
static bool isRegistrable(const GlobalVariable &GV) {
  return !GV.isDeclaration() && !GV.isConstant() && !GV.isThreadLocal() && !GV.hasSection() &&
         GV.hasName() && !GV.getName().starts_with("llvm.") && !isOliName(GV.getName()) &&
         !GV.hasAvailableExternallyLinkage() && GV.getAddressSpace() == 0 &&
         !GV.hasDLLImportStorageClass();
}

void OliTagSites::registerGlobals() {
  const DataLayout &DL = M.getDataLayout();
  for (GlobalVariable &GV : M.globals()) {
    if (!isRegistrable(GV) || !GV.getValueType()->isSized())
      continue;
    uint64_t Size = DL.getTypeAllocSize(GV.getValueType());
    if (Size < Opt.MinGlobalSize || Size == 0)
      continue;
    GlobalName GN = splitGlobalName(GV.getName(), GV.hasCommonLinkage());
    SiteInfo S;
    S.Kind = OLI_KIND_GLOBAL;
    S.Flags = FlagSizeKnown;
    S.SizeHint = Size;
    S.File = normaliseSourcePath(ModuleFile, ModuleDir, CompileDir, Opt.Root, RepoCache);
    S.Func = GN.Scope;
    S.Name = GN.Name;
    SmallVector<DIGlobalVariableExpression *, 1> GVEs;
    GV.getDebugInfo(GVEs);
    if (!GVEs.empty())
      S.Line = GVEs[0]->getVariable()->getLine();
    // One program-wide symbol (COMMON, weak, inline): the same ID from
    // every file that defines it.
    Fnv1a64 H;
    H.addField(SiteIdRecipe);
    H.addField(GV.hasLocalLinkage() ? StringRef(S.File) : StringRef(""));
    H.addField(GV.getName());
    H.addNumber(OLI_KIND_GLOBAL);
    S.Id = H.value();
    GlobalVariable *Rec = emitSiteRecord(M, S, false);
    Records.push_back(Rec);
    Globals.push_back({&GV, Size, Rec});
    ++NumGlobals;
    LLVM_DEBUG(dbgs() << "oli: global " << GV.getName() << " " << Size << " bytes\n");
  }
}

bool OliTagSites::run() {
  if (M.getModuleFlag(TaggedFlag) || definesRuntime(M)) {
    ++NumSkippedModules;
    LLVM_DEBUG(dbgs() << "oli: skipping " << M.getName() << "\n");
    return false;
  }
  findModuleFile();
  if (Opt.StaticIntensity)
    recordStructParams(M), recordStructResults(M), recordStructNames(M); // before InstCombine turns `g->u` into a byte offset from g
  if (Opt.Wrappers || Opt.Containers)
    findAllocating();
  if (Opt.Wrappers)
    findWrappers(), findFillers();
  SmallVector<Function *, 64> Fns;
  for (Function &F : M)
    Fns.push_back(&F);
  for (Function *F : Fns)
    instrumentFunction(*F);
  if (Opt.Globals)
    registerGlobals();
  bool Released = rewriteReleaseCalls(M);
  if (Records.empty()) {
    emitBuildNote(M, Opt); // how this module was built: oli sites, the runtime's profile check
    if (Released) // it calls the runtime now: no records, no constructor
      M.addModuleFlag(Module::Max, TaggedFlag, 1);
    return true;
  }
  emitModuleCtor(M, Records, Globals, Opt.VersionCheck,
                 Opt.PlanText.empty() ? nullptr : planTextGlobal(M, Opt.PlanText));
  emitBuildNote(M, Opt);
  M.addModuleFlag(Module::Max, TaggedFlag, 1);
  return true;
}

} // namespace oli
