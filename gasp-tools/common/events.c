/*
 * events.c - the varargs of every event of gasp_upc.h, their decoding and
 * their formatting.
 *
 * The signatures follow gasp_upc.h exactly (GASP 1.4 Tables 1-10 plus the
 * GET/PUT type and name strings and the GASP_UPCI_* events): a tool that
 * reads a vararg with another type than the one passed has undefined
 * behaviour, so these tables are the one place that knows them.
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "gasp_tools.h"
#include "upc_atomic.h"

#define A(name, kind) {name, UPCGT_##kind}
#define SIG(var, ...)                                                          \
  static const upcgt_argspec_t var##_args[] = {__VA_ARGS__};                   \
  static const upcgt_sig_t var = {                                             \
      (unsigned char)(sizeof var##_args / sizeof var##_args[0]), var##_args}

static const upcgt_sig_t sig_none = {0, NULL};
SIG(sig_funcsig, A("funcsig", STR));
SIG(sig_malloc_s, A("nbytes", SIZE));
SIG(sig_malloc_e, A("nbytes", SIZE), A("returnptr", PTR));
SIG(sig_realloc_s, A("ptr", PTR), A("size", SIZE));
SIG(sig_realloc_e, A("ptr", PTR), A("size", SIZE), A("returnptr", PTR));
SIG(sig_cfree, A("ptr", PTR));
SIG(sig_status, A("status", INT));
SIG(sig_sync, A("named", INT), A("expr", INT));
SIG(sig_galloc_s, A("nblocks", SIZE), A("nbytes", SIZE));
SIG(sig_galloc_e, A("nblocks", SIZE), A("nbytes", SIZE),
    A("newshrd_ptr", PTS));
SIG(sig_alloc_s, A("nbytes", SIZE));
SIG(sig_alloc_e, A("nbytes", SIZE), A("newshrd_ptr", PTS));
SIG(sig_free, A("shrd_ptr", PTS));
SIG(sig_lck, A("lck", LOCK));
SIG(sig_lock_attempt_e, A("lck", LOCK), A("result", INT));
SIG(sig_memcpy, A("dst", PTS), A("src", PTS), A("n", SIZE));
SIG(sig_memget, A("dst", PTR), A("src", PTS), A("n", SIZE));
SIG(sig_memput, A("dst", PTS), A("src", PTR), A("n", SIZE));
SIG(sig_memset, A("dst", PTS), A("c", INT), A("n", SIZE));
SIG(sig_get, A("is_relaxed", INT), A("dst", PTR), A("src", PTS),
    A("n", SIZE), A("type", STR), A("name", STR));
SIG(sig_put, A("is_relaxed", INT), A("dst", PTS), A("src", PTR),
    A("n", SIZE), A("type", STR), A("name", STR));
SIG(sig_coll, A("dst", PTS), A("src", PTS), A("nbytes", SIZE),
    A("upc_flags", FLAGS));
SIG(sig_permute, A("dst", PTS), A("src", PTS), A("perm", PTS),
    A("nbytes", SIZE), A("upc_flags", FLAGS));
SIG(sig_reduce, A("dst", PTS), A("src", PTS), A("upc_op", OP),
    A("nelems", SIZE), A("blk_size", SIZE), A("func", PTR),
    A("upc_flags", FLAGS), A("type", REDTYPE));

SIG(sig_nb_get_s, A("is_relaxed", INT), A("dst", PTR), A("src", PTS),
    A("n", SIZE));
SIG(sig_nb_get_e, A("is_relaxed", INT), A("dst", PTR), A("src", PTS),
    A("n", SIZE), A("handle", PTR));
SIG(sig_nb_put_s, A("is_relaxed", INT), A("dst", PTS), A("src", PTR),
    A("n", SIZE));
SIG(sig_nb_put_e, A("is_relaxed", INT), A("dst", PTS), A("src", PTR),
    A("n", SIZE), A("handle", PTR));
SIG(sig_nb_memcpy_e, A("dst", PTS), A("src", PTS), A("n", SIZE),
    A("handle", PTR));
SIG(sig_nb_memset_e, A("dst", PTS), A("c", INT), A("n", SIZE),
    A("handle", PTR));
SIG(sig_nb_sync, A("handle", PTR));
SIG(sig_nb_attempt_e, A("handle", PTR), A("complete", INT));
SIG(sig_domain_s, A("type", INT), A("ops", OP), A("hints", INT));
SIG(sig_domain_e, A("type", INT), A("ops", OP), A("hints", INT),
    A("domain", PTS));
SIG(sig_domain, A("domain", PTS));
SIG(sig_atomic, A("is_relaxed", INT), A("domain", PTS), A("fetch_ptr", PTR),
    A("op", OP), A("target", PTS), A("operand1", PTR), A("operand2", PTR));

const upcgt_sig_t *upcgt_signature(unsigned int tag, gasp_evttype_t type) {
  const int end = type == GASP_END;
  switch (tag) {
  case GASP_C_FUNC:
    return &sig_funcsig;
  case GASP_C_MALLOC:
    return end ? &sig_malloc_e : &sig_malloc_s;
  case GASP_C_REALLOC:
    return end ? &sig_realloc_e : &sig_realloc_s;
  case GASP_C_FREE:
    return &sig_cfree;
  case GASP_UPC_COLLECTIVE_EXIT:
  case GASP_UPC_NONCOLLECTIVE_EXIT:
    return &sig_status;
  case GASP_UPC_NOTIFY:
  case GASP_UPC_WAIT:
  case GASP_UPC_BARRIER:
    return &sig_sync;
  case GASP_UPC_FENCE:
  case GASP_UPC_FORALL:
    return &sig_none;
  case GASP_UPC_GLOBAL_ALLOC:
  case GASP_UPC_ALL_ALLOC:
    return end ? &sig_galloc_e : &sig_galloc_s;
  case GASP_UPC_ALLOC:
    return end ? &sig_alloc_e : &sig_alloc_s;
  case GASP_UPC_FREE:
  case GASP_UPCI_ALL_FREE:
    return &sig_free;
  case GASP_UPC_GLOBAL_LOCK_ALLOC:
  case GASP_UPC_ALL_LOCK_ALLOC:
    return end ? &sig_lck : &sig_none;
  case GASP_UPC_LOCK_FREE:
  case GASP_UPCI_ALL_LOCK_FREE:
  case GASP_UPC_LOCK:
  case GASP_UPC_UNLOCK:
    return &sig_lck;
  case GASP_UPC_LOCK_ATTEMPT:
    return end ? &sig_lock_attempt_e : &sig_lck;
  case GASP_UPC_MEMCPY:
    return &sig_memcpy;
  case GASP_UPC_MEMGET:
    return &sig_memget;
  case GASP_UPC_MEMPUT:
    return &sig_memput;
  case GASP_UPC_MEMSET:
    return &sig_memset;
  case GASP_UPC_GET:
    return &sig_get;
  case GASP_UPC_PUT:
    return &sig_put;
  case GASP_UPC_ALL_BROADCAST:
  case GASP_UPC_ALL_SCATTER:
  case GASP_UPC_ALL_GATHER:
  case GASP_UPC_ALL_GATHER_ALL:
  case GASP_UPC_ALL_EXCHANGE:
    return &sig_coll;
  case GASP_UPC_ALL_PERMUTE:
    return &sig_permute;
  case GASP_UPC_ALL_REDUCE:
  case GASP_UPC_ALL_PREFIX_REDUCE:
    return &sig_reduce;
  case GASP_UPC_NB_GET_INIT:
    return end ? &sig_nb_get_e : &sig_nb_get_s;
  case GASP_UPC_NB_PUT_INIT:
    return end ? &sig_nb_put_e : &sig_nb_put_s;
  case GASP_UPCI_NB_MEMCPY_INIT:
    return end ? &sig_nb_memcpy_e : &sig_memcpy;
  case GASP_UPCI_NB_MEMSET_INIT:
    return end ? &sig_nb_memset_e : &sig_memset;
  case GASP_UPC_NB_SYNC:
    return &sig_nb_sync;
  case GASP_UPCI_NB_SYNC_ATTEMPT:
    return end ? &sig_nb_attempt_e : &sig_nb_sync;
  case GASP_UPC_ATOMIC_DOMAIN_ALLOC:
    return end ? &sig_domain_e : &sig_domain_s;
  case GASP_UPC_ATOMIC_DOMAIN_FREE:
    return &sig_domain;
  case GASP_UPC_ATOMIC:
    return &sig_atomic;
  default:
    return NULL;
  }
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
  case GASP_C_FUNC:
    return UPCGT_CAT_FUNCTION;
  case GASP_C_MALLOC:
  case GASP_C_REALLOC:
  case GASP_C_FREE:
    return UPCGT_CAT_C_MEMORY;
  case GASP_UPC_COLLECTIVE_EXIT:
  case GASP_UPC_NONCOLLECTIVE_EXIT:
    return UPCGT_CAT_EXIT;
  case GASP_UPC_NOTIFY:
  case GASP_UPC_WAIT:
  case GASP_UPC_BARRIER:
  case GASP_UPC_FENCE:
    return UPCGT_CAT_SYNC;
  case GASP_UPC_FORALL:
    return UPCGT_CAT_WORK_SHARING;
  case GASP_UPC_LOCK:
  case GASP_UPC_LOCK_ATTEMPT:
  case GASP_UPC_UNLOCK:
    return UPCGT_CAT_LOCK;
  case GASP_UPC_MEMCPY:
  case GASP_UPC_MEMGET:
  case GASP_UPC_MEMPUT:
  case GASP_UPC_MEMSET:
  case GASP_UPC_GET:
  case GASP_UPC_PUT:
  case GASP_UPC_NB_GET_INIT:
  case GASP_UPC_NB_PUT_INIT:
  case GASP_UPCI_NB_MEMCPY_INIT:
  case GASP_UPCI_NB_MEMSET_INIT:
  case GASP_UPC_NB_SYNC:
  case GASP_UPCI_NB_SYNC_ATTEMPT:
  case GASP_UPC_ATOMIC:
    return UPCGT_CAT_DATA;
  default:
    break;
  }
  /* The event tables group events by their top byte (gasp_upc.h). */
  if ((tag & 0xFF000000u) == 0x05000000u || tag == GASP_UPCI_ALL_FREE ||
      tag == GASP_UPCI_ALL_LOCK_FREE)
    return UPCGT_CAT_MEMORY;
  if ((tag & 0xFF000000u) == 0x08000000u)
    return UPCGT_CAT_COLLECTIVE;
  return UPCGT_CAT_OTHER;
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
