/*
 * error.c - runtime error reports. Every error ends the whole program with
 * status 1 after one clear message; nothing aborts (no core dumps, no
 * signals), so that a test harness or a user sees the message and a plain
 * nonzero status.
 */
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "internal.h"

void upcri_format_pos(char *buf, size_t size, upcr_srcpos_t pos) {
  if (!pos.file)
    snprintf(buf, size, "unknown position");
  else if (pos.col > 0)
    snprintf(buf, size, "%s:%d:%d", pos.file, pos.line, pos.col);
  else
    snprintf(buf, size, "%s:%d", pos.file, pos.line);
}

void upcri_format_size(char *buf, size_t size, uint64_t bytes) {
  static const char *const units[] = {"KiB", "MiB", "GiB", "TiB", "PiB"};
  if (bytes < 1024) {
    snprintf(buf, size, "%llu byte%s", (unsigned long long)bytes,
             bytes == 1 ? "" : "s");
    return;
  }
  double v = (double)bytes / 1024.0;
  unsigned u = 0;
  while (v >= 1024.0 && u + 1 < sizeof units / sizeof *units) {
    v /= 1024.0;
    ++u;
  }
  /* Exact multiples read better without a fraction ("64 MiB"). */
  uint64_t unit = (uint64_t)1 << (10 * (u + 1));
  if (bytes % unit == 0)
    snprintf(buf, size, "%llu %s", (unsigned long long)(bytes / unit),
             units[u]);
  else
    snprintf(buf, size, "%.1f %s", v, units[u]);
}

static int claim_alone(void) { return 1; }

static UPCR_NORETURN void end_alone(int status) {
  fflush(stdout);
  fflush(stderr);
  _exit(status);
}

upcri_ending_t upcri_ending = {claim_alone, end_alone};

static atomic_int upcri_error_started;

static UPCR_NORETURN void report(const char *prefix, upcr_srcpos_t pos,
                                 const char *fmt, va_list ap) {
  /* Several threads may fail at once (a barrier mismatch is seen by all):
   * the first one reports and ends the program, the others wait for that
   * (the backend picks the first across processes). */
  if (atomic_exchange(&upcri_error_started, 1) ||
      !upcri_ending.claim_error()) {
    for (;;)
      pause();
  }
  char msg[2048];
  vsnprintf(msg, sizeof msg, fmt, ap);
  fflush(stdout);
  fprintf(stderr, "%s: error: %s\n", prefix, msg);
  /* In an instrumented program the tool learns that the program ends here
   * (GASP_UPC_NONCOLLECTIVE_EXIT at the error's position) and can write
   * what it measured, as for upc_global_exit. */
  if (upcri_hooks.error_exit)
    upcri_hooks.error_exit(pos, 1);
  upcri_ending.abort(1);
}

static UPCR_NORETURN void report_at(upcr_srcpos_t pos, const char *fmt,
                                    va_list ap) {
  char prefix[300];
  if (pos.file)
    upcri_format_pos(prefix, sizeof prefix, pos);
  else
    snprintf(prefix, sizeof prefix, "upc runtime");
  report(prefix, pos, fmt, ap);
}

void upcri_error(upcr_srcpos_t pos, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  report_at(pos, fmt, ap);
}

/* The same, for translated code (upcr.h). */
void upcr_error(upcr_srcpos_t pos, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  report_at(pos, fmt, ap);
}

void upcri_fatal(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  report("upc runtime", UPCR_SRCPOS_UNKNOWN, fmt, ap);
}
