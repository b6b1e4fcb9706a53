//===- DependencyFiles.h - Make dependencies of translated files -*- C++ -*-===//
//
// The compiler writes the dependencies (-MD, -MMD, -M...) of the temporary C
// file it was given; the build system must see the UPC source and every
// header the translation read instead (the UPC headers are inlined into the
// C, so the compiler never saw them).
//
//===----------------------------------------------------------------------===//

#ifndef UPC_INSTRUMENT_TOOLS_DEPENDENCYFILES_H
#define UPC_INSTRUMENT_TOOLS_DEPENDENCYFILES_H

#include "upc-instrument/Translation/Translate.h"

#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace upc {

/// A UPC input of a compiler command and what became of it.
struct UpcInput {
  /// Its position in the command's arguments.
  size_t ArgIndex;
  std::string Source;
  /// The translated C file given to the compiler.
  std::string Translated;
  /// The headers its translation read.
  std::vector<Dependency> Dependencies;
};

/// Make's spelling of a file name in a dependency rule (as gcc writes it).
std::string escapeForMake(llvm::StringRef Path);

/// The file names of a dependency file's text (targets and prerequisites).
std::vector<std::string> dependencyFileNames(llvm::StringRef Text);

/// Rewrites the dependency file \p Path written for the translated files of
/// \p Inputs: each translated file becomes its UPC source followed by the
/// headers the translation read (system headers only with
/// \p SystemHeaders; with \p PhonyTargets a phony target for each, as -MP
/// does). A missing file is left alone. False after reporting a write
/// error.
bool rewriteDependencyFile(llvm::StringRef Path,
                           const std::vector<UpcInput> &Inputs,
                           bool SystemHeaders, bool PhonyTargets);

} // namespace upc

#endif
