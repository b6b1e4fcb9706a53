/*
 * mir_channel.h - how requests reach a running UPC program, and how the
 * process that answers them reaches the program's other processes.
 *
 * Every process of the program runs one helper thread (never a UPC
 * thread, never inside MPI: it only uses sockets, so a program under
 * mpirun on several nodes and a threaded program are served alike):
 *
 *  - The process of UPC thread 0 (the root) listens on a Unix-domain
 *    stream socket whose path the user chose (UPC_MIR_SOCKET). A client
 *    connects, writes one XML request and shuts down its writing side; the
 *    helper thread reads it to end of file, hands it to serve_client and
 *    writes the reply back, then closes the connection. Clients are served
 *    one at a time, in order of connection; a client that disconnects or
 *    stalls mid-request (no byte for MIR_CHANNEL_READ_TIMEOUT_MS) is
 *    dropped without a reply and the next is served.
 *  - Every process listens on a TCP socket (any address, an ephemeral
 *    port); mir_channel_start returns its "host:port", which the engine
 *    hands to the root (through the program's shared memory). The root's
 *    serve_client may call mir_channel_relay to send a message to every
 *    other process and gather the replies, which each process's helper
 *    thread computes with serve_relay.
 *
 * Messages are arbitrary bytes; replies are NUL-terminated strings.
 */
#ifndef UPC_MIR_CHANNEL_H
#define UPC_MIR_CHANNEL_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

#define MIR_CHANNEL_READ_TIMEOUT_MS 5000
/* The largest request or message accepted (bytes). */
#define MIR_CHANNEL_MAX_MESSAGE (16u << 20)

/* Computes the reply (malloc'ed, NUL-terminated; NULL: no reply) to the
 * message msg[0..len), which is NUL-terminated too. */
typedef char *mir_serve_fn(void *arg, const char *msg, size_t len);

/* Starts this process's helper thread. socket_path: the Unix socket to
 * serve clients on (root only; NULL elsewhere): a stale socket file left by
 * a dead program is replaced, a path where a program still listens or that
 * is not a socket is an error. serve_relay answers the root's relayed
 * messages (every process, the root included when it relays to itself is
 * NOT done: the root computes its own part directly). *address receives
 * this process's "host:port" (malloc'ed). Returns 0, or -1 with a
 * malloc'ed message in *error. */
int mir_channel_start(const char *socket_path, mir_serve_fn *serve_client,
                      mir_serve_fn *serve_relay, void *arg, char **address,
                      char **error);

/* Root: the other processes' addresses, as their mir_channel_start gave
 * them (copied). */
int mir_channel_set_peers(const char *const *addresses, size_t n);

/* Root, from serve_client: sends msg[0..len) to every peer and stores the
 * peers' replies (malloc'ed) in replies[0..n) in the order of
 * mir_channel_set_peers. Returns 0, or -1 with a malloc'ed message in
 * *error (a peer that cannot be reached: the replies already received are
 * freed). */
int mir_channel_relay(const char *msg, size_t len, char **replies,
                      char **error);

/* Stops the helper thread (after the request being served, if any),
 * closes the sockets and removes the Unix socket file. Idempotent. */
void mir_channel_stop(void);

/* Client side (upc-mir): connects to the Unix socket at path, waiting up
 * to wait_ms for it to appear and accept, sends request[0..len), shuts
 * down writing and reads the reply until end of file. Returns the reply
 * (malloc'ed), or NULL with a malloc'ed message in *error. */
char *mir_channel_send(const char *path, const char *request, size_t len,
                       long wait_ms, char **error);

#ifdef __cplusplus
}
#endif

#endif
