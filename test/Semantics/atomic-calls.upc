// Misuses of <upc_atomic.h> (UPC 1.3, optional library, 7.6) that the
// translator can see, because the arguments are constants or the operands'
// types are known: a warning at the argument when the call would fail at
// run time (valid C that may never run, as Berkeley UPC compiles it; the
// runtime stops the program if it runs), an error when an operand's type
// disagrees with the target's (nothing could detect it at run time). What depends on a
// domain's run-time type is left to the runtime (test/Run/atomics.upc).
//
// RUN: not %upc-instrument -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:

#include <upc_atomic.h>
#include <stddef.h>
#include <stdint.h>

shared int64_t sum;
shared double dsum;
shared void *shared ptrs;

void f(upc_type_t runtime_type, upc_op_t runtime_op) {
  int val = 1;
  int fetch;
  int64_t v64 = 1, f64;
  double d = 1;

  // CHECK: atomic-calls.upc:[[@LINE+1]]:36: warning: UPC_LDOUBLE is not a type of the atomic library in 'upc_all_atomicdomain_alloc' (UPC_INT, UPC_UINT, UPC_LONG, UPC_ULONG, UPC_INT32, UPC_UINT32, UPC_INT64, UPC_UINT64, UPC_FLOAT, UPC_DOUBLE or UPC_PTS)
  (void)upc_all_atomicdomain_alloc(UPC_LDOUBLE, UPC_ADD, 0);
  // CHECK: atomic-calls.upc:[[@LINE+1]]:48: warning: UPC_AND is not allowed on UPC_DOUBLE: bitwise operations need an integer type
  (void)upc_all_atomicdomain_alloc(UPC_DOUBLE, UPC_ADD | UPC_AND, 0);
  // CHECK: atomic-calls.upc:[[@LINE+1]]:45: warning: UPC_ADD is not allowed on UPC_PTS: UPC_PTS allows only UPC_GET, UPC_SET and UPC_CSWAP
  (void)upc_all_atomicdomain_alloc(UPC_PTS, UPC_ADD, 0);
  // CHECK: atomic-calls.upc:[[@LINE+1]]:45: warning: UPC_LOGAND is not an atomic operation in 'upc_all_atomicdomain_alloc'
  (void)upc_all_atomicdomain_alloc(UPC_INT, UPC_LOGAND, 0);
  // CHECK: atomic-calls.upc:[[@LINE+1]]:45: warning: 0 is not an atomic operation in 'upc_all_atomicdomain_alloc'
  (void)upc_all_atomicdomain_alloc(UPC_INT, 0, 0);
  // CHECK: atomic-calls.upc:[[@LINE+1]]:36: warning: UPC_FUNC is not an atomic operation in 'upc_atomic_isfast'
  (void)upc_atomic_isfast(UPC_INT, UPC_FUNC, &sum);

  upc_atomicdomain_t *dom = upc_all_atomicdomain_alloc(UPC_INT64, UPC_ADD | UPC_GET | UPC_CSWAP | UPC_INC, 0);
  // CHECK: atomic-calls.upc:[[@LINE+1]]:33: warning: the operation of 'upc_atomic_relaxed' must be one atomic operation, not 0x{{[0-9a-f]+}}
  upc_atomic_relaxed(dom, &f64, UPC_ADD | UPC_INC, &sum, &v64, NULL);
  // CHECK: atomic-calls.upc:[[@LINE+1]]:27: warning: 'upc_atomic_relaxed' with UPC_GET needs fetch_ptr; it is a null pointer
  upc_atomic_relaxed(dom, NULL, UPC_GET, &sum, NULL, NULL);
  // CHECK: atomic-calls.upc:[[@LINE+1]]:47: warning: 'upc_atomic_strict' with UPC_ADD needs operand1; it is a null pointer
  upc_atomic_strict(dom, &f64, UPC_ADD, &sum, 0, NULL);
  // CHECK: atomic-calls.upc:[[@LINE+1]]:56: warning: 'upc_atomic_relaxed' with UPC_CSWAP needs operand2; it is a null pointer
  upc_atomic_relaxed(dom, &f64, UPC_CSWAP, &sum, &v64, NULL);
  // The UPC specification's issue 121 example: an int operand and fetch
  // for an int64_t target.
  // CHECK: atomic-calls.upc:[[@LINE+2]]:27: error: 'upc_atomic_relaxed' operand points to 'int' (4 bytes), but the target is 'long' (8 bytes); every value of an atomic operation has the target's type
  // CHECK: atomic-calls.upc:[[@LINE+1]]:50: error: 'upc_atomic_relaxed' operand points to 'int' (4 bytes), but the target is 'long' (8 bytes); every value of an atomic operation has the target's type
  upc_atomic_relaxed(dom, &fetch, UPC_ADD, &sum, &val, 0);

  // Valid: values of the target's size, operands the operation ignores,
  // and arguments known only at run time.
  upc_atomic_relaxed(dom, NULL, UPC_INC, &sum, NULL, NULL);
  upc_atomic_relaxed(dom, &f64, runtime_op, &sum, &v64, &v64);
  (void)upc_all_atomicdomain_alloc(runtime_type, UPC_ADD, 0);
  (void)upc_all_atomicdomain_alloc(UPC_DOUBLE, UPC_ADD | UPC_MIN | UPC_CSWAP, UPC_ATOMIC_HINT_LATENCY);
  (void)upc_all_atomicdomain_alloc(UPC_PTS, UPC_GET | UPC_SET | UPC_CSWAP, 0);
  upc_atomicdomain_t *fd = upc_all_atomicdomain_alloc(UPC_DOUBLE, UPC_ADD, 0);
  upc_atomic_relaxed(fd, NULL, UPC_ADD, &dsum, &d, NULL);
  (void)ptrs;
}
