//===- UpcFileSystem.cpp --------------------------------------------------===//

#include "upc-instrument/FrontEnd/UpcFileSystem.h"
#include "upc-instrument/Support/OwnCode.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <tuple>

using namespace llvm;

namespace upc {
namespace {

bool isUnder(StringRef Path, StringRef Dir) {
  Dir = Dir.rtrim('/');
  return Path.size() > Dir.size() && Path.starts_with(Dir) &&
         Path[Dir.size()] == '/';
}

/// A desugared file served from memory; it reports the desugared size so
/// that Clang's file manager and source manager agree on it.
class DesugaredFile : public vfs::File {
public:
  DesugaredFile(vfs::Status S, std::shared_ptr<DesugaredSource> Source)
      : S(std::move(S)), Source(std::move(Source)) {}

  ErrorOr<vfs::Status> status() override { return S; }

  ErrorOr<std::unique_ptr<MemoryBuffer>>
  getBuffer(const Twine &Name, int64_t, bool RequiresNullTerminator,
            bool) override {
    return MemoryBuffer::getMemBuffer(Source->Text, Name.str(),
                                      RequiresNullTerminator);
  }

  std::error_code close() override { return {}; }

private:
  vfs::Status S;
  std::shared_ptr<DesugaredSource> Source;
};

} // namespace

std::string canonicalPath(StringRef Path) {
  SmallString<256> Out;
  if (!sys::fs::real_path(Path, Out))
    return std::string(Out);
  Out = Path;
  sys::fs::make_absolute(Out);
  sys::path::remove_dots(Out, /*remove_dot_dot=*/true);
  return std::string(Out);
}

bool UpcFileClassifier::isUpcFile(StringRef RealPath) const {
  if (RealPath == MainFile)
    return true;
  StringRef Ext = sys::path::extension(RealPath);
  if (Ext == ".upc" || Ext == ".uph")
    return true;
  for (const std::string &Dir : UpcHeaderDirs)
    if (isUnder(RealPath, Dir))
      return true;
  for (const std::string &Dir : SystemDirs)
    if (isUnder(RealPath, Dir))
      return false;
  return true;
}

const DesugaredSource *DesugaredFileStore::lookup(StringRef Path) const {
  std::lock_guard<std::mutex> Lock(Mutex);
  auto It = ByPath.find(Path);
  return It == ByPath.end() ? nullptr : It->second.get();
}

class UpcOverlayFileSystem : public vfs::ProxyFileSystem {
public:
  UpcOverlayFileSystem(IntrusiveRefCntPtr<vfs::FileSystem> Base,
                       UpcFileClassifier Classifier,
                       std::shared_ptr<DesugaredFileStore> Store)
      : ProxyFileSystem(std::move(Base)), Classifier(std::move(Classifier)),
        Store(std::move(Store)) {}

  ErrorOr<vfs::Status> status(const Twine &Path) override {
    ErrorOr<vfs::Status> S = ProxyFileSystem::status(Path);
    if (!S || !S->isRegularFile())
      return S;
    std::shared_ptr<DesugaredSource> D = desugared(Path.str());
    if (!D)
      return S;
    return vfs::Status::copyWithNewSize(*S, D->Text.size());
  }

  ErrorOr<std::unique_ptr<vfs::File>>
  openFileForRead(const Twine &Path) override {
    ErrorOr<std::unique_ptr<vfs::File>> F =
        ProxyFileSystem::openFileForRead(Path);
    if (!F)
      return F;
    ErrorOr<vfs::Status> S = (*F)->status();
    if (!S || !S->isRegularFile())
      return F;
    std::shared_ptr<DesugaredSource> D = desugared(Path.str());
    if (!D)
      return F;
    vfs::Status Sized = vfs::Status::copyWithNewSize(*S, D->Text.size());
    return std::unique_ptr<vfs::File>(
        std::make_unique<DesugaredFile>(std::move(Sized), std::move(D)));
  }

private:
  UpcFileClassifier Classifier;

  /// Whether \p Path is certainly a C header, judging by its spelling.
  bool isInSystemDirectory(StringRef Path) const {
    StringRef Ext = sys::path::extension(Path);
    if (Ext == ".upc" || Ext == ".uph")
      return false;
    for (const std::string &Dir : Classifier.UpcHeaderDirs)
      if (isUnder(Path, Dir))
        return false;
    for (const std::string &Dir : Classifier.SystemDirs)
      if (isUnder(Path, Dir))
        return true;
    return false;
  }
  std::shared_ptr<DesugaredFileStore> Store;

  /// The desugared form of \p Path, or null if it is read as C.
  std::shared_ptr<DesugaredSource> desugared(const std::string &Path) {
    OwnCodeScope Own;
    {
      std::lock_guard<std::mutex> Lock(Store->Mutex);
      auto It = Store->ByPath.find(Path);
      if (It != Store->ByPath.end())
        return It->second;
    }
    // Cheap test first: most probes are C headers in system directories.
    SmallString<256> Absolute(Path);
    sys::fs::make_absolute(Absolute);
    if (isInSystemDirectory(Absolute))
      return nullptr;
    std::string Real = canonicalPath(Path);
    if (!Classifier.isUpcFile(Real))
      return nullptr;
    std::lock_guard<std::mutex> Lock(Store->Mutex);
    std::shared_ptr<DesugaredSource> &Slot = Store->ByRealPath[Real];
    if (!Slot) {
      ErrorOr<std::unique_ptr<MemoryBuffer>> Buffer =
          getUnderlyingFS().getBufferForFile(Path);
      if (!Buffer)
        return nullptr;
      static const DesugarOptions NoOptions;
      auto Opts = Store->Options.find(Real);
      auto Edits = Store->Replacements.find(Real);
      std::string Edited;
      StringRef Original = (*Buffer)->getBuffer();
      if (Edits != Store->Replacements.end()) {
        Edited = applyReplacements(Original, Edits->second);
        Original = Edited;
      }
      Slot = std::make_shared<DesugaredSource>(desugarUpcSource(
          Original, Opts == Store->Options.end() ? NoOptions : Opts->second));
      if (Edits != Store->Replacements.end())
        for (const SourceReplacement &R : Edits->second)
          Slot->Replaced.push_back({R.Line, R.Column, unsigned(R.Text.size()),
                                    R.EndLine, R.EndColumn});
      if (Real == Classifier.MainFile)
        Slot->Text += Store->MainFileSuffix;
    }
    Store->ByPath[Path] = Slot;
    return Slot;
  }
};

std::string applyReplacements(StringRef Original,
                              std::vector<SourceReplacement> Replacements) {
  // Offsets of the line starts, to turn lines and columns into offsets.
  std::vector<size_t> LineStart = {0};
  for (size_t I = 0; I < Original.size(); ++I)
    if (Original[I] == '\n')
      LineStart.push_back(I + 1);
  auto Offset = [&](unsigned Line, unsigned Column) -> size_t {
    if (Line == 0 || Line > LineStart.size())
      return Original.size();
    return std::min(Original.size(), LineStart[Line - 1] + Column - 1);
  };
  llvm::sort(Replacements,
             [](const SourceReplacement &A, const SourceReplacement &B) {
               return std::tie(A.Line, A.Column) < std::tie(B.Line, B.Column);
             });
  std::string Out;
  size_t Done = 0;
  for (const SourceReplacement &R : Replacements) {
    size_t Begin = Offset(R.Line, R.Column),
           End = Offset(R.EndLine, R.EndColumn);
    if (Begin < Done || End < Begin)
      continue; // overlapping: the first wins
    Out.append(Original.substr(Done, Begin - Done));
    Out.append(R.Text);
    Out.append(Original.substr(Begin, End - Begin).count('\n'), '\n');
    Done = End;
  }
  Out.append(Original.substr(Done));
  return Out;
}

IntrusiveRefCntPtr<vfs::FileSystem>
createUpcOverlayFileSystem(IntrusiveRefCntPtr<vfs::FileSystem> Base,
                           UpcFileClassifier Classifier,
                           std::shared_ptr<DesugaredFileStore> Store) {
  return makeIntrusiveRefCnt<UpcOverlayFileSystem>(
      std::move(Base), std::move(Classifier), std::move(Store));
}

} // namespace upc
