//===- OliPlan.cpp - embed an oli-plan at compile time -------------------===//
//
// See OliPlan.h. The checks mirror the runtime's plan reader
// (runtime/plan.c) so a plan the compiler accepts is one the runtime uses.
//
//===----------------------------------------------------------------------===//
#include "OliPlan.h"
#include "OliAbiNames.h"
#include "json.h" // OLI_DOC_MAX_BYTES (common/): the plans `oli plan` writes

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/xxhash.h"

using namespace llvm;

namespace oli {

constexpr uint64_t MaxPlanBytes = OLI_DOC_MAX_BYTES; // what `oli plan` may write

/// "0x" and 1-16 hex digits.
static bool validId(StringRef S) {
  if (!S.consume_front("0x") && !S.consume_front("0X"))
    return false;
  return !S.empty() && S.size() <= 16 && all_of(S, isHexDigit);
}

/// "D:C" or "D:C:R", integers 0-1000, not all zero.
static bool validRatio(StringRef S) {
  SmallVector<StringRef, 3> Parts;
  S.split(Parts, ':');
  if (Parts.size() < 2 || Parts.size() > 3)
    return false;
  unsigned Sum = 0;
  for (StringRef P : Parts) {
    unsigned V;
    if (P.empty() || !all_of(P, isDigit) || P.getAsInteger(10, V) || V > 1000)
      return false;
    Sum += V;
  }
  return Sum > 0;
}

bool readPlan(const std::string &Path, std::string &Text, std::string &Err) {
  std::string Where = "oli: plan=" + Path + ": ";
  auto Buf = MemoryBuffer::getFile(Path, /*IsText=*/true);
  if (!Buf) {
    Err = Where + "cannot read: " + Buf.getError().message();
    return false;
  }
  if ((*Buf)->getBufferSize() > MaxPlanBytes) {
    Err = Where + "file is larger than " + std::to_string(MaxPlanBytes >> 20) + " MiB";
    return false;
  }
  Expected<json::Value> Doc = json::parse((*Buf)->getBuffer());
  if (!Doc) {
    Err = Where + "not JSON: " + toString(Doc.takeError());
    return false;
  }
  const json::Object *Root = Doc->getAsObject();
  if (!Root) {
    Err = Where + "not an oli-plan document (the top level is not an object)";
    return false;
  }
  std::optional<StringRef> Schema = Root->getString("schema");
  if (!Schema || *Schema != "oli-plan") {
    Err = Where + "schema is " + (Schema ? "'" + Schema->str() + "'" : std::string("missing")) +
          "; expected an oli-plan (from `oli plan`), not a profile or report";
    return false;
  }
  std::optional<int64_t> Version = Root->getInteger("version");
  if (!Version || *Version != 1) {
    Err = Where + "oli-plan version " + (Version ? std::to_string(*Version) : std::string("(missing)")) +
          " is not supported (this oli reads version 1)";
    return false;
  }
  const json::Array *Sites = Root->getArray("sites");
  if (!Sites) {
    Err = Where + "\"sites\" is missing or not an array";
    return false;
  }
  json::Array Out;
  StringSet<> Seen;
  size_t Index = 0;
  for (const json::Value &V : *Sites) {
    std::string At = Where + "sites[" + std::to_string(Index++) + "]: ";
    const json::Object *S = V.getAsObject();
    if (!S) {
      Err = At + "not an object";
      return false;
    }
    std::optional<StringRef> Id = S->getString("id");
    if (!Id || !validId(*Id)) {
      Err = At + "\"id\" is not \"0x\" and 1-16 hex digits";
      return false;
    }
    uint64_t IdValue = 0;
    Id->drop_front(2).getAsInteger(16, IdValue);
    if (!Seen.insert(utohexstr(IdValue, true)).second) {
      Err = At + "site id " + Id->str() + " appears twice";
      return false;
    }
    std::optional<StringRef> Dec = S->getString("decision");
    oli_placement_t Placement;
    if (!Dec || oli_placement_parse(Dec->str().c_str(), &Placement) != 0 || Placement == OLI_PLACE_DEFAULT) {
      char List[96];
      Err = At + "\"decision\" is not one of " + oli_placement_list(List, sizeof List, 0);
      return false;
    }
    json::Object E{{"id", *Id}, {"decision", *Dec}};
    if (Placement == OLI_PLACE_INTERLEAVE) {
      std::optional<StringRef> Ratio = S->getString("ratio");
      if (!Ratio || !validRatio(*Ratio)) {
        Err = At + "interleave \"ratio\" is not D:C or D:C:R (integers 0-1000)";
        return false;
      }
      E["ratio"] = *Ratio;
    }
    for (const char *Key : {"file", "function", "kind", "name"})
      if (std::optional<StringRef> Str = S->getString(Key))
        E[Key] = *Str;
    if (std::optional<int64_t> Rel = S->getInteger("rel"); Rel && *Rel >= 0)
      E["rel"] = *Rel;
    Out.push_back(std::move(E));
  }
  json::Object Plan{{"schema", "oli-plan"}, {"version", 1}, {"sites", std::move(Out)}};
  if (std::optional<StringRef> Program = Root->getString("program"))
    Plan["program"] = *Program;
  Text.clear();
  raw_string_ostream OS(Text);
  OS << json::Value(std::move(Plan));
  return true;
}

GlobalVariable *planTextGlobal(Module &M, const std::string &Text) {
  std::string Name = std::string(PlanTextPrefix) + utohexstr(xxh3_64bits(Text), true);
  if (GlobalVariable *GV = M.getGlobalVariable(Name))
    return GV;
  Constant *Init = ConstantDataArray::getString(M.getContext(), Text, /*AddNull=*/true);
  auto *GV = new GlobalVariable(M, Init->getType(), true, GlobalValue::LinkOnceODRLinkage, Init, Name);
  GV->setVisibility(GlobalValue::HiddenVisibility);
  if (M.getTargetTriple().find("linux") != std::string::npos)
    GV->setComdat(M.getOrInsertComdat(Name));
  return GV;
}

} // namespace oli
