//===- LinkComponents.cpp - What a UPC program is linked with -------------===//

#include "LinkComponents.h"
#include "Messages.h"
#include "upc-instrument/Lowering/RuntimeNames.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Object/Archive.h"
#include "llvm/Object/Binary.h"
#include "llvm/Object/ObjectFile.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <cstdlib>

using namespace llvm;

namespace upc {

namespace {

bool objectHasUpcFiles(const object::ObjectFile &Obj) {
  for (const object::SectionRef &S : Obj.sections()) {
    Expected<StringRef> Name = S.getName();
    if (!Name) {
      consumeError(Name.takeError());
      continue;
    }
    if (*Name == runtime::FilesSection)
      return true;
  }
  return false;
}

} // namespace

bool containsUpcCode(StringRef Path) {
  if (!sys::fs::is_regular_file(Path))
    return false;
  Expected<object::OwningBinary<object::Binary>> Bin =
      object::createBinary(Path);
  if (!Bin) {
    consumeError(Bin.takeError());
    return false;
  }
  object::Binary *B = Bin->getBinary();
  if (auto *Obj = dyn_cast<object::ObjectFile>(B))
    return objectHasUpcFiles(*Obj);
  auto *Ar = dyn_cast<object::Archive>(B);
  if (!Ar)
    return false;
  Error Err = Error::success();
  bool Found = false;
  for (const object::Archive::Child &C : Ar->children(Err)) {
    Expected<std::unique_ptr<object::Binary>> Member = C.getAsBinary();
    if (!Member) {
      consumeError(Member.takeError());
      continue;
    }
    if (auto *Obj = dyn_cast<object::ObjectFile>(Member->get()))
      if (objectHasUpcFiles(*Obj)) {
        Found = true;
        break;
      }
  }
  consumeError(std::move(Err));
  return Found;
}

namespace {

/// A library of \p LibDir named <LibPrefix><Name>.a and the link arguments
/// listed one per line in <Name's list file> beside it (<ListPrefix><Name>
/// .libs, optional). Reports an unknown \p Name with the ones available.
bool findLinkComponent(StringRef LibDir, StringRef LibPrefix,
                       StringRef ListPrefix, StringRef What, StringRef Name,
                       std::string &Library, std::vector<std::string> &Extra) {
  SmallString<256> Path(LibDir);
  sys::path::append(Path, LibPrefix + Name + ".a");
  if (!sys::fs::exists(Path)) {
    std::vector<std::string> Known;
    std::error_code EC;
    for (sys::fs::directory_iterator It(LibDir, EC), End; It != End && !EC;
         It.increment(EC)) {
      StringRef File = sys::path::filename(It->path());
      if (File.consume_front(LibPrefix) && File.consume_back(".a"))
        Known.push_back(File.str());
    }
    llvm::sort(Known);
    std::string List;
    for (const std::string &K : Known)
      List += (List.empty() ? "" : ", ") + K;
    reportError("unknown " + What.str() + " '" + Name.str() + "'" +
          (List.empty() ? "; none is installed in '" + LibDir.str() + "'"
                        : "; available: " + List));
    return false;
  }
  Library = std::string(Path);
  SmallString<256> ListFile(LibDir);
  sys::path::append(ListFile, ListPrefix + Name + ".libs");
  if (ErrorOr<std::unique_ptr<MemoryBuffer>> Buffer =
          MemoryBuffer::getFile(ListFile, /*IsText=*/true)) {
    SmallVector<StringRef, 8> Lines;
    (*Buffer)->getBuffer().split(Lines, '\n', -1, /*KeepEmpty=*/false);
    for (StringRef L : Lines)
      if (!L.trim().empty())
        Extra.push_back(L.trim().str());
  }
  return true;
}

} // namespace

bool findGaspTool(StringRef LibDir, StringRef Name,
                  std::vector<std::string> &LinkArgs) {
  // A tool of one's own: a path to its archive, object or shared library
  // (anything with a '/' or a library or object suffix), linked as it is;
  // its own dependencies go on the command line as usual (-lfoo).
  if (Name.contains('/') || Name.ends_with(".a") || Name.ends_with(".o") ||
      Name.ends_with(".so")) {
    if (!sys::fs::is_regular_file(Name)) {
      reportError("GASP tool '" + Name.str() + "' not found (a path to a " +
                  "tool's archive, object or shared library)");
      return false;
    }
    SmallString<256> Path(Name);
    sys::fs::make_absolute(Path);
    LinkArgs.push_back(std::string(Path));
    return true;
  }
  // Or a name: libupc-gasp-<name>.a in a folder of UPC_GASP_TOOL_PATH
  // (':'-separated, searched first), else among the installed tools.
  StringRef Dir = LibDir;
  if (const char *SearchPath = std::getenv("UPC_GASP_TOOL_PATH")) {
    SmallVector<StringRef, 4> Dirs;
    StringRef(SearchPath).split(Dirs, ':', -1, /*KeepEmpty=*/false);
    for (StringRef D : Dirs) {
      SmallString<256> Candidate(D);
      sys::path::append(Candidate, "libupc-gasp-" + Name + ".a");
      if (sys::fs::exists(Candidate)) {
        Dir = D;
        break;
      }
    }
  }
  std::string Library;
  std::vector<std::string> Extra;
  if (!findLinkComponent(Dir, "libupc-gasp-", "upc-gasp-", "GASP tool", Name,
                         Library, Extra))
    return false;
  LinkArgs.push_back(Library);
  LinkArgs.insert(LinkArgs.end(), Extra.begin(), Extra.end());
  return true;
}

bool findBackend(StringRef LibDir, StringRef Name, Backend &B) {
  std::vector<std::string> Extra;
  if (!findLinkComponent(LibDir, "libupcr-", "upcr-", "backend", Name,
                         B.Library, Extra))
    return false;
  if (Name == "pthreads") {
    B.LinkArgs = {"-lpthread"};
    B.CompileArgs.clear();
  } else {
    // A backend whose threads may not address each other's memory: the
    // translated C keeps its remote paths (upcr.h).
    B.LinkArgs = Extra;
    B.CompileArgs = {"-D" + runtime::RemoteAccess.str()};
  }
  return true;
}

} // namespace upc
