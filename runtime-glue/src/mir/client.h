/*
 * client.h - the client's end of UPC_MIR_SOCKET, for upc-mir and tools
 * written in C (docs/mir.md, "Protocol").
 */
#ifndef UPC_MIR_CLIENT_H
#define UPC_MIR_CLIENT_H

#include <stddef.h>

/* Sends request[0..len) (at most MIR_MAX_REQUEST bytes) to the program
 * listening on the socket that name stands for (mir_socket_path: a name
 * without '/' is in the user's private directory), waiting up to wait_ms
 * for it to listen, shuts down writing and reads the reply to end of file:
 * at most MIR_MAX_REPLY bytes, within timeout_ms of the connection. A
 * socket whose server runs as another user is refused before anything is
 * sent (it could be a squatter's). Returns the reply (malloc'ed), or NULL
 * with a malloc'ed message in *error. */
char *mir_client_send(const char *name, const char *request, size_t len,
                      long wait_ms, long timeout_ms, char **error);

#endif
