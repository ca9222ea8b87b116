//===- FreeBypass.h - free() of glibc memory without the runtime -*- C++ -*-===//
//
// liboli interposes free(): it must recognise placed objects, and every other
// pointer costs a hop through it on the way to glibc. In code compiled with
// the plugin, at the end of the pipeline, a call of free(p) becomes
//
//     placed = p - __oli_arena_lo < __oli_arena_len     (include/oli_abi.h)
//     call (placed ? @free : @__libc_free)(p)
//
// one indirect call, no new blocks. Only for Linux/glibc, position-independent
// modules (their external data is read through the GOT), functions without
// sanitizer instrumentation and not optimised for size or cold; only in
// modules the tagger changed (they link liboli).
//
//===----------------------------------------------------------------------===//
#ifndef OLI_PASS_FREEBYPASS_H
#define OLI_PASS_FREEBYPASS_H

#include "llvm/IR/Module.h"

namespace oli {

/// Rewrites the free() calls of M as above; returns true when M changed.
bool addFreeBypass(llvm::Module &M);

} // namespace oli

#endif // OLI_PASS_FREEBYPASS_H
