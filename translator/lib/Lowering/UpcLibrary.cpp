//===- UpcLibrary.cpp - The UPC library functions the runtime provides ----===//

#include "upc-instrument/Lowering/UpcLibrary.h"

#include "clang/AST/Decl.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/StringMap.h"

namespace upc {

namespace {

constexpr LibraryFunction Functions[] = {
#define UPC_LIBRARY_FUNCTION(Name, Header, Lowering, Runtime, Event,          \
                             Instrumented)                                     \
  {Name, Header, LibraryLowering::Lowering, Runtime, Event, Instrumented},
#include "upc-instrument/Lowering/UpcLibrary.inc"
#undef UPC_LIBRARY_FUNCTION
};

} // namespace

llvm::ArrayRef<LibraryFunction> libraryFunctions() { return Functions; }

const LibraryFunction *findLibraryFunction(llvm::StringRef Name) {
  static const llvm::StringMap<const LibraryFunction *> ByName = [] {
    llvm::StringMap<const LibraryFunction *> Map;
    for (const LibraryFunction &F : Functions)
      Map[F.Name] = &F;
    return Map;
  }();
  auto It = ByName.find(Name);
  return It == ByName.end() ? nullptr : It->second;
}

const LibraryFunction *findLibraryFunction(const clang::FunctionDecl *FD,
                                           const clang::SourceManager &SM) {
  if (!FD || !FD->getIdentifier() ||
      !SM.isInSystemHeader(SM.getExpansionLoc(FD->getLocation())))
    return nullptr;
  return findLibraryFunction(FD->getName());
}

} // namespace upc
