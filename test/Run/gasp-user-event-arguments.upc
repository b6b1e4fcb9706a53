// pupc_event_* arguments are evaluated only when the program is
// instrumented (GASP 1.4, 3.1.3 and 5.3: without --profile the calls compile
// away); pupc_create_event and pupc_control work either way.
// RUN: %upcc -O2 -Wall -Wextra -Werror %s -o %t.plain
// RUN: %upcrun -n 2 %t.plain | FileCheck %s --check-prefix=PLAIN
// RUN: %upc-instrument --profile %cc -O2 -Wall -Wextra -Werror %s -o %t.profiled
// RUN: %upcrun -n 2 %t.profiled | FileCheck %s --check-prefix=PROFILED
// PLAIN: touched 0 event ok control 1 0
// PROFILED: touched 2 event ok control 1 0

#include <upc.h>
#include <pupc.h>
#include <stdio.h>

static int touched;
static int touch(void) { return ++touched; }

int main(void) {
  unsigned int e = pupc_create_event("touch", "%d");
  pupc_event_start(e, touch());
  pupc_event_end(e, touch());
  int first = pupc_control(0);
  int second = pupc_control(1);
  if (MYTHREAD == 0)
    printf("touched %d event %s control %d %d\n", touched,
           e >= 0xC0000000u ? "ok" : "out of range", first != 0, second);
  return 0;
}
