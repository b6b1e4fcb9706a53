// Every region kind of the SIR, with its position in the UPC source (the
// original text: never the desugared one) and its nesting.
// RUN: %upc-instrument --sir %s -o %t.sir
// RUN: %mir-validate sir %t.sir
// RUN: FileCheck %s < %t.sir

#include <upc.h>
#include <upc_collective.h>
#include <pupc.h>

// CHECK: <sir language="upc" version="1">
// CHECK: <file id="[[F:regions_upc]]" name="{{.*}}regions.upc">
shared int a[10*THREADS];
// CHECK-NEXT: <sharedDeclaration id="[[F]].a" name="a" upcType="shared int[10*THREADS]" blockSize="1" elements="10*THREADS" threadsDependent="yes" reference="relaxed (default)" storage="file scope">
// CHECK-NEXT: <position startLine="[[@LINE-2]]" startColumn="1" endLine="[[@LINE-2]]" endColumn="24"/>
strict shared [4] double b[4][THREADS];
// CHECK: <sharedDeclaration id="[[F]].b" name="b" upcType="strict shared [4] double[4][THREADS]" blockSize="4" elements="4*THREADS" threadsDependent="yes" reference="strict" storage="file scope">
upc_lock_t *l;

int helper(int x) { return x + 1; }
// CHECK: <unit id="[[F]].helper" type="function" name="helper">
// CHECK-NEXT: <position startLine="[[@LINE-2]]" startColumn="1" endLine="[[@LINE-2]]" endColumn="35"/>
// CHECK-NEXT: </unit>

void work(shared int *p) {
// CHECK: <unit id="[[F]].work" type="function" name="work">
// CHECK-NEXT: <position startLine="[[@LINE-2]]" startColumn="1" endLine="[[#END:]]" endColumn="1"/>
  static shared int counter;
// CHECK-NEXT: <sharedDeclaration id="[[F]].work.counter" name="counter" upcType="shared int" blockSize="1" threadsDependent="no" reference="relaxed (default)" storage="static local">
// CHECK-NEXT: <position startLine="[[@LINE-2]]" startColumn="3" endLine="[[@LINE-2]]" endColumn="27"/>
  int i, s = 0;
  upc_forall (i = 0; i < 10*THREADS; i++; &a[i]) {
// CHECK: <codeRegion id="[[F]].work.upcForall1" type="upcForall" name="upc_forall" affinity="&amp;a[i]">
// CHECK-NEXT: <position startLine="[[@LINE-2]]" startColumn="3" endLine="[[@LINE+9]]" endColumn="3"/>
    a[i] = helper(i);
// CHECK-NEXT: <codeRegion id="[[F]].work.sharedWrite1" type="sharedWrite" name="a" upcType="shared int">
// CHECK-NEXT: <position startLine="[[@LINE-2]]" startColumn="5" endLine="[[@LINE-2]]" endColumn="20"/>
// CHECK-NEXT: <codeRegion id="[[F]].work.call1" type="call" name="helper">
// CHECK-NEXT: <position startLine="[[@LINE-4]]" startColumn="12" endLine="[[@LINE-4]]" endColumn="20"/>
// CHECK-NEXT: </codeRegion>
// CHECK-NEXT: </codeRegion>
    s += a[i];
  }
// CHECK-NEXT: <codeRegion id="[[F]].work.sharedRead1" type="sharedRead" name="a" upcType="shared int">
// CHECK-NEXT: <position startLine="[[@LINE-3]]" startColumn="10" endLine="[[@LINE-3]]" endColumn="13"/>
// CHECK-NEXT: </codeRegion>
// CHECK-NEXT: </codeRegion>
  while (s > 100)
    s--;
// CHECK-NEXT: <codeRegion id="[[F]].work.loop1" type="loop" name="while">
// CHECK-NEXT: <position startLine="[[@LINE-3]]" startColumn="3" endLine="[[@LINE-2]]" endColumn="7"/>
  do { s++; } while (s < 3);
// CHECK: <codeRegion id="[[F]].work.loop2" type="loop" name="do">
// CHECK-NEXT: <position startLine="[[@LINE-2]]" startColumn="3" endLine="[[@LINE-2]]" endColumn="27"/>
  for (i = 0; i < 2; i++)
    ;
// CHECK: <codeRegion id="[[F]].work.loop3" type="loop" name="for">
  upc_lock(l);
  counter += s;
  upc_unlock(l);
// CHECK: <codeRegion id="[[F]].work.upcLockRegion1" type="upcLockRegion" name="l">
// CHECK-NEXT: <position startLine="[[@LINE-4]]" startColumn="3" endLine="[[@LINE-2]]" endColumn="15"/>
// CHECK-NEXT: <codeRegion id="[[F]].work.upcCall1" type="upcCall" name="upc_lock">
// CHECK-NEXT: <position startLine="[[@LINE-6]]" startColumn="3" endLine="[[@LINE-6]]" endColumn="13"/>
// CHECK-NEXT: </codeRegion>
// CHECK-NEXT: <codeRegion id="[[F]].work.sharedUpdate1" type="sharedUpdate" name="counter" upcType="shared int">
// CHECK-NEXT: <position startLine="[[@LINE-8]]" startColumn="3" endLine="[[@LINE-8]]" endColumn="14"/>
// CHECK-NEXT: </codeRegion>
// CHECK-NEXT: <codeRegion id="[[F]].work.upcCall2" type="upcCall" name="upc_unlock">
// CHECK-NEXT: <position startLine="[[@LINE-10]]" startColumn="3" endLine="[[@LINE-10]]" endColumn="15"/>
// CHECK-NEXT: </codeRegion>
// CHECK-NEXT: </codeRegion>
  upc_barrier 3;
// CHECK-NEXT: <codeRegion id="[[F]].work.upcBarrier1" type="upcBarrier" name="upc_barrier" value="3">
// CHECK-NEXT: <position startLine="[[@LINE-2]]" startColumn="3" endLine="[[@LINE-2]]" endColumn="15"/>
  upc_notify; upc_wait;
// CHECK: <codeRegion id="[[F]].work.upcNotify1" type="upcNotify" name="upc_notify">
// CHECK-NEXT: <position startLine="[[@LINE-2]]" startColumn="3" endLine="[[@LINE-2]]" endColumn="12"/>
// CHECK: <codeRegion id="[[F]].work.upcWait1" type="upcWait" name="upc_wait">
// CHECK-NEXT: <position startLine="[[@LINE-4]]" startColumn="15" endLine="[[@LINE-4]]" endColumn="22"/>
  upc_fence;
// CHECK: <codeRegion id="[[F]].work.upcFence1" type="upcFence" name="upc_fence">
// CHECK-NEXT: <position startLine="[[@LINE-2]]" startColumn="3" endLine="[[@LINE-2]]" endColumn="11"/>
  p[1]++;
// CHECK: <codeRegion id="[[F]].work.sharedUpdate2" type="sharedUpdate" name="p" upcType="shared int">
// CHECK-NEXT: <position startLine="[[@LINE-2]]" startColumn="3" endLine="[[@LINE-2]]" endColumn="8"/>
  pupc_event_start(1);
// CHECK: <codeRegion id="[[F]].work.userEvent1" type="userEvent" name="1" event="start">
  upc_memput(p, &s, sizeof s);
// CHECK: <codeRegion id="[[F]].work.upcCall3" type="upcCall" name="upc_memput">
// CHECK-NEXT: <position startLine="[[@LINE-2]]" startColumn="3" endLine="[[@LINE-2]]" endColumn="29"/>
  upc_all_broadcast(a, b, sizeof(int), UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
// CHECK: <codeRegion id="[[F]].work.upcCollective1" type="upcCollective" name="upc_all_broadcast">
}
// CHECK: </unit>

int main(void) {
  work(a);
  return 0;
}
// CHECK: <unit id="[[F]].main" type="function" name="main">
// CHECK: <codeRegion id="[[F]].main.call1" type="call" name="work">
// CHECK: </file>
// CHECK-NEXT: </sir>
