//===- FieldName.h - names of heap objects stored into struct fields -*- C++ -*-===//
//
// A heap object whose pointer goes straight into a field of a struct
// (`SD.nuclide_grid = malloc(...)`, `p->field = calloc(...)`) is named after
// that field: from the debug-info types when the unit has them (-g), else from
// the call's source line when the file can be read (-gline-tables-only).
// docs/site-ids.md, "Object names".
//
//===----------------------------------------------------------------------===//
#ifndef OLI_PASS_FIELDNAME_H
#define OLI_PASS_FIELDNAME_H

#include "llvm/ADT/StringMap.h"
#include "llvm/IR/InstrTypes.h"
#include "llvm/Support/MemoryBuffer.h"

#include <memory>
#include <string>
#include <vector>

namespace oli {

class FieldNamer {
public:
  /// "SD.nuclide_grid", "p->field", "nuclide_grid" (the field alone when its
  /// variable is unknown), or "" when CB's result is not stored into a field
  /// of a struct or no name can be found.
  std::string name(llvm::CallBase &CB);
  /// The object a call into library code works on, its first (pointer)
  /// argument: "u" for `std::vector<double> u(n)`, "a" for a member
  /// initialiser `a(n)`, "grid.cells" for `grid.cells.resize(n)`; "" when
  /// neither debug info nor the source line names it.
  std::string objectName(llvm::CallBase &CB);
  /// The local variable CB's result is kept in (`double *work = malloc(n)`):
  /// -g's variable, else the identifier the call's source line assigns; ""
  /// when it is not kept in a local, or no name can be found.
  std::string localName(llvm::CallBase &CB);

  /// The objects of the Fortran ALLOCATE statement on CB's source line (its
  /// continuation lines joined), in the statement's order, lower case and
  /// without their bounds: `allocate(g%u(n), g%v(n), stat=ierr)` gives
  /// "g%u", "g%v". Empty when the line has no ALLOCATE or cannot be read.
  std::vector<std::string> allocateObjects(llvm::CallBase &CB);

private:
  /// Line Line (1-based) of the file, or "" when it cannot be read.
  llvm::StringRef sourceLine(llvm::StringRef Path, unsigned Line);
  /// The source line of CB's outermost debug location and its column (0: none).
  llvm::StringRef callLine(llvm::CallBase &CB, unsigned &Col);

  struct SourceFile {
    std::unique_ptr<llvm::MemoryBuffer> Text; // null: unreadable or too large
    std::vector<size_t> LineStarts;           // offset of each line's first byte
  };
  llvm::StringMap<SourceFile> Files;
};

} // namespace oli

#endif // OLI_PASS_FIELDNAME_H
