// UPC in user headers (a .uph header, a .h header beside the source, a header found through -I), and a C system header (through -isystem) that uses UPC keywords as ordinary identifiers.
// RUN: %upc-instrument -fsyntax-only -Wall -Wextra -I %S/Inputs/include -isystem %S/Inputs/sys %s 2>&1 | count 0
// RUN: %upc-instrument --dump-upc -I %S/Inputs/include -isystem %S/Inputs/sys %s | FileCheck %s --implicit-check-not=__upc --implicit-check-not=c-words.h

// CHECK: {{.*}}Inputs{{/|\\}}user-header.uph:3:17: shared variable 'uph_data': shared [{{.+}}] int[4*THREADS]; block size 4; 4*THREADS elements; relaxed (default); file scope
// CHECK: {{.*}}Inputs{{/|\\}}user-header.uph:4:19: shared variable 'uph_flag': strict shared int; block size 1; strict; file scope
// CHECK: {{.*}}Inputs{{/|\\}}user-header.uph:5:1: #pragma upc relaxed: rest of the translation unit
// CHECK: {{.*}}Inputs{{/|\\}}user-header.uph:7:3: upc_barrier: anonymous
// CHECK: {{.*}}Inputs{{/|\\}}user-header.uph:8:15: upc_blocksizeof: operand 'uph_data' of type 'shared [{{.+}}] int[{{.+}}]'
#include "Inputs/user-header.uph"
// CHECK: {{.*}}Inputs{{/|\\}}user-header.h:3:19: shared variable 'h_counter': shared int; block size 1; relaxed (pragma); extern
// CHECK: {{.*}}Inputs{{/|\\}}user-header.h:7:3: upc_forall: affinity integer 'i'
#include "Inputs/user-header.h"
// CHECK: {{.*}}angled-header.h:3:17: shared variable 'angled_data': shared [2] long[2*THREADS]; block size 2; 2*THREADS elements; relaxed (pragma); file scope
#include <angled-header.h>
#include <c-words.h>

// CHECK: [[@LINE+1]]:12: shared variable 'h_counter': shared int; block size 1; relaxed (pragma); file scope
shared int h_counter;
// CHECK: [[@LINE+1]]:9: shared variable 'vec': shared [] double[8]; block size indefinite; 8 elements; relaxed (pragma); file scope
h_vec_t vec[8];

int main(void) {
  // The C header's identifiers: members after '.' and '->' are never UPC
  // keywords; its macros expand to C.
  struct options o = {1, 2, 3, 4, 5};
  struct options *po = &o;
  return uph_sync() + h_count() + o.shared + po->strict + o.relaxed + o.THREADS +
         po->MYTHREAD + OPTION_SHARED(o) + c_words_sum(&o) + (int)angled_data[0] +
         uph_flag + h_counter + (int)vec[0];
}

// CHECK: 6 shared variables, 1 upc_forall, 1 synchronization statements, 1 UPC sizeof operators, 1 pragmas
