// Shared variables become proxies with allocation records; their initializers
// run at start-up. Unshared static data of UPC files is per thread; values
// known only at start-up are assigned then.
// RUN: %upc-instrument %s -o - | FileCheck --match-full-lines %s

#include <upc.h>

// CHECK: upcr_pshared_ptr_t total = UPCR_INITIALIZED_PSHARED;
shared int total = 42;
// CHECK: upcr_shared_ptr_t grid __attribute__((__common__));
shared [5] double grid[3][10*THREADS];
// CHECK: extern upcr_pshared_ptr_t elsewhere;
extern shared int elsewhere;
// CHECK: static upcr_pshared_ptr_t table = UPCR_INITIALIZED_PSHARED;
static shared [] int table[4] = {1, 2, 3, 4};
// CHECK: __thread int counter = 3;
int counter = 3;
// CHECK: const int limit = 7;
const int limit = 7;
// CHECK: __thread int *pc;
int *pc = &counter;
// CHECK: __thread upcr_pshared_ptr_t pt;
shared int *pt = &total;
// CHECK: __thread upcr_pshared_ptr_t nothing = UPCR_NULL_PSHARED_INIT;
shared int *nothing = 0;
// CHECK: typedef upcr_shared_ptr_t row_ptr;
typedef shared [5] double *row_ptr;
// CHECK: struct node { upcr_pshared_ptr_t next; int value; };
struct node { shared struct node *next; int value; };

// CHECK: static upcr_pshared_ptr_t upcri_calls_hits; int calls(void) {
int calls(void) {
  // CHECK: static __thread int n;
  static int n;
  // CHECK: (void)0;
  static shared int hits;
  hits++;
  return ++n;
}

// CHECK-LABEL: void UPCRI_ALLOC_static_data_{{[0-9a-f]+}}(void) {
// CHECK-NEXT:   upcr_startup_pshalloc_t upcr_pinfos[] = {
// CHECK-NEXT:     { &total, sizeof(int), 1, 0, sizeof(int), "total", "shared int" },
// CHECK-NEXT:     { &table, 4 * sizeof(int), 1, 0, sizeof(int), "table", "shared [] int[4]" },
// CHECK-NEXT:     { &upcri_calls_hits, sizeof(int), 1, 0, sizeof(int), "hits", "shared int" },
// CHECK-NEXT:   };
// CHECK-NEXT:   upcr_startup_pshalloc(upcr_pinfos, sizeof upcr_pinfos / sizeof upcr_pinfos[0]);
// CHECK-NEXT:   upcr_startup_shalloc_t upcr_infos[] = {
// CHECK-NEXT:     { &grid, 5 * sizeof(double), 6, 1, sizeof(double), "grid", "shared [5] double[3][10*THREADS]" },
// CHECK-NEXT:   };
// CHECK-NEXT:   upcr_startup_shalloc(upcr_infos, sizeof upcr_infos / sizeof upcr_infos[0]);
// CHECK-NEXT: }
// CHECK-NEXT: void UPCRI_INIT_static_data_{{[0-9a-f]+}}(void) {
// CHECK-NEXT:   if (upcr_mythread() == 0) {
// CHECK-NEXT:     UPCR_PUT_PSHARED_VALUE(int, total, 0, 42);
// CHECK-NEXT:   }
// CHECK-NEXT:   { int upcr_init_[4] = {1, 2, 3, 4}; static const upcr_startup_arrayinit_diminfo_t upcr_dims_[] = { { 4, 4, 0 } }; upcr_startup_initparray(table, upcr_init_, upcr_dims_, 1, sizeof(int), 0); }
// CHECK-NEXT:   pc = &counter;
// CHECK-NEXT:   pt = total;
// CHECK-NEXT: }
// CHECK-NEXT: UPCR_REGISTER_FILE(upcri_file_static_data_{{[0-9a-f]+}}, "{{.*}}static-data.upc", 0, UPCRI_ALLOC_static_data_{{[0-9a-f]+}}, UPCRI_INIT_static_data_{{[0-9a-f]+}});
