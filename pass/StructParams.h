//===- StructParams.h - the struct each pointer parameter points to -*- C++ -*-===//
//
// `void grid_alloc(grid_t *g, int n) { g->u = malloc(...); }` keeps its
// object in a field of the caller's struct. Another module finds it by the
// struct type's field key (common/summary.h), but by the time the estimator
// runs (the optimizer's end) InstCombine has turned `g->u`'s struct GEP into a
// byte offset from `g`, and an opaque pointer parameter has no type. So at
// the pipeline's start, while clang's GEPs still name the struct, the tagger
// records for each function the named struct each pointer parameter is
// indexed as (function metadata: the estimator reads it at the end).
// docs/static-intensity.md, "Across modules".
//
//===----------------------------------------------------------------------===//
#ifndef OLI_PASS_STRUCTPARAMS_H
#define OLI_PASS_STRUCTPARAMS_H

#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/Argument.h"
#include "llvm/IR/InstrTypes.h"
#include "llvm/IR/Module.h"

#include <cstdint>
#include <string>

namespace oli {

/// Records, for every defined function of M with a pointer parameter
/// indexed as one named struct (directly, or through the slot clang spills
/// it to), that struct's name. Leaves a function recorded before (ThinLTO's
/// second run sees byte offsets only) as it was.
void recordStructParams(llvm::Module &M);

/// The loads of the value in Slot in the parallel regions CB forks with Slot
/// as a shared variable (`__kmpc_fork_call`'s outlined function reads `g`
/// through it): through the region's parameter, or the stack slot it is
/// spilled to at the pipeline's start.
llvm::SmallVector<llvm::Value *, 4> regionLoads(llvm::CallBase &CB, llvm::Value *Slot);

/// The name of the struct type parameter A was indexed as at the pipeline's
/// start ("struct.grid"), or "" when none was recorded.
llvm::StringRef structParam(const llvm::Argument &A);

/// Records, on every call of M whose pointer result is indexed as one named
/// struct (directly or through the stack slot clang stores it to: a struct
/// a function allocates and fills, `g = malloc(sizeof *g); g->u = ...`),
/// that struct's name (instruction metadata, copied with the call when the
/// tagger rewrites it).
void recordStructResults(llvm::Module &M);
/// Records, for every named struct of M that an access's type-based alias
/// tag names as a C++ class template's specialization (`_ZTS3ArrIfE`), that
/// name (module metadata): field keys take it, where clang names the
/// specializations `class.Arr`, `class.Arr.0` in the order a module meets
/// them. Leaves a module recorded before as it was.
void recordStructNames(llvm::Module &M);
/// The struct a call's result was recorded as ("struct.grid"), or "".
llvm::StringRef structResult(const llvm::CallBase &CB);

/// The key of the slot at byte Off of any struct named N in M ("%struct.T+off",
/// common/summary.h; a module's renamed duplicate "struct.T.0" names the
/// same type). A slot inside a struct member is named by the innermost
/// named struct that holds it (`std::vector`'s data pointer, at byte 0 of
/// the vector, of its `_Vector_base` and of that one's members, is
/// `_Vector_impl_data`'s at byte 0, whichever type the code indexes), so
/// that modules seeing the object through different types of it agree.
std::string fieldKey(const llvm::Module &M, llvm::StringRef N, int64_t Off);
/// The same for a named struct type; "" for any other type.
std::string fieldKey(const llvm::Module &M, llvm::Type *T, int64_t Off);
/// The key of the slot at byte Off of the struct Base points to, when the
/// IR says which: a parameter's by-value, returned (sret) or recorded
/// struct, a stack slot's struct, a call's recorded result; "" otherwise.
std::string fieldKeyAt(const llvm::Value *Base, int64_t Off);

} // namespace oli

#endif
