//===- SizeSample.h - sizes and trip counts at one sample point -*- C++ -*-===//
//
// Pass counts from the compiler's own facts: an object allocated with
// n * 8 bytes and swept by `for (i = 0; i < n; i++)` is one pass per trip of
// the enclosing loops, whatever n is at run time. ScalarEvolution writes the
// allocation's size and each loop's trip count as expressions over the same
// run-time values; this file names those values (symbols) so that they are
// the same in every function of a module (a load of a global, a value stored
// into one, a parameter every caller passes the same value; a named struct's
// field, in every module), and evaluates
// an expression at one sample point: each symbol is given a fixed value
// derived from its name, of the order of a thousand. A trip count whose
// symbols all appear in the object's size is then exact relative to that
// size: executions at the sample point divided by the size at the sample
// point is the number of passes (exact when the ratio is constant, as it is
// for nests bounded by the object's own dimensions; otherwise the ratio at
// a size of that order). docs/static-intensity.md, "Pass counts".
//
//===----------------------------------------------------------------------===//
#ifndef OLI_PASS_SIZESAMPLE_H
#define OLI_PASS_SIZESAMPLE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <string>

namespace llvm {
class CallBase;
class ConstantInt;
class DominatorTree;
class Function;
class LoadInst;
class StoreInst;
class Type;
class Loop;
class Module;
class PHINode;
class SCEVAddExpr;
class SCEV;
class ScalarEvolution;
class Value;
} // namespace llvm

namespace oli {

/// Symbols an expression reads, sorted, unique.
using SymSet = llvm::SmallVector<unsigned, 4>;

/// Adds B's symbols to A.
void unionSyms(SymSet &A, const SymSet &B);
/// True when every symbol of A is in B.
bool subsetSyms(const SymSet &A, const SymSet &B);

/// An expression's value at the sample point and the symbols it reads.
struct Sample {
  int64_t Value = 0;
  SymSet Syms;
};

/// The backedges of a loop whose exit test was threaded into the paths of
/// a branch it does not decide (each path's own `it + 1 == 10`, none
/// dominating the latch: ScalarEvolution counts none); null for others.
const llvm::SCEV *threadedExitCount(const llvm::Loop *L, llvm::ScalarEvolution &SE);

/// L's backedge-taken count as ScalarEvolution gives it, else as the shapes
/// it counts none of give it (a latch's phi of the paths' `j + 1`, a test
/// threaded into the paths of a branch, a step of K to an equality exit);
/// null when none does.
const llvm::SCEV *backedgeCount(const llvm::Loop *L, llvm::ScalarEvolution &SE);

/// The value a parallel region's slot holds: a slot of the forking
/// function's frame (Op, which the fork passes to its outlined function;
/// `n` of `#pragma omp parallel for` over `i < n`), or byte Off of a struct
/// there (flang's OpenMP lowering packs the shared variables' addresses into
/// one), stored with one value of type Ty (once, or again before each fork
/// of a loop), otherwise only read or marked; null otherwise.
llvm::Value *regionSlotValue(llvm::Value *Op, llvm::Type *Ty, int64_t Off = 0);

/// CB forks a parallel region (a callback call: __kmpc_fork_call) or marks
/// a slot's lifetime.
bool forksOrMarks(const llvm::CallBase &CB);

/// CB forks parallel regions that only read Slot (a variable of the
/// forking frame they share: the outlined functions' arguments read-only).
bool regionsRead(llvm::CallBase &CB, llvm::Value *Slot);

class SampleSpace {
public:
  explicit SampleSpace(llvm::Module &M);

  /// S at the sample point; nullopt when it reads something that has no
  /// value there (SCEV could not compute, a pointer, an overflow). An
  /// induction variable of a loop enclosing the point of use (a triangular
  /// nest's bound) is taken at the middle of its range, exact on average
  /// for bounds linear in it.
  std::optional<Sample> eval(const llvm::SCEV *S, llvm::ScalarEvolution &SE);

  /// Trip count (header executions per entry) of L at the sample point.
  std::optional<Sample> tripCount(const llvm::Loop *L, llvm::ScalarEvolution &SE);

  /// The incoming values a phi may take at the sample point: those of the
  /// edges the branches decided there leave open (the start of a vector
  /// loop's remainder: the vector loop's end, not the 0 of the path that
  /// skips it). When they all have one value there, so has the phi; unset,
  /// or for a loop header's phi, the phi is a symbol of its own.
  std::function<void(llvm::PHINode *, llvm::SmallVectorImpl<llvm::Value *> &)> Live;

  /// The dominator tree of a function, for a load that reads a store of
  /// its own function (unset: no such load is followed).
  std::function<llvm::DominatorTree *(llvm::Function &)> Dom;

  /// The symbol naming V (a run-time value SCEV cannot see through).
  unsigned symbol(llvm::Value *V);
  const std::string &name(unsigned Sym) const { return Names[Sym]; }
  int64_t value(unsigned Sym) const { return Values[Sym]; }
  /// True for a symbol every module names alike: a global other modules
  /// see ("@nx+0"), a field of a named struct ("%struct.grid+0": `g->n` of
  /// any grid); a static's, a parameter's or a local value's is the
  /// module's own.
  bool shared(unsigned Sym) const { return sharedName(Names[Sym]); }
  static bool sharedName(llvm::StringRef N) {
    return N.starts_with("@") || (N.starts_with("%") && !N.starts_with("%@") && N.contains('+')) ||
           (N.ends_with("#r") && N.size() > 2); // another module's accessor's result (accessorResult)
  }
  /// The function whose parameter a symbol names ("fn#2", the value of an
  /// integer parameter; "fn#2+0", the slot behind a pointer parameter, a
  /// Fortran dummy passed by reference); "" for any other symbol.
  llvm::StringRef paramOf(unsigned Sym) const { return paramFunction(Names[Sym]); }
  /// The same of a name ("fn#2", "fn#2+0"; a parameter's key "fn#0" too).
  static llvm::StringRef paramFunction(llvm::StringRef Name);
  /// The symbol of this name (made when new, with Value, or sampleOf's
  /// when 0).
  unsigned symbolNamed(llvm::StringRef Name, int64_t Value = 0);
  /// The name of the slot at address Ptr ("@g+0", "%struct.grid+16"; "" when
  /// it has none): a Fortran module variable passed by reference is its own.
  std::string slotName(llvm::Value *Ptr) { return addressName(Ptr, 0); }
  /// The symbol of this name as a sample: its value, itself.
  Sample named(llvm::StringRef Name) {
    unsigned X = symbolNamed(Name);
    return Sample{value(X), {X}};
  }
  /// The symbol a value already has, if any.
  std::optional<unsigned> symbolOf(llvm::Value *V) const;
  /// The values that have symbol Sym.
  llvm::SmallVector<llvm::Value *, 2> valuesOf(unsigned Sym) const;
  /// While set, a leaf whose symbol is a key reads as the mapped symbol
  /// (its value and name): an object's size in the parameters of the
  /// function a call passes it to, when the call passes its size's values.
  llvm::DenseMap<unsigned, unsigned> Renamed;
  /// The name of an integer argument's value that means the same value in
  /// every module (a call's, for the join to compare two parameters): a
  /// constant's decimal; a shared symbol's or an external function's
  /// parameter's name; any other value's name qualified by the module
  /// ("%main.3:main.c"). Empty: not an integer.
  std::string argumentName(llvm::Value *Op);
  /// The symbols' names, comma-separated, sorted (a summary's list).
  std::string names(const SymSet &S) const;

  /// The value a symbol of this name takes: 1031 to 3071, 7 modulo 8 (so a
  /// vector loop's remainder runs), from a hash of the name, so every module
  /// and every build gives a symbol the same one; a parameter's, ParamSample.
  static int64_t sampleOf(llvm::StringRef Name);
  static constexpr int64_t ParamSample = 2047;
  /// The values stored into exactly one global slot or struct field, alone,
  /// each with that slot's name.
  const llvm::DenseMap<llvm::Value *, std::string> &storedOnce() const { return StoredOnce; }
  /// The values a function stores into one global slot or struct field, and
  /// nothing else there (other functions may store others: a constructor's
  /// `n_ = n` and its copy inlined into main, each the object's it builds).
  llvm::ArrayRef<std::pair<llvm::Value *, std::string>> storedBy(llvm::Function &F) const {
    auto It = FnStored.find(&F);
    if (It == FnStored.end())
      return {};
    return It->second;
  }
  /// Slots given one value and nothing else (not a constant), each with it.
  const llvm::StringMap<llvm::Value *> &slotValues() const { return SlotValue; }
  /// Slots (as StoredOnce names them) given one constant and nothing else: its store.
  const llvm::StringMap<llvm::StoreInst *> &constStores() const { return ConstStore; }
  /// The constant V reads when it is a simple load of such a slot; null otherwise.
  llvm::ConstantInt *constLoaded(llvm::Value *V);
  /// The same for a global's slot only, when the global's address goes to
  /// no call and into no memory (an input's reader, flang's `read(2, *)
  /// grid_points(1)`, may set it): the value the run reads, not a default.
  llvm::ConstantInt *constGiven(llvm::Value *V);
  /// A global slot ("@g+off") whose global's address goes anywhere but its
  /// own loads and stores (constGiven): a call may set it.
  bool addressTaken(llvm::StringRef Slot) const { return AddressTaken.contains(Slot.rsplit('+').first); }

private:
  std::string nameOf(llvm::Value *V, unsigned Depth);
  std::string accessorResult(llvm::CallBase &CB);
  std::string addressName(llvm::Value *Ptr, unsigned Depth);
  /// S as a container's range in bytes, `end - begin` of two pointer slots of
  /// one struct: the symbol "<begin's slot>:<distance>" (a std::vector's
  /// "%struct.std::..._Vector_impl_data+0:8"), which a caller passing the
  /// container gives as its object's size; none for any other S.
  std::optional<Sample> extent(const llvm::SCEVAddExpr *S);
  std::optional<Sample> evalAt(const llvm::SCEV *S, llvm::ScalarEvolution &SE, unsigned Depth);
  /// A bitwise, shift or signed division instruction SCEV keeps opaque (a
  /// vector loop's `or n, 1` end, `n / 2` of a signed n), from its operands'
  /// values.
  std::optional<Sample> evalBitOp(llvm::Value *V, llvm::ScalarEvolution &SE, unsigned Depth);
  /// A leaf's sample: its symbol's value (or the symbol it is renamed to).
  Sample leaf(llvm::Value *V);

  llvm::StringMap<unsigned> Ids;
  llvm::SmallVector<std::string, 16> Names;
  llvm::SmallVector<int64_t, 16> Values;
  llvm::DenseMap<llvm::Value *, unsigned> Of;
  llvm::DenseMap<llvm::Value *, std::string> StoredOnce; // a value stored into exactly one global slot, alone
  llvm::StringMap<llvm::Value *> SlotValue;              // the reverse: a global slot's one stored value
  llvm::StringMap<llvm::StoreInst *> ConstStore;         // a slot given one constant alone (constStores)
  llvm::StringSet<> AddressTaken;                          // globals' bases ("@g") whose address escapes (constGiven)
  llvm::DenseMap<llvm::Function *, llvm::SmallVector<std::pair<llvm::Value *, std::string>, 2>> FnStored; // storedBy
  llvm::StringMap<llvm::SmallVector<llvm::StoreInst *, 2>> SlotStores; // every store into a global slot
  llvm::DenseMap<llvm::LoadInst *, llvm::StoreInst *> Forward;        // lastStore's answers
  /// The store of its own function a load of a global slot reads: one
  /// that dominates it, with no other store of the slot on a path between.
  llvm::StoreInst *lastStore(llvm::LoadInst *LI, const std::string &Slot);
  /// A slot's stored value at the sample point, from its instructions
  /// (another function's: no ScalarEvolution of its own here).
  std::optional<Sample> evalStored(llvm::Value *V, unsigned Depth);
  /// A loop's count when its bound is reloaded from a slot each iteration.
  const llvm::SCEV *reloadedBoundCount(const llvm::Loop *L, llvm::ScalarEvolution &SE);
  /// A loop's count when its bound is an accessor's result, called again each iteration.
  const llvm::SCEV *accessorBoundCount(const llvm::Loop *L, llvm::ScalarEvolution &SE);
  /// A worksharing loop's bound read back after __kmpc_for_static_init:
  /// the value stored into the slot before the call.
  llvm::Value *staticBound(llvm::Value *V);
  unsigned Locals = 0;
};

} // namespace oli

#endif // OLI_PASS_SIZESAMPLE_H
