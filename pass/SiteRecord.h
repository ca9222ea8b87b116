//===- SiteRecord.h - site records and the module constructor --*- C++ -*-===//
//
// Emission of __oli_site_t records into section `oli_sites` and of the
// priority-1 module constructor that hands them to the runtime.
//
//===----------------------------------------------------------------------===//
#ifndef OLI_PASS_SITERECORD_H
#define OLI_PASS_SITERECORD_H

#include "llvm/ADT/ArrayRef.h"
#include <cstdint>
#include <string>

namespace llvm {
class Comdat;
class GlobalVariable;
class Module;
} // namespace llvm

namespace oli {

/// The contents of one __oli_site_t, before layout.
struct SiteInfo {
  uint8_t Kind = 0;
  uint8_t Flags = 0;
  uint64_t Id = 0;
  uint64_t SizeHint = 0;
  uint32_t Line = 0;
  uint32_t Rel = 0;
  std::string File, Func, Name;
};

/// The static estimate block of a record (__oli_site_static_t).
struct StaticFields {
  uint8_t Pattern = 0, Confidence = 0, Flags = 0;
  uint8_t Share[3] = {}; // percent, by the OLI_PATTERN rows' Share column
  float Intensity = 0, Passes = 0;
};

/// A global object to register: its address and byte size, and its record.
struct GlobalToRegister {
  llvm::GlobalVariable *Object;
  uint64_t Size;
  llvm::GlobalVariable *Record;
};

/// Emits one record (writable, align 8, in section oli_sites) and returns it.
/// Private; Shared (a site of a function in a comdat): a hidden linkonce_odr
/// __oli_site.<ID> in a comdat of its own, one copy per linked file. Not yet
/// kept alive.
llvm::GlobalVariable *emitSiteRecord(llvm::Module &M, const SiteInfo &S, bool Shared);

/// Fills the static estimate block of a record emitted by emitSiteRecord
/// (no-op for anything else). The ID and every other field stay as they are.
void setStaticEstimate(llvm::GlobalVariable &GV, const StaticFields &F);

/// Reads a record emitted by emitSiteRecord back (a global in section
/// oli_sites with that layout); false for anything else.
bool readSiteRecord(const llvm::GlobalVariable &GV, SiteInfo &S);

/// Emits the constructor: __oli_init(start, stop), the version check
/// reference when VersionCheck, __oli_plan_embedded(PlanText, len) when given
/// (pass option plan=FILE), then __oli_register_global for each global.
/// Also adds every record to llvm.compiler.used.
void emitModuleCtor(llvm::Module &M, llvm::ArrayRef<llvm::GlobalVariable *> Records,
                    llvm::ArrayRef<GlobalToRegister> Globals, bool VersionCheck,
                    llvm::GlobalVariable *PlanText = nullptr);

} // namespace oli

#endif // OLI_PASS_SITERECORD_H
