/*
 * GASP overhead benchmark programs (bench/gasp/run.py).
 *
 *   kernel.upc nbody [on|off]   a compute-bound kernel: all-pairs forces of
 *                               a body system, the bodies dealt out by a
 *                               upc_forall, one function call per body, a
 *                               barrier and a shared reduction per step
 *   kernel.upc events [on|off]  a loop of upc_fence statements: nothing but
 *                               GASP events (two per statement)
 *
 * "off" calls pupc_control(0) first: the program is instrumented but the
 * tool measures nothing. Thread 0 prints "ns <elapsed> events <count>" for
 * the timed part only (start-up and the tool's report are excluded).
 */
#include <upc.h>
#include <pupc.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define BODIES 1024
#define STEPS 40
#define FENCES 2000000

shared double energy[THREADS];
static double px[BODIES], py[BODIES], pz[BODIES], mass[BODIES];

static double now_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e9 + ts.tv_nsec;
}

/* The potential energy of body i against all others: BODIES interactions. */
static double body_energy(int i) {
  double e = 0;
  for (int j = 0; j < BODIES; j++) {
    double dx = px[i] - px[j], dy = py[i] - py[j], dz = pz[i] - pz[j];
    double r2 = dx * dx + dy * dy + dz * dz + 1e-3;
    e -= mass[i] * mass[j] / sqrt(r2);
  }
  return e;
}

static double nbody(void) {
  double total = 0;
  for (int step = 0; step < STEPS; step++) {
    double mine = 0;
    int i;
    upc_forall (i = 0; i < BODIES; i++; i)
      mine += body_energy(i);
    energy[MYTHREAD] = mine;
    upc_barrier;
    if (MYTHREAD == 0)
      for (int t = 0; t < THREADS; t++)
        total += energy[t];
    for (int k = 0; k < BODIES; k++) /* move the bodies a little */
      px[k] += 1e-4 * (k % 7 - 3);
    upc_barrier;
  }
  return total;
}

static double fences(void) {
  for (int k = 0; k < FENCES; k++)
    upc_fence;
  return 0;
}

int main(int argc, char **argv) {
  if (argc < 2 || (strcmp(argv[1], "nbody") && strcmp(argv[1], "events"))) {
    fprintf(stderr, "usage: %s nbody|events [on|off]\n", argv[0]);
    return 2;
  }
  int events = !strcmp(argv[1], "events");
  if (argc > 2 && !strcmp(argv[2], "off"))
    pupc_control(0);
  for (int k = 0; k < BODIES; k++) {
    px[k] = sin(k * 0.37);
    py[k] = cos(k * 0.91);
    pz[k] = sin(k * 1.3) * cos(k * 0.2);
    mass[k] = 1.0 + (k % 5) * 0.25;
  }
  upc_barrier;
  double start = now_ns();
  double result = events ? fences() : nbody();
  upc_barrier;
  double elapsed = now_ns() - start;
  if (MYTHREAD == 0)
    printf("ns %.0f events %d check %.6e\n", elapsed,
           events ? 2 * FENCES : 0, result);
  return 0;
}
