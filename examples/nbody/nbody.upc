/*
 * nbody.upc - direct-summation N-body integration of a rotating ring.
 *
 * N = B*THREADS equal masses (total mass 1, G = 1) start evenly spaced on the
 * unit circle in the z = 0 plane, each moving tangentially at the speed of a
 * rigid rotation, computed from the exact softened pull of the ring.  The
 * program takes STEPS kick-drift-kick leapfrog steps with O(N^2) softened
 * forces.  By symmetry every body must stay at the same distance from the
 * axis; the total momentum stays zero; the scheme conserves angular momentum
 * to rounding and energy to O(dt^2).  The program checks all four.
 *
 * UPC features: a blocked shared array of structs declared in a header,
 * member access through pointers-to-shared (p->vx), upc_forall with affinity
 * &bodies[i], <upc_relaxed.h>, upc_blocksizeof / upc_elemsizeof /
 * upc_localsizeof to size the private copy and the block transfers, upc_memget
 * of whole blocks, split-phase upc_notify / upc_wait overlapping the force
 * computation, struct assignment to and from shared memory.
 */
#include <upc_relaxed.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include "nbody.uph"

#define PI 3.14159265358979323846

shared [B] struct body bodies[B*THREADS];
shared struct sums part[THREADS];

static struct body *all;              /* private copy of every body */
static double acc[B][3];              /* accelerations of my bodies */

/* Copy every thread's block of bodies into `all`, one upc_memget each. */
static void fetch_all(void)
{
    const size_t bytes = upc_blocksizeof(bodies) * upc_elemsizeof(bodies);
    int t;
    for (t = 0; t < THREADS; t++)
        upc_memget(&all[t * B], &bodies[t * B], bytes);
}

/* Accelerations of my bodies, from `all` only: no communication. */
static void compute_acc(void)
{
    int i, j;
    upc_forall (i = 0; i < B * THREADS; i++; &bodies[i]) {
        double *a = acc[i - MYTHREAD * B];
        a[0] = a[1] = a[2] = 0.0;
        for (j = 0; j < B * THREADS; j++) {
            const double dx = all[j].x - all[i].x, dy = all[j].y - all[i].y;
            const double dz = all[j].z - all[i].z;
            const double r2 = dx * dx + dy * dy + dz * dz + EPS2;
            const double s = all[j].m / (r2 * sqrt(r2));
            if (j == i)
                continue;
            a[0] += s * dx;
            a[1] += s * dy;
            a[2] += s * dz;
        }
    }
}

/* Collective: new accelerations.  The barrier is split around the force
 * loop: nobody may update bodies until everyone has fetched them. */
static void forces(void)
{
    fetch_all();
    upc_notify;
    compute_acc();
    upc_wait;
}

/* v += kick * a, then x += drift * v, for my bodies. */
static void kick_drift(double kick, double drift)
{
    int i;
    upc_forall (i = 0; i < B * THREADS; i++; &bodies[i]) {
        shared [B] struct body *p = &bodies[i];
        const double *a = acc[i - MYTHREAD * B];
        p->vx += kick * a[0];
        p->vy += kick * a[1];
        p->vz += kick * a[2];
        p->x += drift * p->vx;
        p->y += drift * p->vy;
        p->z += drift * p->vz;
    }
}

/* Collective: conserved quantities of the current state.  Every thread adds
 * the per-thread parts in the same order, so all get the same totals. */
static struct sums diagnostics(void)
{
    struct sums mine = {0.0, 0.0, 0.0, 0.0, 0.0, 0.0, HUGE_VAL, 0.0}, tot;
    int i, j, t;

    upc_barrier;                      /* all updates are complete */
    fetch_all();
    upc_forall (i = 0; i < B * THREADS; i++; &bodies[i]) {
        const struct body *b = &all[i];
        const double r = sqrt(b->x * b->x + b->y * b->y);
        mine.ekin += 0.5 * b->m *
                     (b->vx * b->vx + b->vy * b->vy + b->vz * b->vz);
        for (j = 0; j < B * THREADS; j++) {
            const double dx = all[j].x - b->x, dy = all[j].y - b->y;
            const double dz = all[j].z - b->z;
            if (j != i)               /* each pair is seen twice */
                mine.epot -= 0.5 * b->m * all[j].m /
                             sqrt(dx * dx + dy * dy + dz * dz + EPS2);
        }
        mine.px += b->m * b->vx;
        mine.py += b->m * b->vy;
        mine.pz += b->m * b->vz;
        mine.lz += b->m * (b->x * b->vy - b->y * b->vx);
        mine.rmin = r < mine.rmin ? r : mine.rmin;
        mine.rmax = r > mine.rmax ? r : mine.rmax;
    }
    part[MYTHREAD] = mine;            /* struct assignment to shared */
    upc_barrier;
    tot = part[0];
    for (t = 1; t < THREADS; t++) {
        const struct sums p = part[t];
        tot.ekin += p.ekin;
        tot.epot += p.epot;
        tot.px += p.px;
        tot.py += p.py;
        tot.pz += p.pz;
        tot.lz += p.lz;
        tot.rmin = p.rmin < tot.rmin ? p.rmin : tot.rmin;
        tot.rmax = p.rmax > tot.rmax ? p.rmax : tot.rmax;
    }
    return tot;
}

int main(void)
{
    const int N = B * THREADS;
    const double m = 1.0 / N;
    double ar = 0.0, v, e0, e1, p1;
    struct sums s0, s1;
    int i, step, ok;

    /* upc_localsizeof bounds one thread's share of bodies (one block). */
    all = malloc(THREADS * upc_localsizeof(bodies));

    /* Rigid rotation: v^2 / R equals the ring's radial pull (R = 1). */
    for (i = 1; i < N; i++) {
        const double c = cos(2.0 * PI * i / N), d2 = 2.0 - 2.0 * c + EPS2;
        ar += m * (1.0 - c) / (d2 * sqrt(d2));
    }
    v = sqrt(ar);
    upc_forall (i = 0; i < N; i++; &bodies[i]) {
        shared [B] struct body *p = &bodies[i];
        const double th = 2.0 * PI * i / N;
        p->x = cos(th);
        p->y = sin(th);
        p->z = 0.0;
        p->vx = -v * sin(th);
        p->vy = v * cos(th);
        p->vz = 0.0;
        p->m = m;
    }

    s0 = diagnostics();
    forces();
    for (step = 0; step < STEPS; step++) {
        kick_drift(0.5 * DT, DT);
        upc_barrier;                  /* positions are updated everywhere */
        forces();
        kick_drift(0.5 * DT, 0.0);
    }
    s1 = diagnostics();

    e0 = s0.ekin + s0.epot;
    e1 = s1.ekin + s1.epot;
    p1 = sqrt(s1.px * s1.px + s1.py * s1.py + s1.pz * s1.pz);
    ok = fabs(e1 - e0) <= 1e-6 * fabs(e0) && p1 <= 1e-12 &&
         fabs(s1.lz - s0.lz) <= 1e-12 * fabs(s0.lz) &&
         s0.rmax - s0.rmin <= 1e-12 && s1.rmax - s1.rmin <= 1e-6;
    if (MYTHREAD == 0) {
        if (ok)
            printf("nbody: OK (bodies=%d, steps=%d, energy=%.6f, Lz=%.6f)\n",
                   N, STEPS, e1, s1.lz);
        else
            printf("nbody: FAILED (energy %.9f -> %.9f, |P|=%.3e, "
                   "Lz %.12f -> %.12f, radius spread %.3e)\n",
                   e0, e1, p1, s0.lz, s1.lz, s1.rmax - s1.rmin);
    }
    free(all);
    return ok ? 0 : 1;
}
