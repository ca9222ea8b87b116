//===- AddressShape.h - how an address moves in a loop ---------*- C++ -*-===//
//
// The ScalarEvolution questions of the static access estimate
// (StaticIntensity.cpp): by how much an address moves per iteration, where
// it starts, whether it moves with an outer loop, whether it depends on a
// value loaded in the loop, how often a loop runs at most.
//
//===----------------------------------------------------------------------===//
#ifndef OLI_PASS_ADDRESSSHAPE_H
#define OLI_PASS_ADDRESSSHAPE_H

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"

#include <cstdint>
#include <map>
#include <optional>

namespace llvm {
class DataLayout;
class GEPOperator;
class Instruction;
class LoadInst;
class LoopInfo;
class Loop;
class SCEV;
class SCEVAddRecExpr;
class ScalarEvolution;
class StoreInst;
class Value;
} // namespace llvm

namespace oli {

/// The bytes X moves by per iteration of L when it is affine in L, also
/// through sign and zero extensions (flang's sext of a 32-bit index): 0 when
/// invariant, nullopt when not affine or the step is not a constant.
std::optional<int64_t> strideIn(const llvm::SCEV *X, const llvm::Loop *L, llvm::ScalarEvolution &SE);

/// X at the first iteration of L: every recurrence of L replaced by its start.
const llvm::SCEV *startIn(const llvm::SCEV *X, const llvm::Loop *L, llvm::ScalarEvolution &SE);

/// True when X takes another value in each iteration of P. A value loaded
/// inside P moves only when its address does (CSR row bounds), so loads are
/// looked through (Depth: how many so far).
bool variesIn(const llvm::SCEV *X, const llvm::Loop *P, llvm::ScalarEvolution &SE, unsigned Depth = 0);

/// A load or store of a Fortran array descriptor's member (flang's TBAA type
/// "descriptor member"): the base address, an extent, a byte stride - the
/// array's shape, which a loop reloads, not data an index comes from.
bool descriptorMember(const llvm::Instruction &I);

/// The load inside loop L that V (an address or index computed in L)
/// depends on, or null: a gather x[idx[i]], a pointer chase, a search whose
/// bounds follow the data. Seen: values visited (pass an empty set).
llvm::LoadInst *loadBehind(llvm::Value *V, const llvm::Loop *L, llvm::ScalarEvolution &SE,
                           llvm::SmallPtrSetImpl<llvm::Value *> &Seen);

/// S less its terms that are pointers loaded in L from a slot fixed in the
/// whole loop nest (a base pointer reloaded because a store may alias its
/// slot: a struct's field through a pointer, an OpenMP region's shared
/// pointer): how the address moves, as if the base had been hoisted.
const llvm::SCEV *dropReloadedBases(const llvm::SCEV *S, const llvm::Loop *L, llvm::ScalarEvolution &SE);

/// The bytes per step when S moves in L only as a cursor does, else 0: its
/// other terms fixed in L (or a base pointer L reloads from a fixed slot),
/// one term c * n (c > 0) with n a count that grows by nothing or more each
/// iteration on every path - a phi of L's header (`out[n++] = v` under a
/// condition: a CSR matrix filled row by row, a filtered copy, a particle
/// bank appended to) or a count kept in memory, at a fixed address
/// (`s->n++`) or at one chosen by data (`cnt[b]++`: a bucket's cursor).
/// Each access is at the element after the last one's or at it: a sweep,
/// however irregular the steps between iterations.
int64_t cursorStep(const llvm::SCEV *S, const llvm::Loop *L, llvm::ScalarEvolution &SE);

/// flang's array descriptor (ISO_Fortran_binding's CFI_cdesc_t): the base
/// address at 0, then dim[k] from DimAt, DimBytes each, its extent and byte
/// stride at ExtentAt and StrideAt within.
namespace descriptor {
constexpr int64_t BaseAt = 0, DimAt = 24, DimBytes = 24, ExtentAt = 8, StrideAt = 16;
} // namespace descriptor

/// The struct a simple load reads from and the slot's offset in it (the
/// pointer stripped of constant offsets); none for another value.
const llvm::Value *loadSlot(const llvm::Value *V, int64_t &Off);

/// S walks the first dimension of a Fortran array through its descriptor:
/// it steps in L by a multiple of the byte stride loaded from offset 40 of
/// the struct whose offset 0 holds S's base (flang's descriptor: the base
/// address at 0, dim[0]'s lower bound, extent and byte stride at 24, 32,
/// 40). An assumed-shape dummy's elements one after another: contiguous,
/// but for a section with a step (`x(1:n:2)`) passed to it. Returns the
/// stride's multiple (2: a loop unrolled by 2 steps two elements), 0 when S
/// is no such walk.
int64_t descriptorStep(const llvm::SCEV *S, const llvm::Loop *L, llvm::ScalarEvolution &SE);

/// The constant factor of S's step in L (`{b,+,(4 * %n)}`: 4, a column
/// walk unrolled by 4), 1 when the step has none.
int64_t stepMultiple(const llvm::SCEVAddRecExpr &S, llvm::ScalarEvolution &SE);

/// S moves in L only with a row's start: its other terms fixed in L (or a
/// base L reloads from a fixed slot), one term c * v with v the value a loop
/// nested in L starts its induction variable from (or that plus a
/// constant): the row's first element, an iteration the compiler peeled off
/// the loop that sweeps the rest (a CSR row, a bucket between two of its
/// starts). Part of that sweep, though v is loaded (`row_start[b]`).
bool rowStart(const llvm::SCEV *S, const llvm::Loop *L, llvm::ScalarEvolution &SE);

/// How many pointers take turns in X across P's iterations: X varies in P
/// only through header phis of P whose values from the latch are each other
/// (`t = u; u = unew; unew = t` in a time loop: 2), so each iteration sweeps
/// one of a few objects, not a new piece of one; 0 otherwise.
unsigned rotation(const llvm::SCEV *X, const llvm::Loop *P);

/// True when address V is chained in loop L: it depends, inside L, on a phi
/// of L's header (not an induction variable) whose value from the latch
/// depends on a value loaded in L from an address that depends on that phi
/// - each iteration's address waits for a load of the one before (a binary search's bounds, a pointer chase's
/// `p = p->next`), where `x[idx[i]]`'s addresses are independent.
bool chains(llvm::Value *V, const llvm::Loop *L, llvm::ScalarEvolution &SE);

/// True when address V halves an interval in loop L, as a binary search
/// does: it depends, inside L, on a value shifted right by one or divided by
/// two (the midpoint) that itself depends on a phi of L's header (the bounds
/// the search carries). Seen: values visited (pass an empty set).
bool bisects(llvm::Value *V, const llvm::Loop *L, llvm::SmallPtrSetImpl<llvm::Value *> &Seen);

/// True when every part of S that moves in L is an affine value of L wrapped
/// around with `and`/`urem`/`srem` by a loop-invariant value (a periodic
/// stencil neighbour).
bool periodic(const llvm::SCEV *S, const llvm::Loop *L, llvm::ScalarEvolution &SE);

/// True when S moves in L through a value L computes by mixing bits (xor,
/// a right shift, a multiply SCEV cannot follow) or by calling a function
/// (a hash, a random number generator): an index that jumps, as a gather's.
bool scrambled(const llvm::SCEV *S, const llvm::Loop *L);

/// How many source iterations one iteration of L does: the smallest
/// constant step of its integer induction variables (8 for a loop unrolled
/// by 8 or vectorised by 4 and interleaved by 2); 1 when there is none.
int64_t iterationStep(const llvm::Loop *L, llvm::ScalarEvolution &SE);

/// The bytes [Lo, Hi) a GEP with variable indices into arrays can address,
/// relative to its base; false when a variable index steps over the base
/// pointer itself (unbounded).
bool gepRange(const llvm::GEPOperator &G, const llvm::DataLayout &DL, int64_t &Lo, int64_t &Hi);

/// A bound on L's trip count: SCEV's constant maximum, else the range of its
/// symbolic trip count (a remainder loop of an unrolled one runs at most
/// `n & 3` times, which SCEV cannot bound through the loop's guard). 0: none.
double maxTripCount(llvm::ScalarEvolution &SE, const llvm::Loop *L);

/// A store that updates in place an element its block gathered: it writes
/// back to the address a load before it in the same block read (`cnt[k]++`,
/// `h[idx[i]] += w`), and that address moves with data in the store's loop
/// (neither fixed in it nor affine). The line is the load's: the store moves
/// no line of its own and waits for none, so the profile and the estimate
/// count the update once, as its load (docs/profile-schema.md, "Portable
/// access counts"). A streamed update (`u[i] += r[i]`) is not one: its store
/// is the write-back traffic of a sweep.
bool gatheredUpdate(const llvm::StoreInst &SI, const llvm::LoopInfo &LI, llvm::ScalarEvolution &SE);
/// An address as a polynomial over the values it is computed from (atoms:
/// loop variables, loaded values, bounds): each term's atoms, sorted, and its
/// coefficient; the constant term has none. Extensions are looked through,
/// and so is a periodic wrap: `(k + 1) & m` is k + 1, `(k + m) & m` is k - 1.
using AddressPoly = std::map<llvm::SmallVector<const llvm::Value *, 4>, int64_t>;
AddressPoly addressPoly(const llvm::Value *Ptr, const llvm::DataLayout &DL);
/// How an access of WB bytes at address B (its addressPoly PB) uses what an
/// access of WA bytes at address A (PA), in the same block (one iteration of
/// L, the block's loop, null outside loops), brings (nearAccess).
enum class NearKind {
  None,
  /// Fixed or gathered (the two do not move alike with a variable of L):
  /// B - A, in Offset, a constant under a line (a gathered struct's fields,
  /// the next grid point) - the same line if A's group, B with it, spans at
  /// most a line (the caller keeps the group's extent).
  Line,
  /// A sweep (both move alike with a variable of L): B's bytes are ones A's
  /// sweep touches anyway - with A reaching the next iteration's bytes (its
  /// width at least the step), B - A a constant under a page or one or two
  /// steps of a variable of L or of a loop around it (a stencil's
  /// neighbours: along the row, the row above, the plane below); with gaps
  /// (a vector loop unrolled twice: each load half the step), a constant
  /// that lands within A's bytes of a step.
  Sweep,
};
NearKind nearAccess(const AddressPoly &PA, uint64_t WA, const AddressPoly &PB, uint64_t WB, const llvm::Loop *L,
                    int64_t &Offset);
/// The first half of gatheredUpdate, without analyses: SI writes back to
/// the address a load before it in its block read, nothing written between.
bool inPlaceStore(const llvm::StoreInst &SI);

/// A geometric loop: its induction variable starts at a positive constant
/// and doubles (`x <<= k`, `x *= 2^k`) each trip until a compare with a
/// value fixed in the loop exits it - an FFT's stages (`for (len = 2; len
/// <= n; len <<= 1)`), a tree's levels - or starts anywhere and halves
/// (`x >>= k`, `x /= 2^k`) down to a constant (`for (m = n; m > 4; m /= 2)`:
/// a multigrid's levels). SCEV has no trip count for it when an end is not
/// a constant; its count is log2 of the ratio of its ends: exact (first: the
/// count, second: true) when both are constants, else (second: false) with
/// the unknown end (a doubling's bound, a halving's start) at
/// GeometricGuessBound. None when L is not of that form.
std::optional<std::pair<double, bool>> geometricTrips(const llvm::Loop *L);
constexpr uint64_t GeometricGuessBound = 1024; // a grid line's or a level's count, unknown: 2^10

} // namespace oli

#endif // OLI_PASS_ADDRESSSHAPE_H
