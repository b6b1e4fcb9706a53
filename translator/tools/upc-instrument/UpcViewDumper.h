//===- UpcViewDumper.h - Print the front end's UPC view ---------*- C++ -*-===//
//
// --dump-upc: one line per UPC fact, each starting with the original
// file:line:col, in a stable format that tests check with FileCheck.
//
//===----------------------------------------------------------------------===//

#ifndef UPC_INSTRUMENT_TOOLS_UPCVIEWDUMPER_H
#define UPC_INSTRUMENT_TOOLS_UPCVIEWDUMPER_H

#include "upc-instrument/FrontEnd/UpcFrontend.h"
#include "llvm/Support/raw_ostream.h"

void dumpUpcView(upc::UpcTranslationUnit &TU, llvm::raw_ostream &OS);

#endif
