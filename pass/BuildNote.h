//===- BuildNote.h - the module's oli build note ---------------*- C++ -*-===//
//
// Every module the pass compiles gets an ELF note (OLI_NOTE_SECTION of
// include/oli_abi.h; text written by common/buildnote.c) saying how it was
// built: a hash of the effective pass options, profile-every, the embedded
// plan. `oli sites` shows it ("profile build", "plan embedded: FILE") and
// names modules built otherwise than the rest (stale objects); the runtime
// warns when OLI_PROFILE is set and no loaded module counts accesses.
//
//===----------------------------------------------------------------------===//
#ifndef OLI_PASS_BUILDNOTE_H
#define OLI_PASS_BUILDNOTE_H

#include <cstdint>

namespace llvm {
class Module;
}

namespace oli {

struct OliOptions;

/// The hash of every option that changes the code the pass makes (the plan
/// by its text; not root=, whose effect is in the records' paths).
uint64_t optionsHash(const OliOptions &O);

/// Adds the build note to M (one copy per distinct note in a linked program).
void emitBuildNote(llvm::Module &M, const OliOptions &O);

} // namespace oli

#endif // OLI_PASS_BUILDNOTE_H
