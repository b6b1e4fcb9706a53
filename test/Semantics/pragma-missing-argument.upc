// '#pragma upc' and '#pragma pupc' without an argument are warnings at the
// end of the line, and the message names the pragma without a dangling
// space.
//
// RUN: %upc-instrument -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=__upc_ --implicit-check-not=__attribute__

// CHECK: pragma-missing-argument.upc:[[@LINE+1]]:12: warning: {{.*('#pragma upc'.*'strict', 'relaxed', 'upc_code' or 'c_code'|'strict', 'relaxed', 'upc_code' or 'c_code'.*'#pragma upc').*}}
#pragma upc
// CHECK: pragma-missing-argument.upc:[[@LINE+1]]:13: warning: missing argument to '#pragma pupc'; expected 'on' or 'off'
#pragma pupc
