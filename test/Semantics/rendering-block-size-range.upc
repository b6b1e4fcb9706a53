// An error about a block size puts the caret at the block size expression and
// underlines that expression only, not 'shared [' (the example of
// docs/command-line.md).
//
// RUN: not %upc-instrument -fsyntax-only %s 2>&1 | FileCheck %s --strict-whitespace --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=__upc_ --implicit-check-not=__attribute__

// CHECK: {{^}}{{.*}}rendering-block-size-range.upc:[[@LINE+3]]:9: error: block size of a layout qualifier is negative (-1){{$}}
// CHECK-NEXT: {{^}}{{ +}}[[@LINE+2]] | shared [-1] int neg;{{$}}
// CHECK-NEXT: {{^}}      |         ^~{{$}}
shared [-1] int neg;

// CHECK: {{^}}{{.*}}rendering-block-size-range.upc:[[@LINE+3]]:19: error: block size of a layout qualifier is 2147483648, more than UPC_MAX_BLOCK_SIZE (2147483647){{$}}
// CHECK-NEXT: {{^}}{{ +}}[[@LINE+2]] | strict shared [   UPC_MAX_BLOCK_SIZE + 1L ] int *big;{{$}}
// CHECK-NEXT: {{^}}      |                   ^~~~~~~~~~~~~~~~~~~~~~~{{$}}
strict shared [   UPC_MAX_BLOCK_SIZE + 1L ] int *big;
