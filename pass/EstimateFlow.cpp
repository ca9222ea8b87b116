//===- EstimateFlow.cpp - roots, flow and keys of the estimator -----------===//
//
// Steps 1 and 2 of StaticIntensity.cpp: the values each site record's
// objects start from, and the loads and stores a state (value, path)
// reaches; the key roots through which other modules' objects come in.
//
//===----------------------------------------------------------------------===//
#include "Estimator.h"
#include "StructParams.h"

namespace oli {
namespace intensity {

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
/// The key of a global array itself (not a slot in it): "@name".
static std::string arrayKey(const GlobalValue &GV) { return "@" + GV.getName().str(); }
/// The field key of slot Off of what pointer parameter A points to: a struct
/// returned by value's, or the struct A was indexed as (StructParams.h); "".
static std::string argFieldKey(const Argument &A, int64_t Off) {
  const Module &M = *A.getParent()->getParent();
  if (Type *RT = A.getParent()->getParamStructRetType(A.getArgNo()))
    return fieldKey(M, RT, Off);
  StringRef N = structParam(A);
  return N.empty() ? "" : fieldKey(M, N, Off);
}
static std::string paramKey(const Function &F, unsigned I) { return F.getName().str() + "#" + std::to_string(I); }
/// The key of the object in slot Off of what parameter I of F points to,
/// per call: "F#I*Off" (a std::vector passed by reference, a Fortran
/// array's descriptor passed to an assumed-shape dummy).
static std::string derefKey(const Function &F, unsigned I, int64_t Off) {
  return paramKey(F, I) + "*" + std::to_string(Off);
}
/// A field key that names the objects of one slot of the program's own
/// types: not "" (no named struct: a literal one, flang's descriptor), not a
/// library type's (every std::vector<double> of the program shares
/// `_Vector_impl_data+0`). A slot whose key is not is a parameter's deref
/// key instead.
static bool programKey(StringRef K) { return !K.empty() && !K.contains("std::"); }
/// The type that starts at byte Off of T, the outermost (a member's own
/// type, not its first field's); none inside a field or past T.
static Type *typeAt(const DataLayout &DL, Type *T, int64_t Off) {
  while (T && Off != 0) {
    if (Off < 0 || !T->isSized() || uint64_t(Off) >= DL.getTypeAllocSize(T))
      return nullptr;
    if (auto *ST = dyn_cast<StructType>(T)) {
      const StructLayout *SL = DL.getStructLayout(ST);
      unsigned I = SL->getElementContainingOffset(uint64_t(Off));
      Off -= int64_t(SL->getElementOffset(I));
      T = ST->getElementType(I);
    } else if (auto *AT = dyn_cast<ArrayType>(T)) {
      Off %= int64_t(DL.getTypeAllocSize(AT->getElementType()));
      T = AT->getElementType();
    } else {
      return nullptr;
    }
  }
  return T;
}

/// True when F is a C++ member function of struct T (its mangled name nests
/// in T's: `_ZN1FC1Em`, F's constructor, of `struct.F`).
static bool methodOf(const Function &F, Type *T) {
  auto *ST = dyn_cast<StructType>(T);
  if (!ST || !ST->hasName())
    return false;
  StringRef N = ST->getName();
  if (!N.consume_front("struct.") && !N.consume_front("class."))
    return false;
  std::string Prefix;
  SmallVector<StringRef, 4> Parts;
  N.split(Parts, "::");
  for (StringRef C : Parts)
    Prefix += std::to_string(C.size()) + C.str();
  StringRef FN = F.getName();
  return FN.starts_with("_ZN" + Prefix) || FN.starts_with("_ZNK" + Prefix);
}

/// The library type (std::) that starts where T does, T itself or its first
/// member's (a class whose first member is a std::vector: `&f` is `&f.a`
/// too); null when none.
static StructType *libraryAtStart(Type *T) {
  for (auto *ST = dyn_cast_or_null<StructType>(T); ST;
       ST = ST->getNumElements() ? dyn_cast<StructType>(ST->getElementType(0)) : nullptr)
    if (ST->hasName() && !programKey(ST->getName()))
      return ST;
  return nullptr;
}

bool laneSwap(const LoadInst &LI) {
  auto *VT = dyn_cast<FixedVectorType>(LI.getType());
  if (!VT || VT->getNumElements() != 2 || !VT->getElementType()->isPointerTy())
    return false;
  for (const User *SU : LI.users())
    if (auto *SV = dyn_cast<ShuffleVectorInst>(SU);
        SV && SV->getShuffleMask().size() == 2 && SV->getMaskValue(0) == 1 && SV->getMaskValue(1) == 0)
      for (const User *TU : SV->users())
        if (auto *SI = dyn_cast<StoreInst>(TU);
            SI && SI->getValueOperand() == SV && SI->getPointerOperand() == LI.getPointerOperand())
          return true;
  return false;
}

void pointerSlots(Value *Base, const DataLayout &DL, unsigned MaxSteps, function_ref<void(int64_t, LoadInst *)> OnLoad,
                  function_ref<void(int64_t, StoreInst *)> OnStore) {
  SmallVector<std::pair<Value *, int64_t>, 8> Work{{Base, 0}};
  for (unsigned Steps = 0; !Work.empty() && Steps < MaxSteps; ++Steps) {
    auto [V, Off] = Work.pop_back_val();
    for (User *U : V->users()) {
      if (auto *G = dyn_cast<GEPOperator>(U)) {
        APInt O(DL.getIndexTypeSizeInBits(G->getType()), 0);
        if (G->getPointerOperand() == V && G->accumulateConstantOffset(DL, O))
          Work.push_back({G, Off + O.getSExtValue()});
      } else if (auto *LI = dyn_cast<LoadInst>(U); LI && LI->getType()->isPointerTy()) {
        OnLoad(Off, LI);
      } else if (auto *SI = dyn_cast<StoreInst>(U);
                 SI && SI->getPointerOperand() == V && SI->getValueOperand()->getType()->isPointerTy()) {
        OnStore(Off, SI);
      }
    }
  }
}

std::optional<ObjectRole> roleOf(StringRef N) {
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
                     std::vector<std::pair<Value *, Path>> &Work, int64_t Lane) {
  if (!Copy && P.size() >= MaxPath) {
    States[S].Escapes = true;
    return;
  }
  APInt Off(DL.getIndexTypeSizeInBits(Dst->getType()), 0);
  Value *Base = Dst->stripAndAccumulateConstantOffsets(DL, Off, /*AllowNonInbounds=*/true);
  Off += Lane; // a vector store's lane: its bytes into the vector
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
      // an element of a global array of pointers (`u[l] = malloc(..)`, a
      // multigrid's levels): other modules' `u[l]` at a variable index read
      // no element's key, so no USE says they are none
      if (auto *AT = dyn_cast<ArrayType>(GV->getValueType()); AT && AT->getElementType()->isPointerTy())
        States[S].Ambiguous = true;
    }
    unsigned T = state(GV, NP, true);
    States[S].Also.push_back(T);
  } else if (auto *A = dyn_cast<Argument>(Base)) {
    // filled through a pointer argument: the caller's memory holds it now
    Function *F = A->getParent();
    if (!F->hasLocalLinkage()) { // a struct returned by value, or pointed to: its type's field
      std::string K = NP.size() == 1 && NP[0].exact() && Summaries ? argFieldKey(*A, NP[0].Lo) : "";
      if (!K.empty())
        States[S].Exits.push_back({K, nullptr});
      else
        States[S].Escapes = true;
    }
    bool Callers = callerSlots(S, *A, NP);
    // a site's fresh object stored into a struct of a caller in another
    // module (`g->u = malloc(..)` in grid_init(g)): the function's own
    // reads of the slot after it are the object's too (a parallel region
    // forked here reloads `g` and `g->u` from its shared variables, and so
    // does the code after the fork); a caller here reaches them through its
    // call. Not an object moved in (`g->u = v`, a time step's swap): reads
    // of the slot before the store are the one it replaces.
    if (!Callers && isa<CallBase>(States[S].Root) && States[S].P.empty()) {
      unsigned T = state(A, NP, true); // before States[S]: it may grow States
      States[S].Also.push_back(T);
    }
  } else if (std::string K = NP.size() == 1 && NP[0].exact() && Summaries ? fieldKeyAt(Base, NP[0].Lo) : "";
             !K.empty()) {
    // into a struct the module allocated (`g = malloc(sizeof *g); g->u =
    // malloc(..)`, a struct constructor returning g): its type's field,
    // where the modules that load `g->u` find it, and here the struct's
    // own uses (returned to the caller that loads `g->u`)
    States[S].Exits.push_back({K, nullptr});
    Work.push_back({Base, NP});
  } else {
    States[S].Escapes = true; // into heap memory or somewhere unknown
  }
}

/// The object of state S is at path P from parameter A: each caller's
/// memory it passes for A holds it there (the same path, from the caller's
/// pointer), except a bracketed caller's, whose object is its bracket's.
/// True when some caller here passes one.
bool Estimator::callerSlots(unsigned S, Argument &A, const Path &P) {
  bool Callers = false;
  for (Use &U : A.getParent()->uses()) {
    AbstractCallSite ACS(&U);
    if (!ACS || (ACS.isDirectCall() && Bracketed.count(cast<CallBase>(ACS.getInstruction()))))
      continue;
    if (Value *Op = ACS.getCallArgOperand(A.getArgNo()); Op && Op->getType()->isPointerTy()) {
      unsigned T = state(Op, P, true); // before States[S]: it may grow States
      States[S].Also.push_back(T);
      Callers = true;
    }
  }
  return Callers;
}

/// The stores that give slot Off (a pointer's bytes) of frame slot A its
/// value at At: the last store into it on each path to At. False when A has
/// one store into the slot (the one value it holds), when a path
/// reaches the function's entry, or passes a call that may write A, or when
/// A is used in a way other than loads, stores at constant offsets and
/// calls that only read it (a parallel region's shared variables: the fork
/// passes them, the outlined function's parameters are read-only).
static bool reachingStores(AllocaInst *A, int64_t Off, Instruction *At, const DataLayout &DL,
                           SmallVectorImpl<StoreInst *> &Out) {
  uint64_t PtrBytes = DL.getPointerSize();
  DenseMap<const Instruction *, bool> Defs; // true: a store of the slot; false: a call that may write it
  SmallVector<std::pair<const Value *, int64_t>, 8> Work{{A, 0}};
  while (!Work.empty()) {
    auto [V, At0] = Work.pop_back_val();
    for (const Use &U : V->uses()) {
      auto *I = dyn_cast<Instruction>(U.getUser());
      if (!I)
        return false;
      if (auto *G = dyn_cast<GetElementPtrInst>(I)) {
        APInt GO(DL.getIndexTypeSizeInBits(G->getType()), 0);
        if (!G->accumulateConstantOffset(DL, GO) || Work.size() > 32)
          return false;
        Work.push_back({G, At0 + GO.getSExtValue()});
      } else if (auto *SI = dyn_cast<StoreInst>(I)) {
        if (U.getOperandNo() != SI->getPointerOperandIndex())
          return false; // the slot's address stored: not followed
        int64_t Lo = At0, Hi = At0 + int64_t(DL.getTypeStoreSize(SI->getValueOperand()->getType()));
        if (Lo == Off && Hi == Off + int64_t(PtrBytes))
          Defs[SI] = true;
        else if (Lo < Off + int64_t(PtrBytes) && Hi > Off)
          return false; // a part of the slot written
      } else if (auto *CB = dyn_cast<CallBase>(I)) {
        if (isa<LifetimeIntrinsic>(CB))
          continue;
        if (!CB->isArgOperand(&U))
          return false;
        unsigned ArgNo = CB->getArgOperandNo(&U);
        // read only by the call, or by each callback it makes with it (a fork's region)
        bool ReadOnly = CB->onlyReadsMemory(ArgNo), Passed = false, AllRead = true;
        SmallVector<const Use *, 2> CallbackUses;
        AbstractCallSite::getCallbackUses(*CB, CallbackUses);
        for (const Use *CU : CallbackUses) {
          AbstractCallSite ACS(CU);
          Function *Cb = ACS ? ACS.getCalledFunction() : nullptr;
          for (unsigned J = 0; Cb && J < Cb->arg_size(); ++J)
            if (ACS.getCallArgOperand(J) == U.get())
              Passed = true, AllRead &= Cb->onlyReadsMemory() || Cb->getArg(J)->onlyReadsMemory();
        }
        ReadOnly |= Passed && AllRead;
        if (!ReadOnly)
          Defs[CB] = false;
      } else if (!isa<LoadInst>(I)) {
        return false;
      }
    }
  }
  // one store: the value the flow came in by (no other to tell apart)
  if (count_if(Defs, [](const auto &D) { return D.second; }) < 2)
    return false;
  // backwards from At: the first definition on each path
  SmallVector<std::pair<const BasicBlock *, const Instruction *>, 8> Blocks{{At->getParent(), At}};
  SmallPtrSet<const BasicBlock *, 16> Seen;
  while (!Blocks.empty()) {
    auto [BB, From] = Blocks.pop_back_val();
    bool Found = false;
    for (auto It = From ? From->getIterator() : BB->end(); It != BB->begin();) {
      --It;
      auto D = Defs.find(&*It);
      if (D == Defs.end())
        continue;
      if (!D->second)
        return false;
      Out.push_back(cast<StoreInst>(const_cast<Instruction *>(&*It)));
      Found = true;
      break;
    }
    if (Found)
      continue;
    if (BB->isEntryBlock() || Seen.size() > 256)
      return false;
    for (const BasicBlock *Pred : predecessors(BB))
      if (Seen.insert(Pred).second)
        Blocks.push_back({Pred, nullptr});
  }
  return !Out.empty();
}

/// Whether the slot P[0] of Ptr, a frame slot (through constant offsets),
/// holds another object than state S's site's at At, a call given Ptr: every
/// store that can give it its value there stores another fresh allocation
/// (arrays that take turns in a time loop the compiler unrolled, each fork
/// of a parallel region handed `u` and `v` in its shared variables the other
/// way round: each fork's region reads one of them through each).
bool Estimator::otherObjectIn(unsigned S, Value *Ptr, const Path &P, Instruction *At) {
  auto *Root = dyn_cast<CallBase>(States[S].Root);
  if (!Root || !States[S].P.empty() || P.size() != 1 || !P[0].exact())
    return false;
  APInt Off(DL.getIndexTypeSizeInBits(Ptr->getType()), 0);
  auto *A = dyn_cast<AllocaInst>(Ptr->stripAndAccumulateConstantOffsets(DL, Off, /*AllowNonInbounds=*/true));
  SmallVector<StoreInst *, 4> Stores;
  if (!A || !reachingStores(A, Off.getSExtValue() + P[0].Lo, At, DL, Stores))
    return false;
  return all_of(Stores, [&](StoreInst *SI) {
    auto *W = dyn_cast<CallBase>(getUnderlyingObject(SI->getValueOperand()));
    return W && W != Root && !is_contained(W->args(), Root) && freshValue(W, 0);
  });
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
  if (otherObjectIn(S, U.get(), P, &CB))
    return true; // the slot passed holds another object at this call
  bool Seen = false;
  Function *Callee = CB.getCalledFunction();
  if (Callee && !Callee->isDeclaration()) {
    if (ArgNo < Callee->arg_size()) {
      unsigned T = state(Callee->getArg(ArgNo), P, false);
      States[S].Calls.push_back({T, &CB});
      if (std::string R = vectorRange(U, P); !R.empty())
        States[T].Range = R; // the callee's size() loops are the object's size
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
  // the struct another module's function returns into: it fills the
  // fields (each loaded field is a key root of its own), it keeps none
  if (!P.empty() && CB.paramHasAttr(ArgNo, Attribute::StructRet))
    return true;
  // A function of another module (or a library): the object enters its
  // parameter's key, once per call; a struct passed by value, its type's field.
  std::string K;
  bool PerCall = P.empty();
  if (P.empty())
    K = paramKey(*Callee, ArgNo);
  else if (P.size() == 1 && P[0].exact() && CB.isByValArgument(ArgNo))
    K = fieldKey(M, CB.getParamByValType(ArgNo), P[0].Lo);
  else if (P.size() == 1 && P[0].exact()) {
    // the object in a slot of what the call is passed: a struct of this
    // function's frame or a global, filled or read there, by its field key; a library
    // type's slot (a std::vector passed by reference: `axpy(y, x, a)`) or
    // one of no named struct (a Fortran array's descriptor, a `double *`
    // passed by address), of this frame, a global or a parameter, by the
    // callee's deref key, per call (the callee's USEs of it are its calls')
    APInt Off(DL.getIndexTypeSizeInBits(U.get()->getType()), 0);
    Value *Base = nullptr;
    Type *T = typeAtAddress(U.get(), Base, Off); // the type at the address passed
    auto *A = dyn_cast<Argument>(Base);
    // the slot's field key: of that type, or of the struct the parameter
    // passed on points to
    // a program struct whose first member is a library type, passed at its
    // start (`sweep(f.a)` of a class's first std::vector member): that type's
    // (not to a method of the struct: a constructor is given the whole)
    if (StructType *L = T && programKey(fieldKey(M, T, P[0].Lo)) ? libraryAtStart(T) : nullptr;
        L && L != T && P[0].Lo >= 0 && uint64_t(P[0].Lo) < DL.getTypeAllocSize(L) && !methodOf(*Callee, T))
      T = L;
    std::string FK = T ? fieldKey(M, T, P[0].Lo) : A && Off.isZero() ? argFieldKey(*A, P[0].Lo) : "";
    if (T && Off.isZero() && programKey(FK))
      K = FK; // a Fortran main program's derived-type variable is a global
    else if (T && P[0].Lo < 0)
      return true; // a later member of a frame's or global's struct passed: this slot is none of its
    else if (!programKey(FK) && (T || (A && Off.isZero()))) {
      K = derefKey(*Callee, ArgNo, P[0].Lo), PerCall = true;
      if (std::string R = vectorRange(U, P); !R.empty())
        DerefExtent[K] = R;
    }
  }
  if (K.empty())
    return false;
  // a field's key is a slot: the object is there for the run, and the
  // callee's USEs count per call of the root they run under (the join
  // counts its calls through the roots' edges), not per call here
  States[S].Exits.push_back({K, PerCall ? &CB : nullptr});
  return true;
}

Type *Estimator::typeAtAddress(Value *Ptr, Value *&Base, APInt &Off) {
  Base = Ptr->stripAndAccumulateConstantOffsets(DL, Off, true);
  if (auto *AI = dyn_cast<AllocaInst>(Base))
    return typeAt(DL, AI->getAllocatedType(), Off.getSExtValue());
  if (auto *GV = dyn_cast<GlobalVariable>(Base))
    return typeAt(DL, GV->getValueType(), Off.getSExtValue());
  return nullptr;
}

std::string Estimator::vectorRange(const Use &U, const Path &P) {
  if (P.size() != 1 || !P[0].exact() || P[0].Lo != 0)
    return "";
  APInt Off(DL.getIndexTypeSizeInBits(U.get()->getType()), 0);
  Value *Base = nullptr;
  StructType *ST = libraryAtStart(typeAtAddress(U.get(), Base, Off));
  if (!ST || !ST->getName().starts_with("class.std::vector"))
    return "";
  std::string FK = fieldKey(M, ST, 0);
  return FK.empty() ? "" : FK + ":8";
}

std::string Estimator::memberRange(StringRef K) const {
  auto [Name, Off] = K.rsplit('+');
  int64_t O = 0;
  if (!Name.consume_front("%") || Off.getAsInteger(10, O))
    return "";
  auto *ST = StructType::getTypeByName(M.getContext(), Name);
  // the outermost type there, then its first members (the class itself at
  // offset 0, whose first member the vector is)
  for (auto *V = ST ? dyn_cast_or_null<StructType>(typeAt(DL, ST, O)) : nullptr; V && V->getNumElements() > 0;
       V = dyn_cast<StructType>(V->getElementType(0)))
    if (V->hasName() && V->getName().starts_with("class.std::vector"))
      return (K + ":8").str();
  return "";
}

bool Estimator::keyedArray(const GlobalVariable &GV) const {
  auto *AT = dyn_cast<ArrayType>(GV.getValueType());
  return AT && AT->isSized() && !GV.hasLocalLinkage() && !GV.hasCommonLinkage() && !GV.isThreadLocal() &&
         !GV.getName().starts_with(AbiPrefix) && GV.getSection() != SiteSection &&
         DL.getTypeAllocSize(AT) >= MinGlobalSize;
}

/// The value a flow follows is lane Lane of the vector of pointers Vec (the
/// SLP vectoriser's: two adjacent fields stored at once, `g->u = p; g->v =
/// q` as one `<2 x ptr>` store, or a swap of them loaded, shuffled and
/// stored back): where the lane goes. False when somewhere not followed.
bool Estimator::lanes(unsigned S, Value *Vec, unsigned Lane, const Path &P,
                      std::vector<std::pair<Value *, Path>> &Work, unsigned Depth) {
  auto *VT = dyn_cast<FixedVectorType>(Vec->getType());
  if (!VT || Depth > 4)
    return false;
  int64_t Bytes = int64_t(DL.getTypeStoreSize(VT->getElementType()));
  for (Use &U : Vec->uses()) {
    User *Us = U.getUser();
    if (auto *IE = dyn_cast<InsertElementInst>(Us); IE && U.getOperandNo() == 0) {
      auto *Idx = dyn_cast<ConstantInt>(IE->getOperand(2));
      if (!Idx)
        return false;
      if (Idx->getZExtValue() != Lane && !lanes(S, IE, Lane, P, Work, Depth + 1))
        return false; // (the lane written over: no longer the value)
    } else if (auto *SV = dyn_cast<ShuffleVectorInst>(Us)) {
      unsigned From = Lane + (U.getOperandNo() == 1 ? unsigned(VT->getNumElements()) : 0);
      for (unsigned K = 0; K < SV->getShuffleMask().size(); ++K)
        if (SV->getMaskValue(K) == int(From) && !lanes(S, SV, K, P, Work, Depth + 1))
          return false;
    } else if (auto *EE = dyn_cast<ExtractElementInst>(Us)) {
      auto *Idx = dyn_cast<ConstantInt>(EE->getIndexOperand());
      if (!Idx)
        return false;
      if (Idx->getZExtValue() == Lane)
        Work.push_back({EE, P});
    } else if (auto *SI = dyn_cast<StoreInst>(Us); SI && U.getOperandNo() == 0) {
      slot(S, SI->getPointerOperand(), P, false, Work, int64_t(Lane) * Bytes);
    } else if (!isa<ICmpInst>(Us)) {
      return false;
    }
  }
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
    else if (P0.empty() && Summaries && keyedArray(*GV)) {
      if (!GV->isDeclaration()) // the module that defines (and registers) it: the object is there for the run
        States[S].Exits.push_back({arrayKey(*GV), nullptr});
    } else
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
        } else if (auto *VT = dyn_cast<FixedVectorType>(LI->getType());
                   VT && VT->getElementType()->isPointerTy() && P[0].exact() && P[0].Lo >= 0 &&
                   P[0].Lo < int64_t(DL.getTypeStoreSize(VT)) &&
                   P[0].Lo % int64_t(DL.getTypeStoreSize(VT->getElementType())) == 0) {
          // the slot read as one lane of several (an SLP-vectorised swap)
          unsigned Lane = unsigned(P[0].Lo / int64_t(DL.getTypeStoreSize(VT->getElementType())));
          if (!lanes(S, LI, Lane, Path(P.begin() + 1, P.end()), Work))
            States[S].Escapes = true;
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
        // other modules' callers: the object itself escapes to them; one in a
        // field of a struct the module allocated is found there by the
        // field's key (slot: a struct constructor's members)
        APInt Off(DL.getIndexTypeSizeInBits(V->getType()), 0);
        const Value *Ret = V->stripAndAccumulateConstantOffsets(DL, Off, true);
        bool Keyed = P.size() == 1 && P[0].exact() && Summaries && isa<CallBase>(Ret) &&
                     !fieldKeyAt(Ret, P[0].Lo + Off.getSExtValue()).empty();
        if (!F->hasLocalLinkage() && !Keyed)
          States[S].Escapes = true;
        // a bracketed caller's result is its bracket's object, but what that
        // object holds (P: a member) is still this one
        for (Use &FU : F->uses())
          if (AbstractCallSite ACS(&FU);
              ACS && ACS.isDirectCall() && (!P.empty() || !Bracketed.count(ACS.getInstruction()))) {
            unsigned T = state(ACS.getInstruction(), P, true);
            States[S].Also.push_back(T);
          }
      } else if (isa<ICmpInst>(I) || isa<PtrToIntInst>(I)) {
        // comparisons and alignment checks: no access
      } else if (auto *IE = dyn_cast<InsertElementInst>(I);
                 IE && U.getOperandNo() == 1 && isa<ConstantInt>(IE->getOperand(2))) {
        // one lane of a vector of pointers (SLP: two fields stored at once)
        if (!lanes(S, IE, unsigned(cast<ConstantInt>(IE->getOperand(2))->getZExtValue()), P, Work))
          States[S].Escapes = true;
      } else if (isa<InsertValueInst>(I) || isa<InsertElementInst>(I) || isa<ExtractValueInst>(I)) {
        States[S].Escapes = true; // into an aggregate value: not followed
      } else {
        States[S].Escapes = true;
      }
    }
  }
}

void Estimator::addRoot(GlobalVariable *Rec, Instruction *At, Value *V, Path P) {
  Roots[Rec].push_back(state(V, P, true));
  Anchors.try_emplace(Rec, At);
}

/// A value that is a fresh heap object: an entry point's result, or the
/// result of a function of the module that returns one (or null) on every
/// path; through casts, phis and selects with null.
bool Estimator::freshValue(Value *V, unsigned Depth) {
  V = V->stripPointerCasts();
  if (isa<ConstantPointerNull>(V))
    return false;
  SmallVector<Value *, 4> Ins;
  if (auto *Ph = dyn_cast<PHINode>(V))
    Ins.append(Ph->incoming_values().begin(), Ph->incoming_values().end());
  else if (auto *Se = dyn_cast<SelectInst>(V))
    Ins = {Se->getTrueValue(), Se->getFalseValue()};
  if (!Ins.empty()) {
    bool Any = false;
    for (Value *In : Ins) {
      if (isa<ConstantPointerNull>(In->stripPointerCasts()))
        continue;
      if (Depth >= 4 || In == V || !freshValue(In, Depth + 1))
        return false;
      Any = true;
    }
    return Any;
  }
  auto *CB = dyn_cast<CallBase>(V);
  Function *G = CB ? CB->getCalledFunction() : nullptr;
  if (!G)
    return false;
  if (std::optional<ObjectRole> R = roleOf(G->getName()); R && R->Entry && R->OutArg < 0)
    return true;
  if (G->isDeclaration() || Depth >= 4 || !G->getReturnType()->isPointerTy())
    return false;
  auto [It, New] = FreshReturn.try_emplace(G, false); // false while in progress: recursion is not fresh
  if (!New)
    return It->second;
  bool All = false;
  for (BasicBlock &BB : *G)
    if (auto *Ret = dyn_cast<ReturnInst>(BB.getTerminator())) {
      if (!Ret->getReturnValue() || !freshValue(Ret->getReturnValue(), Depth + 1))
        return FreshReturn[G] = false;
      All = true;
    }
  return FreshReturn[G] = All;
}

const SmallVector<std::pair<unsigned, int64_t>, 2> &Estimator::freshSlots(Function *F, unsigned Depth) {
  auto [It, New] = FreshSlots.try_emplace(F);
  if (!New || F->isDeclaration())
    return It->second;
  SmallVector<std::pair<unsigned, int64_t>, 2> Out;
  auto add = [&](Value *Dst, int64_t More) { // into F's own argument: the caller's memory
    APInt Off(DL.getIndexTypeSizeInBits(Dst->getType()), 0);
    auto *A = dyn_cast<Argument>(Dst->stripAndAccumulateConstantOffsets(DL, Off, /*AllowNonInbounds=*/true));
    if (A && Out.size() < 4)
      Out.push_back({A->getArgNo(), Off.getSExtValue() + More});
  };
  for (Instruction &I : instructions(*F)) {
    if (auto *SI = dyn_cast<StoreInst>(&I)) {
      if (SI->getValueOperand()->getType()->isPointerTy() && freshValue(SI->getValueOperand(), 0))
        add(SI->getPointerOperand(), 0);
    } else if (auto *CB = dyn_cast<CallBase>(&I)) {
      Function *G = CB->getCalledFunction();
      if (!G || G == F || G->isDeclaration() || Depth >= 3)
        continue;
      SmallVector<std::pair<unsigned, int64_t>, 2> Inner = freshSlots(G, Depth + 1); // a copy: the map may grow
      for (auto [J, O] : Inner)
        if (J < CB->arg_size() && CB->getArgOperand(J)->getType()->isPointerTy())
          add(CB->getArgOperand(J), O);
    }
  }
  return FreshSlots[F] = Out;
}

/// Step 1: the roots of every record.
void Estimator::findRoots() {
  for (GlobalVariable &GV : M.globals())
    if (GV.getSection() == SiteSection)
      Records.push_back(&GV);
  // bracketed calls of this module's wrappers: sized once every site is
  // (sizeAt takes a wrapper's size from its own site's)
  SmallVector<std::pair<GlobalVariable *, CallBase *>, 4> Wrapped;
  DenseMap<GlobalVariable *, bool> IsMember; // a record flagged OLI_SITE_F_MEMBER
  for (Function &F : M) {
    if (F.isDeclaration())
      continue;
    SmallVector<CallBase *, 8> Enters, Entries, Calls, Fills;
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
      else if ((R && R->Bracket) || (CB->getType()->isPointerTy() && !N.starts_with(AbiPrefix)))
        Calls.push_back(CB); // an object only inside a bracket (another file's wrapper too: EXTERN)
      else if (!Callee->isDeclaration())
        Fills.push_back(CB); // a bracket's object may come out through an argument (a constructor)
    }
    DominatorTree *DT = Enters.empty() ? nullptr : &FAM.getResult<DominatorTreeAnalysis>(F);
    // The outermost bracket around a call names its object, as in the runtime.
    // A record's enter may be on several paths (one per branch before it, its
    // results joined by a phi for the leave): the enters of one record cover
    // a call when every path from the function's entry to it passes one.
    DenseMap<GlobalVariable *, SmallVector<CallBase *, 2>> EntersOf;
    for (CallBase *E : Enters)
      EntersOf[asRecord(E->getArgOperand(0))].push_back(E);
    auto covers = [&](ArrayRef<CallBase *> S, Instruction *I) {
      for (CallBase *E : S)
        if (DT->dominates(E, I))
          return true;
      if (S.size() < 2)
        return false; // one enter covers what it dominates; the walk is for copies
      SmallPtrSet<BasicBlock *, 16> Has, Seen;
      for (CallBase *E : S)
        Has.insert(E->getParent());
      SmallVector<BasicBlock *, 16> Work = {&F.getEntryBlock()};
      while (!Work.empty()) {
        BasicBlock *B = Work.pop_back_val();
        if (!Seen.insert(B).second)
          continue;
        if (B == I->getParent()) {
          bool Before = false;
          for (CallBase *E : S)
            Before |= E->getParent() == B && E->comesBefore(I);
          if (!Before)
            return false; // a path reaches I outside the bracket
          continue;
        }
        if (Has.count(B))
          continue;
        for (BasicBlock *Succ : successors(B))
          Work.push_back(Succ);
      }
      return true;
    };
    // a leave of the bracket (its argument an enter's result, or a phi of them) before I
    auto left = [&](ArrayRef<CallBase *> S, Instruction *I) {
      SmallPtrSet<Value *, 4> Results(S.begin(), S.end());
      for (CallBase *E : S)
        for (User *U : E->users())
          if (auto *Ph = dyn_cast<PHINode>(U))
            Results.insert(Ph);
      for (Value *R : Results)
        for (User *U : R->users())
          if (auto *L = dyn_cast<CallBase>(U))
            if (L->getCalledFunction() && L->getCalledFunction()->getName() == SiteLeaveName && DT->dominates(L, I))
              return true;
      return false;
    };
    // a member of a wrapper's object (OLI_SITE_F_MEMBER: the wrapper inlined
    // here) keeps its own site inside any bracket, and a bracketed call of
    // one is the bracket of what runs inside it, as in the runtime
    auto member = [&](GlobalVariable *Rec) {
      auto [It, New] = IsMember.try_emplace(Rec, false);
      SiteInfo Info; // each record read once, not per call and bracket asked about
      if (New)
        It->second = Rec && readSiteRecord(*Rec, Info) && (Info.Flags & FlagMember);
      return It->second;
    };
    auto bracketOf = [&](CallBase *CB) -> GlobalVariable * {
      GlobalVariable *Outer = nullptr, *Member = nullptr;
      for (auto &[Rec, S] : EntersOf) {
        if (!covers(S, CB) || left(S, CB))
          continue;
        if (member(Rec)) {
          if (!Member || covers(EntersOf[Member], S.front()))
            Member = Rec; // the innermost
        } else if (!Outer || covers(S, EntersOf[Outer].front())) {
          Outer = Rec;
        }
      }
      return Member ? Member : Outer;
    };
    // The object reaches its slot: posix_memalign's *out, a descriptor's base address.
    auto slotRoot = [&](GlobalVariable *Rec, CallBase *CB, unsigned Arg) {
      Value *Dst = CB->getArgOperand(Arg);
      APInt Off(DL.getIndexTypeSizeInBits(Dst->getType()), 0);
      Value *Base = Dst->stripAndAccumulateConstantOffsets(DL, Off, /*AllowNonInbounds=*/true);
      addRoot(Rec, CB, Base, {Slot::at(Off.getSExtValue())});
    };
    // The size of a record's object; none when its calls disagree (a copy
    // the optimiser made on a path it could not simplify counts for none).
    auto noteSize = [&](GlobalVariable *Rec, CallBase *CB) {
      std::optional<Sample> S = sizeAt(*CB);
      if (S && S->Value > 0 && !S->Syms.empty()) {
        SmallVector<Sample, 2> &Cs = CopySizes[Rec];
        if (none_of(Cs, [&](const Sample &X) { return X.Value == S->Value && X.Syms == S->Syms; }))
          Cs.push_back(*S), CopyCalls[Rec].push_back(CB);
      }
      auto [It, New] = SizeOf.try_emplace(Rec, S);
      if (S && (New || !It->second))
        SizeCall[Rec] = CB;
      if (New || !S)
        return;
      auto shared = [&](const Sample &X) { return all_of(X.Syms, [&](unsigned Y) { return Space.shared(Y); }); };
      if (!It->second) {
        It->second = S, Disagree.erase(Rec);
      } else if (It->second->Value != S->Value) {
        // a copy inlined where the size is a constant: that constant, for the
        // counts known as numbers (two constants: none)
        for (const Sample *X : {&*It->second, &*S})
          if (X->Syms.empty()) {
            auto [C, NewC] = ConstSizeOf.try_emplace(Rec, X->Value);
            if (!NewC && C->second != X->Value)
              C->second = 0;
          }
        // an inlined copy names the size by its caller's values (`grid_create`'s
        // n), the function's own by a field every module names (`g->n = n`):
        // the latter is the one other modules' loops can be counted against
        bool Was = shared(*It->second), Is = shared(*S);
        if (Is && !Was)
          It->second = S, SizeCall[Rec] = CB;
        else if (Is || !Was)
          Disagree.insert(Rec);
      }
    };
    for (CallBase *CB : Entries) {
      GlobalVariable *Own = asRecord(CB->getArgOperand(CB->arg_size() - 1));
      GlobalVariable *Rec = Enters.empty() || member(Own) ? nullptr : bracketOf(CB);
      if (!Rec)
        Rec = Own;
      noteSize(Rec, CB);
      EntryCalls[Rec].push_back(CB);
      if (int Out = roleOf(CB->getCalledFunction()->getName())->OutArg; Out >= 0)
        slotRoot(Rec, CB, unsigned(Out));
      else
        addRoot(Rec, CB, CB, {});
    }
    // std::vector<double> u(n): the bracketed constructor stores the object
    // into the caller's vector (this->start): the slot is the bracket's root
    for (CallBase *CB : Fills)
      if (GlobalVariable *Rec = Enters.empty() ? nullptr : bracketOf(CB))
        for (auto [J, O] : freshSlots(CB->getCalledFunction()))
          if (J < CB->arg_size()) {
            Bracketed.insert(CB);
            APInt Off(DL.getIndexTypeSizeInBits(CB->getArgOperand(J)->getType()), 0);
            Value *Base = CB->getArgOperand(J)->stripAndAccumulateConstantOffsets(DL, Off, true);
            addRoot(Rec, CB, Base, {Slot::at(Off.getSExtValue() + O)});
            // into the vector a caller passed (`init(v, n)` calling
            // `v.resize(n)`): the caller's vector holds it, as a store
            // through the parameter gives (slot); in another module, by that
            // slot's field key
            auto *A = dyn_cast<Argument>(Base);
            if (A)
              (void)callerSlots(Roots[Rec].back(), *A, {Slot::at(Off.getSExtValue() + O)});
            if (A && Summaries && !A->getParent()->hasLocalLinkage())
              if (std::string K = argFieldKey(*A, Off.getSExtValue() + O); !K.empty())
                States[Roots[Rec].back()].Exits.push_back({K, nullptr});
          }
    for (CallBase *CB : Calls)
      if (GlobalVariable *Rec = Enters.empty() ? nullptr : bracketOf(CB)) {
        Bracketed.insert(CB); // a wrapper's result goes to the bracket, not to the wrapper's own sites
        // another file's wrapper: sized by the hypothesis (sizeAt), keyed
        // privately by the wrapper and its integer arguments
        if (Function *W = CB->getCalledFunction(); W->isDeclaration() && !roleOf(W->getName())) {
          std::string K = "~" + W->getName().str();
          for (unsigned J = 0; J < CB->arg_size(); ++J)
            if (Value *A = CB->getArgOperand(J); A->getType()->isIntegerTy()) {
              K += "#" + std::to_string(J);
              // a constant (an alignment, a tag): the join divides it out
              // when the wrapper's size does not read that parameter
              if (auto *CI = dyn_cast<ConstantInt>(A); CI && CI->getValue().isStrictlyPositive() &&
                                                        CI->getValue().getActiveBits() < 32)
                K += "=" + std::to_string(CI->getZExtValue());
            }
          auto [It, New] = WrapKey.try_emplace(Rec, K);
          if (!New && It->second != K)
            Disagree.insert(Rec);
          WrapCalls.insert(CB);
        }
        noteSize(Rec, CB);
        if (!CB->getCalledFunction()->isDeclaration())
          Wrapped.push_back({Rec, CB});
        if (std::optional<ObjectRole> R = roleOf(CB->getCalledFunction()->getName()); R && R->OutArg >= 0)
          slotRoot(Rec, CB, unsigned(R->OutArg));
        else
          addRoot(Rec, CB, CB, {});
      }
  }
  for (auto [Rec, CB] : Wrapped)
    if (auto It = SizeOf.find(Rec); It != SizeOf.end() && !It->second && !Disagree.count(Rec))
      if (std::optional<Sample> S = sizeAt(*CB))
        It->second = S, SizeCall[Rec] = CB;
  for (auto &[Rec, Calls] : EntryCalls)
    if (std::optional<Sample> S = Calls.size() > 1 ? mergedSize(Calls) : std::nullopt) {
      SizeOf[Rec] = S, SizeCall[Rec] = Calls.back();
      Disagree.erase(Rec), ConstSizeOf.erase(Rec);
    }
}


SmallVector<Value *, 4> Estimator::sameArgValues(Argument &A) {
  SmallVector<Value *, 4> Out{&A};
  for (User *U : A.users()) {
    auto *SI = dyn_cast<StoreInst>(U);
    auto *Slot = SI && SI->getValueOperand() == &A ? dyn_cast<AllocaInst>(SI->getPointerOperand()) : nullptr;
    if (!Slot)
      continue;
    // the slot holds A for good: stored with A only, otherwise read, by
    // loads and by parallel regions that only read it
    SmallVector<Value *, 4> Reads;
    bool Holds = all_of(Slot->users(), [&](User *SU) {
      if (auto *S2 = dyn_cast<StoreInst>(SU))
        return S2->getValueOperand() == &A && S2->getPointerOperand() == Slot;
      if (auto *LI = dyn_cast<LoadInst>(SU))
        return Reads.push_back(LI), true;
      if (auto *II = dyn_cast<IntrinsicInst>(SU))
        return II->isLifetimeStartOrEnd() || isa<DbgInfoIntrinsic>(II);
      auto *CB = dyn_cast<CallBase>(SU);
      if (!CB || !regionsRead(*CB, Slot))
        return false;
      append_range(Reads, regionLoads(*CB, Slot));
      return true;
    });
    if (Holds)
      for (Value *R : Reads)
        if (R->getType()->isPointerTy())
          Out.push_back(R);
  }
  return Out;
}

/// Key roots: every place through which another module's object may come
/// into this one. A pointer parameter of a function other modules can call
/// (per call); a pointer slot of a global other modules name, loaded here; a
/// pointer field of a struct passed by value (per run).
void Estimator::findKeys() {
  // each state once per key, however many loads reach it
  auto root = [&](const std::string &K, unsigned S, double PerCall) {
    std::vector<std::pair<unsigned, double>> &R = KeyRoots[K];
    if (none_of(R, [&](const std::pair<unsigned, double> &E) { return E.first == S; }))
      R.push_back({S, PerCall});
  };
  for (Function &F : M) {
    if (F.isDeclaration() || F.hasLocalLinkage() || isProgramMain(F) || F.getName().starts_with(AbiPrefix) ||
        F.hasOptNone())
      continue;
    // a function without loops (nor memcpy/memset, a loop the optimiser
    // recognised) touches another module's object a few times per call:
    // its parameters are no key worth the analyses
    // ... nor forks a parallel region that has (`#pragma omp parallel for`:
    // the loops are in the outlined function __kmpc_fork_call runs)
    auto sweeps = [&](Function &G) {
      return !FAM.getResult<LoopAnalysis>(G).empty() ||
             any_of(instructions(G), [](const Instruction &I) { return isa<MemIntrinsic>(I); });
    };
    auto forks = [&] {
      return any_of(instructions(F), [&](Instruction &I) {
        auto *CB = dyn_cast<CallBase>(&I);
        SmallVector<const Use *, 2> CallbackUses;
        if (CB)
          AbstractCallSite::getCallbackUses(*CB, CallbackUses);
        return any_of(CallbackUses, [&](const Use *CU) {
          AbstractCallSite ACS(CU);
          Function *Cb = ACS ? ACS.getCalledFunction() : nullptr;
          return Cb && !Cb->isDeclaration() && sweeps(*Cb);
        });
      });
    };
    // ... nor calls a function of this module that has (a driver handing
    // g->b to a static kernel: `relax(g->b, g->n)`)
    auto callsSweeper = [&] {
      return any_of(instructions(F), [&](Instruction &I) {
        auto *CB = dyn_cast<CallBase>(&I);
        Function *C = CB ? CB->getCalledFunction() : nullptr;
        return C && C != &F && !C->isDeclaration() && !C->hasOptNone() && sweeps(*C);
      });
    };
    bool Loops = sweeps(F) || forks() || callsSweeper();
    for (Argument &A : F.args()) {
      // ... but one that hands it on to another module's function (a driver
      // whose time loop was unrolled: solve(a, n) calling relax(a, n) ten
      // times) is a key, the edge from it carrying the object on
      auto handsOn = [&] {
        return any_of(A.users(), [](const User *U) {
          auto *CB = dyn_cast<CallBase>(U);
          const Function *C = CB ? CB->getCalledFunction() : nullptr;
          return C && C->isDeclaration() && !C->isIntrinsic();
        });
      };
      // ... or one that moves a pointer from one field of it into another (a
      // time step's swap `t = g->cur; g->cur = g->next; g->next = t` in a
      // file of its own): its edges between the field keys tell the join
      // each object holds each field half the time
      auto movesFields = [&] {
        std::vector<std::pair<int64_t, LoadInst *>> Loads;
        std::vector<std::pair<int64_t, StoreInst *>> Stores;
        pointerSlots(
            &A, DL, 64, [&](int64_t Off, LoadInst *LI) { Loads.push_back({Off, LI}); },
            [&](int64_t Off, StoreInst *SI) { Stores.push_back({Off, SI}); });
        bool Moves = false;
        for (auto &[SO, SI] : Stores)
          for (auto &[LO, LI] : Loads)
            Moves |= LO != SO && SI->getValueOperand() == LI;
        // ... or both at once: a `<2 x ptr>` load, its lanes exchanged, stored back
        for (User *U : A.users())
          for (User *L : isa<GEPOperator>(U) ? SmallVector<User *, 4>(U->users()) : SmallVector<User *, 4>{U})
            if (auto *LI = dyn_cast<LoadInst>(L))
              Moves |= laneSwap(*LI);
        return Moves;
      };
      if (!A.getType()->isPointerTy() || A.hasStructRetAttr() ||
          (!Loops && !F.getParamByValType(A.getArgNo()) && !handsOn() && !movesFields()))
        continue;
      // a struct passed by value, or one the parameter points to
      // (StructParams.h): each pointer field the function loads, by constant
      // offset; a struct passed by value is no parameter key of its own
      Type *BT = F.getParamByValType(A.getArgNo());
      StringRef Named = BT ? "" : structParam(A);
      // the struct's loads through A, or through the values that are A
      // (a parallel region reads `g->u` through its shared variable): each
      // pointer slot of the program's own struct types by its field key;
      // a library type's slot (`std::vector<double> &y`) or one of no
      // named struct (a Fortran assumed-shape dummy's descriptor) by A's
      // deref key, per call (the callers say which object is there), and
      // an edge into it from the library type's key for the objects no
      // caller names (common/summary.h, version 7)
      for (Value *Same : BT ? SmallVector<Value *, 4>{&A} : sameArgValues(A)) {
        bool Direct = false; // Same's own loads (offset 0): all at once, with the first
        for (User *U : Same->users()) {
          Value *V = U;
          APInt Off(DL.getIndexTypeSizeInBits(A.getType()), 0);
          if (auto *LI = dyn_cast<LoadInst>(U); LI && LI->getPointerOperand() == Same) {
            if (std::exchange(Direct, true))
              continue;
            V = Same;
          } else if (auto *G = dyn_cast<GEPOperator>(U); !G || !G->accumulateConstantOffset(DL, Off)) {
            continue;
          }
          int64_t O0 = Off.getSExtValue();
          for (User *L : V->users()) {
            // a pointer, or pointers side by side read as one vector (the SLP
            // vectoriser's swap of two fields): each lane's field
            auto *LI = dyn_cast<LoadInst>(L);
            auto *VT = LI ? dyn_cast<FixedVectorType>(LI->getType()) : nullptr;
            unsigned Lanes = VT && VT->getElementType()->isPointerTy() ? unsigned(VT->getNumElements()) : 1;
            if (!LI || LI->getPointerOperand() != V || (Lanes == 1 && !LI->getType()->isPointerTy()))
              continue;
            int64_t Step = VT ? int64_t(DL.getTypeStoreSize(VT->getElementType())) : 0;
            for (unsigned Lane = 0; Lane < Lanes; ++Lane) {
              int64_t O = O0 + Lane * Step;
              std::string K = BT ? fieldKey(M, BT, O) : Named.empty() ? "" : fieldKey(M, Named, O);
              if (BT ? !K.empty() : programKey(K)) {
                root(K, state(&A, {Slot::at(O)}, true), 0.0);
              } else if (!BT) {
                std::string D = derefKey(F, A.getArgNo(), O);
                root(D, state(&A, {Slot::at(O)}, false), 1.0);
                if (!K.empty())
                  Unclaimed.insert({K, D});
              }
            }
          }
        }
      }
      if (BT)
        continue;
      root(paramKey(F, A.getArgNo()), state(&A, {}, false), 1.0);
      KeyFns.insert(&F);
    }
  }
  // A struct another module's function returns by value (sret) into memory
  // of this one, or fills through a pointer (`grid_alloc(&g, n)`): each
  // pointer field loaded here, by its type's field key.
  for (Function &F : M) {
    if (!F.isDeclaration() || F.isIntrinsic() || F.getName().starts_with(AbiPrefix))
      continue;
    for (User *U : F.users()) {
      auto *CB = dyn_cast<CallBase>(U);
      if (!CB || CB->getCalledFunction() != &F)
        continue;
      for (unsigned I = 0; I < CB->arg_size(); ++I) {
        if (!CB->getArgOperand(I)->getType()->isPointerTy())
          continue;
        APInt Base(DL.getIndexTypeSizeInBits(CB->getArgOperand(I)->getType()), 0);
        Value *Held = CB->getArgOperand(I)->stripAndAccumulateConstantOffsets(DL, Base, true);
        // the caller's frame struct, or a variable of the module's own (a
        // Fortran main program's `type(field_t) :: fld`, flang's internal
        // global, which `call alloc(fld, n)` fills and whose components the
        // program loads and passes on: `call scale(fld%u)`)
        Value *A = isa<AllocaInst>(Held) ? Held : nullptr;
        auto *OwnGV = dyn_cast<GlobalVariable>(Held);
        if (OwnGV && OwnGV->hasLocalLinkage() && !OwnGV->isDeclaration())
          A = OwnGV;
        auto *ST = dyn_cast_or_null<StructType>(CB->getParamStructRetType(I));
        if (!ST && A)
          ST = dyn_cast<StructType>(isa<AllocaInst>(A) ? cast<AllocaInst>(A)->getAllocatedType() : OwnGV->getValueType());
        if (!A || !ST || !Base.isZero() || ST->isOpaque() || ST->isLiteral())
          continue;
        // the pointer fields loaded here (the struct itself or at a
        // constant offset); asking for no analysis of a caller that loads none
        std::set<int64_t> Loaded;
        auto loadsPointer = [](User *U, Value *From) {
          auto *LI = dyn_cast<LoadInst>(U);
          return LI && LI->getType()->isPointerTy() && LI->getPointerOperand() == From;
        };
        for (User *AU : A->users()) {
          APInt Off(DL.getIndexTypeSizeInBits(A->getType()), 0);
          if (loadsPointer(AU, A))
            Loaded.insert(0);
          else if (auto *G = dyn_cast<GEPOperator>(AU); G && G->accumulateConstantOffset(DL, Off) &&
                                                        any_of(G->users(), [&](User *L) { return loadsPointer(L, G); }))
            Loaded.insert(Off.getSExtValue());
        }
        const StructLayout *SL = DL.getStructLayout(ST);
        // a pointer field, also one inside a member (a std::vector member's
        // data pointer, which a loop of this function over `f.u` loads)
        auto pointerAt = [&](int64_t Off) {
          Type *T = ST;
          while (auto *In = dyn_cast<StructType>(T)) {
            const StructLayout *L = DL.getStructLayout(In);
            if (Off < 0 || uint64_t(Off) >= L->getSizeInBytes())
              return false;
            unsigned I = L->getElementContainingOffset(uint64_t(Off));
            Off -= int64_t(L->getElementOffset(I));
            T = In->getElementType(I);
          }
          return Off == 0 && T->isPointerTy();
        };
        for (int64_t Off : Loaded)
          if (pointerAt(Off) && info(*CB->getFunction()))
            if (std::string K = fieldKey(M, ST, Off); !K.empty())
              root(K, state(A, {Slot::at(Off)}, true), 0.0);
        // ... and its members of a library type handed by address to
        // another module's function (`scale(f.u, a)`, f.u a
        // std::vector<double> the constructor filled): the member's key,
        // its objects on to the callee's deref key
        for (User *AU : A->users()) {
          APInt Off(DL.getIndexTypeSizeInBits(A->getType()), 0);
          auto *G = dyn_cast<GEPOperator>(AU);
          if (!G || !G->accumulateConstantOffset(DL, Off) || Off.isNegative() ||
              Off.getZExtValue() >= SL->getSizeInBytes())
            continue;
          unsigned I = SL->getElementContainingOffset(Off.getZExtValue());
          auto *In = dyn_cast<StructType>(ST->getElementType(I));
          bool Passed = any_of(G->users(), [&](User *U) {
            auto *C = dyn_cast<CallBase>(U);
            Function *F2 = C ? C->getCalledFunction() : nullptr;
            return F2 && F2->isDeclaration() && !F2->isIntrinsic() && C->hasArgument(G);
          });
          if (Passed && In && In->hasName() && In->getName().contains("std::") &&
              SL->getElementOffset(I) == Off.getZExtValue() && info(*CB->getFunction()))
            if (std::string K = fieldKey(M, ST, Off.getSExtValue()); !K.empty())
              root(K, state(A, {Slot::at(Off.getSExtValue())}, true), 0.0);
        }
      }
    }
  }
  // The pointer another module's function returns (an accessor defined out
  // of line, `double *x = m.x()`), swept here: the result key "fn#r", per run
  // of the root this runs under; the defining module's edge from the slot
  // the function loads leads the slot's objects into it (common/summary.h,
  // version 8)
  TargetLibraryInfoImpl TLII{Triple(M.getTargetTriple())};
  TargetLibraryInfo TLI(TLII);
  for (Function &F : M) {
    if (F.isDeclaration() || F.getName().starts_with(AbiPrefix) || F.hasOptNone() ||
        FAM.getResult<LoopAnalysis>(F).empty())
      continue;
    for (Instruction &I : instructions(F)) {
      auto *CB = dyn_cast<CallBase>(&I);
      Function *C = CB ? CB->getCalledFunction() : nullptr;
      LibFunc LF;
      if (!C || !C->isDeclaration() || C->isIntrinsic() || !CB->getType()->isPointerTy() || CB->use_empty() ||
          TLI.getLibFunc(*C, LF) || roleOf(C->getName()) || C->getName().starts_with(AbiPrefix) ||
          C->getName().starts_with("__") || C->getName().starts_with("_Fortran") || WrapCalls.count(CB) ||
          Bracketed.count(CB))
        continue;
      if (info(F))
        root(C->getName().str() + "#r", state(CB, {}, true), 0.0);
    }
  }
  for (GlobalVariable &GV : M.globals()) {
    if (GV.hasLocalLinkage() || GV.getName().starts_with(AbiPrefix) || GV.getSection() == SiteSection)
      continue;
    // A global array (keyedArray): the object itself, key "@name"; every
    // module that touches it gives a USE of it (flow: the EDGE)
    if (keyedArray(GV) && !GV.use_empty())
      root(arrayKey(GV), state(&GV, {}, true), 0.0);
    pointerSlots(
        &GV, DL, ~0u,
        [&](int64_t Off, LoadInst *LI) {
          if (info(*LI->getFunction()))
            root(globalKey(GV, Off), state(&GV, {Slot::at(Off)}, true), 0.0);
        },
        [&](int64_t Off, StoreInst *) {
          // the module defining the global summarises each pointer slot it
          // fills, loaded or not: the key is known, not a library's
          if (!GV.isDeclaration())
            root(globalKey(GV, Off), state(&GV, {Slot::at(Off)}, true), 0.0);
        });
  }
}

} // namespace intensity
} // namespace oli
