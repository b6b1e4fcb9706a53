// Shared declarations: one per variable (its definition, else its first
// declaration), with type, block size, elements and storage.
// RUN: %upc-instrument --sir %s -o %t.sir
// RUN: %mir-validate sir %t.sir
// RUN: FileCheck %s < %t.sir
#include <upc.h>
extern shared int ext;
extern shared [] long only_extern[8];
shared int ext;
shared [*] double star[16*THREADS];
shared [2] int tentative[4][THREADS];
#pragma upc strict
shared char flag;
// CHECK:      <sharedDeclaration id="declarations_upc.ext" name="ext" upcType="shared int" blockSize="1" threadsDependent="no" reference="relaxed (default)" storage="file scope">
// CHECK-NEXT:   <position startLine="9" startColumn="1"
// CHECK:      <sharedDeclaration id="declarations_upc.only_extern" name="only_extern" upcType="shared [] long[8]" blockSize="indefinite" elements="8" threadsDependent="no" reference="relaxed (default)" storage="extern">
// CHECK:      <sharedDeclaration id="declarations_upc.star" name="star" upcType="shared [*] double[16*THREADS]" blockSize="[*] = 16" elements="16*THREADS" threadsDependent="yes"
// CHECK:      <sharedDeclaration id="declarations_upc.tentative" name="tentative" upcType="shared [2] int[4][THREADS]" blockSize="2" elements="4*THREADS" threadsDependent="yes"
// CHECK:      <sharedDeclaration id="declarations_upc.flag" name="flag" upcType="shared char" blockSize="1" threadsDependent="no" reference="strict (pragma)" storage="file scope">
// CHECK-NOT:  <sharedDeclaration
