//===- UpcFileSystem.cpp --------------------------------------------------===//

#include "upc-instrument/FrontEnd/UpcFileSystem.h"
#include "upc-instrument/Support/OwnCode.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

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
      Slot = std::make_shared<DesugaredSource>(desugarUpcSource(
          (*Buffer)->getBuffer(),
          Opts == Store->Options.end() ? NoOptions : Opts->second));
      if (Real == Classifier.MainFile)
        Slot->Text += Store->MainFileSuffix;
    }
    Store->ByPath[Path] = Slot;
    return Slot;
  }
};

IntrusiveRefCntPtr<vfs::FileSystem>
createUpcOverlayFileSystem(IntrusiveRefCntPtr<vfs::FileSystem> Base,
                           UpcFileClassifier Classifier,
                           std::shared_ptr<DesugaredFileStore> Store) {
  return makeIntrusiveRefCnt<UpcOverlayFileSystem>(
      std::move(Base), std::move(Classifier), std::move(Store));
}

} // namespace upc
