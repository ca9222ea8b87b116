//===- SiteId.h - stable site IDs and source names for oli -----*- C++ -*-===//
//
// The ID recipe of docs/site-ids.md: a 64-bit FNV-1a hash over a fixed list
// of fields, plus the helpers that turn paths and symbol names into the
// strings the recipe and the site records use.
//
//===----------------------------------------------------------------------===//
#ifndef OLI_PASS_SITEID_H
#define OLI_PASS_SITEID_H

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/MemoryBuffer.h"
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <utility>

namespace oli {

/// Recipe version: the first field of every hashed tuple.
constexpr char SiteIdRecipe[] = "oli-site-v1";

/// Incremental 64-bit FNV-1a (written for oli; no external code).
class Fnv1a64 {
public:
  /// Adds Bytes followed by a 0 separator so fields cannot run together.
  void addField(llvm::StringRef Bytes);
  /// Adds an unsigned number in decimal as one field.
  void addNumber(uint64_t N);
  uint64_t value() const { return State; }

private:
  uint64_t State = 0xcbf29ce484222325ULL;
};

/// Source path as it enters the ID (docs/site-ids.md): File made absolute
/// against Dir (its debug-info directory; when empty and File is relative,
/// File as given minus leading "../" and build-directory parts) and
/// normalised, then relative to Root if below it, else relative to
/// CompileDir (the compile unit's directory) if inside it, else the part
/// after the last build-directory component, else relative to the enclosing
/// git checkout, else relative to CompileDir without its leading "../"
/// (absolute when CompileDir is empty). Cache remembers checkout roots.
std::string normaliseSourcePath(llvm::StringRef File, llvm::StringRef Dir,
                                llvm::StringRef CompileDir, llvm::StringRef Root,
                                llvm::StringMap<std::string> &Cache);

/// The compile directory: the compile unit's directory when absolute, else
/// the compiler's working directory (joined with a relative CUDir), or ""
/// when that cannot be read.
std::string compileDirectory(llvm::StringRef CUDir);

/// Human-readable name of a function for site records (C++ demangled,
/// Fortran `_QMmodPproc` -> `mod::proc`, else the symbol).
std::string displayFunctionName(llvm::StringRef Mangled);

/// Scope and source name of a global variable symbol: `_QMcgEa` -> {cg, a},
/// `main_int_mem_` (COMMON) -> {"", /main_int_mem/}, `main.buf` -> {main, buf}.
struct GlobalName {
  std::string Scope;
  std::string Name;
};
GlobalName splitGlobalName(llvm::StringRef Sym, bool IsCommon);

/// Columns of a preprocessor's output mapped back to the source the user
/// wrote. CMake's Ninja generator compiles `flang -E main.f90`'s output
/// (`main.f90-pp.f90`); flang keeps the lines through the output's line
/// markers but not the columns, since its prescanner re-indents each
/// statement and drops blanks (`    allocate (a(n))` becomes
/// `      allocate(a(n))`). A location's column in the output is taken to the
/// source by counting the non-blank characters before it, so a site has the
/// ID a direct compile of the source gives it (docs/site-ids.md).
class PreprocessedColumns {
public:
  /// The column in the source file Src (absolute) of the location (Line, Col)
  /// that the preprocessor's output Pp (absolute) has at Col; 0 when it
  /// cannot be told (either file unreadable, no output line for Line, the
  /// two lines' characters before it differ, as after a macro expansion).
  unsigned sourceColumn(llvm::StringRef Pp, llvm::StringRef Src, unsigned Line, unsigned Col);

private:
  using LineKey = std::pair<std::string, unsigned>; // source path, line
  const llvm::MemoryBuffer *file(llvm::StringRef Path);
  const std::map<LineKey, llvm::StringRef> &outputLines(llvm::StringRef Pp);

  llvm::StringMap<std::unique_ptr<llvm::MemoryBuffer>> Files; // path -> text (null: unreadable)
  llvm::StringMap<std::map<LineKey, llvm::StringRef>> Lines;  // output -> its lines by source line
};

} // namespace oli

#endif // OLI_PASS_SITEID_H
