/*
 * processes.c - the program's processes and nodes, and what the root
 * asks of the other processes through the relay (engine.h).
 *
 * Processes are (host, pid) pairs, nodes hosts, both numbered in thread
 * order. The root's messages, answered by mire_serve_relay in each other
 * process (requests.c):
 *   "V"          this process's values (mire_values_serialize)
 *   "C" request  apply a control request, answer "" or an error
 *   "I" request  make the probe of an instrumentation request on this
 *                process's dormant sites, answer "" or an error
 *   "S" depth    this process's threads' call stacks
 *   "F"          the final values; the process may then end
 */
#define _GNU_SOURCE
#include "engine.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "relay.h"

int mire_threads = 1, mire_first_thread, mire_local_threads = 1;

static mire_place_t *places; /* [threads] */
static int *node_of;         /* [threads] */
static int *process_of;      /* [threads]: lowest thread of the process */
static int nnodes = 1;
static const char **node_names;
static int is_root;
static int nprocesses = 1;
static int relay_up;

int mire_processes_init(mire_place_t *view, int threads) {
  places = view;
  is_root = mire_first_thread == 0;
  node_of = calloc((size_t)threads, sizeof *node_of);
  process_of = calloc((size_t)threads, sizeof *process_of);
  node_names = calloc((size_t)threads, sizeof *node_names);
  if (!node_of || !process_of || !node_names)
    return -1;
  nnodes = 0;
  nprocesses = 0;
  for (int t = 0; t < threads; ++t) {
    int p = t, n = -1;
    for (int u = 0; u < t && p == t; ++u)
      if (view[u].pid == view[t].pid && strcmp(view[u].host, view[t].host) == 0)
        p = process_of[u];
    process_of[t] = p;
    nprocesses += p == t;
    for (int k = 0; k < nnodes && n < 0; ++k)
      if (strcmp(node_names[k], view[t].host) == 0)
        n = k;
    if (n < 0) {
      n = nnodes++;
      node_names[n] = view[t].host;
    }
    node_of[t] = n;
  }
  return 0;
}

int mire_is_root(void) { return is_root; }
int mire_nprocesses(void) { return nprocesses; }
int mire_process_of(int t) { return process_of ? process_of[t] : 0; }
int mire_pid_of(int t) { return places ? places[t].pid : 0; }
int mire_node_of(int t) { return node_of ? node_of[t] : 0; }
int mire_nnodes(void) { return nnodes; }
const char *mire_node_name(int node) {
  return node_names && node < nnodes ? node_names[node] : "localhost";
}

int mire_relay_up(int set) {
  if (set)
    relay_up = 1;
  return relay_up;
}

int mire_relay_all(const char *message, char **replies) {
  char *error = NULL;
  if (mir_relay_send(message, strlen(message), replies, &error) == 0)
    return 0;
  fprintf(stderr, "upc-mir: warning: %s\n",
          error ? error : "out of memory");
  free(error);
  return -1;
}

char *mire_relay_checked(const char *message) {
  if (nprocesses == 1)
    return NULL;
  if (!relay_up)
    /* Said at start-up (a process that could not listen): a change that
     * would reach only some processes is refused. */
    return strdup("the program's other processes cannot be reached (see "
                  "its standard error)");
  char **replies = calloc((size_t)nprocesses, sizeof *replies);
  if (!replies)
    return strdup("out of memory");
  char *error = NULL;
  if (mir_relay_send(message, strlen(message), replies, &error) == 0) {
    for (int i = 0; i < nprocesses - 1 && !error; ++i)
      if (replies[i] && *replies[i])
        error = strdup(replies[i]);
  } else {
    fprintf(stderr, "upc-mir: warning: %s\n",
            error ? error : "out of memory");
  }
  for (int i = 0; i < nprocesses - 1; ++i)
    free(replies[i]);
  free(replies);
  return error;
}
