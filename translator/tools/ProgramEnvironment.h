//===- ProgramEnvironment.h - Environment sections of --help ----*- C++ -*-===//
//
// The ENVIRONMENT sections that upc-instrument and upcc print after their
// options: the tool's own variables, and those of the programs it builds,
// from translator/tools/environment.def (the one table of them).
//
//===----------------------------------------------------------------------===//

#ifndef UPC_INSTRUMENT_TOOLS_PROGRAMENVIRONMENT_H
#define UPC_INSTRUMENT_TOOLS_PROGRAMENVIRONMENT_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <iterator>
#include <string>

namespace upc {

struct EnvironmentVariable {
  llvm::StringRef Name;
  llvm::StringRef Meaning;
};

/// Prints \p Heading and one line per variable, meanings in one column as
/// OptTable::printHelp aligns the options' (help2man reads both alike).
inline void printEnvironment(llvm::raw_ostream &OS, llvm::StringRef Heading,
                             llvm::ArrayRef<EnvironmentVariable> Variables) {
  size_t Width = 0;
  for (const EnvironmentVariable &V : Variables)
    Width = std::max(Width, V.Name.size());
  OS << "\n" << Heading << ":\n";
  for (const EnvironmentVariable &V : Variables)
    OS << "  " << llvm::left_justify(V.Name, Width) << "  " << V.Meaning
       << "\n";
}

/// The ENVIRONMENT OF PROGRAMS section: each meaning starts with its reader.
inline void printProgramEnvironment(llvm::raw_ostream &OS) {
  static const struct {
    const char *Name, *Reader, *Meaning;
  } Table[] = {
#define UPC_ENV(NAME, READER, MEANING) {NAME, READER, MEANING},
#include "environment.def"
#undef UPC_ENV
  };
  std::string Meanings[std::size(Table)];
  EnvironmentVariable Variables[std::size(Table)];
  for (size_t I = 0; I < std::size(Table); ++I) {
    Meanings[I] = std::string(Table[I].Reader) + ": " + Table[I].Meaning;
    Variables[I] = {Table[I].Name, Meanings[I]};
  }
  printEnvironment(OS,
                   "ENVIRONMENT OF PROGRAMS (read when they run; "
                   "docs/command-line.md)",
                   Variables);
}

} // namespace upc

#endif
