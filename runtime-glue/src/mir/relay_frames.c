/*
 * relay_frames.c - the frames of the relay (relay.h): what every message
 * between the program's processes travels in, and what proves it comes
 * from the job (its secret), so that no other process can talk to them.
 *
 * A frame is a header (the payload's length and the sequence number, 8
 * bytes each, big-endian), the HMAC-SHA256 of
 *   label, challenge, header, payload
 * with the job's secret (label: "upc-mir request" from the root,
 * "upc-mir reply" back), and the payload. The listener sends the
 * challenge (16 random bytes) as soon as it accepts a connection. MACs are
 * compared in constant time (CRYPTO_memcmp); OpenSSL's libcrypto computes
 * them (docs/dependencies.md).
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include "relay_internal.h"

#include <errno.h>
#include <string.h>
#include <sys/random.h>

#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/evp.h>

const char mir_relay_request_label[] = "upc-mir request";
const char mir_relay_reply_label[] = "upc-mir reply";

/* n bytes from the kernel's random source: 0, or -1 with errno. */
int mir_relay_random_bytes(unsigned char *buf, size_t n) {
  size_t got = 0;
  while (got < n) {
    ssize_t k = getrandom(buf + got, n - got, 0);
    if (k < 0 && errno == EINTR)
      continue;
    if (k <= 0)
      return -1;
    got += (size_t)k;
  }
  return 0;
}

int mir_relay_new_secret(unsigned char secret[MIR_SECRET_BYTES]) {
  return mir_relay_random_bytes(secret, MIR_SECRET_BYTES);
}

/* HMAC-SHA256(secret, label || challenge || header || payload). */
static int frame_mac(const unsigned char *secret, const char *label,
                     const unsigned char *challenge,
                     const unsigned char *header, const char *payload,
                     size_t len, unsigned char out[MAC_BYTES]) {
  EVP_MAC *mac = EVP_MAC_fetch(NULL, "HMAC", NULL);
  EVP_MAC_CTX *ctx = mac ? EVP_MAC_CTX_new(mac) : NULL;
  char digest[] = "SHA256";
  OSSL_PARAM params[] = {
      OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_DIGEST, digest, 0),
      OSSL_PARAM_construct_end()};
  size_t outlen = 0;
  int ok = ctx && EVP_MAC_init(ctx, secret, MIR_SECRET_BYTES, params) &&
           EVP_MAC_update(ctx, (const unsigned char *)label, strlen(label)) &&
           EVP_MAC_update(ctx, challenge, CHALLENGE_BYTES) &&
           EVP_MAC_update(ctx, header, HEADER_BYTES) &&
           EVP_MAC_update(ctx, (const unsigned char *)payload, len) &&
           EVP_MAC_final(ctx, out, &outlen, MAC_BYTES) &&
           outlen == MAC_BYTES;
  EVP_MAC_CTX_free(ctx);
  EVP_MAC_free(mac);
  return ok ? 0 : -1;
}

/* A frame's head: header and MAC. */
int mir_relay_make_head(unsigned char head[FRAME_HEAD],
                        const unsigned char *secret, const char *label,
                        const unsigned char *challenge, uint64_t seq,
                        const char *payload, size_t len) {
  mir_put_be64(head, len);
  mir_put_be64(head + 8, seq);
  return frame_mac(secret, label, challenge, head, payload, len,
                   head + HEADER_BYTES);
}

/* Does the received frame (head, payload) carry sequence number seq and
 * the right MAC? */
int mir_relay_head_ok(const unsigned char head[FRAME_HEAD],
                      const unsigned char *secret, const char *label,
                      const unsigned char *challenge, uint64_t seq,
                      const char *payload, size_t len) {
  unsigned char want[MAC_BYTES];
  if (mir_get_be64(head + 8) != seq ||
      frame_mac(secret, label, challenge, head, payload, len, want) != 0)
    return 0;
  return CRYPTO_memcmp(want, head + HEADER_BYTES, MAC_BYTES) == 0;
}
