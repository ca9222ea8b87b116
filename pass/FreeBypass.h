//===- FreeBypass.h - free() of glibc memory without the runtime -*- C++ -*-===//
//
// The tagger made every free(p) and operator delete(p, ...) of a module a
// call of its __oli_* entry point (ReleaseCalls.h); most pointers are not
// placed, and each would pay a hop through the runtime. At the end of the
// pipeline such a call becomes
//
//     placed = p - __oli_arena_lo < __oli_arena_len     (include/oli_abi.h)
//     call (placed ? @__oli_free : @__libc_free)(p)     (delete: @_ZdlPv...)
//
// one indirect call, no new blocks. The runtime publishes the arena as the
// window; where another allocator is the process's (host mode) it publishes
// every address, so each pointer goes to the entry point. Only for
// Linux/glibc, position-independent modules (their external data is read
// through the GOT), functions without sanitizer instrumentation and not
// optimised for size or cold; only in modules the tagger changed.
//
//===----------------------------------------------------------------------===//
#ifndef OLI_PASS_FREEBYPASS_H
#define OLI_PASS_FREEBYPASS_H

#include "llvm/IR/Module.h"

namespace oli {

/// Rewrites the entry-point calls of M as above; returns true when M changed.
bool addFreeBypass(llvm::Module &M);

} // namespace oli

#endif // OLI_PASS_FREEBYPASS_H
