// A runtime error in an instrumented program (here mismatched named
// barriers) ends it as upc_global_exit would: the tool receives
// GASP_UPC_NONCOLLECTIVE_EXIT at the error's position and writes its output.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %upc-instrument --profile --tool=dump %cc %s -o %t/prog
// RUN: env GASP_DUMPFILE=%t/dump.% not %upcrun -n 2 %t/prog 2> %t/err
// RUN: FileCheck %s --check-prefix=ERR < %t/err
// RUN: cat %t/dump.0 %t/dump.1 | FileCheck %s
// ERR: gasp-runtime-error.upc:[[@LINE+4]]:3: error: {{.*}}barrier
// CHECK: [{{.*}}gasp-runtime-error.upc:[[@LINE+3]]:3] GASP_UPC_NONCOLLECTIVE_EXIT ATOMIC { status=1 }
#include <upc.h>
int main(void) {
  upc_barrier MYTHREAD;
  return 0;
}
