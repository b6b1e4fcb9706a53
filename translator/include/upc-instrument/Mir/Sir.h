//===- Sir.h - The program's structure as a SIR document -------*- C++ -*-===//
//
// The SIR ("standardized intermediate representation") of the APART
// working group's Monitoring and Instrumentation Requests (MIR): the code
// regions of a program (files, units, loops, calls, UPC statements, shared
// accesses...) with their positions in the UPC source and stable
// identifiers, which an instrumentation request names. docs/mir.md
// describes the document; mir/sir.dtd is its grammar.
//
// Identifiers: <file>.<unit>.<kind><n>, where <file> is the file's name
// (its path's last component, so that the directory a path is given from
// does not matter) with the characters an XML name cannot hold replaced by
// '_', <unit> the function's name and <n> the region's rank among the
// regions of its kind in that function, in source order. Files of one
// document or command with the same name are told apart by more of their
// paths (nameSirFiles). An edit outside a function does not change the
// identifiers of its regions.
//
//===----------------------------------------------------------------------===//

#ifndef UPC_INSTRUMENT_MIR_SIR_H
#define UPC_INSTRUMENT_MIR_SIR_H

#include "upc-instrument/FrontEnd/UpcFrontend.h"
#include "upc-instrument/Semantics/SharedObjects.h"

#include "llvm/ADT/ArrayRef.h"

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
  /// The file's absolute path without `.` and `..`, which tells files of
  /// the same name apart; not part of the document.
  std::string Path;
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
/// their units, regions and shared declarations, named by nameSirFiles
/// among themselves and \p Companions.
std::vector<SirFile> buildSirFiles(UpcTranslationUnit &TU,
                                   llvm::ArrayRef<std::string> Companions = {});

/// Gives \p Files, the files of one document, their ids (and their units',
/// regions' and declarations' the matching prefix): each file its id
/// (sirFileId), unless other files among them and \p Companions (paths of
/// the other sources of the same command, which their own translations
/// name alike) have the same one: then the shortest trailing part of its
/// path that tells it from each of those (a/util.upc and b/util.upc:
/// a_util_upc, b_util_upc), the same whatever the order. Files with the
/// same path are one: the units and declarations of the later ones that
/// the first lacks are added to it.
void nameSirFiles(std::vector<SirFile> &Files,
                  llvm::ArrayRef<std::string> Companions = {});

/// The document as XML (UTF-8), valid against mir/sir.dtd.
std::string writeSir(const SirDocument &Doc);

/// The XML name an identifier part stands for: characters other than
/// letters, digits, '-' and '_' become '_', and a leading digit or '-' is
/// preceded by '_'.
std::string sirIdPart(llvm::StringRef Text);

/// The id of a file named \p Path (as given, from any directory) when no
/// other file of its document has the same name: its last component, made
/// an XML name (`../src/prog.upc`: prog_upc).
std::string sirFileId(llvm::StringRef Path);

} // namespace upc

#endif
