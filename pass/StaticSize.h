//===- StaticSize.h - byte sizes of allocations known at compile time -*- C++ -*-===//
//
// The size hint of a site (__oli_site_t.size_hint, OLI_SITE_F_SIZE_KNOWN):
// the exact byte count when the pass can prove it at pipeline start, before
// the optimiser has folded anything (docs/site-ids.md, "Static size hints").
//
//===----------------------------------------------------------------------===//
#ifndef OLI_PASS_STATICSIZE_H
#define OLI_PASS_STATICSIZE_H

#include <cstdint>
#include <optional>

#include "llvm/ADT/SmallVector.h"

#include <utility>

namespace llvm {
class CallBase;
class DataLayout;
class Value;
} // namespace llvm

namespace oli {

/// V as a constant byte count, through what the front ends leave unfolded at
/// pipeline start: constant expressions (flang's sizeof, ptrtoint of a GEP
/// from null), integer arithmetic, casts, icmp + select and min/max (flang's
/// max(extent, 0)), loads of constant globals or of internal globals nothing
/// stores to, and loads of a local slot with exactly one store that runs
/// first (C at -O0..-O3 before mem2reg: `long n = 1000; malloc(n * 8)`).
/// nullopt when V is not provably constant, negative or wider than 64 bits.
std::optional<uint64_t> foldConstantSize(llvm::Value *V, const llvm::DataLayout &DL);

/// Bytes a flang ALLOCATE call (_FortranAAllocatableAllocate,
/// _FortranAPointerAllocate) allocates: the element size from the
/// descriptor's initializer (or a preceding ...InitIntrinsicForAllocate /
/// ...NullifyIntrinsic call) times the extents the ...SetBounds calls before
/// it in the same block give every dimension. nullopt unless all of them are
/// constant (NPB 3.4: bounds from npbparams.h parameters).
std::optional<uint64_t> fortranAllocateSize(llvm::CallBase &CB, const llvm::DataLayout &DL);

/// The shape behind fortranAllocateSize, whatever the bounds are: the
/// element size (a constant) and each dimension's (lower, upper) bound
/// operands of the ...SetBounds calls, dimension 0 first. The static
/// estimate evaluates the bounds at its sample point (SizeSample.h).
struct FortranShape {
  uint64_t Elem;
  llvm::SmallVector<std::pair<llvm::Value *, llvm::Value *>, 4> Bounds;
};
std::optional<FortranShape> fortranAllocateShape(llvm::CallBase &CB, const llvm::DataLayout &DL);

} // namespace oli

#endif // OLI_PASS_STATICSIZE_H
