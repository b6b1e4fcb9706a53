/*
 * relay.h - how the process of UPC thread 0 (the root), which answers the
 * program's clients, reaches the program's other processes (MPI ranks,
 * possibly on other nodes), and how they answer (docs/mir.md, "Security").
 *
 * A process on the root's node listens on a Unix socket in the job's
 * private directory (0700); one on another node on a TCP port of the
 * address the MPI job uses on that node (never every interface). A
 * program of one process listens nowhere.
 *
 * Every message is authenticated with the job's secret, which the root
 * draws at start-up and hands to the other processes through the
 * program's shared memory (it never leaves the job): on each connection
 * the listener first sends a random challenge; each message then carries
 * its length, a sequence number and an HMAC-SHA256 over them, the
 * challenge and the message; each reply the same with its own label. A
 * connection whose message fails the check (or, on a Unix socket, whose
 * peer is another user) is dropped, and the first such drop is said on
 * standard error. Replaying a recorded message fails: the challenge is new
 * on every connection and the numbers only grow.
 */
#ifndef UPC_MIR_RELAY_H
#define UPC_MIR_RELAY_H

#include <stddef.h>

#include "server.h" /* mir_serve_fn */

#define MIR_SECRET_BYTES 32

/* Fills secret with random bytes (getrandom); 0, or -1 with errno. */
int mir_relay_new_secret(unsigned char secret[MIR_SECRET_BYTES]);

/* Every process but the root: answers the root's messages with serve, on a
 * helper thread (every signal blocked). dir: the job's private directory
 * on the root's node (a Unix socket there), or NULL on another node (a TCP
 * port). *address receives where to connect (malloc'ed: "unix:PATH" or
 * "tcp:HOST:PORT"). Returns 0, or -1 with a malloc'ed message in *error. */
int mir_relay_listen(const char *dir,
                     const unsigned char secret[MIR_SECRET_BYTES],
                     mir_serve_fn *serve, void *arg, char **address,
                     char **error);

/* Stops listening and removes the socket file. Idempotent. */
void mir_relay_stop(void);

/* The root: the other processes' addresses (as their mir_relay_listen
 * gave them; copied) and the job's secret. Returns 0, or -1. */
int mir_relay_set_peers(const char *const *addresses, size_t n,
                        const unsigned char secret[MIR_SECRET_BYTES]);

/* The root: sends msg[0..len) to every peer and stores their replies
 * (malloc'ed, NUL-terminated) in replies[0..n), in the order of
 * mir_relay_set_peers, all within MIR_RELAY_DEADLINE_MS. Returns 0, or -1
 * with a malloc'ed message in *error (the replies received are freed). */
int mir_relay_send(const char *msg, size_t len, char **replies,
                   char **error);

/* The root: closes the connections to the peers. */
void mir_relay_forget_peers(void);

/* The deadline of mir_relay_send (MIR_RELAY_DEADLINE_MS unless set):
 * tests of a silent peer need not wait half a minute. */
void mir_relay_set_deadline_ms(long ms);

#endif
