// The internal spellings agree in the three places that use them: Desugar/InternalNames.h (the desugarer), headers/__upc_prelude.h (their C meaning) and the semantic layer (which recognises every construct below in the dump).
// RUN: FileCheck %s --check-prefix=NAMES --input-file=%upc_src_root/translator/include/upc-instrument/Desugar/InternalNames.h
// RUN: FileCheck %s --check-prefix=PRELUDE --input-file=%upc_headers/__upc_prelude.h
// RUN: %upc-instrument -fsyntax-only -Wall -Wextra %s 2>&1 | count 0
// RUN: %upc-instrument --dump-upc %s | FileCheck %s --implicit-check-not=__upc

// NAMES-DAG: SharedAddressSpace = 16;
// NAMES-DAG: Shared = "__upc_shared";
// NAMES-DAG: SharedIndefinite = "__upc_shared_indefinite";
// NAMES-DAG: SharedStar = "__upc_shared_star";
// NAMES-DAG: SharedBlock = "__upc_shared_block";
// NAMES-DAG: SharedBlockExpanded ={{[[:space:]]*}}"__upc_shared_block_expanded";
// NAMES-DAG: Strict = "__upc_strict";
// NAMES-DAG: Relaxed = "__upc_relaxed";
// NAMES-DAG: TagBlockPrefix = "upc:block=";
// NAMES-DAG: TagIndefinite = "upc:block=[]";
// NAMES-DAG: TagStar = "upc:block=[*]";
// NAMES-DAG: TagStrict = "upc:strict";
// NAMES-DAG: TagRelaxed = "upc:relaxed";
// NAMES-DAG: MyThread = "__upc_MYTHREAD";
// NAMES-DAG: Threads = "__upc_THREADS";
// NAMES-DAG: MaxBlockSize = "__upc_MAX_BLOCK_SIZE";
// NAMES-DAG: MaxBlockSizeValue = 2147483647;
// NAMES-DAG: BlockSizeofType = "__upc_blocksizeof_t";
// NAMES-DAG: LocalSizeofType = "__upc_localsizeof_t";
// NAMES-DAG: ElemSizeofType = "__upc_elemsizeof_t";
// NAMES-DAG: Barrier = "__upc_barrier";
// NAMES-DAG: Notify = "__upc_notify";
// NAMES-DAG: Wait = "__upc_wait";
// NAMES-DAG: Fence = "__upc_fence";
// NAMES-DAG: ForallAffinity = "__upc_forall_affinity";
// NAMES-DAG: AffinityNone = 0,
// NAMES-DAG: AffinityContinue = 1,
// NAMES-DAG: AffinityExpr = 2,

// PRELUDE-DAG: #define __upc_shared __attribute__((__address_space__(16)))
// PRELUDE-DAG: #define __upc_strict __attribute__((__btf_type_tag__("upc:strict")))
// PRELUDE-DAG: #define __upc_relaxed __attribute__((__btf_type_tag__("upc:relaxed")))
// PRELUDE-DAG: #define __upc_shared_indefinite {{\\?[[:space:]]*}}__upc_shared __attribute__((__btf_type_tag__("upc:block=[]")))
// PRELUDE-DAG: #define __upc_shared_star {{\\?[[:space:]]*}}__upc_shared __attribute__((__btf_type_tag__("upc:block=[*]")))
// PRELUDE-DAG: #define __upc_shared_block(...)
// PRELUDE-DAG: __upc_shared_block_numbered(__COUNTER__, __VA_ARGS__)
// PRELUDE-DAG: #define __upc_shared_block_expanded(id, ...)
// PRELUDE-DAG: __upc_shared __attribute__((__btf_type_tag__("upc:block=" #__VA_ARGS__
// PRELUDE-DAG: "@" #id)))
// PRELUDE-DAG: __upc_block_size_annotation(id, __VA_ARGS__)
// PRELUDE-DAG: #define __upc_block_size_annotation(id, ...)
// PRELUDE-DAG: #define __upc_array_dimension(...)
// PRELUDE-DAG: #define __upc_THREADS (__UPC_INSTRUMENT_STATIC_THREADS__)
// PRELUDE-DAG: static const int __upc_THREADS {{.*}}= 1;
// PRELUDE-DAG: extern const int __upc_MYTHREAD;
// PRELUDE-DAG: #define __upc_MAX_BLOCK_SIZE 2147483647
// PRELUDE-DAG: typedef __SIZE_TYPE__ __upc_blocksizeof_t;
// PRELUDE-DAG: typedef __SIZE_TYPE__ __upc_localsizeof_t;
// PRELUDE-DAG: typedef __SIZE_TYPE__ __upc_elemsizeof_t;
// PRELUDE-DAG: void __upc_barrier(int {{[_a-z]+}}, ...);
// PRELUDE-DAG: void __upc_notify(int {{[_a-z]+}}, ...);
// PRELUDE-DAG: void __upc_wait(int {{[_a-z]+}}, ...);
// PRELUDE-DAG: void __upc_fence(void);
// PRELUDE-DAG: int __upc_forall_affinity(int {{[_a-z]+}}, ...);

// Every internal name, recognised.
// CHECK: [[@LINE+1]]:12: shared variable 'x': shared int; block size 1; relaxed (default); file scope
shared int x;
// CHECK: [[@LINE+1]]:15: shared variable 'ind': shared [] int[2]; block size indefinite; 2 elements; relaxed (default); file scope
shared [] int ind[2];
// CHECK: [[@LINE+1]]:16: shared variable 'star': shared [*] int[THREADS]; block size [*] = 1; THREADS elements; relaxed (default); file scope
shared [*] int star[THREADS];
// CHECK: [[@LINE+1]]:23: shared variable 'blk': strict shared [3] int[3*THREADS]; block size 3; 3*THREADS elements; strict; file scope
strict shared [3] int blk[3*THREADS];
// CHECK: [[@LINE+1]]:20: shared variable 'rel': relaxed shared int; block size 1; relaxed; file scope
relaxed shared int rel;
// CHECK: [[@LINE+1]]:34: shared variable 'max': shared [{{.+}}] char[THREADS]; block size 2147483647; THREADS elements; relaxed (default); file scope
shared [UPC_MAX_BLOCK_SIZE] char max[THREADS];

int main(void) {
  int i, t = MYTHREAD;
  // CHECK: [[@LINE+1]]:3: upc_forall: no affinity (every thread runs every iteration)
  upc_forall (i = 0; i < THREADS; i++;) t++;
  // CHECK: [[@LINE+1]]:3: upc_forall: affinity continue (every thread runs every iteration)
  upc_forall (i = 0; i < THREADS; i++; continue) t++;
  // CHECK: [[@LINE+1]]:3: upc_forall: affinity integer 'i'
  upc_forall (i = 0; i < THREADS; i++; i) t++;
  // CHECK: [[@LINE+1]]:3: upc_barrier: anonymous
  upc_barrier;
  // CHECK: [[@LINE+1]]:3: upc_notify: value 't'
  upc_notify t;
  // CHECK: [[@LINE+1]]:3: upc_wait: value 't'
  upc_wait t;
  // CHECK: [[@LINE+1]]:3: upc_fence
  upc_fence;
  // CHECK: [[@LINE+3]]:19: upc_blocksizeof: operand 'x' of type 'shared int'
  // CHECK: [[@LINE+2]]:45: upc_localsizeof: operand 'ind' of type 'shared [] int[2]'
  // CHECK: [[@LINE+1]]:72: upc_elemsizeof: operand 'rel' of type 'relaxed shared int'
  return t + (int)upc_blocksizeof(x) + (int)upc_localsizeof ind + (int)upc_elemsizeof(rel) +
         ind[0] + star[0] + blk[0] + max[0];
}

// CHECK: 6 shared variables, 3 upc_forall, 4 synchronization statements, 3 UPC sizeof operators, 0 pragmas
