//===- SiteRecord.cpp - site records and the module constructor ----------===//
//
// Lays out __oli_site_t (include/oli_abi.h) as an LLVM constant and builds
// the module constructor and destructor. Only layout lives here; what goes
// into a record is decided by OliTagSites.cpp.
//
//===----------------------------------------------------------------------===//
#include "SiteRecord.h"
#include "OliAbiNames.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/ModuleUtils.h"

#include <cstddef>

using namespace llvm;

// The layout below, field by field, is __oli_site_t of include/oli_abi.h.
static_assert(offsetof(__oli_site_t, size) == 4 && offsetof(__oli_site_t, kind) == 6 &&
                  offsetof(__oli_site_t, flags) == 7 && offsetof(__oli_site_t, id) == 8 &&
                  offsetof(__oli_site_t, size_hint) == 16 && offsetof(__oli_site_t, line) == 24 &&
                  offsetof(__oli_site_t, rel) == 28 && offsetof(__oli_site_t, file_len) == 32 &&
                  offsetof(__oli_site_t, func_len) == 34 && offsetof(__oli_site_t, name_len) == 36 &&
                  offsetof(__oli_site_t, small_shift) == OLI_SITE_SMALL_SHIFT_OFFSET &&
                  offsetof(__oli_site_t, slot) == 40 && offsetof(__oli_site_t, strings) == OLI_SITE_HEADER_SIZE,
              "pass/SiteRecord.cpp lays out __oli_site_t field by field");

namespace oli {

/// Longest string kept in a record; longer ones keep their tail.
constexpr size_t MaxStringLen = 4000;

/// Clips S to MaxStringLen bytes, keeping the end (the informative part of
/// a long path) and dropping embedded NULs.
static std::string clip(const std::string &S) {
  std::string T;
  for (char C : S)
    if (C)
      T += C;
  return T.size() > MaxStringLen ? T.substr(T.size() - MaxStringLen) : T;
}

/// __oli_site_t's static estimate block: version, size, pattern, confidence,
/// flags, shares[3], intensity, passes (16 bytes, no padding).
static StructType *staticType(LLVMContext &Ctx) {
  Type *I8 = Type::getInt8Ty(Ctx), *F32 = Type::getFloatTy(Ctx);
  return StructType::get(Ctx, {I8, I8, I8, I8, I8, ArrayType::get(I8, 3), F32, F32});
}

static Constant *staticBlock(LLVMContext &Ctx, const StaticFields &F) {
  Type *I8 = Type::getInt8Ty(Ctx), *F32 = Type::getFloatTy(Ctx);
  Constant *Fields[] = {ConstantInt::get(I8, OLI_SITE_STATIC_VERSION), ConstantInt::get(I8, OLI_SITE_STATIC_SIZE),
                        ConstantInt::get(I8, F.Pattern),        ConstantInt::get(I8, F.Confidence),
                        ConstantInt::get(I8, F.Flags),
                        ConstantDataArray::get(Ctx, ArrayRef<uint8_t>(F.Share, 3)),
                        ConstantFP::get(F32, F.Intensity),       ConstantFP::get(F32, F.Passes)};
  return ConstantStruct::get(staticType(Ctx), Fields);
}

GlobalVariable *emitSiteRecord(Module &M, const SiteInfo &S, bool Shared) {
  LLVMContext &Ctx = M.getContext();
  std::string File = clip(S.File), Func = clip(S.Func), Name = clip(S.Name);
  std::string Strings = File + '\0' + Func + '\0' + Name + '\0';
  Strings.resize((Strings.size() + 7) & ~size_t(7), '\0');
  uint64_t Total = SiteHeaderSize + Strings.size() + OLI_SITE_STATIC_SIZE;

  Type *I8 = Type::getInt8Ty(Ctx), *I16 = Type::getInt16Ty(Ctx);
  Type *I32 = Type::getInt32Ty(Ctx), *I64 = Type::getInt64Ty(Ctx);
  ArrayType *StrTy = ArrayType::get(I8, Strings.size());
  StructType *Ty = StructType::get(Ctx, {I32, I16, I8, I8, I64, I64, I32, I32, I16, I16, I16, I16,
                                         I64, StrTy, staticType(Ctx)});
  Constant *Fields[] = {
      ConstantInt::get(I32, SiteMagic),    ConstantInt::get(I16, Total),
      ConstantInt::get(I8, S.Kind),        ConstantInt::get(I8, S.Flags),
      ConstantInt::get(I64, S.Id),         ConstantInt::get(I64, S.SizeHint),
      ConstantInt::get(I32, S.Line),       ConstantInt::get(I32, S.Rel),
      ConstantInt::get(I16, File.size()),  ConstantInt::get(I16, Func.size()),
      ConstantInt::get(I16, Name.size()),  ConstantInt::get(I16, 0),
      ConstantInt::get(I64, 0),
      ConstantDataArray::getRaw(Strings, Strings.size(), I8),
      staticBlock(Ctx, StaticFields())};
  // A site of a function the linker may keep from another file (C++ inline,
  // template): code inlined from it refers to the record from functions
  // that are not in its comdat, so the record is a hidden linkonce_odr symbol
  // named by the site's ID in a comdat of its own: every file's reference
  // resolves by name to the one copy the linker keeps, wherever the function
  // itself is kept from (a file compiled without the plugin included).
  auto *GV = new GlobalVariable(M, Ty, /*isConstant=*/false,
                                Shared ? GlobalValue::LinkOnceODRLinkage : GlobalValue::PrivateLinkage,
                                ConstantStruct::get(Ty, Fields),
                                Shared ? "__oli_site." + utohexstr(S.Id, /*LowerCase=*/true, 16) : "__oli_site");
  GV->setSection(SiteSection);
  GV->setAlignment(Align(8));
  if (Shared) {
    GV->setVisibility(GlobalValue::HiddenVisibility);
    GV->setComdat(M.getOrInsertComdat(GV->getName()));
  }
  return GV;
}

void setStaticEstimate(GlobalVariable &GV, const StaticFields &F) {
  auto *CS = GV.hasInitializer() ? dyn_cast<ConstantStruct>(GV.getInitializer()) : nullptr;
  if (GV.getSection() != SiteSection || !CS || CS->getNumOperands() != 15 ||
      CS->getOperand(14)->getType() != staticType(GV.getContext()))
    return;
  SmallVector<Constant *, 15> Ops;
  for (unsigned I = 0; I < CS->getNumOperands(); ++I)
    Ops.push_back(CS->getOperand(I));
  Ops[14] = staticBlock(GV.getContext(), F);
  GV.setInitializer(ConstantStruct::get(CS->getType(), Ops));
}

bool readSiteRecord(const GlobalVariable &GV, SiteInfo &S) {
  if (!GV.hasInitializer() || GV.getSection() != SiteSection)
    return false;
  auto *CS = dyn_cast<ConstantStruct>(GV.getInitializer());
  if (!CS || CS->getNumOperands() < 14)
    return false;
  auto Int = [&](unsigned I) -> uint64_t {
    auto *C = dyn_cast<ConstantInt>(CS->getOperand(I));
    return C ? C->getZExtValue() : 0;
  };
  auto *Str = dyn_cast<ConstantDataSequential>(CS->getOperand(13));
  if (Int(0) != SiteMagic || !Str)
    return false;
  S.Kind = uint8_t(Int(2));
  S.Flags = uint8_t(Int(3));
  S.Id = Int(4);
  S.SizeHint = Int(5);
  S.Line = uint32_t(Int(6));
  S.Rel = uint32_t(Int(7));
  StringRef Raw = Str->getRawDataValues();
  size_t FL = Int(8), NL = Int(9), ML = Int(10);
  if (FL + 1 + NL + 1 + ML + 1 > Raw.size())
    return false;
  S.File = Raw.substr(0, FL).str();
  S.Func = Raw.substr(FL + 1, NL).str();
  S.Name = Raw.substr(FL + 1 + NL + 1, ML).str();
  return true;
}

/// Declares an external hidden weak section-bound symbol.
static GlobalVariable *declareBound(Module &M, StringRef Name) {
  Type *I8 = Type::getInt8Ty(M.getContext());
  auto *GV = new GlobalVariable(M, I8, false, GlobalValue::ExternalWeakLinkage, nullptr, Name);
  GV->setVisibility(GlobalValue::HiddenVisibility);
  return GV;
}

void emitModuleCtor(Module &M, ArrayRef<GlobalVariable *> Records,
                    ArrayRef<GlobalToRegister> Globals, bool VersionCheck,
                    GlobalVariable *PlanText) {
  LLVMContext &Ctx = M.getContext();
  Type *VoidTy = Type::getVoidTy(Ctx), *PtrTy = PointerType::getUnqual(Ctx);
  Type *I64 = Type::getInt64Ty(Ctx);

  SmallVector<GlobalValue *, 16> Used(Records.begin(), Records.end());
  appendToCompilerUsed(M, Used);

  Function *Ctor = Function::createWithDefaultAttr(FunctionType::get(VoidTy, false),
                                                   GlobalValue::InternalLinkage, 0,
                                                   ModuleCtorName, &M);
  Ctor->addFnAttr(Attribute::NoUnwind);
  IRBuilder<> B(BasicBlock::Create(Ctx, "", Ctor));
  GlobalVariable *Start = declareBound(M, SectionStart), *Stop = declareBound(M, SectionStop);
  // The linked file's access summaries first: registering the records joins
  // their estimates with them (common/summary.h).
  B.CreateCall(M.getOrInsertFunction(RegisterSummariesName, VoidTy, PtrTy, PtrTy, PtrTy),
               {Start, declareBound(M, SummaryStart), declareBound(M, SummaryStop)});
  FunctionCallee Init = M.getOrInsertFunction(InitName, VoidTy, PtrTy, PtrTy);
  B.CreateCall(Init, {Start, Stop});
  if (VersionCheck)
    B.CreateCall(M.getOrInsertFunction(VersionCheckName, VoidTy));
  if (PlanText) // before the globals: their decisions read the plan
    B.CreateCall(M.getOrInsertFunction(PlanEmbeddedName, VoidTy, PtrTy, I64),
                 {PlanText, ConstantInt::get(I64, cast<ArrayType>(PlanText->getValueType())->getNumElements() - 1)});
  for (const GlobalToRegister &G : Globals)
    B.CreateCall(M.getOrInsertFunction(RegisterGlobalName, VoidTy, PtrTy, I64, PtrTy), {G.Object, ConstantInt::get(I64, G.Size), G.Record});
  B.CreateRetVoid();
  appendToGlobalCtors(M, Ctor, CtorPriority);

  // The destructor, run when the module goes (dlclose, exit) after the
  // module's own destructors (lowest priority runs last): the runtime
  // forgets the module's records and globals.
  Function *Dtor = Function::createWithDefaultAttr(FunctionType::get(VoidTy, false),
                                                   GlobalValue::InternalLinkage, 0,
                                                   ModuleDtorName, &M);
  Dtor->addFnAttr(Attribute::NoUnwind);
  IRBuilder<> D(BasicBlock::Create(Ctx, "", Dtor));
  D.CreateCall(M.getOrInsertFunction(FiniName, VoidTy, PtrTy, PtrTy), {Start, Stop});
  D.CreateRetVoid();
  appendToGlobalDtors(M, Dtor, CtorPriority);
}

} // namespace oli
