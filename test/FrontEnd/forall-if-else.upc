// upc_forall as the then-branch of an if with an else: the else stays bound to the user's if (no -Wdangling-else or other warning, and the else-branch is not part of the loop).
// RUN: %upc-instrument -fsyntax-only -Wall -Wextra -Wdangling-else -Wempty-body %s 2>&1 | count 0
// RUN: %upc-instrument --dump-upc %s | FileCheck %s --implicit-check-not=__upc --implicit-check-not=nested

// CHECK: [[@LINE+1]]:12: shared variable 'a': shared int[THREADS]; block size 1; THREADS elements; relaxed (default); file scope
shared int a[THREADS];

int run(int c) {
  int i, t = 0;
  // CHECK: [[@LINE+2]]:5: upc_forall: affinity integer 'i'{{$}}
  if (c)
    upc_forall (i = 0; i < THREADS; i++; i) t++;
  else
    t--;

  // The else-branch is another upc_forall: a sibling, not a nested loop.
  // CHECK: [[@LINE+3]]:5: upc_forall: affinity pointer-to-shared '&a[i]'{{$}}
  // CHECK: [[@LINE+4]]:5: upc_forall: affinity integer 'i'{{$}}
  if (c > 1)
    upc_forall (i = 0; i < THREADS; i++; &a[i]) t += a[i];
  else
    upc_forall (i = 0; i < THREADS; i++; i) t -= a[i];

  // On one line, with braces in the body, and in an else-if chain.
  // CHECK: [[@LINE+1]]:10: upc_forall: affinity continue (every thread runs every iteration){{$}}
  if (c) upc_forall (i = 0; i < 2; i++; continue) { t++; } else { t--; }
  // CHECK: [[@LINE+3]]:5: upc_forall: no affinity (every thread runs every iteration){{$}}
  // CHECK: [[@LINE+4]]:5: upc_forall: affinity integer 'i + 1'{{$}}
  if (c == 3)
    upc_forall (i = 0; i < 2; i++;) t++;
  else if (c == 4)
    upc_forall (i = 0; i < 2; i++; i + 1) t += 2;
  else
    t = 0;

  // The forall body itself an if-else, with the forall in an outer if-else.
  // CHECK: [[@LINE+2]]:5: upc_forall: affinity integer 'i'{{$}}
  if (c) {
    upc_forall (i = 0; i < THREADS; i++; i)
      if (a[i])
        t++;
      else
        t--;
  } else {
    t = -1;
  }
  return t;
}

int main(void) { return run(MYTHREAD); }

// CHECK: 1 shared variables, 7 upc_forall, 0 synchronization statements, 0 UPC sizeof operators, 0 pragmas
