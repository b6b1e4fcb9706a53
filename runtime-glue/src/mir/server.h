/*
 * server.h - the program's end of UPC_MIR_SOCKET: the Unix socket on which
 * clients (upc-mir send, tools) ask the running program (docs/mir.md,
 * "Wire protocol" and "Security").
 *
 * A client connects and writes one request, an XML document; the request
 * ends where its root element closes (libxml2 decides, as the bytes
 * arrive), or where it turns out malformed, or at the client's end of file
 * (it shut down its writing side); the program answers with one document
 * and closes the connection (docs/mir.md, "Wire protocol"). The
 * socket is the user's alone (mode 0600, in a private directory when
 * UPC_MIR_SOCKET names no directory), and a client of another uid is
 * refused even when it gets a connection (SO_PEERCRED). Clients are served
 * side by side: one thread does every read and write (poll), so a client
 * that stalls or trickles costs only its own connection, which ends at its
 * deadline (MIR_REQUEST_DEADLINE_MS for the whole request), and one
 * thread computes the replies in the order the requests were completed.
 */
#ifndef UPC_MIR_SERVER_H
#define UPC_MIR_SERVER_H

#include <stddef.h>

/* Computes the reply (malloc'ed, NUL-terminated; NULL: none) to
 * msg[0..len), which is NUL-terminated too. */
typedef char *mir_serve_fn(void *arg, const char *msg, size_t len);

/* Listens on the socket at path (mir_socket_path's result): a stale socket
 * file left by a dead program of this user is replaced; a path where a
 * program still listens, that is not a socket or that belongs to another
 * user is an error. Starts the server's two threads, with every signal
 * blocked. Returns 0, or -1 with a malloc'ed message in *error. */
int mir_server_start(const char *path, mir_serve_fn *serve, void *arg,
                     char **error);

/* Stops serving (after the reply being computed, if any), closes every
 * connection and removes the socket file if it is still the one this
 * process made. Idempotent; in a child forked from the program it only
 * forgets the parent's server. */
void mir_server_stop(void);

#endif
