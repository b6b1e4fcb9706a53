// The block size '[*]' stands for (the elements of the array divided among
// THREADS, rounded up) must not exceed UPC_MAX_BLOCK_SIZE (2147483647)
// either: known when the size is a multiple of THREADS, or THREADS is static.
// In the dynamic environment an array without THREADS in its dimensions is
// divided by the run's THREADS, which the translator does not know.
//
// RUN: not %upc-instrument -fsyntax-only %s 2>&1 | FileCheck %s --check-prefix=CHECK --implicit-check-not=error: --implicit-check-not=warning:
// RUN: not %upc-instrument -fsyntax-only -T 2 %s 2>&1 | FileCheck %s --check-prefixes=CHECK,STATIC --implicit-check-not=error: --implicit-check-not=warning:

// CHECK: star-block-size.upc:[[@LINE+1]]:17: error: block size of the layout qualifier '[*]' of 'scaled' is 3000000000, more than UPC_MAX_BLOCK_SIZE (2147483647)
shared [*] char scaled[3000000000UL * THREADS];
// CHECK: star-block-size.upc:[[@LINE+1]]:17: error: block size of the layout qualifier '[*]' of 'rows' is 2147483648, more than UPC_MAX_BLOCK_SIZE (2147483647)
shared [*] char rows[THREADS][1024][2097152];
// STATIC: star-block-size.upc:[[@LINE+1]]:17: error: block size of the layout qualifier '[*]' of 'fixed' is 2500000000, more than UPC_MAX_BLOCK_SIZE (2147483647)
shared [*] char fixed[5000000000UL];

// Not errors.
shared [*] char largest[2147483647UL * THREADS];
shared [*] char halves[4294967294UL];
shared [*] char small[100];
