//===- UpcLibrary.cpp - The UPC library functions the runtime provides ----===//

#include "upc-instrument/Library/UpcLibrary.h"

#include "clang/AST/Decl.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/StringMap.h"

namespace upc {

namespace {

constexpr LibraryFunction Functions[] = {
#define UPC_LIBRARY_FUNCTION(Name, Header, Lowering, Runtime, Event,          \
                             Instrumented)                                     \
  {Name, Header, LibraryLowering::Lowering, Runtime, Event, Instrumented},
#include "upc-instrument/Library/UpcLibrary.inc"
};

constexpr LibraryConstant Constants[] = {
#define UPC_LIBRARY_CONSTANT(Typedef, Name, Value, Atomic, AtomicOps)          \
  {Typedef, Name, Value, Atomic, AtomicOps},
#include "upc-instrument/Library/UpcLibrary.inc"
};

constexpr LibraryFeature Features[] = {
#define UPC_LIBRARY_FEATURE(Header, Macro) {Header, Macro},
#include "upc-instrument/Library/UpcLibrary.inc"
};

} // namespace

llvm::ArrayRef<LibraryFunction> libraryFunctions() { return Functions; }
llvm::ArrayRef<LibraryConstant> libraryConstants() { return Constants; }
llvm::ArrayRef<LibraryFeature> libraryFeatures() { return Features; }

const LibraryConstant *findLibraryConstant(llvm::StringRef Typedef,
                                           unsigned Value) {
  for (const LibraryConstant &C : Constants)
    if (C.Typedef == Typedef && C.Value == Value)
      return &C;
  return nullptr;
}

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
