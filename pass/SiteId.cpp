//===- SiteId.cpp - stable site IDs and source names for oli -------------===//
//
// Implements the hash and the name helpers declared in SiteId.h. The recipe
// itself is documented in docs/site-ids.md; keep the two in step.
//
//===----------------------------------------------------------------------===//
#include "SiteId.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include <cctype>
#include <cstdlib>
#include <cxxabi.h>

using namespace llvm;

namespace oli {

constexpr uint64_t FnvPrime = 0x100000001b3ULL;

void Fnv1a64::addField(StringRef Bytes) {
  for (unsigned char C : Bytes)
    State = (State ^ C) * FnvPrime;
  State = (State ^ 0u) * FnvPrime; // field separator
}

void Fnv1a64::addNumber(uint64_t N) { addField(std::to_string(N)); }

/// True for a path component that names a build directory by convention.
static bool isBuildDirComponent(StringRef C) {
  return C == "build" || C == "_build" || C == "builddir" || C.starts_with("build-") ||
         C.starts_with("build_") || C.starts_with("build.") || C.starts_with("cmake-build-");
}

/// Splits a path into components with "." and empty parts dropped and ".."
/// folded into its parent where there is one.
static SmallVector<StringRef, 16> foldComponents(StringRef Path) {
  SmallVector<StringRef, 16> Parts, Out;
  Path.split(Parts, '/', -1, false);
  for (StringRef P : Parts) {
    if (P == ".")
      continue;
    if (P == ".." && !Out.empty() && Out.back() != "..") {
      Out.pop_back();
      continue;
    }
    Out.push_back(P);
  }
  return Out;
}

/// Joins components with '/', with a leading '/' when Absolute.
static std::string joinComponents(ArrayRef<StringRef> Parts, bool Absolute) {
  std::string S = Absolute ? "/" : "";
  for (size_t I = 0; I < Parts.size(); ++I) {
    if (I)
      S += '/';
    S += Parts[I].str();
  }
  return S;
}

/// Nearest ancestor of the absolute directory Dir holding a `.git` entry,
/// or "" (a checkout's root: the same relative paths in every clone).
static std::string repoRoot(StringRef Dir, StringMap<std::string> &Cache) {
  auto It = Cache.find(Dir);
  if (It != Cache.end())
    return It->second;
  std::string Found;
  for (StringRef D = Dir; !D.empty() && D != "/"; D = sys::path::parent_path(D))
    if (sys::fs::exists(D + "/.git")) {
      Found = D.str();
      break;
    }
  Cache[Dir] = Found;
  return Found;
}

/// Components of Path after its longest common directory prefix with Dir
/// (both absolute and folded): a path relative to Dir without its "../".
static std::string afterCommonPrefix(ArrayRef<StringRef> Path, ArrayRef<StringRef> Dir) {
  size_t I = 0;
  while (I + 1 < Path.size() && I < Dir.size() && Path[I] == Dir[I])
    ++I;
  return joinComponents(Path.drop_front(I), false);
}

std::string normaliseSourcePath(StringRef File, StringRef Dir, StringRef CompileDir,
                                StringRef Root, StringMap<std::string> &Cache) {
  if (!File.starts_with("/") && Dir.empty()) {
    // No compile directory known (no debug info): the path as given, without
    // the leading "../" that only say where the build ran.
    SmallVector<StringRef, 16> Parts = foldComponents(File);
    size_t Begin = 0;
    while (Begin < Parts.size() && Parts[Begin] == "..")
      ++Begin;
    for (size_t I = Parts.size() - 1; I-- > Begin;)
      if (isBuildDirComponent(Parts[I])) {
        Begin = I + 1;
        break;
      }
    return joinComponents(ArrayRef<StringRef>(Parts).drop_front(Begin), false);
  }
  std::string Abs = File.starts_with("/") ? File.str() : (Twine(Dir) + "/" + File).str();
  SmallVector<StringRef, 16> Parts = foldComponents(Abs);
  std::string A = joinComponents(Parts, true);
  // 1. The root option.
  if (!Root.empty()) {
    std::string R = joinComponents(foldComponents(Root), true);
    if (R == "/")
      return A.substr(1);
    if (StringRef(A).starts_with(R + "/"))
      return A.substr(R.size() + 1);
  }
  // 2. Inside the compile directory: relative to it (the file as the build
  // gave it, wherever the tree was unpacked).
  SmallVector<StringRef, 16> CD;
  if (CompileDir.starts_with("/"))
    CD = foldComponents(CompileDir);
  std::string C = joinComponents(CD, true);
  if (!CD.empty() && StringRef(A).starts_with(C + "/"))
    return A.substr(C.size() + 1);
  // 3. Below a build directory (generated sources): the part after it.
  for (size_t I = Parts.size() - 1; I-- > 0;)
    if (isBuildDirComponent(Parts[I]))
      return joinComponents(ArrayRef<StringRef>(Parts).drop_front(I + 1), false);
  // 4. Inside a git checkout: relative to its root.
  std::string Repo = repoRoot(sys::path::parent_path(A), Cache);
  if (!Repo.empty() && Repo != "/")
    return A.substr(Repo.size() + 1);
  // 5. A system header (/usr/include/..., /opt/...) outside the compile
  // directory's tree: absolute, as every tool shows it.
  if (!Parts.empty() && (Parts[0] == "usr" || Parts[0] == "opt") && (CD.empty() || CD[0] != Parts[0]))
    return A;
  // 6. Relative to the compile directory without the leading "../" (a
  // source tree beside or above the build directory); absolute when no
  // compile directory is known.
  if (CompileDir.starts_with("/"))
    return afterCommonPrefix(Parts, CD);
  return A;
}

std::string compileDirectory(StringRef CUDir) {
  if (CUDir.starts_with("/"))
    return CUDir.str();
  SmallString<256> Cwd;
  if (sys::fs::current_path(Cwd))
    return "";
  if (!CUDir.empty() && CUDir != ".")
    sys::path::append(Cwd, CUDir);
  return std::string(Cwd);
}

/// Splits a flang `_Q` symbol into (tag, name) pairs: an upper-case letter
/// starts a part, the lower-case/digit/underscore run after it is its name.
static SmallVector<std::pair<char, StringRef>, 4> fortranParts(StringRef Sym) {
  SmallVector<std::pair<char, StringRef>, 4> Parts;
  StringRef S = Sym.drop_front(2);
  while (!S.empty() && std::isupper((unsigned char)S[0])) {
    char Tag = S[0];
    size_t N = 1;
    while (N < S.size() && !std::isupper((unsigned char)S[N]))
      ++N;
    Parts.push_back({Tag, S.substr(1, N - 1)});
    S = S.drop_front(N);
  }
  if (!S.empty())
    Parts.clear(); // not a shape we know
  return Parts;
}

/// Demangles an Itanium C++ symbol, or returns "" when it is not one.
static std::string demangleCxx(StringRef Sym) {
  if (!Sym.starts_with("_Z"))
    return "";
  int Status = 0;
  char *D = abi::__cxa_demangle(Sym.str().c_str(), nullptr, nullptr, &Status);
  std::string Out = (Status == 0 && D) ? D : "";
  std::free(D);
  return Out;
}

std::string displayFunctionName(StringRef Mangled) {
  if (Mangled.starts_with("_Q")) {
    auto Parts = fortranParts(Mangled);
    if (Parts.size() == 1 && Parts[0].first == 'Q' && Parts[0].second == "main")
      return "main";
    std::string Out;
    for (auto &[Tag, Name] : Parts) {
      if (Tag != 'M' && Tag != 'S' && Tag != 'F' && Tag != 'P')
        return Mangled.str();
      if (Name.empty())
        continue;
      Out += Out.empty() ? "" : "::";
      Out += Name.str();
    }
    if (!Out.empty())
      return Out;
  }
  std::string D = demangleCxx(Mangled);
  return D.empty() ? Mangled.str() : D;
}

/// Path made absolute against the working directory (the compiler's, as
/// flang resolves a relative line marker) with "." and ".." folded.
static std::string absolutePath(StringRef Path) {
  SmallString<256> P(Path);
  sys::fs::make_absolute(P);
  sys::path::remove_dots(P, /*remove_dot_dot=*/true);
  return std::string(P);
}

/// A line marker: `#line "FILE" N` (flang -E), `#line N "FILE"` (C) or
/// `# N "FILE" FLAGS` (cpp). False for any other line.
static bool lineMarker(StringRef L, std::string &File, unsigned &N) {
  L = L.trim();
  if (!L.consume_front("#"))
    return false;
  L = L.ltrim();
  L.consume_front("line");
  L = L.ltrim();
  bool Number = false;
  if (!L.empty() && std::isdigit((unsigned char)L[0])) {
    if (L.consumeInteger(10, N))
      return false;
    Number = true;
    L = L.ltrim();
  }
  if (!L.consume_front("\""))
    return false;
  size_t End = L.find('"');
  if (End == StringRef::npos || End == 0)
    return false;
  File = L.substr(0, End).str();
  L = L.drop_front(End + 1).ltrim();
  if (!Number && (L.empty() || L.consumeInteger(10, N)))
    return false;
  return true;
}

static bool isBlank(char C) { return C == ' ' || C == '\t'; }

const MemoryBuffer *PreprocessedColumns::file(StringRef Path) {
  auto It = Files.find(Path);
  if (It == Files.end()) {
    ErrorOr<std::unique_ptr<MemoryBuffer>> B = MemoryBuffer::getFile(Path, /*IsText=*/true);
    It = Files.insert({Path, B ? std::move(*B) : nullptr}).first;
  }
  return It->second.get();
}

const std::map<PreprocessedColumns::LineKey, StringRef> &PreprocessedColumns::outputLines(StringRef Pp) {
  auto It = Lines.find(Pp);
  if (It != Lines.end())
    return It->second;
  std::map<LineKey, StringRef> &Out = Lines[Pp];
  const MemoryBuffer *B = file(Pp);
  if (!B)
    return Out;
  SmallVector<StringRef, 0> Text;
  B->getBuffer().split(Text, '\n');
  std::string Cur = absolutePath(Pp), Marked;
  unsigned Next = 1, N = 0;
  for (StringRef L : Text) {
    if (lineMarker(L, Marked, N)) {
      Cur = absolutePath(Marked);
      Next = N;
      continue;
    }
    Out.insert({{Cur, Next++}, L.rtrim('\r')}); // the first output line of a source line wins
  }
  return Out;
}

unsigned PreprocessedColumns::sourceColumn(StringRef Pp, StringRef Src, unsigned Line, unsigned Col) {
  if (Line == 0 || Col == 0)
    return 0;
  const std::map<LineKey, StringRef> &Out = outputLines(Pp);
  auto It = Out.find({absolutePath(Src), Line});
  const MemoryBuffer *B = file(Src);
  if (It == Out.end() || !B)
    return 0;
  StringRef S;
  {
    StringRef Rest = B->getBuffer();
    for (unsigned I = 1; I < Line && !Rest.empty(); ++I)
      Rest = Rest.split('\n').second;
    S = Rest.split('\n').first.rtrim('\r');
  }
  // Walk both lines over their non-blank characters up to the output's
  // column. They must agree (letters in either case): the prescanner only
  // moves blanks, so a difference is a macro expansion or a continuation
  // line joined before the column, and the output's column is all there is.
  StringRef P = It->second.take_front(Col - 1);
  size_t J = 0;
  for (char C : P) {
    if (isBlank(C))
      continue;
    while (J < S.size() && isBlank(S[J]))
      ++J;
    if (J == S.size() || std::tolower((unsigned char)S[J]) != std::tolower((unsigned char)C))
      return 0;
    ++J;
  }
  while (J < S.size() && isBlank(S[J]))
    ++J;
  return J < S.size() ? J + 1 : 0;
}

GlobalName splitGlobalName(StringRef Sym, bool IsCommon) {
  if (IsCommon) {
    if (Sym == "__BLNK__")
      return {"", "//"};
    if (Sym.ends_with("_"))
      return {"", (Twine("/") + Sym.drop_back() + "/").str()};
  }
  if (Sym.starts_with("_Q")) {
    auto Parts = fortranParts(Sym);
    if (!Parts.empty() && Parts.back().first == 'E') {
      std::string Scope;
      for (size_t I = 0; I + 1 < Parts.size(); ++I) {
        StringRef N = Parts[I].second;
        if (Parts[I].first == 'F' && N.empty())
          N = "main"; // `_QFEx`: a variable of the main program
        if (N.empty())
          continue;
        Scope += Scope.empty() ? "" : "::";
        Scope += N.str();
      }
      return {Scope, Parts.back().second.str()};
    }
  }
  std::string D = demangleCxx(Sym);
  if (!D.empty())
    return {"", D};
  // clang names a function-local static `func.var`.
  auto [Head, Tail] = Sym.split('.');
  if (!Tail.empty() && !Head.empty())
    return {Head.str(), Tail.str()};
  return {"", Sym.str()};
}

} // namespace oli
