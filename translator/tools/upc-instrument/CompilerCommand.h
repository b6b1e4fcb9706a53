//===- CompilerCommand.h - What a C compiler command does -------*- C++ -*-===//
//
// The launcher's knowledge of gcc's and clang's command lines: which
// arguments are inputs and which of them are UPC (.upc, .uph, after
// -x upc, or matching --upc-sources=), which options the UPC front end
// needs to read them as the compiler would preprocess them, and what the
// command writes (outputs, dependency files) and whether it links.
//
//===----------------------------------------------------------------------===//

#ifndef UPC_INSTRUMENT_TOOLS_COMPILERCOMMAND_H
#define UPC_INSTRUMENT_TOOLS_COMPILERCOMMAND_H

#include "DependencyFiles.h"

#include "llvm/Support/GlobPattern.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace upc {

/// --upc-sources= patterns: one without '/' matches the file name, one with
/// '/' the path as written or the absolute path.
class SourceGlobs {
public:
  /// False after reporting an invalid pattern.
  bool add(llvm::StringRef Pattern);
  bool match(llvm::StringRef Path) const;

private:
  std::vector<std::pair<llvm::GlobPattern, bool>> Patterns;
};

/// What a compiler command does and where its inputs and outputs are.
struct CompilerCommand {
  /// The command as given to the compiler (-x upc spelled -x c), UPC
  /// inputs still in place.
  std::vector<std::string> Args;
  std::vector<UpcInput> UpcInputs;
  /// Inputs that are not UPC sources (C files, objects, archives, and the
  /// inputs listed in @response files).
  std::vector<std::string> OtherInputs;
  /// Options the front end needs to read the UPC inputs as the compiler
  /// would preprocess them.
  std::vector<std::string> ParseArgs;
  std::optional<std::string> Output;
  std::optional<std::string> DepFile;
  bool Link = true;
  bool CompileOnly = false;  // -c
  bool AssembleOnly = false; // -S
  bool DepsOnly = false;     // -M, -MM
  bool MD = false;           // -MD, -MMD
  bool SystemDeps = true;    // not -MM, -MMD
  bool PhonyDeps = false;    // -MP
  bool SawLanguage = false;  // some -x
};

/// Analyzes \p Command (the compiler, then its arguments).
CompilerCommand analyzeCommand(const std::vector<std::string> &Command,
                               const SourceGlobs &Globs);

/// The dependency files the compiler writes for \p C, as gcc and clang
/// name them.
std::vector<std::string> dependencyFiles(const CompilerCommand &C);

/// The files the command makes besides dependency files (removed when it
/// fails, so that a failed step leaves nothing stale behind).
std::vector<std::string> outputFiles(const CompilerCommand &C);

/// Where --keep-files keeps the translation of \p In: beside the object,
/// x.o and x.upc.o giving x.upc.c.
std::string keptFileName(const CompilerCommand &C, const UpcInput &In);

/// Where the launcher's --sir writes the SIR of \p In: beside the object,
/// x.o giving x.sir and x.upc.o x.upc.sir.
std::string sirFileName(const CompilerCommand &C, const UpcInput &In);

} // namespace upc

#endif
