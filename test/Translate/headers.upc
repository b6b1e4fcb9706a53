// UPC headers are translated where they are included, with #line directives
// back to them; C headers stay #include lines; a second inclusion skipped by
// an include guard leaves a note.
// RUN: %upc-instrument %s -o %t.c
// RUN: FileCheck --match-full-lines %s < %t.c
// RUN: %upc-instrument --no-line-directives %s -o - | FileCheck --check-prefix=NOLINE %s

#include "Inputs/decls.uph"
#include "Inputs/decls.uph"
#include "Inputs/plain.h"

shared int counter;

// CHECK: #include <upcr.h>
// CHECK-NEXT: #line 1 "{{.*}}headers.upc"
// CHECK: /* #include "Inputs/decls.uph": translated below */
// CHECK-NEXT: #line 1 "{{.*}}Inputs/decls.uph"
// CHECK-NEXT: #ifndef DECLS_UPH
// CHECK-NEXT: #define DECLS_UPH
// CHECK-NEXT: #include "{{/.*}}Inputs/plain.h"
// CHECK-NEXT: extern upcr_pshared_ptr_t counter;
// CHECK-NEXT: __thread int per_thread;
// CHECK-NEXT: #endif
// CHECK-NEXT: #line 9 "{{.*}}headers.upc"
// CHECK-NEXT: /* #include "Inputs/decls.uph": translated above */
// CHECK-NEXT: #include "Inputs/plain.h"
// CHECK: upcr_pshared_ptr_t counter __attribute__((__common__));
// CHECK: #line {{[0-9]+}} "{{.*}}headers.upc.tmp.c"
// CHECK-EMPTY:
// CHECK-NEXT: /* Start-up: allocation and initialization of this file's static data

// NOLINE-NOT: {{^}}#line
