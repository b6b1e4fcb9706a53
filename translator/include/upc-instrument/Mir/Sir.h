//===- Sir.h - The program's structure as a SIR document -------*- C++ -*-===//
//
// The SIR ("standardized intermediate representation") of the APART
// working group's Monitoring and Instrumentation Requests (MIR): the code
// regions of a program (files, units, loops, calls, UPC statements, shared
// accesses...) with their positions in the UPC source and stable
// identifiers, which an instrumentation request names. docs/mir.md
// describes the document; mir/sir.dtd is its grammar.
//
// Identifiers: <file>.<unit>.<kind><n>, where <file> is the file's name as
// given with the characters an XML name cannot hold replaced by '_', <unit>
// the function's name and <n> the region's rank among the regions of its
// kind in that function, in source order. An edit outside a function does
// not change the identifiers of its regions.
//
//===----------------------------------------------------------------------===//

#ifndef UPC_INSTRUMENT_MIR_SIR_H
#define UPC_INSTRUMENT_MIR_SIR_H

#include "upc-instrument/FrontEnd/UpcFrontend.h"
#include "upc-instrument/Semantics/SharedObjects.h"

#include <string>
#include <utility>
#include <vector>

namespace upc {

/// Where a region is in the original UPC source: first and last character,
/// 1-based lines and columns.
struct SirPosition {
  unsigned StartLine = 0, StartColumn = 0, EndLine = 0, EndColumn = 0;
};

struct SirRegion {
  std::string Id;
  /// loop, upcForall, upcBarrier, upcNotify, upcWait, upcFence, call,
  /// upcCall, upcCollective, sharedRead, sharedWrite, sharedUpdate,
  /// upcLockRegion, userEvent (docs/mir.md).
  std::string Type;
  /// What the region names (a callee, a variable, the kind of loop).
  std::string Name;
  /// Further attributes, in order (affinity, upcType, value...).
  std::vector<std::pair<std::string, std::string>> Attributes;
  SirPosition Position;
  std::vector<SirRegion> Children;
  /// The statements the region is, for instrumentation requests: the node
  /// (an expression or a statement) and, for a lock region, the first and
  /// last statements of its block. Valid while the translation unit is;
  /// not part of the document.
  const clang::Stmt *First = nullptr, *Last = nullptr;
};

/// A declaration of shared data.
struct SirDeclaration {
  std::string Id;
  std::string Name;
  SharedObjectDescription Object;
  SirPosition Position;
};

struct SirUnit {
  std::string Id;
  std::string Name;
  SirPosition Position;
  std::vector<SirDeclaration> Declarations;
  std::vector<SirRegion> Regions;
  /// The function (valid while the translation unit is).
  const clang::FunctionDecl *Function = nullptr;
};

struct SirFile {
  std::string Id;
  std::string Name;
  std::vector<SirDeclaration> Declarations;
  std::vector<SirUnit> Units;
};

/// A resource of a SIR request: what was read, where its instrumented form
/// goes (empty: nowhere).
struct SirResource {
  std::string In;
  std::string Out;
};

struct SirDocument {
  std::vector<SirResource> Resources;
  std::vector<SirFile> Files;
};

/// The files of \p TU that hold UPC code defined in it (the main file
/// first, then the UPC headers it includes, in order of inclusion), with
/// their units, regions and shared declarations.
std::vector<SirFile> buildSirFiles(UpcTranslationUnit &TU);

/// The document as XML (UTF-8), valid against mir/sir.dtd.
std::string writeSir(const SirDocument &Doc);

/// The XML name an identifier part stands for: characters other than
/// letters, digits, '-' and '_' become '_', and a leading digit or '-' is
/// preceded by '_'.
std::string sirIdPart(llvm::StringRef Text);

} // namespace upc

#endif
