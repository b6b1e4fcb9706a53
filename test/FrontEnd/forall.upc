// upc_forall: integer and pointer-to-shared affinities, continue and empty affinities, declarations in the first clause, nesting, every kind of body, clauses over several lines and in macros.
// RUN: %upc-instrument -fsyntax-only -Wall -Wextra %s 2>&1 | count 0
// RUN: %upc-instrument --dump-upc %s | FileCheck %s --implicit-check-not=__upc

#define N 4
#define FORALL(i, n) upc_forall (i = 0; i < (n); i++; i)

// CHECK: [[@LINE+1]]:16: shared variable 'a': shared [N] int[4*THREADS]; block size 4; 4*THREADS elements; relaxed (default); file scope
shared [N] int a[N*THREADS];
// CHECK: [[@LINE+1]]:20: shared variable 'sp': shared int *shared; block size 1; relaxed (default); file scope
shared int *shared sp;
shared int *ptrs[N];

static int limit(int x, int y) { return x * y; }

int main(void) {
  int i, t = 0;
  shared [N] int *p = a;
  long big = 3;

  // Integer affinities.
  // CHECK: [[@LINE+1]]:3: upc_forall: affinity integer 'i'
  upc_forall (i = 0; i < N; i++; i) t++;
  // CHECK: [[@LINE+1]]:3: upc_forall: affinity integer 'i * THREADS / N'
  upc_forall (i = 0; i < N; i++; i * THREADS / N) t++;
  // CHECK: [[@LINE+1]]:3: upc_forall: affinity integer 'a[i]'
  upc_forall (i = 0; i < N * THREADS; i++; a[i]) t++;
  // CHECK: [[@LINE+1]]:3: upc_forall: affinity integer 'big + i'
  upc_forall (i = 0; i < N; i++; big + i) t++;
  // CHECK: [[@LINE+1]]:3: upc_forall: affinity integer 'MYTHREAD'
  upc_forall (i = 0; i < limit(N, THREADS); i++; MYTHREAD) t++;

  // Pointer-to-shared affinities: an address, pointer arithmetic, the array
  // itself, an element of an array of pointers-to-shared, pointer variables.
  // CHECK: [[@LINE+1]]:3: upc_forall: affinity pointer-to-shared '&a[i]'
  upc_forall (i = 0; i < N * THREADS; i++; &a[i]) t += a[i];
  // CHECK: [[@LINE+1]]:3: upc_forall: affinity pointer-to-shared 'a + i'
  upc_forall (i = 0; i < N * THREADS; i++; a + i) t++;
  // CHECK: [[@LINE+1]]:3: upc_forall: affinity pointer-to-shared 'a'
  upc_forall (i = 0; i < N; i++; a) t++;
  // CHECK: [[@LINE+1]]:3: upc_forall: affinity pointer-to-shared 'ptrs[i]'
  upc_forall (i = 0; i < N; i++; ptrs[i]) t++;
  // CHECK: [[@LINE+1]]:3: upc_forall: affinity pointer-to-shared 'p'
  upc_forall (i = 0; i < N; i++; p) t++;
  // CHECK: [[@LINE+1]]:3: upc_forall: affinity pointer-to-shared 'sp'
  upc_forall (i = 0; i < N; i++; sp) t++;

  // continue and empty affinities.
  // CHECK: [[@LINE+1]]:3: upc_forall: affinity continue (every thread runs every iteration)
  upc_forall (i = 0; i < N; i++; continue) t++;
  // CHECK: [[@LINE+1]]:3: upc_forall: no affinity (every thread runs every iteration)
  upc_forall (i = 0; i < N; i++;) t++;
  // CHECK: [[@LINE+1]]:3: upc_forall: no affinity (every thread runs every iteration)
  upc_forall (;;;) break;

  // Declarations in the first clause.
  // CHECK: [[@LINE+1]]:3: upc_forall: affinity integer 'j'
  upc_forall (int j = 0; j < N; j++; j) t += j;
  // CHECK: [[@LINE+1]]:3: upc_forall: affinity integer 'k'
  upc_forall (int j = 0, k = 1; j < N; j++, k++; k) t += j + k;
  // CHECK: [[@LINE+1]]:3: upc_forall: affinity pointer-to-shared 'q'
  upc_forall (shared [N] int *q = a; q < a + N; q++; q) t += *q;

  // Bodies: a compound statement, a single statement, an if-else, an empty
  // statement, and break/continue that belong to the loop.
  // CHECK: [[@LINE+1]]:3: upc_forall: affinity integer 'i'
  upc_forall (i = 0; i < N; i++; i) {
    t++;
    if (t > 100)
      break;
    if (t < 0)
      continue;
  }
  // CHECK: [[@LINE+1]]:3: upc_forall: affinity integer 'i'
  upc_forall (i = 0; i < N; i++; i)
    if (a[i] > 0)
      t++;
    else
      t--;
  // CHECK: [[@LINE+1]]:3: upc_forall: affinity pointer-to-shared '&a[i]'
  upc_forall (i = 0; i < N; i++; &a[i])
    ;

  // Nested: the inner loop as the body, inside a compound body, and with the
  // outer affinity continue.
  // CHECK: [[@LINE+2]]:3: upc_forall: affinity integer 'i'
  // CHECK: [[@LINE+2]]:5: upc_forall: affinity pointer-to-shared 'a + j'; nested in the upc_forall at line [[@LINE+1]]
  upc_forall (i = 0; i < N; i++; i)
    upc_forall (int j = 0; j < N; j++; a + j)
      t++;
  // CHECK: [[@LINE+1]]:3: upc_forall: affinity integer 'i'
  upc_forall (i = 0; i < N; i++; i) {
    // CHECK: [[@LINE+1]]:5: upc_forall: affinity integer 'j'; nested in the upc_forall at line [[@LINE-1]]
    upc_forall (int j = 0; j < N; j++; j) {
      t++;
    }
  }
  // CHECK: [[@LINE+1]]:3: upc_forall: affinity continue (every thread runs every iteration)
  upc_forall (i = 0; i < N; i++; continue) {
    // CHECK: [[@LINE+1]]:5: upc_forall: affinity pointer-to-shared '&a[j]'; nested in the upc_forall at line [[@LINE-1]]
    upc_forall (int j = 0; j < N; j++; &a[j])
      t++;
  }

  // Clauses over several lines, and a macro that expands to upc_forall.
  // CHECK: [[@LINE+1]]:3: upc_forall: affinity pointer-to-shared '&a[i]'
  upc_forall (i = 0;
              i < N;
              i++;
              &a[i])
    t++;
  // CHECK: [[@LINE+1]]:3: upc_forall: no affinity (every thread runs every iteration)
  upc_forall (i = 0; i < N; i++;
             )
    t++;
  // CHECK: [[@LINE+1]]:3: upc_forall: affinity integer 'i'
  FORALL(i, N) t++;

  return t;
}

// CHECK: 2 shared variables, 29 upc_forall, 0 synchronization statements, 0 UPC sizeof operators, 0 pragmas
