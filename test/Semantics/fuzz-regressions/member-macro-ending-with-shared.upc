// `shared` after '.' or '->' names a member (of a structure from a C header),
// never the keyword; in a macro body too. A macro ending with `.shared` was
// taken for a macro ending with the keyword, so indexing the member through
// it was rejected as a layout qualifier split from its `shared`, and the
// brackets were blanked.
// Found by upc-desugar-fuzzer: a file without UPC constructs was rewritten
// (test/fuzz/regressions/desugar-member-macro-ending-with-shared.upc).
// RUN: %upc-instrument -fsyntax-only -isystem %S/Inputs/system %s 2>&1 | count 0

#include <c_names.h>

#define FIELD .shared
#define PFIELD ->shared
#define COUNT ->THREADS

int f(struct c_names v, struct c_names *p) {
  return v FIELD[1] + p PFIELD[2] + v.shared[3] + p COUNT;
}
