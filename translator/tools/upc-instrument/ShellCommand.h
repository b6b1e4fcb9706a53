//===- ShellCommand.h - Commands shown as a shell would read them -*- C++ -*-===//

#ifndef UPC_INSTRUMENT_TOOLS_SHELLCOMMAND_H
#define UPC_INSTRUMENT_TOOLS_SHELLCOMMAND_H

#include <string>
#include <vector>

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace upc {

/// Prints \p Args as one POSIX shell command line, quoting where needed, and
/// a newline.
void printShellCommand(llvm::raw_ostream &OS,
                       const std::vector<std::string> &Args);

} // namespace upc

#endif
