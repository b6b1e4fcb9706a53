/*
 * size.h - the syntax of a size (UPC_SHARED_HEAP_SIZE, upcrun -shared-heap,
 * upc-instrument --shared-heap, UPC_MPI_HEAP_BOOKKEEPING): a number of
 * bytes, optionally followed by K, M, G or T (powers of 1024), optionally
 * followed by B or iB: 65536, 512K, 256MB, 1GiB. One definition for the
 * runtime (C) and the launcher (C++), which checks --shared-heap when it
 * links.
 */
#ifndef UPCR_SIZE_H
#define UPCR_SIZE_H

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>

/* Returns 0 and stores the value in *out, or -1 if text is not a size. */
static inline int upcr_parse_size(const char *text, uint64_t *out) {
  const char *p = text;
  while (*p == ' ' || *p == '\t')
    ++p;
  if (*p < '0' || *p > '9')
    return -1;
  errno = 0;
  char *end;
  unsigned long long n = strtoull(p, &end, 10);
  if (errno)
    return -1;
  while (*end == ' ')
    ++end;
  unsigned shift = 0;
  switch (*end) {
  case 'k': case 'K': shift = 10; ++end; break;
  case 'm': case 'M': shift = 20; ++end; break;
  case 'g': case 'G': shift = 30; ++end; break;
  case 't': case 'T': shift = 40; ++end; break;
  default: break;
  }
  /* Accept "K", "KB", "KiB", "B" alike: all mean powers of 1024. */
  if (shift && (*end == 'i' || *end == 'I'))
    ++end;
  if (*end == 'b' || *end == 'B')
    ++end;
  while (*end == ' ')
    ++end;
  if (*end)
    return -1;
  if (shift && n > (UINT64_MAX >> shift))
    return -1;
  *out = (uint64_t)n << shift;
  return 0;
}

#endif
