/*
 * events.c - the varargs of every event of gasp_upc.h, their decoding and
 * their formatting.
 *
 * The signatures come from the event table that gasp_upc.h comes from
 * (runtime-glue/gasp-events/gasp_events.toml): a tool that reads a vararg
 * with another type than the one passed has undefined behaviour, so the
 * decoder and the header cannot be allowed to differ.
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "gasp_tools.h"
#include "upc_atomic.h"

/* The signatures of every event, generated from the event table
 * (runtime-glue/gasp-events/gasp_events.toml): upcgt_table_signature. */
#include "gasp_event_signatures.inc"

const upcgt_sig_t *upcgt_signature(unsigned int tag, gasp_evttype_t type) {
  return upcgt_table_signature(tag, type == GASP_END);
}

void upcgt_decode(const upcgt_sig_t *sig, va_list *ap, upcgt_val_t *out) {
  for (unsigned i = 0; i < sig->nargs; ++i) {
    upcgt_val_t *v = &out[i];
    memset(v, 0, sizeof *v);
    switch (sig->args[i].kind) {
    case UPCGT_INT:
    case UPCGT_FLAGS:
    case UPCGT_OP:
      v->i = va_arg(*ap, int);
      break;
    case UPCGT_REDTYPE:
      v->i = (int64_t)va_arg(*ap, gasp_upc_reduction_t);
      break;
    case UPCGT_SIZE:
      v->z = va_arg(*ap, size_t);
      break;
    case UPCGT_PTR:
      v->p = va_arg(*ap, void *);
      break;
    case UPCGT_STR:
      v->s = va_arg(*ap, const char *);
      break;
    case UPCGT_PTS:
    case UPCGT_LOCK: {
      const gasp_upc_PTS_t *pts = va_arg(*ap, gasp_upc_PTS_t *);
      if (!pts) {
        v->pts.thread = -1;
        break;
      }
      v->pts.thread = gasp_upc_pts_thread(pts);
      v->pts.addr = gasp_upc_pts_addrfield(pts);
      v->pts.phase = (uint32_t)gasp_upc_pts_phase(pts);
      break;
    }
    }
  }
}

/* ------------------------------------------------------------------------
 * Formatting
 * ------------------------------------------------------------------------ */

/* The name of an operation, or NULL (a set of several, say). */
static const char *op_name(int64_t op) {
#define OP(name)                                                               \
  case name:                                                                   \
    return #name;
  switch (op) {
    OP(UPC_ADD) OP(UPC_MULT) OP(UPC_AND) OP(UPC_OR) OP(UPC_XOR)
    OP(UPC_LOGAND) OP(UPC_LOGOR) OP(UPC_MIN) OP(UPC_MAX) OP(UPC_FUNC)
    OP(UPC_NONCOMM_FUNC) OP(UPC_GET) OP(UPC_SET) OP(UPC_CSWAP) OP(UPC_SUB)
    OP(UPC_INC) OP(UPC_DEC)
  default:
    return NULL;
  }
#undef OP
}

static const char *const redtype_names[] = {
    "GASP_UPC_REDUCTION_C",  "GASP_UPC_REDUCTION_UC", "GASP_UPC_REDUCTION_S",
    "GASP_UPC_REDUCTION_US", "GASP_UPC_REDUCTION_I",  "GASP_UPC_REDUCTION_UI",
    "GASP_UPC_REDUCTION_L",  "GASP_UPC_REDUCTION_UL", "GASP_UPC_REDUCTION_F",
    "GASP_UPC_REDUCTION_D",  "GASP_UPC_REDUCTION_LD"};

size_t upcgt_reduction_elem_size(int redtype) {
  switch (redtype) {
  case GASP_UPC_REDUCTION_C:
  case GASP_UPC_REDUCTION_UC:
    return sizeof(char);
  case GASP_UPC_REDUCTION_S:
  case GASP_UPC_REDUCTION_US:
    return sizeof(short);
  case GASP_UPC_REDUCTION_I:
  case GASP_UPC_REDUCTION_UI:
    return sizeof(int);
  case GASP_UPC_REDUCTION_L:
  case GASP_UPC_REDUCTION_UL:
    return sizeof(long);
  case GASP_UPC_REDUCTION_F:
    return sizeof(float);
  case GASP_UPC_REDUCTION_D:
    return sizeof(double);
  case GASP_UPC_REDUCTION_LD:
    return sizeof(long double);
  }
  return 0;
}

/* upc_flag_t: at most one IN and one OUT flag; a missing one is ALLSYNC. */
static size_t format_flags(char *buf, size_t size, int64_t f) {
  const int64_t in_bits = UPC_IN_NOSYNC | UPC_IN_MYSYNC | UPC_IN_ALLSYNC;
  const int64_t out_bits = UPC_OUT_NOSYNC | UPC_OUT_MYSYNC | UPC_OUT_ALLSYNC;
  int64_t in_f = f & in_bits, out_f = f & out_bits;
  const char *in = in_f == UPC_IN_NOSYNC                 ? "UPC_IN_NOSYNC"
                   : in_f == UPC_IN_MYSYNC               ? "UPC_IN_MYSYNC"
                   : in_f == UPC_IN_ALLSYNC || in_f == 0 ? "UPC_IN_ALLSYNC"
                                                         : NULL;
  const char *out = out_f == UPC_OUT_NOSYNC                  ? "UPC_OUT_NOSYNC"
                    : out_f == UPC_OUT_MYSYNC                ? "UPC_OUT_MYSYNC"
                    : out_f == UPC_OUT_ALLSYNC || out_f == 0 ? "UPC_OUT_ALLSYNC"
                                                             : NULL;
  if (!in || !out || (f & ~(in_bits | out_bits)))
    return upcgt_append(buf, size, 0, "%" PRId64, f);
  return upcgt_append(buf, size, 0, "%s|%s", in, out);
}

size_t upcgt_json_escape(char *buf, size_t size, const char *s, size_t len) {
  size_t n = 0;
  for (size_t i = 0; i < len; ++i) {
    unsigned char c = (unsigned char)s[i];
    char esc[8];
    const char *e = NULL;
    switch (c) {
    case '"': e = "\\\""; break;
    case '\\': e = "\\\\"; break;
    case '\n': e = "\\n"; break;
    case '\r': e = "\\r"; break;
    case '\t': e = "\\t"; break;
    default:
      if (c < 0x20) {
        snprintf(esc, sizeof esc, "\\u%04x", c);
        e = esc;
      }
    }
    if (e) {
      for (; *e; ++e, ++n)
        if (n + 1 < size)
          buf[n] = *e;
    } else {
      if (n + 1 < size)
        buf[n] = (char)c;
      ++n;
    }
  }
  if (size)
    buf[n < size ? n : size - 1] = '\0';
  return n;
}

size_t upcgt_format_value(char *buf, size_t size, upcgt_kind_t kind,
                          const upcgt_val_t *v, int json) {
  const char *q = json ? "\"" : "";
  switch (kind) {
  case UPCGT_INT:
    return upcgt_append(buf, size, 0, "%" PRId64, v->i);
  case UPCGT_SIZE:
    return upcgt_append(buf, size, 0, "%" PRIu64, v->z);
  case UPCGT_PTR:
    if (!v->p)
      return upcgt_append(buf, size, 0, "%s0x0%s", q, q);
    return upcgt_append(buf, size, 0, "%s%p%s", q, v->p, q);
  case UPCGT_PTS:
  case UPCGT_LOCK:
    if (v->pts.thread < 0)
      return upcgt_append(buf, size, 0, "%sNULL%s", q, q);
    return upcgt_append(buf, size, 0, "%s(%d,0x%" PRIx64 ",%u)%s", q,
                        (int)v->pts.thread, v->pts.addr,
                        (unsigned)v->pts.phase, q);
  case UPCGT_STR: {
    if (!v->s)
      return upcgt_append(buf, size, 0, "%s", json ? "null" : "(null)");
    size_t n = upcgt_append(buf, size, 0, "\"");
    n += upcgt_json_escape(n < size ? buf + n : NULL, n < size ? size - n : 0,
                           v->s, strlen(v->s));
    return upcgt_append(buf, size, n, "\"");
  }
  case UPCGT_FLAGS: {
    size_t n = upcgt_append(buf, size, 0, "%s", q);
    n += format_flags(n < size ? buf + n : NULL, n < size ? size - n : 0,
                      v->i);
    return upcgt_append(buf, size, n, "%s", q);
  }
  case UPCGT_OP:
    if (op_name(v->i))
      return upcgt_append(buf, size, 0, "%s%s%s", q, op_name(v->i), q);
    return upcgt_append(buf, size, 0, "%" PRId64, v->i);
  case UPCGT_REDTYPE:
    if (v->i >= 0 &&
        v->i < (int64_t)(sizeof redtype_names / sizeof *redtype_names))
      return upcgt_append(buf, size, 0, "%s%s%s", q, redtype_names[v->i], q);
    return upcgt_append(buf, size, 0, "%" PRId64, v->i);
  }
  return upcgt_append(buf, size, 0, "?");
}

size_t upcgt_format_args_text(char *buf, size_t size, const upcgt_sig_t *sig,
                              const upcgt_val_t *vals) {
  size_t n = 0;
  if (size)
    buf[0] = '\0';
  for (unsigned i = 0; i < sig->nargs; ++i) {
    n = upcgt_append(buf, size, n, "%s%s=", i ? ", " : "", sig->args[i].name);
    n += upcgt_format_value(n < size ? buf + n : NULL,
                            n < size ? size - n : 0, sig->args[i].kind,
                            &vals[i], 0);
  }
  return n;
}

/* ------------------------------------------------------------------------
 * Categories
 * ------------------------------------------------------------------------ */

upcgt_category_t upcgt_category(unsigned int tag) {
  if (upcgt_is_user_event(tag))
    return UPCGT_CAT_USER;
  switch (tag) {
#define GASP_EVENT(NAME, CATEGORY, OTF2_ROLE)                                  \
  case NAME:                                                                   \
    return UPCGT_CAT_##CATEGORY;
#include "gasp_events.def"
  default:
    return UPCGT_CAT_OTHER;
  }
}

const char *upcgt_category_name(upcgt_category_t cat) {
  static const char *const names[] = {
      [UPCGT_CAT_SYNC] = "sync",
      [UPCGT_CAT_LOCK] = "lock",
      [UPCGT_CAT_DATA] = "data",
      [UPCGT_CAT_COLLECTIVE] = "collective",
      [UPCGT_CAT_MEMORY] = "memory",
      [UPCGT_CAT_WORK_SHARING] = "work_sharing",
      [UPCGT_CAT_FUNCTION] = "function",
      [UPCGT_CAT_USER] = "user",
      [UPCGT_CAT_C_MEMORY] = "c_memory",
      [UPCGT_CAT_EXIT] = "exit",
      [UPCGT_CAT_OTHER] = "other",
  };
  return (unsigned)cat < sizeof names / sizeof *names ? names[cat] : "other";
}
