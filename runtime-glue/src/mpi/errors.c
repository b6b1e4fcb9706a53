/*
 * errors.c - the MPI backend's errors: a failed MPI call, a window that
 * cannot be created (what to set), and its boolean environment variables.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "mpi_internal.h"

void upcrm_mpi_failed(const char *call, int rc) {
  char text[MPI_MAX_ERROR_STRING];
  int len = 0;
  if (MPI_Error_string(rc, text, &len) != MPI_SUCCESS)
    snprintf(text, sizeof text, "error %d", rc);
  upcri_fatal("MPI: %s failed on rank %d: %s", call, upcrm_rank, text);
}

/* A window that cannot be created is nearly always a choice of one-sided
 * components that cannot serve it (MPI_ERR_INTERN, MPI_ERR_WIN): say what
 * to set. Every rank fails alike; the others leave the message to rank 0,
 * whose report ends the job. */
void upcrm_window_failed(const char *which, int rc) {
  char text[MPI_MAX_ERROR_STRING];
  int len = 0;
  if (MPI_Error_string(rc, text, &len) != MPI_SUCCESS)
    snprintf(text, sizeof text, "error %d", rc);
  const char *osc = getenv("OMPI_MCA_osc");
  if (upcrm_rank != 0)
    sleep(2);
  upcri_fatal("MPI: cannot create %s (%s) with the one-sided components "
              "OMPI_MCA_osc=%s: a window within a node needs 'sm', one "
              "across nodes 'ucx' or 'pt2pt'; unset OMPI_MCA_osc (the "
              "runtime then uses %s) or name both kinds (such as "
              "OMPI_MCA_osc=sm,pt2pt)",
              which, text, osc ? osc : "(unset)", DEFAULT_OSC);
}

int upcrm_mpi_active(void) {
  int init = 0, fin = 0;
  MPI_Initialized(&init);
  MPI_Finalized(&fin);
  return init && !fin;
}

int upcrm_env_disabled(const char *name) {
  const char *v = getenv(name);
  if (!v || !*v)
    return 0;
  if (!strcmp(v, "0") || !strcasecmp(v, "no") || !strcasecmp(v, "off") ||
      !strcasecmp(v, "false"))
    return 1;
  if (!strcmp(v, "1") || !strcasecmp(v, "yes") || !strcasecmp(v, "on") ||
      !strcasecmp(v, "true"))
    return 0;
  upcri_fatal("%s=%s is neither 0 nor 1", name, v);
}
