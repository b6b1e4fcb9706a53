//===- Options.h - upc-instrument's own options -----------------*- C++ -*-===//
//
// The option table generated from Options.td. Every option that is not in
// it is a Clang option (translator form) or the compiler's (launcher form).
//
//===----------------------------------------------------------------------===//

#ifndef UPC_INSTRUMENT_TOOLS_OPTIONS_H
#define UPC_INSTRUMENT_TOOLS_OPTIONS_H

#include "llvm/Option/OptTable.h"

namespace upc::options {

enum ID {
  OPT_INVALID = 0,
#define OPTION(...) LLVM_MAKE_OPT_ID(__VA_ARGS__),
#include "Options.inc"
#undef OPTION
};

/// Flags of Options.td, after the ones llvm::opt reserves.
enum Flag {
  /// Changes what a translation produces (shown in the translation steps).
  TranslationOption = 1 << 4,
};

const llvm::opt::OptTable &table();

} // namespace upc::options

#endif
