//===- Options.cpp - upc-instrument's own options -------------------------===//

#include "Options.h"

#include "llvm/Option/Option.h"

using namespace llvm;
using namespace llvm::opt;

namespace upc::options {

namespace {

#define PREFIX(NAME, VALUE)                                                    \
  static constexpr StringLiteral NAME##_init[] = VALUE;                        \
  static constexpr ArrayRef<StringLiteral> NAME(NAME##_init,                   \
                                                std::size(NAME##_init) - 1);
#include "Options.inc"
#undef PREFIX

constexpr OptTable::Info InfoTable[] = {
#define OPTION(...) LLVM_CONSTRUCT_OPT_INFO(__VA_ARGS__),
#include "Options.inc"
#undef OPTION
};

class UpcInstrumentOptTable : public GenericOptTable {
public:
  UpcInstrumentOptTable() : GenericOptTable(InfoTable) {}
};

} // namespace

const OptTable &table() {
  static const UpcInstrumentOptTable Table;
  return Table;
}

} // namespace upc::options
