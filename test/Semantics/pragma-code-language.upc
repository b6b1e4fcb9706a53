// Berkeley UPC's `#pragma upc upc_code` and `#pragma upc c_code` are known
// pragmas (they decide whether a header's data is per thread: see
// Run/header-data.upc). In the file being translated, c_code is ignored with
// a warning: the file is UPC code.
// RUN: %upc-instrument -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=error:

// CHECK: pragma-code-language.upc:[[@LINE+1]]:13: warning: '#pragma upc c_code' ignored in the file being translated, which is UPC code; it makes the data of a header process-wide
#pragma upc c_code
#pragma upc upc_code
#include <upc.h>

shared int x;
