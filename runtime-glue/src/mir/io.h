/*
 * io.h - what the MIR channel's three parts (the program's server for
 * clients, the relay between the program's processes, the client of
 * upc-mir) share: the channel's limits, and reads and writes on
 * non-blocking sockets bounded by a deadline for the whole transfer, never
 * by byte, so that a peer that trickles bytes is cut off like one that
 * sends none.
 *
 * Bytes are only ever sent with send(MSG_NOSIGNAL): a peer that went away
 * yields EPIPE, never SIGPIPE.
 */
#ifndef UPC_MIR_IO_H
#define UPC_MIR_IO_H

#include <pthread.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

/* The largest request a client may send; MIR requests are a few hundred
 * bytes, and the request reader refuses more at translation time too. */
#define MIR_MAX_REQUEST (1u << 20)
/* The largest reply a client reads (measurement and snapshot documents of
 * thousands of threads fit many times over). */
#define MIR_MAX_REPLY (64u << 20)
/* A client has this long, from its connection, to send its whole request
 * and shut down writing; and a reply this long to be written. */
#define MIR_REQUEST_DEADLINE_MS 10000
/* Clients served at once; more wait in the listen backlog. */
#define MIR_MAX_CLIENTS 32
/* The root's relayed message and every peer's reply, start to end. */
#define MIR_RELAY_DEADLINE_MS 30000
/* The largest relayed message or reply. */
#define MIR_MAX_RELAY (64u << 20)

enum mir_io_status {
  MIR_IO_OK,
  MIR_IO_EOF,     /* end of file (reads) */
  MIR_IO_TIMEOUT, /* the deadline passed */
  MIR_IO_STOPPED, /* the stop descriptor became readable */
  MIR_IO_TOOBIG,  /* more than the limit */
  MIR_IO_ERROR    /* errno says */
};

/* Milliseconds of CLOCK_MONOTONIC. */
long long mir_now_ms(void);

/* Waits until fd is ready for events (or has an error or hang-up, which
 * the next recv/send reports), until deadline_ms (mir_now_ms() time; < 0:
 * none), or until stop_fd (if >= 0) becomes readable. */
enum mir_io_status mir_wait_fd(int fd, short events, long long deadline_ms,
                               int stop_fd);

/* Sends buf[0..len) by deadline_ms. */
enum mir_io_status mir_send_all(int fd, const void *buf, size_t len,
                                long long deadline_ms, int stop_fd);

/* Receives exactly len bytes by deadline_ms; *got says how many arrived
 * before a failure (MIR_IO_EOF with *got == 0: a clean end). */
enum mir_io_status mir_recv_exact(int fd, void *buf, size_t len, size_t *got,
                                  long long deadline_ms, int stop_fd);

/* Receives until end of file into *buf (malloc'ed, NUL-terminated, *len
 * bytes before the NUL) by deadline_ms; more than max bytes is
 * MIR_IO_TOOBIG. */
enum mir_io_status mir_recv_to_eof(int fd, char **buf, size_t *len,
                                   size_t max, long long deadline_ms,
                                   int stop_fd);

/* What a status means (err: the errno of MIR_IO_ERROR). */
const char *mir_io_message(enum mir_io_status s, int err);

/* The uid of the process at the other end of the Unix socket fd, or -1. */
long mir_peer_uid(int fd);

/* A malloc'ed, formatted message (NULL when out of memory). */
char *mir_format(const char *fmt, ...)
    __attribute__((__format__(__printf__, 1, 2)));

/* The stack of the engine's own threads, before the static TLS. */
#define MIR_THREAD_STACK ((size_t)8 << 20)

/* Attributes (pthread_attr_init'ed: destroy them) for a thread of the
 * engine: MIR_THREAD_STACK plus the program's static TLS, which glibc
 * carves out of every thread's stack. A UPC program's private data is TLS
 * on the pthreads backend, and may be larger than a default stack: a
 * thread created without them would overflow at once (matmul's 1800 x
 * 1800 doubles did). 0, or -1. */
int mir_thread_attr(pthread_attr_t *attr);

/* The 8 bytes of v, big-endian, and back. */
void mir_put_be64(unsigned char *p, uint64_t v);
uint64_t mir_get_be64(const unsigned char *p);

#endif
