// Shared structures, multi-dimensional blocked arrays, pointers-to-shared in
// shared memory, static initializers, function-scope statics, per-thread data,
// compound assignments and shared accesses hidden in macros.
// RUN: %upcc -O2 -Wall -Werror %s -o %t
// RUN: %upcrun -n 1 %t | FileCheck %s --check-prefix=ONE
// RUN: %upcrun -n 2 %t | FileCheck %s --check-prefix=TWO
// RUN: %upcrun -n 4 %t | FileCheck %s --check-prefix=FOUR
// ONE: shared-data: PASS on 1 thread
// TWO: shared-data: PASS on 2 threads
// FOUR: shared-data: PASS on 4 threads

#include <upc_relaxed.h>
#include <stdio.h>
#include <string.h>
#include "Inputs/check.uph"

#define M 5
typedef struct point { int x; double y; int tag[3]; } point_t;
struct node { shared struct node *next; int value; };

shared point_t pts[THREADS];
shared [2] double grid[4][M*THREADS];
shared int *shared ptrs[THREADS];
shared int cells[4*THREADS];
shared struct node nodes[THREADS];
shared int total = 42;
shared [] int fixed[3] = {7, 8, 9};
shared int striped[3*THREADS] = {1, 2, 3};
shared double sum_d;
int private_counter = 10;
int *pc = &private_counter;
shared int *pcell = &cells[1];

#define AT(a, i) a[(i)]
#define BUMP(lv) ((lv) += 1)

int count_calls(void) {
  static int calls;
  static shared int shared_calls;
  calls++;
  if (MYTHREAD == 0) shared_calls++;
  return calls * 100 + shared_calls;
}

/* pointer-to-shared return types and parameters, null pointer casts */
shared [2] double *row_of(int i) { return grid[i]; }
static shared int *pick(shared int *p, shared int *q, int first) {
  return first ? p : q;
}
shared point_t origin = { 1, 2.5, { 3, 4, 5 } };
shared int *shared no_cell = NULL;

/* Array parameters are pointers: a row of grid, the whole cells array. */
double sum_row(shared [2] double row[M*THREADS], int n) {
  double s = 0;
  int j;
  for (j = 0; j < n; j++) s += row[j];
  return s;
}
int count_cells(shared int c[], int n) {
  int k, s = 0;
  for (k = 0; k < n; k++) s += c[k] != 0;
  return s;
}

double dot(shared [2] double *row, int n) {
  double s = 0;
  int j;
  for (j = 0; j < n; j++) s += row[j];
  return s;
}

int main(void) {
  int i, j;
  /* structures */
  pts[MYTHREAD].x = MYTHREAD;
  pts[MYTHREAD].y = MYTHREAD * 0.5;
  for (i = 0; i < 3; i++) pts[MYTHREAD].tag[i] = 10 * MYTHREAD + i;
  {
    point_t p = { -1, -2.0, {0, 0, 0} };
    if (MYTHREAD == 0) pts[0] = pts[0];  /* whole-structure copy */
    p = pts[MYTHREAD];
    CHECK(p.x == MYTHREAD && p.tag[2] == 10 * MYTHREAD + 2);
  }
  /* 2-D array with a blocked layout */
  upc_forall (i = 0; i < 4; i++; continue)
    upc_forall (j = 0; j < M*THREADS; j++; &grid[i][j])
      grid[i][j] = i * 1000 + j;
  /* linked structures through pointers-to-shared stored in shared memory */
  nodes[MYTHREAD].value = MYTHREAD + 1;
  nodes[MYTHREAD].next = &nodes[(MYTHREAD + 1) % THREADS];
  ptrs[MYTHREAD] = &cells[MYTHREAD];
  *ptrs[MYTHREAD] = 5;
  cells[THREADS + MYTHREAD] = MYTHREAD;
  upc_barrier;

  for (i = 0; i < THREADS; i++) {
    CHECK(pts[i].x == i && pts[i].y == i * 0.5 && pts[i].tag[1] == 10*i + 1);
    CHECK(*ptrs[i] == 5 && ptrs[i][THREADS] == i);
  }
  for (i = 0; i < 4; i++)
    for (j = 0; j < M*THREADS; j++)
      CHECK(grid[i][j] == i * 1000 + j);
  CHECK(upc_threadof(&grid[1][3]) == (size_t)(((M*THREADS + 3) / 2) % THREADS));
  CHECK(dot(grid[2], M*THREADS) == 2000.0 * M*THREADS + (M*THREADS)*(M*THREADS-1)/2.0);
  {
    shared struct node *n = &nodes[MYTHREAD];
    int k, s = 0;
    for (k = 0; k < THREADS; k++, n = n->next) s += n->value;
    CHECK(s == THREADS * (THREADS + 1) / 2);
    CHECK(n == &nodes[MYTHREAD]);
    CHECK((*n).value == MYTHREAD + 1 && n->next->value == (MYTHREAD + 1) % THREADS + 1);
  }
  CHECK(row_of(3) == &grid[3][0] && *row_of(1) == 1000.0);
  CHECK(sum_row(grid[2], M*THREADS) == dot(grid[2], M*THREADS));
  CHECK(count_cells(cells, THREADS) == THREADS);
  CHECK(pick(&cells[1], &cells[2], 0) == &cells[2]);
  CHECK(no_cell == (shared int *)(void *)0 && no_cell == NULL);
  CHECK(origin.x == 1 && origin.y == 2.5 && origin.tag[2] == 5);
  /* static initializers */
  CHECK(total == 42 && fixed[2] == 9);
  CHECK(striped[0] == 1 && striped[1] == 2 && striped[2] == 3);
  if (THREADS > 1) CHECK(striped[3] == 0 && striped[5] == 0);
  CHECK(*pc == 10 && pc == &private_counter);
  CHECK(pcell == &cells[1]);
  /* function-scope statics: per thread, and shared */
  CHECK(count_calls() / 100 == 1);
  upc_barrier;
  if (MYTHREAD == 0) CHECK(count_calls() % 100 == 2);
  /* macros around shared accesses */
  upc_barrier;
  if (MYTHREAD == 0) {
    BUMP(AT(cells, 0));
    AT(cells, 0) *= 3;
    cells[0]++;
    ++cells[0];
    cells[0]--;
    CHECK(AT(cells, 0) == 19);
    total -= 2;
    total <<= 1;
    CHECK(total == 80);
    sum_d = 1.5;
    sum_d += 1;
    sum_d /= 5;
    CHECK(sum_d == 0.5);
  }
  upc_barrier;
  CHECK(cells[0] == 19);
  /* compound assignment through a pointer-to-shared in shared memory */
  if (MYTHREAD == THREADS - 1) {
    ptrs[0]++;
    CHECK(ptrs[0] == &cells[1]);
    ptrs[0] -= 1;
    CHECK(*ptrs[0] == 19);
  }
  /* private counter is per thread */
  private_counter += MYTHREAD;
  upc_barrier;
  CHECK(private_counter == 10 + MYTHREAD);
  return check_report("shared-data");
}
