// upc_barrier, upc_notify and upc_wait with and without a value, upc_fence; as the body of if/else, loops, case labels and labels without braces, and written by macros.
// RUN: %upc-instrument -fsyntax-only -Wall -Wextra -Wdangling-else %s 2>&1 | count 0
// RUN: %upc-instrument --dump-upc %s | FileCheck %s --implicit-check-not=__upc

#define SYNC upc_barrier
#define SYNC_ID(x) upc_barrier x
#define SPLIT_PHASE(x) upc_notify x; upc_wait x
#define FENCE upc_fence
#define ID 42

static int id(int a, int b) { return a + b; }

int main(int argc, char **argv) {
  (void)argv;
  // CHECK: [[@LINE+1]]:3: upc_barrier: anonymous
  upc_barrier;
  // CHECK: [[@LINE+1]]:3: upc_barrier: value '1'
  upc_barrier 1;
  // CHECK: [[@LINE+1]]:3: upc_notify: anonymous
  upc_notify;
  // CHECK: [[@LINE+1]]:3: upc_wait: anonymous
  upc_wait;
  // CHECK: [[@LINE+1]]:3: upc_notify: value 'argc + 1'
  upc_notify argc + 1;
  // CHECK: [[@LINE+1]]:3: upc_wait: value 'argc + 1'
  upc_wait argc + 1;
  // CHECK: [[@LINE+1]]:3: upc_fence
  upc_fence;
  // Values with calls, parentheses, conditionals, casts and unary operators.
  // CHECK: [[@LINE+1]]:3: upc_barrier: value 'id(argc, 2)'
  upc_barrier id(argc, 2);
  // CHECK: [[@LINE+1]]:3: upc_barrier: value '(argc)'
  upc_barrier (argc);
  // CHECK: [[@LINE+1]]:3: upc_barrier: value 'argc > 3 ? 1 : 2'
  upc_barrier argc > 3 ? 1 : 2;
  // CHECK: [[@LINE+1]]:3: upc_barrier: value '-1'
  upc_barrier -1;
  // CHECK: [[@LINE+1]]:3: upc_barrier: value '(int)'x''
  upc_barrier (int)'x';
  // CHECK: [[@LINE+1]]:3: upc_barrier: value 'MYTHREAD % THREADS'
  upc_barrier MYTHREAD % THREADS;
  // CHECK: [[@LINE+1]]:3: upc_barrier: value 'ID'
  upc_barrier ID;
  // A value over two lines: its fact is still one line of the dump.
  // CHECK: [[@LINE+1]]:3: upc_barrier: value 'argc +{{( +|\\n +)}}1'{{$}}
  upc_barrier argc +
    1;

  // Several statements on one line.
  // CHECK: [[@LINE+4]]:3: upc_barrier: anonymous
  // CHECK: [[@LINE+3]]:16: upc_notify: value '1'
  // CHECK: [[@LINE+2]]:30: upc_wait: value '1'
  // CHECK: [[@LINE+1]]:42: upc_fence
  upc_barrier; upc_notify 1; upc_wait 1; upc_fence;

  // Without braces: if/else, loops, case labels, labels.
  // CHECK: [[@LINE+2]]:13: upc_barrier: anonymous
  // CHECK: [[@LINE+1]]:31: upc_barrier: value '2'
  if (argc) upc_barrier; else upc_barrier 2;
  // CHECK: [[@LINE+2]]:5: upc_notify: anonymous
  if (argc > 1)
    upc_notify;
  else
  // CHECK: [[@LINE+1]]:5: upc_notify: value '3'
    upc_notify 3;
  // CHECK: [[@LINE+1]]:3: upc_wait: anonymous
  upc_wait;
  // CHECK: [[@LINE+1]]:13: upc_fence
  if (argc) upc_fence; else argc++;
  // CHECK: [[@LINE+1]]:6: upc_notify: anonymous
  do upc_notify; while (0);
  // CHECK: [[@LINE+1]]:3: upc_wait: anonymous
  upc_wait;
  // CHECK: [[@LINE+1]]:31: upc_fence
  for (int i = 0; i < 2; i++) upc_fence;
  // CHECK: [[@LINE+1]]:22: upc_barrier: value 'argc'
  while (argc-- > 5) upc_barrier argc;
  switch (argc) {
  // CHECK: [[@LINE+1]]:11: upc_barrier: anonymous
  case 1: upc_barrier; break;
  // CHECK: [[@LINE+1]]:11: upc_barrier: value 'argc'
  case 2: upc_barrier argc; break;
  default:
    // CHECK: [[@LINE+1]]:5: upc_fence
    upc_fence;
  }
again:
  // CHECK: [[@LINE+1]]:3: upc_barrier: value '7'
  upc_barrier 7;
  if (argc < -100)
    goto again;
done:
  // CHECK: [[@LINE+1]]:3: upc_fence
  upc_fence;
  if (argc < -200)
    goto done;

  // Written by macros.
  // CHECK: [[@LINE+1]]:3: upc_barrier: anonymous
  SYNC;
  // CHECK: [[@LINE+1]]:3: upc_barrier: value '5'
  SYNC_ID(5);
  // CHECK: [[@LINE+1]]:3: upc_barrier: value 'argc * 2'
  SYNC_ID(argc * 2);
  // CHECK: [[@LINE+2]]:3: upc_notify: value '7'
  // CHECK: [[@LINE+1]]:3: upc_wait: value '7'
  SPLIT_PHASE(7);
  // CHECK: [[@LINE+1]]:3: upc_fence
  FENCE;
  // CHECK: [[@LINE+2]]:13: upc_fence
  // CHECK: [[@LINE+1]]:25: upc_barrier: anonymous
  if (argc) FENCE; else SYNC;
  return 0;
}

// CHECK: 0 shared variables, 0 upc_forall, 42 synchronization statements, 0 UPC sizeof operators, 0 pragmas
