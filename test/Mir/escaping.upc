// Attribute values are escaped: the XML stays well formed whatever the
// source holds.
// RUN: %upc-instrument --sir %s -o %t.sir
// RUN: %mir-validate sir %t.sir
// RUN: FileCheck %s < %t.sir
#include <upc.h>
shared int v[THREADS];
void f(int a, int b) {
  int i;
  upc_barrier (a < b && b > 0) ? 1 : 2;
// CHECK: type="upcBarrier" name="upc_barrier" value="(a &lt; b &amp;&amp; b &gt; 0) ? 1 : 2"
  upc_forall (i = 0; i < THREADS; i++; &v[i]) ;
// CHECK: affinity="&amp;v[i]"
}
