//===- BuildNote.cpp - the module's oli build note -----------------------===//
//
// See BuildNote.h. The note is an ELF note record (namesz, descsz, type,
// "oli\0", the text padded to 4) in a linkonce_odr constant keyed by the
// text's hash, in a section whose name starts with ".note" (so SHT_NOTE,
// and a PT_NOTE segment in the linked file).
//
//===----------------------------------------------------------------------===//
#include "BuildNote.h"
#include "OliAbiNames.h"
#include "OliOptions.h"

#include "buildnote.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/xxhash.h"
#include "llvm/Transforms/Utils/ModuleUtils.h"

#include <cstring>

using namespace llvm;

namespace oli {

constexpr char BuildNotePrefix[] = "__oli_build_note_"; // + hash of the note text

uint64_t optionsHash(const OliOptions &O) {
  // Not root=: the same tree built in two places has the same hash (its
  // effect, the paths in IDs, is in the records).
  std::string S = "min-global-size=" + std::to_string(O.MinGlobalSize) +
                  ";min-heap-size=" + std::to_string(O.MinHeapSize) + ";version-check=" +
                  std::to_string(O.VersionCheck) + ";wrappers=" + std::to_string(O.Wrappers) +
                  ";globals=" + std::to_string(O.Globals) + ";small-bypass=" + std::to_string(O.SmallBypass) +
                  ";static-intensity=" + std::to_string(O.StaticIntensity) +
                  ";profile-every=" + std::to_string(O.ProfileEvery) + ";plan-text=" + O.PlanText;
  return xxh3_64bits(S);
}

void emitBuildNote(Module &M, const OliOptions &O) {
  oli_build_t B;
  std::memset(&B, 0, sizeof B);
  B.options = optionsHash(O);
  B.profile_every = O.ProfileEvery;
  if (!O.PlanText.empty()) {
    B.plan_hash = xxh3_64bits(O.PlanText);
    B.plan_sites = O.PlanSites;
    B.plan_left_out = O.PlanLeftOut;
    std::string P = O.PlanPath.size() < sizeof B.plan ? O.PlanPath : O.PlanPath.substr(O.PlanPath.size() - sizeof B.plan + 1);
    std::memcpy(B.plan, P.c_str(), P.size() + 1);
  }
  char Text[sizeof B.plan + 256];
  int Len = oli_build_format(&B, Text, sizeof Text);
  if (Len < 0)
    return;
  std::string Desc(Text, Len + 1); // with its NUL
  Desc.resize((Desc.size() + 3) & ~size_t(3), '\0');
  std::string Name = std::string(BuildNotePrefix) + utohexstr(xxh3_64bits(Desc), true);
  if (M.getGlobalVariable(Name, true))
    return;
  LLVMContext &Ctx = M.getContext();
  Type *I32 = Type::getInt32Ty(Ctx), *I8 = Type::getInt8Ty(Ctx);
  std::string Owner(OLI_NOTE_OWNER, sizeof OLI_NOTE_OWNER); // "oli\0": 4 bytes, no padding
  Constant *Fields[] = {ConstantInt::get(I32, Owner.size()), ConstantInt::get(I32, Len + 1),
                        ConstantInt::get(I32, OLI_NOTE_BUILD),
                        ConstantDataArray::getRaw(Owner, Owner.size(), I8),
                        ConstantDataArray::getRaw(Desc, Desc.size(), I8)};
  Constant *Init = ConstantStruct::getAnon(Ctx, Fields, /*Packed=*/true);
  auto *GV = new GlobalVariable(M, Init->getType(), true, GlobalValue::LinkOnceODRLinkage, Init, Name);
  GV->setVisibility(GlobalValue::HiddenVisibility);
  GV->setSection(OLI_NOTE_SECTION);
  GV->setAlignment(Align(4));
  if (M.getTargetTriple().find("linux") != std::string::npos)
    GV->setComdat(M.getOrInsertComdat(Name));
  appendToCompilerUsed(M, {GV});
}

} // namespace oli
