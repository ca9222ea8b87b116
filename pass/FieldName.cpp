//===- FieldName.cpp - names of heap objects stored into struct fields ----===//
//
// See FieldName.h. The store is found in the IR first (the call's result,
// through casts, stored through GEPs over struct types with constant field
// indices); the IR decides whether there is a field, debug info or the source
// line only what it is called.
//
//===----------------------------------------------------------------------===//
#include "FieldName.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/BinaryFormat/Dwarf.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/DebugInfo.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/DebugProgramInstruction.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Operator.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <cctype>

using namespace llvm;

namespace oli {

constexpr uint64_t MaxSourceFile = 64ULL << 20; // larger files are not read
constexpr unsigned MaxContinuations = 40;         // lines of one Fortran statement read at most
constexpr unsigned MaxCastWalk = 3;

namespace {
/// The struct fields a store goes through, outermost first, and the value
/// the first GEP starts from.
struct FieldPath {
  Value *Base = nullptr;
  SmallVector<std::pair<StructType *, unsigned>, 4> Fields;
};
} // namespace

/// The store of V (or of a cast of it) into memory, or null.
static StoreInst *storeOf(Value *V, unsigned Depth = 0) {
  for (User *U : V->users()) {
    if (auto *SI = dyn_cast<StoreInst>(U))
      if (SI->getValueOperand() == V)
        return SI;
    if (isa<CastInst>(U) && Depth < MaxCastWalk)
      if (StoreInst *SI = storeOf(U, Depth + 1))
        return SI;
  }
  return nullptr;
}

/// Walks the GEP chain of a store's pointer down to its base; false when a
/// step is not a constant struct field (an array element, a variable index).
static bool fieldPath(Value *Ptr, FieldPath &FP) {
  while (auto *G = dyn_cast<GEPOperator>(Ptr)) {
    SmallVector<std::pair<StructType *, unsigned>, 4> Here;
    Type *T = G->getSourceElementType();
    auto Idx = G->idx_begin();
    auto *First = dyn_cast<ConstantInt>(*Idx);
    if (!First || !First->isZero())
      return false;
    for (++Idx; Idx != G->idx_end(); ++Idx) {
      auto *ST = dyn_cast<StructType>(T);
      auto *CI = dyn_cast<ConstantInt>(*Idx);
      if (!ST || !CI || CI->getZExtValue() >= ST->getNumElements())
        return false;
      unsigned I = CI->getZExtValue();
      Here.push_back({ST, I});
      T = ST->getElementType(I);
    }
    FP.Fields.insert(FP.Fields.begin(), Here.begin(), Here.end());
    Ptr = G->getPointerOperand();
  }
  FP.Base = Ptr;
  return !FP.Fields.empty();
}

/// The variable declared at V (dbg.declare or a #dbg_declare record).
static DILocalVariable *declaredVariable(Value *V) {
  for (DbgDeclareInst *D : findDbgDeclares(V))
    return D->getVariable();
  for (DbgVariableRecord *R : findDVRDeclares(V))
    return R->getVariable();
  return nullptr;
}

/// T without typedefs and cv-qualifiers.
static DIType *stripQualifiers(DIType *T) {
  while (auto *D = dyn_cast_or_null<DIDerivedType>(T)) {
    unsigned Tag = D->getTag();
    if (Tag != dwarf::DW_TAG_typedef && Tag != dwarf::DW_TAG_const_type &&
        Tag != dwarf::DW_TAG_volatile_type && Tag != dwarf::DW_TAG_restrict_type &&
        Tag != dwarf::DW_TAG_atomic_type)
      break;
    T = D->getBaseType();
  }
  return T;
}

/// The member of CT at OffsetBits (a non-static, non-bit-field member), or null.
static DIDerivedType *memberAt(DICompositeType *CT, uint64_t OffsetBits) {
  for (DINode *N : CT->getElements()) {
    auto *Mem = dyn_cast<DIDerivedType>(N);
    if (Mem && Mem->getTag() == dwarf::DW_TAG_member && !Mem->isStaticMember() &&
        !Mem->isBitField() && Mem->getOffsetInBits() == OffsetBits)
      return Mem;
  }
  return nullptr;
}

/// The name from debug-info types, or "" when the unit has none for it.
static std::string nameFromTypes(const FieldPath &FP, const DataLayout &DL) {
  DILocalVariable *Var = nullptr;
  const char *Sep = ".";
  DIType *T = nullptr;
  if (isa<AllocaInst>(FP.Base) || isa<Argument>(FP.Base)) {
    Var = declaredVariable(FP.Base); // a local struct, or an sret/byval one
    if (Var)
      T = stripQualifiers(Var->getType());
  } else if (auto *LI = dyn_cast<LoadInst>(FP.Base)) {
    Var = declaredVariable(LI->getPointerOperand()->stripPointerCasts()); // p->field
    auto *P = Var ? dyn_cast_or_null<DIDerivedType>(stripQualifiers(Var->getType())) : nullptr;
    if (P && (P->getTag() == dwarf::DW_TAG_pointer_type ||
              P->getTag() == dwarf::DW_TAG_reference_type)) {
      T = stripQualifiers(P->getBaseType());
      Sep = P->getTag() == dwarf::DW_TAG_pointer_type ? "->" : ".";
    }
  }
  if (!Var || !T)
    return "";
  std::string Name = Var->getName().str();
  for (auto &[ST, I] : FP.Fields) {
    auto *CT = dyn_cast_or_null<DICompositeType>(T);
    if (!CT || CT->getTag() == dwarf::DW_TAG_union_type)
      return ""; // not a struct, or a union (every member at offset 0)
    DIDerivedType *Mem = memberAt(CT, DL.getStructLayout(ST)->getElementOffsetInBits(I));
    if (!Mem)
      return "";
    if (!Mem->getName().empty()) { // an anonymous struct/union adds no name
      Name += Name.empty() ? "" : Sep;
      Name += Mem->getName().str();
      Sep = ".";
    }
    T = stripQualifiers(Mem->getBaseType());
  }
  return Name;
}

StringRef FieldNamer::sourceLine(StringRef Path, unsigned Line) {
  auto [It, New] = Files.try_emplace(Path);
  SourceFile &F = It->second;
  if (New) {
    auto Buf = MemoryBuffer::getFile(Path, /*IsText=*/true, /*RequiresNullTerminator=*/false);
    if (Buf && (*Buf)->getBufferSize() <= MaxSourceFile) {
      F.Text = std::move(*Buf);
      StringRef T = F.Text->getBuffer();
      F.LineStarts.push_back(0);
      for (size_t I = 0; I < T.size(); ++I)
        if (T[I] == '\n')
          F.LineStarts.push_back(I + 1);
    }
  }
  if (!F.Text || Line == 0 || Line > F.LineStarts.size())
    return "";
  StringRef T = F.Text->getBuffer().drop_front(F.LineStarts[Line - 1]);
  return T.take_until([](char C) { return C == '\n'; });
}

StringRef FieldNamer::callLine(CallBase &CB, unsigned &Col) {
  Col = 0;
  const DILocation *DL = CB.getDebugLoc().get();
  if (!DL)
    return "";
  while (const DILocation *Outer = DL->getInlinedAt())
    DL = Outer;
  SmallString<256> Path(DL->getFilename());
  if (!sys::path::is_absolute(Path))
    sys::fs::make_absolute(DL->getDirectory(), Path);
  Col = DL->getColumn();
  return sourceLine(Path, DL->getLine());
}

std::vector<std::string> FieldNamer::allocateObjects(CallBase &CB) {
  std::vector<std::string> Out;
  const DILocation *DL = CB.getDebugLoc().get();
  if (!DL)
    return Out;
  while (const DILocation *Outer = DL->getInlinedAt())
    DL = Outer;
  SmallString<256> Path(DL->getFilename());
  if (!sys::path::is_absolute(Path))
    sys::fs::make_absolute(DL->getDirectory(), Path);
  // the statement: its line and the lines a trailing `&` continues it on
  std::string Text;
  for (unsigned I = 0; I < MaxContinuations; ++I) {
    StringRef S = sourceLine(Path, DL->getLine() + I);
    S = S.take_until([](char C) { return C == '!'; }).trim(); // a comment (no `!` in an ALLOCATE's objects)
    if (I > 0)
      S.consume_front("&");
    bool More = S.consume_back("&");
    Text += S.lower();
    if (!More)
      break;
  }
  // `allocate` as a word (not `deallocate`), then its parenthesised list
  size_t At = 0;
  for (;;) {
    At = Text.find("allocate", At);
    if (At == std::string::npos)
      return Out;
    bool Word = At == 0 || !(std::isalnum((unsigned char)Text[At - 1]) || Text[At - 1] == '_');
    At += 8;
    while (At < Text.size() && Text[At] == ' ')
      ++At;
    if (Word && At < Text.size() && Text[At] == '(')
      break;
  }
  // the top-level items: an object's designator is the item less its last
  // parenthesised group (its bounds); `stat=`, `source=` ... are no objects
  int Depth = 0;
  std::string Item;
  auto flush = [&] {
    StringRef I = StringRef(Item).trim();
    size_t Open = I.ends_with(")") ? I.rfind('(') : StringRef::npos;
    StringRef D = Open == StringRef::npos ? I : I.take_front(Open).rtrim();
    if (!D.empty() && !D.contains('=') && (std::isalpha((unsigned char)D[0])))
      Out.push_back(D.str());
    Item.clear();
  };
  for (size_t I = At + 1; I < Text.size(); ++I) {
    char C = Text[I];
    if (C == '(')
      ++Depth;
    if (C == ')' && Depth-- == 0) {
      flush();
      return Out;
    }
    if (C == ',' && Depth == 0)
      flush();
    else
      Item += C;
  }
  return {}; // no closing parenthesis: not read
}

/// True for `a.b`, `p->f`, `x.y.z`: an identifier and Fields member accesses.
static bool isMemberAccess(StringRef S, size_t Fields) {
  size_t Seps = 0;
  auto Ident = [&S]() {
    if (S.empty() || !(std::isalpha((unsigned char)S[0]) || S[0] == '_'))
      return false;
    S = S.drop_while([](char C) { return std::isalnum((unsigned char)C) || C == '_'; });
    return true;
  };
  if (!Ident())
    return false;
  while (!S.empty()) {
    if (!S.consume_front(".") && !S.consume_front("->"))
      return false;
    if (!Ident())
      return false;
    ++Seps;
  }
  return Seps == Fields;
}

/// The characters before `=` that make it a comparison or a compound
/// assignment, not `x = ...`.
constexpr char NotAssignment[] = "=!<>+-*/%&|^";

/// The identifier and member-access characters Text ends with (`SD.x`,
/// `p->f`, `c`; the caller checks the shape with isMemberAccess).
static StringRef trailingChain(StringRef Text) {
  size_t Start = Text.size();
  while (Start > 0 && (std::isalnum((unsigned char)Text[Start - 1]) || Text[Start - 1] == '_' ||
                       Text[Start - 1] == '.' || Text[Start - 1] == '>' ||
                       (Text[Start - 1] == '-' && Start < Text.size() && Text[Start] == '>')))
    --Start;
  return Text.drop_front(Start);
}

/// The variable a C declarator of a pointer to arrays declares (`(*u)[n]`,
/// `(*restrict a)[ny][nx]`: a 2-D or 3-D array of run-time extents), or "".
static StringRef arrayPointerName(StringRef Decl) {
  Decl = Decl.rtrim();
  if (!Decl.ends_with("]"))
    return "";
  while (Decl.ends_with("]")) { // the extents, `[n]` groups (no nesting in them is read)
    size_t Open = Decl.rfind('[');
    if (Open == StringRef::npos)
      return "";
    Decl = Decl.take_front(Open).rtrim();
  }
  if (!Decl.consume_back(")"))
    return "";
  size_t Open = Decl.rfind('(');
  if (Open == StringRef::npos)
    return "";
  StringRef In = Decl.drop_front(Open + 1).trim();
  if (!In.consume_front("*"))
    return "";
  In = In.ltrim();
  for (StringRef Q : {"restrict", "__restrict__", "__restrict", "const", "volatile"})
    if (In.starts_with(Q) && In.size() > Q.size() && !std::isalnum((unsigned char)In[Q.size()]) && In[Q.size()] != '_')
      In = In.drop_front(Q.size()).ltrim();
  return isMemberAccess(In, 0) ? In : "";
}

/// The left-hand side of the assignment whose right-hand side starts at
/// column Col of Text (`SD.x = (T *) malloc(` -> `SD.x`), or "".
static std::string assignedTo(StringRef Text, unsigned Col, size_t Fields, bool ThisField = false) {
  if (Col == 0 || Col > Text.size() + 1)
    return "";
  StringRef Before = Text.take_front(Col - 1);
  // a constructor's member initialiser, `u(new double[n])`: a store into one
  // field of `this`, the member named before the parenthesis
  if (ThisField && Fields == 1 && Before.rtrim().ends_with("(")) {
    StringRef Name = trailingChain(Before.rtrim().drop_back().rtrim());
    if (isMemberAccess(Name, 0) && !Name.empty() && !isdigit(static_cast<unsigned char>(Name[0])))
      return Name.str();
  }
  for (size_t I = Before.size(); I-- > 0;) {
    if (Before[I] != '=')
      continue;
    char Prev = I ? Before[I - 1] : ' ', Next = I + 1 < Before.size() ? Before[I + 1] : ' ';
    if (Next == '=' || StringRef(NotAssignment).contains(Prev))
      return ""; // a comparison or a compound assignment: not `x = alloc(...)`
    StringRef Name = trailingChain(Before.take_front(I).rtrim());
    if (Name.empty() && Fields == 0)
      Name = arrayPointerName(Before.take_front(I)); // `double (*u)[n] = malloc(`
    // a member of the object a C++ member function runs on, named without
    // `this->` (`a = new double[m]`: a store one field into `this`)
    bool ImplicitThis = ThisField && Fields == 1 && isMemberAccess(Name, 0);
    return isMemberAccess(Name, Fields) || ImplicitThis ? Name.str() : "";
  }
  return "";
}

std::string FieldNamer::name(CallBase &CB) {
  StoreInst *SI = storeOf(&CB);
  FieldPath FP;
  if (!SI || !fieldPath(SI->getPointerOperand(), FP) || isa<GlobalVariable>(FP.Base))
    return ""; // not a field, or a global's (named after the global)
  std::string N = nameFromTypes(FP, CB.getModule()->getDataLayout());
  if (!N.empty())
    return N;
  unsigned Col;
  StringRef Line = callLine(CB, Col);
  // a field of `this`: a C++ member function's (mangled) first parameter,
  // or, at the pipeline's start, its reload from the slot it is spilled to
  Value *B = FP.Base;
  if (auto *LI = dyn_cast<LoadInst>(B))
    if (auto *Slot = dyn_cast<AllocaInst>(LI->getPointerOperand()))
      for (User *U : Slot->users())
        if (auto *SI = dyn_cast<StoreInst>(U); SI && SI->getPointerOperand() == Slot && isa<Argument>(SI->getValueOperand()))
          B = SI->getValueOperand();
  auto *A = dyn_cast<Argument>(B);
  bool ThisField = A && A->getArgNo() == 0 && A->getParent()->getName().starts_with("_Z");
  return assignedTo(Line, Col, FP.Fields.size(), ThisField);
}

/// Whether CB's result is handed to the constructor of a local object, and
/// nothing else (`std::unique_ptr<double[]> b(new double[n])`).
static bool ownedByLocal(CallBase &CB) {
  if (!CB.hasOneUse())
    return false;
  auto *C = dyn_cast<CallBase>(CB.user_back());
  Function *F = C ? C->getCalledFunction() : nullptr;
  StringRef N = F ? F->getName() : "";
  ItaniumPartialDemangler D; // a constructor: its name's C1 or C2 (templated: `C2IPdEET_`)
  return N.starts_with("_Z") && !D.partialDemangle(N.str().c_str()) && D.isCtorOrDtor() && C->arg_size() > 1 &&
         isa<AllocaInst>(C->getArgOperand(0)->stripPointerCasts()) && C->getArgOperand(0) != &CB;
}

std::string FieldNamer::localName(CallBase &CB) {
  StoreInst *SI = storeOf(&CB);
  auto *AI = SI ? dyn_cast<AllocaInst>(SI->getPointerOperand()->stripPointerCasts()) : nullptr;
  if (!SI && ownedByLocal(CB)) { // the variable the constructor's parenthesis follows
    unsigned Col;
    StringRef Line = callLine(CB, Col);
    StringRef Before = Col > 0 && Col <= Line.size() + 1 ? Line.take_front(Col - 1).rtrim() : "";
    if (!Before.consume_back("(") && !Before.consume_back("{"))
      return "";
    StringRef Name = trailingChain(Before.rtrim());
    return isMemberAccess(Name, 0) ? Name.str() : "";
  }
  if (!AI || !AI->getAllocatedType()->isPointerTy())
    return ""; // not kept in a local pointer variable (a union's member: the union's slot)
  if (DILocalVariable *V = declaredVariable(AI))
    return V->getName().str(); // -g
  unsigned Col;
  StringRef Line = callLine(CB, Col);
  return assignedTo(Line, Col, 0); // `double *work = malloc(`
}

/// The member-access chain Text ends with (`grid.cells`, `p->f`, `c`), or "".
static std::string trailingObject(StringRef Text) {
  StringRef Obj = trailingChain(Text);
  size_t Seps = Obj.count('.') + Obj.count("->");
  return isMemberAccess(Obj, Seps) ? Obj.str() : "";
}

/// The object a call's source names at column Col of Text: the identifier
/// there (`std::vector<double> u(n)`, a member initialiser `a(n)`); the
/// object before `.`/`->` when it is a member function's name
/// (`grid.cells.resize(n)`); the variable assigned when it starts a
/// qualified or template name (`auto c = std::vector<double>(n)`,
/// `p = std::make_unique<double[]>(n)`); "" otherwise (`return
/// std::vector<double>(n)`).
static std::string objectAt(StringRef Text, unsigned Col) {
  if (Col == 0 || Col > Text.size())
    return "";
  auto IsId = [](char C) { return std::isalnum((unsigned char)C) || C == '_'; };
  StringRef Id = Text.drop_front(Col - 1).take_while(IsId);
  if (Id.empty() || std::isdigit((unsigned char)Id[0]))
    return "";
  StringRef Before = Text.take_front(Col - 1).rtrim();
  StringRef After = Text.drop_front(Col - 1 + Id.size()).ltrim();
  if (After.starts_with("::") || After.starts_with("<")) { // a type or function named: an expression
    if (!Before.consume_back("="))
      return "";
    char Prev = Before.empty() ? ' ' : Before.back();
    if (StringRef(NotAssignment).contains(Prev))
      return ""; // a comparison or a compound assignment
    return trailingObject(Before.rtrim());
  }
  if (Before.consume_back("->") || Before.consume_back("."))
    return trailingObject(Before);
  return Id.str();
}

std::string FieldNamer::objectName(CallBase &CB) {
  if (CB.arg_size() == 0 || !CB.getArgOperand(0)->getType()->isPointerTy())
    return "";
  Value *Ptr = CB.getArgOperand(0)->stripPointerCasts();
  FieldPath FP;
  std::string N;
  if (fieldPath(Ptr, FP))
    N = nameFromTypes(FP, CB.getModule()->getDataLayout()); // this->a, grid.cells (-g)
  if (N.empty()) {
    unsigned Col;
    StringRef Line = callLine(CB, Col);
    N = objectAt(Line, Col);
  }
  // The variable -g declares there, when the line names nothing: after the
  // line, as a struct's first member has its variable's address (g.cells is g).
  if (N.empty() && isa<AllocaInst>(Ptr))
    if (DILocalVariable *V = declaredVariable(Ptr))
      N = V->getName().str();
  StringRef R(N);
  R.consume_front("this->"); // a member of the object being constructed
  return R.str();
}

} // namespace oli
