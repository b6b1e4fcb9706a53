//===- SirCommand.h - upc-instrument --sir, --sir-request -------*- C++ -*-===//

#ifndef UPC_INSTRUMENT_TOOLS_SIRCOMMAND_H
#define UPC_INSTRUMENT_TOOLS_SIRCOMMAND_H

#include "Invocation.h"

namespace upc {

/// Writes the SIR of the invocation's inputs (and of its SIR request's
/// resources) as one document to -o or standard output, and the translated
/// C of each resource with an `out` there (with the invocation's
/// instrumentation and probes, whose documents go beside the SIR); nothing
/// is written unless every input was read, checked and translated. Returns
/// the exit status.
int runSirCommand(const Invocation &Inv);

} // namespace upc

#endif
