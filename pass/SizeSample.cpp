//===- SizeSample.cpp - sizes and trip counts at one sample point --------===//
//
// See SizeSample.h.
//
//===----------------------------------------------------------------------===//
#include "SizeSample.h"
#include "OliAbiNames.h"
#include "StructParams.h"
#include "summary.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/IR/AbstractCallSite.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Operator.h"
#include "llvm/IR/PatternMatch.h"

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

StringRef SampleSpace::paramFunction(StringRef N) {
  size_t Hash = N.rfind('#');
  if (Hash == StringRef::npos || Hash == 0 || N[0] == '%' || N[0] == '@')
    return "";
  StringRef Num = N.drop_front(Hash + 1);
  if (size_t Plus = Num.find('+'); Plus != StringRef::npos) {
    if (Num.drop_front(Plus + 1) != "0") // the slot itself, not a field behind it
      return "";
    Num = Num.take_front(Plus);
  }
  if (Num.empty() || !all_of(Num, [](char C) { return C >= '0' && C <= '9'; }))
    return "";
  return N.take_front(Hash);
}

int64_t SampleSpace::sampleOf(StringRef Name) {
  // every parameter at one value: a length passed on from function to
  // function (main -> solve(a, n) -> relax(a, n)) is then the same number in
  // each, and the join carries an object's size along the calls by renaming
  // its symbols alone (docs/static-intensity.md, "A length passed with the object")
  // (common/summary.c: the join computes the same)
  return oli_summary_sample_of(Name.data(), Name.size());
}

namespace {
constexpr unsigned MaxDepth = 24;
constexpr size_t MaxStores = 8; // stores of one slot lastStore follows
constexpr int64_t Limit = int64_t(1) << 62;

std::string keyed(StringRef Base, int64_t Off) { return (Base + "+" + Twine(Off)).str(); }
/// A global's name as a symbol's base: "@g" when other modules see the
/// same global (a Fortran module variable, a C extern), "%@g" otherwise.
std::string globalBase(const GlobalVariable &G) { return (G.hasLocalLinkage() ? "%@" : "@") + G.getName().str(); }
/// A global slot's name: "@g+off" ("%@g+off" for the module's own); a slot
/// of a module's own struct variable of the program's type (a Fortran main
/// program's derived-type variable, flang's @_QFEg) by the type's field key,
/// as the functions it is passed to name their loads of it (`g%n` in another
/// file's `do i = 1, g%n`).
std::string globalSlot(const GlobalVariable &G, int64_t Off) {
  if (G.hasLocalLinkage() && G.getValueType()->isStructTy())
    if (std::string K = fieldKey(*G.getParent(), G.getValueType(), Off); !K.empty() && !StringRef(K).contains("std::"))
      return K;
  return keyed(globalBase(G), Off);
}
} // namespace

SampleSpace::SampleSpace(Module &M) {
  // A value stored into a global slot and nothing else stored there (`n =
  // atol(argv[1])`, then `malloc(n * 8)` in this function and `i < n`
  // loaded back in others): the value is the slot's symbol.
  StringMap<SmallVector<Value *, 2>> Stored;
  StringMap<Function *> StoredIn; // the one function storing into a slot (null: several)
  DenseMap<Function *, StringMap<SmallVector<Value *, 2>>> FnSlots; // the same per function
  for (Function &F : M)
    for (Instruction &I : instructions(F))
      if (auto *SI = dyn_cast<StoreInst>(&I); SI && SI->getValueOperand()->getType()->isIntegerTy()) {
        const DataLayout &DL = M.getDataLayout();
        APInt Off(DL.getIndexTypeSizeInBits(SI->getPointerOperandType()), 0);
        Value *Base = SI->getPointerOperand()->stripAndAccumulateConstantOffsets(DL, Off, true);
        std::string Slot;
        if (auto *G = dyn_cast<GlobalVariable>(Base))
          SlotStores[Slot = globalSlot(*G, Off.getSExtValue())].push_back(SI);
        else // a struct's field (`g->n = n` beside `g->u = malloc(n * 8)`): any struct of its type
          Slot = fieldKeyAt(Base, Off.getSExtValue());
        if (Slot.empty())
          continue;
        auto &Vs = Stored[Slot];
        if (!is_contained(Vs, SI->getValueOperand()))
          Vs.push_back(SI->getValueOperand());
        auto &FVs = FnSlots[&F][Slot];
        if (!is_contained(FVs, SI->getValueOperand()))
          FVs.push_back(SI->getValueOperand());
        if (auto [It, New] = StoredIn.try_emplace(Slot, &F); !New && It->second != &F)
          It->second = nullptr;
        if (isa<ConstantInt>(SI->getValueOperand()))
          ConstStore.try_emplace(Slot, SI);
      }
  for (auto &E : Stored)
    if (E.second.size() != 1 || !isa<ConstantInt>(E.second[0]))
      ConstStore.erase(E.first()); // other values too: no constant of the slot's
  // globals whose address goes anywhere but loads and stores through it
  // (at constant offsets): to a call (an input's reader), into memory
  for (GlobalVariable &G : M.globals()) {
    SmallVector<const Value *, 8> Work{&G};
    for (unsigned I = 0; I < Work.size(); ++I)
      for (const User *U : Work[I]->users()) {
        if (Work.size() > 256) // too many to follow: taken to escape
          AddressTaken.insert(globalBase(G));
        else if (isa<ConstantExpr>(U) || isa<GEPOperator>(U))
          Work.push_back(U);
        else if (auto *SI = dyn_cast<StoreInst>(U); !(SI && SI->getPointerOperand() == Work[I]) && !isa<LoadInst>(U))
          AddressTaken.insert(globalBase(G));
      }
  }
  for (auto &[F, Slots] : FnSlots)
    for (auto &E : Slots)
      if (E.second.size() == 1 && !isa<Constant>(E.second[0]))
        FnStored[F].push_back({E.second[0], E.first().str()});
  // stored on the paths of a branch, each its own value, which a phi at the
  // join merges (`c.nx = argc > 1 ? atol(argv[1]) : 1024`, the store sunk
  // into both arms): the slot holds the phi
  for (auto &E : Stored) {
    Function *F = StoredIn.lookup(E.first());
    if (E.second.size() < 2 || !F)
      continue;
    SmallPtrSet<Value *, 4> Want(E.second.begin(), E.second.end());
    for (BasicBlock &BB : *F)
      for (PHINode &P : BB.phis())
        if (P.getType() == E.second[0]->getType() &&
            SmallPtrSet<Value *, 4>(P.incoming_values().begin(), P.incoming_values().end()) == Want) {
          E.second.assign(1, &P);
          break;
        }
  }
  for (auto &E : Stored)
    if (E.second.size() == 1 && !isa<Constant>(E.second[0])) {
      SlotValue[E.first()] = E.second[0];
      // stored into several slots: a global's name before a field's, then the first by name
      std::string &Name = StoredOnce[E.second[0]];
      auto rank = [](StringRef N) { return std::make_pair(!N.starts_with("@"), N); };
      if (Name.empty() || rank(E.first()) < rank(Name))
        Name = E.first().str();
    }
}

bool forksOrMarks(const CallBase &CB) {
  SmallVector<const Use *, 2> CallbackUses;
  AbstractCallSite::getCallbackUses(CB, CallbackUses);
  return !CallbackUses.empty() || isa<LifetimeIntrinsic>(CB);
}

bool regionsRead(CallBase &CB, Value *Slot) {
  SmallVector<const Use *, 2> CallbackUses;
  AbstractCallSite::getCallbackUses(CB, CallbackUses);
  return !CallbackUses.empty() && all_of(CallbackUses, [&](const Use *CU) {
    AbstractCallSite ACS(CU);
    Function *F = ACS ? ACS.getCalledFunction() : nullptr;
    for (unsigned J = 0; F && J < F->arg_size(); ++J)
      if (ACS.getCallArgOperand(J) == Slot && !F->getArg(J)->onlyReadsMemory())
        return false;
    return F != nullptr;
  });
}

static Value *slotValue(Value *Op, Type *Ty, int64_t Off, unsigned Depth);

/// The value a load reads from a slot of its function's frame that holds
/// one value for good: stored with that one value only, otherwise read, by
/// loads and by the parallel regions it is shared with (main's `n`, kept in
/// a slot its regions read, loaded again for each call in the time loop).
/// Null for any other load. Depth: slots followed so far (slotValue).
static Value *frameSlotValue(LoadInst &LI, unsigned Depth = 0) {
  auto *AI = dyn_cast<AllocaInst>(LI.getPointerOperand());
  Value *V = AI && LI.isSimple() ? slotValue(AI, LI.getType(), 0, Depth) : nullptr;
  if (!V)
    return nullptr;
  for (User *U : AI->users())
    if (auto *CB = dyn_cast<CallBase>(U); CB && !isa<LifetimeIntrinsic>(CB) && !regionsRead(*CB, AI))
      return nullptr;
  return V;
}

/// A slot of the frame whose every write (a store, a call given its address
/// that may write there) dominates every load of it, and which nothing else
/// uses: each load reads the value the last write left.
static bool writtenBeforeRead(AllocaInst &AI, DominatorTree &DT) {
  SmallVector<Instruction *, 4> Writes, Reads;
  for (Use &U : AI.uses()) {
    auto *I = dyn_cast<Instruction>(U.getUser());
    auto *CB = dyn_cast_or_null<CallBase>(I);
    if (auto *LI = dyn_cast_or_null<LoadInst>(I); LI && LI->isSimple())
      Reads.push_back(LI);
    else if (auto *SI = dyn_cast_or_null<StoreInst>(I); SI && SI->getPointerOperand() == &AI && SI->isSimple())
      Writes.push_back(SI);
    else if (CB && isa<LifetimeIntrinsic>(CB))
      continue;
    else if (CB && CB->isArgOperand(&U))
      Writes.push_back(CB); // it may write there (a region that only reads it too: one more write)
    else
      return false;
  }
  return !Writes.empty() && !Reads.empty() && all_of(Writes, [&](Instruction *W) {
    return all_of(Reads, [&](Instruction *R) { return DT.dominates(W, R); });
  });
}

/// Op, or the value the frame slot it is loaded from holds (frameSlotValue).
static Value *heldValue(Value *Op) {
  auto *LI = dyn_cast<LoadInst>(Op);
  Value *V = LI ? frameSlotValue(*LI) : nullptr;
  return V ? V : Op;
}

/// A function no code of a module with main calls: its calls are other
/// modules' or none (a kernel inlined into main, its own copy left).
static bool calledElsewhere(const Function &F) {
  const Module &M = *F.getParent();
  auto defined = [&](std::string_view N) {
    const Function *G = M.getFunction(N);
    return G && !G->isDeclaration();
  };
  return !is_contained(ProgramMainNames, std::string_view(F.getName())) && !F.hasLocalLinkage() && F.use_empty() &&
         any_of(ProgramMainNames, defined);
}

/// The name every caller gives argument A (Name of its operand), when A's
/// function is internal, only called (directly, or as a callback:
/// __kmpc_fork_call's outlined region), and all of them agree; ""
/// otherwise. A parallel region's copy in a function only other modules
/// call (calledElsewhere: the kernel was inlined into main, whose copy
/// forks the same outlined function) is left out when another calls it,
/// and so is a recursive function's call of itself: its accesses count per
/// outermost call (entryCount), whose values are the outside callers'
/// (`vcycle(L, l + 1, n / 8)`: the outermost V-cycle's n is main's).
static std::string callersAgree(Argument *A, function_ref<std::string(Value *)> Name) {
  Function *F = A->getParent();
  if (!F->hasLocalLinkage() || F->use_empty())
    return "";
  SmallVector<Value *, 4> Counted, Left;
  for (Use &U : F->uses()) {
    AbstractCallSite ACS(&U);
    Value *Op = ACS ? ACS.getCallArgOperand(A->getArgNo()) : nullptr;
    if (!Op)
      return "";
    Function *Caller = ACS.getInstruction()->getFunction();
    bool Elsewhere = !ACS.isDirectCall() && calledElsewhere(*Caller);
    (Elsewhere || Caller == F ? Left : Counted).push_back(Op);
  }
  if (Counted.empty()) // only such copies: the function's own values
    Counted = Left;
  std::string Common;
  for (Value *Op : Counted) {
    std::string N = Name(Op);
    if (N.empty() || (!Common.empty() && N != Common))
      return "";
    Common = N;
  }
  return Common;
}

/// regionSlotValue, Depth slots deep: a value stored there that is itself
/// read from a slot of the frame holding one value (a kernel inlined into an
/// unrolled loop stores `n` loaded afresh before each fork) is that value.
static Value *slotValue(Value *Op, Type *Ty, int64_t Off, unsigned Depth) {
  auto *AI = dyn_cast<AllocaInst>(Op);
  if (!AI || Depth > 2)
    return nullptr;
  const DataLayout &DL = AI->getModule()->getDataLayout();
  Value *Found = nullptr; // stored again before each fork of a loop: the same value
  auto store = [&](StoreInst *SI, int64_t At) {
    if (At != Off)
      return true;
    Value *V = SI->getValueOperand();
    if (auto *LI = dyn_cast<LoadInst>(V); LI && LI->getPointerOperand() != AI)
      if (Value *Held = frameSlotValue(*LI, Depth + 1))
        V = Held;
    if ((Found && V != Found) || !SI->isSimple() || V->getType() != Ty)
      return false;
    Found = V;
    return true;
  };
  for (User *U : AI->users()) {
    if (auto *SI = dyn_cast<StoreInst>(U)) {
      if (SI->getPointerOperand() != AI || !store(SI, 0))
        return nullptr;
    } else if (auto *G = dyn_cast<GetElementPtrInst>(U)) { // a field of flang's struct
      APInt GOff(DL.getIndexTypeSizeInBits(G->getType()), 0);
      if (!G->accumulateConstantOffset(DL, GOff))
        return nullptr;
      for (User *GU : G->users()) {
        auto *SI = dyn_cast<StoreInst>(GU);
        if (SI ? SI->getPointerOperand() != G || !store(SI, GOff.getSExtValue()) : !isa<LoadInst>(GU))
          return nullptr;
      }
    } else if (auto *CB = dyn_cast<CallBase>(U)) {
      if (!forksOrMarks(*CB))
        return nullptr;
    } else if (!isa<LoadInst>(U)) {
      return nullptr;
    }
  }
  return Found;
}

Value *regionSlotValue(Value *Op, Type *Ty, int64_t Off) { return slotValue(Op, Ty, Off, 0); }

/// The one value every caller counted by callersAgree passes as argument A
/// (read back from a frame slot that holds it: frameSlotValue); null when
/// they pass different ones.
static Value *callersValue(Argument *A) {
  Value *Same = nullptr;
  std::string N = callersAgree(A, [&](Value *Op) -> std::string {
    Op = heldValue(Op);
    if (Same && Op != Same)
      return "";
    Same = Op;
    return "=";
  });
  return N.empty() ? nullptr : Same;
}

/// A shared variable of a parallel region read through the pointer
/// argument A of its outlined function: the name of the value the forking
/// calls stored (when they agree, by Name), and in Same that value when
/// they all stored the very same one.
static std::string sharedSlot(Argument *A, Type *Ty, function_ref<std::string(Value *)> Name,
                              Value **Same = nullptr) {
  if (!A->onlyReadsMemory()) // the region writes it (a reduction's, a lastprivate)
    return "";
  SmallVector<Value *, 4> Stored; // in the order of the calls counted
  std::string N = callersAgree(A, [&](Value *Op) -> std::string {
    Value *V = regionSlotValue(Op, Ty);
    Stored.push_back(V);
    return V ? Name(V) : "";
  });
  if (Same)
    *Same = !N.empty() && all_equal(Stored) ? Stored.front() : nullptr;
  return N;
}

/// The memory a pointer names, the same in every function: a global slot
/// ("@g+8"), or the slot behind a parameter ("fn#1+0": a Fortran dummy
/// argument passed by reference) — through the callers of an internal
/// function when all of them pass the same slot. Empty: no such name.
std::string SampleSpace::addressName(Value *Ptr, unsigned Depth) {
  if (!Ptr->getType()->isPointerTy() || Depth > 4)
    return "";
  Module *M = nullptr;
  Value *Root = Ptr; // a constant expression's global: a COMMON block's member at its offset
  while (auto *G = dyn_cast<GEPOperator>(Root->stripPointerCasts()))
    Root = G->getPointerOperand();
  if (auto *G = dyn_cast<GlobalValue>(Root->stripPointerCasts()))
    M = G->getParent();
  else if (auto *I = dyn_cast<Instruction>(Ptr))
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
    return globalSlot(*G, O);
  // an address a parallel region reads from the struct its fork passes
  // (flang packs the shared variables' addresses into one): the address the
  // forks stored there, moved by this offset
  if (auto *LI = dyn_cast<LoadInst>(Base); LI && LI->isSimple()) {
    APInt FOff(DL.getIndexTypeSizeInBits(LI->getPointerOperand()->getType()), 0);
    if (auto *RA = dyn_cast<Argument>(LI->getPointerOperand()->stripAndAccumulateConstantOffsets(DL, FOff, true));
        RA && RA->onlyReadsMemory()) {
      std::string Common = callersAgree(RA, [&](Value *Op) {
        Value *V = regionSlotValue(Op, LI->getType(), FOff.getSExtValue());
        return V ? addressName(V, Depth + 1) : std::string();
      });
      if (!Common.empty()) {
        size_t Plus = Common.rfind('+');
        return keyed(StringRef(Common).take_front(Plus), std::stoll(Common.substr(Plus + 1)) + O);
      }
    }
  }
  // a scalar slot of the frame written before it is read (Fortran's `read(arg, *) n`
  // fills `n` through the I/O runtime, then every load reads that value,
  // however often the code reloads it): one name for all its loads
  if (auto *AI = dyn_cast<AllocaInst>(Base); AI && O == 0 && !AI->getAllocatedType()->isAggregateType() && Dom)
    if (writtenBeforeRead(*AI, *Dom(*AI->getFunction()))) {
      unsigned K = 0;
      for (Instruction &I : AI->getParent()->instructionsWithoutDebug())
        if (&I == AI)
          break;
        else
          K += isa<AllocaInst>(I);
      return keyed(("%@" + AI->getFunction()->getName() + "!slot" + Twine(K)).str(), 0); // the module's own
    }
  auto *A = dyn_cast<Argument>(Base);
  if (!A) // a stack struct's field
    return fieldKeyAt(Base, O);
  std::string Common = callersAgree(A, [&](Value *Op) { return addressName(Op, Depth + 1); });
  if (!Common.empty()) { // the callers' slot, moved by this offset
    size_t Plus = Common.rfind('+');
    return keyed(StringRef(Common).take_front(Plus), std::stoll(Common.substr(Plus + 1)) + O);
  }
  if (std::string F = fieldKeyAt(A, O); !F.empty())
    return F; // a field of the struct it points to: every module's loads of it alike
  return keyed((A->getParent()->getName() + "#" + Twine(A->getArgNo())).str(), O);
}

/// "fn#r" for the integer CB returns when it calls another module's
/// function of one pointer to a named struct, or a C++ const member
/// function of no parameter (an accessor defined out of line, `std::size_t
/// Mesh::size() const`): every module names it alike, and the module
/// defining it says which field it returns (common/summary.h, version 9);
/// "" for any other call (a library's `strlen(s)`, two calls of which are
/// two values).
std::string SampleSpace::accessorResult(CallBase &CB) {
  Function *F = CB.getCalledFunction();
  if (!F || !F->isDeclaration() || F->isIntrinsic() || !CB.getType()->isIntegerTy() || CB.arg_size() != 1 ||
      F->arg_size() != 1 || !CB.getArgOperand(0)->getType()->isPointerTy())
    return "";
  StringRef N = F->getName();
  bool Method = N.starts_with("_ZNK") && !N.starts_with("_ZNKSt") && N.ends_with("Ev"); // T::f() const
  const DataLayout &DL = CB.getModule()->getDataLayout();
  APInt Off(DL.getIndexTypeSizeInBits(CB.getArgOperand(0)->getType()), 0);
  Value *Base = CB.getArgOperand(0)->stripAndAccumulateConstantOffsets(DL, Off, /*AllowNonInbounds=*/true);
  if (!Method && (N.starts_with("__") || !Off.isZero() || fieldKeyAt(Base, 0).empty()))
    return "";
  return (N + "#r").str();
}

/// Whether V is computed from one of Phis, Depth operands deep (a loop
/// counter's next value from the counter).
static bool fromPhis(Value *V, const SmallPtrSetImpl<Value *> &Phis, unsigned Depth) {
  auto *I = dyn_cast<Instruction>(V);
  if (!I || Depth > 4)
    return false;
  return any_of(I->operands(), [&](Value *O) { return Phis.count(O) || fromPhis(O, Phis, Depth + 1); });
}

/// The one value a phi holds but for positive constants, through phis of phis (a
/// size the program reads or its default, `n = argc > 1 ? atol(argv[1]) :
/// 262144`, which jump threading splits into copies joined again before
/// the calls and loops that use n); Op itself for any other value (a loop
/// counter: its next value is computed from it).
static Value *inputOrDefault(Value *Op) {
  if (!isa<PHINode>(Op))
    return Op;
  SmallVector<Value *, 8> Work{Op};
  SmallPtrSet<Value *, 8> Phis;
  Value *One = nullptr;
  while (!Work.empty()) {
    Value *V = Work.pop_back_val();
    if (auto *C = dyn_cast<ConstantInt>(V); C && C->getValue().isStrictlyPositive())
      continue; // a default (not a vector loop's resume value, 0)
    if (isa<Constant>(V))
      return Op;
    if (V == One)
      continue;
    if (auto *P = dyn_cast<PHINode>(V)) {
      if (Phis.insert(P).second && Phis.size() <= 8)
        Work.append(P->incoming_values().begin(), P->incoming_values().end());
      else if (Phis.size() > 8)
        return Op;
      continue;
    }
    if (One)
      return Op; // two values: a value of its own
    One = V;
  }
  return One && !fromPhis(One, Phis, 0) ? One : Op;
}

std::string SampleSpace::nameOf(Value *V, unsigned Depth) {
  if (Depth > 4)
    return "";
  auto It = StoredOnce.find(V);
  if (It != StoredOnce.end() && It->second[0] == '@')
    return It->second;
  std::string Own;
  // a caller's own value (`n = atol(..)` passed as `n`) is named by its symbol,
  // also when read back from the frame slot that holds it (frameSlotValue)
  auto callerName = [&](Value *Op) {
    Op = heldValue(Op);
    return isa<Instruction>(Op) && !isa<LoadInst>(Op) ? Names[symbol(Op)] : nameOf(Op, Depth + 1);
  };
  if (auto *LI = dyn_cast<LoadInst>(V); LI && LI->isSimple()) {
    if (auto *A = dyn_cast<Argument>(LI->getPointerOperand()))
      Own = sharedSlot(A, LI->getType(), callerName);
    if (Own.empty())
      Own = addressName(LI->getPointerOperand(), Depth);
  } else if (auto *A = dyn_cast<Argument>(V)) {
    std::string Common = callersAgree(A, callerName);
    Own = !Common.empty() ? Common : (A->getParent()->getName() + "#" + Twine(A->getArgNo())).str();
  } else if (auto *CB = dyn_cast<CallBase>(V)) {
    Own = accessorResult(*CB);
  }
  // stored into a struct's field alone: the field names a value that has no
  // name of its own every module shares (a parameter, a local; not a global's load)
  if (It != StoredOnce.end() && !sharedName(Own))
    return It->second;
  // ... also another load of the same dummy argument, which the function
  // never writes (flang reloads `nx` after the first ALLOCATE, whose extents
  // came from the load it stored into `fld%nx`): the same value
  if (auto *LI = dyn_cast<LoadInst>(V); LI && LI->isSimple() && !sharedName(Own))
    if (auto *A = dyn_cast<Argument>(LI->getPointerOperand())) {
      std::string Field;
      for (User *U : A->users()) {
        if (auto *SI = dyn_cast<StoreInst>(U); (SI && SI->getPointerOperand() == A) || isa<CallBase>(U))
          return Own; // written, or handed to a call that may write it: the loads may differ
        auto *L2 = dyn_cast<LoadInst>(U);
        auto F = L2 && L2 != LI && L2->isSimple() && L2->getType() == LI->getType() ? StoredOnce.find(L2)
                                                                                   : StoredOnce.end();
        if (F != StoredOnce.end() && (Field.empty() || Field == F->second))
          Field = F->second;
        else if (F != StoredOnce.end())
          return Own; // stored into two fields
      }
      if (!Field.empty())
        return Field;
    }
  return Own;
}

unsigned SampleSpace::symbolNamed(StringRef N, int64_t Value) {
  auto [Ins, New] = Ids.try_emplace(N, unsigned(Names.size()));
  if (New) {
    Names.push_back(N.str());
    Values.push_back(Value ? Value : sampleOf(N));
  }
  return Ins->second;
}

unsigned SampleSpace::symbol(Value *V) {
  auto It = Of.find(V);
  if (It != Of.end())
    return It->second;
  std::string N = nameOf(V, 0);
  if (Value *In = sharedName(N) ? V : inputOrDefault(V); In != V) {
    for (auto *C = dyn_cast<CastInst>(In); C && C->getOperand(0)->getType()->isIntegerTy();
         C = dyn_cast<CastInst>(In))
      In = C->getOperand(0); // (`int n = atoi(..)`: as its expression evaluates, atoi's)
    return Of[V] = symbol(In); // the program's input or its default: the input's
  }
  if (N.empty()) { // a value of this function only
    const Function *F = nullptr;
    if (auto *I = dyn_cast<Instruction>(V))
      F = I->getFunction();
    N = ("%" + (F ? F->getName() : StringRef("")) + "." + Twine(Locals++)).str();
  }
  return Of[V] = symbolNamed(N);
}

ConstantInt *SampleSpace::constLoaded(Value *V) {
  auto *LI = dyn_cast<LoadInst>(V);
  auto It = LI && LI->isSimple() ? ConstStore.find(slotName(LI->getPointerOperand())) : ConstStore.end();
  return It == ConstStore.end() ? nullptr : dyn_cast<ConstantInt>(It->second->getValueOperand());
}

ConstantInt *SampleSpace::constGiven(Value *V) {
  auto *LI = dyn_cast<LoadInst>(V);
  const DataLayout *DL = LI ? &LI->getModule()->getDataLayout() : nullptr;
  APInt Off(64, 0);
  auto *G = LI ? dyn_cast<GlobalVariable>(LI->getPointerOperand()->stripAndAccumulateConstantOffsets(*DL, Off, true))
               : nullptr;
  return G && !AddressTaken.contains(globalBase(*G)) ? constLoaded(V) : nullptr;
}

std::string SampleSpace::argumentName(Value *Op) {
  Op = heldValue(Op);
  if (auto *C = dyn_cast<ConstantInt>(Op))
    return C->getBitWidth() <= 64 ? std::to_string(C->getSExtValue()) : "";
  if (!Op->getType()->isIntegerTy() || isa<Constant>(Op))
    return "";
  std::string N = Names[symbol(Op)];
  StringRef Fn = paramFunction(N);
  const Module *M = nullptr;
  if (auto *I = dyn_cast<Instruction>(Op))
    M = I->getModule();
  else if (auto *A = dyn_cast<Argument>(Op))
    M = A->getParent()->getParent();
  const Function *F = M && !Fn.empty() ? M->getFunction(Fn) : nullptr;
  if (sharedName(N) || (F && !F->hasLocalLinkage()) || !M)
    return N;
  return N + ":" + M->getModuleIdentifier();
}

std::optional<unsigned> SampleSpace::symbolOf(Value *V) const {
  auto It = Of.find(V);
  return It == Of.end() ? std::nullopt : std::optional<unsigned>(It->second);
}

SmallVector<Value *, 2> SampleSpace::valuesOf(unsigned Sym) const {
  SmallVector<Value *, 2> R;
  for (const auto &[V, S] : Of)
    if (S == Sym)
      R.push_back(V);
  return R;
}

Sample SampleSpace::leaf(Value *V) {
  unsigned Sym = symbol(V);
  if (!Renamed.empty())
    if (auto It = Renamed.find(Sym); It != Renamed.end())
      Sym = It->second;
  return Sample{Values[Sym], {Sym}};
}

/// The equality test C of L's branch BI leaves L when it holds: `eq` by its
/// first successor, `ne` by its second.
static bool exitsWhenEqual(const Loop *L, const BranchInst *BI, const ICmpInst *C) {
  return (C->getPredicate() == ICmpInst::ICMP_EQ) == !L->contains(BI->getSuccessor(0));
}

/// V is header phi H plus one; for a phi of the latch, each of its values is.
static bool isNext(Value *V, PHINode *H, BasicBlock *Latch, ScalarEvolution &SE) {
  auto *P = dyn_cast<PHINode>(V);
  if (P && P->getParent() == Latch)
    return all_of(P->incoming_values(), [&](Value *In) { return isNext(In, H, nullptr, SE); });
  return SE.getMinusSCEV(SE.getSCEV(V), SE.getSCEV(H))->isOne();
}

/// The backedges of a loop that leaves when H + 1 reaches Bound, H starting
/// at its value from the preheader Pre: bound - start - 1.
static const SCEV *countToBound(const SCEV *Bound, PHINode *H, BasicBlock *Pre, ScalarEvolution &SE) {
  return SE.getMinusSCEV(SE.getMinusSCEV(Bound, SE.getSCEV(H->getIncomingValueForBlock(Pre))),
                         SE.getOne(Bound->getType()));
}

/// The backedge-taken count of a loop whose latch exits on `p == bound`,
/// p a phi of the latch whose incoming values are all `h + 1`, h the
/// header's phi that p feeds (the vectoriser's outer loop of a 2-D sweep:
/// its row's vector and remainder paths each compute `j + 1`):
/// bound - start - 1. ScalarEvolution has no count for it: neither phi is
/// an induction it recognises.
static const SCEV *latchPhiCount(const Loop *L, ScalarEvolution &SE) {
  BasicBlock *Latch = L->getLoopLatch(), *Pre = L->getLoopPredecessor();
  auto *BI = Latch ? dyn_cast<BranchInst>(Latch->getTerminator()) : nullptr;
  auto *C = BI && BI->isConditional() ? dyn_cast<ICmpInst>(BI->getCondition()) : nullptr;
  if (!C || !Pre || !C->isEquality() || L->getExitingBlock() != Latch || !exitsWhenEqual(L, BI, C) ||
      !SE.isSCEVable(C->getOperand(0)->getType()))
    return nullptr;
  for (unsigned I = 0; I < 2; ++I) {
    auto *P = dyn_cast<PHINode>(C->getOperand(I));
    const SCEV *Bound = SE.getSCEV(C->getOperand(1 - I));
    if (!P || P->getParent() != Latch || !SE.isLoopInvariant(Bound, L))
      continue;
    PHINode *H = nullptr;
    for (PHINode &X : L->getHeader()->phis())
      if (X.getIncomingValueForBlock(Latch) == P)
        H = &X;
    if (!H || !isNext(P, H, Latch, SE))
      return nullptr;
    return countToBound(Bound, H, Pre, SE);
  }
  return nullptr;
}

/// A loop whose test was threaded into the paths of a branch it does not
/// decide (`for (it = 0; it < 10; it++)` around kernels inlined behind an
/// `n > 0` test: each path ends in its own `it + 1 == 10` and jumps to the
/// latch): every exiting block is a predecessor of the latch, each exits on
/// one and the same induction reaching one and the same bound, so each
/// iteration takes exactly one of the tests. ScalarEvolution counts no exit
/// of it (none dominates the latch). The backedges: bound - start, in steps
/// of one.
const SCEV *threadedExitCount(const Loop *L, ScalarEvolution &SE) {
  BasicBlock *Latch = L->getLoopLatch(), *Pre = L->getLoopPredecessor();
  auto *LB = Latch ? dyn_cast<BranchInst>(Latch->getTerminator()) : nullptr;
  SmallVector<BasicBlock *, 4> Exiting;
  L->getExitingBlocks(Exiting);
  if (!LB || LB->isConditional() || Exiting.size() < 2)
    return nullptr;
  const SCEV *Count = nullptr;
  for (BasicBlock *E : Exiting) {
    auto *BI = dyn_cast<BranchInst>(E->getTerminator());
    auto *C = BI && BI->isConditional() ? dyn_cast<ICmpInst>(BI->getCondition()) : nullptr;
    if (!C || !C->isEquality() || !is_contained(predecessors(Latch), E) || !exitsWhenEqual(L, BI, C) ||
        !SE.isSCEVable(C->getOperand(0)->getType()))
      return nullptr;
    const SCEV *This = nullptr;
    for (unsigned I = 0; I < 2 && !This; ++I) {
      const SCEV *X = SE.getSCEV(C->getOperand(I)), *Bound = SE.getSCEV(C->getOperand(1 - I));
      if (!SE.isLoopInvariant(Bound, L))
        continue;
      if (auto *AR = dyn_cast<SCEVAddRecExpr>(X); AR && AR->getLoop() == L && AR->isAffine() &&
                                                  AR->getStepRecurrence(SE)->isOne())
        This = SE.getMinusSCEV(Bound, AR->getStart());
      // the induction ScalarEvolution does not see: a header phi one below
      // the tested value, whose next value is a phi of the paths' own `+ 1`
      for (PHINode &H : L->getHeader()->phis()) {
        if (This || !Pre || !SE.isSCEVable(H.getType()) || !SE.getMinusSCEV(X, SE.getSCEV(&H))->isOne())
          continue;
        if (isNext(H.getIncomingValueForBlock(Latch), &H, Latch, SE))
          This = countToBound(Bound, &H, Pre, SE);
      }
    }
    if (!This || (Count && Count != This))
      return nullptr;
    Count = This;
  }
  for (BasicBlock *P : predecessors(Latch))
    if (!is_contained(Exiting, P))
      return nullptr;
  return Count;
}

/// The backedges of a loop stepping K > 1 to an equality exit at its latch
/// (a loop unrolled by K behind a prologue that ran the odd iterations: an
/// OpenMP chunk's `for (i = lb; i <= ub; i++)`): ScalarEvolution cannot tell
/// that the distance is a multiple of K, the prologue made it one:
/// (bound - start) / K. Null for other loops.
static const SCEV *strideExitCount(const Loop *L, ScalarEvolution &SE) {
  BasicBlock *Latch = L->getLoopLatch();
  if (!Latch || L->getExitingBlock() != Latch)
    return nullptr;
  auto *BI = dyn_cast<BranchInst>(Latch->getTerminator());
  auto *C = BI && BI->isConditional() ? dyn_cast<ICmpInst>(BI->getCondition()) : nullptr;
  // integers only: a pointer's distance (`p != end`) is no count ScalarEvolution
  // subtracts (the difference of two pointers of unrelated bases)
  if (!C || !C->isEquality() || !exitsWhenEqual(L, BI, C) || !C->getOperand(0)->getType()->isIntegerTy())
    return nullptr;
  for (unsigned I = 0; I < 2; ++I) {
    const SCEV *X = SE.getSCEV(C->getOperand(I)), *Bound = SE.getSCEV(C->getOperand(1 - I));
    auto *AR = dyn_cast<SCEVAddRecExpr>(X);
    auto *K = AR && AR->getLoop() == L && AR->isAffine() ? dyn_cast<SCEVConstant>(AR->getStepRecurrence(SE))
                                                         : nullptr;
    if (K && K->getAPInt().sgt(1) && SE.isLoopInvariant(Bound, L))
      return SE.getUDivExpr(SE.getMinusSCEV(Bound, AR->getStart()), K);
  }
  return nullptr;
}

/// U is a slot __kmpc_dispatch_next_* writes a chunk's lower or upper bound
/// into (operand 3 or 4).
static bool isChunkSlot(CallBase &CB, Use &U) {
  Function *F = CB.getCalledFunction();
  return F && F->getName().starts_with("__kmpc_dispatch_next") && CB.isArgOperand(&U) &&
         (CB.getArgOperandNo(&U) == 3 || CB.getArgOperandNo(&U) == 4);
}

/// The backedges of a loop whose latch tests `AR P Bound` (an induction
/// that steps by one; exiting when the test holds, ExitOnTrue, or fails):
/// the steps from its start to Bound. Null for another test.
static const SCEV *countUpTo(const SCEV *Bound, const SCEVAddRecExpr *AR, CmpInst::Predicate P, bool ExitOnTrue,
                             ScalarEvolution &SE) {
  const SCEV *Start = AR->getStart();
  if (Bound->getType() != Start->getType() || !Start->getType()->isIntegerTy())
    return nullptr;
  if (ExitOnTrue) // the loop goes on while the test fails
    P = CmpInst::getInversePredicate(P);
  const SCEV *Dist = SE.getMinusSCEV(Bound, Start);
  // the test of the k-th iteration reads start + k
  if (P == CmpInst::ICMP_SLT || P == CmpInst::ICMP_ULT || P == CmpInst::ICMP_NE)
    return Dist; // goes on while start + k < ub: leaves at k = ub - start
  if (P == CmpInst::ICMP_SLE || P == CmpInst::ICMP_ULE)
    return SE.getAddExpr(Dist, SE.getOne(Dist->getType())); // leaves at k = ub - start + 1
  return nullptr;
}

/// The backedges of a loop whose latch tests its induction against a bound
/// it reads again each iteration from a slot of its frame that nothing in
/// the loop writes (an OpenMP worksharing loop whose body calls a function:
/// the chunk's end, `ub`, is reloaded after every call): the value stored
/// there last before the loop. The induction steps by one, tested before
/// or after its increment. Null for other loops.
const SCEV *SampleSpace::reloadedBoundCount(const Loop *L, ScalarEvolution &SE) {
  BasicBlock *Latch = L->getLoopLatch();
  auto *BI = Latch && L->getExitingBlock() == Latch ? dyn_cast<BranchInst>(Latch->getTerminator()) : nullptr;
  auto *C = BI && BI->isConditional() ? dyn_cast<ICmpInst>(BI->getCondition()) : nullptr;
  if (!C || !Dom || !SE.isSCEVable(C->getOperand(0)->getType()))
    return nullptr;
  for (unsigned I = 0; I < 2; ++I) {
    auto *AR = dyn_cast<SCEVAddRecExpr>(SE.getSCEV(C->getOperand(I)));
    auto *Ld = dyn_cast<LoadInst>(C->getOperand(1 - I));
    auto *A = Ld && Ld->isSimple() && L->contains(Ld) ? dyn_cast<AllocaInst>(Ld->getPointerOperand()) : nullptr;
    if (!A || !AR || AR->getLoop() != L || !AR->isAffine() || !AR->getStepRecurrence(SE)->isOne())
      continue;
    // the slot's stores, all before the loop, one after another: the last
    // one's value; a call given the slot (__kmpc_for_static_init) before it
    // or a dynamic worksharing loop's chunk end (staticBound: the range's)
    if (Value *Whole = staticBound(Ld); Whole && SE.isSCEVable(Whole->getType()) &&
                                        any_of(A->uses(), [](Use &U) {
                                          auto *CB = dyn_cast<CallBase>(U.getUser());
                                          return CB && isChunkSlot(*CB, U);
                                        }))
      return countUpTo(SE.getSCEV(Whole), AR, I ? C->getSwappedPredicate() : C->getPredicate(),
                       !L->contains(BI->getSuccessor(0)), SE);
    StoreInst *Last = nullptr;
    SmallVector<CallBase *, 2> Calls;
    DominatorTree *DT = Dom(*L->getHeader()->getParent());
    for (User *U : A->users()) {
      if (auto *SI = dyn_cast<StoreInst>(U)) {
        if (SI->getPointerOperand() != A || L->contains(SI) || !DT->dominates(SI, L->getHeader()))
          return nullptr;
        if (!Last || DT->dominates(Last, SI))
          Last = SI;
        else if (!DT->dominates(SI, Last))
          return nullptr;
      } else if (auto *CB = dyn_cast<CallBase>(U)) {
        if (!isa<LifetimeIntrinsic>(CB))
          Calls.push_back(CB);
      } else if (!isa<LoadInst>(U)) {
        return nullptr;
      }
    }
    if (!Last || !SE.isSCEVable(Last->getValueOperand()->getType()) ||
        any_of(Calls, [&](CallBase *CB) { return !DT->dominates(CB, Last); }))
      return nullptr;
    return countUpTo(SE.getSCEV(Last->getValueOperand()), AR, I ? C->getSwappedPredicate() : C->getPredicate(),
                     !L->contains(BI->getSuccessor(0)), SE);
  }
  return nullptr;
}

/// The backedges of a loop whose latch tests its induction against what an
/// accessor of another module returns, called again each iteration on a
/// pointer the loop does not change (`i < m.size()`, not hoisted: the
/// compiler knows nothing of the call): that result's symbol, "fn#r"
/// (accessorResult). Null for other loops.
const SCEV *SampleSpace::accessorBoundCount(const Loop *L, ScalarEvolution &SE) {
  BasicBlock *Latch = L->getLoopLatch();
  auto *BI = Latch && L->getExitingBlock() == Latch ? dyn_cast<BranchInst>(Latch->getTerminator()) : nullptr;
  auto *C = BI && BI->isConditional() ? dyn_cast<ICmpInst>(BI->getCondition()) : nullptr;
  if (!C || !SE.isSCEVable(C->getOperand(0)->getType()))
    return nullptr;
  for (unsigned I = 0; I < 2; ++I) {
    auto *AR = dyn_cast<SCEVAddRecExpr>(SE.getSCEV(C->getOperand(I)));
    auto *CB = dyn_cast<CallBase>(C->getOperand(1 - I));
    if (!CB || !L->contains(CB) || !AR || AR->getLoop() != L || !AR->isAffine() ||
        !AR->getStepRecurrence(SE)->isOne() || CB->arg_size() != 1 || !L->isLoopInvariant(CB->getArgOperand(0)) ||
        accessorResult(*CB).empty())
      continue;
    return countUpTo(SE.getSCEV(CB), AR, I ? C->getSwappedPredicate() : C->getPredicate(),
                     !L->contains(BI->getSuccessor(0)), SE);
  }
  return nullptr;
}

const SCEV *backedgeCount(const Loop *L, ScalarEvolution &SE) {
  const SCEV *B = SE.getBackedgeTakenCount(L);
  if (isa<SCEVCouldNotCompute>(B))
    B = latchPhiCount(L, SE);
  if (!B)
    B = threadedExitCount(L, SE);
  if (!B)
    B = strideExitCount(L, SE);
  return B;
}

std::optional<Sample> SampleSpace::tripCount(const Loop *L, ScalarEvolution &SE) {
  const SCEV *B = backedgeCount(L, SE);
  if (!B)
    B = reloadedBoundCount(L, SE);
  if (!B)
    B = accessorBoundCount(L, SE);
  if (!B || isa<SCEVCouldNotCompute>(B) || !B->getType()->isIntegerTy())
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
  // a signed division or shift of values that are not negative there (`n / 2`
  // of a signed n) is the unsigned one
  bool Signed = Op == Instruction::SDiv || Op == Instruction::AShr;
  if (Signed)
    Op = Op == Instruction::SDiv ? Instruction::UDiv : Instruction::LShr;
  if (Op != Instruction::Or && Op != Instruction::And && Op != Instruction::Xor && Op != Instruction::Shl &&
      Op != Instruction::LShr && Op != Instruction::UDiv)
    return std::nullopt;
  std::optional<Sample> A = operand(0), C = operand(1);
  if (!A || !C)
    return std::nullopt;
  if (Signed && W < 64 && (uint64_t(A->Value) >> (W - 1) || uint64_t(C->Value) >> (W - 1)))
    return std::nullopt; // a negative value at the sample point
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
  case Instruction::UDiv:
    if (Y == 0)
      return std::nullopt;
    R = X / Y;
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

/// An OpenMP static worksharing loop runs each thread's chunk of the range
/// [lower, upper] the region stored into the slots it passes to
/// __kmpc_for_static_init_* (operands 4 and 5); the chunks partition the
/// range, so the region's threads together run it once per call. The
/// bound read back from such a slot is, at the sample point, the one stored
/// before the call: the whole range. clang stores the chunk's upper bound
/// back clamped (`ub = min(ub, UB)`): a load between the call and that store,
/// in the call's block, reads the value stored last before the call there.
/// A dynamic or guided worksharing loop's slots are the chunk's bounds
/// __kmpc_dispatch_next_* writes (operands 3 and 4): its dispatch loop
/// counts once (the chunks partition the range), so the bound read there is
/// the whole range's, the one stored before. Null for any other value.
Value *SampleSpace::staticBound(Value *V) {
  auto *LI = dyn_cast<LoadInst>(V);
  auto *A = LI ? dyn_cast<AllocaInst>(LI->getPointerOperand()) : nullptr;
  if (!A || !LI->isSimple())
    return nullptr;
  SmallVector<StoreInst *, 2> Stores;
  CallBase *Init = nullptr;
  bool Dispatch = false;
  for (Use &U : A->uses()) {
    if (isa<LoadInst>(U.getUser()) || isa<LifetimeIntrinsic>(U.getUser())) // clang's markers around the slots
      continue;
    if (auto *SI = dyn_cast<StoreInst>(U.getUser()); SI && SI->getPointerOperand() == A) {
      Stores.push_back(SI);
    } else if (auto *CB = dyn_cast<CallBase>(U.getUser())) {
      if (isChunkSlot(*CB, U)) {
        Dispatch = true;
        continue;
      }
      Function *F = CB->getCalledFunction();
      if (!F || !F->getName().starts_with("__kmpc_for_static_init") || !CB->isArgOperand(&U) ||
          (CB->getArgOperandNo(&U) != 4 && CB->getArgOperandNo(&U) != 5) || (Init && Init != CB))
        return nullptr;
      Init = CB;
    } else {
      return nullptr;
    }
  }
  if (Dispatch) // the range's bound, stored once before the chunks are handed out
    return !Init && Stores.size() == 1 ? Stores[0]->getValueOperand() : nullptr;
  if (!Init || Stores.empty())
    return nullptr;
  if (Stores.size() == 1)
    return Stores[0]->getValueOperand();
  // the call's block: the last store before the call, none between it and the load
  if (LI->getParent() != Init->getParent())
    return nullptr;
  Value *Before = nullptr;
  bool AfterCall = false;
  for (Instruction &I : *Init->getParent()) {
    if (&I == Init) {
      AfterCall = true;
    } else if (&I == LI) {
      return AfterCall ? Before : nullptr;
    } else if (auto *SI = dyn_cast<StoreInst>(&I); SI && SI->getPointerOperand() == A) {
      if (AfterCall)
        return nullptr;
      Before = SI->getValueOperand();
    }
  }
  return nullptr;
}

StoreInst *SampleSpace::lastStore(LoadInst *LI, const std::string &Slot) {
  auto Memo = Forward.find(LI);
  if (Memo != Forward.end())
    return Memo->second;
  StoreInst *&Found = Forward[LI];
  auto It = SlotStores.find(Slot);
  // one store: SlotValue's; many (a counter): not followed, each walk is the function's size
  if (It == SlotStores.end() || It->second.size() < 2 || It->second.size() > MaxStores)
    return Found = nullptr;
  Function &F = *LI->getFunction();
  DominatorTree *DT = nullptr;
  StoreInst *Last = nullptr;
  for (StoreInst *SI : It->second) {
    if (SI->getFunction() != &F || !SI->isSimple())
      return Found = nullptr; // another function's store may run in a call between
    if (!DT)
      DT = Dom(F);
    if (DT->dominates(SI, LI) && (!Last || DT->dominates(Last, SI)))
      Last = SI;
  }
  if (!Last)
    return Found = nullptr;
  // every other store reaches the load only through Last: a walk of the
  // blocks after it that stops at Last's (once per such load)
  BasicBlock *LB = LI->getParent(), *Through = Last->getParent();
  for (StoreInst *SI : It->second) {
    if (SI == Last)
      continue;
    BasicBlock *SB = SI->getParent();
    if (SB == Through) {
      if (SI->comesBefore(Last))
        continue;
      return Found = nullptr; // after Last in its block, before the load
    }
    if (SB == LB && SI->comesBefore(LI))
      return Found = nullptr;
    SmallVector<BasicBlock *, 16> Work(successors(SB));
    SmallPtrSet<BasicBlock *, 32> Seen;
    while (!Work.empty()) {
      BasicBlock *B = Work.pop_back_val();
      if (B == Through || !Seen.insert(B).second)
        continue;
      if (B == LB)
        return Found = nullptr;
      append_range(Work, successors(B));
    }
  }
  return Found = Last;
}

std::optional<Sample> SampleSpace::evalStored(Value *V, unsigned Depth) {
  if (Depth > MaxDepth || !V->getType()->isIntegerTy() || V->getType()->getIntegerBitWidth() > 64)
    return std::nullopt;
  if (auto *C = dyn_cast<ConstantInt>(V))
    return C->getValue().getSignificantBits() > 63 ? std::nullopt
                                                    : std::optional<Sample>(Sample{C->getSExtValue(), {}});
  if (isa<Constant>(V))
    return std::nullopt;
  if (auto *Cast = dyn_cast<CastInst>(V);
      Cast && (isa<SExtInst>(Cast) || isa<ZExtInst>(Cast) || isa<TruncInst>(Cast))) {
    std::optional<Sample> X = evalStored(Cast->getOperand(0), Depth + 1);
    unsigned W = isa<TruncInst>(Cast) ? Cast->getType()->getIntegerBitWidth()
                                      : Cast->getOperand(0)->getType()->getIntegerBitWidth();
    if (!X || W >= 63)
      return X;
    int64_t Mod = int64_t(1) << W;
    X->Value = ((X->Value % Mod) + Mod) % Mod;
    if (isa<SExtInst>(Cast) && X->Value >= Mod / 2)
      X->Value -= Mod;
    return X;
  }
  auto *B = dyn_cast<BinaryOperator>(V);
  if (B && (B->getOpcode() == Instruction::Add || B->getOpcode() == Instruction::Sub ||
            B->getOpcode() == Instruction::Mul)) {
    std::optional<Sample> X = evalStored(B->getOperand(0), Depth + 1), Y = evalStored(B->getOperand(1), Depth + 1);
    if (!X || !Y)
      return std::nullopt;
    __int128 R = B->getOpcode() == Instruction::Add   ? __int128(X->Value) + Y->Value
                 : B->getOpcode() == Instruction::Sub ? __int128(X->Value) - Y->Value
                                                      : __int128(X->Value) * Y->Value;
    if (R <= -__int128(Limit) || R >= __int128(Limit))
      return std::nullopt;
    unionSyms(X->Syms, Y->Syms);
    return Sample{int64_t(R), X->Syms};
  }
  // a division or shift by a constant (a coarser grid's `n / 2`) of a value
  // that is not negative there
  const APInt *K;
  if (B && PatternMatch::match(B->getOperand(1), PatternMatch::m_APInt(K)) && K->ult(62) && !K->isZero() &&
      (B->getOpcode() == Instruction::SDiv || B->getOpcode() == Instruction::UDiv ||
       B->getOpcode() == Instruction::AShr || B->getOpcode() == Instruction::LShr ||
       B->getOpcode() == Instruction::Shl)) {
    std::optional<Sample> X = evalStored(B->getOperand(0), Depth + 1);
    if (!X || X->Value < 0)
      return std::nullopt;
    int64_t Y = int64_t(K->getZExtValue());
    if (B->getOpcode() == Instruction::Shl)
      return X->Value < (Limit >> Y) ? std::optional<Sample>(Sample{X->Value << Y, X->Syms}) : std::nullopt;
    X->Value = B->isShift() ? X->Value >> Y : X->Value / Y;
    return X;
  }
  // a bound's clamp (`max(n, 0)`: flang's extent of an ALLOCATE from 1 to
  // n): the larger or smaller of the two there
  if (auto *MM = dyn_cast<MinMaxIntrinsic>(V)) {
    std::optional<Sample> X = evalStored(MM->getLHS(), Depth + 1), Y = evalStored(MM->getRHS(), Depth + 1);
    if (!X || !Y)
      return std::nullopt;
    bool Max = MM->getIntrinsicID() == Intrinsic::smax || MM->getIntrinsicID() == Intrinsic::umax;
    bool TakeX = Max ? X->Value >= Y->Value : X->Value <= Y->Value;
    return TakeX ? X : Y;
  }
  // a parameter every caller passes the same expression for (`scale(a,
  // N)`, N = n * n): that expression, as in the caller
  if (auto *A = dyn_cast<Argument>(V))
    if (Value *Same = callersValue(A); Same && (isa<BinaryOperator>(Same) || isa<CastInst>(Same)))
      return evalStored(Same, Depth + 1);
  return leaf(V); // a leaf: a load, a call's result, a parameter
}

std::optional<Sample> SampleSpace::extent(const SCEVAddExpr *S) {
  // (ptrtoint end) + (-1 * (ptrtoint begin)), every other term no pointer's
  LoadInst *End = nullptr, *Begin = nullptr;
  for (const SCEV *Op : S->operands()) {
    if (auto *P = dyn_cast<SCEVPtrToIntExpr>(Op)) {
      auto *U = dyn_cast<SCEVUnknown>(P->getOperand());
      if (End || !U || !(End = dyn_cast<LoadInst>(U->getValue())))
        return std::nullopt;
    } else if (auto *M = dyn_cast<SCEVMulExpr>(Op)) {
      auto *C = dyn_cast<SCEVConstant>(M->getOperand(0));
      auto *P = M->getNumOperands() == 2 ? dyn_cast<SCEVPtrToIntExpr>(M->getOperand(1)) : nullptr;
      auto *U = P ? dyn_cast<SCEVUnknown>(P->getOperand()) : nullptr;
      if (!C || !C->getAPInt().isAllOnes() || Begin || !U || !(Begin = dyn_cast<LoadInst>(U->getValue())))
        return std::nullopt;
    }
  }
  if (!End || !Begin || !End->isSimple() || !Begin->isSimple())
    return std::nullopt;
  // two slots of one struct, the end after the begin: a container's range
  // (std::vector's `_M_finish - _M_start`, `size()` in bytes)
  const DataLayout &DL = Begin->getModule()->getDataLayout();
  APInt OB(DL.getIndexTypeSizeInBits(Begin->getPointerOperand()->getType()), 0), OE = OB;
  Value *BB = Begin->getPointerOperand()->stripAndAccumulateConstantOffsets(DL, OB, true);
  Value *EB = End->getPointerOperand()->stripAndAccumulateConstantOffsets(DL, OE, true);
  if (BB != EB || OE.sle(OB))
    return std::nullopt;
  std::string N = addressName(Begin->getPointerOperand(), 0);
  if (N.empty() || !sharedName(N))
    return std::nullopt;
  return named(N + ":" + std::to_string((OE - OB).getSExtValue()));
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
    if (S->getSCEVType() == scAddExpr)
      if (std::optional<Sample> E = extent(cast<SCEVAddExpr>(S))) {
        // a container's end less its begin, the other terms as they are
        SmallVector<const SCEV *, 4> Rest;
        for (const SCEV *Op : cast<SCEVAddExpr>(S)->operands())
          if (!isa<SCEVPtrToIntExpr>(Op) && !isa<SCEVMulExpr>(Op))
            Rest.push_back(Op);
        Vs.push_back(*E);
        for (const SCEV *Op : Rest) {
          std::optional<Sample> V = evalAt(Op, SE, Depth + 1);
          if (!V)
            return std::nullopt;
          Vs.push_back(*V);
        }
      }
    if (Vs.empty() && !ops(cast<SCEVNAryExpr>(S), Vs))
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
    // a constant divisor the sample point's values do not reach far beyond
    // (tiles of 4096 over a size of about 2000: one tile there, n / 4096 at
    // run time): the rounding is no small part of the quotient, so the
    // ratio to the size does not hold at real sizes. (A small dividend of
    // large values, a remainder loop's `(n - n.vec - 2) / 2`, is exact.)
    int64_t Largest = 0;
    for (unsigned X : A->Syms)
      Largest = std::max(Largest, Values[X]);
    if (B->Syms.empty() && !A->Syms.empty() && B->Value > Largest / 16)
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
        // a loop's induction leaving it (a remainder loop's start after an
        // unrolled-by-hand loop): its value at the loop's exit, not the
        // middle of its range
        const SCEV *XS = In != Phi && SE.isSCEVable(In->getType()) ? SE.getSCEV(In) : nullptr;
        if (auto *AR = dyn_cast_or_null<SCEVAddRecExpr>(XS); AR && !AR->getLoop()->contains(Phi->getParent()))
          XS = SE.getSCEVAtScope(XS, AR->getLoop()->getParentLoop());
        std::optional<Sample> X = XS ? evalAt(XS, SE, Depth + 1) : std::nullopt;
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
    // a phi of one value and defaults (the input's n in bytes, `8 * n`, or
    // its default's, joined again after jump threading's copies): that
    // value's expression, as the phi's symbol is that value's (symbol),
    // unless a shared slot names it
    if (Value *In = isa<PHINode>(V) ? inputOrDefault(V) : V;
        In != V && In->getType() == V->getType() && SE.isSCEVable(In->getType()) && !sharedName(nameOf(V, 0)))
      if (std::optional<Sample> R = evalAt(SE.getSCEV(In), SE, Depth + 1))
        return R;
    if (Value *B = staticBound(V); B && SE.isSCEVable(B->getType()))
      if (std::optional<Sample> R = evalAt(SE.getSCEV(B), SE, Depth + 1))
        return R;
    // a load of a frame slot that holds one value for good (shared with
    // parallel regions, so loaded again after calls): that value
    if (auto *LI = dyn_cast<LoadInst>(V))
      if (Value *SV = frameSlotValue(*LI); SV && SE.isSCEVable(SV->getType()))
        if (std::optional<Sample> R = evalAt(SE.getSCEV(SV), SE, Depth + 1))
          return R;
    // a load of a slot its own function stored last (`nnz = 7 * n` stored,
    // then read back for the allocation after a call): the stored value
    if (auto *LI = dyn_cast<LoadInst>(V); LI && LI->isSimple() && Dom)
      if (std::string Slot = addressName(LI->getPointerOperand(), 0); !Slot.empty())
        if (StoreInst *St = lastStore(LI, Slot); St && SE.isSCEVable(St->getValueOperand()->getType()))
          if (std::optional<Sample> R = evalAt(SE.getSCEV(St->getValueOperand()), SE, Depth + 1))
            return R;
    // a parallel region's shared variable whose forks stored one expression
    // (`(long)nx * ny`, `(int)n`): that expression, as in the forking function
    if (auto *LI = dyn_cast<LoadInst>(V); LI && LI->isSimple())
      if (auto *A = dyn_cast<Argument>(LI->getPointerOperand())) {
        Value *Same = nullptr;
        sharedSlot(A, LI->getType(), [](Value *) { return std::string("="); }, &Same);
        if (Same && (isa<BinaryOperator>(Same) || isa<CastInst>(Same) || isa<Argument>(Same)))
          if (std::optional<Sample> R = evalStored(Same, Depth + 1))
            return R;
      }
    // a load of a slot whose one stored value is an expression (`n = m *
    // m * m` stored, then `i < n` loaded back elsewhere; a global's, a
    // Fortran module array's descriptor extent, `zext(max(n, 0))`): that
    // expression, in the symbols of its leaves, as in the function that
    // computed it
    if (auto *LI = dyn_cast<LoadInst>(V); LI && LI->isSimple()) {
      std::string Slot = addressName(LI->getPointerOperand(), 0);
      if (auto It = SlotValue.find(Slot); It != SlotValue.end())
        if (Value *SV = It->second; isa<BinaryOperator>(SV) || (StringRef(Slot).starts_with("@") &&
                                                                 (isa<CastInst>(SV) || isa<MinMaxIntrinsic>(SV))))
          if (std::optional<Sample> R = evalStored(SV, Depth + 1))
            return R;
    }
    if (isa<Argument>(V)) // a parameter its callers pass one expression for (evalStored)
      if (std::optional<Sample> R = evalStored(V, Depth + 1))
        return R;
    // a load of a global slot the module stores one constant into and
    // nothing else, whose address goes nowhere else (`grid_points(1) = 24`,
    // `nx2 = 22` read by a solver routine's loops): that constant, as
    // constSlotTrips counts a loop to it, so a vectorised row's rest that
    // the constant leaves unentered is not run
    if (ConstantInt *C = constGiven(V); C && C->getValue().isStrictlyPositive() && C->getValue().ult(Limit))
      return Sample{C->getSExtValue(), {}};
    return leaf(V);
  }
  case scVScale:
  case scPtrToInt:
  case scCouldNotCompute:
    return std::nullopt;
  }
}

} // namespace oli
