//===- OliPlan.cpp - embed an oli-plan at compile time -------------------===//
//
// See OliPlan.h. The plan is read and the compact copy written by common/doc.c,
// the reader the runtime and the CLI use, so a plan the compiler accepts is
// one the runtime uses.
//
//===----------------------------------------------------------------------===//
#include "OliPlan.h"
#include "OliAbiNames.h"
#include "OliOptions.h"

#include "doc.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/xxhash.h"

#include <cstdio>
#include <cstdlib>

using namespace llvm;

namespace oli {

/// The sites' members the runtime reads from an embedded plan: what to do
/// and where the site is, its line too (the exit line names stale entries
/// by file:line, as for OLI_PLAN) - the reasons, model and summary stay behind.
static constexpr oli_doc_field_t Embedded[] = {OLI_F_ID,   OLI_F_KIND, OLI_F_FILE,     OLI_F_FUNCTION, OLI_F_REL,
                                               OLI_F_LINE, OLI_F_NAME, OLI_F_DECISION, OLI_F_RATIO};
/// The members of a left-out site kept: which site, and why.
static constexpr oli_doc_field_t EmbeddedLeft[] = {OLI_F_ID,   OLI_F_KIND, OLI_F_FILE, OLI_F_FUNCTION,
                                                   OLI_F_REL,  OLI_F_LINE, OLI_F_NAME, OLI_F_WHY};

bool readPlan(OliOptions &O, std::string &Err) {
  const std::string &Path = O.PlanPath;
  std::string Where = "oli: plan=" + O.Plan + (Path != O.Plan ? " (" + Path + ", relative to root=)" : "") + ": ";
  oli_doc_t Doc;
  char Msg[512];
  // The runtime's and the CLI's reader (common/doc.c): a plan the compiler
  // accepts is one the runtime uses.
  if (oli_doc_load(Path.c_str(), OLI_DOC_PLAN, nullptr, &Doc, Msg, sizeof Msg) != 0) {
    Err = Where + Msg;
    return false;
  }
  char *Buf = nullptr;
  size_t Len = 0;
  FILE *F = open_memstream(&Buf, &Len);
  if (!F) {
    oli_doc_free(&Doc);
    Err = Where + "out of memory";
    return false;
  }
  oli_jw_t W;
  oli_jw_init(&W, F);
  W.compact = 1;
  oli_doc_write_begin(&W, OLI_DOC_PLAN, Doc.program[0] ? Doc.program : nullptr);
  oli_doc_t Head = {}; // the budget only: the prediction stays in the plan file
  Head.dram_limit = Doc.dram_limit;
  oli_doc_write_plan_head(&W, &Head);
  oli_jw_array(&W, "sites", OLI_JW_LINES);
  O.PlanSites = uint32_t(Doc.nsites);
  for (size_t I = 0; I < Doc.nsites; ++I) {
    oli_doc_site_t S = Doc.sites[I];
    uint64_t Keep = 0;
    for (oli_doc_field_t Fd : Embedded)
      Keep |= 1ull << Fd;
    S.has &= Keep;
    oli_doc_write_site(&W, OLI_DOC_PLAN, &S);
  }
  oli_jw_end(&W);
  // The sites it left out (small, never allocated): the runtime counts them
  // apart from new sites.
  O.PlanLeftOut = uint32_t(Doc.nleft);
  if (Doc.nleft) {
    oli_jw_array(&W, "left_out", OLI_JW_LINES);
    for (size_t I = 0; I < Doc.nleft; ++I) {
      oli_doc_site_t S = Doc.left[I];
      uint64_t Keep = 0;
      for (oli_doc_field_t Fd : EmbeddedLeft)
        Keep |= 1ull << Fd;
      S.has &= Keep;
      oli_doc_write_left_out(&W, &S);
    }
    oli_jw_end(&W);
  }
  oli_jw_end(&W);
  int Rc = oli_jw_finish(&W);
  fclose(F);
  oli_doc_free(&Doc);
  if (Rc == 0 && Buf)
    O.PlanText.assign(Buf, Len);
  free(Buf);
  if (Rc != 0) {
    Err = Where + "cannot write the embedded plan";
    return false;
  }
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
