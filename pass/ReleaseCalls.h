//===- ReleaseCalls.h - free and delete through the runtime ----*- C++ -*-===//
//
// In every module the plugin compiles, each use of a declared free(),
// malloc_usable_size() or C++ operator delete (the OLI_RELEASE rows of
// include/oli_vocab.def) becomes its __oli_* entry point, of the same type.
// The runtime takes back the objects it placed and forwards every other
// pointer to the function the process resolves, so a plugin-built module
// frees its own objects correctly in any process: a host program not linked
// with liboli (where libc's free() comes first), jemalloc preloaded, a
// Python interpreter loading it with ctypes. Runs with the tagger, at
// pipeline start; idempotent (no declaration of the library names is left).
// A module that defines one of the functions itself keeps its calls.
//
//===----------------------------------------------------------------------===//
#ifndef OLI_PASS_RELEASECALLS_H
#define OLI_PASS_RELEASECALLS_H

#include "llvm/IR/Module.h"

namespace oli {

/// Rewrites the release calls of M as above; returns true when M changed.
bool rewriteReleaseCalls(llvm::Module &M);

} // namespace oli

#endif // OLI_PASS_RELEASECALLS_H
