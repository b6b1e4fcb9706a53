/*
 * default_control.c - gasp_control for programs linked without a GASP tool
 * (weak, alone in its file: see UPCRI_GASP_DEFAULT in gasp_internal.h).
 */
#include "gasp/gasp_internal.h"

/* Per thread, as GASP contexts are: the last value given on this thread,
 * nonzero before the first call (GASP 1.4, 3.3). */
static __thread int measuring = 1;

UPCRI_GASP_DEFAULT int gasp_control(gasp_context_t context, int on) {
  (void)context;
  int previous = measuring;
  measuring = on;
  return previous;
}
