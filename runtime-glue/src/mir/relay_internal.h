/*
 * relay_internal.h - what the files of the relay (relay.h) share, and
 * nothing the rest of the engine sees. The relay's files, each calling
 * only those above it:
 *
 *   relay_frames.c   the job's secret, and the frames every message and
 *                    reply travels in, with their MACs.
 *   relay_address.c  the address of this node that the MPI job uses (where
 *                    a process on another node than the root listens).
 *   relay_listen.c   every process but the root: listening, and answering
 *                    the root's messages.
 *   relay_peers.c    the root: its connections to the other processes, and
 *                    one message relayed to all of them with their replies.
 */
#ifndef UPC_MIR_RELAY_INTERNAL_H
#define UPC_MIR_RELAY_INTERNAL_H

#include <netinet/in.h>
#include <stddef.h>
#include <stdint.h>
#include <unistd.h>

#include "io.h"
#include "relay.h"

/* The frames (relay_frames.c says how they are made). */
#define CHALLENGE_BYTES 16
#define MAC_BYTES 32
#define HEADER_BYTES 16
#define FRAME_HEAD (HEADER_BYTES + MAC_BYTES)
/* Connections a listener keeps (the root needs one). */
#define MAX_LINKS 8
/* The root's messages are requests: at most a client's request and a
 * letter. */
#define MAX_MESSAGE (MIR_MAX_REQUEST + 16)

static inline void close_fd(int *fd) {
  if (*fd >= 0)
    close(*fd);
  *fd = -1;
}

/* ------------------------------------------------------------------------
 * Frames (relay_frames.c)
 * ------------------------------------------------------------------------ */

/* The labels of the root's messages and of the replies. */
extern const char mir_relay_request_label[];
extern const char mir_relay_reply_label[];

/* n bytes from the kernel's random source: 0, or -1 with errno. */
int mir_relay_random_bytes(unsigned char *buf, size_t n);

/* A frame's head: header and MAC. */
int mir_relay_make_head(unsigned char head[FRAME_HEAD],
                        const unsigned char *secret, const char *label,
                        const unsigned char *challenge, uint64_t seq,
                        const char *payload, size_t len);

/* Does the received frame (head, payload) carry sequence number seq and
 * the right MAC? */
int mir_relay_head_ok(const unsigned char head[FRAME_HEAD],
                      const unsigned char *secret, const char *label,
                      const unsigned char *challenge, uint64_t seq,
                      const char *payload, size_t len);

/* ------------------------------------------------------------------------
 * The address the MPI job uses on this node (relay_address.c)
 * ------------------------------------------------------------------------ */

/* The address of this node that the MPI job uses: 0, or -1 with a
 * malloc'ed message in *error. */
int mir_relay_job_address(struct in_addr *out, char **error);

#endif
