//===- MacroExpansion.h - Expand chosen macro uses ------------*- C++ -*-===//
//
// A use of a macro whose expansion holds UPC that the translation cannot
// place (a function defined by the macro with UPC in its body, shared data
// declared beside a function) is translated as if the user had written the
// expansion: the use is replaced by the tokens a preprocessor alone gives
// for it, from the original UPC text (so the desugarer and the parse then
// see the UPC keywords as written), and the file is translated again.
//
//===----------------------------------------------------------------------===//

#ifndef UPC_INSTRUMENT_FRONTEND_MACROEXPANSION_H
#define UPC_INSTRUMENT_FRONTEND_MACROEXPANSION_H

#include "upc-instrument/FrontEnd/UpcFrontend.h"

#include <utility>
#include <vector>

namespace upc {

/// The uses of macros in \p InputFile at \p Uses ((line, column) of each
/// use's macro name in the original text), each with its expansion (tokens
/// separated by spaces, on one line). A use the preprocessor did not expand
/// there (the file changed, an error) is left out.
std::vector<SourceReplacement>
expandMacroUses(const UpcFrontendOptions &Opts, llvm::StringRef InputFile,
                llvm::ArrayRef<std::pair<unsigned, unsigned>> Uses);

} // namespace upc

#endif
