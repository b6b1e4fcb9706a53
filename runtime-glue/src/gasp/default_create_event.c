/*
 * default_create_event.c - gasp_create_event for programs linked without a
 * GASP tool (weak, alone in its file: see UPCRI_GASP_DEFAULT in
 * gasp_internal.h).
 */
#include "gasp/gasp_internal.h"

/* A new number in the user range for every call, unique in the process
 * (the counter pupc_create_event uses when GASP is not initialised). */
UPCRI_GASP_DEFAULT unsigned int gasp_create_event(gasp_context_t context,
                                                  const char *name,
                                                  const char *desc) {
  (void)context;
  (void)name;
  (void)desc;
  return upcri_gasp_new_user_event();
}
